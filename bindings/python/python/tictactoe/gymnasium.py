"""A Gymnasium environment for one agent against the library's AI at a chosen level, on any
m,n,k-game. Registered as "tictactoe/MNK-v0" when this module is imported.

The agent plays `agent_player` (1 = X, who moves first, or 2 = O); the opponent answers each
move with `Game.ai_move(level, seed)`, its seed drawn from the environment's generator, so
`reset(seed=...)` makes an episode reproducible. An action is a cell, `row * cols + col`.
The observation is a dict of "observation", int8 (rows, cols, 2), the agent's stones in plane
0 and the opponent's in plane 1, and "action_mask", int8 (rows * cols,), 1 on the empty cells.
Reward: +1 for a win, -1 for a loss, 0 otherwise; an illegal action (an occupied cell) ends
the episode with -1 and changes nothing. `info["result"]` is the game's result.

Needs numpy and gymnasium (`pip install "tictactoe[rl]"`):

    >>> import gymnasium, tictactoe.gymnasium
    >>> env = gymnasium.make("tictactoe/MNK-v0", rows=3, cols=3, k=3, level=tictactoe.Level.EASY)
"""

from __future__ import annotations

from typing import Any, Dict, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from ._game import Game, Level
from ._rl import check_render_mode, empty_mask, planes, render

Observation = Dict[str, np.ndarray]


class MNKEnv(gymnasium.Env[Dict[str, Any], np.int64]):
    """One agent against the AI at `level` on a rows x cols board, k in a row wins."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        rows: int = 3,
        cols: int = 3,
        k: int = 3,
        level: int = Level.MEDIUM,
        agent_player: int = 1,
        render_mode: str | None = None,
    ) -> None:
        if agent_player not in (1, 2):
            raise ValueError(f"agent_player must be 1 or 2, not {agent_player!r}")
        check_render_mode(render_mode)
        self.game = Game(rows, cols, k)
        self.rows, self.cols = self.game.rows, self.game.cols
        self.level = Level(level)
        self.agent_player = agent_player
        self.render_mode = render_mode
        cells = self.rows * self.cols
        self.action_space = spaces.Discrete(cells)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0, 1, (self.rows, self.cols, 2), np.int8),
                "action_mask": spaces.Box(0, 1, (cells,), np.int8),
            }
        )

    def _observation(self) -> Observation:
        return {
            "observation": planes(self.game, self.agent_player),
            "action_mask": empty_mask(self.game),
        }

    def _info(self) -> dict[str, Any]:
        return {"result": self.game.result}

    def _opponent_moves(self) -> None:
        seed = int(self.np_random.integers(0, 2**63))
        self.game.play(*self.game.ai_move(self.level, seed))

    def _reward(self) -> float:
        winner = self.game.winner
        return 0.0 if winner == 0 else (1.0 if winner == self.agent_player else -1.0)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.game.reset()
        if self.agent_player == 2:
            self._opponent_moves()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        row, col = divmod(int(action), self.cols)
        if self.game.result != "Pending" or self.game.cell(row, col) != 0:
            return self._observation(), -1.0, True, False, {**self._info(), "illegal": True}
        if self.game.play(row, col) == "Pending":
            self._opponent_moves()
        if self.render_mode == "human":
            self.render()
        over = self.game.result != "Pending"
        return self._observation(), self._reward(), over, False, self._info()

    def render(self) -> str | None:
        """The board as text ("ansi" returns it, "human" prints it)."""
        return render(self.game, self.render_mode)

    def close(self) -> None:
        self.game.close()


gymnasium.register(id="tictactoe/MNK-v0", entry_point="tictactoe.gymnasium:MNKEnv")
