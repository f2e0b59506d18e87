"""The AI methods: best_move / optimal_moves (exact solver), search (budgeted) and ai_move
(levels). The positions and their answers are worked out by hand below."""

import pytest
import tictactoe
from tictactoe import _native


def game_from(moves, rows=3, cols=3, k=3):
    game = tictactoe.Game(rows, cols, k)
    for row, col in moves:
        game.play(row, col)
    return game


# 3x3. X has (0,0),(0,1), O has (1,0),(1,1); X to move wins at once at (0,2): +1 ply.
X_WINS_NOW = [(0, 0), (1, 0), (0, 1), (1, 1)]
# 3x3. X has (0,0),(0,1), O has (1,1); O must block at (0,2), and then holds the draw.
O_BLOCKS = [(0, 0), (1, 1), (0, 1)]
# 15x15 k=5. X has four on row 7, both ends open: X to move wins at (7,2) or (7,7).
X_TO_WIN = [(7, 3), (0, 0), (7, 4), (0, 2), (7, 5), (0, 4), (7, 6), (0, 6)]
# 15x15 k=5. X has four on row 7 and O holds (7,2): O to move must block at (7,7).
O_MUST_BLOCK = [(7, 3), (7, 2), (7, 4), (0, 0), (7, 5), (0, 2), (7, 6)]


def gomoku(moves):
    return game_from(moves, 15, 15, 5)


def test_best_move():
    assert game_from(X_WINS_NOW).best_move() == (0, 2, 1)
    defending = game_from(O_BLOCKS)
    assert defending.best_move() == (0, 2, 0)
    assert defending.optimal_moves() == [(0, 2)]
    assert defending.moves == O_BLOCKS  # the search never changes the game
    assert tictactoe.Game().best_move()[2] == 0  # 3,3,3 is a draw...
    empty = [(r, c) for r in range(3) for c in range(3)]
    assert tictactoe.Game().optimal_moves() == empty  # ...whatever the first move


def test_best_move_on_a_finished_closed_or_too_big_game():
    won = game_from(X_WINS_NOW + [(0, 2)])
    with pytest.raises(tictactoe.GameOver):
        won.best_move()
    with pytest.raises(tictactoe.GameOver):
        won.optimal_moves()
    won.close()
    with pytest.raises(tictactoe.GameClosed):
        won.best_move()
    big = tictactoe.Game(15, 15, 5)
    with pytest.raises(tictactoe.TooHard):
        big.best_move()
    with pytest.raises(tictactoe.TooHard):
        big.optimal_moves()


def test_search_wins_blocks_and_repeats():
    assert gomoku(X_TO_WIN).search(max_nodes=2000) in {(7, 2), (7, 7)}
    block = gomoku(O_MUST_BLOCK)
    assert block.search(max_nodes=2000, seed=7) == (7, 7)
    assert block.search(max_millis=50) == (7, 7)
    assert block.moves == O_MUST_BLOCK  # never changes the game
    first = gomoku([(7, 7)]).search(max_nodes=500, seed=3)
    assert all(gomoku([(7, 7)]).search(max_nodes=500, seed=3) == first for _ in range(3))


def test_ai_levels():
    names = ["RANDOM", "EASY", "MEDIUM", "HARD", "PERFECT"]
    assert [level.name for level in tictactoe.Level] == names
    for level in tictactoe.Level:
        assert getattr(_native, f"TTT_LEVEL_{level.name}") == level
        game = tictactoe.Game()
        while game.result == "Pending":
            row, col = game.ai_move(level, seed=11)
            assert game.ai_move(level, seed=11) == (row, col)  # same seed, same move
            game.play(row, col)  # always legal
    for level in (tictactoe.Level.EASY, tictactoe.Level.MEDIUM, tictactoe.Level.HARD):
        assert gomoku(X_TO_WIN).ai_move(level) in {(7, 2), (7, 7)}
    assert gomoku(O_MUST_BLOCK).ai_move(tictactoe.Level.MEDIUM) == (7, 7)
    assert game_from(X_WINS_NOW).ai_move(tictactoe.Level.PERFECT) == (0, 2)


def test_search_and_level_errors():
    game = gomoku(X_TO_WIN)
    with pytest.raises(tictactoe.InvalidArgument, match="needs a limit: max_nodes"):
        game.search()  # no limit at all
    with pytest.raises(tictactoe.InvalidArgument, match=r"level 5 is not one of Level's \[0, 1"):
        game.ai_move(5)
    for bad in (-1, 2**64):
        with pytest.raises(OverflowError):
            game.search(max_nodes=bad)
        with pytest.raises(ValueError):
            game.ai_move(tictactoe.Level.EASY, seed=bad)
    with pytest.raises(TypeError):
        game.ai_move("hard")
    game.play(7, 7)
    with pytest.raises(tictactoe.GameOver):
        game.search(max_nodes=10)
    with pytest.raises(tictactoe.GameOver):
        game.ai_move(tictactoe.Level.RANDOM)
    game.close()
    with pytest.raises(tictactoe.GameClosed):  # the closed handle first, as C checks it first
        game.ai_move(5)


def test_best_move_under_a_budget_answers_as_the_default():
    for game in (game_from(O_BLOCKS), tictactoe.Game(), tictactoe.Game(4, 4, 4)):
        want, want_all = game.best_move(), game.optimal_moves()
        for budget in (
            {"max_nodes": 1 << 24},
            {"max_millis": 60_000},
            {"max_nodes": 10**9, "max_millis": 60_000},
        ):
            assert game.best_move(**budget) == want, budget
            assert game.optimal_moves(**budget) == want_all, budget
    assert tictactoe.Game(4, 4, 4).best_move(max_nodes=10**6)[2] == 0  # 4,4,4 is a draw


def test_a_budget_too_small_or_missing_is_an_error():
    empty = tictactoe.Game(4, 4, 4)
    with pytest.raises(tictactoe.TooHard):
        empty.best_move(max_nodes=100)
    with pytest.raises(tictactoe.TooHard):
        empty.optimal_moves(max_nodes=100, max_millis=60_000)
    for method in (empty.best_move, empty.optimal_moves):
        with pytest.raises(tictactoe.InvalidArgument, match="both 0: set one, or leave both out"):
            method(max_nodes=0, max_millis=0)  # no limit at all
        with pytest.raises(tictactoe.InvalidArgument, match="both 0"):
            method(max_nodes=0)
        for bad in (-1, 2**64):
            with pytest.raises(OverflowError):
                method(max_nodes=bad)
        with pytest.raises(OverflowError):
            method(max_millis=2**32)
        with pytest.raises(TypeError):
            method(max_millis=1.5)
    won = game_from(X_WINS_NOW + [(0, 2)])
    with pytest.raises(tictactoe.GameOver):
        won.best_move(max_nodes=10)
    with pytest.raises(tictactoe.GameOver):
        won.optimal_moves(max_millis=10)
    with pytest.raises(tictactoe.GameOver):  # C's order: a finished game before the budget
        won.best_move(max_nodes=0, max_millis=0)


def test_best_move_on_threads_has_the_one_thread_score():
    # The Rust tests cover the boards big enough to be split; here the binding's part.
    for game in (
        game_from(O_BLOCKS),
        tictactoe.Game(4, 4, 4),
        game_from([(0, 0), (1, 1)], 4, 4, 3),
    ):
        want = game.best_move(max_nodes=1 << 24)[2]
        for threads in (0, 1, 2, 3):
            row, col, score = game.best_move(threads=threads)  # the library's budget
            assert score == want and game.cell(row, col) == 0, threads
            assert game.best_move(max_nodes=1 << 24, threads=threads)[2] == want
    empty = tictactoe.Game(4, 4, 4)
    with pytest.raises(tictactoe.TooHard):
        empty.best_move(max_nodes=100, threads=2)
    with pytest.raises(tictactoe.InvalidArgument):
        empty.best_move(max_nodes=0, max_millis=0, threads=2)
    for bad in (-1, 2**32):
        with pytest.raises(OverflowError):
            empty.best_move(threads=bad)
    with pytest.raises(tictactoe.GameOver):
        game_from(X_WINS_NOW + [(0, 2)]).best_move(threads=2)


def test_forced_winner_within_names_who_wins():
    # The player the score's sign names (player 2 may open), 0 for a draw.
    for text, want in (
        ("3,3,3:.../.../...:X", 0),
        ("4,4,3:..../..../..../....:X", 1),
        ("4,4,3:..../..../..../....:O", 2),
        ("3,3,3:XX./OO./X..:O", 2),
    ):
        game = tictactoe.Game.from_text(text)
        assert game.forced_winner_within() == want, text  # the library's budget
        assert game.forced_winner_within(max_nodes=1 << 20) == want, text
        assert game.forced_winner_within(max_nodes=1 << 20, max_millis=60_000) == want, text
        assert game.to_text() == text
    big = tictactoe.Game(7, 7, 5)
    with pytest.raises(tictactoe.TooHard):
        big.forced_winner_within(max_nodes=1000)
    with pytest.raises(tictactoe.InvalidArgument, match="both 0"):
        big.forced_winner_within(max_nodes=0, max_millis=0)
    for bad in (-1, 2**64):
        with pytest.raises(OverflowError):
            big.forced_winner_within(max_nodes=bad)
    with pytest.raises(OverflowError):
        big.forced_winner_within(max_millis=2**32)
    with pytest.raises(tictactoe.GameOver):
        tictactoe.Game.from_text("3,3,3:XXX/OO./...:O").forced_winner_within(max_nodes=100)


def test_certificate_names_the_position_and_its_value():
    head = "certificate 2\nposition 3,3,3:.../.../...:X\nvalue draw\ntree X cannot-win\n"
    assert tictactoe.Game().certificate().startswith(head)
    won = tictactoe.Game.from_text("3,3,3:XX./OO./...:X")
    want = "certificate 2\nposition 3,3,3:XX./OO./...:X\nvalue win\ntree X wins\nmove 2\nend\n"
    assert won.certificate(100) == want
    big = tictactoe.Game(5, 5, 4)
    with pytest.raises(tictactoe.TooHard):
        big.certificate(10)
    with pytest.raises(tictactoe.InvalidArgument):
        big.certificate(0)
    with pytest.raises(OverflowError):
        big.certificate(-1)
    with pytest.raises(tictactoe.GameOver):
        game_from(X_WINS_NOW + [(0, 2)]).certificate()


def test_a_time_budget_bounds_a_hopeless_solve():
    game = tictactoe.Game(7, 7, 5)  # the default budget spends seconds proving it drawn
    for method in (game.best_move, game.optimal_moves):
        with pytest.raises(tictactoe.TooHard):
            method(max_millis=50)


# 15x15 k=5. X has an open three on row 7 (5, 6, 7); O's stones are far away on row 0.
X_OPEN_THREE = [(7, 5), (0, 0), (7, 6), (0, 2), (7, 7), (0, 4)]


def test_threat_win():
    row, col, plies = gomoku(X_OPEN_THREE).threat_win(10_000)
    assert (row, col) in {(7, 4), (7, 8)} and plies == 3  # an open four: a win in 3
    assert gomoku(X_OPEN_THREE[:3]).threat_win(10_000) is None  # O to move: no threat win
    with pytest.raises(tictactoe.InvalidArgument):
        gomoku(X_OPEN_THREE).threat_win(0)
    with pytest.raises(OverflowError):
        gomoku(X_OPEN_THREE).threat_win(-1)
    with pytest.raises(tictactoe.GameOver):
        game_from(X_WINS_NOW + [(0, 2)]).threat_win(100)
