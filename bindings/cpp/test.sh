#!/usr/bin/env bash
# Builds the static library, compiles every bindings/cpp/tests/*.cpp against it with warnings as
# errors, runs each test, then runs it again under valgrind (errors or leaks fail the run).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
for tool in g++ valgrind cargo; do
  command -v "$tool" >/dev/null || { echo "cpp/test.sh: $tool is required" >&2; exit 1; }
done

# The binding covers the whole C API: every function the header declares is called from
# tictactoe.hpp (called or passed), except those listed here with the reason.
not_wrapped=" ttt_judge "  # ttt_judge_ex does the same and also reports the bad move's index
missing=""
for fn in $(sed -nE 's/^[A-Za-z].*[ *](ttt_[a-z0-9_]+)\(.*/\1/p' "$root/include/tictactoe.h"); do
  case "$not_wrapped" in *" $fn "*) continue ;; esac
  grep -q "\b$fn\b" "$here/tictactoe.hpp" || missing+=" $fn"
done
[ -z "$missing" ] || { echo "cpp/test.sh: tictactoe.hpp does not wrap:$missing" >&2; exit 1; }

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

# The README's example compiles cleanly and runs.
echo "== cpp: README example"
sed -n '/^```cpp$/,/^```$/p' "$here/README.md" | sed '1d;$d' > "$out/readme_example.cpp"
g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror -I "$root/include" -I "$here" \
  "$out/readme_example.cpp" "$root/target/release/libtictactoe.a" -lpthread -ldl -lm -o "$out/readme_example"
"$out/readme_example"
