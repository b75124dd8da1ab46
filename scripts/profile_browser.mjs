// Loads a qrels and a run into the built app under Chromium's sampling
// profiler (tracing category v8.cpu_profiler, which covers the page and its
// workers), then prints, per thread, the functions with the most self time,
// and when each worker started, parsed its first run line and finished.
// Used by scripts/profile-browser.
// Usage: node scripts/profile_browser.mjs DIST QRELS RUN TRACE_OUT
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { resolve } from 'node:path';
import { openBench, openDoor } from '../tests/e2e/harness.mjs';

const [dist, qrels, run, traceOut] = process.argv.slice(2).map((p) => resolve(p));
// The benchmark's measures (scripts/bench_browser.mjs): RR, AP, nDCG@10, R@1000.
const state = { quick_text: '', files: [], settings: { families: ['RR', 'AP', 'NDCG'], cutoffs: [10], extra: 'R@1000' } };
const fragment = '#s=' + deflateRawSync(Buffer.from(JSON.stringify(state)), { level: 9 }).toString('base64url');
const { server, browser, page, errors } = await openBench(dist, fragment);
await page.locator('.page').waitFor({ timeout: 30000 });
await openDoor(page, 'files');
await page.waitForTimeout(500);
await browser.startTracing(page, { path: traceOut, categories: ['disabled-by-default-v8.cpu_profiler'] });
const t0 = Date.now();
await page.getByTestId('file-input').setInputFiles([qrels, run]);
// The one run's MAP (the run is named after its tag, whatever its file's name).
// Checked at every frame, as scripts/bench_browser.mjs waits (a locator's
// polls back off to 500 ms, and their layout checks would be profiled).
const cell = '[data-testid="results"] td[data-measure="AP"] .value';
await page.waitForFunction((s) => document.querySelector(s)?.textContent, cell, { polling: 'raf', timeout: 600000 });
const seconds = (Date.now() - t0) / 1000;
await page.waitForTimeout(300);
await browser.stopTracing();
await browser.close();
await server.close();
if (errors.length) throw new Error(`page errors: ${errors}`);

// Chromium writes each thread's profile as a Profile event and ProfileChunks.
const trace = JSON.parse(readFileSync(traceOut, 'utf8'));
const events = trace.traceEvents ?? trace;
const threadNames = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
const profiles = new Map();
for (const e of events) {
  if (e.name === 'Profile') {
    profiles.set(`${e.pid}:${e.id}`, { start: e.args.data.startTime, nodes: new Map(), samples: [], deltas: [], thread: threadNames.get(`${e.pid}:${e.tid}`) ?? '?' });
  }
}
for (const e of events) {
  const p = e.name === 'ProfileChunk' && profiles.get(`${e.pid}:${e.id}`);
  if (!p) continue;
  for (const n of e.args.data.cpuProfile?.nodes ?? []) p.nodes.set(n.id, n);
  p.samples.push(...(e.args.data.cpuProfile?.samples ?? []));
  p.deltas.push(...(e.args.data.timeDeltas ?? []));
}
const origin = Math.min(...[...profiles.values()].map((p) => p.start));
const ms = (us) => Math.round(us / 1000);
console.log(`drop to results: ${seconds.toFixed(2)} s (driver's file input to MAP shown)`);
for (const p of profiles.values()) {
  const self = new Map();
  let total = 0, first, firstLine, last;
  let t = p.start;
  p.samples.forEach((id, i) => {
    const dt = p.deltas[i] ?? 0;
    t += dt;
    const name = p.nodes.get(id)?.callFrame?.functionName || '(anonymous)';
    self.set(name, (self.get(name) ?? 0) + dt);
    total += dt;
    if (/ranklab/.test(name)) { first ??= t; last = t; }
    if (/parse_run_line/.test(name)) firstLine ??= t;
  });
  if (total < 100_000) continue;
  console.log(`\n${p.thread}: ${ms(total)} ms sampled`);
  if (first !== undefined) {
    console.log(`  ms from the first profile: Ranklab code from ${ms(first - origin)}, first run line ${firstLine === undefined ? '-' : ms(firstLine - origin)}, last Ranklab code ${ms(last - origin)}`);
  }
  for (const [name, us] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    // Rust's mangled crate hashes ([0123abcd]) only make names long.
    console.log(`  ${String(ms(us)).padStart(5)} ms  ${name.replace(/\[[0-9a-f]+\]/g, '').slice(0, 110)}`);
  }
}

// The page's own share: its main thread's busy time (every sample but idle)
// from the last worker's Ranklab code to the end of the trace.
const threadLast = (p) => {
  let t = p.start, last;
  p.samples.forEach((id, i) => { t += p.deltas[i] ?? 0; if (/ranklab/.test(p.nodes.get(id)?.callFrame?.functionName ?? '')) last = t; });
  return last;
};
const workersEnd = Math.max(...[...profiles.values()].filter((p) => p.thread.startsWith('DedicatedWorker')).map(threadLast).filter((t) => t !== undefined));
for (const p of [...profiles.values()].filter((q) => q.thread === 'CrRendererMain')) {
  let t = p.start, busy = 0, span = 0;
  p.samples.forEach((id, i) => {
    const dt = p.deltas[i] ?? 0;
    t += dt;
    if (t <= workersEnd) return;
    span += dt;
    if ((p.nodes.get(id)?.callFrame?.functionName ?? '') !== '(idle)') busy += dt;
  });
  if (Number.isFinite(workersEnd) && span > 0) {
    console.log(`\nthe page after the workers' last code (${ms(workersEnd - origin)} ms): main thread busy ${ms(busy)} ms of ${ms(span)} ms`);
  }
}
