// Printing the results: the page's controls are left out, the results
// table and the charts are printed whole, and the exercise pane's controls
// with them; "Save as PDF" gives a clean page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, cell, open, useBrowser } from './harness.mjs';

const env = useBrowser();

test('the results print without controls, tables kept whole', async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 900 });
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('[data-testid="results"]').isVisible(), true);
  assert.equal(await cell(page, 'BM25', 'RR').innerText(), '0.7500');
  // No visible control anywhere: buttons, selects, file inputs, tabs.
  const visible = await page.evaluate(() => [...document.querySelectorAll('button, select, input[type="file"], [role="tablist"]')]
    .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden').map((el) => el.outerHTML.slice(0, 80)));
  assert.deepEqual(visible, []);
  assert.equal(await page.locator('[data-testid="results"]').evaluate((el) => getComputedStyle(el).breakInside), 'avoid');
  await page.screenshot({ path: join(SHOTS, 'print-results.png'), fullPage: true });
  const pdf = await page.pdf({ format: 'A4', path: join(SHOTS, 'print-results.pdf') });
  assert.ok(pdf.length > 1000);
  assert.deepEqual(seen.errors, []);
  await context.close();
});
