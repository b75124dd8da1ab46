// Workers started ahead of a drop rehearse: when the files door opens, each
// worker started for big files is asked to evaluate made-up files while it
// waits (so that the browser has optimised the code a drop runs), does so
// without a fault and says nothing to the page; a drop that follows gives
// the definitions' values, from the same workers.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, cell, open, showTab, useBrowser } from './harness.mjs';
import { corpus } from './big_corpus.mjs';

const env = useBrowser();
const DIR = join(ROOT, 'target', 'e2e', 'rehearsal');
let files;
before(async () => {
  await mkdir(DIR, { recursive: true });
  files = corpus(400, 1000);
  await writeFile(join(DIR, 'run.txt'), files.run);
  await writeFile(join(DIR, 'qrels.txt'), files.qrels);
});

/** A prelude to worker.js: the worker's message handler, once set, is
 * timed on a `{ rehearse: true }` message, which it logs with the worker's
 * own count of the messages it then posted to the page (none is due). */
const TIME_REHEARSALS =
  'let posted = 0;\n' +
  'const postReply = self.postMessage.bind(self);\n' +
  'self.postMessage = (...a) => { posted += 1; return postReply(...a); };\n' +
  'Object.defineProperty(self, "onmessage", { configurable: true, set(handler) {\n' +
  '  self.addEventListener("message", (e) => {\n' +
  '    const rehearsal = e.data && e.data.rehearse === true;\n' +
  '    const [t, before] = [performance.now(), posted];\n' +
  '    handler(e);\n' +
  '    if (rehearsal) console.log(`ranklab-test: rehearsed in ${(performance.now() - t).toFixed(1)} ms, ${posted - before} messages`);\n' +
  '  });\n' +
  '} });\n';

test('the workers started by the files door rehearse, and a drop then gives the definitions\' values', async () => {
  assert.ok(files.run.length > 8 * 1024 * 1024, `${files.run.length} bytes`);
  const { context, page, seen } = await open(env, { workerPrelude: TIME_REHEARSALS });
  const rehearsals = [];
  page.on('console', (m) => {
    const found = /^ranklab-test: rehearsed in ([\d.]+) ms, (\d+) messages$/.exec(m.text());
    if (found) rehearsals.push({ ms: Number(found[1]), messages: Number(found[2]) });
  });
  await showTab(page, 'files');
  const workers = await page.evaluate(() => Math.min(4, Math.max(1, navigator.hardwareConcurrency)));
  for (let waited = 0; rehearsals.length < workers && waited < 30000; waited += 100) {
    await page.waitForTimeout(100);
  }
  console.log(`# rehearsals: ${rehearsals.map((r) => `${r.ms} ms`).join(', ')}`);
  // One rehearsal per worker: made-up files evaluated (it takes time), and
  // nothing posted to the page.
  assert.equal(rehearsals.length, workers, JSON.stringify(rehearsals));
  for (const r of rehearsals) {
    assert.ok(r.ms >= 1, `a rehearsal of ${r.ms} ms evaluated nothing`);
    assert.equal(r.messages, 0);
  }
  // The drop that follows is evaluated by the same workers: no other starts.
  await page.evaluate(() => {
    window.__started = 0;
    const Original = window.Worker;
    window.Worker = class extends Original {
      constructor(...a) { super(...a); window.__started += 1; }
    };
  });
  await page.getByTestId('file-input').setInputFiles([join(DIR, 'qrels.txt'), join(DIR, 'run.txt')]);
  await cell(page, 'big', 'AP').waitFor({ timeout: 60000 });
  assert.equal(await page.evaluate(() => window.__started), 0, 'the rehearsed workers took the drop');
  const shownMap = Number(await cell(page, 'big', 'AP').innerText());
  const shownMrr = Number(await cell(page, 'big', 'RR').innerText());
  assert.equal(await cell(page, 'big', 'num_q').innerText(), '400');
  assert.ok(Math.abs(shownMap - files.map) <= 5e-5, `MAP ${shownMap} vs ${files.map}`);
  assert.ok(Math.abs(shownMrr - files.mrr) <= 5e-5, `MRR ${shownMrr} vs ${files.mrr}`);
  assert.deepEqual(seen.errors, []);
  await context.close();
});
