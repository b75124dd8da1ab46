// Preference judgments and judgment groups in the browser: trec_eval's own
// test files (prefs.test, qrels.123) are told apart by content and give
// trec_eval's expected values (out.test.prefs, out.test.qrels_jg) in a
// table of their own; a measure's name opens its formula and its value per
// query.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, SHOTS, open, showTab, useBrowser } from './harness.mjs';

const SHARED = join(ROOT, '..', 'shared', 'trec_eval_tests');
const env = useBrowser();

/** trec_eval's `all` lines of an expected output file: name -> text. */
async function expectedAll(name) {
  const out = new Map();
  for (const line of (await readFile(join(SHARED, name), 'utf8')).split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length === 3 && f[1] === 'all' && !['runid', 'num_q'].includes(f[0])) out.set(f[0], f[2]);
  }
  return out;
}

async function tableValues(page, run) {
  const table = page.getByTestId('judgment-table');
  await table.locator(`td[data-system="${run}"]`).first().waitFor({ timeout: 15000 });
  const cells = await table.locator(`td[data-system="${run}"]`).evaluateAll((tds) =>
    tds.map((td) => [td.dataset.measure, td.innerText.trim()]));
  return new Map(cells);
}

test('preference judgments give out.test.prefs; a measure explains itself', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles([join(SHARED, 'prefs.test'), join(SHARED, 'prefs.results.test')]);
  const shown = await tableValues(page, 'prefs.results.test');
  const expected = await expectedAll('out.test.prefs');
  assert.equal(shown.size, 14);
  assert.equal(expected.size, 14);
  for (const [name, value] of expected) assert.equal(shown.get(name), value, name);
  assert.match(await page.getByTestId('file-list').innerText(), /prefs\.test — TREC preferences/);
  assert.match(await page.getByTestId('judgment-table').innerText(), /Preference measures \(trec_eval's all_prefs\) against prefs\.test/);

  await page.getByTestId('judgment-measure').filter({ hasText: /^prefs_simp$/ }).click();
  const ex = page.getByTestId('judgment-explanation');
  assert.match(await ex.innerText(), /Fulfilled preferences \/ all stated preferences/);
  // One row per query of the run.
  assert.ok((await ex.locator('tbody tr').count()) > 1);
  await page.getByTestId('judgment-table').screenshot({ path: join(SHOTS, 'judgments-prefs.png') });
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('judgment groups give out.test.qrels_jg', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles([join(SHARED, 'qrels.123'), join(SHARED, 'results.test')]);
  const shown = await tableValues(page, 'results.test');
  const expected = await expectedAll('out.test.qrels_jg');
  assert.ok(expected.size > 10);
  for (const [name, value] of expected) assert.equal(shown.get(name), value, name);
  assert.match(await page.getByTestId('file-list').innerText(), /qrels\.123 — TREC judgment groups/);
  await page.getByTestId('judgment-measure').filter({ hasText: /^map_avgjg$/ }).click();
  assert.match(await page.getByTestId('judgment-explanation').innerText(), /averaged over the groups that judged the query/);
  await page.screenshot({ path: join(SHOTS, 'judgments-jg.png'), fullPage: true });
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('plain qrels read as preferences on request give out.test.qrels_prefs', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles([join(SHARED, 'qrels.test'), join(SHARED, 'results.test')]);
  await page.locator('td[data-system="STANDARD"][data-measure="AP"]').waitFor({ timeout: 15000 });
  assert.equal(await page.getByTestId('judgment-table').count(), 0);
  await page.getByTestId('set-qrels-prefs').check();
  const shown = await tableValues(page, 'results.test');
  const expected = await expectedAll('out.test.qrels_prefs');
  assert.equal(expected.size, 14);
  for (const [name, value] of expected) assert.equal(shown.get(name), value, name);
  // The plain measures stay: map 0.1785 (out.test).
  assert.equal(await page.locator('td[data-system="STANDARD"][data-measure="AP"]').innerText(), '0.1785');
  assert.match(await page.getByTestId('judgment-table').innerText(), /read here as preferences as trec_eval's -R qrels_prefs/);
  // The choice is a setting: kept across a reload.
  await page.reload();
  await tableValues(page, 'results.test');
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('a bad preference line is located, and the run gets no values', async () => {
  const { context, page } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('paste-input').fill('q1 a s d1 2\nq1 a s d2 high\n');
  await page.getByTestId('add-pasted').click();
  await page.getByTestId('paste-input').fill('q1 Q0 d1 1 2.0 t\nq1 Q0 d2 2 1.0 t\n');
  await page.getByTestId('add-pasted').click();
  const errors = page.getByTestId('file-errors');
  await errors.waitFor({ timeout: 15000 });
  assert.match(await errors.innerText(), /pasted-1, line 2, column 11: expected a number \(the preference level\) in field 5: 5 fields make a preference line, `?qid group subgroup docid level`?; qrels lines have 4, found high/);
  // What was found is shown as code, without the message's backticks.
  assert.equal(await errors.locator('code', { hasText: 'high' }).count(), 1);
  // No numbers from damaged files until the reader chooses.
  const withheld = page.getByTestId('numbers-withheld');
  assert.match(await withheld.innerText(), /No numbers from the files: 1 bad line could not be read[^]*pasted-1, line 2, column 11: expected a number \(the preference level\) in field 5: 5 fields make a preference line, `?qid group subgroup docid level`?; qrels lines have 4, found high/);
  assert.equal(await withheld.locator('code', { hasText: 'high' }).count(), 1, 'what was found, as code');
  assert.doesNotMatch(await withheld.innerText(), /`/);
  await page.getByTestId('evaluate-partial').click();
  assert.match(await page.getByTestId('judgment-refused').innerText(), /pasted-2: No values: the judgments have problems/);
  await context.close();
});

test("a measure's per-query values list every run's queries, not only the first run's", async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  const add = async (text) => {
    await page.getByTestId('paste-input').fill(text);
    await page.getByTestId('add-pasted').click();
  };
  // Preferences: d1 over d2 in q1, d3 over d4 in q2.
  await add('q1 g1 s1 d1 2\nq1 g1 s1 d2 1\nq2 g1 s1 d3 2\nq2 g1 s1 d4 1\n');
  // pasted-2 ranks q1 only, in the preferred order (prefs_simp 1);
  // pasted-3 ranks q1 the wrong way round (0) and q2 the right way (1).
  await add('q1 Q0 d1 1 2 A\nq1 Q0 d2 2 1 A\n');
  await add('q1 Q0 d2 1 2 B\nq1 Q0 d1 2 1 B\nq2 Q0 d3 1 2 B\nq2 Q0 d4 2 1 B\n');
  await tableValues(page, 'pasted-3');
  await page.getByTestId('judgment-measure').filter({ hasText: /^prefs_simp$/ }).click();
  const rows = page.getByTestId('judgment-explanation').locator('tbody tr');
  assert.equal(await rows.count(), 2);
  const text = (i) => rows.nth(i).evaluate((tr) => [...tr.children].map((c) => c.innerText.trim()));
  assert.deepEqual(await text(0), ['q1', '1.0000', '0.0000']);
  assert.deepEqual(await text(1), ['q2', '–', '1.0000']);
  assert.deepEqual(seen.errors, []);
  await context.close();
});
