#!/usr/bin/env bash
# Builds the library and runs the LuaJIT binding's tests against it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
command -v luajit >/dev/null || { echo "luajit is missing (apt-get install luajit)"; exit 1; }
command -v luacheck >/dev/null || { echo "luacheck is missing (apt-get install lua-check)"; exit 1; }
(cd "$root/bindings/lua" && luacheck --quiet .)  # settings in bindings/lua/.luacheckrc
(cd "$root" && cargo build --release --quiet)
cd "$root/bindings/lua"
TICTACTOE_LIB="$root/target/release/libtictactoe.so" LUA_PATH="./?.lua" \
  luajit test.lua "$root/include/tictactoe.h"
TICTACTOE_LIB="$root/target/release/libtictactoe.so" LUA_PATH="./?.lua" luajit audit.lua
