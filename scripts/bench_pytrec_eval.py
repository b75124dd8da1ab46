"""pytrec_eval's side of scripts/bench: parse the files and evaluate the
same four measures as `ranklab eval`, printing their means.
Usage: PEERS_PYTHON scripts/bench_pytrec_eval.py QRELS RUN"""
import sys

import pytrec_eval

with open(sys.argv[1]) as f:
    qrels = pytrec_eval.parse_qrel(f)
with open(sys.argv[2]) as f:
    run = pytrec_eval.parse_run(f)
measures = {"map", "ndcg_cut.10", "recip_rank", "recall.1000"}
results = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)
for name in ("map", "recip_rank", "recall_1000", "ndcg_cut_10"):
    values = [r[name] for r in results.values()]
    print("%-22s\tall\t%.4f" % (name, sum(values) / len(values)))
