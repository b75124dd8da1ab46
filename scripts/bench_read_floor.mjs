// What the browser itself takes to hand the benchmark's files to workers,
// with no evaluation at all: the floor under scripts/bench-browser's
// figure. A page of its own (written into target/bench/floor/, never
// committed) starts one worker per core up to four ahead of time, as the
// app does on its files door; on the file input's change event each worker
// streams what the app's workers read (the qrels whole, and its share of
// the run with the app's 1 MiB look-behind) through a 4 MiB reusable
// buffer, as src/big_files/blob_reading.rs does, and only counts the bytes.
// Timed in the page from the change event to the last worker's answer, and
// in the driver from the file input to that answer shown, as
// bench_browser.mjs times the app, with the CPU time of every Chromium
// process meanwhile. Prints one JSON line.
// Usage: node scripts/bench_read_floor.mjs QRELS RUN [ROUNDS]
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launch, serve } from '../tests/e2e/harness.mjs';
import { chromiumCpuS } from './chromium_cpu.mjs';

const [qrels, run] = process.argv.slice(2, 4).map((p) => resolve(p));
const rounds = Number(process.argv[4] ?? 1);
const dir = resolve(new URL('..', import.meta.url).pathname, 'target', 'bench', 'floor');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'index.html'), `<!doctype html><meta charset="utf-8">
<input type="file" id="files" multiple><output id="done"></output>
<script>
const count = Math.min(Math.max(navigator.hardwareConcurrency || 1, 1), 4);
const workers = Array.from({ length: count }, () => new Worker('read.js'));
document.getElementById('files').addEventListener('change', (e) => {
  const start = performance.now();
  const files = [...e.target.files];
  const [qrels, run] = [files.find((f) => f.name === 'qrels'), files.find((f) => f.name === 'run')];
  let answered = 0, bytes = 0;
  workers.forEach((w, i) => {
    const begin = Math.floor(run.size * i / count), end = Math.floor(run.size * (i + 1) / count);
    w.onmessage = (m) => {
      bytes += m.data;
      if (++answered === count) {
        document.getElementById('done').textContent = JSON.stringify({ ms: performance.now() - start, bytes, workers: count });
      }
    };
    w.postMessage([qrels, run.slice(Math.max(begin - (1 << 20), 0), end)]);
  });
});
</script>`);
writeFileSync(resolve(dir, 'read.js'), `onmessage = async (m) => {
  let bytes = 0;
  for (const blob of m.data) {
    const reader = blob.stream().getReader({ mode: 'byob' });
    let buffer = new ArrayBuffer(4 << 20);
    for (;;) {
      const { done, value } = await reader.read(new Uint8Array(buffer));
      if (done) break;
      bytes += value.length;
      buffer = value.buffer;
    }
  }
  postMessage(bytes);
};`);

const { url, close } = await serve(dir);
const browser = await launch();
const out = [];
for (let i = 0; i < rounds; i++) {
  const page = await browser.newPage();
  await page.goto(url + 'index.html');
  await page.waitForTimeout(500);
  const cpu0 = chromiumCpuS('chromium');
  const t0 = performance.now();
  await page.setInputFiles('#files', [qrels, run]);
  const done = page.locator('#done');
  await done.filter({ hasText: 'ms' }).waitFor({ timeout: 120000 });
  const seconds = (performance.now() - t0) / 1000;
  const cpuS = chromiumCpuS('chromium') - cpu0;
  const { ms, bytes, workers } = JSON.parse(await done.textContent());
  out.push({ seconds, inPageMs: ms, cpuS, bytes, workers });
  await page.close();
}
console.log(JSON.stringify(out));
await browser.close();
await close();
