// The researcher's view: three TREC runs as a paper compares them. Every
// number is worked by hand from the definitions (AP over R relevant):
// q1 judges a (1), b (0), c (1), d (0); q2 x (1), y (0), z (0); q3 p (1), r (0).
// bm25 ranks a b c, y x, p r: AP 0.8333, 0.5, 1 (mean 0.7778); no ties.
// dense ranks c a then b and d tied (both non-relevant), x then y and z
// tied (both non-relevant), r p: AP 1, 1, 0.5 (mean 0.8333): ties that
// move no value.
// llmjudge scores integers: a = b, c = d on q1; x = y = z on q2; p over r.
// trec_eval's order (docid descending) gives b a d c: AP (1/2 + 2/4)/2 =
// 0.5 (best order a b c d: 0.8333), z y x: 1/3 (best 1), q3 1: mean
// 0.6111, over tie orders 0.6111 to (0.8333 + 1 + 1)/3 = 0.9444.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { readFile, writeFile, copyFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, SHOTS, cell, open, setQuickText, showTab, useBrowser } from './harness.mjs';

const env = useBrowser();

const QRELS = 'q1 0 a 1\nq1 0 b 0\nq1 0 c 1\nq1 0 d 0\nq2 0 x 1\nq2 0 y 0\nq2 0 z 0\nq3 0 p 1\nq3 0 r 0\n';
const RUNS = {
  'run.bm25.txt': 'q1 Q0 a 1 3 bm25\nq1 Q0 b 2 2 bm25\nq1 Q0 c 3 1 bm25\nq2 Q0 y 1 2 bm25\nq2 Q0 x 2 1 bm25\nq3 Q0 p 1 2 bm25\nq3 Q0 r 2 1 bm25\n',
  'run.dense.txt': 'q1 Q0 c 1 4 dense\nq1 Q0 a 2 3 dense\nq1 Q0 b 3 1 dense\nq1 Q0 d 4 1 dense\nq2 Q0 x 1 3 dense\nq2 Q0 y 2 1 dense\nq2 Q0 z 3 1 dense\nq3 Q0 r 1 2 dense\nq3 Q0 p 2 1 dense\n',
  'run.llmjudge.txt': 'q1 Q0 a 1 1 llmjudge\nq1 Q0 b 2 1 llmjudge\nq1 Q0 c 3 0 llmjudge\nq1 Q0 d 4 0 llmjudge\nq2 Q0 x 1 1 llmjudge\nq2 Q0 y 2 1 llmjudge\nq2 Q0 z 3 1 llmjudge\nq3 Q0 p 1 1 llmjudge\nq3 Q0 r 2 0 llmjudge\n',
};
const AP = { bm25: [5 / 6, 0.5, 1], dense: [1, 1, 0.5], llmjudge: [0.5, 1 / 3, 1] };
// t(0.975; 2 df), for the 95% t interval over 3 queries.
const T_975_2 = 4.302652729911275;

async function files(names) {
  const dir = mkdtempSync(join(tmpdir(), 'ranklab-researcher-'));
  const paths = [join(dir, 'qrels.txt')];
  await writeFile(paths[0], QRELS);
  for (const n of names) {
    paths.push(join(dir, n));
    await writeFile(join(dir, n), RUNS[n]);
  }
  return paths;
}

async function saved(page, testid) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  return readFile(await d.path(), 'utf8');
}

const f4 = (v) => v.toFixed(4);
const mean = (v) => v.reduce((a, b) => a + b, 0) / v.length;
function tInterval(v) {
  const m = mean(v);
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1));
  const half = T_975_2 * sd / Math.sqrt(v.length);
  return [m - half, m + half];
}

test('runs are named by their tags; the chart shows intervals and tie ranges the panels agree with; tie warnings only where ties matter', async () => {
  const { context, page, seen } = await open(env, { width: 1366, height: 768 });
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles(await files(Object.keys(RUNS)));
  await cell(page, 'llmjudge', 'AP').waitFor({ timeout: 15000 });
  for (const [run, ap] of Object.entries(AP)) {
    assert.equal(await cell(page, run, 'AP').innerText(), f4(mean(ap)), run);
    // The file name is the run's secondary label.
    const row = page.locator('[data-testid="results"] tbody tr', { has: page.locator(`td[data-system="${run}"]`) });
    assert.equal((await row.getByTestId('run-file').innerText()).trim(), `run.${run}.txt`);
  }
  // Tie warnings: llmjudge only (dense's ties move no value).
  const warnings = await page.getByTestId('warnings').innerText();
  assert.match(warnings, /llmjudge: equal scores in 2 of 3 queries/);
  assert.doesNotMatch(warnings, /(bm25|dense)[^\n]*equal scores/);
  assert.doesNotMatch(warnings, /run\.\w+\.txt/);

  // The tie panel names llmjudge's AP range; dense has no tie effect.
  const panel = page.getByTestId('tie-range');
  const tieCell = panel.locator('td[data-tie-system="llmjudge"][data-tie-measure="AP"]');
  const tieMin = Number(await tieCell.getAttribute('data-min'));
  const tieMax = Number(await tieCell.getAttribute('data-max'));
  assert.ok(Math.abs(tieMin - (0.5 + 1 / 3 + 1) / 3) < 1e-12 && Math.abs(tieMax - (5 / 6 + 2) / 3) < 1e-12, `${tieMin} ${tieMax}`);
  assert.match(await panel.locator('td[data-tie-system="dense"][data-tie-measure="AP"]').innerText(), /no tie effect/);

  // The chart: per measure, each system's mean, t interval and tie range.
  const charts = page.getByTestId('charts');
  await charts.getByTestId('chart-comparison').click();
  const svg = charts.locator('figure svg');
  const drawn = (await svg.locator('text').allTextContents()).join(' ');
  for (const label of ['Systems per measure', '95% t interval', 'lowest to highest over tie orders', 'AP', 'nDCG@10', 'bm25', 'dense', 'llmjudge']) {
    assert.ok(drawn.includes(label), `chart lacks ${label}`);
  }
  const smallest = await svg.evaluate((el) => {
    const scale = el.getBoundingClientRect().width / el.width.baseVal.value;
    return Math.min(...[...el.querySelectorAll('text')].map((t) => parseFloat(t.getAttribute('font-size')) * scale));
  });
  assert.ok(smallest >= 12.5, `smallest chart text ${smallest.toFixed(1)} px`);
  const row = (system, measure) => charts.locator(`tr[data-testid="chart-row"][data-system="${system}"][data-measure="${measure}"]`);
  // Tie marks: llmjudge's AP as the tie panel gives it; none for dense or bm25.
  assert.equal(Number(await row('llmjudge', 'AP').getAttribute('data-tie-min')), tieMin);
  assert.equal(Number(await row('llmjudge', 'AP').getAttribute('data-tie-max')), tieMax);
  assert.equal(await row('dense', 'AP').getAttribute('data-tie-min'), null);
  assert.equal(await row('bm25', 'AP').getAttribute('data-tie-max'), null);
  // Intervals: the statistics panel's t intervals of AP, and by hand.
  await page.getByTestId('stats-measure').selectOption({ label: 'AP' });
  for (const [run, ap] of Object.entries(AP)) {
    const lo = Number(await row(run, 'AP').getAttribute('data-lo'));
    const hi = Number(await row(run, 'AP').getAttribute('data-hi'));
    const shown = await page.getByTestId('stats-systems').locator(`tr[data-system="${run}"] [data-testid="t-interval"]`).innerText();
    assert.equal(shown, `[${f4(lo)}, ${f4(hi)}]`, run);
    const [hlo, hhi] = tInterval(ap);
    assert.ok(Math.abs(lo - hlo) < 1e-9 && Math.abs(hi - hhi) < 1e-9, `${run}: ${lo} ${hi} vs ${hlo} ${hhi}`);
  }
  // A mean's mark opens its calculation.
  await svg.locator('rect[data-system="llmjudge"][data-measure="1"]').click();
  assert.match(await page.getByTestId('explanation').locator('h3').innerText(), /^AP = 0\.6111 for llmjudge/);

  // Exports: LaTeX one column per measure, ranges only on request and
  // only for the run whose means tie order changes.
  const measures = (await page.locator('[data-testid="results"] thead th').allInnerTexts()).length - 2;
  let tex = await saved(page, 'export-tex');
  assert.ok(tex.includes(`\\begin{tabular}{l${'r'.repeat(measures + 1)}}`), tex);
  assert.doesNotMatch(tex, /_min|_max|\[0\./);
  assert.match(tex, /rounded to 4 decimals/);
  await page.getByTestId('export-tie-ranges').check();
  tex = await saved(page, 'export-tex');
  assert.ok(tex.includes(`\\begin{tabular}{l${'r'.repeat(measures + 1)}}`), tex);
  assert.match(tex.split('\n').find((l) => l.includes('llmjudge')), /0\.6111 \{\\small \[0\.6111, 0\.9444\]\}/);
  assert.doesNotMatch(tex.split('\n').find((l) => l.includes('dense &')), /\[/);
  await charts.screenshot({ path: join(SHOTS, 'researcher-chart-1366.png') });
  assert.deepEqual(seen.errors, []);
  assert.deepEqual(seen.foreign, []);
  await context.close();
});

test('runs without ties export without range columns; the CSV carries no summation noise', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles(await files(['run.bm25.txt', 'run.dense.txt']));
  await cell(page, 'dense', 'AP').waitFor({ timeout: 15000 });
  const measures = (await page.locator('[data-testid="results"] thead th').allInnerTexts()).length - 2;
  const tex = await saved(page, 'export-tex');
  const header = tex.split('\\toprule\n')[1].split(' \\\\')[0].split(' & ');
  assert.equal(header.length, measures + 2, header.join(' | '));
  assert.doesNotMatch(tex, /_min|_max|tie orders/);
  assert.equal(await page.getByTestId('export-tie-ranges').count(), 0, 'no tie range to ask for');
  assert.doesNotMatch(await saved(page, 'export-csv'), /_min|_max/);
  // P@10 of 0.6, 0.7, 0.7, 0.9 and 0.3: their mean, summed one by one,
  // is 0.6399999999999999; rounded once, 0.64.
  const q = (rel) => `${'R '.repeat(rel)}${'N '.repeat(10 - rel)}`.trim();
  await setQuickText(page, `[s]\n${[6, 7, 7, 9, 3].map((r, i) => `q${i}: ${q(r)}`).join('\n')}`);
  await cell(page, 's', 'P@10').getByText('0.6400').waitFor({ timeout: 15000 });
  const csv = (await saved(page, 'export-csv')).trim().split('\n').map((l) => l.split(','));
  const row = csv.find((r) => r[0] === 's');
  assert.equal(row[csv[0].indexOf('P@10')], '0.64');
  const json = JSON.parse(await saved(page, 'export-json'));
  assert.equal(JSON.stringify(json.systems.find((s) => s.name === 's').values['P@10']), '0.64');
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('an empty run is a system that retrieved nothing where missing queries score 0, as ir_measures scores it', async () => {
  // ir_measures' TestPytrecEval.test_empty: its qrels (queries 0 and 1)
  // against an empty run: P@5 0 for both queries.
  const qrels = '0 0 D0 0\n0 0 D1 1\n0 0 D2 1\n0 0 D3 2\n0 0 D4 0\n1 0 D0 1\n1 0 D3 2\n1 0 D5 2\n';
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles([
    { name: 'qrels.txt', mimeType: 'text/plain', buffer: Buffer.from(qrels) },
    { name: 'empty.run', mimeType: 'text/plain', buffer: Buffer.from('') },
  ]);
  // trec_eval's default leaves missing queries out: no query is left.
  const refused = page.getByTestId('refused-row');
  await refused.waitFor({ timeout: 15000 });
  assert.match(await refused.innerText(), /^empty\.run \(file\)\s+—\s+No numbers: the file has no result lines from line 1 on/);
  // ir_measures (and trec_eval -c) score them 0.
  await page.getByTestId('set-missing').selectOption('zero');
  await page.getByTestId('set-cutoffs').fill('5');
  await cell(page, 'empty.run', 'P@5').waitFor({ timeout: 15000 });
  assert.equal(await cell(page, 'empty.run', 'num_q').innerText(), '2');
  for (const m of ['RR', 'AP', 'P@5']) assert.equal(await cell(page, 'empty.run', m).innerText(), '0.0000', m);
  assert.match(await page.getByTestId('warnings').innerText(), /empty\.run has no result lines: it is evaluated as a system that retrieved nothing\./);
  assert.equal(await page.getByTestId('file-errors').count(), 0);
  // The per-query values: both of ir_measures' queries, 0.
  const pq = JSON.parse(await saved(page, 'export-pq-json'));
  assert.deepEqual(Object.keys(pq['empty.run']), ['0', '1']);
  assert.equal(pq['empty.run']['0']['P@5'], 0);
  assert.equal(pq['empty.run']['1']['P@5'], 0);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('the new chart at 1366x768 and 390x844, in colour and greyscale, for the README', async () => {
  await mkdir(join(ROOT, 'docs'), { recursive: true });
  for (const [width, height] of [[1366, 768], [390, 844]]) {
    const { context, page } = await open(env, { width, height });
    await showTab(page, 'files');
    await page.getByTestId('file-input').setInputFiles(await files(Object.keys(RUNS)));
    await cell(page, 'llmjudge', 'AP').waitFor({ timeout: 15000 });
    const charts = page.getByTestId('charts');
    await charts.getByTestId('chart-comparison').click();
    const figure = charts.locator('figure.chart');
    await figure.scrollIntoViewIfNeeded();
    // Nothing of the chart is cut at the screen's edge.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px at ${width}`);
    // A picture of the chart alone: the phone's bar of doors, fixed at the
    // screen's foot, lay over its last rows.
    await page.evaluate(() => document.querySelectorAll('.tab-bar').forEach((bar) => { bar.style.visibility = 'hidden'; }));
    const shot = join(SHOTS, `researcher-chart-${width}.png`);
    await figure.locator('svg').screenshot({ path: shot });
    await copyFile(shot, join(ROOT, 'docs', `researcher-chart-${width}.png`));
    await page.evaluate(() => { document.documentElement.style.filter = 'grayscale(1)'; });
    const grey = join(SHOTS, `researcher-chart-${width}-grey.png`);
    await figure.locator('svg').screenshot({ path: grey });
    await copyFile(grey, join(ROOT, 'docs', `researcher-chart-${width}-grey.png`));
    await context.close();
  }
});

test('the tie range table cues sideways scroll, and long lists show the first few', async () => {
  // Eight measures, every query tied: the tie table is wide and the widest
  // queries list long.
  const { context, page } = await open(env, { width: 1366, height: 768 });
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles(await files(['run.llmjudge.txt', 'run.bm25.txt']));
  await cell(page, 'llmjudge', 'AP').waitFor({ timeout: 15000 });
  await page.getByTestId('set-extra').fill('P@1, P@2, P@3, R@1, R@2, nDCG@3, nDCG@5, AP@2');
  await cell(page, 'llmjudge', 'AP@2').waitFor({ timeout: 15000 });
  const panel = page.getByTestId('tie-range');
  const box = panel.locator('.table-scroll').first();
  const hidden = await box.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  assert.equal(await panel.getByTestId('tie-scroll-cue').count(), hidden ? 1 : 0, 'the cue says what is hidden');
  const items = panel.getByTestId('tie-widest').locator('li');
  const all = panel.getByTestId('tie-widest-all');
  assert.equal(await items.count(), 5);
  const total = Number((await all.innerText()).match(/Show all (\d+)/)[1]);
  assert.ok(total > 5, `${total}`);
  await all.click();
  assert.equal(await items.count(), total);
  await context.close();
});

test('the measures and the chart a researcher chose come back after a reload', async () => {
  const { context, page, seen } = await open(env, { width: 1366, height: 768 });
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles(await files(Object.keys(RUNS)));
  await cell(page, 'llmjudge', 'AP').waitFor({ timeout: 15000 });
  const selects = ['pq-measure', 'stats-measure', 'tie-chart-measure'];
  const chosen = {};
  for (const id of selects) {
    const select = page.getByTestId(id);
    const options = await select.locator('option').evaluateAll((os) => os.map((o) => o.value));
    assert.ok(options.length > 1, `${id}: ${options}`);
    await select.selectOption(options[options.length - 1]);
    chosen[id] = [options[options.length - 1], await select.evaluate((s) => s.selectedOptions[0].textContent)];
  }
  await page.getByTestId('chart-distribution').click();
  await page.reload();
  await cell(page, 'llmjudge', 'AP').waitFor({ timeout: 15000 });
  for (const id of selects) {
    const select = page.getByTestId(id);
    assert.deepEqual([await select.inputValue(), await select.evaluate((s) => s.selectedOptions[0].textContent)], chosen[id], id);
  }
  assert.equal(await page.getByTestId('chart-distribution').getAttribute('aria-pressed'), 'true');
  // The per-query chart follows the table's measure, as before the reload.
  assert.equal(await page.getByTestId('chart-measure').inputValue(), chosen['pq-measure'][0]);
  // A mean's explanation gives its range over tie orders, as the table's
  // mark does: llmjudge's AP from (0.5 + 1/3 + 1)/3 to (5/6 + 1 + 1)/3.
  await cell(page, 'llmjudge', 'AP').click();
  const box = page.getByTestId('explanation');
  assert.match(await box.getByTestId('explain-tie-range').innerText(), /this mean goes from 0\.6111 to 0\.9444\.$/);
  await box.getByTestId('close-explanation').click();
  // dense's ties move no value: nothing to say.
  await cell(page, 'dense', 'AP').click();
  await box.getByTestId('steps').waitFor();
  assert.equal(await box.getByTestId('explain-tie-range').count(), 0);
  assert.deepEqual(seen.errors, []);
  await context.close();
});
