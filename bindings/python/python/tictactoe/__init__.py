"""Plays, judges, validates and solves m,n,k-games (tic-tac-toe, gomoku, ...).

A thin binding of the `tictactoe` library (Rust, compiled into this wheel):

    >>> import tictactoe
    >>> tictactoe.judge([(0, 0), (2, 0), (1, 1), (2, 1), (2, 2)])
    'A'
    >>> bool(tictactoe.validate(["O  ", "   ", "   "]))
    False
    >>> with tictactoe.Game() as g:
    ...     g.move(0, 0, 1)
    0
"""

from types import FunctionType as _FunctionType
from typing import TYPE_CHECKING
from typing import Any as _Any

from ._errors import (
    BufferTooSmall,
    CellOccupied,
    Error,
    GameClosed,
    GameOver,
    IllegalMove,
    InternalError,
    InvalidArgument,
    NothingToRedo,
    NothingToUndo,
    NumberOutOfRange,
    OutOfBounds,
    OutOfMemory,
    ParseError,
    TooHard,
    TooLarge,
    UnreachableBoard,
    WrongTurn,
    WrongType,
)
from ._exercises import Verdict, judge, validate
from ._ffi import Player, Result
from ._game import Game, Level, _unpickle
from ._native import TTT_MAX_CELLS as _MAX_CELLS
from ._native import VERSION as _VERSION
from ._solve import Solution, solve

#: The library's version ("MAJOR.MINOR.PATCH"), which is also this package's.
__version__: str = _VERSION

#: The largest board, in cells (rows x cols), the library accepts; bigger is TooLarge.
MAX_CELLS: int = _MAX_CELLS

if TYPE_CHECKING:  # (mypy knows the flag by this name only)
    from ._batch import Batch
else:  # hidden from type checkers, which would take every unknown name for a lazy one

    def __getattr__(name: str) -> _Any:
        """`tictactoe.Batch`, imported when first used: it needs numpy, `import tictactoe`
        not."""
        if name == "Batch":
            from ._batch import Batch

            Batch.__module__ = __name__
            return Batch
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "MAX_CELLS",
    "Batch",
    "BufferTooSmall",
    "CellOccupied",
    "Error",
    "Game",
    "GameClosed",
    "GameOver",
    "IllegalMove",
    "InternalError",
    "InvalidArgument",
    "Level",
    "NothingToRedo",
    "NothingToUndo",
    "NumberOutOfRange",
    "OutOfBounds",
    "OutOfMemory",
    "ParseError",
    "Player",
    "Result",
    "Solution",
    "TooHard",
    "TooLarge",
    "UnreachableBoard",
    "Verdict",
    "WrongTurn",
    "WrongType",
    "judge",
    "solve",
    "validate",
]

# A pickle names each class and function it holds by module and name (pickle checks that
# importing them gives the same object). They all say they are this package's, so that new
# pickles, e.g. a game or an error sent to a multiprocessing worker, name `tictactoe.Game`
# and `tictactoe._unpickle`, never a private module a later version may rename or merge; the
# private paths still import, so older pickles load.
for _public in (*(globals()[_name] for _name in __all__ if _name != "Batch"), _unpickle):
    if isinstance(_public, (type, _FunctionType)):  # not the Literal types, nor the numbers
        _public.__module__ = __name__
del _public, TYPE_CHECKING
