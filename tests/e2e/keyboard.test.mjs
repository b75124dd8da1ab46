// The keyboard's and the screen reader's way through the doors (a walk with
// the keyboard alone found each of these): a control that goes once used
// hands the focus on instead of dropping it on the page; panels open with
// the focus in them, close with Esc and give the focus back; projector mode
// keeps Tab inside its view; what changes is said in a live region.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cell, open, openDoor, setQuickText, useBrowser } from './harness.mjs';

const env = useBrowser();

/** The focused element, as "#id" where it has an id, else its testid
 * ("BODY" when focus was lost). */
const focused = (page) => page.evaluate(() => {
  const a = document.activeElement;
  if (!a || a === document.body) return 'BODY';
  return a.id ? `#${a.id}` : (a.dataset.testid ?? a.tagName);
});

/** Waits until the focus is on `want` (focus moves a task after a render). */
async function focusIs(page, want) {
  await page.waitForFunction((want) => {
    const a = document.activeElement;
    return a && a !== document.body && (a.id ? `#${a.id}` : a.dataset.testid) === want;
  }, want, { timeout: 5000 }).catch(() => {});
  assert.equal(await focused(page), want);
}

test("a right answer's Next exercise puts the focus in the next exercise's answer box", async () => {
  const { context, page, seen } = await open(env, { url: `${env.server.url}#learn` });
  await page.getByTestId('exercise').waitFor();
  // The first exercise is RR of 0 0 1 ...: 1/3.
  await page.getByTestId('exercise-answer').focus();
  await page.keyboard.type('1/3');
  await page.keyboard.press('Enter');
  await page.getByTestId('exercise-verdict-next').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('exercise-metric').filter({ hasText: /^P@5$/ }).waitFor();
  await focusIs(page, '#exercise-answer');
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('a door opened by a control of another gets the focus, and the tab title names it', async () => {
  const { context, page, seen } = await open(env, { url: `${env.server.url}#learn` });
  await page.getByTestId('exercise').waitFor();
  assert.match(await page.title(), /^Learn · Ranklab/);
  await page.locator('#gallery-examples').focus();
  await page.keyboard.press('ArrowDown');
  page.on('dialog', (d) => d.accept());
  await page.getByTestId('gallery-examples-load').focus();
  await page.keyboard.press('Enter');
  await page.locator('.page.door-calculate').waitFor();
  await focusIs(page, '#results-title');
  assert.match(await page.title(), /^Calculate · Ranklab/);

  // The files door's sample files: the button goes, the focus goes on to the results.
  await openDoor(page, 'files');
  assert.match(await page.title(), /^Evaluate files · Ranklab/);
  await page.evaluate(() => localStorage.clear());
  const again = await open(env, { url: `${env.server.url}#files` });
  await again.page.getByTestId('load-samples').focus();
  await again.page.keyboard.press('Enter');
  await again.page.getByTestId('file-list').waitFor();
  await focusIs(again.page, '#results-title');
  assert.deepEqual([...seen.errors, ...again.seen.errors], []);
  await again.context.close();
  await context.close();
});

test('Copy link and Embed open with the focus inside, close with Esc, and give the focus back', async () => {
  const { context, page, seen } = await open(env);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  for (const [button, field] of [['copy-link', '#share-link'], ['embed', '#embed-snippet']]) {
    const opener = page.getByTestId(button);
    assert.equal(await opener.getAttribute('aria-expanded'), 'false');
    await opener.focus();
    await page.keyboard.press('Enter');
    await focusIs(page, field);
    assert.equal(await opener.getAttribute('aria-expanded'), 'true');
    // The link's field is named by a label that says it was copied.
    if (button === 'copy-link') {
      assert.match(await page.locator('label[for="share-link"]').textContent(), /copied to the clipboard/);
    } else {
      // The snippet is read from its start (<iframe ...): its caret there
      // and its first lines shown, where a focused text box shows its end.
      const at = await page.locator(field).evaluate((t) => [t.selectionStart, t.scrollTop, t.scrollHeight > t.clientHeight]);
      assert.deepEqual(at, [0, 0, true]);
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('close-share').waitFor({ state: 'detached' });
    await focusIs(page, button);
    assert.equal(await opener.getAttribute('aria-expanded'), 'false');
  }
  // Tab from the Embed panel's last choice passes the preview by (its
  // frame's controls are not in the Tab order) and, the focus leaving the
  // panel, closes it: the panel lies over the page, and the focus must
  // never be under it.
  await page.getByTestId('embed').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('embed-preview').waitFor();
  await page.getByTestId('embed-view').focus();
  await page.keyboard.press('Tab');
  await page.getByTestId('close-share').waitFor({ state: 'detached' });
  const where = await page.evaluate(() => {
    const a = document.activeElement;
    return a === document.body ? 'body' : a.tagName + ' ' + (a.dataset.testid ?? a.textContent.slice(0, 30));
  });
  assert.doesNotMatch(where, /^IFRAME|^body$/, `the focus went to ${where}`);
  assert.equal(await page.getByTestId('embed').getAttribute('aria-expanded'), 'false');
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('projector mode keeps Tab in its view, and Esc gives the focus back to its button', async () => {
  const { context, page, seen } = await open(env, { url: `${env.server.url}#learn` });
  await page.getByTestId('exercise-projector').focus();
  await page.keyboard.press('Enter');
  const pane = page.getByTestId('exercises');
  await pane.and(page.locator('.projector')).waitFor();
  // Past the view's last control Tab reaches the browser's own controls
  // (the page's body), never the page hidden behind the view.
  let inView = 0;
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const a = document.activeElement;
      if (!a || a === document.body) return 'none';
      return a.closest('[data-testid="exercises"]') ? 'view' : a.outerHTML.slice(0, 80);
    });
    assert.ok(where === 'view' || where === 'none', `Tab ${i + 1} went behind the projector's view, to ${where}`);
    inView += where === 'view';
  }
  assert.ok(inView >= 4, `${inView} of 8 Tabs in the view`);
  await page.keyboard.press('Escape');
  await page.locator('.exercise-pane:not(.projector)').waitFor();
  await focusIs(page, 'exercise-projector');
  // The page behind is live again.
  assert.equal(await page.locator('[inert]').count(), 0);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('an edit that keeps the counts is still said; problems of a line being typed are said politely', async () => {
  const { context, page, seen } = await open(env);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  const status = () => page.getByTestId('results-status').textContent();
  // One system, one query: RR of 0 1 is 1/2, of 1 0 is 1.
  await setQuickText(page, '[A]\nq1: 0 1\n');
  await page.waitForFunction(() => /A: .* 0\.5000\.$/.test(document.querySelector('[data-testid="results-status"]').textContent));
  const before = await status();
  await setQuickText(page, '[A]\nq1: 1 0\n');
  await page.waitForFunction((b) => document.querySelector('[data-testid="results-status"]').textContent !== b, before);
  assert.match(await status(), /^Results updated: 1 system, \d+ measures\. A: \S+ 1\.0000\.$/);
  await setQuickText(page, '[A]\nq1: 1 0\nq\n');
  await page.getByTestId('errors').waitFor();
  assert.equal(await page.getByTestId('errors').getAttribute('role'), 'status');
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('deleting the last system hands the focus to Add system', async () => {
  const { context, page, seen } = await open(env);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  await setQuickText(page, '[A]\nq1: 0 1\n');
  await page.getByTestId('tab-form').click();
  page.on('dialog', (d) => d.accept());
  await page.getByTestId('delete-system').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('delete-system').waitFor({ state: 'detached' });
  await focusIs(page, 'add-system');
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('a phone turned to landscape keeps the field being typed in on screen', async () => {
  const { context, page, seen } = await open(env, { width: 390, height: 844, touch: true, url: `${env.server.url}#learn` });
  await page.getByTestId('exercise-pick').filter({ hasText: /^AP( ✓)?$/ }).click();
  const cell = page.locator('[data-testid="exercise-step"][data-row="1"]').first();
  await cell.tap();
  await page.keyboard.type('2');
  await page.setViewportSize({ width: 844, height: 390 });
  await page.waitForFunction(() => {
    const r = document.activeElement.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  }, null, { timeout: 5000 });
  assert.equal(await cell.inputValue(), '2');
  assert.deepEqual(seen.errors, []);
  await context.close();
});
