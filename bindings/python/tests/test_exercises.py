"""judge() and validate() beyond the seed examples: general sizes, every error path, types."""

import copy
import pickle
import random
import re
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

import pytest
import tictactoe


def test_judge_defaults_and_general_sizes():
    assert tictactoe.judge([]) == "Pending"
    assert tictactoe.judge(()) == "Pending"
    assert tictactoe.judge([(0, 0)], rows=1, cols=1, k=1) == "A"
    # 4x4, k=3: A completes a diagonal (0,0),(1,1),(2,2).
    assert tictactoe.judge([(0, 0), (0, 3), (1, 1), (1, 3), (2, 2)], 4, 4, 3) == "A"
    # 1x7, k=3: B wins with cells 4,5,6 while A is scattered.
    assert tictactoe.judge([(0, 0), (0, 4), (0, 2), (0, 5), (0, 6), (0, 3)], 1, 7, 3) == "B"
    # The same moves on 3x3 with k=3 do not win; judged pending.
    assert tictactoe.judge([(0, 0), (1, 1)], 3, 3, 3) == "Pending"
    # Moves may be any iterable of pairs, e.g. a generator of tuples.
    assert tictactoe.judge(((r, c) for r, c in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])) == "A"


@pytest.mark.parametrize(
    "moves, error, index",
    [
        ([(0, 0), (3, 0)], tictactoe.OutOfBounds, 1),
        ([(0, 0), (1, 1), (0, 0)], tictactoe.CellOccupied, 2),
        ([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (2, 2)], tictactoe.GameOver, 5),
    ],
)
def test_judge_illegal_move_names_its_index(moves, error, index):
    with pytest.raises(error) as caught:
        tictactoe.judge(moves)
    assert isinstance(caught.value, tictactoe.IllegalMove)
    assert caught.value.move_index == index
    assert f"move {index}" in str(caught.value)


def test_judge_bad_sizes():
    with pytest.raises(tictactoe.InvalidArgument) as caught:
        tictactoe.judge([], rows=0)
    assert caught.value.status == 2
    with pytest.raises(ValueError):  # InvalidArgument is a ValueError
        tictactoe.judge([], 3, 3, 4)
    with pytest.raises(tictactoe.TooLarge):
        tictactoe.judge([], 65536, 65536, 3)


@pytest.mark.parametrize("bad", [[(0,)], [(0, 0, 0)], [5], ["ab"], [None]])
def test_judge_rejects_malformed_moves(bad):
    with pytest.raises(TypeError):
        tictactoe.judge(bad)


@pytest.mark.parametrize("bad", [[(0.0, 0)], [("0", 0)]])
def test_judge_rejects_non_integer_cells(bad):
    with pytest.raises(TypeError):
        tictactoe.judge(bad)


@pytest.mark.parametrize("bad", [(-1, 0), (0, 2**32), (-(2**70), 1), (2**64, 2**64)])
def test_judge_coordinates_that_do_not_fit_are_off_the_board(bad):
    # Like any other off-board number: OutOfBounds with the move's index, never a wrap.
    with pytest.raises(tictactoe.OutOfBounds) as caught:
        tictactoe.judge([(0, 0), (1, 1), bad])
    assert caught.value.move_index == 2 and caught.value.status == 3
    assert f"move 2 {bad}" in str(caught.value)
    # In C's order: an earlier illegal move is reported first...
    with pytest.raises(tictactoe.CellOccupied) as caught:
        tictactoe.judge([(0, 0), (0, 0), bad])
    assert caught.value.move_index == 1
    # ...and an off-board move after the end is off the board (bounds before game over).
    won = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]
    with pytest.raises(tictactoe.OutOfBounds) as caught:
        tictactoe.judge([*won, bad])
    assert caught.value.move_index == 5
    with pytest.raises(tictactoe.OutOfBounds):
        tictactoe.judge([*won, (3, 0)])


@pytest.mark.parametrize("size", [{"rows": -3}, {"cols": 2**32}, {"k": -1}, {"k": 2**64}])
def test_judge_sizes_that_do_not_fit_are_invalid_arguments(size):
    # As rows=0 is: InvalidArgument, whatever the moves.
    with pytest.raises(tictactoe.InvalidArgument) as caught:
        tictactoe.judge([(-1, 0)], **size)
    assert type(caught.value) is tictactoe.InvalidArgument and caught.value.status == 2
    name, value = next(iter(size.items()))
    assert f"{name}={value}" in str(caught.value)
    with pytest.raises(TypeError):
        tictactoe.judge([], rows=3.0)


@pytest.mark.parametrize("bad", [Decimal("1.7"), Fraction(5, 3), Decimal(1), 1.0])
def test_judge_refuses_non_integral_numbers(bad):
    # cffi would truncate anything with __int__ to 1; operator.index refuses it.
    with pytest.raises(TypeError, match="move 1: row"):
        tictactoe.judge([(0, 0), (bad, 0)])
    with pytest.raises(TypeError, match="move 0: col"):
        tictactoe.judge([(0, bad)])
    for size in ("rows", "cols", "k"):
        with pytest.raises(TypeError, match=size):
            tictactoe.judge([], **{size: bad})


class Index:
    """An integer-like object (as numpy's ints are): `__index__` only."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


def test_judge_takes_integer_likes_and_bools():
    assert tictactoe.judge([(Index(0), Index(0))], rows=Index(1), cols=1, k=Index(1)) == "A"
    assert tictactoe.judge([[True, False]]) == "Pending"


@pytest.mark.parametrize("bad", [{0, 2}, frozenset({0, 1}), {0: 1, 2: 3}, "12", b"12"])
def test_judge_refuses_unordered_or_string_moves(bad):
    # A set has no order ({2, 0} would be played as (0, 2)); a dict gives its keys.
    with pytest.raises(TypeError, match="move 1 "):
        tictactoe.judge([(1, 1), bad])


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        (None, "an iterable of"),
        (7, "an iterable of"),
        ({(0, 0), (1, 1)}, "in play order"),  # a set of moves has no order
        ({(0, 0): 1}, "in play order"),
        ("0011", "in play order"),
        (b"0011", "in play order"),
    ],
)
def test_judge_refuses_move_lists_without_an_order(bad, says):
    # tictactoe.WrongType (a TypeError and a tictactoe.Error), naming the whole list; a plain
    # TypeError from list(None) used to escape `except tictactoe.Error`.
    with pytest.raises(tictactoe.WrongType, match=says):
        tictactoe.judge(bad)


def test_judge_takes_moves_from_any_ordered_iterable():
    moves = [(0, 0), (2, 0), (1, 1), (2, 1), (2, 2)]
    assert tictactoe.judge(tuple(moves)) == tictactoe.judge(iter(moves)) == "A"
    assert tictactoe.judge(move for move in moves) == "A"


def test_judge_takes_any_sequence_of_two_ints():
    class Pair(Sequence):
        def __getitem__(self, index):
            return (2, 0)[index]

        def __len__(self):
            return 2

    moves = [[0, 0], (1, 0), Pair(), range(1, 3), iter((0, 1))]
    assert tictactoe.judge(moves) == "Pending"
    import numpy  # installed by setup.sh: a missing numpy fails, it does not skip

    array = numpy.array([[0, 0], [2, 0], [1, 1], [2, 1], [2, 2]])
    assert tictactoe.judge(array) == "A"
    assert tictactoe.judge(list(array)) == "A"


def test_validate_generalized():
    # 4x4 with k=3: X has a line of 3 and one more stone than O.
    assert tictactoe.validate(["XXX.", "OO..", "....", "...."], k=3)
    # Non-square boards need an explicit k.
    assert tictactoe.validate(["X..O", "...."], k=3)
    # Both players have a line.
    verdict = tictactoe.validate(["XXX", "OOO", "..."])
    assert not verdict and verdict.code == 3 and "both" in verdict.reason
    # X has a line but O moved after it.
    assert tictactoe.validate(["XXX", "OO.", "O.."]).code == 4
    # O has a line but X moved after it.
    assert tictactoe.validate(["OOO", "XX.", "XX."]).code == 5
    # '.' and ' ' are both empty.
    assert tictactoe.validate("X.O/ X /...")


def test_verdict_value_semantics():
    valid = tictactoe.validate("XOX/O O/XOX")
    assert valid and valid.code == 0 and isinstance(valid.reason, str) and valid.reason
    assert valid == tictactoe.validate("XOX/O.O/XOX")
    assert valid != tictactoe.validate("O........")
    assert len({valid, tictactoe.validate(".........")}) == 1
    assert "code=0" in repr(valid)
    assert isinstance(valid, tictactoe.Verdict)


def test_verdict_is_immutable():
    verdict = tictactoe.validate("O........")
    for name in ("code", "reason", "other"):
        with pytest.raises(AttributeError):
            setattr(verdict, name, 0)
        with pytest.raises(AttributeError):
            delattr(verdict, name)
    assert not verdict and verdict.code == 1
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(verdict, protocol)) == verdict
    assert copy.deepcopy(verdict).reason == copy.copy(verdict).reason == verdict.reason


def test_verdict_str_is_the_reason():
    verdict = tictactoe.validate("XXX/OOO/...")
    assert str(verdict) == verdict.reason and "both" in str(verdict)
    assert str(tictactoe.validate(".........")) == tictactoe.validate("X...O....").reason


@pytest.mark.parametrize(
    "board, expected",
    [(["O  ", "   ", "   "], False), (["XOX", " X ", "   "], False), (["XOX", "O O", "XOX"], True)],
)
def test_verdict_compares_with_bools(board, expected):
    # LeetCode 794's shape: the answer is True/False.
    assert tictactoe.validate(board) == expected
    assert (tictactoe.validate(board) != expected) is False
    assert tictactoe.validate(board) != (not expected)
    assert expected == tictactoe.validate(board)


def test_verdict_hash_agrees_with_equality():
    valid, also_valid = tictactoe.validate("........."), tictactoe.validate("X...O....")
    bad, other_bad = tictactoe.validate("O........"), tictactoe.validate("XXX/OOO/...")
    assert valid == also_valid == True  # noqa: E712
    assert hash(valid) == hash(also_valid) == hash(True)
    assert bad == False and other_bad == False  # noqa: E712
    assert hash(bad) == hash(other_bad) == hash(False)
    assert bad != other_bad  # different codes, different reasons
    assert valid != 0 and valid != "Valid"  # only bools compare by truth
    assert len({valid, also_valid, True}) == 1
    assert {bad: "x"}[tictactoe.validate("O........")] == "x"


def test_validate_empty_string_raises_as_empty_lists_do():
    errors = []
    for board in ([], [""], "", "/", "\n"):
        with pytest.raises(tictactoe.Error) as caught:
            tictactoe.validate(board)
        errors.append(type(caught.value))
    assert errors == [tictactoe.InvalidArgument] * 5


def test_validate_takes_any_iterable_of_rows():
    rows = ["XOX", "O O", "XOX"]
    assert tictactoe.validate(row for row in rows)
    assert tictactoe.validate(iter(rows)) == tictactoe.validate(rows)
    assert tictactoe.validate(tuple(rows))
    assert tictactoe.validate(map(str.upper, ["o  ", "   ", "   "])).code == 1
    with pytest.raises(TypeError, match="row 1"):
        tictactoe.validate(r for r in ["XOX", b"O O", "XOX"])


@pytest.mark.parametrize("bad", [Decimal("3.5"), Fraction(7, 2), 3.0])
def test_validate_refuses_non_integral_k(bad):
    with pytest.raises(TypeError, match="k must be an integer"):
        tictactoe.validate(".........", k=bad)
    assert tictactoe.validate(".........", k=Index(3))


@pytest.mark.parametrize("k", [0, -1, -(2**40), 2**32, 2**64])
def test_validate_k_that_does_not_fit_is_an_invalid_argument(k):
    with pytest.raises(tictactoe.InvalidArgument) as caught:
        tictactoe.validate(".........", k=k)
    assert type(caught.value) is tictactoe.InvalidArgument and str(k) in str(caught.value)


def test_validate_separators_at_either_end_are_tolerated():
    assert tictactoe.validate("XOX\nO O\nXOX\n")
    board = """
XOX
O O
XOX
"""
    assert tictactoe.validate(board) and tictactoe.validate("//XOX/O O/XOX//")
    assert tictactoe.validate("\nOOO\nXX.\nXX.\n") == tictactoe.validate(["OOO", "XX.", "XX."])
    assert tictactoe.validate("\nOOO\nXX.\nXX.\n").code == 5  # O won, then X moved
    assert tictactoe.validate("\nX.O/\n", k=3) == tictactoe.validate(["X.O"], k=3)  # one row
    with pytest.raises(tictactoe.ParseError):
        tictactoe.validate("XOX\n\nO O\nXOX")  # an empty row inside


def test_validate_errors():
    with pytest.raises(tictactoe.InvalidArgument):
        tictactoe.validate(["X..O", "...."])  # k=None on a non-square board
    with pytest.raises(tictactoe.InvalidArgument):
        tictactoe.validate("X........", k=0)
    with pytest.raises(tictactoe.ParseError):
        tictactoe.validate("X.......")  # unsplit, 8 cells: not square
    with pytest.raises(tictactoe.ParseError):
        tictactoe.validate(["XA.", "...", "..."])  # bad character
    with pytest.raises(tictactoe.ParseError):
        tictactoe.validate(["X..", "..", "..."])  # rows of unequal length
    with pytest.raises(tictactoe.ParseError):
        tictactoe.validate(["X\0.", "...", "..."])
    with pytest.raises(tictactoe.ParseError) as caught:
        tictactoe.validate("XÖX/...../...")
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("board", "where"),
    [
        (["XA.", "...", "..."], "row 0, col 1 is 'A'"),
        ("X../.O./..x", "row 2, col 2 is 'x'"),
        ("XÖX/.../...", "row 0, col 1 is 'Ö'"),
        (["X/O", "...", "..."], "row 0, col 1 is '/'"),  # a separator inside a listed row
    ],
)
def test_validate_names_the_first_cell_it_cannot_read(board, where):
    with pytest.raises(tictactoe.ParseError, match=re.escape(where)):
        tictactoe.validate(board)


@pytest.mark.parametrize("bad", [None, 7, b"X........", ["X..", 3, "..."]])
def test_validate_rejects_wrong_types(bad):
    with pytest.raises(TypeError):
        tictactoe.validate(bad)


@pytest.mark.parametrize(
    "rows",
    [
        set(["X  ", "   ", "   "]),  # a set has no order, and merges the two empty rows
        frozenset({"X  ", " O ", "   "}),
        {"X  ": 0, " O ": 1, "   ": 2},  # a dict would be read by its keys
        {"X  ": 0, " O ": 1, "   ": 2}.keys(),
    ],
)
def test_validate_refuses_rows_without_order(rows):
    # As judge refuses sets and dicts of moves.
    with pytest.raises(tictactoe.WrongType, match=r"^board must be its rows in order"):
        tictactoe.validate(rows)


def test_validate_takes_rows_in_order_from_any_iterable():
    rows = ["X  ", " O ", "   "]
    for board in (rows, tuple(rows), iter(rows), (row for row in rows)):
        assert tictactoe.validate(board) == tictactoe.validate(rows) == True  # noqa: E712


def test_validate_names_a_bad_character_before_rows_of_unequal_length():
    # A CRLF board: every row but the last ends in '\r', one cell longer than the last.
    for board in ("XOX\r\nO O\r\nXOX", ["XOX\r", "O O\r", "XOX"]):
        with pytest.raises(tictactoe.ParseError, match=re.escape("row 0, col 3 is '\\r'")):
            tictactoe.validate(board)
    with pytest.raises(tictactoe.ParseError, match=re.escape("row 1, col 0 is 'Q'")):
        tictactoe.validate(["XO.", "Q.", "..."])
    with pytest.raises(
        tictactoe.ParseError, match=re.escape("rows of unequal length (2, 3 cells)")
    ):
        tictactoe.validate(["XO.", "..", "..."])  # no bad character: the lengths


def test_error_args_and_repr_carry_the_detail():
    with pytest.raises(tictactoe.CellOccupied) as caught:
        tictactoe.judge([(0, 0), (1, 1), (0, 0)])
    error = caught.value
    assert str(error) == "cell occupied: move 2 (0, 0)"
    assert error.args == (4, "move 2 (0, 0)")  # the detail judge added after making it
    assert repr(error) == "CellOccupied(4, 'move 2 (0, 0)')"
    error.detail = "changed"
    assert error.args == (4, "changed") and str(error) == "cell occupied: changed"
    copy_ = pickle.loads(pickle.dumps(error))
    assert (copy_.args, copy_.detail, copy_.move_index) == ((4, "changed"), "changed", 2)
    with pytest.raises(tictactoe.InvalidArgument) as caught:
        tictactoe.Game().search()
    assert "search needs a limit" in repr(caught.value)


class CustomError(tictactoe.Error):
    """A user's own error, raised with a message as any exception is."""


@pytest.mark.parametrize("cls", [tictactoe.Error, tictactoe.IllegalMove, CustomError])
def test_errors_without_a_status_take_a_message_only(cls):
    with pytest.raises(tictactoe.Error) as caught:
        raise cls("something went wrong")
    error = caught.value
    assert type(error) is cls and str(error) == "something went wrong"
    assert error.args == ("something went wrong",)
    assert repr(error) == f"{cls.__name__}('something went wrong')"
    assert (error.status, error.message, error.detail) == (0, "", "something went wrong")
    for copy_ in (pickle.loads(pickle.dumps(error)), copy.copy(error)):
        assert type(copy_) is cls and copy_.args == error.args and str(copy_) == str(error)
        assert copy_.status == 0
    bare = cls()
    assert (str(bare), bare.args, bare.status) == ("", (), 0)
    # With a status, the documented constructor, as before.
    numbered = cls(9, "why")
    assert (numbered.status, numbered.args, str(numbered)) == (
        9,
        (9, "why"),
        f"{numbered.message}: why",
    )


def test_errors_pickle():
    error = tictactoe.CellOccupied()
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is tictactoe.CellOccupied
    assert (copy.status, str(copy)) == (error.status, str(error))
    with pytest.raises(tictactoe.GameOver) as caught:
        tictactoe.judge([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (2, 2)])
    copy = pickle.loads(pickle.dumps(caught.value))  # e.g. from a multiprocessing worker
    assert (type(copy), copy.move_index, str(copy)) == (tictactoe.GameOver, 5, str(caught.value))


def outcome(function, *args):
    """What a call says: its answer, or its error's type, text and move index."""
    try:
        return ("answer", function(*args))
    except tictactoe.Error as error:
        return (type(error), str(error), getattr(error, "move_index", None))


def careful(monkeypatch, function, *args):
    """What `function(*args)` says when judge() and validate() may not take their quick way
    (plain ints and str rows, read by C in one go), only the careful one that converts and
    names every argument: the two must agree on every input."""
    with monkeypatch.context() as patch:
        patch.setattr(tictactoe._exercises, "_plain_moves", lambda moves: None)
        patch.setattr(tictactoe._exercises, "_plain_validate", lambda rows, k: None)
        return outcome(function, *args)


def test_judge_quick_way_says_what_the_careful_way_says(monkeypatch):
    rng = random.Random(7)
    seen = set()
    for _ in range(3000):
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        k = rng.randint(1, max(rows, cols) + 1)  # one past the longest side now and then
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        rng.shuffle(cells)
        moves = cells[: rng.randint(0, len(cells))]
        if moves and rng.random() < 0.3:  # an occupied cell, off the board, or negative
            bad = rng.choice([moves[0], (rows, 0), (0, -1), (2**32, 0)])
            moves.insert(rng.randint(0, len(moves)), bad)
        if rng.random() < 0.5:
            moves = [list(move) for move in moves]
        if rng.random() < 0.1:
            rows = rng.choice([0, -1, 2**32])
        args = (moves, rows, cols, k)
        quick = outcome(tictactoe.judge, *args)
        assert quick == careful(monkeypatch, tictactoe.judge, *args), args
        seen.add(quick[0] if quick[0] != "answer" else quick[1])
    # Every answer and every kind of error turned up.
    assert {"A", "B", "Draw", "Pending", tictactoe.CellOccupied, tictactoe.OutOfBounds} <= seen
    assert {tictactoe.GameOver, tictactoe.InvalidArgument} <= seen


def test_validate_quick_way_says_what_the_careful_way_says(monkeypatch):
    rng = random.Random(11)
    seen = set()
    for _ in range(3000):
        rows, cols = rng.randint(1, 4), rng.randint(1, 4)
        board = ["".join(rng.choice("XXOO. ") for _ in range(cols)) for _ in range(rows)]
        if rng.random() < 0.2:  # a bad byte, a separator, a NUL, or a short row
            row = rng.randrange(rows)
            board[row] = rng.choice(["x", "/", "\n", "\0", "é", ""]) + board[row][1:]
        if rows > 1 and rng.random() < 0.1:  # rows of unequal length, but rows x cols cells
            board[0], board[1] = board[0] + board[1][:1], board[1][1:]
        k = rng.choice([None, None, rng.randint(0, max(rows, cols) + 1), 2**32])
        quick = outcome(tictactoe.validate, board, k)
        assert quick == careful(monkeypatch, tictactoe.validate, board, k), (board, k)
        seen.add(quick[1].code if quick[0] == "answer" else quick[0])
    assert {0, tictactoe.ParseError, tictactoe.InvalidArgument} <= seen
    assert len(seen) >= 6, seen  # several reasons a board is unreachable
