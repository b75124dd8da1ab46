"""Differential test: `ranklab eval --preset ranx` against ranx 0.3 with
make_comparable=True on seeded corpora without tied scores and without
negative grades (ranx takes them as gains). Tied scores are left out because
ranx orders them with numba's unstable argsort: measured here, even a pair
of equal scores does not always keep file order (corpus(..., pair_ties=True)
shows it at seed 4, q20), so no tie convention can match ranx; the ranx
preset's caveat says so.

Agreeing conventions: missing queries scored 0 (make_comparable), run-only
queries dropped, relevance = grade >= 1, ideal list from the qrels.
Usage: PEERS_PYTHON ranx_check.py RANKLAB_BIN"""
import sys
import warnings

from ranx import Qrels, Run, evaluate

from common import compare, corpus, ranklab

# ranx name -> Ranklab name
NAMES = {"map": "AP", "map@5": "AP@5", "ndcg": "nDCG", "ndcg@10": "nDCG@10",
         "ndcg_burges@10": "nDCG(dcg='exp-log2')@10", "mrr": "RR", "mrr@3": "RR@3",
         "precision@5": "P@5", "recall@10": "R@10", "hit_rate@2": "Success@2", "r-precision": "Rprec",
         "f1@5": "F1@5"}

warnings.simplefilter("ignore")
compared = 0
for seed in range(5):
    qrels, run = corpus(seed, ties=False, negative=False)
    ours = ranklab(sys.argv[1], qrels, run, list(NAMES.values()), "--preset", "ranx")
    scores = evaluate(Qrels(qrels), Run(run), list(NAMES), return_mean=False, make_comparable=True)
    qids = sorted(qrels)  # ranx returns values in the qrels' sorted query order
    peer = {q: {NAMES[m]: float(scores[m][i]) for m in scores} for i, q in enumerate(qids)}
    # ranx's own means.
    means = evaluate(Qrels(qrels), Run(run), list(NAMES), make_comparable=True)
    compared += compare("ranx", seed, ours, peer, list(NAMES.values()), {NAMES[m]: float(v) for m, v in means.items()})
print("ranx agreement: %d per-query values and means, all within 1e-9" % compared)
