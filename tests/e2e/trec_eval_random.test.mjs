// The page agrees with trec_eval 10 on a random corpus: the corpus is made
// fresh from a seed (printed; RANKLAB_RANDOM_SEED repeats it) by the
// differential test's generator, trec_eval (built from ../shared by
// scripts/build-trec-eval) evaluates it, and every per-query value the page
// shows for every measure with a trec_eval name is compared: the text shown
// with trec_eval's 4 decimals, the value behind it to the last bit with
// trec_eval built to print 25 decimals; the means with trec_eval's `all`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, SHOTS, cell, open, showTab, useBrowser } from './harness.mjs';

const env = useBrowser();

// Ranklab's name on the page -> trec_eval's name.
const MEASURES = {
  AP: 'map', RR: 'recip_rank', nDCG: 'ndcg', 'nDCG@5': 'ndcg_cut_5', 'P@5': 'P_5', 'R@5': 'recall_5',
  Rprec: 'Rprec', Bpref: 'bpref', infAP: 'infAP', '11ptAvg': '11pt_avg', SetP: 'set_P', SetR: 'set_recall',
  SetAP: 'set_map', binG: 'binG', 'Success@1': 'success_1', NumRet: 'num_ret', NumRel: 'num_rel',
  NumRelRet: 'num_rel_ret', Rndcg: 'Rndcg', nDCG_rel: 'ndcg_rel',
};

/** trec_eval -q's lines as { measure: { qid: value text } }. */
function trecEval(binary, qrels, run) {
  const out = execFileSync(binary, ['-q', '-m', 'all_trec', '-m', 'success.1', qrels, run], { encoding: 'utf8' });
  const values = {};
  for (const line of out.trim().split('\n')) {
    const [name, qid, value] = line.split('\t').map((s) => s.trim());
    (values[name] ??= {})[qid] = value;
  }
  return values;
}

test('every per-query value shown equals trec_eval\'s on a random corpus', async () => {
  const seed = Number(process.env.RANKLAB_RANDOM_SEED ?? Math.floor(Math.random() * 1e9));
  console.log(`# random corpus seed ${seed} (RANKLAB_RANDOM_SEED=${seed} repeats it)`);
  const dir = mkdtempSync(join(tmpdir(), 'ranklab-random-'));
  const [qrels, run] = execFileSync('python3', [join(ROOT, 'tests/differential/trec_eval_random.py'),
    '--emit', dir, '--seed', String(seed)], { encoding: 'utf8' }).trim().split('\n');
  const build = (flag) => execFileSync(join(ROOT, 'scripts/build-trec-eval'), flag ? [flag] : [], { encoding: 'utf8' }).trim();
  const shown = trecEval(build(), qrels, run);
  const exact = trecEval(build('--exact'), qrels, run);
  // A run is named by its tag when its lines carry one (README, Run names).
  const lines = readFileSync(run, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const tags = new Set(lines.map((l) => l.split(/\s+/)[5]).filter(Boolean));
  const system = tags.size === 1 ? [...tags][0] : `random-${seed}.run`;

  const { context, page, seen } = await open(env);
  await page.getByTestId('set-extra').fill(Object.keys(MEASURES).join(', '));
  await showTab(page, 'files');
  await page.getByTestId('file-input').setInputFiles([qrels, run]);
  await cell(page, system, 'AP').waitFor({ timeout: 15000 });

  const queries = Object.keys(shown.map).filter((q) => q !== 'all');
  assert.ok(queries.length >= 2, 'the corpus has at least two evaluated queries');
  let compared = 0;
  for (const [mine, theirs] of Object.entries(MEASURES)) {
    await page.getByTestId('pq-measure').selectOption({ label: mine });
    const table = page.locator(`[data-testid="per-query"][data-measure="${mine}"]`);
    await table.waitFor();
    const cells = await table.locator(`td[data-system="${system}"]`).evaluateAll((tds) =>
      tds.map((td) => ({ query: td.dataset.query, value: td.dataset.value, text: td.innerText.trim() })));
    assert.deepEqual(cells.map((c) => c.query).sort(), [...queries].sort(), `${mine}: the queries shown`);
    for (const c of cells) {
      const want = shown[theirs][c.query];
      const isCount = /^-?\d+$/.test(want);
      assert.equal(isCount ? String(Number(c.text)) : c.text, want, `${mine} (${theirs}) of query ${c.query}: shown`);
      assert.equal(Number(c.value), Number(exact[theirs][c.query]),
        `${mine} (${theirs}) of query ${c.query}: ${c.value} against trec_eval's ${exact[theirs][c.query]}`);
      compared += 1;
    }
    if (!mine.startsWith('Num')) {
      assert.equal(await cell(page, system, mine).innerText(), shown[theirs].all, `${mine} (${theirs}): the mean`);
    }
  }
  console.log(`# ${compared} per-query values compared over ${queries.length} queries and ${Object.keys(MEASURES).length} measures`);
  await page.screenshot({ path: join(SHOTS, 'trec-eval-random.png'), fullPage: true });
  assert.deepEqual(seen.errors, []);
  assert.deepEqual(seen.foreign, []);
  await context.close();
});
