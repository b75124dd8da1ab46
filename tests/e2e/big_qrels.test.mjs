// Big qrels shared by the workers: a seeded qrels over the 8 MB line (read
// from disk in chunks) with a bad line, and a 40 MB run split between four
// workers, each of which parses a quarter of the qrels and gets every
// worker's judgments through the page. The bad qrels line (in the second
// quarter) is located in the whole file, and every query's AP, RR and
// nDCG@10 (graded) are those computed here from the definitions, so a worker
// given wrong judgments (or none) fails the test.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, cell, open, showTab, useBrowser } from './harness.mjs';
import { corpus } from './big_corpus.mjs';

const env = useBrowser();
const DIR = join(ROOT, 'target', 'e2e', 'big-qrels');
// A grade of 0 written "zero", on a line of the 727th query.
const BAD_QRELS_LINE = 300_000;

let big;
before(async () => {
  await mkdir(DIR, { recursive: true });
  big = corpus(1500, 1000, { padQrels: 400, badQrelsLine: BAD_QRELS_LINE });
  await writeFile(join(DIR, 'run.txt'), big.run);
  await writeFile(join(DIR, 'qrels.txt'), big.qrels);
});

test('workers share the parsing of a big qrels: its bad line located, graded values as defined', async () => {
  assert.ok(big.qrels.length > 8.5e6, `${big.qrels.length} bytes of qrels`);
  assert.ok(big.run.length > 40e6, `${big.run.length} bytes of run`);
  const { context, page, seen } = await open(env);
  // Four workers whatever the machine's cores: each is sent the other
  // three's pieces of the judgments (counted as the page posts them; a
  // worker keeps its own).
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 4 });
    const post = Worker.prototype.postMessage;
    window.__handed = 0;
    Worker.prototype.postMessage = function (message, transfer) {
      const pieces = message?.pieces;
      if (Array.isArray(pieces) && pieces.length === 3 && pieces.every((p) => p instanceof ArrayBuffer && p.byteLength > 0)) window.__handed++;
      return post.call(this, message, transfer);
    };
  });
  await page.reload();
  await page.locator('.page').waitFor({ timeout: 15000 });
  assert.equal(await page.evaluate(() => navigator.hardwareConcurrency), 4);
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles([join(DIR, 'qrels.txt'), join(DIR, 'run.txt')]);
  const withheld = page.getByTestId('numbers-withheld');
  await withheld.waitFor({ timeout: 60000 });
  assert.match(await withheld.innerText(), /No numbers from the files: 1 bad line could not be read\./);
  const errors = await page.getByTestId('file-errors').innerText();
  const bad = big.qrels.split('\n')[BAD_QRELS_LINE - 1];
  assert.match(bad, / zero$/);
  const column = bad.lastIndexOf(' ') + 2;
  assert.match(errors, new RegExp(`qrels\\.txt, line ${BAD_QRELS_LINE}, column ${column}`), errors);
  assert.match(await page.getByTestId('file-list').innerText(), /qrels\.txt — TREC qrels, \d+\.\d MB \(read from disk in chunks\)/);
  await page.getByTestId('evaluate-partial').click();
  await cell(page, 'big', 'AP').waitFor({ timeout: 60000 });
  // One evaluation (going on without the bad line shows what it found).
  assert.equal(await page.evaluate(() => window.__handed), 4);
  assert.equal(await cell(page, 'big', 'num_q').innerText(), '1500');
  assert.ok(Math.abs(Number(await cell(page, 'big', 'AP').innerText()) - big.map) <= 5e-5);
  // Every query's values, from the per-query JSON export.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-pq-json').click()]);
  const perQuery = JSON.parse(await readFile(await download.path(), 'utf8'))['big'];
  assert.deepEqual(Object.keys(perQuery), big.ids);
  big.ids.forEach((q, i) => {
    assert.ok(Math.abs(perQuery[q].AP - big.ap[i]) < 1e-12, `${q} AP ${perQuery[q].AP} vs ${big.ap[i]}`);
    assert.ok(Math.abs(perQuery[q].RR - big.rr[i]) < 1e-12, `${q} RR ${perQuery[q].RR} vs ${big.rr[i]}`);
    assert.ok(Math.abs(perQuery[q]['nDCG@10'] - big.ndcg10[i]) < 1e-12, `${q} nDCG@10 ${perQuery[q]['nDCG@10']} vs ${big.ndcg10[i]}`);
  });
  assert.deepEqual(seen.foreign, []);
  assert.deepEqual(seen.errors, []);
  await context.close();
});
