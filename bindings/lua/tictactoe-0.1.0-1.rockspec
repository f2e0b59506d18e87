-- The LuaRocks package: tictactoe.lua and the library it opens. bindings/packages/lua.sh
-- stages this file with tictactoe.lua and the platform's library (libtictactoe.so here),
-- installs it with `luarocks make` and packs the binary rock (tictactoe-VERSION.PLATFORM.rock)
-- that users install. The library goes where LuaRocks puts C modules (lib/lua/5.1/tictactoe/),
-- where tictactoe.lua finds it on package.cpath.
rockspec_format = "3.0"
package = "tictactoe"
version = "0.1.0-1"
source = {
   -- The staged folder (luarocks make builds from the current directory).
   url = "file://."
}
description = {
   summary = "m,n,k-games (tic-tac-toe, gomoku) through the tictactoe C library (LuaJIT FFI)",
   detailed = [[
Plays, judges, validates and solves m,n,k-games: boards of any size where k in a row wins,
with undo, a text format, and an AI from random to perfect play. A LuaJIT FFI binding; the
rock carries the native library.]],
   license = "MIT OR Apache-2.0",
   labels = { "game", "ffi", "luajit" },
}
dependencies = {
   "lua == 5.1",
}
build = {
   type = "none",
   install = {
      lua = { tictactoe = "tictactoe.lua" },
      lib = { ["tictactoe.libtictactoe"] = "libtictactoe.so" },
   },
   platforms = {
      -- LuaRocks names the file by its module name with the platform's extension.
      windows = { install = { lib = { ["tictactoe.libtictactoe"] = "tictactoe.dll" } } },
      macosx = { install = { lib = { ["tictactoe.libtictactoe"] = "libtictactoe.dylib" } } },
   },
}
