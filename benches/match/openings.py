"""The fixed list of two-stone openings: Black's stone near the centre, White's within two
cells of it, drawn by a seeded generator so that every run of the runner plays the same ones."""

import random


def openings(count, cols, rows, seed=2026):
    """`count` distinct openings [(x, y) of Black, (x, y) of White] on a cols x rows board."""
    rng = random.Random(seed)
    cx, cy = cols // 2, rows // 2
    found, seen = [], set()
    # A small board has fewer distinct openings than asked for: stop trying after a while.
    for _ in range(count * 100):
        if len(found) == count:
            break
        bx = min(max(cx + rng.randint(-2, 2), 0), cols - 1)
        by = min(max(cy + rng.randint(-2, 2), 0), rows - 1)
        wx, wy = bx + rng.randint(-2, 2), by + rng.randint(-2, 2)
        if (wx, wy) == (bx, by) or not (0 <= wx < cols and 0 <= wy < rows):
            continue
        key = ((bx, by), (wx, wy))
        if key not in seen:
            seen.add(key)
            found.append([key[0], key[1]])
    return found
