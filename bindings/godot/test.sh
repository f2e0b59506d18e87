#!/usr/bin/env bash
# Builds the Godot plugin and runs its headless test (project/test/test.gd) on godot3-server.
# The test's AI games are compared with the same games played through the C library.
# Exit 0 only when every check passed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
need() { command -v "$1" >/dev/null || { echo "godot test: $1 is missing ($2)" >&2; exit 1; }; }
need godot3-server "apt-get install godot3-server, listed in .ci/apt/godot.txt"
need godot3-runner "apt-get install godot3-runner, listed in .ci/apt/godot.txt"
need xvfb-run "apt-get install xvfb, listed in .ci/apt/godot.txt"
need xauth "apt-get install xauth, listed in .ci/apt/godot.txt"
need cc "apt-get install gcc"

# The plugin's crate is a workspace of its own, so the core's lint step does not reach it.
(cd "$here" && cargo fmt --check && cargo clippy --release --quiet -- -D warnings)
bash "$here/build.sh"

# The reference games through the C library (the same build the other bindings test).
(cd "$root" && cargo build --release --quiet)
ref="$here/target/reference"
mkdir -p "$ref"
"${CC:-cc}" -std=c99 -Wall -Wextra -Werror -I"$root/include" "$here/tests/ai_game.c" \
  -L"$root/target/release" -ltictactoe -Wl,-rpath,"$root/target/release" -o "$ref/ai_game"
: >"$ref/games.txt"
# rows cols k level seed: a perfect 3x3 game, a greedy 7x7 one, hard gomoku from two seeds.
for game in "3 3 3 4 1" "7 7 5 2 7" "15 15 5 3 42" "15 15 5 3 1000"; do
  # shellcheck disable=SC2086 # the five numbers are five arguments
  "$ref/ai_game" $game >>"$ref/games.txt"
done

# shellcheck source=godot_env.sh
source "$here/godot_env.sh"
godot_env "$ref/xdg"
log="$ref/godot.log"
status=0
# -q quits after the first frame: a runtime error that stops the script before quit() would
# otherwise leave Godot running. timeout is the last guard.
TTT_GODOT_REFERENCE="$ref/games.txt" \
  timeout 300 godot3-server --path "$here/project" -s res://test/test.gd -q >"$log" 2>&1 || status=$?
cat "$log"

fail() { echo "godot test: $*" >&2; exit 1; }
[ "$status" -eq 0 ] || fail "godot3-server exited with status $status"
# A GDScript parse error exits 0 without running anything: the summary line must be there.
grep -qE '^godot: [0-9]+ passed, 0 failed$' "$log" || fail "no 'godot: N passed, 0 failed' line"
! grep -qE '^(SCRIPT ERROR|FAIL )' "$log" || fail "a script error or failed check is in the output"
# Each refusal is reported on Godot's error output, naming the method and the reason.
for refusal in "TicTacToe.new_game: invalid argument" "TicTacToe.new_game: board too large" \
  "TicTacToe.play: cell occupied" "TicTacToe.play: game is over" "TicTacToe.play: cell out of bounds" \
  "TicTacToe.move: not this player's turn" "TicTacToe.move: invalid argument" \
  "TicTacToe.undo: nothing to undo" "TicTacToe.redo: nothing to redo" \
  "TicTacToe.cell: cell out of bounds" "TicTacToe.best_move: position too big to solve exactly" \
  "TicTacToe.best_move: game is over" "TicTacToe.search: invalid argument" \
  "TicTacToe.ai_move: invalid argument" "TicTacToe.ai_move: game is over" \
  "TicTacToe.from_text: text could not be parsed" \
  "TicTacToe.from_text: board cannot arise in a legal game" \
  "TicTacToe.threat_win: invalid argument" "TicTacToe.threat_win: game is over" \
  "TicTacToeBatch.step: cell occupied (game 1, action 4)" \
  "TicTacToeBatch.step: cell out of bounds (game 0, action -1)" \
  "TicTacToeBatch.step: invalid argument" "TicTacToeBatch.game: invalid argument" \
  "TicTacToeBatch.new_batch: invalid argument" "TicTacToeBatch.random_moves: invalid argument"; do
  grep -qF "ERROR: <native>: $refusal" "$log" || fail "no error line for '$refusal'"
done
echo "godot test: headless checks passed"

# The demo scene under Xvfb, drawn by godot3-runner (GLES2; Mesa's software renderer where there
# is no GPU): one move by a synthetic click, the AI to the end, a screenshot checked cell by
# cell. GODOT_SCREENSHOT_DIR keeps the screenshots elsewhere (docs/images to refresh those).
shots="${GODOT_SCREENSHOT_DIR:-$ref}"
mkdir -p "$shots"
shots="$(cd "$shots" && pwd)"
for size in "3 3 3" "7 7 5" "15 15 5"; do
  read -r rows cols _ <<<"$size"
  shot="$shots/godot-${rows}x${cols}.png"
  status=0
  # shellcheck disable=SC2086 # the three numbers are three arguments
  timeout 300 xvfb-run -a -s "-screen 0 1024x768x24" godot3-runner --audio-driver Dummy \
    --path "$here/project" -- --selftest "$shot" $size >"$log" 2>&1 || status=$?
  grep -E '^selftest' "$log" || true
  if [ "$status" -ne 0 ] || ! grep -qE '^selftest: [0-9]+ passed, 0 failed$' "$log"; then
    cat "$log"
    fail "the demo's self-test on $size failed (status $status)"
  fi
done
echo "godot test: passed"
