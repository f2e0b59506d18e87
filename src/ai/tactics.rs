//! Immediate wins: the empty cells where one more stone completes k in a row, found from the
//! stones rather than by trying every empty cell. The `Easy` level takes such a win; the
//! search on crowded boards takes one, or blocks the opponent's, before anything else.

use std::convert::Infallible;

use crate::game::Game;
use crate::rules::{Dir, FreeStretch, Player, Rules, EMPTY};

/// The lowest empty cell where a stone of `stone` completes k in a row, if any. Where a
/// k-line must fill a whole line of the board, the board's tallies name the lines one stone
/// short, with no pass over the stones. In the other directions such a cell ends a run of
/// `stone` (or joins two), so only the ends of runs are tried (`run_ends_that_win`), never
/// every empty cell of a big board.
pub(super) fn winning_cell(game: &Game, stone: u8) -> Option<usize> {
    let rules = game.rules();
    let k = rules.k();
    if k == 1 {
        return game.legal_cells().next();
    }
    let (board, player) = (game.board(), if stone == 1 { Player::X } else { Player::O });
    let (cells, cols) = (board.cells(), i64::from(rules.cols()));
    let mut best = board
        .lines_one_short(player)
        .filter_map(|(dir, first)| {
            let ((row, col), (dr, dc)) = (rules.row_col(first), dir.step());
            (0..i64::from(k))
                .map(|i| ((i64::from(row) + i * dr) * cols + i64::from(col) + i * dc) as usize)
                .find(|&cell| cells.get(cell) == EMPTY)
        })
        .min();
    let walked = Dir::ALL.map(|d| rules.span(d) >= k && !board.tallied(d));
    if walked == [false; 4] {
        return best;
    }
    let closed = ClosedLines::find(game, stone, walked);
    // Directions where the player can complete no line have no winning cell at all.
    let walked = Dir::ALL.map(|d| walked[d as usize] && !closed.all_closed(d));
    if walked == [false; 4] {
        return best;
    }
    // A run's ends lie at most a row and a column before its first stone.
    let reach_back = cols as usize + 1;
    game.for_each_stone(|cell| {
        if cells.get(cell) != stone || best.is_some_and(|b| cell >= b + reach_back) {
            return;
        }
        let at = rules.row_col(cell);
        for dir in Dir::ALL.into_iter().filter(|&d| walked[d as usize] && !closed.is_closed(d, at)) {
            for win in run_ends_that_win(game, cell, dir, stone).into_iter().flatten() {
                best = Some(best.map_or(win, |b| b.min(win)));
            }
        }
    });
    best
}

/// The lines, in the walked directions, where one player cannot complete k: fewer than k - 1
/// of their stones, or no stretch of k cells free of the opponent's. Looked for only where
/// that may pay, so that the look costs no more than the pass over the stones it may save:
/// - where the lines are no more than the stones (they take no more memory);
/// - and the stones are too few for k - 1 a line on average, or the opponent's too many for
///   a stretch of k free cells to be common.
///
/// The stretches need the stones in order along each line: the board is read row by row when
/// its words are no more than its stones; otherwise the stones come from the game's history
/// (when shorter), and only the counts are taken. With k = 500 on a half-full 1000 × 1000
/// board every line is closed by both tests, with k = 100 and 300,000 stones by the second,
/// so the look-up does not try the ends of every run there.
struct ClosedLines {
    /// Per direction (→ ↓ ↘ ↙), per line (`Rules::line_through`); empty for a direction not
    /// looked at.
    lines: [Vec<LineFacts>; 4],
    rules: Rules,
}

/// What `ClosedLines` learns about one line.
#[derive(Clone, Copy)]
struct LineFacts {
    /// The player's stones on the line.
    mine: u32,
    /// Whether k cells in a row free of the opponent's stones were seen.
    free: FreeStretch,
    /// The stones come in no order, so `free` cannot be told: taken as found.
    unordered: bool,
}

impl ClosedLines {
    fn find(game: &Game, stone: u8, walked: [bool; 4]) -> ClosedLines {
        let rules = game.rules();
        let (k, cells, stones) = (rules.k() as usize, rules.cells(), game.move_count());
        let mut out = ClosedLines { lines: Default::default(), rules };
        let in_order = cells / 32 <= stones;
        for d in Dir::ALL.into_iter().filter(|&d| walked[d as usize]) {
            let n = rules.line_count(d);
            let few = stones / 2 < (k - 1).saturating_mul(n);
            let crowded = in_order && (k - 1).saturating_mul(stones / 2) >= cells;
            // Only a shortcut: without the memory, every stone is tried.
            if n <= stones && (few || crowded) && out.lines[d as usize].try_reserve_exact(n).is_ok() {
                out.lines[d as usize].extend((0..n).map(|line| {
                    let free = FreeStretch::new(rules.line_extent(d, line).0);
                    LineFacts { mine: 0, free, unordered: !in_order }
                }));
            }
        }
        let looked = out.lines.each_ref().map(|l| !l.is_empty());
        if looked == [false; 4] {
            return out;
        }
        let mut note = |at: (u32, u32), s: u8| {
            for d in Dir::ALL.into_iter().filter(|&d| looked[d as usize]) {
                let (line, pos) = rules.line_through(d, at);
                let facts = &mut out.lines[d as usize][line];
                if s == stone {
                    facts.mine += 1;
                } else if in_order {
                    facts.free.stone_at(pos, rules.k());
                }
            }
        };
        if in_order {
            let whole = (rules.rows(), rules.cols());
            let _ = game.board().cells().for_each_stone_in_rect(rules.cols(), (0, 0), whole, |r, c, s| {
                note((r, c), s);
                Ok::<(), Infallible>(())
            });
        } else {
            game.for_each_stone(|cell| {
                if game.board().cells().get(cell) == stone {
                    note(rules.row_col(cell), stone);
                }
            });
        }
        out
    }

    /// True when the lines of `dir` were looked at and the player can complete none of them.
    fn all_closed(&self, dir: Dir) -> bool {
        let lines = &self.lines[dir as usize];
        !lines.is_empty() && (0..lines.len()).all(|line| !self.open(dir, line))
    }

    /// True when the line through (row, col) in `dir` was looked at and the player cannot
    /// complete k on it.
    fn is_closed(&self, dir: Dir, at: (u32, u32)) -> bool {
        !self.lines[dir as usize].is_empty() && !self.open(dir, self.rules.line_through(dir, at).0)
    }

    /// The player may complete k on line `line` of `dir`: k - 1 of their stones, and k cells
    /// free of the opponent's.
    fn open(&self, dir: Dir, line: usize) -> bool {
        let (facts, k) = (&self.lines[dir as usize][line], self.rules.k());
        let (first, len) = self.rules.line_extent(dir, line);
        facts.mine + 1 >= k && (facts.unordered || facts.free.found_by(first + len, k))
    }
}

/// Where `cell` starts a run of `stone` along `dir` (the cell before it does not hold one):
/// the empty cell after the run when a stone there completes k (with the run after it, if
/// any), and the empty cell before the run when the run alone is k - 1 long. Every winning
/// cell is found from some run this way: from the run before it when there is one, else
/// from the run after it, which must then be k - 1 long. On a board of scattered stones most
/// stones start a run of one, and cost three reads per direction: the cell before, the cell
/// after and the one beyond, fewer than counting the runs with `Rules::walk`.
fn run_ends_that_win(game: &Game, cell: usize, dir: Dir, stone: u8) -> [Option<usize>; 2] {
    let (rules, cells) = (game.rules(), game.board().cells());
    let (k, (row, col), (dr, dc)) = (i64::from(rules.k()), rules.row_col(cell), dir.step());
    let (rows, cols) = (i64::from(rules.rows()), i64::from(rules.cols()));
    // The cell `i` steps along `dir` from `cell`, when it is on the board.
    let at = |i: i64| {
        let (r, c) = (i64::from(row) + i * dr, i64::from(col) + i * dc);
        (r >= 0 && c >= 0 && r < rows && c < cols).then(|| (r * cols + c) as usize)
    };
    let holds = |i: i64, what: u8| at(i).filter(|&n| cells.get(n) == what);
    if holds(-1, stone).is_some() {
        return [None, None];
    }
    let mut len = 1;
    while holds(len, stone).is_some() {
        len += 1;
    }
    let after = holds(len, EMPTY).filter(|_| {
        let mut beyond = 0;
        while len + beyond < k - 1 && holds(len + 1 + beyond, stone).is_some() {
            beyond += 1;
        }
        len + beyond >= k - 1
    });
    let before = holds(-1, EMPTY).filter(|_| len >= k - 1);
    [after, before]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::level::random_empty;
    use crate::ai::rng::Rng;

    /// The plain definition: would a stone of `stone` on empty `cell` complete k in a row?
    fn completes_line(game: &Game, cell: usize, stone: u8) -> bool {
        let rules = game.rules();
        let k = rules.k();
        Dir::ALL
            .into_iter()
            .any(|d| rules.span(d) >= k && rules.run(game.board().cells(), cell, d, stone, k - 1).1 >= k)
    }

    /// Checks `winning_cell` for both players against trying every empty cell, on `game` and
    /// on the same position loaded from text; how many players have a win.
    fn agrees_for_both_players(game: &Game) -> usize {
        let loaded = Game::from_text(game.to_text().as_bytes()).unwrap();
        let mut found = 0;
        for stone in [1, 2] {
            let want = game.legal_cells().find(|&c| completes_line(game, c, stone));
            found += usize::from(want.is_some());
            assert_eq!(winning_cell(game, stone), want, "{} for {stone}", game.to_text());
            assert_eq!(winning_cell(&loaded, stone), want, "loaded {}", game.to_text());
        }
        found
    }

    /// Trying the ends of the mover's runs finds the same winning cell as trying every empty
    /// cell, on played and loaded games of many shapes (k = 1 and 2 included), for both
    /// players, whether or not a win exists.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, thousands of positions
    fn winning_cell_is_the_first_empty_cell_that_wins() {
        let mut rng = Rng::new(3);
        let mut found = 0;
        for (rows, cols, k) in [
            (3, 3, 3),
            (5, 7, 4),
            (1, 12, 3),
            (12, 1, 2),
            (6, 6, 1),
            (9, 9, 5),
            (4, 4, 4),
            (16, 16, 4),
            (13, 25, 6),
        ] {
            let rules = Rules::new(rows, cols, k).unwrap();
            for _ in 0..200 {
                let mut game = Game::new(rules).unwrap();
                let moves = rng.below(rules.cells());
                while game.move_count() < moves && game.to_move().is_some() {
                    let cell = random_empty(&game, rng.next_u64()).unwrap();
                    let (r, c) = rules.row_col(cell);
                    game.play(r, c).unwrap();
                }
                if game.to_move().is_none() {
                    game.undo().unwrap();
                }
                found += agrees_for_both_players(&game);
            }
        }
        assert!(found > 300, "too few positions with a win to take: {found}");
    }

    /// Where the board's tallies decide some directions (boards over 64 cells with k a whole
    /// row or column), on positions where one player fills a line of k cells and the other
    /// plays elsewhere: the same cell as trying every empty cell, played or loaded.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, thousands of positions
    fn winning_cell_reads_the_tallied_lines() {
        let mut rng = Rng::new(4);
        let mut found = 0;
        for (rows, cols, k) in
            [(9, 9, 9), (10, 10, 10), (7, 12, 12), (12, 7, 12), (1, 70, 70), (70, 1, 70), (5, 20, 5)]
        {
            let rules = Rules::new(rows, cols, k).unwrap();
            let tallied: Vec<Dir> = Dir::ALL.into_iter().filter(|&d| rules.spans_whole_line(d)).collect();
            assert!(tallied.iter().all(|&d| Game::new(rules).unwrap().board().tallied(d)), "{rows}x{cols}");
            for _ in 0..150 {
                let dir = tallied[rng.below(tallied.len())];
                let first = match dir {
                    Dir::East => rules.index(rng.below(rows as usize) as u32, 0),
                    Dir::South => rules.index(0, rng.below(cols as usize) as u32),
                    Dir::SouthEast => rules.index(0, 0),
                    Dir::SouthWest => rules.index(0, cols - 1),
                }
                .unwrap();
                let step = dir.step().0 * i64::from(cols) + dir.step().1;
                let mut line: Vec<usize> =
                    (0..i64::from(k)).map(|i| (first as i64 + i * step) as usize).collect();
                for i in (1..line.len()).rev() {
                    line.swap(i, rng.below(i + 1));
                }
                // Half the games go on until the owner is one stone short (the next stone would end it).
                let moves = if rng.below(2) == 0 { usize::MAX } else { rng.below(2 * k as usize + 2) };
                let owner = 1 + rng.below(2) as u8;
                let mut game = Game::new(rules).unwrap();
                while game.move_count() < moves && game.to_move().is_some() {
                    let mine = game.to_move().unwrap().stone() == owner;
                    let free = line.iter().copied().find(|&c| game.board().cells().get(c) == EMPTY);
                    let cell = match free.filter(|_| mine) {
                        Some(cell) => cell,
                        None => (0..20)
                            .map(|_| random_empty(&game, rng.next_u64()).unwrap())
                            .find(|c| !line.contains(c))
                            .unwrap_or_else(|| random_empty(&game, rng.next_u64()).unwrap()),
                    };
                    let (r, c) = rules.row_col(cell);
                    if game.play(r, c).unwrap() != crate::game::Outcome::Pending {
                        game.undo().unwrap();
                        break;
                    }
                }
                found += agrees_for_both_players(&game);
            }
        }
        assert!(found > 300, "too few positions with a win to take: {found}");
    }

    /// Where the lines are as many as the stones, the look-up skips the lines it finds closed
    /// (fewer than k - 1 of the player's stones, or no k cells free of the opponent's): on
    /// positions with a window of k cells in any direction holding k - 1 (a win) or k - 2
    /// (none) of one player's stones, and no opponent's, among random stones, the same cell
    /// as trying every empty cell. The window is the only stretch of k free cells on many of
    /// its lines, so a stretch must count from exactly k cells.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, hundreds of positions
    fn winning_cell_skips_only_closed_lines() {
        let mut rng = Rng::new(5);
        let (mut found, mut counted) = (0, 0);
        for (rows, cols, k) in [(30, 30, 15), (20, 45, 12), (45, 20, 12), (16, 60, 16)] {
            let rules = Rules::new(rows, cols, k).unwrap();
            for _ in 0..150 {
                let dirs: Vec<Dir> = Dir::ALL.into_iter().filter(|&d| rules.span(d) >= k).collect();
                let dir = dirs[rng.below(dirs.len())];
                let (dr, dc) = dir.step();
                // A first cell from which k cells along `dir` stay on the board.
                let reach = |n: u32, step: i64| n as usize - if step == 0 { 0 } else { k as usize - 1 };
                let row = rng.below(reach(rows, dr));
                let col = rng.below(reach(cols, dc)) + if dc < 0 { k as usize - 1 } else { 0 };
                let window: Vec<usize> = (0..k as i64)
                    .map(|i| (row as i64 + i * dr) as usize * cols as usize + (col as i64 + i * dc) as usize)
                    .collect();
                let owner = 1 + rng.below(2) as u8;
                let mut cells = vec![EMPTY; rules.cells()];
                let gaps = 1 + rng.below(2);
                for &c in &window[..window.len() - gaps] {
                    cells[c] = owner;
                }
                cells[window[window.len() - gaps..][0]] = EMPTY;
                // Random stones elsewhere, to two to four hundred in all, the counts balanced.
                let total = 200 + rng.below(200);
                let mut placed = [0, 0];
                placed[owner as usize - 1] = window.len() - gaps;
                while placed[0] + placed[1] < total || placed[0] < placed[1] || placed[0] > placed[1] + 1 {
                    let cell = rng.below(rules.cells());
                    let stone = if placed[0] <= placed[1] { 1 } else { 2 };
                    if cells[cell] == EMPTY && !window.contains(&cell) {
                        cells[cell] = stone;
                        placed[stone as usize - 1] += 1;
                    }
                }
                let board: Vec<String> = cells
                    .chunks(cols as usize)
                    .map(|r| r.iter().map(|&c| char::from(b".XO"[c as usize])).collect())
                    .collect();
                let next = if placed[0] == placed[1] { 'X' } else { 'O' };
                let text = format!("{rows},{cols},{k}:{}:{next}", board.join("/"));
                // Random stones may extend the window to a line already: no longer a position to
                // look for a win in.
                let Some(game) = Game::from_text(text.as_bytes()).ok().filter(|g| g.to_move().is_some())
                else {
                    continue;
                };
                let walked = Dir::ALL.map(|d| rules.span(d) >= k && !game.board().tallied(d));
                counted +=
                    usize::from(ClosedLines::find(&game, owner, walked).lines.iter().any(|l| !l.is_empty()));
                found += agrees_for_both_players(&game);
            }
        }
        assert!(counted > 500 && found > 200, "line counts in {counted} positions, wins in {found}");
    }
}
