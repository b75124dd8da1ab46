// Big files in the browser: a seeded 40 MB run (over the 8 MB line, so it
// stays on disk and is read in chunks by workers, split between them)
// gives the values computed here from the definitions, shows its progress
// while the page keeps painting, locates a bad line deep in the file,
// explains a query (read again by a worker), survives a reload, can be
// cancelled and evaluated again, and a run whose queries are not grouped is
// still evaluated (read whole), and where the worker cannot start (a browser
// without wasm's SIMD128, which the worker is built with) the page
// evaluates the files itself.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, SHOTS, cell, open, showTab, useBrowser } from './harness.mjs';
import { corpus } from './big_corpus.mjs';

const env = useBrowser();
const DIR = join(ROOT, 'target', 'e2e', 'big');
const BAD_LINE = 400_003;

let big;
let ungrouped;
let small;
before(async () => {
  await mkdir(DIR, { recursive: true });
  big = corpus(1500, 1000, { badLine: BAD_LINE });
  await writeFile(join(DIR, 'run.txt'), big.run);
  await writeFile(join(DIR, 'qrels.txt'), big.qrels);
  ungrouped = corpus(400, 1000, { repeatFirst: true });
  await writeFile(join(DIR, 'ungrouped.txt'), ungrouped.run);
  await writeFile(join(DIR, 'qrels-ungrouped.txt'), ungrouped.qrels);
  small = corpus(400, 1000);
  await writeFile(join(DIR, 'run-9mb.txt'), small.run);
  await writeFile(join(DIR, 'qrels-9mb.txt'), small.qrels);
});

/** A prelude to worker.js that makes each of the workers' stream reads
 * hand over its bytes 40 ms per MB late (and logs once that it did): the
 * 40 MB job then lasts a second or more on any machine, so its progress is
 * painted before its end however fast the machine is. The workers' messages
 * themselves are not held. */
const SLOW_READS =
  'const readBytes = ReadableStreamBYOBReader.prototype.read;\n' +
  'let slowed = false;\n' +
  'ReadableStreamBYOBReader.prototype.read = function (view) {\n' +
  '  if (!slowed) { slowed = true; console.log("ranklab-test: slow reads"); }\n' +
  '  return readBytes.call(this, view).then((r) =>\n' +
  '    new Promise((done) => setTimeout(() => done(r), (r.value ? r.value.byteLength : 0) / 25000)));\n' +
  '};\n';

/** Records, in the page, the progress texts shown and the longest gap
 * between painted frames until the run's row appears. */
async function watchJob(page, system) {
  await page.evaluate((system) => {
    const seen = (window.__jobTexts = []);
    window.__maxFrameGap = 0;
    let last = performance.now();
    const frame = (t) => {
      window.__maxFrameGap = Math.max(window.__maxFrameGap, t - last);
      last = t;
      if (!document.querySelector(`[data-testid="results"] td[data-system="${system}"]`)) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    new MutationObserver(() => {
      const t = document.querySelector('[data-testid="job-text"]')?.textContent;
      if (t && seen[seen.length - 1] !== t) seen.push(t);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, system);
}

test('a 40 MB run is streamed by workers and gives the definitions\' values', async () => {
  assert.ok(big.run.length > 40e6, `${big.run.length} bytes`);
  // Slowed reads: on a fast machine the job could end before a second progress text.
  const { context, page, seen } = await open(env, { workerPrelude: SLOW_READS });
  await showTab(page, 'files');
  await watchJob(page, 'run.txt');
  // The pieces the page deals to the workers, as it posts them.
  await page.evaluate(() => {
    const post = Worker.prototype.postMessage;
    window.__dealt = [];
    Worker.prototype.postMessage = function (message, ...rest) {
      if (message && 'deal' in message) window.__dealt.push(message.deal);
      return post.call(this, message, ...rest);
    };
  });
  await page.getByTestId('file-input').setInputFiles([join(DIR, 'qrels.txt'), join(DIR, 'run.txt')]);
  // The run has a bad line: no numbers until the reader chooses to go on without it.
  const withheld = page.getByTestId('numbers-withheld');
  await withheld.waitFor({ timeout: 60000 });
  assert.match(await withheld.innerText(), new RegExp(`No numbers from the files: 1 bad line could not be read\\.[^]*run\\.txt, line ${BAD_LINE}, column \\d+: expected a numeric score`));
  assert.equal(await page.locator('[data-testid="results"] td[data-system="big"]').count(), 0);
  await page.getByTestId('evaluate-partial').click();
  await cell(page, 'big', 'AP').waitFor({ timeout: 60000 });
  assert.match(await page.getByTestId('partial-mark').innerText(), /Computed from partial input: 1 bad line of run\.txt left out\./);
  // The mark tells of the bad line: the results' summary of problems does not tell it again.
  assert.equal(await page.getByTestId('problems-summary').count(), 0);
  assert.match(await page.getByTestId('results-caption').innerText(), /^Computed from partial input \(1 bad line of the files left out\)\./);
  const texts = await page.evaluate(() => window.__jobTexts);
  const gap = await page.evaluate(() => window.__maxFrameGap);
  console.log(`# 40 MB run: ${texts.length} progress texts shown, longest frame gap ${gap.toFixed(0)} ms: ${texts.join(" | ")}`);
  assert.ok(texts.some((t) => /^Reading run\.txt: [\d.]+ MB of [\d.]+ MB read, [\d,]+ queries evaluated\.$/.test(t)), texts.join(' | '));
  assert.ok(texts.length >= 3, 'the page painted the progress as it went');
  // The run was cut into pieces of 8 MiB: each worker read its first, and
  // was dealt the others as it went, each once, until none was left.
  const workers = await page.evaluate(() => Math.min(4, Math.max(1, navigator.hardwareConcurrency)));
  const pieces = Math.ceil(big.run.length / (8 << 20));
  const dealt = await page.evaluate(() => window.__dealt);
  const numbers = dealt.filter((d) => d !== null).sort((a, b) => a - b);
  assert.deepEqual(numbers, Array.from({ length: Math.max(0, pieces - workers) }, (_, i) => workers + i), `dealt ${dealt}`);
  assert.equal(dealt.filter((d) => d === null).length, workers, `dealt ${dealt}`);
  // The bad line is located at its line in the file, though a second worker read that part.
  const errors = await page.getByTestId('file-errors').innerText();
  assert.match(errors, new RegExp(`run\\.txt, line ${BAD_LINE}, column \\d+`), errors);
  assert.match(errors, /numeric score in field 5/);
  // Values from the definitions (the bad line's document is not ranked).
  const shownMap = Number(await cell(page, 'big', 'AP').innerText());
  const shownMrr = Number(await cell(page, 'big', 'RR').innerText());
  assert.equal(await cell(page, 'big', 'num_q').innerText(), '1500');
  assert.ok(Math.abs(shownMrr - big.mrr) <= 5e-5, `MRR ${shownMrr} vs ${big.mrr}`);
  assert.ok(Math.abs(shownMap - big.map) <= 5e-5, `MAP ${shownMap} vs ${big.map}`);
  assert.match(await page.getByTestId('file-list').innerText(), /run\.txt — TREC run, 3\d\.\d MB \(read from disk in chunks\)/);
  // The per-query table draws its first 100 queries, and 400 more when asked.
  const rows = page.locator('[data-testid="per-query"] tbody tr');
  assert.equal(await rows.count(), 100);
  assert.equal(await page.getByTestId('per-query-shown').innerText(), 'Showing 100 of 1,500 queries; sort by a system to see the best or worst. Show 400 more');
  await page.getByTestId('pq-measure').selectOption({ label: 'AP' });
  await page.getByTestId('per-query-more').click();
  assert.equal(await rows.count(), 500);
  assert.match(await page.getByTestId('per-query-shown').innerText(), /^Showing 500 of 1,500 queries; sort by a system to see the best or worst\.$/);
  assert.equal(await page.getByTestId('per-query-more').count(), 0);
  const q = page.locator('[data-testid="per-query"] td[data-system="big"][data-query="Q00499"]');
  assert.ok(Math.abs(Number(await q.getAttribute('data-value')) - big.ap[499]) < 1e-12, `Q00499 AP vs ${big.ap[499]}`);
  // Every query's AP, RR and documents retrieved, from the per-query JSON
  // export, against the definitions (the bad line's document is not ranked).
  await page.getByTestId('set-extra').fill('NumRet');
  await cell(page, 'big', 'NumRet').waitFor({ timeout: 60000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-pq-json').click()]);
  assert.equal(download.suggestedFilename(), 'ranklab-per-query-partial.json');
  const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(exported.partial_input.bad_lines_left_out, 1);
  const perQuery = exported['big'];
  assert.deepEqual(Object.keys(perQuery), big.ids);
  big.ids.forEach((q, i) => {
    assert.ok(Math.abs(perQuery[q].AP - big.ap[i]) < 1e-12, `${q} AP ${perQuery[q].AP} vs ${big.ap[i]}`);
    assert.ok(Math.abs(perQuery[q].RR - big.rr[i]) < 1e-12, `${q} RR ${perQuery[q].RR} vs ${big.rr[i]}`);
    assert.equal(perQuery[q].NumRet, big.ret[i], `${q} NumRet`);
  });
  assert.ok(big.ret.includes(999), 'the query with the bad line retrieves 999');
  await page.getByTestId('set-extra').fill('');
  await page.screenshot({ path: join(SHOTS, 'big-files-1280.png'), fullPage: false });
  // A query's explanation: a worker reads the run again for its whole ranking.
  await cell(page, 'big', 'AP').click();
  const box = page.getByTestId('explanation');
  await box.getByTestId('explain-query').nth(2).click();
  await box.locator('h3', { hasText: /^AP = / }).waitFor({ timeout: 30000 });
  const title = await box.locator('h3').innerText();
  assert.match(title, /^AP = \d\.\d{4} for big, query Q00002$/);
  assert.ok(Math.abs(Number(title.slice(5, 11)) - big.ap[2]) <= 5e-5, `${title} vs ${big.ap[2]}`);
  assert.ok((await box.getByTestId('steps').locator('tbody tr').count()) > 0);
  await box.getByTestId('close-explanation').click();
  // Kept across a reload: the run comes back from IndexedDB as a blob.
  await page.reload();
  // The choice is asked again after a reload.
  await page.getByTestId('evaluate-partial').click({ timeout: 60000 });
  await cell(page, 'big', 'AP').waitFor({ timeout: 60000 });
  assert.equal(Number(await cell(page, 'big', 'AP').innerText()), shownMap);
  assert.deepEqual(seen.foreign, []);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('Cancel stops the workers; Evaluate again brings the results', async () => {
  const { context, page } = await open(env);
  await showTab(page, 'files');
  // Click Cancel the moment it is drawn (from the page, so no round trip).
  await page.evaluate(() => {
    new MutationObserver((_, obs) => {
      const b = document.querySelector('[data-testid="job-cancel"]');
      if (b) { obs.disconnect(); b.click(); }
    }).observe(document.body, { subtree: true, childList: true });
  });
  await page.getByTestId('file-input').setInputFiles([join(DIR, 'qrels.txt'), join(DIR, 'run.txt')]);
  // Reading 40 MB into the page's store first can be slow on a busy machine.
  // If Cancel never shows its result, say what the page showed instead.
  await page.getByTestId('job-cancelled').waitFor({ timeout: 60000 }).catch(async (e) => {
    await page.screenshot({ path: join(SHOTS, 'cancel-failed.png'), fullPage: true });
    const results = await page.getByTestId('results-pane').innerText().catch(() => '');
    const status = await page.locator('.results-pane').innerText().catch(() => '');
    throw new Error(`${e.message}\nwhat the results showed: ${(results || status).slice(0, 600)}`);
  });
  assert.match(await page.getByTestId('job-cancelled').innerText(), /cancelled/);
  await page.waitForTimeout(1500);
  assert.equal(await page.locator('[data-testid="results"] td[data-system="big"]').count(), 0, 'no results after Cancel');
  await page.getByTestId('job-retry').click();
  await page.getByTestId('evaluate-partial').click({ timeout: 60000 });
  await cell(page, 'big', 'AP').waitFor({ timeout: 60000 });
  assert.equal(await page.getByTestId('job-cancelled').count(), 0);
  await context.close();
});

test('Cancel after progress: no later message revives the job', async () => {
  // On a fast machine the 40 MB job can end before a progress text with
  // queries evaluated is painted, so Cancel would never be clicked: the
  // workers' reads are slowed (SLOW_READS).
  const { context, page, told } = await openWithWorkerPrelude(SLOW_READS, 'ranklab-test: slow reads');
  // Click Cancel from the page as soon as a progress text says queries were
  // evaluated (the workers are mid-stream), and record every progress text.
  await page.evaluate(() => {
    window.__texts = [];
    window.__cancelledAt = -1;
    new MutationObserver(() => {
      const t = document.querySelector('[data-testid="job-text"]')?.textContent;
      if (t && window.__texts[window.__texts.length - 1] !== t) window.__texts.push(t);
      const b = document.querySelector('[data-testid="job-cancel"]');
      if (b && window.__cancelledAt < 0 && /[1-9][\d,]* quer(y|ies) evaluated/.test(t ?? '')) {
        window.__cancelledAt = window.__texts.length;
        b.click();
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByTestId('file-input').setInputFiles([join(DIR, 'qrels.txt'), join(DIR, 'run.txt')]);
  await page.getByTestId('job-cancelled').waitFor({ timeout: 60000 });
  const at = await page.evaluate(() => window.__cancelledAt);
  assert.ok(at > 0, 'Cancel was clicked after a progress text with queries evaluated');
  assert.ok(told() >= 1, 'the workers read through the slowed reader');
  // The workers had more to send; none of it may bring the job back.
  await page.waitForTimeout(3000);
  const texts = await page.evaluate(() => window.__texts);
  assert.equal(texts.length, at, `progress shown after Cancel: ${texts.slice(at).join(' | ')}`);
  assert.equal(await page.getByTestId('job-cancelled').count(), 1);
  assert.equal(await page.getByTestId('job-cancel').count(), 0);
  assert.equal(await page.locator('[data-testid="results"] td[data-system="big"]').count(), 0, 'no results after Cancel');
  await context.close();
});

/** The app in a new context whose worker.js starts with `prelude` (as a
 * browser lacking something would run it), on the files door; `told()`
 * counts the console messages equal to `message` so far. No service worker
 * here, so the route sees the worker's request. */
async function openWithWorkerPrelude(prelude, message) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await context.route('**/worker.js', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: prelude + await response.text() });
  });
  const page = await context.newPage();
  let count = 0;
  page.on('console', (m) => { if (m.text() === message) count += 1; });
  await page.goto(env.server.url);
  await showTab(page, 'files');
  return { context, page, told: () => count };
}

test('where a browser has no byte-stream reader, workers read the file in slices', async () => {
  // Chromium has byte-stream readers; the worker's script is served with
  // them removed (and each FileReaderSync read logged), as in a browser without
  // them.
  // The workers end with the job: each slice they read is told on the console.
  const { context, page, told } = await openWithWorkerPrelude(
    'delete self.ReadableStreamBYOBReader;\n' +
    'const readSlice = FileReaderSync.prototype.readAsArrayBuffer;\n' +
    'FileReaderSync.prototype.readAsArrayBuffer = function (b) { console.log("ranklab-test: slice read"); return readSlice.call(this, b); };\n',
    'ranklab-test: slice read');
  await page.getByTestId('file-input').setInputFiles([join(DIR, 'qrels.txt'), join(DIR, 'run.txt')]);
  await page.getByTestId('evaluate-partial').click({ timeout: 60000 });
  await cell(page, 'big', 'AP').waitFor({ timeout: 60000 });
  assert.ok(Math.abs(Number(await cell(page, 'big', 'AP').innerText()) - big.map) <= 5e-5);
  assert.ok(Math.abs(Number(await cell(page, 'big', 'RR').innerText()) - big.mrr) <= 5e-5);
  const errors = await page.getByTestId('file-errors').innerText();
  assert.match(errors, new RegExp(`run\\.txt, line ${BAD_LINE}, column \\d+`), errors);
  // 40 MB in 4 MB slices, split between the workers.
  assert.ok(told() >= 10, `${told()} slices read`);
  await context.close();
});

test('a big run whose queries are not grouped is read whole and evaluated', async () => {
  assert.ok(ungrouped.run.length > 9e6);
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles([join(DIR, 'qrels-ungrouped.txt'), join(DIR, 'ungrouped.txt')]);
  await cell(page, 'big', 'RR').waitFor({ timeout: 60000 });
  // The repeated query gains a non-relevant document at the end: RR unchanged, AP too.
  assert.ok(Math.abs(Number(await cell(page, 'big', 'RR').innerText()) - ungrouped.mrr) <= 5e-5);
  assert.ok(Math.abs(Number(await cell(page, 'big', 'AP').innerText()) - ungrouped.map) <= 5e-5);
  assert.equal(await page.getByTestId('file-errors').count(), 0);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('where the worker cannot start (no SIMD128), the page evaluates a big run itself', async () => {
  assert.ok(small.run.length > 9e6);
  // worker.js as a browser without SIMD128 runs it: compiling the worker's
  // wasm fails (as its vector instructions would).
  const { context, page, told } = await openWithWorkerPrelude(
    'const refuse = () => { console.log("ranklab-test: worker refused"); return Promise.reject(new WebAssembly.CompileError("invalid value type (no SIMD128 here)")); };\n' +
    'WebAssembly.instantiateStreaming = WebAssembly.instantiate = WebAssembly.compileStreaming = WebAssembly.compile = refuse;\n',
    'ranklab-test: worker refused');
  await page.getByTestId('file-input').setInputFiles([join(DIR, 'qrels-9mb.txt'), join(DIR, 'run-9mb.txt')]);
  await cell(page, 'big', 'AP').waitFor({ timeout: 90000 });
  assert.equal(await cell(page, 'big', 'num_q').innerText(), '400');
  assert.ok(Math.abs(Number(await cell(page, 'big', 'AP').innerText()) - small.map) <= 5e-5);
  assert.ok(Math.abs(Number(await cell(page, 'big', 'RR').innerText()) - small.mrr) <= 5e-5);
  assert.equal(await page.getByTestId('file-errors').count(), 0);
  assert.ok(told() >= 1, 'the workers could not start');
  await context.close();
});
