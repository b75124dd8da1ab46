"""Differential test: `ranklab eval --preset scikit-learn` against
scikit-learn's ndcg_score on seeded queries with many tied scores and judged
documents the run did not retrieve.

The preset's conventions: tie averaging (scikit-learn always averages ties),
linear gain, and the ideal list from the retrieved documents only (scikit-learn
sees only the scored list; trec_eval's ideal would include the judged
documents the run missed).
Usage: PEERS_PYTHON sklearn_check.py RANKLAB_BIN"""
import random
import sys

from sklearn.metrics import ndcg_score

from common import compare, ranklab

compared = 0
for seed in range(5):
    rng = random.Random(seed)
    qrels, run = {}, {}
    for q in range(40):
        qid = "q%02d" % q
        docs = ["d%03d" % d for d in rng.sample(range(300), rng.randint(2, 40))]
        qrels[qid] = {d: rng.choice([0, 0, 1, 1, 2, 3]) for d in docs}
        run[qid] = {d: float(rng.randint(0, 6)) for d in docs}  # 7 score values: many ties
        for d in rng.sample(range(300, 400), rng.randint(0, 5)):  # judged, never retrieved
            qrels[qid]["m%03d" % d] = rng.choice([1, 2, 3])
    cutoffs = [3, 10]
    ours = ranklab(sys.argv[1], qrels, run, ["nDCG"] + ["nDCG@%d" % k for k in cutoffs], "--preset", "scikit-learn")
    peer = {}
    for qid in qrels:
        docs = list(run[qid])
        y_true, y_score = [[qrels[qid][d] for d in docs]], [[run[qid][d] for d in docs]]
        peer[qid] = {"nDCG": ndcg_score(y_true, y_score)}
        for k in cutoffs:
            peer[qid]["nDCG@%d" % k] = ndcg_score(y_true, y_score, k=k)
    compared += compare("sklearn", seed, ours, peer, ["nDCG"] + ["nDCG@%d" % k for k in cutoffs])
print("scikit-learn agreement: %d per-query values and means, all within 1e-9" % compared)
