// "Why do the tools disagree?": a relevant document tied with a
// non-relevant one gives RR 0.5 under trec_eval and 1 under ranx; the view
// marks the ranx value and names the tie order as the cause.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, cell, open, showTab, useBrowser } from './harness.mjs';

const env = useBrowser();

test('the tie convention is named as the cause of a trec_eval / ranx disagreement on RR', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('paste-input').fill('q1 0 a 1\nq1 0 b 0\n');
  await page.getByTestId('add-pasted').click();
  await page.getByTestId('paste-input').fill('q1 Q0 a 1 5 t\nq1 Q0 b 2 5 t\n');
  await page.getByTestId('add-pasted').click();
  await cell(page, 't', 'RR').waitFor({ timeout: 15000 });
  await page.getByTestId('compare').locator('summary').click();
  const table = page.getByTestId('compare-table');
  await table.waitFor();
  // It opens on the measure where the tools differ most (RR and AP both by
  // 1/2 here; nDCG@10 by 1 − 1/log2(3), ERR@10 by 1/4, P@10 and R@10 not at all).
  assert.match(await page.getByTestId('compare-summary').innerText(), /^Opened on RR: the tools differ most there, by up to 0\.5000/);
  assert.equal(await page.getByTestId('compare-measure').inputValue(), '0');
  // trec_eval orders the tie by docid descending (b first): RR 1/2. ranx keeps file order (a first): RR 1.
  const value = (preset) => table.locator(`tr[data-preset="${preset}"] td[data-system="pasted-2"]`);
  assert.equal(await value('trec_eval').getAttribute('data-value'), '0.5');
  assert.equal(await value('ranx').getAttribute('data-value'), '1');
  assert.match(await value('ranx').innerText(), /1\.0000 ≠/);
  assert.equal(await value('pytrec_eval').locator('button').count(), 0, 'pytrec_eval agrees with trec_eval');
  await value('ranx').locator('button').click();
  const detail = page.getByTestId('compare-detail');
  await detail.waitFor();
  const causes = await detail.getByTestId('compare-cause').allInnerTexts();
  assert.equal(causes.length, 1);
  assert.match(causes[0], /^tie order: file order \(cwl_eval, ranx\) instead of docid descending \(trec_eval\) \(mean 1\.0000\) changes 1 query: q1 0\.5000 → 1\.0000/);
  assert.match(await detail.innerText(), /ranx orders tied scores with numba's unstable argsort, so no tie convention matches it/);
  // Another measure can be chosen; where every tool agrees, no value is marked.
  await page.getByTestId('compare-measure').selectOption({ label: 'P@10' });
  await table.locator('tr[data-preset="ranx"] td[data-system="pasted-2"]').getByText('0.1000').waitFor();
  assert.equal(await table.getByTestId('compare-differs').count(), 0);
  assert.match(await page.getByTestId('compare-summary').innerText(), /^The tools differ most on RR\./);
  await page.getByTestId('compare-measure').selectOption({ label: 'RR' });
  await page.getByTestId('compare').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'compare-1280.png'), fullPage: true });
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('when every tool agrees, the view says so', async () => {
  const { context, page } = await open(env);
  await showTab(page, 'files');
  // No tie, nothing missing, every document judged: no convention matters.
  await page.getByTestId('paste-input').fill('q1 0 a 1\nq1 0 b 0\n');
  await page.getByTestId('add-pasted').click();
  await page.getByTestId('paste-input').fill('q1 Q0 a 1 5 t\nq1 Q0 b 2 4 t\n');
  await page.getByTestId('add-pasted').click();
  await cell(page, 't', 'RR').waitFor({ timeout: 15000 });
  await page.getByTestId('compare').locator('summary').click();
  await page.getByTestId('compare-table').waitFor();
  // ERR@10 differs: gdeval fixes the largest grade at 4 where the others take the data's (1).
  assert.match(await page.getByTestId('compare-summary').innerText(), /^Opened on ERR@10: the tools differ most there, by up to 0\.4375/);
  await page.getByTestId('family-ERR').uncheck();
  await page.getByTestId('compare-summary').getByText(/^Every tool gives/).waitFor();
  assert.match(await page.getByTestId('compare-summary').innerText(), /^Every tool gives every system the same means on every measure of the table/);
  assert.equal(await page.getByTestId('compare-differs').count(), 0);
  await context.close();
});
