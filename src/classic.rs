//! The classic board — 3 × 3, three in a row — answered by table.
//!
//! Nine cells have 512 possible sets of one player's stones, so what the rules ask of a set
//! (does it hold a line? do all its lines share a cell?) is worked out for every set once per
//! process, by the general bitboard layout: the same rule, answered by one load. Judge and
//! validate use it for the board that most callers (and the benchmarks) use. The table is
//! built on first use and never changes afterwards (512 bytes, read-only, thread-safe).

use crate::bitboard::Layout;
use crate::rules::Rules;
use std::sync::OnceLock;

/// Table entry bits: the set holds a line of three.
pub(crate) const LINE: u8 = 1;
/// Table entry bits: some cell lies on every line the set holds.
pub(crate) const SHARED: u8 = 2;

/// True for the classic rules: 3 × 3, three in a row.
#[inline(always)]
pub(crate) fn is_classic(rules: &Rules) -> bool {
    rules.rows() == 3 && rules.cols() == 3 && rules.k() == 3
}

/// `LINE` and `SHARED` for every set of cells (bit `row * 3 + col`), indexed by the set.
pub(crate) fn table() -> &'static [u8; 512] {
    static TABLE: OnceLock<[u8; 512]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let rules = Rules::new(3, 3, 3).expect("3 x 3, k = 3 is legal");
        let layout = Layout::of_fitting(&rules);
        std::array::from_fn(|set| match layout.on_every_line(layout.spread(set as u64)) {
            None => 0,
            Some(0) => LINE,
            Some(_) => LINE | SHARED,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::{table, LINE, SHARED};

    /// The eight lines of the classic board, written out by hand.
    const LINES: [[usize; 3]; 8] =
        [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

    #[test]
    fn every_set_matches_the_eight_lines_written_out() {
        for set in 0..512usize {
            let lines: Vec<&[usize; 3]> =
                LINES.iter().filter(|l| l.iter().all(|&c| set >> c & 1 == 1)).collect();
            let shared = (0..9).any(|c| !lines.is_empty() && lines.iter().all(|l| l.contains(&c)));
            let want = if lines.is_empty() { 0 } else { LINE | if shared { SHARED } else { 0 } };
            assert_eq!(table()[set], want, "set {set:09b}");
        }
    }
}
