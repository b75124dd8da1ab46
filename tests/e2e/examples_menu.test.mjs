// The examples menu names worked examples as a reader would (no article
// numbers), grouped by measure; loading one shows its values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cell, loadCase, open, useBrowser } from './harness.mjs';

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
