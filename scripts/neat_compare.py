#!/usr/bin/python3
"""neat-python beside `alife bench neat` on XOR, at matched settings; prints
evaluations to the first solver and seconds per generation for both.

neat-python is not a dependency: fetch it (git clone
https://github.com/CodeReclaimers/neat-python) into a scratch directory
outside the project; it is pure Python and runs from its source:

    python3 scripts/neat_compare.py --neat-python DIR_OF_A_CHECKOUT --seeds 20
    python3 scripts/neat_compare.py --neat-python DIR --alife build/alife --seeds 50

Matched: population 150, the inputs (0,0) (0,1) (1,0) (1,1), fitness
(4 - sum |error|)^2, solved when all four outputs are on the right side of
0.5 (checked on every genome, the run stops at the first generation that
has one; evaluations count whole generations), compatibility threshold 3
with disjoint coefficient 1 and weight coefficient 0.4, add-node 0.03,
add-connection as experiments/xor/xor.ini (0.15), no deletions, weights
mutated at 0.8 with 10% replaced, perturbations of the same spread
(alife: uniform +-2.5, standard deviation 1.44; neat-python: Gaussian with
that deviation), stagnation 15, survival 0.2, the sigmoid of both
(neat-python's is 1/(1+e^(-5x)), alife's 1/(1+e^(-4.9x))). neat-python has a
bias per node where NEAT has a bias input: its biases mutate like weights.
neat-python's own elitism keeps the best 2 of the population (alife keeps
the champion and each species' best above five members).
Time per generation: CPU time of the process over all generations of all
runs (on a machine shared with other work, wall time measures the
neighbours too), and wall time beside it; one thread for both (alife:
--threads 1).
"""
import argparse, json, os, random, statistics, subprocess, sys, tempfile, time

ap = argparse.ArgumentParser()
ap.add_argument('--neat-python', required=True, help='a neat-python checkout (its source directory)')
ap.add_argument('--alife', default=None, help='the alife binary (default: build/alife beside this script)')
ap.add_argument('--seeds', type=int, default=20)
ap.add_argument('--seed', type=int, default=1)
ap.add_argument('--max-gens', type=int, default=500)
ap.add_argument('--add-conn', type=float, default=0.15)
a = ap.parse_args()

sys.path.insert(0, a.neat_python)
import neat  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
alife = a.alife or os.path.join(here, '..', 'build', 'alife')

CONFIG = """
[NEAT]
fitness_criterion     = max
fitness_threshold     = 1000
pop_size              = 150
reset_on_extinction   = True
no_fitness_termination = False
seed                  = {seed}

[DefaultGenome]
activation_default      = sigmoid
activation_mutate_rate  = 0.0
activation_options      = sigmoid
aggregation_default     = sum
aggregation_mutate_rate = 0.0
aggregation_options     = sum
bias_init_mean          = 0.0
bias_init_stdev         = 1.44
bias_max_value          = 8.0
bias_min_value          = -8.0
bias_mutate_power       = 1.44
bias_mutate_rate        = 0.8
bias_replace_rate       = 0.1
compatibility_disjoint_coefficient = 1.0
compatibility_weight_coefficient   = 0.4
conn_add_prob           = {add_conn}
conn_delete_prob        = 0.0
enabled_default         = True
enabled_mutate_rate     = 0.0
feed_forward            = True
initial_connection      = full_direct
node_add_prob           = 0.03
node_delete_prob        = 0.0
num_hidden              = 0
num_inputs              = 2
num_outputs             = 1
response_init_mean      = 1.0
response_init_stdev     = 0.0
response_max_value      = 30.0
response_min_value      = -30.0
response_mutate_power   = 0.0
response_mutate_rate    = 0.0
response_replace_rate   = 0.0
weight_init_mean        = 0.0
weight_init_stdev       = 1.44
weight_max_value        = 8
weight_min_value        = -8
weight_mutate_power     = 1.44
weight_mutate_rate      = 0.8
weight_replace_rate     = 0.1

[DefaultSpeciesSet]
compatibility_threshold = 3.0

[DefaultStagnation]
species_fitness_func = max
max_stagnation       = 15
species_elitism      = 1

[DefaultReproduction]
elitism            = 2
survival_threshold = 0.2
min_species_size   = 2
"""

XI = [(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0)]
XO = [0.0, 1.0, 1.0, 0.0]


def run_neat_python():
    evals, gens_all, t_all, c_all, solved = [], 0, 0.0, 0.0, 0
    tmp = tempfile.mkdtemp()
    for s in range(a.seed, a.seed + a.seeds):
        path = os.path.join(tmp, 'config')
        with open(path, 'w') as f:
            f.write(CONFIG.format(seed=s, add_conn=a.add_conn))
        random.seed(s)
        cfg = neat.Config(neat.DefaultGenome, neat.DefaultReproduction, neat.DefaultSpeciesSet,
                          neat.DefaultStagnation, path)
        p = neat.Population(cfg)
        found = [False]

        def eval_genomes(genomes, config):
            for _, g in genomes:
                net = neat.nn.FeedForwardNetwork.create(g, config)
                err, ok = 0.0, True
                for xi, xo in zip(XI, XO):
                    o = net.activate(xi)[0]
                    err += abs(o - xo)
                    ok = ok and ((o > 0.5) == (xo > 0.5))
                g.fitness = (4.0 - err) ** 2
                found[0] = found[0] or ok

        t0, c0 = time.perf_counter(), time.process_time()
        g = 0
        while g < a.max_gens and not found[0]:
            p.run(eval_genomes, 1)
            g += 1
        t_all += time.perf_counter() - t0
        c_all += time.process_time() - c0
        gens_all += g
        if found[0]:
            solved += 1
            evals.append(g * 150)
    return solved, evals, c_all / gens_all, t_all / gens_all


def run_alife():
    cfg = os.path.join(here, '..', 'experiments', 'xor', 'xor.ini')
    out = subprocess.run([alife, 'bench', 'neat', '--config', cfg, '--seeds', str(a.seeds), '--seed',
                          str(a.seed), '--max-gens', str(a.max_gens), '--threads', '1', '--json',
                          '--set', 'neat.add_conn=%g' % a.add_conn],
                         capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit('alife bench neat failed: ' + out.stderr)
    return json.loads(out.stdout)


ps, pe, pt, pw = run_neat_python()
al = run_alife()
at, aw = al['cpu_s_per_generation'], al['seconds'] / al['generations']
pm = statistics.median(pe) if pe else float('nan')
print('XOR, population 150, %d seeds from %d, add-connection %g' % (a.seeds, a.seed, a.add_conn))
print('%-12s %8s %12s %12s %14s %14s' % ('', 'solved', 'median evals', 'mean evals', 'CPU s/gen',
                                         'wall s/gen'))
print('%-12s %5d/%-3d %12.1f %12.1f %14.3e %14.3e' % (
    'neat-python', ps, a.seeds, pm, statistics.mean(pe) if pe else float('nan'), pt, pw))
print('%-12s %5d/%-3d %12.1f %12.1f %14.3e %14.3e' % (
    'alife', al['solved'], a.seeds, al['median_evaluations'], al['mean_evaluations'], at, aw))
print('alife: %.0fx less CPU time per generation (%.0fx wall); median evaluations %.2fx of neat-python\'s'
      % (pt / at, pw / aw, al['median_evaluations'] / pm if pe else float('nan')))
