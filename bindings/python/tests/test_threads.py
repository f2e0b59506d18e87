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


def test_threads_may_search_one_unchanging_game_at_once():
    # O must block X's four at (7,7); the AI methods only read the game.
    game = tictactoe.Game(15, 15, 5)
    for row, col in [(7, 3), (7, 2), (7, 4), (0, 0), (7, 5), (0, 2), (7, 6)]:
        game.play(row, col)
    before = game.to_text()
    answers = []

    def worker():
        for _ in range(5):
            answers.append(game.search(max_nodes=3000, seed=1))

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [(7, 7)] * 20
    assert game.to_text() == before
