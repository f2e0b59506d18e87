//! What an empty cell is worth to each side in the budgeted search (`search`), computed from
//! the stones near it rather than from every cell of its k-windows.
//!
//! Every k-window that holds stones of only one player is worth `weight[stones]` to that
//! player. A cell's *attack* for the mover is what the mover's evaluation gains by playing
//! there; its *defence* what the opponent's would gain. Walking the up to k windows through a
//! cell in each direction costs O(k) per direction, which on a 1000 × 1000 board with k = 1000
//! made one search node take milliseconds. Here each line of the board keeps its stones in
//! order, and the windows through a cell are swept from one stone to the next: the counts in a
//! window change only where a stone enters or leaves it, so a direction costs a binary search
//! plus the stones within k - 1 of the cell.

use crate::error::Error;
use crate::rules::{Dir, FreeStretch, Rules};

/// What one empty cell is worth to the side about to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Candidate {
    pub cell: usize,
    /// The cell's row, kept because dividing for it at every node was a third of the time
    /// of a search with tens of thousands of candidates.
    pub row: u32,
    /// Evaluation gained by the mover playing here.
    pub attack: i64,
    /// Evaluation the opponent would gain playing here.
    pub defence: i64,
    /// The mover completes a line here.
    pub wins: bool,
    /// The opponent would complete a line here.
    pub loses: bool,
}

impl Candidate {
    /// The same cell seen by the other player: what one gains is what the other is denied.
    pub fn for_opponent(self) -> Candidate {
        Candidate { attack: self.defence, defence: self.attack, wins: self.loses, loses: self.wins, ..self }
    }
}

/// The stones of a rectangle along each of its lines, scoring the cells of a grid that lies in
/// it. The two differ so that a search near a few stones need not copy a whole board: the
/// grid is what the search plays on, the rectangle only as much wider as the k-windows through
/// the grid's cells reach (with k as long as a side of a 2^26-cell board, a byte per cell of
/// a k-wide rectangle would be most of the board).
pub(super) struct Lines {
    /// The rectangle (its shape, and k).
    rules: Rules,
    /// The grid: its top-left corner in the rectangle, and its width. Cells are given as the
    /// grid's row-major indices.
    grid: (u32, u32, u32),
    /// Per direction (→ ↓ ↘ ↙), per line (`Rules::line_through`).
    lines: [Vec<Line>; 4],
}

/// One line of the rectangle. What it keeps depends on its length: a line shorter than k
/// holds no window and keeps nothing; a line exactly k long is the one window through each of
/// its cells, so its counts are all a rating needs; only a longer line keeps its stones, for
/// the sweep. (Rows of a half-full 1000 × 1000 board with k = 1000 hold about 500 stones
/// each: sweeping or even recording them would dominate the search.)
#[derive(Clone, Debug, Default)]
struct Line {
    /// Cells in the line.
    len: u32,
    /// The position (`Rules::line_through`) of its first cell: a diagonal's positions are rows.
    first: u32,
    /// Stones of each player on a line exactly k long (indexed by stone; 0 unused).
    count: [u32; 3],
    /// The stones of a line longer than k as (position along the line, stone), by position.
    stones: Vec<(u32, u8)>,
    /// Every window of this line (longer than k) holds stones of both players, as found by
    /// `survey`. The search only adds stones to those the lines were read with, so such a
    /// line is worth nothing to any cell for the whole search: it keeps no stones and is not
    /// swept.
    dead: bool,
    /// While the lines are surveyed: per player (stone - 1), whether a window free of their
    /// stones was seen; the stones seen.
    free_of: [FreeStretch; 2],
    seen: u32,
}

impl Line {
    /// Records `stone` at `pos`, which goes at index `at` among the stones kept.
    fn add(&mut self, k: u32, at: usize, pos: u32, stone: u8) -> Result<(), Error> {
        if self.dead {
            return Ok(());
        }
        if self.len == k {
            self.count[stone as usize] += 1;
        } else if self.len > k {
            self.stones.try_reserve(1)?;
            self.stones.insert(at, (pos, stone));
        }
        Ok(())
    }

    /// Forgets `stone` at `pos` (the inverse of `add`).
    fn take(&mut self, k: u32, pos: u32, stone: u8) {
        if self.dead {
            return;
        }
        if self.len == k {
            self.count[stone as usize] -= 1;
        } else if let Ok(at) = self.stones.binary_search_by_key(&pos, |&(p, _)| p) {
            debug_assert_eq!(self.stones[at].1, stone);
            self.stones.remove(at);
        }
    }
}

/// Worth of a k-window holding `c` stones of one player and no others: 8^4 when full, 8^3
/// one short, ... and 1 when four or more short (0 when empty), so each stone closer to a
/// line is worth far more than many windows one step further off. Computed rather than kept
/// in a table of k + 1 entries, which for k = 2^26 would be half a gigabyte.
fn weight(k: u32, c: i64) -> i64 {
    let short = i64::from(k) - c;
    if c == 0 {
        0
    } else {
        8i64.pow(4 - short.clamp(0, 4) as u32)
    }
}

impl Lines {
    /// The empty lines of `rules`' rectangle, for a grid (`grid_row0`, `grid_col0`,
    /// `grid_cols`) that lies in it.
    pub fn new(rules: Rules, grid: (u32, u32, u32)) -> Result<Lines, Error> {
        let mut out = Lines { rules, grid, lines: Default::default() };
        for dir in out.dirs() {
            let lines = &mut out.lines[dir as usize];
            lines.try_reserve_exact(rules.line_count(dir))?;
            lines.extend((0..rules.line_count(dir)).map(|i| {
                let (first, len) = rules.line_extent(dir, i);
                Line { len, first, free_of: [FreeStretch::new(first); 2], ..Line::default() }
            }));
        }
        Ok(out)
    }

    /// Notes `stone` on (row, col) of the rectangle ahead of `append`, in the same row-major
    /// order, to find the lines longer than k where every window holds both players' stones
    /// (`close_survey`). Optional: lines never surveyed are all kept. On a half-full
    /// 1000 × 1000 board with k = 500 every line is such a line, and keeping their stones
    /// would cost more than a short budget.
    pub fn survey(&mut self, row: u32, col: u32, stone: u8) {
        let k = self.rules.k();
        for dir in self.dirs() {
            let (line, pos) = self.line_of(dir, (row, col));
            let line = &mut self.lines[dir as usize][line];
            if line.len > k {
                line.free_of[stone as usize - 1].stone_at(pos, k);
                line.seen += 1;
            }
        }
    }

    /// True when some line is longer than k, the only kind `survey` can find dead (on
    /// 1000 × 1000 with k = 1000 there is none, and a survey of 500,000 stones would only add
    /// to the time before the first node).
    pub fn has_long_lines(&self) -> bool {
        self.dirs().any(|d| self.rules.span(d) > self.rules.k())
    }

    /// Ends the survey: marks the dead lines and makes room for the others' stones. False
    /// when no line keeps anything (every line is dead, or shorter than k): then `append`
    /// would change nothing, and need not be called.
    pub fn close_survey(&mut self) -> Result<bool, Error> {
        let k = self.rules.k();
        let mut keeps = false;
        for line in self.lines.iter_mut().flatten().filter(|l| l.len >= k) {
            line.dead = line.len > k && !line.free_of.iter().any(|f| f.found_by(line.first + line.len, k));
            if !line.dead {
                line.stones.try_reserve_exact(if line.len > k { line.seen as usize } else { 0 })?;
                keeps = true;
            }
        }
        Ok(keeps)
    }

    /// Records `stone` on (row, col) of the rectangle, which must come after every stone
    /// recorded so far in row-major order. That order puts each line's stones in position
    /// order, so each is appended, with no search for its place (half the time of a search on
    /// a board with 500,000 stones went to that search).
    pub fn append(&mut self, row: u32, col: u32, stone: u8) -> Result<(), Error> {
        for dir in self.dirs() {
            let (line, pos) = self.line_of(dir, (row, col));
            let line = &mut self.lines[dir as usize][line];
            debug_assert!(line.stones.last().is_none_or(|&(p, _)| p < pos));
            line.add(self.rules.k(), line.stones.len(), pos, stone)?;
        }
        Ok(())
    }

    /// The grid's `cell` as (row, col) in the grid and in the rectangle.
    fn locate(&self, cell: usize) -> ((u32, u32), (u32, u32)) {
        let (row0, col0, cols) = self.grid;
        // Indices fit in u32 (MAX_CELLS), and 32-bit division is the cheaper one.
        let (row, col) = (cell as u32 / cols, cell as u32 % cols);
        ((row, col), (row0 + row, col0 + col))
    }

    /// Stones in a row needed to win.
    pub fn k(&self) -> u32 {
        self.rules.k()
    }

    /// The directions in which a k-window fits on the rectangle; the others have no windows,
    /// so their lines are not kept at all (a 1 × 2^26 board with k = 2^26 has 2^26 columns
    /// and twice as many diagonals, none of which can hold a window).
    fn dirs(&self) -> impl Iterator<Item = Dir> {
        let rules = self.rules;
        Dir::ALL.into_iter().filter(move |&d| rules.span(d) >= rules.k())
    }

    /// Records `stone` on the grid's empty `cell`.
    pub fn place(&mut self, cell: usize, stone: u8) -> Result<(), Error> {
        let at = self.locate(cell).1;
        for dir in self.dirs() {
            let (line, pos) = self.line_of(dir, at);
            let line = &mut self.lines[dir as usize][line];
            line.add(self.rules.k(), line.stones.partition_point(|&(p, _)| p < pos), pos, stone)?;
        }
        Ok(())
    }

    /// Forgets `stone` on the grid's `cell` (the inverse of `place`).
    pub fn remove(&mut self, cell: usize, stone: u8) {
        let at = self.locate(cell).1;
        for dir in self.dirs() {
            let (line, pos) = self.line_of(dir, at);
            self.lines[dir as usize][line].take(self.rules.k(), pos, stone);
        }
    }

    /// Which line of `dir` holds (row, col) of the rectangle, and the cell's position along it
    /// (`Rules::line_through`).
    fn line_of(&self, dir: Dir, at: (u32, u32)) -> (usize, u32) {
        self.rules.line_through(dir, at)
    }

    /// How many steps the rectangle allows from (row, col) against and along `dir`.
    fn reach(&self, dir: Dir, (row, col): (u32, u32)) -> (i64, i64) {
        let (row, col) = (i64::from(row), i64::from(col));
        let (below, right) = (i64::from(self.rules.rows()) - 1 - row, i64::from(self.rules.cols()) - 1 - col);
        match dir {
            Dir::East => (col, right),
            Dir::South => (row, below),
            Dir::SouthEast => (row.min(col), below.min(right)),
            Dir::SouthWest => (row.min(right), below.min(col)),
        }
    }

    /// Scores the grid's empty `cell` for `me` (1 or 2).
    pub fn score(&self, cell: usize, me: u8) -> Candidate {
        let ((row, _), at) = self.locate(cell);
        let mut out = Candidate { cell, row, ..Candidate::default() };
        for dir in self.dirs() {
            self.score_along(dir, at, me, &mut out);
        }
        out
    }

    /// Adds the windows through `spot` = (row, col) of the rectangle in `dir` to `out`.
    fn score_along(&self, dir: Dir, spot: (u32, u32), me: u8, out: &mut Candidate) {
        let k = i64::from(self.rules.k());
        let (back, fwd) = self.reach(dir, spot);
        if back + fwd + 1 < k {
            return;
        }
        let (line, pos) = self.line_of(dir, spot);
        let line = &self.lines[dir as usize][line];
        if line.dead {
            return;
        }
        if back + fwd + 1 == k {
            let n = line.count.map(i64::from);
            self.add_windows(n[me as usize], n[3 - me as usize], 1, out);
            return;
        }
        // The windows through the cell reach at most k - 1 steps each way.
        let (back, fwd) = (back.min(k - 1), fwd.min(k - 1));
        let (stones, pos) = (&line.stones, i64::from(pos));
        // The stones within reach, at positions relative to the cell.
        let from = stones.partition_point(|&(p, _)| i64::from(p) < pos - back);
        let to = stones.partition_point(|&(p, _)| i64::from(p) <= pos + fwd);
        let near = &stones[from..to];
        let at = |i: usize| i64::from(near[i].0) - pos;
        // Windows [s, s + k) for s in first..=last; `n` counts the stones of each kind in the
        // current one, which holds near[lo..hi].
        let (first, last) = (-back, fwd - k + 1);
        let (mut n, mut lo, mut hi) = ([0i64; 3], 0, 0);
        while hi < near.len() && at(hi) < first + k {
            n[near[hi].1 as usize] += 1;
            hi += 1;
        }
        let mut s = first;
        while s <= last {
            // The next start where a stone leaves the window or one enters it.
            let leave = if lo < hi { at(lo) + 1 } else { i64::MAX };
            let enter = if hi < near.len() { at(hi) - k + 1 } else { i64::MAX };
            let next = leave.min(enter).min(last + 1);
            self.add_windows(n[me as usize], n[3 - me as usize], next - s, out);
            s = next;
            if s == leave {
                n[near[lo].1 as usize] -= 1;
                lo += 1;
            }
            if s == enter {
                n[near[hi].1 as usize] += 1;
                hi += 1;
            }
        }
    }

    /// Adds `times` windows holding `mine` of the mover's stones and `theirs` of the
    /// opponent's to `out`.
    fn add_windows(&self, mine: i64, theirs: i64, times: i64, out: &mut Candidate) {
        let k = i64::from(self.rules.k());
        let w = |c: i64| weight(self.rules.k(), c);
        out.wins |= theirs == 0 && mine == k - 1;
        out.loses |= mine == 0 && theirs == k - 1;
        if theirs == 0 {
            out.attack += times * (w(mine + 1) - w(mine));
            out.defence += times * w(mine);
        }
        if mine == 0 {
            out.defence += times * (w(theirs + 1) - w(theirs));
            out.attack += times * w(theirs);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng::Rng;

    /// The plain definition: every k-window through `cell` in every direction, walked cell
    /// by cell.
    fn score_by_walking(rules: Rules, cells: &[u8], weight: &[i64], cell: usize, me: u8) -> Candidate {
        let k = i64::from(rules.k());
        let (row, col) = rules.row_col(cell);
        let (rows, cols) = (i64::from(rules.rows()), i64::from(rules.cols()));
        let mut out = Candidate { cell, row, ..Candidate::default() };
        for (dr, dc) in Dir::ALL.map(Dir::step) {
            let at = |i: i64| {
                let (r, c) = (i64::from(row) + i * dr, i64::from(col) + i * dc);
                (r >= 0 && c >= 0 && r < rows && c < cols).then(|| cells[(r * cols + c) as usize])
            };
            for start in 1 - k..=0 {
                let Some(window) = (start..start + k).map(at).collect::<Option<Vec<u8>>>() else {
                    continue;
                };
                let count = |s: u8| window.iter().filter(|&&x| x == s).count() as i64;
                let (mine, theirs) = (count(me), count(3 - me));
                out.wins |= theirs == 0 && mine == k - 1;
                out.loses |= mine == 0 && theirs == k - 1;
                if theirs == 0 {
                    out.attack += weight[mine as usize + 1] - weight[mine as usize];
                    out.defence += weight[mine as usize];
                }
                if mine == 0 {
                    out.defence += weight[theirs as usize + 1] - weight[theirs as usize];
                    out.attack += weight[theirs as usize];
                }
            }
        }
        out
    }

    /// The weights as the table they once were, by their definition.
    fn weights(k: u32) -> Vec<i64> {
        (0..=k as usize)
            .map(|c| if c == 0 { 0 } else { 8i64.pow(4u32.saturating_sub((k as usize - c) as u32)) })
            .collect()
    }

    /// Lines of the whole board `cells`, scoring its own cells.
    fn on_whole_board(rules: Rules, cells: &[u8]) -> Lines {
        let mut lines = Lines::new(rules, (0, 0, rules.cols())).unwrap();
        for (cell, &stone) in cells.iter().enumerate().filter(|&(_, &s)| s != 0) {
            let (r, c) = rules.row_col(cell);
            lines.append(r, c, stone).unwrap();
        }
        lines
    }

    /// A survey that finds every line longer than k dead still has the lines exactly k long
    /// recorded: on 6 x 9 with k = 6, rows alternating X and O (every window of a row holds
    /// both) around a column of X one stone short of k.
    #[test]
    fn a_survey_that_kills_every_long_line_keeps_the_lines_k_long() {
        let rules = Rules::new(6, 9, 6).unwrap();
        let cells: Vec<u8> = (0..rules.cells())
            .map(|i| match rules.row_col(i) {
                (2, 4) => 0,
                (_, 4) => 1,
                (r, c) => 1 + ((r + c) % 2) as u8,
            })
            .collect();
        let mut lines = Lines::new(rules, (0, 0, rules.cols())).unwrap();
        let stones = (0..rules.cells()).filter(|&i| cells[i] != 0).map(|i| (rules.row_col(i), cells[i]));
        stones.clone().for_each(|((r, c), stone)| lines.survey(r, c, stone));
        assert!(lines.close_survey().unwrap(), "the columns and short diagonals are kept");
        assert!(lines.lines[Dir::East as usize].iter().all(|l| l.dead));
        stones.for_each(|((r, c), stone)| lines.append(r, c, stone).unwrap());
        let cell = rules.index(2, 4).unwrap();
        for me in [1, 2] {
            let want = score_by_walking(rules, &cells, &weights(6), cell, me);
            assert_eq!(lines.score(cell, me), want);
        }
        assert!(lines.score(cell, 1).wins);
    }

    /// Each line's length is the number of cells `line_of` puts on it, and its first
    /// position the least of theirs.
    #[test]
    fn lines_know_their_lengths() {
        for (rows, cols) in [(1, 1), (1, 9), (9, 1), (3, 3), (4, 7), (7, 4), (12, 5)] {
            let rules = Rules::new(rows, cols, 1).unwrap();
            let lines = Lines::new(rules, (0, 0, cols)).unwrap();
            for dir in Dir::ALL {
                let mut cells = vec![(0u32, u32::MAX); lines.lines[dir as usize].len()];
                for cell in 0..rules.cells() {
                    let (line, pos) = lines.line_of(dir, rules.row_col(cell));
                    cells[line] = (cells[line].0 + 1, cells[line].1.min(pos));
                }
                let lens: Vec<(u32, u32)> =
                    lines.lines[dir as usize].iter().map(|l| (l.len, l.first)).collect();
                assert_eq!(lens, cells, "{rows}x{cols} {dir:?}");
            }
        }
    }

    /// Built on a part of a board, the lines score the cells of a grid inside that part as
    /// the whole board's windows do, as long as the part reaches k - 1 cells beyond the grid
    /// (or to the board's edge); `place` and `remove` take the grid's cells. Half the time the
    /// lines are surveyed first, and the dead lines they then skip change no score.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, thousands of positions
    fn a_grid_inside_a_part_of_the_board_is_scored_as_on_the_whole_board() {
        let mut rng = Rng::new(12);
        let (mut smaller, mut dead, mut open, mut all_dead) = (0, 0, 0, 0);
        for (rows, cols, k) in [(20, 20, 5), (9, 30, 4), (30, 9, 6), (1, 40, 7), (25, 25, 1), (16, 16, 16)] {
            let board = Rules::new(rows, cols, k).unwrap();
            let below = |rng: &mut Rng, n: u32| rng.below(n as usize) as u32;
            for _ in 0..30 {
                let fill = rng.below(101);
                let mut cells: Vec<u8> = (0..board.cells())
                    .map(|_| if rng.below(100) < fill { 1 + rng.below(2) as u8 } else { 0 })
                    .collect();
                let (top, left) = (below(&mut rng, rows), below(&mut rng, cols));
                let (bottom, right) =
                    (top + below(&mut rng, rows - top), left + below(&mut rng, cols - left));
                let extra = k - 1 + below(&mut rng, 3);
                let (row0, col0) = (top.saturating_sub(extra), left.saturating_sub(extra));
                let (row1, col1) = ((bottom + extra).min(rows - 1), (right + extra).min(cols - 1));
                let part = Rules::new(row1 - row0 + 1, col1 - col0 + 1, k).unwrap();
                smaller += usize::from(part.cells() < board.cells());
                let grid_cols = right - left + 1;
                let mut lines = Lines::new(part, (top - row0, left - col0, grid_cols)).unwrap();
                let stones: Vec<(u32, u32, u8)> = (row0..=row1)
                    .flat_map(|r| (col0..=col1).map(move |c| (r, c)))
                    .map(|(r, c)| (r - row0, c - col0, cells[board.index(r, c).unwrap()]))
                    .filter(|&(.., stone)| stone != 0)
                    .collect();
                let mut keeps = true;
                if rng.below(2) == 0 && lines.has_long_lines() {
                    stones.iter().for_each(|&(r, c, stone)| lines.survey(r, c, stone));
                    keeps = lines.close_survey().unwrap();
                    let long = lines.lines.iter().flatten().filter(|l| l.len > k);
                    let n = long.clone().filter(|l| l.dead).count();
                    (dead, open, all_dead) =
                        (dead + n, open + long.count() - n, all_dead + usize::from(!keeps));
                }
                // As `View::lines_of` does: nothing to record when no line keeps anything.
                for &(r, c, stone) in stones.iter().filter(|_| keeps) {
                    lines.append(r, c, stone).unwrap();
                }
                let on_board = |cell: usize| {
                    board.index(top + cell as u32 / grid_cols, left + cell as u32 % grid_cols).unwrap()
                };
                let grid_cells = (bottom - top + 1) as usize * grid_cols as usize;
                let check = |lines: &Lines, cells: &[u8]| {
                    for cell in (0..grid_cells).filter(|&c| cells[on_board(c)] == 0) {
                        for me in [1, 2] {
                            let want = score_by_walking(board, cells, &weights(k), on_board(cell), me);
                            let want = Candidate { cell, row: cell as u32 / grid_cols, ..want };
                            assert_eq!(lines.score(cell, me), want, "{rows},{cols},{k} grid cell {cell}");
                        }
                    }
                };
                check(&lines, &cells);
                // A stone placed on the grid, and taken off again.
                let cell = rng.below(grid_cells);
                if cells[on_board(cell)] == 0 {
                    let stone = 1 + rng.below(2) as u8;
                    lines.place(cell, stone).unwrap();
                    cells[on_board(cell)] = stone;
                    check(&lines, &cells);
                    lines.remove(cell, stone);
                    cells[on_board(cell)] = 0;
                    check(&lines, &cells);
                }
            }
        }
        assert!(smaller > 100, "the part was rarely smaller than the board: {smaller}");
        assert!(
            dead > 300 && open > 300 && all_dead > 3,
            "surveyed: {dead} dead, {open} open, {all_dead} all dead"
        );
    }

    /// The sweep from stone to stone agrees with walking every window, for every empty cell
    /// and both players, on boards of many shapes and fillings, kept up by `place` and
    /// `remove` as well as built at once.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, thousands of positions
    fn sweeping_agrees_with_walking_every_window() {
        let mut rng = Rng::new(11);
        let shapes = [
            (3, 3, 3),
            (1, 9, 4),
            (9, 1, 9),
            (5, 8, 5),
            (8, 5, 2),
            (6, 6, 6),
            (7, 4, 7),
            (12, 12, 5),
            (10, 13, 1),
            (4, 30, 12),
        ];
        for (rows, cols, k) in shapes {
            let rules = Rules::new(rows, cols, k).unwrap();
            for _ in 0..40 {
                let fill = rng.below(101);
                let cells: Vec<u8> = (0..rules.cells())
                    .map(|_| if rng.below(100) < fill { 1 + rng.below(2) as u8 } else { 0 })
                    .collect();
                let built = on_whole_board(rules, &cells);
                // The same stones placed in a random order on top of a scratch stone, which is
                // then removed again.
                let mut kept = on_whole_board(rules, &vec![0; rules.cells()]);
                let mut order: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).collect();
                for i in (1..order.len()).rev() {
                    order.swap(i, rng.below(i + 1));
                }
                let scratch = rng.below(cells.len());
                kept.place(scratch, 1).unwrap();
                for &c in order.iter().filter(|&&c| c != scratch) {
                    kept.place(c, cells[c]).unwrap();
                }
                kept.remove(scratch, 1);
                if cells[scratch] != 0 {
                    kept.place(scratch, cells[scratch]).unwrap();
                }
                let weights = weights(k);
                for cell in (0..cells.len()).filter(|&c| cells[c] == 0) {
                    for me in [1, 2] {
                        let want = score_by_walking(rules, &cells, &weights, cell, me);
                        assert_eq!(built.score(cell, me), want, "{rows},{cols},{k} cell {cell} me {me}");
                        assert_eq!(kept.score(cell, me), want, "kept: {rows},{cols},{k} cell {cell}");
                        assert_eq!(
                            want.for_opponent(),
                            score_by_walking(rules, &cells, &weights, cell, 3 - me)
                        );
                    }
                }
            }
        }
    }
}
