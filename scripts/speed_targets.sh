#!/usr/bin/env bash
# The speed targets (boids, ants, GA), each run R times in turn
# (interleaved, so a slow minute of a shared machine hits all of them alike):
#   bash scripts/speed_targets.sh [path/to/alife] [R]
# Prints, per target, the command, min / median / max over the R runs and how
# many runs met the target, with the load average before and after.
# Exit status 0 when every target is met at the median.
set -u
ALIFE=${1:-build/alife}
R=${2:-5}
[ -x "$ALIFE" ] || { echo "speed_targets: no alife program at '$ALIFE' (build first)" >&2; exit 2; }
case $R in '' | *[!0-9]*) echo "speed_targets: runs must be a positive number, not '$R'" >&2; exit 2 ;; esac
[ "$R" -ge 1 ] || { echo "speed_targets: runs must be >= 1" >&2; exit 2; }

# name | at least (>=), at most (<=), or two threads' figure over one's at least
# (x>=) | target | JSON field | arguments of alife bench
# (the speed issue's targets first, then the earlier ones that must still hold)
targets=(
    "boids 10k, seed parameters, 1 thread (CPU time)|<=|30|cpu_ns_per_boid_step|steering --boids 10000 --threads 1 --json"
    "boids 1M, 2 threads|>=|20|steps_per_s|steering --boids 1000000 --steps 30 --threads 2 --json"
    "ants, Smart Sweepers set-up, own worlds, 1 thread|>=|80000000|ant_steps_per_s|ants --world own --threads 1 --json"
    "ants, shared world, 1 thread|>=|80000000|ant_steps_per_s|ants --world shared --threads 1 --json"
    "GA pop 1000 x len 64, 1 thread|>=|60000|generations_per_s|estrings --pop 1000 --len 64 --threads 1 --json"
    "boids 10k, 2 threads|>=|1000|steps_per_s|steering --boids 10000 --steps 3000 --threads 2 --json"
    "boids 100k, 2 threads|>=|60|steps_per_s|steering --boids 100000 --steps 300 --threads 2 --json"
    "GA pop 1000 x len 64, 2 threads|>=|20000|generations_per_s|estrings --pop 1000 --len 64 --threads 2 --json"
    # two threads against one (x>=): the same command with --threads 2 and
    # --threads 1 in turn, the ratio of the two figures each round
    "ants 300, two threads vs one (on a quiet machine)|x>=|1.7|ant_steps_per_s|ants --ants 300 --generations 100 --json"
    "GA pop 10000 x len 64, two threads vs one (on a quiet machine)|x>=|1.7|generations_per_s|estrings --pop 10000 --len 64 --json"
)
field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }

declare -A got
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 1; i <= R; ++i)); do
    for t in "${!targets[@]}"; do
        IFS='|' read -r name op goal key args <<<"${targets[$t]}"
        if [ "$op" = "x>=" ]; then
            # shellcheck disable=SC2086 # args is a word list on purpose
            v2=$("$ALIFE" bench $args --threads 2 | field "$key") &&
                v1=$("$ALIFE" bench $args --threads 1 | field "$key") ||
                { echo "speed_targets: '$ALIFE bench $args --threads 1|2' failed" >&2; exit 1; }
            v=$(python3 -c "print($v2 / $v1)")
        else
            # shellcheck disable=SC2086 # args is a word list on purpose
            v=$("$ALIFE" bench $args | field "$key") || { echo "speed_targets: '$ALIFE bench $args' failed" >&2; exit 1; }
        fi
        got[$t]="${got[$t]:-} $v"
    done
    printf '.' >&2
done
echo >&2
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"

status=0
for t in "${!targets[@]}"; do
    IFS='|' read -r name op goal key args <<<"${targets[$t]}"
    line=$(python3 - "$op" "$goal" ${got[$t]} <<'EOF'
import statistics, sys
op = sys.argv[1]; goal = float(sys.argv[2]); v = sorted(float(x) for x in sys.argv[3:])
ok = (lambda x: x <= goal) if op == "<=" else (lambda x: x >= goal)
med = statistics.median(v)
met = sum(ok(x) for x in v)
f = (lambda x: f"{x:.2f}x") if op == "x>=" else (lambda x: f"{x:,.1f}")
print(f"min {f(v[0])}  median {f(med)}  max {f(v[-1])}  target {op.lstrip('x')} {f(goal) if op == 'x>=' else f'{goal:,.0f}'}: "
      f"{met}/{len(v)} runs met, {'MET' if ok(med) else 'NOT MET'} at the median")
EOF
)
    [ "$op" = "x>=" ] && args="$args --threads 2 / --threads 1"
    echo "$name  (alife bench $args)"
    echo "    $line"
    case $line in *"NOT MET"*) status=1 ;; esac
done

# The grid against brute force at 10k boids (target: 50x), by CPU time per
# boid-step (the wall figure of a short run on a shared machine is noise):
# the grid over 2,000 ticks (0.7 s: long enough to trust), the median of 5 runs; brute force once over
# 100 ticks (about 5 s: it scans every pair, so its cost per tick does not
# depend on where the boids are, unlike the grid's as flocks form).
g=$(for _ in 1 2 3 4 5; do "$ALIFE" bench steering --boids 10000 --steps 2000 --threads 1 --json | field cpu_ns_per_boid_step; done |
    sort -g | sed -n 3p)
b=$("$ALIFE" bench steering --boids 10000 --steps 100 --threads 1 --brute --json | field cpu_ns_per_boid_step)
ratio=$(python3 -c "print(f'{$b / $g:.0f}')")
echo "steering grid vs brute force at 10k boids, CPU ns per boid-step (alife bench steering --boids 10000 --threads 1 --steps 2000 | --brute --steps 100)"
echo "    grid $g ns (median of 5), brute force $b ns: ${ratio}x, target 50x: $([ "$ratio" -ge 50 ] && echo MET || echo NOT MET)"
[ "$ratio" -ge 50 ] || status=1
exit $status
