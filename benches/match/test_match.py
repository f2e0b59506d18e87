#!/usr/bin/env python3
"""The match runner's own tests: the judge, the ratings, the openings, engines that break the
protocol, and a short match between two fast levels of target/pbrain-tictactoe (built first
with examples/pbrain/build.sh), whose counts and records must agree."""

import contextlib
import io
import json
import math
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

import match
from game import Config, makes_line, play_game
from openings import openings
from rating import Tally, covariance, difference_interval, elo, fit, wilson

BRAIN = ROOT / "target" / "pbrain-tictactoe"
# A fake engine in Python: answers OK to START, then whatever `reply` says to each move request.
FAKE = (
    f'{sys.executable} -c "import sys\n'
    "for line in sys.stdin:\n"
    "    w = line.split()[0] if line.split() else ''\n"
    "    if w in ('START', 'RECTSTART'): print('OK', flush=True)\n"
    "    elif w in ('BEGIN', 'TURN', 'DONE'): print({reply}, flush=True)\n"
    "    elif w == 'END': break\n\""
)


def setUpModule():
    subprocess.run(
        ["bash", str(ROOT / "examples" / "pbrain" / "build.sh")],
        check=True,
        stdout=subprocess.DEVNULL,
    )


class Judge(unittest.TestCase):
    def test_lines_in_every_direction(self):
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            stones = {(5 + i * dx, 5 + i * dy): "black" for i in range(5)}
            for i in range(5):
                self.assertTrue(makes_line(stones, 5 + i * dx, 5 + i * dy, "black", 5))
            del stones[(5 + 2 * dx, 5 + 2 * dy)]
            self.assertFalse(makes_line(stones, 5, 5, "black", 5))

    def test_overline_wins_and_colours_count_apart(self):
        stones = {(x, 0): "white" for x in range(6)}
        self.assertTrue(makes_line(stones, 0, 0, "white", 5))
        stones[(2, 0)] = "black"
        self.assertFalse(makes_line(stones, 0, 0, "white", 3))
        self.assertTrue(makes_line(stones, 3, 0, "white", 3))


class Ratings(unittest.TestCase):
    def test_elo(self):
        self.assertEqual(elo(0.5), 0)
        self.assertAlmostEqual(elo(0.75), 190.85, places=1)
        self.assertAlmostEqual(elo(0.25), -elo(0.75))
        self.assertEqual(elo(1), math.inf)

    def test_wilson_holds_the_score(self):
        for games in (1, 10, 40):
            for wins in range(games + 1):
                low, high = wilson(wins / games, games)
                self.assertLessEqual(low, wins / games + 1e-12)
                self.assertGreaterEqual(high, wins / games - 1e-12)
                self.assertTrue(0 <= low < high <= 1)

    def test_fit_of_one_pair_is_its_elo(self):
        scores = {("A", "B"): [1.0] * 15 + [0.0] * 5}
        ratings = fit(scores, ["B", "A"], prior=0)
        self.assertAlmostEqual(ratings["A"], elo(0.75), places=3)
        # With the prior's drawn game, a clean sweep is rated finitely, above 20 to 1.
        ratings = fit({("A", "B"): [1.0] * 20}, ["B", "A"])
        self.assertAlmostEqual(ratings["A"], elo(20.5 / 21), places=3)

    def test_fit_orders_a_chain_and_intervals_shrink_with_games(self):
        names = ["C", "B", "A"]
        widths = []
        for n in (10, 40):
            scores = {
                ("A", "B"): [1.0] * (3 * n // 4) + [0.0] * (n // 4),
                ("B", "C"): [1.0] * (3 * n // 4) + [0.0] * (n // 4),
            }
            ratings = fit(scores, names)
            self.assertGreater(ratings["A"], ratings["B"])
            self.assertGreater(ratings["B"], ratings["C"])
            low, high = difference_interval(ratings, covariance(scores, names, ratings), "A", "B")
            self.assertLess(low, ratings["A"] - ratings["B"])
            self.assertGreater(high, ratings["A"] - ratings["B"])
            widths.append(high - low)
        self.assertLess(widths[1], widths[0] * 0.6)

    def test_sweep_is_a_bound(self):
        t = Tally()
        t.wins = 20
        est, low, high = t.elo()
        self.assertEqual((t.bound(), est, high), (">", low, math.inf))
        self.assertGreater(low, 200)


class Openings(unittest.TestCase):
    def test_fixed_distinct_and_on_the_board(self):
        a = openings(30, 15, 15, seed=7)
        self.assertEqual(a, openings(30, 15, 15, seed=7))
        self.assertNotEqual(a, openings(30, 15, 15, seed=8))
        self.assertEqual(len({tuple(map(tuple, o)) for o in a}), 30)
        for black, white in a:
            self.assertNotEqual(black, white)
            self.assertTrue(all(0 <= c < 15 for c in black + white))

    def test_schedule_swaps_colours_on_each_opening(self):
        plan = match.schedule("A", "B", 4, [["o1"], ["o2"]])
        self.assertEqual(
            plan, [("A", "B", ["o1"]), ("B", "A", ["o1"]), ("A", "B", ["o2"]), ("B", "A", ["o2"])]
        )


class BrokenEngines(unittest.TestCase):
    def loses(self, reply, reason, **cfg):
        bad = ("bad", FAKE.format(reply=reply))
        good = ("good", f"{BRAIN} --level MEDIUM")
        record = play_game(bad, good, Config(**cfg))
        self.assertEqual((record.winner, record.reason), ("white", reason), record.detail)

    def test_occupied_cell(self):
        self.loses("'7,7'", "illegal")

    def test_off_the_board(self):
        self.loses("'15,0'", "illegal")

    def test_not_a_move(self):
        self.loses("'ERROR no idea'", "error")

    def test_too_slow(self):
        self.loses("__import__('time').sleep(5) or '7,7'", "timeout", turn_ms=100, tolerance_ms=200)

    def test_crash(self):
        self.loses("sys.exit(3)", "crash")


class ShortMatch(unittest.TestCase):
    def test_counts_agree_with_the_records(self):
        tmp = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, tmp)
        records = Path(tmp) / "games.jsonl"
        argv = [
            "ladder",
            f"EASY={BRAIN} --level EASY",
            f"MEDIUM={BRAIN} --level MEDIUM --seed {{seed}}",
            "--games",
            "6",
            "--openings",
            "--size",
            "11",
            "--records",
            str(records),
        ]
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(match.main(argv), 0)
        games = [json.loads(line) for line in records.read_text().splitlines()]
        self.assertEqual(len(games), 6)
        self.assertEqual(sum(g["black"] == "EASY" for g in games), 3, "colours alternate")
        wins = {"EASY": 0, "MEDIUM": 0, "": 0}
        for g in games:
            self.assertEqual(
                g["opening"], games[games.index(g) // 2 * 2]["opening"], "openings go in pairs"
            )
            self.assertIn(g["reason"], ("five", "full"), g)
            stones = {}
            cells = g["opening"] + g["moves"]
            for i, (x, y) in enumerate(cells):
                self.assertTrue(0 <= x < 11 and 0 <= y < 11 and (x, y) not in stones)
                stones[(x, y)] = "black" if i % 2 == 0 else "white"
            last = tuple(cells[-1])
            if g["reason"] == "five":
                self.assertTrue(makes_line(stones, *last, stones[last], 5))
                self.assertEqual(g["winner"], stones[last])
            wins[g[g["winner"]] if g["winner"] else ""] += 1
        self.assertEqual(sum(wins.values()), 6)
        self.assertGreater(wins["MEDIUM"], wins["EASY"], "MEDIUM blocks, EASY does not")
        row = f"| MEDIUM | EASY | 6 | {wins['MEDIUM']} | {wins['EASY']} | {wins['']} |"
        self.assertIn(row, out.getvalue(), "the table counts what the records hold")
        self.assertIn("| MEDIUM | +", out.getvalue(), "MEDIUM is rated above EASY, rated 0")
        # The same tables from the saved records.
        rated = io.StringIO()
        with contextlib.redirect_stdout(rated):
            self.assertEqual(match.main(["rate", str(records)]), 0)
        self.assertIn(row, rated.getvalue())


if __name__ == "__main__":
    unittest.main()
