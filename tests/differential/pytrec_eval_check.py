"""Differential test: `ranklab eval` against pytrec_eval (trec_eval 9 inside)
on seeded random qrels and runs with tied scores, graded and negative labels,
unjudged documents and qrels queries missing from the run.

Conventions that agree with pytrec_eval: float32 scores (--float32), ties by
docid descending (trec_eval's order, the default), missing queries skipped (the
default without -c). Usage: PEERS_PYTHON tests/differential/pytrec_eval_check.py RANKLAB_BIN
Prints the number of per-query values compared; exits 1 on any difference over 1e-9."""
import os
import random
import subprocess
import sys
import tempfile

import pytrec_eval

MEASURES = {"map": "map", "ndcg": "ndcg", "ndcg_cut.10": "ndcg_cut_10", "P.5": "P_5",
            "recall.10": "recall_10", "recip_rank": "recip_rank", "bpref": "bpref", "Rprec": "Rprec",
            "set_F": "set_F", "num_rel_ret": "num_rel_ret"}


def corpus(seed):
    rng = random.Random(seed)
    qrels, run = {}, {}
    for q in range(40):
        qid = "q%02d" % q
        docs = ["d%03d" % d for d in rng.sample(range(200), 80)]
        judged = rng.sample(docs, rng.randint(1, 60))
        qrels[qid] = {d: rng.choice([0, 0, 0, 1, 1, 2, 3, -1]) for d in judged}
        if q % 9 == 4:
            continue  # a qrels query missing from the run
        ranked = rng.sample(docs, rng.randint(0, 70))
        # Two decimals: many exact ties, identical in float32 and float64.
        run[qid] = {d: round(rng.uniform(0, 3), 2) for d in ranked}
    run["q_runonly"] = {"d001": 1.0}
    return qrels, run


def main():
    ranklab = sys.argv[1]
    compared = 0
    for seed in range(5):
        qrels, run = corpus(seed)
        run = {q: docs for q, docs in run.items() if docs}
        with tempfile.TemporaryDirectory() as tmp:
            qpath, rpath = os.path.join(tmp, "qrels"), os.path.join(tmp, "run")
            with open(qpath, "w") as f:
                for q, docs in qrels.items():
                    for d, g in docs.items():
                        f.write("%s 0 %s %d\n" % (q, d, g))
            with open(rpath, "w") as f:
                for q, docs in run.items():
                    for i, (d, s) in enumerate(docs.items()):
                        f.write("%s Q0 %s %d %.2f seed%d\n" % (q, d, i + 1, s, seed))
            args = [ranklab, "eval", "-q", "--quiet", "--float32", "--digits", "12"]
            for m in MEASURES:
                args += ["-m", m]
            out = subprocess.run(args + [qpath, rpath], capture_output=True, text=True, check=True).stdout
        ours = {}
        for line in out.splitlines():
            name, qid, value = line.split("\t")
            if qid.strip() != "all":
                ours[(name.strip(), qid.strip())] = float(value)
        peer = pytrec_eval.RelevanceEvaluator(qrels, set(MEASURES)).evaluate(run)
        for qid, values in peer.items():
            for name, v in values.items():
                mine = ours.get((name, qid))
                if mine is None or abs(mine - v) > 1e-9:
                    print("seed %d %s %s: ranklab %s, pytrec_eval %r" % (seed, qid, name, mine, v))
                    sys.exit(1)
                compared += 1
        evaluated = {q for (_, q) in ours}
        if evaluated != set(peer):
            print("seed %d: query sets differ: %s" % (seed, sorted(evaluated ^ set(peer))))
            sys.exit(1)
    print("pytrec_eval agreement: %d per-query values, all within 1e-9" % compared)


main()
