// Live calculators in documentation pages: real MkDocs and Sphinx sites
// (from PyPI, in the test venv) are generated from a small source with two
// `ranklab` blocks each, built, served from another port than the app, and
// opened. Each block becomes a calculator showing the values computed by
// hand below, sized to its content, editable, with no console error and no
// request anywhere but 127.0.0.1. A plain page holds bad blocks (each says
// where it is wrong, inside its calculator) and ten calculators (the first
// one's time to results is reported). The MkDocs site also works from disk
// (file:) with the single-file build beside embed.js.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile, cp } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, ROOT, SHOTS, serve, useBrowser, watch } from './harness.mjs';

const env = useBrowser();
const WORK = join(ROOT, 'target', 'e2e', 'docs');
const VENV = process.env.RANKLAB_PEERS_VENV ?? join(ROOT, 'target', 'peers-venv');

// Block 1: RR = (1 + 1/2) / 2 = 0.7500; AP: q1 (1/1 + 2/3) / 2 = 5/6, q2 1/2: mean 2/3 = 0.6667.
const BLOCK_1 = '% measures: RR, AP\n[A]\nq1: R N R\nq2: N R';
// Block 2: grades 3 0 2, DCG = 3 + 2/log2(4) = 4, IDCG = 3 + 2/log2(3) = 4.2619: nDCG@3 = 0.9386.
const BLOCK_2 = '% measures: nDCG@3\n% view: both\n[B]\nq1: 3 0 2';

let sites;
before(async () => {
  await rm(WORK, { recursive: true, force: true });
  await mkdir(WORK, { recursive: true });
  sites = {};
});

/** The browser asks every site for /favicon.ico; a 404 would be a console error. */
async function favicon(dir) {
  await writeFile(join(dir, 'favicon.ico'), '');
}

/** The docs page `html` written to WORK/`name` (after `prepare(dir)`, when
 * given), served, and opened in a new context with `options`: what the
 * caller then navigates to and watches. */
async function openDocsPage(name, html, options, prepare = async () => {}) {
  const dir = join(WORK, name);
  await mkdir(dir, { recursive: true });
  await prepare(dir);
  await writeFile(join(dir, 'index.html'), html);
  await favicon(dir);
  const docs = await serve(dir);
  const context = await env.browser.newContext(options);
  const page = await context.newPage();
  return { docs, context, page, seen: watch(page) };
}

/** Builds an MkDocs site whose pages load embed.js from `script` (the
 * built-in theme, or the `head` given: site name and theme). */
async function mkdocs(name, script, extra = '', head = 'site_name: Ranking metrics\ntheme:\n  name: mkdocs\n  highlightjs: false') {
  const src = join(WORK, `${name}-src`);
  await mkdir(join(src, 'docs'), { recursive: true });
  // As the README says: dist/ copied into the docs as ranklab/.
  if (script === 'ranklab/embed.js') await cp(DIST, join(src, 'docs', 'ranklab'), { recursive: true });
  await writeFile(join(src, 'mkdocs.yml'), `${head}\nextra_javascript:\n  - ${script}\n${extra}`);
  await writeFile(join(src, 'docs', 'index.md'),
    `# Reciprocal rank and AP\n\nTwo queries, one system:\n\n\`\`\`ranklab\n${BLOCK_1}\n\`\`\`\n\n` +
    `## nDCG\n\nGraded relevance:\n\n\`\`\`ranklab\n${BLOCK_2}\n\`\`\`\n\nThe end of the page.\n`);
  const out = join(WORK, name);
  execFileSync(join(VENV, 'bin', 'mkdocs'), ['build', '-q', '-f', join(src, 'mkdocs.yml'), '-d', out],
    { env: { ...process.env, NO_MKDOCS_2_WARNING: '1' } });
  await favicon(out);
  return out;
}

/** Builds a Sphinx site whose pages load embed.js from `script`, in its
 * default theme or `theme`. */
async function sphinx(script, theme = '') {
  const src = join(WORK, `sphinx${theme}-src`);
  await mkdir(src, { recursive: true });
  // As the README says: dist/ copied to _static/ranklab/.
  const local = script === 'ranklab/embed.js';
  if (local) await cp(DIST, join(src, '_static', 'ranklab'), { recursive: true });
  await writeFile(join(src, 'conf.py'),
    `project = 'Ranking metrics'\nhtml_js_files = ['${script}']\n${local ? "html_static_path = ['_static']\n" : ''}${theme ? `html_theme = '${theme}'\n` : ''}`);
  const indent = (t) => t.split('\n').map((l) => `   ${l}`).join('\n');
  await writeFile(join(src, 'index.rst'),
    `Reciprocal rank and AP\n======================\n\nTwo queries, one system:\n\n.. code-block:: ranklab\n\n${indent(BLOCK_1)}\n\n` +
    `nDCG\n----\n\nGraded relevance:\n\n.. code-block:: ranklab\n\n${indent(BLOCK_2)}\n\nThe end of the page.\n`);
  const out = join(WORK, `sphinx${theme}`);
  // Pygments does not know the language `ranklab` (a warning): the block keeps its class.
  execFileSync(join(VENV, 'bin', 'sphinx-build'), ['-q', '-b', 'html', src, out], { stdio: ['ignore', 'ignore', 'pipe'] });
  await favicon(out);
  return out;
}

/** The value a calculator shows for a system and measure. */
function value(frame, system, measure) {
  return frame.locator(`[data-testid="results"] td[data-system="${system}"][data-measure="${measure}"] .value`);
}

/** Checks both calculators of a generated page: hand values, size, editing. */
async function checkPage(page, seen, label) {
  const frames = page.locator('iframe[data-ranklab-frame]');
  await frames.first().waitFor({ timeout: 20000 });
  assert.equal(await frames.count(), 2, `${label}: two calculators`);
  // The blocks stay in the page, each just after its calculator, hidden (readers without JavaScript see them).
  assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('[data-ranklab-box]')]
    .map((b) => getComputedStyle(b.nextElementSibling).display)), ['none', 'none']);
  const one = page.frameLocator('iframe[data-ranklab-frame] >> nth=0');
  const two = page.frameLocator('iframe[data-ranklab-frame] >> nth=1');
  await value(one, 'A', 'RR').waitFor({ timeout: 20000 });
  assert.equal(await value(one, 'A', 'RR').innerText(), '0.7500');
  assert.equal(await value(one, 'A', 'AP').innerText(), '0.6667');
  assert.equal(await one.locator('[data-testid="results"] thead th').count(), 4, 'System, Queries, RR, AP: the measures asked for');
  await frames.nth(1).scrollIntoViewIfNeeded();
  await value(two, 'B', 'nDCG@3').waitFor({ timeout: 20000 });
  assert.equal(await value(two, 'B', 'nDCG@3').innerText(), '0.9386');
  // Sized to its content: the frame is as tall as what it shows, no inner scroll bar.
  for (let i = 0; i < 2; i++) {
    const frame = frames.nth(i);
    await page.waitForTimeout(300);
    const outer = await frame.evaluate((f) => f.clientHeight);
    const inner = await (await frame.elementHandle()).contentFrame().then((f) => f.evaluate(() => document.documentElement.scrollHeight));
    assert.ok(Math.abs(outer - inner) <= 2, `${label} calculator ${i + 1}: frame ${outer}px, content ${inner}px`);
  }
  // Editable in place: q1 becomes R R, so its AP is 1 and the mean 0.75.
  const input = one.getByTestId('quick-input');
  await input.fill('[A]\nq1: R R\nq2: N R');
  await value(one, 'A', 'AP').getByText('0.7500').waitFor();
  // Grows with its content: a third query adds a row of the per-query chart and input.
  const before = await frames.nth(0).evaluate((f) => f.getBoundingClientRect().height);
  await input.fill('[A]\nq1: R R\nq2: N R\n[C]\nq1: N N R\nq2: R');
  await value(one, 'C', 'AP').waitFor();
  await page.waitForTimeout(300);
  const after = await frames.nth(0).evaluate((f) => f.getBoundingClientRect().height);
  assert.ok(after > before, `${label}: the frame grew from ${before} to ${after}px with a second system`);
  // "Open in Ranklab" opens the full app with the same state.
  const href = await one.getByTestId('open-full').getAttribute('href');
  assert.match(href, /^\.\/#s=/);
  assert.deepEqual(seen.errors, [], `${label}: console errors`);
  assert.deepEqual(seen.foreign, [], `${label}: requests beyond 127.0.0.1`);
}

for (const generator of ['mkdocs', 'sphinx']) {
  test(`a ${generator} site's ranklab blocks become calculators`, async () => {
    // Set up as the README's table says (the app on another origin: the colour and ten-calculator tests).
    const script = 'ranklab/embed.js';
    const out = generator === 'mkdocs' ? await mkdocs('mkdocs', script) : await sphinx(script);
    const docs = await serve(out);
    try {
      for (const [width, scheme] of [[800, 'light'], [800, 'dark'], [390, 'light'], [390, 'dark']]) {
        const context = await env.browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
        const page = await context.newPage();
        // Requests made by the calculators' frames count too.
        const seen = watch(page, { context: true });
        await page.goto(docs.url);
        await checkPage(page, seen, `${generator} ${width} ${scheme}`);
        await page.screenshot({ path: join(SHOTS, `docs-${generator}-${width}-${scheme}.png`), fullPage: true });
        await context.close();
      }
    } finally {
      await docs.close();
    }
  });
}

test('an MkDocs site opened from disk works with the single-file build beside embed.js', async () => {
  // The site and, in its ranklab/ folder, embed.js and ranklab.html (as a USB stick would hold them).
  const out = await mkdocs('mkdocs-file', 'ranklab/embed.js', 'use_directory_urls: false\n');
  await mkdir(join(out, 'ranklab'), { recursive: true });
  await cp(join(DIST, 'embed.js'), join(out, 'ranklab', 'embed.js'));
  execFileSync('python3', [join(ROOT, 'scripts', 'single_file.py'), DIST, join(out, 'ranklab', 'ranklab.html')]);
  const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
  const page = await context.newPage();
  const seen = watch(page);
  await page.goto(pathToFileURL(join(out, 'index.html')).href);
  const one = page.frameLocator('iframe[data-ranklab-frame] >> nth=0');
  await value(one, 'A', 'RR').waitFor({ timeout: 20000 });
  assert.equal(await value(one, 'A', 'AP').innerText(), '0.6667');
  const two = page.frameLocator('iframe[data-ranklab-frame] >> nth=1');
  await page.locator('iframe[data-ranklab-frame]').nth(1).scrollIntoViewIfNeeded();
  await value(two, 'B', 'nDCG@3').waitFor({ timeout: 20000 });
  assert.equal(await value(two, 'B', 'nDCG@3').innerText(), '0.9386');
  // MkDocs' own search starts a Worker, which browsers refuse from disk (its error, not ours).
  const ours = seen.errors.filter((e) => !/search\/worker\.js' cannot be accessed from origin 'null'/.test(e));
  assert.deepEqual(ours, []);
  await page.screenshot({ path: join(SHOTS, 'docs-mkdocs-file-800.png'), fullPage: true });
  await context.close();
});

test('bad blocks say where they are wrong, inside their calculator; the rest of the page works', async () => {
  const big = 'q1: 1 0 1\n'.repeat(110_000);
  const junk = Array.from({ length: 300 }, (_, i) => String.fromCharCode(1 + ((i * 37) % 250))).join('');
  const escape = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const blocks = [
    ['empty', ''],
    ['junk', junk],
    ['big', big],
    ['option', '% colour: red\nq1: R N'],
    ['measure', '% measures: RR, nDGC@10\nq1: R N'],
    ['good', '% measures: RR\n[G]\nq1: N R'],
  ];
  // A hand-written element: its attributes are its options (RR only, no chart).
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Bad blocks</title></head><body>
    <h1>Bad blocks</h1>
    ${blocks.map(([id, text]) => `<h2 id="h-${id}">${id}</h2><pre><code class="language-ranklab">${escape(text)}</code></pre>`).join('\n')}
    <h2>element</h2><ranklab-calc measures="RR" view="table">[E]
q1: N N R</ranklab-calc>
    <button id="alive" onclick="this.textContent = 'clicked'">Still alive?</button>
    <script src="${env.server.url}embed.js"></script></body></html>`;
  const { docs, context, page, seen } = await openDocsPage('bad', html, { viewport: { width: 800, height: 900 } });
  await page.goto(docs.url);
  const frame = (i) => page.frameLocator(`iframe[data-ranklab-frame] >> nth=${i}`);
  const problems = async (i) => {
    await page.locator('iframe[data-ranklab-frame]').nth(i).scrollIntoViewIfNeeded();
    const f = frame(i);
    await f.locator('[data-testid="block-problems"], [data-testid="errors"]').first().waitFor({ timeout: 20000 });
    return (await f.locator('[data-testid="block-problems"], [data-testid="errors"]').allInnerTexts()).join('\n');
  };
  assert.match(await problems(0), /line 1, column 1: expected rankings after the options, such as q1: 3 2 0 1 \(this block has none\)/);
  assert.match(await problems(1), /Line 1, column \d+/i, 'junk: the quick format locates it');
  assert.match(await problems(2), /line 1, column 1: expected a block of at most 256 KB \(this one is 1\.1 MB\)/);
  assert.match(await problems(3), /line 1, column 3: expected an option named measures, view or height, found colour/);
  assert.match(await problems(4), /line 1, column 17: expected a measure name \(.*\), found nDGC@10/);
  // The good block still computes (1/2), and the host page still answers.
  await page.locator('iframe[data-ranklab-frame]').nth(5).scrollIntoViewIfNeeded();
  await value(frame(5), 'G', 'RR').getByText('0.5000').waitFor({ timeout: 20000 });
  // The element: RR 1/3, and no chart (view: table).
  await page.locator('iframe[data-ranklab-frame]').nth(6).scrollIntoViewIfNeeded();
  await value(frame(6), 'E', 'RR').getByText('0.3333').waitFor({ timeout: 20000 });
  assert.equal(await frame(6).locator('[data-testid="results"] thead th').count(), 3);
  assert.equal(await frame(6).getByTestId('charts').count(), 0);
  await page.locator('#alive').click();
  assert.equal(await page.locator('#alive').innerText(), 'clicked');
  assert.deepEqual(seen.errors, []);
  await page.screenshot({ path: join(SHOTS, 'docs-bad-blocks-800.png'), fullPage: true });
  await context.close();
  await docs.close();
});

test('ten calculators on one page: the page stays responsive, the first shows results soon, the app\'s wasm comes once and the big-file worker never', async () => {
  const blocks = Array.from({ length: 10 }, (_, i) => `<h2>Example ${i + 1}</h2><p>Some prose between the calculators.</p>` +
    `<pre><code class="language-ranklab">[S${i + 1}]\nq1: ${'R N '.repeat(i + 1)}\nq2: N R</code></pre>`).join('\n');
  // The script is served with the docs, and points at the app on its own origin (data-app).
  const { docs, context, page, seen } = await openDocsPage('ten',
    `<!doctype html><html><head><meta charset="utf-8"><title>Ten</title></head><body>${blocks}` +
    `<script src="embed.js" data-app="${env.server.url}index.html"></script></body></html>`,
    { viewport: { width: 800, height: 900 } },
    (dir) => cp(join(DIST, 'embed.js'), join(dir, 'embed.js')));
  // Every request of the page and its frames (the test server sends no cache headers).
  const asked = [];
  context.on('request', (r) => asked.push(new URL(r.url()).pathname));
  const t0 = Date.now();
  await page.goto(docs.url);
  await page.evaluate(() => {
    window.__gap = 0;
    let last = performance.now();
    const tick = (t) => { window.__gap = Math.max(window.__gap, t - last); last = t; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  await value(page.frameLocator('iframe[data-ranklab-frame] >> nth=0'), 'S1', 'RR').waitFor({ timeout: 20000 });
  const first = Date.now() - t0;
  // Only the calculators near the screen have started.
  const started = await page.locator('iframe[data-ranklab-frame][src]').count();
  for (let i = 0; i < 10; i++) {
    await page.locator('iframe[data-ranklab-frame]').nth(i).scrollIntoViewIfNeeded();
    await value(page.frameLocator(`iframe[data-ranklab-frame] >> nth=${i}`), `S${i + 1}`, 'RR').waitFor({ timeout: 20000 });
  }
  const all = Date.now() - t0;
  const gap = await page.evaluate(() => window.__gap);
  console.log(`# ten calculators: first results after ${first} ms, all ten after ${all} ms (scrolled through), ${started} started before scrolling, longest frame gap ${gap.toFixed(0)} ms`);
  assert.ok(started < 10, `lazy start: ${started} of 10 frames started before scrolling`);
  // The app's wasm was downloaded once for the ten (the others took the compiled module
  // from a sibling frame); no frame asked for the big-file worker or registered a service worker.
  assert.equal(asked.filter((p) => /\/ranklab-app-[^/]*_bg\.wasm$/.test(p)).length, 1, `wasm requests: ${asked.join(' ')}`);
  assert.deepEqual(asked.filter((p) => /worker|sw\.js|sw-files/.test(p)), []);
  for (const f of page.frames().filter((f) => f.url().includes('embed&host'))) {
    assert.equal(await f.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)), 0);
  }
  assert.ok(gap < 1000, `the page froze for ${gap.toFixed(0)} ms`);
  assert.deepEqual(seen.errors, []);
  await context.close();
  await docs.close();
});

/** The background a calculator shows, as the browser computed it. */
async function frameBackground(page) {
  const frame = await (await page.locator('iframe[data-ranklab-frame]').first().elementHandle()).contentFrame();
  return frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
}
const LIGHT_BG = 'rgb(251, 251, 250)';
const DARK_BG = 'rgb(23, 24, 27)';

test('a docs theme\'s own colour switch (MkDocs Material, Furo) reaches its calculators', async () => {
  // MkDocs Material with its palette toggle, the block declared as a
  // superfences custom fence (as Material sites declare mermaid's).
  const material = await mkdocs('material', `${env.server.url}embed.js`, [
    'markdown_extensions:',
    '  - pymdownx.superfences:',
    '      custom_fences:',
    '        - name: ranklab',
    '          class: ranklab',
    '          format: !!python/name:pymdownx.superfences.fence_code_format',
    '',
  ].join('\n'), [
    'site_name: Ranking metrics',
    'theme:',
    '  name: material',
    '  font: false',
    '  palette:',
    '    - scheme: default',
    '      toggle: { icon: material/brightness-7, name: Switch to dark mode }',
    '    - scheme: slate',
    '      toggle: { icon: material/brightness-4, name: Switch to light mode }',
  ].join('\n'));
  // Furo (Sphinx), whose toggle cycles auto, dark and light.
  const furo = await sphinx(`${env.server.url}embed.js`, 'furo');
  for (const [name, dir, toggle] of [['material', material, 'label[for^="__palette_"] >> visible=true'], ['furo', furo, 'button.theme-toggle >> visible=true']]) {
    const docs = await serve(dir);
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 }, colorScheme: 'light' });
    const page = await context.newPage();
    const seen = watch(page, { context: true });
    await page.goto(docs.url);
    const one = page.frameLocator('iframe[data-ranklab-frame] >> nth=0');
    await value(one, 'A', 'RR').waitFor({ timeout: 20000 });
    assert.equal(await value(one, 'A', 'AP').innerText(), '0.6667');
    assert.equal(await frameBackground(page), LIGHT_BG, `${name}: light, as the page`);
    // Each click of the page's switch: the calculator follows what the page now shows.
    for (let i = 0; i < 2; i++) {
      await page.locator(toggle).first().click();
      const scheme = await page.evaluate(() => document.body.getAttribute('data-md-color-scheme') ?? document.body.getAttribute('data-theme'));
      const want = scheme === 'slate' || scheme === 'dark' ? DARK_BG : LIGHT_BG;
      for (let t = 0; t < 50 && (await frameBackground(page)) !== want; t++) await page.waitForTimeout(100);
      assert.equal(await frameBackground(page), want, `${name}: the page is ${scheme}`);
      if (want === DARK_BG) await page.screenshot({ path: join(SHOTS, `docs-${name}-switched-dark-800.png`) });
    }
    assert.deepEqual(seen.errors, [], `${name}: console errors`);
    assert.deepEqual(seen.foreign, [], `${name}: requests beyond 127.0.0.1`);
    await context.close();
    await docs.close();
  }
});

test('each generator\'s code-block markup becomes a calculator, its text read line by line', async () => {
  // Each block is `[Hn]` then `q1: R N R` (RR = 1/1), written as each
  // highlighter writes a fence of an unknown or plain language.
  const lines = (n) => [`[H${n}]`, 'q1: R N R'];
  const samples = [
    ['highlight.js', (l) => `<pre><code class="hljs language-ranklab">${l.join('\n')}</code></pre>`],
    ['Hugo Chroma (classes)', (l) => `<div class="highlight"><pre tabindex="0" class="chroma"><code class="language-ranklab" data-lang="ranklab">${l.map((x) => `<span class="line"><span class="cl">${x}\n</span></span>`).join('')}</code></pre></div>`],
    ['Hugo Chroma (line numbers)', (l) => `<div class="highlight"><pre tabindex="0" class="chroma"><code class="language-ranklab" data-lang="ranklab">${l.map((x, i) => `<span class="line"><span class="ln">${i + 1}</span><span class="cl">${x}\n</span></span>`).join('')}</code></pre></div>`],
    ['Pandoc and Quarto', (l) => `<div class="sourceCode" id="cb1"><pre class="sourceCode ranklab"><code class="sourceCode ranklab">${l.map((x, i) => `<span id="cb1-${i + 1}"><a href="#cb1-${i + 1}" aria-hidden="true" tabindex="-1"></a>${x}</span>`).join('\n')}</code></pre></div>`],
    ['Pandoc without highlighting', (l) => `<pre class="ranklab"><code>${l.join('\n')}</code></pre>`],
    ['Starlight (Expressive Code)', (l) => `<div class="expressive-code"><figure class="frame"><figcaption class="header"></figcaption><pre data-language="ranklab"><code>${l.map((x) => `<div class="ec-line"><div class="code">${x}</div></div>`).join('')}</code></pre><div class="copy"><button title="Copy to clipboard"></button></div></figure></div>`],
    ['Astro (Shiki)', (l) => `<pre class="astro-code github-dark" data-language="ranklab" tabindex="0"><code>${l.map((x) => `<span class="line"><span>${x}</span></span>`).join('\n')}</code></pre>`],
    ['pymdownx.highlight', (l) => `<div class="language-ranklab highlight"><pre><span></span><code>${l.join('\n')}\n</code></pre></div>`],
    ['Prism with line numbers', (l) => `<div class="language-ranklab theme-code-block"><div class="codeBlockContent"><pre class="prism-code language-ranklab"><code>${l.map((x) => `<span class="token-line"><span class="codeLineNumber"></span><span class="codeLineContent"><span class="token plain">${x}</span><br></span></span>`).join('')}</code></pre><div class="buttonGroup"><button>Copy</button></div></div></div>`],
  ];
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Markup</title></head><body>
    ${samples.map(([name, write], i) => `<h2>${name}</h2>${write(lines(i + 1))}<p>After ${name}.</p>`).join('\n')}
    <script src="${env.server.url}embed.js"></script></body></html>`;
  const { docs, context, page, seen } = await openDocsPage('markup', html, { viewport: { width: 800, height: 900 } });
  await page.goto(docs.url);
  const frames = page.locator('iframe[data-ranklab-frame]');
  await frames.first().waitFor({ timeout: 20000 });
  assert.equal(await frames.count(), samples.length, 'one calculator per block');
  for (let i = 0; i < samples.length; i++) {
    await frames.nth(i).scrollIntoViewIfNeeded();
    const f = page.frameLocator(`iframe[data-ranklab-frame] >> nth=${i}`);
    await value(f, `H${i + 1}`, 'RR').waitFor({ timeout: 20000 });
    assert.equal(await value(f, `H${i + 1}`, 'RR').innerText(), '1.0000', samples[i][0]);
    assert.equal(await f.getByTestId('quick-input').inputValue(), lines(i + 1).join('\n'), samples[i][0]);
  }
  // Each block (with its wrapper) is hidden, the prose after it is not.
  const shown = await page.evaluate(() => [...document.querySelectorAll('[data-ranklab-box]')].map((b) =>
    [getComputedStyle(b.nextElementSibling).display, getComputedStyle(b.nextElementSibling.nextElementSibling).display]));
  assert.deepEqual(shown, samples.map(() => ['none', 'block']));
  assert.deepEqual(seen.errors, []);
  await context.close();
  await docs.close();
});

test('each docs theme\'s way of saying dark is followed, and any other page by its background', async () => {
  // One page, switched by script the way each theme's switch does it (the
  // real switches of Material, Furo, Docusaurus, VitePress and mdBook are
  // clicked in their own tests).
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Themes</title></head><body>
    <pre><code class="language-ranklab">[T]\nq1: R</code></pre>
    <script src="${env.server.url}embed.js"></script></body></html>`;
  const { docs, context, page, seen } = await openDocsPage('themes', html, { viewport: { width: 800, height: 900 }, colorScheme: 'light' });
  await page.goto(docs.url);
  await value(page.frameLocator('iframe[data-ranklab-frame]'), 'T', 'RR').waitFor({ timeout: 20000 });
  const cases = [
    ['pydata-sphinx-theme dark', () => { document.documentElement.dataset.theme = 'dark'; document.documentElement.dataset.mode = 'dark'; }, DARK_BG],
    ['pydata-sphinx-theme light', () => { document.documentElement.dataset.theme = 'light'; document.documentElement.dataset.mode = 'light'; }, LIGHT_BG],
    ['Quarto dark', () => { delete document.documentElement.dataset.theme; document.body.className = 'quarto-dark'; }, DARK_BG],
    ['Quarto light', () => { document.body.className = 'quarto-light'; }, LIGHT_BG],
    ['mdBook Navy', () => { document.body.className = ''; document.documentElement.className = 'navy'; }, DARK_BG],
    ['mdBook Rust', () => { document.documentElement.className = 'rust'; }, LIGHT_BG],
    ['a dark background (oklch)', () => { document.documentElement.className = ''; document.body.style.background = 'oklch(0.2 0.02 260)'; }, DARK_BG],
    ['a light background', () => { document.body.style.background = '#f4f1e8'; }, LIGHT_BG],
  ];
  for (const [label, set, want] of cases) {
    await page.evaluate(set);
    for (let t = 0; t < 50 && (await frameBackground(page)) !== want; t++) await page.waitForTimeout(100);
    assert.equal(await frameBackground(page), want, label);
  }
  assert.deepEqual(seen.errors, []);
  await context.close();
  await docs.close();
});
