"""Threading rule: a game may be shared between threads, its calls running one at a time
(each game has a lock); distinct games are fully independent, so each thread may drive its
own game at the same time as the others."""

import subprocess
import sys
import threading
import time

import pytest
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


def test_threads_may_search_one_game():
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


@pytest.fixture
def fast_switching():
    """Lets threads switch after every few bytecodes, so races show up quickly."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def test_threads_reading_one_game_see_its_values(fast_switching):
    # X won: result "A", winner 1, nobody to move. Every property uses the game's scratch
    # buffer; without the lock a reader could see what another reader's call put there.
    game = tictactoe.Game()
    for row, col in [(0, 0), (1, 1), (0, 1), (2, 2), (0, 2)]:
        game.play(row, col)
    readers = [
        (lambda: game.to_move, 0),
        (lambda: game.winner, 1),
        (lambda: game.result, "A"),
        (lambda: game.first_player, 1),
        (lambda: game.cell(1, 1), 2),
        (lambda: game.move_count, 5),
    ]
    wrong = []

    def worker(read, expected):
        for _ in range(20_000):
            value = read()
            if value != expected:
                wrong.append((value, expected))

    threads = [threading.Thread(target=worker, args=reader) for reader in readers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []


def hammer(seconds):
    """Threads changing and reading ONE game at once; every call sees a whole position.
    Before each game had a lock, this corrupted the heap (glibc aborted the process)."""
    game = tictactoe.Game(6, 6, 4)
    deadline = time.monotonic() + seconds
    problems = []

    def changer(row):
        while time.monotonic() < deadline:
            try:
                game.play(row, row)
                game.move(row, 5 - row, game.to_move or 1)
                game.undo()
            except tictactoe.Error:
                pass  # another thread moved in between: a legal refusal
            if row == 0:
                game.reset()

    def reader():
        while time.monotonic() < deadline:
            board = game.board
            stones = "".join(board)
            if len(board) != 6 or stones.count("X") - stones.count("O") not in (0, 1, -1):
                problems.append(board)
            moves = game.moves
            if len(set(moves)) != len(moves):
                problems.append(moves)
            tictactoe.Game.from_text(game.to_text()).close()  # always a legal position
            game.clone().close()

    def guarded(work, *args):
        try:
            work(*args)
        except Exception as error:  # reported below, not lost in the thread
            problems.append(repr(error))

    threads = [threading.Thread(target=guarded, args=(changer, row)) for row in range(3)]
    threads += [threading.Thread(target=guarded, args=(reader,)) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert problems == []
    return game


def test_threads_changing_one_game_at_once():
    # In a child process, so a crash fails this test instead of killing pytest.
    run = subprocess.run(
        [sys.executable, __file__, "hammer"], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "ok"


def test_close_waits_for_a_search_in_another_thread():
    # best_move on 5x5 k=4 takes about a tenth of a second, all of it in C without the GIL.
    # close() from another thread must not free the game under it: close() waits, so the search
    # either answers right (a search on a freed game would read freed memory) or, when close()
    # took the game first, raises GameClosed. The clock cannot tell which ended first: the
    # search thread may read it only after close() has returned.
    game = tictactoe.Game(5, 5, 4)
    started, finished = threading.Event(), []

    def search():
        started.set()
        try:
            finished.append(game.best_move())
        except tictactoe.GameClosed as error:  # close() won the race: fine too
            finished.append(error)

    thread = threading.Thread(target=search)
    thread.start()
    started.wait()
    time.sleep(0.05)
    game.close()
    assert game.closed
    thread.join()
    answer = finished[0]
    if isinstance(answer, tuple):
        assert answer == (2, 2, 0)
    with pytest.raises(tictactoe.GameClosed):
        game.best_move()


def test_separate_games_do_not_wait_for_each_other(still_running_after):
    # Each game has its own lock: a long search on one leaves another free to play. Had the
    # quick game waited for the slow one's lock, the search would be over first.
    slow = tictactoe.Game(5, 5, 4)

    def play_a_quick_game():
        with tictactoe.Game() as quick:
            for row, col in DRAW:
                quick.play(row, col)
            assert quick.result == "Draw"

    assert still_running_after(slow.best_move, play_a_quick_game)


if __name__ == "__main__" and sys.argv[1:] == ["hammer"]:
    hammer(3.0)
    print("ok")
