"""Differential test: `ranklab eval --preset ir_measures` against ir_measures
0.4 (default providers) on the same seeded corpora as the pytrec_eval check,
with repeated docids in every third query (the last line counts).

Agreeing conventions: missing queries scored 0 and counted (ir_measures'
default, -c) and float32 scores: `--preset ir_measures`. Ties: measures computed by ir_measures'
pytrec_eval provider follow trec_eval's order (docid descending); RR@k comes
from its msmarco provider and Judged@k from its judged provider, which break
ties by docid ascending, matched by
Ranklab's `--ties docid-asc`. Names are the same on both sides.
Usage: PEERS_PYTHON ir_measures_check.py RANKLAB_BIN"""
import sys

import ir_measures
from ir_measures import AP, RR, P, R, Bpref, Judged, nDCG

from common import compare, corpus, ranklab

# (measures, Ranklab tie convention that matches the provider computing them)
GROUPS = [([AP, AP@5, nDCG, nDCG@10, RR, P@5, R@10, Bpref], "trec_eval"), ([RR@3, RR@10, Judged@10], "docid-asc")]

compared = 0
for seed in range(5):
    qrels, run = corpus(seed)
    # Every third query repeats its first document later with another score:
    # ir_measures (through pytrec_eval's dict) keeps the last line.
    lines = {q: list(docs.items()) + ([(next(iter(docs)), 3.333)] if i % 3 == 0 else [])
             for i, (q, docs) in enumerate(run.items())}
    scored = [ir_measures.ScoredDoc(q, d, s) for q, pairs in lines.items() for d, s in pairs]
    for measures, ties in GROUPS:
        ours = ranklab(sys.argv[1], qrels, lines, [str(m) for m in measures], "--preset", "ir_measures", "--ties", ties)
        peer = {}
        for m in ir_measures.iter_calc(measures, qrels, scored):
            peer.setdefault(m.query_id, {})[str(m.measure)] = m.value
        compared += compare("ir_measures", seed, ours, peer, [str(m) for m in measures])
# An empty run (a system that retrieved nothing, as in ir_measures'
# TestPytrecEval.test_empty): every qrels query is scored, with 0.
qrels, _ = corpus(0)
for measures, ties in GROUPS:
    names = [str(m) for m in measures]
    ours = ranklab(sys.argv[1], qrels, {}, names, "--preset", "ir_measures", "--ties", ties)
    peer = {}
    for m in ir_measures.iter_calc(measures, qrels, []):
        peer.setdefault(m.query_id, {})[str(m.measure)] = m.value
    compared += compare("ir_measures empty run", 0, ours, peer, names)
print("ir_measures agreement: %d per-query values and means, all within 1e-9" % compared)
