#!/usr/bin/env bash
# Tests the packages of target/packages/ (bash bindings/package.sh builds them) the way users
# meet them: each is copied into an empty project in a temporary folder outside the checkout
# and installed there with its ecosystem's own tool, in an environment where no variable names
# the checkout; then a first example and the seed exercises' examples run against it.
# Each package is also checked to hold the stripped library and nothing of a build folder.
#
# Usage: bash bindings/package-test.sh [NAME...]   NAME: as for bindings/package.sh
# The scripts bindings/packages/NAME-test.sh test one package each.
set -euo pipefail
here="$(cd "$(dirname "$0")/packages" && pwd)"
. "$here/common.sh"
choose_packages "-test" "$@"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/tictactoe-packages.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
case "$scratch" in "$root"/*) echo "package-test.sh: TMPDIR is inside the checkout" >&2; exit 1 ;; esac
export scratch
# The user's environment: no variable that names the checkout or tells a binding where the
# library is.
unset TICTACTOE_LIB LD_LIBRARY_PATH PKG_CONFIG_PATH CMAKE_PREFIX_PATH LUA_PATH LUA_CPATH \
  NODE_PATH PYTHONPATH GOFLAGS CARGO_TARGET_DIR
while read -r var; do unset "$var"; done < <(env | grep -F "$root" | cut -d= -f1)
# Nor the working folder (the tests start in the scratch folder, and OLDPWD would name the
# checkout).
cd "$scratch"
unset OLDPWD
for n in "${names[@]}"; do
  echo "== package test: $n"
  bash "$here/$n-test.sh"
done
echo "== package sizes"
(cd "$out" && find . -type f \( ! -path './goproxy/*' -o -name '*.zip' \) -printf '%s\t%P\n' | sort -k2)
