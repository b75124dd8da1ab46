// Drives the built app in headless Chromium: loads a qrels and a run file
// through the file input and times drop-to-results (until the run's MAP is
// on screen), sampling the tab's memory meanwhile: the resident memory of
// Chromium's renderer processes (page and its worker) and the page's JS
// heap. Prints one JSON line. Used by scripts/bench-browser.
// Usage: node scripts/bench_browser.mjs DIST QRELS RUN
import { readFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { resolve } from 'node:path';
import { openBench, openDoor } from '../tests/e2e/harness.mjs';
import { chromiumCpuS } from './chromium_cpu.mjs';

const [dist, qrels, run] = process.argv.slice(2).map((p) => resolve(p));

/** Resident KiB of Chromium's renderer processes (Linux /proc). */
function rendererKiB() {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('--type=renderer')) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) total += Number(m[1]);
    } catch { /* the process ended */ }
  }
  return total;
}

// The measures of the issue: AP (MAP), nDCG@10, RR and R@1000, as a shared state.
const state = { quick_text: '', files: [], settings: { families: ['RR', 'AP', 'NDCG'], cutoffs: [10], extra: 'R@1000' } };
const fragment = '#s=' + deflateRawSync(Buffer.from(JSON.stringify(state)), { level: 9 }).toString('base64url');

// Timed in the page too, without the driver's own delays: from the file
// input's change event to the first frame that shows the run's MAP.
const inPage = () => {
  const t = (window.__bench = {});
  document.addEventListener('change', () => { t.change ??= performance.now(); }, true);
  new MutationObserver(() => {
    const cell = document.querySelector('[data-testid="results"] td[data-measure="AP"] .value');
    if (cell && t.change !== undefined && t.shown === undefined) {
      requestAnimationFrame(() => { t.shown ??= performance.now(); });
    }
  }).observe(document, { subtree: true, childList: true });
};
const { server, browser, context, page, errors } = await openBench(dist, fragment, inPage);
await page.locator('.page').waitFor({ timeout: 30000 });
const cdp = await context.newCDPSession(page);
await cdp.send('Performance.enable');
await page.waitForTimeout(500);
const baseline = rendererKiB();
let peak = baseline;
let heapPeak = 0;
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    peak = Math.max(peak, rendererKiB());
    const { metrics } = await cdp.send('Performance.getMetrics');
    heapPeak = Math.max(heapPeak, metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0);
    await new Promise((r) => setTimeout(r, 50));
  }
})();
// The one run's MAP (the run is named after its tag, whatever its file's name).
const value = page.locator('[data-testid="results"] td[data-measure="AP"] .value');
// The files door is open, as when a person picks files (dropping them works from any door).
await openDoor(page, 'files');
await page.waitForTimeout(500);
const cpu0 = chromiumCpuS('--type=renderer');
const t0 = performance.now();
await page.getByTestId('file-input').setInputFiles([qrels, run]);
let sawProgress = false;
page.getByTestId('job-progress').waitFor({ timeout: 60000 }).then(() => { sawProgress = true; }, () => {});
// Checked in the page at every frame: a locator's wait polls with a
// backoff that reaches one check per 500 ms after 270 ms, which added
// 280-310 ms to each round of this benchmark (the frame showing MAP to the
// driver seeing it), time the page had already finished.
await page.waitForFunction(
  (selector) => document.querySelector(selector)?.textContent,
  '[data-testid="results"] td[data-measure="AP"] .value',
  { polling: 'raf', timeout: 600000 },
);
const seconds = (performance.now() - t0) / 1000;
const cpuS = chromiumCpuS('--type=renderer') - cpu0;
const map = await value.textContent();
const filesMs = Number(await page.getByTestId('eval-ms').getAttribute('data-files-ms'));
await page.waitForFunction(() => window.__bench.shown !== undefined);
const inPageMs = await page.evaluate(() => window.__bench.shown - window.__bench.change);
await page.waitForTimeout(1000);
sampling = false;
await sampler;
await page.screenshot({ path: resolve(dist, '..', 'target', 'bench', 'browser.png') }).catch(() => {});
console.log(JSON.stringify({
  seconds, cpuS, inPageMs, filesMs, map, sawProgress, errors,
  rendererBaselineMiB: Math.round(baseline / 1024), rendererPeakMiB: Math.round(peak / 1024),
  jsHeapPeakMiB: Math.round(heapPeak / 2 ** 20),
}));
await browser.close();
await server.close();
