// Qrels and run files in the browser: trec_eval's own test files by file
// input, by paste and by drop give trec_eval's numbers (out.test); they
// survive a reload (IndexedDB); ranx JSON and CSV are read; bad lines are
// located; files can be removed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, SHOTS, cell, open, paste, showTab, useBrowser } from './harness.mjs';

const SHARED = join(ROOT, '..', 'shared', 'trec_eval_tests');
const env = useBrowser();

// out.test (trec_eval): map 0.1785, recip_rank 0.4064, P_10 0.3000 over 3 queries.
async function assertOutTest(page, run) {
  await cell(page, run, 'AP').waitFor({ timeout: 15000 });
  assert.equal(await cell(page, run, 'AP').innerText(), '0.1785');
  assert.equal(await cell(page, run, 'RR').innerText(), '0.4064');
  assert.equal(await cell(page, run, 'P@10').innerText(), '0.3000');
  assert.equal(await cell(page, run, 'num_q').innerText(), '3');
}

test('file input: out.test values, kept across a reload', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  // Before any file, the results are the typed demo's, and the door says so.
  const note = page.getByTestId('typed-results-note');
  assert.match(await note.innerText(), /^No files are loaded yet: the results below are those of the rankings typed under Calculate\. Load a qrels file and one or more runs: their results take the demo's place\.$/);
  await cell(page, 'BM25', 'AP').waitFor();
  await page.getByTestId('file-input').setInputFiles([join(SHARED, 'qrels.test'), join(SHARED, 'results.test')]);
  await assertOutTest(page, 'STANDARD');
  assert.equal(await note.count(), 0, 'files loaded: the note goes');
  assert.equal(await cell(page, 'BM25', 'AP').count(), 0, "the demo's systems made way for the files'");
  assert.match(await page.getByTestId('file-list').innerText(), /qrels\.test — TREC qrels[\s\S]*results\.test — TREC run/);
  await page.screenshot({ path: join(SHOTS, 'files-1280.png'), fullPage: true });

  await page.reload();
  await assertOutTest(page, 'STANDARD');
  assert.deepEqual(seen.foreign, [], 'requests left 127.0.0.1');
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('pasted qrels.test and results.test give map 0.1785', async () => {
  const { context, page } = await open(env);
  await showTab(page, 'files');
  for (const name of ['qrels.test', 'results.test']) {
    await paste(page, 'paste-input', await readFile(join(SHARED, name), 'utf8'));
    await page.getByTestId('add-pasted').click();
  }
  await assertOutTest(page, 'STANDARD');
  await context.close();
});

test('files dropped on the page are loaded', async () => {
  const { context, page } = await open(env);
  const qrels = await readFile(join(SHARED, 'qrels.test'), 'utf8');
  const run = await readFile(join(SHARED, 'results.test'), 'utf8');
  const data = await page.evaluateHandle(([q, r]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([q], 'qrels.test'));
    dt.items.add(new File([r], 'results.test'));
    return dt;
  }, [qrels, run]);
  await page.dispatchEvent('.page', 'dragover', { dataTransfer: data });
  await page.dispatchEvent('.page', 'drop', { dataTransfer: data });
  await assertOutTest(page, 'STANDARD');
  await context.close();
});

test('ranx JSON qrels with a CSV run; conventions and warnings', async () => {
  const { context, page } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('paste-input').fill('{"q1": {"a": 1, "b": 0, "c": 2}, "q2": {"x": 1}}');
  await page.getByTestId('add-pasted').click();
  await page.getByTestId('paste-input').fill('query,doc,score\nq1,b,2\nq1,a,2\nq1,c,1\nq9,z,1\n');
  await page.getByTestId('add-pasted').click();
  // Ties at score 2: trec_eval's order (docid descending) puts b before a, so RR(q1) = 1/2.
  await cell(page, 'pasted-2', 'RR').waitFor({ timeout: 15000 });
  assert.equal(await cell(page, 'pasted-2', 'RR').innerText(), '0.5000');
  const warnings = await page.getByTestId('warnings').innerText();
  assert.match(warnings, /pasted-2: 1 query of the qrels missing from the run \(q2\); left out \(trec_eval 9, pytrec_eval\)\./);
  assert.match(warnings, /pasted-2: 1 query without judgments ignored \(q9\)/);
  assert.match(warnings, /pasted-2: equal scores in 1 of 1 queries, ordered by the tie setting: docid descending \(trec_eval\)\./);
  // Docid ascending puts a first: RR(q1) = 1. Scoring missing queries 0 halves it.
  await page.getByTestId('set-ties').selectOption('docid-asc');
  await cell(page, 'pasted-2', 'RR').getByText('1.0000').waitFor();
  await page.getByTestId('set-missing').selectOption('zero');
  await cell(page, 'pasted-2', 'RR').getByText('0.5000').waitFor();
  assert.equal(await cell(page, 'pasted-2', 'num_q').innerText(), '2');
  assert.match(await page.getByTestId('file-list').innerText(), /pasted-1 — JSON qrels[\s\S]*pasted-2 — table run/);
  await context.close();
});

test('a pasted run with a bad score is located, and files can be removed', async () => {
  const { context, page } = await open(env);
  await showTab(page, 'files');
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

test('TREC lines typed where rankings go are offered as a file; commas separate grades', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'text');
  // trec_eval's qrels and run, pasted into the Text tab one after the other.
  await paste(page, 'quick-input', await readFile(join(SHARED, 'qrels.test'), 'utf8'));
  const offer = page.getByTestId('trec-in-text');
  assert.match(await offer.innerText(), /This text is a TREC qrels, not rankings in the quick format/);
  await page.getByTestId('load-as-file').click();
  await page.getByTestId('file-list').getByText(/pasted-1 — TREC qrels/).waitFor();
  await showTab(page, 'text');
  assert.equal(await page.getByTestId('quick-input').inputValue(), '');
  await paste(page, 'quick-input', await readFile(join(SHARED, 'results.test'), 'utf8'));
  assert.match(await offer.innerText(), /TREC run/);
  await page.getByTestId('load-as-file').click();
  await assertOutTest(page, 'STANDARD');
  // Commas between grades read as blanks: relevant at 1 and 3, AP = (1 + 2/3) / 2.
  await showTab(page, 'text');
  await page.getByTestId('quick-input').fill('[Commas]\nq1: 1, 0, 1');
  await cell(page, 'Commas', 'AP').getByText('0.8333').waitFor();
  assert.equal(await offer.count(), 0);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('a qrels file alone, or a run alone, is answered with what is still needed', async () => {
  const { context, page } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles(join(SHARED, 'qrels.test'));
  const empty = page.getByTestId('results-empty');
  await empty.getByText('qrels.test is loaded: a run file is needed too').waitFor({ timeout: 15000 });
  await page.getByTestId('file-input').setInputFiles(join(SHARED, 'results.test'));
  await cell(page, 'STANDARD', 'AP').getByText('0.1785').waitFor({ timeout: 15000 });
  // The charts' data table: AP's range over tie orders is narrower than 4
  // decimals show, so its ends get the decimals that tell them apart; RR's
  // t interval over 3 queries reaches below 0, and the caption says why.
  const data = page.getByTestId('chart-data');
  const ap = data.locator('tr[data-measure="AP"][data-system="STANDARD"]');
  const [lo, hi] = (await ap.locator('td').allInnerTexts()).slice(4, 6);
  assert.ok(lo !== hi && /^0\.1785\d+$/.test(lo) && /^0\.1785\d+$/.test(hi), `${lo} to ${hi}`);
  const rr = data.locator('tr[data-measure="RR"][data-system="STANDARD"]');
  assert.ok(Number(await rr.getAttribute('data-lo')) < 0, await rr.getAttribute('data-lo'));
  assert.match(await data.locator('caption').innerText(), /An interval below 0 is not a possible mean/);
  // The qrels removed: the run waits for its judgments.
  await page.getByRole('button', { name: 'Remove qrels.test' }).click();
  await empty.getByText('results.test is loaded: its judgments are needed too').waitFor({ timeout: 15000 });
  await context.close();
});
