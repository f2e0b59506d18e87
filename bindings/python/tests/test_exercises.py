"""judge() and validate() beyond the seed examples: general sizes, every error path, types."""

import copy
import pickle

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


@pytest.mark.parametrize("bad", [[(-1, 0)], [(0, 2**32)]])
def test_judge_rejects_numbers_that_do_not_fit(bad):
    with pytest.raises(ValueError):
        tictactoe.judge(bad)
    with pytest.raises(OverflowError):
        tictactoe.judge(bad)


def test_judge_size_arguments_are_checked():
    with pytest.raises(OverflowError):
        tictactoe.judge([], rows=-3)
    with pytest.raises(TypeError):
        tictactoe.judge([], rows=3.0)


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


def test_validate_trailing_newline_is_tolerated():
    assert tictactoe.validate("XOX\nO O\nXOX\n")


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
    with pytest.raises(OverflowError):
        tictactoe.validate(".........", k=-1)


@pytest.mark.parametrize("bad", [None, 7, b"X........", ["X..", 3, "..."]])
def test_validate_rejects_wrong_types(bad):
    with pytest.raises(TypeError):
        tictactoe.validate(bad)


def test_errors_pickle():
    error = tictactoe.CellOccupied()
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is tictactoe.CellOccupied
    assert (copy.status, str(copy)) == (error.status, str(error))
    with pytest.raises(tictactoe.GameOver) as caught:
        tictactoe.judge([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (2, 2)])
    copy = pickle.loads(pickle.dumps(caught.value))  # e.g. from a multiprocessing worker
    assert (type(copy), copy.move_index, str(copy)) == (tictactoe.GameOver, 5, str(caught.value))
