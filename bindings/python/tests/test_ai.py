"""The AI methods: best_move / optimal_moves (exact solver), search (budgeted) and ai_move
(levels). Built from a C library without them, they raise NotImplementedError; with them,
they must play as the header says (positions and answers worked out by hand below)."""

import pytest

import tictactoe
from tictactoe._native import lib

HAS_AI = hasattr(lib, "ttt_game_best_move")
HAS_SEARCH = hasattr(lib, "ttt_game_search")


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


def gomoku(moves):
    game = tictactoe.Game(15, 15, 5)
    for row, col in moves:
        game.play(row, col)
    return game


# X has four in a row on row 7, both ends open: X to move wins at (7,2) or (7,7).
X_TO_WIN = [(7, 3), (0, 0), (7, 4), (0, 2), (7, 5), (0, 4), (7, 6), (0, 6)]
# X has four on row 7 and O holds (7,2): O to move must block at (7,7).
O_MUST_BLOCK = [(7, 3), (7, 2), (7, 4), (0, 0), (7, 5), (0, 2), (7, 6)]


def test_search_wins_blocks_and_repeats():
    win, block = gomoku(X_TO_WIN), gomoku(O_MUST_BLOCK)
    if not HAS_SEARCH:
        with pytest.raises(NotImplementedError):
            win.search(max_nodes=100)
        with pytest.raises(NotImplementedError):
            win.ai_move(tictactoe.Level.RANDOM)
        return
    assert win.search(max_nodes=2000) in {(7, 2), (7, 7)}
    assert block.search(max_nodes=2000, seed=7) == (7, 7)
    assert block.search(max_millis=50) == (7, 7)
    first = gomoku([(7, 7)]).search(max_nodes=500, seed=3)
    assert all(gomoku([(7, 7)]).search(max_nodes=500, seed=3) == first for _ in range(3))
    assert block.moves == [(r, c) for r, c in O_MUST_BLOCK]  # never changes the game


def test_ai_levels():
    assert [level.name for level in tictactoe.Level] == ["RANDOM", "EASY", "MEDIUM", "HARD", "PERFECT"]
    if not HAS_SEARCH:
        return
    for level in tictactoe.Level:
        assert getattr(lib, f"TTT_LEVEL_{level.name}") == level
    for level in tictactoe.Level:
        game = tictactoe.Game()
        while game.result == "Pending":
            row, col = game.ai_move(level, seed=11)
            assert game.ai_move(level, seed=11) == (row, col)  # same seed, same move
            game.play(row, col)  # always legal
    for level in (tictactoe.Level.EASY, tictactoe.Level.MEDIUM, tictactoe.Level.HARD):
        assert gomoku(X_TO_WIN).ai_move(level) in {(7, 2), (7, 7)}
    assert gomoku(O_MUST_BLOCK).ai_move(tictactoe.Level.MEDIUM) == (7, 7)
    # Perfect play on 3x3: X to move wins at once.
    assert game_from([(0, 0), (1, 0), (0, 1), (1, 1)]).ai_move(tictactoe.Level.PERFECT) == (0, 2)


def test_search_and_level_errors():
    game = gomoku(X_TO_WIN)
    expected = tictactoe.InvalidArgument if HAS_SEARCH else NotImplementedError
    with pytest.raises(expected):
        game.search()  # no limit at all
    with pytest.raises(expected):
        game.ai_move(5)
    with pytest.raises((OverflowError, NotImplementedError)):
        game.search(max_nodes=-1)
    with pytest.raises((OverflowError, NotImplementedError)):
        game.search(max_nodes=2**64)
    with pytest.raises((TypeError, NotImplementedError)):
        game.ai_move("hard")
    game.play(7, 7)
    with pytest.raises(tictactoe.GameOver if HAS_SEARCH else NotImplementedError):
        game.search(max_nodes=10)
