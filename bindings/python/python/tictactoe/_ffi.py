"""The few patterns every call into the C library shares: status checking, reading lists
of unknown length into buffers, and C strings."""

from __future__ import annotations

from typing import Any, Callable

from ._errors import NumberOutOfRange, error_for
from ._native import ffi, lib


def out_of_range(values: Any, exc: OverflowError) -> NumberOutOfRange:
    """Turns cffi's OverflowError for an int that does not fit its C type into ours. cffi
    names a too-big number and its type itself; a negative one we name."""
    negative = next((v for v in values if isinstance(v, int) and v < 0), None)
    if negative is not None:
        return NumberOutOfRange(f"{negative} is negative; C takes an unsigned number here")
    return NumberOutOfRange(str(exc))


def call(fn: Callable[..., int], *args: Any) -> None:
    """Calls a status-returning C function; raises the matching `tictactoe.Error` on failure.

    cffi converts the arguments before C runs: a non-integer raises TypeError, an int that
    does not fit raises OverflowError, which becomes `NumberOutOfRange`.
    """
    try:
        status = fn(*args)
    except OverflowError as exc:
        raise out_of_range(args, exc) from None
    if status:
        raise error_for(status)


def u32_array(values: list[int]) -> Any:
    """A C uint32_t array holding `values` (kept alive by the returned cdata)."""
    try:
        return ffi.new("uint32_t[]", values)
    except OverflowError as exc:
        raise out_of_range(values, exc) from None


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


#: "Pending", "A", "B", "Draw" by TttResult, read once from the library.
RESULT_NAMES = {
    value: string(lib.ttt_result_str(value))
    for value in (lib.TTT_PENDING, lib.TTT_A_WINS, lib.TTT_B_WINS, lib.TTT_DRAW)
}
