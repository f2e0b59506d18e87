"""Elo from match scores, with a 95% confidence interval.

A pair's score is (wins + draws / 2) / games. Its interval is Wilson's score interval, which
stays inside (0, 1) and is sensible at 0% and 100%; counting a draw as half a win with a
win/loss variance makes it a little wide when there are draws, never too narrow. A score of
0% or 100% has no finite Elo: the estimate is then the interval's bound, shown with < or >.

Over many engines, `fit` rates them all at once from every game (Bradley-Terry), and
`covariance` and `difference_interval` give the difference of two ratings a 95% interval.
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


def fit(scores, names, prior=1.0, rounds=1000):
    """Bradley-Terry ratings in Elo from `scores`, {(a, b): [score of a per game]}, the first
    of `names` rated 0, by the minorization-maximization iteration. `prior` virtual drawn
    games per pair that played keep a clean sweep finite (as BayesElo's prior does); the
    engines must be connected by the games played."""
    played = {name: {} for name in names}
    won = dict.fromkeys(names, 0.0)
    for (a, b), games in scores.items():
        n = len(games) + prior
        played[a][b] = played[a].get(b, 0) + n
        played[b][a] = played[b].get(a, 0) + n
        won[a] += sum(games) + prior / 2
        won[b] += len(games) - sum(games) + prior / 2
    gamma = dict.fromkeys(names, 1.0)
    for _ in range(rounds):
        new = {}
        for i, opponents in played.items():
            den = sum(n / (gamma[i] + gamma[j]) for j, n in opponents.items())
            new[i] = won[i] / den if den else gamma[i]
        gamma = {i: g / new[names[0]] for i, g in new.items()}
    return {i: 400 * math.log10(g) for i, g in gamma.items()}


def _invert(m):
    """The inverse of a small square matrix (Gauss-Jordan with partial pivoting)."""
    n = len(m)
    a = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        p = a[c][c]
        a[c] = [v / p for v in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [v - f * w for v, w in zip(a[r], a[c])]
    return [row[n:] for row in a]


def covariance(scores, names, ratings, prior=1.0):
    """The fitted ratings' covariance, {(a, b): cov}, the first engine fixed at 0: the inverse
    Fisher information, the prior's games included, so that a clean sweep is as uncertain as
    its few games make it."""
    played = {}
    for (a, b), games in scores.items():
        for x, y in ((a, b), (b, a)):
            played[(x, y)] = played.get((x, y), 0) + len(games) + prior
    rest = names[1:]
    info = [[0.0] * len(rest) for _ in rest]
    for (x, y), n in played.items():
        p = 1 / (1 + 10 ** ((ratings[y] - ratings[x]) / 400))
        w = n * p * (1 - p)
        if x in rest:
            i = rest.index(x)
            info[i][i] += w
            if y in rest:
                info[i][rest.index(y)] -= w
    inverse = _invert(info)
    scale2 = (400 / math.log(10)) ** 2
    cov = {(a, b): 0.0 for a in names for b in names}
    for i, a in enumerate(rest):
        for j, b in enumerate(rest):
            cov[(a, b)] = inverse[i][j] * scale2
    return cov


def difference_interval(ratings, cov, a, b):
    """The 95% interval of rating a minus rating b."""
    var = cov[(a, a)] + cov[(b, b)] - 2 * cov[(a, b)]
    diff = ratings[a] - ratings[b]
    half = Z95 * math.sqrt(max(var, 0.0))
    return diff - half, diff + half
