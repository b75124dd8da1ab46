// A phone (390 x 844): results on the first screen, and the system column
// stays in view when the results table scrolls sideways.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, cell, loadCase, open, showTab, useBrowser } from './harness.mjs';

const env = useBrowser();

/** The RGB of each pixel of `clip` as the page shows it, top to bottom. */
async function pixels(page, clip) {
  const png = await page.screenshot({ clip });
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [img.width, img.height];
    const g = canvas.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, img.width, img.height).data;
    return Array.from({ length: d.length / 4 }, (_, i) => [d[4 * i], d[4 * i + 1], d[4 * i + 2]]);
  }, png.toString('base64'));
}

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
  // Each row's rule runs under the pinned column too (a sticky cell of a
  // collapsed-border table painted over the rule under it): the strip
  // across a row's bottom edge, under its label and under a value.
  const bg = await label.evaluate((el) => getComputedStyle(el).backgroundColor.match(/\d+/g).map(Number));
  const rule = async (x, y) => {
    const px = await pixels(page, { x, y: Math.round(y) - 3, width: 1, height: 6 });
    // How far the strip's most different pixel is from the cells' background.
    return Math.max(...px.map((p) => Math.abs(p[0] - bg[0]) + Math.abs(p[1] - bg[1]) + Math.abs(p[2] - bg[2])));
  };
  const rows = await page.locator('[data-testid="results"] tr').evaluateAll((trs) => trs.map((tr) => {
    const head = tr.querySelector('th').getBoundingClientRect();
    const value = [...tr.querySelectorAll('td, th')].map((c) => c.getBoundingClientRect()).find((r) => r.x > head.right + 4 && r.x + 10 < innerWidth);
    return { x: head.x + 6, y: head.bottom, value: value.x + 6 };
  }));
  assert.ok(rows.length >= 4, `${rows.length} rows`);
  for (const [i, row] of rows.entries()) {
    const [under, beside] = [await rule(row.x, row.y), await rule(row.value, row.y)];
    assert.ok(beside > 30, `row ${i}: the values' rule is drawn (${beside})`);
    assert.ok(under >= beside * 0.8, `row ${i}: the rule under the pinned column (${under}) against under a value (${beside})`);
  }
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

test('at 390 x 844 the statistics and tie tables are cards: each value in sight after its column\'s name', async () => {
  const { page, context, seen } = await open(env, { width: 390, height: 844, touch: true, url: `${env.server.url}#files` });
  await page.getByTestId('load-samples').tap();
  await page.locator('[data-testid="results"] td .value').first().waitFor({ timeout: 20000 });
  for (const id of ['stats-systems', 'stats-pairs', 'tie-means']) {
    const table = page.getByTestId(id);
    await table.scrollIntoViewIfNeeded();
    // Nothing to scroll sideways to, and no line saying there is.
    const [wide, room] = await table.evaluate((t) => [t.scrollWidth, t.closest('.table-scroll, [role=region]').clientWidth]);
    assert.ok(wide <= room + 1, `${id}: ${wide} px wide in ${room}`);
    const cells = await table.locator('tbody td').evaluateAll((tds) => tds.map((td) => {
      const r = td.getBoundingClientRect();
      return { label: td.dataset.label, before: getComputedStyle(td, '::before').content, left: r.left, right: r.right, text: td.innerText };
    }));
    assert.ok(cells.length >= 4, `${id}: ${cells.length} cells`);
    for (const c of cells) {
      assert.ok(c.label, `${id}: a cell without its column's name (${c.text})`);
      assert.equal(c.before, JSON.stringify(c.label), `${id}: ${c.label} shown before its value`);
      assert.ok(c.left >= 0 && c.right <= 390, `${id}: ${c.label} at ${c.left}-${c.right}`);
    }
    // The column names are the header's (kept for screen readers).
    const heads = await table.locator('thead th').allInnerTexts();
    assert.ok(heads.length >= 3, `${id}: its header row`);
    await table.screenshot({ path: `${SHOTS}/phone-${id}.png` });
  }
  // Mean and its t interval of the first system, read as a person does.
  const first = page.getByTestId('stats-systems').locator('tbody tr').first();
  const pairs = await first.locator('td').evaluateAll((tds) => tds.map((td) => [td.dataset.label, td.innerText.trim()]));
  assert.deepEqual(pairs[0], ['n', '8']);
  assert.equal(pairs[1][0], 'Mean');
  assert.match(pairs[1][1], /^0\.\d{4}$/);
  assert.equal(pairs[4][0], 't interval');
  assert.match(pairs[4][1], /^\[-?\d\.\d{4}, \d\.\d{4}\]$/);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test("at 390 x 844 an explanation's steps keep their rank column in view when they scroll sideways", async () => {
  const { page, context, seen } = await open(env, { width: 390, height: 844, touch: true });
  await loadCase(page, '004-err');
  await cell(page, 'A', 'ERR(gmax=3)@5').tap();
  const steps = page.getByTestId('explanation').getByTestId('steps');
  await steps.waitFor();
  const box = steps.locator('xpath=..');
  const [wide, room] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  assert.ok(wide > room, `ERR's steps (${wide} px) fit the phone's ${room} px: nothing to pin`);
  const rank = steps.locator('tbody tr').nth(2).locator('td').first();
  const before = (await rank.boundingBox()).x;
  await box.evaluate((el) => { el.scrollLeft = el.scrollWidth; });
  await page.waitForTimeout(100);
  assert.ok(Math.abs((await rank.boundingBox()).x - before) < 1, 'the rank column moved');
  assert.equal(await rank.innerText(), '3');
  // The last column is in sight beside it, not under it.
  const last = await steps.locator('tbody tr').nth(2).locator('td').last().boundingBox();
  const first = await rank.boundingBox();
  assert.ok(last.x >= first.x + first.width - 1 && last.x + last.width <= 391, `the last column at ${last.x}`);
  await page.screenshot({ path: `${SHOTS}/phone-err-steps.png` });
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('at 390 x 844 Embed… on a first visit opens its panel in sight', async () => {
  // The first module hands over to the whole app for the panel, which lies
  // in the header's menu: the menu comes back open, where it was tapped.
  const { context, page, seen } = await open(env, { width: 390, height: 844, touch: true });
  const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name.split('/').pop()).filter((n) => /_bg\.wasm$/.test(n)));
  assert.ok((await loaded()).every((n) => n.startsWith('ranklab-first-')), 'a first visit');
  await page.getByTestId('header-menu').click();
  await page.getByTestId('embed').click();
  const snippet = page.getByTestId('embed-snippet');
  await snippet.waitFor({ state: 'visible', timeout: 20000 });
  assert.match(await snippet.inputValue(), /^<iframe src="/);
  assert.equal(await page.getByTestId('header-menu').getAttribute('aria-expanded'), 'true');
  assert.deepEqual(seen.errors, []);
  await context.close();
});
