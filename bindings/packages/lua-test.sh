#!/usr/bin/env bash
# The rock as a user meets it: `luarocks install` of the binary rock into a local tree (the
# project's lua_modules), the paths from `luarocks path`, then the seeds' program on LuaJIT
# with a plain require("tictactoe").
set -euo pipefail
. "$(dirname "$0")/common.sh"
need luarocks luajit unzip readelf
rocks=("$out"/tictactoe-"$version"-*.rock)
[ -f "${rocks[0]}" ] || { echo "lua-test: no rock of $version in $out" >&2; exit 1; }
rock="$(basename "${rocks[0]}")"
p="$scratch/lua"
mkdir -p "$p/downloads" "$p/app"
cp "$out/$rock" "$p/downloads/"
unzip -Z1 "$p/downloads/$rock" | check_listing "$rock"
cp "$(dirname "$0")/examples/seeds.lua" "$p/app/"
cd "$p/app"
luarocks --lua-version=5.1 --tree lua_modules install "$p/downloads/$rock" >install.log 2>&1 ||
  { cat install.log; exit 1; }
check_lib lua_modules/lib/lua/5.1/tictactoe/libtictactoe.so
eval "$(luarocks --lua-version=5.1 --tree lua_modules path)"
luajit seeds.lua "$version"
