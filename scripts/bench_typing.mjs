// Typing latency of the built app in headless Chromium, measured inside the
// page: 10 systems x 50 queries x 100 graded documents in the quick-format
// text area (every measure family on, statistics and charts shown), then
// keystrokes typed at the end of a line. For each keystroke the page records
// the time from the input event to the end of the next painted frame (a
// requestAnimationFrame callback, then a task queued from it, which runs
// once that frame is painted). Prints one JSON line. Used by
// scripts/bench-typing. With --plain, DIST is a page holding only a text
// area (the floor: what the browser itself costs for such a text).
// Usage: node scripts/bench_typing.mjs DIST [KEYS] [DELAY_MS] [--plain]
import { resolve } from 'node:path';
import { openBench } from '../tests/e2e/harness.mjs';

const dist = resolve(process.argv[2] ?? 'dist');
const keys = Number(process.argv[3] ?? 60);
const delay = Number(process.argv[4] ?? 60);
const plain = process.argv.includes('--plain');

/** A seeded text: 10 systems x 50 queries x 100 grades (0-3). */
function corpus() {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const lines = [];
  for (let s = 1; s <= 10; s++) {
    lines.push(`[system ${s}]`);
    for (let q = 1; q <= 50; q++) {
      const grades = Array.from({ length: 100 }, () => Math.floor(next() ** 2 * 4));
      lines.push(`q${q}: ${grades.join(' ')}`);
    }
  }
  return lines.join('\n');
}

const { server, browser, page, errors } = await openBench(dist);
await page.locator('.page').waitFor({ timeout: 30000 });
if (!plain) await page.getByTestId('tab-text').click();
const text = corpus();
const area = page.getByTestId('quick-input');
await area.fill(text);
const ap = (system) => page.locator(`[data-testid="results"] td[data-system="${system}"][data-measure="AP"] .value`);
if (!plain) await ap('system 10').waitFor({ timeout: 30000 });
await page.waitForTimeout(1000);
const before = plain ? '' : await ap('system 1').innerText();
const evalTime = async () => (await page.locator('[data-testid="eval-ms"]').innerText().catch(() => '')).trim();

// The recorder: capture phase on the window, so it runs before the page's own handler.
await page.evaluate(() => {
  window.__lat = [];
  window.addEventListener('input', (e) => {
    const t0 = e.timeStamp;
    requestAnimationFrame(() => setTimeout(() => window.__lat.push(performance.now() - t0), 0));
  }, true);
});
// Type at the end of the last line of system 1, query 50: a digit and a space per pair.
await area.evaluate((el) => {
  const at = el.value.indexOf('\n[system 2]');
  el.focus();
  el.setSelectionRange(at, at);
});
const typed = ' 1 2 0 3'.repeat(Math.ceil(keys / 8)).slice(0, keys);
await page.keyboard.type(typed, { delay });
await page.waitForTimeout(1500);
const lat = await page.evaluate(() => window.__lat);
// The typed grades reach the results once typing pauses (and are not lost).
if (!plain) await page.getByTestId('results-updating').waitFor({ state: 'detached', timeout: 10000 });
const after = plain ? '' : await ap('system 1').innerText();
const kept = (await area.inputValue()).includes(`${typed}\n[system 2]`);
const sorted = [...lat].sort((a, b) => a - b);
const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
console.log(JSON.stringify({
  keys: lat.length, all: lat.map((x) => Math.round(x)).join(" "),
  delayMs: delay,
  medianMs: q(0.5),
  p95Ms: q(0.95),
  maxMs: sorted[sorted.length - 1],
  textBytes: text.length,
  evaluation: plain ? '' : await evalTime(),
  apSystem1: [before, after],
  typedKept: kept,
  errors,
}));
await browser.close();
server.close();
