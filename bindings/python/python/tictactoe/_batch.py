"""`Batch`: many games of one shape stepped together, with numpy arrays the library reads and
writes in place. Needs numpy (`pip install "tictactoe[rl]"`); `import tictactoe` does not."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from . import _native
from ._errors import InvalidArgument, TooLarge, WrongType, error_for
from ._ffi import NOT_POSITIVE, U32_MAX, fit, integer, size_error, unsigned
from ._game import Game


class Batch:
    """`count` games of `rows` x `cols`, `k` in a row, all empty with player 1 to move.

    Every game is always in progress: a game that ends is emptied at once (auto-reset), so
    the next `step` starts it afresh. `seed` seeds the batch's own generator, used only by
    `random_moves`. A batch may be shared between threads: its calls run one at a time.
    """

    __slots__ = ("_core", "_count", "_rows", "_cols", "_k")

    def __init__(self, count: int, rows: int = 3, cols: int = 3, k: int = 3, seed: int = 0):
        count = integer(count, "count")
        rows, cols, k = integer(rows, "rows"), integer(cols, "cols"), integer(k, "k")
        seed = unsigned(seed, "seed", 64)
        if count <= 0:
            raise InvalidArgument(detail=f"count must be at least 1, not {count}")
        sizes = fit(rows, NOT_POSITIVE), fit(cols, NOT_POSITIVE), fit(k, NOT_POSITIVE)
        try:
            self._core = _native.BatchCore(*sizes, count, seed)
        except InvalidArgument as error:
            raise size_error(error.status, rows, cols, k) from None
        except OverflowError:  # a count past size_t
            raise TooLarge(detail=f"{count} games do not fit one batch") from None
        self._count, self._rows, self._cols, self._k = count, rows, cols, k

    def __len__(self) -> int:
        return self._count

    @property
    def rows(self) -> int:
        return self._rows

    @property
    def cols(self) -> int:
        return self._cols

    @property
    def k(self) -> int:
        return self._k

    @property
    def bytes_per_game(self) -> int:
        """The memory one game of this batch takes, in bytes."""
        return self._core.bytes_per_game()

    @property
    def threads(self) -> int:
        """The most threads `step`, `observe` and `legal_mask` run on: 1 (the default) the
        calling thread, 0 one per core. A call splits only from 2^22 cells (games times cells)
        a thread, and gives the same results whatever the setting; its threads end before it
        returns. Under load a split call can wait for its threads longer than one thread would
        take."""
        return self._core.threads()

    @threads.setter
    def threads(self, threads: int) -> None:
        self._core.set_threads(unsigned(threads, "threads", 32))

    def __repr__(self) -> str:
        return f"<tictactoe.Batch of {self._count} games, {self._rows}x{self._cols} k={self._k}>"

    def reset(self) -> None:
        """Every game back to the empty board (the generator goes on where it was)."""
        self._core.reset()

    def step(
        self, actions: npt.ArrayLike, out: npt.NDArray[np.uint8] | None = None
    ) -> npt.NDArray[np.uint8]:
        """One move in every game: `actions[i]` is a cell (row * cols + col) played by the
        side to move in game i. Returns each game's result after it (uint8: 0 pending, 1 A,
        2 B, 3 draw; a finished game is emptied at once), written into `out` if given (a
        C-contiguous uint8 array of `count` items), else into a new array. If any action is
        illegal no game changes, and `OutOfBounds` or `CellOccupied` names the first bad
        game (`.game_index`)."""
        cells = self._actions(actions)
        if out is None:
            results = np.empty(self._count, dtype=np.uint8)
        else:
            results = self._out(out, (self._count,), "out")
        status, index = self._core.step(cells, results)
        if status:
            error = error_for(status)
            error.game_index = index  # type: ignore[attr-defined]
            error.detail = f"game {index}: action {int(cells[index])}"
            raise error
        return results

    def observe(self, out: npt.NDArray[np.uint8] | None = None) -> npt.NDArray[np.uint8]:
        """Observation planes, uint8 (count, 2, rows, cols): plane 0 the stones of the side
        to move in that game, plane 1 the opponent's. Written into `out` if given (C-contiguous
        uint8 of that shape, filled in place), else into a new array."""
        shape = (self._count, 2, self._rows, self._cols)
        planes = np.empty(shape, dtype=np.uint8) if out is None else self._out(out, shape, "out")
        self._core.observe(planes)
        return planes

    def legal_mask(self, out: npt.NDArray[np.bool_] | None = None) -> npt.NDArray[np.bool_]:
        """Legal moves, bool (count, rows * cols): True on the empty cells. Written into `out`
        if given (C-contiguous bool of that shape, filled in place), else into a new array."""
        shape = (self._count, self._rows * self._cols)
        if out is None:
            mask = np.empty(shape, dtype=np.bool_)
        else:
            mask = out
            _check_out(mask, shape, np.bool_, "out")
        self._core.legal_mask(mask.view(np.uint8))  # a view: the same bytes, no copy
        return mask

    def random_moves(self, moves_per_game: int, threads: int = 0) -> dict[str, int]:
        """Every game plays `moves_per_game` uniformly random legal moves from the batch's
        generator (finished games start again), on `threads` threads (0: one per core), which
        end before this returns. The same seed, count, moves and threads give the same final
        batch. Returns the totals: moves, a_wins, b_wins, draws."""
        moves = unsigned(moves_per_game, "moves_per_game", 64)
        threads = unsigned(threads, "threads", 32)
        played, a_wins, b_wins, draws = self._core.random_moves(moves, threads)
        return {"moves": played, "a_wins": a_wins, "b_wins": b_wins, "draws": draws}

    def game(self, index: int) -> Game:
        """A copy of game `index` as a `Game` (its stones and whose turn; no move history)."""
        index = integer(index, "index")
        if not 0 <= index < self._count:
            raise InvalidArgument(detail=f"game {index} is outside 0..{self._count - 1}")
        return Game.from_text(self._core.game_text(index))

    def _actions(self, actions: npt.ArrayLike) -> npt.NDArray[np.uint32]:
        """`actions` as C-contiguous uint32 of `count` items: as given when it already is (no
        copy), else converted; a number that does not fit uint32 is off every board."""
        array = np.asarray(actions)
        if array.dtype != np.uint32:
            if array.dtype.kind not in "iub":
                kind = array.dtype
                raise WrongType(detail=f"actions must be integers, not an array of {kind}")
            wide = array.astype(np.int64) if array.dtype.kind != "u" else array
            array = np.where((wide < 0) | (wide > U32_MAX), U32_MAX, wide).astype(np.uint32)
        array = np.ascontiguousarray(array)
        if array.shape != (self._count,):
            raise InvalidArgument(detail=f"actions of shape {array.shape}, need ({self._count},)")
        return array

    def _out(self, out: Any, shape: tuple[int, ...], name: str) -> npt.NDArray[np.uint8]:
        _check_out(out, shape, np.uint8, name)
        return out  # type: ignore[no-any-return]


def _check_out(out: Any, shape: tuple[int, ...], dtype: Any, name: str) -> None:
    """WrongType unless `out` is a C-contiguous, writeable numpy array of `shape` and `dtype`
    (the library fills it in place, so it may not convert it)."""
    if not isinstance(out, np.ndarray):
        raise WrongType(detail=f"{name} must be a numpy array, not {type(out).__name__}")
    if out.dtype != dtype or out.shape != shape:
        wanted = np.dtype(dtype).name
        detail = f"{name} must be {wanted} of shape {shape}, not {out.dtype} {out.shape}"
        raise WrongType(detail=detail)
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise WrongType(detail=f"{name} must be C-contiguous and writeable")
