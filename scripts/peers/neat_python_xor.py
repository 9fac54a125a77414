#!/usr/bin/python3
"""neat-python on XOR with alife's fitness and stopping rule, for timing beside
`alife bench neat`: prints runs solved, evaluations to the first solver and
the time per generation (text, or one JSON object with --json).

neat-python is not a dependency: fetch it (git clone
https://github.com/CodeReclaimers/neat-python) into a scratch directory
outside the project; it is pure Python and runs from its source:

    /usr/bin/python3 scripts/peers/neat_python_xor.py --neat-python DIR --seeds 10
    /usr/bin/python3 scripts/peers/neat_python_xor.py --neat-python DIR --config matched --seeds 10

--config standard (the default) is neat-python's own XOR example,
examples/xor/config-feedforward of the checkout, as it stands (population
150, node add/delete 0.2, connection add/delete 0.5, ...); --config matched
is the set of settings closest to alife's experiments/xor/xor.ini (see
MATCHED below). Either way the fitness is alife's, (4 - sum |error|)^2 over
(0,0) (0,1) (1,0) (1,1), and a run stops at the first generation where some
genome has all four outputs on the right side of 0.5 (neat-python's own
fitness threshold is set out of reach); evaluations count whole generations.
Time per generation (evaluation and reproduction): CPU time of the process
over all generations of all runs, and wall time beside it. scripts/peer_evo.sh
runs it beside alife; scripts/neat_compare.py prints the two side by side.
"""
import argparse, json, os, random, re, statistics, sys, tempfile, time

# Closest to experiments/xor/xor.ini: compatibility threshold 3 with disjoint
# coefficient 1 and weight coefficient 0.4, add-node 0.03, add-connection
# {add_conn} (xor.ini: 0.15), no deletions, weights mutated at 0.8 with 10%
# replaced, perturbations of the same spread (alife: uniform +-2.5, standard
# deviation 1.44; neat-python: Gaussian with that deviation), stagnation 15,
# survival 0.2, the sigmoid of both (neat-python's is 1/(1+e^(-5x)), alife's
# 1/(1+e^(-4.9x))). neat-python has a bias per node where NEAT has a bias
# input: its biases mutate like weights. neat-python's own elitism keeps the
# best 2 of the population (alife keeps the champion and each species' best
# above five members).
MATCHED = """
[NEAT]
fitness_criterion     = max
fitness_threshold     = 1000
pop_size              = {pop}
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


def config_text(neat_dir, kind, seed, pop, add_conn):
    """The config file for one run: the checkout's XOR example or MATCHED."""
    if kind == 'matched':
        return MATCHED.format(seed=seed, pop=pop, add_conn=add_conn)
    with open(os.path.join(neat_dir, 'examples', 'xor', 'config-feedforward')) as f:
        text = f.read()
    text = re.sub(r'(?m)^\s*#?\s*seed\s*=.*$', '', text)
    text = re.sub(r'(?m)^pop_size\s*=.*$', 'pop_size = %d' % pop, text)
    text = re.sub(r'(?m)^fitness_threshold\s*=.*$', 'fitness_threshold = 1000', text)
    return text.replace('[NEAT]', '[NEAT]\nseed = %d' % seed, 1)


def run(neat_dir, kind='standard', seeds=10, seed=1, max_gens=500, pop=150, add_conn=0.15):
    """Runs seeds runs; returns a dict of the figures."""
    sys.path.insert(0, neat_dir)
    import neat
    evals, gens_all, t_all, c_all, solved, extinct = [], 0, 0.0, 0.0, 0, 0
    path = os.path.join(tempfile.mkdtemp(), 'config')
    for s in range(seed, seed + seeds):
        with open(path, 'w') as f:
            f.write(config_text(neat_dir, kind, s, pop, add_conn))
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
        try:
            while g < max_gens and not found[0]:
                p.run(eval_genomes, 1)
                g += 1
        except neat.CompleteExtinctionException:  # the standard config does not reset
            extinct += 1
        t_all += time.perf_counter() - t0
        c_all += time.process_time() - c0
        gens_all += g
        if found[0]:
            solved += 1
            evals.append(g * pop)
    return {'peer': 'neat-python', 'config': kind, 'seeds': seeds, 'population': pop, 'solved': solved,
            'extinct': extinct,
            'median_evaluations': statistics.median(evals) if evals else float('nan'),
            'mean_evaluations': statistics.mean(evals) if evals else float('nan'),
            'cpu_s_per_generation': c_all / gens_all, 'wall_s_per_generation': t_all / gens_all,
            'generations': gens_all}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--neat-python', required=True, help='a neat-python checkout (its source directory)')
    ap.add_argument('--config', default='standard', choices=['standard', 'matched'])
    ap.add_argument('--seeds', type=int, default=10)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--max-gens', type=int, default=500)
    ap.add_argument('--pop', type=int, default=150)
    ap.add_argument('--add-conn', type=float, default=0.15, help='add-connection rate of --config matched')
    ap.add_argument('--json', action='store_true', help='one JSON object instead of text')
    a = ap.parse_args()
    r = run(a.neat_python, a.config, a.seeds, a.seed, a.max_gens, a.pop, a.add_conn)
    if a.json:
        print(json.dumps(r))
        return
    print('neat-python xor (%s config): population %d, %d seeds from %d' % (a.config, a.pop, a.seeds, a.seed))
    print('  %d of %d solved (%d went extinct); evaluations to the first solver: median %.1f, mean %.1f'
          % (r['solved'], a.seeds, r['extinct'], r['median_evaluations'], r['mean_evaluations']))
    print('  time per generation: %.3f us CPU, %.3f us wall (%d generations)'
          % (r['cpu_s_per_generation'] * 1e6, r['wall_s_per_generation'] * 1e6, r['generations']))


if __name__ == '__main__':
    main()
