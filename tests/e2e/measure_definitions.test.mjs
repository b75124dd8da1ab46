// Article 004's other definitions in the page: the nDCG discount family
// (a power, Zipf-like discount) and ERR's sigmoid stopping probability,
// chosen in the settings, named in the table's headers, drawn in the
// discounts chart and checked against values computed by hand; a value
// the field cannot read is said and the last good one stays in use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, cell, open, setQuickText, useBrowser } from './harness.mjs';

const env = useBrowser();

test('a power discount and a sigmoid ERR give the hand-computed values', async () => {
  const { page, context } = await open(env);
  await setQuickText(page, '[S]\nq1: 3 0 2');
  await page.getByTestId('set-cutoffs').fill('10');
  // Grades 3, 0, 2 with 1/rank^2: DCG = 3 + 2/9, IDCG = 3 + 2/4, nDCG = 58/63 = 0.9206.
  await page.getByTestId('set-discount').fill('power 2');
  await cell(page, 'S', "nDCG(discount='power',s=2)@10").getByText('0.9206').waitFor();
  // log 10: DCG = 3/log10(2) + 2/log10(4), IDCG = 3/log10(2) + 2/log10(3); nDCG = 0.9386 (by hand).
  await page.getByTestId('set-discount').fill('log 10');
  await cell(page, 'S', 'nDCG(base=10)@10').getByText('0.9386').waitFor();
  // nDCG is the same for every log base (the base cancels in DCG / IDCG), so
  // the base itself is checked on DCG, in the worked calculation:
  // 3/log10(2) + 0 + 2/log10(4) = 9.9658 + 3.3219 = 13.2877 (base 2 gives 4).
  await cell(page, 'S', 'nDCG(base=10)@10').click();
  const box = page.getByTestId('explanation');
  await box.getByTestId('steps').waitFor();
  const dcg = (await box.getByTestId('step-line').allInnerTexts()).find((l) => l.startsWith('DCG ='));
  assert.match(dcg ?? '', /^DCG = 9\.9658 \+ 0\.0000 \+ 3\.3219 = 13\.2877\.$/, dcg);
  await box.getByTestId('close-explanation').click();
  await page.getByTestId('set-discount').fill('power 2');
  // ERR with R = 1/(1 + e^(−(g − 1.5))): R1 = 0.8176, R2 = 0.1824, R3 = 0.6225;
  // ERR@10 = R1 + (1 − R1)·R2/2 + (1 − R1)(1 − R2)·R3/3 = 0.86516 (by hand).
  await page.getByTestId('family-ERR').check();
  await page.getByTestId('set-err-stop').fill('sigmoid 1 1.5');
  await cell(page, 'S', "ERR(stop='sigmoid',alpha=1,beta=1.5)@10").getByText('0.8652').waitFor();

  // The discounts chart draws the chosen discount next to the standard ones.
  const charts = page.getByTestId('charts');
  await charts.getByTestId('chart-discounts').click();
  await charts.locator('summary', { hasText: 'Data table' }).click();
  const row = charts.getByTestId('chart-data').locator('tr', { hasText: '1/rank^2 (your nDCG)' });
  assert.deepEqual((await row.locator('td').allInnerTexts()).slice(0, 3), ['1.0000', '0.2500', '0.1111']);
  const stops = charts.getByTestId('chart-data').locator('tr', { hasText: 'ERR P(stop), S q1' });
  assert.equal((await stops.locator('td').allInnerTexts())[0], '0.8176');

  // A value the field cannot read is said; the table keeps the last good one.
  await page.getByTestId('set-discount').fill('power -1');
  assert.match(await page.locator('#set-discount-error').innerText(), /power S \(S above 0\)/);
  await cell(page, 'S', "nDCG(discount='power',s=2)@10").getByText('0.9206').waitFor();
  await page.getByTestId('set-err-stop').fill('sigmoid 0 1');
  assert.match(await page.locator('#set-err-stop-error').innerText(), /steepness A above 0/);
  await page.screenshot({ path: `${SHOTS}/measure-definitions-1280.png`, fullPage: false });

  // The choices survive a reload.
  await page.getByTestId('set-discount').fill('power 2');
  await page.reload();
  await cell(page, 'S', "nDCG(discount='power',s=2)@10").getByText('0.9206').waitFor({ timeout: 15000 });
  assert.equal(await page.getByTestId('set-err-stop').inputValue(), 'sigmoid 1 1.5');
  await context.close();
});
