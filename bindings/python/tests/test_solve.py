"""tictactoe.solve: locally on threads, and as tasks on a local Ray (ray.init(num_cpus=2)),
each answer checked against the single-process solver (Game.best_move), and its move against
that solver's score of the position after it."""

import pytest
import ray
import tictactoe

BUDGET = 1 << 26


def single_process(rows, cols, k, moves=()):
    """The score by Game.best_move, and the score of each move by the same solver."""
    game = tictactoe.Game(rows, cols, k)
    for move in moves:
        game.play(*move)
    return game, game.best_move(max_nodes=BUDGET)[2]


def score_of_move(game, move):
    """The score of `move` for the side that makes it, by the single-process solver."""
    after = game.clone()
    if after.play(*move) != "Pending":
        return 1 if after.winner else 0
    theirs = after.best_move(max_nodes=BUDGET)[2]
    return -(theirs + 1) if theirs > 0 else 1 - theirs if theirs < 0 else 0


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def check(solution, game, want):
    assert solution.score == want
    assert solution.value == ("win" if want > 0 else "loss" if want < 0 else "draw")
    assert score_of_move(game, solution.move) == want
    assert solution.seconds >= 0


def test_without_a_cluster_it_solves_here_on_threads():
    for rows, cols, k, moves in [(3, 3, 3, ()), (4, 4, 3, ()), (4, 4, 3, [(1, 1)]), (5, 5, 4, ())]:
        game, want = single_process(rows, cols, k, moves)
        for threads in (0, 1, 2):
            got = tictactoe.solve(rows, cols, k, moves=moves, max_nodes=BUDGET, threads=threads)
            check(got, game, want)
            assert got.tasks == 1
    assert tictactoe.solve().value == "draw"  # tic-tac-toe, within the library's budget


# A draw (6,7,5), a win (5,6,4: the length comes from a last task), a loss (5,6,4 after the
# centre), a draw with few symmetries left, and boards small enough for the first questions.
CASES = [
    (6, 7, 5, ()),
    (5, 6, 4, ()),
    (5, 6, 4, [(2, 2)]),
    (5, 5, 4, [(1, 2), (0, 0)]),
    (3, 3, 3, ()),
    (3, 3, 3, [(0, 0), (0, 1)]),
]


@pytest.mark.parametrize("rows, cols, k, moves", CASES)
def test_on_a_local_ray_the_answers_are_the_single_process_ones(local_ray, rows, cols, k, moves):
    game, want = single_process(rows, cols, k, moves)
    got = tictactoe.solve(rows, cols, k, local_ray, moves=moves, max_nodes=BUDGET)
    check(got, game, want)
    assert got.tasks >= 1
    # "local" takes the Ray that is running.
    assert tictactoe.solve(rows, cols, k, "local", moves=moves, max_nodes=BUDGET).score == want


def test_on_ray_errors_are_the_solvers(local_ray):
    with pytest.raises(tictactoe.TooHard):
        tictactoe.solve(6, 7, 5, local_ray, max_nodes=1000)
    with pytest.raises(tictactoe.GameOver):
        tictactoe.solve(3, 3, 3, local_ray, moves=[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    with pytest.raises(tictactoe.CellOccupied):
        tictactoe.solve(3, 3, 3, local_ray, moves=[(0, 0), (0, 0)])
    with pytest.raises(TypeError, match="cluster"):
        tictactoe.solve(3, 3, 3, 42)
