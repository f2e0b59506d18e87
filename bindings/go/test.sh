#!/usr/bin/env bash
# Builds the static library and runs the Go binding's tests (cgo links libtictactoe.a).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
command -v go >/dev/null || { echo "go is missing (apt-get install golang-go)"; exit 1; }
(cd "$root" && cargo build --release --quiet)
cd "$root/bindings/go"
# Caches live under target/ (ignored by git); the package has no module dependencies.
export GOCACHE="$root/target/go/cache" GOPATH="$root/target/go/path" GOFLAGS=-mod=mod \
  GOPROXY=off GOTOOLCHAIN=local CGO_ENABLED=1
unformatted="$(gofmt -l .)"
[ -z "$unformatted" ] || { echo "gofmt would change: $unformatted"; exit 1; }
go vet ./...
go test -count=1 -v ./...
# Again under the race detector: games shared by goroutines, finalizers, Close during calls.
go test -race -count=1 ./...
