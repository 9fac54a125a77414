#!/usr/bin/env bash
# A brain travels as a file (alife export RUN --genome GEN --out FILE; alife
# gui --brain FILE), for every algorithm x world the ants take:
#  - the file holds the generation's stored blob byte for byte (trial item 2:
#    a NEAT ant was written as "44 weights" of denormals, nan and -1.5e55);
#  - the window replays it exactly: the replay's best is the logged best
#    (trial item 3: a GA ant of the shared world, replayed alone, gave
#    "110 / 77 (DIFFERS)"), and no run evolves or is logged underneath;
#  - a missing brain file is a usage error, exit 2 (trial item 18: exit 1);
#  - runs of modules without brains are refused, exit 2.
#   bash tests/cli_brain.sh /path/to/alife /path/to/source
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
. "$SRC/tests/lib_cli.sh"
cd "$TMP" || exit 1
gui=1
has_gui || gui=0

# json FILE LINE KEY: the value of KEY (a.b for nested) in state line LINE
json() {
    python3 -c "
import json, sys
d = json.loads(open('$1').read().splitlines()[$2])
for k in '$3'.split('.'): d = d[k]
print(d)"
}

run=0
for alg in ga cmaes neat; do
    for world in own shared; do
        run=$((run + 1))
        what="$alg, $world world"
        expect_exit 0 "a short $what run" -- "$ALIFE" run "$SRC/experiments/ants/default.ini" \
            --set run.algorithm=$alg --set ants.world=$world --set ants.ticks=150 \
            --set ants.count=12 --generations 3 --db b.db --quiet
        expect_exit 0 "export of the $what run's last brain" -- \
            "$ALIFE" export $run --genome -1 --out $run.brain --db b.db
        if [ $alg = neat ]; then
            expect_output "a NEAT genome of" "$what: the export says it is a NEAT genome"
            checks=$((checks + 1))
            grep -q "weights" out && fail "$what: a NEAT genome reported as weights: $(cat out)"
        else
            expect_output "weights" "$what: the export counts the weights"
        fi
        [ $world = shared ] && expect_output "other ants of its shared world" \
            "$what: the export says the file holds the generation"
        # The file's bytes are the database's, exactly.
        want=$(sqlite3 b.db "SELECT lower(hex(genome)) FROM genomes WHERE run = $run AND rank = 0
                             ORDER BY gen DESC LIMIT 1")
        got=$(sed -n '/^stored /,/^config$/p' $run.brain | sed '1d;$d' | tr -d '\n')
        checks=$((checks + 1))
        [ -n "$want" ] && [ "$got" = "$want" ] || fail "$what: the file's stored bytes are not the database's"
        expect_equal "$(grep '^stored ' $run.brain)" \
            "stored $(sqlite3 b.db "SELECT length(genome) FROM genomes WHERE run = $run AND rank = 0
                                    ORDER BY gen DESC LIMIT 1")" "$what: the stored byte count"
        checks=$((checks + 1))
        grep -qi "nan" <(sed -n '/^stored /,/^config$/p' $run.brain) && fail "$what: nan in the file"
        [ $gui = 1 ] || continue
        # The window replays it exactly, evolving and logging nothing.
        printf 'at 1 state\nat 60 state\nat 61 quit\n' >s.txt
        before=$(sqlite3 b.db "SELECT count(*) FROM runs")
        expect_exit 0 "the window opens the $what brain" -- \
            "$ALIFE" gui --offscreen --brain $run.brain --db b.db --script s.txt
        grep '^{' out >state.json
        expect_equal "$(json state.json 0 replaying)" True "$what: the window replays the brain"
        expect_equal "$(json state.json 1 figures.replay_result)" \
            "$(json state.json 1 figures.replay_logged)" "$what: the replay's best is the logged best"
        # the window's generation is the replayed one; nothing evolves underneath (no limit to evolve to)
        expect_equal "$(json state.json 1 generation)" "$(json state.json 1 figures.replay_generation)" \
            "$what: the window's generation is the replayed one"
        expect_equal "$(json state.json 1 generations_limit)" 0 "$what: nothing evolves underneath"
        checks=$((checks + 1))
        json state.json 1 banner | grep -q "replayed exactly.*nothing evolves, nothing is logged" ||
            fail "$what: the banner does not say what is shown: $(json state.json 1 banner)"
        expect_equal "$(sqlite3 b.db "SELECT count(*) FROM runs")" "$before" \
            "$what: the window logged no run"
    done
done

# Other modules have no brains.
expect_exit 0 "a strings run" -- "$ALIFE" run "$SRC/experiments/estrings/hello.ini" \
    --generations 2 --db b.db --quiet
expect_exit 2 "a strings run has no brain to export" -- \
    "$ALIFE" export "$(sqlite3 b.db "SELECT max(id) FROM runs")" --genome -1 --out s.brain --db b.db
expect_output "only ants runs have brains" "the refusal says why"
expect_output "is an estrings run" "the refusal's article fits the module (it read 'a estrings run')"

# A brain file that is missing or unreadable is a usage error (exit 2), as a
# missing config is for alife run.
expect_exit 2 "a missing config" -- "$ALIFE" run /nonexistent/x.ini
expect_exit 2 "a missing brain file" -- "$ALIFE" gui --brain /nonexistent/x.brain
expect_output "/nonexistent/x.brain" "the error names the file"
expect_exit 2 "a missing script, the window's other input file" -- \
    "$ALIFE" gui --offscreen --script /nonexistent/s.txt
expect_output "/nonexistent/s.txt" "the error names the script"
mkdir d.brain
expect_exit 2 "a directory as the brain file" -- "$ALIFE" gui --brain d.brain
# A brain file that does not fit its config is refused at once, saying why.
sed 's/^stored \([0-9]*\)/stored 8/' 1.brain | awk '/^stored /{print; getline; print substr($0,1,16); skip=1; next} skip && /^config$/{skip=0} !skip' >bad.brain
expect_exit 2 "a brain whose stored bytes do not fit its config" -- "$ALIFE" gui --brain bad.brain
expect_output "does not replay under its config" "the refusal says the bytes do not fit"
finish
