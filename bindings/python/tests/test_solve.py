"""tictactoe.solve: locally on threads, and as tasks on a local Ray (ray.init(num_cpus=2), in
a process of its own: ray_cases.py), each answer checked against the single-process solver
(Game.best_move), and its move against that solver's score of the position after it."""

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest
import tictactoe

HERE = Path(__file__).resolve().parent

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


# Draws (7,7,5 and 6,7,5), a win (5,6,4: the length comes from a last task), a loss (5,6,4
# after the centre), a draw with few symmetries left, and boards small enough for the first
# questions.
CASES = [
    (7, 7, 5, ()),
    (6, 7, 5, ()),
    (5, 6, 4, ()),
    (5, 6, 4, [(2, 2)]),
    (5, 5, 4, [(1, 2), (0, 0)]),
    (3, 3, 3, ()),
    (3, 3, 3, [(0, 0), (0, 1)]),
]


def on_ray():
    """What ray_cases.py answered for CASES, run in a process of its own. When Ray's daemons
    died under it (the script ended without its RESULT line), it runs once more, and Ray's
    logs are shown if the second run ends the same way: answers are never retried, only a run
    that gave none."""
    command = [sys.executable, str(HERE / "ray_cases.py"), json.dumps(CASES), str(BUDGET)]
    for attempt in (1, 2):
        run = subprocess.run(command, capture_output=True, text=True, timeout=900)
        for line in run.stdout.splitlines():
            if line.startswith("RESULT "):
                return json.loads(line[len("RESULT ") :])
        print(f"ray_cases.py gave no answer (attempt {attempt}, exit {run.returncode})")
        print(run.stdout[-2000:], run.stderr[-4000:], sep="\n")
    for log in sorted(Path(tempfile.gettempdir(), "ray", "session_latest", "logs").glob("*")):
        if log.suffix in (".out", ".err") and log.stat().st_size:
            print(f"---- {log.name}", log.read_text(errors="replace")[-2000:], sep="\n")
    pytest.fail("Ray ended ray_cases.py twice before it answered")


@pytest.fixture(scope="module")
def ray_answers():
    return on_ray()


@pytest.mark.parametrize("case", range(len(CASES)))
def test_on_a_local_ray_the_answers_are_the_single_process_ones(ray_answers, case):
    rows, cols, k, moves = CASES[case]
    game, want = single_process(rows, cols, k, moves)
    got = ray_answers["answers"][case]
    check(SimpleNamespace(**got), game, want)
    assert got["tasks"] >= 1
    # "local" takes the Ray that is running.
    assert got["local_score"] == want


def test_on_ray_errors_are_the_solvers(ray_answers):
    assert ray_answers["errors"] == ["TooHard", "GameOver", "CellOccupied"]
    with pytest.raises(TypeError, match="cluster"):
        tictactoe.solve(3, 3, 3, 42)
