"""`Game`: one m,n,k-game, a thin owner of the C library's `TttGame` handle."""

from __future__ import annotations

import enum
from typing import Any, Tuple, TypeVar

from ._errors import error_for
from ._ffi import RESULT_NAMES, call, out_of_range, read_array, read_u32s
from ._native import ffi, lib

Cell = Tuple[int, int]
G = TypeVar("G", bound="Game")

#: How many native games this module has released. Tests use it to check that every game is
#: freed exactly once, whether by close() or by the garbage collector.
games_freed = 0


def _free(handle: Any) -> None:
    """The finalizer of every game handle; cffi runs it exactly once (close() or GC)."""
    global games_freed
    games_freed += 1
    lib.ttt_game_free(handle)


_move, _play = lib.ttt_game_move, lib.ttt_game_play
_WINNER = {lib.TTT_A_WINS: 1, lib.TTT_B_WINS: 2}
_BOARD_CHARS = bytes.maketrans(b"\x00\x01\x02", b".XO")
_REPR_MAX_CELLS = 1024  # repr() draws the board up to this size


class Level(enum.IntEnum):
    """Difficulty levels of `Game.ai_move`: the header's TTT_LEVEL_* numbers."""

    RANDOM = 0  #: a uniformly random legal move
    EASY = 1  #: wins in one when it can, else random
    MEDIUM = 2  #: one-ply greedy: wins, else blocks, else builds its lines
    HARD = 3  #: a budgeted search of 2,000 nodes
    PERFECT = 4  #: perfect play where solvable, else a 20,000-node search


class Game:
    """An m,n,k-game: a `rows` x `cols` board where `k` in a row wins. Player 1 (X, "A")
    moves first, except that `move()` lets player 2 make the very first move.

    Free it deterministically with `close()` or a `with` block; otherwise the garbage
    collector frees it. A closed game raises `GameClosed`. Not thread-safe: use one game from
    one thread at a time (distinct games are independent).
    """

    __slots__ = ("_handle", "_out", "_rows", "_cols", "_k", "__weakref__")

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3) -> None:
        out = ffi.new("TttGame **")
        call(lib.ttt_game_new, rows, cols, k, out)
        self._adopt(out[0])

    def _adopt(self, handle: Any) -> None:
        # Owned from the first line on, so no later failure can leak the handle.
        self._handle = ffi.gc(handle, _free)
        # Scratch space for out-parameters, reused by every call: a game is single-threaded.
        self._out = ffi.new("uint32_t[3]")
        call(lib.ttt_game_size, handle, self._out, self._out + 1, self._out + 2)
        self._rows, self._cols, self._k = self._out

    @classmethod
    def _from_handle(cls: type[G], handle: Any) -> G:
        game = cls.__new__(cls)
        game._adopt(handle)
        return game

    @classmethod
    def from_text(cls: type[G], text: str) -> G:
        """A game from `to_text()`'s form, e.g. "3,3,3:X.O/.X./...:O" (no undo history).
        Raises ParseError, InvalidArgument, TooLarge or UnreachableBoard."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        data = text.encode()
        out = ffi.new("TttGame **")
        call(lib.ttt_game_from_text, data, len(data), out)
        return cls._from_handle(out[0])

    # --- lifetime -------------------------------------------------------------------------

    def close(self) -> None:
        """Frees the native game now. Idempotent; afterwards every use raises GameClosed."""
        if not self.closed:
            ffi.release(self._handle)  # runs the finalizer now, and never again
            self._handle = ffi.NULL

    @property
    def closed(self) -> bool:
        return self._handle == ffi.NULL

    def __enter__(self: G) -> G:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def clone(self: G) -> G:
        """An independent copy: board, turn, result, undo and redo history."""
        out = ffi.new("TttGame **")
        call(lib.ttt_game_clone, self._handle, out)
        return type(self)._from_handle(out[0])

    __copy__ = clone

    def __deepcopy__(self: G, memo: object) -> G:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        # The position before the recorded moves (to_text keeps whose turn it is and who
        # started) plus the moves, replayed on load: the game continues exactly, undo
        # included. Only the redo list is not kept.
        history = read_u32s(lib.ttt_game_moves, self._handle)
        with self.clone() as start:
            for _ in history:
                start.undo()
            return (_unpickle, (type(self), start.to_text(), history))

    # --- moves ----------------------------------------------------------------------------

    # move() and play() are the hot path of game loops and agent training, so they spell out
    # what `call` does instead of calling it: one Python call less per move (about 10%).

    def move(self, row: int, col: int, player: int) -> int:
        """Plays as in "Design Tic-Tac-Toe": `player` (1 or 2) takes (row, col). Returns the
        winner: 0 while nobody has won, else 1 or 2. Raises an IllegalMove or InvalidArgument."""
        try:
            status = _move(self._handle, row, col, player, self._out)
        except OverflowError as exc:
            raise out_of_range((row, col, player), exc) from None
        if status:
            raise error_for(status)
        return self._out[0]

    def play(self, row: int, col: int) -> str:
        """The side to move plays (row, col). Returns the result after it, as `result`."""
        try:
            status = _play(self._handle, row, col, self._out)
        except OverflowError as exc:
            raise out_of_range((row, col), exc) from None
        if status:
            raise error_for(status)
        return RESULT_NAMES[self._out[0]]

    def undo(self) -> None:
        """Takes back the last move (NothingToUndo if none)."""
        call(lib.ttt_game_undo, self._handle)

    def redo(self) -> None:
        """Replays the last undone move (NothingToRedo if none)."""
        call(lib.ttt_game_redo, self._handle)

    def reset(self) -> None:
        """Empties the board and the history; player 1 to move. Size and k stay."""
        call(lib.ttt_game_reset, self._handle)

    # --- state ----------------------------------------------------------------------------

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
    def result(self) -> str:
        """How the game stands: "Pending", "A" (player 1 won), "B" (player 2 won) or "Draw"."""
        call(lib.ttt_game_result, self._handle, self._out)
        return RESULT_NAMES[self._out[0]]

    @property
    def winner(self) -> int:
        """0 while nobody has won, else the winner, 1 or 2."""
        call(lib.ttt_game_result, self._handle, self._out)
        return _WINNER.get(self._out[0], 0)

    @property
    def to_move(self) -> int:
        """The player to move, 1 or 2; 0 once the game is over."""
        call(lib.ttt_game_to_move, self._handle, self._out)
        return self._out[0]

    @property
    def first_player(self) -> int:
        """The player who made (or will make) the first move: 1, or 2 if 2 opened."""
        call(lib.ttt_game_first_player, self._handle, self._out)
        return self._out[0]

    @property
    def move_count(self) -> int:
        """The number of stones on the board."""
        count = ffi.new("size_t *")
        call(lib.ttt_game_move_count, self._handle, count)
        return count[0]

    @property
    def moves(self) -> list[Cell]:
        """The moves so far, oldest first (a game loaded from text has none before it)."""
        return self._cells(read_u32s(lib.ttt_game_moves, self._handle))

    @property
    def legal_moves(self) -> list[Cell]:
        """The empty cells the side to move may play, row-major; none once the game is over."""
        return self._cells(read_u32s(lib.ttt_game_legal_moves, self._handle))

    @property
    def winning_line(self) -> list[Cell]:
        """The winner's whole run through the winning move, end to end; empty if no winner."""
        return self._cells(read_u32s(lib.ttt_game_winning_line, self._handle))

    def cell(self, row: int, col: int) -> int:
        """The stone on (row, col): 0 empty, 1 or 2. OutOfBounds off the board."""
        call(lib.ttt_game_cell, self._handle, row, col, self._out)
        return self._out[0]

    def __getitem__(self, cell: Cell) -> int:
        """`game[row, col]` is `game.cell(row, col)`."""
        row, col = cell
        return self.cell(row, col)

    @property
    def board(self) -> list[str]:
        """The rows as strings of 'X', 'O' and '.', the form `tictactoe.validate` reads."""
        cells, count = read_array(lib.ttt_game_cells, self._handle, "uint8_t")
        text = ffi.buffer(cells, count)[:].translate(_BOARD_CHARS).decode()
        return [text[start : start + self._cols] for start in range(0, count, self._cols)]

    def to_text(self) -> str:
        """The position as "rows,cols,k:BOARD:P" (P = whose turn by alternation, which also
        records who started). `Game.from_text` reads it back; undo history is not kept."""
        text, length = read_array(lib.ttt_game_to_text, self._handle, "char", spare=1)
        return ffi.string(text, length).decode()

    def _cells(self, indices: list[int]) -> list[Cell]:
        return [divmod(index, self._cols) for index in indices]

    # --- AI -------------------------------------------------------------------------------

    def best_move(self) -> tuple[int, int, int]:
        """Perfect play for the side to move: (row, col, score). score 0 = draw with best
        play, +N = the mover wins N plies from now (its move counts), -N = it loses in N.
        Raises GameOver for a finished game, TooHard when the position is too big to solve
        exactly (then use `search`)."""
        # Own buffers, not the shared scratch space: the search is long and runs without the
        # GIL, and C allows several threads to search one (unchanging) game at once.
        cell, score = ffi.new("uint32_t[2]"), ffi.new("int32_t *")
        call(lib.ttt_game_best_move, self._handle, cell, cell + 1, score)
        return cell[0], cell[1], score[0]

    def optimal_moves(self) -> list[Cell]:
        """Every move that keeps the position's value (all moves in a lost position)."""
        return self._cells(read_u32s(lib.ttt_game_optimal_moves, self._handle))

    def search(self, *, max_nodes: int = 0, max_millis: int = 0, seed: int = 0) -> Cell:
        """A strong move for the side to move on any board, within `max_nodes` search nodes
        and/or `max_millis` milliseconds (0 = no limit; at least one must be set). Takes a
        win in one, else blocks a loss in one. A node budget alone is reproducible: the same
        game, budget and seed give the same move. InvalidArgument with no limit, GameOver."""
        return self._ai_cell(lib.ttt_game_search, max_nodes, max_millis, seed)

    def ai_move(self, level: int, seed: int = 0) -> Cell:
        """A move at a difficulty `level` (a `Level`, RANDOM to PERFECT); the same game, level
        and seed give the same move. InvalidArgument for an unknown level, GameOver."""
        return self._ai_cell(lib.ttt_game_ai_move, level, seed)

    def _ai_cell(self, fn: Any, *args: int) -> Cell:
        # Own buffers, as in best_move: the search runs without the GIL.
        cell = ffi.new("uint32_t[2]")
        call(fn, self._handle, *args, cell, cell + 1)
        return cell[0], cell[1]

    # --- display --------------------------------------------------------------------------

    def __repr__(self) -> str:
        head = f"tictactoe.Game {self._rows}x{self._cols} k={self._k}"
        if self.closed:
            return f"<{head}, closed>"
        result = self.result
        state = {"Pending": f"{'XO'[self.to_move - 1]} to move", "A": "X won", "B": "O won"}
        lines = [f"{head}, {state.get(result, 'draw')}"]
        if self._rows * self._cols <= _REPR_MAX_CELLS:
            lines += [" ".join(row) for row in self.board]
        return "<" + "\n ".join(lines) + ">"


def _unpickle(cls: type[G], start: str, history: list[int]) -> G:
    """Rebuilds a pickled game: the starting position, then its moves replayed."""
    game = cls.from_text(start)
    for index in history:
        game.play(*divmod(index, game.cols))
    return game
