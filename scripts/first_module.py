"""Puts the first module (src/shell/first.rs) beside the whole app in dist/
and makes index.html start the one the address needs.

The first module's JS and wasm (wasm-bindgen's output in FIRST_DIR) are
copied under names that carry a hash of their content, as Trunk names the
whole app's. Trunk's loader (the inline module script) is replaced by one
that starts the first module, unless the address needs the whole app (the
same test as `needs_whole` in src/shell/first.rs), and that gives the first
module `window.ranklabWhole` to start the whole app when it hands over.
The whole app's JS is no longer preloaded: a first visit does not fetch it.
The loader's tests name the page's keys: `ranklab.files` is
src/shell/persist.rs's FILES_MARK, `#s=` src/model/share.rs's PREFIX.
Usage: python3 scripts/first_module.py dist FIRST_DIR"""
import glob
import hashlib
import os
import re
import shutil
import sys

dist, first_dir = sys.argv[1], sys.argv[2]


def one(pattern):
    found = glob.glob(os.path.join(dist, pattern))
    if len(found) != 1:
        sys.exit("first_module: expected one %s in %s, found %d" % (pattern, dist, len(found)))
    return os.path.basename(found[0])


whole_js = one("ranklab-app-*.js")
whole_wasm = one("ranklab-app-*_bg.wasm")
for old in glob.glob(os.path.join(dist, "ranklab-first-*")):
    os.remove(old)
digest = hashlib.sha256()
for name in ("ranklab-first.js", "ranklab-first_bg.wasm"):
    with open(os.path.join(first_dir, name), "rb") as f:
        digest.update(f.read())
stem = "ranklab-first-%s" % digest.hexdigest()[:16]
js = open(os.path.join(first_dir, "ranklab-first.js"), encoding="utf-8").read()
# wasm-bindgen's module finds its wasm by its own name when given none; the
# loader always gives it, but the name in the module is kept true anyway.
js = js.replace("ranklab-first_bg.wasm", stem + "_bg.wasm")
open(os.path.join(dist, stem + ".js"), "w", encoding="utf-8").write(js)
shutil.copyfile(os.path.join(first_dir, "ranklab-first_bg.wasm"), os.path.join(dist, stem + "_bg.wasm"))

loader = """<script type="module">
const whole = ['./%(whole_js)s', './%(whole_wasm)s'];
const first = ['./%(stem)s.js', './%(stem)s_bg.wasm'];
const start = async ([js, wasm]) => {
  const module = await import(js);
  await module.default({ module_or_path: wasm });
};
// The whole app, started once. Handed over by the first module (endFirst
// ends its app): fetched and compiled while the first module's page stays,
// with a status line, then started in its place, the focus and selection
// put back on the same control. On failure the page says so, with a way to
// try again.
let wholeStarted = null;
const focused = () => {
  const el = document.activeElement;
  const id = el && (el.id || el.getAttribute('data-testid'));
  if (!id || el === document.body) return null;
  const range = typeof el.selectionStart === 'number' ? [el.selectionStart, el.selectionEnd] : null;
  return { id, range };
};
const refocus = (was) => {
  if (!was) return;
  const el = document.getElementById(was.id) || document.querySelector(`[data-testid="${CSS.escape(was.id)}"]`);
  if (!el) return;
  el.focus();
  if (was.range && typeof el.setSelectionRange === 'function') el.setSelectionRange(...was.range);
};
window.ranklabWhole = (endFirst) => (wholeStarted ??= (async () => {
  if (!endFirst) return start(whole);
  const note = document.createElement('p');
  note.className = 'opening-whole';
  note.setAttribute('role', 'status');
  note.textContent = 'Opening…';
  document.body.append(note);
  try {
    const [module, compiled] = await Promise.all([import(whole[0]),
      fetch(whole[1]).then((r) => {
        if (!r.ok) throw new Error(`${whole[1]} answered ${r.status}`);
        return r.arrayBuffer();
      }).then((bytes) => WebAssembly.compile(bytes))]);
    const was = focused();
    endFirst();
    await module.default({ module_or_path: compiled });
    note.remove();
    requestAnimationFrame(() => refocus(was));
  } catch (e) {
    wholeStarted = null;
    note.className = 'opening-whole failed';
    note.setAttribute('role', 'alert');
    note.textContent = `The rest of Ranklab could not be loaded (${e.message || e}). What you typed is kept. `;
    const again = document.createElement('button');
    again.type = 'button';
    again.textContent = 'Try again';
    again.onclick = () => { note.remove(); window.ranklabWhole(endFirst); };
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Close';
    close.onclick = () => note.remove();
    note.append(again, ' ', close);
  }
})());
const query = new URLSearchParams(location.search);
const hash = location.hash;
const needsWhole = query.has('embed') || hash === '#embed' || hash.startsWith('#s=') ||
  (() => { try { return localStorage.getItem('ranklab.files') === '1'; } catch { return false; } })() ||
  hash === '#files' || hash === '#learn' ||
  (hash !== '#calculate' && (query.has('set') || query.has('projector')));
if (needsWhole) window.ranklabWhole(); else start(first);
</script>""" % {"whole_js": whole_js, "whole_wasm": whole_wasm, "stem": stem}

path = os.path.join(dist, "index.html")
page = open(path, encoding="utf-8").read()
# Trunk minifies the page: attribute values may come without quotes.
page, n = re.subn(r"<script type=\"?module\"?>.*?</script>", lambda _: loader, page, count=1, flags=re.S)
if n != 1:
    sys.exit("first_module: no Trunk loader in %s" % path)
page = re.sub(r"\s*<link\b[^>]*>", lambda m: "" if "modulepreload" in m.group(0) and "ranklab-app-" in m.group(0) else m.group(0), page)
open(path, "w", encoding="utf-8").write(page)
print("first_module: %s beside %s" % (stem, whole_js))
