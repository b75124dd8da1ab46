// The single-file build opened from disk (file://): the app starts and
// computes with no request at all, and a big run (where no worker can
// start) is evaluated on the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mkdir, writeFile } from 'node:fs/promises';
import { ROOT, SHOTS, cell, loadCase, showTab, useBrowser, openDoor } from './harness.mjs';
import { corpus } from './big_corpus.mjs';

const env = useBrowser();
const FILE = join(ROOT, 'dist-single', 'ranklab.html');

test('ranklab.html works from file:// with no request', async () => {
  execFileSync('python3', [join(ROOT, 'scripts', 'single_file.py'), join(ROOT, 'dist'), FILE]);
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const requests = [];
  const errors = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const url = pathToFileURL(FILE).href;
  await page.goto(url);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 20000 });
  assert.equal(await cell(page, 'BM25', 'RR').innerText(), '0.7500');
  await loadCase(page, '004-map');
  await cell(page, 'A', 'AP').getByText('0.7073').waitFor();
  await page.screenshot({ path: join(SHOTS, 'single-file-1280.png') });
  // The workshop kit works from the stick too: an exercise of the example
  // set (RR of 0 0 1 0 1 = 1/3), and projector mode by its address.
  await openDoor(page, 'learn');
  await page.getByTestId('exercise-answer').fill('1/3');
  await page.getByTestId('exercise-check').click();
  assert.equal((await page.getByTestId('exercise-verdict').textContent()).trim(), 'Right: RR = 0.3333.');
  await page.goto(`${url}?projector`);
  await page.locator('.exercise-pane.projector').waitFor({ timeout: 20000 });
  // The page itself is the only request (data: URLs are not requests of the network).
  assert.deepEqual(requests.filter((r) => !r.startsWith('data:')), [url, `${url}?projector`]);
  assert.deepEqual(errors.filter((e) => !/IndexedDB|files not saved/.test(e)), []);
  await context.close();
});

test('from file://, a big run is evaluated on the page', async () => {
  const dir = join(ROOT, 'target', 'e2e', 'big-single');
  await mkdir(dir, { recursive: true });
  const data = corpus(400, 1000);
  assert.ok(data.run.length > 9e6, 'over the 8 MB line');
  await writeFile(join(dir, 'run.txt'), data.run);
  await writeFile(join(dir, 'qrels.txt'), data.qrels);
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  const url = pathToFileURL(FILE).href;
  await page.goto(url);
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles([join(dir, 'qrels.txt'), join(dir, 'run.txt')]);
  await cell(page, 'big', 'AP').waitFor({ timeout: 60000 });
  assert.ok(Math.abs(Number(await cell(page, 'big', 'AP').innerText()) - data.map) <= 5e-5);
  assert.ok(Math.abs(Number(await cell(page, 'big', 'RR').innerText()) - data.mrr) <= 5e-5);
  assert.deepEqual(requests.filter((r) => !r.startsWith('data:')), [url], 'no worker was fetched');
  await context.close();
});
