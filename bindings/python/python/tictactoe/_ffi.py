"""The few patterns every call into the native module shares: converting numbers to the C
API's types and naming sizes in errors."""

from __future__ import annotations

import operator
from typing import Any, Literal, cast

from . import _native
from ._errors import Error, NumberOutOfRange, WrongType, error_for

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
    """`value` as an int (`operator.index`). C would truncate anything with `__int__`
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
    if status == _native.TTT_INVALID_ARGUMENT:
        detail = f"rows={rows}, cols={cols}, k={k}: need rows, cols >= 1, 1 <= k <= max(rows, cols)"
    elif status == _native.TTT_TOO_LARGE:
        detail = f"{rows}x{cols} is more than {_native.TTT_MAX_CELLS} cells"
    return error_for(status, detail)


#: How a game stands, as `judge`, `Game.play` and `Game.result` say it: a type checker then
#: flags a comparison with any other string (mypy --strict-equality).
Result = Literal["Pending", "A", "B", "Draw"]

#: A player as the game reports one: 1 or 2, and 0 for nobody (no winner yet, an empty cell,
#: no side to move once the game is over).
Player = Literal[0, 1, 2]

#: "Pending", "A", "B", "Draw" by TttResult, read once from the library (the tests check that
#: they are exactly `Result`'s four strings).
RESULT_NAMES: dict[int, Result] = {
    value: cast(Result, _native.result_str(value))
    for value in (_native.TTT_PENDING, _native.TTT_A_WINS, _native.TTT_B_WINS, _native.TTT_DRAW)
}
