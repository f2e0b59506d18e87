#!/usr/bin/env bash
# Builds the static library, compiles every bindings/cpp/tests/*.cpp against it with warnings as
# errors, runs each test, then runs it again under valgrind (errors or leaks fail the run).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
for tool in g++ clang++ valgrind cargo; do
  command -v "$tool" >/dev/null || { echo "cpp/test.sh: $tool is required" >&2; exit 1; }
done

# The binding covers the whole C API: every function the header declares is called from
# tictactoe.hpp (called or passed), except those listed here with the reason.
# ttt_judge_ex does the same as ttt_judge and ttt_find_winner and also reports the bad move's
# index (find_winner is judge on 3 x 3 with the answer as ttt_result_str's string).
not_wrapped=" ttt_judge ttt_find_winner "
missing=""
for fn in $(sed -nE 's/^[A-Za-z].*[ *](ttt_[a-z0-9_]+)\(.*/\1/p' "$root/include/tictactoe.h"); do
  case "$not_wrapped" in *" $fn "*) continue ;; esac
  grep -q "\b$fn\b" "$here/tictactoe.hpp" || missing+=" $fn"
done
[ -z "$missing" ] || { echo "cpp/test.sh: tictactoe.hpp does not wrap:$missing" >&2; exit 1; }

(cd "$root" && cargo build --release --quiet)
out="$root/target/cpp-tests"
mkdir -p "$out"

warn=(-Wall -Wextra -Wpedantic -Werror)
for src in "$here"/tests/*.cpp; do
  name="$(basename "$src" .cpp)"
  echo "== cpp: $name (C++17, then under valgrind)"
  g++ -std=c++17 "${warn[@]}" -g -O1 \
    -I "$root/include" -I "$here" "$src" \
    "$root/target/release/libtictactoe.a" -lpthread -ldl -lm -o "$out/$name"
  "$out/$name"
  valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=all \
    --show-leak-kinds=definite,indirect,possible --suppressions="$root/tests/valgrind.supp" \
    "$out/$name" >/dev/null
  # The same test as C++20 (overload sets change: e.g. string_view's iterator-pair
  # constructor), built with AddressSanitizer and UBSan.
  echo "== cpp: $name (C++20, ASan + UBSan)"
  g++ -std=c++20 "${warn[@]}" -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
    -I "$root/include" -I "$here" "$src" \
    "$root/target/release/libtictactoe.a" -lpthread -ldl -lm -o "$out/${name}_cxx20"
  "$out/${name}_cxx20" >/dev/null
done

# The signature checks again in g++'s default GNU dialect, where __int128 counts as integral.
echo "== cpp: test_api_shape (gnu++17, signatures only)"
g++ -std=gnu++17 "${warn[@]}" -I "$root/include" -I "$here" -fsyntax-only "$here/tests/test_api_shape.cpp"

# The header alone is clean under stricter warnings than the tests use, so that it does not
# break a user's build that turns them on.
echo "== cpp: header under -Wconversion -Wsign-conversion -Wshadow -Wold-style-cast"
for std in c++17 c++20; do
  printf '#include "tictactoe.hpp"\n' |
    g++ -std=$std "${warn[@]}" -Wconversion -Wsign-conversion -Wshadow -Wold-style-cast \
      -Wnon-virtual-dtor -I "$root/include" -I "$here" -x c++ -fsyntax-only -
done

# And under clang's -Weverything, less what cannot apply to a header-only C++17 library: C++98
# compatibility, padding reports (layout, not bugs) and weak vtables (the exception classes'
# vtables are emitted in each file that uses them, as in any header-only library).
echo "== cpp: header under clang -Weverything"
for std in c++17 c++20; do
  printf '#include "tictactoe.hpp"\n' |
    clang++ -std=$std -Weverything -Werror -Wno-c++98-compat -Wno-c++98-compat-pedantic \
      -Wno-padded -Wno-weak-vtables -I "$root/include" -I "$here" -x c++ -fsyntax-only -
done

# The README's example compiles cleanly and runs.
echo "== cpp: README example"
sed -n '/^```cpp$/,/^```$/p' "$here/README.md" | sed '1d;$d' > "$out/readme_example.cpp"
g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror -I "$root/include" -I "$here" \
  "$out/readme_example.cpp" "$root/target/release/libtictactoe.a" -lpthread -ldl -lm -o "$out/readme_example"
"$out/readme_example"
