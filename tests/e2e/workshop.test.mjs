// The workshop as a teacher runs it (issue 40): hints that leave the answer
// to the student, projector mode driven by a clicker, a click or on-screen
// buttons with type for the back of a room, a set that stays across reloads
// and in the session file, resets that can be undone, controls that never
// touch, and a handout with room to write.
//
// Values worked by hand on the example set:
// - AP of 1 0 1 0 0 | 1: rows at ranks 1 (P@1 = 1) and 3 (P@3 = 2/3); the
//   answer (1 + 2/3) / 3 = 1.6667 / 3 = 0.5556.
// - nDCG@3 of 3 2 0 | 3, linear gain: gains 3 2 0 (2^g - 1 gives 7 3 0).
// - P@2 of 0 1 1 = 1/2; RR of 0 0 0 1 = 1/4.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHOTS, open, openDoor, useBrowser } from './harness.mjs';

const env = useBrowser();

async function pick(page, measure) {
  const label = new RegExp(`^${measure}( ✓)?$`);
  await page.getByTestId('exercise-pick').filter({ hasText: label }).click();
  await page.getByTestId('exercise-metric').filter({ hasText: new RegExp(`^${measure}$`) }).waitFor();
}

async function answer(page, text) {
  await page.getByTestId('exercise-answer').fill(text);
  await page.getByTestId('exercise-check').click();
  return (await page.getByTestId('exercise-verdict').textContent()).trim();
}

const text = (page, id) => page.getByTestId(id).textContent().then((t) => t.trim());

/** Pairs of visible controls in `root` closer than `gap` px (touching or overlapping). */
async function touching(root, gap = 4) {
  return root.evaluate((el, gap) => {
    const boxes = [...el.querySelectorAll('button, a, input, select')]
      .filter((c) => c.offsetParent !== null && getComputedStyle(c).visibility !== 'hidden')
      .map((c) => ({ r: c.getBoundingClientRect(), name: c.dataset.testid ?? c.textContent.trim() ?? c.tagName }))
      .filter(({ r }) => r.width > 0 && r.height > 0);
    const near = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i].r, boxes[j].r];
        const apart = a.right + gap <= b.left || b.right + gap <= a.left || a.bottom + gap <= b.top || b.bottom + gap <= a.top;
        if (!apart) near.push(`${boxes[i].name} / ${boxes[j].name}`);
      }
    }
    return near;
  }, gap);
}

test('hints reveal the rows, the answer is its own last step, and feedback follows what is on the page', async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 900 });
  await openDoor(page, 'learn');
  const pane = page.getByTestId('exercises');
  await pick(page, 'AP');
  assert.equal(await text(page, 'exercise-hint'), 'Hint: show row 1 of 2');
  await page.getByTestId('exercise-hint').click();
  assert.equal(await text(page, 'exercise-hint'), 'Hint: show row 2 of 2');
  await page.getByTestId('exercise-hint').click();
  // Every row shown: the student still computes the answer.
  assert.deepEqual(await page.getByTestId('exercise-hinted').allTextContents(), ['1', '1/1 = 1.0000', '2', '2/3 = 0.6667']);
  assert.ok(!(await pane.textContent()).includes('0.5556'), 'the last row hint shows no final value');
  assert.equal(await page.getByTestId('exercise-lines').count(), 0);
  assert.equal(await text(page, 'exercise-hint'), 'Show the answer');
  await page.getByTestId('exercise-hint').click();
  assert.deepEqual(await page.locator('[data-testid="exercise-lines"] p').allTextContents(),
    ['The answer: AP = 0.5556', 'Sum of precisions: 1.0000 + 0.6667 = 1.6667.', 'R = 3: AP = 1.6667 / 3 = 0.5556.']);
  assert.equal(await text(page, 'exercise-hint'), 'The answer is shown');
  assert.equal(await page.getByTestId('exercise-hint').isDisabled(), true);
  // A verdict is about the answer in the box: changing it clears the verdict.
  assert.match(await answer(page, '0.8333'), /^Not quite\. You left out the relevant documents the system did not retrieve \(named under the ranking\): they count among the relevant documents\.$/);
  await page.getByTestId('exercise-answer').fill('0.55');
  assert.equal(await text(page, 'exercise-verdict'), '');
  // Plain words: one relevant document not retrieved, in the singular.
  assert.match(await pane.textContent(), /One relevant document was not retrieved: grade 1\./);

  // nDCG: the gains filled in as 2^g - 1 are named; once hints show those
  // rows, the marks and the message about them go.
  await pick(page, 'nDCG@3');
  const gain = (row) => page.locator(`[data-testid="exercise-step"][data-column="Gain"][data-row="${row}"]`);
  for (const [row, v] of ['7', '3', '0'].entries()) await gain(row).fill(v);
  await page.getByTestId('exercise-check-steps').click();
  assert.match(await text(page, 'exercise-step-mistake'), /^Gain: That is the exponential gain 2\^grade − 1/);
  assert.equal(await page.locator('.exercise-steps td.wrong').count(), 2);
  await page.getByTestId('exercise-hint').click();
  await page.getByTestId('exercise-hint').click();
  assert.equal(await page.locator('.exercise-steps td.wrong').count(), 0);
  assert.equal(await page.getByTestId('exercise-step-mistake').count(), 0);
  // A cell changed since the check loses its mark.
  await page.getByTestId('exercise-check-steps').click();
  assert.equal(await page.locator('.exercise-steps td.right').count(), 1);
  await gain(2).fill('1');
  assert.equal(await page.locator('.exercise-steps td.right').count(), 0);
  assert.match(await answer(page, '1'), /^Not quite\. You made the ideal ranking from the retrieved documents only/);
  await page.getByTestId('exercise-hint').click();
  await page.getByTestId('exercise-hint').click();
  const lines = await page.getByTestId('exercise-lines').textContent();
  assert.match(lines, /IDCG = 3\.0000 \+ 1\.8928 \+ 1\.0000 = 5\.8928\./);
  assert.match(lines, /nDCG = 4\.2619 \/ 5\.8928 = 0\.7232\./);

  // ERR's formula written with a product sign and subscripts.
  await pick(page, 'ERR@3');
  assert.match(await page.locator('.exercise-formula').textContent(), /P\(stop at i\) = Rᵢ · ∏ⱼ₌₁ⁱ⁻¹ \(1 − Rⱼ\)/);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('projector mode is stepped by a clicker, Enter, a click and its buttons, in type for the back of a room', async () => {
  for (const [width, height, least] of [[1280, 720, 30], [1920, 1080, 45]]) {
    const { context, page, seen } = await open(env, { width, height, url: `${env.server.url}?projector` });
    const pane = page.getByTestId('exercises');
    await pane.and(page.locator('.projector')).waitFor();
    const place = () => text(page, 'projector-keys');
    // The first exercise is RR (one step: the answer), then P@5 (one), then AP.
    await page.keyboard.press('PageDown');
    assert.match(await place(), /^Exercise 1 of 7 · RR · The answer/);
    await page.keyboard.press('PageDown');
    assert.match(await place(), /^Exercise 2 of 7 · P@5 · The ranking/);
    // One step back from an exercise's ranking is the answer of the one before.
    await page.keyboard.press('PageUp');
    assert.match(await place(), /^Exercise 1 of 7 · RR · The answer/);
    await page.getByTestId('exercise-lines').waitFor();
    await page.keyboard.press('PageUp');
    assert.match(await place(), /^Exercise 1 of 7 · RR · The ranking/);
    assert.equal((await page.getByTestId('projector-next').innerText()).trim(), 'Next step →');
    await page.getByTestId('projector-next').click();
    await page.getByTestId('projector-next').click();
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.getByTestId('exercise-metric').filter({ hasText: /^AP$/ }).waitFor();
    assert.match(await place(), /^Exercise 3 of 7 · AP · The ranking/);
    // A click (a tap) on the exercise steps; Enter too; Backspace back.
    await page.getByTestId('exercise-ranking').click();
    assert.match(await place(), /^Exercise 3 of 7 · AP · Row 1 of 2/);
    await page.keyboard.press('Enter');
    assert.match(await place(), /^Exercise 3 of 7 · AP · Row 2 of 2/);
    assert.equal(await page.getByTestId('exercise-lines').count(), 0);
    assert.ok(!(await pane.textContent()).includes('0.5556'));
    await page.keyboard.press('Backspace');
    assert.equal(await page.getByTestId('exercise-hinted').count(), 2);
    await page.locator('.exercise-task').click();
    await page.locator('.exercise-task').click();
    assert.match(await place(), /^Exercise 3 of 7 · AP · The answer/);
    assert.match(await page.getByTestId('exercise-lines').textContent(), /AP = 1\.6667 \/ 3 = 0\.5556\./);
    // The step just shown is brought on screen (a clicker's step below the edge seemed to do nothing).
    await page.waitForFunction(() => document.querySelector('[data-testid="exercise-lines"]').getBoundingClientRect().bottom <= innerHeight + 1,
      null, { timeout: 5000 });
    // Type: body, table and working at least 30 px at 1280x720, larger on a larger screen.
    const sizes = await pane.evaluate((el) => {
      const px = (sel) => [...el.querySelectorAll(sel)].map((n) => parseFloat(getComputedStyle(n).fontSize));
      return { body: px('.exercise-task, .exercise-note'), table: px('.exercise-steps td, .exercise-steps th'),
        lines: px('[data-testid="exercise-lines"] p'), rank: px('.chip .rank') };
    });
    for (const [what, all] of Object.entries(sizes)) {
      assert.ok(all.length > 0, what);
      assert.ok(Math.min(...all) >= least, `${what} at ${width}x${height}: ${Math.min(...all)} px`);
    }
    // The working fills the screen's width without sideways scrolling.
    const table = await page.getByTestId('exercise-steps').boundingBox();
    assert.ok(table.width >= width * 0.4, `steps table ${table.width} px wide`);
    assert.ok(await pane.evaluate((el) => el.scrollWidth <= el.clientWidth), 'no sideways scrolling');
    await page.screenshot({ path: join(SHOTS, `workshop-projector-${width}.png`) });
    assert.deepEqual(seen.errors, []);
    await context.close();
  }
});

test('a hint skips the rows checked right; in projector mode the answer step shows the value first', async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 900 });
  await openDoor(page, 'learn');
  await pick(page, 'AP');
  // AP of 1 0 1 0 0 | 1: row 1 is (1, 1/1 = 1), row 2 (2, 2/3). Row 1 right, row 2's P@3 wrong.
  const step = (row, column) => page.locator(`[data-testid="exercise-step"][data-row="${row}"]`).nth(column);
  await step(0, 0).fill('1');
  await step(0, 1).fill('1');
  await step(1, 0).fill('2');
  await step(1, 1).fill('0.5');
  await page.getByTestId('exercise-check-steps').click();
  assert.equal(await page.getByTestId('exercise-steps-status').textContent(), 'Steps checked: 3 right, 1 wrong.');
  assert.equal(await step(1, 1).getAttribute('aria-invalid'), 'true');
  assert.equal(await step(0, 1).getAttribute('aria-invalid'), null);
  assert.equal(await text(page, 'exercise-hint'), 'Hint: show row 2 of 2');
  await page.getByTestId('exercise-hint').click();
  assert.deepEqual(await page.getByTestId('exercise-hinted').allTextContents(), ['1', '1/1 = 1.0000', '2', '2/3 = 0.6667']);
  assert.match(await page.getByTestId('exercise-progress').textContent(), /· 1 hint$/);
  assert.equal(await text(page, 'exercise-hint'), 'Show the answer');

  // nDCG@3's working is taller than a 1280x720 projector: its answer step
  // opens on the value (3 + 2/log2 3 = 4.2619 over IDCG 5.8928 = 0.7232).
  await pick(page, 'nDCG@3');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('exercise-projector').click();
  await page.getByTestId('exercises').and(page.locator('.projector')).waitFor();
  const place = () => text(page, 'projector-keys');
  while (!/nDCG@3 · The answer/.test(await place())) await page.keyboard.press('PageDown');
  // The value is in the bar, which stays at the top while the working runs below the edge.
  assert.match(await place(), /^Exercise 5 of 7 · nDCG@3 · The answer: 0\.7232/);
  const bar = await page.getByTestId('projector-keys').boundingBox();
  assert.ok(bar.y >= 0 && bar.y + bar.height <= 720, `the bar at ${bar.y}`);
  // Outside projector mode, the answer's first line is its value.
  await page.keyboard.press('Escape');
  await page.getByTestId('exercise-hint').waitFor();
  while (await page.getByTestId('exercise-hint').isEnabled()) await page.getByTestId('exercise-hint').click();
  assert.equal((await page.getByTestId('exercise-result').textContent()).trim(), 'The answer: nDCG@3 = 0.7232');
  await page.screenshot({ path: join(SHOTS, 'workshop-projector-ndcg-answer.png') });
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('projector mode stays on across a reload, and off once left', async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 720 });
  await openDoor(page, 'learn');
  const pane = page.getByTestId('exercises');
  await page.getByTestId('exercise-projector').click();
  await pane.and(page.locator('.projector')).waitFor();
  assert.match(new URL(page.url()).search, /projector/);
  // The place in the set comes back too: the exercise and the step shown.
  for (let i = 0; i < 5; i++) await page.keyboard.press('PageDown');
  assert.match(await text(page, 'projector-keys'), /^Exercise 3 of 7 · AP · Row 1 of 2/);
  await page.reload();
  await pane.and(page.locator('.projector')).waitFor({ timeout: 15000 });
  assert.match(await text(page, 'projector-keys'), /^Exercise 3 of 7 · AP · Row 1 of 2/);
  assert.equal(await page.getByTestId('exercise-hinted').count(), 2, "the row shown (its two cells), shown again");
  assert.equal(await page.getByTestId('exercise-projector').innerText(), 'Leave projector mode');
  await page.getByTestId('exercise-projector').click();
  await pane.and(page.locator(':not(.projector)')).waitFor();
  assert.equal(new URL(page.url()).search, '');
  await page.reload();
  await pane.waitFor({ timeout: 15000 });
  assert.equal(await page.locator('.projector').count(), 0);
  assert.equal(await text(page, 'exercise-metric'), 'AP', 'a student, too, comes back to the exercise');
  assert.equal(new URL(page.url()).hash, '#learn', 'the learn door, still');
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test("projector mode asked for beside another door's hash opens the learn door, and another door's address leaves it", async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 720, url: `${env.server.url}?projector#files` });
  await page.getByTestId('exercises').and(page.locator('.projector')).waitFor();
  assert.equal(await page.locator('.page.door-learn').count(), 1);
  assert.equal(new URL(page.url()).hash, '#learn', 'the hash names the door shown');
  // It says why the door asked for is not the one open, and offers it.
  const note = page.getByTestId('projector-door-note');
  assert.equal(await note.getAttribute('role'), 'status');
  assert.match(await note.innerText(), /^This address asks for projector mode, which is part of Learn, so Learn opened instead of Evaluate files\.\s+Leave projector mode and open Evaluate files\s+Close$/);
  assert.ok(await note.isVisible());
  // Closed, it is gone; the mode stays.
  await page.getByTestId('projector-door-close').click();
  assert.equal(await note.count(), 0);
  assert.equal(await page.locator('.projector').count(), 1);
  // A reload (the address now names the learn door) has no note; the
  // same address again has, and its link leaves the mode for the door.
  await page.reload();
  await page.getByTestId('exercises').and(page.locator('.projector')).waitFor({ timeout: 15000 });
  assert.equal(await note.count(), 0);
  // (A new load: from the same address with another hash the page would
  // only follow the hash.)
  await page.goto('about:blank');
  await page.goto(`${env.server.url}?projector#files`);
  await note.waitFor({ timeout: 15000 });
  await page.getByTestId('projector-door-link').click();
  await page.locator('.page.door-files').waitFor();
  assert.equal(new URL(page.url()).search, '', 'projector mode left with its door');
  assert.equal(await page.locator('.projector').count(), 0);
  // Projector mode asked for alone has no note: the learn door was asked for.
  await page.goto(`${env.server.url}?projector`);
  await page.getByTestId('exercises').and(page.locator('.projector')).waitFor({ timeout: 15000 });
  assert.equal(await note.count(), 0);
  // (A new load: from the same address with another hash the page would
  // only follow the hash.)
  await page.goto('about:blank');
  await page.goto(`${env.server.url}?projector#files`);
  await note.waitFor({ timeout: 15000 });
  // The mode covers the doors' links: another door is reached by an
  // address (typed, or a link of the page around), and the mode ends.
  await page.evaluate(() => { location.hash = '#files'; });
  await page.locator('.page.door-files').waitFor();
  assert.equal(new URL(page.url()).search, '', 'projector mode left with its door');
  await page.reload();
  await page.locator('.page.door-files').waitFor({ timeout: 15000 });
  assert.equal(await page.locator('.projector').count(), 0);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('a set opened from a file stays across reloads and in the session file; progress is per set; resets can be undone', async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 900 });
  await openDoor(page, 'learn');
  const dir = mkdtempSync(join(tmpdir(), 'ranklab-workshop-'));
  const path = join(dir, 'week7.txt');
  await writeFile(path, 'title: Week 7\nexercise: P@2\n0 1 1\nexercise: RR\n0 0 0 1\nexercise: ERR@3\n2 0 1\nties: 1-2\n');
  await page.getByTestId('exercise-file').setInputFiles(path);
  await page.getByTestId('exercise-set-title').filter({ hasText: 'Week 7' }).waitFor();
  // ERR with ties is refused at its ties: line, where the ranges start.
  assert.match(await text(page, 'exercise-set-errors'), /^week7\.txt, line 8, column 7: expected a measure whose average over the orders of tied documents is exact \(.*\), found “ERR@3”\.$/);
  assert.equal(await answer(page, '1/2'), 'Right: P@2 = 0.5000.');
  assert.equal(await text(page, 'exercise-set-progress'), 'Solved 1 of 2');

  // Reloaded: the same set, its progress.
  await page.reload();
  await page.getByTestId('exercise-set-title').filter({ hasText: 'Week 7' }).waitFor();
  assert.equal(await text(page, 'exercise-set-progress'), 'Solved 1 of 2');
  assert.match(await text(page, 'exercise-set-errors'), /^week7\.txt, line 8, column 7: /);

  // Progress is per set: the example set has its own.
  await page.getByTestId('exercise-example-set').click();
  await page.getByTestId('exercise-set-title').filter({ hasText: 'Ranking measures by hand' }).waitFor();
  assert.equal(await text(page, 'exercise-set-progress'), 'Solved 0 of 7');

  // Back to Week 7 from the file; saved in a session file.
  await page.getByTestId('exercise-file').setInputFiles(path);
  await page.getByTestId('exercise-set-title').filter({ hasText: 'Week 7' }).waitFor();
  assert.equal(await text(page, 'exercise-set-progress'), 'Solved 1 of 2');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-session').click()]);
  const session = join(dir, 'ranklab-session.json');
  await download.saveAs(session);
  const saved = JSON.parse(await readFile(session, 'utf8'));
  assert.equal(saved.format, 'ranklab-session');
  assert.equal(saved.state.exercise_set.name, 'week7.txt');
  assert.match(saved.state.exercise_set.text, /^title: Week 7\nexercise: P@2\n/);

  // "Reset all progress" offers undo; its controls never touch.
  await page.getByTestId('exercise-reset-all').click();
  assert.equal(await text(page, 'exercise-set-progress'), 'Solved 0 of 2');
  assert.match(await text(page, 'exercise-undo'), /^The progress of every exercise of this set was reset\./);
  assert.deepEqual(await touching(page.getByTestId('exercises')), []);
  await page.getByTestId('exercises').screenshot({ path: join(SHOTS, 'workshop-set.png') });
  await page.getByTestId('exercise-undo-button').click();
  assert.equal(await text(page, 'exercise-set-progress'), 'Solved 1 of 2');
  assert.equal(await page.getByTestId('exercise-undo').count(), 0);
  await page.getByTestId('exercise-reset').click();
  assert.equal(await text(page, 'exercise-set-progress'), 'Solved 0 of 2');
  await page.getByTestId('exercise-undo-button').click();
  assert.equal(await text(page, 'exercise-set-progress'), 'Solved 1 of 2');
  assert.deepEqual(await touching(page.getByTestId('exercises')), []);

  // Another browser: the session file brings the set back.
  const other = await open(env, { width: 1280, height: 900 });
  await openDoor(other.page, 'learn');
  assert.equal(await text(other.page, 'exercise-set-title'), 'Ranking measures by hand');
  await other.page.getByTestId('open-session').setInputFiles(session);
  await other.page.getByTestId('exercise-set-title').filter({ hasText: 'Week 7' }).waitFor();
  assert.match(await text(other.page, 'exercise-set-errors'), /^week7\.txt, line 8, column 7: /);
  await other.page.reload();
  await other.page.getByTestId('exercise-set-title').filter({ hasText: 'Week 7' }).waitFor();
  assert.deepEqual(other.seen.errors, []);
  await other.context.close();
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('on a phone the exercise controls never touch', async () => {
  const { context, page, seen } = await open(env, { width: 390, height: 844 });
  await openDoor(page, 'learn');
  const pane = page.getByTestId('exercises');
  await pick(page, 'AP');
  await page.getByTestId('exercise-reset-all').click();
  await page.getByTestId('exercise-undo').waitFor();
  assert.deepEqual(await touching(pane), []);
  await pane.screenshot({ path: join(SHOTS, 'workshop-phone.png') });
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('the printed handout has a name line, each formula, blank cells 20 mm wide and room for the ideal ranking', async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 900 });
  await openDoor(page, 'learn');
  await page.evaluate(() => { window.print = () => {}; });
  await page.getByTestId('exercise-handout').click();
  await page.getByTestId('handout').waitFor();
  await page.emulateMedia({ media: 'print' });
  // Laid out as on A4 paper (210 mm at 96 px per inch).
  await page.setViewportSize({ width: 794, height: 1123 });
  assert.equal(await page.getByTestId('handout-name').isVisible(), true);
  assert.match(await text(page, 'handout-name'), /^Name:/);
  assert.equal(await page.getByTestId('handout-formula').count(), 7);
  const formulas = await page.getByTestId('handout-formula').allTextContents();
  assert.match(formulas[2], /^AP = \(1\/R\) · Σ over relevant ranks i of P@i/);
  // nDCG@3 of 3 2 0 | 3: the ideal ranking 3 3 2, three rows to fill in.
  assert.equal(await page.getByTestId('handout-ideal').count(), 1);
  assert.equal(await page.locator('[data-testid="handout-ideal"] tbody tr').count(), 3);
  const mm = await page.getByTestId('handout-blank').evaluateAll((cells) =>
    cells.map((c) => (c.getBoundingClientRect().width * 25.4) / 96));
  assert.ok(mm.length >= 20, `${mm.length} blank cells`);
  assert.ok(Math.min(...mm) >= 20, `narrowest blank cell ${Math.min(...mm).toFixed(1)} mm`);
  const answerLines = await page.getByTestId('handout-answer-blank').evaluateAll((cells) =>
    cells.map((c) => (c.getBoundingClientRect().width * 25.4) / 96));
  assert.ok(Math.min(...answerLines) >= 20);
  // Nothing wider than the paper.
  assert.ok(await page.getByTestId('handout').evaluate((el) => el.scrollWidth <= 794), 'the handout fits A4');
  // The answers page is as before.
  const answers = await page.getByTestId('handout-answer').allTextContents();
  assert.match(answers[2], /^3\. AP = 0\.5556\. Sum of precisions: 1\.0000 \+ 0\.6667 = 1\.6667\. R = 3: AP = 1\.6667 \/ 3 = 0\.5556\.$/);
  await page.pdf({ format: 'A4', path: join(SHOTS, 'workshop-handout.pdf') });
  assert.deepEqual(seen.errors, []);
  await context.close();
});
