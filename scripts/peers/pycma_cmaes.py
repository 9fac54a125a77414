#!/usr/bin/python3
"""pycma's CMA-ES at the settings of `alife bench cmaes`: same function,
dimension, start point, sigma0, target, budget and number of seeds; prints
the same figures (text, or one JSON object with --json).

pycma is not a dependency: fetch it (git clone https://github.com/CMA-ES/pycma)
into a scratch directory outside the project and run with Debian's numpy:

    PYTHONPATH=DIR_OF_A_PYCMA_CHECKOUT /usr/bin/python3 scripts/peers/pycma_cmaes.py --fn sphere --dim 10 --seeds 20
    ./build/alife bench cmaes --fn sphere --dim 10 --seeds 20

scripts/peer_evo.sh runs both side by side. Defaults match alife's: x0 = 1
(sphere) or 0 (rosenbrock) in every coordinate, sigma0 = 0.5, target 1e-8,
lambda 4 + floor(3 ln n), at most 1e6 evaluations, pycma's default options
otherwise (its lazy eigendecomposition follows the same rule as alife's:
every 1/(c1+cmu)/n/10 generations). Evaluations count whole generations, up
to the one whose best reached the target; unsolved runs (pycma's own
termination criteria or the budget) are left out of the median and counted
as not solved. Time per generation: ask, evaluation and tell, CPU time of
the process over all generations of all runs, and the median over runs of
wall time.
"""
import argparse, json, statistics, time
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
ap.add_argument('--max-evals', type=int, default=1000000)
ap.add_argument('--json', action='store_true', help='one JSON object instead of text')
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
                                  {'seed': s, 'ftarget': a.target, 'verbose': -9,
                                   'maxfevals': a.max_evals})
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
med = statistics.median(evals) if evals else float('nan')
if a.json:
    print(json.dumps({'peer': 'pycma', 'version': cma.__version__, 'fn': a.fn, 'dim': a.dim,
                      'seeds': a.seeds, 'lambda': es.popsize, 'solved': solved,
                      'median_evaluations': med, 'median_s_per_generation': statistics.median(tpg),
                      'cpu_s_per_generation': cpu / gens, 'generations': gens}))
else:
    print("pycma %s %s: dim %d, lambda %d, x0 %g, sigma0 %g, %d seeds from %d" % (
        cma.__version__, a.fn, a.dim, es.popsize, x0, a.sigma0, a.seeds, a.seed))
    print("  %d of %d reached f < %g; evaluations to get there: median %.1f, 90th percentile %s" % (
        solved, a.seeds, a.target, med, p90))
    print("  time per generation: median %.3f us wall, %.3f us CPU (%d generations)" % (
        statistics.median(tpg) * 1e6, cpu / gens * 1e6, gens))
