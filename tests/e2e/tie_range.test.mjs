// The tie range in the page: two runs against one qrels, one with tied
// scores. Every number below is worked by hand from the definitions:
// q1 judges a (1), b (0), c (2), d (0), so R = 2; q2 judges x (1), y (0).
// bm25.run ties a with b and c with d on q1, x with y on q2; trec_eval's
// order (docid descending) ranks b a d c and y x: AP 0.5 and 0.5, mean 0.5.
// Best orders: a b c d gives (1 + 2/3) / 2 = 0.8333, x y gives 1: mean
// 0.9167. dense.run has no ties: q1 a b c gives 0.8333, q2 y x 0.5, mean
// 0.6667, so the two can come out either way round on AP.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHOTS, cell, open, showTab, useBrowser } from './harness.mjs';

const env = useBrowser();

const QRELS = 'q1 0 a 1\nq1 0 b 0\nq1 0 c 2\nq1 0 d 0\nq2 0 x 1\nq2 0 y 0\n';
const TIED = 'q1 Q0 a 1 1.0 bm25\nq1 Q0 b 2 1.0 bm25\nq1 Q0 c 3 0.5 bm25\nq1 Q0 d 4 0.5 bm25\nq2 Q0 x 1 3 bm25\nq2 Q0 y 2 3 bm25\n';
const UNTIED = 'q1 Q0 a 1 3 dense\nq1 Q0 b 2 2 dense\nq1 Q0 c 3 1 dense\nq2 Q0 y 1 3 dense\nq2 Q0 x 2 2 dense\n';

async function files() {
  const dir = mkdtempSync(join(tmpdir(), 'ranklab-ties-'));
  const paths = [join(dir, 'ties.qrels'), join(dir, 'bm25.run'), join(dir, 'dense.run')];
  await Promise.all([QRELS, TIED, UNTIED].map((t, i) => writeFile(paths[i], t)));
  return paths;
}

test('values that depend on tie order show their range, flips and best and worst orders', async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 900 });
  // The demo's typed rankings have no ties: nothing extra is shown.
  await cell(page, 'BM25', 'AP').waitFor({ timeout: 15000 });
  assert.equal(await page.getByTestId('tie-mark').count(), 0);
  assert.equal(await page.getByTestId('tie-range').count(), 0);

  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles(await files());
  await cell(page, 'bm25', 'AP').waitFor({ timeout: 15000 });
  assert.equal(await cell(page, 'bm25', 'AP').textContent(), '0.5000');
  // The tied run's AP is marked; the untied run's values are not.
  const mark = page.locator('[data-testid="results"] td[data-system="bm25"][data-measure="AP"] [data-testid="tie-mark"]');
  assert.equal(await mark.getAttribute('aria-label'), 'depends on tie order: 0.5000 to 0.9167');
  assert.equal(await page.locator('[data-testid="results"] td[data-system="dense"] [data-testid="tie-mark"]').count(), 0);
  assert.match(await page.getByTestId('results-caption').textContent(), /↕: the value depends on the order of tied documents/);

  await mark.click();
  const panel = page.getByTestId('tie-range');
  await panel.waitFor();
  const meanCell = panel.locator('td[data-tie-system="bm25"][data-tie-measure="AP"]');
  assert.equal(Number(await meanCell.getAttribute('data-min')), 0.5);
  assert.ok(Math.abs(Number(await meanCell.getAttribute('data-max')) - (0.5 * (5 / 6) + 0.5)) < 1e-12);
  assert.match(await meanCell.textContent(), /0\.5000\s*0\.5000 to 0\.9167/);
  // P@10 takes every document whatever the order: no column for it.
  assert.equal(await panel.locator('td[data-tie-measure="P@10"]').count(), 0);
  // ... and the panel says so, with R@10 (both relevant documents of q1
  // and the one of q2 are in every order's top 10).
  assert.equal(await panel.getByTestId('tie-unmoved').textContent(),
    'P@10 and R@10 have one mean whatever the order of tied documents: no column for them.');
  const flips = await panel.getByTestId('tie-flips').textContent();
  assert.match(flips, /AP: bm25 \(0\.5000, 0\.5000 to 0\.9167\) and dense \(0\.6667\) can come out either way round\./);
  await page.screenshot({ path: join(SHOTS, 'tie-range.png'), fullPage: false });
  await panel.screenshot({ path: join(SHOTS, 'tie-range-panel.png') });

  // The chart's data: AP's q1 and q2, each for both runs; bm25's ranges, dense's points.
  await panel.getByTestId('tie-chart-measure').selectOption({ label: 'AP' });
  const rows = await panel.getByTestId('tie-chart').locator('tbody tr').allTextContents();
  assert.deepEqual(rows.map((r) => r.replace(/\s+/g, ' ').trim()).sort(), [
    'bm25q10.50000.50000.8333', 'bm25q20.50000.50001.0000',
    'denseq10.83330.83330.8333', 'denseq20.50000.50000.5000',
  ]);
  assert.match(await panel.getByTestId('tie-chart').locator('svg').innerHTML(), /AP per query: as ranked \(bar\), over tie orders \(whisker\)/);
  // Which queries are drawn, and why.
  assert.equal(await panel.getByTestId('tie-chart-which').textContent(),
    'Drawn: the 2 of 2 queries whose AP changes with the order of tied documents.');

  // A widest query opens its calculation with the best and worst orders.
  await panel.getByTestId('tie-query').filter({ hasText: 'bm25, query q2' }).first().click();
  const orders = page.getByTestId('tie-orders');
  await orders.waitFor();
  assert.match(await page.locator('#explanation-title').textContent(), /bm25, query q2/);
  const range = orders.getByTestId('tie-orders-range');
  assert.ok(['0.5', '1'].includes(await range.getAttribute('data-min')) && ['0.5', '1'].includes(await range.getAttribute('data-max')));
  // RR is the first measure: q2's RR runs from 1/2 (y first) to 1 (x first).
  assert.equal(await orders.getByTestId('tie-lowest').textContent(), 'Lowest (0.5000): [0 1]');
  assert.equal(await orders.getByTestId('tie-highest').textContent(), 'Highest (1.0000): [1 0]');
  await orders.screenshot({ path: join(SHOTS, 'tie-orders.png') });

  // The exports carry the ranges: the results CSV gains AP_tie_min and AP_tie_max.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const csv = (await readFile(await download.path(), 'utf8')).trim().split('\n').map((l) => l.split(','));
  const header = csv[0];
  const row = csv.find((r) => r[0] === 'bm25');
  assert.equal(row[header.indexOf('AP_tie_min')], '0.5');
  assert.ok(Math.abs(Number(row[header.indexOf('AP_tie_max')]) - 0.9166666666666667) < 1e-15);
  assert.ok(Math.abs(Number(csv.find((r) => r[0] === 'dense')[header.indexOf('AP_tie_max')]) - 2 / 3) < 1e-15);

  assert.deepEqual(seen.errors, []);
  assert.deepEqual(seen.foreign, []);
  await context.close();
});

// On a phone the per-query chart is drawn at the section's width, as the
// charts panel's are: a wide drawing scaled down shrank its text to 7 px.
test('on a phone the tie range chart is drawn at its width, no text under 11 px', async () => {
  const { context, page, seen } = await open(env, { width: 390, height: 844, touch: true });
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles(await files());
  const svg = page.getByTestId('tie-chart').locator('svg');
  await svg.waitFor({ timeout: 15000 });
  await page.waitForTimeout(200);
  const { drawn, shown, smallest } = await svg.evaluate((el) => {
    const drawn = el.viewBox?.baseVal?.width || el.width.baseVal.value;
    const shown = el.getBoundingClientRect().width;
    const sizes = [...el.querySelectorAll('text')].map((t) => parseFloat(t.getAttribute('font-size') || getComputedStyle(t).fontSize) * shown / drawn);
    return { drawn, shown, smallest: Math.min(...sizes) };
  });
  assert.ok(drawn <= 400, `drawn ${drawn} px wide, shown ${shown} px`);
  assert.ok(smallest >= 11, `smallest text ${smallest.toFixed(1)} px`);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test("a query's ranking underlines each group of equal scores and names its ranks", async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 800 });
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles(await files());
  await cell(page, 'bm25', 'AP').waitFor({ timeout: 15000 });
  const table = page.getByTestId('per-query');
  await table.locator('tbody tr', { hasText: 'q1' }).first().getByTestId('query-toggle').click();
  // bm25 on q1: b a at 1.0 and d c at 0.5, in trec_eval's order (docid
  // descending): grades 0 1, then 0 2, each pair a group.
  const bm25 = page.locator('[data-testid="ranking"][data-system="bm25"]');
  await bm25.waitFor();
  const groups = await bm25.getByTestId('tie-group').evaluateAll((gs) => gs.map((g) => [...g.querySelectorAll('.chip')].map((c) => c.textContent)));
  assert.deepEqual(groups, [['0', '1'], ['0', '2']]);
  assert.equal(await bm25.getByTestId('tie-words').innerText(), 'Equal scores (underlined together) at ranks 1 to 2 and 3 to 4.');
  assert.equal(await bm25.getByTestId('tie-group').first().getAttribute('title'), "Ranks 1 to 2: equal scores, in the tie convention's order");
  // The underline is drawn, in the accent colour.
  const line = await bm25.getByTestId('tie-group').first().evaluate((g) => getComputedStyle(g).borderBottomWidth);
  assert.equal(line, '3px');
  // dense has no equal scores: no group, no words.
  const dense = page.locator('[data-testid="ranking"][data-system="dense"]');
  assert.equal(await dense.getByTestId('tie-group').count(), 0);
  assert.equal(await dense.getByTestId('tie-words').count(), 0);
  assert.deepEqual(await dense.locator('.chip').allTextContents(), ['1', '0', '2']);
  await page.locator('[data-testid="ranking"]').first().screenshot({ path: join(SHOTS, 'tie-groups-ranking.png') });
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test("a big run's workers give each query's groups of equal scores too", async () => {
  // Over 8 MiB: the workers read it. Q00000 ranks D1 at 5, D2 D3 D4 at 4
  // and D5 D6 at 3; docid descending orders them D1 D4 D3 D2 D6 D5, so
  // ranks 2 to 4 and 5 to 6 are groups. Every other score differs.
  const lines = ['Q00000 Q0 D1 1 5 big', 'Q00000 Q0 D2 2 4 big', 'Q00000 Q0 D3 3 4 big', 'Q00000 Q0 D4 4 4 big',
    'Q00000 Q0 D5 5 3 big', 'Q00000 Q0 D6 6 3 big'];
  const qrels = ['Q00000 0 D1 1', 'Q00000 0 D3 1'];
  for (let q = 1; q < 4000; q++) {
    const qid = `Q${String(q).padStart(5, '0')}`;
    qrels.push(`${qid} 0 D7 1`);
    for (let r = 1; r <= 100; r++) lines.push(`${qid} Q0 D${r} ${r} ${(1000 - r) / 10} big`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'ranklab-big-ties-'));
  const [qrelsPath, runPath] = [join(dir, 'big.qrels'), join(dir, 'big.run')];
  await writeFile(qrelsPath, qrels.join('\n') + '\n');
  await writeFile(runPath, lines.join('\n') + '\n');
  assert.ok(lines.join('\n').length > 8 * 2 ** 20, 'over the size the workers read');
  const { context, page, seen } = await open(env, { width: 1280, height: 800 });
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles([qrelsPath, runPath]);
  await cell(page, 'big', 'AP').waitFor({ timeout: 60000 });
  assert.ok(workers.some((u) => /worker/.test(u)), `workers started: ${workers}`);
  await page.getByTestId('per-query').locator('tbody tr', { hasText: 'Q00000' }).first().getByTestId('query-toggle').click();
  const ranking = page.locator('[data-testid="ranking"][data-system="big"]');
  await ranking.waitFor();
  // Grades in rank order: D1 1, then D4 D3 D2 (only D3 judged: ? 1 ?),
  // then D6 D5 (not judged).
  const groups = await ranking.getByTestId('tie-group').evaluateAll((gs) => gs.map((g) => [...g.querySelectorAll('.chip')].map((c) => c.textContent)));
  assert.deepEqual(groups, [['?', '1', '?'], ['?', '?']]);
  assert.equal(await ranking.getByTestId('tie-words').innerText(), 'Equal scores (underlined together) at ranks 2 to 4 and 5 to 6.');
  assert.deepEqual(seen.errors, []);
  await context.close();
});
