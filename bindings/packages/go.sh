#!/usr/bin/env bash
# The Go module, as a module proxy folder (target/packages/goproxy/, the layout `go get`
# reads from GOPROXY=file://... or any static web server): MODULE/@v/list, vVERSION.info,
# vVERSION.mod and vVERSION.zip. The zip holds go.mod, the README, the licences and the
# package's sources; not the tests (they read the checkout) nor link_repo.go (the checkout's
# cgo flags, for -tags tictactoe_repo). The package links the installed C library through
# pkg-config (link_installed.go), so it carries no library of its own.
set -euo pipefail
. "$(dirname "$0")/common.sh"
need zip go
src="$root/bindings/go"
module="$(sed -n 's/^module //p' "$src/go.mod")"
v="v$version"
stage="$work/go"
rm -rf "$stage" "$out/goproxy"
mkdir -p "$stage/$module@$v" "$out/goproxy/$module/@v"
cp "$src/go.mod" "$src/README.md" "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$stage/$module@$v/"
for f in "$src"/*.go; do
  case "$f" in *_test.go | */link_repo.go) continue ;; esac
  cp "$f" "$stage/$module@$v/"
done
find "$stage" -exec touch -d "@$SOURCE_DATE_EPOCH" {} +
d="$out/goproxy/$module/@v"
(cd "$stage" && find . -type f | sed 's|^\./||' | LC_ALL=C sort | zip -q -X -D "$d/$v.zip" -@)
cp "$src/go.mod" "$d/$v.mod"
printf '{"Version":"%s","Time":"%s"}\n' "$v" "$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%dT%H:%M:%SZ)" >"$d/$v.info"
echo "$v" >"$d/list"
echo "built $out/goproxy/ ($module $v)"
