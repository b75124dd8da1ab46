// Ranklab's embed script: a documentation page that loads it once gets a
// live calculator for each block of rankings it holds:
//   - a fenced code block of language `ranklab`, as docs generators write it:
//     <pre><code class="language-ranklab"> (Python-Markdown and MkDocs,
//     markdown-it, mdBook, Pandoc), <pre class="ranklab"> (pymdownx.superfences'
//     custom fence, as MkDocs Material sites declare mermaid's) or Sphinx's
//     <div class="highlight-ranklab">;
//   - a <ranklab-calc> element, whose text is the block and whose
//     attributes (measures, view, height) are its options.
// A block is the quick format, optionally after `% measures: …`,
// `% view: table|chart|both` and `% height: N` lines. Each calculator is an
// iframe of the app (index.html?embed&host) beside this script, or at the
// address in the script's data-app attribute; opened from disk (file:), the
// single-file build ranklab.html beside the script. The page sends the
// block to its frame once the frame says it is ready; the frame reports its
// height, and only frames made here are listened to. A calculator follows
// the browser's light or dark preference, or the page's own colour switch
// where it can be read (MkDocs Material, Furo). Frames start when
// scrolled near, so a page of many calculators stays responsive. The block
// stays in the page (hidden) for readers without JavaScript.
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
  var frames = [];

  /** The colour scheme a docs theme sets with its own switch, if any:
   * MkDocs Material (data-md-color-scheme on body: slate is dark) or Furo
   * (data-theme on body: light or dark; auto is the browser's); null: the
   * browser's preference. */
  function pageTheme() {
    var b = document.body;
    var md = b && b.getAttribute('data-md-color-scheme');
    if (md) return md === 'slate' ? 'dark' : 'light';
    var furo = b && b.getAttribute('data-theme');
    return furo === 'dark' || furo === 'light' ? furo : null;
  }

  function block(el) {
    var text = el.textContent.replace(/\r\n?/g, '\n').replace(/\n$/, '');
    if (el.localName !== 'ranklab-calc') return text;
    // Attributes as option lines, before the text's own.
    var options = ['measures', 'view', 'height']
      .filter(function (n) { return el.hasAttribute(n); })
      .map(function (n) { return '% ' + n + ': ' + el.getAttribute(n); });
    return options.concat([text.replace(/^\n+/, '')]).join('\n');
  }

  function startHeight(text) {
    var m = /^\s*%\s*height\s*:\s*(\d+)\s*$/m.exec(text);
    var h = m ? Number(m[1]) : 420;
    return h >= 100 && h <= 5000 ? h : 420;
  }

  function calculator(el) {
    if (el.getAttribute('data-ranklab') === 'made') return;
    el.setAttribute('data-ranklab', 'made');
    var text = block(el);
    var box = document.createElement('div');
    box.className = 'ranklab-embed';
    box.style.cssText = 'margin: 1em 0;';
    var frame = document.createElement('iframe');
    frame.title = 'Ranklab calculator';
    frame.setAttribute('data-ranklab-frame', '');
    frame.style.cssText = 'display: block; width: 100%; border: 1px solid rgba(127,127,127,.35); border-radius: 6px; height: ' +
      startHeight(text) + 'px; color-scheme: normal;';
    box.appendChild(frame);
    el.parentNode.insertBefore(box, el);
    el.hidden = true;
    frames.push({ frame: frame, text: text });
    var start = function () {
      if (!frame.src) frame.src = appUrl.href + (appUrl.search ? '&' : '?') + 'embed&host';
    };
    if ('IntersectionObserver' in window) {
      var seen = new IntersectionObserver(function (entries) {
        if (entries.some(function (e) { return e.isIntersecting; })) { seen.disconnect(); start(); }
      }, { rootMargin: '400px 0px' });
      seen.observe(box);
    } else {
      start();
    }
  }

  addEventListener('message', function (e) {
    var data = e.data;
    if (!data || typeof data !== 'object' || typeof data.ranklab !== 'string') return;
    var made = frames.filter(function (f) { return f.frame.contentWindow === e.source; })[0];
    if (!made) return;
    if (data.ranklab === 'ready') {
      made.frame.contentWindow.postMessage({ ranklab: 'block', text: made.text, theme: pageTheme() }, target);
    } else if (data.ranklab === 'height' && typeof data.height === 'number' && data.height > 0) {
      made.frame.style.height = Math.ceil(data.height) + 'px';
    }
  });

  function scan(root) {
    var found = root.querySelectorAll('pre > code.language-ranklab, pre.ranklab, div[class*="highlight-ranklab"], ranklab-calc');
    for (var i = 0; i < found.length; i++) {
      var el = found[i];
      // A fenced block: the whole <pre> (and Sphinx's wrapper) is replaced.
      if (el.localName === 'code') el = el.parentNode;
      calculator(el);
    }
  }

  if (window.customElements && !customElements.get('ranklab-calc')) {
    customElements.define('ranklab-calc', class extends HTMLElement {
      connectedCallback() {
        var el = this;
        // Its text may still be parsing: wait for the document.
        if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { calculator(el); });
        else calculator(el);
      }
    });
  }
  // The page's colour switch reaches every started calculator.
  var lastTheme = null;
  function followTheme() {
    var theme = pageTheme();
    if (theme === lastTheme) return;
    lastTheme = theme;
    frames.forEach(function (f) {
      if (f.frame.src && f.frame.contentWindow) f.frame.contentWindow.postMessage({ ranklab: 'theme', theme: theme }, target);
    });
  }

  function ready() {
    scan(document);
    lastTheme = pageTheme();
    new MutationObserver(followTheme).observe(document.body, { attributes: true, attributeFilter: ['data-md-color-scheme', 'data-theme'] });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready);
  else ready();
})();
