#!/usr/bin/env bash
# Builds the library and runs the Node binding's tests with node's test runner.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
command -v node >/dev/null || { echo "node is missing (Node 18+ is required)"; exit 1; }
[ -d "$here/node_modules/koffi" ] && [ -d "$here/node_modules/typescript" ] || bash "$here/setup.sh"
(cd "$root" && cargo build --release --quiet)
cd "$here"
TICTACTOE_LIB="$root/target/release/libtictactoe.so" node --expose-gc --test test/
