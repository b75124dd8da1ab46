// The form editor: article 004's MAP example built by clicking gives 0.7073;
// rows are reordered by mouse and keyboard; relevant documents not
// retrieved count; the text follows the form and the form the text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, cell, open, showTab, useBrowser } from './harness.mjs';

const env = useBrowser();

async function addRanks(page, grades) {
  for (const g of grades) await page.getByTestId(`add-grade-${g === 'R' ? 1 : 0}`).click();
}

test('article 004 MAP example built in the form by clicking', async () => {
  const { context, page, seen } = await open(env);
  page.once('dialog', (d) => d.accept());
  await page.getByTestId('clear-all').click();
  await page.getByTestId('results-empty').waitFor();
  await showTab(page, 'form');
  await page.getByTestId('set-scale').fill('1');
  await page.getByTestId('add-system').click();
  await addRanks(page, 'RRNRRNRNRN');
  await page.getByTestId('add-query').click();
  await addRanks(page, 'RNRNRNNR');
  await page.getByTestId('add-query').click();
  await addRanks(page, 'NRRNRR');
  // Hand calculation (article 004): APs 0.8218, 0.6917, 0.6083; MAP 0.7073.
  await cell(page, 'A', 'AP').getByText('0.7073').waitFor({ timeout: 5000 });
  assert.equal(await cell(page, 'A', 'num_q').innerText(), '3');
  await page.screenshot({ path: join(SHOTS, 'form-1280.png'), fullPage: true });

  // Mouse: move q3's first rank down (R N R N R R: AP (1 + 2/3 + 3/5 + 4/6)/4 = 0.7333;
  // MAP (0.8218 + 0.6917 + 0.7333)/3 = 0.7489).
  await page.getByRole('button', { name: 'Move rank 1 down' }).click();
  await cell(page, 'A', 'AP').getByText('0.7489').waitFor({ timeout: 5000 });
  // Keyboard: Alt+ArrowUp on rank 2 moves it back; focus follows the moved row.
  await page.getByTestId('grade-2').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await cell(page, 'A', 'AP').getByText('0.7073').waitFor({ timeout: 5000 });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'form-grade-1');

  // A relevant document not retrieved: q3 has R = 5, AP (1/2 + 2/3 + 3/5 + 4/6)/5 = 0.4867.
  await page.getByTestId('add-missed').click();
  // MAP = (0.8218 + 0.6917 + 0.4867) / 3 = 0.6667.
  await cell(page, 'A', 'AP').getByText('0.6667').waitFor({ timeout: 5000 });

  // The text follows the form ...
  await showTab(page, 'text');
  assert.equal(await page.getByTestId('quick-input').inputValue(),
    '[A]\nq1: 1 1 0 1 1 0 1 0 1 0\nq2: 1 0 1 0 1 0 0 1\nq3: 0 1 1 0 1 1 | 1\n');
  // ... and the form follows the text.
  await page.getByTestId('quick-input').fill('[A]\nq1: 1 0 1\n[B]\nq1: 0 0 1 1');
  await showTab(page, 'form');
  await page.getByTestId('form-system').selectOption({ label: 'B (1 query)' });
  assert.equal(await page.getByTestId('rank-row').count(), 4);
  assert.equal(await page.getByTestId('grade-3').inputValue(), '1');

  // Rename, duplicate and delete systems.
  await page.getByTestId('system-name').fill('BM25');
  await page.getByTestId('system-name').press('Enter');
  await cell(page, 'BM25', 'AP').waitFor();
  await page.getByTestId('duplicate-system').click();
  await cell(page, 'BM25 copy', 'AP').waitFor();
  page.once('dialog', (d) => d.accept());
  await page.getByTestId('delete-system').click();
  await cell(page, 'BM25 copy', 'AP').waitFor({ state: 'detached' });

  // A text with an error locks the form instead of dropping the bad line.
  await showTab(page, 'text');
  await page.getByTestId('quick-input').fill('[A]\nq1: 1 0 x');
  await showTab(page, 'form');
  await page.getByTestId('form-locked').waitFor();
  assert.equal(await page.getByTestId('add-query').isDisabled(), true);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('a new system reuses the query ids and a name applies as it is typed', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'text');
  await page.getByTestId('quick-input').fill('[A]\nq1: 1 0\nq7: 0 1\nq3: 1');
  await showTab(page, 'form');
  await page.getByTestId('add-system').click();
  // B gets A's three queries, in A's order, to fill in (not one lone q1).
  await cell(page, 'B', 'num_q').getByText('3').waitFor();
  await showTab(page, 'text');
  assert.equal(await page.getByTestId('quick-input').inputValue(), '[A]\nq1: 1 0\nq7: 0 1\nq3: 1\n\n[B]\nq1:\nq7:\nq3:\n');
  await showTab(page, 'form');
  await page.getByTestId('form-system').selectOption({ label: 'B (3 queries)' });
  // Typing renames at once, without leaving the field; the focus stays.
  const name = page.getByTestId('system-name');
  await name.fill('');
  await name.pressSequentially('Run 2');
  await cell(page, 'Run 2', 'RR').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement.id), 'form-system-name');
  // A name another system has is said and not applied; leaving puts the name back.
  await name.fill('A');
  await page.getByText('Another system is named A.').waitFor();
  await cell(page, 'Run 2', 'RR').waitFor();
  await page.getByTestId('form-system').focus();
  assert.equal(await name.inputValue(), 'Run 2');
  assert.deepEqual(seen.errors, []);
  await context.close();
});
