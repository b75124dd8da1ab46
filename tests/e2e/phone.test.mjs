// A phone (390 x 844): results on the first screen, and the system column
// stays in view when the results table scrolls sideways.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, cell, open, useBrowser } from './harness.mjs';

const env = useBrowser();

test('at 390 x 844 a result is on the first screen and rows stay labelled', async () => {
  const { page, context } = await open(env, { width: 390, height: 844 });
  const value = cell(page, 'BM25', 'RR');
  await value.waitFor({ timeout: 15000 });
  const box = await value.boundingBox();
  assert.ok(box.y + box.height <= 844, `first result at y = ${box.y}, below the first screen`);
  await page.screenshot({ path: `${SHOTS}/phone-first-screen.png` });
  // Scroll the results table sideways: the system names stay at its left edge.
  const scroller = page.locator('[data-testid="results"]').locator('xpath=ancestor::div[contains(@class, "table-scroll")][1]');
  const wide = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth);
  assert.ok(wide, 'the results table is wider than a phone');
  const label = page.locator('[data-testid="results"] th[scope="row"]').first();
  const before = (await label.boundingBox()).x;
  await scroller.evaluate((el) => { el.scrollLeft = 200; });
  await page.waitForTimeout(100);
  const after = (await label.boundingBox()).x;
  assert.ok(Math.abs(after - before) < 1, `the system column moved from ${before} to ${after}`);
  await page.screenshot({ path: `${SHOTS}/phone-scrolled-table.png` });
  await context.close();
});
