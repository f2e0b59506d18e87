-- Per-call cost of the binding against the bare FFI call it wraps. Numbers, not pass/fail:
--   TICTACTOE_LIB=../../target/release/libtictactoe.so LUA_PATH="./?.lua" luajit bench.lua
local ffi = require("ffi")
local ttt = require("tictactoe")
local C = ffi.load(os.getenv("TICTACTOE_LIB") or "tictactoe")

local function bench(name, n, fn)
  fn() -- warm up (and let the JIT compile the loop body once)
  local t0 = os.clock()
  for _ = 1, n do fn() end
  print(("%-28s %8.1f ns/call"):format(name, (os.clock() - t0) / n * 1e9))
end

local N = 5000000
local g = ttt.Game()
local out = ffi.new("uint32_t[1]")
bench("bare ttt_game_to_move", N, function() C.ttt_game_to_move(g.ptr, out) end)
bench("g:to_move()", N, function() g:to_move() end)
bench("g:play(1, 1) + g:undo()", N, function() g:play(1, 1); g:undo() end)
bench("ttt.judge (5 moves)", N / 10, function() ttt.judge({ { 0, 0 }, { 2, 0 }, { 1, 1 }, { 2, 1 }, { 2, 2 } }) end)
