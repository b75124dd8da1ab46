// The examples menu names worked examples as a reader would (no article
// numbers), grouped by measure; loading one shows its values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cell, loadCase, open, openDoor, setQuickText, useBrowser } from './harness.mjs';

const env = useBrowser();

test('examples are grouped by measure and titled without article numbers', async () => {
  const { page, context } = await open(env);
  const menu = page.getByTestId('examples');
  const groups = await menu.locator('optgroup').evaluateAll((gs) => gs.map((g) => g.label));
  assert.deepEqual(groups, [
    'Reciprocal rank (MRR)',
    'Average precision (MAP)',
    'Precision and recall',
    'nDCG and discounts',
    'Expected reciprocal rank (ERR)',
  ]);
  const titles = await menu.locator('option').allInnerTexts();
  assert.ok(titles.length > 20, `${titles.length} examples`);
  for (const t of titles) assert.doesNotMatch(t, /^\d{3}/, t);
  const errGroup = await menu.locator('optgroup[label="Expected reciprocal rank (ERR)"] option').allInnerTexts();
  assert.ok(errGroup.includes('ERR of grades 3 2 3 1 0 (max grade 3)'), errGroup.join(' | '));
  await loadCase(page, '004-err');
  await cell(page, 'A', 'ERR(gmax=3)@5').getByText('0.9215').waitFor();
  await context.close();
});

test('a loaded example stays chosen in the menu after a reload, and loading it adds no history entry', async () => {
  const { page, context } = await open(env);
  const entries = await page.evaluate(() => history.length);
  await loadCase(page, '004-err');
  await cell(page, 'A', 'ERR(gmax=3)@5').getByText('0.9215').waitFor();
  // Opened at "/", the page was already at the calculate door: the address
  // names it now, in place of the old one.
  assert.equal(await page.evaluate(() => history.length), entries);
  assert.equal(new URL(page.url()).hash, '#calculate');
  await page.reload();
  await cell(page, 'A', 'ERR(gmax=3)@5').getByText('0.9215').waitFor({ timeout: 15000 });
  assert.equal(await page.getByTestId('examples').inputValue(), '004-err');
  await context.close();
});

test('once the example is edited the menu no longer names it, and asks for one', async () => {
  const { page, context } = await open(env);
  const menu = page.getByTestId('examples');
  assert.equal(await menu.inputValue(), 'demo', 'the first visit shows the demo, unchanged');
  await loadCase(page, '004-err');
  assert.equal(await menu.inputValue(), '004-err');
  await setQuickText(page, '1 0 1');
  await page.waitForFunction(() => document.querySelector('[data-testid="examples"]').value === '');
  const shown = () => menu.evaluate((s) => s.selectedOptions[0]?.textContent);
  assert.equal(await shown(), 'Choose an example…');
  assert.ok(await page.getByTestId('load-case').isDisabled(), 'nothing chosen: nothing to load');
  await menu.selectOption('004-map');
  assert.ok(await page.getByTestId('load-case').isEnabled());
  await context.close();
});

test('on a phone the header menu closes once an example is loaded', async () => {
  const { page, context } = await open(env, { width: 390, height: 844, touch: true });
  await loadCase(page, '004-err');
  await cell(page, 'A', 'ERR(gmax=3)@5').getByText('0.9215').waitFor();
  assert.equal(await page.getByTestId('header-menu').getAttribute('aria-expanded'), 'false');
  assert.equal(await page.getByTestId('examples').isVisible(), false);
  await context.close();
});

test('the learn door names the five articles by the numbers the examples give them', async () => {
  const { page, context } = await open(env);
  await openDoor(page, 'learn');
  const articles = page.getByTestId('articles');
  await articles.locator('summary').click();
  const items = await articles.locator('li').allInnerTexts();
  assert.equal(items.length, 5);
  // Numbered as the examples name them ("article 004").
  assert.match(items[0], /^Article 000 Ranking metrics: pitfalls and best practices: Hongsup Shin's post/);
  assert.match(items[4], /^Article 004 Ranking Evaluation: /);
  // One list of examples: the learn door's gallery, not the header's too.
  assert.equal(await page.getByTestId('examples').count(), 0);
  assert.equal(await page.getByTestId('gallery-examples').count(), 1);
  await loadCase(page, '004-err');
  await cell(page, 'A', 'ERR(gmax=3)@5').getByText('0.9215').waitFor();
  assert.equal(await page.getByTestId('examples').inputValue(), '004-err', 'the calculate door names it in its menu');
  await context.close();
});

test('the learn door says what each headline measure computes before its exercises', async () => {
  const { page, context } = await open(env, { width: 390, height: 844 });
  await openDoor(page, 'learn');
  const brief = page.getByTestId('measures-brief');
  await brief.locator('summary').click();
  const terms = await brief.locator('dt').allInnerTexts();
  assert.deepEqual(terms, ['RR (MRR)', 'AP (MAP)', 'nDCG@k', 'ERR@k', 'P@k', 'R@k']);
  assert.match(await brief.locator('dd').first().innerText(), /^1 divided by the rank of the first relevant document/);
  // Above the exercises, on a phone too.
  const [b, e] = await Promise.all([brief.boundingBox(), page.locator('.exercise-pane').first().boundingBox()]);
  assert.ok(b.y + b.height <= e.y, `brief ends at ${b.y + b.height}, exercises start at ${e.y}`);
  await context.close();
});
