"""Fixtures shared by the tests."""

import sys
import threading

import pytest


def _still_running_after(call, action):
    """Runs `call` in a new thread, then `action` in this one once the new thread has entered
    `call`, and returns whether `call` was still running when `action` returned.

    The switch interval is raised meanwhile, so the new thread gives up the GIL only where it
    blocks, as the binding's C calls do when they release it: this thread gets to run `action`
    before `call` ends exactly when `call` runs without the GIL (and, if `action` touches a game,
    without a lock `action` needs). No clock is read, so a busy machine cannot change the answer.
    """
    entered, ended = threading.Event(), threading.Event()

    def worker():
        entered.set()
        call()
        ended.set()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        thread = threading.Thread(target=worker)
        thread.start()
        entered.wait()
        action()
        still_running = not ended.is_set()
    finally:
        sys.setswitchinterval(interval)
    thread.join()
    return still_running


@pytest.fixture
def still_running_after():
    """`still_running_after(call, action)`: see `_still_running_after`."""
    return _still_running_after
