// What the user typed is never replaced or cleared without asking.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cell, open, setQuickText, showTab, useBrowser } from './harness.mjs';

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

test('a long text is evaluated when typing pauses: meanwhile the results say they are updating, and no keystroke is lost', async () => {
  const { context, page, seen } = await open(env);
  // System B's q1 first, then 500 lines of system A: about 20 KB, over the
  // 16 KB up to which every keystroke is evaluated at once.
  const filler = Array.from({ length: 500 }, (_, i) => `q${i + 1}: 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0`).join('\n');
  const text = `[B]\nq1: 0 0 0 1\n[A]\n${filler}\n`;
  assert.ok(text.length > 16 * 1024);
  await setQuickText(page, text);
  // q1 of B: one relevant document at rank 4, so AP = 1/4.
  await cell(page, 'B', 'AP').getByText('0.2500').waitFor();
  const box = page.getByTestId('quick-input');
  await box.evaluate((el) => { el.focus(); el.setSelectionRange(15, 15); });
  // Rank 5 gets grade 1 too: AP = (1/4 + 2/5) / 2 = 0.325.
  await page.keyboard.type(' 1', { delay: 20 });
  // Right after the keystrokes the old number is still shown, and marked.
  await page.getByTestId('results-updating').waitFor({ timeout: 1000 });
  assert.equal(await page.getByTestId('results-updating').innerText(), 'updating…');
  assert.equal(await page.locator('.results-pane').getAttribute('aria-busy'), 'true');
  await cell(page, 'B', 'AP').getByText('0.3250').waitFor();
  assert.equal(await page.getByTestId('results-updating').count(), 0);
  assert.equal(await page.locator('.results-pane').getAttribute('aria-busy'), 'false');
  assert.ok((await box.inputValue()).startsWith('[B]\nq1: 0 0 0 1 1\n[A]\n'));
  // Typed and then reloaded at once: the text is kept.
  await page.keyboard.type(' 0');
  await page.reload();
  await page.locator('.page').waitFor();
  await showTab(page, 'text');
  assert.ok((await page.getByTestId('quick-input').inputValue()).startsWith('[B]\nq1: 0 0 0 1 1 0\n[A]\n'));
  await cell(page, 'B', 'AP').getByText('0.3250').waitFor();
  assert.deepEqual(seen.errors, []);
  await context.close();
});
