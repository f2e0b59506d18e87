"""A PettingZoo AEC environment of any m,n,k-game, shaped like PettingZoo's own
`tictactoe_v3`: agents "player_1" (X, moves first) and "player_2" (O); an action is a cell,
`row * cols + col`; an observation is a dict of "observation", int8 (rows, cols, 2) with the
observing agent's stones in plane 0 and the opponent's in plane 1, and "action_mask", int8
(rows * cols,) with 1 on the cells the agent may play (all 0 when it is not its turn). The
winner gets +1 and the loser -1 when the game ends; a draw gives both 0.

Needs numpy, pettingzoo and gymnasium (`pip install "tictactoe[rl]"`):

    >>> from tictactoe import pettingzoo
    >>> env = pettingzoo.env(rows=7, cols=7, k=5)
    >>> env.reset(seed=0)

`env()` wraps the environment as PettingZoo wraps its own board games: an illegal move ends
the game with -1 for the agent that made it (`TerminateIllegalWrapper`), an action outside
the action space is an error, and calls out of order are refused. `raw_env` is the unwrapped
environment.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector, wrappers

from ._game import Game
from ._rl import check_render_mode, empty_mask, planes, render

AGENTS = ("player_1", "player_2")


def env(rows: int = 3, cols: int = 3, k: int = 3, render_mode: str | None = None) -> AECEnv:
    """The wrapped environment (see the module's documentation)."""
    wrapped: AECEnv = raw_env(rows, cols, k, render_mode)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped environment)
    """The unwrapped AEC environment of a rows x cols board, k in a row wins."""

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "tictactoe_mnk_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self, rows: int = 3, cols: int = 3, k: int = 3, render_mode: str | None = None
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.game = Game(rows, cols, k)
        self.rows, self.cols, self.k = self.game.rows, self.game.cols, self.game.k
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = self.possible_agents[:]
        cells = self.rows * self.cols
        self.action_spaces = {agent: spaces.Discrete(cells) for agent in self.agents}
        planes = spaces.Box(low=0, high=1, shape=(self.rows, self.cols, 2), dtype=np.int8)
        mask = spaces.Box(low=0, high=1, shape=(cells,), dtype=np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": planes, "action_mask": mask})
            for agent in self.agents
        }
        self._agent_selector = AgentSelector(self.agents)
        self._start()

    def _start(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._agent_selector.reinit(self.agents)
        self.agent_selection = self._agent_selector.reset()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        observation = planes(self.game, self.possible_agents.index(agent) + 1)
        if agent == self.agent_selection:
            mask = empty_mask(self.game)
        else:  # as in tictactoe_v3: no legal move for an agent whose turn it is not
            mask = np.zeros(self.rows * self.cols, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        row, col = divmod(int(action), self.cols)
        result = self.game.play(row, col)
        if result != "Pending":
            if result in ("A", "B"):
                winner = AGENTS[0] if result == "A" else AGENTS[1]
                for name in self.agents:
                    self.rewards[name] = 1 if name == winner else -1
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self.agent_selection = self._agent_selector.next()
        if self.render_mode == "human":
            self.render()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game.reset()
        self._start()

    def render(self) -> str | None:
        """The board as text ("ansi" returns it, "human" prints it)."""
        return render(self.game, self.render_mode)

    def close(self) -> None:
        pass
