"""Native memory: every game is freed exactly once, by close() or by the garbage collector.

The count comes from the binding's own finalizer (`tictactoe._game.games_freed`), the one
place that calls ttt_game_free.
"""

import contextlib
import gc
import pickle
import weakref

import tictactoe
from tictactoe import _game


def freed_after(action):
    gc.collect()
    before = _game.games_freed
    action()
    gc.collect()
    return _game.games_freed - before


def test_collected_games_are_freed_once_each():
    def make_and_drop():
        games = [tictactoe.Game() for _ in range(100)]
        for game in games:
            game.play(1, 1)
        del games

    assert freed_after(make_and_drop) == 100


def test_closed_game_is_not_freed_again_by_the_collector():
    def close_then_drop():
        game = tictactoe.Game()
        game.close()
        assert _game.games_freed == start + 1  # freed right away, deterministically
        game.close()
        del game

    gc.collect()
    start = _game.games_freed
    assert freed_after(close_then_drop) == 1


def test_context_manager_frees_at_exit():
    gc.collect()
    start = _game.games_freed
    with tictactoe.Game() as game:
        pass
    assert _game.games_freed == start + 1
    del game
    gc.collect()
    assert _game.games_freed == start + 1


def test_games_in_a_reference_cycle_are_freed_once():
    def cycle():
        holder = [tictactoe.Game()]
        holder.append(holder)
        ref = weakref.ref(holder[0])
        del holder
        return ref

    refs = []
    assert freed_after(lambda: refs.append(cycle())) == 1
    assert refs[0]() is None


def test_clones_copies_and_pickles_each_own_their_memory():
    def many_owners():
        game = tictactoe.Game()
        game.play(0, 0)
        others = [
            game.clone(),
            pickle.loads(pickle.dumps(game)),
            tictactoe.Game.from_text(game.to_text()),
        ]
        game.close()
        for other in others:
            assert other[0, 0] == 1  # still valid after the original was freed
        del others, game

    # 4 games, plus the temporary clone that pickling makes to find the starting position.
    assert freed_after(many_owners) == 5


def test_failed_constructor_frees_nothing():
    def fail():
        with contextlib.suppress(tictactoe.InvalidArgument):
            tictactoe.Game(0, 0, 0)

    assert freed_after(fail) == 0
