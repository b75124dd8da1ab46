// Live calculators in the docs frameworks beyond MkDocs and Sphinx (those
// are in docs.test.mjs): real Docusaurus and VitePress sites (npm, from
// tests/docs-sites), an mdBook book (crates.io) and a Hugo site (Debian),
// each built here from a tiny source set up exactly as the README's table
// says (dist/ copied in as ranklab/, embed.js added once). In each: a
// ```ranklab fence becomes a calculator showing the values worked out by
// hand below, with no console error and no request beyond 127.0.0.1; the
// second page (reached by the framework's client-side navigation in
// Docusaurus and VitePress) gets its calculator and the first page's goes
// away; and the calculator follows the page's own dark switch, live.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST, ROOT, SHOTS, serve, useBrowser, watch } from './harness.mjs';

const env = useBrowser();
const WORK = join(ROOT, 'target', 'e2e', 'frameworks');
const SITES_MODULES = join(ROOT, 'tests', 'docs-sites', 'node_modules');

// Page one, a fence with a blank line inside (Prism and Shiki write it as an
// empty line element): RR = (1/1 + 1/2) / 2 = 0.7500; AP: q1 ranks its two
// relevant documents at 1 and 3, (1/1 + 2/3) / 2 = 5/6; q2 at 2, 1/2;
// mean (5/6 + 1/2) / 2 = 2/3 = 0.6667.
const FENCE_1 = '% measures: RR, AP\n[A]\nq1: R N R\n\nq2: N R';
// Page two: grades 3 0 2, DCG@3 = 3/log2(2) + 0 + 2/log2(4) = 4; the ideal
// order 3 2 0: IDCG@3 = 3 + 2/log2(3) = 4.2619; nDCG@3 = 4 / 4.2619 = 0.9386.
const FENCE_2 = '% measures: nDCG@3\n[B]\nq1: 3 0 2';
// Page two's element, written the way the README gives for MDX and Vue
// markdown: P@2 of q1 N R R is 1/2, of q2 R R N is 1: mean 0.7500.
const ELEMENT_TEXT = '[E]\nq1: N R R\nq2: R R N';

before(async () => {
  await rm(WORK, { recursive: true, force: true });
  await mkdir(WORK, { recursive: true });
});

/** dist/ copied into a site's static folder as ranklab/. */
async function copyApp(dir) {
  await cp(DIST, join(dir, 'ranklab'), { recursive: true });
}

/** A site folder that finds the npm generators of tests/docs-sites. */
async function npmSite(name) {
  const src = join(WORK, `${name}-src`);
  await mkdir(src, { recursive: true });
  await symlink(SITES_MODULES, join(src, 'node_modules'));
  await writeFile(join(src, 'package.json'), JSON.stringify({ name: `ranklab-${name}-test`, private: true }));
  return src;
}

function run(cmd, args, cwd) {
  try {
    // Docusaurus would keep a webpack cache in the shared node_modules, which a site of other pages would then misread.
    execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true', DOCUSAURUS_NO_PERSISTENT_CACHE: 'true' } });
  } catch (e) {
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${e.stdout}\n${e.stderr}`);
  }
}

/** Docusaurus 3: the script in docusaurus.config.js `scripts`, dist/ in static/ranklab/. */
async function docusaurus() {
  const src = await npmSite('docusaurus');
  await mkdir(join(src, 'docs'), { recursive: true });
  await mkdir(join(src, 'static'), { recursive: true });
  await copyApp(join(src, 'static'));
  await writeFile(join(src, 'static', 'favicon.ico'), '');
  await writeFile(join(src, 'docusaurus.config.js'), `module.exports = {
  title: 'Ranking metrics',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  presets: [['classic', { docs: { routeBasePath: '/', sidebarPath: false }, blog: false }]],
  scripts: [{ src: '/ranklab/embed.js', defer: true }],
};
`);
  await writeFile(join(src, 'docs', 'index.md'), `---\nslug: /\n---\n# Reciprocal rank and AP\n\nTwo queries:\n\n\`\`\`ranklab\n${FENCE_1}\n\`\`\`\n\n[On to nDCG](./second.mdx)\n`);
  await writeFile(join(src, 'docs', 'second.mdx'), `# nDCG\n\n\`\`\`ranklab\n${FENCE_2}\n\`\`\`\n\nAn element:\n\n` +
    `<ranklab-calc measures="P@2" view="table">{\`${ELEMENT_TEXT}\`}</ranklab-calc>\n`);
  run(join(SITES_MODULES, '.bin', 'docusaurus'), ['build', '--out-dir', join(WORK, 'docusaurus')], src);
  return join(WORK, 'docusaurus');
}

/** VitePress 1: the script in .vitepress/config.mjs `head`, dist/ in public/ranklab/. */
async function vitepress() {
  const src = await npmSite('vitepress');
  await mkdir(join(src, '.vitepress'), { recursive: true });
  await mkdir(join(src, 'public'), { recursive: true });
  await copyApp(join(src, 'public'));
  await writeFile(join(src, 'public', 'favicon.ico'), '');
  await writeFile(join(src, '.vitepress', 'config.mjs'), `export default {
  title: 'Ranking metrics',
  head: [['script', { src: '/ranklab/embed.js', defer: '' }]],
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag === 'ranklab-calc' } } },
  outDir: ${JSON.stringify(join(WORK, 'vitepress'))},
};
`);
  await writeFile(join(src, 'index.md'), `# Reciprocal rank and AP\n\nTwo queries:\n\n\`\`\`ranklab\n${FENCE_1}\n\`\`\`\n\n[On to nDCG](./second)\n`);
  await writeFile(join(src, 'second.md'), `# nDCG\n\n\`\`\`ranklab\n${FENCE_2}\n\`\`\`\n\nAn element:\n\n` +
    `<ranklab-calc measures="P@2" view="table">\n<pre>\n${ELEMENT_TEXT}\n</pre>\n</ranklab-calc>\n`);
  run(join(SITES_MODULES, '.bin', 'vitepress'), ['build', '.'], src);
  return join(WORK, 'vitepress');
}

/** mdBook: the script in theme/head.hbs, dist/ in src/ranklab/. */
async function mdbook() {
  const src = join(WORK, 'mdbook-src');
  await mkdir(join(src, 'src'), { recursive: true });
  await mkdir(join(src, 'theme'), { recursive: true });
  await copyApp(join(src, 'src'));
  await writeFile(join(src, 'book.toml'), '[book]\ntitle = "Ranking metrics"\n');
  await writeFile(join(src, 'theme', 'head.hbs'), '<script src="{{ path_to_root }}ranklab/embed.js" defer></script>\n');
  await writeFile(join(src, 'src', 'SUMMARY.md'), '# Summary\n\n- [Reciprocal rank and AP](./index.md)\n- [nDCG](./second.md)\n');
  await writeFile(join(src, 'src', 'index.md'), `# Reciprocal rank and AP\n\n\`\`\`ranklab\n${FENCE_1}\n\`\`\`\n`);
  await writeFile(join(src, 'src', 'second.md'), `# nDCG\n\n\`\`\`ranklab\n${FENCE_2}\n\`\`\`\n`);
  const out = join(WORK, 'mdbook');
  run('mdbook', ['build', '-d', out], src);
  await writeFile(join(out, 'favicon.ico'), '');
  return out;
}

/** Hugo: the script in the layout, dist/ in static/ranklab/. The tiny
 * layout has a dark switch as themes write it (a class on body, a
 * background in the stylesheet): no switch Ranklab knows by name, so the
 * calculator follows the page's computed background. */
async function hugo() {
  const src = join(WORK, 'hugo-src');
  for (const d of ['content', 'static', 'layouts/_default']) await mkdir(join(src, d), { recursive: true });
  await copyApp(join(src, 'static'));
  await writeFile(join(src, 'static', 'favicon.ico'), '');
  await writeFile(join(src, 'hugo.toml'), 'baseURL = "/"\ntitle = "Ranking metrics"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title>
<style>body { background: #fff; color: #111 } body.dark { background: #1d1e20; color: #ddd }</style>
<script src="{{ "ranklab/embed.js" | relURL }}" defer></script></head>
<body><button id="dark" onclick="document.body.classList.toggle('dark')">Dark</button>
<h1>{{ .Title }}</h1>{{ .Content }}
<nav>{{ range .Site.RegularPages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ end }}</nav></body></html>
`;
  await writeFile(join(src, 'layouts', '_default', 'single.html'), page);
  await writeFile(join(src, 'layouts', 'index.html'), page);
  await writeFile(join(src, 'layouts', '_default', 'list.html'), page);
  await writeFile(join(src, 'content', '_index.md'), `---\ntitle: Reciprocal rank and AP\n---\n\n\`\`\`ranklab\n${FENCE_1}\n\`\`\`\n`);
  await writeFile(join(src, 'content', 'second.md'), `---\ntitle: nDCG\n---\n\n\`\`\`ranklab\n${FENCE_2}\n\`\`\`\n`);
  const out = join(WORK, 'hugo');
  run('hugo', ['--quiet', '--source', src, '--destination', out], src);
  return out;
}

/** The value a calculator shows for a system and measure. */
function value(frame, system, measure) {
  return frame.locator(`[data-testid="results"] td[data-system="${system}"][data-measure="${measure}"] .value`);
}

const LIGHT_BG = 'rgb(251, 251, 250)';
const DARK_BG = 'rgb(23, 24, 27)';

/** The background the nth calculator shows, as the browser computed it. */
async function frameBackground(page, n = 0) {
  const frame = await (await page.locator('iframe[data-ranklab-frame]').nth(n).elementHandle()).contentFrame();
  return frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

async function waitBackground(page, want, label) {
  for (let t = 0; t < 50 && (await frameBackground(page)) !== want; t++) await page.waitForTimeout(100);
  assert.equal(await frameBackground(page), want, label);
}

const SITES = {
  docusaurus: {
    build: docusaurus,
    second: (page) => page.getByRole('link', { name: 'On to nDCG' }).click(),
    spa: true,
    element: true,
    // Its toggle cycles system, light and dark modes: clicked until the page is in `mode`.
    async toggle(page, mode) {
      for (let i = 0; i < 3 && (await page.evaluate(() => document.documentElement.dataset.theme)) !== mode; i++) {
        await page.locator('button[class*="toggleButton"] >> visible=true').first().click();
      }
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode);
    },
  },
  vitepress: {
    build: vitepress,
    second: (page) => page.getByRole('link', { name: 'On to nDCG' }).click(),
    spa: true,
    element: true,
    async toggle(page, mode) {
      const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
      if ((await dark()) !== (mode === 'dark')) await page.locator('button.VPSwitchAppearance >> visible=true').first().click();
      assert.equal(await dark(), mode === 'dark');
    },
  },
  mdbook: {
    build: mdbook,
    second: (page) => page.locator('a[rel~="next"] >> visible=true').first().click(),
    // Its theme picker: Light, Rust, Coal, Navy, Ayu.
    async toggle(page, mode) {
      const choice = page.locator(mode === 'dark' ? '#mdbook-theme-coal' : '#mdbook-theme-light');
      if (!(await choice.isVisible())) await page.locator('#mdbook-theme-toggle').click();
      await choice.click();
    },
  },
  hugo: {
    build: hugo,
    second: (page) => page.getByRole('link', { name: 'nDCG' }).click(),
    async toggle(page, mode) {
      if ((await page.evaluate(() => document.body.classList.contains('dark'))) !== (mode === 'dark')) await page.locator('#dark').click();
    },
  },
};

for (const [name, site] of Object.entries(SITES)) {
  test(`a ${name} site: fences become calculators, on every page, in the page's colours`, async () => {
    const t0 = Date.now();
    const out = await site.build();
    console.log(`# ${name}: built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const docs = await serve(out);
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    try {
      const page = await context.newPage();
      const seen = watch(page, { context: true });
      await page.goto(docs.url);
      const frames = page.locator('iframe[data-ranklab-frame]');
      const one = page.frameLocator('iframe[data-ranklab-frame] >> nth=0');
      await value(one, 'A', 'RR').waitFor({ timeout: 30000 });
      assert.equal(await value(one, 'A', 'RR').innerText(), '0.7500');
      assert.equal(await value(one, 'A', 'AP').innerText(), '0.6667');
      assert.equal(await frames.count(), 1, `${name}: one calculator for one fence`);
      // The fence's text reached the calculator line by line, from its first ranking.
      assert.equal(await one.getByTestId('quick-input').inputValue(), '[A]\nq1: R N R\n\nq2: N R');
      // The block is hidden (not removed: it stays the page's own), the calculator just before it.
      const block = await page.evaluate(() => {
        const box = document.querySelector('[data-ranklab-box]');
        const next = box.nextElementSibling;
        return { shown: getComputedStyle(next).display !== 'none', text: next.textContent.includes('q1: R N R') };
      });
      assert.deepEqual(block, { shown: false, text: true }, `${name}: the block stays after its calculator, hidden`);
      // The page's dark switch, and back.
      await waitBackground(page, LIGHT_BG, `${name}: light, as the page`);
      await site.toggle(page, 'dark');
      await waitBackground(page, DARK_BG, `${name}: dark, as the page after its switch`);
      await page.screenshot({ path: join(SHOTS, `docs-${name}-dark.png`) });
      await site.toggle(page, 'light');
      await waitBackground(page, LIGHT_BG, `${name}: light again`);
      // The second page.
      await page.evaluate(() => { window.__samePage = true; });
      await site.second(page);
      const two = page.frameLocator('iframe[data-ranklab-frame] >> nth=0');
      await value(two, 'B', 'nDCG@3').waitFor({ timeout: 30000 });
      assert.equal(await value(two, 'B', 'nDCG@3').innerText(), '0.9386');
      if (site.spa) {
        assert.equal(await page.evaluate(() => window.__samePage), true, `${name}: reached by client-side navigation`);
      }
      // The first page's calculator went with its page.
      assert.equal(await page.locator('iframe[data-ranklab-frame]').count(), site.element ? 2 : 1, `${name}: the calculators of page two only`);
      if (site.element) {
        const el = page.frameLocator('iframe[data-ranklab-frame] >> nth=1');
        await page.locator('iframe[data-ranklab-frame]').nth(1).scrollIntoViewIfNeeded();
        await value(el, 'E', 'P@2').waitFor({ timeout: 30000 });
        assert.equal(await value(el, 'E', 'P@2').innerText(), '0.7500');
        assert.equal(await el.getByTestId('quick-input').inputValue(), ELEMENT_TEXT);
      }
      await page.screenshot({ path: join(SHOTS, `docs-${name}-second.png`), fullPage: true });
      assert.deepEqual(seen.errors, [], `${name}: console errors`);
      assert.deepEqual(seen.foreign, [], `${name}: requests beyond 127.0.0.1`);
    } finally {
      await context.close();
      await docs.close();
    }
  });
}
