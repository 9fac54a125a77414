#!/usr/bin/env bash
# Opens the GUI where there is a display; otherwise says so and runs a short
# headless demo that logs a run to results/runs.db.
set -eu
alife="$1"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$alife" gui
fi
echo "alife: no display found (DISPLAY is not set); running a short headless demo instead."
"$alife" run experiments/estrings/hello.ini --name demo-estrings
"$alife" runs
echo "alife: the run above is stored in results/runs.db; try: $alife show <id>"
