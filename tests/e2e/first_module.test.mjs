// The first module (src/shell/first.rs): a first visit of the calculate
// door fetches it and not the whole app, and computes as the whole app does;
// another door, a link that needs more, or files kept from last time hand
// over to the whole app, which keeps what was typed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cell, open, openDoor, paste, showTab, useBrowser } from './harness.mjs';

const env = useBrowser();

/** The app's modules the page requested: 'first', 'whole' (in order). */
function modules(page) {
  const seen = [];
  page.on('request', (r) => {
    const name = new URL(r.url()).pathname.split('/').pop();
    if (/^ranklab-first-.*_bg\.wasm$/.test(name)) seen.push('first');
    if (/^ranklab-app-.*_bg\.wasm$/.test(name)) seen.push('whole');
  });
  return seen;
}

test('a first visit fetches the first module only; another door hands over and keeps the typed text', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const seen = modules(page);
  await page.goto(env.server.url);
  await page.locator('.page.door-calculate').waitFor({ timeout: 15000 });
  await showTab(page, 'text');
  // Relevant at ranks 2 and 3 of 4, two relevant in all: AP = (1/2 + 2/3) / 2.
  await paste(page, 'quick-input', '[Mine]\nq1: 0 1 1 0');
  await cell(page, 'Mine', 'AP').getByText('0.5833').waitFor();
  assert.deepEqual(seen, ['first'], 'the calculate door computes without the whole app');

  await openDoor(page, 'files');
  await page.getByTestId('paste-input').waitFor({ timeout: 15000 });
  assert.deepEqual(seen, ['first', 'whole']);
  // The focus is back on the link that was clicked, in the whole app.
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'door-files');
  await showTab(page, 'text');
  assert.equal(await page.getByTestId('quick-input').inputValue(), '[Mine]\nq1: 0 1 1 0');
  await cell(page, 'Mine', 'AP').getByText('0.5833').waitFor();
  // One app on the page: the first module's is gone.
  assert.equal(await page.locator('.page').count(), 1);
  assert.deepEqual(errors, []);

  // An address that needs the whole app starts it at once.
  const other = await context.newPage();
  const direct = modules(other);
  await other.goto(`${env.server.url}#learn`);
  await other.locator('.page.door-learn').waitFor({ timeout: 15000 });
  assert.deepEqual(direct, ['whole']);
  await context.close();
});

test('files kept from last time: a visit to the calculate door starts the whole app and shows their numbers', async () => {
  const { context, page } = await open(env);
  await showTab(page, 'files');
  await paste(page, 'paste-input', 'q1 0 d1 1\nq1 0 d2 0\n');
  await page.getByTestId('add-pasted').click();
  await paste(page, 'paste-input', 'q1 Q0 d2 1 2.0 sysA\nq1 Q0 d1 2 1.0 sysA\n');
  await page.getByTestId('add-pasted').click();
  // d1, the one relevant document, at rank 2: RR = 1/2.
  await cell(page, 'sysA', 'RR').getByText('0.5000').waitFor({ timeout: 15000 });
  // Saved in IndexedDB once the files change.
  await page.waitForTimeout(300);
  const again = await context.newPage();
  const seen = modules(again);
  await again.goto(`${env.server.url}#calculate`);
  await cell(again, 'sysA', 'RR').getByText('0.5000').waitFor({ timeout: 15000 });
  // The loader knows from localStorage's mark, without fetching the first module.
  assert.deepEqual(seen, ['whole']);
  assert.equal(await again.locator('.page.door-calculate').count(), 1);
  await context.close();
});

test('when the whole app cannot be fetched, the page says so; Try again opens it with the text kept', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(env.server.url);
  await page.locator('.page.door-calculate').waitFor({ timeout: 15000 });
  await showTab(page, 'text');
  await paste(page, 'quick-input', '[Kept]\nq1: 1 0');
  await cell(page, 'Kept', 'RR').getByText('1.0000').waitFor();
  await page.route(/ranklab-app-.*_bg\.wasm$/, (route) => route.abort());
  await page.locator('[data-testid="door-files"]:visible').first().click();
  const alert = page.locator('.opening-whole.failed[role="alert"]');
  await alert.waitFor({ timeout: 15000 });
  assert.match(await alert.innerText(), /The rest of Ranklab could not be loaded \(.+\)\. What you typed is kept\./);
  await page.unroute(/ranklab-app-.*_bg\.wasm$/);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await page.getByTestId('paste-input').waitFor({ timeout: 15000 });
  assert.equal(await alert.count(), 0);
  await showTab(page, 'text');
  assert.equal(await page.getByTestId('quick-input').inputValue(), '[Kept]\nq1: 1 0');
  await context.close();
});
