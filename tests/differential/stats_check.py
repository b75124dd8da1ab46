"""Differential test of `ranklab stats` on seeded per-query values:
- scipy.stats.ttest_rel p-values and scipy.stats.t.interval intervals (1e-9);
- numpy: means, sample standard deviations, medians, Cohen's d for paired
  data, win/tie/loss counts (1e-12);
- Holm and Bonferroni adjustments computed by hand here (1e-12);
- ranx's Fisher randomization test and a percentile bootstrap interval drawn
  with numpy: different random streams, so agreement is required within
  Monte Carlo error (5 standard errors from the number of trials).
Usage: PEERS_PYTHON stats_check.py RANKLAB_BIN"""
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import warnings

import numpy as np
from scipy import stats

warnings.simplefilter("ignore")
from ranx.statistical_tests.fisher_randomization_test import fisher_randomization_test  # noqa: E402

TRIALS = 20000


def values(seed):
    """5 systems x 60 queries in [0, 1]; system s is shifted by s/40; some
    queries missing from system 4; some exact ties."""
    rng = random.Random(seed)
    base = [rng.random() for _ in range(60)]
    out = {}
    for s in range(5):
        out["S%d" % s] = {"q%02d" % q: min(1.0, max(0.0, round(b + s / 40 + rng.gauss(0, 0.15), 2)))
                          for q, b in enumerate(base) if not (s == 4 and q % 7 == 0)}
    return out


def ranklab(binary, data, *flags):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "values")
        with open(path, "w") as f:
            for s, qs in data.items():
                for q, v in qs.items():
                    f.write("%s %s %r\n" % (s, q, v))
        out = subprocess.run([binary, "stats", "--trials", str(TRIALS), "--resamples", str(TRIALS), *flags, path],
                             capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def close(label, ours, want, tol):
    if ours is None or abs(ours - want) > tol:
        print("%s: ranklab %r, independent %r (tolerance %g)" % (label, ours, want, tol))
        sys.exit(1)


def holm(ps):
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    out, running = [0.0] * m, 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * ps[i]))
        out[i] = running
    return out


checked = 0
for seed in range(3):
    data = values(seed)
    names = list(data)
    for correction in ["holm", "bonferroni"]:
        got = ranklab(sys.argv[1], data, "--test", "randomization", "--correction", correction, "--seed", str(seed))
        # Every system and every pair is reported, each under its name (zip
        # alone would pass on empty output).
        if [s["name"] for s in got["systems"]] != names:
            sys.exit("seed %d: systems %r, expected %r" % (seed, [s["name"] for s in got["systems"]], names))
        want_pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
        if sorted((p["a"], p["b"]) for p in got["pairs"]) != sorted(want_pairs):
            sys.exit("seed %d: pairs %r, expected %r" % (seed, [(p["a"], p["b"]) for p in got["pairs"]], want_pairs))
        for s, mine in zip(names, got["systems"]):
            if mine["n"] != len(data[s]):
                sys.exit("seed %d %s: n %r, expected %d" % (seed, s, mine["n"], len(data[s])))
            v = np.array(list(data[s].values()))
            close("%s mean" % s, mine["mean"], v.mean(), 1e-12)
            close("%s sd" % s, mine["sd"], v.std(ddof=1), 1e-12)
            close("%s median" % s, mine["median"], float(np.median(v)), 1e-12)
            lo, hi = stats.t.interval(0.95, len(v) - 1, loc=v.mean(), scale=stats.sem(v))
            close("%s t interval lo" % s, mine["t_interval"][0], lo, 1e-9)
            close("%s t interval hi" % s, mine["t_interval"][1], hi, 1e-9)
            # Percentile bootstrap with numpy's generator. A 2.5% percentile of B
            # draws from a normal with sd m = sd/sqrt(n) has standard error
            # sqrt(0.025 * 0.975 / B) / phi(1.96) * m = 2.67 m / sqrt(B); two
            # independent estimates may differ by 5 * sqrt(2) of that.
            rng = np.random.default_rng(seed)
            means = v[rng.integers(0, len(v), size=(TRIALS, len(v)))].mean(axis=1)
            blo, bhi = np.percentile(means, [2.5, 97.5])
            m = v.std(ddof=1) / math.sqrt(len(v))
            tol = 5 * math.sqrt(2) * 2.67 * m / math.sqrt(TRIALS)
            close("%s bootstrap lo" % s, mine["bootstrap_interval"][0], blo, tol)
            close("%s bootstrap hi" % s, mine["bootstrap_interval"][1], bhi, tol)
            checked += 6
        raw = []
        for p in got["pairs"]:
            a, b = data[p["a"]], data[p["b"]]
            common = [q for q in a if q in b]
            x = np.array([a[q] for q in common])
            y = np.array([b[q] for q in common])
            d = x - y
            label = "seed %d %s-%s" % (seed, p["a"], p["b"])
            assert p["n"] == len(common), label
            close(label + " mean diff", p["mean_diff"], d.mean(), 1e-12)
            close(label + " Cohen's d", p["cohens_d"], d.mean() / d.std(ddof=1), 1e-9)
            assert (p["wins"], p["ties"], p["losses"]) == (int((d > 1e-12).sum()), int((abs(d) <= 1e-12).sum()),
                                                           int((d < -1e-12).sum())), label
            close(label + " t-test p", p["p_t"], stats.ttest_rel(x, y).pvalue, 1e-9)
            ranx_p, _ = fisher_randomization_test(x, y, TRIALS, 0.05, seed)
            se = math.sqrt(max(ranx_p * (1 - ranx_p), 1e-4) / TRIALS)
            close(label + " randomization p vs ranx", p["p"], ranx_p, 5 * math.sqrt(2) * se)
            raw.append(p["p"])
            checked += 6
        want = holm(raw) if correction == "holm" else [min(1.0, len(raw) * p) for p in raw]
        for p, w in zip(got["pairs"], want):
            close("%s adjusted p" % correction, p["p_adjusted"], w, 1e-12)
            checked += 1
# 3 seeds x 2 corrections x (5 systems x 6 + 10 pairs x 7).
if checked != 3 * 2 * (5 * 6 + 10 * 7):
    sys.exit("statistics: %d values checked, expected %d" % (checked, 3 * 2 * (5 * 6 + 10 * 7)))
print("statistics agreement: %d values (scipy, numpy, ranx within Monte Carlo error, hand Holm/Bonferroni)" % checked)
