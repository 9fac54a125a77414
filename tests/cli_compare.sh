#!/usr/bin/env bash
# alife sweep / compare / db merge from the command line, on real estrings
# runs. The figures compare prints are checked against the same figures
# computed here independently from the raw rows with the sqlite3 CLI and awk.
# usage: bash tests/cli_compare.sh /path/to/alife /path/to/source
set -u
ALIFE="$1"
SRC="$2"
T="$(mktemp -d "${TMPDIR:-/tmp}/alife-cli-compare.XXXXXX")"
trap 'rm -rf "$T"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
check() { # check DESCRIPTION CONDITION...
    local what="$1"; shift
    if "$@"; then echo "ok: $what"; else fail "$what"; fi
}
command -v sqlite3 >/dev/null || { echo "cli_compare.sh needs the sqlite3 CLI (apt-get install sqlite3)" >&2; exit 1; }
q() { sqlite3 -batch -noheader "$DB" "$@"; }
# near A B: |A - B| <= 1e-9 * max(1, |A|, |B|)
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; m = 1; if (a > m) m = a; if (-a > m) m = -a; if (b > m) m = b; if (-b > m) m = -b; exit !(d <= 1e-9 * m) }'; }

cat > "$T/es.ini" <<'EOF'
[run]
module = estrings
generations = 60
[estrings]
target = Hello sweep
population = 40
EOF
DB="$T/runs.db"

# ---- sweep ------------------------------------------------------------------
"$ALIFE" sweep "$T/es.ini" --seeds 1-6 --set ga.mutation_rate=0.02,0.2 --jobs 2 --db "$DB" \
    --name t1 >"$T/sweep1.out" 2>"$T/sweep1.err"
check "sweep of 2 values x 6 seeds exits 0" test $? -eq 0
check "sweep stored 12 finished runs" test "$(q "SELECT count(*) FROM runs WHERE status='finished'")" -eq 12
check "every (group, seed) cell once" test "$(q "SELECT count(*) FROM (SELECT DISTINCT g.value, r.seed FROM runs r JOIN params g ON g.run=r.id AND g.key='run.group')")" -eq 12
check "runs carry their group's override" test "$(q "SELECT count(*) FROM runs r JOIN params g ON g.run=r.id AND g.key='run.group' JOIN params m ON m.run=r.id AND m.key='ga.mutation_rate' WHERE g.value = 'ga.mutation_rate=' || m.value")" -eq 12
check "progress bar on stderr" grep -q '12/12' "$T/sweep1.err"
"$ALIFE" sweep "$T/es.ini" --seeds 1-6 --set ga.mutation_rate=0.02,0.2 --jobs 2 --db "$DB" \
    --name t1 >"$T/sweep2.out" 2>"$T/sweep2.err"
check "same sweep again exits 0" test $? -eq 0
check "same sweep again runs nothing" grep -q '12 already finished, 0 to run' "$T/sweep2.err"
check "still 12 runs" test "$(q "SELECT count(*) FROM runs")" -eq 12
"$ALIFE" sweep "$T/es.ini" --seeds 1-7 --set ga.mutation_rate=0.02,0.2 --jobs 2 --db "$DB" \
    --name t1 >/dev/null 2>"$T/sweep3.err"
check "a 7th seed adds only its 2 cells" grep -q '12 already finished, 2 to run' "$T/sweep3.err"
check "14 runs now" test "$(q "SELECT count(*) FROM runs WHERE status='finished'")" -eq 14

# ---- compare --sweep: figures against the raw rows -------------------------------
"$ALIFE" compare --sweep t1 --db "$DB" --threshold 0 --json >"$T/c.json" 2>"$T/c.err"
check "compare --sweep --json exits 0" test $? -eq 0
if command -v python3 >/dev/null; then
    check "compare --json is valid JSON" python3 -m json.tool "$T/c.json" >/dev/null
fi
H=$(q "SELECT max(gen) FROM generations")
# Per run: final best, AUC of best held to the horizon H, first gen with best <= 0.
q "WITH g AS (SELECT run, gen, best, lead(best) OVER w AS nb, lead(gen) OVER w AS ng
              FROM generations WINDOW w AS (PARTITION BY run ORDER BY gen)),
        last AS (SELECT run, max(gen) AS lg FROM generations GROUP BY run)
   SELECT g.run,
          (SELECT best FROM generations x WHERE x.run = g.run AND x.gen = last.lg),
          sum(CASE WHEN ng IS NULL THEN best * ($H - gen) ELSE (best + nb) / 2.0 * (ng - gen) END),
          coalesce((SELECT min(gen) FROM generations y WHERE y.run = g.run AND y.best <= 0), -1)
   FROM g JOIN last ON last.run = g.run GROUP BY g.run ORDER BY g.run" | tr '|' ' ' >"$T/sql_runs.txt"
check "sql sees 14 runs" test "$(wc -l <"$T/sql_runs.txt")" -eq 14
grep '^,\?{"id"' "$T/c.json" | sed -E 's/.*"id":([0-9]+),.*"final_best":([^,]+),.*"auc":([^,]+),"reached_at":([^,]+),.*/\1 \2 \3 \4/' \
    | sed 's/null/-1/' >"$T/json_runs.txt"
check "json lists 14 runs" test "$(wc -l <"$T/json_runs.txt")" -eq 14
while read -r id fb auc reach; do
    read -r jid jfb jauc jreach <<<"$(grep "^$id " "$T/json_runs.txt")"
    check "run $id: final best $fb" near "$fb" "${jfb:-x}"
    check "run $id: AUC $auc" near "$auc" "${jauc:-x}"
    check "run $id: reached at $reach" near "$reach" "${jreach:-x}"
done <"$T/sql_runs.txt"

# Per group: median and quartiles (type 7) of the final best, from SQL + awk.
quantiles() { # stdin: numbers; prints median q1 q3
    sort -g | awk '{ v[NR - 1] = $1 } END {
        n = NR; split("0.5 0.25 0.75", p, " ");
        for (k = 1; k <= 3; ++k) { h = (n - 1) * p[k]; lo = int(h);
            x = (lo >= n - 1) ? v[n - 1] : v[lo] + (h - lo) * (v[lo + 1] - v[lo]);
            printf "%.17g%s", x, (k < 3 ? " " : "\n") } }'
}
for grp in 'ga.mutation_rate=0.02' 'ga.mutation_rate=0.2'; do
    read -r med q1 q3 <<<"$(q "SELECT g.best FROM generations g JOIN params p ON p.run = g.run
        AND p.key = 'run.group' AND p.value = '$grp'
        WHERE g.gen = (SELECT max(gen) FROM generations x WHERE x.run = g.run)" | quantiles)"
    line=$(grep "\"label\":\"$grp\"" "$T/c.json")
    jmed=$(sed -E 's/.*"final_best":\{[^}]*"median":([^,]+),.*/\1/' <<<"$line")
    jq1=$(sed -E 's/.*"final_best":\{[^}]*"q1":([^,]+),.*/\1/' <<<"$line")
    jq3=$(sed -E 's/.*"final_best":\{[^}]*"q3":([^,]+),.*/\1/' <<<"$line")
    check "group $grp: median final best $med" near "$med" "$jmed"
    check "group $grp: q1 $q1" near "$q1" "$jq1"
    check "group $grp: q3 $q3" near "$q3" "$jq3"
    nreach=$(q "SELECT count(DISTINCT g.run) FROM generations g JOIN params p ON p.run = g.run
        AND p.key = 'run.group' AND p.value = '$grp' WHERE g.best <= 0")
    check "group $grp: $nreach runs reached 0" grep -q "\"label\":\"$grp\".*\"reached\":$nreach," <<<"$line"
done
# Mann-Whitney U1 of the first group's final values, by pair counting in SQL.
u1=$(q "WITH f AS (SELECT p.value AS grp, g.best AS v FROM generations g JOIN params p
        ON p.run = g.run AND p.key = 'run.group'
        WHERE g.gen = (SELECT max(gen) FROM generations x WHERE x.run = g.run))
    SELECT sum(CASE WHEN a.v > b.v THEN 1.0 WHEN a.v = b.v THEN 0.5 ELSE 0 END)
    FROM f a, f b WHERE a.grp = 'ga.mutation_rate=0.02' AND b.grp = 'ga.mutation_rate=0.2'")
ju1=$(grep -o '"u1":[^,]*' "$T/c.json" | sed 's/.*://')
check "Mann-Whitney U1 = $u1 (pair count)" near "$u1" "${ju1:-x}"
check "test reports n1 = n2 = 7" grep -q '"n1":7,"n2":7' "$T/c.json"
check "run.seed varies within groups" grep -q '"varying_within_groups":\["run.seed"\]' "$T/c.json"
check "differing keys: group, rate, seed only" grep -q '"differing_keys":\["run.group","run.seed","ga.mutation_rate"\]\|"differing_keys":\["ga.mutation_rate","run.group","run.seed"\]\|"differing_keys":\["run.seed","run.group","ga.mutation_rate"\]' "$T/c.json"
check "same keys are not listed as differing" bash -c "! grep -q '\"differing_keys\":\[[^]]*estrings.target' '$T/c.json'"

# The table says the same.
"$ALIFE" compare --sweep t1 --db "$DB" --threshold 0 >"$T/c.txt" 2>&1
check "table exits 0" test $? -eq 0
check "table has both groups" bash -c "grep -q '^ga.mutation_rate=0.02 ' '$T/c.txt' && grep -q '^ga.mutation_rate=0.2 ' '$T/c.txt'"
check "table prints the U test" grep -q "U = " "$T/c.txt"
check "table lists only differing params" bash -c "grep -A3 'params that differ' '$T/c.txt' | grep -q 'ga.mutation_rate  *0.02  *| 0.2'"

# --where and --group-by select the same runs as --sweep.
"$ALIFE" compare --where module=estrings --where run.sweep=t1 --group-by ga.mutation_rate \
    --db "$DB" --json >"$T/w.json" 2>/dev/null
check "--where/--group-by exits 0" test $? -eq 0
check "--where finds 14 runs in 2 groups" test "$(grep -c '^,\?{"label"' "$T/w.json")" -eq 2
check "--where numbers compare as numbers (2e-1)" bash -c "'$ALIFE' compare --where ga.mutation_rate=2e-1 --db '$DB' --json | grep -c '^,\?{\"id\"' | grep -qx 7"

# Two of a sweep's groups by listing values; the test on the areas.
check "--where KEY=V1,V2 selects both groups" bash -c "'$ALIFE' compare --sweep t1 --where ga.mutation_rate=0.02,0.2 --db '$DB' --json | grep -c '^,\?{\"id\"' | grep -qx 14"
check "--test auc tests the areas" bash -c "'$ALIFE' compare --sweep t1 --test auc --db '$DB' --json | grep -q '\"test\":{\"on\":\"auc\"'"
check "--csv - writes the curves to stdout only" bash -c "'$ALIFE' compare 1 2 --csv - --db '$DB' | head -1 | grep -q '^run,group,gen,metric,value'"
check "--csv - prints no table" bash -c "! '$ALIFE' compare 1 2 --csv - --db '$DB' | grep -q 'params that differ'"

# CSV long form: one row per run, generation and metric.
"$ALIFE" compare --sweep t1 --db "$DB" --csv "$T/c.csv" >/dev/null 2>&1
check "csv exits 0" test $? -eq 0
check "csv header" test "$(head -1 "$T/c.csv" | tr -d '\r')" = "run,group,gen,metric,value"
check "csv run rows = 2 x generation rows" test "$(grep -c '^[0-9]' "$T/c.csv")" -eq "$((2 * $(q 'SELECT count(*) FROM generations')))"
H=$(q "SELECT max(gen) FROM generations")
check "csv group rows: 2 groups x 3 x generations 0..$H" test "$(grep -c '^,' "$T/c.csv")" -eq "$((2 * 3 * (H + 1)))"
for grp in 'ga.mutation_rate=0.02' 'ga.mutation_rate=0.2'; do
    # The plotted mean at generation 0 (every run has it) is the plain average.
    avg=$(q "SELECT avg(g.best) FROM generations g JOIN params p ON p.run = g.run AND p.key = 'run.group' AND p.value = '$grp' WHERE g.gen = 0")
    check "csv group mean of $grp at gen 0 = SQL avg $avg" near "$avg" "$(grep "^,$grp,0,best_group_mean," "$T/c.csv" | cut -d, -f5 | tr -d '\r')"
done
r1=$(q "SELECT min(id) FROM runs")
check "csv value = database value" near "$(grep "^$r1,[^,]*,3,mean," "$T/c.csv" | cut -d, -f5 | tr -d '\r')" "$(q "SELECT mean FROM generations WHERE run=$r1 AND gen=3")"

# Plot (GUI builds draw it; others say they cannot).
"$ALIFE" compare --sweep t1 --db "$DB" --plot "$T/c.png" >/dev/null 2>"$T/plot.err"
rc=$?
if grep -q 'this build has no GUI' "$T/plot.err"; then
    check "plot without GUI exits 1" test $rc -eq 1
else
    check "plot exits 0" test $rc -eq 0
    check "plot is a PNG" test "$(head -c 8 "$T/c.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a"
    check "plot is 1200 x 760" test "$(od -An -tu1 -j16 -N8 "$T/c.png" | tr -s ' ' | sed 's/^ //')" = "0 0 4 176 0 0 2 248"
fi

# Help says how a sweep id is made; a dry run runs nothing; a sweep of seeds
# only is one group.
check "sweep --help explains the sweep id" bash -c "'$ALIFE' sweep --help | grep -q 'derived from the config'"
check "db merge --help" bash -c "'$ALIFE' db merge --help | grep -q -- '--into'"
"$ALIFE" sweep "$T/es.ini" --seeds 1-3 --set ga.mutation_rate=0.02,0.5 --db "$DB" --name t1 --dry-run >"$T/dry.out" 2>"$T/dry.err"
check "dry run exits 0" test $? -eq 0
check "dry run shows the missing cells" grep -q 'ga.mutation_rate=0.5 *3 of 3 seeds to run' "$T/dry.out"
check "dry run ran nothing" test "$(q "SELECT count(*) FROM runs")" -eq 14
"$ALIFE" sweep "$T/es.ini" --seeds 1-3 --db "$T/seeds.db" --name only-seeds >/dev/null 2>&1
check "a sweep of seeds only compares as one group" bash -c "'$ALIFE' compare --sweep only-seeds --db '$T/seeds.db' | grep -q '^no overrides *3 '"

# ---- bad input: exit 2, clear message, nothing modified ----------------------------
cp "$DB" "$T/before.db"
expect2() { # expect2 DESCRIPTION NEEDLE COMMAND...
    local what="$1" needle="$2"; shift 2
    "$@" >"$T/bad.out" 2>"$T/bad.err"
    local rc=$?
    check "$what: exit 2 (got $rc)" test $rc -eq 2
    check "$what: says '$needle'" grep -q -- "$needle" "$T/bad.err"
}
expect2 "unknown run id" "no run 999" "$ALIFE" compare 1 999 --db "$DB"
expect2 "not a run id" "no run abc" "$ALIFE" compare abc --db "$DB"
expect2 "a run named twice" "named twice" "$ALIFE" compare 1 1 --db "$DB"
expect2 "filter matching nothing" "no run in" "$ALIFE" compare --where ga.mutation_rate=0.77 --db "$DB"
expect2 "unknown filter key" "unknown key 'ga.mutaton_rate'" "$ALIFE" compare --where ga.mutaton_rate=1 --db "$DB"
expect2 "unknown sweep" "--sweep nope: no sweep in" "$ALIFE" compare --sweep nope --db "$DB"
expect2 "unknown metric" "has no metric 'food'" "$ALIFE" compare --sweep t1 --metric food --db "$DB"
expect2 "ids and sweep together" "not both" "$ALIFE" compare 1 --sweep t1 --db "$DB"
expect2 "no selection" "which runs" "$ALIFE" compare --db "$DB"
if "$ALIFE" run "$SRC/experiments/ants/default.ini" --generations 2 --set ants.ticks=50 --db "$T/mixed.db" --quiet >/dev/null 2>&1 &&
    "$ALIFE" run "$T/es.ini" --generations 2 --db "$T/mixed.db" --quiet >/dev/null 2>&1; then
    cp "$T/mixed.db" "$T/mixed.copy"
    expect2 "runs of two modules" "module ants but run 2 of module estrings" "$ALIFE" compare 1 2 --db "$T/mixed.db"
    check "mixed database unchanged" cmp -s "$T/mixed.db" "$T/mixed.copy"
else
    echo "skipped: mixed modules (the ants module does not run in this build)"
fi
# A group of one run still gets its row, with a note that it has no spread.
check "groups of one run each: exit 0 with a note that they have no spread" bash -c \
    "'$ALIFE' compare --where seed=1 --group-by ga.mutation_rate --db '$DB' | grep -q 'has a single run'"
expect2 "missing database" "no such database" "$ALIFE" compare 1 --db "$T/none.db"
check "missing database not created" test ! -e "$T/none.db"
check "database unchanged by bad compares" cmp -s "$DB" "$T/before.db"

head -c 5000 /dev/urandom >"$T/junk.db"
cp "$T/junk.db" "$T/junk.copy"
expect2 "corrupt database" "junk.db" "$ALIFE" compare 1 --db "$T/junk.db"
check "corrupt database unchanged" cmp -s "$T/junk.db" "$T/junk.copy"
sqlite3 "$T/foreign.db" "CREATE TABLE runs(id); INSERT INTO runs VALUES(1);"
cp "$T/foreign.db" "$T/foreign.copy"
expect2 "foreign database" "not an alife run database" "$ALIFE" compare 1 --db "$T/foreign.db"
check "foreign database unchanged" cmp -s "$T/foreign.db" "$T/foreign.copy"
expect2 "sweep into a foreign database" "not an alife run database" \
    "$ALIFE" sweep "$T/es.ini" --seeds 1-2 --db "$T/foreign.db"
check "foreign database unchanged by sweep" cmp -s "$T/foreign.db" "$T/foreign.copy"
expect2 "sweep with an unknown key" "ga.mutaton_rate" \
    "$ALIFE" sweep "$T/es.ini" --seeds 1-2 --set ga.mutaton_rate=0.1,0.2 --db "$T/new.db"
expect2 "sweep with an out-of-range value" "ga.mutation_rate" \
    "$ALIFE" sweep "$T/es.ini" --seeds 1-2 --set ga.mutation_rate=0.1,7 --db "$T/new.db"
check "nothing written by a rejected sweep" test ! -e "$T/new.db"
expect2 "sweep with bad seeds" "--seeds" "$ALIFE" sweep "$T/es.ini" --seeds 3-1 --db "$T/new.db"
expect2 "merge of a foreign database" "not an alife run database" \
    "$ALIFE" db merge "$DB" "$T/foreign.db" --into "$T/merged.db"
check "merge target not created after refusal" test ! -e "$T/merged.db"
check "foreign database unchanged by merge" cmp -s "$T/foreign.db" "$T/foreign.copy"

# ---- db merge -----------------------------------------------------------------------
DB2="$T/other.db"
"$ALIFE" sweep "$T/es.ini" --seeds 8-9 --set ga.mutation_rate=0.02,0.2 --jobs 2 --db "$DB2" \
    --name t1 >/dev/null 2>"$T/sweep_other.err"
rc=$?
check "second machine's sweep exits 0 (got $rc)" test $rc -eq 0
[ $rc -eq 0 ] || cat "$T/sweep_other.err" >&2
"$ALIFE" db merge "$DB" "$DB2" --into "$T/all.db" >"$T/merge.out" 2>&1
check "merge exits 0" test $? -eq 0
check "merge reports 18 runs added" grep -q "18 runs added" "$T/merge.out"
"$ALIFE" db merge "$DB2" --into "$T/all.db" >"$T/merge2.out" 2>&1
check "merging again adds nothing" grep -q '0 runs added, 4 already there' "$T/merge2.out"
DB="$T/all.db"
check "merged: 18 runs with distinct ids" test "$(q 'SELECT count(DISTINCT id) FROM runs')" -eq 18
check "merged: generations of both" test "$(q 'SELECT count(*) FROM generations')" -eq \
    "$(( $(sqlite3 "$T/runs.db" 'SELECT count(*) FROM generations') + $(sqlite3 "$DB2" 'SELECT count(*) FROM generations') ))"
"$ALIFE" compare --sweep t1 --db "$T/all.db" --json >"$T/m.json" 2>/dev/null
check "merged sweep compares as 9 seeds per group" test "$(grep -c '"n1":9,"n2":9' "$T/m.json")" -eq 1

# ---- a sweep interrupted midway and run again ---------------------------------------
# One group of short runs, one of long ones: stop while a long one runs.
# Ants, not strings: a string run can reach its goal and end at any moment,
# so the signal could arrive after every run had finished. If this machine
# still finishes the long runs before they can be caught, try again with runs
# four times as long.
cat > "$T/slow.ini" <<'EOF'
[run]
module = ants
EOF
long=300
for attempt in 1 2 3; do
    DB="$T/slow$attempt.db"
    SLOW=(sweep "$T/slow.ini" --seeds 1-3 --set run.generations=2,$long --jobs 2 --db "$DB" --name slow)
    "$ALIFE" "${SLOW[@]}" >/dev/null 2>"$T/slow1.err" &
    pid=$!
    caught=0
    for _ in $(seq 1 600); do # up to 60 s: the short runs finished and a long one running
        kill -0 $pid 2>/dev/null || break
        # A long run still in its first half: caught later, it could finish
        # before the signal lands (300 ant generations take about half a
        # second here), and then nothing would be left to interrupt.
        if [ -s "$DB" ] && [ "$(q "SELECT count(*) FROM runs WHERE status='finished'" 2>/dev/null || echo 0)" -ge 3 ] \
            && [ "$(q "SELECT count(*) FROM runs r JOIN params p ON p.run = r.id AND p.key = 'run.generations'
                       WHERE r.status = 'running' AND p.value = '$long'
                       AND (SELECT count(*) FROM generations g WHERE g.run = r.id) < $long / 2" 2>/dev/null ||
                    echo 0)" -ge 1 ]; then
            caught=1
            break
        fi
        sleep 0.05
    done
    if [ $caught = 1 ]; then break; fi
    wait $pid
    long=$((long * 4))
done
check "caught the sweep while a long run ran (runs of $long generations)" test $caught = 1
kill -INT $pid
wait $pid
rc=$?
check "interrupted sweep exits 1 (got $rc)" test $rc -eq 1
check "interrupted sweep says how to resume" grep -q 'Run the same command again' "$T/slow1.err"
nfin=$(q "SELECT count(*) FROM runs WHERE status='finished'")
check "finished runs kept ($nfin)" test "$nfin" -ge 1
check "no run left 'running'" test "$(q "SELECT count(*) FROM runs WHERE status='running'")" -eq 0
nint=$(q "SELECT count(*) FROM runs WHERE status='interrupted'")
check "stopped runs marked interrupted ($nint)" test "$nint" -ge 1
[ "$nint" -ge 1 ] || { cat "$T/slow1.err"; q "SELECT id, seed, status, (SELECT count(*) FROM generations WHERE run = runs.id) FROM runs"; } >&2
"$ALIFE" "${SLOW[@]}" >/dev/null 2>"$T/slow2.err"
check "resumed sweep exits 0" test $? -eq 0
check "resumed sweep ran only the missing cells" grep -q "$nfin already finished, $((6 - nfin)) to run" "$T/slow2.err"
check "6 finished runs, one per cell" test "$(q "SELECT count(*) FROM (SELECT DISTINCT g.value, r.seed FROM runs r JOIN params g ON g.run = r.id AND g.key = 'run.group' WHERE r.status = 'finished')")" -eq 6
check "no duplicate finished runs" test "$(q "SELECT count(*) FROM runs WHERE status='finished'")" -eq 6
"$ALIFE" compare --sweep slow --db "$DB" >"$T/slow.txt" 2>&1
check "compare notes the interrupted runs it left out" grep -q 'left out: [1-9][0-9]* unfinished' "$T/slow.txt"

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all checks passed"
