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
expect_exit 2 "bad --seed" -- "$ALIFE" run ok.ini --seed -3 --db runs.db
expect_output "run.seed = '-3'" "bad --seed named"
expect_exit 1 "missing config file" -- "$ALIFE" run nowhere.ini --db runs.db
expect_output "nowhere.ini: cannot open config file" "missing file named"
expect_exit 2 "run without a config" -- "$ALIFE" run
expect_true "no database written by failed runs" -- test ! -e runs.db

finish
