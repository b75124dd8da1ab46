// Shared harness of the browser tests: a static server for dist/ on
// 127.0.0.1, Debian's Chromium through playwright-core, and a guard that
// records every request leaving 127.0.0.1.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { before, after } from 'node:test';
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';

export const ROOT = resolve(new URL('../..', import.meta.url).pathname);
// The built app: dist/, or RANKLAB_DIST (a copy built elsewhere).
export const DIST = process.env.RANKLAB_DIST || join(ROOT, 'dist');
export const SHOTS = join(ROOT, 'target', 'e2e');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves `dir` on 127.0.0.1 at a free port. */
export async function serve(dir = DIST) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(dir, path));
      if (!file.startsWith(dir)) throw new Error('outside');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  // close() also ends open keep-alive connections, so the server is gone at once.
  const close = () => new Promise((ok) => { server.close(ok); server.closeAllConnections(); });
  return { url: `http://127.0.0.1:${port}/`, close };
}

/** Launches Debian's Chromium headless, with no background networking. */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** Records requests to any host but 127.0.0.1 (and page errors) on `page`;
 * with `{ context: true }`, every request of its browser context too (the
 * frames of a docs page's calculators, their workers). */
export function watch(page, { context = false } = {}) {
  const foreign = [];
  const errors = [];
  const record = (r) => {
    const u = new URL(r.url());
    if (!['data:', 'blob:'].includes(u.protocol) && u.hostname !== '127.0.0.1') foreign.push(r.url());
  };
  page.on('request', record);
  if (context) page.context().on('request', record);
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return { foreign, errors };
}

/** The value shown in the results table for a system and measure. */
export function cell(page, system, measure) {
  const td = `[data-testid="results"] td[data-system="${system}"][data-measure="${measure}"]`;
  // The value itself (a cell may also hold significance marks and an interval).
  return page.locator(measure === 'num_q' ? td : `${td} .value`);
}

/** Registers before/after hooks that start the server and browser for a
 * test file; the returned object's `server` and `browser` are set once the
 * `before` hook has run. */
export function useBrowser() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await serve();
    env.browser = await launch();
    await mkdir(SHOTS, { recursive: true });
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/** For the benchmark scripts: serves `dir`, opens `hash` on it in a fresh
 * browser at 1280 x 900 and collects the page's errors; returns
 * { server, browser, context, page, errors }. */
export async function openBench(dir, hash = '', init = undefined, initArg = undefined) {
  const server = await serve(dir);
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  if (init) await page.addInitScript(init, initArg);
  await page.goto(server.url + hash);
  return { server, browser, context, page, errors };
}

/** Opens the app in a fresh context (as a touch phone when `touch`);
 * returns { context, page, seen }. With `workerPrelude`, worker.js is served
 * with that text before it (and no service worker, which would serve it
 * unchanged). */
export async function open(env, { width = 1280, height = 800, url, touch = false, workerPrelude } = {}) {
  const phone = touch ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {};
  const blockWorkers = workerPrelude === undefined ? {} : { serviceWorkers: 'block' };
  const context = await env.browser.newContext({ viewport: { width, height }, ...phone, ...blockWorkers });
  if (workerPrelude !== undefined) {
    await context.route('**/worker.js', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: workerPrelude + await response.text() });
    });
  }
  const page = await context.newPage();
  const seen = watch(page);
  await page.goto(url ?? env.server.url);
  await page.locator('.page').waitFor({ timeout: 15000 });
  return { context, page, seen };
}

/** Opens a door ('calculate', 'files' or 'learn') by its link, as a reader
 * does (the header's links, or the tab bar on a phone). */
export async function openDoor(page, door) {
  if (await page.locator(`.page.door-${door}`).count()) return;
  await page.locator(`[data-testid="door-${door}"]:visible`).first().click();
  await page.locator(`.page.door-${door}`).waitFor({ timeout: 15000 });
}

/** Shows an input: 'form' or 'text' (tabs of the calculate door), or
 * 'files' (the files door). */
export async function showTab(page, name) {
  if (name === 'files') return openDoor(page, 'files');
  await openDoor(page, 'calculate');
  await page.getByTestId(`tab-${name}`).click();
}

/** Replaces the quick text (through the Text tab). */
export async function setQuickText(page, text) {
  await showTab(page, 'text');
  await page.getByTestId('quick-input').fill(text);
}

/** Loads an example case by id, accepting the confirmation if asked. */
export async function loadCase(page, id) {
  // The learn door has its own gallery of examples (and none in the header).
  const [menu, load] = await page.locator('.page.door-learn').count()
    ? ['gallery-examples', 'gallery-examples-load'] : ['examples', 'load-case'];
  // On a phone the header's examples sit behind its menu button.
  if (!(await page.getByTestId(menu).isVisible()) && menu === 'examples') await page.getByTestId('header-menu').click();
  await page.getByTestId(menu).selectOption(id);
  const accept = (d) => d.accept();
  page.on('dialog', accept);
  await page.getByTestId(load).click();
  await page.waitForTimeout(50);
  page.off('dialog', accept);
}

/** Puts a long text into a text field at once, as a paste does (Playwright's
 * fill types it and takes seconds for tens of kilobytes). */
export async function paste(page, testid, text) {
  await page.getByTestId(testid).evaluate((el, value) => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}
