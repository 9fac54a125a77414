#!/usr/bin/env bash
# Output files given as something that is not a regular file (issue 12
# item 15): export --csv, export --genome --out (a brain), compare --csv and
# compare --plot:
# a device, a pipe or a symlink to one is written through, not replaced by
# the written-beside-then-renamed file (which, as root, once turned the
# machine's /dev/full into a regular file and exited 0), and a failed write
# there exits 1. Only symlinks and a FIFO in the test's folder are handed
# over, so even a binary with the fault cannot harm /dev.
#   bash tests/cli_export_devices.sh /path/to/alife /path/to/source
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
. "$SRC/tests/lib_cli.sh"
cd "$TMP" || exit 1
"$ALIFE" run "$SRC/experiments/estrings/hello.ini" --generations 3 --quiet --db r.db >/dev/null 2>&1 ||
    fail "making r.db failed"

ln -s /dev/full full
expect_exit 1 "export to a full device fails" -- "$ALIFE" export 1 --db r.db --csv full
expect_output "full" "the failure names the file"
checks=$((checks + 1))
[ -L full ] && [ "$(readlink full)" = /dev/full ] || fail "the symlink to /dev/full was replaced"

mkfifo pipe
timeout 30 cat pipe >got.csv &
reader=$!
expect_exit 0 "export into a FIFO" -- timeout 30 "$ALIFE" export 1 --db r.db --csv pipe
wait "$reader"
checks=$((checks + 1))
[ -p pipe ] || fail "the FIFO was replaced by a regular file"
expect_equal "$(grep -c '^[0-9]' got.csv)" 3 "the reader got the three generations"
"$ALIFE" export 1 --db r.db --csv file.csv >/dev/null 2>&1
expect_equal "$(cat got.csv)" "$(cat file.csv)" "the FIFO got what a file gets"

# The same for every writer of an output file (out_file.c).
"$ALIFE" run "$SRC/experiments/estrings/hello.ini" --generations 3 --seed 2 --quiet --db r.db \
    >/dev/null 2>&1
"$ALIFE" run "$SRC/experiments/ants/default.ini" --generations 1 --quiet --db r.db \
    --set ants.ticks=20 >/dev/null 2>&1 || fail "making the ants run failed"
writers=("compare --csv: compare 1 2 --db r.db --csv"
    "a brain: export 3 --db r.db --genome -1 --out")
if ! "$ALIFE" compare --help 2>&1 | grep -q "has no GUI"; then
    writers+=("compare --plot: compare 1 2 --db r.db --plot")
fi
ln -s /dev/full full.png # --plot wants a .png name
mkfifo pipe.png
for w in "${writers[@]}"; do
    what=${w%%:*}
    read -r -a args <<<"${w#*: }"
    ext=""
    [ "$what" = "compare --plot" ] && ext=.png
    expect_exit 1 "$what to a full device fails" -- "$ALIFE" "${args[@]}" "full$ext"
    checks=$((checks + 1))
    [ -L "full$ext" ] && [ "$(readlink "full$ext")" = /dev/full ] ||
        fail "$what: the symlink to /dev/full was replaced"
    rm -f got
    timeout 30 cat "pipe$ext" >got &
    reader=$!
    expect_exit 0 "$what into a FIFO" -- timeout 30 "$ALIFE" "${args[@]}" "pipe$ext"
    wait "$reader"
    checks=$((checks + 1))
    [ -p "pipe$ext" ] || fail "$what: the FIFO was replaced by a regular file"
    checks=$((checks + 1))
    [ -s got ] || fail "$what: the FIFO's reader got nothing"
    expect_exit 0 "$what into a regular file" -- "$ALIFE" "${args[@]}" "file$ext"
    # (a brain file names itself: its name aside, the bytes must agree)
    sed "s/pipe$ext/NAME/g; s/file$ext/NAME/g" got >got.n
    sed "s/pipe$ext/NAME/g; s/file$ext/NAME/g" "file$ext" >file.n
    expect_equal "$(cmp got.n file.n >/dev/null && echo same)" same \
        "$what: the FIFO got what a file gets"
done
finish
