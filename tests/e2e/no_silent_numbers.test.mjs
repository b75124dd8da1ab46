// Never a silent wrong or stale number, as a user meets the cases:
// a settings change while a big run is evaluated by workers (it used to
// kill the page), a run that repeats a docid (it used to lose a query
// silently and look best), means over different query sets, a binary file,
// and problems shown with the results they change.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, SHOTS, cell, open, showTab, useBrowser } from './harness.mjs';
import { corpus } from './big_corpus.mjs';

const env = useBrowser();

/** A file of trec_eval's test data for setInputFiles (which takes paths or
 * buffers, not both at once). */
async function shared(name) {
  return { name, mimeType: 'text/plain', buffer: await readFile(join(SHARED, name)) };
}
const SHARED = join(ROOT, '..', 'shared', 'trec_eval_tests');

/** Loads trec_eval's qrels.test and results.test, and a copy of the run
 * (damaged.test) whose lines `damage` changes; then waits for the whole
 * run's MAP, which is trec_eval's expected 0.1785 (out.test). */
async function loadWithDamagedCopy(page, damage) {
  const lines = (await readFile(join(SHARED, 'results.test'), 'utf8')).split('\n');
  damage(lines);
  await page.getByTestId('file-input').setInputFiles([
    await shared('qrels.test'),
    await shared('results.test'),
    { name: 'damaged.test', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n')) },
  ]);
  await cell(page, 'STANDARD (results.test)', 'AP').waitFor({ timeout: 15000 });
  assert.equal(await cell(page, 'STANDARD (results.test)', 'AP').innerText(), '0.1785');
}
const DIR = join(ROOT, 'target', 'e2e', 'silent');

let big;
before(async () => {
  await mkdir(DIR, { recursive: true });
  // 400 queries x 1000 docs: about 11 MB, over the 8 MB line (workers).
  big = corpus(400, 1000);
  await writeFile(join(DIR, 'run.txt'), big.run);
  await writeFile(join(DIR, 'qrels.txt'), big.qrels);
});

test('changing k and measures while a big run is evaluated never shows stale or broken results', async () => {
  assert.ok(big.run.length > 8 * 1024 * 1024, `${big.run.length} bytes`);
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles([join(DIR, 'qrels.txt'), join(DIR, 'run.txt')]);
  await cell(page, 'big', 'AP').waitFor({ timeout: 60000 });
  // Every column shown must belong to the current settings: record any
  // moment at which the table shows a value for a measure the settings no
  // longer have (or not yet).
  await page.evaluate(() => {
    window.__stale = [];
    new MutationObserver(() => {
      const k = document.querySelector('[data-testid="set-cutoffs"]')?.value ?? '';
      const shown = [...document.querySelectorAll('[data-testid="results"] td[data-system="big"][data-measure^="P@"]')]
        .map((td) => td.dataset.measure.slice(2));
      const wanted = k.split(',').map((s) => s.trim()).filter(Boolean);
      if (shown.length && shown.join() !== wanted.join()) window.__stale.push(`${shown} under k=${k}`);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByTestId('set-cutoffs').fill('5, 10');
  await page.getByTestId('family-ERR').check();
  await cell(page, 'big', 'P@5').waitFor({ timeout: 60000 });
  await cell(page, 'big', 'ERR@5').waitFor({ timeout: 60000 });
  assert.equal(await page.getByTestId('panic-notice').count(), 0, 'no panic');
  assert.deepEqual(await page.evaluate(() => window.__stale), [], 'stale columns were shown');
  // MAP and MRR (no cutoff) are the definitions' values, before and after.
  assert.ok(Math.abs(Number(await cell(page, 'big', 'AP').innerText()) - big.map) <= 5e-5);
  assert.ok(Math.abs(Number(await cell(page, 'big', 'RR').innerText()) - big.mrr) <= 5e-5);
  // The page still answers: typing a cutoff updates the table.
  await page.getByTestId('set-cutoffs').fill('3');
  await cell(page, 'big', 'P@3').waitFor({ timeout: 60000 });
  assert.equal(await cell(page, 'big', 'P@5').count(), 0);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('a run that repeats a docid gets no numbers, with the located reason in its row', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  await loadWithDamagedCopy(page, (lines) => lines.splice(2, 0, lines[1])); // line 2 again as line 3
  const row = page.getByTestId('refused-row');
  assert.equal(await row.count(), 1);
  assert.match(await row.innerText(), /^STANDARD \(damaged\.test\)\s+—\s+No numbers: line 3 repeats docid FR940202-2-00151 in query 301, which listed it on line 2, and the duplicates setting is "refuse"/);
  // The damaged run is never marked best: it has no value at all.
  assert.equal(await page.locator('[data-testid="results"] td[data-system="STANDARD (damaged.test)"] .value').count(), 0);
  const summary = await page.getByTestId('problems-summary').innerText();
  assert.match(summary, /1 problem in the files \(a run that repeats a docid gets no numbers at all/);
  await page.screenshot({ path: join(SHOTS, 'refused-run-1280.png'), fullPage: false });
  // keep-last: both runs have the same three queries and values.
  await page.getByTestId('set-duplicates').selectOption('keep-last');
  await cell(page, 'STANDARD (damaged.test)', 'AP').waitFor({ timeout: 15000 });
  assert.equal(await cell(page, 'STANDARD (damaged.test)', 'AP').innerText(), '0.1785');
  assert.equal(await cell(page, 'STANDARD (damaged.test)', 'num_q').innerText(), '3');
  assert.equal(await page.getByTestId('refused-row').count(), 0);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('means over different query sets are said under the table; a binary file gets one message', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  const results = await readFile(join(SHARED, 'results.test'), 'utf8');
  const short = results.split('\n').filter((l) => !l.startsWith('303\t')).join('\n');
  // The start of an executable: a header with NUL bytes, then run-like lines.
  const binary = Buffer.concat([
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10]),
    Buffer.from('q Q0 d 1 2 t\x01\x00\n'.repeat(200), 'latin1'),
  ]);
  await page.getByTestId('file-input').setInputFiles([
    await shared('qrels.test'),
    await shared('results.test'),
    { name: 'short.test', mimeType: 'text/plain', buffer: Buffer.from(short) },
    { name: 'a.out', mimeType: 'application/octet-stream', buffer: binary },
  ]);
  await cell(page, 'STANDARD (short.test)', 'AP').waitFor({ timeout: 15000 });
  assert.equal(await page.getByTestId('query-sets').innerText(),
    'The means are over different queries: STANDARD (short.test) has 2 of the 3 queries (lacks 303). Compare them with care; the statistics use the queries the systems share.');
  const errors = await page.getByTestId('file-errors').locator('li').allInnerTexts();
  assert.deepEqual(errors, ['a.out, line 1, column 8: expected a text file (TREC qrels or run, ranx JSON, TSV or CSV); this one holds binary data (a NUL byte here), so none of it is read, found a NUL byte']);
  assert.match(await page.getByTestId('problems-summary').innerText(), /^These results are affected: 1 problem in the files \(a file that is not text or of no known format is not read\)/);
  await page.screenshot({ path: join(SHOTS, 'query-sets-binary-1280.png'), fullPage: false });
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('a bad qrels line withholds the numbers until the reader chooses, then every table and export says so', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  // trec_eval's qrels with one grade written as a word (trec_eval refuses the file).
  const lines = (await readFile(join(SHARED, 'qrels.test'), 'utf8')).split('\n');
  const bad = lines.findIndex((l) => l.startsWith('301 ')) + 3;
  lines[bad] = lines[bad].replace(/\s\d+\s*$/, ' high');
  await page.getByTestId('file-input').setInputFiles([
    { name: 'qrels-bad.test', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n')) },
    await shared('results.test'),
  ]);
  const withheld = page.getByTestId('numbers-withheld');
  await withheld.waitFor({ timeout: 15000 });
  const said = await withheld.innerText();
  assert.match(said, /^No numbers from the files: 1 bad line could not be read\./);
  assert.match(said, new RegExp(`qrels-bad\\.test, line ${bad + 1}, column \\d+: expected`));
  assert.match(said, /Evaluate without the 1 bad line/);
  // No number of the run anywhere: table, per-query table, exports.
  assert.equal(await page.locator('[data-testid="results"] td[data-system="STANDARD"]').count(), 0);
  assert.equal(await page.getByTestId('per-query').count(), 0);
  assert.equal(await page.getByTestId('export-csv').count(), 0);
  await page.screenshot({ path: join(SHOTS, 'withheld-1280.png'), fullPage: false });
  // The files' own list says the same: no numbers yet, not "left out".
  const listed = () => page.getByTestId('file-errors').innerText();
  assert.match(await listed(), /1 problem found; the files give no numbers until you choose, under Results, to evaluate without the lines concerned\./);

  await page.getByTestId('evaluate-partial').click();
  await cell(page, 'STANDARD', 'AP').waitFor({ timeout: 15000 });
  assert.match(await listed(), /1 problem found; the lines concerned are left out of the evaluation\./);
  assert.match(await page.getByTestId('partial-mark').innerText(), /^Computed from partial input: 1 bad line of qrels-bad\.test left out\./);
  assert.match(await page.getByTestId('results-caption').innerText(), /^Computed from partial input \(1 bad line of the files left out\)\./);
  assert.match(await page.getByTestId('per-query-partial').innerText(), /^Computed from partial input/);
  const saved = async (testid) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
    return { name: d.suggestedFilename(), text: await readFile(await d.path(), 'utf8') };
  };
  const csv = await saved('export-csv');
  assert.equal(csv.name, 'ranklab-results-partial.csv');
  // results.test ties documents in a way that moves AP, so AP's tie range follows the values.
  assert.match(csv.text, /^system,queries,RR,AP,nDCG@10,ERR@10,P@10,R@10,AP_tie_min,AP_tie_max,input\nSTANDARD,3,[^\n]*,partial: 1 bad line left out\n/);
  const json = JSON.parse((await saved('export-json')).text);
  assert.equal(json.partial_input.bad_lines_left_out, 1);
  const md = await saved('export-md');
  assert.match(md.text, /\*\*Computed from partial input: 1 bad line of the files could not be read and was left out\.\*\*/);
  const tex = await saved('export-tex');
  assert.match(tex.text, /\\caption\{Computed from partial input: 1 bad line/);
  const pq = await saved('export-pq-csv');
  assert.match(pq.text, /^system,query,measure,value,tie_min,tie_max,input\n/);
  assert.ok(pq.text.trim().split('\n').slice(1).every((l) => l.endsWith(',partial: 1 bad line left out')));
  assert.equal((await saved('export-pq-json')).name, 'ranklab-per-query-partial.json');
  assert.equal((await saved('export-trec')).name, 'ranklab-per-query-partial.txt');
  await page.screenshot({ path: join(SHOTS, 'partial-1280.png'), fullPage: false });

  // Withheld again on request.
  await page.getByTestId('withhold-again').click();
  await withheld.waitFor();
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('a bad line in one run withholds that run only: the other runs keep their numbers, as trec_eval refuses one file', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  // A score written as a word on line 5 of the copy. The whole run keeps its number.
  await loadWithDamagedCopy(page, (lines) => { lines[4] = lines[4].replace(/\s(\S+)\s+(\S+)\s*$/, ' high $2'); });
  assert.equal(await page.locator('[data-testid="results"] td[data-system="STANDARD (damaged.test)"]').count(), 0);
  const withheld = await page.getByTestId('numbers-withheld').innerText();
  assert.match(withheld, /^No numbers from damaged\.test: 1 bad line could not be read\. The other runs were read whole: their numbers are shown\./);
  assert.match(withheld, /damaged\.test, line 5, column \d+: expected a numeric score/);
  assert.match(await page.getByTestId('file-errors').innerText(), /the runs with these lines give no numbers until you choose, under Results, to evaluate without the lines concerned; the other runs' numbers are shown\./);
  // No partial mark on numbers read whole, and nothing said of the
  // withheld run's numbers (it ties documents too) among what to know.
  assert.equal(await page.getByTestId('partial-mark').count(), 0);
  assert.doesNotMatch(await page.getByTestId('warnings').textContent(), /damaged\.test/);
  await page.screenshot({ path: join(SHOTS, 'withheld-one-run-1280.png'), fullPage: false });
  await page.getByTestId('evaluate-partial').click();
  await cell(page, 'STANDARD (damaged.test)', 'AP').waitFor({ timeout: 15000 });
  assert.match(await page.getByTestId('partial-mark').innerText(), /^Computed from partial input: 1 bad line of damaged\.test left out\./);
  assert.equal(await cell(page, 'STANDARD (results.test)', 'AP').innerText(), '0.1785');
  // The damaged run's row is marked, not the whole run's; the caption and
  // the exports name the run, and say the other was read whole.
  assert.match(await page.getByTestId('results-caption').innerText(), /^Computed from partial input \(1 bad line of damaged\.test left out\)\. Rows marked partial lack them; the others were read whole\. Each measure/);
  const tags = page.getByTestId('partial-row');
  assert.equal(await tags.count(), 1);
  assert.match(await page.locator('[data-testid="results"] tr', { has: tags }).innerText(), /^(b )?STANDARD \(damaged\.test\)/);
  const saved = async (testid) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
    return readFile(await d.path(), 'utf8');
  };
  const csv = (await saved('export-csv')).trim().split('\n');
  assert.match(csv[0], /,input$/);
  assert.ok(csv.some((l) => l.startsWith('STANDARD (results.test),') && l.endsWith(',read whole')), csv.join('\n'));
  assert.ok(csv.some((l) => l.startsWith('STANDARD (damaged.test),') && l.endsWith(',partial: 1 bad line left out')), csv.join('\n'));
  assert.match(await saved('export-md'), /\*\*Computed from partial input: 1 bad line of damaged\.test could not be read and was left out\.\*\*/);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('a setting typed that does not read is said beside the results, which keep the settings before it', async () => {
  const { context, page } = await open(env);
  await cell(page, 'BM25', 'P@10').waitFor({ timeout: 15000 });
  const field = page.getByTestId('set-cutoffs');
  await field.fill('5,, x');
  const note = page.getByTestId('settings-unread');
  await note.waitFor();
  assert.match(await note.innerText(), /^Not applied: Cutoffs k \(.* x is not\)\. These results use the settings as they were before\.$/);
  // The table is the one before: its columns are the last cutoffs that read.
  assert.equal(await cell(page, 'BM25', 'P@10').count(), 1);
  // Read again: the note goes, and the new cutoff's columns come.
  await field.fill('5');
  await cell(page, 'BM25', 'P@5').waitFor();
  assert.equal(await note.count(), 0);
  await context.close();
});

test('typed rankings that all have problems say so where the numbers would be; the timing names files only when there are some', async () => {
  const { context, page } = await open(env);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  assert.match(await page.getByTestId('eval-ms').innerText(), /^Computed in [\d.]+ ms\.$/);
  await showTab(page, 'text');
  await page.getByTestId('quick-input').fill('[A]\nq1: 1 0 1 | x');
  const empty = page.getByTestId('results-empty');
  await empty.getByText('No ranking could be read: the typed rankings have 1 problem, listed under the text.').waitFor();
  await context.close();
});
