// Messy files as a researcher brings them (a walk with real-world damage
// found each of these): numbers that would be all zeros are said to be so
// and why; a gzip file is named as one; the missing-queries convention
// does not claim trec_eval 10's behaviour, which stops; a Judged@k value
// shows how it counts negative grades; a run none of whose lines reads is
// refused, small or big.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { cell, open, showTab, useBrowser } from './harness.mjs';

const env = useBrowser();

const RUN = '101 Q0 D020 1 9.7 sysA\n101 Q0 D009 2 9.4 sysA\n101 Q0 D030 3 8.8 sysA\n'
  + '102 Q0 D011 1 7.0 sysA\n102 Q0 D012 2 6.0 sysA\n';
const file = (name, text) => ({ name, mimeType: 'text/plain', buffer: Buffer.isBuffer(text) ? text : Buffer.from(text) });

test('a qrels whose fifth field makes it preferences, whose docids match no run line, is said to leave every value 0', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  // trec_eval would refuse these lines as qrels; read as preferences
  // (qid group subgroup docid level), the "docids" are 0 and 2.
  await page.getByTestId('file-input').setInputFiles([
    file('qrels5.txt', '101 0 D020 0 1\n101 0 D009 2 2\n102 0 D011 0 1\n102 0 D012 2 2\n'),
    file('run.txt', RUN),
  ]);
  const warning = page.locator('[data-testid="warning"][data-kind="nothing-judged"]');
  await warning.waitFor({ timeout: 15000 });
  assert.match(await warning.innerText(), /^run\.txt: it fulfils none of the judgments' preferences in its 2 queries, so its values are 0\./);
  assert.match(await warning.innerText(), /a line of 5 fields is read as a preference, its docid fourth/);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('plain qrels of another collection are said to leave every value 0; one judged document is enough to say nothing', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles([
    file('qrels.txt', '101 0 X1 1\n102 0 X2 1\n'),
    file('run.txt', RUN),
  ]);
  await cell(page, 'sysA', 'AP').waitFor({ timeout: 15000 });
  assert.equal(await cell(page, 'sysA', 'AP').innerText(), '0.0000');
  const warning = page.locator('[data-testid="warning"][data-kind="nothing-judged"]');
  assert.match(await warning.innerText(), /^sysA: none of the documents it ranks first/);
  assert.deepEqual(seen.errors, []);
  await context.close();
  // One judged (non-relevant) document in a first rank: no such warning.
  const other = await open(env);
  await showTab(other.page, 'files');
  await other.page.getByTestId('file-input').setInputFiles([file('qrels.txt', '101 0 D030 0\n102 0 X2 1\n'), file('run.txt', RUN)]);
  await cell(other.page, 'sysA', 'AP').waitFor({ timeout: 15000 });
  assert.equal(await other.page.locator('[data-testid="warning"][data-kind="nothing-judged"]').count(), 0);
  assert.deepEqual(other.seen.errors, []);
  await other.context.close();
});

test('a gzip file is named compressed, not text with a NUL at the end of a line', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles([
    file('qrels.txt', '101 0 D020 1\n'),
    file('run.txt.gz', gzipSync(Buffer.from(RUN))),
  ]);
  const errors = page.getByTestId('file-errors');
  await errors.waitFor({ timeout: 15000 });
  const text = await errors.innerText();
  assert.match(text, /run\.txt\.gz, line 1, column 1: expected a text file \(TREC qrels or run, ranx JSON, TSV or CSV\); this one is gzip-compressed, so none of it is read: unpack it first \(gunzip\), found gzip data/);
  assert.doesNotMatch(text, /end of the line/);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test("the missing-queries setting names the tools that leave such queries out, and trec_eval 10's stop", async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  const option = page.locator('option', { hasText: /^left out/ });
  assert.equal((await option.first().textContent()).trim(), 'left out (trec_eval 9, pytrec_eval)');
  await page.getByTestId('compare').locator('summary').click();
  assert.match(await page.getByTestId('compare').innerText(), /trec_eval 10 without -c stops with an error: its row then gives trec_eval 9's numbers/);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('query ids spelled otherwise are pointed out; a run without its tag column is told so at its lines', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles([
    file('qrels.txt', '0101 0 D020 1\n102 0 D011 1\n'),
    file('run.txt', RUN),
  ]);
  // 102: D011, its one relevant document, at rank 1: AP 1. 101 is not
  // 0101, so it is not evaluated.
  await cell(page, 'sysA', 'AP').waitFor({ timeout: 15000 });
  assert.equal(await cell(page, 'sysA', 'AP').innerText(), '1.0000');
  const warning = page.locator('[data-testid="warning"][data-kind="lookalike-query-ids"]');
  assert.match(await warning.innerText(), /^sysA: its query 101 is written 0101 in the judgments: ids are compared exactly, as by trec_eval, so such a query is not evaluated\. Write its id alike in both files\./);
  // It comes first: it is the cause of the missing and unjudged queries.
  assert.equal(await page.locator('[data-testid="warning"]').first().getAttribute('data-kind'), 'lookalike-query-ids');
  await page.getByTestId('file-input').setInputFiles([
    file('run5.txt', '102 Q0 D011 1 7.0\n102 Q0 D012 2 6.0\n'),
  ]);
  const errors = page.getByTestId('file-errors');
  await errors.waitFor({ timeout: 15000 });
  assert.match(await errors.innerText(), /run5\.txt, line 1, column 18: expected 6 fields `?qid Q0 docid rank score tag`? \(this line has 5: its tag is missing\)/);
  // Evaluated without its bad lines, it has none left: refused, not a
  // system that retrieved nothing (its zeros would pass for one's).
  await page.getByTestId('evaluate-partial').click();
  const refused = page.getByTestId('refused-row');
  await refused.waitFor({ timeout: 15000 });
  assert.match(await refused.innerText(), /^run5\.txt[^]*No numbers: none of its result lines could be read \(see the file problems\)\./);
  assert.equal(await cell(page, 'sysA', 'AP').innerText(), '1.0000');
  // On a phone its reason wraps within the table's window (the cell spans
  // every measure's column, far wider than the screen).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => {
    const text = document.querySelector('[data-testid="refused-row"] .refusal-text').getBoundingClientRect();
    const view = document.querySelector('[data-testid="refused-row"]').closest('.table-scroll').getBoundingClientRect();
    return text.right <= view.right && text.left >= view.left;
  }, null, { timeout: 5000 });
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('a big run none of whose lines reads is refused, not scored 0, when evaluated without its bad lines', async () => {
  // Queries the run lacks score 0: a run of unread lines would pass for
  // one that retrieved nothing.
  const state = { quick_text: '', files: [], settings: { missing: 'ScoreZero' } };
  const fragment = '#s=' + deflateRawSync(Buffer.from(JSON.stringify(state)), { level: 9 }).toString('base64url');
  const { context, page, seen } = await open(env, { url: env.server.url + fragment });
  await showTab(page, 'files');
  // Over 8 MB, so the workers read it; grouped by query; every line lacks its tag.
  const lines = [];
  for (let i = 0; i < 450000; i++) lines.push(`${i < 225000 ? 101 : 102} Q0 D${String(i).padStart(6, '0')} ${i % 225000 + 1} ${(900000 - i) / 1000}\n`);
  const big = Buffer.from(lines.join(''));
  assert.ok(big.length > 8 * 2 ** 20);
  await page.getByTestId('file-input').setInputFiles([
    file('qrels.txt', '101 0 D000001 1\n102 0 D225001 1\n'),
    file('big-run.txt', big),
  ]);
  const errors = page.getByTestId('file-errors');
  await errors.waitFor({ timeout: 60000 });
  assert.match(await errors.innerText(), /big-run\.txt, line 1, column \d+: expected 6 fields `?qid Q0 docid rank score tag`? \(this line has 5: its tag is missing\)/);
  await page.getByTestId('evaluate-partial').click();
  const refused = page.getByTestId('refused-row');
  await refused.waitFor({ timeout: 60000 });
  assert.match(await refused.innerText(), /^big-run\.txt[^]*No numbers: none of its result lines could be read \(see the file problems\)\./);
  assert.equal(await page.locator('[data-testid="results"] button.value').count(), 0);
  assert.deepEqual(seen.errors, []);
  await context.close();
});
