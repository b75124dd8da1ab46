// The single-file build opened from disk (file://): the app starts and
// computes with no request at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, SHOTS, cell, loadCase, useBrowser } from './harness.mjs';

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
  // The page itself is the only request (data: URLs are not requests of the network).
  assert.deepEqual(requests.filter((r) => !r.startsWith('data:')), [url]);
  assert.deepEqual(errors.filter((e) => !/IndexedDB|files not saved/.test(e)), []);
  await context.close();
});
