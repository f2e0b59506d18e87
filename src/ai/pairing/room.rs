//! A quick test that a position has too few free cells for any pairing of what is left,
//! run before the pairing search: most searches early in a game that find no pairing would
//! otherwise spend their whole step budget failing to.
//!
//! Why it holds: two windows of one line (a row, column or diagonal) that share fewer than two
//! free cells cannot hold the same pair, and windows of different lines share at most one
//! cell, so they never can. Picked along each line, a window that shares fewer than two free
//! cells with the last one picked shares fewer with every earlier one too (the windows of a
//! line are intervals of the same length, so an earlier one overlaps a later one less). So
//! the picked windows need a pair each, all pairs disjoint: each picked window must get two
//! of its free cells, no cell given twice. When no such assignment exists, there is no
//! pairing.

use crate::ai::bitboard::{Bits, Word};
use crate::error::Error;
use crate::fallible::{try_filled, try_with_capacity};

use super::Windows;

/// The windows of a board line by line.
pub(super) struct Lines {
    /// Each line's windows in order along it, the first of each line marked.
    order: Vec<(u16, bool)>,
}

impl Lines {
    /// For windows given by their cells in order (`k` one-bit masks each, as the pairing
    /// search takes them).
    pub(super) fn new<W: Word>(cells: &[W], k: usize) -> Result<Lines, Error> {
        let n = cells.len() / k;
        let bit = |w: usize, i: usize| cells[w * k + i].trailing_zeros() as usize;
        // The window whose first two cells are (a, b), at a * BITS + b.
        let bits = W::BITS as usize;
        let mut starting = try_filled(u16::MAX, bits * bits)?;
        for w in 0..n {
            starting[bit(w, 0) * bits + bit(w, 1)] = w as u16;
        }
        // A window's successor along its line starts at its second cell and goes on to its
        // third (for k = 2, to the cell one more step along).
        let next = |w: usize| {
            let (a, b) = (bit(w, 0), bit(w, 1));
            let c = if k > 2 { bit(w, 2) } else { (2 * b).wrapping_sub(a) };
            let s = *starting.get(b * bits + c).filter(|_| c < bits)?;
            (s != u16::MAX && bit(usize::from(s), 1) == c).then_some(s)
        };
        let mut follows = try_filled(false, n)?;
        for w in 0..n {
            if let Some(s) = next(w) {
                follows[usize::from(s)] = true;
            }
        }
        let mut order = try_with_capacity(n)?;
        for head in (0..n).filter(|&w| !follows[w]) {
            let (mut w, mut first) = (Some(head as u16), true);
            while let Some(v) = w {
                order.push((v, first));
                first = false;
                w = next(usize::from(v));
            }
        }
        Ok(Lines { order })
    }

    /// `None` when no pairing of `live` (window masks `windows`) avoiding `taken` can exist;
    /// else how many windows need a pair of their own, a lower bound on the pairs of any
    /// pairing.
    pub(super) fn room<W: Word>(&self, windows: &[W], live: &Windows, taken: W) -> Option<usize> {
        // The free cells of the windows that need a pair of their own.
        let mut need = W::per_bit(W::ZERO);
        let need = &mut need.as_mut()[..W::BITS as usize / 2];
        let (mut n, mut last) = (0usize, W::ZERO);
        for &(w, first) in &self.order {
            if first {
                last = W::ZERO;
            }
            let w = usize::from(w);
            if live[w / 64] & 1 << (w % 64) == 0 {
                continue;
            }
            let free = windows[w] & !taken;
            if (last & free).count_ones() < 2 {
                // More than BITS / 2 disjoint pairs do not fit a word.
                if n == need.len() || free.count_ones() < 2 {
                    return None;
                }
                need[n] = free;
                n += 1;
                last = free;
            }
        }
        two_each(&need[..n]).then_some(n)
    }
}

/// Whether each of `sets` can be given two of its cells, no cell given twice: a matching
/// that takes every set twice, grown by augmenting paths over cell bitmasks.
fn two_each<W: Word>(sets: &[W]) -> bool {
    // owner[cell]: the set given the cell.
    let mut owner = W::per_bit(0u8);
    let mut given = W::ZERO;
    for i in 0..sets.len() {
        for _ in 0..2 {
            if !augment(sets, owner.as_mut(), &mut given, i, &mut W::default()) {
                return false;
            }
        }
    }
    true
}

/// Gives set `i` one more cell: a free one, or one whose owner can move to another cell in
/// turn (Kuhn's augmenting path). `seen`: the cells this path has already tried.
fn augment<W: Word>(sets: &[W], owner: &mut [u8], given: &mut W, i: usize, seen: &mut W) -> bool {
    let free = sets[i] & !*given;
    if !free.is_zero() {
        let c = free.trailing_zeros();
        (owner[c as usize], *given) = (i as u8, *given | W::bit(c));
        return true;
    }
    let options = sets[i] & !*seen;
    for c in Bits(options) {
        *seen |= W::bit(c);
        let j = usize::from(owner[c as usize]);
        // A cell of the set itself would not give it a second one.
        if j != i && augment(sets, owner, given, j, seen) {
            owner[c as usize] = i as u8;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::two_each;

    /// `two_each` against trying every assignment, on small random families of sets.
    #[test]
    fn two_each_matches_brute_force() {
        fn brute(sets: &[u64], used: u64) -> bool {
            let Some((&first, rest)) = sets.split_first() else { return true };
            let free: Vec<u32> = (0..64).filter(|&c| first & !used & 1 << c != 0).collect();
            free.iter()
                .enumerate()
                .any(|(x, &a)| free[x + 1..].iter().any(|&b| brute(rest, used | 1 << a | 1 << b)))
        }
        let mut rng = crate::ai::rng::Rng::new(3);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..20_000 {
            let cells = 4 + rng.below(8) as u32;
            let sets: Vec<u64> = (0..1 + rng.below(5))
                .map(|_| (0..cells).filter(|_| rng.below(3) == 0).fold(0, |m, c| m | 1 << c))
                .collect();
            let want = brute(&sets, 0);
            assert_eq!(two_each(&sets), want, "{sets:?}");
            if want {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 1000 && no > 1000, "{yes} {no}");
    }
}
