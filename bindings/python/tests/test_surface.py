"""as in the Python binding, line by line, as a black box: only the public `tictactoe`
package, checked against what the binding's README promises, with independent reference code (a
naive judge, a brute-force set of reachable boards, a plain negamax) where values matter.

The sections follow the README's surface, line by line. Where another file already checks a
line as this file would, it is not repeated here:
- g.undo() / g.redo() / g.reset() / g.clone(): test_game.py (test_undo_redo, test_reset,
  test_clone_is_independent, test_undo_reopens_a_won_game); here only who started.
- g.close() idempotent, a closed game raising GameClosed on every use: test_game.py
  (test_closed_game_raises_cleanly, test_a_closed_game_raises_on_every_use) and
  test_lifetime.py (freed exactly once).
"""

from __future__ import annotations

import copy
import itertools
import multiprocessing
import pickle
import random
from functools import lru_cache

import pytest
import tictactoe
from tictactoe import Game

# --- independent reference code, from the rules and 4 ----------------------------------------

DIRECTIONS = [(0, 1), (1, 0), (1, 1), (1, -1)]


def has_line(board, rows, cols, k, stone):
    """Does `stone` have k in a row on `board` (a dict (r, c) -> 1/2)?"""
    for r in range(rows):
        for c in range(cols):
            for dr, dc in DIRECTIONS:
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells) and all(
                    board.get(cell) == stone for cell in cells
                ):
                    return True
    return False


def reference_judge(moves, rows, cols, k):
    """'A', 'B', 'Draw', 'Pending', or the name of the error class and the bad move's index."""
    board, over = {}, False
    for index, (r, c) in enumerate(moves):
        if not (0 <= r < rows and 0 <= c < cols):
            return ("OutOfBounds", index)
        if over:
            return ("GameOver", index)
        if (r, c) in board:
            return ("CellOccupied", index)
        stone = 1 + index % 2
        board[(r, c)] = stone
        if has_line(board, rows, cols, k, stone) or len(board) == rows * cols:
            over = True
    if has_line(board, rows, cols, k, 1):
        return "A"
    if has_line(board, rows, cols, k, 2):
        return "B"
    return "Draw" if len(board) == rows * cols else "Pending"


def reachable_boards(rows, cols, k):
    """Every board (a string, row-major, 'X' 'O' '.') that some legal game passes through."""
    seen = set()
    stack = [("." * (rows * cols), "X")]
    while stack:
        text, mover = stack.pop()
        if text in seen:
            continue
        seen.add(text)
        board = {divmod(i, cols): 1 if ch == "X" else 2 for i, ch in enumerate(text) if ch != "."}
        if has_line(board, rows, cols, k, 1) or has_line(board, rows, cols, k, 2):
            continue  # the game is over
        for i, ch in enumerate(text):
            if ch == ".":
                stack.append((text[:i] + mover + text[i + 1 :], "O" if mover == "X" else "X"))
    return seen


def rows_of(text, cols):
    return [text[i : i + cols] for i in range(0, len(text), cols)]


@lru_cache(maxsize=None)
def negamax(cells, to_move):
    """3x3 score for the side to move, as the C API's score convention defines it: 0 draw,
    +N win N plies from now (its own move counts 1), -N loss in N plies. `cells` is a 9-tuple
    of 0/1/2."""
    scores = [move_score(cells, to_move, i) for i in range(9) if cells[i] == 0]
    return max(scores, key=preference)


def move_score(cells, to_move, i):
    after = cells[:i] + (to_move,) + cells[i + 1 :]
    board = {divmod(j, 3): s for j, s in enumerate(after) if s}
    if has_line(board, 3, 3, 3, to_move):
        return 1
    if all(after):
        return 0
    reply = negamax(after, 3 - to_move)
    return 0 if reply == 0 else (-(reply + 1) if reply > 0 else -reply + 1)


def preference(score):
    """The fastest win, else a draw, else the slowest loss."""
    if score > 0:
        return (2, -score)
    return (1, 0) if score == 0 else (0, -score)


# --- judge(moves, rows=3, cols=3, k=3) -> str ---------------------------------------------

LEETCODE_1275 = [
    ([[0, 0], [2, 0], [1, 1], [2, 1], [2, 2]], "A"),
    ([[0, 0], [1, 1], [0, 1], [0, 2], [1, 0], [2, 0]], "B"),
    ([[0, 0], [1, 1], [2, 0], [1, 0], [1, 2], [2, 1], [0, 1], [0, 2], [2, 2]], "Draw"),
    ([[0, 0], [1, 1]], "Pending"),
]


@pytest.mark.parametrize("moves, answer", LEETCODE_1275)
def test_judge_list_of_lists_tuples_and_keywords(moves, answer):
    tuples = [tuple(move) for move in moves]
    for shape in (moves, tuples, tuple(tuples)):
        result = tictactoe.judge(shape)
        assert type(result) is str and result == answer
    assert tictactoe.judge(moves, 3, 3, 3) == answer
    assert tictactoe.judge(moves=tuples, rows=3, cols=3, k=3) == answer
    assert tictactoe.judge(tuples, k=3, cols=3, rows=3) == answer


def test_judge_non_square_boards_by_keyword():
    # 2 x 5, k = 4: A fills row 0 from col 0 to col 3 while B plays row 1.
    moves = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (0, 3)]
    assert tictactoe.judge(moves, rows=2, cols=5, k=4) == "A"
    assert tictactoe.judge(moves[:-1], rows=2, cols=5, k=4) == "Pending"
    # The transposed board: 5 x 2, the same game down column 0.
    assert tictactoe.judge([(c, r) for r, c in moves], rows=5, cols=2, k=4) == "A"
    # On the default 3 x 3, A has won at move 4, so move 5 comes after the end.
    with pytest.raises(tictactoe.GameOver) as caught:
        tictactoe.judge(moves)
    assert caught.value.move_index == 5
    with pytest.raises(tictactoe.OutOfBounds) as caught:  # (0, 3) is off a 3 x 3 board
        tictactoe.judge(moves[:4] + moves[6:])
    assert caught.value.move_index == 4
    # 1 x 4, k = 2: A's second stone next to its first wins.
    assert tictactoe.judge([(0, 0), (0, 2), (0, 1)], rows=1, cols=4, k=2) == "A"
    # A full board without a line is a draw: 1 x 4, k = 3.
    assert tictactoe.judge([(0, 0), (0, 1), (0, 3), (0, 2)], rows=1, cols=4, k=3) == "Draw"


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (2, 5, 3), (4, 3, 3), (4, 4, 3), (1, 6, 2)])
def test_judge_matches_a_naive_judge_on_random_games(rows, cols, k):
    rng = random.Random(rows * 100 + cols * 10 + k)
    for _ in range(300):
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        rng.shuffle(cells)
        moves = cells[: rng.randint(0, len(cells))]
        if moves and rng.random() < 0.3:  # now and then an illegal move somewhere
            bad = rng.choice([(rows, 0), (0, cols), moves[0]])
            moves.insert(rng.randint(1, len(moves)), bad)
        expected = reference_judge(moves, rows, cols, k)
        if isinstance(expected, str):
            assert tictactoe.judge(moves, rows=rows, cols=cols, k=k) == expected, moves
        else:
            with pytest.raises(tictactoe.IllegalMove) as caught:
                tictactoe.judge(moves, rows=rows, cols=cols, k=k)
            assert (type(caught.value).__name__, caught.value.move_index) == expected, moves


# --- validate(board, k=None) -> Verdict ----------------------------------------------------

LEETCODE_794 = [
    (["O  ", "   ", "   "], False),
    (["XOX", " X ", "   "], False),
    (["XOX", "O O", "XOX"], True),
]


@pytest.mark.parametrize("board, reachable", LEETCODE_794)
def test_validate_rows_and_one_string(board, reachable):
    for form in (board, "/".join(board), "\n".join(board), "".join(board)):
        verdict = tictactoe.validate(form)
        assert isinstance(verdict, tictactoe.Verdict)
        assert bool(verdict) is reachable
        assert tictactoe.validate(form, k=3) == verdict
        assert tictactoe.validate(form, k=None) == verdict
        assert tictactoe.validate(board=form, k=None) == verdict


def test_validate_one_string_may_mix_separators():
    assert tictactoe.validate("XOX/O O\nXOX")
    assert not tictactoe.validate("O..\n.../...")


@pytest.mark.parametrize("board", ["X.......", "XOX", "X.O.X", "." * 10])
def test_validate_an_unsplit_string_must_be_square(board):
    for k in (None, 1, 2):
        with pytest.raises(tictactoe.Error) as caught:
            tictactoe.validate(board, k=k)
        assert isinstance(caught.value, ValueError)
    # The same cells split into rows are fine once k is given.
    assert isinstance(tictactoe.validate(rows_of(board, 1), k=1), tictactoe.Verdict)


def test_validate_unsplit_square_strings_of_any_size():
    assert tictactoe.validate("X")  # 1 x 1, k = 1: X won with its only move
    assert not tictactoe.validate("O")
    assert tictactoe.validate("XO..")  # 2 x 2, k = 2
    assert tictactoe.validate("." * 16) and tictactoe.validate("." * 16, k=3)
    assert tictactoe.validate("XXXX" + "OOO." + "." * 8)  # 4 x 4, k = 4: X won
    assert not tictactoe.validate("XXXX" + "OOO." + "O..." + "....")  # O moved after


@pytest.mark.parametrize(
    "board", [["X..", "..."], ["X.", "..", ".."], "X../...", "X.\n..\n..", ["....O"]]
)
def test_validate_k_none_on_a_non_square_board_is_an_error(board):
    with pytest.raises(tictactoe.InvalidArgument) as caught:
        tictactoe.validate(board)
    assert isinstance(caught.value, tictactoe.Error) and isinstance(caught.value, ValueError)
    with pytest.raises(tictactoe.InvalidArgument):
        tictactoe.validate(board, k=None)
    # With k given the same board is judged.
    assert isinstance(tictactoe.validate(board, k=2), tictactoe.Verdict)


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (3, 3, 2), (2, 4, 3), (4, 2, 2), (2, 3, 2)])
def test_bool_verdict_is_true_exactly_when_reachable(rows, cols, k):
    # Every board of the size against the boards a brute-force search of all games reaches.
    reachable = reachable_boards(rows, cols, k)
    square_default = rows == cols == k
    for cells in itertools.product("XO.", repeat=rows * cols):
        text = "".join(cells)
        expected = text in reachable
        verdict = tictactoe.validate(rows_of(text, cols), k=k)
        assert bool(verdict) is expected, text
        assert (verdict.code == 0) is expected
        if square_default:
            assert bool(tictactoe.validate(text)) is expected  # unsplit, k = rows = cols


# One board per kind of unreachable board, in the header's TttVerdict order (1..7), with the
# smallest size that shows it. The reason must name it; "names why not" is checked by words.
UNREACHABLE = [
    (["O..", "...", "..."], None, ("O",)),  # O moved first / too many O
    (["XX.", "...", "..."], None, ("X",)),  # too many X
    (["XXX", "OOO", "..."], None, ("both",)),  # both players have a line
    (["XXX", "OO.", "O.."], None, ("X", "O")),  # X won, then O moved
    (["OOO", "XX.", "XX."], None, ("O", "X")),  # O won, then X moved
    (["XXX..", "OO...", "...O.", "OO...", "XXX.."], 3, ("X",)),  # X's lines are disjoint
    (["OOO..", "XX...", "...XX", "XX...", "OOO.."], 3, ("O",)),  # O's lines are disjoint
]


def test_verdict_reason_for_every_kind_of_unreachable_board():
    valid = tictactoe.validate(["XOX", "O O", "XOX"])
    assert valid and valid.code == 0 and isinstance(valid.reason, str)
    reasons = []
    for code, (board, k, words) in enumerate(UNREACHABLE, start=1):
        verdict = tictactoe.validate(board, k=k)
        assert not verdict and bool(verdict) is False, board
        assert verdict.code == code, (board, verdict)
        assert isinstance(verdict.reason, str) and verdict.reason, board
        assert all(word in verdict.reason for word in words), verdict.reason
        assert str(verdict) == verdict.reason
        # The same board as one string gives the same verdict.
        assert tictactoe.validate("/".join(board), k=k) == verdict
        reasons.append(verdict.reason)
    assert len(set(reasons + [valid.reason])) == len(UNREACHABLE) + 1  # each names its own


# --- Game(rows=3, cols=3, k=3), also usable as a context manager ----------------------------


def test_game_defaults_keywords_and_context_manager():
    with Game() as default:
        assert (default.rows, default.cols, default.k) == (3, 3, 3)
    with Game(rows=2, cols=5, k=4) as game:
        assert (game.rows, game.cols, game.k) == (2, 5, 4)
        assert game.result == "Pending" and not game.closed
    assert game.closed
    with pytest.raises(tictactoe.GameClosed):
        game.play(0, 0)
    # `with` gives the game itself, and closes it when the block raises.
    outer = Game(k=3, cols=3, rows=3)
    with pytest.raises(ZeroDivisionError), outer as inner:
        assert inner is outer
        1 / 0  # noqa: B018
    assert outer.closed


# --- g.move(row, col, player) -> int: "Design Tic-Tac-Toe" ---------------------------------

LEETCODE_348 = [((0, 0, 1), 0), ((0, 2, 2), 0), ((2, 2, 1), 0), ((1, 1, 2), 0)]
LEETCODE_348 += [((2, 0, 1), 0), ((1, 0, 2), 0), ((2, 1, 1), 1)]


def test_move_returns_0_1_or_2_on_the_design_example():
    with Game(rows=3, cols=3, k=3) as game:
        for args, winner in LEETCODE_348:
            returned = game.move(*args)
            assert type(returned) is int and returned == winner
        assert (game.result, game.winner, game.to_move) == ("A", 1, 0)
        with pytest.raises(tictactoe.GameOver):
            game.move(0, 1, 2)
    # Player 2 wins: move() returns 2. n = 4 "Design Tic-Tac-Toe" is Game(4, 4, 4).
    with Game(4, 4, 4) as game:
        for col in range(3):
            assert game.move(3, col, 1) == 0
            assert game.move(0, col, 2) == 0
        assert game.move(2, 3, 1) == 0
        assert game.move(row=0, col=3, player=2) == 2
        assert (game.result, game.winner) == ("B", 2)


def test_move_lets_player_2_open():
    game = Game()
    assert game.move(1, 1, 2) == 0
    assert (game.to_move, game.moves) == (1, [(1, 1)])
    with pytest.raises(tictactoe.WrongTurn):
        game.move(0, 0, 2)
    assert game.move(0, 0, 1) == 0


# --- g.play(row, col): the side to move plays ----------------------------------------------


def test_play_is_the_side_to_move():
    game = Game()
    game.play(0, 0)
    game.play(row=1, col=1)
    assert game.moves == [(0, 0), (1, 1)] and game.to_move == 1
    # After a player-2 opening, play() continues with player 1, then 2.
    opened = Game()
    opened.move(0, 0, 2)
    opened.play(1, 1)
    assert opened.to_move == 2
    with pytest.raises(tictactoe.WrongTurn):
        opened.move(2, 2, 1)
    opened.play(2, 2)
    assert opened.board == ["O..", ".X.", "..O"]


# --- g.undo(); g.redo(); g.reset(); g.clone() ----------------------------------------------


def test_undo_is_the_inverse_of_a_move_and_redo_replays_who_started():
    game = Game()
    fresh = game.to_text()
    game.move(2, 2, 2)
    game.play(0, 0)
    game.undo()
    game.undo()
    # Back to the fresh game, as before player 2's opening move.
    assert game.moves == [] and game.to_move == 1 and game.to_text() == fresh
    game.redo()
    assert game.moves == [(2, 2)] and game.to_move == 1 and game.board[2] == "..O"
    assert game.first_player == 2


# --- g.result -> str; g.winner -> int; g.to_move -> int; g.moves -> list[tuple] -------------


def test_state_properties_types_and_values():
    game = Game()
    for step, (row, col) in enumerate([(0, 0), (1, 0), (0, 1), (1, 1)]):
        assert game.to_move == 1 + step % 2
        game.play(row, col)
    result, winner, to_move, moves = game.result, game.winner, game.to_move, game.moves
    assert (type(result), type(winner), type(to_move), type(moves)) == (str, int, int, list)
    assert all(type(move) is tuple and len(move) == 2 for move in moves)
    assert all(type(n) is int for move in moves for n in move)
    assert (result, winner, to_move) == ("Pending", 0, 1)
    assert moves == [(0, 0), (1, 0), (0, 1), (1, 1)]
    game.play(0, 2)
    assert (game.result, game.winner) == ("A", 1)


@pytest.mark.parametrize(
    "moves, result, winner",
    [
        ([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], "A", 1),
        ([(0, 0), (1, 1), (0, 1), (0, 2), (1, 0), (2, 0)], "B", 2),
        ([(0, 0), (1, 1), (2, 0), (1, 0), (1, 2), (2, 1), (0, 1), (0, 2), (2, 2)], "Draw", 0),
    ],
)
def test_to_move_is_0_once_the_game_is_over(moves, result, winner):
    # README: "g.to_move (1/2, 0 when over)"; the docstring says the same.
    game = Game()
    for move in moves:
        game.play(*move)
    assert (game.result, game.winner, game.to_move) == (result, winner, 0)
    game.undo()
    assert game.result == "Pending" and game.to_move == 1 + len(moves[:-1]) % 2


# --- g.best_move() -> tuple[int, int, int] -------------------------------------------------


def test_best_move_matches_a_negamax_on_every_live_3x3_position():
    positions = [text for text in reachable_boards(3, 3, 3) if "." in text]
    checked = 0
    for text in positions:
        cells = tuple(".XO".index(ch) for ch in text)
        board = {divmod(i, 3): s for i, s in enumerate(cells) if s}
        if has_line(board, 3, 3, 3, 1) or has_line(board, 3, 3, 3, 2):
            continue
        to_move = 1 if cells.count(1) == cells.count(2) else 2
        game = Game()
        xs = [divmod(i, 3) for i, s in enumerate(cells) if s == 1]
        os_ = [divmod(i, 3) for i, s in enumerate(cells) if s == 2]
        for x, o in itertools.zip_longest(xs, os_):
            game.play(*x)
            if o is not None:
                game.play(*o)
        assert game.to_move == to_move
        answer = game.best_move()
        assert type(answer) is tuple and len(answer) == 3
        assert all(type(n) is int for n in answer)
        row, col, score = answer
        assert score == negamax(cells, to_move), text
        assert cells[row * 3 + col] == 0 and move_score(cells, to_move, row * 3 + col) == score
        assert game.to_text().split(":")[1] == "/".join(rows_of(text, 3))  # unchanged
        checked += 1
    assert checked > 4000


# --- pickle.dumps/loads and copy.deepcopy --------------------------------------------------


def state(game):
    return game.board, game.moves, game.to_move, game.result, game.winner


def replays_the_same(a, b):
    """Both games undo identically down to their first recorded move, and then continue
    identically with the side to move (so whose turn it is and who started agree)."""
    a, b = a.clone(), b.clone()
    while True:
        assert state(a) == state(b)
        try:
            a.undo()
        except tictactoe.NothingToUndo:
            with pytest.raises(tictactoe.NothingToUndo):
                b.undo()
            break
        b.undo()
    for game in (a, b):
        game.play(*[(r, c) for r in range(game.rows) for c in range(game.cols)][-1])
    assert state(a) == state(b)


def copies(game):
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        yield pickle.loads(pickle.dumps(game, protocol))
    yield copy.deepcopy(game)
    yield copy.deepcopy({"g": [game]})["g"][0]


@pytest.mark.parametrize("opener", [1, 2])
def test_pickle_and_deepcopy_keep_position_turn_opener_and_undo_history(opener):
    game = Game(3, 4, 3)
    game.move(1, 1, opener)
    for cell in [(0, 0), (2, 3), (0, 3)]:
        game.play(*cell)
    for twin in copies(game):
        assert type(twin) is Game and twin is not game
        assert state(twin) == state(game)
        replays_the_same(twin, game)
        for _ in range(4):
            twin.undo()
        assert twin.moves == [] and twin.to_move == 1  # as before the opening move
        twin.redo()  # the opening again, for whoever made it
        assert twin.board[1] == (".X.." if opener == 1 else ".O..")
        assert twin.first_player == opener
    assert len(game.moves) == 4  # the copies never touched the original


def test_pickle_and_deepcopy_when_player_2_opened_and_everything_is_undone():
    game = Game()
    game.move(0, 0, 2)
    game.undo()
    for twin in copies(game):
        assert twin.moves == [] and twin.to_move == 1 and twin.first_player == 1
        twin.redo()  # the copy still knows that the undone opening was player 2's
        assert twin.board == ["O..", "...", "..."] and twin.to_move == 1


def test_pickle_and_deepcopy_of_finished_games():
    for moves in ([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], LEETCODE_1275[2][0]):
        game = Game()
        for move in moves:
            game.play(*move)
        for twin in copies(game):
            assert state(twin) == state(game) and twin.to_move == 0
            empty = [(r, c) for r in range(3) for c in range(3) if game.board[r][c] == "."]
            with pytest.raises(tictactoe.GameOver):
                twin.play(*(empty or [(0, 0)])[0])
            twin.undo()
            assert state(twin) != state(game)
            game.undo()
            assert state(twin) == state(game)
            game.redo()


def _continue_in_a_worker(game):
    game.play(2, 2)
    game.undo()
    game.undo()
    return game.moves, game.to_move, game.board


def test_games_cross_process_boundaries_with_multiprocessing():
    game = Game()
    game.move(0, 0, 2)
    game.play(1, 1)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        moves, to_move, board = pool.apply(_continue_in_a_worker, (game,))
    assert (moves, to_move, board) == ([(0, 0)], 1, ["O..", "...", "..."])


# --- repr(g) shows the board ---------------------------------------------------------------


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (2, 5, 4), (5, 2, 2), (1, 1, 1)])
def test_repr_shows_the_board(rows, cols, k):
    game = Game(rows, cols, k)
    rng = random.Random(rows * cols)
    while game.legal_moves:
        game.play(*rng.choice(game.legal_moves))
        text = repr(game)
        lines = text.strip("<>").split("\n")
        drawn = ["".join(line.split()) for line in lines[1:]]
        assert drawn == game.board, text
        assert f"{rows}x{cols}" in lines[0]


# --- tictactoe.Error and subclasses for every non-OK status --------------------------------

# README's table: class, status, the built-in it also is (None: only Error).
STATUS_CLASSES = [
    ("GameClosed", 1, ValueError),
    ("InvalidArgument", 2, ValueError),
    ("OutOfBounds", 3, IndexError),
    ("CellOccupied", 4, None),
    ("WrongTurn", 5, None),
    ("GameOver", 6, None),
    ("NothingToUndo", 7, None),
    ("NothingToRedo", 8, None),
    ("ParseError", 9, ValueError),
    ("BufferTooSmall", 10, None),
    ("TooLarge", 11, ValueError),
    ("OutOfMemory", 12, MemoryError),
    ("UnreachableBoard", 13, ValueError),
    ("TooHard", 14, None),
    ("InternalError", 15, None),
]


def _closed_game():
    game = Game()
    game.close()
    return game


def _over_game():
    game = Game(1, 2, 1)
    game.play(0, 0)
    return game


# How each status the library returns can be provoked through the Python surface (10, 12 and
# 15 cannot: the binding sizes its buffers, and there is no bug or memory exhaustion to show).
PROVOKE = {
    1: lambda: _closed_game().play(0, 0),
    2: lambda: Game(3, 3, 4),
    3: lambda: Game().play(3, 0),
    4: lambda: tictactoe.judge([(0, 0), (0, 0)]),
    5: lambda: _wrong_turn(),
    6: lambda: _over_game().play(0, 1),
    7: lambda: Game().undo(),
    8: lambda: Game().redo(),
    9: lambda: tictactoe.validate(["XYZ", "...", "..."]),
    11: lambda: Game(1 << 16, 1 << 16, 5),
    13: lambda: Game.from_text("3,3,3:OO./.../...:X"),
    14: lambda: Game(15, 15, 5).best_move(),
}


def _wrong_turn():
    game = Game()
    game.move(0, 0, 1)
    game.move(1, 1, 1)


@pytest.mark.parametrize("name, status, builtin", STATUS_CLASSES)
def test_every_status_has_its_subclass(name, status, builtin):
    cls = getattr(tictactoe, name)
    assert issubclass(cls, tictactoe.Error) and cls is not tictactoe.Error
    assert issubclass(tictactoe.Error, Exception)
    if builtin is not None:
        assert issubclass(cls, builtin)
    if status in (3, 4, 5, 6):
        assert issubclass(cls, tictactoe.IllegalMove)
    if status in PROVOKE:
        with pytest.raises(tictactoe.Error) as caught:
            PROVOKE[status]()
        assert type(caught.value) is cls
        assert caught.value.status == status
        assert isinstance(caught.value.message, str) and caught.value.message
        if cls is tictactoe.GameClosed:  # says what the caller did, not the C wording
            assert str(caught.value) == "the game is closed"
        else:
            assert str(caught.value).startswith(caught.value.message)
    else:
        assert cls().status == status  # a status only a library fault produces
    others = [other for other, number, _ in STATUS_CLASSES if number != status]
    assert not any(issubclass(cls, getattr(tictactoe, other)) for other in others)


# Every argument of the wrong type through the public surface: one call each.
WRONG_TYPES = {
    "Game(rows=None)": lambda: Game(None, 3, 3),
    "Game(k=3.0)": lambda: Game(3, 3, 3.0),
    "move(row='0')": lambda: Game().move("0", 0, 1),
    "move(player=None)": lambda: Game().move(0, 0, None),
    "play(col=1.5)": lambda: Game().play(0, 1.5),
    "cell(row=None)": lambda: Game().cell(None, 0),
    "game[0]": lambda: Game()[0],
    "from_text(bytes)": lambda: Game.from_text(b"3,3,3:.../.../...:X"),
    "ai_move(level='easy')": lambda: Game().ai_move("easy"),
    "search(max_nodes=1.0)": lambda: Game().search(max_nodes=1.0),
    "best_move(max_millis='5')": lambda: Game().best_move(max_millis="5"),
    "judge(move of three)": lambda: tictactoe.judge([(0, 0, 0)]),
    "judge(move as str)": lambda: tictactoe.judge(["00"]),
    "judge(row None)": lambda: tictactoe.judge([(None, 0)]),
    "judge(rows=3.0)": lambda: tictactoe.judge([], rows=3.0),
    "validate(None)": lambda: tictactoe.validate(None),
    "validate(bytes)": lambda: tictactoe.validate(b"XOX/O O/XOX"),
    "validate(row of ints)": lambda: tictactoe.validate(["XOX", 1, "XOX"]),
    "validate(k='3')": lambda: tictactoe.validate("XOX/O O/XOX", k="3"),
}


@pytest.mark.parametrize("call", WRONG_TYPES.values(), ids=WRONG_TYPES.keys())
def test_every_wrong_type_is_a_type_error_and_a_tictactoe_error(call):
    with pytest.raises(tictactoe.WrongType) as caught:
        call()
    error = caught.value
    assert isinstance(error, TypeError) and isinstance(error, tictactoe.InvalidArgument)
    assert isinstance(error, tictactoe.Error) and error.status == 2
    assert error.detail and str(error) == error.detail  # what was wrong, as a TypeError says


def test_errors_can_be_raised_with_a_message_of_ones_own():
    error = tictactoe.CellOccupied("that square is taken")
    assert (error.status, error.detail) == (4, "that square is taken")
    assert str(error) == f"{error.message}: that square is taken"
    assert pickle.loads(pickle.dumps(error)).detail == "that square is taken"
    assert tictactoe.OutOfBounds().status == 3 and tictactoe.OutOfBounds().detail == ""
