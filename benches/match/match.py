#!/usr/bin/env python3
"""Plays Gomocup ("pbrain") engines against each other: a match between two, or a ladder.

    python3 benches/match/match.py match  A="CMD" B="CMD" [options]
    python3 benches/match/match.py ladder A="CMD" B="CMD" C="CMD" ... [options]
    python3 benches/match/match.py rate   GAMES.jsonl ... [--anchor NAME]

An engine is NAME=COMMAND; `{seed}` in a command becomes the game's number. Each pair plays
--games games, alternating colours; with --openings the games start from a fixed list of
two-stone openings, each played twice with colours swapped. A ladder plays every engine against
the next one in the order given (--all-pairs: against every other), then rates them all from
every game, the first engine 0. `rate` prints the same tables from saved --records files.
Python 3 standard library only; docs/ai.md ("Measuring strength") shows a session.
"""

import argparse
import itertools
import json
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from game import Config, Record, play_game
from openings import openings
from rating import Tally, covariance, difference_interval, fit, format_elo


def parse_engine(text):
    name, sep, command = text.partition("=")
    if not sep or not name or not command.strip() or " " in name:
        raise argparse.ArgumentTypeError(f"an engine is NAME=COMMAND, not {text!r}")
    return name, command


def schedule(a, b, games, opening_list):
    """The games of pair (a, b): (black, white, opening), colours alternating; with openings,
    game 2i and 2i + 1 share opening i."""
    plan = []
    for i in range(games):
        black, white = (a, b) if i % 2 == 0 else (b, a)
        opening = opening_list[(i // 2) % len(opening_list)] if opening_list else []
        plan.append((black, white, opening))
    return plan


class Results:
    """The tallies of every pair, and the game records as JSON lines."""

    def __init__(self, records_path):
        self.tallies = {}
        self.scores = {}  # (black, white): Black's score in each game, for the ratings' fit
        self.lock = threading.Lock()
        self.records = records_path and open(records_path, "w", encoding="utf-8")  # noqa: SIM115

    def add(self, record):
        with self.lock:
            for me, them, colour in (
                (record.black, record.white, "black"),
                (record.white, record.black, "white"),
            ):
                t = self.tallies.setdefault((me, them), Tally())
                if record.winner == "":
                    t.draws += 1
                elif record.winner == colour:
                    t.wins += 1
                else:
                    t.losses += 1
            score = {"black": 1.0, "white": 0.0}.get(record.winner, 0.5)
            self.scores.setdefault((record.black, record.white), []).append(score)
            if self.records:
                self.records.write(json.dumps(record.__dict__) + "\n")
                self.records.flush()

    def close(self):
        if self.records:
            self.records.close()

    def tally(self, a, b):
        return self.tallies.get((a, b), Tally())


def play_pairs(pairs, args, cfg, results):
    opening_list = (
        openings(args.games // 2 + 1, cfg.cols, cfg.rows, args.seed) if args.openings else []
    )
    jobs = []
    for a, b in pairs:
        for black, white, opening in schedule(a, b, args.games, opening_list):
            jobs.append((black, white, opening, len(jobs)))

    def run(job):
        black, white, opening, number = job
        record = play_game(black, white, cfg, opening, seed=args.seed + number)
        results.add(record)
        if args.verbose:
            winner = {"black": record.black, "white": record.white}.get(record.winner, "draw")
            print(
                f"game {number}: {record.black} (black) vs {record.white}: {winner}, {record.reason}, "
                f"{len(record.moves)} moves",
                file=sys.stderr,
            )

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        list(pool.map(run, jobs))


def pair_table(pairs, results):
    lines = [
        "| engine | opponent | games | wins | losses | draws | score | Elo difference [95%] |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (a, _), (b, _) in pairs:
        t = results.tally(a, b)
        lines.append(
            f"| {a} | {b} | {t.games} | {t.wins} | {t.losses} | {t.draws} | "
            f"{100 * t.score:.0f}% | {format_elo(t)} |"
        )
    return "\n".join(lines)


def ladder_table(engines, results):
    """Every engine rated from all the games (the first engine 0), strongest first, each with
    the Elo difference to the one below it and that difference's 95% interval."""
    names = [name for name, _ in engines]
    ratings = fit(results.scores, names)
    cov = covariance(results.scores, names, ratings)
    ranked = sorted(names, key=lambda n: -ratings[n])
    lines = [
        f"| engine | Elo ({names[0]} = 0) | above the next one [95%] | games |",
        "|---|---|---|---|",
    ]
    for name, below in itertools.zip_longest(ranked, ranked[1:]):
        games = sum(len(g) for pair, g in results.scores.items() if name in pair)
        step = ""
        if below:
            low, high = difference_interval(ratings, cov, name, below)
            step = f"{ratings[name] - ratings[below]:+.0f} [{low:+.0f}, {high:+.0f}]"
        lines.append(f"| {name} | {round(ratings[name]):+d} | {step} | {games} |")
    return "\n".join(lines)


def rate(paths, anchor):
    """The tables of saved records: every pair that played, and the ratings."""
    results = Results(None)
    names = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                data = json.loads(line)
                record = Record(
                    **{k: v for k, v in data.items() if k in Record.__dataclass_fields__}
                )
                results.add(record)
                names += [n for n in (record.black, record.white) if n not in names]
    if anchor:
        if anchor not in names:
            raise SystemExit(f"no games of {anchor}")
        names.remove(anchor)
        names.insert(0, anchor)
    pairs = {tuple(sorted(pair, key=names.index)) for pair in results.scores}
    pairs = sorted(pairs, key=lambda pair: (names.index(pair[0]), names.index(pair[1])))
    engines = [(n, "") for n in names]
    print(pair_table([((b, ""), (a, "")) for a, b in pairs], results))
    print()
    print(ladder_table(engines, results))
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("mode", choices=("match", "ladder", "rate"))
    p.add_argument("items", nargs="+", metavar="NAME=COMMAND or GAMES.jsonl")
    p.add_argument("--games", type=int, default=20, help="games per pair (default 20)")
    p.add_argument("--size", type=int, default=15, help="a square board's side (default 15)")
    p.add_argument("--cols", type=int, help="columns of a rectangular board (RECTSTART)")
    p.add_argument("--rows", type=int, help="rows of a rectangular board (RECTSTART)")
    p.add_argument("--k", type=int, default=5, help="stones in a row that win (default 5)")
    p.add_argument("--openings", action="store_true", help="start from two-stone openings")
    p.add_argument("--seed", type=int, default=2026, help="the openings' generator seed")
    p.add_argument("--turn-ms", type=int, default=1000, help="timeout_turn sent to the engines")
    p.add_argument("--tolerance-ms", type=int, default=1000, help="lateness allowed past it")
    p.add_argument("--jobs", type=int, default=1, help="games played at once (default 1)")
    p.add_argument("--records", help="write each game as a JSON line to this file")
    p.add_argument("--all-pairs", action="store_true", help="ladder: every pair, not neighbours")
    p.add_argument("-v", "--verbose", action="store_true", help="a line per game on stderr")
    p.add_argument("--anchor", help="rate: the engine rated 0 (default: the first seen)")
    args = p.parse_args(argv)
    if args.mode == "rate":
        return rate(args.items, args.anchor)
    try:
        args.engines = [parse_engine(item) for item in args.items]
    except argparse.ArgumentTypeError as e:
        p.error(str(e))
    names = [name for name, _ in args.engines]
    if len(set(names)) != len(names):
        p.error("engine names must differ")
    if args.mode == "match" and len(args.engines) != 2:
        p.error("a match needs exactly two engines")
    if args.mode == "ladder" and len(args.engines) < 2:
        p.error("a ladder needs at least two engines")
    cfg = Config(
        cols=args.cols or args.size,
        rows=args.rows or args.size,
        k=args.k,
        turn_ms=args.turn_ms,
        tolerance_ms=args.tolerance_ms,
    )
    if args.all_pairs:
        pairs = list(itertools.combinations(args.engines, 2))
    else:
        pairs = list(zip(args.engines, args.engines[1:]))
    results = Results(args.records)
    try:
        play_pairs(pairs, args, cfg, results)
    finally:
        results.close()
    print(
        f"{cfg.cols}x{cfg.rows}, k = {cfg.k}, freestyle, {args.games} games a pair"
        + (
            ", two-stone openings with colours swapped"
            if args.openings
            else ", colours alternating"
        )
    )
    print()
    # A ladder lists each pair's later engine first: the one expected to be stronger.
    print(pair_table(pairs if args.mode == "match" else [(b, a) for a, b in pairs], results))
    if args.mode == "ladder":
        print()
        print(ladder_table(args.engines, results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
