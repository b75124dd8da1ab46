"""Makes one self-contained HTML file from the built app in dist/: the
wasm-bindgen module, the wasm (base64), the stylesheet and the icon all
inlined, and a Content-Security-Policy that allows exactly those inline
parts. It opens from disk (file://) and makes no request at all.
Usage: python3 scripts/single_file.py dist OUT.html"""
import base64
import glob
import hashlib
import os
import re
import sys

dist, out = sys.argv[1], sys.argv[2]


def one(pattern):
    found = glob.glob(os.path.join(dist, pattern))
    if len(found) != 1:
        sys.exit("single_file: expected one %s in %s, found %d" % (pattern, dist, len(found)))
    return found[0]


def sha256(text):
    return "'sha256-%s'" % base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


js_path = one("ranklab-app-*.js")
wasm_path = one("ranklab-app-*_bg.wasm")
css_path = one("style-*.css")
icon_path = one("icon-*.svg")
js = open(js_path, encoding="utf-8").read()
if "export { initSync, __wbg_init as default };" not in js:
    sys.exit("single_file: the wasm-bindgen module does not end as expected")
wasm = base64.b64encode(open(wasm_path, "rb").read()).decode("ascii")
# The module starts the app itself from the inlined bytes instead of fetching a file.
module = js.replace("export { initSync, __wbg_init as default };", "") + (
    "\nconst ranklabWasm = Uint8Array.from(atob('%s'), (c) => c.charCodeAt(0));\n"
    "await __wbg_init({ module_or_path: ranklabWasm });\n" % wasm
)
css = open(css_path, encoding="utf-8").read()
icon = base64.b64encode(open(icon_path, "rb").read()).decode("ascii")

page = open(os.path.join(dist, "index.html"), encoding="utf-8").read()
# Drop the links and the loader Trunk wrote; keep the rest of the head and body.
# (Trunk minifies the page: attribute values may come without quotes, in any order.)
page = re.sub(r"<link[^>]*\brel=\"?(modulepreload|preload|stylesheet|icon)\"?[^>]*/?>\s*", "", page)
page = re.sub(r"<script type=\"?module\"?>.*?</script>\s*", "", page, flags=re.S)
# embed-frame.js shares a fetched wasm between a docs page's frames; this page fetches none.
page = re.sub(r"<script src=\"?embed-frame\.js\"?></script>\s*", "", page)
csp = ("default-src 'none'; script-src %s 'wasm-unsafe-eval'; style-src %s; style-src-attr 'unsafe-inline'; "
       "img-src data:; object-src 'none'; base-uri 'none'" % (sha256(module), sha256(css)))
page, n = re.subn(r"<meta\b[^>]*Content-Security-Policy[^>]*>",
                  lambda m: re.sub(r'content="[^"]*"', lambda _: 'content="%s"' % csp, m.group(0)), page, count=1)
if n != 1:
    sys.exit("single_file: no Content-Security-Policy in the page")
inline = ('<link rel="icon" href="data:image/svg+xml;base64,%s" />\n<style>%s</style>\n<script type="module">%s</script>\n'
          % (icon, css, module))
page = page.replace("</head>", inline + "</head>", 1)
os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
open(out, "w", encoding="utf-8").write(page)
print("single_file: %s, %d bytes" % (out, len(page.encode("utf-8"))))
