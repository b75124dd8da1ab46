"""Shared parts of the differential checks: seeded corpora, running
`ranklab eval`, and per-query comparison with a peer tool's values."""
import math
import os
import random
import subprocess
import sys
import tempfile


def corpus(seed, ties=True, negative=True, missing=True, pair_ties=False):
    """Seeded qrels and run dicts: 40 queries, graded labels 0..3 (and -1 if
    `negative`), unjudged documents, a qrels query missing from the run (if
    `missing`), a run-only query, and 2-decimal scores with many ties (or
    distinct scores if not `ties`; with `pair_ties`, every fourth query
    still has one pair of equal scores). Docids have different lengths
    (d7, d42, d199: byte order is not numeric order); with `ties`, every
    query has two scores equal as float32 but not as float64 (30.9156102
    and 30.9156101), and query q07 retrieves 1,200 documents (past
    cwl_eval's depth of 1,000)."""
    rng = random.Random(seed)
    grades = [0, 0, 0, 1, 1, 2, 3] + ([-1] if negative else [])
    qrels, run = {}, {}
    for q in range(40):
        qid = "q%02d" % q
        pool = 200 if q != 7 else 2000
        docs = ["d%d" % d for d in rng.sample(range(pool), 80 if q != 7 else 1300)]
        judged = rng.sample(docs, rng.randint(1, 60))
        qrels[qid] = {d: rng.choice(grades) for d in judged}
        if missing and q % 9 == 4:
            continue
        ranked = rng.sample(docs, rng.randint(1, 70) if q != 7 else 1200)
        if ties:
            run[qid] = {d: round(rng.uniform(0, 3), 2) for d in ranked}
            # Equal as float32, ordered as float64; one relevant, one not.
            run[qid]["f%d" % q] = 30.9156102
            run[qid]["g%d" % q] = 30.9156101
            qrels[qid]["f%d" % q] = 0
            qrels[qid]["g%d" % q] = 1
        else:
            scores = rng.sample(range(1, 100000), len(ranked))
            run[qid] = {d: s / 1000.0 for d, s in zip(ranked, scores)}
            if pair_ties and q % 4 == 0 and len(ranked) > 1:
                run[qid][ranked[1]] = run[qid][ranked[0]]
    run["q_runonly"] = {"d1": 1.0}
    return qrels, run


def write_trec(tmp, qrels, run):
    """Writes qrels and run dicts as TREC files in directory `tmp`; returns
    their paths. A run query is a dict {doc: score}, or a list of (doc,
    score) pairs when it repeats a docid; ranks follow the listed order."""
    qpath, rpath = os.path.join(tmp, "qrels"), os.path.join(tmp, "run")
    with open(qpath, "w") as f:
        for q, docs in qrels.items():
            for d, g in docs.items():
                f.write("%s 0 %s %d\n" % (q, d, g))
    with open(rpath, "w") as f:
        for q, docs in run.items():
            pairs = docs.items() if isinstance(docs, dict) else docs
            for i, (d, s) in enumerate(pairs):
                f.write("%s Q0 %s %d %r peer\n" % (q, d, i + 1, s))
    return qpath, rpath


def ranklab(binary, qrels, run, measures, *flags):
    """Per-query values {(measure, qid): value} printed by `ranklab eval -q`."""
    with tempfile.TemporaryDirectory() as tmp:
        qpath, rpath = write_trec(tmp, qrels, run)
        args = [binary, "eval", "-q", "--quiet", "--digits", "12", *flags]
        for m in measures:
            args += ["-m", m]
        out = subprocess.run(args + [qpath, rpath], capture_output=True, text=True, check=True).stdout
    values = {}
    for line in out.splitlines():
        name, qid, value = line.split("\t")
        values[(name.strip(), qid.strip())] = float(value)
    return values


def require(label, seed, peer, asked):
    """Fails unless the peer gave a value of every measure in `asked` (the
    names as the peer prints them) for every query it evaluated, and
    evaluated at least one query: a measure the peer silently leaves out
    would otherwise never be compared."""
    if not peer:
        print("%s seed %d: the peer evaluated no query" % (label, seed))
        sys.exit(1)
    for qid, values in peer.items():
        missing = sorted(set(asked) - set(values))
        if missing:
            print("%s seed %d %s: the peer gave no value of %s" % (label, seed, qid, missing))
            sys.exit(1)


def compare(label, seed, ours, peer, asked, peer_means=None):
    """Checks that the peer gave every measure in `asked` for every query
    (see `require`), every peer value {qid: {name: value}} against ours
    within 1e-9, that both evaluated the same queries, and that our `all`
    line (the mean, or the sum for counts `num_*`) equals the peer's:
    `peer_means` {name: value} when the tool computes its own, else the
    mean (sum) of the peer's per-query values. Returns the number of values
    compared."""
    require(label, seed, peer, asked)
    compared = 0
    for qid, values in peer.items():
        for name, v in values.items():
            mine = ours.get((name, qid))
            if mine is None or abs(mine - v) > 1e-9:
                print("%s seed %d %s %s: ranklab %s, peer %r" % (label, seed, qid, name, mine, v))
                sys.exit(1)
            compared += 1
    evaluated = {q for (_, q) in ours if q != "all"}
    if evaluated != set(peer):
        print("%s seed %d: query sets differ: %s" % (label, seed, sorted(evaluated ^ set(peer))))
        sys.exit(1)
    names = {name for values in peer.values() for name in values}
    if peer_means is None:
        peer_means = {}
        for name in names:
            column = [values[name] for values in peer.values()]
            total = math.fsum(column)
            peer_means[name] = total if name.startswith("num_") else total / len(column)
    if set(peer_means) != names:
        print("%s seed %d: means of %s missing" % (label, seed, sorted(names ^ set(peer_means))))
        sys.exit(1)
    for name, v in peer_means.items():
        mine = ours.get((name, "all"))
        if mine is None or abs(mine - v) > 1e-9:
            print("%s seed %d mean %s: ranklab %s, peer %r" % (label, seed, name, mine, v))
            sys.exit(1)
        compared += 1
    return compared
