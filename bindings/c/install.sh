#!/usr/bin/env bash
# Installs the C library the way C and C++ projects expect to find it (Linux):
#
#   PREFIX/include/tictactoe.h
#   PREFIX/include/tictactoe.hpp                         the C++ wrapper (bindings/cpp)
#   PREFIX/lib/libtictactoe.a                            without debug info (strip -g)
#   PREFIX/lib/libtictactoe.so.X.Y.Z, with the links libtictactoe.so.SOVERSION and libtictactoe.so,
#                                                        stripped (strip --strip-unneeded)
#   PREFIX/lib/.debug/libtictactoe.so.X.Y.Z.debug        its debug info, which gdb and other
#                                                        debuggers find by the library's
#                                                        .gnu_debuglink (not with --no-debug-info)
#   PREFIX/lib/pkgconfig/tictactoe.pc                    pkg-config --cflags --libs tictactoe
#   PREFIX/lib/pkgconfig/tictactoe-static.pc             the same, linking libtictactoe.a
#   PREFIX/lib/cmake/tictactoe/tictactoeConfig*.cmake    find_package(tictactoe) in CMake
#
# Usage: bindings/c/install.sh [--prefix DIR] [--libdir DIR] [--no-debug-info] [--relocatable]
#   --prefix         where to install (default /usr/local)
#   --libdir         where the libraries go (default PREFIX/lib; e.g. PREFIX/lib/x86_64-linux-gnu)
#   --no-debug-info  leave out LIBDIR/.debug (the libraries are stripped either way)
#   --relocatable    the pkg-config files name their paths relative to themselves (${pcfiledir}),
#                    so the tree works wherever it is unpacked (bindings/package.sh's tarball)
#   DESTDIR   set in the environment to stage the files under DESTDIR (for packagers); the
#             paths written into tictactoe.pc stay those of the final place.
#
# SOVERSION: before 1.0 every minor release may change the ABI, so for 0.Y.Z the shared
# library's soname is libtictactoe.so.0.Y; from 1.0 on it is libtictactoe.so.X.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/bindings/c"
prefix=/usr/local
libdir=""
debug_info=yes
relocatable=no
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
    --libdir) libdir="${2:?--libdir needs a directory}"; shift 2 ;;
    --no-debug-info) debug_info=no; shift ;;
    --relocatable) relocatable=yes; shift ;;
    *) echo "install.sh: unknown argument $1 (see the comment at the top)" >&2; exit 2 ;;
  esac
done
[ "$(uname -s)" = Linux ] || { echo "install.sh: only Linux (ELF sonames) is supported" >&2; exit 1; }
for tool in cargo readelf strip objcopy; do
  command -v "$tool" >/dev/null || { echo "install.sh: $tool is required (binutils for readelf, strip, objcopy)" >&2; exit 1; }
done
case "$prefix" in /*) ;; *) echo "install.sh: --prefix must be an absolute path" >&2; exit 2 ;; esac
libdir="${libdir:-$prefix/lib}"
case "$libdir" in /*) ;; *) echo "install.sh: --libdir must be an absolute path" >&2; exit 2 ;; esac

cd "$root"
version="$(sed -n 's/^#define TTT_VERSION_STRING "\(.*\)"$/\1/p' include/tictactoe.h)"
[[ "$version" =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)$ ]] || { echo "install.sh: no version in the header" >&2; exit 1; }
major="${BASH_REMATCH[1]}" minor="${BASH_REMATCH[2]}"
if [ "$major" = 0 ]; then soversion="0.$minor"; else soversion="$major"; fi
real="libtictactoe.so.$version" soname="libtictactoe.so.$soversion"

# Both libraries in one build of their own (cargo gives a cdylib no soname), into
# target/install; rustc also writes the system libraries a static link needs, for the
# static pkg-config file and CMake target.
out="$root/target/install"
build() {
  cargo rustc --release --lib --crate-type cdylib,staticlib --target-dir "$out" -- \
    -C "link-arg=-Wl,-soname,$soname" --print "native-static-libs=$out/native-static-libs"
}
build
# rustc writes the list only when it compiles: if an up-to-date build lost it, compile again.
if [ ! -s "$out/native-static-libs" ]; then
  cargo clean --release --target-dir "$out" -p tictactoe
  build
fi
built="$out/release/libtictactoe.so"
[[ "$(readelf -d "$built")" == *"Library soname: [$soname]"* ]] || { echo "install.sh: $built has no soname $soname" >&2; exit 1; }
native="$(cat "$out/native-static-libs")"
[ -n "$native" ] || { echo "install.sh: rustc listed no native libraries for the static library" >&2; exit 1; }

# The release profile keeps line tables for profiling and backtraces in the build tree; what
# is installed carries none. The shared library keeps only what the dynamic linker needs (its
# exported functions); its debug info goes to a file of its own, named in the library's
# .gnu_debuglink section with a checksum, in the .debug folder beside it where debuggers look.
# The static library loses its debug sections and keeps its symbol table, which linking needs.
stripped="$out/stripped"
rm -rf "$stripped"
mkdir -p "$stripped"
strip --strip-unneeded -o "$stripped/$real" "$built"
strip -g -o "$stripped/libtictactoe.a" "$out/release/libtictactoe.a"
if [ "$debug_info" = yes ]; then
  objcopy --only-keep-debug "$built" "$stripped/$real.debug"
  # The link records the file's name only; objcopy reads it here for the checksum.
  (cd "$stripped" && objcopy --add-gnu-debuglink="$real.debug" "$real")
fi

dest="${DESTDIR:-}"
install -d "$dest$prefix/include" "$dest$libdir/pkgconfig" "$dest$libdir/cmake/tictactoe"
install -m 644 include/tictactoe.h "$dest$prefix/include/tictactoe.h"
install -m 644 bindings/cpp/tictactoe.hpp "$dest$prefix/include/tictactoe.hpp"
install -m 644 "$stripped/libtictactoe.a" "$dest$libdir/libtictactoe.a"
install -m 755 "$stripped/$real" "$dest$libdir/$real"
if [ "$debug_info" = yes ]; then
  install -d "$dest$libdir/.debug"
  install -m 644 "$stripped/$real.debug" "$dest$libdir/.debug/$real.debug"
fi
ln -sf "$real" "$dest$libdir/$soname"
ln -sf "$soname" "$dest$libdir/libtictactoe.so"

# The templates' @NAME@ fields. The CMake files find the files relative to themselves (so a
# staged or moved tree still works); pkg-config files name the final paths, or with
# --relocatable paths from their own folder, which pkg-config calls ${pcfiledir}.
include_from_libdir="$(realpath -m --relative-to="$libdir" "$prefix/include")"
pc_prefix="$prefix" pc_libdir="$libdir"
if [ "$relocatable" = yes ]; then
  pc_prefix="\${pcfiledir}/$(realpath -m --relative-to="$libdir/pkgconfig" "$prefix")"
  pc_libdir="\${pcfiledir}/.."
fi
fill() {
  sed -e "s|@PREFIX@|$pc_prefix|g" -e "s|@LIBDIR@|$pc_libdir|g" -e "s|@VERSION@|$version|g" \
    -e "s|@MAJOR@|$major|g" -e "s|@MINOR@|$minor|g" -e "s|@SONAME@|$soname|g" \
    -e "s|@NATIVE_STATIC_LIBS@|$native|g" -e "s|@INCLUDE_FROM_LIBDIR@|$include_from_libdir|g" \
    -e "s|@POINTER_SIZE@|$(($(getconf LONG_BIT) / 8))|g" "$here/$1" >"$2"
}
fill tictactoe.pc.in "$dest$libdir/pkgconfig/tictactoe.pc"
fill tictactoe-static.pc.in "$dest$libdir/pkgconfig/tictactoe-static.pc"
fill tictactoeConfig.cmake.in "$dest$libdir/cmake/tictactoe/tictactoeConfig.cmake"
fill tictactoeConfigVersion.cmake.in "$dest$libdir/cmake/tictactoe/tictactoeConfigVersion.cmake"
chmod 644 "$dest$libdir"/pkgconfig/tictactoe*.pc "$dest$libdir"/cmake/tictactoe/*.cmake
echo "installed tictactoe $version ($soname) under $dest$prefix"
