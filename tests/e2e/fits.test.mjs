// The page fits the screens it is used on (issue: a projector at 1280x720
// and 1366x768, a 1024x768 laptop, embeds of 600-800 px, a 390x844 phone)
// and says only what is true: every results column is inside the screen or
// a scroll cue says more are to the right, captions and legends are never
// cut, the input is one tap from the results on a phone with a summary of
// them in view while typing, statistics say why they have nothing to show
// for one query, an example's panel leaves once the example is edited,
// loading another example asks nothing when nothing would be lost, and the
// embed snippet has a Copy button that copies it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, cell, loadCase, open, setQuickText, showTab, useBrowser, openDoor } from './harness.mjs';

const env = useBrowser();

/** Where the results table's columns end, against the screen and its box. */
async function layout(page) {
  return page.evaluate(() => {
    const table = document.querySelector('[data-testid="results"]');
    const box = table.closest('.table-scroll').getBoundingClientRect();
    const cue = document.querySelector('[data-testid="scroll-cue"]');
    const cueBox = cue?.getBoundingClientRect();
    const caption = document.querySelector('[data-testid="results-caption"]').getBoundingClientRect();
    return {
      width: innerWidth,
      boxRight: box.right,
      columns: [...table.querySelectorAll('thead th')].map((th) => ({
        name: th.innerText.replace(/\s+/g, ''), right: th.getBoundingClientRect().right,
        clipped: th.scrollWidth > th.clientWidth + 1,
      })),
      cue: cue ? cueBox.width > 0 && cueBox.right <= innerWidth && getComputedStyle(cue).visibility === 'visible' : false,
      captionRight: caption.right,
      pageOverflow: document.documentElement.scrollWidth - innerWidth,
    };
  });
}

/** The layout once the scroll cue has caught up with it (the cue is set
 * after the browser reports the box's size, a task after the values are
 * shown): at most 3 s. */
async function settled(page) {
  let l;
  for (let i = 0; i < 30; i++) {
    l = await layout(page);
    if (l.cue || l.columns.every((c) => c.right <= Math.min(l.width, l.boxRight) + 1)) return l;
    await page.waitForTimeout(100);
  }
  return l;
}

/** Every column inside the screen and its box, or the scroll cue shown; headers and caption whole. */
function assertFits(l, what) {
  const hidden = l.columns.filter((c) => c.right > Math.min(l.width, l.boxRight) + 1);
  assert.ok(hidden.length === 0 || l.cue, `${what}: ${hidden.map((c) => c.name).join(', ')} past the edge and no scroll cue`);
  assert.deepEqual(l.columns.filter((c) => c.clipped).map((c) => c.name), [], `${what}: headers cut`);
  assert.ok(l.captionRight <= l.width + 1, `${what}: caption ends at ${l.captionRight}`);
  assert.ok(l.pageOverflow <= 0, `${what}: the page scrolls sideways by ${l.pageOverflow}px`);
  return hidden.length;
}

for (const [width, height] of [[1280, 720], [1366, 768], [1024, 768]]) {
  test(`at ${width}x${height} the results table fits, or says it scrolls`, async () => {
    const { context, page, seen } = await open(env, { width, height });
    await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
    // The default measures: every column in view at projector sizes.
    const first = await settled(page);
    const hidden = assertFits(first, 'default measures');
    if (width >= 1280) assert.equal(hidden, 0, `at ${width} px all default columns are visible`);
    await page.locator('#results-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `fits-${width}x${height}.png`) });
    // Ten measures (k = 3, 5): wider than the pane; the cue says so.
    await page.getByTestId('set-cutoffs').fill('3, 5');
    await cell(page, 'BM25', 'R@5').waitFor();
    const wide = await settled(page);
    assertFits(wide, 'k = 3, 5');
    // Scrolled to its end, the last column is in view and the cue is gone.
    await page.locator('.table-scroll').first().evaluate((el) => { el.scrollLeft = el.scrollWidth; });
    await page.waitForTimeout(150);
    const end = await layout(page);
    assert.ok(end.columns.at(-1).right <= Math.min(end.width, end.boxRight) + 1, 'the last column scrolls into view');
    assert.equal(end.cue, false, 'no cue once nothing is hidden');
    await page.locator('#results-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `fits-${width}x${height}-k35.png`) });
    assert.deepEqual(seen.errors, []);
    await context.close();
  });
}

for (const width of [600, 800]) {
  test(`an embed ${width} px wide shows its columns, its caption and whole legend labels`, async () => {
    const { context, page, seen } = await open(env, { width, height: 700, url: `${env.server.url}?embed&case=004-err` });
    await cell(page, 'A', 'ERR(gmax=3)@5').waitFor({ timeout: 15000 });
    assertFits(await settled(page), `embed at ${width}`);
    // Legend labels end inside their chart (ERR(gmax=3)@5 kept whole, wrapped if need be).
    const chart = page.locator('figure.chart svg').first();
    await chart.waitFor();
    const texts = await chart.evaluate((svg) => {
      const w = svg.viewBox.baseVal.width || svg.getBoundingClientRect().width;
      return [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent.trim(), right: t.getBBox().x + t.getBBox().width, w }));
    });
    const cut = texts.filter((t) => t.right > t.w + 0.5);
    assert.deepEqual(cut, [], 'chart text past the chart\'s edge');
    const legend = texts.map((t) => t.text).join(' ');
    assert.ok(legend.includes('@5'), `the cutoff is in the legend: ${legend}`);
    await page.screenshot({ path: join(SHOTS, `fits-embed-${width}.png`), fullPage: true });
    assert.deepEqual(seen.errors, []);
    await context.close();
  });
}

test('on a phone the input is one tap from the results, with a summary in view while typing', async () => {
  const { context, page, seen } = await open(env, { width: 390, height: 844 });
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  await page.getByTestId('edit-rankings').tap().catch(() => page.getByTestId('edit-rankings').click());
  await page.waitForTimeout(200);
  const tabs = await page.getByTestId('tab-text').boundingBox();
  assert.ok(tabs && tabs.y >= 0 && tabs.y + tabs.height <= 844, `the input tabs are on screen after one tap (y = ${tabs?.y})`);
  await showTab(page, 'text');
  const input = page.getByTestId('quick-input');
  const text = await input.inputValue();
  // Change BM25's first grade of q1 from 3 to 0: its RR there drops.
  await input.fill(text.replace(/(\[BM25\]\n[^:]*:\s*)3/, '$10'));
  await input.focus();
  const bar = page.getByTestId('summary-bar');
  const box = await bar.boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= 844, 'the summary is on screen while typing');
  const rr = bar.locator('td[data-summary-system="BM25"][data-summary-measure="RR"]');
  await rr.waitFor();
  assert.notEqual(await rr.innerText(), '0.7500', 'the summary shows the changed value');
  assert.equal(await rr.innerText(), await cell(page, 'BM25', 'RR').innerText());
  await page.screenshot({ path: join(SHOTS, 'fits-phone-typing.png') });
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('statistics of one query say why they show nothing', async () => {
  const { context, page } = await open(env);
  await setQuickText(page, '[A]\nq1: R N\n[B]\nq1: N R');
  await cell(page, 'B', 'RR').waitFor();
  // Statistics are in the files door, which compares the typed rankings too.
  await openDoor(page, 'files');
  const note = page.getByTestId('stats-too-few');
  assert.match(await note.textContent(), /statistics need at least 2 queries, and each system has at most 1 query/);
  assert.equal(await page.getByTestId('stats-systems').count(), 0);
  assert.equal(await page.getByTestId('stats-pairs').count(), 0);
  assert.equal(await page.getByTestId('significance').evaluate((d) => d.open), false, 'closed by default');
  // Two queries: the tables come back.
  await setQuickText(page, '[A]\nq1: R N\nq2: N R\n[B]\nq1: N R\nq2: R N');
  await openDoor(page, 'files');
  await page.getByTestId('stats-systems').waitFor();
  assert.equal(await note.count(), 0);
  await context.close();
});

test('an example\'s panel leaves once it is edited; another example loads without a question', async () => {
  const { context, page } = await open(env);
  const asked = [];
  page.on('dialog', (d) => { asked.push(d.message()); d.accept(); });
  await page.getByTestId('examples').selectOption('004-map');
  await page.getByTestId('load-case').click();
  await page.getByTestId('case-checks').waitFor();
  // Unchanged: the next example replaces it without asking.
  await page.getByTestId('examples').selectOption('004-err');
  await page.getByTestId('load-case').click();
  await cell(page, 'A', 'ERR(gmax=3)@5').waitFor();
  assert.deepEqual(asked, [], 'nothing of the user\'s would be lost');
  assert.match(await page.getByTestId('case-checks').innerText(), /ERR/);
  // Edited: the article's panel no longer describes the data.
  await showTab(page, 'text');
  const input = page.getByTestId('quick-input');
  await input.fill(`${await input.inputValue()}\nq9: 3 0`);
  await page.getByTestId('case-checks').waitFor({ state: 'detached' });
  // Now loading an example would lose the edit: asked.
  await page.getByTestId('examples').selectOption('004-map');
  await page.getByTestId('load-case').click();
  await page.getByTestId('case-checks').waitFor();
  assert.equal(asked.length, 1);
  assert.match(asked[0], /^Replace your rankings/);
  await context.close();
});

test('the embed snippet and the link have Copy buttons that copy them', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url.replace(/\/$/, '') });
  const page = await context.newPage();
  await page.goto(env.server.url);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  // The text of `field` reaches the clipboard through the button `copy`.
  const copies = async (field, copy) => {
    const text = await page.getByTestId(field).inputValue();
    await page.evaluate(() => navigator.clipboard.writeText('something else'));
    await page.getByTestId(copy).click();
    await page.locator('.copy-status', { hasText: 'Copied.' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text);
  };
  await page.getByTestId('embed').click();
  await copies('embed-snippet', 'copy-embed-snippet');
  await page.getByTestId('close-share').click();
  await page.getByTestId('copy-link').click();
  await copies('share-link', 'copy-share-link');
  await context.close();
});
