#!/usr/bin/env bash
# Installs the Debian packages alife needs, if any are missing.
# Run as root it calls apt-get itself; otherwise it prints the one line to run.
set -eu
pkgs="build-essential cmake pkg-config libsdl2-dev libsdl2-ttf-dev libsqlite3-dev
libinih-dev libcmocka-dev libpng-dev fonts-dejavu-core sqlite3 clang libomp-dev
python3-pandas xvfb xdotool imagemagick openmpi-bin libopenmpi-dev"
# python3-pandas: tests/cli_store.sh runs the pandas example of docs/database.md
# clang, libomp-dev: make test-tsan (ThreadSanitizer with clang's OpenMP runtime)
# xvfb, xdotool, imagemagick: tests/cli_gui_window.sh drives the real window
# openmpi-*: the MPI sweep (cmake -DALIFE_MPI=ON, docs/cluster.md)
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "alife: installing missing packages:$missing" >&2
if [ "$(id -u)" = 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq $missing >/dev/null
else
  echo "alife: run this once, then try again:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y$missing" >&2
  exit 1
fi
