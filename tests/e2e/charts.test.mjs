// Every chart renders in the page with its labels and data table, light and
// dark; the SVG download is a well-formed SVG; values in a data table are
// checked by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SHOTS, cell, loadCase, open, setQuickText, useBrowser } from './harness.mjs';

const env = useBrowser();
const KINDS = {
  'chart-comparison': ['Systems per measure', '95% t interval', 'BM25 + reranker'],
  'chart-ranks': ['Rank of each system under each measure', 'Rank'],
  'chart-curves': ['nDCG@k for k = 1 to 10', 'Cutoff k'],
  'chart-distribution': ['Per-query RR (line: mean)', 'RR per query'],
  'chart-scatter': ['RR per query: BM25 vs BM25 + reranker', 'BM25 better'],
  'chart-discounts': ['Weight of each rank', '1/log2(r+1) (nDCG)', 'ERR P(stop), BM25 q1'],
  'chart-gains': ['Gain of each grade (scale 0 to 3)', 'exponential 2^g − 1'],
};

for (const [width, scheme] of [[1280, 'light'], [1280, 'dark'], [390, 'light'], [390, 'dark']]) {
  test(`every chart draws (${width} px, ${scheme})`, async () => {
    const context = await env.browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(env.server.url);
    await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
    const charts = page.getByTestId('charts');
    for (const [button, labels] of Object.entries(KINDS)) {
      await charts.getByTestId(button).click();
      const svg = await charts.locator('figure svg').innerHTML();
      const caption = await charts.locator('figure figcaption').textContent();
      // A long legend label wraps onto two text lines: read the drawn text without its breaks.
      const drawn = (await charts.locator('figure svg text').allTextContents()).join('').replace(/\s+/g, '');
      for (const l of labels) {
        const whole = svg.includes(l.replace('&', '&amp;')) || drawn.includes(l.replace(/\s+/g, ''));
        // On a phone a long legend label is shortened ("…"); the data table under the chart has it whole.
        const shortened = width < 560 && drawn.includes(l.replace(/\s+/g, '').slice(0, 5)) && svg.includes('…') && caption.includes(l);
        assert.ok(whole || shortened, `${button}: missing ${l}`);
      }
      assert.ok(svg.includes(scheme === 'dark' ? '#202227' : '#FFFFFF'), `${button}: ${scheme} background`);
      // Text as a person sees it: the drawn font size times the scale the
      // page shows the SVG at. Charts are drawn at the panel's width, and
      // a 14 px label at 12.6 px (plotters' SVG writer had written it
      // 11.3 px): none smaller, on a phone either.
      const smallest = await charts.locator('figure svg').evaluate((el) => {
        const drawn = el.viewBox?.baseVal?.width || el.width.baseVal.value;
        const scale = el.getBoundingClientRect().width / drawn;
        const sizes = [...el.querySelectorAll('text')].map((t) => parseFloat(t.getAttribute('font-size') || getComputedStyle(t).fontSize) * scale);
        return Math.min(...sizes);
      });
      assert.ok(smallest >= 12.5, `${button} at ${width} px: smallest text ${smallest.toFixed(1)} px`);
      await charts.scrollIntoViewIfNeeded();
      await charts.screenshot({ path: join(SHOTS, `${button}-${width}-${scheme}.png`) });
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the gains chart marks each grade with a point and labels each grade once', async () => {
  const { page, context } = await open(env);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  const charts = page.getByTestId('charts');
  await charts.getByTestId('chart-gains').click();
  const svg = charts.locator('figure svg');
  // Grades 0..3, two gain curves: 4 circles and 4 triangles, nothing drawn
  // between grades; the legend's entries are the same shapes, one each.
  assert.equal(await svg.locator('circle').count(), 4 + 1);
  assert.equal(await svg.locator('polygon').count(), 4 + 1);
  assert.equal(await svg.locator('rect').count(), 1, 'the background alone: no box in the legend');
  const ticks = (await svg.locator('text').allTextContents()).map((t) => t.trim()).filter((t) => /^\d+$/.test(t));
  assert.deepEqual(ticks, ['0', '1', '2', '3']);
  await context.close();
});

test('the rank chart\'s data table gives ranks as whole numbers, best first', async () => {
  const { page, context } = await open(env);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  const charts = page.getByTestId('charts');
  await charts.getByTestId('chart-ranks').click();
  await charts.locator('details.chart-data summary').click();
  const table = charts.getByTestId('chart-data');
  const headers = (await table.locator('thead th').allTextContents()).map((t) => t.trim()).slice(1);
  const names = (await table.locator('tbody th').allTextContents()).map((t) => t.trim());
  // The demo's three systems under each measure: each system's rank is 1
  // plus the number of systems whose mean in the results table is higher
  // (equal means share the better rank), printed as a rank, not "2.0000".
  assert.equal(names.length, 3);
  assert.ok(headers.length >= 4, `${headers.length} measures`);
  const rows = await table.locator('tbody tr').all();
  for (const [m, measure] of headers.entries()) {
    const means = [];
    for (const name of names) {
      const td = page.locator(`[data-testid="results"] td[data-system="${name}"][data-measure="${measure}"]`);
      means.push(Number(await td.getAttribute('data-value')));
    }
    for (const [s, row] of rows.entries()) {
      const rank = 1 + means.filter((x) => x > means[s] + 1e-12).length;
      assert.equal((await row.locator('td').nth(m).textContent()).trim(), String(rank), `${names[s]}, ${measure}`);
    }
  }
  await context.close();
});

test('P@k curve data by hand, and the SVG download', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(env.server.url);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  const charts = page.getByTestId('charts');
  await charts.getByTestId('chart-curves').click();
  await charts.getByTestId('chart-family').selectOption('P');
  await charts.locator('summary', { hasText: 'Data table' }).click();
  // BM25's rank-1 grades over q1..q6: 3 0 1 2 0 3 -> P@1 = 4/6.
  const row = charts.getByTestId('chart-data').locator('tr', { hasText: 'BM25' }).first();
  assert.equal(await row.locator('td').first().innerText(), '0.6667');
  await charts.screenshot({ path: join(SHOTS, 'chart-curves-390.png') });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  const [download] = await Promise.all([page.waitForEvent('download'), charts.getByTestId('save-svg').click()]);
  const svg = await readFile(await download.path(), 'utf8');
  // Drawn at the panel's width (390 px page), not scaled down from a desktop size.
  const m = svg.match(/^<svg width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) (\d+)" xmlns="http:\/\/www\.w3\.org\/2000\/svg">/);
  assert.ok(m, svg.slice(0, 120));
  assert.equal(m[1], m[3]);
  const panel = await page.getByTestId('charts').evaluate((el) => el.clientWidth);
  assert.equal(Number(m[1]), panel);
  assert.match(svg, /P@k for k = 1 to 10/);
  assert.match(svg.trim(), /<\/svg>$/);
  await context.close();
});

test('a bar and a point open their calculation; PNG download', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(env.server.url);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  const charts = page.getByTestId('charts');
  // The AP bar of the reranker system (measure 1).
  await charts.locator('rect[data-system="BM25 + reranker"][data-measure="1"]').click();
  const box = page.getByTestId('explanation');
  await box.waitFor();
  assert.match(await box.locator('h3').innerText(), /^AP = 0\.8016 for BM25 \+ reranker over 6 queries/);
  // A vs B: the point of q5 (BM25 RR 1/6 against the reranker's 1/2), opened with the keyboard.
  await charts.getByTestId('chart-scatter').click();
  const point = charts.locator('circle[data-query="q5"]');
  assert.match(await point.getAttribute('aria-label'), /q5: BM25 0\.1667, BM25 \+ reranker 0\.5000/);
  await point.focus();
  await page.keyboard.press('Enter');
  await box.getByTestId('steps').waitFor();
  assert.match(await box.locator('h3').innerText(), /^RR = 0\.1667 for BM25, query q5/);
  const [download] = await Promise.all([page.waitForEvent('download'), charts.getByTestId('save-png').click()]);
  const png = await readFile(await download.path());
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // IHDR width and height: twice the chart's drawn size.
  const drawn = await charts.locator('figure svg').evaluate((el) => [el.width.baseVal.value, el.height.baseVal.value]);
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], drawn.map((v) => 2 * v));
  await context.close();
});

test('article 004: the stopping probabilities drawn are the correct ones', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(env.server.url);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  await loadCase(page, '004-err');
  const charts = page.getByTestId('charts');
  await charts.getByTestId('chart-discounts').click();
  await charts.locator('summary', { hasText: 'Data table' }).click();
  const row = charts.getByTestId('chart-data').locator('tr', { hasText: 'ERR P(stop), A q1' });
  // 0.875, 0.046875, 0.068359375, 0.001220703125, 0 (the article prints 0.104 and 0.013 at ranks 3 and 4).
  assert.deepEqual((await row.locator('td').allInnerTexts()).slice(0, 5), ['0.8750', '0.0469', '0.0684', '0.0012', '0.0000']);
  await context.close();
});

test('a chart is one Tab stop; arrow keys move between its bars', async () => {
  const { page, context } = await open(env);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  const svg = page.getByTestId('charts').locator('figure svg');
  const marks = svg.locator('[role="button"]');
  // The charts are drawn a frame after the values: wait for them.
  await marks.first().waitFor();
  // 3 systems x 6 measures: 18 bars, one of them in the Tab order.
  assert.equal(await marks.count(), 18);
  assert.equal(await svg.locator('[role="button"][tabindex="0"]').count(), 1);
  await marks.first().focus();
  await page.keyboard.press('ArrowRight');
  const focused = await page.evaluate(() => [document.activeElement.getAttribute('data-system'), document.activeElement.getAttribute('data-measure'), document.activeElement.getAttribute('tabindex')]);
  // Bars are drawn measure by measure: the next one is RR of the second system, now the Tab stop.
  assert.deepEqual(focused, ['BM25 + reranker', '0', '0']);
  assert.equal(await svg.locator('[role="button"][tabindex="0"]').count(), 1);
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement === [...document.querySelectorAll('figure svg [role="button"]')].at(-1)), true);
  await page.keyboard.press('Enter');
  await page.getByTestId('explanation').waitFor();
  await context.close();
});

test('the per-query chart shows the per-query table\'s measure, and choosing in either moves both', async () => {
  const { page, context, seen } = await open(env);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  await page.getByTestId('pq-measure').selectOption({ label: 'AP' });
  const charts = page.getByTestId('charts');
  await charts.getByTestId('chart-distribution').click();
  const chartMeasure = charts.getByTestId('chart-measure');
  assert.equal(await chartMeasure.evaluate((s) => s.selectedOptions[0].textContent), 'AP');
  assert.match(await charts.locator('figure figcaption').textContent(), /Per-query AP in query order/);
  // Chosen under the chart: the table above follows.
  await chartMeasure.selectOption({ label: 'RR' });
  await page.locator('[data-testid="per-query"][data-measure="RR"]').waitFor();
  assert.equal(await page.getByTestId('pq-measure').evaluate((s) => s.selectedOptions[0].textContent), 'RR');
  assert.deepEqual(seen.errors, []);
  await context.close();
});

// A vs B with one system would draw it against itself ("STANDARD vs
// STANDARD", two legend entries "STANDARD better"): it says why not instead.
test('A vs B with one system says it needs two', async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 800 });
  await setQuickText(page, '[A]\nq1: R N\nq2: N R');
  await cell(page, 'A', 'RR').getByText('0.7500').waitFor();
  await page.getByTestId('chart-scatter').click();
  const error = page.getByTestId('charts').getByTestId('chart-error');
  assert.equal(await error.innerText(), 'This chart could not be drawn (A vs B compares two systems, and there is only one: add or load another); its data table follows.');
  assert.equal(await page.getByTestId('charts').locator('svg').count(), 0);
  assert.equal(await page.getByTestId('save-svg').count(), 0);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

// Queries sharing a value run into one line of points in the per-query
// strip: how many is written beside the line, or on it where the band has
// no room. A has RR 1 for 30 queries and 1/2 for 10; B 1/3 for 15 and 1 for
// 15 (by construction of the rankings below).
test('the per-query chart counts the queries that share a value', async () => {
  const lines = (system, groups) => [`[${system}]`, ...groups.flatMap(([n, ranking], g) =>
    Array.from({ length: n }, (_, i) => `q${g}${String(i).padStart(2, '0')}: ${ranking}`))];
  const text = [...lines('A', [[30, 'R N'], [10, 'N R']]), ...lines('B', [[15, 'N N R'], [15, 'R N']])].join('\n');
  for (const [width, shown] of [[390, ['×30', '×10', '×15', '×15']], [1280, ['×30']]]) {
    const { context, page, seen } = await open(env, { width, height: 800 });
    await setQuickText(page, text);
    await cell(page, 'A', 'RR').getByText('0.8750').waitFor();
    const charts = page.getByTestId('charts');
    await charts.getByTestId('chart-distribution').click();
    const drawn = (await charts.locator('figure svg text').allTextContents()).map((t) => t.trim());
    // At 1280 px a strip holds 10 or 15 points apart: only A's 30 run together.
    assert.deepEqual(drawn.filter((t) => t.startsWith('×')).sort(), shown.sort(), `${width} px: ${drawn}`);
    // Each count sits at its value: A's ×30 at the height of RR 1.
    const at = await charts.locator('figure svg text', { hasText: '×30' }).boundingBox();
    const one = await charts.locator('figure svg text', { hasText: /^\s*1\.0\s*$/ }).first().boundingBox();
    assert.ok(Math.abs(at.y + at.height / 2 - (one.y + one.height / 2)) < 3, `${width} px: ×30 at ${JSON.stringify(at)}, 1.0 at ${JSON.stringify(one)}`);
    assert.deepEqual(seen.errors, []);
    await context.close();
  }
});
