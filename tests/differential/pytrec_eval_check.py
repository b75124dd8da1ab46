"""Differential test: `ranklab eval` against pytrec_eval 0.5 (trec_eval 9
inside) on seeded corpora with tied scores, graded and negative labels,
unjudged documents, a missing and a run-only query.

Run with `--preset pytrec_eval`: float32 scores, ties by docid descending
(trec_eval's order), missing queries skipped, last duplicate kept. Usage: PEERS_PYTHON pytrec_eval_check.py RANKLAB_BIN"""
import sys

import pytrec_eval

from common import compare, corpus, ranklab

MEASURES = ["map", "ndcg", "ndcg_cut.10", "P.5", "recall.10", "recip_rank", "bpref", "Rprec", "set_F",
            "num_rel_ret"]

compared = 0
for seed in range(5):
    qrels, run = corpus(seed)
    ours = ranklab(sys.argv[1], qrels, run, MEASURES, "--preset", "pytrec_eval")
    peer = pytrec_eval.RelevanceEvaluator(qrels, set(MEASURES)).evaluate(run)
    # pytrec_eval's own aggregation (sums for counts, means otherwise).
    means = {m: pytrec_eval.compute_aggregated_measure(m, [v[m] for v in peer.values()])
             for m in next(iter(peer.values()))}
    # pytrec_eval prints `ndcg_cut.10` as `ndcg_cut_10`, as trec_eval does.
    asked = [m.replace(".", "_") for m in MEASURES]
    compared += compare("pytrec_eval", seed, ours, peer, asked, means)
print("pytrec_eval agreement: %d per-query values and means, all within 1e-9" % compared)
