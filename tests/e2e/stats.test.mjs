// Statistics in the page: p-values and intervals equal scipy's on the
// values the page shows; significance marks; seeded tests give the same
// numbers after a reload; the time of 10,000 bootstrap resamples x 5
// systems x 200 queries x 4 measures is reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, SHOTS, cell, open, openDoor, paste, setQuickText, showTab, useBrowser } from './harness.mjs';

const env = useBrowser();
const PYTHON = join(process.env.RANKLAB_PEERS_VENV ?? join(ROOT, 'target', 'peers-venv'), 'bin', 'python');

/** scipy's paired t-test p and t interval of each system, for {system: [values]} paired by position. */
function scipy(series) {
  const code = `
import json, sys
from scipy import stats
import numpy as np
d = json.load(sys.stdin)
names = list(d)
out = {"p": {}, "t": {}}
for i, a in enumerate(names):
    v = np.array(d[a])
    out["t"][a] = list(stats.t.interval(0.95, len(v) - 1, loc=v.mean(), scale=stats.sem(v)))
    for b in names[i + 1:]:
        out["p"][a + "|" + b] = stats.ttest_rel(d[a], d[b]).pvalue
print(json.dumps(out))`;
  return JSON.parse(execFileSync(PYTHON, ['-c', code], { input: JSON.stringify(series) }).toString());
}

/** Per-query values of the chosen per-query measure, by system, in table order. */
async function perQuery(page, systems) {
  const out = {};
  for (const s of systems) {
    out[s] = (await page.locator(`[data-testid="per-query"] td[data-system="${s}"]`).evaluateAll(
      (tds) => tds.map((td) => Number(td.dataset.value))));
  }
  return out;
}

test('p-values and t intervals equal scipy on the values shown', async () => {
  const { context, page } = await open(env);
  await cell(page, 'BM25', 'AP').waitFor({ timeout: 15000 });
  await page.getByTestId('pq-measure').selectOption({ label: 'AP' });
  const systems = ['BM25', 'BM25 + reranker', 'Dense retriever'];
  const want = scipy(await perQuery(page, systems));
  // Statistics are in the files door, which compares the typed rankings too.
  await openDoor(page, 'files');
  await page.getByTestId('stats-measure').selectOption({ label: 'AP' });
  const pairs = await page.getByTestId('stats-pair').all();
  assert.equal(pairs.length, 3, 'every pair of the 3 systems is reported');
  assert.equal(Object.keys(want.p).length, 3);
  for (const pair of pairs) {
    const key = `${await pair.getAttribute('data-a')}|${await pair.getAttribute('data-b')}`;
    const p = Number(await pair.locator('td').nth(4).getAttribute('data-value'));
    assert.ok(Math.abs(p - want.p[key]) < 1e-9, `${key}: ${p} vs scipy ${want.p[key]}`);
  }
  await page.getByTestId('stats-interval').selectOption('t');
  for (const s of systems) {
    const iv = page.locator(`[data-testid="results"] td[data-system="${s}"][data-measure="AP"] .interval`);
    const [lo, hi] = [Number(await iv.getAttribute('data-lo')), Number(await iv.getAttribute('data-hi'))];
    assert.ok(Math.abs(lo - want.t[s][0]) < 1e-9 && Math.abs(hi - want.t[s][1]) < 1e-9, `${s}: [${lo}, ${hi}] vs ${want.t[s]}`);
  }
  assert.match(await page.getByTestId('results').locator('caption').innerText(),
    /paired t-test, Holm–Bonferroni, α = 0\.05\).*95% t interval/);
  // Markdown and LaTeX give the interval shown after each mean: scipy's, to 4 decimals.
  const saved = async (testid) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
    return readFile(await d.path(), 'utf8');
  };
  const md = await saved('export-md');
  const tex = await saved('export-tex');
  const apColumn = md.split('\n')[0].split('|').map((c) => c.trim()).indexOf('AP');
  for (const s of systems) {
    const [lo, hi] = want.t[s].map((v) => v.toFixed(4));
    const row = md.split('\n').find((l) => l.includes(`| ${s} |`) || l.includes(` ${s} |`));
    assert.ok(row, `${s} in the Markdown`);
    assert.match(row.split('|')[apColumn], new RegExp(`\\(${lo}, ${hi}\\)`), `${s}: Markdown AP cell`);
    assert.ok(tex.includes(`{\\small (${lo}, ${hi})}`), `${s}: LaTeX AP cell`);
  }
  // The CSV carries the same interval at full precision, and the marks.
  const csv = (await saved('export-csv')).trim().split('\n').map((l) => l.split(','));
  const [lower, upper, better] = ['AP_lower', 'AP_upper', 'AP_better_than'].map((c) => csv[0].indexOf(c));
  assert.ok(lower > 0 && upper > 0 && better > 0, csv[0].join());
  for (const s of systems) {
    const row = csv.find((r) => r[0] === s);
    assert.ok(Math.abs(Number(row[lower]) - want.t[s][0]) < 1e-9 && Math.abs(Number(row[upper]) - want.t[s][1]) < 1e-9, `${s}: CSV ${row[lower]}, ${row[upper]}`);
  }
  assert.match(md, /\(lower, upper\): the 95% t interval of the mean\./);
  assert.match(tex, /\(lower, upper\): the 95\\% t interval of the mean\./);
  await page.getByTestId('significance').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'stats-1280.png'), fullPage: true });
  await context.close();
});

test("two systems equal on every query: Cohen's d is undefined (0 / 0), not 0", async () => {
  const { context, page } = await open(env);
  const same = Array.from({ length: 4 }, (_, q) => `q${q + 1}: ${q % 2 ? 'N R' : 'R N'}`).join('\n');
  await showTab(page, 'text');
  await page.getByTestId('quick-input').fill(`[one]\n${same}\n[two]\n${same}`);
  await cell(page, 'two', 'RR').waitFor({ timeout: 15000 });
  await openDoor(page, 'files');
  const d = page.getByTestId('stats-pair').first().getByTestId('stats-cohens-d');
  assert.equal(await d.innerText(), 'undefined');
  assert.match(await d.getAttribute('title'), /equal on every common query: d = 0 \/ 0/);
  // The pair's own counts say why: 0 won, 4 tied, 0 lost.
  assert.equal(await page.getByTestId('stats-pair').first().locator('td').nth(3).innerText(), '0 / 4 / 0');
  await context.close();
});

test('marks name the beaten system; seeded tests repeat after a reload', async () => {
  const { context, page } = await open(env);
  const good = Array.from({ length: 12 }, (_, q) => `q${q + 1}: R N`).join('\n');
  const bad = Array.from({ length: 12 }, (_, q) => `q${q + 1}: N N N R`).join('\n');
  await showTab(page, 'text');
  await page.getByTestId('quick-input').fill(`[good]\n${good}\n[bad]\n${bad}`);
  // RR 1 against 1/4 on every query: good (a) beats bad (b).
  const td = page.locator('[data-testid="results"] td[data-system="good"][data-measure="RR"]');
  await td.locator('sup').waitFor();
  assert.equal(await td.getAttribute('data-beats'), 'b');
  assert.equal(await page.locator('[data-testid="results"] td[data-system="bad"][data-measure="RR"]').getAttribute('data-beats'), '');

  await openDoor(page, 'files');
  await page.getByTestId('stats-test').selectOption('randomization');
  // Enough trials that Monte Carlo error is small against the exact p:
  // its standard error is sqrt(p (1 - p) / trials) = 7e-5 at 100,000.
  await page.getByTestId('stats-trials').fill('100000');
  await page.getByTestId('stats-seed').fill('7');
  await page.getByTestId('stats-measure').selectOption({ label: 'AP' });
  const pRand = async () => page.getByTestId('stats-pair').first().locator('td').nth(5).getAttribute('data-value');
  await page.waitForTimeout(300);
  const before = await pRand();
  // 12 equal differences: only 2 of the 4096 sign patterns reach the
  // observed mean, so p = 2/4096 = 0.000488; 5 standard errors of 100,000
  // trials is 0.00035.
  const exact = 2 / 4096;
  assert.ok(Math.abs(Number(before) - exact) < 5 * Math.sqrt(exact * (1 - exact) / 100000), before);
  await page.reload();
  await page.getByTestId('stats-pair').first().waitFor();
  await page.getByTestId('stats-measure').selectOption({ label: 'AP' });
  assert.equal(await page.getByTestId('stats-seed').inputValue(), '7');
  assert.equal(await pRand(), before);
  // Every query differs by the same amount (AP 1 against 1/4): Cohen's d
  // is +∞, with why; never a number.
  const d = page.getByTestId('stats-pair').first().getByTestId('stats-cohens-d');
  assert.equal(await d.innerText(), '+∞');
  assert.match(await d.getAttribute('title'), /every common query differs by the same amount/);
  // Tukey HSD allows for every pair itself: the correction box says so
  // instead of showing a correction that is not applied, and the one
  // chosen comes back with another test.
  const correction = page.getByTestId('stats-correction');
  assert.equal(await correction.isDisabled(), false);
  await correction.selectOption('bonferroni');
  await page.getByTestId('stats-test').selectOption('tukey');
  await page.getByTestId('stats-pairs').locator('caption', { hasText: 'Tukey' }).waitFor();
  assert.equal(await correction.isDisabled(), true);
  assert.equal(await correction.locator('option:checked').textContent(), "Tukey HSD's own");
  await page.getByTestId('stats-test').selectOption('t');
  assert.equal(await correction.isDisabled(), false);
  assert.equal(await correction.inputValue(), 'bonferroni');
  await context.close();
});

test('bootstrap intervals: 10,000 resamples x 5 systems x 200 queries x 4 measures', async () => {
  const { context, page } = await open(env);
  let x = 9;
  const rnd = () => { x = (x * 69069 + 1) % 4294967296; return x / 4294967296; };
  let text = '';
  for (let s = 1; s <= 5; s++) {
    text += `[S${s}]\n`;
    for (let q = 1; q <= 200; q++) {
      text += `q${q}: ${Array.from({ length: 20 }, () => (rnd() < 0.2 + s * 0.03 ? 1 : 0)).join(' ')} | 1\n`;
    }
  }
  await showTab(page, 'text');
  await paste(page, 'quick-input', text);
  await cell(page, 'S5', 'AP').waitFor();
  await page.getByTestId('family-P').uncheck();
  await page.getByTestId('family-ERR').uncheck();
  await openDoor(page, 'files');
  await page.getByTestId('stats-interval').selectOption('bootstrap');
  await page.locator('[data-testid="results"] td[data-system="S1"][data-measure="AP"] .interval').waitFor();
  const samples = [];
  for (const seed of ['1', '2', '3', '4', '5']) {
    await page.getByTestId('stats-seed').fill(seed);
    await page.waitForTimeout(200);
    const hint = await page.getByTestId('significance').locator('.hint', { hasText: 'Computed in' }).innerText();
    samples.push(Number(hint.match(/Computed in ([\d.]+) ms/)[1]));
  }
  const measures = await page.locator('[data-testid="results"] thead th').count() - 2;
  assert.equal(measures, 4);
  // Every system has a bootstrap interval for every measure, around its mean.
  const intervals = await page.locator('[data-testid="results"] td[data-value]').evaluateAll((tds) => tds.map((td) => {
    const iv = td.querySelector('.interval');
    return iv && [Number(iv.dataset.lo), Number(td.dataset.value), Number(iv.dataset.hi)];
  }));
  assert.equal(intervals.length, 5 * 4);
  for (const iv of intervals) assert.ok(iv && iv[0] < iv[1] && iv[1] < iv[2], `interval ${iv}`);
  samples.sort((a, b) => a - b);
  console.log(`# statistics, 10,000 bootstrap resamples x 5 systems x 200 queries x ${measures} measures (+ paired t-tests): median ${samples[2].toFixed(1)} ms, max ${samples[4].toFixed(1)} ms over 5 seeds`);
  await context.close();
});

test('the statistics tables fit, say what is not computed, and flag t intervals past [0, 1]', async () => {
  const { page, context } = await open(env, { width: 1280, height: 800 });
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  await openDoor(page, 'files');
  const panel = page.getByTestId('significance');
  // No bootstrap intervals chosen: no empty column, one sentence says how.
  assert.equal(await panel.getByTestId('stats-systems').locator('th', { hasText: 'Bootstrap interval' }).count(), 0);
  assert.match(await panel.getByTestId('bootstrap-off').innerText(), /when “bootstrap percentile” is chosen/);
  // The pairs table fits the 1280 px page: its last column is in view.
  await panel.getByTestId('stats-pairs').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'stats-pairs-1280.png') });
  const fits = await panel.getByTestId('stats-pairs').evaluate((t) => t.parentElement.scrollWidth <= t.parentElement.clientWidth + 1);
  assert.ok(fits, 'the pairs table needs a sideways scroll at 1280 px');
  // The test's hint describes the chosen test.
  await page.getByTestId('stats-test').selectOption('randomization');
  await panel.locator('.hint', { hasText: 'swaps each query’s two values'.replace('’', "'") }).waitFor();
  // A's RR 1, 1, 1, 1/2: mean 0.875, t interval 0.875 ± 3.182 · 0.25/2 reaches 1.27;
  // B's 1/2, 1, 1/3, 1: mean 0.7083 ± 3.182 · 0.3436/2 reaches 1.25.
  await setQuickText(page, '[A]\nq1: R\nq2: R\nq3: R\nq4: N R\n[B]\nq1: N R\nq2: R\nq3: N N R\nq4: R');
  await cell(page, 'A', 'RR').getByText('0.8750').waitFor();
  await openDoor(page, 'files');
  await page.getByTestId('stats-measure').selectOption({ label: 'RR' });
  assert.match(await panel.getByTestId('t-past-bounds').innerText(), /The t interval of A, B reaches past \[0, 1\]/);
  await context.close();
});

test('systems with one query each get no letters and no marks caption, and the caption says why', async () => {
  const { context, page } = await open(env);
  await setQuickText(page, '[a]\nq1: R N\n[b]\nq1: N R\n');
  await cell(page, 'a', 'AP').waitFor();
  const caption = page.getByTestId('results-caption');
  assert.match(await caption.innerText(), /No significance marks: no two systems share two or more queries to test on\./);
  assert.doesNotMatch(await caption.innerText(), /Superscripts/);
  assert.equal(await page.locator('[data-testid="results"] .letter').count(), 0);
  // A second query each: the test can run, and the caption names it.
  await setQuickText(page, '[a]\nq1: R N\nq2: R N\n[b]\nq1: N R\nq2: N R\n');
  await page.locator('[data-testid="results"] .letter').first().waitFor();
  assert.match(await caption.innerText(), /Superscripts name the systems a value is significantly better than \(paired t-test/);
  await context.close();
});

// On a phone the statistics tables are cards (a row each), not columns
// to scroll sideways to: no line says there is more to the right, and
// their captions stay on screen.
test('on a phone the statistics tables fit the screen as cards, their captions on screen', async () => {
  const { page, context, seen } = await open(env, { width: 390, height: 844, touch: true });
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  await openDoor(page, 'files');
  const panel = page.getByTestId('significance');
  for (const table of ['stats-systems', 'stats-pairs']) {
    const t = panel.getByTestId(table);
    await t.scrollIntoViewIfNeeded();
    await page.waitForTimeout(150);
    const { hidden, captionRight } = await t.evaluate((el) => ({
      hidden: el.parentElement.scrollWidth > el.parentElement.clientWidth + 1,
      captionRight: el.querySelector('caption').getBoundingClientRect().right,
    }));
    assert.ok(!hidden, `${table} is wider than a phone`);
    const cue = t.locator('xpath=../preceding-sibling::*[1]');
    assert.notEqual(await cue.getAttribute('data-testid'), 'sideways-cue', `${table}: a cue says there is more to the right`);
    assert.ok(captionRight <= 390, `${table}: its caption ends at ${captionRight} px`);
    // Each row is a card: its name above its values.
    const [name, firstValue] = await t.locator('tbody tr').first().evaluate((tr) => [tr.querySelector('th').getBoundingClientRect(), tr.querySelector('td').getBoundingClientRect()].map((r) => r.bottom));
    assert.ok(name <= firstValue - 10, `${table}: the row's name above its values`);
  }
  await page.screenshot({ path: join(SHOTS, 'stats-390.png') });
  assert.deepEqual(seen.errors, []);
  await context.close();
});
