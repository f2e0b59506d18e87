"""tictactoe.Batch: every step checked against the same games played through tictactoe.Game
(results, observations, masks, auto-reset), the arrays written in place, illegal actions,
random self-play."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import tictactoe

SHAPES = [(3, 3, 3), (3, 4, 3), (4, 4, 4), (7, 7, 5), (15, 15, 5), (1, 9, 3), (9, 1, 3)]
RESULT = {"Pending": 0, "A": 1, "B": 2, "Draw": 3}


def expected_planes(game, rows, cols):
    """(2, rows, cols): the side to move's stones, then the opponent's, read from a Game."""
    board = np.array([[".XO".index(c) for c in row] for row in game.board]).reshape(rows, cols)
    mover = 1 if game.move_count % 2 == 0 else 2  # X opens every batch game
    return np.stack([board == mover, board == 3 - mover]).astype(np.uint8)


@pytest.mark.parametrize("shape", SHAPES)
def test_batch_agrees_with_games_after_every_step(shape):
    rows, cols, k = shape
    # 15x15: fewer games for longer (random gomoku games last ~100 moves), to see some end.
    count, rng = (6 if rows * cols > 100 else 24), np.random.default_rng(sum(shape))
    batch = tictactoe.Batch(count, rows, cols, k, seed=5)
    games = [tictactoe.Game(rows, cols, k) for _ in range(count)]
    mask = np.empty((count, rows * cols), dtype=bool)
    planes = np.empty((count, 2, rows, cols), dtype=np.uint8)
    results = np.empty(count, dtype=np.uint8)
    ended = 0
    for _ in range(min(3 * rows * cols, 300)):
        assert batch.legal_mask(out=mask) is mask
        assert batch.observe(out=planes) is planes
        for i, game in enumerate(games):
            legal = np.zeros(rows * cols, dtype=bool)
            legal[[r * cols + c for r, c in game.legal_moves]] = True
            assert (mask[i] == legal).all()
            assert (planes[i] == expected_planes(game, rows, cols)).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask], dtype=np.uint32)
        assert batch.step(actions, out=results) is results
        for i, game in enumerate(games):
            result = game.play(*divmod(int(actions[i]), cols))
            assert results[i] == RESULT[result]
            if result != "Pending":
                game.reset()  # the batch's auto-reset
                ended += 1
        probe = int(rng.integers(count))
        assert batch.game(probe).to_text() == games[probe].to_text()
    assert ended > 0


def test_illegal_actions_change_no_game():
    batch = tictactoe.Batch(4, seed=1)
    batch.step([0, 1, 2, 3])
    before = batch.observe()
    with pytest.raises(tictactoe.CellOccupied) as caught:
        batch.step([4, 4, 2, 9])  # game 2 plays on its own stone first; 9 is off the board
    assert caught.value.game_index == 2 and "game 2: action 2" in str(caught.value)
    with pytest.raises(tictactoe.OutOfBounds) as caught:
        batch.step(np.array([4, 5, 6, -1]))
    assert caught.value.game_index == 3
    assert (batch.observe() == before).all()
    with pytest.raises(tictactoe.WrongType):
        batch.step(np.array([0.0, 1.0, 2.0, 3.0]))
    with pytest.raises(tictactoe.InvalidArgument):
        batch.step([4, 5, 6])


def test_arrays_are_written_in_place_and_checked():
    batch = tictactoe.Batch(3, 2, 2, 2)
    with pytest.raises(tictactoe.WrongType):
        batch.observe(out=np.empty((3, 2, 2, 2), dtype=np.int8))
    with pytest.raises(tictactoe.WrongType):
        batch.legal_mask(out=np.empty((3, 4), dtype=bool)[:, ::2])
    with pytest.raises(tictactoe.WrongType):
        batch.step([0, 0, 0], out=np.empty(3, dtype=np.int64))
    out = np.full((3, 4), True)
    batch.step(np.array([0, 1, 3], dtype=np.uint32))
    batch.legal_mask(out=out)
    assert out.tolist() == [[False, True, True, True], [True, False, True, True]] + [
        [True, True, True, False]
    ]


def test_random_moves_are_reproducible_and_counted():
    def played(threads):
        batch = tictactoe.Batch(1000, seed=42)
        stats = batch.random_moves(30, threads=threads)
        return stats, batch.observe()

    (stats, planes), (again, planes_again) = played(2), played(2)
    assert stats == again and (planes == planes_again).all()
    assert stats["moves"] == 30_000
    assert stats["a_wins"] > stats["b_wins"] > 0 and stats["draws"] > 0
    # Every 3x3 game ends within 9 moves: 30 moves finish at least 3 games per board.
    assert stats["a_wins"] + stats["b_wins"] + stats["draws"] >= 3 * 1000


def test_threads_change_no_result():
    # A batch big enough to be split in two: the same results, the same first bad game, no game
    # changed by a refused step, the same observations. A call splits from 2^22 cells a thread
    # (CELLS_PER_THREAD in src/batch/lanes.rs), so from 2 * 2^22 / 225 = 37,283 games of 15x15.
    count = 2 * 2**22 // 225 + 17
    one, two = tictactoe.Batch(count, 15, 15, 5), tictactoe.Batch(count, 15, 15, 5)
    assert one.threads == 1
    two.threads = 2
    assert two.threads == 2
    with pytest.raises(tictactoe.InvalidArgument):
        two.threads = -1
    rng = np.random.default_rng(7)
    for step in range(8):
        mask = one.legal_mask()
        assert (two.legal_mask() == mask).all()
        # A random empty cell of each game: the legal cell of the highest random weight.
        weights = rng.random(mask.shape) * mask
        actions = weights.reshape(count, -1).argmax(axis=1).astype(np.uint32)
        if step == 5:
            bad, before = actions.copy(), two.observe()
            bad[count - 7], bad[count - 3] = 225, 226
            with pytest.raises(tictactoe.OutOfBounds) as caught:
                two.step(bad)
            assert caught.value.game_index == count - 7
            assert (two.observe() == before).all()
        assert (one.step(actions) == two.step(actions)).all()
        assert (one.observe() == two.observe()).all()


def test_construction_and_surface():
    batch = tictactoe.Batch(7, 15, 15, 5)
    assert len(batch) == 7 and (batch.rows, batch.cols, batch.k) == (15, 15, 5)
    assert batch.bytes_per_game > 0
    assert batch.observe().shape == (7, 2, 15, 15) and batch.legal_mask().all()
    batch.step([112] * 7)
    batch.reset()
    assert batch.legal_mask().all() and batch.game(6).move_count == 0
    with pytest.raises(tictactoe.InvalidArgument):
        tictactoe.Batch(0)
    with pytest.raises(tictactoe.InvalidArgument):
        tictactoe.Batch(4, 3, 3, 4)
    with pytest.raises(tictactoe.InvalidArgument):
        batch.game(7)
    assert tictactoe.Batch.__module__ == "tictactoe"


def test_selfplay_example_runs():
    example = Path(__file__).resolve().parents[1] / "examples" / "selfplay.py"
    run = subprocess.run(
        [sys.executable, str(example), "1024", "12"], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr
    assert "1024 games of 3x3 k=3, 12 steps: 12,288 moves" in run.stdout
    assert "M moves/s" in run.stdout
