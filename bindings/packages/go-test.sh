#!/usr/bin/env bash
# The Go module as a user meets it: the C tarball unpacked (pkg-config finds it through
# PKG_CONFIG_PATH), the module proxy folder copied, then in an empty module `go get` of the
# module at the package's version and the seeds' program built and run.
set -euo pipefail
. "$(dirname "$0")/common.sh"
need go pkg-config tar
module="$(sed -n 's/^module //p' "$root/bindings/go/go.mod")"
tarball="tictactoe-$version-$platform.tar.gz"
p="$scratch/go"
mkdir -p "$p/downloads" "$p/opt" "$p/app"
cp "$out/$tarball" "$p/downloads/"
cp -r "$out/goproxy" "$p/goproxy"
unzip -Z1 "$p/goproxy/$module/@v/v$version.zip" | check_listing "$module v$version"
tar -xzf "$p/downloads/$tarball" -C "$p/opt"
export PKG_CONFIG_PATH="$p/opt/tictactoe-$version-$platform/lib/pkgconfig"
# The proxy is a folder; the module is not in the public checksum database. A module cache of
# its own (writable, so that the scratch folder can be removed): one left from an older build
# of the same version would be used instead of the package.
export GOPROXY="file://$p/goproxy" GONOSUMDB="${module%%/*}" GOPATH="$p/gopath" \
  GOFLAGS=-modcacherw CGO_ENABLED=1
cp "$(dirname "$0")/examples/seeds.go" "$p/app/main.go"
cd "$p/app"
go mod init example.org/seeds >/dev/null 2>&1
go get "$module@v$version"
go build -o seeds .
./seeds "$version"
! readelf -d seeds | grep -q libtictactoe || { echo "go-test: the program needs the shared library" >&2; exit 1; }
