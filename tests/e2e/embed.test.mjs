// Embedding: the documentation-style example page with two embedded
// calculators (article 000/004's MRR and MAP, and nDCG gains), the embed
// mode's missing page chrome, nothing saved over the reader's own work,
// and the "Embed" button's snippet opening the same state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, cell, open, setQuickText, useBrowser } from './harness.mjs';

const env = useBrowser();

function frameCell(frame, system, measure) {
  return frame.locator(`[data-testid="results"] td[data-system="${system}"][data-measure="${measure}"] .value`);
}

test('the example page embeds two working calculators', async () => {
  const { context, page, seen } = await open(env);
  // The reader's own work in the full app, which the embeds must not touch.
  await setQuickText(page, 'q1: 3 2 1');
  await cell(page, 'A', 'AP').waitFor();
  await page.goto(`${env.server.url}embed-example.html`);
  const mrr = page.frameLocator('#mrr-map');
  // Article 004's MAP 0.7073; article 000's MRR 5/12 and 13/24.
  await frameCell(mrr, 'MAP example (article 004)', 'AP').waitFor({ timeout: 20000 });
  assert.equal(await frameCell(mrr, 'MAP example (article 004)', 'AP').innerText(), '0.7073');
  assert.equal(await frameCell(mrr, 'MRR system B (article 000)', 'RR').innerText(), '0.5417');
  assert.equal(await mrr.getByTestId('examples').count(), 0, 'no page chrome in embed mode');
  assert.equal(await mrr.getByTestId('charts').count(), 1);
  const ndcg = page.frameLocator('#ndcg-gain');
  assert.equal(await page.locator('iframe#ndcg-gain').count(), 1, 'the second calculator\'s frame is on the page');
  await page.locator('#ndcg-gain').scrollIntoViewIfNeeded();
  // sklearn/trec_eval nDCG 0.6957 (linear) and 0.4097 (exponential) for grades 5 1 0 0 10.
  await frameCell(ndcg, 'A', 'nDCG').waitFor({ timeout: 20000 });
  assert.equal(await frameCell(ndcg, 'A', 'nDCG').innerText(), '0.6957');
  assert.equal(await frameCell(ndcg, 'A', "nDCG(dcg='exp-log2')").innerText(), '0.4097');
  // Editing inside an embed works and is not saved.
  await ndcg.getByTestId('tab-text').click();
  await ndcg.getByTestId('quick-input').fill('[A]\nq1: 10 5 1 0 0');
  await frameCell(ndcg, 'A', 'nDCG').getByText('1.0000').waitFor();
  await page.screenshot({ path: join(SHOTS, 'embed-example-1280.png'), fullPage: true });
  await page.goto(env.server.url);
  await page.getByTestId('tab-text').click();
  assert.equal(await page.getByTestId('quick-input').inputValue(), 'q1: 3 2 1');
  assert.deepEqual(seen.foreign, []);
  await context.close();
});

test('the Embed button gives a snippet that opens the same state', async () => {
  const { context, page } = await open(env);
  await setQuickText(page, '[Mine]\nq1: N R R');
  await cell(page, 'Mine', 'AP').waitFor();
  await page.getByTestId('embed').click();
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  const src = snippet.match(/<iframe src="([^"]+)"/)[1];
  assert.match(src, /^http:\/\/127\.0\.0\.1:\d+\/\?embed#s=/);
  // Made from this computer's own server, the snippet would give readers an empty frame: said.
  assert.match(await page.getByTestId('embed-local').innerText(), /^This frame's address is this computer's own: your readers' browsers cannot open it/);
  assert.match(await page.getByTestId('embed-text-blocks').innerText(), /load Ranklab's embed\.js once per page/);
  const other = await context.newPage();
  await other.goto(src);
  // AP of N R R with R = 2: (1/2 + 2/3) / 2 = 0.5833.
  await other.locator('[data-testid="results"] td[data-system="Mine"][data-measure="AP"] .value').getByText('0.5833').waitFor({ timeout: 15000 });
  assert.equal(await other.getByTestId('examples').count(), 0);
  await context.close();
});

test('an embed of 600 x 560 shows its results without scrolling', async () => {
  const { context, page } = await open(env, { width: 600, height: 560, url: `${env.server.url}?embed&case=000-004` });
  const value = page.locator('[data-testid="results"] td[data-system="MAP example (article 004)"][data-measure="AP"] .value');
  await value.waitFor({ timeout: 20000 });
  assert.equal(await value.innerText(), '0.7073');
  const box = await value.boundingBox();
  assert.ok(box.y + box.height <= 560, `the value ends at ${box.y + box.height} px`);
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  // The rankings follow, as compact text.
  assert.equal(await page.getByTestId('quick-input').count(), 1);
  await page.screenshot({ path: join(SHOTS, 'embed-600x560.png') });
  await context.close();
});

test('the example page resizes its frames to the height they report', async () => {
  const { context, page } = await open(env);
  await page.goto(`${env.server.url}embed-example.html`);
  const frame = page.locator('#mrr-map');
  await page.frameLocator('#mrr-map').locator('[data-testid="results"] td .value').first().waitFor({ timeout: 20000 });
  // Reported: the frame's height becomes its content's (not the 560 it starts with).
  await page.waitForFunction(() => document.getElementById('mrr-map').style.height !== '', null, { timeout: 10000 });
  const inner = await page.frameLocator('#mrr-map').locator('.page.embed').evaluate((el) => el.getBoundingClientRect().height);
  const outer = (await frame.boundingBox()).height;
  assert.ok(Math.abs(outer - inner) < 12, `frame ${outer} px, content ${inner} px`);
  await context.close();
});

test('the Embed dialog previews the embed at the chosen height, then at its content\'s as the snippet\'s script makes it', async () => {
  const { context, page } = await open(env);
  await setQuickText(page, '[Mine]\nq1: N R R');
  await cell(page, 'Mine', 'AP').waitFor();
  await page.getByTestId('embed').click();
  const preview = page.getByTestId('embed-preview');
  assert.equal(await preview.getAttribute('height'), '560');
  await page.frameLocator('[data-testid="embed-preview"]').locator('td[data-system="Mine"][data-measure="AP"] .value').getByText('0.5833').waitFor({ timeout: 15000 });
  // The frame takes the height its calculator reports, as in a docs page.
  await page.waitForFunction(() => document.querySelector('[data-testid="embed-preview"]').style.height !== '', null, { timeout: 10000 });
  const inner = await page.frameLocator('[data-testid="embed-preview"]').locator('.page.embed').evaluate((el) => el.getBoundingClientRect().height);
  const outer = (await preview.boundingBox()).height;
  assert.ok(Math.abs(outer - inner) < 12, `preview ${outer} px, its content ${inner} px`);
  assert.ok(Math.abs(outer - 560) > 12, `the preview resized from 560 px: ${outer} px`);
  // A message of the same shape from the page itself resizes nothing.
  await page.evaluate(() => window.postMessage({ ranklab: 'height', height: 99 }, '*'));
  await page.waitForTimeout(200);
  assert.equal((await preview.boundingBox()).height, outer);
  assert.match(await page.locator('.embed-result').innerText(), /Preview: it opens at that height, then takes its content's height/);
  await page.getByTestId('embed-height').selectOption('400');
  assert.equal(await preview.getAttribute('height'), '400');
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  assert.match(snippet, /height="400"/);
  assert.match(snippet, /addEventListener\('message'/);
  await page.screenshot({ path: join(SHOTS, 'embed-dialog.png') });
  // Dark and the table alone: the address says so, and the preview shows it.
  await page.getByTestId('embed-theme').selectOption('dark');
  await page.getByTestId('embed-view').selectOption('table');
  assert.match(await page.getByTestId('embed-snippet').inputValue(), /src="[^"]*\?embed&theme=dark&view=table#s=/);
  const frame = page.frameLocator('[data-testid="embed-preview"]');
  await frame.locator('td[data-system="Mine"][data-measure="AP"] .value').getByText('0.5833').waitFor({ timeout: 15000 });
  assert.equal(await frame.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor), 'rgb(23, 24, 27)');
  assert.equal(await frame.getByTestId('charts').count(), 0);
  await context.close();
});

test('an embed address asks for light or dark and for the table or the charts alone', async () => {
  // Light in a dark browser, the charts alone: drawn light, no table.
  const { context, page } = await open(env, { url: `${env.server.url}?embed&case=004-map&theme=light&view=chart` });
  await page.emulateMedia({ colorScheme: 'dark' });
  const svg = page.getByTestId('charts').locator('figure svg');
  await svg.waitFor({ timeout: 20000 });
  assert.equal(await page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor), 'rgb(251, 251, 250)');
  assert.ok((await svg.innerHTML()).includes('#FFFFFF'), 'the chart is drawn light');
  assert.equal(await page.getByTestId('results').count(), 0);
  // A value it does not know is said in the frame.
  await page.goto(`${env.server.url}?embed&case=004-map&view=graph`);
  assert.match(await page.getByTestId('link-error').innerText(), /view is `graph`; expected table, chart or both/);
  await context.close();
});
