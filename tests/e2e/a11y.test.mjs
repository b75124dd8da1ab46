// Accessibility: axe-core (run inside the page) finds no serious or
// critical violation in the main states; every control is reachable with
// Tab; a ranking can be built and edited with the keyboard alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, cell, loadCase, open, showTab, useBrowser } from './harness.mjs';

const env = useBrowser();
const AXE = await readFile(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

async function serious(page) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => ['serious', 'critical'].includes(v.impact))
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

for (const scheme of ['light', 'dark']) {
  test(`axe-core: no serious violations (${scheme})`, async () => {
    // bypassCSP lets the test inject axe-core; the app's own CSP stays strict.
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: scheme, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(env.server.url);
    await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
    assert.deepEqual(await serious(page), [], 'form tab');
    await page.getByTestId('query-toggle').first().click();
    await loadCase(page, '003-ndcg');
    await page.getByTestId('case-checks').waitFor();
    await showTab(page, 'text');
    assert.deepEqual(await serious(page), [], 'text tab, case checks, open query');
    await showTab(page, 'files');
    await page.getByTestId('paste-input').fill('q1 Q0 d 1 x t\n');
    await page.getByTestId('add-pasted').click();
    await page.getByTestId('file-errors').waitFor();
    assert.deepEqual(await serious(page), [], 'files tab with errors');
    await context.close();
  });
}

test('every control is reachable with Tab', async () => {
  const { context, page } = await open(env);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  // The charts (a Tab stop among their bars) are drawn a frame after the
  // values: counted once they are there.
  await page.getByTestId('charts').locator('figure svg [role="button"]').first().waitFor();
  const controls = await page.evaluate(() => {
    const all = [...document.querySelectorAll('button, select, input, textarea, [tabindex="0"]')]
      // Shown controls only (not those inside a closed <details>).
      .filter((e) => !e.disabled && e.checkVisibility({ visibilityProperty: true }) && e.getAttribute('tabindex') !== '-1');
    all.forEach((e, i) => e.setAttribute('data-reach', String(i)));
    return all.length;
  });
  const reached = new Set();
  for (let i = 0; i < controls + 20; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement?.getAttribute('data-reach'));
    if (id !== null && id !== undefined) reached.add(id);
  }
  assert.equal(reached.size, controls, `${reached.size} of ${controls} controls reached by Tab`);
  await context.close();
});

test('a ranking built and edited with the keyboard alone', async () => {
  const { context, page } = await open(env);
  page.once('dialog', (d) => d.accept());
  await page.getByTestId('clear-all').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('results-empty').waitFor();
  await page.getByTestId('tab-text').focus();
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'tab-form');
  await page.getByTestId('add-system').focus();
  await page.keyboard.press('Enter');
  // Focus moves to the new system's name; Tab on to the add-rank buttons.
  await page.getByTestId('add-grade-3').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('add-grade-0').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  // Grades 3 0 0: RR 1; then rank 3 set to grade 1 with the arrow keys and moved up.
  await cell(page, 'A', 'RR').getByText('1.0000').waitFor();
  await page.getByTestId('grade-3').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Alt+ArrowUp');
  // 3 1 0 with ideal 3 1: nDCG@10 = 1; AP = 1.
  await cell(page, 'A', 'AP').getByText('1.0000').waitFor();
  await showTab(page, 'text');
  assert.equal(await page.getByTestId('quick-input').inputValue(), '[A]\nq1: 3 1 0\n');
  await context.close();
});

test('the first result is a few key presses away, and only a short status is announced', async () => {
  const { page, context } = await open(env);
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'skip-to-results');
  assert.ok(await page.getByTestId('skip-to-results').isVisible(), 'the skip link shows when focused');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'results-title');
  let presses = 2;
  const inTable = () => page.evaluate(() => !!document.activeElement.closest('[data-testid="results"] td'));
  while (!(await inTable())) {
    await page.keyboard.press('Tab');
    presses += 1;
    assert.ok(presses <= 10, `${presses} key presses and no result yet`);
  }
  // The settings come before the results in Tab order, as they sit under the input.
  const order = await page.evaluate(() => {
    const all = [...document.querySelectorAll('input, select, button, textarea, a[href]')];
    const first = (sel) => all.findIndex((e) => e.closest(sel));
    return [first('.settings-pane'), first('.results-pane')];
  });
  assert.ok(order[0] < order[1], `settings ${order[0]} before results ${order[1]}`);
  // No live region wraps the results; one status sentence says what changed.
  assert.equal(await page.locator('[aria-live]').evaluateAll((els) => els.filter((e) => e.querySelector('table')).length), 0);
  // It names the first system's first value too, so an edit that changes
  // the numbers and not their counts is said again.
  assert.equal(await page.getByTestId('results-status').innerText(), 'Results updated: 3 systems, 6 measures. BM25: RR 0.7500.');
  await context.close();
});

test('in the learn door, which has no results, the skip link goes to the exercise', async () => {
  const { page, context } = await open(env, { url: `${env.server.url}#learn` });
  await page.getByTestId('exercise').waitFor();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'skip-to-results');
  assert.equal((await page.getByTestId('skip-to-results').innerText()).trim(), 'Skip to the exercise');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'exercise-title');
  await context.close();
});

test('a value button is named by its measure and system, not by its number alone', async () => {
  const { context, page, seen } = await open(env);
  const value = cell(page, 'BM25', 'RR');
  await value.waitFor({ timeout: 15000 });
  const shown = await value.innerText();
  assert.match(shown, /^\d\.\d{4}$/);
  await page.getByRole('button', { name: new RegExp(`^RR of BM25: ${shown}(, the best of its column)?$`) }).waitFor();
  // The best of a column is said, not only set in bold.
  const names = await page.locator('[data-testid="results"] td[data-measure]:not([data-measure="num_q"])').evaluateAll(
    (tds) => tds.map((td) => [td.classList.contains('best'), td.querySelector('button.value').getAttribute('aria-label')]));
  assert.ok(names.some(([best]) => best) && names.some(([best]) => !best), JSON.stringify(names));
  for (const [best, name] of names) assert.equal(name.endsWith(', the best of its column'), best, name);
  // The per-query table names the query as well.
  await page.getByTestId('pq-measure').selectOption({ label: 'RR' });
  const perQuery = page.locator('[data-testid="per-query"] td[data-system="BM25"] button.value').first();
  const query = await perQuery.locator('xpath=..').getAttribute('data-query');
  assert.equal(await perQuery.getAttribute('aria-label'), `RR of BM25, query ${query}: ${await perQuery.innerText()}`);
  assert.deepEqual(seen.errors, []);
  await context.close();
});
