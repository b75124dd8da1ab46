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

/** A shared link's address for `state`, packed as the app packs one (JSON,
 * raw DEFLATE, URL-safe base64), made here, not by the app. */
async function linkFor(state) {
  const { deflateRawSync } = await import('node:zlib');
  return `${env.server.url}#s=${deflateRawSync(Buffer.from(JSON.stringify(state))).toString('base64url')}`;
}

test('a shared link asks before it replaces your own work, opened at the start or in an open tab', async () => {
  // Someone's link: one system, ranking relevant, not, relevant: AP = (1/1 + 2/3) / 2 = 0.8333.
  const link = await linkFor({ quick_text: '[Linked]\nq1: 1 0 1' });
  const { context, page } = await open(env);
  // One's own work: AP of "0 1" = (1/2) / 1 = 0.5000.
  await setQuickText(page, '[Mine]\nq1: 0 1');
  await cell(page, 'Mine', 'AP').getByText('0.5000').waitFor();
  const box = page.getByTestId('quick-input');
  const offer = page.getByTestId('link-offer');

  // Pasted into the address bar of the open tab: asked, nothing replaced yet.
  await page.evaluate((hash) => { location.hash = hash; }, new URL(link).hash);
  await offer.waitFor();
  assert.match(await offer.innerText(), /Opening it replaces the rankings you typed in this browser/);
  assert.equal(await box.inputValue(), '[Mine]\nq1: 0 1');
  // Kept: the question goes, and so does the link's address.
  await page.getByTestId('link-offer-keep').click();
  await offer.waitFor({ state: 'detached' });
  assert.doesNotMatch(new URL(page.url()).hash, /^#s=/);
  assert.equal(await box.inputValue(), '[Mine]\nq1: 0 1');
  assert.equal(await cell(page, 'Mine', 'AP').innerText(), '0.5000');

  // Asked again; one's work saved as a session file first, then the link
  // opened: its rankings replace one's own.
  await page.evaluate((hash) => { location.hash = hash; }, new URL(link).hash);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('link-offer-save').click()]);
  assert.equal(download.suggestedFilename(), 'ranklab-session.json');
  const { readFile } = await import('node:fs/promises');
  const session = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(session.state.quick_text, '[Mine]\nq1: 0 1');
  await page.getByTestId('link-offer-saved').waitFor();
  await page.getByTestId('link-offer-open').click();
  await cell(page, 'Linked', 'AP').getByText('0.8333').waitFor();
  await showTab(page, 'text');
  assert.equal(await box.inputValue(), '[Linked]\nq1: 1 0 1');
  assert.equal(await offer.count(), 0);

  // Opened at the start, in a new tab of the same browser: the page starts
  // from the work kept here and asks; a reload asks again; kept, it stays.
  await setQuickText(page, '[Mine]\nq1: 0 1');
  await cell(page, 'Mine', 'AP').waitFor();
  const other = await context.newPage();
  await other.goto(link);
  await other.getByTestId('link-offer').waitFor({ timeout: 15000 });
  await cell(other, 'Mine', 'AP').getByText('0.5000').waitFor();
  assert.equal(await other.getByText('Linked').count(), 0);
  await other.reload();
  await other.getByTestId('link-offer').waitFor({ timeout: 15000 });
  await other.getByTestId('link-offer-keep').click();
  await other.reload();
  await cell(other, 'Mine', 'AP').getByText('0.5000').waitFor({ timeout: 15000 });
  assert.equal(await other.getByTestId('link-offer').count(), 0);
  await context.close();

  // Nothing of one's own (a fresh browser): the link opens without a question.
  const fresh = await open(env, { url: link });
  await cell(fresh.page, 'Linked', 'AP').getByText('0.8333').waitFor({ timeout: 15000 });
  assert.equal(await fresh.page.getByTestId('link-offer').count(), 0);
  await fresh.context.close();
});
