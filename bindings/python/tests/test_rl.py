"""The RL environments: PettingZoo's API test and Gymnasium's checker, then what they mean
(observations, masks, rewards, illegal moves, reproducible episodes), and that
`import tictactoe` needs none of numpy, pettingzoo or gymnasium."""

import subprocess
import sys
import textwrap

import gymnasium
import numpy as np
import pytest
import tictactoe
import tictactoe.gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test
from tictactoe import pettingzoo

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("shape", [(3, 3, 3), (7, 7, 5), (15, 15, 5)])
def test_pettingzoo_api_test(shape):
    api_test(pettingzoo.env(*shape), num_cycles=1000, verbose_progress=False)


def test_pettingzoo_observations_rewards_and_masks():
    env = pettingzoo.env()
    env.reset(seed=0)
    # X: 0, 1, 2 across the top row; O: 3, 4.
    for cell in (0, 3, 1, 4):
        env.step(cell)
    x_view, o_view = env.observe("player_1"), env.observe("player_2")
    assert env.agent_selection == "player_1"
    assert x_view["observation"][:, :, 0].tolist() == [[1, 1, 0], [0, 0, 0], [0, 0, 0]]
    assert x_view["observation"][:, :, 1].tolist() == [[0, 0, 0], [1, 1, 0], [0, 0, 0]]
    assert (o_view["observation"][:, :, 0] == x_view["observation"][:, :, 1]).all()
    assert x_view["action_mask"].tolist() == [0, 0, 1, 0, 0, 1, 1, 1, 1]
    assert o_view["action_mask"].tolist() == [0] * 9  # not its turn
    assert x_view["observation"].dtype == np.int8 and x_view["action_mask"].dtype == np.int8
    env.step(2)  # X completes the top row
    assert env.terminations == {"player_1": True, "player_2": True}
    assert env.rewards == {"player_1": 1, "player_2": -1}
    assert env.unwrapped.game.result == "A"


def test_pettingzoo_illegal_move_loses():
    env = pettingzoo.env(rows=4, cols=4, k=3)
    env.reset()
    env.step(5)
    env.step(5)  # O plays on X's stone
    assert env.terminations["player_2"] and env._cumulative_rewards["player_2"] == -1


def test_pettingzoo_draw_gives_nothing():
    env = pettingzoo.env()
    env.reset()
    for cell in (0, 4, 8, 1, 7, 6, 2, 5, 3):  # a draw
        env.step(cell)
    assert all(env.terminations.values()) and env.rewards == {"player_1": 0, "player_2": 0}


@pytest.mark.parametrize(
    "kwargs", [{}, {"rows": 7, "cols": 7, "k": 5, "level": tictactoe.Level.EASY, "agent_player": 2}]
)
def test_gymnasium_check_env(kwargs):
    check_env(tictactoe.gymnasium.MNKEnv(**kwargs))


def test_gymnasium_registered_and_plays_against_the_ai():
    env = gymnasium.make("tictactoe/MNK-v0", level=tictactoe.Level.PERFECT)
    observation, info = env.reset(seed=1)
    assert info["result"] == "Pending" and observation["action_mask"].sum() == 9
    total, over = 0.0, False
    while not over:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, reward, over, truncated, info = env.step(action)
        total += float(reward)
        assert not truncated
    assert info["result"] in ("B", "Draw") and total <= 0  # perfect play never loses


def test_gymnasium_episode_is_reproducible_and_illegal_moves_end_it():
    env = tictactoe.gymnasium.MNKEnv(rows=5, cols=5, k=4, level=tictactoe.Level.RANDOM)

    def episode(seed):
        env.reset(seed=seed)
        for action in (12, 6, 18, 0, 24):
            if env.game.result != "Pending" or env.game.cell(*divmod(action, 5)):
                break
            env.step(action)
        return env.game.moves

    assert episode(7) == episode(7)
    assert len({tuple(episode(seed)) for seed in range(8)}) > 1  # the seed matters
    env.reset(seed=0)
    observation, _, _, _, _ = env.step(12)
    taken = int(np.flatnonzero(observation["observation"][:, :, 1].reshape(-1))[0])
    before = env.game.to_text()
    _, reward, over, _, info = env.step(taken)
    assert (reward, over, info["illegal"]) == (-1.0, True, True) and env.game.to_text() == before


def test_import_needs_no_rl_packages():
    script = textwrap.dedent(
        """
        import sys
        class Refuse:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("numpy", "pettingzoo", "gymnasium"):
                    raise ImportError(name + " is hidden")
        sys.meta_path.insert(0, Refuse())
        import tictactoe
        game = tictactoe.Game()
        assert game.play(1, 1) == "Pending"
        try:
            import tictactoe.pettingzoo
        except ImportError:
            print("ok")
        """
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"
