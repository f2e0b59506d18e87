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
use crate::rules::{Dir, Rules};

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

/// The stones of a rectangle along each of its lines.
pub(super) struct Lines {
    rules: Rules,
    /// Per direction (→ ↓ ↘ ↙), per line (`line_of`): the line's stones as (position along
    /// the line, stone), by position.
    lines: [Vec<Vec<(u32, u8)>>; 4],
}

/// Worth of a k-window holding `c` stones of one player and no others: 8^4 when full, 8^3
/// one short, ... and 1 when four or more short (0 when empty), so each stone closer to a
/// line is worth far more than many windows one step further off. Computed rather than kept
/// in a table of k + 1 entries, which for k = 2^26 took 512 MB and most of 14 s.
fn weight(k: u32, c: i64) -> i64 {
    let short = i64::from(k) - c;
    if c == 0 {
        0
    } else {
        8i64.pow(4 - short.clamp(0, 4) as u32)
    }
}

impl Lines {
    /// The lines of `rules`' rectangle holding `cells` (row-major, 0 empty, 1 or 2).
    pub fn new(rules: Rules, cells: &[u8]) -> Result<Lines, Error> {
        let (rows, cols) = (rules.rows() as usize, rules.cols() as usize);
        let diagonals = rows + cols - 1;
        let mut out = Lines { rules, lines: Default::default() };
        for dir in out.dirs() {
            let count = [rows, cols, diagonals, diagonals][dir as usize];
            out.lines[dir as usize].try_reserve_exact(count)?;
            out.lines[dir as usize].resize_with(count, Vec::new);
        }
        // Row-major order puts each line's stones in position order, so every stone is
        // appended, with no search for its place (half the time of a search on a board with
        // 500,000 stones went to that search).
        for (cell, &stone) in cells.iter().enumerate() {
            if stone != 0 {
                for dir in out.dirs() {
                    let (line, pos) = out.line_of(dir, cell);
                    let stones = &mut out.lines[dir as usize][line];
                    debug_assert!(stones.last().is_none_or(|&(p, _)| p < pos));
                    stones.try_reserve(1)?;
                    stones.push((pos, stone));
                }
            }
        }
        Ok(out)
    }

    /// The directions in which a k-window fits on the rectangle; the others have no windows,
    /// so their lines are not kept at all (on a 1 × 2^26 board with k = 2^26, keeping every
    /// column and diagonal took 4.8 GB and 10 s).
    fn dirs(&self) -> impl Iterator<Item = Dir> {
        let rules = self.rules;
        Dir::ALL.into_iter().filter(move |&d| rules.span(d) >= rules.k())
    }

    /// Records `stone` on the empty `cell`.
    pub fn place(&mut self, cell: usize, stone: u8) -> Result<(), Error> {
        for dir in self.dirs() {
            let (line, pos) = self.line_of(dir, cell);
            let stones = &mut self.lines[dir as usize][line];
            let at = stones.partition_point(|&(p, _)| p < pos);
            stones.try_reserve(1)?;
            stones.insert(at, (pos, stone));
        }
        Ok(())
    }

    /// Forgets the stone on `cell` (the inverse of `place`).
    pub fn remove(&mut self, cell: usize) {
        for dir in self.dirs() {
            let (line, pos) = self.line_of(dir, cell);
            let stones = &mut self.lines[dir as usize][line];
            if let Ok(at) = stones.binary_search_by_key(&pos, |&(p, _)| p) {
                stones.remove(at);
            }
        }
    }

    /// Which line of `dir` holds `cell`, and the cell's position along it (growing by one per
    /// step in `dir`).
    fn line_of(&self, dir: Dir, cell: usize) -> (usize, u32) {
        let (row, col) = self.rules.row_col(cell);
        let last_row = self.rules.rows() as usize - 1;
        match dir {
            Dir::East => (row as usize, col),
            Dir::South => (col as usize, row),
            Dir::SouthEast => (col as usize + last_row - row as usize, row),
            Dir::SouthWest => (row as usize + col as usize, row),
        }
    }

    /// How many steps the board allows from `cell` against and along `dir`, each at most
    /// k - 1.
    fn reach(&self, dir: Dir, cell: usize) -> (i64, i64) {
        let (row, col) = self.rules.row_col(cell);
        let (row, col) = (i64::from(row), i64::from(col));
        let (below, right) = (i64::from(self.rules.rows()) - 1 - row, i64::from(self.rules.cols()) - 1 - col);
        let (back, fwd) = match dir {
            Dir::East => (col, right),
            Dir::South => (row, below),
            Dir::SouthEast => (row.min(col), below.min(right)),
            Dir::SouthWest => (row.min(right), below.min(col)),
        };
        let most = i64::from(self.rules.k()) - 1;
        (back.min(most), fwd.min(most))
    }

    /// Scores the empty `cell` for `me` (1 or 2).
    pub fn score(&self, cell: usize, me: u8) -> Candidate {
        let row = self.rules.row_col(cell).0;
        let mut out = Candidate { cell, row, ..Candidate::default() };
        for dir in self.dirs() {
            self.score_along(dir, cell, me, &mut out);
        }
        out
    }

    /// Adds the windows through `cell` in `dir` to `out`.
    fn score_along(&self, dir: Dir, cell: usize, me: u8, out: &mut Candidate) {
        let k = i64::from(self.rules.k());
        let (back, fwd) = self.reach(dir, cell);
        if back + fwd + 1 < k {
            return;
        }
        let (line, pos) = self.line_of(dir, cell);
        let stones = &self.lines[dir as usize][line];
        let pos = i64::from(pos);
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
                let built = Lines::new(rules, &cells).unwrap();
                // The same stones placed in a random order on top of a scratch stone, which is
                // then removed again.
                let mut kept = Lines::new(rules, &vec![0; rules.cells()]).unwrap();
                let mut order: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).collect();
                for i in (1..order.len()).rev() {
                    order.swap(i, rng.below(i + 1));
                }
                let scratch = rng.below(cells.len());
                kept.place(scratch, 1).unwrap();
                for &c in order.iter().filter(|&&c| c != scratch) {
                    kept.place(c, cells[c]).unwrap();
                }
                kept.remove(scratch);
                if cells[scratch] != 0 {
                    kept.place(scratch, cells[scratch]).unwrap();
                }
                // The weights as the table they once were, by their definition.
                let weights: Vec<i64> = (0..=k as usize)
                    .map(|c| if c == 0 { 0 } else { 8i64.pow(4u32.saturating_sub((k as usize - c) as u32)) })
                    .collect();
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
