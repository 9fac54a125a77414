#!/usr/bin/env bash
# The ants through the alife program:
#   bash tests/cli_ants.sh /path/to/alife /path/to/source
# `alife run experiments/ants/*.ini` logs every generation with the figure
# baseline_mean (and mines_mean with mines), the same with 1 and 2 threads;
# bad configs are refused with exit 2 and a message naming the key and value;
# `alife bench ants` prints its figures (text and JSON).
set -u
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
TMP=$(mktemp -d /tmp/alife-cli-ants-XXXXXX)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1
failures=0

. "$SRC/tests/lib_expect.sh"

# ---- a short run logs the module's figures ----------------------------------------

if expect_exit 0 "$ALIFE" run "$SRC/experiments/ants/default.ini" --generations 3 --db tmp.db --quiet; then
    if expect_exit 0 "$ALIFE" export 1 --db tmp.db --csv run1.csv; then
        header=$(head -1 run1.csv)
        rows=$(($(wc -l <run1.csv) - 1))
        case "$header" in
        *baseline_mean*) ok "default.ini logs baseline_mean ($header)" ;;
        *) fail "no baseline_mean column in the export: $header" ;;
        esac
        [ "$rows" -eq 3 ] && ok "3 generations logged" || fail "$rows generations logged, want 3"
        # The greedy group really collects food and splits it up rather than
        # herding (30 greedy ants sharing the world: about 110 per ant; as a
        # herd they got about 19).
        col=$(head -1 run1.csv | tr ',' '\n' | grep -n '^baseline_mean$' | cut -d: -f1)
        low=$(tail -n +2 run1.csv | cut -d, -f"$col" | awk '$1 < 80 {n++} END {print n + 0}')
        [ "$low" -eq 0 ] && ok "baseline_mean >= 80 food per ant every generation" ||
            fail "baseline_mean below 80 in $low generations"
    fi
fi

# The summary names the baseline as the plot does, "greedy group", in own
# worlds too (it said "greedy forager" there).
if expect_exit 0 "$ALIFE" run "$SRC/experiments/ants/default.ini" --set ants.world=own --set ants.ticks=200 \
    --generations 1 --db own.db; then
    grep -q "(greedy group " out && ! grep -q "forager" out && ok "own worlds: the summary names the greedy group" ||
        fail "own worlds: the summary does not name the greedy group: $(tail -2 out)"
fi

# Mines add mines_mean; the same run with 1 and with 2 threads logs the same numbers.
for t in 1 2; do
    expect_exit 0 "$ALIFE" run "$SRC/experiments/ants/mines.ini" --generations 2 --threads $t \
        --set ants.ticks=500 --db mines$t.db --quiet &&
        expect_exit 0 "$ALIFE" export 1 --db mines$t.db --csv mines$t.csv
done
if [ -f mines1.csv ] && [ -f mines2.csv ]; then
    head -1 mines1.csv | grep -q mines_mean && ok "mines.ini logs mines_mean" ||
        fail "no mines_mean column: $(head -1 mines1.csv)"
    # wall_s differs between runs: compare every other column.
    strip() { col=$(head -1 "$1" | tr ',' '\n' | grep -n '^wall_s$' | cut -d: -f1); cut -d, -f"$col" --complement "$1"; }
    # ... and the doubles' bits in the database, not their 15- or 17-digit text.
    bits() { sqlite3 "$1" "SELECT gen, hex(ieee754_to_blob(best)), hex(ieee754_to_blob(mean)),
                               hex(ieee754_to_blob(worst)), hex(ieee754_to_blob(stddev)) FROM generations
                               ORDER BY gen; SELECT gen, name, hex(ieee754_to_blob(value)) FROM figures
                               ORDER BY gen, name"; }
    if [ "$(strip mines1.csv)" = "$(strip mines2.csv)" ] && [ -n "$(bits mines1.db)" ] &&
        [ "$(bits mines1.db)" = "$(bits mines2.db)" ]; then
        ok "1 and 2 threads log identical statistics, bit for bit"
    else
        fail "statistics differ between 1 and 2 threads"
    fi
fi

# ---- bad configs: exit 2, the key and the value named, nothing logged -------------

bad() {
    local key=$1 value=$2
    shift 2
    if expect_exit 2 "$ALIFE" run "$SRC/experiments/ants/default.ini" --db bad.db --quiet "$@"; then
        if grep -q "$key" err && grep -q -- "$value" err; then
            ok "refused $* ($(head -c 160 err | tr '\n' ' '))"
        else
            fail "$*: message does not name $key and $value: $(cat err)"
        fi
    fi
}
bad ants.count 0 --set ants.count=0
bad ants.hidden "width 0" --set ants.hidden=6,0
bad ants.inputs 5 --set ants.inputs=5
bad ants.ticks -5 --set ants.ticks=-5
bad ants.mine_penalty lots --set ants.mine_penalty=lots
bad ants.world everyone --set ants.world=everyone
bad ga.elites 30 --set ga.elites=30
[ -e bad.db ] && fail "a refused config created the database" || ok "refused configs wrote no database"

printf '[run]\nmodule = ants\n[ants]\ncount = 0\n' >zero.ini
if expect_exit 2 "$ALIFE" run zero.ini --db bad.db --quiet; then
    grep -q "zero.ini:4" err && ok "file errors name file:line" || fail "no file:line in: $(cat err)"
fi

# ---- the benchmark ---------------------------------------------------------------

if expect_exit 0 "$ALIFE" bench ants --ants 20 --ticks 200 --generations 2 --json; then
    for field in '"ants": 20' '"ticks": 200' '"threads":' '"ant_steps_per_s":'; do
        grep -q "$field" out && ok "bench --json has $field" || fail "bench --json lacks $field: $(cat out)"
    done
fi
expect_exit 0 "$ALIFE" bench ants --ants 20 --ticks 200 --generations 2 --threads 1 && cp out b1
expect_exit 0 "$ALIFE" bench ants --ants 20 --ticks 200 --generations 2 --threads 2 && cp out b2
if [ -f b1 ] && [ -f b2 ]; then
    c1=$(grep -o 'checksum [0-9a-f]*' b1)
    c2=$(grep -o 'checksum [0-9a-f]*' b2)
    [ -n "$c1" ] && [ "$c1" = "$c2" ] && ok "bench checksum equal with 1 and 2 threads ($c1)" ||
        fail "bench checksums differ: '$c1' vs '$c2'"
fi
# The speed default times enough to trust: the default set-up (30 ants x
# 2000 ticks) for at least 0.5 s at the speed target, 80 million
# ant-steps/s (300 generations timed 0.24 s: "too short to trust").
if expect_exit 0 "$ALIFE" bench ants --ants 8 --ticks 2 --json; then
    gens=$(grep -o '"generations": [0-9]*' out | grep -o '[0-9]*$')
    [ -n "$gens" ] && [ $((gens * 30 * 2000)) -ge 40000000 ] &&
        ok "the speed default ($gens generations) times 0.5 s or more at 80M ant-steps/s" ||
        fail "the speed default times ${gens:-?} generations: under 0.5 s at 80M ant-steps/s"
fi
# ... and scales with the ants: 60 million ant-steps (100 generations of
# 300 ants, about a second), not the 1000 generations (13 s) of a fixed default.
if expect_exit 0 "$ALIFE" bench ants --ants 300 --json; then
    gens=$(grep -o '"generations": [0-9]*' out | grep -o '[0-9]*$')
    [ -n "$gens" ] && [ $((gens * 300 * 2000)) -ge 40000000 ] && [ "$gens" -le 200 ] &&
        ok "the speed default at 300 ants times $gens generations (0.5 s or more, not 13 s)" ||
        fail "the speed default at 300 ants times ${gens:-?} generations, want 67 to 200"
fi
expect_exit 2 "$ALIFE" bench ants --ants 0 && ok "bench --ants 0 refused (exit 2)"
expect_exit 2 "$ALIFE" bench ants --threads lots && ok "bench --threads lots refused (exit 2)"
expect_exit 0 "$ALIFE" bench ants --help && grep -q -- "--learn" out && ok "bench ants --help"

# ---- the GUI view, where the GUI is built ---------------------------------------

if "$ALIFE" screenshot --help >/dev/null 2>&1; then
    for cfg in default mines; do
        if SDL_VIDEODRIVER=dummy expect_exit 0 "$ALIFE" screenshot "$SRC/experiments/ants/$cfg.ini" \
            --ticks 4500 --out shot_$cfg.png --db shot.db; then
            if [ "$(head -c 8 shot_$cfg.png | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ]; then
                ok "screenshot of the ants view ($cfg.ini) is a PNG"
            else
                fail "screenshot_$cfg.png is not a PNG"
            fi
        fi
    done
else
    ok "no GUI in this build: view not checked"
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "all ants CLI checks passed"
