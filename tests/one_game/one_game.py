"""One seeded AI-vs-AI game through the Python binding, printed as the transcript
tests/one_game.sh compares across runners (format and rules at the top of that script)."""

import tictactoe

game = tictactoe.Game(15, 15, 5)
level = tictactoe.Level.HARD
print(f"game 15 15 5 level {int(level)}")
ply = 0
while game.result == "Pending":
    row, col = game.ai_move(level, 1000 + ply)
    game.play(row, col)
    print(ply, row, col)
    ply += 1
print("text", game.to_text())
print("result", game.result)
