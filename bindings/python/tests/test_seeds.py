"""The examples of the three classic exercises (shared/seeds), through the Python surface."""

import pytest
import tictactoe

# "Find Winner on a Tic Tac Toe Game" (LeetCode 1275): examples 1-4.
FIND_WINNER = [
    ([[0, 0], [2, 0], [1, 1], [2, 1], [2, 2]], "A"),
    ([[0, 0], [1, 1], [0, 1], [0, 2], [1, 0], [2, 0]], "B"),
    ([[0, 0], [1, 1], [2, 0], [1, 0], [1, 2], [2, 1], [0, 1], [0, 2], [2, 2]], "Draw"),
    ([[0, 0], [1, 1]], "Pending"),
]

# "Valid Tic-Tac-Toe State" (LeetCode 794): examples 1-3.
VALID_STATE = [
    (["O  ", "   ", "   "], False),
    (["XOX", " X ", "   "], False),
    (["XOX", "O O", "XOX"], True),
]

# "Design Tic-Tac-Toe" (LeetCode 348): n = 3, then (row, col, player) -> returned winner.
DESIGN = [
    ((0, 0, 1), 0),
    ((0, 2, 2), 0),
    ((2, 2, 1), 0),
    ((1, 1, 2), 0),
    ((2, 0, 1), 0),
    ((1, 0, 2), 0),
    ((2, 1, 1), 1),
]


@pytest.mark.parametrize("moves, answer", FIND_WINNER)
def test_find_winner(moves, answer):
    assert tictactoe.judge(moves) == answer


@pytest.mark.parametrize("moves, answer", FIND_WINNER)
def test_find_winner_replayed_on_a_game(moves, answer):
    with tictactoe.Game() as game:
        for row, col in moves:
            game.play(row, col)
        assert game.result == answer


@pytest.mark.parametrize("board, reachable", VALID_STATE)
def test_valid_state(board, reachable):
    verdict = tictactoe.validate(board)
    assert bool(verdict) is reachable
    # The same board as one string, with either row separator and unsplit.
    assert bool(tictactoe.validate("/".join(board))) is reachable
    assert bool(tictactoe.validate("\n".join(board))) is reachable
    assert bool(tictactoe.validate("".join(board))) is reachable


def test_valid_state_reasons():
    assert tictactoe.validate(["O  ", "   ", "   "]).code == 1  # TTT_TOO_MANY_O
    assert tictactoe.validate(["XOX", " X ", "   "]).code == 2  # TTT_TOO_MANY_X
    assert tictactoe.validate(["XOX", "O O", "XOX"]).code == 0  # TTT_VALID


def test_design_tictactoe():
    game = tictactoe.Game(3, 3, 3)
    assert [game.move(*args) for args, _ in DESIGN] == [winner for _, winner in DESIGN]
    assert game.winner == 1
    assert game.result == "A"
    game.close()
