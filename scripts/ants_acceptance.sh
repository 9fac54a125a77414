#!/usr/bin/env bash
# The ants' acceptance figures (issue 5), from a build tree:
#   bash scripts/ants_acceptance.sh [path/to/alife] [seeds] [generations]
# 1. Learning, experiments/ants/default.ini over seeds 1..S: the population's
#    mean food per ant against the greedy baseline (5-generation trailing
#    means); targets: >= 75% by generation 50 in every seed, >= 90% by
#    generation 150 in the median seed.
# 2. Mines, experiments/ants/mines.ini over the same seeds: mines hit per ant
#    at generation 0 and at the last, and the food against the same config
#    without mines; targets: hits fall >= 70%, food >= 60% of the no-mine figure.
# 3. Speed, the Smart Sweepers set-up (4-6-2, 30 ants, 40 food) with 1 and 2
#    threads (same checksum = same results), with the machine's load.
# Exit status 0 when every target holds.
set -u
ALIFE=${1:-build/alife}
SEEDS=${2:-10}
GENS=${3:-151}
SRC=$(cd "$(dirname "$0")/.." && pwd)
status=0
echo "== uptime: $(uptime)"
echo
echo "== learning: $ALIFE bench ants $SRC/experiments/ants/default.ini --learn --seeds $SEEDS --generations $GENS"
"$ALIFE" bench ants "$SRC/experiments/ants/default.ini" --learn --seeds "$SEEDS" --generations "$GENS" || status=1
echo
echo "== mines: $ALIFE bench ants $SRC/experiments/ants/mines.ini --learn --seeds $SEEDS --generations $GENS"
"$ALIFE" bench ants "$SRC/experiments/ants/mines.ini" --learn --seeds "$SEEDS" --generations "$GENS" || status=1
echo
for t in 1 2; do
    echo "== speed: $ALIFE bench ants --threads $t --generations 100"
    "$ALIFE" bench ants --threads "$t" --generations 100 || status=1
done
# On a machine shared with other work, idle OpenMP workers that spin steal the
# cores the busy ones need: the same with passive waiting.
echo "== speed: OMP_WAIT_POLICY=passive $ALIFE bench ants --threads 2 --generations 100"
OMP_WAIT_POLICY=passive "$ALIFE" bench ants --threads 2 --generations 100 || status=1
echo
echo "== uptime: $(uptime)"
exit $status
