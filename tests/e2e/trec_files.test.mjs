// TREC files in the browser: trec_eval's own test files through the file
// input give trec_eval's numbers (out.test); they survive a reload; a bad
// pasted run is located; files can be removed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT, SHOTS, useBrowser, watch } from './harness.mjs';

const SHARED = join(ROOT, '..', 'shared', 'trec_eval_tests');
const env = useBrowser();

const cell = (page, run, measure) =>
  page.locator(`[data-testid="trec-results"] td[data-system="${run}"][data-measure="${measure}"]`);

test('qrels.test and results.test give trec_eval out.test values, and survive a reload', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const seen = watch(page);
  await page.goto(env.server.url);
  await page.getByTestId('file-input').setInputFiles([join(SHARED, 'qrels.test'), join(SHARED, 'results.test')]);
  await cell(page, 'results.test', 'map').waitFor({ timeout: 15000 });
  // trec_eval prints map 0.1785, recip_rank 0.4064, P_10 0.3000 in out.test.
  assert.equal(await cell(page, 'results.test', 'map').innerText(), '0.1785');
  assert.equal(await cell(page, 'results.test', 'recip_rank').innerText(), '0.4064');
  assert.equal(await cell(page, 'results.test', 'P_10').innerText(), '0.3000');
  assert.equal(await cell(page, 'results.test', 'num_q').innerText(), '3');
  assert.match(await page.getByTestId('file-list').innerText(), /qrels\.test — qrels[\s\S]*results\.test — run/);
  await page.getByTestId('trec-results').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'trec-files-1280.png'), fullPage: true });

  await page.reload();
  await cell(page, 'results.test', 'map').waitFor({ timeout: 15000 });
  assert.equal(await cell(page, 'results.test', 'map').innerText(), '0.1785');
  assert.deepEqual(seen.foreign, [], 'requests left 127.0.0.1');
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('a pasted run with a bad score is located, and files can be removed', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(env.server.url);
  await page.getByTestId('paste-input').fill('301 Q0 FBIS3-10082 1 high STANDARD\n');
  await page.getByTestId('add-pasted').click();
  const errors = page.getByTestId('file-errors');
  await errors.waitFor();
  assert.match(await errors.innerText(), /pasted-1, line 1, column 22: expected a numeric score in field 5/);
  await page.getByRole('button', { name: 'Remove pasted-1' }).click();
  await page.getByTestId('file-list').waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('file-errors').count(), 0);
  await context.close();
});
