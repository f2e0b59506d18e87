#!/usr/bin/env bash
# The Debian packages as a user meets them: dpkg -i, the seeds' program built with the system's
# pkg-config and CMake (no path given), dpkg -r, and nothing of the packages left behind.
# Installs into the system, so it needs root; the packages are removed whatever happens.
set -euo pipefail
. "$(dirname "$0")/common.sh"
need dpkg dpkg-deb dpkg-architecture cc cmake pkg-config readelf flock
[ "$(id -u)" = 0 ] || { echo "deb-test: dpkg -i needs root" >&2; exit 1; }
arch="$(dpkg-architecture -qDEB_HOST_ARCH)"
runtime="libtictactoe${soname#libtictactoe.so.}"
debs=("${runtime}_$version-1_$arch.deb" "libtictactoe-dev_$version-1_$arch.deb")
p="$scratch/deb"
mkdir -p "$p/downloads" "$p/app"
for d in "${debs[@]}"; do
  cp "$out/$d" "$p/downloads/"
  dpkg-deb --fsys-tarfile "$p/downloads/$d" | tar -t | check_listing "$d"
done
# One install at a time on this machine: two checkouts' CI runs would otherwise install and
# remove the same system packages under each other.
exec 9>"/tmp/tictactoe-deb-test.lock"
flock 9
if dpkg-query -W "$runtime" libtictactoe-dev >/dev/null 2>&1; then
  echo "deb-test: $runtime or libtictactoe-dev is installed already: dpkg -r them first" >&2
  exit 1
fi
remove() { dpkg -r libtictactoe-dev "$runtime" >"$p/remove.log" 2>&1 || true; }
trap remove EXIT
(cd "$p/downloads" && dpkg -i "${debs[@]}") >"$p/install.log" 2>&1 || { cat "$p/install.log"; exit 1; }
multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
check_lib "/usr/lib/$multiarch/libtictactoe.so.$version"
# One version: the packages', the library's soname (which names the runtime package).
for d in "${debs[@]}"; do
  [ "$(dpkg-deb -f "$p/downloads/$d" Version)" = "$version-1" ] || { echo "deb-test: $d is not version $version-1" >&2; exit 1; }
done
readelf -d "/usr/lib/$multiarch/libtictactoe.so.$version" | grep -qF "Library soname: [$soname]" ||
  { echo "deb-test: the installed library's soname is not $soname" >&2; exit 1; }
cp "$(dirname "$0")/examples/seeds.c" "$(dirname "$0")/examples/CMakeLists.txt" "$p/app/"
cd "$p/app"
# shellcheck disable=SC2046
cc -std=c99 -Wall -Werror seeds.c $(pkg-config --cflags --libs tictactoe) -o seeds-shared
./seeds-shared "$version"
# shellcheck disable=SC2046
cc -std=c99 -Wall -Werror seeds.c $(pkg-config --cflags --libs tictactoe-static) -o seeds-static
./seeds-static "$version"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >build.log 2>&1 && cmake --build build >>build.log 2>&1 ||
  { cat build.log; exit 1; }
./build/seeds_shared "$version"
trap - EXIT
dpkg -r libtictactoe-dev "$runtime" >"$p/remove.log" 2>&1 || { cat "$p/remove.log"; exit 1; }
dpkg-query -W -f='${Status}\n' "$runtime" libtictactoe-dev 2>/dev/null | grep -q 'install ok installed' &&
  { echo "deb-test: dpkg -r left a package installed" >&2; exit 1; }
left="$(ls "/usr/include/tictactoe.h" "/usr/lib/$multiarch"/libtictactoe* 2>/dev/null || true)"
[ -z "$left" ] || { echo "deb-test: dpkg -r left $left" >&2; exit 1; }
if ./seeds-shared "$version" 2>/dev/null; then echo "deb-test: the library is still found after dpkg -r" >&2; exit 1; fi
echo "deb: installed, used and removed cleanly"
