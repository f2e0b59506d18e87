#!/usr/bin/env bash
# Tests bindings/c/install.sh as a C user meets it: installs into scratch prefixes (one with a
# multiarch libdir, one staged with DESTDIR and then used from where it was staged), checks
# that the installed libraries carry no debug info (the shared library's is split out beside
# it, linked by .gnu_debuglink) and reports their sizes, then
# builds the exercise examples through pkg-config (shared and static) and through CMake's
# find_package (both targets; also the C++ wrapper's game test) and add_subdirectory of
# bindings/c (the library built from this checkout), and checks that each example
# prints exactly what it prints when built in the tree the README's way (tests/examples.rs
# checks that output against the exercises' answers), and that it loads the library it should.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
for tool in cc c++ cargo cmake pkg-config readelf nm strip objcopy; do
  command -v "$tool" >/dev/null || { echo "c/test.sh: $tool is required" >&2; exit 1; }
done
fail() { echo "c/test.sh: $*" >&2; exit 1; }
scratch="$root/target/c-install-test"
rm -rf "$scratch"
mkdir -p "$scratch"
examples=(find_winner valid_state design_tictactoe)
version="$(sed -n 's/^#define TTT_VERSION_STRING "\(.*\)"$/\1/p' "$root/include/tictactoe.h")"
minor="$(echo "$version" | cut -d. -f2)"
soname="libtictactoe.so.0.$minor"
[ "${version%%.*}" = 0 ] || soname="libtictactoe.so.${version%%.*}"

echo "== c: reference output of the examples, built in the tree (README 'Linking from C')"
(cd "$root" && cargo build --release --quiet)
for name in "${examples[@]}"; do
  cc -std=c99 -Wall -Wextra -Werror -I"$root/include" "$root/examples/$name.c" \
    "$root/target/release/libtictactoe.a" -lpthread -ldl -lm -o "$scratch/$name-ref"
  "$scratch/$name-ref" >"$scratch/$name.expected"
  [ -s "$scratch/$name.expected" ] || fail "$name printed nothing"
done

# same_output PROGRAM NAME: PROGRAM prints what the in-tree NAME printed.
same_output() {
  "$1" >"$1.out" || fail "$1 failed"
  diff -u "$scratch/$2.expected" "$1.out" || fail "$1 printed something else than $2-ref"
}
# links_to PROGRAM LIBDIR: PROGRAM needs the soname and finds it in LIBDIR at run time.
# (Outputs are read whole before grep: with pipefail, `grep -q` ending a pipe early can fail it.)
links_to() {
  local dynamic loads
  dynamic="$(readelf -d "$1")" loads="$(ldd "$1")"
  grep -q "Shared library: \[$soname\]" <<<"$dynamic" || fail "$1 does not need $soname"
  grep -q "$soname => $2/$soname" <<<"$loads" || fail "$1 does not load $2/$soname: $loads"
}
# static PROGRAM: PROGRAM needs no tictactoe library at run time.
static() {
  local dynamic
  dynamic="$(readelf -d "$1")"
  ! grep -q "libtictactoe" <<<"$dynamic" || fail "$1 should not need libtictactoe at run time"
}

echo "== c: install into a prefix with a multiarch libdir"
prefix="$scratch/usr"
libdir="$prefix/lib/x86_64-linux-gnu"
bash "$here/install.sh" --prefix "$prefix" --libdir "$libdir" >"$scratch/install.log" 2>&1 ||
  { cat "$scratch/install.log"; fail "install.sh failed"; }
cmp "$root/include/tictactoe.h" "$prefix/include/tictactoe.h" || fail "the installed header differs"
cmp "$root/bindings/cpp/tictactoe.hpp" "$prefix/include/tictactoe.hpp" || fail "the installed C++ wrapper differs"
real="$libdir/libtictactoe.so.$version"
[ "$(readlink "$libdir/libtictactoe.so")" = "$soname" ] || fail "libtictactoe.so does not link to $soname"
[ "$(readlink "$libdir/$soname")" = "libtictactoe.so.$version" ] || fail "$soname does not link to the real name"
[[ "$(readelf -d "$real")" == *"Library soname: [$soname]"* ]] || fail "$real has no soname $soname"
# The shared library exports the header's functions and nothing else.
nm -D --defined-only "$real" | awk '{print $3}' | sort >"$scratch/exported"
sed -nE 's/^[A-Za-z].*[ *](ttt_[a-z0-9_]+)\(.*/\1/p' "$root/include/tictactoe.h" | sort -u >"$scratch/declared"
diff -u "$scratch/declared" "$scratch/exported" || fail "exported symbols differ from the header's functions"

echo "== c: the installed libraries are stripped, the debug info split out beside them"
# sections FILE: the names of FILE's sections (of every member, for an archive).
sections() { readelf -S -W "$1" | sed -nE 's/^ *\[ *[0-9]+\] ([^ ]+) .*/\1/p' | sort -u; }
so_sections="$(sections "$real")" a_sections="$(sections "$libdir/libtictactoe.a")"
! grep -qx '\.debug_.*' <<<"$so_sections" || fail "$real carries debug sections: $(grep -x '\.debug_.*' <<<"$so_sections" | tr '\n' ' ')"
! grep -qx '\.symtab' <<<"$so_sections" || fail "$real keeps its full symbol table"
! grep -qx '\.debug_.*' <<<"$a_sections" || fail "libtictactoe.a carries debug sections"
grep -qx '\.symtab' <<<"$a_sections" || fail "libtictactoe.a lost the symbol table linking needs"
debug="$libdir/.debug/libtictactoe.so.$version.debug"
grep -qx '\.debug_info' <<<"$(sections "$debug")" || fail "$debug holds no .debug_info"
[[ "$(readelf -W --string-dump=.gnu_debuglink "$real")" == *"libtictactoe.so.$version.debug"* ]] ||
  fail "$real does not name its debug file in .gnu_debuglink"
size() { stat -c %s "$1"; }
echo "c: installed libtictactoe.so.$version $(size "$real") bytes (built: $(size "$root/target/install/release/libtictactoe.so")," \
  "debug info beside it: $(size "$debug")), libtictactoe.a $(size "$libdir/libtictactoe.a") bytes"

echo "== c: pkg-config"
export PKG_CONFIG_PATH="$libdir/pkgconfig"
[ "$(pkg-config --modversion tictactoe)" = "$version" ] || fail "tictactoe.pc has the wrong version"
[ "$(pkg-config --modversion tictactoe-static)" = "$version" ] || fail "tictactoe-static.pc has the wrong version"
pkg-config --exists 'tictactoe >= 0.1' || fail "pkg-config refuses tictactoe >= 0.1"
for name in "${examples[@]}"; do
  # shellcheck disable=SC2046 # the flags are words
  cc -std=c99 -Wall -Wextra -Werror "$root/examples/$name.c" $(pkg-config --cflags --libs tictactoe) \
    -Wl,-rpath,"$(pkg-config --variable=libdir tictactoe)" -o "$scratch/$name-pc-shared"
  links_to "$scratch/$name-pc-shared" "$libdir"
  same_output "$scratch/$name-pc-shared" "$name"
  # shellcheck disable=SC2046
  cc -std=c99 -Wall -Wextra -Werror "$root/examples/$name.c" $(pkg-config --cflags --libs tictactoe-static) \
    -o "$scratch/$name-pc-static"
  static "$scratch/$name-pc-static"
  same_output "$scratch/$name-pc-static" "$name"
done
unset PKG_CONFIG_PATH

# cmake_build DIR PREFIX [ARGS]: configures and builds the consumer project against PREFIX.
cmake_build() {
  local dir="$1" pfx="$2"
  shift 2
  cmake -S "$here/tests/cmake" -B "$dir" -DCMAKE_PREFIX_PATH="$pfx" -DCMAKE_C_COMPILER=cc "$@" >"$dir.log" 2>&1
}

echo "== c: CMake find_package, installed tree"
cmake_build "$scratch/cmake" "$prefix" || { cat "$scratch/cmake.log"; fail "cmake could not configure"; }
cmake --build "$scratch/cmake" >>"$scratch/cmake.log" 2>&1 || { cat "$scratch/cmake.log"; fail "cmake could not build"; }
for name in "${examples[@]}"; do
  links_to "$scratch/cmake/${name}_shared" "$libdir"
  same_output "$scratch/cmake/${name}_shared" "$name"
  static "$scratch/cmake/${name}_static"
  same_output "$scratch/cmake/${name}_static" "$name"
done
"$scratch/cmake/cpp_game" >"$scratch/cpp_game.out" || { cat "$scratch/cpp_game.out"; fail "the C++ wrapper's test failed"; }

echo "== c: CMake version requests"
for want in "0.$minor" "0.$minor.0" "$version"; do
  cmake_build "$scratch/want-ok" "$prefix" -DTTT_WANT="$want" || { cat "$scratch/want-ok.log"; fail "find_package($want) refused $version"; }
  rm -rf "$scratch/want-ok"
done
for want in "0.$((minor + 1))" "1.0" "$version.1"; do
  if cmake_build "$scratch/want-bad" "$prefix" -DTTT_WANT="$want"; then
    fail "find_package(tictactoe $want) accepted $version"
  fi
  grep -q "tictactoe" "$scratch/want-bad.log" || fail "no word on tictactoe when $want was refused"
  rm -rf "$scratch/want-bad"
done

echo "== c: staged with DESTDIR, used from the staging tree"
stage="$scratch/stage"
DESTDIR="$stage" bash "$here/install.sh" --prefix /opt/tictactoe --no-debug-info >"$scratch/stage.log" 2>&1 ||
  { cat "$scratch/stage.log"; fail "install.sh with DESTDIR failed"; }
[ -f "$stage/opt/tictactoe/lib/$soname" ] || fail "nothing staged under $stage/opt/tictactoe"
[ ! -e "$stage/opt/tictactoe/lib/.debug" ] || fail "--no-debug-info installed the debug info"
grep -qx "prefix=/opt/tictactoe" "$stage/opt/tictactoe/lib/pkgconfig/tictactoe.pc" || fail "the staged .pc does not name the final prefix"
cmake_build "$scratch/cmake-staged" "$stage/opt/tictactoe" || { cat "$scratch/cmake-staged.log"; fail "cmake could not use the staged tree"; }
cmake --build "$scratch/cmake-staged" >>"$scratch/cmake-staged.log" 2>&1 || { cat "$scratch/cmake-staged.log"; fail "cmake could not build against the staged tree"; }
same_output "$scratch/cmake-staged/find_winner_static" find_winner
LD_LIBRARY_PATH="$stage/opt/tictactoe/lib" same_output "$scratch/cmake-staged/valid_state_shared" valid_state

echo "== c: CMake add_subdirectory(bindings/c), built from this checkout"
cmake_build "$scratch/cmake-source" "" -DTTT_FROM_SOURCE=ON || { cat "$scratch/cmake-source.log"; fail "cmake could not configure from source"; }
cmake --build "$scratch/cmake-source" >>"$scratch/cmake-source.log" 2>&1 || { cat "$scratch/cmake-source.log"; fail "cmake could not build from source"; }
for name in "${examples[@]}"; do
  program="$scratch/cmake-source/${name}_shared"
  dynamic="$(readelf -d "$program")" loads="$(ldd "$program")"
  grep -q "Shared library: \[libtictactoe.so\]" <<<"$dynamic" || fail "$program does not need libtictactoe.so"
  grep -q "libtictactoe.so => $root/target/release/libtictactoe.so" <<<"$loads" || fail "$program does not load the checkout's library: $loads"
  same_output "$program" "$name"
  static "$scratch/cmake-source/${name}_static"
  same_output "$scratch/cmake-source/${name}_static" "$name"
done
"$scratch/cmake-source/cpp_game" >"$scratch/cpp_game-source.out" || { cat "$scratch/cpp_game-source.out"; fail "the C++ wrapper's test failed (from source)"; }

echo "== c: bad arguments are refused"
if bash "$here/install.sh" --prefix relative/path >/dev/null 2>&1; then fail "a relative prefix was accepted"; fi
if bash "$here/install.sh" --frobnicate >/dev/null 2>&1; then fail "an unknown argument was accepted"; fi
echo "c: install, pkg-config and CMake: ok"
