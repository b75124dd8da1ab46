// What the user typed is never replaced or cleared without asking.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cell, open, setQuickText, useBrowser } from './harness.mjs';

const env = useBrowser();

test('loading an example and clearing ask first', async () => {
  const { context, page } = await open(env);
  await setQuickText(page, '1 0 1');
  await cell(page, 'A', 'AP').waitFor();
  const box = page.getByTestId('quick-input');

  // Declining keeps the text.
  await page.getByTestId('examples').selectOption('004-map');
  page.once('dialog', (d) => d.dismiss());
  await page.getByTestId('load-case').click();
  await page.waitForTimeout(200);
  assert.equal(await box.inputValue(), '1 0 1');

  // Accepting loads the example (article 004's MAP 0.7073 appears).
  page.once('dialog', (d) => d.accept());
  await page.getByTestId('load-case').click();
  await cell(page, 'A', 'AP').getByText('0.7073').waitFor();

  // Clear asks too; declined, nothing changes; accepted, everything goes.
  page.once('dialog', (d) => d.dismiss());
  await page.getByTestId('clear-all').click();
  await page.waitForTimeout(200);
  assert.equal(await cell(page, 'A', 'AP').innerText(), '0.7073');
  page.once('dialog', (d) => d.accept());
  await page.getByTestId('clear-all').click();
  await page.getByTestId('results-empty').waitFor();
  assert.equal(await box.inputValue(), '');
  await page.reload();
  await page.getByTestId('results-empty').waitFor();
  await context.close();
});
