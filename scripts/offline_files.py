"""Writes dist/sw-files.js: the files the service worker caches (everything
in dist/, plus the directory URL itself) and a version that changes with
their content. Usage: python3 scripts/offline_files.py dist"""
import hashlib
import json
import os
import sys

dist = sys.argv[1]
names = sorted(n for n in os.listdir(dist) if os.path.isfile(os.path.join(dist, n)) and n != "sw-files.js")
digest = hashlib.sha256()
for n in names:
    digest.update(n.encode())
    with open(os.path.join(dist, n), "rb") as f:
        digest.update(f.read())
files = ["./"] + ["./" + n for n in names if n != "sw.js"]
with open(os.path.join(dist, "sw-files.js"), "w") as f:
    f.write("// Written by scripts/offline_files.py: what the service worker caches.\n")
    f.write("self.RANKLAB_FILES = %s;\n" % json.dumps(files))
    f.write("self.RANKLAB_VERSION = %s;\n" % json.dumps(digest.hexdigest()[:16]))
print("offline_files: %d files for the service worker (version %s)" % (len(files), digest.hexdigest()[:16]))
