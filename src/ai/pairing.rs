//! Pairing strategies, the classic proof that a side cannot win an m,n,k-game: disjoint pairs
//! of cells such that every k-window holds both cells of some pair. A defender who answers
//! each stone the attacker puts on a pair with the other cell of that pair holds at least one
//! cell of every pair in the end, so the attacker never fills a window.
//!
//! The solver finds one pairing per board shape (when a short search finds one) and uses it as
//! a bound: in a position where the pairs are still whole for the defender, the attacker's best
//! is a draw. That settles boards whose k is large for their size (5,5,5, 7,8,8, 1,63,5, ...)
//! without searching them.

use crate::error::Error;
use crate::fallible::try_filled;

/// The most backtracking steps spent looking for a pairing of neighbouring cells. Of the
/// shapes that fit the bitboard, those with one need at most 2,948 steps (8,6,6; most under
/// 30); the others are refuted within 150, except k = 6 on boards of 7 × 7 and more (4,000 to
/// 6,000 steps, about a millisecond: the budget cuts those short).
const NEIGHBOUR_STEPS: u32 = 3_500;

/// The most steps then spent on pairs of any two cells of a window: 5,5,5 has a pairing only
/// of those, found in 13 steps. A step costs more here (a window of k cells has k(k-1)/2 pairs
/// instead of k - 1), and no other shape that fits the bitboard gains from it.
const ANY_PAIR_STEPS: u32 = 50;

/// Disjoint pairs of cells (each a two-bit mask) with both cells of some pair in every window.
#[derive(Clone, Debug, Default)]
pub struct Pairing {
    pairs: Vec<u64>,
}

impl Pairing {
    /// A pairing of `windows` (masks), or `None` when a short search finds none. `cells` holds
    /// each window's cells in order along the window (one-bit masks, k per window). Pairs of
    /// neighbouring cells are tried first (the classic pairing strategies use them, and they
    /// keep the search small), then any two cells of a window.
    pub fn find(windows: &[u64], cells: &[u64]) -> Result<Option<Pairing>, Error> {
        let k = cells.len().checked_div(windows.len()).unwrap_or(0);
        if k < 2 {
            return Ok(None); // k = 1 (a single stone makes a line), or no window at all
        }
        for (any_two, steps) in [(false, NEIGHBOUR_STEPS), (true, ANY_PAIR_STEPS)] {
            let per_window = if any_two { k * (k - 1) / 2 } else { k - 1 };
            let mut candidates = Vec::new();
            candidates.try_reserve_exact(windows.len() * per_window)?;
            for w in cells.chunks_exact(k) {
                for i in 0..k {
                    for j in i + 1..if any_two { k } else { (i + 2).min(k) } {
                        candidates.push(w[i] | w[j]);
                    }
                }
            }
            // Each level of the search stacks the options of one window; pairs are disjoint,
            // so there are at most 32 levels, and no more than there are windows.
            let mut options = Vec::new();
            options.try_reserve_exact(per_window * windows.len().min(32))?;
            let mut search = Search {
                windows,
                candidates: &candidates,
                per_window,
                covered: try_filled(0, windows.len())?,
                used: 0,
                // Disjoint pairs of a 64-bit board: at most 32.
                chosen: try_filled(0, 32)?,
                depth: 0,
                steps: 0,
                max_steps: steps,
                options,
            };
            if search.run() == Some(true) {
                search.chosen.truncate(search.depth);
                return Ok(Some(Pairing { pairs: search.chosen }));
            }
        }
        Ok(None)
    }

    /// True when the defender's pairing strategy keeps `attacker` from ever completing a
    /// window from this position: every pair that holds an attacker stone also holds a
    /// defender stone, except, when the defender moves next, one pair whose other cell is
    /// still empty (the defender's move takes it).
    pub fn holds(&self, attacker: u64, defender: u64, defender_to_move: bool) -> bool {
        let mut open = usize::from(defender_to_move);
        for &pair in &self.pairs {
            if pair & attacker != 0 && pair & defender == 0 {
                if open == 0 || pair & attacker == pair {
                    return false;
                }
                open -= 1;
            }
        }
        true
    }

    /// The pairs, each a two-bit mask.
    #[cfg(test)]
    pub fn pairs(&self) -> &[u64] {
        &self.pairs
    }
}

/// A depth-first search for a pairing: take the window with the fewest candidate pairs still
/// free, try each of them (those completing the most other windows first).
struct Search<'a> {
    windows: &'a [u64],
    /// Each window's candidate pairs, `per_window` of them per window.
    candidates: &'a [u64],
    per_window: usize,
    /// Per window: how many chosen pairs lie in it.
    covered: Vec<u16>,
    /// Cells of the chosen pairs.
    used: u64,
    chosen: Vec<u64>,
    depth: usize,
    steps: u32,
    max_steps: u32,
    /// The options of every level being tried, as (usize::MAX - gain, pair).
    options: Vec<(usize, u64)>,
}

impl Search<'_> {
    fn window(&self, w: usize) -> &[u64] {
        &self.candidates[w * self.per_window..(w + 1) * self.per_window]
    }

    /// `Some(true)` when a pairing was completed, `Some(false)` when there is none from
    /// here, `None` when out of steps.
    fn run(&mut self) -> Option<bool> {
        self.steps += 1;
        if self.steps > self.max_steps {
            return None;
        }
        let Some(w) = self.tightest() else {
            return Some(true);
        };
        // This level's options go on top of the shared stack, best first.
        let base = self.options.len();
        for i in 0..self.per_window {
            let d = self.window(w)[i];
            if d & self.used == 0 {
                // Reserved for every level in `find`, so this never grows the vector.
                self.options.push((usize::MAX - self.gain(d), d));
            }
        }
        self.options[base..].sort_unstable();
        for i in base..self.options.len() {
            let d = self.options[i].1;
            if self.depth == self.chosen.len() {
                return None; // cannot happen: pairs are disjoint, a board has 64 bits
            }
            self.mark(d, true);
            match self.run() {
                Some(false) => self.mark(d, false),
                found => return found,
            }
        }
        self.options.truncate(base);
        Some(false)
    }

    /// The uncovered window with the fewest free dominoes, or `None` when all are covered.
    fn tightest(&self) -> Option<usize> {
        let mut best: Option<(usize, usize)> = None;
        for w in 0..self.covered.len() {
            if self.covered[w] != 0 {
                continue;
            }
            let free = self.window(w).iter().filter(|&&d| d & self.used == 0).count();
            if best.is_none_or(|(_, f)| free < f) {
                best = Some((w, free));
                if free == 0 {
                    break;
                }
            }
        }
        best.map(|(w, _)| w)
    }

    /// How many uncovered windows the pair `d` would cover.
    fn gain(&self, d: u64) -> usize {
        (0..self.covered.len()).filter(|&w| self.covered[w] == 0 && self.windows[w] & d == d).count()
    }

    /// Chooses (`on`) or drops the pair `d`, the last chosen one.
    fn mark(&mut self, d: u64, on: bool) {
        for w in 0..self.covered.len() {
            if self.windows[w] & d == d {
                if on {
                    self.covered[w] += 1;
                } else {
                    self.covered[w] -= 1;
                }
            }
        }
        if on {
            self.chosen[self.depth] = d;
            self.depth += 1;
        } else {
            self.depth -= 1;
        }
        self.used ^= d;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::bitboard::Geometry;
    use crate::rules::Rules;
    use std::collections::HashMap;

    /// Every k-window of `rules` on its bitboard: the masks, and each window's cells in order.
    fn windows(rules: Rules) -> (Vec<u64>, Vec<u64>) {
        let geo = Geometry::new(rules).unwrap();
        let (rows, cols, k) = (rules.rows() as i64, rules.cols() as i64, rules.k() as i64);
        let (mut masks, mut cells) = (Vec::new(), Vec::new());
        for r in 0..rows {
            for c in 0..cols {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let (er, ec) = (r + (k - 1) * dr, c + (k - 1) * dc);
                    if er < 0 || er >= rows || ec < 0 || ec >= cols {
                        continue;
                    }
                    let bits: Vec<u64> =
                        (0..k).map(|i| 1 << geo.bit(((r + i * dr) * cols + c + i * dc) as usize)).collect();
                    masks.push(bits.iter().fold(0, |m, b| m | b));
                    cells.extend(bits);
                }
            }
        }
        (masks, cells)
    }

    /// Every bit of `part` is in `whole`.
    fn within(part: u64, whole: u64) -> bool {
        part & !whole == 0
    }

    fn shapes_that_fit() -> impl Iterator<Item = Rules> {
        (1..=64u32).flat_map(|rows| {
            (1..=64u32)
                .filter(move |cols| rows * (cols + 1) <= 64)
                .flat_map(move |cols| (1..=rows.max(cols)).map(move |k| Rules::new(rows, cols, k).unwrap()))
        })
    }

    #[test]
    #[cfg_attr(miri, ignore)] // every shape that fits the bitboard
    fn every_pairing_found_is_one() {
        let mut found = Vec::new();
        for rules in shapes_that_fit() {
            let (masks, cells) = windows(rules);
            let Some(pairing) = Pairing::find(&masks, &cells).unwrap() else { continue };
            let mut used = 0u64;
            for &pair in pairing.pairs() {
                assert_eq!(pair.count_ones(), 2, "{rules:?}");
                assert_eq!(used & pair, 0, "pairs overlap on {rules:?}");
                used |= pair;
            }
            for &w in &masks {
                assert!(pairing.pairs().iter().any(|&p| within(p, w)), "a window of {rules:?} holds no pair");
            }
            found.push((rules.rows(), rules.cols(), rules.k()));
        }
        // Shapes known to have one (the boards the solver could not prove drawn without it),
        // and shapes known to be won by the first player, which cannot have one.
        for shape in
            [(5, 5, 5), (6, 6, 6), (7, 7, 7), (8, 7, 7), (7, 8, 8), (1, 63, 5), (1, 20, 3), (2, 31, 4)]
        {
            assert!(found.contains(&shape), "no pairing found for {shape:?}");
        }
        for shape in [(3, 3, 2), (4, 4, 3), (3, 4, 3), (5, 6, 4), (1, 8, 2)] {
            assert!(!found.contains(&shape), "a pairing for {shape:?}, which the first player wins");
        }
    }

    /// Can `attacker` (to move when `attacker_to_move`) force a completed window, playing
    /// against a defender whose own completed window ends the game? Plain memoized minimax.
    fn attacker_wins(
        masks: &[u64],
        all: u64,
        a: u64,
        d: u64,
        a_moves: bool,
        memo: &mut HashMap<(u64, u64, bool), bool>,
    ) -> bool {
        if let Some(&v) = memo.get(&(a, d, a_moves)) {
            return v;
        }
        let empty = all & !(a | d);
        let line = |b: u64| masks.iter().any(|&w| within(w, b));
        let mut v = !a_moves; // no move: the defender's "every reply" holds, the attacker's "some move" fails
        for bit in 0..64 {
            if empty & 1 << bit == 0 {
                continue;
            }
            let win = if a_moves {
                let a = a | 1 << bit;
                line(a) || attacker_wins(masks, all, a, d, false, memo)
            } else {
                let d = d | 1 << bit;
                !line(d) && attacker_wins(masks, all, a, d, true, memo)
            };
            if win == a_moves {
                v = win;
                break;
            }
        }
        if empty == 0 {
            v = false;
        }
        memo.insert((a, d, a_moves), v);
        v
    }

    /// Wherever `holds` says the pairing blocks the attacker, plain minimax agrees that the
    /// attacker cannot force a line: every position (any stone counts) of small shapes that
    /// have a pairing.
    #[test]
    #[cfg_attr(miri, ignore)] // hundreds of thousands of positions
    fn holds_only_where_the_attacker_cannot_win() {
        for (rows, cols, k) in [(1, 7, 3), (2, 4, 3), (3, 4, 4), (1, 9, 4), (2, 6, 4)] {
            let rules = Rules::new(rows, cols, k).unwrap();
            let geo = Geometry::new(rules).unwrap();
            let (masks, cells) = windows(rules);
            let pairing = Pairing::find(&masks, &cells).unwrap().expect("these shapes have a pairing");
            let bits: Vec<u32> = (0..rules.cells()).map(|c| geo.bit(c)).collect();
            let (mut memo, mut held) = (HashMap::new(), 0);
            for code in 0..3u64.pow(bits.len() as u32) {
                let (mut a, mut d, mut x) = (0u64, 0u64, code);
                for &b in &bits {
                    match x % 3 {
                        1 => a |= 1 << b,
                        2 => d |= 1 << b,
                        _ => {}
                    }
                    x /= 3;
                }
                let line = |b: u64| masks.iter().any(|&w| within(w, b));
                if line(a) || line(d) {
                    continue;
                }
                for defender_to_move in [false, true] {
                    if pairing.holds(a, d, defender_to_move) {
                        held += 1;
                        assert!(
                            !attacker_wins(&masks, geo.all(), a, d, !defender_to_move, &mut memo),
                            "{rules:?}: holds, yet the attacker wins: attacker {a:#x}, defender {d:#x}, defender to move {defender_to_move}"
                        );
                    }
                }
            }
            assert!(held > 0);
        }
    }
}
