"""Differential test: `ranklab eval --preset gdeval` against gdeval (the TREC
Web track's evaluator, run through ir_measures' gdeval provider: perl) on
seeded corpora that gdeval accepts: numeric query ids, grades 0 to 4,
distinct scores. The preset's definitions: nDCG@k with exponential gain
2^g - 1 and ERR@k with the maximum grade fixed at 4. gdeval prints 5
decimals (compared within 5e-6).
Usage: PEERS_PYTHON gdeval_check.py RANKLAB_BIN"""
import random
import sys
import warnings

import ir_measures
from ir_measures import ERR, nDCG

from common import ranklab

warnings.simplefilter("ignore")
compared = 0
for seed in range(5):
    rng = random.Random(seed)
    qrels, run = {}, {}
    for q in range(30):
        qid = str(100 + q)
        docs = ["d%03d" % d for d in rng.sample(range(200), 60)]
        qrels[qid] = {d: rng.choice([0, 0, 0, 1, 1, 2, 3, 4]) for d in rng.sample(docs, rng.randint(1, 40))}
        ranked = rng.sample(docs, rng.randint(1, 50))
        scores = rng.sample(range(1, 100000), len(ranked))
        run[qid] = {d: s / 1000.0 for d, s in zip(ranked, scores)}
    measures = {nDCG(dcg="exp-log2") @ 20: "nDCG(dcg='exp-log2')@20", ERR @ 20: "ERR(gmax=4)@20",
                nDCG(dcg="exp-log2") @ 5: "nDCG(dcg='exp-log2')@5", ERR @ 5: "ERR(gmax=4)@5"}
    ours = ranklab(sys.argv[1], qrels, run, ["nDCG@20", "ERR@20", "nDCG@5", "ERR@5"], "--preset", "gdeval")
    qrels_list = [ir_measures.Qrel(q, d, g) for q, docs in qrels.items() for d, g in docs.items()]
    run_list = [ir_measures.ScoredDoc(q, d, s) for q, docs in run.items() for d, s in docs.items()]
    columns = {}
    for m in ir_measures.gdeval.iter_calc(list(measures), qrels_list, run_list):
        mine = ours.get((measures[m.measure], m.query_id))
        if mine is None or abs(mine - m.value) > 5.01e-6:
            sys.exit("gdeval seed %d %s %s: ranklab %s, gdeval %r" % (seed, m.query_id, m.measure, mine, m.value))
        columns.setdefault(measures[m.measure], []).append(m.value)
        compared += 1
    # The means over the 30 queries, of gdeval's printed values.
    if set(columns) != set(measures.values()) or any(len(c) != 30 for c in columns.values()):
        sys.exit("gdeval seed %d: not every measure of every query was printed" % seed)
    for name, column in columns.items():
        mean, mine = sum(column) / len(column), ours.get((name, "all"))
        if mine is None or abs(mine - mean) > 5.01e-6:
            sys.exit("gdeval seed %d mean %s: ranklab %s, gdeval %r" % (seed, name, mine, mean))
        compared += 1
    if compared == 0:
        sys.exit("gdeval printed nothing")
print("gdeval agreement: %d per-query values and means, all within gdeval's 5 printed decimals" % compared)
