// "Copy link": the whole state in the URL fragment, opened in a fresh
// browser context (no shared storage), restores it exactly; an oversized
// state gets a message instead of a broken link; a damaged link is said.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROOT, SHOTS, cell, open, paste, setQuickText, showTab, useBrowser } from './harness.mjs';

const env = useBrowser();

test('a copied link restores text, files and settings in a fresh context', async () => {
  const a = await open(env);
  await setQuickText(a.page, '[Mine]\nq1: 3 0 2 | 1\nq2: N R');
  await a.page.getByTestId('set-cutoffs').fill('3');
  await a.page.getByTestId('set-gain').selectOption('exp');
  await showTab(a.page, 'files');
  await a.page.getByTestId('paste-input').fill('q1 0 d1 1\nq1 0 d2 0\n');
  await a.page.getByTestId('add-pasted').click();
  await a.page.getByTestId('paste-input').fill('q1 Q0 d2 1 9 r\nq1 Q0 d1 2 8 r\n');
  await a.page.getByTestId('add-pasted').click();
  await cell(a.page, 'r', 'RR').getByText('0.5000').waitFor();
  const want = await a.page.getByTestId('results').innerText();
  await a.page.getByTestId('copy-link').click();
  const link = await a.page.getByTestId('share-link').inputValue();
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#s=[A-Za-z0-9_-]+$/);
  await a.context.close();

  const b = await open(env, { url: link });
  await cell(b.page, 'r', 'RR').waitFor({ timeout: 15000 });
  assert.equal(await b.page.getByTestId('results').innerText(), want);
  assert.equal(await b.page.getByTestId('set-cutoffs').inputValue(), '3');
  assert.equal(await b.page.getByTestId('set-gain').inputValue(), 'exp');
  await showTab(b.page, 'text');
  assert.equal(await b.page.getByTestId('quick-input').inputValue(), '[Mine]\nq1: 3 0 2 | 1\nq2: N R');
  // The fragment is dropped once read; a reload keeps the restored state.
  assert.doesNotMatch(new URL(b.page.url()).hash, /^#s=/);
  await b.page.reload();
  await cell(b.page, 'r', 'RR').waitFor({ timeout: 15000 });
  assert.deepEqual(b.seen.foreign, []);
  await b.context.close();
});

test('an oversized state and a damaged link get clear messages', async () => {
  const a = await open(env);
  await showTab(a.page, 'files');
  // 60,000 random letters (about 4.7 bits each) do not compress below the link limit.
  const noise = await a.page.evaluate(() => {
    const bytes = crypto.getRandomValues(new Uint8Array(60000));
    return Array.from(bytes, (b) => String.fromCharCode(97 + (b % 26))).join('');
  });
  await paste(a.page, 'paste-input', noise);
  await a.page.getByTestId('add-pasted').click();
  await a.page.getByTestId('copy-link').click();
  assert.match(await a.page.getByTestId('share-error').innerText(), /links are kept under 32 KB/);
  await a.context.close();

  const b = await open(env, { url: `${env.server.url}#s=AAAA` });
  assert.match(await b.page.getByTestId('link-error').innerText(), /This link could not be opened/);
  await cell(b.page, 'BM25', 'RR').waitFor();
  await b.context.close();
});

test('a link with settings the page would refuse is refused, not used', async () => {
  // Packed the way the app packs a state: JSON, raw DEFLATE, URL-safe base64.
  const { deflateRawSync } = await import('node:zlib');
  const state = { quick_text: '[Tampered]\nq1: 1 0', settings: { rbp_p: 2, stats: { interval: 'Bootstrap', resamples: 2e9 } } };
  const body = deflateRawSync(Buffer.from(JSON.stringify(state))).toString('base64url');
  const b = await open(env, { url: `${env.server.url}#s=${body}` });
  const message = await b.page.getByTestId('link-error').innerText();
  assert.match(message, /This link could not be opened: its settings are out of range/);
  assert.match(message, /rbp_p: p is a number between 0 and 1/);
  assert.match(message, /resamples: a whole number from 100 to 1,000,000/);
  // The page goes on with the saved (here: the demo) state, responsive.
  await cell(b.page, 'BM25', 'RR').waitFor();
  assert.equal(await b.page.getByText('Tampered').count(), 0);
  await b.context.close();
});

test('a session file round-trips a state that a link cannot hold', async () => {
  const { readFile, writeFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const shared = join(ROOT, '..', 'shared', 'trec_eval_tests');
  const a = await open(env);
  await showTab(a.page, 'files');
  await a.page.getByTestId('file-input').setInputFiles([join(shared, 'qrels.test'), join(shared, 'results.test')]);
  await cell(a.page, 'STANDARD', 'AP').getByText('0.1785').waitFor({ timeout: 15000 });
  await a.page.getByTestId('set-cutoffs').fill('5');
  await cell(a.page, 'STANDARD', 'P@5').waitFor();
  await a.page.getByTestId('copy-link').click();
  assert.match(await a.page.getByTestId('share-error').innerText(), /Save session keeps everything in a file instead/);
  const [download] = await Promise.all([a.page.waitForEvent('download'), a.page.getByTestId('save-session').click()]);
  assert.equal(download.suggestedFilename(), 'ranklab-session.json');
  const path = join(tmpdir(), `ranklab-session-${process.pid}.json`);
  await download.saveAs(path);
  const saved = JSON.parse(await readFile(path, 'utf8'));
  assert.equal(saved.format, 'ranklab-session');
  assert.equal(saved.version, 1);
  assert.deepEqual(saved.state.files.map((f) => f.name), ['qrels.test', 'results.test']);
  const want = await a.page.getByTestId('results').innerText();
  await a.context.close();

  // Opened with "Open session…" in a fresh browser context: the same table.
  const b = await open(env);
  await b.page.getByTestId('open-session').setInputFiles(path);
  await cell(b.page, 'STANDARD', 'P@5').waitFor({ timeout: 15000 });
  assert.equal(await b.page.getByTestId('results').innerText(), want);
  assert.equal(await b.page.getByTestId('set-cutoffs').inputValue(), '5');
  // A JSON file that is not a session is said, and nothing changes.
  const other = join(tmpdir(), `not-a-session-${process.pid}.json`);
  await writeFile(other, '{"q1": {"d1": 1}}');
  await b.page.getByTestId('open-session').setInputFiles(other);
  assert.match(await b.page.getByTestId('link-error').innerText(), /is not a Ranklab session file/);
  assert.equal(await b.page.getByTestId('results').innerText(), want);
  await b.context.close();

  // Picked or dropped among files, a session file opens too.
  const c = await open(env);
  await showTab(c.page, 'files');
  await c.page.getByTestId('file-input').setInputFiles(path);
  await cell(c.page, 'STANDARD', 'P@5').waitFor({ timeout: 15000 });
  assert.equal(await c.page.getByTestId('results').innerText(), want);
  await c.context.close();
});

test('the sharing buttons stay where they are when their result opens', async () => {
  const { page, context } = await open(env, { width: 1280, height: 800 });
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  const boxes = async () => Promise.all(['copy-link', 'save-session', 'embed', 'clear-all'].map(async (id) => {
    const b = await page.getByTestId(id).boundingBox();
    return [Math.round(b.x), Math.round(b.y)];
  }));
  const before = await boxes();
  await page.getByTestId('copy-link').click();
  await page.getByTestId('share-link').waitFor();
  assert.deepEqual(await boxes(), before, 'Copy link moved the buttons');
  await page.getByTestId('embed').click();
  await page.getByTestId('embed-snippet').waitFor();
  assert.deepEqual(await boxes(), before, 'Embed moved the buttons');
  // One panel at a time: the embed snippet replaced the link.
  assert.equal(await page.getByTestId('share-link').count(), 0);
  await page.screenshot({ path: `${SHOTS}/share-open-1280.png`, clip: { x: 0, y: 0, width: 1280, height: 420 } });
  await page.getByTestId('close-share').click();
  assert.equal(await page.getByTestId('embed-snippet').count(), 0);
  assert.deepEqual(await boxes(), before);
  await context.close();
});

test('Copy link in the learn door gives a link that opens the learn door, with the state', async () => {
  const a = await open(env, { url: `${env.server.url}#learn` });
  await a.page.locator('main.learn-door').waitFor();
  await a.page.getByTestId('copy-link').click();
  const link = await a.page.getByTestId('share-link').inputValue();
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/\?door=learn#s=[A-Za-z0-9_-]+$/);
  await a.context.close();
  const b = await open(env, { url: link });
  await b.page.locator('main.learn-door').waitFor({ timeout: 15000 });
  assert.equal(await b.page.locator('main.learn-door').count(), 1);
  await b.context.close();
});
