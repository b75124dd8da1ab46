// By hand (scripts/bench-embed): ten Ranklab calculators against ten
// mermaid diagrams on plain pages served from one folder on 127.0.0.1, in
// Debian's Chromium. For each page and for a server that sends no cache
// headers and one that lets the browser keep every file for an hour:
//   - time from navigation to all ten painted (every calculator showing its
//     values; every diagram drawn as an SVG), with a viewport tall enough to
//     hold all ten (calculators start when scrolled near);
//   - bytes the server sent (bodies, counted by the server itself);
//   - renderer memory, at 1280 x 900 (the same painted area for both: a
//     taller viewport would measure mostly the raster of more pixels) once
//     all ten are painted (scrolled through) and garbage collected: the
//     proportional and unique set sizes (PSS, USS, /proc/PID/smaps_rollup)
//     of every renderer process the browser started (page and frames), summed.
// Medians of RUNS (default 3) fresh browsers each. Prints one line per
// measurement and a table.
import { createServer } from 'node:http';
import { readFile, stat, mkdir, writeFile, cp, rm, readdir } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = new URL('..', import.meta.url).pathname;
const RUNS = Number(process.env.RUNS ?? 3);
const WORK = join(ROOT, 'target', 'bench-embed');
const MERMAID = join(ROOT, 'tests', 'docs-sites', 'node_modules', 'mermaid', 'dist', 'mermaid.min.js');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.txt': 'text/plain' };

/** Serves `dir`, counting the bytes of the bodies sent; `cache`: whether
 * responses say the browser may keep them (an hour). */
async function serve(dir, cache) {
  const sent = { bytes: 0, requests: 0 };
  const server = createServer(async (req, res) => {
    try {
      let file = normalize(join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
      if (cache) headers['cache-control'] = 'public, max-age=3600';
      res.writeHead(200, headers);
      res.end(body);
      sent.bytes += body.length;
      sent.requests += 1;
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, sent, close: () => new Promise((ok) => { server.close(ok); server.closeAllConnections(); }) };
}

// Ten blocks of growing size, and ten flowcharts of about as many nodes.
const prose = (i) => `<h2>Example ${i + 1}</h2><p>Some prose between the figures.</p>`;
const calcPage = `<!doctype html><html><head><meta charset="utf-8"><title>Ten calculators</title></head><body>` +
  Array.from({ length: 10 }, (_, i) => `${prose(i)}<pre><code class="language-ranklab">% view: both\n[S${i + 1}]\nq1: ${'R N '.repeat(i + 1)}\nq2: N R N R\n[T${i + 1}]\nq1: N R\nq2: R R N</code></pre>`).join('\n') +
  `<script src="ranklab/embed.js"></script></body></html>`;
const mermaidPage = `<!doctype html><html><head><meta charset="utf-8"><title>Ten diagrams</title></head><body>` +
  Array.from({ length: 10 }, (_, i) => `${prose(i)}<pre class="mermaid">flowchart LR\n  Q${i}[Query] --> R${i}[Retrieve] --> S${i}[Score]\n  S${i} --> K${i}{Relevant?}\n  K${i} -->|yes| G${i}[Gain]\n  K${i} -->|no| Z${i}[Zero]\n  G${i} --> D${i}[Discount by rank]</pre>`).join('\n') +
  `<script src="mermaid.min.js"></script><script>mermaid.initialize({ startOnLoad: true });</script></body></html>`;

async function painted(page, kind) {
  if (kind === 'mermaid') {
    await page.waitForFunction(() => document.querySelectorAll('pre.mermaid svg').length === 10, null, { timeout: 60000, polling: 20 });
    return;
  }
  await page.waitForFunction(() => [...document.querySelectorAll('iframe[data-ranklab-frame]')].filter((f) => {
    try { return !!f.contentDocument.querySelector('[data-testid="results"] td[data-measure] .value'); } catch { return false; }
  }).length === 10, null, { timeout: 60000, polling: 20 });
}

/** The memory of the browser's renderer processes, in MB: PSS (shared
 * pages divided among the processes that map them, so other browsers on
 * the machine lower it) and USS (pages of these processes alone), and how
 * many processes there are. */
async function rendererPss(browserPid) {
  const procs = await readdir('/proc');
  const children = new Map();
  for (const p of procs.filter((n) => /^\d+$/.test(n))) {
    try {
      const st = (await readFile(`/proc/${p}/stat`, 'utf8')).split(') ')[1].split(' ');
      children.set(Number(p), Number(st[1]));
    } catch { /* gone */ }
  }
  const ours = (pid) => { for (let q = pid; q > 1; q = children.get(q)) if (q === browserPid) return true; return false; };
  let kb = 0;
  let renderers = 0;
  let own = 0;
  for (const [pid] of children) {
    if (!ours(pid)) continue;
    try {
      const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('--type=renderer') || cmd.includes('--extension-process')) continue;
      const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
      const field = (name) => Number((new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup) ?? [0, 0])[1]);
      kb += field('Pss');
      own += field('Private_Clean') + field('Private_Dirty');
      renderers += 1;
    } catch { /* gone */ }
  }
  return { pss: kb / 1024, uss: own / 1024, renderers };
}

async function browserOf() {
  const launched = await chromium.launchServer({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  return { launched, browser: await chromium.connect(launched.wsEndpoint()) };
}

/** One measurement of a page: the time to all painted and the bytes, in a
 * viewport that holds all ten; then, in a fresh browser at 1280 x 900 (the
 * same painted area for both pages), the renderers' memory once every
 * figure has been scrolled through and painted and the page is back at its
 * top. */
async function once(server, kind) {
  let { launched, browser } = await browserOf();
  let ms;
  let bytes;
  let requests;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 9000 } });
    const page = await context.newPage();
    server.sent.bytes = 0;
    server.sent.requests = 0;
    const t0 = Date.now();
    await page.goto(`${server.url}${kind}.html`);
    await painted(page, kind);
    ms = Date.now() - t0;
    ({ bytes, requests } = server.sent);
  } finally {
    await browser.close();
    await launched.close();
  }
  ({ launched, browser } = await browserOf());
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}${kind}.html`);
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        scrollTo(0, y);
        await new Promise((ok) => setTimeout(ok, 150));
      }
    });
    await painted(page, kind);
    await page.evaluate(() => scrollTo(0, 0));
    // Settled, and garbage collected (page and frames share the renderer's heap).
    await page.waitForTimeout(1500);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(500);
    const { pss, uss, renderers } = await rendererPss(launched.process().pid);
    return { ms, bytes, requests, pss, uss, renderers };
  } finally {
    await browser.close();
    await launched.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await rm(WORK, { recursive: true, force: true });
await mkdir(WORK, { recursive: true });
await cp(process.env.RANKLAB_DIST || join(ROOT, 'dist'), join(WORK, 'ranklab'), { recursive: true });
await cp(MERMAID, join(WORK, 'mermaid.min.js'));
await writeFile(join(WORK, 'calculators.html'), calcPage);
await writeFile(join(WORK, 'mermaid.html'), mermaidPage);
await writeFile(join(WORK, 'favicon.ico'), '');

const rows = [];
for (const cache of [false, true]) {
  const server = await serve(WORK, cache);
  for (const kind of ['calculators', 'mermaid']) {
    const runs = [];
    for (let r = 0; r < RUNS; r++) {
      const m = await once(server, kind);
      console.log(`${kind}, ${cache ? 'cache headers' : 'no cache headers'}, run ${r + 1}: all painted ${m.ms} ms, ${(m.bytes / 1e6).toFixed(2)} MB in ${m.requests} requests, renderers ${m.pss.toFixed(0)} MB PSS, ${m.uss.toFixed(0)} MB USS (${m.renderers} processes)`);
      runs.push(m);
    }
    rows.push({ kind, cache, ms: median(runs.map((m) => m.ms)), bytes: median(runs.map((m) => m.bytes)), pss: median(runs.map((m) => m.pss)), uss: median(runs.map((m) => m.uss)) });
  }
  await server.close();
}
console.log(`\nmedians of ${RUNS} (fresh browser each; time and bytes at 1280 x 9000, memory at 1280 x 900 after scrolling through):`);
console.log('| page | server | all painted | bytes sent | renderer PSS | renderer USS |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  console.log(`| ten ${r.kind === 'mermaid' ? 'mermaid diagrams' : 'calculators'} | ${r.cache ? 'cache headers' : 'no cache headers'} | ${(r.ms / 1000).toFixed(2)} s | ${(r.bytes / 1e6).toFixed(2)} MB | ${r.pss.toFixed(0)} MB | ${r.uss.toFixed(0)} MB |`);
}
