#!/usr/bin/env bash
# Builds the SDL2 game against the release library with warnings as errors and runs its
# self-test under SDL's dummy video driver (no display) on 3x3 k=3, 7x7 k=5 and 15x15 k=5:
# each game clicks one cell through SDL's event queue, lets the AI play both sides to the end,
# saves a BMP and checks every cell's pixels against the game. Then runs it under valgrind, and
# builds it once more with CMake.
# Screenshots go to target/engines/. With --images, the 3x3 and 15x15 ones are also written to
# docs/images/ as PNG.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
for tool in cc cmake sdl2-config valgrind; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (see .ci/apt/)"; exit 1; }
done
(cd "$root" && cargo build --release --quiet)
out="$root/target/engines"
mkdir -p "$out"
exe="$out/tictactoe-sdl2"
# shellcheck disable=SC2046 # sdl2-config's flags are meant to be split
cc -std=c99 -Wall -Wextra -Werror -pedantic -O2 -g $(sdl2-config --cflags) \
  -I"$root/include" "$root/examples/sdl2/main.c" -o "$exe" \
  -L"$root/target/release" -ltictactoe -Wl,-rpath,"$root/target/release" \
  $(sdl2-config --libs) -lm

export SDL_VIDEODRIVER=dummy
for size in "3 3 3" "7 7 5" "15 15 5"; do
  read -r rows cols k <<<"$size"
  bmp="$out/sdl2-${rows}x${cols}-k${k}.bmp"
  rm -f "$bmp"
  timeout 300 "$exe" --selftest "$bmp" --size "$rows" "$cols" "$k"
  [ -s "$bmp" ] || { echo "sdl2: no screenshot at $bmp"; exit 1; }
done

# The same under valgrind: no invalid read or write, no leak of the game's own memory.
for size in "3 3 3" "7 7 5"; do
  read -r rows cols k <<<"$size"
  timeout 300 valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
    "$exe" --selftest "$out/sdl2-valgrind.bmp" --size "$rows" "$cols" "$k"
done

# The CMake build (examples/sdl2/CMakeLists.txt, the library through bindings/c), once.
cmake -S "$root/examples/sdl2" -B "$out/sdl2-cmake" -DCMAKE_BUILD_TYPE=Release \
  >"$out/sdl2-cmake.log" 2>&1 && cmake --build "$out/sdl2-cmake" >>"$out/sdl2-cmake.log" 2>&1 \
  || { cat "$out/sdl2-cmake.log"; echo "sdl2: the CMake build failed"; exit 1; }
timeout 300 "$out/sdl2-cmake/tictactoe-sdl2" --selftest "$out/sdl2-cmake.bmp" --size 7 7 5

# A bad command line is a message and exit status 2, with no window.
set +e
"$exe" --size 3 3 >/dev/null 2>"$out/sdl2-usage.err"
status=$?
set -e
if [ "$status" -ne 2 ] || ! grep -q "usage:" "$out/sdl2-usage.err"; then
  echo "sdl2: a bad command line gave exit status $status"
  exit 1
fi

if [ "${1:-}" = "--images" ]; then
  mkdir -p "$root/docs/images"
  python3 "$root/examples/sdl2/bmp_to_png.py" "$out/sdl2-15x15-k5.bmp" "$root/docs/images/sdl2-15x15.png"
  python3 "$root/examples/sdl2/bmp_to_png.py" "$out/sdl2-3x3-k3.bmp" "$root/docs/images/sdl2-3x3.png"
fi
echo "sdl2: all self-tests passed"
