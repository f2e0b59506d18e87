"""The environment's share of batched self-play on 3x3, side by side with Pgx when it is
installed (`pip install pgx`, with CPU jax; optional, for this benchmark only). Numbers, not
pass/fail.

    target/python-venv/bin/python bindings/python/bench_batch.py [GAMES] [STEPS]

Per step at `GAMES` games (65,536 by default): `Batch.legal_mask(out=...)`,
`Batch.observe(out=...)` into preallocated arrays and `Batch.step(actions, out=...)`, timed;
the random agent's choice of actions (numpy) is not. Best of 5 runs of `STEPS` steps, in
wall-clock time and in this thread's processor time (the calls run on the calling thread
below 2^22 cells a core, so on a busy machine the second shows what they cost when they get
the core). Then `Batch.random_moves` (the library's own random play, one call) for
reference, and Pgx's tic-tac-toe: a jitted random rollout (`jax.vmap` of `step` with Pgx's
`auto_reset` over the same number of games, legal random actions from the mask,
`jax.lax.scan` over the steps, the agent's choice included), timed after compiling.
"""

import sys
import time

import numpy as np
import tictactoe


def environment_share(games, steps):
    batch = tictactoe.Batch(games, seed=1)
    rng = np.random.default_rng(1)
    mask = np.empty((games, 9), dtype=bool)
    planes = np.empty((games, 2, 3, 3), dtype=np.uint8)
    results = np.empty(games, dtype=np.uint8)
    scores = np.empty((games, 9))
    timed = processor = 0.0
    for _ in range(steps):
        start, cpu = time.perf_counter(), time.thread_time()
        batch.legal_mask(out=mask)
        batch.observe(out=planes)
        timed += time.perf_counter() - start
        processor += time.thread_time() - cpu
        rng.random(out=scores)
        scores[~mask] = -1.0
        actions = scores.argmax(axis=1).astype(np.uint32)
        start, cpu = time.perf_counter(), time.thread_time()
        batch.step(actions, out=results)
        timed += time.perf_counter() - start
        processor += time.thread_time() - cpu
    return games * steps / timed, games * steps / processor


def random_moves(games, steps):
    batch = tictactoe.Batch(games, seed=2)
    start = time.perf_counter()
    stats = batch.random_moves(steps)
    return stats["moves"] / (time.perf_counter() - start)


def pgx_rollout(games, steps):
    """Pgx's moves per second, or None when pgx is not installed."""
    try:
        import jax
        import jax.numpy as jnp
        import pgx
    except ImportError:
        return None
    from pgx.experimental import auto_reset

    env = pgx.make("tic_tac_toe")
    init = jax.vmap(env.init)
    step = jax.vmap(auto_reset(env.step, env.init))  # a finished game starts afresh, as in Batch

    def body(carry, _):
        state, key = carry
        key, choose, reset = jax.random.split(key, 3)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(choose, logits, axis=-1)
        state = step(state, action, jax.random.split(reset, games))
        return (state, key), None

    @jax.jit
    def rollout(key):
        state = init(jax.random.split(key, games))
        (state, _), _ = jax.lax.scan(body, (state, key), None, length=steps)
        return state

    jax.block_until_ready(rollout(jax.random.PRNGKey(0)))  # compile
    start = time.perf_counter()
    jax.block_until_ready(rollout(jax.random.PRNGKey(1)))
    return games * steps / (time.perf_counter() - start)


def main(games=65_536, steps=50):
    runs = [environment_share(games, steps) for _ in range(5)]
    share, per_cpu = max(r[0] for r in runs), max(r[1] for r in runs)
    print(f"3x3, {games} games, {steps} steps per run, best of 5")
    print(f"Batch.step + legal_mask(out=) + observe(out=): {share / 1e6:10.1f} M moves/s")
    print(f"  the same per second of this thread's processor time: {per_cpu / 1e6:.1f} M moves")
    own = max(random_moves(games, steps) for _ in range(5))
    print(f"Batch.random_moves (all cores):                {own / 1e6:10.1f} M moves/s")
    pgx = pgx_rollout(games, steps)
    if pgx is None:
        print("Pgx: not installed (pip install pgx), no comparison")
    else:
        print(f"Pgx jitted random rollout (CPU):               {pgx / 1e6:10.1f} M moves/s")
        print(f"ratio Batch environment / Pgx:                 {share / pgx:10.1f}")


if __name__ == "__main__":
    main(*map(int, sys.argv[1:3]))
