#!/usr/bin/env bash
# Acceptance of issue 6 (sweeps and compare) on the ants module:
#   bash scripts/compare_acceptance.sh [path/to/alife] [generations] [jobs] [outdir] [threshold]
# 1. A 10-seed x 3-value sweep of experiments/ants/default.ini over
#    ga.mutation_rate = 0.02, 0.1, 0.3, killed (SIGINT) midway and run again:
#    every (group, seed) cell ends with exactly one finished run.
# 2. alife compare --sweep: the table, JSON, CSV and plot; the figures of the
#    table (median and quartiles of the final best and mean per group, the
#    number of runs reaching the threshold, the U statistic between two groups)
#    are recomputed here from the raw rows with sqlite3 and awk and must agree.
# 3. The plot is written to OUTDIR/ants_sweep.png (look at it).
# Exit status 0 when everything holds. Not part of ctest: it takes minutes.
set -u
ALIFE=${1:-build/alife}
GENS=${2:-100}
JOBS=${3:-2}
OUT=${4:-results/compare_acceptance}
THRESH=${5:-126} # best food per ant: most runs reach it, some never do (censored)
SRC=$(cd "$(dirname "$0")/.." && pwd)
CFG="$SRC/experiments/ants/default.ini"
mkdir -p "$OUT"
DB="$OUT/ants_sweep.db"
rm -f "$DB" "$DB-wal" "$DB-shm"
NAME=ants-accept
SWEEP=(sweep "$CFG" --seeds 1-10 --set ga.mutation_rate=0.02,0.1,0.3 --generations "$GENS"
       --jobs "$JOBS" --db "$DB" --name "$NAME")
status=0
fail() { echo "FAIL: $*"; status=1; }
q() { sqlite3 -batch -noheader "$DB" "$@"; }
echo "== $(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"

echo "== 1. sweep, stopped midway: $ALIFE ${SWEEP[*]}"
t0=$(date +%s.%N)
"$ALIFE" "${SWEEP[@]}" >/dev/null 2>"$OUT/sweep1.err" &
pid=$!
while kill -0 $pid 2>/dev/null; do
    n=0 # (never let the sqlite3 CLI create the file before alife does)
    [ -s "$DB" ] && n=$(q "SELECT count(*) FROM runs WHERE status='finished'" 2>/dev/null || echo 0)
    [ "${n:-0}" -ge 12 ] && break
    sleep 0.2
done
kill -INT $pid 2>/dev/null
wait $pid
echo "   first attempt exit $? ($(tail -2 "$OUT/sweep1.err" | head -1))"
q "SELECT status, count(*) FROM runs GROUP BY status" | sed 's/^/   /'
"$ALIFE" "${SWEEP[@]}" >/dev/null 2>"$OUT/sweep2.err" || fail "resumed sweep did not finish"
t1=$(date +%s.%N)
grep 'already finished' "$OUT/sweep2.err" | sed 's/^/   /'
tail -1 "$OUT/sweep2.err" | sed 's/^/   /'
echo "   wall time of both attempts: $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f s", b - a }')"
fin=$(q "SELECT count(*) FROM runs WHERE status='finished'")
cells=$(q "SELECT count(*) FROM (SELECT DISTINCT g.value, r.seed FROM runs r JOIN params g
           ON g.run = r.id AND g.key = 'run.group' WHERE r.status = 'finished')")
gens=$(q "SELECT min(c), max(c) FROM (SELECT count(*) AS c FROM generations g JOIN runs r
          ON r.id = g.run WHERE r.status = 'finished' GROUP BY g.run)")
echo "   finished runs: $fin, distinct finished cells: $cells, generations per run (min|max): $gens"
[ "$fin" -eq 30 ] && [ "$cells" -eq 30 ] || fail "expected 30 finished runs in 30 cells"

echo "== 2. compare: $ALIFE compare --sweep $NAME --db $DB --threshold $THRESH"
"$ALIFE" compare --sweep "$NAME" --db "$DB" --threshold "$THRESH" --plot "$OUT/ants_sweep.png" \
    --csv "$OUT/ants_sweep.csv" | tee "$OUT/compare.txt" || fail "compare failed"
"$ALIFE" compare --sweep "$NAME" --db "$DB" --threshold "$THRESH" --json >"$OUT/compare.json" ||
    fail "compare --json failed"
quantiles() {
    sort -g | awk '{ v[NR - 1] = $1 } END { n = NR; split("0.5 0.25 0.75", p, " ");
        for (k = 1; k <= 3; ++k) { h = (n - 1) * p[k]; lo = int(h);
            x = (lo >= n - 1) ? v[n - 1] : v[lo] + (h - lo) * (v[lo + 1] - v[lo]);
            printf "%.10g%s", x, (k < 3 ? " " : "\n") } }'
}
jget() { # jget LINE FIELD KEY: FIELD's KEY (e.g. final_best median) from a group line
    sed -E "s/.*\"$2\":\\{[^}]*\"$3\":([^,}]+).*/\\1/" <<<"$1"
}
agree() { [ -n "$1" ] && [ -n "$2" ] && awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-9 * (1 + (a < 0 ? -a : a))) }'; }
km() { # stdin: "time event" per run; the Kaplan-Meier median time, or -1
    sort -g | awk '{ t[NR] = $1; e[NR] = $2 } END { n = NR; s = 1;
        for (i = 1; i <= n; ++i) {
            if (!e[i] || (i > 1 && t[i] == t[i - 1] && e[i - 1])) continue;
            d = 0; r = 0;
            for (j = 1; j <= n; ++j) { if (t[j] >= t[i]) r++; if (e[j] && t[j] == t[i]) d++ }
            s *= 1 - d / r;
            if (s <= 0.5 + 1e-12) { print t[i]; exit }
        }
        print -1 }'
}
for rate in 0.02 0.1 0.3; do
    grp="ga.mutation_rate=$rate"
    line=$(grep "\"label\":\"$grp\"" "$OUT/compare.json")
    for col in best mean; do
        read -r med q1 q3 <<<"$(q "SELECT g.$col FROM generations g JOIN runs r ON r.id = g.run
            JOIN params p ON p.run = g.run AND p.key = 'run.group' AND p.value = '$grp'
            WHERE r.status = 'finished'
            AND g.gen = (SELECT max(gen) FROM generations x WHERE x.run = g.run)" | quantiles)"
        jm=$(jget "$line" "final_$col" median)
        j1=$(jget "$line" "final_$col" q1)
        j3=$(jget "$line" "final_$col" q3)
        if agree "$med" "$jm" && agree "$q1" "$j1" && agree "$q3" "$j3"; then
            echo "   $grp final $col: median $med [$q1, $q3] -- compare agrees"
        else
            fail "$grp final $col: sql $med [$q1, $q3], compare $jm [$j1, $j3]"
        fi
    done
    reach=$(q "SELECT count(DISTINCT g.run) FROM generations g JOIN runs r ON r.id = g.run
        JOIN params p ON p.run = g.run AND p.key = 'run.group' AND p.value = '$grp'
        WHERE r.status = 'finished' AND g.best >= $THRESH")
    kmed=$(q "SELECT coalesce((SELECT min(gen) FROM generations WHERE run = r.id AND best >= $THRESH),
                              (SELECT max(gen) FROM generations WHERE run = r.id)),
                     (SELECT count(*) > 0 FROM generations WHERE run = r.id AND best >= $THRESH)
              FROM runs r JOIN params p ON p.run = r.id AND p.key = 'run.group' AND p.value = '$grp'
              WHERE r.status = 'finished'" | tr '|' ' ' | km)
    jkm=$(sed -E 's/.*"km_median":([^,}]+).*/\1/' <<<"$line" | sed 's/null/-1/')
    if agree "$kmed" "$jkm"; then
        echo "   $grp: Kaplan-Meier median generation to reach $THRESH: $kmed (-1: not reached) -- compare agrees"
    else
        fail "$grp: Kaplan-Meier median: sql+awk $kmed, compare $jkm"
    fi
    if grep -q "\"reached\":$reach," <<<"$line"; then
        echo "   $grp: $reach/10 runs reached best >= $THRESH -- compare agrees"
    else
        fail "$grp: sql says $reach runs reach $THRESH; compare: $(grep -o '"reached":[0-9]*' <<<"$line")"
    fi
done
echo "== Mann-Whitney between the extremes: compare --sweep $NAME --where ga.mutation_rate=0.02,0.3"
"$ALIFE" compare --sweep "$NAME" --db "$DB" --where ga.mutation_rate=0.02,0.3 | sed -n '/Mann-Whitney/,$p'
"$ALIFE" compare --sweep "$NAME" --db "$DB" --where ga.mutation_rate=0.02,0.3 --json >"$OUT/pair.json"
u1=$(q "WITH f AS (SELECT p.value AS grp, g.best AS v FROM generations g JOIN runs r ON r.id = g.run
        JOIN params p ON p.run = g.run AND p.key = 'run.group' WHERE r.status = 'finished'
        AND g.gen = (SELECT max(gen) FROM generations x WHERE x.run = g.run))
    SELECT sum(CASE WHEN a.v > b.v THEN 1.0 WHEN a.v = b.v THEN 0.5 ELSE 0 END) FROM f a, f b
    WHERE a.grp = 'ga.mutation_rate=0.02' AND b.grp = 'ga.mutation_rate=0.3'")
ju1=$(grep -o '"u1":[^,]*' "$OUT/pair.json" | sed 's/.*://')
if agree "$u1" "$ju1"; then echo "   U1 = $u1 by pair counting in SQL -- compare agrees"
else fail "U1: sql $u1, compare $ju1"; fi
echo "== the same on the areas under the curves (--test auc):"
"$ALIFE" compare --sweep "$NAME" --db "$DB" --where ga.mutation_rate=0.02,0.3 --test auc | sed -n '/Mann-Whitney/,$p'
rows=$(grep -c '^[0-9]' "$OUT/ants_sweep.csv") # per-run rows (group rows start with ',')
[ "$rows" -eq "$((2 * $(q "SELECT count(*) FROM generations g JOIN runs r ON r.id = g.run WHERE r.status = 'finished'")))" ] ||
    fail "csv rows $rows"
echo "== 3. plot: $OUT/ants_sweep.png ($(head -c 24 "$OUT/ants_sweep.png" | od -An -tu1 -j16 | awk '{ print $3 * 256 + $4 "x" $7 * 256 + $8 }'))"
[ $status -eq 0 ] && echo "== all acceptance checks hold" || echo "== some checks FAILED"
exit $status
