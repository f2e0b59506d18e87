#!/usr/bin/env bash
# The C package as a user meets it: the tarball unpacked into an empty folder, the seeds'
# program built through pkg-config (shared and static) and CMake's find_package, and a C++
# program on the C++ wrapper.
set -euo pipefail
. "$(dirname "$0")/common.sh"
need cc c++ cmake pkg-config readelf tar
tarball="tictactoe-$version-$platform.tar.gz"
p="$scratch/c"
mkdir -p "$p/downloads" "$p/opt" "$p/app"
cp "$out/$tarball" "$p/downloads/"
tar -tzf "$p/downloads/$tarball" | check_listing "$tarball"
tar -xzf "$p/downloads/$tarball" -C "$p/opt"
dir="$p/opt/tictactoe-$version-$platform"
check_lib "$dir/lib/libtictactoe.so.$version"
cp "$(dirname "$0")"/examples/{seeds.c,seeds.cpp,CMakeLists.txt} "$p/app/"
cd "$p/app"
export PKG_CONFIG_PATH="$dir/lib/pkgconfig"
# shellcheck disable=SC2046
cc -std=c99 -Wall -Werror seeds.c $(pkg-config --cflags --libs tictactoe) \
  -Wl,-rpath,"$(pkg-config --variable=libdir tictactoe)" -o seeds-shared
./seeds-shared "$version"
readelf -d seeds-shared | grep -q "Shared library: \[$soname\]" || { echo "c-test: seeds-shared does not need $soname" >&2; exit 1; }
# shellcheck disable=SC2046
cc -std=c99 -Wall -Werror seeds.c $(pkg-config --cflags --libs tictactoe-static) -o seeds-static
./seeds-static "$version"
! readelf -d seeds-static | grep -q libtictactoe || { echo "c-test: seeds-static needs the shared library" >&2; exit 1; }
# The C++ wrapper the tarball carries in include/.
# shellcheck disable=SC2046
c++ -std=c++17 -Wall -Werror seeds.cpp $(pkg-config --cflags --libs tictactoe-static) -o seeds-cpp
./seeds-cpp "$version"
cmake -S . -B build -DCMAKE_PREFIX_PATH="$dir" -DCMAKE_BUILD_TYPE=Release >build.log 2>&1 &&
  cmake --build build >>build.log 2>&1 || { cat build.log; exit 1; }
./build/seeds_shared "$version"
./build/seeds_static "$version"
