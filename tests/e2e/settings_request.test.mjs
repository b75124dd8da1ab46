// Settings as one request: a setting that changes no value (the statistics'
// α, test, level and resamples) never evaluates the files again and never
// restarts a worker; a setting that changes values (a cutoff) does. Checked
// on a run over 8 MB, which workers read from disk, by counting the
// evaluation requests the page posts to its workers.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, cell, open, openDoor, useBrowser } from './harness.mjs';
import { corpus } from './big_corpus.mjs';

const env = useBrowser();
const DIR = join(ROOT, 'target', 'e2e', 'request');
let run;
before(async () => {
  await mkdir(DIR, { recursive: true });
  run = corpus(400, 1000);
  await writeFile(join(DIR, 'run.txt'), run.run);
  await writeFile(join(DIR, 'qrels.txt'), run.qrels);
});

/** Counts, in the page, the messages posted to workers that ask for an
 * evaluation: their request's bytes begin with 0, the index of the request
 * kind `Evaluate` (src/big_files/worker.rs; `Explain` is 1). */
function countRequests() {
  window.__evaluations = 0;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    const request = message && typeof message === 'object' ? message.request : undefined;
    if (request instanceof Uint8Array && request[0] === 0) window.__evaluations += 1;
    return post.call(this, message, ...rest);
  };
}

test('changing alpha, the test and the resamples on an 8 MB+ run starts no worker; a cutoff does', async () => {
  assert.ok(run.run.length > 8 * 1024 * 1024, `${run.run.length} bytes`);
  const { context, page, seen } = await open(env, { width: 1280, height: 900 });
  await page.addInitScript(countRequests);
  await page.reload();
  await openDoor(page, 'files');
  await page.getByTestId('file-input').setInputFiles([join(DIR, 'qrels.txt'), join(DIR, 'run.txt')]);
  await cell(page, 'big', 'AP').waitFor({ timeout: 60000 });
  assert.match(await page.getByTestId('file-list').innerText(), /run\.txt — TREC run, \d+\.\d MB \(read from disk in chunks\)/);
  // The values are those of the definitions.
  const map = Number(await cell(page, 'big', 'AP').innerText());
  assert.ok(Math.abs(map - run.map) <= 5e-5, `MAP ${map} vs ${run.map}`);
  const before = await page.evaluate(() => window.__evaluations);
  assert.ok(before >= 1, 'the run was evaluated by workers');
  const values = await page.locator('[data-testid="results"] tbody').innerText();
  // Statistics settings: α, the test, the resamples.
  await page.getByTestId('stats-alpha').fill('0.01');
  await page.getByTestId('stats-alpha').blur();
  await page.getByTestId('stats-test').selectOption('randomization');
  await page.getByTestId('stats-resamples').fill('500');
  await page.getByTestId('stats-resamples').blur();
  await page.waitForTimeout(1500);
  assert.equal(await page.evaluate(() => window.__evaluations), before, 'a statistics setting started workers');
  assert.equal(await page.getByTestId('job-progress').count(), 0, 'no job runs');
  assert.equal(await page.locator('[data-testid="results"] tbody').innerText(), values, 'the values stayed');
  // A cutoff changes values: the workers evaluate again.
  await page.getByTestId('set-cutoffs').fill('5');
  await page.getByTestId('set-cutoffs').blur();
  await cell(page, 'big', 'P@5').waitFor({ timeout: 60000 });
  assert.ok((await page.evaluate(() => window.__evaluations)) > before, 'a cutoff evaluates again');
  assert.deepEqual(seen.errors, []);
  await context.close();
});
