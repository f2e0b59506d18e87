"""Exceptions: one class per TttStatus of the C library, all under `tictactoe.Error`.

Families let callers catch broadly (`IllegalMove`) or narrowly (`CellOccupied`); the classes
that describe bad input also derive from the matching built-in (`ValueError`, `IndexError`,
`MemoryError`) so generic Python code handles them naturally.
"""

from __future__ import annotations

from . import _native


class Error(Exception):
    """A call into the C library returned a status other than `TTT_OK`, or code raised one.

    `status` is the TttStatus number and `message` the library's own description of it
    (`ttt_status_str`); `detail` says what the binding was doing, when it knows more. `args`
    is `(status, detail)` with the detail as last set, so repr and pickling keep it.

    `CellOccupied("why")` takes its class's status. A class without one (`Error`,
    `IllegalMove`, a subclass of your own) raised with a message only, `Error("why")`, is
    like any Python exception: `str(e)` and `args` are the message, `status` is 0 (TTT_OK:
    none of the library's) and `message` empty.
    """

    #: The status every instance of a subclass carries; None on the families. Not annotated
    #: ClassVar: the classes say they are `tictactoe`'s (for pickles), where
    #: `typing.get_type_hints` would look the name up and not find it.
    STATUS: int | None = None

    def __init__(self, status: int | str | None = None, detail: str = "") -> None:
        if isinstance(status, str):  # raise tictactoe.OutOfBounds("why")
            detail, status = status, None
        number = (type(self).STATUS or 0) if status is None else status
        super().__init__()
        self.status: int = number
        self.message: str = _native.status_str(number) if number else ""
        self.detail = detail  # also sets args

    @property
    def detail(self) -> str:
        return self._detail

    @detail.setter
    def detail(self, detail: str) -> None:
        # The binding often adds the detail after making the error (judge names the move):
        # args follows it, so that repr(e) shows it and pickling, which rebuilds the error as
        # `type(e)(*e.args)` (e.g. from a multiprocessing worker), keeps it.
        self._detail = detail
        if self.status:
            self.args = (self.status, detail)
        else:  # a message-only error, as Exception("why") or Exception()
            self.args = (detail,) if detail else ()

    def __str__(self) -> str:
        if self.message and self.detail:
            return f"{self.message}: {self.detail}"
        return self.message or self.detail


class GameClosed(Error, ValueError):
    """The game was closed. A closed game holds no native game, so every call is refused
    (with `TTT_NULL_POINTER`, the status C gives a NULL handle); freed memory is never
    touched."""

    STATUS = _native.TTT_NULL_POINTER

    def __init__(self, status: int | None = None, detail: str = "") -> None:
        super().__init__(status, detail or "the game is closed")

    def __str__(self) -> str:
        # Not the C status text: "a required pointer argument was NULL" describes how the
        # library learns of it, not what the caller did.
        return self.detail


class InvalidArgument(Error, ValueError):
    """rows, cols or k out of their domain, a player other than 1 or 2, ..."""

    STATUS = _native.TTT_INVALID_ARGUMENT


class IllegalMove(Error):
    """A move the rules forbid. From `judge`, `move_index` is the offending move's index."""

    move_index: int | None = None


class OutOfBounds(IllegalMove, IndexError):
    STATUS = _native.TTT_OUT_OF_BOUNDS


class CellOccupied(IllegalMove):
    STATUS = _native.TTT_CELL_OCCUPIED


class WrongTurn(IllegalMove):
    STATUS = _native.TTT_WRONG_TURN


class GameOver(IllegalMove):
    STATUS = _native.TTT_GAME_OVER


class NothingToUndo(Error):
    STATUS = _native.TTT_NOTHING_TO_UNDO


class NothingToRedo(Error):
    STATUS = _native.TTT_NOTHING_TO_REDO


class ParseError(Error, ValueError):
    """Board or game text with a bad character, the wrong cell count, a malformed field."""

    STATUS = _native.TTT_PARSE_ERROR


class BufferTooSmall(Error):
    """The binding sizes every buffer itself, so seeing this means a bug; please report it."""

    STATUS = _native.TTT_BUFFER_TOO_SMALL


class TooLarge(Error, ValueError):
    """rows x cols exceeds `tictactoe.MAX_CELLS`."""

    STATUS = _native.TTT_TOO_LARGE


class OutOfMemory(Error, MemoryError):
    STATUS = _native.TTT_OUT_OF_MEMORY


class UnreachableBoard(Error, ValueError):
    """Game text that is well formed but cannot arise in a legal game."""

    STATUS = _native.TTT_UNREACHABLE_BOARD


class TooHard(Error):
    """The position is too big to solve exactly."""

    STATUS = _native.TTT_TOO_HARD


class InternalError(Error):
    """A bug inside the C library (a caught panic)."""

    STATUS = _native.TTT_INTERNAL_ERROR


class NumberOutOfRange(InvalidArgument, OverflowError):
    """A number that does not fit its C argument (a seed or budget: uint64_t or uint32_t),
    caught before the call so that, say, a seed of -1 can never wrap around to 2**64 - 1. An
    `InvalidArgument` (status 2, what C answers for a value outside an argument's domain),
    hence a ValueError, and an OverflowError (what Python raises when an int does not fit a C
    type), so any of these `except` clauses catches it. A row, column, size or player that does
    not fit raises what C raises for any value outside its domain: `OutOfBounds` for a board
    coordinate, `InvalidArgument` for the others."""


class WrongType(InvalidArgument, TypeError):
    """An argument of the wrong type: None, a float or a str where an integer is wanted, a
    move that is not a (row, col) pair, a board that is not a str or a list of str. A
    TypeError, as Python code expects, and an `InvalidArgument` (status 2, what C answers for
    an argument outside its domain), so `except tictactoe.Error` catches every bad input.
    `str(e)` is what was wrong, as for any TypeError: "row must be an integer, not float"."""

    def __str__(self) -> str:
        return self.detail or self.message


_BY_STATUS: dict[int, type[Error]] = {
    cls.STATUS: cls
    for cls in (
        GameClosed,
        InvalidArgument,
        OutOfBounds,
        CellOccupied,
        WrongTurn,
        GameOver,
        NothingToUndo,
        NothingToRedo,
        ParseError,
        BufferTooSmall,
        TooLarge,
        OutOfMemory,
        UnreachableBoard,
        TooHard,
        InternalError,
    )
    if cls.STATUS is not None
}


def error_for(status: int, detail: str = "") -> Error:
    """The exception for a status; a status this binding does not know gets the base class."""
    return _BY_STATUS.get(status, Error)(status, detail)
