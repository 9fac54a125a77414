# The command line's contract: help, version, config listing and config errors.
ALIFE=$1 SRC=$2
. "$SRC/tests/lib_cli.sh"
cd "$TMP"

expect_exit 0 "--help" -- "$ALIFE" --help
expect_output "usage: alife" "--help shows usage"
expect_exit 0 "--version" -- "$ALIFE" --version
expect_output "alife " "--version prints the version"
expect_exit 2 "unknown command" -- "$ALIFE" frobnicate
expect_output "unknown command 'frobnicate'" "unknown command named"
for cmd in run runs show export compare config bench; do
    expect_exit 0 "$cmd --help" -- "$ALIFE" "$cmd" --help
    expect_output "usage: alife $cmd" "$cmd --help shows its usage"
done

expect_exit 0 "config --list" -- "$ALIFE" config --list
expect_output "world.edge" "config --list shows common keys"
expect_output "wrap|bounce|contain" "config --list shows ranges"
expect_exit 2 "config --module bogus" -- "$ALIFE" config --list --module bogus
expect_output "unknown module 'bogus'" "bad module named"

# A resolved config prints as INI and reads back the same.
expect_exit 0 "config resolves defaults" -- "$ALIFE" config --module estrings --set run.seed=9
cp "$TMP/out" resolved.ini
expect_output "seed = 9" "override shows in the resolved config"
expect_exit 0 "resolved config reads back" -- "$ALIFE" config resolved.ini
expect_true "resolved config is a fixed point" -- cmp -s resolved.ini "$TMP/out"

# Config errors: exit 2, file:line, key, value and range; nothing written.
printf '[run]\nmodule = estrings\n[world]\nwidth = 5\n' >bad_range.ini
expect_exit 2 "out-of-range value" -- "$ALIFE" run bad_range.ini --db runs.db
expect_output "bad_range.ini:4: world.width = '5': out of range (allowed: a number from 10 to 1e+06)" \
    "range error names file:line, key, value and range"
printf '[run]\nmodule = estrings\n[wrold]\nwidth = 50\n' >bad_section.ini
expect_exit 2 "unknown section" -- "$ALIFE" run bad_section.ini --db runs.db
expect_output "bad_section.ini:4: unknown section [wrold]" "unknown section named"
printf '[run]\nmodule = estrings\nseed = 1\nseed = 2\n' >dup.ini
expect_exit 2 "duplicate key" -- "$ALIFE" run dup.ini --db runs.db
expect_output "dup.ini:4: duplicate key run.seed (first set on line 3)" "duplicate key named"
printf '[run]\nmodule = estrings\nseed = many\n' >bad_type.ini
expect_exit 2 "wrong type" -- "$ALIFE" run bad_type.ini --db runs.db
expect_output "run.seed = 'many': not an integer" "wrong type named"
printf '[run]\nmodule = estrings\n' >ok.ini
expect_exit 2 "bad --set" -- "$ALIFE" run ok.ini --set world.edge=torus --db runs.db
expect_output "--set world.edge=torus: world.edge = 'torus': not a valid choice (allowed: one of wrap|bounce|contain)" \
    "bad --set named"
# Every error of a --set value names the --set (trial7: one named the file's
# line), also for a key the file sets: a bad number, out of range, an unknown
# key, a key of another module, a module the file's keys do not belong to.
printf '[run]\nmodule = estrings\n[estrings]\npopulation = 30\n[ga]\nmutation_rate = 0.1\n' >set.ini
for s in ga.mutation_rate=abc ga.mutation_rate=5 estrings.population=1 ga.nosuch=1 ants.count=5 run.module=ants; do
    expect_exit 2 "bad --set $s" -- "$ALIFE" run set.ini --set "$s" --db runs.db
    expect_true "the --set $s error names it first" -- grep -q "^alife run: --set $s: " "$TMP/out"
done
expect_output "set.ini:4: key estrings.population belongs to module 'estrings', not to module 'ants'" \
    "a --set run.module error says which key of the file does not belong"
expect_exit 2 "bad --seed" -- "$ALIFE" run ok.ini --seed -3 --db runs.db
expect_output "run.seed = '-3'" "bad --seed named"
expect_exit 2 "missing config file (a usage error)" -- "$ALIFE" run nowhere.ini --db runs.db
expect_output "nowhere.ini: cannot open config file" "missing file named"
expect_exit 2 "run without a config" -- "$ALIFE" run
expect_true "no database written by failed runs" -- test ! -e runs.db

# Only regular text files are configs: no device, directory or NUL bytes.
expect_exit 2 "a device as config" -- timeout 20 "$ALIFE" run /dev/zero --db runs.db
expect_output "/dev/zero: not a regular file" "device refused"
mkdir -p adir
expect_exit 2 "a directory as config" -- "$ALIFE" config adir
expect_output "adir: not a regular file (a directory)" "directory refused"
printf '\0\0\0\0' >nul4.ini
expect_exit 2 "four NUL bytes" -- "$ALIFE" config nul4.ini
expect_output "nul4.ini:1: a NUL byte" "NUL bytes refused"
printf '[run]\nmodule = estrings\n[estrings]\npopulation = 3\0 0\n' >nulcut.ini
expect_exit 2 "a NUL inside a line" -- "$ALIFE" config nulcut.ini
expect_output "nulcut.ini:4: a NUL byte" "NUL inside a line refused"
expect_true "no database written by refused configs" -- test ! -e runs.db

# A value with ';' reads back from the resolved config exactly.
expect_exit 0 "config with a ';' target" -- "$ALIFE" config --module estrings --set 'estrings.target=Hi ; there'
cp "$TMP/out" semi.ini
expect_exit 0 "resolved ';' config reads back" -- "$ALIFE" config semi.ini
expect_true "';' target survives the round trip" -- cmp -s semi.ini "$TMP/out"
expect_output 'target = "Hi ; there"' "';' target kept whole"

# A stored run's config (show --config) reads back with the same target.
expect_exit 0 "a run with a ';' and quotes in its target" -- "$ALIFE" run ok.ini --generations 1 \
    --set 'estrings.target=Hi ; "there" \n' --db rt.db --quiet
expect_exit 0 "show --config" -- "$ALIFE" show 1 --db rt.db --config
cp "$TMP/out" stored.ini
expect_exit 0 "the stored config resolves" -- "$ALIFE" config stored.ini
expect_output 'target = "Hi ; \"there\" \\n"' "stored target read back whole"

# A failed write of the output is a runtime failure (exit 1), for every command.
if [ -w /dev/full ]; then
    expect_exit 1 "config > /dev/full" -- sh -c '"$1" config ok.ini >/dev/full' sh "$ALIFE"
    expect_output "cannot write the output" "write failure named"
    expect_exit 1 "config --list > /dev/full" -- sh -c '"$1" config --list >/dev/full' sh "$ALIFE"
    expect_exit 1 "--help > /dev/full" -- sh -c '"$1" --help >/dev/full' sh "$ALIFE"
    expect_exit 1 "run --help > /dev/full" -- sh -c '"$1" run --help >/dev/full' sh "$ALIFE"
fi

# compare --group-by with a key no run has is a usage error.
expect_exit 0 "a short run" -- "$ALIFE" run ok.ini --generations 2 --db g.db --quiet
expect_exit 0 "another short run" -- "$ALIFE" run ok.ini --generations 2 --seed 2 --db g.db --quiet
expect_exit 2 "compare --group-by nosuch.key" -- "$ALIFE" compare 1 2 --group-by nosuch.key --db g.db
expect_output "--group-by nosuch.key: unknown key" "unknown group key named"

finish
