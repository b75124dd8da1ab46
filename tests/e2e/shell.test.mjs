// The app shell in a real headless Chromium: example data on load, typing a
// ranking, a located error that leaves other results alone, persistence
// across reload, and no request leaving 127.0.0.1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, cell, useBrowser, watch } from './harness.mjs';

const env = useBrowser();

test('opens with the seed examples computed by the wasm core', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const seen = watch(page);
  await page.goto(env.server.url);
  // Article 004's MAP example: MAP = 0.7073 (hand calculation; the article prints 0.708).
  await assert.doesNotReject(cell(page, 'MAP example (article 004)', 'AP').waitFor({ timeout: 15000 }));
  assert.equal(await cell(page, 'MAP example (article 004)', 'AP').innerText(), '0.7073');
  // Article 000: MRR 5/12 = 0.4167 and 13/24 = 0.5417.
  assert.equal(await cell(page, 'MRR system A (article 000)', 'RR').innerText(), '0.4167');
  assert.equal(await cell(page, 'MRR system B (article 000)', 'RR').innerText(), '0.5417');
  await page.screenshot({ path: join(SHOTS, 'shell-example-1280.png'), fullPage: true });
  assert.deepEqual(seen.foreign, [], 'requests left 127.0.0.1');
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('typing a ranking updates the results, errors are located, reload keeps the text', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const seen = watch(page);
  await page.goto(env.server.url);
  const box = page.getByTestId('quick-input');
  await box.waitFor();
  await box.fill('');
  await box.pressSequentially('3 2 0 1 2');
  // Hand calculation: grades 3 2 0 1 2, ideal 3 2 2 1 0, linear gain:
  // nDCG = 0.96025 (article 002's note); AP over grade >= 1 = (1 + 1 + 3/4 + 4/5) / 4 = 0.8875.
  await assert.doesNotReject(cell(page, 'A', 'nDCG@10').getByText('0.9602').waitFor({ timeout: 5000 }));
  assert.equal(await cell(page, 'A', 'AP').innerText(), '0.8875');
  assert.equal(await cell(page, 'A', 'RR').innerText(), '1.0000');
  assert.equal(Number(await cell(page, 'A', 'AP').getAttribute('data-value')), 0.8875);

  // A malformed second line: located error, first line still evaluated.
  await box.press('End');
  await box.pressSequentially('\nq2: 1 x 0');
  const err = page.getByTestId('errors');
  await err.waitFor();
  assert.match(await err.innerText(), /Line 2, column 7: expected a grade/);
  assert.equal(await cell(page, 'A', 'AP').innerText(), '0.8875');
  await page.screenshot({ path: join(SHOTS, 'shell-error-1280.png'), fullPage: true });

  // Changing k recomputes: P@2 of 3 2 0 1 2 is 1.
  await page.getByTestId('cutoff-k').fill('2');
  await assert.doesNotReject(cell(page, 'A', 'P@2').getByText('1.0000').waitFor({ timeout: 5000 }));

  await page.reload();
  await page.getByTestId('quick-input').waitFor();
  assert.equal(await page.getByTestId('quick-input').inputValue(), '3 2 0 1 2\nq2: 1 x 0');
  assert.equal(await page.getByTestId('cutoff-k').inputValue(), '2');
  assert.equal(await cell(page, 'A', 'P@2').innerText(), '1.0000');
  assert.deepEqual(seen.foreign, [], 'requests left 127.0.0.1');
  await context.close();
});

test('phone width keeps everything reachable', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(env.server.url);
  await cell(page, 'MAP example (article 004)', 'AP').waitFor({ timeout: 15000 });
  await page.screenshot({ path: join(SHOTS, 'shell-example-390.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  await context.close();
});
