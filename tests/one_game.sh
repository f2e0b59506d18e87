#!/usr/bin/env bash
# One game, every engine and binding: the same seeded AI-vs-AI game is played through the C API,
# the SDL2 game (SDL_VIDEODRIVER=dummy), the LÖVE game (under a virtual X server), and the C++,
# C#, Go, LuaJIT, Node and Python bindings, and each must print the same transcript as the C
# program: the same moves, the same final board, the same result. Optionally also through the
# Godot plugin, when bindings/godot/one_game.sh exists.
#
# The game: 15 rows, 15 columns, 5 in a row (ttt_game_new(15, 15, 5)). Until the result is no
# longer Pending, the side to move plays ttt_game_ai_move(game, TTT_LEVEL_HARD, seed) with
# seed = 1000 + PLY, where PLY counts the moves played so far (0 for the first move).
#
# The transcript, as each runner writes it (lines end with "\n", nothing else is printed):
#
#   game 15 15 5 level 3        rows, cols, k and the level's number (TTT_LEVEL_HARD)
#   PLY ROW COL                 one line per move, in order: PLY from 0, ROW and COL from 0
#   ...
#   text TEXT                   ttt_game_to_text of the final game, e.g. 15,15,5:..../....:O
#   result R                    ttt_result_str of the final result: A, B or Draw
#
# Numbers are plain decimal. The runners are tests/one_game/* (one per language) and the SDL2
# and LÖVE games' --transcript mode. The optional bindings/godot/one_game.sh is run with bash
# from any directory, after the release library is built; it prints the transcript alone on
# stdout (Godot's banner and log lines must not reach it: write them to stderr or a file) and
# exits 0, or exits non-zero, which fails the test. A difference names the runner and the first
# ply (or line) where it parts from the C transcript. Transcripts go to target/one_game/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
here="$root/tests/one_game"
out="$root/target/one_game"
for tool in cc sdl2-config g++ mcs mono go gofmt luajit luacheck node love xvfb-run xauth; do
  command -v "$tool" >/dev/null || { echo "one_game.sh: $tool is required" >&2; exit 1; }
done
venv="$root/target/python-venv"
[ -x "$venv/bin/python" ] ||
  { echo "one_game.sh: no virtualenv at $venv: run bindings/python/setup.sh" >&2; exit 1; }
[ -d "$root/bindings/node/node_modules/koffi" ] || bash "$root/bindings/node/setup.sh"
# The runners are linted as their bindings are (the compilers below run with warnings as errors).
lint="$(luacheck --quiet --std luajit --max-line-length 100 "$here/one_game.lua")" ||
  { echo "$lint"; exit 1; }
[ -z "$(gofmt -l "$here/go")" ] || { echo "one_game.sh: gofmt would change $here/go" >&2; exit 1; }
ruff=(--quiet --no-cache --config "$root/bindings/python/pyproject.toml" "$here/one_game.py")
"$venv/bin/ruff" check "${ruff[@]}"
"$venv/bin/ruff" format --check "${ruff[@]}"
(cd "$root" && cargo build --release --quiet)
rm -rf "$out"
mkdir -p "$out"
lib="$root/target/release/libtictactoe.so"
static=("$root/target/release/libtictactoe.a" -lpthread -ldl -lm)

# Each runner writes its transcript to $out/NAME.txt.
run_c() {
  cc -std=c99 -Wall -Wextra -Werror -pedantic -I"$root/include" "$here/one_game.c" "${static[@]}" \
    -o "$out/c"
  "$out/c"
}
run_cpp() {
  g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror -I"$root/include" -I"$root/bindings/cpp" \
    "$here/one_game.cpp" "${static[@]}" -o "$out/cpp"
  "$out/cpp"
}
run_csharp() {
  local flags=(-langversion:7.2 -noconfig -r:mscorlib.dll -warnaserror)
  mcs "${flags[@]}" -target:library -out:"$out/TicTacToe.dll" "$root"/bindings/csharp/src/*.cs
  mcs "${flags[@]}" -r:"$out/TicTacToe.dll" -out:"$out/OneGame.exe" "$here/OneGame.cs"
  LD_LIBRARY_PATH="$root/target/release" mono "$out/OneGame.exe"
}
run_go() {
  # The runner's module points at bindings/go with a replace directive; no download. The
  # tictactoe_repo tag links this checkout's build (the default is the installed library).
  (cd "$here/go" &&
    GOCACHE="$root/target/go/cache" GOPATH="$root/target/go/path" GOFLAGS=-mod=mod \
      GOPROXY=off GOTOOLCHAIN=local CGO_ENABLED=1 go build -tags tictactoe_repo -o "$out/go-one-game" .)
  "$out/go-one-game"
}
run_lua() {
  TICTACTOE_LIB="$lib" LUA_PATH="$root/bindings/lua/?.lua" luajit "$here/one_game.lua"
}
run_node() {
  TICTACTOE_LIB="$lib" node "$here/one_game.js"
}
run_python() {
  # The package as bindings/python/test.sh installs it (run before this in CI), installed again
  # here when the virtualenv lacks it or the sources are newer than its native library.
  local native newer=""
  native="$("$venv/bin/python" -c 'import os, tictactoe._native as n
print(os.path.dirname(n.__file__))' 2>/dev/null)/lib_native.so" || true
  local sources=("$root/src" "$root/Cargo.toml" "$root/bindings/python/python")
  [ ! -f "$native" ] || newer="$(find "${sources[@]}" -newer "$native" -print -quit)"
  if [ ! -f "$native" ] || [ -n "$newer" ]; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall \
      --no-deps "$root/bindings/python" >&2
  fi
  "$venv/bin/python" "$here/one_game.py"
}
run_sdl2() {
  # shellcheck disable=SC2046 # sdl2-config's flags are meant to be split
  cc -std=c99 -Wall -Wextra -Werror -pedantic -O2 $(sdl2-config --cflags) -I"$root/include" \
    "$root/examples/sdl2/main.c" -o "$out/tictactoe-sdl2" "${static[@]}" $(sdl2-config --libs)
  SDL_VIDEODRIVER=dummy "$out/tictactoe-sdl2" --transcript "$out/sdl2.game.txt" >&2
  cat "$out/sdl2.game.txt"
}
run_love() {
  # The game writes the file itself: LÖVE's stdout also carries the X server's and driver's words.
  TICTACTOE_LIB="$lib" timeout 300 xvfb-run -a -s "-screen 0 1280x1024x24" \
    love "$root/examples/love" --transcript "$out/love.game.txt" >&2
  cat "$out/love.game.txt"
}
run_godot() {
  bash "$root/bindings/godot/one_game.sh"
}

runners=(c sdl2 love cpp csharp go lua node python)
[ -f "$root/bindings/godot/one_game.sh" ] && runners+=(godot)

# first_difference REF OTHER: nothing when the files are equal, else where OTHER first parts
# from REF: "ply N" for a move line, else the line's number and what REF has there.
first_difference() {
  awk -v ref="$1" '
    {
      n++
      if ((getline want < ref) <= 0) { print "line " n ": an extra line, " $0; found = 1; exit }
      if ($0 != want) {
        if (want ~ /^[0-9]+ [0-9]+ [0-9]+$/) { split(want, w, " "); where = "ply " w[1] }
        else where = "line " n
        print where ": expected \"" want "\", got \"" $0 "\""; found = 1; exit
      }
    }
    END {
      if (!found && (getline want < ref) > 0) print "line " n + 1 ": ends before \"" want "\""
    }' "$2"
}

# The comparison must be able to fail: a copy of a transcript with one move changed is caught
# at that move's ply.
cat >"$out/check.ref" <<'EOF'
game 3 3 3 level 3
0 1 1
1 0 0
text 3,3,3:O../.X./...:X
result Pending
EOF
sed 's/^1 0 0$/1 0 2/' "$out/check.ref" >"$out/check.changed"
case "$(first_difference "$out/check.ref" "$out/check.changed")" in
  "ply 1: "*) ;;
  *) echo "one_game.sh: the comparison missed a changed move" >&2; exit 1 ;;
esac
[ -z "$(first_difference "$out/check.ref" "$out/check.ref")" ] ||
  { echo "one_game.sh: the comparison found a difference in equal files" >&2; exit 1; }
head -n 3 "$out/check.ref" >"$out/check.short"
[ -n "$(first_difference "$out/check.ref" "$out/check.short")" ] ||
  { echo "one_game.sh: the comparison missed a shorter transcript" >&2; exit 1; }

failed=()
for runner in "${runners[@]}"; do
  if ! "run_$runner" >"$out/$runner.txt" 2>"$out/$runner.err"; then
    cat "$out/$runner.err" >&2
    echo "one_game: $runner: the runner failed (output in $out/$runner.txt)" >&2
    [ "$runner" != c ] || exit 1 # no reference to compare with
    failed+=("$runner")
    continue
  fi
  if [ "$runner" = c ]; then
    # The reference must be a whole game: a header, moves, the text and a result.
    grep -qx 'game 15 15 5 level 3' "$out/c.txt" && grep -qE '^result (A|B|Draw)$' "$out/c.txt" ||
      { cat "$out/c.txt"; echo "one_game: the C transcript is not a finished game" >&2; exit 1; }
    continue
  fi
  difference="$(first_difference "$out/c.txt" "$out/$runner.txt")"
  if [ -n "$difference" ]; then
    echo "one_game: $runner differs from c at $difference" >&2
    failed+=("$runner")
  fi
done
[ "${#failed[@]}" -eq 0 ] || { echo "one_game: FAILED: ${failed[*]}" >&2; exit 1; }
moves="$(grep -cE '^[0-9]+ [0-9]+ [0-9]+$' "$out/c.txt")"
echo "one_game: ${runners[*]}: the same $moves moves, board and result ($(tail -n 1 "$out/c.txt"))"
