#!/usr/bin/env bash
# The npm package as a user meets it: `npm install` of the tarball into an empty npm project
# (koffi comes from the registry), then the seeds' program; no variable names the library.
set -euo pipefail
. "$(dirname "$0")/common.sh"
need npm node tar readelf
tgz="tictactoe-$version.tgz"
p="$scratch/node"
mkdir -p "$p/downloads" "$p/app"
cp "$out/$tgz" "$p/downloads/"
tar -tzf "$p/downloads/$tgz" | check_listing "$tgz"
cp "$(dirname "$0")/examples/seeds.js" "$p/app/"
cd "$p/app"
npm init -y >/dev/null
npm install --no-audit --no-fund --silent "$p/downloads/$tgz"
node_platform="$(node -p 'process.platform + "-" + process.arch')"
check_lib "node_modules/tictactoe/prebuilds/$node_platform/libtictactoe.so"
node seeds.js "$version"
