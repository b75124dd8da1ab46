// Ranklab's embed script: a documentation page that loads it once gets a
// live calculator for each block of rankings it holds, whichever generator
// wrote the page:
//   - a fenced code block of language `ranklab`, in each highlighter's markup:
//     <pre><code class="language-ranklab"> (Python-Markdown, MkDocs,
//     markdown-it, highlight.js, mdBook, Hugo's Chroma); Prism's
//     <pre class="prism-code language-ranklab"> (Docusaurus); Shiki's
//     <div class="language-ranklab"><pre class="shiki"> (VitePress) and
//     <pre data-language="ranklab"> (Astro, Starlight); Pygments'
//     <div class="highlight-ranklab"> (Sphinx) and
//     <div class="language-ranklab highlight"> (pymdownx.highlight);
//     <pre class="ranklab"> (pymdownx.superfences' custom fence, Pandoc and
//     Quarto without highlighting) and <pre class="sourceCode ranklab">;
//   - a <ranklab-calc> element, whose text (or the <pre> inside it) is the
//     block and whose attributes (measures, view, height) are its options.
// The block's text is read line by line from the markup (Prism and Shiki
// write one element per line, with no line break between them).
// A block is the quick format, optionally after `% measures: …`,
// `% view: table|chart|both` and `% height: N` lines. Each calculator is an
// iframe of the app (index.html?embed&host) beside this script, or at the
// address in the script's data-app attribute; opened from disk (file:), the
// single-file build ranklab.html beside the script.
//
// The page's own nodes are never moved, removed or rewritten: a calculator
// is a new element inserted just before its block, and a stylesheet rule
// hides the block that follows it (readers without JavaScript see the
// block). Server-rendered pages (Docusaurus, VitePress, Nuxt, Astro
// islands) are left alone until their framework has hydrated them. Blocks
// that appear later (client-side navigation, tabs, lazy content) become
// calculators too, and a calculator whose block leaves the page goes with it.
//
// The page sends the block to its frame once the frame says it is ready; the
// frame reports its height, and only frames made here are listened to. A
// calculator follows the page's colour: its theme switch where it can be
// read (MkDocs Material, Furo, pydata-sphinx-theme, Docusaurus, VitePress,
// mdBook, Quarto), else the page's computed background, else the browser's
// preference; live, as the reader switches. Frames start when scrolled
// near, so a page of many calculators stays responsive.
(function () {
  'use strict';
  if (window.__ranklabEmbed) return;
  window.__ranklabEmbed = true;

  var script = document.currentScript;
  var here = script && script.src ? script.src : location.href;
  var app = (script && script.getAttribute('data-app')) ||
    new URL(location.protocol === 'file:' ? 'ranklab.html' : 'index.html', here).href;
  var appUrl = new URL(app, location.href);
  // Messages go to the app's origin only (a file: page has none to name).
  var target = appUrl.protocol === 'file:' ? '*' : appUrl.origin;
  // The calculators on the page: { block, box, frame, text, seen }.
  var made = [];
  // Blocks already turned into a calculator (or given up on), and how often
  // each was made (a framework that keeps dropping the calculator is not
  // fought forever).
  var handled = new WeakSet();
  var times = new WeakMap();

  // --- Finding blocks ------------------------------------------------------

  var FOUND = [
    'pre > code.language-ranklab',
    'pre.language-ranklab',
    'div.language-ranklab',
    'div[class*="highlight-ranklab"]',
    'pre.ranklab',
    'code.sourceCode.ranklab',
    'pre[data-language="ranklab"]',
    'ranklab-calc',
  ].join(', ');
  // Wrappers a generator puts around its <pre>, hidden with it: Docusaurus'
  // container, Pygments' and Chroma's div.highlight, Pandoc's div.sourceCode,
  // Expressive Code's (Starlight) figure and div.
  var WRAPPER = /(^|\s)(theme-code-block|codeBlock\w*|highlight|highlight-[\w-]+|sourceCode|expressive-code|chroma|language-ranklab)(\s|$)/;
  // Elements of a block's markup that are not its text: line numbers, buttons.
  var NOT_TEXT = /(^|\s)(ln|lnt|linenos|line-number|line-numbers-rows|codeLineNumber\w*|gutter|copy|lang|buttons)(\s|$)/;
  // One element per line (Prism, Shiki, Expressive Code, Chroma).
  var LINE = /(^|\s)(token-line|line|ec-line)(\s|$)/;

  /** The element the block is on the page: the <pre> or element, with the
   * generator's wrappers around it. */
  function outer(el) {
    if (el.localName === 'code') el = el.closest('pre') || el;
    for (var p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (!(WRAPPER.test(p.className) || p.localName === 'figure') || p.querySelectorAll('pre').length !== 1) break;
      el = p;
    }
    return el;
  }

  /** The text of `node` as its lines show it: <br> is a line break,
   * line numbers and buttons are not text. */
  function textOf(node) {
    if (node.nodeType === 3) return node.data;
    if (node.nodeType !== 1) return '';
    if (node.localName === 'br') return '\n';
    if (node.localName === 'button' || NOT_TEXT.test(node.className)) return '';
    var lines = [];
    var kids = node.children;
    var all = kids.length > 0;
    for (var i = 0; i < kids.length && all; i++) all = LINE.test(kids[i].className);
    if (all) {
      // Each child is a line; text between them (Shiki's "\n") is not.
      for (var j = 0; j < kids.length; j++) lines.push(textOf(kids[j]).replace(/\n$/, ''));
      return lines.join('\n') + '\n';
    }
    var s = '';
    for (var c = node.firstChild; c; c = c.nextSibling) s += textOf(c);
    return s;
  }

  /** The text of the block whose markup is `found`. */
  function blockText(found) {
    if (found.localName === 'ranklab-calc') {
      var inner = found.querySelector('pre') || found;
      var text = textOf(inner).replace(/\r\n?/g, '\n').replace(/^\n+/, '').replace(/\n$/, '');
      // Attributes as option lines, before the text's own.
      var options = ['measures', 'view', 'height']
        .filter(function (n) { return found.hasAttribute(n); })
        .map(function (n) { return '% ' + n + ': ' + found.getAttribute(n); });
      return options.concat([text]).join('\n');
    }
    var code = found.localName === 'code' || found.localName === 'pre' ? found : (found.querySelector('pre') || found);
    if (code.localName === 'pre' && code.querySelector('code')) code = code.querySelector('code');
    return textOf(code).replace(/\r\n?/g, '\n').replace(/\n$/, '');
  }

  // --- Hydration ------------------------------------------------------------

  /** Whether the framework that server-rendered `el` (if any) has taken it
   * over: until then a node added beside it would be a mismatch that the
   * framework reports and throws away. */
  function hydrated(el) {
    var html = document.documentElement;
    // Docusaurus marks its page once React has hydrated it.
    if (html.getAttribute('data-has-hydrated') === 'false') return false;
    // Vue apps (VitePress, Nuxt): the root holds its app once mounted.
    var vue = el.closest('#app, #__nuxt');
    if (vue && (window.__VP_SITE_DATA__ || window.__VP_HASH_MAP__ || vue.id === '__nuxt') && !vue.__vue_app__) return false;
    // Other React roots (Next.js, Gatsby): React keys the nodes it has hydrated.
    var react = el.closest('#__next, #___gatsby');
    if (react && !Object.keys(el).some(function (k) { return k.indexOf('__reactFiber$') === 0; }) &&
      !Object.keys(react).some(function (k) { return k.indexOf('__reactContainer$') === 0; })) return false;
    // Astro islands drop `ssr` once hydrated.
    if (el.closest('astro-island[ssr]')) return false;
    return true;
  }

  // --- Calculators ----------------------------------------------------------

  function startHeight(text) {
    var m = /^\s*%\s*height\s*:\s*(\d+)\s*$/m.exec(text);
    var h = m ? Number(m[1]) : 420;
    return h >= 100 && h <= 5000 ? h : 420;
  }

  /** One stylesheet rule hides each block that follows its calculator. */
  function hideRule() {
    if (document.getElementById('ranklab-embed-style')) return;
    var style = document.createElement('style');
    style.id = 'ranklab-embed-style';
    style.textContent = '[data-ranklab-box] + * { display: none !important; }';
    (document.head || document.documentElement).appendChild(style);
  }

  function calculator(found, block) {
    handled.add(block);
    var n = (times.get(block) || 0) + 1;
    times.set(block, n);
    if (n > 3) return;
    hideRule();
    var text = blockText(found);
    var box = document.createElement('div');
    box.className = 'ranklab-embed';
    box.setAttribute('data-ranklab-box', '');
    box.style.cssText = 'margin: 1em 0;';
    var frame = document.createElement('iframe');
    frame.title = 'Ranklab calculator';
    frame.setAttribute('data-ranklab-frame', '');
    frame.style.cssText = 'display: block; width: 100%; border: 1px solid rgba(127,127,127,.35); border-radius: 6px; height: ' +
      startHeight(text) + 'px; color-scheme: normal;';
    box.appendChild(frame);
    block.parentNode.insertBefore(box, block);
    var calc = { block: block, box: box, frame: frame, text: text, seen: null };
    made.push(calc);
    var start = function () {
      if (!frame.src) frame.src = appUrl.href + (appUrl.search ? '&' : '?') + 'embed&host';
    };
    if ('IntersectionObserver' in window) {
      calc.seen = new IntersectionObserver(function (entries) {
        if (entries.some(function (e) { return e.isIntersecting; })) { calc.seen.disconnect(); start(); }
      }, { rootMargin: '400px 0px' });
      calc.seen.observe(box);
    } else {
      start();
    }
  }

  /** Takes away the calculators whose block left the page; a calculator
   * removed by the page while its block stays lets the block show again
   * (and be made anew). */
  function tidy() {
    made = made.filter(function (c) {
      if (c.block.isConnected && c.box.isConnected && c.box.nextElementSibling === c.block) return true;
      if (c.seen) c.seen.disconnect();
      if (c.box.parentNode) c.box.parentNode.removeChild(c.box);
      if (c.block.isConnected) handled.delete(c.block);
      return false;
    });
  }

  var waiting = false;
  function scan() {
    tidy();
    var found = document.querySelectorAll(FOUND);
    var blocks = [];
    for (var i = 0; i < found.length; i++) {
      var el = found[i];
      var block = outer(el);
      // A match inside a block already found (Sphinx's wrapper and its <pre>).
      if (handled.has(block) || blocks.some(function (b) { return b[1].contains(block); })) continue;
      if (!hydrated(block)) { waiting = true; continue; }
      blocks.push([el, block]);
    }
    blocks.forEach(function (b) { calculator(b[0], b[1]); });
    if (waiting) { waiting = false; later(200); }
  }

  var timer = 0;
  function later(ms) {
    if (!timer) timer = setTimeout(function () { timer = 0; scan(); }, ms);
  }

  addEventListener('message', function (e) {
    var data = e.data;
    if (!data || typeof data !== 'object' || typeof data.ranklab !== 'string') return;
    var calc = made.filter(function (c) { return c.frame.contentWindow === e.source; })[0];
    if (!calc) return;
    if (data.ranklab === 'ready') {
      calc.frame.contentWindow.postMessage({ ranklab: 'block', text: calc.text, theme: pageTheme() }, target);
    } else if (data.ranklab === 'height' && typeof data.height === 'number' && data.height > 0) {
      calc.frame.style.height = Math.ceil(data.height) + 'px';
    }
  });

  // --- Colour -----------------------------------------------------------------

  /** A CSS colour as [r, g, b, a] (0-255, alpha 0-1), whatever its notation. */
  var paint = null;
  function rgba(colour) {
    var m = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(colour);
    if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
    // Other notations (oklch(), color()): as a canvas paints them.
    try {
      paint = paint || document.createElement('canvas').getContext('2d', { willReadFrequently: true });
      paint.clearRect(0, 0, 1, 1);
      paint.fillStyle = colour;
      paint.fillRect(0, 0, 1, 1);
      var d = paint.getImageData(0, 0, 1, 1).data;
      return [d[0], d[1], d[2], d[3] / 255];
    } catch (err) {
      return [0, 0, 0, 0];
    }
  }

  /** The page's colour scheme: its theme switch where one is known, else
   * the lightness of its background; null: the browser's preference (a
   * page that paints no background of its own). */
  function pageTheme() {
    var html = document.documentElement;
    var body = document.body;
    var on = function (el, name) { return !!el && el.classList.contains(name); };
    // MkDocs Material: data-md-color-scheme on body (slate is dark).
    var md = body && body.getAttribute('data-md-color-scheme');
    if (md) return md === 'slate' ? 'dark' : 'light';
    // Docusaurus and pydata-sphinx-theme (on html), Furo (on body; "auto"
    // is the browser's, which its background shows).
    var theme = html.getAttribute('data-theme') || (body && body.getAttribute('data-theme'));
    if (theme === 'dark' || theme === 'light') return theme;
    // mdBook's themes, a class of html.
    if (on(html, 'coal') || on(html, 'navy') || on(html, 'ayu')) return 'dark';
    if (on(html, 'light') || on(html, 'rust')) return 'light';
    // VitePress (and many others): html.dark.
    if (on(html, 'dark')) return 'dark';
    // Quarto.
    if (on(body, 'quarto-dark')) return 'dark';
    if (on(body, 'quarto-light')) return 'light';
    // Anything else: what the page paints.
    var els = [body, html];
    for (var i = 0; i < els.length; i++) {
      if (!els[i]) continue;
      var c = rgba(getComputedStyle(els[i]).backgroundColor);
      if (c[3] < 0.5) continue;
      var light = (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;
      return light < 0.5 ? 'dark' : 'light';
    }
    return null;
  }

  // The page's colour reaches every started calculator, live.
  var lastTheme;
  function followTheme() {
    var theme = pageTheme();
    if (theme === lastTheme) return;
    lastTheme = theme;
    made.forEach(function (c) {
      if (c.frame.src && c.frame.contentWindow) c.frame.contentWindow.postMessage({ ranklab: 'theme', theme: theme }, target);
    });
  }
  // A switch may fade the background: looked at again as it settles.
  function themeChanged() {
    followTheme();
    setTimeout(followTheme, 350);
    setTimeout(followTheme, 1000);
  }

  // --- Start ------------------------------------------------------------------

  if (window.customElements && !customElements.get('ranklab-calc')) {
    customElements.define('ranklab-calc', class extends HTMLElement {
      connectedCallback() { later(0); }
    });
  }

  function ready() {
    scan();
    lastTheme = pageTheme();
    var watchTheme = { attributes: true, attributeFilter: ['class', 'style', 'data-theme', 'data-mode', 'data-md-color-scheme'] };
    var themes = new MutationObserver(themeChanged);
    themes.observe(document.documentElement, watchTheme);
    if (document.body) themes.observe(document.body, watchTheme);
    if (window.matchMedia) {
      var scheme = matchMedia('(prefers-color-scheme: dark)');
      if (scheme.addEventListener) scheme.addEventListener('change', themeChanged);
    }
    // Blocks that come and go later (client-side navigation, tabs, lazy content).
    new MutationObserver(function () { later(50); }).observe(document.body || document.documentElement, { childList: true, subtree: true });
    // Docusaurus says when it has hydrated.
    new MutationObserver(function () { later(0); }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-has-hydrated'] });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready);
  else ready();
})();
