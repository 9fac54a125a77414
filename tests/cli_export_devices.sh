#!/usr/bin/env bash
# export --csv to something that is not a regular file (issue 12 item 15):
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
finish
