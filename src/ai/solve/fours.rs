//! Wins by continuous fours (VCF) on the bitboard: the attacker plays a stone that leaves one
//! more stone short of a line ("a four"), the defender must take that one cell, and so on,
//! until a stone leaves two such cells at once. Every defender move in the sequence is
//! forced, so a sequence found proves a win against every defence, with no search of the
//! defender's other moves. The zone search (`zones`) asks it before searching an attacker's
//! moves: deep in a won tree the attacker's win is often a short run of fours, which the
//! search would otherwise find only after trying the moves ranked above it.
//!
//! The search is conservative: a defender's block that makes a four of its own ends that
//! line (the attacker would have to answer it), so it finds fewer wins than a full threat
//! search, never a false one.

use super::Solver;
use crate::ai::bitboard::{Bits, Word};

/// Longest run of fours tried, in attacker moves.
const MAX_FOURS: u32 = 8;
/// Most positions one look visits; each counts as a step against the node budget.
const MAX_VISITS: u64 = 400;

impl<W: Word> Solver<'_, W> {
    /// When the attacker (stones `a`, to move) wins by continuous fours against `d`, where
    /// neither side can complete a line with its next stone, the zone of that win (`wins`):
    /// the cells of the run, and at each forced block the cells that keep the defender from
    /// a winning cell of its own.
    pub(super) fn wins_by_fours(&mut self, a: W, d: W) -> Option<W> {
        let mut visits = 0;
        let found = self.fours(a, d, MAX_FOURS, &mut visits);
        if self.meter.spend(visits) {
            self.aborted = true;
        }
        found
    }

    fn fours(&self, a: W, d: W, depth: u32, visits: &mut u64) -> Option<W> {
        *visits += 1;
        if *visits > MAX_VISITS {
            return None;
        }
        let empty = self.geo.all() & !(a | d);
        for c in Bits(self.four_cells(d, empty)) {
            let rest = empty & !W::bit(c);
            let a2 = a | W::bit(c);
            let made = self.geo.win_cells(a2) & rest;
            match made.count_ones() {
                0 => continue,
                1 => {}
                // Two cells that each complete a line: the defender, with no line of its own
                // to complete, can take only one.
                _ => return Some(W::bit(c) | self.two_threats_zone(a2, rest, made)),
            }
            if depth <= 1 {
                continue;
            }
            let block = made.trailing_zeros();
            let d2 = d | W::bit(block);
            if !(self.geo.win_cells(d2) & rest & !W::bit(block)).is_zero() {
                continue;
            }
            if let Some(zone) = self.fours(a2, d2, depth - 1, visits) {
                return Some(W::bit(c) | self.guard(a2, rest, zone | made, 2));
            }
            if *visits > MAX_VISITS {
                return None;
            }
        }
        None
    }

    /// The empty cells of windows the defender has not entered and the attacker has filled
    /// but for two cells: where a stone makes a four.
    fn four_cells(&self, d: W, empty: W) -> W {
        let mut cells = W::ZERO;
        for &w in &self.windows {
            if (w & d).is_zero() && (w & empty).count_ones() == 2 {
                cells |= w & empty;
            }
        }
        cells
    }
}

/// Every run of fours found is a win by plain minimax, on random positions of small boards
/// where minimax finishes; and the search finds some, and finds none where there is no win.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::bitboard::Geometry;
    use crate::ai::budget::Meter;
    use crate::ai::rng::Rng;
    use crate::ai::solve::zones::tests::{position, wins};
    use crate::ai::Budget;
    use crate::rules::Rules;
    use std::collections::HashMap;
    use std::time::Instant;

    #[test]
    #[cfg_attr(miri, ignore)] // minimax over thousands of positions
    fn runs_of_fours_are_wins_by_minimax() {
        let mut lost = 0;
        for (rows, cols, k) in [(4, 4, 3), (3, 5, 3), (4, 4, 4)] {
            let geo = Geometry::<u64>::new(Rules::new(rows, cols, k).unwrap()).unwrap();
            let meter = Meter::new(Budget::nodes(u64::MAX), Instant::now());
            let mut solver = Solver::new(&geo, meter, geo.all().count_ones()).unwrap();
            let (mut rng, mut memo) = (Rng::new(u64::from(rows * 100 + cols * 10 + k)), HashMap::new());
            let mut found = 0;
            for _ in 0..400 {
                let stones = 4 + 2 * rng.below(3);
                let Some((a, d)) = position(&geo, &mut rng, stones) else { continue };
                let empty = geo.all() & !(a | d);
                if (geo.win_cells(a) | geo.win_cells(d)) & empty != 0 {
                    continue;
                }
                let by_fours = solver.wins_by_fours(a, d).is_some();
                let won = wins(&geo, a, d, true, &mut memo);
                assert!(!by_fours || won, "{rows},{cols},{k}: a {a:#x} d {d:#x}");
                found += usize::from(by_fours);
                lost += usize::from(!won);
            }
            assert!(found > 0, "{rows},{cols},{k}: none found");
        }
        assert!(lost > 0, "every position won");
    }
}
