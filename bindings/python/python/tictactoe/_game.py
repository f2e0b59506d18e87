"""`Game`: one m,n,k-game. The native half (`_native.GameCore`, in Rust) holds the game
behind its lock and makes the moves; this half checks arguments, names what was wrong, copies,
pickles and draws it."""

from __future__ import annotations

import contextlib
import copy
import enum
import operator
import sys
from typing import TYPE_CHECKING, Any, Iterator, Literal, Tuple, TypeVar

from . import _native
from ._errors import Error, GameClosed, InvalidArgument, NothingToRedo, WrongType, error_for
from ._ffi import NOT_POSITIVE, Player, fit, integer, size_error, unsigned

Cell = Tuple[int, int]
G = TypeVar("G", bound="Game")

if sys.version_info >= (3, 10):
    _size = operator.index
else:

    def _size(value: Any) -> int:
        """The error names the sizes as given, so they must be exact ints; before Python
        3.10 operator.index returned True or an IntEnum member as it is."""
        return int(operator.index(value))


_REPR_MAX_CELLS = 1024  # repr() draws the board up to this size
#: object.__getstate__ (Python 3.11 on), which a pickled game's state must not come from.
_OBJECT_GETSTATE: Any = getattr(object, "__getstate__", None)


if not TYPE_CHECKING:  # hidden from type checkers, which would take every unknown name for it

    def __getattr__(name: str) -> Any:
        """`games_freed`: how many native games the package has released. Tests use it to
        check that every game is freed exactly once, whether by close() or by the collector."""
        if name == "games_freed":
            return _native.games_freed()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Level(enum.IntEnum):
    """Difficulty levels of `Game.ai_move`: the header's TTT_LEVEL_* numbers."""

    RANDOM = 0  #: a uniformly random legal move
    EASY = 1  #: wins in one when it can, else random
    MEDIUM = 2  #: one-ply greedy: wins, else blocks, else builds its lines
    HARD = 3  #: a budgeted search of 12,000 nodes
    PERFECT = 4  #: perfect play where solvable, else a 20,000-node search


class Game(_native.GameCore):
    """An m,n,k-game: a `rows` x `cols` board where `k` in a row wins. Player 1 (X, "A")
    moves first, except that `move()` lets player 2 make the very first move.

    Free it deterministically with `close()` or a `with` block; otherwise the garbage
    collector frees it. A closed game raises `GameClosed`. A game may be shared between
    threads: its calls run one at a time (distinct games run in parallel).
    """

    # The native base holds the game and its lock: every call on the game, close() included,
    # runs under it, and one that may wait (a held lock, a search) lets go of the GIL first.
    # The moves, queries and close() are the base's; `play` and `result` cost one native
    # call each.
    __slots__ = ("__weakref__",)

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3) -> None:
        # Agents make millions of short games: plain ints that fit go straight to the native
        # constructor; anything else (and every failure) the careful way, naming the sizes.
        if type(rows) is int and type(cols) is int and type(k) is int:
            try:
                if not self._create(rows, cols, k):
                    return
            except OverflowError:  # negative, or past uint32_t
                pass
        try:
            rows, cols, k = _size(rows), _size(cols), _size(k)
        except TypeError:  # says which argument is not an integer
            rows, cols, k = integer(rows, "rows"), integer(cols, "cols"), integer(k, "k")
        sizes = fit(rows, NOT_POSITIVE), fit(cols, NOT_POSITIVE), fit(k, NOT_POSITIVE)
        status = self._create(*sizes)
        if status:
            raise size_error(status, rows, cols, k)

    @classmethod
    def from_text(cls: type[G], text: str) -> G:
        """A game from `to_text()`'s form, e.g. "3,3,3:X.O/.X./...:O" (no undo history).
        Raises ParseError, InvalidArgument, TooLarge or UnreachableBoard.

        The game is read from the text, so `__init__` does not run (as for copies, which
        carry the instance's attributes over): a subclass whose `__init__` sets attributes
        should override `from_text` to set them too."""
        if not isinstance(text, str):
            raise WrongType(detail=f"text must be a str, not {type(text).__name__}")
        game = cls.__new__(cls)
        game._load_text(text)
        return game

    # --- lifetime -------------------------------------------------------------------------

    def _check_open(self) -> None:
        """GameClosed for a use that does not reach the native game."""
        if self.closed:
            raise GameClosed()

    def __enter__(self: G) -> G:
        self._check_open()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # A copy is made natively, not by __init__, so the attributes a subclass's __init__ set
    # come along from the instance's __dict__ (a subclass with __slots__ has none): shallow
    # for clone() and copy.copy, deep for copy.deepcopy, in the state of a pickle.

    def clone(self: G) -> G:
        """An independent copy: board, turn, result, undo and redo history, and the
        attributes of a subclass instance (its `__dict__`, shallowly)."""
        twin = type(self).__new__(type(self))
        twin._copy_from(self)
        attributes = getattr(self, "__dict__", None)
        if attributes:
            twin.__dict__.update(attributes)
        return twin

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
        start = Game.__new__(Game)
        start._copy_from(self)
        with start:
            redoable = 0
            while True:
                try:
                    Game.redo(start)
                except NothingToRedo:
                    break
                redoable += 1
            cols = start._shape[1]
            moves = [row * cols + col for row, col in start._moves()]
            opener = start._first_player()  # who made the first recorded move
            for _ in moves:
                Game.undo(start)
            replay = (type(self), Game.to_text(start), moves, redoable, opener)
        return (_unpickle, replay, self._pickled_state())

    def _pickled_state(self) -> Any:
        """What a pickle keeps besides the game: a subclass's `__getstate__()` if it defines
        one (object's, from Python 3.11, would try to pickle the native game), else the
        instance's `__dict__` (None for a game without one, and then pickle stores nothing)."""
        getstate = getattr(type(self), "__getstate__", _OBJECT_GETSTATE)
        if getstate is not _OBJECT_GETSTATE:
            return getstate(self)
        return getattr(self, "__dict__", None)

    # --- moves ----------------------------------------------------------------------------

    def _move_error(self, status: int, row: int, col: int, player: int | None = None) -> Error:
        """The error for a failed move, cell or play, naming the cell or player at fault
        (the native `move`, `play` and `cell` call it with the numbers as given)."""
        detail = ""
        rows, cols, _ = self._shape
        if status == _native.TTT_OUT_OF_BOUNDS:
            detail = f"row {row}, col {col} is off the {rows}x{cols} board"
        elif status == _native.TTT_CELL_OCCUPIED:
            detail = f"row {row}, col {col} is already taken"
        elif status == _native.TTT_INVALID_ARGUMENT and player is not None:
            detail = f"player must be 1 or 2, not {player}"
        elif status == _native.TTT_WRONG_TURN:
            detail = f"it is not player {player}'s turn"
        return error_for(status, detail)

    # --- state ----------------------------------------------------------------------------

    # Python properties over the native queries: code that must not run a subclass's
    # override reads `Game.moves.fget(game)`, as for any Python property. `result`, on every
    # move's path, is the native one.

    @property
    def rows(self) -> int:
        return self._rows()

    @property
    def cols(self) -> int:
        return self._cols()

    @property
    def k(self) -> int:
        return self._k()

    @property
    def winner(self) -> Player:
        """0 while nobody has won, else the winner, 1 or 2."""
        return self._winner()

    @property
    def to_move(self) -> Player:
        """The player to move, 1 or 2; 0 once the game is over."""
        return self._to_move()

    @property
    def first_player(self) -> Literal[1, 2]:
        """The player who made (or will make) the first move: 1, or 2 if 2 opened."""
        return self._first_player()

    @property
    def move_count(self) -> int:
        """The number of stones on the board."""
        return self._move_count()

    @property
    def moves(self) -> list[Cell]:
        """The moves so far, oldest first (a game loaded from text has none before it)."""
        return self._moves()

    @property
    def legal_moves(self) -> list[Cell]:
        """The empty cells the side to move may play, row-major; none once the game is over."""
        return self._legal_moves()

    @property
    def winning_line(self) -> list[Cell]:
        """The winner's whole run through the winning move, end to end; empty if no winner."""
        return self._winning_line()

    @property
    def board(self) -> list[str]:
        """The rows as strings of 'X', 'O' and '.', the form `tictactoe.validate` reads."""
        return self._board()

    def __getitem__(self, cell: Cell) -> Player:
        """`game[row, col]` is `game.cell(row, col)`."""
        if isinstance(cell, (str, bytes)) or not isinstance(cell, tuple) or len(cell) != 2:
            detail = f"a game is indexed by (row, col), as in game[1, 2]; not {cell!r}"
            raise WrongType(detail=detail)
        return self.cell(*cell)

    # A game is not a sequence: without this, list(game) and `x in game` would fall back to
    # calling __getitem__ with 0, 1, 2... and fail cryptically.
    __iter__ = None

    # --- AI -------------------------------------------------------------------------------

    def best_move(
        self,
        *,
        max_nodes: int | None = None,
        max_millis: int | None = None,
        threads: int | None = None,
    ) -> tuple[int, int, int]:
        """Perfect play for the side to move: (row, col, score). score 0 = draw with best
        play, +N = the mover wins N plies from now (its move counts), -N = it loses in N.
        Raises GameOver for a finished game, TooHard when the position is too big to solve
        exactly (then use `search`).

        Without a budget the library's own (2**24 steps); with `max_nodes` steps and/or
        `max_millis` milliseconds, the caller's (ttt_game_best_move_within): a bigger one to
        prove more, a smaller one to bound the wait. A limit left out, or 0, is none of that
        kind; InvalidArgument when both are 0. TooHard when the budget runs out.

        With `threads` (0 = one per core; ttt_game_best_move_threads) the position's moves
        are solved on that many threads, drawing on the one budget (the library's when none
        is given): the same score, and a move with that score."""
        budget = _solve_budget(max_nodes, max_millis)
        count = None if threads is None else unsigned(threads, "threads", 32)
        with _no_limit_named():  # long, but without the GIL: other games go on
            return self._best_move(budget, count)

    def optimal_moves(
        self, *, max_nodes: int | None = None, max_millis: int | None = None
    ) -> list[Cell]:
        """Every move that keeps the position's value (all moves in a lost position). The
        budget is `best_move`'s."""
        budget = _solve_budget(max_nodes, max_millis)
        with _no_limit_named():
            return self._optimal_moves(budget)

    def forced_winner_within(
        self, *, max_nodes: int | None = None, max_millis: int | None = None
    ) -> Player:
        """Who wins with perfect play, without how fast: the player (1 or 2) who wins against
        any defence, 0 for a draw (ttt_game_forced_winner_within). It reaches further than
        `best_move`, which must also find the fastest win. The budget is `best_move`'s (the
        library's 2**24 steps when neither limit is given), shared by the two proofs it may
        take. Raises GameOver, InvalidArgument when both limits are 0, TooHard when the
        budget runs out."""
        budget = _solve_budget(max_nodes, max_millis)
        with _no_limit_named():
            return self._forced_winner(budget)

    def certificate(self, max_nodes: int = 1 << 20) -> str:
        """The position's value as proof trees in text that a checker verifies with the rules
        alone (docs/ai.md, "Certificates"), of at most `max_nodes` nodes
        (ttt_game_certificate). TooHard when more are needed, GameOver, InvalidArgument for
        max_nodes 0."""
        return self._certificate(unsigned(max_nodes, "max_nodes", 64))

    def search(self, *, max_nodes: int = 0, max_millis: int = 0, seed: int = 0) -> Cell:
        """A strong move for the side to move on any board, within `max_nodes` search nodes
        and/or `max_millis` milliseconds (0 = no limit; at least one must be set). Takes a
        win in one, else blocks a loss in one. A node budget alone is reproducible: the same
        game, budget and seed give the same move. InvalidArgument with no limit, GameOver."""
        budget = unsigned(max_nodes, "max_nodes", 64), unsigned(max_millis, "max_millis", 32)
        seed = unsigned(seed, "seed", 64)
        try:
            return self._search(*budget, seed)
        except InvalidArgument as error:  # the arguments fit, so the game found no limit
            error.detail = "search needs a limit: max_nodes, max_millis or both"
            raise

    def threat_win(self, max_nodes: int) -> tuple[int, int, int] | None:
        """A forced win for the side to move by threats, found within `max_nodes` search
        nodes: (row, col, plies), the first move and the plies until the winning stone (this
        move counts 1), by continuous fours or by fours and threes, proved against every
        defence. None when none was found, which does not mean there is no win. The same game
        and budget give the same answer. InvalidArgument for max_nodes 0, GameOver."""
        return self._threat_win(unsigned(max_nodes, "max_nodes", 64))

    def ai_move(self, level: int, seed: int = 0) -> Cell:
        """A move at a difficulty `level` (a `Level`, RANDOM to PERFECT); the same game, level
        and seed give the same move. InvalidArgument for an unknown level, GameOver."""
        level, seed = unsigned(level, "level", 32), unsigned(seed, "seed", 64)
        try:
            return self._ai_move(level, seed)
        except InvalidArgument as error:  # the arguments fit, so the level is unknown
            error.detail = f"level {level} is not one of Level's {[int(known) for known in Level]}"
            raise

    # --- display --------------------------------------------------------------------------

    def __repr__(self) -> str:
        rows, cols, k = self._shape
        head = f"tictactoe.Game {rows}x{cols} k={k}"
        try:  # one snapshot, whatever other threads do meanwhile
            result, to_move, board = self._snapshot(_REPR_MAX_CELLS)
        except GameClosed:
            return f"<{head}, closed>"
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
    game = cls.__new__(cls)
    game._load_text(start)
    first = opener if opener is not None and game._move_count() == 0 else None
    cols = game._shape[1]
    for index in moves:
        row, col = divmod(index, cols)
        if first is not None:  # the opening move, on an empty start: by whoever made it
            Game.move(game, row, col, first)
            first = None
        else:
            Game.play(game, row, col)
    for _ in range(redoable):
        Game.undo(game)
    return game


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
