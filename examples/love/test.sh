#!/usr/bin/env bash
# Runs the LÖVE game's self-test under a virtual X server on 3x3 k=3, 7x7 k=5 and 15x15 k=5:
# each game clicks one cell through LÖVE's event queue, lets the AI play both sides to the end,
# saves a screenshot and checks every cell's pixels against the game. Then checks that a game
# laid out for shipping finds the library beside its folder, and that a missing library is a
# message on stderr and a non-zero exit, not LÖVE's error screen.
# Screenshots go to target/engines/. With --images, they are also copied to docs/images/.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
for tool in love xvfb-run xauth luacheck; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (see .ci/apt/engines.txt)"; exit 1; }
done
(cd "$root/examples/love" && luacheck --quiet .) # settings in examples/love/.luacheckrc
(cd "$root" && cargo build --release --quiet)
out="$root/target/engines"
mkdir -p "$out"
lib="$root/target/release/libtictactoe.so"

# xvfb-run -a picks a free display; 24-bit colour so the screenshot holds the exact colours.
# Its X authority file is ours (-f): left to itself, xvfb-run makes a temporary directory for
# it and fails the run when removing that directory fails as the server shuts down.
xvfb() {
  timeout 300 xvfb-run -a -f "$(mktemp -p "$out" xauth.XXXXXX)" -s "-screen 0 1280x1024x24" "$@"
}
run_love() {
  xvfb love "$root/examples/love" "$@"
}

for size in "3 3 3" "7 7 5" "15 15 5"; do
  read -r rows cols k <<<"$size"
  png="$out/love-${rows}x${cols}-k${k}.png"
  rm -f "$png"
  TICTACTOE_LIB="$lib" run_love --selftest "$png" --size "$rows" "$cols" "$k"
  [ -s "$png" ] || { echo "love: no screenshot at $png"; exit 1; }
done

# A game laid out as it ships: the game folder with tictactoe.lua copied in, the library
# beside the folder, and no TICTACTOE_LIB: the game must find both by itself.
ship="$out/love-shipped"
rm -rf "$ship"
mkdir -p "$ship/game"
cp "$root/examples/love/main.lua" "$root/examples/love/conf.lua" \
  "$root/bindings/lua/tictactoe.lua" "$ship/game/"
cp "$lib" "$ship/"
(unset TICTACTOE_LIB; xvfb love "$ship/game" --selftest "$ship/screenshot.png") >"$out/love-shipped.out"
grep -q "library $ship/libtictactoe.so" "$out/love-shipped.out" \
  || { cat "$out/love-shipped.out"; echo "love: the shipped game did not load $ship/libtictactoe.so"; exit 1; }

# A library that is not there: a clear message and exit status 1, within the timeout.
set +e
TICTACTOE_LIB="$out/no-such-dir/libtictactoe.so" run_love --selftest "$out/none.png" \
  >"$out/love-missing.out" 2>"$out/love-missing.err"
status=$?
set -e
if [ "$status" -ne 1 ] || ! grep -q "cannot load the tictactoe library" "$out/love-missing.err"; then
  echo "love: a missing library gave exit status $status and this on stderr:"
  cat "$out/love-missing.err"
  exit 1
fi

if [ "${1:-}" = "--images" ]; then
  mkdir -p "$root/docs/images"
  cp "$out/love-15x15-k5.png" "$root/docs/images/love-15x15.png"
  cp "$out/love-3x3-k3.png" "$root/docs/images/love-3x3.png"
fi
echo "love: all self-tests passed"
