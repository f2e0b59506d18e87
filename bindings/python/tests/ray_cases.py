"""Solves cases on a local Ray, in a process of its own, for test_solve.py.

    python ray_cases.py CASES_JSON BUDGET

starts Ray (`ray.init(num_cpus=2)`), solves each case `[rows, cols, k, moves]` through
`tictactoe.solve` on it (with the `ray` module, then with "local"), then the calls that must
raise, and prints one line `RESULT <json>` with what each call gave. Ray's driver ends its own
process at once (exit status 1, nothing printed) when the node's daemons die, as they can on a
starved machine; in a process of its own that ends this script only, and test_solve.py tells
it from a wrong answer by the missing RESULT line.
"""

import json
import sys

import ray
import tictactoe

# The node's daemons miss health checks when a busy machine starves them; Ray's defaults give
# up on a node after 5 missed checks of 10 s, and on the control store after 60 s without it.
PATIENT = {
    "health_check_timeout_ms": 30_000,
    "health_check_failure_threshold": 20,
    "gcs_rpc_server_reconnect_timeout_s": 600,
}


def solved(solution):
    return {
        "score": solution.score,
        "value": solution.value,
        "move": list(solution.move),
        "tasks": solution.tasks,
        "seconds": solution.seconds,
    }


def raised(call):
    """The name of the library's error class that `call` raised (Ray wraps an error raised in
    a task in a subclass of it), or of another class, or None."""
    try:
        call()
    except Exception as error:  # noqa: BLE001 - the class name is the answer
        ours = [c for c in type(error).__mro__ if c.__module__.startswith("tictactoe")]
        return (ours or [type(error)])[0].__name__
    return None


def main():
    cases, budget = json.loads(sys.argv[1]), int(sys.argv[2])
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, _system_config=PATIENT)
    answers = []
    for rows, cols, k, moves in cases:
        moves = [tuple(move) for move in moves]
        answer = solved(tictactoe.solve(rows, cols, k, ray, moves=moves, max_nodes=budget))
        local = tictactoe.solve(rows, cols, k, "local", moves=moves, max_nodes=budget)
        answers.append({**answer, "local_score": local.score})
    won = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]
    errors = [
        raised(lambda: tictactoe.solve(6, 7, 5, ray, max_nodes=1000)),
        raised(lambda: tictactoe.solve(3, 3, 3, ray, moves=won)),
        raised(lambda: tictactoe.solve(3, 3, 3, ray, moves=[(0, 0), (0, 0)])),
    ]
    print("RESULT " + json.dumps({"answers": answers, "errors": errors}), flush=True)
    ray.shutdown()


if __name__ == "__main__":
    main()
