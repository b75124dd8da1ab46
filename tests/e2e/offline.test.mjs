// Offline: after one visit the service worker has the whole app; with the
// network cut (Playwright's offline mode) a reload still opens the app,
// which still computes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cell, open, setQuickText, useBrowser } from './harness.mjs';

const env = useBrowser();

test('a reload with the network cut still works and computes', async () => {
  const { context, page, seen } = await open(env);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  // Wait until the service worker is active and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
    }
  });
  await context.setOffline(true);
  await page.reload();
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  assert.equal(await cell(page, 'BM25', 'RR').innerText(), '0.7500');
  // Still computing: article 004's MAP example typed offline.
  await setQuickText(page, 'q1: R R N R R N R N R N\nq2: R N R N R N N R\nq3: N R R N R R');
  await cell(page, 'A', 'AP').getByText('0.7073').waitFor();
  assert.deepEqual(seen.foreign, []);
  await context.close();
});
