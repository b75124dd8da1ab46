// The three doors: calculate, files and learn, each reached from the first
// screen in one click or tap, at 1280 x 720 and on a 390 x 844 phone; a
// teacher's ?set= link opens that set's first exercise in the first
// viewport; the back button goes back to the door before; on a phone no
// control is under 24 x 24 px, the primary ones are 44 px tall, and no door
// pans sideways.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, SHOTS, open, openDoor, paste, useBrowser } from './harness.mjs';

const env = useBrowser();
const PHONE = { width: 390, height: 844 };

/** Opens the app, as a touch phone when `touch`. */
const openAs = (size, touch, url) => open(env, { ...size, url, touch });

async function inViewport(page, testid, height) {
  const box = await page.getByTestId(testid).first().boundingBox();
  assert.ok(box, `${testid} is shown`);
  assert.ok(box.y >= 0 && box.y + box.height <= height, `${testid} at y ${box.y}..${box.y + box.height}, outside the first ${height} px`);
}

for (const [size, touch] of [[{ width: 1280, height: 720 }, false], [PHONE, true]]) {
  test(`at ${size.width} x ${size.height} one click opens the exercises with an answer box in view`, async () => {
    const { context, page, seen } = await openAs(size, touch);
    await page.locator(`[data-testid="door-learn"]:visible`).first().click();
    await page.getByTestId('exercise-answer').waitFor();
    await inViewport(page, 'exercise-answer', size.height);
    assert.match(page.url(), /#learn$/);
    // The back button goes back to the calculate door.
    await page.goBack();
    await page.locator('.page.door-calculate').waitFor();
    await page.goForward();
    await page.locator('.page.door-learn').waitFor();
    assert.deepEqual(seen.errors, []);
    await context.close();
  });
}

test("a teacher's ?set= link shows the set's first exercise in the first viewport, on a projector and a phone", async () => {
  const { context, page } = await open(env, { width: 1280, height: 720 });
  await openDoor(page, 'learn');
  const dir = mkdtempSync(join(tmpdir(), 'ranklab-doors-'));
  const path = join(dir, 'week5.txt');
  await writeFile(path, 'title: Week 5\nexercise: P@2\n0 1 1\nexercise: RR\n0 0 0 1\n');
  await page.getByTestId('exercise-file').setInputFiles(path);
  // The set's link once the set is read (before, it is the example set's).
  await page.getByTestId('exercise-set-title').filter({ hasText: 'Week 5' }).waitFor();
  const href = await page.getByTestId('exercise-set-link').getAttribute('href');
  await context.close();
  const link = `${env.server.url}?set=${href.split('set=')[1]}`;
  for (const [size, touch] of [[{ width: 1280, height: 720 }, false], [PHONE, true]]) {
    const { context, page, seen } = await openAs(size, touch, link);
    await page.getByTestId('exercise-set-title').filter({ hasText: 'Week 5' }).waitFor();
    assert.equal(await page.locator('.page.door-learn').count(), 1, 'the link opens the learn door');
    assert.equal((await page.getByTestId('exercise-metric').textContent()).trim(), 'P@2');
    await inViewport(page, 'exercise-metric', size.height);
    await inViewport(page, 'exercise-answer', size.height);
    await page.screenshot({ path: join(SHOTS, `doors-set-link-${size.width}.png`) });
    assert.deepEqual(seen.errors, []);
    await context.close();
  }
});

/** Every shown control that is too small, and whether the page pans sideways. */
function measure() {
  const controls = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"]';
  const secondary = 'button.value, button.sort, button.query-toggle, button.link-button, button.locate, a:not(.door-link), summary, input[type="checkbox"], input[type="radio"]';
  const small = [];
  const short = [];
  for (const el of document.querySelectorAll(controls)) {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
    if (el.closest('.visually-hidden') || el.classList.contains('visually-hidden')) continue;
    if (el.closest('details:not([open])') && el.tagName !== 'SUMMARY') continue;
    const name = `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''}.${el.className || ''} "${(el.textContent || el.value || '').trim().slice(0, 20)}"`;
    if (r.width < 23.5 || r.height < 23.5) small.push(`${name} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
    else if (!el.matches(secondary) && r.height < 43.5) short.push(`${name} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
  }
  return { small, short, pans: document.documentElement.scrollWidth > window.innerWidth + 1 };
}

test('on a touch phone no control is under 24 px, primary controls are 44 px tall, and no door pans sideways', async () => {
  const { context, page, seen } = await openAs(PHONE, true);
  for (const door of ['calculate', 'files', 'learn']) {
    await openDoor(page, door);
    await page.waitForTimeout(300);
    // Open every folded section, so what it holds is measured too.
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
    await page.waitForTimeout(300);
    const m = await page.evaluate(measure);
    assert.deepEqual(m.small, [], `${door}: controls under 24 px`);
    assert.deepEqual(m.short, [], `${door}: primary controls under 44 px`);
    assert.equal(m.pans, false, `${door} pans sideways`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, `doors-phone-${door}.png`) });
  }
  assert.deepEqual(seen.errors, []);
  await context.close();
});

/** Loads trec_eval's own test qrels and run into the files door. */
async function loadTrecFiles(page) {
  const shared = join(ROOT, '..', 'shared', 'trec_eval_tests');
  await openDoor(page, 'files');
  for (const name of ['qrels.test', 'results.test']) {
    await paste(page, 'paste-input', await readFile(join(shared, name), 'utf8'));
    await page.getByTestId('add-pasted').click();
  }
  await page.locator('[data-testid="results"] td[data-system="STANDARD"]').first().waitFor({ timeout: 15000 });
}

// The first screen of every door at the three sizes, light and dark, for a
// person to look at (docs/doors/ holds the ones the README shows).
for (const [width, height] of [[1280, 720], [1366, 768], [390, 844]]) {
  test(`every door's first screen at ${width} x ${height}, light and dark, without panning sideways`, async () => {
    for (const scheme of ['light', 'dark']) {
      const touch = width < 800;
      const context = await env.browser.newContext({ viewport: { width, height }, colorScheme: scheme, hasTouch: touch, isMobile: touch });
      const page = await context.newPage();
      await page.goto(env.server.url);
      await page.locator('.page').waitFor({ timeout: 15000 });
      for (const door of ['calculate', 'files', 'learn']) {
        if (door === 'files') await loadTrecFiles(page);
        else await openDoor(page, door);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(200);
        await page.screenshot({ path: join(SHOTS, `door-${door}-${width}-${scheme}.png`) });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${door} at ${width}: the page scrolls sideways by ${overflow}px`);
      }
      await context.close();
    }
  });
}

test('a link within a door (a bad line of a file) keeps its door: going back to it opens that door again', async () => {
  const { context, page } = await open(env, { width: 1366, height: 768 });
  await openDoor(page, 'files');
  await paste(page, 'paste-input', 'q1 0 d1 1\nq1 0 d2 x\n');
  await page.getByTestId('add-pasted').click();
  await page.getByTestId('numbers-withheld').waitFor();
  await page.getByTestId('numbers-withheld').getByRole('link').first().click();
  assert.equal(new URL(page.url()).hash, '#file-errors');
  await openDoor(page, 'learn');
  // Back: the address within the files door, and the files door with it.
  await page.goBack();
  await page.locator('.page.door-files').waitFor({ timeout: 5000 });
  assert.equal(new URL(page.url()).hash, '#file-errors');
  await page.goForward();
  await page.locator('.page.door-learn').waitFor({ timeout: 5000 });
  await context.close();
});

test('on a phone the set\'s Next comes before resetting all progress', async () => {
  const { context, page } = await open(env, { ...PHONE, touch: true });
  await openDoor(page, 'learn');
  await page.getByTestId('exercise-answer').waitFor();
  const next = await page.getByTestId('exercise-next').boundingBox();
  const reset = await page.getByTestId('exercise-reset-all').boundingBox();
  assert.ok(next.y < reset.y, `Next at y ${next.y}, Reset all progress at y ${reset.y}`);
  // A student goes on before any teacher's tool (opening a set).
  const open_set = await page.getByTestId('exercise-file').boundingBox();
  assert.ok(next.y < open_set.y, `Next at y ${next.y}, Open a set at y ${open_set.y}`);
  // No exercise is wider than the phone: a wide steps table scrolls in its own box.
  const picks = page.getByTestId('exercise-pick');
  const width = await page.evaluate(() => innerWidth);
  for (let i = 0; i < await picks.count(); i++) {
    await picks.nth(i).tap();
    await page.getByTestId('exercise').waitFor();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= width, `exercise ${i + 1}: the page is ${wide} px wide on a ${width} px phone`);
    // Columns hidden to the right of the steps' box are announced above it.
    const box = page.locator('[role="region"][aria-label="The steps"]');
    if (await box.count()) {
      await page.waitForTimeout(100);
      const hidden = await box.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      assert.equal(await page.getByTestId('sideways-cue').isVisible(), hidden, `exercise ${i + 1}: cue shown ${!hidden}, columns hidden ${hidden}`);
    }
  }
  await context.close();
});
