//! Positions built to hold a VCF of a chosen length: a chain of fours, each made by a stone
//! that also starts the next one, ending in a double four.
//!
//! Step i (1 to n) has a window of k cells on a line through the previous step's stone (the
//! chain's first stone for step 1): k − 3 of the attacker's stones, the previous stone, the
//! cell m_i the attacker plays and the cell b_i left to block. Playing m_i makes a four whose
//! only completion is b_i; the defender must take it. The last stone m_n also lies in a second
//! window of k − 2 of the attacker's stones and one more empty cell, so it makes two fours at
//! once: 2n + 1 plies in all. Defender's stones cap the windows' ends (where the board does
//! not), so that no four has a second completion. Stray threats can still arise where windows
//! meet, which is why the tests take the length from the brute-force prover, not from n.

use super::plain::{Plain, DIRS};
use crate::players::Rng;

/// What a cell of the board being built holds: a stone, or an empty cell a step needs.
#[derive(Clone, Copy, PartialEq)]
enum Use {
    Free,
    Stone(u8),
    Kept,
}

struct Builder {
    rows: i64,
    cols: i64,
    k: i64,
    cells: Vec<Use>,
    /// The cells the attacker plays, and the windows laid, each as its cells in order.
    moves: Vec<usize>,
    windows: Vec<Vec<usize>>,
}

impl Builder {
    fn index(&self, (r, c): (i64, i64)) -> Option<usize> {
        (r >= 0 && c >= 0 && r < self.rows && c < self.cols).then(|| (r * self.cols + c) as usize)
    }

    /// Lays a window of k cells along `dir` holding `through` at its place `at`, with the
    /// attacker's stones everywhere but on `through` and the cells `empty` (places in the
    /// window), and the defender's caps beyond both ends; false (and nothing changed) when a
    /// cell it needs is off the board or taken.
    fn window(&mut self, through: usize, dir: (i64, i64), at: i64, empty: &[i64]) -> bool {
        let (r, c) = (through as i64 / self.cols, through as i64 % self.cols);
        let cell = |i: i64| (r + (i - at) * dir.0, c + (i - at) * dir.1);
        let mut plan = Vec::new();
        for i in 0..self.k {
            let Some(x) = self.index(cell(i)) else { return false };
            if i == at {
                continue;
            }
            if self.cells[x] != Use::Free {
                return false;
            }
            plan.push((x, if empty.contains(&i) { Use::Kept } else { Use::Stone(1) }));
        }
        for i in [-1, self.k] {
            match self.index(cell(i)) {
                None => {}
                Some(x) if matches!(self.cells[x], Use::Free | Use::Stone(2)) => {
                    plan.push((x, Use::Stone(2)))
                }
                Some(_) => return false,
            }
        }
        for (x, u) in plan {
            self.cells[x] = u;
        }
        let mut cells: Vec<usize> = (0..self.k).map(|i| self.index(cell(i)).expect("checked")).collect();
        cells.sort_unstable();
        self.windows.push(cells);
        true
    }
}

impl Builder {
    /// Every way to lay a step through `prev`: a direction (not `last_dir`'s line) and its
    /// sign, the place of `prev` in the window, and the places of m and of its block; for the
    /// last step also the second window's direction, the place of m in it and its empty cell.
    fn options(&self, last_dir: usize, last: bool, rng: &mut Rng) -> Vec<[i64; 8]> {
        let k = self.k;
        let mut all = Vec::new();
        for d in (0..4).filter(|&d| d != last_dir) {
            for sign in [1, -1] {
                for at in 0..k {
                    for m in (0..k).filter(|&m| m != at) {
                        for b in (0..k).filter(|&b| b != at && b != m) {
                            let seconds: Vec<[i64; 3]> = if last {
                                let dirs = (0..4).filter(|&d2| d2 != d);
                                let dirs: Vec<i64> = dirs.map(|d2| d2 as i64).collect();
                                dirs.iter()
                                    .flat_map(|&d2| {
                                        (0..k).flat_map(move |p| {
                                            (0..k).filter(move |&o| o != p).map(move |o| [d2, p, o])
                                        })
                                    })
                                    .collect()
                            } else {
                                vec![[0; 3]]
                            };
                            let pick = seconds[rng.below(seconds.len())];
                            all.push([d as i64, sign, at, m, b, pick[0], pick[1], pick[2]]);
                        }
                    }
                }
            }
        }
        // Forty at random (a partial Fisher-Yates shuffle), so that each chain takes turns of
        // its own and a dead end is left soon.
        let take = all.len().min(40);
        for i in 0..take {
            let j = i + rng.below(all.len() - i);
            all.swap(i, j);
        }
        all.truncate(take);
        all
    }

    /// Lays step's window through `prev` as `option` says (with `last`, the second window of
    /// the double four too); the cell m the attacker plays, or `None` (nothing changed) when
    /// it does not fit or makes a stray threat.
    fn step(&mut self, prev: usize, option: [i64; 8], last: bool) -> Option<usize> {
        let [d, sign, at, m_at, b_at, d2, m_place, open] = option;
        let dir = (DIRS[d as usize].0 * sign, DIRS[d as usize].1 * sign);
        let (r, c) = (prev as i64 / self.cols, prev as i64 % self.cols);
        let m = self.index((r + (m_at - at) * dir.0, c + (m_at - at) * dir.1))?;
        let before = (self.cells.clone(), self.windows.len());
        let fits = self.window(prev, dir, at, &[m_at, b_at])
            && (!last || self.window(m, DIRS[d2 as usize], m_place, &[open]));
        self.moves.push(m);
        if fits && self.clean() {
            return Some(m);
        }
        self.moves.pop();
        self.cells = before.0;
        self.windows.truncate(before.1);
        None
    }

    /// Lays steps `step` to `n` through `prev`, trying other ways back to a step that had
    /// another (depth first) while `tries` lasts.
    fn extend(
        &mut self,
        prev: usize,
        last_dir: usize,
        step: u32,
        n: u32,
        tries: &mut u32,
        rng: &mut Rng,
    ) -> bool {
        if step > n {
            return true;
        }
        for option in self.options(last_dir, step == n, rng) {
            if *tries == 0 {
                return false;
            }
            *tries -= 1;
            let before = (self.cells.clone(), self.windows.len());
            let Some(m) = self.step(prev, option, step == n) else { continue };
            if self.extend(m, option[0] as usize, step + 1, n, tries, rng) {
                return true;
            }
            self.moves.pop();
            self.cells = before.0;
            self.windows.truncate(before.1);
        }
        false
    }
}

/// A chain of `n` steps on a `rows` × `cols` board with k in a row, the attacker (X) to move,
/// or `None` when none was found within a few thousand tries.
pub fn chain(rows: u32, cols: u32, k: u32, n: u32, rng: &mut Rng) -> Option<Plain> {
    (0..20).find_map(|_| try_chain(rows, cols, k, n, rng))
}

fn try_chain(rows: u32, cols: u32, k: u32, n: u32, rng: &mut Rng) -> Option<Plain> {
    let (rows, cols, k) = (i64::from(rows), i64::from(cols), i64::from(k));
    let mut b = Builder {
        rows,
        cols,
        k,
        cells: vec![Use::Free; (rows * cols) as usize],
        moves: Vec::new(),
        windows: Vec::new(),
    };
    let start =
        (rows / 4 + rng.below((rows / 2) as usize) as i64, cols / 4 + rng.below((cols / 2) as usize) as i64);
    let first = b.index(start)?;
    b.cells[first] = Use::Stone(1);
    if !b.extend(first, usize::MAX, 1, n, &mut 500, rng) {
        return None;
    }
    b.defender_three()?;
    let mut cells = b.plain().cells;
    // A position of a legal game with X to move has as many O as X, or one more. The stones
    // missing go on free cells with no stone of their colour within k − 1 rows and columns,
    // where they make no four.
    let count = |cells: &[u8], s: u8| cells.iter().filter(|&&x| x == s).count() as i64;
    while !(0..=1).contains(&(count(&cells, 2) - count(&cells, 1))) {
        let s = if count(&cells, 2) < count(&cells, 1) { 2 } else { 1 };
        let lonely = (0..cells.len()).find(|&i| {
            let (r, c) = (i as i64 / cols, i as i64 % cols);
            b.cells[i] == Use::Free
                && (-k + 1..k)
                    .all(|dr| (-k + 1..k).all(|dc| b.index((r + dr, c + dc)).is_none_or(|x| cells[x] != s)))
        })?;
        cells[lonely] = s;
    }
    Some(Plain { rows, cols, k, cells })
}

impl Builder {
    /// Whether the windows laid are the only windows of k cells without a defender's stone and
    /// with k − 2 or more of the attacker's, once the attacker's planned moves are played (the
    /// blocks not): no stray four or three anywhere in the chain, whatever order the
    /// attacker plays in.
    fn clean(&self) -> bool {
        let holds = |x: usize| match self.cells[x] {
            Use::Stone(s) => s,
            _ if self.moves.contains(&x) => 1,
            _ => 0,
        };
        // Only windows through the last two windows' cells can have changed.
        let recent = self.windows.iter().rev().take(2).flatten().copied();
        recent.collect::<Vec<_>>().into_iter().all(|through| {
            let (r, c) = (through as i64 / self.cols, through as i64 % self.cols);
            DIRS.iter().flat_map(|&dir| (0..self.k).map(move |back| (dir, back))).all(|((dr, dc), back)| {
                let (r, c) = (r - back * dr, c - back * dc);
                let cells: Option<Vec<usize>> =
                    (0..self.k).map(|i| self.index((r + i * dr, c + i * dc))).collect();
                let Some(mut cells) = cells else { return true };
                let own = cells.iter().filter(|&&x| holds(x) == 1).count() as i64;
                if cells.iter().any(|&x| holds(x) == 2) || own < self.k - 2 {
                    return true;
                }
                cells.sort_unstable();
                self.windows.contains(&cells)
            })
        })
    }

    fn plain(&self) -> Plain {
        let cells = self.cells.iter().map(|u| if let Use::Stone(s) = u { *s } else { 0 }).collect();
        Plain { rows: self.rows, cols: self.cols, k: self.k, cells }
    }

    /// Gives the defender k − 2 stones in a row with two free cells at each end, away from
    /// every other stone: one more makes an open four. A three of the attacker's is then
    /// answered by that double four, so the attacker's only threats are fours: the chain's VCF
    /// is its shortest threat win.
    fn defender_three(&mut self) -> Option<()> {
        let k = self.k;
        let clear = |b: &Builder, (r, c): (i64, i64)| {
            (-k + 1..k).all(|dr| {
                (-k + 1..k).all(|dc| b.index((r + dr, c + dc)).is_none_or(|x| b.cells[x] == Use::Free))
            })
        };
        let spot = (0..self.cells.len()).find(|&i| {
            let (r, c) = (i as i64 / self.cols, i as i64 % self.cols);
            c + k + 1 < self.cols && (0..k + 2).all(|j| clear(self, (r, c + j)))
        })?;
        for j in 2..k {
            self.cells[spot + j as usize] = Use::Stone(2);
        }
        Some(())
    }
}
