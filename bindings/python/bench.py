"""Cost of a move through the binding, side by side with OpenSpiel's Python binding (pyspiel)
when it is installed (`pip install open_spiel`; optional, for this benchmark only). Numbers,
not pass/fail. Run it with the package installed (bindings/python/test.sh installs it into
target/python-venv):

    target/python-venv/bin/python bindings/python/bench.py

Both sides replay the same 3,000 random 3x3 games move by move, each game on a fresh state:
here `Game()`, then `play(row, col)` and `.result` per move; in pyspiel
`new_initial_state()`, then `apply_action(cell)` and `is_terminal()` per move. Each figure is
the best of 30 windows, the two loops taking turns so that a busy spell on the machine hits
both alike, with the garbage collector paused (as timeit does). It prints the nanoseconds per
move of each and their ratio; then Game() + close() per game.
"""

import gc
import random
import time

import tictactoe

GAMES = 3000
ROUNDS = 30


def random_games(count, seed=1):
    """`count` random 3x3 games to their end, as lists of (row, col)."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        with tictactoe.Game() as game:
            while game.result == "Pending":
                game.play(*rng.choice(game.legal_moves))
            games.append(game.moves)
    return games


def ours(games):
    game_class = tictactoe.Game
    for moves in games:
        game = game_class()
        for row, col in moves:
            game.play(row, col)
            game.result  # noqa: B018 (the read is what is measured)


def theirs(pyspiel_game, games):
    def loop(games):
        for actions in games:
            state = pyspiel_game.new_initial_state()
            for action in actions:
                state.apply_action(action)
                state.is_terminal()

    return loop


def best_per_move(loops, moves):
    best = [float("inf")] * len(loops)
    gc.disable()
    try:
        for _ in range(ROUNDS):
            for i, (loop, games) in enumerate(loops):
                start = time.perf_counter()
                loop(games)
                best[i] = min(best[i], (time.perf_counter() - start) / moves)
    finally:
        gc.enable()
    return best


def per_game_new_close():
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(GAMES):
            tictactoe.Game().close()
        best = min(best, (time.perf_counter() - start) / GAMES)
    return best


def main():
    games = random_games(GAMES)
    moves = sum(map(len, games))
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    loops = [(ours, games)]
    if pyspiel is not None:
        spiel_game = pyspiel.load_game("tic_tac_toe")
        cells = [[row * 3 + col for row, col in game] for game in games]
        loops.append((theirs(spiel_game, cells), cells))
    times = best_per_move(loops, moves)
    print(f"{GAMES} random 3x3 games, {moves} moves, fresh state per game")
    print(f"tictactoe Game.play + .result:          {times[0] * 1e9:6.0f} ns per move")
    if pyspiel is None:
        print("pyspiel: not installed (pip install open_spiel), no comparison")
    else:
        print(f"pyspiel apply_action + is_terminal:     {times[1] * 1e9:6.0f} ns per move")
        print(f"ratio tictactoe / pyspiel:              {times[0] / times[1]:6.2f}")
    print(f"Game() + close():                       {per_game_new_close() * 1e9:6.0f} ns per game")


if __name__ == "__main__":
    main()
