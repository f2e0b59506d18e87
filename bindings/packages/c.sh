#!/usr/bin/env bash
# The C and C++ package: bindings/c/install.sh's tree (include/, lib/ with the soname links,
# pkg-config and CMake files), relocatable, as tictactoe-VERSION-PLATFORM.tar.gz. Unpacked
# anywhere, `PKG_CONFIG_PATH=DIR/lib/pkgconfig` or `-DCMAKE_PREFIX_PATH=DIR` finds it.
set -euo pipefail
. "$(dirname "$0")/common.sh"
name="tictactoe-$version-$platform"
stage="$work/c/$name"
rm -rf "$work/c"
mkdir -p "$stage"
cp -a "$tree/." "$stage/"
cp "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$stage/"
cp "$root/bindings/c/README.md" "$stage/README.md"
# The same bytes from the same tree: sorted names, no owner, the commit's time.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$(git -C "$root" log -1 --format=%ct)" \
  -C "$work/c" -czf "$out/$name.tar.gz" "$name"
echo "built $out/$name.tar.gz"
