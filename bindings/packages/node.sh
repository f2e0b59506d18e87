#!/usr/bin/env bash
# The npm package (npm pack): the binding's files that package.json lists, with the library in
# prebuilds/PLATFORM-ARCH/ (Node's process.platform and process.arch: linux-x64 here), where
# lib/native.js looks first. koffi, its one dependency, comes from npm at install time.
set -euo pipefail
. "$(dirname "$0")/common.sh"
need npm node
stage="$work/node"
rm -rf "$stage"
mkdir -p "$stage"
src="$root/bindings/node"
cp -r "$src/package.json" "$src/index.js" "$src/index.d.ts" "$src/lib" "$src/README.md" "$stage/"
cp "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$stage/"
node_platform="$(node -p 'process.platform + "-" + process.arch')"
mkdir -p "$stage/prebuilds/$node_platform"
cp "$lib" "$stage/prebuilds/$node_platform/libtictactoe.so"
(cd "$stage" && npm pack --silent --pack-destination "$out" >/dev/null)
echo "built $out/tictactoe-$version.tgz"
