#!/usr/bin/python3
"""pycma beside `alife bench cmaes`: same function, dimension, start point,
sigma0, target and number of seeds; prints the same figures.

pycma is not a dependency: fetch it (git clone https://github.com/CMA-ES/pycma)
into a scratch directory outside the project and run with Debian's numpy:

    PYTHONPATH=DIR_OF_A_PYCMA_CHECKOUT /usr/bin/python3 scripts/pycma_compare.py --fn sphere --dim 10 --seeds 20
    ./build/alife bench cmaes --fn sphere --dim 10 --seeds 20

Defaults match alife's: x0 = 1 (sphere) or 0 (rosenbrock) in every
coordinate, sigma0 = 0.5, target 1e-8, pycma's default options otherwise.
Evaluations count whole generations, up to the one whose best reached the
target; unsolved runs (pycma's own termination criteria) are left out of
the median and counted as not solved.
"""
import argparse, statistics, time
import numpy as np
import cma

ap = argparse.ArgumentParser()
ap.add_argument('--fn', default='sphere', choices=['sphere', 'rosenbrock'])
ap.add_argument('--dim', type=int, default=10)
ap.add_argument('--seeds', type=int, default=20)
ap.add_argument('--seed', type=int, default=1)
ap.add_argument('--x0', type=float, default=None)
ap.add_argument('--sigma0', type=float, default=0.5)
ap.add_argument('--target', type=float, default=1e-8)
a = ap.parse_args()

def sphere(x): return float(np.dot(x, x))
def rosen(x):
    x = np.asarray(x)
    return float(np.sum(100 * (x[:-1] ** 2 - x[1:]) ** 2 + (x[:-1] - 1) ** 2))
f = sphere if a.fn == 'sphere' else rosen
x0 = a.x0 if a.x0 is not None else (1.0 if a.fn == 'sphere' else 0.0)

evals, tpg, cpu, gens, solved = [], [], 0.0, 0, 0
for s in range(a.seed, a.seed + a.seeds):
    es = cma.CMAEvolutionStrategy(a.dim * [x0], a.sigma0,
                                  {'seed': s, 'ftarget': a.target, 'verbose': -9, 'maxfevals': 1e6})
    t0, c0, g = time.perf_counter(), time.process_time(), 0
    while not es.stop():
        X = es.ask()
        es.tell(X, [f(x) for x in X])
        g += 1
    t1, c1 = time.perf_counter(), time.process_time()
    if es.result.fbest < a.target:
        solved += 1
        evals.append(es.countevals)
    tpg.append((t1 - t0) / g)
    cpu += c1 - c0
    gens += g
evals.sort()
p90 = evals[max(1, int(0.9 * len(evals) + 0.999999)) - 1] if evals else float('nan')
print("pycma %s %s: dim %d, lambda %d, x0 %g, sigma0 %g, %d seeds from %d" % (
    cma.__version__, a.fn, a.dim, es.popsize, x0, a.sigma0, a.seeds, a.seed))
print("  %d of %d reached f < %g; evaluations to get there: median %.1f, 90th percentile %s" % (
    solved, a.seeds, a.target, statistics.median(evals) if evals else float('nan'), p90))
print("  time per generation: median %.3f us wall, %.3f us CPU (%d generations)" % (
    statistics.median(tpg) * 1e6, cpu / gens * 1e6, gens))
