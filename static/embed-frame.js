// Runs before the app starts, and does something only in a calculator that
// embed.js made for a documentation page (index.html?embed&host):
//   - the app's WebAssembly is fetched and compiled once per page: the first
//     calculator to start fetches it, and every other one takes the compiled
//     module from a sibling frame of the same origin (so ten calculators
//     download the app's wasm once, whatever the server's cache headers, and
//     share its compiled code);
//   - no service worker is registered: a documentation page neither caches
//     the app for offline use nor fetches the big-file worker, which a
//     calculator never uses.
(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  if (!params.has('embed') || !params.has('host') || window.parent === window) return;

  if (navigator.serviceWorker) {
    Object.defineProperty(navigator.serviceWorker, 'register', {
      value: function () { return new Promise(function () {}); },
    });
  }

  /** The compiled module (a promise) a sibling calculator holds for the
   * same wasm file (the same build), if any. */
  function fromSibling(href) {
    var frames = window.parent.frames;
    for (var i = 0; i < frames.length; i++) {
      try {
        var held = frames[i] !== window && frames[i].__ranklabWasm;
        if (held && held.href === href) return held.module;
      } catch (e) {
        // A frame of another origin: not ours.
      }
    }
    return null;
  }

  var fetchFirst = window.fetch;
  var compiled = null;
  // The app's loader fetches its wasm, then instantiates the response: the
  // fetch gets the module (a sibling's, or this frame's own download,
  // compiled as it streams) and hands the loader an empty response.
  window.fetch = function (input) {
    var url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (compiled || !/\/ranklab-app-[^/]*_bg\.wasm$/.test(url.pathname)) return fetchFirst.apply(this, arguments);
    compiled = fromSibling(url.href);
    if (!compiled) {
      compiled = fetchFirst.apply(this, arguments).then(function (response) {
        if (!response.ok) throw new Error('the calculator could not load ' + url.pathname + ' (' + response.status + ')');
        return WebAssembly.compileStreaming ? WebAssembly.compileStreaming(response) : response.arrayBuffer().then(WebAssembly.compile);
      });
    }
    window.__ranklabWasm = { href: url.href, module: compiled };
    return Promise.resolve(new Response(new Uint8Array(0), { headers: { 'content-type': 'application/wasm' } }));
  };
  var instantiateFirst = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = function (source, imports) {
    if (!compiled) return instantiateFirst.apply(this, arguments);
    return compiled.then(function (module) {
      return WebAssembly.instantiate(module, imports).then(function (instance) {
        return { module: module, instance: instance };
      });
    });
  };
})();
