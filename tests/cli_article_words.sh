#!/bin/bash
# "seed" is the random seed only (issue 10): the key descriptions of
# `alife config --list` and `alife bench --help` name the articles the
# project was made from by what they are ("the boids article: 10"), where
# they said "seed 000" or "(seed: 10)" beside run.seed's random seed.
# usage: bash tests/cli_article_words.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"

article='seed 0[0-9][0-9]|seed-0|\(seed: |; seed: |the seed'"'"'s|seed article|the seed\)'
expect_exit 0 "config --list" -- "$ALIFE" config --list
expect_true "no key description calls an article a seed" -- bash -c "! grep -E -- \"$article\" '$TMP/out'"
expect_true "the boids keys name the boids article" -- grep -q "separation coefficient (the boids article: 10)" "$TMP/out"
expect_true "the fish keys name the fish-school article" -- grep -q "(the fish-school article: 4)" "$TMP/out"
expect_true "run.seed is still the random seed" -- grep -q "random seed" "$TMP/out"

"$ALIFE" bench --help >"$TMP/out" 2>&1
expect_true "bench --help calls no article a seed" -- bash -c "! grep -E -- \"$article\" '$TMP/out'"
"$ALIFE" bench steering --help >"$TMP/out" 2>&1
expect_true "bench steering --help calls no article a seed" -- bash -c "! grep -E -- \"$article\" '$TMP/out'"

finish
