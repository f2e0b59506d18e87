"""The two stateless exercises: "Find Winner" (`judge`) and "Valid State" (`validate`)."""

from __future__ import annotations

import math
from typing import AbstractSet, Any, Iterable, Mapping, Sequence, Union

from . import _native
from ._errors import IllegalMove, InvalidArgument, OutOfBounds, ParseError, WrongType, error_for
from ._ffi import (
    NOT_POSITIVE,
    OFF_BOARD,
    RESULT_NAMES,
    U32_MAX,
    Result,
    fit,
    integer,
    size_error,
)

Board = Union[str, Iterable[str]]


def judge(moves: Iterable[Sequence[int]], rows: int = 3, cols: int = 3, k: int = 3) -> Result:
    """Replays `moves` ((row, col) pairs, A/X first, then alternating) on an empty board and
    says how the game stands: "A", "B", "Draw" or "Pending".

    An illegal move raises `OutOfBounds`, `CellOccupied` or `GameOver` (all `IllegalMove`)
    whose `move_index` is the index of the offending move; a coordinate that does not fit a
    uint32_t (e.g. -1) is off the board like any other.
    """
    if type(moves) is not list:
        moves = _move_list(moves)  # once: a generator would be used up by the quick try below
    if type(rows) is int and type(cols) is int and type(k) is int:
        flat = _plain_moves(moves)
        if flat is not None:
            try:
                status, result, _ = _judge_ex(flat, rows, cols, k)
            except OverflowError:  # a coordinate or size that does not fit uint32_t
                status = _native.TTT_INVALID_ARGUMENT
            if not status:
                return RESULT_NAMES[result]
    # Anything else, and every failure (to name it), takes the careful way below.
    rows, cols, k = integer(rows, "rows"), integer(cols, "cols"), integer(k, "k")
    pairs = [_move_pair(index, move) for index, move in enumerate(moves)]
    flat = [fit(number, OFF_BOARD) for pair in pairs for number in pair]
    sizes = fit(rows, NOT_POSITIVE), fit(cols, NOT_POSITIVE), fit(k, NOT_POSITIVE)
    status, result, bad_index = _judge_ex(flat, *sizes)
    if status:
        error = size_error(status, rows, cols, k)
        if isinstance(error, IllegalMove):
            error.move_index = index = bad_index
            error.detail = f"move {index} {pairs[index]}"
            if isinstance(error, OutOfBounds):
                error.detail += f" is off the {rows}x{cols} board"
        raise error
    return RESULT_NAMES[result]


_judge_ex = _native.judge_ex
_JUST_INTS, _JUST_STR = {int}, {str}


def _plain_moves(moves: list[Any]) -> list[int] | None:
    """The common case of `judge`, checked quickly: every move a tuple or list of two ints,
    as one list `row0, col0, row1, col1, ...`; else None (then `judge` converts move by
    move, naming what is wrong). Judging five moves costs ~1 us this way, ~15 us the careful
    way (isinstance against the ABCs, a name formatted per number)."""
    flat: list[Any] = []
    for move in moves:
        if (type(move) is tuple or type(move) is list) and len(move) == 2:
            flat += move
        else:
            return None
    # bool, numpy integers, IntEnum: the careful way. A negative or huge coordinate does not
    # fit uint32_t: `judge` then takes the careful way too, which makes it off the board.
    if {*map(type, flat)} != _JUST_INTS:
        return None
    return flat


#: What judge refuses as a move list or as a move: no order (sets, dicts) or characters.
_UNORDERED = (str, bytes, bytearray, AbstractSet, Mapping)


def _move_list(moves: Any) -> list[Any]:
    """`judge`'s moves as a list: any iterable in play order (a tuple, a generator, a numpy
    array), but not an unordered collection or a string, and not a non-iterable."""
    if isinstance(moves, _UNORDERED):
        raise WrongType(detail=f"moves must be (row, col) pairs in play order, not {moves!r}")
    try:
        iterator = iter(moves)
    except TypeError:
        detail = f"moves must be an iterable of (row, col) pairs, not {moves!r}"
        raise WrongType(detail=detail) from None
    return list(iterator)  # outside the try: a TypeError from a generator's own code is its own


def _move_pair(index: int, move: Any) -> tuple[int, int]:
    """Move `index` of `judge` as a (row, col) pair of ints: any sequence of two integers (a
    tuple, a list, a numpy array), but not an unordered collection or a string."""
    if isinstance(move, _UNORDERED):
        raise WrongType(detail=f"move {index} must be a (row, col) pair, not {move!r}")
    try:
        row, col = move
    except (TypeError, ValueError):
        raise WrongType(detail=f"move {index} must be a (row, col) pair, not {move!r}") from None
    return integer(row, f"move {index}: row"), integer(col, f"move {index}: col")


class Verdict:
    """Whether a board is reachable in a legal game. True exactly when it is; `code` is the
    C library's TttVerdict (0 = reachable) and `reason` its description of that code.

    Immutable. `str(v)` is the reason. Two verdicts are equal when their codes are; a verdict
    and a bool are equal when `bool(v)` is that bool, so `validate(board) == expected` works
    with LeetCode's True/False answers."""

    __slots__ = ("code", "reason")
    code: int
    reason: str

    def __init__(self, code: int) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "reason", _native.verdict_str(code))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Verdict is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Verdict is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[object, ...]:
        return (Verdict, (self.code,))

    def __bool__(self) -> bool:
        return self.code == _native.TTT_VALID

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Verdict):
            return self.code == other.code
        if isinstance(other, bool):
            return bool(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        # Equal objects must hash alike: every reachable verdict equals True, so all of them
        # hash as True does, and every unreachable one as False does.
        return hash(bool(self))

    def __str__(self) -> str:
        return self.reason

    def __repr__(self) -> str:
        return f"Verdict(code={self.code}, reason={self.reason!r})"


def validate(board: Board, k: int | None = None) -> Verdict:
    """Is `board` reachable in a legal game where X moves first and `k` in a row wins?

    `board` is a list (or any iterable) of row strings (LeetCode's shape) or one string whose
    rows are split by '/' or newlines; an unsplit string must be square. Cells are 'X', 'O',
    and ' ' or '.' for empty. `k=None` means k = rows = cols, which needs a square board.
    """
    rows = _board_rows(board)
    verdict = _plain_validate(rows, k)
    if verdict is not None:
        return verdict
    # Anything else, and every failure (to name it), takes the careful way below.
    if k is not None:
        k = integer(k, "k")
        # The C side spells "k = rows = cols" as k = 0, so an explicit 0 must not reach it.
        if not 1 <= k <= U32_MAX:
            raise InvalidArgument(detail=f"k {k} is outside 1..{U32_MAX} (None: k = rows = cols)")
    # As C's ttt_validate_rows, which reads NUL-terminated rows: a NUL is no cell.
    if any("\0" in row for row in rows):
        raise ParseError(detail="a board row contains a NUL character")
    encoded = [row.encode() for row in rows]
    status, code = _native.validate_rows(encoded, 0 if k is None else k)
    if status:
        raise error_for(status, _validate_detail(status, rows, k))
    return _verdict(code)


_validate = _native.validate
#: One Verdict per code, made when first needed: a Verdict is immutable, so they are shared.
_VERDICTS: dict[int, Verdict] = {}


def _verdict(code: int) -> Verdict:
    verdict = _VERDICTS.get(code)
    if verdict is None:
        verdict = _VERDICTS.setdefault(code, Verdict(code))
    return verdict


def _plain_validate(rows: list[str], k: int | None) -> Verdict | None:
    """The common case of `validate`, checked quickly: rows of one length and a k that needs
    no conversion, read by `ttt_validate` as one text. None for anything else, and when C
    refuses the board (then `validate` asks again row by row, to name what is wrong). Three
    rows cost ~2 us this way, 4-6 us row by row (a C string per row, the verdict's text read
    from C every time)."""
    widths = {*map(len, rows)}
    if len(widths) != 1:
        return None
    cols = widths.pop()
    if k is None:
        k = len(rows)
        if k != cols:
            return None
    elif type(k) is not int or not 1 <= k <= U32_MAX:
        return None
    # A separator inside a row leaves C fewer than rows x cols cells, and a NUL or any byte of
    # a non-ASCII character is not a cell: C refuses each, and the board goes the careful way.
    data = "".join(rows).encode()
    try:
        status, verdict = _validate(data, len(rows), cols, k)
    except OverflowError:  # more rows or columns than uint32_t holds
        return None
    return None if status else _verdict(verdict)


#: The cells of a row, only to name the first one C refused: C decides what parses.
_CELL_CHARS = frozenset("XO .")


def _validate_detail(status: int, rows: list[str], k: int | None) -> str:
    """What was wrong with the board's shape or k, for a failed validate."""
    cols = {len(row) for row in rows}
    if status == _native.TTT_PARSE_ERROR:
        # A bad character first: it is often why rows differ in length (a CRLF board's '\r'
        # makes all but the last row one longer), and naming it says what to fix.
        for r, row in enumerate(rows):
            for c, char in enumerate(row):
                if char not in _CELL_CHARS:
                    return f"row {r}, col {c} is {char!r}: a cell is 'X', 'O', ' ' or '.'"
        if len(cols) > 1:
            return f"rows of unequal length ({', '.join(map(str, sorted(cols)))} cells)"
    if status == _native.TTT_INVALID_ARGUMENT:
        shape = f"{len(rows)}x{max(cols, default=0)}"
        if not rows or not max(cols):
            return f"an empty board ({shape})"
        if k is None and cols != {len(rows)}:
            return f"k=None means k = rows = cols, but the board is {shape}: pass k"
        return f"k={k} is more than the {shape} board's longest side"
    return ""


def _board_rows(board: Board) -> list[str]:
    """The board's rows: an iterable's as given, a string split on '/' and newlines."""
    if isinstance(board, str):
        if "/" not in board and "\n" not in board:
            side = math.isqrt(len(board))
            if side * side != len(board):
                raise ParseError(detail=f"an unsplit board of {len(board)} cells is not square")
            return [board[i : i + side] for i in range(0, len(board), side or 1)]
        # Separators at either end make no row: a triple-quoted board starts and ends with one.
        return board.replace("\n", "/").strip("/").split("/")
    # Bytes, and a set or a dict, whose rows have no order (a set also merges equal rows), as
    # judge refuses them for moves. A list, the common case, skips the ABC checks (~0.3 us).
    if type(board) is not list and isinstance(board, _UNORDERED):
        if isinstance(board, (bytes, bytearray)):
            raise WrongType(detail=f"board must be a str or a list of str, not {board!r}")
        kind = type(board).__name__
        detail = f"board must be its rows in order (a list of str), not a {kind}: {board!r}"
        raise WrongType(detail=detail)
    try:
        rows = list(board)  # once: a generator would be used up by the check below
    except TypeError:
        raise WrongType(detail=f"board must be a str or a list of str, not {board!r}") from None
    if {*map(type, rows)} <= _JUST_STR:  # the common case, without a loop in Python
        return rows
    for index, row in enumerate(rows):
        if not isinstance(row, str):
            raise WrongType(detail=f"board row {index} must be a str, not {row!r}")
    return rows
