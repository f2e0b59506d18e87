#!/usr/bin/env bash
# The Godot runner of tests/one_game.sh: builds the plugin and plays that script's seeded game
# (15,15,5, level 3, seed 1000 + ply) through it on godot3-server, headless. Prints the
# transcript alone on stdout; Godot's own output goes to stderr. Non-zero exit on any failure.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v godot3-server >/dev/null ||
  { echo "godot one_game: godot3-server is missing (apt-get install godot3-server)" >&2; exit 1; }
bash "$here/build.sh" >&2
work="$here/target/one_game"
# shellcheck source=godot_env.sh
source "$here/godot_env.sh"
godot_env "$work/xdg"
rm -f "$work/transcript.txt"
# Godot prints a banner on stdout, so the script writes the transcript to a file.
TTT_ONE_GAME_OUT="$work/transcript.txt" \
  timeout 120 godot3-server --path "$here/project" -s res://test/one_game.gd -q >&2
# A script error can stop it before it writes the last line, with exit status 0.
grep -qE '^result (A|B|Draw)$' "$work/transcript.txt" ||
  { echo "godot one_game: no finished transcript" >&2; exit 1; }
cat "$work/transcript.txt"
