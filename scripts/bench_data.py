"""Writes a seeded benchmark corpus (never committed): a run of QUERIES x DOCS
lines (MS MARCO-dev size by default: 7,000 x 1,000, about 250 MB) and qrels
with 100 judged documents per query, 60 of them retrieved.
Usage: python3 scripts/bench_data.py OUT_DIR [QUERIES] [DOCS]"""
import os
import random
import sys

out = sys.argv[1]
queries = int(sys.argv[2]) if len(sys.argv) > 2 else 7000
docs = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
rng = random.Random(20261122)
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "run"), "w") as run, open(os.path.join(out, "qrels"), "w") as qrels:
    for q in range(queries):
        qid = "Q%05d" % q
        ids = rng.sample(range(8_000_000), docs)
        scores = sorted((rng.random() * 40 for _ in range(docs)), reverse=True)
        run.write("".join("%s Q0 D%07d %d %.6f bench\n" % (qid, d, i + 1, s)
                          for i, (d, s) in enumerate(zip(ids, scores))))
        judged = rng.sample(ids, 60) + rng.sample(range(8_000_000, 9_000_000), 40)
        qrels.write("".join("%s 0 D%07d %d\n" % (qid, d, rng.choice((0, 0, 0, 1, 1, 2, 3)))
                            for d in judged))
print("bench data: %s (%d MB run)" % (out, os.path.getsize(os.path.join(out, "run")) // 1_000_000))
