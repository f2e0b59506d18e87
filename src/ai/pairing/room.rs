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
    pub(super) fn new(cells: &[u64], k: usize) -> Result<Lines, Error> {
        let n = cells.len() / k;
        let bit = |w: usize, i: usize| cells[w * k + i].trailing_zeros() as usize;
        // The window whose first two cells are (a, b), at a * 64 + b.
        let mut starting = try_filled(u16::MAX, 64 * 64)?;
        for w in 0..n {
            starting[bit(w, 0) * 64 + bit(w, 1)] = w as u16;
        }
        // A window's successor along its line starts at its second cell and goes on to its
        // third (for k = 2, to the cell one more step along).
        let next = |w: usize| {
            let (a, b) = (bit(w, 0), bit(w, 1));
            let c = if k > 2 { bit(w, 2) } else { (2 * b).wrapping_sub(a) };
            let s = *starting.get(b * 64 + c).filter(|_| c < 64)?;
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

    /// False when no pairing of `live` (window masks `windows`) avoiding `taken` can exist.
    pub(super) fn room(&self, windows: &[u64], live: &Windows, taken: u64) -> bool {
        // The free cells of the windows that need a pair of their own.
        let mut need = [0u64; 32];
        let (mut n, mut last) = (0usize, 0u64);
        for &(w, first) in &self.order {
            if first {
                last = 0;
            }
            let w = usize::from(w);
            if live[w / 64] & 1 << (w % 64) == 0 {
                continue;
            }
            let free = windows[w] & !taken;
            if (last & free).count_ones() < 2 {
                // More than 32 disjoint pairs do not fit 64 bits.
                if n == need.len() || free.count_ones() < 2 {
                    return false;
                }
                need[n] = free;
                n += 1;
                last = free;
            }
        }
        two_each(&need[..n])
    }
}

/// Whether each of `sets` can be given two of its cells, no cell given twice: a matching
/// that takes every set twice, grown by augmenting paths over cell bitmasks.
fn two_each(sets: &[u64]) -> bool {
    // owner[cell]: the set given the cell.
    let mut owner = [0u8; 64];
    let mut given = 0u64;
    for i in 0..sets.len() {
        for _ in 0..2 {
            if !augment(sets, &mut owner, &mut given, i, &mut 0) {
                return false;
            }
        }
    }
    true
}

/// Gives set `i` one more cell: a free one, or one whose owner can move to another cell in
/// turn (Kuhn's augmenting path). `seen`: the cells this path has already tried.
fn augment(sets: &[u64], owner: &mut [u8; 64], given: &mut u64, i: usize, seen: &mut u64) -> bool {
    let free = sets[i] & !*given;
    if free != 0 {
        let c = free.trailing_zeros() as usize;
        (owner[c], *given) = (i as u8, *given | 1 << c);
        return true;
    }
    let mut options = sets[i] & !*seen;
    while options != 0 {
        let c = options.trailing_zeros() as usize;
        options &= options - 1;
        *seen |= 1 << c;
        let j = usize::from(owner[c]);
        // A cell of the set itself would not give it a second one.
        if j != i && augment(sets, owner, given, j, seen) {
            owner[c] = i as u8;
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
