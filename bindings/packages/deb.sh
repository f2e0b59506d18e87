#!/usr/bin/env bash
# The Debian packages, built with dpkg-deb from bindings/c/install.sh's tree staged under /usr:
#
#   libtictactoe0.1   the shared library and its soname link (Debian names a runtime library's
#                     package after its soname, libtictactoe.so.0.1, so that two ABIs can be
#                     installed side by side)
#   libtictactoe-dev  the header, the C++ wrapper, the static library, the link-time
#                     libtictactoe.so, the pkg-config and CMake files
#
# Both are checked with lintian (the Debian policy checker), which must report no error or
# warning.
set -euo pipefail
. "$(dirname "$0")/common.sh"
need dpkg-deb dpkg-shlibdeps dpkg-architecture lintian gzip
arch="$(dpkg-architecture -qDEB_HOST_ARCH)"
multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
debversion="$version-1"
runtime="libtictactoe${soname#libtictactoe.so.}"
here="$(cd "$(dirname "$0")" && pwd)"
stage="$work/deb/stage"
rm -rf "$work/deb"
mkdir -p "$stage"
DESTDIR="$stage" bash "$root/bindings/c/install.sh" --prefix /usr --libdir "/usr/lib/$multiarch" \
  --no-debug-info >"$work/deb/install.log" 2>&1 || { cat "$work/deb/install.log"; exit 1; }

# move PACKAGE PATH...: moves the staged PATHs (relative to the stage) into PACKAGE's tree.
move() {
  local pkg="$1" p
  shift
  for p in "$@"; do
    mkdir -p "$work/deb/$pkg/$(dirname "$p")"
    mv "$stage/$p" "$work/deb/$pkg/$p"
  done
}
libdir="usr/lib/$multiarch"
move "$runtime" "$libdir/libtictactoe.so.$version" "$libdir/$soname"
move libtictactoe-dev usr/include "$libdir/libtictactoe.so" "$libdir/libtictactoe.a" \
  "$libdir/pkgconfig" "$libdir/cmake"
[ -z "$(find "$stage" -type f -o -type l)" ] || { echo "deb.sh: staged files in no package:" >&2; find "$stage" >&2; exit 1; }
# Debian installs shared libraries without the executable bit.
chmod 644 "$work/deb/$runtime/$libdir/libtictactoe.so.$version"

# The run-time dependencies (libc, libgcc), as dpkg-shlibdeps reads them from the library.
mkdir -p "$work/deb/shlibdeps/debian"
printf 'Source: tictactoe\n\nPackage: %s\nArchitecture: any\n' "$runtime" >"$work/deb/shlibdeps/debian/control"
# (Its warning that the library is not yet where it will be installed does not apply here.)
depends="$(cd "$work/deb/shlibdeps" && dpkg-shlibdeps -O "$work/deb/$runtime/$libdir/libtictactoe.so.$version" 2>"$work/deb/shlibdeps.log" |
  sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { cat "$work/deb/shlibdeps.log"; echo "deb.sh: dpkg-shlibdeps found no dependency" >&2; exit 1; }

date="$(date -R -u -d "@$(git -C "$root" log -1 --format=%ct)")"
# The copyright's years: those of the first and the last commit.
years="$(git -C "$root" log --format=%ad --date=format:%Y | sed -n '$p')-$(date -u -d "@$(git -C "$root" log -1 --format=%ct)" +%Y)"
years="$(echo "$years" | sed -E 's/^([0-9]+)-\1$/\1/')"
for pkg in "$runtime" libtictactoe-dev; do
  d="$work/deb/$pkg"
  mkdir -p "$d/DEBIAN" "$d/usr/share/doc/$pkg"
  sed "s/@YEARS@/$years/" "$here/debian/copyright.in" >"$d/usr/share/doc/$pkg/copyright"
  sed -e "s/@VERSION@/$debversion/" -e "s/@DATE@/$date/" "$here/debian/changelog.in" |
    gzip -9n >"$d/usr/share/doc/$pkg/changelog.Debian.gz"
  sed -e "s/@PACKAGE@/$pkg/" -e "s/@RUNTIME@/$runtime/" -e "s/@VERSION@/$debversion/" \
    -e "s/@ARCH@/$arch/" -e "s/@DEPENDS@/$depends/" -e "s/@MULTIARCH@/$multiarch/" \
    -e "s/@SIZE@/$(du -sk --exclude=DEBIAN "$d" | cut -f1)/" "$here/debian/$(
      [ "$pkg" = "$runtime" ] && echo runtime || echo dev).control.in" >"$d/DEBIAN/control"
  (cd "$d" && find usr -type f -printf '%P\0' | sort -z | sed -z 's|^|usr/|' | xargs -0 md5sum) >"$d/DEBIAN/md5sums"
  find "$d" -type d -exec chmod 755 {} +
  find "$d" -type f -exec chmod 644 {} +
done
d="$work/deb/$runtime/DEBIAN"
# Packages built against this library depend on this version or newer (same soname).
echo "libtictactoe ${soname#libtictactoe.so.} $runtime (>= $version)" >"$d/shlibs"
# ldconfig updates its cache when the library is installed or removed.
echo "activate-noawait ldconfig" >"$d/triggers"
for pkg in "$runtime" libtictactoe-dev; do
  dpkg-deb --root-owner-group -Zxz --build "$work/deb/$pkg" "$out/${pkg}_${debversion}_$arch.deb" >/dev/null
  echo "built $out/${pkg}_${debversion}_$arch.deb"
done
# lintian exits non-zero on an error; a warning fails here too.
lintian --fail-on error,warning --suppress-tags initial-upload-closes-no-bugs \
  "$out/${runtime}_${debversion}_$arch.deb" "$out/libtictactoe-dev_${debversion}_$arch.deb"
