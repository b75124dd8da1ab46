"""Adds the sha256 of each inline <script> of dist/index.html to the page's
Content-Security-Policy script-src, so the strict policy allows exactly
Trunk's loader and nothing else. Usage: python3 scripts/csp_hash.py dist/index.html"""
import base64
import hashlib
import re
import sys

path = sys.argv[1]
html = open(path, encoding="utf-8").read()
hashes = []
for body in re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", html, flags=re.S):
    digest = hashlib.sha256(body.encode("utf-8")).digest()
    hashes.append("'sha256-%s'" % base64.b64encode(digest).decode("ascii"))
marker = "script-src 'self'"
if marker not in html:
    sys.exit("csp_hash: no \"script-src 'self'\" in %s" % path)
html = html.replace(marker, " ".join([marker] + hashes), 1)
open(path, "w", encoding="utf-8").write(html)
print("csp_hash: allowed %d inline script(s) in %s" % (len(hashes), path))
