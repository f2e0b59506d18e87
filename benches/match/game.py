"""One freestyle game between two engines, judged here.

Black moves first. With an opening, its stones are on the board before either engine moves,
and each engine's first request is a BOARD with every stone so far; without one, Black gets
BEGIN. After its first request an engine gets TURN with the opponent's last move. A move off
the board or on a stone, an ERROR or a wrong answer, a crash, or an answer later than the turn
time plus the tolerance loses the game. k or more in a row wins (freestyle); a full board is a
draw.
"""

from dataclasses import dataclass, field

from engine import Engine, EngineError

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


@dataclass
class Config:
    cols: int = 15
    rows: int = 15
    k: int = 5
    turn_ms: int = 1000
    tolerance_ms: int = 1000


@dataclass
class Record:
    """A finished game: the engines, the opening, the moves (x, y) and who won how."""

    black: str
    white: str
    opening: list
    moves: list = field(default_factory=list)
    times_ms: list = field(default_factory=list)
    winner: str = ""  # "black", "white" or "" for a draw
    reason: str = ""  # five, full, or the loser's fault: timeout, crash, error, illegal
    detail: str = ""


def makes_line(stones, x, y, colour, k):
    """Whether the stone of `colour` at (x, y) is part of k or more in a row."""
    for dx, dy in DIRECTIONS:
        run = 1
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while stones.get((cx, cy)) == colour:
                run += 1
                cx, cy = cx + sign * dx, cy + sign * dy
        if run >= k:
            return True
    return False


def substitute(command, seed):
    """The command line with `{seed}` replaced by the game's seed."""
    return command.replace("{seed}", str(seed))


def _request(engine, synced, history, colour):
    """The command asking `engine` (playing `colour`) for a move."""
    if synced:
        x, y = history[-1]
        return f"TURN {x},{y}"
    if not history:
        return "BEGIN"
    lines = ["BOARD"]
    for i, (x, y) in enumerate(history):
        own = (i % 2 == 0) == (colour == "black")
        lines.append(f"{x},{y},{1 if own else 2}")
    lines.append("DONE")
    return "\n".join(lines)


def _setup(engine, cfg):
    timeout = (cfg.turn_ms + cfg.tolerance_ms) / 1000
    if cfg.cols == cfg.rows:
        engine.expect_ok(f"START {cfg.cols}", timeout)
    else:
        engine.expect_ok(f"RECTSTART {cfg.cols},{cfg.rows}", timeout)
    for key, value in (
        ("timeout_turn", cfg.turn_ms),
        ("timeout_match", 0),
        ("rule", 0),
        ("game_type", 1),
    ):
        engine.send(f"INFO {key} {value}")


def _play(engines, cfg, record):
    stones = {}
    for i, (x, y) in enumerate(record.opening):
        stones[(x, y)] = "black" if i % 2 == 0 else "white"
    history = list(record.opening)
    synced = {"black": False, "white": False}
    limit = (cfg.turn_ms + cfg.tolerance_ms) / 1000
    while len(stones) < cfg.cols * cfg.rows:
        colour = "black" if len(history) % 2 == 0 else "white"
        engine = engines[colour]
        try:
            (x, y), took = engine.move(_request(engine, synced[colour], history, colour), limit)
        except EngineError as e:
            return "white" if colour == "black" else "black", e.reason, e.detail
        synced[colour] = True
        record.times_ms.append(round(took * 1000, 1))
        if not (0 <= x < cfg.cols and 0 <= y < cfg.rows) or (x, y) in stones:
            return (
                "white" if colour == "black" else "black",
                "illegal",
                f"{engine.name} played {x},{y}",
            )
        stones[(x, y)] = colour
        history.append((x, y))
        record.moves.append((x, y))
        if makes_line(stones, x, y, colour, cfg.k):
            return colour, "five", ""
    return "", "full", ""


def play_game(black, white, cfg, opening=(), seed=0):
    """Plays one game; `black` and `white` are (name, command). Returns its Record."""
    record = Record(black=black[0], white=white[0], opening=[tuple(s) for s in opening])
    engines = {}
    try:
        for colour, (name, command) in (("black", black), ("white", white)):
            engines[colour] = Engine(name, substitute(command, seed))
        for colour, engine in engines.items():
            try:
                _setup(engine, cfg)
            except EngineError as e:
                record.winner = "white" if colour == "black" else "black"
                record.reason, record.detail = e.reason, e.detail
                return record
        record.winner, record.reason, record.detail = _play(engines, cfg, record)
        return record
    finally:
        for engine in engines.values():
            engine.close()
