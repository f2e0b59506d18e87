"""A typed program that uses the package as in the Python binding and the README show. It is
not run:
test_typing.py type-checks it with `mypy --strict` against the installed package, so the
wheel's annotations (py.typed) must let a strict user's build pass. Each `# type: ignore[code]`
line is a misuse that must stay an error: --strict warns about an ignore that is not needed,
so an annotation that decays to Any fails the check."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import numpy.typing as npt
import tictactoe
from tictactoe import Game, Level, Verdict

answer: str = tictactoe.judge([(0, 0), (2, 0), (1, 1), (2, 1), (2, 2)])
also: str = tictactoe.judge([[0, 0], [1, 1]], rows=3, cols=3, k=3)
verdict: Verdict = tictactoe.validate(["XOX", "O O", "XOX"])
reachable: bool = bool(verdict)
reason: str | None = verdict.reason
square: Verdict = tictactoe.validate("XO./.../...", k=3)

with Game(rows=3, cols=3, k=3) as g:
    winner: int = g.move(0, 0, 1)
    after: str = g.play(1, 1)
    g.undo()
    g.redo()
    twin: Game = g.clone()
    result: str = g.result
    side: int = g.to_move
    moves: list[tuple[int, int]] = g.moves
    row, col, score = g.best_move()
    best: tuple[int, int, int] = g.best_move(max_nodes=10_000)
    optimal: list[tuple[int, int]] = g.optimal_moves()
    found: tuple[int, int] = g.search(max_nodes=1000, seed=7)
    ai: tuple[int, int] = g.ai_move(Level.HARD, seed=1)
    text: str = g.to_text()
    back: Game = Game.from_text(text)
    copied: Game = copy.deepcopy(g)
    restored: Game = pickle.loads(pickle.dumps(g))
    g.reset()
    twin.close()

try:
    Game().play(9, 9)
except tictactoe.IllegalMove as e:
    message: str = str(e)
except tictactoe.Error:
    pass

own: tictactoe.Error = tictactoe.Error("no saved game")  # a message only: status 0
own_status: int = own.status
own_detail: str = own.detail
shallow: Game = copy.copy(Game())

size: int = tictactoe.MAX_CELLS + len(tictactoe.__version__)
standing: tictactoe.Result = tictactoe.judge([(1, 1)])
over: bool = g.result != "Pending" and standing in ("A", "B", "Draw")
stone: tictactoe.Player = g.cell(0, 0)
opener: int = g.first_player + g.winner + g.to_move + g[1, 1]

batch = tictactoe.Batch(16, rows=3, cols=3, k=3, seed=0)
results: npt.NDArray[np.uint8] = batch.step(np.zeros(16, dtype=np.uint32))
mask: npt.NDArray[np.bool_] = batch.legal_mask()
planes: npt.NDArray[np.uint8] = batch.observe(out=np.empty((16, 2, 3, 3), dtype=np.uint8))
stats: dict[str, int] = batch.random_moves(4, threads=1)
games: int = len(batch) + batch.game(0).move_count

wrong_result: int = g.result  # type: ignore[assignment]
tictactoe.Bacth(16)  # type: ignore[attr-defined]
g.play(1)  # type: ignore[call-arg]
Game(rows="3")  # type: ignore[arg-type]
g.rows = 4  # type: ignore[misc]
lowercase: bool = g.result == "draw"  # type: ignore[comparison-overlap]
third: bool = g.winner == 3  # type: ignore[comparison-overlap]
