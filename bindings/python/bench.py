"""Cost of the binding, measured against the floor any cffi binding pays. Numbers, not
pass/fail. Run it with the package installed (bindings/python/test.sh installs it into
target/python-venv):

    target/python-venv/bin/python bindings/python/bench.py

It prints, per move, Game.play against a raw cffi ttt_game_play and against two no-op C calls
through the same `lib`: ttt_game_free(NULL) (one argument, documented to do nothing) and
ttt_version() (no argument); then, per game, Game() + close() against raw cffi ttt_game_new +
ttt_game_free. Each figure is the best of 100 short windows (100,800 moves or games in all), the
windows of the loops compared taking turns, with the garbage collector paused (as timeit does),
so that a busy spell on the machine hits every loop alike. Each measurement runs in a fresh
interpreter, so that nothing earlier in the process (the adaptive interpreter's caches, the
heap) skews it; the ratios depend on the interpreter version.
"""

import gc
import json
import subprocess
import sys
import time

import tictactoe
from tictactoe._native import ffi, lib

DRAW = [(0, 0), (1, 1), (2, 0), (1, 0), (1, 2), (2, 1), (0, 1), (0, 2), (2, 2)]
GAMES = 112  # per window: x 9 moves = 1,008 moves
ROUNDS = 100  # windows: 100,800 moves in all


def per_move(*loops):
    """Best per-move time of each `loop(games)`; the loops take turns, round after round, so
    a busy spell on the machine hits all of them alike."""
    best = [float("inf")] * len(loops)
    gc.disable()
    try:
        for _ in range(ROUNDS):
            for i, loop in enumerate(loops):
                start = time.perf_counter()
                loop(GAMES)
                best[i] = min(best[i], (time.perf_counter() - start) / (GAMES * len(DRAW)))
    finally:
        gc.enable()
    return best


def binding(games):
    game = tictactoe.Game()
    play, reset = game.play, game.reset
    for _ in range(games):
        reset()
        for row, col in DRAW:
            play(row, col)
    assert game.result == "Draw"
    game.close()


def raw_cffi(games):
    out = ffi.new("TttGame **")
    assert lib.ttt_game_new(3, 3, 3, out) == 0
    handle, result = out[0], ffi.new("TttResult *")
    play, reset = lib.ttt_game_play, lib.ttt_game_reset
    for _ in range(games):
        reset(handle)
        for row, col in DRAW:
            play(handle, row, col, result)
    lib.ttt_game_free(handle)


def noop_free_null(games):
    free, null = lib.ttt_game_free, ffi.NULL
    for _ in range(games):
        for _move in DRAW:
            free(null)


def noop_version(games):
    version = lib.ttt_version
    for _ in range(games):
        for _move in DRAW:
            version()


def measure():
    """Per-call seconds: Game.play, raw cffi play, the two no-ops."""
    return per_move(binding, raw_cffi, noop_free_null, noop_version)


def new_and_close(games):
    for _ in range(games * len(DRAW)):
        tictactoe.Game().close()


def raw_new_and_free(games):
    out = ffi.new("TttGame **")
    new, free = lib.ttt_game_new, lib.ttt_game_free
    for _ in range(games * len(DRAW)):
        new(3, 3, 3, out)
        free(out[0])


def measure_games():
    """Per-game seconds: Game() + close(), raw cffi ttt_game_new + ttt_game_free."""
    return per_move(new_and_close, raw_new_and_free)


def report():
    moves, floor, noop, bare = json.loads(fresh("moves"))
    print(
        f"per move: Game.play {moves * 1e9:.0f} ns, raw cffi ttt_game_play {floor * 1e9:.0f} ns"
        f" (ratio {moves / floor:.2f})"
    )
    print(f"  no-op ttt_game_free(NULL) {noop * 1e9:.0f} ns (Game.play / it: {moves / noop:.2f})")
    print(f"  no-op ttt_version() {bare * 1e9:.0f} ns (Game.play / it: {moves / bare:.2f})")
    game, raw = json.loads(fresh("games"))
    print(
        f"per game: Game() + close() {game * 1e9:.0f} ns, raw cffi ttt_game_new +"
        f" ttt_game_free {raw * 1e9:.0f} ns (ratio {game / raw:.2f})"
    )


def fresh(what):
    """The JSON that `bench.py WHAT` prints, run in a new interpreter."""
    command = [sys.executable, __file__, what]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


if __name__ == "__main__":
    if sys.argv[1:] == ["moves"]:
        print(json.dumps(measure()))
    elif sys.argv[1:] == ["games"]:
        print(json.dumps(measure_games()))
    else:
        report()
