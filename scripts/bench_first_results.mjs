// Times a first visit: from navigation to the first frame that shows a
// value of the results table (the example rankings a fresh page opens
// with), on localhost, in headless Chromium, each round in a new context
// (nothing cached, nothing saved). Prints one JSON line with each round's
// milliseconds. Used by scripts/bench-browser.
// Usage: node scripts/bench_first_results.mjs DIST [ROUNDS]
import { resolve } from 'node:path';
import { launch, serve } from '../tests/e2e/harness.mjs';

const dist = resolve(process.argv[2]);
const rounds = Number(process.argv[3] ?? 5);
// In the page: performance.now() counts from the navigation's start.
const inPage = () => {
  const t = (window.__first = {});
  new MutationObserver(() => {
    if (t.shown === undefined && t.seen === undefined
      && document.querySelector('[data-testid="results"] td .value')) {
      t.seen = performance.now();
      requestAnimationFrame(() => { t.shown = performance.now(); });
    }
  }).observe(document, { subtree: true, childList: true });
};
const server = await serve(dist);
const browser = await launch();
const out = [];
const errors = [];
for (let i = 0; i < rounds; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.addInitScript(inPage);
  await page.goto(server.url);
  await page.waitForFunction(() => window.__first.shown !== undefined, null, { timeout: 30000 });
  const shown = await page.evaluate(() => window.__first.shown);
  const wasm = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((r) => r.name.endsWith('.wasm')).map((r) => r.responseEnd)[0] ?? 0);
  out.push({ shownMs: shown, wasmLoadedMs: wasm });
  await context.close();
}
console.log(JSON.stringify({ rounds: out, errors }));
await browser.close();
await server.close();
