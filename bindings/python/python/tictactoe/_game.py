"""`Game`: one m,n,k-game, a thin owner of the C library's `TttGame` handle."""

from __future__ import annotations

import contextlib
import copy
import enum
import operator
import sys
import threading
from typing import Any, Iterator, Literal, Tuple, TypeVar

from ._errors import (
    Error,
    GameClosed,
    InvalidArgument,
    NothingToRedo,
    TooHard,
    WrongType,
    error_for,
)
from ._ffi import (
    NOT_POSITIVE,
    OFF_BOARD,
    RESULT_NAMES,
    Player,
    Result,
    call,
    fit,
    integer,
    read_array,
    read_u32s,
    size_error,
    unsigned,
)
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


_move, _play, _index = lib.ttt_game_move, lib.ttt_game_play, operator.index
# Looked up once for the constructor and close(), which run millions of times when agents
# train on short games.
_new, _gc, _release_now, _RLock = lib.ttt_game_new, ffi.gc, ffi.release, threading.RLock
_GAME_OUT, _SCRATCH, _NULL = ffi.typeof("TttGame **"), ffi.typeof("uint32_t[3]"), ffi.NULL

if sys.version_info >= (3, 10):
    _size = operator.index
else:

    def _size(value: Any) -> int:
        """The constructor keeps the sizes it was given (it does not ask C), so they must be
        exact ints; before Python 3.10 operator.index returned True or an IntEnum member as
        it is, and g.rows would be True."""
        return int(operator.index(value))


_WINNER: dict[int, Player] = {lib.TTT_A_WINS: 1, lib.TTT_B_WINS: 2}
_BOARD_CHARS = bytes.maketrans(b"\x00\x01\x02", b".XO")
_REPR_MAX_CELLS = 1024  # repr() draws the board up to this size
#: object.__getstate__ (Python 3.11 on), which a pickled game's state must not come from.
_OBJECT_GETSTATE: Any = getattr(object, "__getstate__", None)


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
    collector frees it. A closed game raises `GameClosed`. A game may be shared between
    threads: its calls run one at a time (distinct games run in parallel).
    """

    # Every C call on `_handle`, and every use of the scratch buffer `_out`, happens with
    # `_lock` held, close() included: cffi releases the GIL during C calls, so without the
    # lock two threads could change one game at once, read each other's results from `_out`,
    # or free the game while C still uses it. The garbage collector's finalizer (`_free`)
    # takes no lock: it runs only once nothing refers to the handle, so no call can be in C.
    __slots__ = (
        "_handle",
        "_lock",
        "_out",
        "_rows",
        "_cols",
        "_k",
        "__weakref__",
    )

    # Creating a game is on the hot path too (agents play millions of short games), so the
    # constructor spells out `integer`, `fit` and `_adopt` as move() does, and takes the size
    # from its arguments instead of asking C: a game and close() cost ~2 us instead of ~3.8.

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3) -> None:
        try:
            rows, cols, k = _size(rows), _size(cols), _size(k)
        except TypeError:  # says which argument is not an integer
            rows, cols, k = integer(rows, "rows"), integer(cols, "cols"), integer(k, "k")
        out = ffi.new(_GAME_OUT)
        try:
            status = _new(rows, cols, k, out)
        except OverflowError:  # a number that does not fit uint32_t: out of its domain
            sizes = fit(rows, NOT_POSITIVE), fit(cols, NOT_POSITIVE), fit(k, NOT_POSITIVE)
            status = _new(*sizes, out)
        if status:
            raise size_error(status, rows, cols, k)
        # What `_adopt` does, but with the size known: keep the two in step.
        self._handle = _gc(out[0], _free)  # owned at once: nothing below can leak it
        self._lock = _RLock()
        self._out = ffi.new(_SCRATCH)
        self._rows, self._cols, self._k = rows, cols, k

    def _adopt(self, handle: Any) -> None:
        """Takes ownership of a game C made (clone, from_text); `__init__` does the same."""
        # Owned from the first line on, so no later failure can leak the handle.
        self._handle = _gc(handle, _free)
        # Reentrant, so a method may call another (repr reads several properties at once).
        self._lock = _RLock()
        # Scratch space for out-parameters, reused by every call under the lock.
        self._out = ffi.new(_SCRATCH)
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
        Raises ParseError, InvalidArgument, TooLarge or UnreachableBoard.

        C builds the game from the text, so `__init__` does not run (as for copies, which
        carry the instance's attributes over): a subclass whose `__init__` sets attributes
        should override `from_text` to set them too."""
        return cls._from_handle(_game_from_text(text))

    # --- lifetime -------------------------------------------------------------------------

    def close(self) -> None:
        """Frees the native game now. Idempotent; afterwards every use raises GameClosed.
        Waits for a call running in another thread (e.g. a long `best_move`) to finish."""
        lock = self._lock  # acquire/release: half the cost of `with` (see move())
        lock.acquire()
        try:
            if self._handle != _NULL:
                _release_now(self._handle)  # runs the finalizer now, and never again
                self._handle = _NULL
        finally:
            lock.release()

    @property
    def closed(self) -> bool:
        return self._handle == _NULL

    def _check_open(self) -> None:
        """GameClosed for a use that does not reach C (C raises it for the others)."""
        if self._handle == _NULL:
            raise GameClosed()

    def __enter__(self: G) -> G:
        if self._handle == _NULL:  # _check_open(), spelled out: `with Game()` is common
            raise GameClosed()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # A copy is made by C, not by __init__, so the attributes a subclass's __init__ set come
    # along from the instance's __dict__ (a subclass with __slots__ has none): shallow for
    # clone() and copy.copy, deep for copy.deepcopy, in the state of a pickle.

    def clone(self: G) -> G:
        """An independent copy: board, turn, result, undo and redo history, and the
        attributes of a subclass instance (its `__dict__`, shallowly)."""
        twin = type(self)._from_handle(self._clone_handle())
        attributes = getattr(self, "__dict__", None)
        if attributes:
            twin.__dict__.update(attributes)
        return twin

    def _clone_handle(self) -> Any:
        """A native copy of the game (`ttt_game_clone`), for the caller to own at once."""
        out = ffi.new(_GAME_OUT)
        with self._lock:
            call(lib.ttt_game_clone, self._handle, out)
        return out[0]

    # Looked up on each copy, not bound once: a subclass that overrides clone() decides what
    # copy.copy and copy.deepcopy give.

    def __copy__(self: G) -> G:
        return self.clone()

    def __deepcopy__(self: G, memo: dict[int, Any]) -> G:
        twin = self.clone()
        memo[id(self)] = twin  # first: an attribute may refer back to the game
        attributes = getattr(self, "__dict__", None)
        if attributes:
            twin.__dict__.update(copy.deepcopy(attributes, memo))
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        # The position before the recorded moves (to_text keeps whose turn it is and who
        # started), the moves and then the undone ones, and who made the first of them (on an
        # empty board, undo gives the first move back, so the text cannot say that player 2
        # opened), replayed on load and the undone ones taken back again: the game continues
        # exactly, undo and redo included. The snapshot is a plain Game and `_unpickle` runs
        # Game's own methods, so a subclass's overrides (another signature, side effects such
        # as logging each move) never run while pickling or loading. The third item is the
        # subclass's state, which pickle hands to its `__setstate__` if it has one, else puts
        # into the new game's __dict__. The snapshot: one, whatever other threads do meanwhile.
        with Game._from_handle(self._clone_handle()) as start:
            redoable = 0
            while True:
                try:
                    start.redo()
                except NothingToRedo:
                    break
                redoable += 1
            moves = read_u32s(lib.ttt_game_moves, start._handle)
            opener = start.first_player  # who made the first recorded move (2 if O opened)
            for _ in moves:
                start.undo()
            replay = (type(self), start.to_text(), moves, redoable, opener)
        return (_unpickle, replay, self._pickled_state())

    def _pickled_state(self) -> Any:
        """What a pickle keeps besides the game: a subclass's `__getstate__()` if it defines
        one (object's, from Python 3.11, would try to pickle the native handle), else the
        instance's `__dict__` (None for a game without one, and then pickle stores nothing)."""
        getstate = getattr(type(self), "__getstate__", _OBJECT_GETSTATE)
        if getstate is not _OBJECT_GETSTATE:
            return getstate(self)
        return getattr(self, "__dict__", None)

    # --- moves ----------------------------------------------------------------------------

    # move() and play() are the hot path of game loops and agent training, so they spell out
    # what `integer` and `call` do instead of calling them: a Python call costs ~10% a move.
    # They lock with lock.acquire() and lock.release() in try/finally, not `with`, which costs
    # ~100 ns more (CPython looks up and calls __enter__ and __exit__); on CPython 3.11 that is
    # also ~40 ns faster than calling bound methods stored on the game.

    def move(self, row: int, col: int, player: int) -> Player:
        """Plays as in "Design Tic-Tac-Toe": `player` (1 or 2) takes (row, col). Returns the
        winner: 0 while nobody has won, else 1 or 2. Raises an IllegalMove (`OutOfBounds` for
        any row or col off the board, -1 included) or InvalidArgument (a player not 1 or 2)."""
        try:
            row, col, player = _index(row), _index(col), _index(player)
        except TypeError:
            row, col = integer(row, "row"), integer(col, "col")
            player = integer(player, "player")
        lock = self._lock
        lock.acquire()
        try:
            try:
                status = _move(self._handle, row, col, player, self._out)
            except OverflowError:  # a number that does not fit uint32_t: out of its domain
                args = fit(row, OFF_BOARD), fit(col, OFF_BOARD), fit(player, NOT_POSITIVE)
                status = _move(self._handle, *args, self._out)
            winner: Player = self._out[0]
        finally:
            lock.release()
        if status:
            raise self._move_error(status, row, col, player)
        return winner

    def play(self, row: int, col: int) -> Result:
        """The side to move plays (row, col). Returns the result after it, as `result`."""
        try:
            row, col = _index(row), _index(col)
        except TypeError:
            row, col = integer(row, "row"), integer(col, "col")
        lock = self._lock
        lock.acquire()
        try:
            try:
                status = _play(self._handle, row, col, self._out)
            except OverflowError:  # a number that does not fit uint32_t: off the board
                status = _play(self._handle, fit(row, OFF_BOARD), fit(col, OFF_BOARD), self._out)
            result: int = self._out[0]
        finally:
            lock.release()
        if status:
            raise self._move_error(status, row, col)
        return RESULT_NAMES[result]

    def _move_error(self, status: int, row: int, col: int, player: int | None = None) -> Error:
        """The error for a failed move, cell or play, naming the cell or player at fault."""
        detail = ""
        if status == lib.TTT_OUT_OF_BOUNDS:
            detail = f"row {row}, col {col} is off the {self._rows}x{self._cols} board"
        elif status == lib.TTT_CELL_OCCUPIED:
            detail = f"row {row}, col {col} is already taken"
        elif status == lib.TTT_INVALID_ARGUMENT and player is not None:
            detail = f"player must be 1 or 2, not {player}"
        elif status == lib.TTT_WRONG_TURN:
            detail = f"it is not player {player}'s turn"
        return error_for(status, detail)

    def undo(self) -> None:
        """Takes back the last move (NothingToUndo if none)."""
        with self._lock:
            call(lib.ttt_game_undo, self._handle)

    def redo(self) -> None:
        """Replays the last undone move (NothingToRedo if none)."""
        with self._lock:
            call(lib.ttt_game_redo, self._handle)

    def reset(self) -> None:
        """Empties the board and the history; player 1 to move. Size and k stay."""
        with self._lock:
            call(lib.ttt_game_reset, self._handle)

    # --- state ----------------------------------------------------------------------------

    @property
    def rows(self) -> int:
        self._check_open()
        return self._rows

    @property
    def cols(self) -> int:
        self._check_open()
        return self._cols

    @property
    def k(self) -> int:
        self._check_open()
        return self._k

    @property
    def result(self) -> Result:
        """How the game stands: "Pending", "A" (player 1 won), "B" (player 2 won) or "Draw"."""
        with self._lock:
            call(lib.ttt_game_result, self._handle, self._out)
            return RESULT_NAMES[self._out[0]]

    @property
    def winner(self) -> Player:
        """0 while nobody has won, else the winner, 1 or 2."""
        with self._lock:
            call(lib.ttt_game_result, self._handle, self._out)
            return _WINNER.get(self._out[0], 0)

    @property
    def to_move(self) -> Player:
        """The player to move, 1 or 2; 0 once the game is over."""
        with self._lock:
            call(lib.ttt_game_to_move, self._handle, self._out)
            return self._out[0]

    @property
    def first_player(self) -> Literal[1, 2]:
        """The player who made (or will make) the first move: 1, or 2 if 2 opened."""
        with self._lock:
            call(lib.ttt_game_first_player, self._handle, self._out)
            return self._out[0]

    @property
    def move_count(self) -> int:
        """The number of stones on the board."""
        return _stone_count(self)

    @property
    def moves(self) -> list[Cell]:
        """The moves so far, oldest first (a game loaded from text has none before it)."""
        with self._lock:
            indices = read_u32s(lib.ttt_game_moves, self._handle)
        return self._cells(indices)

    @property
    def legal_moves(self) -> list[Cell]:
        """The empty cells the side to move may play, row-major; none once the game is over."""
        with self._lock:
            indices = read_u32s(lib.ttt_game_legal_moves, self._handle)
        return self._cells(indices)

    @property
    def winning_line(self) -> list[Cell]:
        """The winner's whole run through the winning move, end to end; empty if no winner."""
        with self._lock:
            indices = read_u32s(lib.ttt_game_winning_line, self._handle)
        return self._cells(indices)

    def cell(self, row: int, col: int) -> Player:
        """The stone on (row, col): 0 empty, 1 or 2. OutOfBounds off the board."""
        row, col = integer(row, "row"), integer(col, "col")
        with self._lock:
            status = lib.ttt_game_cell(
                self._handle, fit(row, OFF_BOARD), fit(col, OFF_BOARD), self._out
            )
            stone: Player = self._out[0]
        if status:
            raise self._move_error(status, row, col)
        return stone

    def __getitem__(self, cell: Cell) -> Player:
        """`game[row, col]` is `game.cell(row, col)`."""
        if isinstance(cell, (str, bytes)) or not isinstance(cell, tuple) or len(cell) != 2:
            detail = f"a game is indexed by (row, col), as in game[1, 2]; not {cell!r}"
            raise WrongType(detail=detail)
        return self.cell(*cell)

    # A game is not a sequence: without this, list(game) and `x in game` would fall back to
    # calling __getitem__ with 0, 1, 2... and fail cryptically.
    __iter__ = None

    @property
    def board(self) -> list[str]:
        """The rows as strings of 'X', 'O' and '.', the form `tictactoe.validate` reads."""
        with self._lock:
            cells, count = read_array(lib.ttt_game_cells, self._handle, "uint8_t")
        text = ffi.buffer(cells, count)[:].translate(_BOARD_CHARS).decode()
        return [text[start : start + self._cols] for start in range(0, count, self._cols)]

    def to_text(self) -> str:
        """The position as "rows,cols,k:BOARD:P" (P = whose turn by alternation, which also
        records who started). `Game.from_text` reads it back; undo history is not kept."""
        with self._lock:
            text, length = read_array(lib.ttt_game_to_text, self._handle, "char", spare=1)
        return ffi.string(text, length).decode()

    def _cells(self, indices: list[int]) -> list[Cell]:
        return [divmod(index, self._cols) for index in indices]

    # --- AI -------------------------------------------------------------------------------

    def best_move(
        self, *, max_nodes: int | None = None, max_millis: int | None = None
    ) -> tuple[int, int, int]:
        """Perfect play for the side to move: (row, col, score). score 0 = draw with best
        play, +N = the mover wins N plies from now (its move counts), -N = it loses in N.
        Raises GameOver for a finished game, TooHard when the position is too big to solve
        exactly (then use `search`).

        Without a budget the library's own (2**24 steps); with `max_nodes` steps and/or
        `max_millis` milliseconds, the caller's (ttt_game_best_move_within): a bigger one to
        prove more, a smaller one to bound the wait. A limit left out, or 0, is none of that
        kind; InvalidArgument when both are 0. TooHard when the budget runs out."""
        cell, score = ffi.new("uint32_t[2]"), ffi.new("int32_t *")
        budget = _solve_budget(max_nodes, max_millis)
        with self._lock, _no_limit_named():  # long, but without the GIL: other games go on
            if budget is None:
                call(lib.ttt_game_best_move, self._handle, cell, cell + 1, score)
            else:
                call(lib.ttt_game_best_move_within, self._handle, *budget, cell, cell + 1, score)
        return cell[0], cell[1], score[0]

    def optimal_moves(
        self, *, max_nodes: int | None = None, max_millis: int | None = None
    ) -> list[Cell]:
        """Every move that keeps the position's value (all moves in a lost position). The
        budget is `best_move`'s."""
        budget = _solve_budget(max_nodes, max_millis)
        with self._lock, _no_limit_named():
            if budget is None:
                indices = read_u32s(lib.ttt_game_optimal_moves, self._handle)
            else:
                nodes, millis = budget
                within = lib.ttt_game_optimal_moves_within
                indices = read_u32s(
                    lambda h, out, cap, n: within(h, nodes, millis, out, cap, n), self._handle
                )
        return self._cells(indices)

    def search(self, *, max_nodes: int = 0, max_millis: int = 0, seed: int = 0) -> Cell:
        """A strong move for the side to move on any board, within `max_nodes` search nodes
        and/or `max_millis` milliseconds (0 = no limit; at least one must be set). Takes a
        win in one, else blocks a loss in one. A node budget alone is reproducible: the same
        game, budget and seed give the same move. InvalidArgument with no limit, GameOver."""
        budget = unsigned(max_nodes, "max_nodes", 64), unsigned(max_millis, "max_millis", 32)
        seed = unsigned(seed, "seed", 64)
        try:
            return self._ai_cell(lib.ttt_game_search, *budget, seed)
        except InvalidArgument as error:  # the arguments fit, so C found no limit
            error.detail = "search needs a limit: max_nodes, max_millis or both"
            raise

    def threat_win(self, max_nodes: int) -> tuple[int, int, int] | None:
        """A forced win for the side to move by threats, found within `max_nodes` search
        nodes: (row, col, plies), the first move and the plies until the winning stone (this
        move counts 1), by continuous fours or by fours and threes, proved against every
        defence. None when none was found, which does not mean there is no win. The same game
        and budget give the same answer. InvalidArgument for max_nodes 0, GameOver."""
        nodes = unsigned(max_nodes, "max_nodes", 64)
        out = ffi.new("uint32_t[3]")
        try:
            with self._lock:
                call(lib.ttt_game_threat_win, self._handle, nodes, out, out + 1, out + 2)
        except TooHard:
            return None
        return out[0], out[1], out[2]

    def ai_move(self, level: int, seed: int = 0) -> Cell:
        """A move at a difficulty `level` (a `Level`, RANDOM to PERFECT); the same game, level
        and seed give the same move. InvalidArgument for an unknown level, GameOver."""
        level, seed = unsigned(level, "level", 32), unsigned(seed, "seed", 64)
        try:
            return self._ai_cell(lib.ttt_game_ai_move, level, seed)
        except InvalidArgument as error:  # the arguments fit, so C found the level unknown
            error.detail = f"level {level} is not one of Level's {[int(known) for known in Level]}"
            raise

    def _ai_cell(self, fn: Any, *args: int) -> Cell:
        cell = ffi.new("uint32_t[2]")
        with self._lock:
            call(fn, self._handle, *args, cell, cell + 1)
        return cell[0], cell[1]

    # --- display --------------------------------------------------------------------------

    def __repr__(self) -> str:
        head = f"tictactoe.Game {self._rows}x{self._cols} k={self._k}"
        with self._lock:  # one snapshot, whatever other threads do meanwhile
            if self.closed:
                return f"<{head}, closed>"
            result, to_move = self.result, self.to_move
            board = self.board if self._rows * self._cols <= _REPR_MAX_CELLS else []
        state = {"Pending": f"{'XO'[to_move - 1]} to move", "A": "X won", "B": "O won"}
        lines = [f"{head}, {state.get(result, 'draw')}"] + [" ".join(row) for row in board]
        return "<" + "\n ".join(lines) + ">"


def _unpickle(
    cls: type[G], start: str, moves: list[int], redoable: int = 0, opener: int | None = None
) -> G:
    """Rebuilds a pickled game: the starting position, its moves replayed, the last
    `redoable` of them undone (pickles without that count had no redo list). `opener` is who
    made the first move: on an empty board it may differ from the text's side to move, as
    undoing player 2's opening gives the first move back to player 1 (older pickles, whose
    text named player 2 then, have none).

    Only Game's own code runs, never a subclass's `from_text`, `play`, `move` or `undo`: an
    override may take other arguments, or act on every move (a log, a display), and these
    moves were made before the game was pickled."""
    game = cls._from_handle(_game_from_text(start))
    first = opener if opener is not None and _stone_count(game) == 0 else None
    for index in moves:
        row, col = divmod(index, game._cols)
        if first is not None:  # the opening move, on an empty start: by whoever made it
            Game.move(game, row, col, first)
            first = None
        else:
            Game.play(game, row, col)
    for _ in range(redoable):
        Game.undo(game)
    return game


def _game_from_text(text: str) -> Any:
    """A native game read from `to_text()`'s form, for the caller to own at once."""
    if not isinstance(text, str):
        raise WrongType(detail=f"text must be a str, not {type(text).__name__}")
    data = text.encode()
    out = ffi.new(_GAME_OUT)
    call(lib.ttt_game_from_text, data, len(data), out)
    return out[0]


def _stone_count(game: Game) -> int:
    """`Game.move_count`; `_unpickle` calls it directly so that a subclass's override of the
    property never runs there."""
    count = ffi.new("size_t *")
    with game._lock:
        call(lib.ttt_game_move_count, game._handle, count)
    return count[0]


@contextlib.contextmanager
def _no_limit_named() -> Iterator[None]:
    """Names the cause of the InvalidArgument a `_within` call gets from C: the numbers fit
    (they were checked), so both limits were 0. C decides, so a finished game stays GameOver."""
    try:
        yield
    except InvalidArgument as error:
        error.detail = "max_nodes and max_millis are both 0: set one, or leave both out"
        raise


def _solve_budget(max_nodes: int | None, max_millis: int | None) -> tuple[int, int] | None:
    """The (max_nodes, max_millis) of a `_within` call, or None for the library's budget when
    neither is given. NumberOutOfRange for a number C cannot take."""
    if max_nodes is None and max_millis is None:
        return None
    nodes = 0 if max_nodes is None else unsigned(max_nodes, "max_nodes", 64)
    millis = 0 if max_millis is None else unsigned(max_millis, "max_millis", 32)
    return nodes, millis
