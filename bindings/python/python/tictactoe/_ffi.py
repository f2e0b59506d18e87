"""The few patterns every call into the C library shares: status checking, reading lists
of unknown length into buffers, and C strings."""

from __future__ import annotations

import operator
from typing import Any, Callable, Literal, cast

from ._errors import Error, NumberOutOfRange, WrongType, error_for
from ._native import ffi, lib

#: The largest uint32_t, the C type of every row, column, size, player and level.
U32_MAX = 0xFFFF_FFFF
#: What a board coordinate that does not fit uint32_t is passed as: a row or column off every
#: board (rows x cols <= TTT_MAX_CELLS < U32_MAX), so C reports it as OUT_OF_BOUNDS, in the
#: same order as any other off-board number (a closed game, a bad player come first).
OFF_BOARD = U32_MAX
#: What a size (rows, cols, k) or a player that does not fit is passed as: 0, which C refuses
#: as INVALID_ARGUMENT, as it refuses every other number outside their domain.
NOT_POSITIVE = 0


def integer(value: Any, name: str) -> int:
    """`value` as an int (`operator.index`). cffi would truncate anything with `__int__`
    (Decimal("1.7"), Fraction, numpy.float32 become 1); a non-integral value raises WrongType
    (a TypeError) naming the argument instead. bool is an int and passes."""
    try:
        return operator.index(value)
    except TypeError:
        raise WrongType(detail=f"{name} must be an integer, not {type(value).__name__}") from None


def fit(value: int, unfit: int) -> int:
    """`value` if it fits uint32_t, else `unfit` (OFF_BOARD or NOT_POSITIVE)."""
    return value if 0 <= value <= U32_MAX else unfit


def unsigned(value: Any, name: str, bits: int) -> int:
    """`integer(value, name)` for a uintBITS_t argument without a domain of its own (a seed,
    a budget, a level): NumberOutOfRange, naming it, when it does not fit."""
    number = integer(value, name)
    if not 0 <= number < 1 << bits:
        raise NumberOutOfRange(detail=f"{name} {number} is outside 0..2**{bits}-1")
    return number


def size_error(status: int, rows: int, cols: int, k: int) -> Error:
    """The error for a failed status of a call that takes a size, saying which size."""
    detail = ""
    if status == lib.TTT_INVALID_ARGUMENT:
        detail = f"rows={rows}, cols={cols}, k={k}: need rows, cols >= 1, 1 <= k <= max(rows, cols)"
    elif status == lib.TTT_TOO_LARGE:
        detail = f"{rows}x{cols} is more than {lib.TTT_MAX_CELLS} cells"
    return error_for(status, detail)


def call(fn: Callable[..., int], *args: Any) -> None:
    """Calls a status-returning C function; raises the matching `tictactoe.Error` on failure.
    The caller has converted the arguments (`integer`, `fit`, `unsigned`)."""
    status = fn(*args)
    if status:
        raise error_for(status)


#: Elements `read_array` offers on its first try: enough for most lists in one call, which
#: matters when the call is costly (ttt_game_optimal_moves solves the position each time).
FIRST_TRY = 64


def read_array(fn: Callable[..., int], handle: Any, ctype: str, spare: int = 0) -> tuple[Any, int]:
    """Reads a variable-length array from a `fn(handle, out, capacity, &count)` call into a
    buffer of FIRST_TRY elements, or if that is too small, into one of the reported count plus
    `spare` elements (1 for a string's NUL). Returns the C array and the count."""
    count = ffi.new("size_t *")
    array = ffi.new(f"{ctype}[]", FIRST_TRY)
    status = fn(handle, array, FIRST_TRY, count)
    if status == lib.TTT_BUFFER_TOO_SMALL:
        array = ffi.new(f"{ctype}[]", count[0] + spare)
        call(fn, handle, array, count[0] + spare, count)
    elif status:
        raise error_for(status)
    return array, count[0]


def read_u32s(fn: Callable[..., int], handle: Any) -> list[int]:
    """`read_array` of uint32_t, as a list."""
    array, count = read_array(fn, handle, "uint32_t")
    return ffi.unpack(array, count)


def string(c_string: Any) -> str:
    """A static NUL-terminated C string as str."""
    return ffi.string(c_string).decode()


#: How a game stands, as `judge`, `Game.play` and `Game.result` say it: a type checker then
#: flags a comparison with any other string (mypy --strict-equality).
Result = Literal["Pending", "A", "B", "Draw"]

#: A player as the game reports one: 1 or 2, and 0 for nobody (no winner yet, an empty cell,
#: no side to move once the game is over).
Player = Literal[0, 1, 2]

#: "Pending", "A", "B", "Draw" by TttResult, read once from the library (the tests check that
#: they are exactly `Result`'s four strings).
RESULT_NAMES: dict[int, Result] = {
    value: cast(Result, string(lib.ttt_result_str(value)))
    for value in (lib.TTT_PENDING, lib.TTT_A_WINS, lib.TTT_B_WINS, lib.TTT_DRAW)
}
