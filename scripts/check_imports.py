"""Checks the direction of imports among the project's Rust files (run by
scripts/check-imports, in scripts/test).

Every `use` and every `crate::`/`super::`/`self::` path in code (comments,
strings and `#[cfg(test)]` modules left out) is an import of the file that
defines that module. The rules, written in ARCHITECTURE.md:

1. No import circle: no file reaches itself through imports. A folder's
   face (its mod.rs or lib.rs) re-exporting or declaring the files inside it
   is not an import of them.
2. The layers: a file of a lower layer never imports a file of a higher one
   (LAYERS below, lowest first; a file in no listed layer is unconstrained).
3. The app (src/) names the core (`ranklab_core`) in src/shared/evaluation.rs only.
4. The app's folders in layers too (APP_LAYERS, lowest first), and its doors
   (calculate, files, learn, embed) never import one another.
5. A type's trait impls (its `Display` above all) live in its own layer:
   `impl Trait for Type` in a file of a higher layer than the file that
   defines `Type` fails, so no English lives above the type it describes.
6. Inside a crate, files import by path (`crate::measures::Metric`), never
   through the names the crate root re-exports for other crates
   (`crate::Metric`): the root is a face for the programs, not a hub.

Prints each violation with the path that makes it, and exits 1 if any.
"""

import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

# (crate source folder, crate name in paths of other crates)
CRATES = [("crates/core/src", "ranklab_core"), ("crates/cli/src", "ranklab_cli"), ("src", "ranklab_app")]

# Layers of the core, lowest first: a file may import its own layer and
# those below. Prefixes of paths relative to the repository.
LAYERS = [
    ("values", ["crates/core/src/error.rs", "crates/core/src/plural.rs", "crates/core/src/fast_hash.rs",
                "crates/core/src/byte_lines.rs",
                "crates/core/src/judged.rs",
                "crates/core/src/conventions.rs"]),
    ("formats", ["crates/core/src/formats/"]),
    ("measures", ["crates/core/src/measures/", "crates/core/src/presets.rs"]),
    ("judge", ["crates/core/src/pipeline/judge.rs"]),
    ("evaluate", ["crates/core/src/pipeline/evaluate.rs", "crates/core/src/pipeline/tie_range.rs"]),
    ("reports", ["crates/core/src/pipeline/trec_output.rs", "crates/core/src/pipeline/explain.rs",
                 "crates/core/src/stats/", "crates/core/src/exercise/"]),
    ("session", ["crates/core/src/session/"]),
    ("core root", ["crates/core/src/lib.rs"]),
    ("programs", ["crates/cli/src/", "src/"]),
]


# Layers of the app (src/), lowest first, as ARCHITECTURE.md draws them.
APP_LAYERS = [
    ("shared", ["src/shared/"]),
    ("settings", ["src/settings/"]),
    ("charts", ["src/charts/"]),
    ("model", ["src/model/"]),
    ("big files", ["src/big_files/"]),
    ("results", ["src/results/"]),
    ("doors", ["src/calculate/", "src/files/", "src/learn/", "src/embed/"]),
    ("shell", ["src/shell/"]),
    ("app", ["src/app.rs", "src/lib.rs", "src/main.rs", "src/bin/"]),
]
DOORS = next(prefixes for name, prefixes in APP_LAYERS if name == "doors")


def app_layer_of(path):
    return layer_of(path, APP_LAYERS)


def door_of(path):
    return next((d for d in DOORS if path.startswith(d)), None)


def layer_of(path, layers=LAYERS):
    """(index, name) of the layer of `layers` that holds `path`, else (None, None)."""
    for i, (name, prefixes) in enumerate(layers):
        if any(path == p or (p.endswith("/") and path.startswith(p)) for p in prefixes):
            return i, name
    return None, None


def strip_code(text):
    """Text without comments, string/char literals and #[cfg(test)] modules."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c == '"' or (c == "r" and re.match(r'r#*"', text[i:i + 4]) and not text[i - 1:i].isalnum()):
            if c == "r":
                hashes = re.match(r'r(#*)"', text[i:]).group(1)
                end = '"' + hashes
                j = text.find(end, i + 2 + len(hashes))
                i = n if j < 0 else j + len(end)
            else:
                j = i + 1
                while j < n and text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
                i = j + 1
            out.append('""')
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:i + 4]):
            i = text.find("'", i + 2) + 1
        else:
            out.append(c)
            i += 1
    code = "".join(out)
    # #[cfg(test)] mod name { ... }: drop the block.
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{", code)
        if not m:
            break
        depth, j = 1, m.end()
        while j < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[j], 0)
            j += 1
        code = code[:m.start()] + code[j:]
    return code


def expand_use(tree):
    """`a::{b, c::{d, e}}` -> [['a','b'], ['a','c','d'], ['a','c','e']]."""
    tree = re.sub(r"\s+", "", tree)
    tree = re.sub(r"\bas\w+", "", tree.replace("as", " as ")) if " as " in tree else tree

    def parse(s, prefix):
        paths = []
        depth, start, parts = 0, 0, []
        for k, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(s[start:k])
                start = k + 1
        parts.append(s[start:])
        for part in parts:
            if not part:
                continue
            if "{" in part:
                head, _, rest = part.partition("{")
                head = [h for h in head.split("::") if h]
                paths += parse(rest[:-1], prefix + head)
            else:
                paths.append(prefix + [p for p in part.split("::") if p])
        return paths

    return parse(tree, [])


class Crate:
    def __init__(self, folder, name):
        self.folder, self.name = folder, name
        self.modules = {}  # module path tuple -> file (repo-relative)
        for dirpath, _, files in os.walk(os.path.join(ROOT, folder)):
            for f in files:
                if not f.endswith(".rs"):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, f), os.path.join(ROOT, folder))
                if rel.startswith("bin" + os.sep):
                    continue  # separate crates
                if rel == "main.rs" and os.path.exists(os.path.join(ROOT, folder, "lib.rs")):
                    continue  # the binary beside a library is a crate of its own
                parts = rel[:-3].split(os.sep)
                if parts[-1] in ("mod", "lib", "main"):
                    parts = parts[:-1]
                self.modules[tuple(parts)] = os.path.join(folder, rel)
        # A face's re-exports (`pub use runs::{add_run, RunOutcome}`): name ->
        # the path it stands for, so `crate::add_run` is an import of runs.rs.
        self.reexports = {}
        for path, file in self.modules.items():
            if os.path.basename(file) not in ("mod.rs", "lib.rs", "main.rs"):
                continue
            text = strip_code(open(os.path.join(ROOT, file), encoding="utf-8").read())
            names = {}
            for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", text):
                for p in expand_use(m.group(1)):
                    if p and p[0] not in ("crate", "super", "self") and tuple(list(path) + [p[0]]) in self.modules:
                        names[p[-1]] = list(path) + p
                    elif p and p[0] == "crate":
                        names[p[-1]] = p[1:]
            self.reexports[file] = names


    def module_of(self, file):
        for path, f in self.modules.items():
            if f == file:
                return path
        raise KeyError(file)

    def resolve(self, path, depth=0):
        """The file defining `path`: the longest module prefix, through the
        re-exports of a face."""
        for k in range(len(path), -1, -1):
            if tuple(path[:k]) in self.modules:
                file = self.modules[tuple(path[:k])]
                rest = path[k:]
                again = self.reexports.get(file, {}).get(rest[0]) if rest else None
                if again and depth < 8 and again != list(path):
                    return self.resolve(again + rest[1:], depth + 1) or file
                return file
        return None


def imports(crate, file):
    here = crate.module_of(file)
    is_face = os.path.basename(file) in ("mod.rs", "lib.rs", "main.rs")
    text = strip_code(open(os.path.join(ROOT, file), encoding="utf-8").read())
    paths = []
    for m in re.finditer(r"\buse\s+([^;]+);", text):
        paths += expand_use(m.group(1))
    for m in re.finditer(r"(?<![\w:])((?:crate|super|self)(?:::\w+)+)", text):
        paths.append(m.group(1).split("::"))
    out = set()
    for p in paths:
        if not p:
            continue
        if p[0] == "crate":
            target = list(p[1:])
        elif p[0] in ("super", "self"):
            base = list(here) if is_face else list(here)
            k = 0
            while k < len(p) and p[k] in ("super", "self"):
                if p[k] == "super":
                    base = base[:-1]
                k += 1
            target = base + list(p[k:])
        elif is_face and tuple(list(here) + [p[0]]) in crate.modules:
            continue  # a face naming its own rooms (`pub use runs::X`)
        else:
            continue  # another crate or std
        f = crate.resolve(target)
        if f is None or f == file:
            continue
        if is_face and tuple(crate.module_of(f)[:len(here)]) == tuple(here):
            continue  # a face re-exporting the rooms inside its folder
        out.add(f)
    return out


def local_names(crate, file):
    """Names a file brings in by `use`: name -> the file defining it."""
    here = crate.module_of(file)
    text = strip_code(open(os.path.join(ROOT, file), encoding="utf-8").read())
    names = {}
    for m in re.finditer(r"\buse\s+([^;]+);", text):
        for p in expand_use(m.group(1)):
            if not p or p[0] not in ("crate", "super", "self") or p[-1] == "self":
                continue
            target = absolute(crate, here, file, p)
            if target:
                names[p[-1]] = target
    return text, names


def absolute(crate, here, file, p):
    """The module path `p` (crate::/super::/self::) stands for, from `here`."""
    if p[0] == "crate":
        return list(p[1:])
    is_face = os.path.basename(file) in ("mod.rs", "lib.rs", "main.rs")
    base, k = list(here), 0
    del is_face
    while k < len(p) and p[k] in ("super", "self"):
        if p[k] == "super":
            base = base[:-1]
        k += 1
    return base + list(p[k:])


def upward_impls(crate, file):
    """`impl Trait for Type` in `file` where `Type` is defined in a file of
    a lower layer: (type path, its file)."""
    la, _ = layer_of(file)
    if la is None:
        return []
    here = crate.module_of(file)
    text, names = local_names(crate, file)
    out = []
    for m in re.finditer(r"\bimpl\b(?:\s*<[^{;]*?>)?\s+([\w:]+)(?:<[^{;]*?>)?\s+for\s+((?:[\w]+::)*\w+)", text):
        trait, ty = m.group(1).split("::"), m.group(2).split("::")
        if ty[0] in ("crate", "super", "self"):
            target = absolute(crate, here, file, ty)
        elif ty[0] in names:
            target = names[ty[0]] + ty[1:]
        else:
            continue  # defined here, or outside the crate
        f = crate.resolve(target)
        if f is None or f == file:
            continue
        lb, _ = layer_of(f)
        if lb is None or lb >= la:
            continue
        # A trait of this crate defined above the type (here, or in a file
        # between) cannot be implemented beside the type: that is allowed.
        if re.search(r"\btrait\s+%s\b" % re.escape(trait[-1]), text):
            continue
        tf = None
        if trait[0] in ("crate", "super", "self"):
            tf = crate.resolve(absolute(crate, here, file, trait))
        elif trait[0] in names:
            tf = crate.resolve(names[trait[0]] + trait[1:])
        if tf is not None and (layer_of(tf)[0] or 0) > lb:
            continue
        out.append((m.group(2), f))
    return out


def through_root(crate, file):
    """The names `file` reaches through its crate root's re-exports."""
    root = crate.modules.get(())
    if root is None or file == root:
        return []
    names = crate.reexports.get(root, {})
    text = strip_code(open(os.path.join(ROOT, file), encoding="utf-8").read())
    paths = []
    for m in re.finditer(r"\buse\s+([^;]+);", text):
        paths += [p for p in expand_use(m.group(1)) if p and p[0] == "crate"]
    for m in re.finditer(r"(?<![\w:])(crate(?:::\w+)+)", text):
        paths.append(m.group(1).split("::"))
    return sorted({p[1] for p in paths if len(p) > 1 and p[1] in names and (p[1],) not in crate.modules})


def cycles(graph):
    """Strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on, comps = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return comps


def main():
    graph = {}
    problems = []
    for folder, name in CRATES:
        crate = Crate(folder, name)
        for file in crate.modules.values():
            graph[file] = imports(crate, file)
            for name in through_root(crate, file):
                problems.append("%s imports `crate::%s`, a re-export of the crate root: import it by its path"
                                % (file, name))
            for ty, f in upward_impls(crate, file):
                problems.append("%s (%s) implements a trait for %s of %s (%s), a lower layer: "
                                "write the impl beside the type" % (file, layer_of(file)[1], ty, f, layer_of(f)[1]))
    for comp in cycles(graph):
        ties = ["%s -> %s" % (a, b) for a in comp for b in sorted(graph[a]) if b in comp]
        problems.append("import circle among %d files:\n    %s" % (len(comp), "\n    ".join(ties)))
    for a, targets in sorted(graph.items()):
        la, na = layer_of(a)
        for b in sorted(targets):
            lb, nb = layer_of(b)
            if la is not None and lb is not None and lb > la:
                problems.append("%s (%s) imports %s (%s), a higher layer" % (a, na, b, nb))
    # The app's folders: lower never imports higher; doors never import each other.
    for a, targets in sorted(graph.items()):
        la, na = app_layer_of(a)
        for b in sorted(targets):
            if b == "src/lib.rs":
                continue  # the root only declares; a #[macro_export] macro is named at it
            lb, nb = app_layer_of(b)
            if la is not None and lb is not None and lb > la:
                problems.append("%s (%s) imports %s (%s), a higher layer of the app" % (a, na, b, nb))
            da, db = door_of(a), door_of(b)
            if da and db and da != db:
                problems.append("%s imports %s: one door never imports another" % (a, b))
    # The app reaches the core through src/shared/evaluation.rs only.
    for file in sorted(graph):
        if file.startswith("src/") and file != "src/shared/evaluation.rs":
            if re.search(r"\branklab_core\b", strip_code(open(os.path.join(ROOT, file), encoding="utf-8").read())):
                problems.append("%s names ranklab_core: the app reaches the core through src/shared/evaluation.rs" % file)
    files = len(graph)
    edges = sum(len(t) for t in graph.values())
    for p in problems:
        print("check-imports: " + p)
    print("check-imports: %d files, %d imports, %d problem(s)" % (files, edges, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
