#!/usr/bin/env bash
# Builds the static library, compiles every bindings/cpp/tests/*.cpp against it with warnings as
# errors, runs each test, then runs it again under valgrind (errors or leaks fail the run).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
for tool in g++ valgrind cargo; do
  command -v "$tool" >/dev/null || { echo "cpp/test.sh: $tool is required" >&2; exit 1; }
done

(cd "$root" && cargo build --release --quiet)
out="$root/target/cpp-tests"
mkdir -p "$out"

for src in "$here"/tests/*.cpp; do
  name="$(basename "$src" .cpp)"
  echo "== cpp: $name"
  g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror -g -O1 \
    -I "$root/include" -I "$here" "$src" \
    "$root/target/release/libtictactoe.a" -lpthread -ldl -lm -o "$out/$name"
  "$out/$name"
  valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=all \
    --show-leak-kinds=definite,indirect,possible "$out/$name" >/dev/null
done
