-- One seeded AI-vs-AI game through the LuaJIT binding (bindings/lua), printed as the transcript
-- tests/one_game.sh compares across runners (format and rules at the top of that script).
local ttt = require("tictactoe")

local game = ttt.Game(15, 15, 5)
local level = ttt.level.HARD
print(("game 15 15 5 level %d"):format(level))
local ply = 0
while game:result() == "Pending" do
  local row, col = game:ai_move(level, 1000 + ply)
  game:play(row, col)
  print(("%d %d %d"):format(ply, row, col))
  ply = ply + 1
end
print("text " .. game:to_text())
print("result " .. game:result())
