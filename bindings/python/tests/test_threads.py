"""Threading rule: a game is not thread-safe, but distinct games are fully independent, so
each thread may drive its own game at the same time as the others."""

import threading

import tictactoe

DRAW = [(0, 0), (1, 1), (2, 0), (1, 0), (1, 2), (2, 1), (0, 1), (0, 2), (2, 2)]


def test_distinct_games_in_parallel_threads():
    results = {}

    def worker(name):
        outcomes = set()
        with tictactoe.Game() as game:
            for _ in range(500):
                game.reset()
                for row, col in DRAW:
                    game.play(row, col)
                outcomes.add((game.result, tuple(game.moves)))
        results[name] = outcomes
        # Stateless functions are safe from any thread.
        results[name + "-judge"] = tictactoe.judge(DRAW)

    threads = [threading.Thread(target=worker, args=(f"t{i}",)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for i in range(4):
        assert results[f"t{i}"] == {("Draw", tuple(DRAW))}
        assert results[f"t{i}-judge"] == "Draw"
