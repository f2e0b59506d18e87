"""Game.best_move / optimal_moves wrap ttt_game_best_move / ttt_game_optimal_moves. Until the
C library has them, they raise NotImplementedError; once it does, they must give perfect
play (values worked out by hand below)."""

import pytest

import tictactoe
from tictactoe._native import lib

HAS_AI = hasattr(lib, "ttt_game_best_move")


def game_from(moves):
    game = tictactoe.Game()
    for row, col in moves:
        game.play(row, col)
    return game


def test_best_move():
    # X has (0,0),(0,1), O has (1,0),(1,1); X to move wins at once at (0,2): +1 ply.
    winning = game_from([(0, 0), (1, 0), (0, 1), (1, 1)])
    # X has (0,0),(0,1), O has (1,1); O must block at (0,2), and then holds the draw.
    defending = game_from([(0, 0), (1, 1), (0, 1)])
    if not HAS_AI:
        with pytest.raises(NotImplementedError):
            winning.best_move()
        with pytest.raises(NotImplementedError):
            winning.optimal_moves()
        return
    assert winning.best_move() == (0, 2, 1)
    assert defending.best_move() == (0, 2, 0)
    assert defending.optimal_moves() == [(0, 2)]
    assert tictactoe.Game().best_move()[2] == 0  # 3,3,3 is a draw...
    empty = [(r, c) for r in range(3) for c in range(3)]
    assert tictactoe.Game().optimal_moves() == empty  # ...whatever the first move
    # The search never changes the game it was given.
    assert defending.moves == [(0, 0), (1, 1), (0, 1)]


def test_best_move_on_a_finished_or_closed_game():
    won = game_from([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    expected = tictactoe.GameOver if HAS_AI else NotImplementedError
    with pytest.raises(expected):
        won.best_move()
    won.close()
    with pytest.raises(tictactoe.GameClosed if HAS_AI else NotImplementedError):
        won.best_move()


def test_too_big_to_solve():
    gomoku = tictactoe.Game(15, 15, 5)
    with pytest.raises(tictactoe.TooHard if HAS_AI else NotImplementedError):
        gomoku.best_move()
    with pytest.raises(tictactoe.TooHard if HAS_AI else NotImplementedError):
        gomoku.optimal_moves()
