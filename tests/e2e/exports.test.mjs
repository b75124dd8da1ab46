// Exports are downloaded in the browser and, parsed back, equal what the
// tables show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, cell, open, paste, showTab, useBrowser } from './harness.mjs';

const SHARED = join(ROOT, '..', 'shared', 'trec_eval_tests');

const env = useBrowser();

async function saved(page, testid) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

/** Parses simple CSV (quoted fields allowed). */
function csv(text) {
  return text.trim().split('\n').map((line) => {
    const out = []; let cur = ''; let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') quoted = false; else cur += c;
      } else if (c === '"') quoted = true; else if (c === ',') { out.push(cur); cur = ''; } else cur += c;
    }
    out.push(cur);
    return out;
  });
}

test('table and per-query exports read back to the page\'s values', async () => {
  const { context, page, seen } = await open(env, { width: 1280, height: 800 });
  await cell(page, 'BM25', 'RR').waitFor({ timeout: 15000 });
  const table = async (system, measure) => Number(await cell(page, system, measure).getAttribute('data-value'));

  const c = await saved(page, 'export-csv');
  assert.equal(c.name, 'ranklab-results.csv');
  const rows = csv(c.text);
  const shown = ['RR', 'AP', 'nDCG@10', 'ERR@10', 'P@10', 'R@10'];
  // The means, then (the demo's systems being tested) the systems each
  // mean is significantly better than: none in the demo, as the page says.
  assert.deepEqual(rows[0], ['system', 'queries', ...shown, ...shown.map((m) => `${m}_better_than`)]);
  assert.equal(rows.length, 4);
  for (const row of rows.slice(1)) {
    assert.equal(row[1], await cell(page, row[0], 'num_q').innerText());
    for (let j = 2; j < 2 + shown.length; j++) assert.equal(Number(row[j]), await table(row[0], rows[0][j]), `${row[0]} ${rows[0][j]}`);
    for (const [k, m] of shown.entries()) {
      const beats = await page.locator(`[data-testid="results"] td[data-system="${row[0]}"][data-measure="${m}"]`).getAttribute('data-beats');
      const letters = row[2 + shown.length + k].split('; ').filter(Boolean).map((n) => String.fromCharCode(97 + rows.slice(1).findIndex((r) => r[0] === n)));
      assert.equal(letters.join(','), beats ?? '', `${row[0]} ${m}`);
    }
  }

  const j = JSON.parse((await saved(page, 'export-json')).text);
  assert.equal(j.systems.length, 3);
  assert.equal(j.systems[1].values.AP, await table('BM25 + reranker', 'AP'));
  assert.match(j.significance, /paired t-test, Holm–Bonferroni, α = 0\.05/);
  for (const s of j.systems) {
    const beats = await page.locator(`[data-testid="results"] td[data-system="${s.name}"][data-measure="AP"]`).getAttribute('data-beats');
    const letters = s.significantly_better_than.AP.map((n) => String.fromCharCode(97 + j.systems.findIndex((x) => x.name === n)));
    assert.equal(letters.join(','), beats);
  }

  const pq = csv((await saved(page, 'export-pq-csv')).text);
  assert.deepEqual(pq[0], ['system', 'query', 'measure', 'value']);
  assert.equal(pq.length, 1 + 3 * 6 * 6);
  await page.getByTestId('pq-measure').selectOption({ label: 'nDCG@10' });
  for (const [system, query, measure, value] of pq.slice(1).filter((r) => r[2] === 'nDCG@10')) {
    const shown = await page.locator(`[data-testid="per-query"] td[data-system="${system}"][data-query="${query}"]`).getAttribute('data-value');
    assert.equal(Number(value), Number(shown), `${system} ${query}`);
  }

  // Every value of the LaTeX, Markdown and trec_eval exports, read back.
  const measures = shown;
  const systems = rows.slice(1).map((r) => r[0]);
  const shownRow = async (system) => Promise.all(measures.map(async (m) => await cell(page, system, m).innerText()));
  const tex = (await saved(page, 'export-tex')).text;
  assert.match(tex, /\\toprule\nSystem & Queries & RR & AP & nDCG@10 & ERR@10 & P@10 & R@10 \\\\\n\\midrule/);
  const texRows = tex.split('\\midrule\n')[1].split('\\bottomrule')[0].trim().split('\n');
  assert.equal(texRows.length, systems.length);
  for (const [i, line] of texRows.entries()) {
    const cells = line.replace(/ \\\\$/, '').split(' & ');
    assert.equal(cells[0].replace(/^\([a-z]+\) /, ''), systems[i]);
    const values = cells.slice(2).map((c) => c.replace(/\\textbf\{([^}]*)\}/, '$1').replace(/\$\^\{[a-z]+\}\$$/, ''));
    assert.deepEqual(values, await shownRow(systems[i]), `LaTeX row of ${systems[i]}`);
  }
  const md = (await saved(page, 'export-md')).text;
  assert.match(md, /^\| System \| Queries \| RR \|/);
  const mdRows = md.trim().split('\n').filter((l) => l.startsWith('| ')).slice(1);
  assert.equal(mdRows.length, systems.length);
  for (const [i, line] of mdRows.entries()) {
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    assert.equal(cells[0].replace(/^[a-z]+ /, ''), systems[i]);
    assert.deepEqual(cells.slice(2).map((c) => c.replace(/<sup>[a-z]+<\/sup>$/, '').replace(/^\*\*(.+)\*\*$/, '$1')), await shownRow(systems[i]), `Markdown row of ${systems[i]}`);
    // Bold where the page's table is.
    const boldPage = await Promise.all(measures.map((m) => page.locator(`[data-testid="results"] td[data-system="${systems[i]}"][data-measure="${m}"]`)
      .evaluate((td) => td.classList.contains('best'))));
    assert.deepEqual(cells.slice(2).map((c) => c.startsWith('**')), boldPage, `Markdown bold of ${systems[i]}`);
  }
  const trec = (await saved(page, 'export-trec')).text;
  // trec_eval's names and order: per system its per-query lines, then
  // runid, num_q and the means.
  assert.match(trec, /^map\s+\tq1\t[\d.]+\nrecip_rank\s+\tq1\t1\.0000\nP_10\s+\tq1\t/);
  assert.doesNotMatch(trec, /^(RR|AP|nDCG@10|P@10|R@10)\s/m, 'no Ranklab name where trec_eval has the measure');
  // Every per-query value equals the per-query CSV's to its 4 decimals, and
  // every `all` line the table's value.
  const PAGE = { recip_rank: 'RR', map: 'AP', ndcg_cut_10: 'nDCG@10', 'ERR@10': 'ERR@10', P_10: 'P@10', recall_10: 'R@10' };
  let block = [];
  let runid = null;
  let perQuery = 0;
  for (const line of trec.trim().split('\n')) {
    const [name, qid, value] = line.split('\t');
    const measure = name.trim();
    if (measure === 'runid') { runid = value; continue; }
    if (qid !== 'all') { block.push([PAGE[measure], qid, value]); continue; }
    if (measure === 'num_q') assert.equal(value, await cell(page, runid, 'num_q').innerText());
    else assert.equal(value, await cell(page, runid, PAGE[measure]).innerText(), `${runid} ${measure}`);
    for (const [m, q, v] of block) {
      const row = pq.find((r) => r[0] === runid && r[1] === q && r[2] === m);
      assert.ok(row, `${runid} ${q} ${m} in the per-query CSV`);
      assert.equal(v, Number(row[3]).toFixed(4), `${runid} ${q} ${m}`);
      perQuery += 1;
    }
    block = [];
  }
  assert.equal(perQuery, pq.length - 1);
  assert.deepEqual(seen.foreign, []);
  assert.deepEqual(seen.errors, []);
  await context.close();
});

test('the trec_eval text export equals ranklab eval -q on trec_eval\'s test files', async () => {
  const { context, page, seen } = await open(env);
  await showTab(page, 'files');
  for (const name of ['qrels.test', 'results.test']) {
    await paste(page, 'paste-input', await readFile(join(SHARED, name), 'utf8'));
    await page.getByTestId('add-pasted').click();
  }
  await cell(page, 'STANDARD', 'AP').waitFor({ timeout: 15000 });
  const exported = (await saved(page, 'export-trec')).text;
  // The page's default measures, asked of the command line by trec_eval's
  // names (ERR has none there), on the same files.
  const args = ['run', '--release', '-q', '-p', 'ranklab-cli', '--', 'eval', '-q',
    '-m', 'runid', '-m', 'num_q', '-m', 'recip_rank', '-m', 'map', '-m', 'ndcg_cut.10', '-m', 'P.10',
    '-m', 'recall.10', '-m', 'ERR@10', join(SHARED, 'qrels.test'), join(SHARED, 'results.test')];
  const cli = execFileSync('cargo', args, { cwd: ROOT, encoding: 'utf8' });
  assert.equal(exported, cli);
  // trec_eval's own expected output agrees on the lines both print.
  const expected = await readFile(join(SHARED, 'out.test.aq'), 'utf8');
  for (const line of exported.split('\n').filter((l) => /^(map|recip_rank|P_10|recall_10|runid|num_q) /.test(l))) {
    assert.ok(expected.includes(`${line}\n`), `${line} in out.test.aq`);
  }
  assert.deepEqual(seen.errors, []);
  await context.close();
});
