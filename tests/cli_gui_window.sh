#!/bin/bash
# The real window under Xvfb, driven by xdotool's X events (not SDL's queue):
# keys reach the shell and the view, and a resize to 720x480 is seen.
# Skipped (exit 0, says so) where Xvfb or xdotool is not installed.
ALIFE=$1 SRC=$2
. "$SRC/tests/lib_cli.sh"
skip_without_gui
if ! command -v Xvfb >/dev/null || ! command -v xdotool >/dev/null; then
    echo "SKIP: Xvfb or xdotool not installed"
    exit 0
fi
unset SDL_VIDEODRIVER
# Under a real X display SDL loads the system's X11 and D-Bus libraries, which
# LeakSanitizer reports as leaking (libdbus-1 at exit): not alife's memory, and
# the offscreen GUI tests keep leak detection on for alife's own.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
Xvfb -displayfd 3 -screen 0 1600x1000x24 3>"$TMP/display" 2>/dev/null &
XPID=$!
trap 'kill $XPID 2>/dev/null; rm -rf "$TMP"' EXIT
for _ in $(seq 50); do [ -s "$TMP/display" ] && break; sleep 0.1; done
export DISPLAY=":$(cat "$TMP/display")"
cd "$SRC" || exit 1
cat >"$TMP/s.txt" <<'SCRIPT'
at 1 state
at 900 state
at 901 resize 720 480
at 940 state
at 941 quit
SCRIPT
"$ALIFE" gui --no-log --script "$TMP/s.txt" >"$TMP/out" 2>"$TMP/err" &
GPID=$!
W=$(xdotool search --sync --name '^alife$' | head -1)
sleep 1
xdotool key --window "$W" 1
sleep 0.5
xdotool key --window "$W" bracketright
sleep 0.5
xdotool key --window "$W" l
wait $GPID
expect_equal "$?" 0 "the window closed normally"
first=$(sed -n 1p "$TMP/out") later=$(sed -n 2p "$TMP/out") small=$(sed -n 3p "$TMP/out")
expect_true "plain alife opens the ants" -- grep -q '"mode":"ants"' <<<"$first"
expect_true "X key 1: steering" -- grep -q '"mode":"steering"' <<<"$later"
expect_true "X key ]: the next scenario after boids" -- grep -q '"scenario":"fish"' <<<"$later"
expect_true "X key l: the lesson" -- grep -q '"overlays":\["lesson"\]' <<<"$later"
expect_true "1280x800 by default" -- grep -q '"window":{"width":1280,"height":800}' <<<"$later"
expect_true "the window resized" -- grep -q '"window":{"width":720,"height":480}' <<<"$small"
finish
