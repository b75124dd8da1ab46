"""The longest Rust functions under the given folders (crates/ by default),
counted from the `fn` line to its closing brace; exits 1 when one is longer
than --max lines (150 by default).

    python3 scripts/function_lengths.py [--max N] [--top N] [FOLDER ...]
"""

import argparse
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
FN = re.compile(r"\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)")


def code_of(line):
    """The line without its comment, strings and char literals."""
    line = re.sub(r'"([^"\\]|\\.)*"', '""', line)
    line = re.sub(r"'([^'\\]|\\.)'", "''", line)
    return re.sub(r"//.*", "", line)


def lengths(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    for i, line in enumerate(lines):
        m = FN.match(line)
        if not m:
            continue
        depth, started = 0, False
        for j in range(i, len(lines)):
            code = code_of(lines[j])
            if not started and ";" in code and "{" not in code:
                break  # a declaration without a body
            depth += code.count("{") - code.count("}")
            started = started or "{" in code
            if started and depth <= 0:
                yield j - i + 1, i + 1, m.group(6)
                break


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max", type=int, default=150)
    ap.add_argument("--top", type=int, default=5)
    ap.add_argument("folders", nargs="*", default=["crates"])
    args = ap.parse_args()
    found = []
    for folder in args.folders:
        for dirpath, dirs, files in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = [d for d in dirs if d != "target"]
            for f in files:
                if f.endswith(".rs"):
                    path = os.path.join(dirpath, f)
                    rel = os.path.relpath(path, ROOT)
                    found += [(n, rel, line, name) for n, line, name in lengths(path)]
    found.sort(key=lambda x: (-x[0], x[1], x[2]))
    for n, rel, line, name in found[: args.top]:
        print("%4d  %s:%d  %s" % (n, rel, line, name))
    over = [x for x in found if x[0] > args.max]
    print("%d function(s) over %d lines" % (len(over), args.max))
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
