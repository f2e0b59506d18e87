"""Elo from match scores, with a 95% confidence interval.

A pair's score is (wins + draws / 2) / games. Its interval is Wilson's score interval, which
stays inside (0, 1) and is sensible at 0% and 100%; counting a draw as half a win with a
win/loss variance makes it a little wide when there are draws, never too narrow. A score of
0% or 100% has no finite Elo: the estimate is then the interval's bound, shown with < or >.
"""

import math

Z95 = 1.959964


def elo(score):
    """The Elo difference that expects `score` (0 to 1); +-inf at the ends."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def wilson(score, games, z=Z95):
    """Wilson's interval (low, high) for a score observed over `games` games."""
    if games == 0:
        return 0.0, 1.0
    z2 = z * z / games
    centre = (score + z2 / 2) / (1 + z2)
    half = z * math.sqrt(score * (1 - score) / games + z * z / (4 * games * games)) / (1 + z2)
    return max(centre - half, 0.0), min(centre + half, 1.0)


class Tally:
    """Wins, losses and draws of one engine against another."""

    def __init__(self):
        self.wins = self.losses = self.draws = 0

    @property
    def games(self):
        return self.wins + self.losses + self.draws

    @property
    def score(self):
        return (self.wins + self.draws / 2) / self.games if self.games else 0.5

    def elo(self):
        """(estimate, low, high) in Elo; a one-sided result's estimate is its bound."""
        low, high = (elo(s) for s in wilson(self.score, self.games))
        est = elo(self.score)
        if self.bound() == ">":
            est, high = low, math.inf
        elif self.bound() == "<":
            est, low = high, -math.inf
        return est, low, high

    def bound(self):
        """'>' or '<' when the estimate is only a bound (a clean sweep), else ''."""
        if self.games and self.wins == self.games:
            return ">"
        if self.games and self.losses == self.games:
            return "<"
        return ""


def format_elo(tally):
    est, low, high = tally.elo()

    def num(v):
        return "inf" if v == math.inf else "-inf" if v == -math.inf else f"{round(v):+d}"

    return f"{tally.bound()}{num(est)} [{num(low)}, {num(high)}]"
