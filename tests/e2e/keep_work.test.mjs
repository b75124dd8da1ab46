// Loading the example data never silently replaces what the user typed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cell, useBrowser } from './harness.mjs';

const env = useBrowser();

test('"Load example data" asks before replacing typed rankings', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(env.server.url);
  const box = page.getByTestId('quick-input');
  await box.waitFor();
  await box.fill('1 0 1');
  await cell(page, 'A', 'AP').waitFor();

  // Declining keeps the text.
  page.once('dialog', (d) => d.dismiss());
  await page.getByTestId('load-example').click();
  await page.waitForTimeout(200);
  assert.equal(await box.inputValue(), '1 0 1');

  // Accepting loads the example (article 004's MAP 0.7073 appears).
  page.once('dialog', (d) => d.accept());
  await page.getByTestId('load-example').click();
  await cell(page, 'MAP example (article 004)', 'AP').waitFor();
  assert.equal(await cell(page, 'MAP example (article 004)', 'AP').innerText(), '0.7073');
  await context.close();
});
