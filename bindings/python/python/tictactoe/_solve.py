"""`tictactoe.solve`: the exact value of a position, proved on this machine's threads or as
tasks on a Ray cluster.

On a cluster the proof is split as the library splits it over threads: the position's moves,
one per class of moves that its symmetries map onto each other, each give two independent
questions, asked as Ray tasks that each call the library's solver on one position:

1. after each move, does the side that made it win? If one does, the position is won;
2. otherwise, after each move, does the opponent win? The first move (nearest the centre
   first) after which it does not draws; if the opponent wins after every move, it is lost.

The length of a win or a loss is then found by one more task, the whole position's solve.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, Literal, NamedTuple, Tuple

from ._ffi import unsigned
from ._game import Game

Value = Literal["win", "draw", "loss"]


# Built from field types rather than class annotations: those would be strings here (the
# __future__ import), which typing.get_type_hints could not resolve in `tictactoe`.
Solution = NamedTuple(  # noqa: UP014  (see above)
    "Solution",
    [
        ("score", int),
        ("value", Value),
        ("move", Tuple[int, int]),
        ("tasks", int),
        ("seconds", float),
    ],
)
Solution.__doc__ = """What `solve` proved, for the side to move.

- score: as `Game.best_move`'s: 0 a draw with best play; +N the side to move wins, the game
  ending N plies from now (its own move counts 1); -N it loses N plies from now.
- value: "win", "draw" or "loss", the sign of `score`.
- move: (row, col), a move with that score: the fastest win, else a draw, else the slowest loss.
- tasks: the Ray tasks the proof took; 1 without a cluster (the threads of one call).
- seconds: the wall-clock time of the whole call."""


def solve(
    rows: int = 3,
    cols: int = 3,
    k: int = 3,
    cluster: Any = None,
    *,
    moves: Sequence[tuple[int, int]] = (),
    max_nodes: int | None = None,
    max_millis: int | None = None,
    threads: int = 0,
) -> Solution:
    """The exact value of the rows x cols board with k in a row, after `moves` (played in
    turn from an empty board, player 1 first), with a best move for the side to move.

    Without `cluster` it is solved here, on `threads` threads (0 = one per core), drawing on
    one budget of `max_nodes` steps and/or `max_millis` milliseconds (the library's, 2**24
    steps, when neither is given), as `Game.best_move(threads=...)`.

    With `cluster` the proof is shared out as Ray tasks: `cluster` is a Ray address (as
    `ray.init(address=...)` takes it), "local" for a Ray started on this machine, or the
    `ray` module once `ray.init()` has been called. Ray is started only when it is not running
    yet, and is left running for the next call (`ray.shutdown()` ends it). Each task has the
    budget to itself (it may run on a machine of its own). Needs the `ray` package
    (`pip install tictactoe[ray]`).

    Raises GameOver for a finished position, TooHard when a budget runs out, and what
    `Game.play` raises for a bad move."""
    started = time.monotonic()
    game = Game(rows, cols, k)
    for row, col in moves:
        game.play(row, col)
    limits = _limits(max_nodes, max_millis)
    if cluster is None:
        row, col, score = game.best_move(
            max_nodes=max_nodes, max_millis=max_millis, threads=threads
        )
        tasks = 1
    else:
        (row, col, score), tasks = _on_ray(_ray(cluster), game, limits)
    value: Value = "win" if score > 0 else "loss" if score < 0 else "draw"
    return Solution(score, value, (row, col), tasks, time.monotonic() - started)


def _limits(max_nodes: int | None, max_millis: int | None) -> tuple[int, int] | None:
    """A task's budget: None for the library's."""
    if max_nodes is None and max_millis is None:
        return None
    return unsigned(max_nodes or 0, "max_nodes", 64), unsigned(max_millis or 0, "max_millis", 32)


def _ray(cluster: Any) -> Any:
    """The `ray` module, started on `cluster` unless it is running already."""
    try:
        import ray
    except ImportError as error:
        raise ImportError("solve(cluster=...) needs Ray: pip install tictactoe[ray]") from error
    if cluster is ray or cluster is True:
        if not ray.is_initialized():
            raise ValueError("solve(cluster=ray) needs ray.init() first")
    elif isinstance(cluster, str):
        if not ray.is_initialized():
            ray.init(address=None if cluster == "local" else cluster)
    else:
        raise TypeError(f"cluster is a Ray address, 'local' or the ray module, not {cluster!r}")
    return ray


def _wins(game: Game, player: int, limits: tuple[int, int] | None) -> bool:
    """A task: does `player` win `game` against any defence?"""
    return game._wins(player, limits)


def _best(game: Game, limits: tuple[int, int] | None) -> tuple[int, int, int]:
    """A task: the whole position's exact solve."""
    return game._best_move(limits)


def _on_ray(
    ray: Any, game: Game, limits: tuple[int, int] | None
) -> tuple[tuple[int, int, int], int]:
    """The best move of `game` and its score, proved by Ray tasks; and how many there were."""
    mover, opponent = game.to_move, 3 - game.to_move
    if mover == 0:
        game.best_move()  # raises GameOver
    children = []
    for row, col in game._distinct_moves():
        child = game.clone()
        if child.play(row, col) != "Pending":
            if child.winner == mover:
                return (row, col, 1), 0
            child.close()  # a full board: a draw, asked about as an empty question below
        children.append(((row, col), child))
    wins, best = ray.remote(_wins), ray.remote(_best)

    def ask(player: int) -> list[Any]:
        """Submits the question for `player` after each move (None after a full board)."""
        return [
            None if child.closed else wins.remote(child, player, limits) for _, child in children
        ]

    # 1. Does the mover win after some move? The first yes ends the question.
    pending = [ref for ref in ask(mover) if ref is not None]
    tasks, won = len(pending), False
    while pending and not won:
        done, pending = ray.wait(pending, num_returns=1)
        won = ray.get(done[0])
    for ref in pending:
        ray.cancel(ref)
    if won:
        return ray.get(best.remote(game, limits)), tasks + 1
    # 2. After which move does the opponent not win? The first such move draws.
    refs = ask(opponent)
    tasks += sum(ref is not None for ref in refs)
    for i, ref in enumerate(refs):
        if ref is None or not ray.get(ref):
            for later in refs[i + 1 :]:
                if later is not None:
                    ray.cancel(later)
            return (*children[i][0], 0), tasks
    return ray.get(best.remote(game, limits)), tasks + 1
