#!/usr/bin/python3
"""neat-python beside `alife bench neat` on XOR, at matched settings; prints
evaluations to the first solver and seconds per generation for both.

neat-python is not a dependency: fetch it (git clone
https://github.com/CodeReclaimers/neat-python) into a scratch directory
outside the project; it is pure Python and runs from its source:

    python3 scripts/neat_compare.py --neat-python DIR_OF_A_CHECKOUT --seeds 20
    python3 scripts/neat_compare.py --neat-python DIR --alife build/alife --seeds 50

Matched: population 150, alife's fitness and stopping rule, and the
neat-python settings closest to experiments/xor/xor.ini (MATCHED in
scripts/peers/neat_python_xor.py says which and how they differ).
Time per generation: CPU time of the process over all generations of all
runs (on a machine shared with other work, wall time measures the
neighbours too), and wall time beside it; one thread for both (alife:
--threads 1). scripts/peer_evo.sh times neat-python's own XOR config
beside alife, interleaved over several rounds.
"""
import argparse, json, os, subprocess, sys

ap = argparse.ArgumentParser()
ap.add_argument('--neat-python', required=True, help='a neat-python checkout (its source directory)')
ap.add_argument('--alife', default=None, help='the alife binary (default: build/alife beside this script)')
ap.add_argument('--seeds', type=int, default=20)
ap.add_argument('--seed', type=int, default=1)
ap.add_argument('--max-gens', type=int, default=500)
ap.add_argument('--add-conn', type=float, default=0.15)
a = ap.parse_args()

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, 'peers'))
import neat_python_xor  # noqa: E402  (the matched settings live there)

alife = a.alife or os.path.join(here, '..', 'build', 'alife')


def run_alife():
    cfg = os.path.join(here, '..', 'experiments', 'xor', 'xor.ini')
    out = subprocess.run([alife, 'bench', 'neat', '--config', cfg, '--seeds', str(a.seeds), '--seed',
                          str(a.seed), '--max-gens', str(a.max_gens), '--threads', '1', '--json',
                          '--set', 'neat.add_conn=%g' % a.add_conn],
                         capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit('alife bench neat failed: ' + out.stderr)
    return json.loads(out.stdout)


np_ = neat_python_xor.run(a.neat_python, 'matched', a.seeds, a.seed, a.max_gens, 150, a.add_conn)
ps, pm, pt, pw = np_['solved'], np_['median_evaluations'], np_['cpu_s_per_generation'], np_['wall_s_per_generation']
al = run_alife()
at, aw = al['cpu_s_per_generation'], al['seconds'] / al['generations']
print('XOR, population 150, %d seeds from %d, add-connection %g' % (a.seeds, a.seed, a.add_conn))
print('%-12s %8s %12s %12s %14s %14s' % ('', 'solved', 'median evals', 'mean evals', 'CPU s/gen',
                                         'wall s/gen'))
print('%-12s %5d/%-3d %12.1f %12.1f %14.3e %14.3e' % (
    'neat-python', ps, a.seeds, pm, np_['mean_evaluations'], pt, pw))
print('%-12s %5d/%-3d %12.1f %12.1f %14.3e %14.3e' % (
    'alife', al['solved'], a.seeds, al['median_evaluations'], al['mean_evaluations'], at, aw))
print('alife: %.0fx less CPU time per generation (%.0fx wall); median evaluations %.2fx of neat-python\'s'
      % (pt / at, pw / aw, al['median_evaluations'] / pm))
