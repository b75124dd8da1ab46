// "Try it yourself" in the page. Every value below is worked by hand from
// the definitions, on the example set that ships with the app:
// - RR of 0 0 1 0 1: the first relevant document is at rank 3, RR = 1/3.
// - AP of 1 0 1 0 0 | 1: relevant at ranks 1 and 3, one more not retrieved
//   (R = 3): (1/1 + 2/3) / 3 = 5/9 = 0.5556. Over the 5 retrieved: 1/3;
//   over the 2 found: 5/6 = 0.8333.
// - nDCG@3 of 3 2 0 | 3, linear gain: DCG = 3 + 2/log2(3) = 4.2619,
//   IDCG (3 3 2) = 3 + 3/log2(3) + 2/2 = 5.8928, nDCG = 0.7232; with 2^g - 1
//   gains 0.6885. Discounts by log10: 3.3219, 2.0959, 1.6610.
// - ERR@3 of 2 0 1 (largest grade 2): 3/4 + (1/4 * 1/4) / 3 = 0.7708;
//   without the chance of reaching each rank, 3/4 + (1/4) / 3 = 0.8333.
// - P@5 of 1 0 1: 2/5; divided by the 3 retrieved, 2/3.
// - R@3 of 1 0 0 1 | 1: 1/3; without the one not retrieved, 1/2.
// - RR@3 of 0 1 1 0 with ranks 1 and 2 tied: 1/2 or 1 by their order, 3/4
//   on average over both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, SHOTS, open, openDoor, useBrowser } from './harness.mjs';

const env = useBrowser();

async function pick(page, measure) {
  const label = new RegExp(`^${measure}( ✓)?$`);
  await page.getByTestId('exercise-pick').filter({ hasText: label }).click();
  await page.getByTestId('exercise-metric').filter({ hasText: new RegExp(`^${measure}$`) }).waitFor();
}

const text = (page, id) => page.getByTestId(id).textContent().then((t) => t.trim());

async function answer(page, text) {
  await page.getByTestId('exercise-answer').fill(text);
  await page.getByTestId('exercise-check').click();
  return (await page.getByTestId('exercise-verdict').textContent()).trim();
}

test('an exercise is solved, each recognised mistake is named, hints and progress survive a reload', async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 900 });
  await openDoor(page, 'learn');
  const pane = page.getByTestId('exercises');
  await pane.scrollIntoViewIfNeeded();
  assert.equal((await page.getByTestId('exercise-set-title').textContent()).trim(), 'Ranking measures by hand');
  assert.equal((await page.getByTestId('exercise-set-progress').textContent()).trim(), 'Solved 0 of 7');
  // The first exercise: RR. The value is hidden until answered.
  assert.equal((await page.getByTestId('exercise-metric').textContent()).trim(), 'RR');
  assert.equal(await pane.getByText('0.3333').count(), 0);
  assert.match(await page.getByTestId('exercise-verdict').textContent(), /^$/);
  assert.match(await pane.textContent(), /Right within ±0\.0005/);
  assert.equal(await answer(page, 'seven'), 'Write a number, such as 0.8333 or 5/6.');
  // The rank itself (3), not its reciprocal, is a mistake named; RR has
  // no steps to fill in, so another wrong answer is pointed at the formula.
  // The message names the method, not this exercise's answer (1/3).
  const rank = await answer(page, '3');
  assert.equal(rank, 'Not quite. That is the rank of the first relevant document: RR is its reciprocal, 1 divided by that rank.');
  assert.equal(await answer(page, '0.7'), 'Not right, and not a mistake Ranklab recognises: read the formula above again, or show the answer.');
  assert.equal(await answer(page, '1/3'), 'Right: RR = 0.3333.');

  await pick(page, 'AP');
  assert.match(await page.getByTestId('exercise-note').textContent(), /not retrieved/);
  assert.match(await answer(page, '0.8333'), /^Not quite\. You left out the relevant documents the system did not retrieve/);
  assert.match(await answer(page, '0.3333'), /^Not quite\. You divided by the number of documents retrieved: AP divides/);
  assert.equal(await answer(page, '0.6'), 'Not right, and not a mistake Ranklab recognises: fill in the steps below, or ask for a hint.');
  assert.equal(await answer(page, '0.5556'), 'Right: AP = 0.5556.');
  await page.screenshot({ path: join(SHOTS, 'exercise-ap.png') });

  await pick(page, 'nDCG@3');
  assert.match(await answer(page, '0.6885'), /^Not quite\. That is the exponential gain 2\^grade − 1/);
  assert.match(await answer(page, '1'), /^Not quite\. You made the ideal ranking from the retrieved documents only/);
  // The DCG given for nDCG (3 + 2/log2 3 = 4.2619): not divided by the IDCG.
  assert.match(await answer(page, '4.2619'), /^Not quite\. That is the DCG: nDCG divides it by the DCG of the ideal ranking/);
  // The discount column filled in with log base 10.
  const discount = (row) => page.locator(`[data-testid="exercise-step"][data-column="Discount"][data-row="${row}"]`);
  for (const [row, v] of ['3.3219', '2.0959', '1.6610'].entries()) await discount(row).fill(v);
  await page.getByTestId('exercise-check-steps').click();
  assert.match(await page.getByTestId('exercise-step-mistake').first().textContent(), /^Discount: These are the discounts with log base 10/);
  for (const [row, v] of ['1', '0.6309', '0.5'].entries()) await discount(row).fill(v);
  await page.getByTestId('exercise-check-steps').click();
  assert.equal(await page.getByTestId('exercise-step-mistake').count(), 0);
  assert.equal(await page.locator('.exercise-steps td.right').count(), 3);
  // Hints reveal one row at a time.
  await page.getByTestId('exercise-hint').click();
  assert.equal(await page.getByTestId('exercise-hinted').count(), 3);
  assert.match(await page.getByTestId('exercise-progress').textContent(), /Not solved yet · 3 tries · 1 hint$/);
  await pane.screenshot({ path: join(SHOTS, 'exercise-steps.png') });

  await pick(page, 'ERR@3');
  assert.match(await answer(page, '0.8333'), /^Not quite\. You summed Rᵢ \/ i: ERR weighs each rank by the chance of reaching it/);
  assert.equal(await answer(page, '0.7708'), 'Right: ERR@3 = 0.7708.');
  await pick(page, 'P@5');
  assert.match(await answer(page, '2/3'), /^Not quite\. You divided by the documents retrieved: P@k always divides by k/);
  await pick(page, 'R@3');
  assert.match(await answer(page, '0.5'), /^Not quite\. You left out the relevant documents/);
  // Ranks 1 and 2 tied (grades 0 and 1): RR is 1/2 or 1 by their order, 3/4 on average.
  await pick(page, 'RR@3');
  assert.match(await page.getByTestId('exercise-ties').textContent(), /^Tied \(same score, framed\): ranks 1 to 2\./);
  assert.match(await answer(page, '0.5'), /^Not quite\. That is the value of the order the tied documents are listed in/);
  assert.match(await answer(page, '1'), /^Not quite\. That is the value with the tied documents in their best order/);
  assert.equal(await answer(page, '3/4'), 'Right: RR@3 = 0.7500.');
  // Its hint: each order with its value, and their average.
  await page.getByTestId('exercise-hint').click();
  assert.deepEqual(await page.getByTestId('exercise-tie-order').allTextContents(),
    ['grades 0 1 1 0: 0.5000 (1 of 2 orders)', 'grades 1 0 1 0: 1.0000 (1 of 2 orders)']);
  assert.match(await page.getByTestId('exercise-lines').textContent(), /The average over the 2 orders: RR@3 = 0\.7500\.$/);
  assert.equal((await page.getByTestId('exercise-set-progress').textContent()).trim(), 'Solved 4 of 7');
  // An answer given after the answer was shown is right, but solves nothing.
  await pick(page, 'P@5');
  const hint = page.getByTestId('exercise-hint');
  while (await hint.isEnabled()) await hint.click();
  assert.equal((await hint.textContent()).trim(), 'The answer is shown');
  assert.match(await answer(page, '2/5'), /^Right: P@5 = 0\.4000\. The answer was shown, so this exercise is not counted as solved/);
  assert.match(await page.getByTestId('exercise-progress').textContent(), /^Not solved yet · 2 tries · /);
  assert.equal((await page.getByTestId('exercise-set-progress').textContent()).trim(), 'Solved 4 of 7');

  // Progress, hints and what was typed are kept across a reload: an
  // answer typed and not checked, the cells, a checked answer's verdict.
  await pick(page, 'R@3');
  await page.getByTestId('exercise-answer').fill('0.3');
  await page.reload();
  await page.getByTestId('exercises').waitFor();
  assert.equal((await page.getByTestId('exercise-set-progress').textContent()).trim(), 'Solved 4 of 7');
  assert.equal(await page.getByTestId('exercise-answer').inputValue(), '0.3');
  assert.equal(await text(page, 'exercise-verdict'), '');
  await pick(page, 'nDCG@3');
  assert.equal(await page.getByTestId('exercise-hinted').count(), 3);
  assert.deepEqual(await Promise.all([1, 2].map((row) => discount(row).inputValue())), ['0.6309', '0.5']);
  assert.equal(await page.getByTestId('exercise-answer').inputValue(), '4.2619');
  assert.match(await text(page, 'exercise-verdict'), /^Not quite\. That is the DCG/);
  await pick(page, 'AP');
  assert.match(await page.getByTestId('exercise-progress').textContent(), /^Solved · 4 tries · 0 hints$/);
  assert.equal(await page.getByTestId('exercise-answer').inputValue(), '0.5556');
  assert.equal(await text(page, 'exercise-verdict'), 'Right: AP = 0.5556.');
  // A reset forgets what was typed too.
  await page.getByTestId('exercise-reset').click();
  assert.equal((await page.getByTestId('exercise-set-progress').textContent()).trim(), 'Solved 3 of 7');
  assert.equal(await page.getByTestId('exercise-answer').inputValue(), '');
  assert.equal(await text(page, 'exercise-verdict'), '');
  await page.getByTestId('exercise-reset-all').click();
  assert.equal((await page.getByTestId('exercise-set-progress').textContent()).trim(), 'Solved 0 of 7');
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test("a teacher's set file is opened, its problems located; typed and random rankings make exercises", async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 900 });
  await openDoor(page, 'learn');
  const dir = mkdtempSync(join(tmpdir(), 'ranklab-set-'));
  const path = join(dir, 'week4.txt');
  await writeFile(path, 'title: Week 4\nexercise: P@2\n0 1 1\nexercise: MAP@x\n1\nexercise: RR\n0 0 0 1\n');
  // A teacher starts from the example set's file, which opens as the set it is.
  const [saved] = await Promise.all([page.waitForEvent('download'), page.getByTestId('exercise-template').click()]);
  assert.equal(saved.suggestedFilename(), 'ranklab-exercise-set.txt');
  const template = join(dir, 'template.txt');
  await saved.saveAs(template);
  assert.equal(await readFile(template, 'utf8'), await readFile(join(ROOT, 'static', 'exercise-set.txt'), 'utf8'));
  await page.getByTestId('exercise-file').setInputFiles(template);
  await page.getByTestId('exercise-set-title').filter({ hasText: 'Ranking measures by hand' }).waitFor();
  await page.getByTestId('exercise-file').setInputFiles(path);
  await page.getByTestId('exercise-set-title').filter({ hasText: 'Week 4' }).waitFor();
  // The file field is emptied once read: the set open now is named beside it.
  assert.equal(await page.getByTestId('exercise-set-open').innerText(), 'Open now: week4.txt.');
  assert.match(await page.getByTestId('exercise-set-errors').textContent(), /^week4\.txt, line 4, column 11: expected a measure to compute by hand: P@k, R@k, RR, AP, DCG@k, nDCG@k or ERR@k \(as in exercise: nDCG@5\), found “MAP@x”\.$/);
  assert.equal((await page.getByTestId('exercise-set-progress').textContent()).trim(), 'Solved 0 of 2');
  assert.equal(await answer(page, '0.5'), 'Right: P@2 = 0.5000.');
  // The set's buttons say they move between exercises (projector mode's
  // move between steps).
  assert.equal((await page.getByTestId('exercise-next').innerText()).trim(), 'Next exercise →');
  await page.getByTestId('exercise-next').click();
  assert.equal(await answer(page, '0.25'), 'Right: RR = 0.2500.');
  // The set travels in a link: opened from it, the same exercises.
  const href = await page.getByTestId('exercise-set-link').getAttribute('href');
  assert.match(href, /\?set=[A-Za-z0-9_-]+$/);
  // The header's "Copy link", in the learn door, gives the same link (a
  // state's link would open in Calculate).
  await page.getByTestId('copy-link').click();
  assert.match(await page.getByTestId('share-result').innerText(), /^Link to this set \(\d+ characters\), copied to the clipboard:/);
  assert.equal(await page.getByTestId('share-link').inputValue(), href);
  await page.getByTestId('close-share').click();
  await page.goto(href);
  await page.getByTestId('exercise-set-title').filter({ hasText: 'Week 4' }).waitFor();
  assert.equal((await page.getByTestId('exercise-set-progress').textContent()).trim(), 'Solved 2 of 2');
  // A link cut short says so, and the example set is shown.
  await page.goto(`${env.server.url}?set=${href.split('set=')[1].slice(0, 12)}`);
  assert.match(await page.getByTestId('exercise-link-problem').textContent(), /^The exercise set in this link could not be read: the link is incomplete or damaged/);
  // The set opened before (the link's, kept) is shown instead.
  assert.equal((await page.getByTestId('exercise-set-title').textContent()).trim(), 'Week 4');

  // Where exercises come from, named for the example set as for a teacher's.
  assert.deepEqual(await page.getByTestId('exercise-source').locator('option').allTextContents(), ['a set of exercises', 'your rankings', 'a random ranking']);
  // The demo's typed rankings: BM25's first query, AP.
  await page.getByTestId('exercise-source').selectOption('typed');
  await page.getByTestId('exercise-measure').selectOption('RR');
  const chips = await page.locator('[data-testid="exercise-ranking"] li').allTextContents();
  assert.ok(chips.length > 0);
  // RR's steps are the ranking itself: its hint is the working.
  assert.equal(await page.getByTestId('exercise-steps').count(), 0);
  await page.getByTestId('exercise-hint').click();
  assert.match(await page.getByTestId('exercise-lines').textContent(), /^The answer: RR = \d\.\d{4}(The first relevant document is at rank \d+: RR = 1\/\d+ = |No relevant document)/);
  // A random ranking: the same seed gives the same ranking.
  await page.getByTestId('exercise-source').selectOption('random');
  await page.getByTestId('exercise-seed').fill('42');
  const first = await page.getByTestId('exercise').getAttribute('data-key');
  await page.getByTestId('exercise-new').click();
  assert.notEqual(await page.getByTestId('exercise').getAttribute('data-key'), first);
  await page.getByTestId('exercise-seed').fill('42');
  assert.equal(await page.getByTestId('exercise').getAttribute('data-key'), first);
  // k bounds the ranking's length (4 to k documents).
  await page.getByTestId('exercise-k').selectOption('4');
  assert.equal(await page.locator('[data-testid="exercise-ranking"] li').count(), 4);
  await page.getByTestId('exercises').screenshot({ path: join(SHOTS, 'exercise-random.png') });
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('projector mode: opened by its address, large and high-contrast at 1280x720, stepped through by keys', async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 720, url: `${env.server.url}?projector` });
  const pane = page.getByTestId('exercises');
  await pane.and(page.locator('.projector')).waitFor();
  // The view covers the window: no strip of the page's header above it.
  assert.deepEqual(await pane.evaluate((el) => { const r = el.getBoundingClientRect(); return [r.top, r.height]; }), [0, 720]);
  assert.match(await page.getByTestId('projector-keys').innerText(), /^Exercise 1 of 7 · RR · The ranking\nClick, PageDown, ↓ or Space: next · PageUp or ↑: back · → ←: next or previous exercise · Esc leaves$/);
  // The first exercise is RR; two steps right is AP (relevant at ranks 1 and 3).
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.getByTestId('exercise-metric').filter({ hasText: /^AP$/ }).waitFor();
  assert.equal(await page.getByTestId('exercise-answer').count(), 0);
  assert.equal(await page.getByTestId('exercise-hinted').count(), 0);
  await page.keyboard.press('ArrowDown');
  // Row 1 (rank 1): relevant so far 1, P@1 = 1.
  assert.deepEqual(await page.getByTestId('exercise-hinted').allTextContents(), ['1', '1/1 = 1.0000']);
  await page.keyboard.press('ArrowDown');
  // Row 2 (rank 3): relevant so far 2, P@3 = 2/3; the answer not yet.
  assert.deepEqual(await page.getByTestId('exercise-hinted').allTextContents(), ['1', '1/1 = 1.0000', '2', '2/3 = 0.6667']);
  assert.equal(await page.getByTestId('exercise-lines').count(), 0);
  assert.ok(!(await pane.textContent()).includes('0.5556'));
  // The answer is a step of its own.
  await page.keyboard.press('ArrowDown');
  assert.match(await page.getByTestId('projector-keys').textContent(), /^Exercise 3 of 7 · AP · The answer/);
  assert.match(await page.getByTestId('exercise-lines').textContent(), /AP = 1\.6667 \/ 3 = 0\.5556\./);
  // Large type, black on white reversed, nothing wider than the screen.
  const chip = page.locator('[data-testid="exercise-ranking"] li').first();
  const style = await chip.evaluate((el) => ({ size: parseFloat(getComputedStyle(el).fontSize), bg: getComputedStyle(el.closest('section')).backgroundColor }));
  assert.ok(style.size >= 40, `chip font ${style.size}px`);
  assert.equal(style.bg, 'rgb(0, 0, 0)');
  assert.ok(await pane.evaluate((el) => el.scrollWidth <= el.clientWidth), 'no sideways scrolling');
  await page.screenshot({ path: join(SHOTS, 'exercise-projector.png') });
  // The view scrolled to show the answer; the next exercise starts at its
  // top, its place and buttons in sight.
  await page.waitForFunction(() => document.querySelector('.exercise-pane.projector').scrollTop > 0, null, { timeout: 3000 });
  await page.waitForTimeout(800); // the smooth scroll's end
  await page.keyboard.press('PageDown');
  assert.match(await page.getByTestId('projector-keys').textContent(), /^Exercise 4 of 7 · R@3 · The ranking/);
  await page.waitForFunction(() => document.querySelector('.exercise-pane.projector').scrollTop === 0, null, { timeout: 3000 });
  await page.keyboard.press('PageUp');
  assert.match(await page.getByTestId('projector-keys').textContent(), /^Exercise 3 of 7 · AP · The answer/);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.getByTestId('exercise-hinted').count(), 2);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('.exercise-pane.projector').count(), 0);
  await page.getByTestId('exercise-answer').waitFor();
  // The toggle turns it on again.
  await page.getByTestId('exercise-projector').click();
  await page.locator('.exercise-pane.projector').waitFor();
  assert.deepEqual(seen.errors, []);
  await context.close();
});

/** Pages of a PDF Chromium wrote (its page objects are not compressed). */
const pdfPages = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

test('a handout of the set prints alone, without controls, its answers on a last page of their own', async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 900 });
  await openDoor(page, 'learn');
  // The button opens the browser's print dialog, which a headless browser
  // cannot show: note the call, and print to PDF below instead.
  await page.evaluate(() => { window.print = () => { window.printed = (window.printed ?? 0) + 1; }; });
  await page.getByTestId('exercise-handout').click();
  const handout = page.getByTestId('handout');
  await handout.waitFor();
  await page.waitForFunction(() => window.printed === 1);
  assert.equal(await page.getByTestId('handout-item').count(), 7);
  // The exercises show no value; the answers do, in their own section.
  const items = (await page.getByTestId('handout-item').allTextContents()).join(' ');
  for (const v of ['0.3333', '0.5556', '0.7232', '0.7708', '0.7500']) {
    assert.ok(!items.includes(v), `${v} in the exercises`);
  }
  const answers = await page.getByTestId('handout-answer').allTextContents();
  assert.match(answers[0], /^1\. RR = 0\.3333\. /);
  assert.match(answers[2], /^3\. AP = 0\.5556\. /);
  assert.match(answers[5], /^6\. ERR@3 = 0\.7708\. /);
  assert.match(answers[6], /^7\. RR@3 = 0\.7500\. /);
  // Printed: the handout alone (no results, no buttons), the answers after a page break.
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('.results-pane').isVisible(), false);
  assert.equal(await page.getByTestId('handout-close').isVisible(), false);
  assert.equal(await page.getByTestId('exercise-answer').isVisible(), false);
  assert.equal(await page.getByTestId('handout-answers').evaluate((el) => getComputedStyle(el).breakBefore), 'page');
  await handout.screenshot({ path: join(SHOTS, 'exercise-handout-print.png') });
  const full = await page.pdf({ format: 'A4', path: join(SHOTS, 'exercise-handout.pdf') });
  await page.getByTestId('handout-answers').evaluate((el) => el.remove());
  const without = await page.pdf({ format: 'A4' });
  assert.ok(pdfPages(full) >= 2, `${pdfPages(full)} pages`);
  assert.equal(pdfPages(full), pdfPages(without) + 1, 'the answers fill the last page alone');
  // A handout for a test leaves its answers out, chosen before printing.
  await page.emulateMedia({ media: 'screen' });
  await page.getByTestId('handout-close').click();
  await handout.waitFor({ state: 'detached' });
  await page.getByTestId('handout-with-answers').uncheck();
  await page.getByTestId('exercise-handout').click();
  await handout.waitFor();
  await page.waitForFunction(() => window.printed === 2);
  assert.equal(await page.getByTestId('handout-item').count(), 7);
  assert.equal(await page.getByTestId('handout-answers').count(), 0);
  assert.ok(!(await handout.textContent()).includes('0.5556'), 'no value in a handout without answers');
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('on a phone the set is named above its exercise', async () => {
  const { context, page } = await open(env, { width: 390, height: 844, touch: true });
  await openDoor(page, 'learn');
  const title = page.getByTestId('exercise-set-title');
  assert.equal((await title.textContent()).trim(), 'Ranking measures by hand');
  const [t, ex] = await Promise.all([title.boundingBox(), page.getByTestId('exercise-metric').boundingBox()]);
  assert.ok(t.y + t.height <= ex.y, `title ends at ${t.y + t.height}, the exercise starts at ${ex.y}`);
  // The set's controls are touch targets, its link as tall as its buttons.
  for (const id of ['exercise-next', 'exercise-handout', 'exercise-set-link']) {
    const box = await page.getByTestId(id).boundingBox();
    assert.ok(box.height >= 44, `${id}: ${box.height} px tall`);
  }
  await context.close();
});

// What a Check says is on screen once said, and a right answer offers the
// set's next exercise beside it: at 1280x720 the verdict falls below the
// window's edge, and on a phone the set's own Next is past the exercise.
for (const size of [{ width: 1280, height: 720 }, { width: 390, height: 844, touch: true }]) {
  test(`at ${size.width}x${size.height} the verdict is brought on screen and a right answer leads on`, async () => {
    const { context, page, seen } = await open(env, size);
    await openDoor(page, 'learn');
    const inView = (testid) => page.getByTestId(testid).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    });
    await page.evaluate(() => scrollTo(0, 0));
    // 1/5 is RR at the second relevant document (rank 5), not the first (rank 3).
    assert.equal(await answer(page, '1/5'), 'Not quite. That is 1 / 5, from the relevant document at rank 5: RR counts only the first relevant document, here at rank 3.');
    await page.waitForFunction(() => {
      const r = document.querySelector('[data-testid=exercise-verdict]').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    }, null, { timeout: 3000 });
    // A wrong answer offers no way on; a right one does, beside its verdict.
    assert.equal(await page.getByTestId('exercise-verdict-next').count(), 0);
    await page.evaluate(() => scrollTo(0, 0));
    assert.equal(await answer(page, '1/3'), 'Right: RR = 0.3333.');
    await page.waitForFunction(() => {
      const r = document.querySelector('[data-testid=exercise-verdict-next]')?.getBoundingClientRect();
      return r && r.top >= 0 && r.bottom <= innerHeight;
    }, null, { timeout: 3000 });
    assert.ok(await inView('exercise-verdict'));
    await page.getByTestId('exercise-verdict-next').click();
    await page.getByTestId('exercise-metric').filter({ hasText: /^P@5$/ }).waitFor();
    await page.waitForFunction(() => {
      const r = document.querySelector('[data-testid=exercise-metric]').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    }, null, { timeout: 3000 });
    await page.screenshot({ path: join(SHOTS, `exercise-next-${size.width}.png`) });
    assert.deepEqual(seen.errors, []);
    await context.close();
  });
}

// A phone has no keys: projector mode's help says a tap steps.
test('projector mode on a touch screen says a tap steps, and a tap does', async () => {
  const { context, page, seen } = await open(env, { width: 390, height: 844, touch: true, url: `${env.server.url}?projector` });
  await page.locator('.exercise-pane.projector').waitFor();
  const place = page.getByTestId('projector-keys');
  assert.equal(await place.innerText(), 'Exercise 1 of 7 · RR · The ranking\nTap the exercise: next');
  await page.getByTestId('exercise-ranking').tap();
  assert.match(await place.innerText(), /^Exercise 1 of 7 · RR · The answer: 0\.3333\nTap the exercise: next$/);
  // The bar stays in sight as the step scrolls: it keeps to a fifth of
  // the screen, its buttons still touch targets.
  const bar = await page.locator('.projector-bar').boundingBox();
  assert.ok(bar.height <= 844 / 5, `the bar is ${bar.height} px tall`);
  const rows = new Set();
  for (const id of ['projector-prev', 'projector-next', 'exercise-projector']) {
    const box = await page.getByTestId(id).boundingBox();
    assert.ok(box.height >= 44, id);
    rows.add(Math.round(box.y));
  }
  assert.equal(rows.size, 1, `the bar's buttons in one row: ${[...rows]}`);
  // Its button says "Leave" there, and is named in full.
  assert.equal(await page.getByTestId('exercise-projector').innerText(), 'Leave');
  assert.equal(await page.getByRole('button', { name: 'Leave projector mode' }).count(), 1);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

// On a phone the set's list and buttons come after the exercise: choosing
// another exercise there opens it above the screen's top, unless the view
// goes to it. It does, for Next and for the list.
test("on a phone the set's own Next and list bring the chosen exercise on screen", async () => {
  const { context, page, seen } = await open(env, { width: 390, height: 844, touch: true });
  await openDoor(page, 'learn');
  const metricInView = () => page.waitForFunction(() => {
    const r = document.querySelector('[data-testid=exercise-metric]').getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  }, null, { timeout: 3000 });
  const next = page.getByTestId('exercise-next');
  await next.scrollIntoViewIfNeeded();
  assert.ok(await page.getByTestId('exercise-metric').evaluate((el) => el.getBoundingClientRect().bottom < 0), 'the exercise is above the screen once Next is in sight');
  await next.click();
  await page.getByTestId('exercise-metric').filter({ hasText: /^P@5$/ }).waitFor();
  await metricInView();
  const third = page.getByTestId('exercise-pick').nth(2);
  await third.scrollIntoViewIfNeeded();
  await third.click();
  await page.locator('[data-testid=exercise-pick][aria-current=step]').filter({ hasText: await third.innerText() }).waitFor();
  await metricInView();
  assert.deepEqual(seen.errors, []);
  await context.close();
});

// A long step scrolls projector mode's view: its bar (which exercise, which
// step, back and next) stays at the top, so the room keeps its place.
test('projector mode keeps its bar at the top while a long step scrolls', async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 720, url: `${env.server.url}?projector` });
  const pane = page.locator('.exercise-pane.projector');
  await pane.waitFor();
  // Each exercise's answer, until one runs past the window.
  let scrolled = false;
  for (let i = 0; i < 60 && !scrolled; i++) {
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(150);
    scrolled = await pane.evaluate((el) => el.scrollTop > 40);
  }
  assert.ok(scrolled, 'some step scrolls the view');
  await page.waitForTimeout(800); // the smooth scroll's end
  const bar = await page.locator('.projector-bar').boundingBox();
  assert.ok(bar.y >= 0 && bar.y < 20, `the bar at ${bar.y}`);
  assert.match(await page.getByTestId('projector-keys').textContent(), /^Exercise \d of 7 · [^·]+ · /);
  const [next, back] = [await page.getByTestId('projector-next').boundingBox(), await page.getByTestId('projector-prev').boundingBox()];
  assert.ok(next.y >= 0 && back.y >= 0, 'back and next in sight');
  // Nothing of the exercise shows above the bar.
  assert.equal(await page.evaluate(() => {
    const b = document.querySelector('.projector-bar').getBoundingClientRect();
    return document.elementFromPoint(640, Math.max(b.top, 0) + 2)?.closest('.projector-bar') !== null;
  }), true);
  // At every answer, the whole ranking stays in sight under the bar: the
  // answer of RR@3 with its tie orders is taller than the window, and the
  // view went on down until the cards were half under the bar.
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowLeft');
  assert.match(await page.getByTestId('projector-keys').textContent(), /^Exercise 1 of 7 · RR · The ranking/);
  const place = () => page.getByTestId('projector-keys').evaluate((e) => e.firstChild.textContent);
  const lastBelow = () => page.evaluate(() => {
    const pane = document.querySelector('.exercise-pane.projector');
    const last = pane.querySelector('[data-testid=exercise]').lastElementChild;
    return last.getBoundingClientRect().bottom - pane.getBoundingClientRect().bottom;
  });
  let tall = 0;
  for (let i = 0, answers = 0; i < 80 && answers < 7; i++) {
    await page.keyboard.press('PageDown');
    if (!/The answer: \d\.\d{4}$/.test(await place())) continue;
    answers++;
    await page.waitForTimeout(700); // the smooth scroll's end
    const [cards, under] = await page.evaluate(() => [
      document.querySelector('.projector .exercise-ranking').getBoundingClientRect().top,
      document.querySelector('.projector-bar').getBoundingClientRect().bottom,
    ]);
    const at = await place();
    assert.ok(cards >= under - 1, `${at}: the ranking at ${cards}, the bar's bottom at ${under}`);
    // What is left of a tall answer comes with the next step, before the
    // next exercise (nDCG's value was left below the edge).
    if (await lastBelow() > 1) {
      tall++;
      await page.keyboard.press('PageDown');
      await page.waitForTimeout(700);
      assert.equal(await place(), at, 'the same answer, the rest of it shown');
      assert.ok(await lastBelow() <= 1, `${at}: the answer's end in sight`);
    }
  }
  assert.ok(tall > 0, 'some answer is taller than the window');
  // A click on a steps table (which focuses its scroll box) leaves the
  // keys with the view once the next exercise replaces the table.
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('PageDown');
  assert.match(await page.getByTestId('projector-keys').textContent(), /^Exercise 5 of 7 · nDCG@3 · Row 1/);
  await page.locator('.projector [data-testid=exercise-steps]').click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.getByTestId('projector-keys').textContent(), /^Exercise 7 of 7 · RR@3 · The ranking/);
  await page.keyboard.press('Escape');
  await page.locator('.exercise-pane:not(.projector)').waitFor();
  assert.deepEqual(seen.errors, []);
  await context.close();
});
