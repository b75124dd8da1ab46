// Offline, for real: after one visit the service worker has the whole app.
// The server is stopped (not only the browser's offline flag, which does not
// cut the service worker's own requests), then a reload, a second tab and
// the big-file worker must all still work. The service worker's list holds
// every file of dist/, and a new build's cache replaces the old one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { join, relative } from 'node:path';
import vm from 'node:vm';
import { DIST, ROOT, SHOTS, cell, open, serve, setQuickText, showTab, useBrowser } from './harness.mjs';
import { corpus } from './big_corpus.mjs';

const env = useBrowser();

/** The list and version that dist/sw-files.js gives the service worker. */
async function offlineList(dir) {
  const sandbox = { self: {} };
  vm.runInNewContext(await readFile(join(dir, 'sw-files.js'), 'utf8'), sandbox);
  // Through JSON: arrays made in another realm do not deep-equal this one's.
  return JSON.parse(JSON.stringify({ files: sandbox.self.RANKLAB_FILES, version: sandbox.self.RANKLAB_VERSION }));
}

/** Every file below `dir`, as paths relative to it. */
async function filesBelow(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)));
}

/** Waits until a service worker is active and controls the page. */
async function controlled(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
    }
  });
}

test('the service worker\'s list holds every file of dist/, and only those', async () => {
  const { files } = await offlineList(DIST);
  const listed = new Set(files);
  assert.ok(listed.has('./'), 'the directory URL itself (the page as first opened)');
  // sw.js is the worker itself and sw-files.js its import: the browser keeps both.
  const shipped = (await filesBelow(DIST)).filter((f) => f !== 'sw.js' && f !== 'sw-files.js');
  const missing = shipped.filter((f) => !listed.has(`./${f}`));
  assert.deepEqual(missing, [], 'files of dist/ the service worker would not keep');
  const stale = files.filter((f) => f !== './' && !shipped.includes(f.slice(2)));
  assert.deepEqual(stale, [], 'listed files that dist/ does not have (the install would fail)');
  for (const f of ['./index.html', './worker.js', './ranklab-worker.js', './ranklab-worker_bg.wasm']) {
    assert.ok(listed.has(f), f);
  }
});

test('with the server stopped: a reload, a second tab and the big-file worker all work', async () => {
  // A server of this test's own, stopped half-way.
  const server = await serve(DIST);
  const { context, page, seen } = await open(env, { url: server.url });
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  await controlled(page);
  await server.close();
  await context.setOffline(true);
  // The server is gone: nothing answers on its port.
  const direct = await fetch(server.url).then(() => 'answered', () => 'refused');
  assert.equal(direct, 'refused');

  await page.reload();
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  assert.equal(await cell(page, 'BM25', 'RR').innerText(), '0.7500');
  // Still computing: article 004's MAP example typed offline.
  await setQuickText(page, 'q1: R R N R R N R N R N\nq2: R N R N R N N R\nq3: N R R N R R');
  await cell(page, 'A', 'AP').getByText('0.7073').waitFor();

  // A second tab, opened with the server gone.
  const second = await context.newPage();
  const workerFiles = [];
  context.on('request', (r) => {
    if (/ranklab-worker(_bg\.wasm|\.js)$|\/worker\.js$/.test(r.url())) workerFiles.push(r);
  });
  const workers = [];
  second.on('worker', (w) => workers.push(w.url()));
  await second.goto(server.url);
  await second.locator('.page').waitFor({ timeout: 15000 });
  await cell(second, 'A', 'AP').getByText('0.7073').waitFor({ timeout: 15000 });

  // A run over 8 MB is evaluated by workers, whose files come from the cache.
  const dir = join(ROOT, 'target', 'e2e', 'offline');
  await mkdir(dir, { recursive: true });
  const big = corpus(400, 1000);
  assert.ok(big.run.length > 8.5e6, `${big.run.length} bytes`);
  await writeFile(join(dir, 'run.txt'), big.run);
  await writeFile(join(dir, 'qrels.txt'), big.qrels);
  await showTab(second, 'files');
  await second.getByTestId('file-input').setInputFiles([join(dir, 'qrels.txt'), join(dir, 'run.txt')]);
  await cell(second, 'big', 'AP').waitFor({ timeout: 60000 });
  assert.match(await second.getByTestId('file-list').innerText(), /run\.txt — TREC run, [\d.]+ MB \(read from disk in chunks\)/);
  assert.ok(Math.abs(Number(await cell(second, 'big', 'AP').innerText()) - big.map) <= 5e-5);
  assert.ok(workers.some((u) => u.endsWith('/worker.js')), `workers started: ${workers.join(', ')}`);
  // Each of the worker's files was answered, by the service worker (the server is gone).
  for (const name of ['worker.js', 'ranklab-worker.js', 'ranklab-worker_bg.wasm']) {
    const requests = workerFiles.filter((r) => r.url().endsWith(`/${name}`));
    assert.ok(requests.length > 0, `${name} was requested`);
    for (const r of requests) {
      const response = await r.response();
      assert.ok(response && response.status() === 200 && response.fromServiceWorker(), `${name} from the cache`);
    }
  }
  await second.screenshot({ path: join(SHOTS, 'offline-big-file-1280.png') });
  assert.deepEqual(seen.foreign, []);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('a new build replaces the old cache', async () => {
  // A copy of dist/ that is "built again": a changed page and the build's
  // own list step, which gives it a new version.
  const dir = join(ROOT, 'target', 'e2e', 'rebuilt');
  await rm(dir, { recursive: true, force: true });
  await cp(DIST, dir, { recursive: true });
  const server = await serve(dir);
  const { context, page } = await open(env, { url: server.url });
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  await controlled(page);
  const before = await offlineList(dir);
  assert.deepEqual(await page.evaluate(() => caches.keys()), [`ranklab-${before.version}`]);

  const index = join(dir, 'index.html');
  await writeFile(index, (await readFile(index, 'utf8')).replace('</body>', '<!-- build 2 --></body>'));
  execFileSync('python3', [join(ROOT, 'scripts', 'offline_files.py'), dir]);
  const after = await offlineList(dir);
  assert.notEqual(after.version, before.version);

  // The browser looks for a new service worker (as it does on a visit);
  // the new one installs its cache, takes over and deletes the old cache.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const changed = new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
    await registration.update();
    await changed;
  });
  // Activation deletes the old cache after the page has its new controller.
  const want = `ranklab-${after.version}`;
  for (let i = 0; i < 100 && (await page.evaluate(() => caches.keys())).join() !== want; i++) {
    await page.waitForTimeout(100);
  }
  assert.deepEqual(await page.evaluate(() => caches.keys()), [`ranklab-${after.version}`]);
  // With the server gone, the page comes from the new cache.
  await server.close();
  await context.setOffline(true);
  await page.reload();
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  const served = await page.evaluate(() => fetch('./').then((r) => r.text()));
  assert.match(served, /<!-- build 2 -->/);
  await context.close();
});
