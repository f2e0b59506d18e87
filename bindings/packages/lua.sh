#!/usr/bin/env bash
# The LuaRocks package: bindings/lua's rockspec, installed with `luarocks make` from a folder
# holding it, tictactoe.lua and the library, into a scratch tree; then `luarocks pack` of the
# installed rock gives the binary rock (tictactoe-VERSION-1.PLATFORM.rock) that users install.
# The rockspec is copied beside it.
set -euo pipefail
. "$(dirname "$0")/common.sh"
need luarocks
src="$root/bindings/lua"
specs=("$src"/tictactoe-*.rockspec)
[ ${#specs[@]} = 1 ] || { echo "lua.sh: expected one rockspec in $src, got: ${specs[*]}" >&2; exit 1; }
spec="$(basename "${specs[0]}")"
stage="$work/lua"
rm -rf "$stage"
mkdir -p "$stage/src" "$stage/tree"
cp "$src/tictactoe.lua" "$src/$spec" "$stage/src/"
cp "$lib" "$stage/src/libtictactoe.so"
rocks=(luarocks --lua-version=5.1 --tree "$stage/tree")
(cd "$stage/src" && "${rocks[@]}" make --deps-mode=none "$spec") >"$stage/make.log" 2>&1 ||
  { cat "$stage/make.log"; exit 1; }
rm -f "$out"/tictactoe-*.rock "$out"/tictactoe-*.rockspec
(cd "$out" && "${rocks[@]}" pack tictactoe) >"$stage/pack.log" 2>&1 || { cat "$stage/pack.log"; exit 1; }
cp "$src/$spec" "$out/"
ls "$out"/tictactoe-*.rock >/dev/null || { echo "lua.sh: luarocks pack wrote no rock" >&2; exit 1; }
echo "built $(ls "$out"/tictactoe-*.rock)"
