#!/usr/bin/env bash
# Builds the static library and runs the Go binding's tests against it (cgo links
# libtictactoe.a; build tag tictactoe_repo), then runs them again the default way, against an
# install found with pkg-config.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
command -v go >/dev/null || { echo "go is missing (apt-get install golang-go)"; exit 1; }
command -v pkg-config >/dev/null || { echo "pkg-config is missing (apt-get install pkg-config)"; exit 1; }
(cd "$root" && cargo build --release --quiet)
cd "$root/bindings/go"
# Caches live under target/ (ignored by git); the package has no module dependencies.
export GOCACHE="$root/target/go/cache" GOPATH="$root/target/go/path" GOFLAGS=-mod=mod \
  GOPROXY=off GOTOOLCHAIN=local CGO_ENABLED=1
unformatted="$(gofmt -l .)"
[ -z "$unformatted" ] || { echo "gofmt would change: $unformatted"; exit 1; }
go vet -tags tictactoe_repo ./...
go test -tags tictactoe_repo -count=1 -v ./...
# Again under the race detector: games shared by goroutines, finalizers, Close during calls.
# -short skips the one slow test (the 3x3 best-move audit, one goroutine: 15 s, over a minute
# under the detector), which the full pass above has just run on the same code.
go test -tags tictactoe_repo -race -short -count=1 ./...

# The same tests against an install (bindings/c/install.sh into a scratch prefix) through
# pkg-config, without the build tag: link_installed.go instead of link_repo.go.
prefix="$root/target/go/installed"
rm -rf "$prefix"
bash "$root/bindings/c/install.sh" --prefix "$prefix" >"$root/target/go/install.log" 2>&1 ||
  { cat "$root/target/go/install.log"; echo "go/test.sh: bindings/c/install.sh failed"; exit 1; }
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
[ "$(go list -f '{{.CgoPkgConfig}}' .)" = "[tictactoe-static]" ] ||
  { echo "go/test.sh: the default build does not use pkg-config"; exit 1; }
case "$(go list -f '{{.CgoLDFLAGS}} {{.CgoCFLAGS}}' .)" in
  *target/release* | *../../include*) echo "go/test.sh: the installed build still names the checkout"; exit 1 ;;
esac
# -short: the full pass above ran the one slow test (15 s) on the same code.
go vet ./...
go test -short -count=1 ./...
