// A phone (390 x 844): results on the first screen, and the system column
// stays in view when the results table scrolls sideways.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, cell, loadCase, open, showTab, useBrowser } from './harness.mjs';

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

test('at 390 x 844 what is typed stays in sight when results appear above the box', async () => {
  const { page, context } = await open(env, { width: 390, height: 844, touch: true });
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  await page.getByTestId('tab-text').click();
  const box = page.getByTestId('quick-input');
  await box.click();
  // Emptied: the results go, the page shrinks to its top.
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.waitForTimeout(300);
  // A first line typed: the results come back above the box.
  await page.keyboard.type('q1: 3 2 0 1 0');
  await cell(page, 'System 1', 'RR').or(page.locator('[data-testid="results"] td[data-measure="RR"]').first()).first().waitFor({ timeout: 15000 });
  await page.waitForTimeout(300);
  const top = (await box.boundingBox()).y;
  const bar = (await page.locator('.tab-bar').boundingBox()).y;
  assert.ok(top >= 0 && top < bar - 40, `the box's top at y = ${top}, the door bar at ${bar}`);
  assert.equal(await box.inputValue(), 'q1: 3 2 0 1 0');
  await page.screenshot({ path: `${SHOTS}/phone-typing.png` });
  await context.close();
});

test('at 390 x 844 an exercise\'s steps table fits the screen: every column a sum reads is in sight', async () => {
  const { page, context } = await open(env, { width: 390, height: 844, touch: true, url: `${env.server.url}#learn` });
  for (const exercise of [/^ERR@3/, /^nDCG@3/]) {
    await page.getByTestId('exercise-pick').filter({ hasText: exercise }).tap();
    const table = page.locator('table.exercise-steps').first();
    await table.waitFor();
    const [right, room] = await table.evaluate((t) => [t.getBoundingClientRect().right, t.parentElement.getBoundingClientRect().right]);
    assert.ok(right <= room + 0.5, `${exercise}: the table ends at ${right}, its box at ${room}`);
    // The answer box takes a fraction: no decimal-only keypad.
    assert.equal(await page.getByTestId('exercise-answer').getAttribute('inputmode'), null);
  }
  await page.screenshot({ path: `${SHOTS}/phone-steps.png` });
  await context.close();
});

test("at 390 x 844 a form's rank rows keep their buttons on screen, whatever the grades' names", async () => {
  const { page, context, seen } = await open(env, { width: 390, height: 844, touch: true });
  // Grades named R and N: "R (1, relevant)" made a row 384 px wide in 366.
  await loadCase(page, '003-ap');
  await showTab(page, 'form');
  const rows = page.getByTestId('rank-row');
  await rows.first().waitFor();
  for (const row of await rows.all()) {
    const [inner, right] = await row.evaluate((li) => [li.getBoundingClientRect().right,
      Math.max(...[...li.querySelectorAll('button, select, label')].map((e) => e.getBoundingClientRect().right))]);
    assert.ok(right <= inner + 0.5 && right <= 390, `a row's controls end at ${right}, the row at ${inner}`);
  }
  assert.deepEqual(seen.errors, []);
  await context.close();
});
