#!/usr/bin/env bash
# NEAT and CMA-ES side by side with their Python peers (issue 15: time per
# generation at least 50x below neat-python's and pycma's):
#   bash scripts/peer_evo.sh --neat-python DIR --pycma DIR [--alife build/alife]
#        [--rounds R] [--only neat|cmaes]
# DIR: checkouts fetched outside the project (github.com/CodeReclaimers/neat-python,
# github.com/CMA-ES/pycma); pycma runs on Debian's numpy (/usr/bin/python3).
# Cases, one thread each (numpy's BLAS held to one):
#   NEAT XOR, population 150: alife's experiments/xor/xor.ini beside
#     neat-python's own examples/xor/config-feedforward, both scoring
#     (4 - sum |error|)^2 and stopping at the first solver
#     (scripts/peers/neat_python_xor.py);
#   CMA-ES on sphere and Rosenbrock, dimension 10 and 40, default lambda,
#     x0 1 (sphere) or 0 (Rosenbrock), sigma0 0.5, to f < 1e-8 or 15,000
#     evaluations for Rosenbrock 40 (scripts/peers/pycma_cmaes.py).
# Each round runs every case once on each side, alternating which goes
# first, so that a slow minute of a shared machine hits both alike. Prints,
# per case, CPU time per generation min / median / max over the rounds for
# each side, and the ratio of the medians (with the range of the rounds'
# ratios). Exit status 0 when every ratio is at least 50 at the median.
set -u
here=$(cd "$(dirname "$0")" && pwd)
ALIFE=$here/../build/alife NEATPY='' PYCMA='' R=5 ONLY=''
usage() { echo "usage: bash scripts/peer_evo.sh --neat-python DIR --pycma DIR [--alife PROGRAM] [--rounds R] [--only neat|cmaes]" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
        --alife) ALIFE=${2:-}; shift 2 ;;
        --neat-python) NEATPY=${2:-}; shift 2 ;;
        --pycma) PYCMA=${2:-}; shift 2 ;;
        --rounds) R=${2:-}; shift 2 ;;
        --only) ONLY=${2:-}; shift 2 ;;
        -h | --help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) usage ;;
    esac
done
[ -x "$ALIFE" ] || { echo "peer_evo: no alife program at '$ALIFE' (build first, or give --alife)" >&2; exit 2; }
case $R in '' | *[!0-9]* | 0) echo "peer_evo: --rounds must be a positive number, not '$R'" >&2; exit 2 ;; esac
case $ONLY in '' | neat | cmaes) ;; *) usage ;; esac
PY=/usr/bin/python3
[ "$ONLY" = cmaes ] || [ -f "$NEATPY/neat/__init__.py" ] || { echo "peer_evo: --neat-python '$NEATPY' is not a neat-python checkout" >&2; exit 2; }
[ "$ONLY" = neat ] || [ -f "$PYCMA/cma/__init__.py" ] || { echo "peer_evo: --pycma '$PYCMA' is not a pycma checkout" >&2; exit 2; }
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1
xor=$here/../experiments/xor/xor.ini

# name | alife bench arguments | peer command (after the python)
cases=()
[ "$ONLY" = cmaes ] || cases+=("NEAT XOR, population 150|neat --config $xor --seeds 50 --threads 1 --json|$here/peers/neat_python_xor.py --neat-python $NEATPY --config standard --seeds 2 --json")
if [ "$ONLY" != neat ]; then
    for c in "sphere 10 1000000" "sphere 40 1000000" "rosenbrock 10 1000000" "rosenbrock 40 15000"; do
        read -r fn dim evals <<<"$c"
        cases+=("CMA-ES $fn, dimension $dim|cmaes --fn $fn --dim $dim --max-evals $evals --seeds 20 --threads 1 --json|$here/peers/pycma_cmaes.py --fn $fn --dim $dim --max-evals $evals --seeds 3 --json")
    done
fi

# (alife writes nan for the median of no solved run, which JSON has not: read the one field)
field() { "$PY" -c "import re,sys; print(float(re.search(r'\"cpu_s_per_generation\": *([^,}]+)', sys.stdin.read()).group(1)))"; }
run_alife() { # shellcheck disable=SC2086 # a word list on purpose
    "$ALIFE" bench $1 2>/dev/null | field; }
run_peer() { # shellcheck disable=SC2086
    PYTHONPATH=$PYCMA "$PY" $1 | field; }

declare -A A P
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 1; i <= R; ++i)); do
    for t in "${!cases[@]}"; do
        IFS='|' read -r name aargs pargs <<<"${cases[$t]}"
        if ((i % 2)); then
            a=$(run_alife "$aargs") && p=$(run_peer "$pargs")
        else
            p=$(run_peer "$pargs") && a=$(run_alife "$aargs")
        fi || { echo "peer_evo: a run of '$name' failed" >&2; exit 1; }
        A[$t]="${A[$t]:-} $a"
        P[$t]="${P[$t]:-} $p"
    done
    printf '.' >&2
done
echo >&2
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"

status=0
for t in "${!cases[@]}"; do
    IFS='|' read -r name aargs pargs <<<"${cases[$t]}"
    echo "$name"
    echo "    alife bench ${aargs/$xor/experiments/xor/xor.ini}"
    peer="/usr/bin/python3 scripts/${pargs#"$here"/}"
    [ "$ONLY" = cmaes ] || peer=${peer//"$NEATPY"/NEAT_PYTHON_DIR}
    case $peer in *pycma*) peer="PYTHONPATH=PYCMA_DIR $peer" ;; esac
    echo "    $peer"
    line=$("$PY" - "${A[$t]}" "${P[$t]}" <<'EOF2'
import statistics, sys
a = [float(x) for x in sys.argv[1].split()]
p = [float(x) for x in sys.argv[2].split()]
r = sorted(y / x for x, y in zip(a, p))
ma, mp = statistics.median(a), statistics.median(p)
us = lambda v: "%s us" % format(v * 1e6, ",.2f")
print("    CPU per generation, min / median / max over %d rounds: alife %s / %s / %s; peer %s / %s / %s"
      % (len(a), us(min(a)), us(ma), us(max(a)), us(min(p)), us(mp), us(max(p))))
print("    peer / alife: %.1fx at the medians (rounds %.1fx .. %.1fx): %s"
      % (mp / ma, r[0], r[-1], "MET (>= 50x)" if mp / ma >= 50 else "NOT MET (< 50x)"))
EOF2
)
    echo "$line"
    case $line in *"NOT MET"*) status=1 ;; esac
done
exit $status
