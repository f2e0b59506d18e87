"""A user's first program against the installed wheel, then the seed exercises' own examples
with the answers the exercises give. Usage: python seeds.py VERSION"""

import sys
from importlib.metadata import version

import tictactoe

with tictactoe.Game(3, 3, 3) as game:
    assert game.play(1, 1) == "Pending"
    game.play(0, 0)
    assert game.to_text() == "3,3,3:O../.X./...:X", game.to_text()
assert version("tictactoe") == tictactoe.__version__ == sys.argv[1], tictactoe.__version__

winners = [
    ([(0, 0), (2, 0), (1, 1), (2, 1), (2, 2)], "A"),
    ([(0, 0), (1, 1), (0, 1), (0, 2), (1, 0), (2, 0)], "B"),
    ([(0, 0), (1, 1), (2, 0), (1, 0), (1, 2), (2, 1), (0, 1), (0, 2), (2, 2)], "Draw"),
    ([(0, 0), (1, 1)], "Pending"),
]
for moves, want in winners:
    assert tictactoe.judge(moves) == want, (moves, want)
assert not tictactoe.validate(["O  ", "   ", "   "])
assert not tictactoe.validate(["XOX", " X ", "   "])
assert tictactoe.validate(["XOX", "O O", "XOX"])
with tictactoe.Game(3, 3, 3) as toe:
    moves = [(0, 0, 1), (0, 2, 2), (2, 2, 1), (1, 1, 2), (2, 0, 1), (1, 0, 2), (2, 1, 1)]
    assert [toe.move(r, c, p) for r, c, p in moves] == [0, 0, 0, 0, 0, 0, 1]
print(f"ok: tictactoe {version('tictactoe')}, the seeds' examples")
