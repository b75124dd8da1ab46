// Clicking a value opens its worked calculation, computed by the core:
// article 004's ERR shows 0.9215 (the article's 0.936 is wrong) with the
// right stopping probabilities; article 003's ranking B as stated shows its
// own nDCG; a TREC run's AP shows the division by R.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, SHOTS, cell, loadCase, open, paste, showTab, useBrowser } from './harness.mjs';

const SHARED = join(ROOT, '..', 'shared', 'trec_eval_tests');
const env = useBrowser();

test('article 004 ERR: the worked calculation gives 0.9215', async () => {
  const { context, page, seen } = await open(env);
  await loadCase(page, '004-err');
  await cell(page, 'A', 'ERR(gmax=3)@5').click();
  const box = page.getByTestId('explanation');
  await box.waitFor();
  // A's one query: its working at once, not a table of one value.
  await box.getByTestId('steps').waitFor();
  assert.match(await box.locator('h3').innerText(), /= 0\.9215 for A, query q1/);
  assert.equal(await box.getByTestId('explain-query').count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'explanation');
  // P(stop at i): 0.875, 0.046875, 0.068359375, 0.001220703125, 0 (not the article's 0.104 and 0.013).
  const stops = await box.locator('tbody tr td:nth-child(5)').allInnerTexts();
  assert.deepEqual(stops, ['0.8750', '0.0469', '0.0684', '0.0012', '0.0000']);
  assert.match(await box.getByTestId('step-line').last().innerText(), /= 0\.9215\.$/);
  assert.match(await box.innerText(), /Maximum grade 3, as set/);
  await page.screenshot({ path: join(SHOTS, 'explain-err-1280.png'), fullPage: true });
  await box.getByTestId('close-explanation').click();
  await box.waitFor({ state: 'detached' });
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('article 003 nDCG of ranking B as stated, with the note on the article', async () => {
  const { context, page } = await open(env);
  await loadCase(page, '003-ndcg');
  assert.match(await page.getByTestId('case-note').innerText(), /lists ranking B as grades 2, 1, 3 but its table adds up 2, 3, 1/);
  await cell(page, 'B as stated', "nDCG(dcg='exp-log2')").click();
  const box = page.getByTestId('explanation');
  await box.getByTestId('steps').waitFor();
  // Grades 2 1 3, gains 3 1 7: DCG = 3 + 1/log2(3) + 7/2 = 7.1309; IDCG (3 2 1) = 7 + 3/log2 3 + 1/2 = 9.3928.
  const lines = await box.getByTestId('step-line').allInnerTexts();
  assert.match(lines[0], /^DCG = 3\.0000 \+ 0\.6309 \+ 3\.5000 = 7\.1309\.$/);
  assert.equal(lines[1], 'Ideal list (judged grades, best first): 3 2 1.');
  assert.match(lines[3], /^nDCG = 7\.1309 \/ 9\.3928 = 0\.7592\.$/);
  // The gain named is the one computed with (the measure's own, 2^grade - 1;
  // the Gain setting stays linear).
  const notes = await box.getByTestId('explanation-note').allInnerTexts();
  assert.ok(notes.includes('Gain = 2^grade − 1 (named in the measure; the Gain setting applies to measures that name none).'), notes.join(' | '));
  assert.equal(notes.filter((n) => /linear/.test(n)).length, 0, notes.join(' | '));
  await context.close();
});

test('a TREC run\'s per-query AP is explained from the files, keyboard included', async () => {
  const { context, page } = await open(env);
  await showTab(page, 'files');
  for (const name of ['qrels.test', 'results.test']) {
    await paste(page, 'paste-input', await readFile(join(SHARED, name), 'utf8'));
    await page.getByTestId('add-pasted').click();
  }
  await cell(page, 'STANDARD', 'AP').waitFor({ timeout: 15000 });
  await page.getByTestId('pq-measure').selectOption({ label: 'AP' });
  const value = page.locator('[data-testid="per-query"] td[data-system="STANDARD"][data-query="301"] button.value');
  await value.focus();
  await page.keyboard.press('Enter');
  const box = page.getByTestId('explanation');
  await box.getByTestId('steps').waitFor();
  // trec_eval's own per-query output for these files (out.test.aq).
  const expected = {};
  for (const line of (await readFile(join(SHARED, 'out.test.aq'), 'utf8')).split('\n')) {
    const [name, qid, value] = line.split('\t').map((f) => f.trim());
    if (qid === '301') expected[name] = value;
  }
  const last = await box.getByTestId('step-line').last().innerText();
  const m = last.match(/^R = (\d+): AP = ([\d.]+) \/ \d+ = ([\d.]+)\.$/);
  assert.ok(m, last);
  assert.equal(m[1], expected.num_rel);
  assert.equal(m[3], expected.map);
  assert.ok(Math.abs(Number(m[2]) / Number(m[1]) - Number(expected.map)) < 5e-5);
  assert.match(await box.innerText(), /Tied scores: Equal scores are ordered by docid descending/);
  await context.close();
});

test('Escape closes an explanation and the focus goes back to the value that opened it', async () => {
  const { page, context } = await open(env);
  const value = cell(page, 'BM25', 'AP');
  await value.waitFor({ timeout: 15000 });
  await value.focus();
  await page.keyboard.press('Enter');
  const box = page.getByTestId('explanation');
  await box.waitFor();
  assert.equal(await page.evaluate(() => document.activeElement.id), 'explanation');
  // Drilling down to a query inside keeps the first opener.
  await box.locator('tbody th button').first().click();
  await box.locator('h3').getByText(/query/).waitFor();
  await page.keyboard.press('Escape');
  await box.waitFor({ state: 'detached' });
  const focused = await page.evaluate(() => {
    const td = document.activeElement.closest('td');
    return td ? `${td.dataset.system} ${td.dataset.measure}` : document.activeElement.tagName;
  });
  assert.equal(focused, 'BM25 AP');
  // The close button does the same.
  await page.keyboard.press('Enter');
  await box.waitFor();
  await page.getByTestId('close-explanation').click();
  await box.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement.closest('td')?.dataset.measure), 'AP');
  await context.close();
});

test('a run file query is explained with docids and scores, and its whole ranking', async () => {
  const SHARED = join(ROOT, '..', 'shared', 'trec_eval_tests');
  const run = await readFile(join(SHARED, 'results.test'), 'utf8');
  // Query 302 by a plain sort: score descending, equal scores by docid descending (trec_eval).
  const lines = run.split('\n').map((l) => l.trim().split(/\s+/)).filter((f) => f.length === 6 && f[0] === '302')
    .map((f) => [f[2], Number(f[4])])
    .sort((a, b) => (b[1] - a[1]) || (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0));
  assert.equal(lines.length, 500);
  const { context, page } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles([join(SHARED, 'qrels.test'), join(SHARED, 'results.test')]);
  await cell(page, 'STANDARD', 'RR').waitFor({ timeout: 15000 });
  // The per-query drill-down offers the whole ranking past its first 100 ranks.
  const row = page.locator('[data-testid="per-query"] tbody tr', { hasText: '302' }).first();
  await row.getByTestId('query-toggle').click();
  // The boxes' key, with its shapes: a box a grade, ? not in the qrels.
  assert.match(await page.getByTestId('chips-key').innerText(), /^One box per ranked document, rank 1 first: its grade, highlighted from grade 1; \? not in the qrels; u in the qrels with a negative grade \(unjudged\)\.$/);
  await page.getByTestId('whole-ranking-open').first().click();
  const box = page.getByTestId('explanation');
  await box.getByTestId('steps').waitFor();
  assert.match(await box.locator('h3').innerText(), /for STANDARD, query 302/);
  const headers = await box.getByTestId('steps').locator('thead th').allInnerTexts();
  assert.deepEqual(headers.slice(0, 3), ['Rank', 'Docid', 'Score']);
  const first = await box.getByTestId('steps').locator('tbody tr').first().locator('td').allInnerTexts();
  assert.equal(first[1], lines[0][0]);
  const whole = box.getByTestId('whole-ranking');
  await whole.locator('summary').click();
  assert.match(await whole.locator('summary').innerText(), /500 documents/);
  const rows = whole.locator('tbody tr');
  assert.equal(await rows.count(), 500);
  const last = await rows.nth(499).locator('td').allInnerTexts();
  assert.equal(last[0], '500');
  assert.equal(last[1], lines[499][0]);
  assert.equal(Number(last[2]), lines[499][1]);
  await box.screenshot({ path: join(SHOTS, 'explain-file-docids.png') });
  await context.close();
});
