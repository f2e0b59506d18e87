-- A user's first program against the installed rock (plain require, no path given), then the
-- seed exercises' own examples with the answers the exercises give. Usage: luajit seeds.lua VERSION
local ttt = require("tictactoe")

local g = ttt.Game(3, 3, 3)
assert(g:play(1, 1) == "Pending")
g:play(0, 0)
assert(g:to_text() == "3,3,3:O../.X./...:X", g:to_text())
g:close()
assert(ttt.version() == arg[1], ttt.version())

local winners = {
  { { { 0, 0 }, { 2, 0 }, { 1, 1 }, { 2, 1 }, { 2, 2 } }, "A" },
  { { { 0, 0 }, { 1, 1 }, { 0, 1 }, { 0, 2 }, { 1, 0 }, { 2, 0 } }, "B" },
  { { { 0, 0 }, { 1, 1 }, { 2, 0 }, { 1, 0 }, { 1, 2 }, { 2, 1 }, { 0, 1 }, { 0, 2 }, { 2, 2 } }, "Draw" },
  { { { 0, 0 }, { 1, 1 } }, "Pending" },
}
for _, w in ipairs(winners) do assert(ttt.find_winner(w[1]) == w[2], w[2]) end
assert(not ttt.validate({ "O  ", "   ", "   " }))
assert(not ttt.validate({ "XOX", " X ", "   " }))
assert(ttt.validate({ "XOX", "O O", "XOX" }))
local toe = ttt.tictactoe(3)
local moves = { { 0, 0, 1 }, { 0, 2, 2 }, { 2, 2, 1 }, { 1, 1, 2 }, { 2, 0, 1 }, { 1, 0, 2 }, { 2, 1, 1 } }
for i, m in ipairs(moves) do assert(toe:move(m[1], m[2], m[3]) == (i == 7 and 1 or 0), i) end
toe:close()
print("ok: tictactoe " .. ttt.version() .. ", the seeds' examples")
