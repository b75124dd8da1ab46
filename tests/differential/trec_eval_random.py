"""Randomized differential test: `ranklab eval` against the real trec_eval 10.

Generates small random corpora (qrels, run, sometimes a -Z file) from a
seed, runs both programs with a random flag set on each, and compares
stdout byte for byte and whether each succeeded. A disagreement is either
one of the documented deliberate differences (KNOWN below, the README's
table) or unexplained; any unexplained one makes the run fail. With
--shrink, each unexplained disagreement is cut down line by line to a small
reproduction that still disagrees the same way.

    python3 trec_eval_random.py --trec-eval BIN --ranklab BIN [--n N] [--seed S]
                                [--shrink] [--keep DIR] [--show K]

Standard library only, so it runs before any venv exists.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter

# ---------------------------------------------------------------- corpora

QID_STYLES = [
    ["1", "2", "3", "10", "11", "100", "007", "9"],
    ["q1", "q2", "q10", "Q3", "q-1", "q.2", "a/b", "q_7"],
]
DOC_STYLES = [
    ["d1", "d2", "d3", "d10", "d11", "d20", "d100", "D4", "d5", "d6", "d7", "d8", "d9"],
    ["1", "2", "3", "10", "20", "100", "9", "09", "0", "11", "12", "13", "5"],
    ["doc-1", "doc.2", "doc_3", "Doc4", "doc-10", "a.b.c", "x", "X", "doc:5", "d/6", "e7", "f8", "g9"],
]


def spell_score(rng, value, spelling):
    """`value` (a float) written the way `spelling` says; all are read
    fully by C's atof, and all name the same double."""
    if spelling == "plain":
        return repr(value)
    if spelling == "exp":
        return "%.6e" % value if value == float("%.6e" % value) else repr(value)
    if spelling == "hex":
        return value.hex()
    return repr(value)


def number_spellings(rng, value):
    """Integer `value` (a score) spelled any way atof reads in full."""
    forms = [str(value), "%d.0" % value, "%de0" % value, "%d." % value, "%dE+00" % value]
    if value >= 0:
        forms += ["+%d" % value, "0%d" % value]
    if value == 0:
        forms += ["-0", "0.", ".0", "-0.0"]
    forms.append(float(value).hex())
    return rng.choice(forms)


def label_spelling(rng, value):
    """Integer label spelled any way atol reads in full."""
    forms = [str(value)]
    if value >= 0:
        forms += ["+%d" % value, "0%d" % value]
    return rng.choice(forms)


class Corpus:
    def __init__(self, qrels, run, flags, zscores=None):
        self.qrels = qrels  # list of lines (without newline)
        self.run = run
        self.flags = flags  # list of argv words; "ZFILE" stands for the -Z file
        self.zscores = zscores  # list of lines or None
        self.eol = "\n"
        self.features = set()

    def write(self, folder):
        paths = {}
        for name in ("qrels", "run", "zscores"):
            lines = getattr(self, name)
            if lines is None:
                continue
            path = os.path.join(folder, name)
            with open(path, "w", newline="") as f:
                f.write("".join(line + self.eol for line in lines))
            paths[name] = path
        return paths

    def argv(self, paths):
        words = [paths.get("zscores", "") if w == "ZFILE" else w for w in self.flags]
        return words + [paths["qrels"], paths["run"]]

    def describe(self):
        out = ["flags: %s" % " ".join(self.flags), "qrels:"]
        out += ["  " + l for l in self.qrels]
        out += ["run:"] + ["  " + l for l in self.run]
        if self.zscores is not None:
            out += ["zscores:"] + ["  " + l for l in self.zscores]
        if self.eol != "\n":
            out.append("(lines end in CRLF)")
        return "\n".join(out)


def random_scores(rng, n, mode):
    if mode == "integer":  # coarse scores: many ties
        return [float(rng.randint(0, 3)) for _ in range(n)]
    if mode == "float32":
        # Pairs that are equal as float32 but differ as float64.
        base = [0.1, 0.3, 0.7, 1.1]
        out = []
        for _ in range(n):
            b = rng.choice(base)
            out.append(b if rng.random() < 0.5 else b + 1e-9)
        return out
    if mode == "few_decimals":
        return [round(rng.uniform(-2, 2), rng.randint(0, 2)) for _ in range(n)]
    if mode == "special":
        return [rng.choice([float("inf"), float("-inf"), 1e300, -1e-300, 0.0, 1.0]) for _ in range(n)]
    return [rng.uniform(0, 10) for _ in range(n)]


def score_text(rng, value, mode):
    if value == float("inf"):
        return rng.choice(["inf", "INF", "infinity", "Infinity", "1e400"])
    if value == float("-inf"):
        return rng.choice(["-inf", "-Infinity", "-1e999"])
    if value == int(value) and abs(value) < 1e6:
        return number_spellings(rng, int(value))
    return rng.choice([repr(value), value.hex(), ("%.17e" % value)])


def make_corpus(rng, plain=False):
    """A random corpus and flag set. `plain`: none of the inputs a
    deliberate difference is about, no duplicate and no flag (what the
    page's browser test loads)."""
    qids = list(rng.choice(QID_STYLES))
    rng.shuffle(qids)
    pool = list(rng.choice(DOC_STYLES))
    nq = rng.randint(1, 5)
    queries = qids[:nq]
    label_mode = rng.choice(["binary", "graded", "graded", "negative"])
    qrels = []
    qrels_queries = []
    features = set()
    for i, q in enumerate(queries):
        if rng.random() < 0.15 and nq > 1:
            features.add("query only in the run")
            continue
        qrels_queries.append(q)
        judged = rng.sample(pool, rng.randint(1, len(pool)))
        labels = []
        for d in judged:
            if label_mode == "binary":
                g = rng.randint(0, 1)
            elif label_mode == "graded":
                g = rng.randint(0, 4)
            else:
                g = rng.choice([-1, 0, 1, 2])
            labels.append(g)
        if all(g < 0 for g in labels):
            labels[0] = rng.randint(0, 2)  # queries judged only negatively: KNOWN, made rarely below
        for d, g in zip(judged, labels):
            qrels.append("%s %s %s %s" % (q, rng.choice(["0", "Q0", "iter"]), d, label_spelling(rng, g)))
    score_mode = rng.choice(["integer", "integer", "float32", "few_decimals", "uniform", "special"])
    flags = [] if plain else random_flags(rng)
    # Without -c, a qrels query the run lacks makes trec_eval 10 exit 4
    # (KNOWN): made often only with -c, where it is scored 0.
    qrels_only = 0.25 if "-c" in flags else 0 if plain else 0.01
    run = []
    tags = ["runA", "runB", "r-3"]
    vary_tag = rng.random() < 0.25
    if vary_tag:
        features.add("tags vary")
    tag = rng.choice(tags)
    deep = rng.random() < 0.03
    for q in queries:
        if q in qrels_queries and rng.random() < qrels_only and len(qrels_queries) > 1:
            features.add("query only in the qrels")
            continue
        if deep:
            docs = ["x%d" % i for i in range(rng.randint(1001, 1300))] + rng.sample(pool, rng.randint(0, len(pool)))
        else:
            docs = rng.sample(pool, rng.randint(1, len(pool)))
        scores = random_scores(rng, len(docs), score_mode)
        rows = list(zip(docs, scores))
        rows.sort(key=lambda r: -r[1])
        for rank, (d, s) in enumerate(rows, 1):
            rank_text = str(rank) if rng.random() < 0.8 else str(rng.randint(0, 2000))
            t = rng.choice(tags) if vary_tag else tag
            run.append("%s %s %s %s %s %s" % (q, "Q0", d, rank_text, score_text(rng, s, score_mode), t))
    if not run:
        q = queries[0]
        run.append("%s Q0 %s 1 1 %s" % (q, pool[0], tag))
    order = rng.choice(["grouped", "grouped", "shuffled", "interleaved"])
    if order == "shuffled":
        rng.shuffle(run)
    elif order == "interleaved":
        by_q = {}
        for line in run:
            by_q.setdefault(line.split()[0], []).append(line)
        lists = list(by_q.values())
        run = []
        while any(lists):
            for lst in lists:
                if lst:
                    run.append(lst.pop(0))
    # Duplicated docid (refused by both, when within -M).
    if rng.random() < 0.04 and not plain:
        line = rng.choice(run)
        run.insert(rng.randrange(len(run) + 1), line)
    if rng.random() < 0.1:
        qrels.sort()
    else:
        rng.shuffle(qrels) if rng.random() < 0.3 else None
    # Comments and blank lines (a blank qrels line and two # lines in a row
    # in the qrels are KNOWN differences, made rarely below).
    if rng.random() < 0.15:
        run.insert(rng.randrange(len(run) + 1), "# a comment")
    if rng.random() < 0.1:
        run.insert(rng.randrange(len(run) + 1), "")
    if rng.random() < 0.1 and not plain:
        qrels.insert(rng.randrange(len(qrels) + 1), "# judged by hand")
    # Whitespace variety between fields.
    if rng.random() < 0.15:
        run = [l.replace(" ", "\t") for l in run]
    if rng.random() < 0.1:
        qrels = [l.replace(" ", "  ") for l in qrels]
    corpus = Corpus(qrels, run, flags)
    corpus.features = features
    if rng.random() < 0.1:
        corpus.eol = "\r\n"
    if "ZFILE" in flags:
        corpus.zscores = random_zscores(rng, queries, flags)
    if not plain:
        add_known_rarely(rng, corpus)
    return corpus


MEASURE_SETS = [
    [],
    ["-m", "all_trec"],
    ["-m", "official"],
    ["-m", "P.1,3,7", "-m", "recall.2,4", "-m", "ndcg_cut.2,5", "-m", "map_cut.3"],
    ["-m", "success.1,3", "-m", "iprec_at_recall.0.25,0.5", "-m", "Rprec_mult.0.5,2"],
    ["-m", "ndcg.0=0,1=1,2=3,3=7,4=15", "-m", "rbp.p=0.5", "-m", "utility.2,-1,0,0"],
    ["-m", "map", "-m", "gm_map", "-m", "bpref", "-m", "gm_bpref", "-m", "recip_rank"],
    ["-m", "11pt_avg", "-m", "infAP", "-m", "Rndcg", "-m", "ndcg_rel", "-m", "binG", "-m", "G"],
    ["-m", "set_P", "-m", "set_recall", "-m", "set_F", "-m", "set_map", "-m", "relative_P.2,5"],
    ["-m", "unj.2,4", "-m", "num_nonrel_judged_ret", "-m", "rbp_resid", "-m", "relstring"],
    ["-m", "P.5", "-m", "P.2,3", "-m", "ndcg.1=2", "-m", "ndcg.1=3,2=5", "-m", "P"],
    ["-m", "rbp"],
    ["-m", "rbp.p=0.5"],
    ["-m", "rbp_resid.p=0.8"],
    # Field 2 of the qrels read as judgment groups, or the qrels read as
    # preferences (trec_eval's -R).
    ["-R", "qrels_jg", "-m", "qrels_jg"],
    ["-R", "qrels_prefs", "-m", "all_prefs"],
]


def random_flags(rng):
    flags = []
    if rng.random() < 0.6:
        flags.append("-q")
    if rng.random() < 0.3:
        flags.append("-c")
    if rng.random() < 0.2:
        flags += ["-M", str(rng.choice([1, 2, 3, 5, 1000]))]
    if rng.random() < 0.15:
        flags += ["-l", str(rng.choice([0, 2, 3]))]
    if rng.random() < 0.1:
        flags += ["-N", str(rng.choice([0, 20, 1000]))]
    if rng.random() < 0.12:
        flags.append("-J")
    zscores = rng.random() < 0.12
    # trec_eval crashes with -Z when num_q or relstring is measured (KNOWN):
    # -Z mostly goes with measure sets that have neither.
    if zscores and rng.random() < 0.9:
        flags += rng.choice(MEASURE_SETS[3:9])
    else:
        flags += rng.choice(MEASURE_SETS)
    if zscores:
        flags += ["-Z", "ZFILE"]
    return flags


def random_zscores(rng, queries, flags):
    names = ["map", "gm_map", "P_5", "P_10", "recip_rank", "bpref", "gm_bpref", "num_ret",
             "num_rel", "ndcg", "Rprec", "P_1", "P_3", "P_7", "recall_2", "success_1"]
    complete = rng.random() < 0.5
    lines = []
    for q in queries:
        if not complete and rng.random() < 0.3:
            continue
        for name in names:
            if not complete and rng.random() < 0.3:
                continue
            mean = round(rng.uniform(-1, 1), 3)
            sd = rng.choice([0, 0.25, 0.5, 1.5])
            if name.startswith("gm_"):
                mean = round(rng.uniform(-6, 0), 3)
            lines.append("%s %s %s %s" % (q, name, mean, sd))
    rng.shuffle(lines)
    return lines or ["%s map 0.5 0.25" % queries[0]]


def add_known_rarely(rng, corpus):
    """Now and then, one input a deliberate difference is about."""
    r = rng.random()
    runs = [i for i, l in enumerate(corpus.run) if len(l.split()) >= 6]
    judged = [i for i, l in enumerate(corpus.qrels) if len(l.split()) == 4 and not l.startswith("#")]
    if r < 0.01 and runs:
        i = rng.choice(runs)
        corpus.run[i] = _replace_field(corpus.run[i], 3, "1.5")
    elif r < 0.02 and runs:
        i = rng.choice(runs)
        corpus.run[i] = _replace_field(corpus.run[i], 4, rng.choice(["1e", "0.5x", "--1", "0x"]))
    elif r < 0.025 and judged:
        i = rng.choice(judged)
        corpus.qrels[i] = _replace_field(corpus.qrels[i], 3, rng.choice(["1.5", "2x", "0x1"]))
    elif r < 0.03 and corpus.qrels:
        corpus.qrels.insert(rng.randrange(len(corpus.qrels) + 1), "")
    elif r < 0.035 and corpus.qrels:
        i = rng.randrange(len(corpus.qrels) + 1)
        corpus.qrels[i:i] = ["# one", "# two"]
    elif r < 0.04:
        # trec_eval fails on it when it is the first query it evaluates
        # (byte order: "!" sorts first), not after another query.
        q = rng.choice(["!neg", "zneg"])
        corpus.qrels += ["%s 0 n1 -1" % q, "%s 0 n2 -2" % q]
        corpus.run.append("%s Q0 n1 1 1 runA" % q)
    elif r < 0.045:
        q = corpus.qrels[0].split()[0] if judged else "q9"
        corpus.qrels.append("%s 0 ceci_nest_pas_un_docno 1" % (q + "c"))
        if "-c" not in corpus.flags:
            corpus.flags.insert(0, "-c")
    elif r < 0.05:
        corpus.flags = ["-m", "ndcg.1=0.5,2=0.25,3=1.5,4=0.75"] + corpus.flags
    elif r < 0.053:
        corpus.run = rng.choice([[], ["# no results"]])
        if "-c" not in corpus.flags:
            corpus.flags.insert(0, "-c")


def _replace_field(line, k, text):
    f = line.split()
    f[k] = text
    return " ".join(f)


# ---------------------------------------------------------------- running

RANKLAB_EXTRA = []


def run_both(corpus, trec_eval, ranklab, folder):
    paths = corpus.write(folder)
    argv = corpus.argv(paths)
    te = subprocess.run([trec_eval] + argv, capture_output=True, timeout=60)
    rl = subprocess.run([ranklab, "eval", "--quiet"] + RANKLAB_EXTRA + argv, capture_output=True, timeout=60)
    return te, rl


def differs(te, rl):
    if (te.returncode == 0) != (rl.returncode == 0):
        return True
    return te.returncode == 0 and te.stdout != rl.stdout


def first_difference(te, rl):
    """A short name for how the outputs differ: the first measure whose
    line differs, or the exit statuses."""
    if (te.returncode == 0) != (rl.returncode == 0):
        return "exit status: trec_eval %d, ranklab %d" % (te.returncode, rl.returncode)
    a = te.stdout.decode(errors="replace").splitlines()
    b = rl.stdout.decode(errors="replace").splitlines()
    for x, y in zip(a, b):
        if x != y:
            return "values of %s" % (x.split() or y.split() or ["?"])[0]
    return "line count: trec_eval %d, ranklab %d" % (len(a), len(b))


# ---------------------------------------------------------------- known

def _qrels_fields(corpus):
    return [l.split() for l in corpus.qrels if l.strip() and not l.lstrip().startswith("#")]


def _is_int_text(t):
    return t.lstrip("+-").isdigit() and t.count("-") + t.count("+") <= 1


def _atof_full(t):
    """Does C's atof read all of t? (decimal, hex, inf, nan spellings)"""
    try:
        float(t)
        return True
    except ValueError:
        pass
    try:
        float.fromhex(t)
        return t.lstrip("+-")[:2].lower() == "0x"
    except ValueError:
        return False


def differing_lines(te, rl):
    """(trec_eval line, ranklab line) pairs that differ, both outputs
    having the same number of lines; None otherwise."""
    a = te.stdout.decode(errors="replace").splitlines()
    b = rl.stdout.decode(errors="replace").splitlines()
    if len(a) != len(b):
        return None
    return [(x, y) for x, y in zip(a, b) if x != y]


def _flag_value(flags, flag):
    return flags[flags.index(flag) + 1] if flag in flags[:-1] else None


def known_cause(corpus, te, rl):
    """The documented deliberate difference this disagreement is, or None."""
    stray = _without_stray_runid(corpus, te, rl)
    if stray is not None:
        te, rl = stray
        if te.stdout == rl.stdout:
            return _STRAY_RUNID
        other = known_cause(corpus, te, rl)
        return None if other is None else " + ".join(sorted([_STRAY_RUNID, other]))
    lines = differing_lines(te, rl) if te.returncode == 0 and rl.returncode == 0 else None
    if lines:
        labels = set()
        for x, y in lines:
            label = _line_cause(corpus, x.split(), y.split())
            if label is None:
                return None
            labels.add(label)
        return " + ".join(sorted(labels))
    run_lines = [l.split() for l in corpus.run if l.strip() and not l.lstrip().startswith("#")]
    qf = _qrels_fields(corpus)
    te_ok, rl_ok = te.returncode == 0, rl.returncode == 0
    if te_ok and not rl_ok:
        if any(len(f) >= 4 and not _is_int_text(f[3]) for f in run_lines):
            return "stricter: rank column not an integer"
        if any(len(f) >= 5 and not _atof_full(f[4]) for f in run_lines):
            return "stricter: score atof half-reads"
        if any(len(f) >= 4 and not _is_int_text(f[3]) for f in qf):
            return "stricter: label atol half-reads"
        if "-M" in corpus.flags and _has_duplicate(run_lines):
            return "stricter: duplicate docid past -M"
        if "-c" in corpus.flags and not run_lines:
            return "stricter: empty run with -c"
    # An empty run: trec_eval cannot map a 0-byte results file and stops
    # ("Cannot read results file"); Ranklab scores every qrels query 0 under
    # -c, as trec_eval does for a run of comment lines only (README: the
    # deliberate differences).
    if not te_ok and rl_ok and "-c" in corpus.flags and not "".join(corpus.run):
        return "trec_eval: cannot read a 0-byte run (scored 0 with -c)"
    # trec_eval reads the line after a qrels comment as data, even a second
    # comment; after a comment that ends the file it reads past its buffer.
    ql = corpus.qrels
    if any(ql[i].startswith("#") and ql[i + 1].startswith("#") for i in range(len(ql) - 1)):
        return "trec_eval: line after a # line in qrels read as data"
    if ql and ql[-1].startswith("#") and te.returncode < 0:
        return "trec_eval: line after a # line in qrels read as data"
    if any(not l.strip() for l in corpus.qrels) and not te_ok:
        return "trec_eval: blank qrels line is malformed"
    if not te_ok and te.returncode == 4 and rl_ok and "-c" not in corpus.flags:
        run_q = {f[0] for f in run_lines}
        if any(f[0] not in run_q for f in qf):
            return "trec_eval 10: exit 4 for a qrels query without results"
    if te.returncode < 0 and "-Z" in corpus.flags:
        return "trec_eval: -Z search reads past its table (crash)"
    if _negative_only_queries(qf) and te.returncode == 4 and rl_ok:
        return "trec_eval: fails on a query judged only negatively"
    return None


# Up to the next measure's line: num_q, or Znum_q under -Z.
_RUNID = re.compile(rb"runid +\tall\t.*?\n(?=Z?num_q)", re.DOTALL)


_STRAY_RUNID = "trec_eval: runid of a run without result lines is stray bytes"


def _without_stray_runid(corpus, te, rl):
    """A run of comment or blank lines only gives trec_eval no runid: it
    prints the bytes its buffer held, even a newline (README: a run of 0
    bytes). The two outputs without their runid line when that line is
    what differs there, else None."""
    if te.returncode != 0 or rl.returncode != 0 or te.stdout == rl.stdout:
        return None
    if [l for l in corpus.run if l.strip() and not l.lstrip().startswith("#")]:
        return None
    x, y = _RUNID.search(te.stdout), _RUNID.search(rl.stdout)
    if x is None or y is None or x.group(0) == y.group(0):
        return None
    a, b = _RUNID.sub(b"", te.stdout, count=1), _RUNID.sub(b"", rl.stdout, count=1)
    return (
        subprocess.CompletedProcess(te.args, te.returncode, a, te.stderr),
        subprocess.CompletedProcess(rl.args, rl.returncode, b, rl.stderr),
    )


def _line_cause(corpus, te_fields, rl_fields):
    """The known cause of one differing output line, or None."""
    if len(te_fields) != 3 or len(rl_fields) != 3 or te_fields[:2] != rl_fields[:2]:
        return None
    name, qid, value = te_fields
    measure = name.lstrip("Z") if "-Z" in corpus.flags else name
    if "nan" in value:
        return "trec_eval: 0/0 printed as nan"
    if measure.startswith(("ndcg", "Rndcg", "G", "rbp")) and _fractional_gains(corpus.flags):
        return "trec_eval: fractional gains sorted as integers"
    if "-c" in corpus.flags and any(
        len(f) > 2 and f[2] == "ceci_nest_pas_un_docno" for f in _qrels_fields(corpus)
    ):
        return "trec_eval -c: judged ceci_nest_pas_un_docno"
    if measure.startswith("rbp") and not measure.startswith("rbp_resid"):
        return "trec_eval: rbp reads uninitialised min/max"
    if measure.startswith("prefs_avgjg_Rnonrel") and any(
        len(f) >= 4 and _is_int_text(f[3]) and int(f[3]) < 0 for f in _qrels_fields(corpus)
    ):
        return "trec_eval: prefs_avgjg_Rnonrel reads past its last level"
    if "-c" in corpus.flags and measure.startswith(("utility_", "rbp_resid_")):
        return "trec_eval -c: fake document kept for parameterised measures"
    if (
        "-c" in corpus.flags
        and measure == "num_rel"
        and qid == "all"
        and (_flag_value(corpus.flags, "-l") not in (None, "1") or "-Z" in corpus.flags)
    ):
        return "trec_eval -c: summary num_rel recounted from the qrels"
    return None


def _fractional_gains(flags):
    specs = [flags[i + 1] for i, w in enumerate(flags[:-1]) if w == "-m"]
    for spec in specs:
        for pair in spec.partition(".")[2].split(","):
            level, eq, gain = pair.partition("=")
            if eq and level != "p" and "." in gain:
                return True
    return False


def _has_duplicate(run_lines):
    seen = set()
    for f in run_lines:
        if len(f) >= 3:
            if (f[0], f[2]) in seen:
                return True
            seen.add((f[0], f[2]))
    return False


def _negative_only_queries(qf):
    best = {}
    for f in qf:
        if len(f) >= 4 and _is_int_text(f[3]):
            best[f[0]] = max(best.get(f[0], -99), int(f[3]))
    return [q for q, g in best.items() if g < 0]


# ---------------------------------------------------------------- shrinking

def shrink(corpus, cause, check):
    """Removes qrels, run and z-score lines and flags one at a time while
    `check(candidate)` still gives `cause`."""
    changed = True
    while changed:
        changed = False
        for field in ("run", "qrels", "zscores", "flags"):
            lines = getattr(corpus, field)
            if lines is None:
                continue
            i = 0
            while i < len(lines):
                step = 2 if field == "flags" and lines[i].startswith("-") and i + 1 < len(lines) and not lines[i + 1].startswith("-") else 1
                if field == "flags" and lines[i] == "ZFILE":
                    i += 1
                    continue
                candidate = _copy(corpus)
                setattr(candidate, field, lines[:i] + lines[i + step:])
                if (field != "run" or candidate.run) and check(candidate) == cause:
                    corpus = candidate
                    lines = getattr(corpus, field)
                    changed = True
                else:
                    i += step
    return corpus


def _copy(c):
    n = Corpus(list(c.qrels), list(c.run), list(c.flags), None if c.zscores is None else list(c.zscores))
    n.eol = c.eol
    n.features = set(c.features)
    return n


# ---------------------------------------------------------------- main

def emit(folder, seed):
    """Writes a plain corpus with at least two queries in the qrels and the
    run; prints the two paths."""
    for k in range(1000):
        corpus = make_corpus(random.Random("%d/plain/%d" % (seed, k)), plain=True)
        judged = {l.split()[0] for l in corpus.qrels if l.strip()}
        ranked = {l.split()[0] for l in corpus.run if l.strip() and not l.startswith("#")}
        if len(judged & ranked) >= 2:
            break
    os.makedirs(folder, exist_ok=True)
    paths = []
    for name, lines in (("qrels", corpus.qrels), ("run", corpus.run)):
        path = os.path.join(folder, "random-%d.%s" % (seed, name))
        with open(path, "w", newline="") as f:
            f.write("".join(line + corpus.eol for line in lines))
        paths.append(path)
    print("\n".join(paths))
    return 0


# ---------------------------------------------------------------- tie ranges


def _untied_queries(corpus):
    """Queries whose run lines have no two equal scores (as Python reads
    them) and no repeated docid: their range must be a point. A query with
    a score Python cannot read is left out."""
    scores, docs, bad = {}, {}, set()
    for line in corpus.run:
        f = line.split()
        if len(f) < 6 or line.lstrip().startswith("#"):
            continue
        try:
            v = float(f[4])
        except ValueError:
            bad.add(f[0])
            continue
        scores.setdefault(f[0], []).append(v)
        docs.setdefault(f[0], []).append(f[2])
    return {q for q, v in scores.items()
            if q not in bad and len(set(v)) == len(v) and len(set(docs[q])) == len(docs[q])}


def tie_range_problems(corpus, te, ranklab, folder):
    """Runs ranklab with --tie-range on a corpus both tools agree on and
    checks every trec_eval value against its range: lowest <= value <=
    highest (as printed: rounding keeps the order), and a point equal to
    the value for a query without ties. Returns the problems found."""
    if any(w in ("-Z", "-R") for w in corpus.flags) or te.returncode != 0:
        return []
    paths = corpus.write(folder)
    rl = subprocess.run([ranklab, "eval", "--quiet", "--tie-range"] + RANKLAB_EXTRA
                        + corpus.argv(paths), capture_output=True, timeout=60)
    if rl.returncode != 0:
        return ["--tie-range failed: " + rl.stderr.decode(errors="replace")[:200]]
    ranges = {}
    for line in rl.stdout.decode().splitlines():
        name, qid, value = line.split("\t")
        name = name.strip()
        for end in ("_tiemin", "_tiemax"):
            if name.endswith(end):
                ranges.setdefault((name[:-len(end)], qid), {})[end] = value
    untied = _untied_queries(corpus)
    problems, checked = [], 0
    for line in te.stdout.decode().splitlines():
        name, qid, value = [x.strip() for x in line.split("\t")]
        r = ranges.get((name, qid))
        if name in ("runid", "num_q") or name.startswith("relstring") or r is None:
            continue
        checked += 1
        lo, hi, v = float(r["_tiemin"]), float(r["_tiemax"]), float(value)
        if not lo <= v <= hi:
            problems.append("%s %s: trec_eval %s outside [%s, %s]" % (name, qid, value, r["_tiemin"], r["_tiemax"]))
        elif qid in untied and not (r["_tiemin"] == r["_tiemax"] == value):
            problems.append("%s %s: no ties, yet [%s, %s] around %s" % (name, qid, r["_tiemin"], r["_tiemax"], value))
    # No range at all is a problem unless ranklab refused them out loud
    # (a query with more orders of its tied documents than it tries, under
    # measures without a proved extreme order: its mean then has no range
    # either, and without -q the means are all that is printed).
    if checked == 0 and "-m" not in corpus.flags and b"no tie range for" not in rl.stderr:
        problems.append("no range printed")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trec-eval")
    ap.add_argument("--ranklab")
    ap.add_argument("--emit", metavar="DIR", help="only write a plain corpus of --seed "
                    "(no flag, no deliberate-difference input) as DIR/random-SEED.qrels and .run")
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--shrink", action="store_true", help="cut each unexplained disagreement down")
    ap.add_argument("--keep", help="write each unexplained disagreement's files under this folder")
    ap.add_argument("--show", type=int, default=3, help="reproductions to print")
    ap.add_argument("--tie-range", action="store_true", help="also check, on every corpus both "
                    "tools agree on, that ranklab --tie-range brackets each trec_eval value "
                    "(and equals it for queries without ties)")
    ap.add_argument("--digits", type=int, help="decimals ranklab prints (for a trec_eval "
                    "built to print that many: every value compared to the last bit)")
    args = ap.parse_args()
    if args.digits is not None:
        RANKLAB_EXTRA[:] = ["--digits", str(args.digits)]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    if args.emit:
        return emit(args.emit, seed)
    if not (args.trec_eval and args.ranklab):
        ap.error("--trec-eval and --ranklab are needed")
    print("seed %d, %d corpora (rerun: --seed %d --n %d)" % (seed, args.n, seed, args.n), flush=True)
    t0 = time.time()
    known = Counter()
    unexplained = Counter()
    examples = {}
    agreed = 0
    bracketed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.n):
            rng = random.Random("%d/%d" % (seed, k))
            corpus = make_corpus(rng)
            te, rl = run_both(corpus, args.trec_eval, args.ranklab, tmp)
            if not differs(te, rl):
                agreed += 1
                if args.tie_range:
                    problems = tie_range_problems(corpus, te, args.ranklab, tmp)
                    if problems:
                        cause = "tie range: " + problems[0].split(":")[0].split()[0]
                        unexplained[cause] += 1
                        examples.setdefault(cause, (k, corpus, te, rl))
                        print("corpus %d: %s" % (k, "; ".join(problems[:3])))
                    else:
                        bracketed += 1
                continue
            cause = known_cause(corpus, te, rl)
            if cause:
                known[cause] += 1
                continue
            cause = first_difference(te, rl)
            unexplained[cause] += 1
            if cause not in examples:
                examples[cause] = (k, corpus, te, rl)
        shown = 0
        for cause, (k, corpus, te, rl) in examples.items():
            if shown >= args.show:
                break
            shown += 1
            if args.shrink:
                def check(c):
                    a, b = run_both(c, args.trec_eval, args.ranklab, tmp)
                    if not differs(a, b) or known_cause(c, a, b):
                        return None
                    return first_difference(a, b)
                corpus = shrink(corpus, cause, check)
                te, rl = run_both(corpus, args.trec_eval, args.ranklab, tmp)
            print("\n--- corpus %d (%s)%s" % (k, cause, ", shrunk" if args.shrink else ""))
            print(corpus.describe())
            print("trec_eval (exit %d):\n%s%s" % (te.returncode, te.stdout.decode(errors="replace"), te.stderr.decode(errors="replace")))
            print("ranklab (exit %d):\n%s%s" % (rl.returncode, rl.stdout.decode(errors="replace"), rl.stderr.decode(errors="replace")))
            if args.keep:
                folder = os.path.join(args.keep, "corpus-%d" % k)
                os.makedirs(folder, exist_ok=True)
                corpus.write(folder)
                with open(os.path.join(folder, "flags"), "w") as f:
                    f.write(" ".join(corpus.flags) + "\n")
    took = time.time() - t0
    print("\n%-62s %7s" % ("cause", "corpora"))
    print("%-62s %7d" % ("agree byte for byte", agreed))
    for cause, n in sorted(known.items()):
        print("%-62s %7d" % ("known: " + cause, n))
    for cause, n in unexplained.most_common():
        print("%-62s %7d" % ("UNEXPLAINED: " + cause, n))
    if args.tie_range:
        print("%-62s %7d" % ("tie ranges bracket every trec_eval value", bracketed))
    print("%d corpora in %.1f s, seed %d: %d agree, %d known differences, %d unexplained"
          % (args.n, took, seed, agreed, sum(known.values()), sum(unexplained.values())))
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
