"""Differential test: `ranklab eval --preset cwl_eval` against cwl_eval 1.0
(the C/W/L framework's TREC-compatible evaluator) on the seeded corpora with
tied scores, graded and negative labels and a missing and a run-only query.

The preset's conventions: documents in the order listed, ranks after 1,000
ignored, every line of a repeated docid counted (every third query repeats
one), missing queries left out; AP divided by the relevant documents
retrieved (cwl_eval's AP), RR, P@k. cwl_eval reads the grade column as a gain in
[0, 1] and weights its AP by gain, so both tools get binary judgments here
(grade >= 1 -> 1, else 0), where cwl_eval's AP is AP over the relevant
documents retrieved. cwl_eval prints 4 decimals (compared within 5e-5) and
also prints run-only queries (with zeros), which are left out of the
comparison as every other tool leaves them out.
Usage: PEERS_PYTHON cwl_eval_check.py RANKLAB_BIN"""
import os
import subprocess
import sys
import tempfile

from common import corpus, ranklab, require, write_trec

# cwl_eval metric class -> (its printed name, Ranklab name)
METRICS = {"APCWLMetric()": ("AP", "AP(norm='found')"), "RRCWLMetric()": ("RR", "RR"),
           "PrecisionCWLMetric(5)": ("P@5", "P@5"), "PrecisionCWLMetric(10)": ("P@10", "P@10")}
CWL = os.path.join(os.path.dirname(sys.executable), "cwl-eval")

compared = 0
for seed in range(5):
    graded, scored = corpus(seed)
    qrels = {q: {d: int(g >= 1) for d, g in docs.items()} for q, docs in graded.items()}
    # Every third query lists its first document again further down:
    # cwl_eval counts both lines (the preset's duplicates: keep-all).
    run = {q: list(docs.items()) + ([(next(iter(docs)), -1.0)] if i % 3 == 0 else [])
           for i, (q, docs) in enumerate(scored.items())}
    ours = ranklab(sys.argv[1], qrels, run, ["AP", "RR", "P@5", "P@10"], "--preset", "cwl_eval")
    with tempfile.TemporaryDirectory() as tmp:
        q, r = write_trec(tmp, qrels, run)
        m = os.path.join(tmp, "metrics")
        with open(m, "w") as f:
            f.write("\n".join(METRICS) + "\n")
        # cwl-eval writes cwl.log into its working directory: the temporary one.
        out = subprocess.run([CWL, q, r, "-m", m], capture_output=True, text=True, check=True, cwd=tmp).stdout
    names = dict(METRICS.values())
    peer = {}
    for line in out.splitlines():
        fields = line.split()
        if fields[0] in qrels:
            peer.setdefault(fields[0], {})[names[fields[1]]] = float(fields[2])
    require("cwl_eval", seed, peer, names.values())
    for qid, values in peer.items():
        for name, v in values.items():
            mine = ours.get((name, qid))
            if mine is None or abs(mine - v) > 5.01e-5:
                sys.exit("cwl_eval seed %d %s %s: ranklab %s, cwl_eval %r" % (seed, qid, name, mine, v))
            compared += 1
    if {q for (_, q) in ours if q != "all"} != set(peer):
        sys.exit("cwl_eval seed %d: query sets differ" % seed)
    # The means: of cwl_eval's printed values, so within its rounding.
    for name in names.values():
        column = [values[name] for values in peer.values()]
        mean, mine = sum(column) / len(column), ours.get((name, "all"))
        if mine is None or abs(mine - mean) > 5.01e-5:
            sys.exit("cwl_eval seed %d mean %s: ranklab %s, cwl_eval %r" % (seed, name, mine, mean))
        compared += 1
print("cwl_eval agreement: %d per-query values and means, all within cwl_eval's 4 printed decimals" % compared)
