"""Times the statistics of issue 7 natively, in one invocation: `ranklab
stats` (t and bootstrap intervals with 10,000 resamples, paired t-tests and
Holm) against the same work in numpy/scipy (vectorised bootstrap means and
percentiles, scipy.stats.ttest_rel and t.interval), on seeded values of 5
systems x 200 queries x 4 measures. Prints both times, the ratio, and checks
that the deterministic parts (t-test p-values) agree.
Usage: PEERS_PYTHON scripts/bench_stats.py RANKLAB_BIN"""
import json
import os
import random
import subprocess
import sys
import tempfile
import time

import numpy as np
from scipy import stats

B, SYSTEMS, QUERIES, MEASURES = 10_000, 5, 200, 4
rng = random.Random(7)
data = [[[min(1.0, max(0.0, rng.random() * 0.6 + s * 0.05)) for _ in range(QUERIES)]
         for s in range(SYSTEMS)] for _ in range(MEASURES)]

with tempfile.TemporaryDirectory() as tmp:
    paths = []
    for m, systems in enumerate(data):
        path = os.path.join(tmp, "m%d" % m)
        with open(path, "w") as f:
            for s, values in enumerate(systems):
                for q, v in enumerate(values):
                    f.write("S%d q%d %r\n" % (s, q, v))
        paths.append(path)
    t0 = time.perf_counter()
    ours = [json.loads(subprocess.run([sys.argv[1], "stats", "--resamples", str(B), p],
                                      capture_output=True, text=True, check=True).stdout) for p in paths]
    ranklab_s = time.perf_counter() - t0

t0 = time.perf_counter()
peer = []
gen = np.random.default_rng(7)
for systems in data:
    v = np.array(systems)  # systems x queries
    idx = gen.integers(0, QUERIES, size=(B, QUERIES))
    means = v[:, idx].mean(axis=2)  # systems x B
    boot = np.percentile(means, [2.5, 97.5], axis=1)
    t_iv = [stats.t.interval(0.95, QUERIES - 1, loc=x.mean(), scale=stats.sem(x)) for x in v]
    p = [stats.ttest_rel(v[a], v[b]).pvalue for a in range(SYSTEMS) for b in range(a + 1, SYSTEMS)]
    peer.append((boot, t_iv, p))
peer_s = time.perf_counter() - t0

for m in range(MEASURES):
    for pair, want in zip(ours[m]["pairs"], peer[m][2]):
        if abs(pair["p_t"] - want) > 1e-9:
            sys.exit("bench_stats: t-test p differs: %r vs %r" % (pair["p_t"], want))
print("statistics, %d bootstrap resamples x %d systems x %d queries x %d measures + paired t-tests:" % (B, SYSTEMS, QUERIES, MEASURES))
print("ranklab stats (4 processes)  %.3f s" % ranklab_s)
print("numpy + scipy (vectorised)   %.3f s" % peer_s)
print("numpy+scipy / ranklab: %.1fx; t-test p-values agree within 1e-9" % (peer_s / ranklab_s))
