// The main states at desktop (1280x800) and phone (390x844) sizes, light
// and dark, saved to target/e2e for a person to look at; at phone width no
// state may scroll the page sideways.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, SHOTS, cell, loadCase, paste, showTab, useBrowser } from './harness.mjs';

const SHARED = join(ROOT, '..', 'shared', 'trec_eval_tests');
const env = useBrowser();

const STATES = {
  demo: async () => {},
  'case-003-ndcg': async (page) => {
    await loadCase(page, '003-ndcg');
    await page.getByTestId('case-checks').waitFor();
  },
  'text-error': async (page) => {
    await showTab(page, 'text');
    await page.getByTestId('quick-input').fill('[A]\nq1: 3 2 0 1 2\nq2: 1 x 0');
    await page.getByTestId('errors').waitFor();
  },
  files: async (page) => {
    await showTab(page, 'files');
    await paste(page, 'paste-input', await readFile(join(SHARED, 'qrels.test'), 'utf8'));
    await page.getByTestId('add-pasted').click();
    await paste(page, 'paste-input', await readFile(join(SHARED, 'results.test'), 'utf8'));
    await page.getByTestId('add-pasted').click();
    await cell(page, 'STANDARD', 'AP').waitFor();
  },
  // A shared link opened over one's own rankings: the page asks first.
  'link-offer': async (page) => {
    await showTab(page, 'text');
    await page.getByTestId('quick-input').fill('[Mine]\nq1: 0 1');
    await cell(page, 'Mine', 'AP').waitFor();
    const { deflateRawSync } = await import('node:zlib');
    const state = { quick_text: '[Linked]\nq1: 1 0 1' };
    const hash = `#s=${deflateRawSync(Buffer.from(JSON.stringify(state))).toString('base64url')}`;
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.getByTestId('link-offer').waitFor();
    // Asked where the reader is: the question is brought into view.
    const { top, bottom } = await page.getByTestId('link-offer').evaluate((el) => el.getBoundingClientRect().toJSON());
    const height = await page.evaluate(() => innerHeight);
    assert.ok(top >= 0 && bottom <= height, `the question is at ${top}..${bottom}, out of the ${height}px viewport`);
  },
};

for (const [width, height] of [[1280, 800], [390, 844]]) {
  for (const scheme of ['light', 'dark']) {
    test(`main states at ${width}x${height}, ${scheme}`, async () => {
      for (const [name, reach] of Object.entries(STATES)) {
        const context = await env.browser.newContext({ viewport: { width, height }, colorScheme: scheme });
        const page = await context.newPage();
        await page.goto(env.server.url);
        await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
        await reach(page);
        await page.screenshot({ path: join(SHOTS, `state-${name}-${width}-${scheme}.png`), fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${name}: the page scrolls sideways by ${overflow}px`);
        await context.close();
      }
    });
  }
}
