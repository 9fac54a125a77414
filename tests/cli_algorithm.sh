#!/usr/bin/env bash
# run.algorithm through the alife program:
#   bash tests/cli_algorithm.sh /path/to/alife /path/to/source
# `config --list` lists run.algorithm and the [cmaes] keys; an algorithm the
# module cannot take, one not built yet and sigma0 <= 0 exit 2 naming the
# key; the ants run under the GA, CMA-ES and NEAT, `alife show` records
# run.algorithm, a NEAT run replays bit for bit (`alife replay --check`),
# and `alife compare --group-by run.algorithm` sets the three side by side
# with the Mann-Whitney U test.
set -u
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
TMP=$(mktemp -d /tmp/alife-cli-algorithm-XXXXXX)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1
failures=0

. "$SRC/tests/lib_expect.sh"

# ---- the schema ---------------------------------------------------------------------

if expect_exit 0 "$ALIFE" config --list; then
    for key in run.algorithm cmaes.sigma0 cmaes.lambda cmaes.mu cmaes.covariance cmaes.restarts \
        cmaes.ipop_factor cmaes.active; do
        grep -q "^$key " out && ok "config --list lists $key" || fail "config --list lacks $key"
    done
    grep -A0 "^run.algorithm " out | grep -q "ga|neat|cmaes" && ok "run.algorithm: ga|neat|cmaes" ||
        fail "run.algorithm's choices: $(grep '^run.algorithm' out)"
fi

# ---- bad input: exit 2, naming what is wrong ---------------------------------------

HELLO="$SRC/experiments/estrings/hello.ini"
ANTS="$SRC/experiments/ants/default.ini"
if expect_exit 2 "$ALIFE" run "$HELLO" --set run.algorithm=cmaes --db t.db --quiet; then
    grep -q "run.algorithm = cmaes makes float vectors; task 'estrings' takes bytes" err &&
        ok "cmaes on estrings refused naming both" || fail "cmaes on estrings: $(cat err)"
fi
if expect_exit 2 "$ALIFE" run "$ANTS" --set run.algorithm=pso --db t.db --quiet; then
    grep -q "run.algorithm" err && grep -q "ga|neat|cmaes" err && ok "an unknown algorithm is refused" ||
        fail "unknown algorithm: $(cat err)"
fi
for bad in 0 -0.5; do
    if expect_exit 2 "$ALIFE" run "$ANTS" --set run.algorithm=cmaes --set cmaes.sigma0=$bad --db t.db --quiet; then
        grep -q "cmaes.sigma0" err && ok "cmaes.sigma0 = $bad refused" || fail "sigma0 $bad: $(cat err)"
    fi
done
if expect_exit 2 "$ALIFE" run "$ANTS" --set run.algorithm=cmaes --set cmaes.restarts=2 --db t.db --quiet; then
    grep -q "cmaes.restarts = 2" err && ok "IPOP restarts refused on the fixed ants population" ||
        fail "restarts: $(cat err)"
fi
[ ! -e t.db ] || [ "$("$ALIFE" runs --db t.db 2>/dev/null | grep -c ants)" -eq 0 ] &&
    ok "no run recorded for refused configs" || fail "a refused config left a run in t.db"

# Caught: the GA on xor was said to make "bytes", though it makes float
# vectors for the pole: every kind the algorithm can make is named.
if expect_exit 2 "$ALIFE" run "$SRC/experiments/xor/xor.ini" --set run.algorithm=ga --db t.db --quiet; then
    grep -q "run.algorithm = ga makes bytes or float vectors; task 'xor' takes NEAT genomes" err &&
        ok "ga on xor names both kinds the GA makes" || fail "ga on xor: $(cat err)"
fi

# Caught: steering took --set run.algorithm=cmaes silently (exit 0); it evolves
# nothing, so any algorithm but the default is refused.
if expect_exit 2 "$ALIFE" run "$SRC/experiments/steering/boids.ini" --set run.algorithm=cmaes --steps 10 --db t.db --quiet; then
    grep -q "run.algorithm = cmaes: the steering module evolves nothing" err &&
        ok "an algorithm for steering is refused" || fail "steering cmaes: $(cat err)"
fi
expect_exit 0 "$ALIFE" run "$SRC/experiments/steering/boids.ini" --steps 10 --db t2.db --quiet &&
    ok "steering runs with the default algorithm"
# The help line says which algorithms each module takes, its default first.
if expect_exit 0 "$ALIFE" config --list; then
    line=$(grep -A1 "^run.algorithm " out | tr "\n" " ")
    for m in estrings ants xor pole steering; do
        d=$("$ALIFE" config --module $m | awk -F' = ' '$1 == "algorithm" { print $2; exit }')
        echo "$line" | grep -q "$m $d" && ok "config --list: $m's default $d first" ||
            fail "config --list's run.algorithm line lacks '$m $d': $line"
    done
    echo "$line" | grep -q "not estrings" && fail "the old, untrue help line: $line"
fi

# ---- GA, CMA-ES and NEAT on the ants, side by side ---------------------------------

for alg in ga cmaes neat; do
    for seed in 1 2 3 4; do
        expect_exit 0 "$ALIFE" run "$ANTS" --seed $seed --generations 3 --set ants.ticks=300 \
            --set ants.world=own --set run.algorithm=$alg --db r.db --quiet ||
            fail "ants with $alg, seed $seed"
    done
done
if expect_exit 0 "$ALIFE" show 5 --db r.db; then
    grep -q "run.algorithm *= *cmaes" out && ok "show records run.algorithm = cmaes" ||
        fail "show 5 lacks run.algorithm: $(grep -i algorithm out)"
fi
if expect_exit 0 "$ALIFE" export 5 --db r.db --csv cm.csv; then
    head -1 cm.csv | grep -q sigma && ok "CMA-ES runs log its sigma" || fail "no sigma column: $(head -1 cm.csv)"
fi
if expect_exit 0 "$ALIFE" show 9 --db r.db; then
    grep -q "run.algorithm *= *neat" out && grep -q "neat.add_node" out &&
        ok "show records run.algorithm = neat and its [neat] keys" || fail "show 9: $(grep -i neat out)"
fi
if expect_exit 0 "$ALIFE" export 9 --db r.db --csv ne.csv; then
    head -1 ne.csv | grep -q species && ok "NEAT runs log their species" || fail "no species column: $(head -1 ne.csv)"
fi
# Caught: NEAT on the ants was refused ("task 'ants' takes float vectors").
# Its stored genomes (NEAT's format) replay exactly, with 1 thread or 2.
for t in 1 2; do
    if expect_exit 0 "$ALIFE" replay 9 --check --threads $t --db r.db; then
        grep -q "^identical" out && ok "a NEAT ants run replays bit for bit ($t threads)" || fail "replay 9: $(cat out)"
    fi
done
if expect_exit 0 "$ALIFE" compare --where run.module=ants --group-by run.algorithm --db r.db; then
    grep -q "3 groups by run.algorithm" out && ok "compare groups by run.algorithm" || fail "groups: $(head -3 out)"
    grep -q "^cmaes  *4 " out && grep -q "^ga  *4 " out && grep -q "^neat  *4 " out && ok "4 runs in each group" ||
        fail "group rows: $(grep -E '^(ga|cmaes|neat) ' out)"
    grep -q "each pair of the 3 groups (p Holm-adjusted for 3 pairs)" out && ok "the three side by side: every pair tested" ||
        fail "no pairwise tests: $(tail -5 out)"
    # Each pair's line, its raw p the same as the two-group test's below, its adjusted p no smaller.
    for pair in cmaes,ga cmaes,neat ga,neat; do
        a=${pair%,*} b=${pair#*,}
        line=$(grep "'$a' (n=4) vs '$b' (n=4): U = " out)
        [ -n "$line" ] || fail "no pairwise line $a vs $b"
        eval "$(echo "$line" | sed -n "s/.*, p = \([^,]*\), adjusted p = \([^,]*\),.*/p_$a$b=\1 adj_$a$b=\2/p")"
    done
fi
cp out three_groups.out
# The U test compares two groups: each pair of the three, picked with --where.
for pair in cmaes,ga cmaes,neat ga,neat; do
    a=${pair%,*} b=${pair#*,}
    if expect_exit 0 "$ALIFE" compare --where run.module=ants --where run.algorithm=$pair --group-by run.algorithm --db r.db; then
        grep -q "Mann-Whitney U on final best, '$a' (n=4) vs '$b' (n=4)" out && ok "the U test: $a vs $b" ||
            fail "no U test $a vs $b: $(cat out)"
        p2=$(sed -n 's/.*p = \([^ ]*\) (two-sided.*/\1/p' out)
        eval "p3=\${p_$a$b:-} adj=\${adj_$a$b:-}"
        [ -n "$p2" ] && [ "$p2" = "$p3" ] && ok "$a vs $b: the same p among three groups ($p3)" ||
            fail "$a vs $b: p $p2 alone, '$p3' among three"
        python3 -c "import sys; sys.exit(0 if float('$adj') >= float('$p3') else 1)" 2>/dev/null &&
            ok "$a vs $b: adjusted p $adj >= p" || fail "$a vs $b: adjusted p '$adj' below p '$p3'"
    fi
done

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "all algorithm CLI checks passed"
