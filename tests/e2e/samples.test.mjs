// The files door's sample files: one click loads a qrels and two runs that
// ship with the app, and the values shown are trec_eval's, run on the same
// files (static/samples/) by the binary built from ../shared/trec_eval-src.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, SHOTS, cell, open, openDoor, useBrowser } from './harness.mjs';

const env = useBrowser();

/** trec_eval's means for `run`, by its measure names. */
function trecEval(run) {
  const bin = execFileSync(join(ROOT, 'scripts', 'build-trec-eval')).toString().trim().split('\n').pop();
  const out = execFileSync(bin, ['-m', 'recip_rank', '-m', 'map', '-m', 'ndcg_cut.10', '-m', 'P.10', '-m', 'recall.10',
    join(ROOT, 'static', 'samples', 'judgments.qrels'), join(ROOT, 'static', 'samples', run)]).toString();
  return Object.fromEntries(out.trim().split('\n').map((l) => l.split(/\s+/)).map(([m, , v]) => [m, v]));
}

for (const size of [{ width: 1280, height: 720 }, { width: 390, height: 844, touch: true }]) {
  test(`at ${size.width} px the sample files load in one click and agree with trec_eval`, async () => {
    const { context, page, seen } = await open(env, size);
    await openDoor(page, 'files');
    const button = page.getByTestId('load-samples');
    await button.waitFor({ state: 'visible', timeout: 5000 });
    await button.click();
    const names = { RR: 'recip_rank', AP: 'map', 'nDCG@10': 'ndcg_cut_10', 'P@10': 'P_10', 'R@10': 'recall_10' };
    for (const [run, system] of [['bm25.run', 'bm25'], ['dense.run', 'dense']]) {
      const expected = trecEval(run);
      for (const [measure, trec] of Object.entries(names)) {
        const shown = cell(page, system, measure);
        await shown.waitFor({ timeout: 15000 });
        assert.equal((await shown.textContent()).trim(), expected[trec], `${system} ${measure}`);
      }
    }
    // Loaded, the files are listed and the offer is gone.
    assert.deepEqual(await page.getByTestId('file-list').locator('li strong').allTextContents(), ['judgments.qrels', 'bm25.run', 'dense.run']);
    assert.equal(await page.getByTestId('load-samples').count(), 0);
    // Files alone: the timing names no typed rankings.
    assert.match(await page.getByTestId('eval-ms').innerText(), /^Computed in [\d.]+ ms\.$/);
    // The dense run's tied scores raise the tie range.
    await page.getByTestId('tie-range').waitFor();
    await page.screenshot({ path: join(SHOTS, `samples-${size.width}.png`) });
    // On a phone the file panel follows the results once files are in: a
    // link under the table brings it on screen in one tap.
    const toFiles = page.getByTestId('to-files');
    if (size.touch) {
      await toFiles.tap();
      await page.waitForFunction(() => {
        const r = document.querySelector('[data-testid="file-list"]').getBoundingClientRect();
        return r.top >= 0 && r.top < innerHeight;
      }, null, { timeout: 5000 });
    } else {
      assert.equal(await toFiles.isVisible(), false, 'beside the results on a wide screen: no link');
    }
    assert.deepEqual(seen.errors, []);
    await context.close();
  });
}
