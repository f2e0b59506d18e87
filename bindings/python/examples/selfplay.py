"""Random self-play over a tictactoe.Batch: the loop of an agent that trains on many games at
once, with a random agent standing in for the network. Needs numpy (`pip install
"tictactoe[rl]"`).

    python bindings/python/examples/selfplay.py [GAMES] [STEPS]

Each step reads every game's legal moves and observation into preallocated arrays (the
library writes them in place), picks one random legal move per game with numpy, and plays
them all in one call; finished games restart by themselves. It prints the moves per second,
overall and for the environment's calls alone (the agent's choice not counted).
"""

import sys
import time

import numpy as np
import tictactoe


def main(games=65_536, steps=200, rows=3, cols=3, k=3):
    batch = tictactoe.Batch(games, rows, cols, k, seed=1)
    rng = np.random.default_rng(1)
    mask = np.empty((games, rows * cols), dtype=bool)
    planes = np.empty((games, 2, rows, cols), dtype=np.uint8)
    results = np.empty(games, dtype=np.uint8)
    scores = np.empty((games, rows * cols))
    finished = np.zeros(4, dtype=np.int64)
    environment = 0.0
    start = time.perf_counter()
    for _ in range(steps):
        tick = time.perf_counter()
        batch.legal_mask(out=mask)
        batch.observe(out=planes)  # what a network would read
        environment += time.perf_counter() - tick
        rng.random(out=scores)  # the agent: a random legal move in every game
        scores[~mask] = -1.0
        actions = scores.argmax(axis=1).astype(np.uint32)
        tick = time.perf_counter()
        batch.step(actions, out=results)
        environment += time.perf_counter() - tick
        finished += np.bincount(results, minlength=4)
    total = time.perf_counter() - start
    moves = games * steps
    print(f"{games} games of {rows}x{cols} k={k}, {steps} steps: {moves:,} moves")
    print(f"finished: {finished[1]:,} won by X, {finished[2]:,} by O, {finished[3]:,} drawn")
    print(f"overall (with the agent): {moves / total / 1e6:8.1f} M moves/s")
    print(f"environment's calls only: {moves / environment / 1e6:8.1f} M moves/s")


if __name__ == "__main__":
    main(*map(int, sys.argv[1:3]))
