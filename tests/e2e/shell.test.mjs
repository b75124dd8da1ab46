// The calculator in a real headless Chromium: the demo on load, an article
// example from the menu with the article's values beside Ranklab's, typing
// a ranking, a located error that leaves other results alone, settings,
// the per-query table, persistence across reload, no request leaving
// 127.0.0.1, and phone width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, cell, loadCase, open, setQuickText, useBrowser } from './harness.mjs';

const env = useBrowser();

test('opens with the demo, and the article example shows stated and correct values', async () => {
  const { context, page, seen } = await open(env);
  // Demo, BM25: first relevant at ranks 1, 3, 1, 1, 6, 1 -> MRR (4 + 1/3 + 1/6)/6 = 0.75.
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  assert.equal(await cell(page, 'BM25', 'RR').innerText(), '0.7500');
  assert.equal(await page.getByTestId('warnings').count(), 0);
  await page.screenshot({ path: join(SHOTS, 'demo-1280.png'), fullPage: true });

  await loadCase(page, '000-004');
  // Article 004's MAP = 0.7073 by hand (the article prints 0.708); article 000: 5/12 and 13/24.
  await cell(page, 'MAP example (article 004)', 'AP').waitFor();
  assert.equal(await cell(page, 'MAP example (article 004)', 'AP').innerText(), '0.7073');
  assert.equal(await cell(page, 'MRR system A (article 000)', 'RR').innerText(), '0.4167');
  assert.equal(await cell(page, 'MRR system B (article 000)', 'RR').innerText(), '0.5417');
  const map = page.locator('[data-testid="case-check"][data-seed="s004_map"]');
  // The article rounded its steps: said so, not flagged as an error.
  assert.match(await map.innerText(), /0\.708\s+0\.7073\s+the article rounded its steps: see below/);
  assert.equal(await map.locator('td.near').count(), 1);
  assert.match(await page.getByTestId('case-note').innerText(), /0\.7073/);
  // Two articles' queries, named apart: the page says the means are over different queries.
  assert.match(await page.getByTestId('warnings').innerText(), /MAP example \(article 004\) has no queries that MRR system A \(article 000\) has \(000-q1, 000-q2, 000-q3, 000-q4\)/);
  // No "best" among means over different queries: nothing in bold, and the caption says why.
  assert.equal(await page.locator('[data-testid="results"] td.best').count(), 0);
  assert.match(await page.getByTestId('results-caption').innerText(), /No mean in bold: the systems' means are over different queries/);
  await page.screenshot({ path: join(SHOTS, 'case-000-004-1280.png'), fullPage: true });

  await loadCase(page, '004-err');
  const err = page.locator('[data-testid="case-check"][data-seed="s004_err"]');
  await err.waitFor();
  assert.match(await err.innerText(), /0\.936\s+0\.9215\s+differs/);
  assert.equal(await err.locator('td.differs').count(), 1, 'a wrong article value is flagged');
  assert.deepEqual(seen.foreign, [], 'requests left 127.0.0.1');
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('typing, located errors, settings and reload', async () => {
  const { context, page, seen } = await open(env);
  await setQuickText(page, '3 2 0 1 2');
  // Hand calculation: grades 3 2 0 1 2, ideal 3 2 2 1 0, linear gain:
  // nDCG = 0.96025 (article 002's note); AP over grade >= 1 = (1 + 1 + 3/4 + 4/5) / 4 = 0.8875.
  await cell(page, 'A', 'nDCG@10').getByText('0.9602').waitFor({ timeout: 5000 });
  assert.equal(await cell(page, 'A', 'AP').innerText(), '0.8875');
  assert.equal(await cell(page, 'A', 'RR').innerText(), '1.0000');
  assert.equal(Number(await cell(page, 'A', 'AP').getAttribute('data-value')), 0.8875);

  // A malformed second line: located error, first line still evaluated.
  const box = page.getByTestId('quick-input');
  await box.press('End');
  await box.pressSequentially('\nq2: 1 x 0');
  const err = page.getByTestId('errors');
  await err.waitFor();
  assert.match(await err.innerText(), /Line 2, column 7: expected a grade/);
  assert.equal(await cell(page, 'A', 'AP').innerText(), '0.8875');
  // The location is a button that selects the place in the text (offset 16 is the `x`).
  await err.getByTestId('locate').click();
  assert.deepEqual(await page.evaluate(() => {
    const a = document.activeElement;
    return [a.id, a.selectionStart, a.selectionEnd];
  }), ['quick-input', 16, 19]);
  await page.screenshot({ path: join(SHOTS, 'text-error-1280.png'), fullPage: true });
  // A letter typed for a digit is named: in many fonts O reads as 0.
  await setQuickText(page, '3 2 0 1 2\nq2: 1 O 0');
  await err.getByText('the letter O, not the digit 0').waitFor({ timeout: 5000 });
  assert.match(await err.innerText(), /Line 2, column 7: expected a grade[^]*, found O \(the letter O, not the digit 0\)/);
  await setQuickText(page, '3 2 0 1 2\nq2: 1 x 0');

  // Several cutoffs at once; exponential gain: nDCG(exp) of 3 2 0 1 2 = 0.96864 (article 002).
  await page.getByTestId('set-cutoffs').fill('2, 5');
  await cell(page, 'A', 'P@2').getByText('1.0000').waitFor({ timeout: 5000 });
  assert.equal(await cell(page, 'A', 'P@5').innerText(), '0.8000');
  await page.getByTestId('set-gain').selectOption('exp');
  await cell(page, 'A', "nDCG(dcg='exp-log2')@5").getByText('0.9686').waitFor({ timeout: 5000 });
  // A typed measure name, and a wrong one located in the field.
  await page.getByTestId('set-extra').fill('RBP(p=0.5,rel=1), nDCG@x');
  // RBP(p=0.5, binary) of 3 2 0 1 2: 0.5 * (1 + 0.5 + 0.125 + 0.0625) = 0.84375.
  await cell(page, 'A', 'RBP(p=0.5,rel=1)').waitFor({ timeout: 5000 });
  assert.equal(Number(await cell(page, 'A', 'RBP(p=0.5,rel=1)').getAttribute('data-value')), 0.84375);
  assert.match(await page.getByTestId('measure-problems').innerText(), /column 19: nDCG@x/);
  // A cutoff that does not read says so and keeps the last good one.
  await page.getByTestId('set-cutoffs').fill('2, 0');
  assert.match(await page.locator('#set-cutoffs-error').innerText(), /whole number from 1/);
  assert.equal(await cell(page, 'A', 'P@5').innerText(), '0.8000');
  await page.getByTestId('set-cutoffs').fill('2, 5');

  await page.reload();
  await page.getByTestId('quick-input').waitFor();
  assert.equal(await page.getByTestId('quick-input').inputValue(), '3 2 0 1 2\nq2: 1 x 0');
  assert.equal(await page.getByTestId('set-cutoffs').inputValue(), '2, 5');
  assert.equal(await page.getByTestId('set-extra').inputValue(), 'RBP(p=0.5,rel=1), nDCG@x');
  assert.equal(await cell(page, 'A', 'P@2').innerText(), '1.0000');
  assert.deepEqual(seen.foreign, [], 'requests left 127.0.0.1');
  await context.close();
});

test('per-query table sorts and shows a query\'s rankings on click', async () => {
  const { context, page } = await open(env);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  const table = page.getByTestId('per-query');
  await page.getByTestId('pq-measure').selectOption({ label: 'RR' });
  // A system column sorts best first; a second click, worst first: BM25's worst
  // query is q5 (first relevant at rank 6: RR 1/6).
  await table.getByRole('button', { name: 'BM25', exact: true }).click();
  assert.match(await table.locator('tbody tr').first().innerText(), /^q\d\s+1\.0000/);
  await table.getByRole('button', { name: 'BM25 ▼', exact: true }).click();
  const firstRow = table.locator('tbody tr').first();
  assert.match(await firstRow.innerText(), /^q5\s+0\.1667/);
  assert.equal(await table.locator('th[aria-sort="ascending"]').innerText(), 'BM25 ▲');
  await firstRow.getByTestId('query-toggle').click();
  const ranking = page.locator('[data-testid="ranking"][data-system="BM25"]');
  await ranking.waitFor();
  assert.match(await ranking.innerText(), /10 retrieved, 3 relevant judged, 2 of them retrieved/);
  await page.screenshot({ path: join(SHOTS, 'per-query-open-1280.png'), fullPage: true });
  await context.close();
});

test('phone width keeps everything reachable', async () => {
  const { context, page } = await open(env, { width: 390, height: 844 });
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  await page.screenshot({ path: join(SHOTS, 'demo-390.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  await context.close();
});
