"""Proves a board on a local Ray (two CPUs unless told otherwise) and checks the answer against
the single-process solver, as tests/test_solve.py does for the boards that fit in CI.

    python bindings/python/examples/solve_on_ray.py 7 7 5 [--nodes 268435456] [--cpus 2]
"""

import argparse

import ray
import tictactoe


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for name in ("rows", "cols", "k"):
        parser.add_argument(name, type=int)
    parser.add_argument("--nodes", type=int, default=1 << 28, help="each task's step budget")
    parser.add_argument("--cpus", type=int, default=2, help="the local Ray's CPUs")
    args = parser.parse_args()
    board = (args.rows, args.cols, args.k)
    ray.init(num_cpus=args.cpus, include_dashboard=False, log_to_driver=False)
    on_ray = tictactoe.solve(*board, ray, max_nodes=args.nodes)
    print(f"{board} on Ray: {on_ray}")
    here = tictactoe.solve(*board, max_nodes=args.nodes, threads=1)
    print(f"{board} single process: {here}")
    ray.shutdown()
    if on_ray.score != here.score:
        raise SystemExit(f"the scores differ: {on_ray.score} on Ray, {here.score} here")
    print("the same score")


if __name__ == "__main__":
    main()
