//! Bitboards for small boards: one `u64` per player, bit `row * (cols + 1) + col`.
//!
//! Each row carries one always-empty padding bit after its last column, so shifting a board by
//! the step of a direction (1 →, cols+1 ↓, cols+2 ↘, cols ↙) can never carry a run from the end
//! of one row into the next. A board fits when `rows * (cols + 1) <= 64` (3×3 takes 12 bits,
//! 7×7 56). This is the same rule as `Rules::line_at`, computed on whole boards at once; the
//! exhaustive tests prove the two agree.

use crate::rules::{Dir, Rules};

/// How a board shape maps onto 64-bit boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    k: u32,
    width: u32,
    /// Bit steps of → ↓ ↘ ↙.
    steps: [u32; 4],
    /// All ones for a direction whose lines can hold k stones, 0 for one whose cannot.
    live: [u64; 4],
}

impl Layout {
    /// The layout for `rules`, or `None` when `rows * (cols + 1) > 64`.
    pub fn new(rules: &Rules) -> Option<Layout> {
        let width = rules.cols() + 1;
        if u64::from(rules.rows()) * u64::from(width) > 64 {
            return None;
        }
        let steps = [1, width, width + 1, width - 1];
        let live = Dir::ALL.map(|d| if rules.span(d) >= rules.k() { u64::MAX } else { 0 });
        // Every shift `starts` makes in a live direction is at most (k - 1) steps: a line of k
        // fits in the rows * (cols + 1) <= 64 bits, so the shift stays below 64.
        debug_assert!((0..4).all(|d| live[d] == 0 || (rules.k() - 1) * steps[d] < 64));
        Some(Layout { k: rules.k(), width, steps, live })
    }

    /// Stones in a row needed to win.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// The bit of (row, col), which must be on the board.
    #[inline]
    pub fn bit(&self, row: u32, col: u32) -> u64 {
        1 << (row * self.width + col)
    }

    /// For each direction (→ ↓ ↘ ↙), the cells where a run of k stones of `b` starts: O(log k)
    /// shifts, since a run of 2L starts where a run of L starts and another starts L further
    /// on. All four directions advance together, without a branch on the stones. A run can
    /// never leave the board and come back: the padding bits stop → ↘ ↙ at the row ends, and ↓
    /// runs out of bits. A direction too short for k starts (and stays) empty, so its shifts,
    /// which may pass 64, shift nothing that matters.
    ///
    /// Always inlined: returned through memory, the four words cost a store-forwarding stall
    /// that was a fifth of a whole `ttt_judge` call.
    #[inline(always)]
    fn starts(&self, b: u64) -> [u64; 4] {
        // The common win lengths get their shift sequence unrolled at compile time.
        match self.k {
            3 => self.starts_for(b, 3),
            4 => self.starts_for(b, 4),
            5 => self.starts_for(b, 5),
            k => self.starts_for(b, k),
        }
    }

    #[inline(always)]
    fn starts_for(&self, b: u64, k: u32) -> [u64; 4] {
        let mut runs = self.live.map(|m| b & m);
        let mut len = 1;
        while len * 2 <= k {
            for (r, &s) in runs.iter_mut().zip(&self.steps) {
                *r &= r.wrapping_shr(len * s);
            }
            len *= 2;
        }
        let rest = k - len;
        for (r, &s) in runs.iter_mut().zip(&self.steps) {
            *r &= r.wrapping_shr(rest * s);
        }
        runs
    }

    /// True when `b` holds `k` stones in a row in some direction.
    #[inline]
    pub fn has_line(&self, b: u64) -> bool {
        self.starts(b).iter().fold(0, |any, &r| any | r) != 0
    }

    /// The stones of `b` that lie on every one of its lines (each a possible last move): the
    /// intersection of all its k-windows. `None` when `b` has no line.
    pub fn on_every_line(&self, b: u64) -> Option<u64> {
        let mut common = None;
        for (mut starts, &s) in self.starts(b).into_iter().zip(&self.steps) {
            while starts != 0 {
                let first = starts & starts.wrapping_neg();
                let window = (0..self.k).fold(0, |w, i| w | first << (i * s));
                common = Some(common.unwrap_or(b) & window);
                starts &= starts - 1;
            }
        }
        common
    }
}

/// Both players' stones on a bitboard: the allocation-free board that judging and validating
/// use for boards that fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stones {
    layout: Layout,
    /// Player 1's and player 2's stones.
    bits: [u64; 2],
    /// How many stones each has (cheaper than a population count on CPUs without one).
    counts: [u32; 2],
}

impl Stones {
    /// No stones yet.
    pub fn new(layout: Layout) -> Stones {
        Stones { layout, bits: [0, 0], counts: [0, 0] }
    }

    /// True when (row, col) holds no stone.
    #[inline]
    pub fn is_empty(&self, row: u32, col: u32) -> bool {
        (self.bits[0] | self.bits[1]) & self.layout.bit(row, col) == 0
    }

    /// Adds a stone of player `p` (0 or 1) and reports whether `p` now has a line. A player
    /// with fewer than k stones cannot have one, which skips the test on early moves.
    #[inline]
    pub fn place(&mut self, row: u32, col: u32, p: usize) -> bool {
        self.place_quietly(row, col, p);
        self.counts[p] >= self.layout.k() && self.layout.has_line(self.bits[p])
    }

    /// Adds a stone of player `p` (0 or 1) without testing for a line.
    #[inline]
    pub fn place_quietly(&mut self, row: u32, col: u32, p: usize) {
        self.bits[p] |= self.layout.bit(row, col);
        self.counts[p] += 1;
    }

    /// Adds the stone of cell code `cell` (0 empty, 1 or 2) at bit number `bit`, without a
    /// branch on the code: boards read from text have stones in unpredictable places.
    #[inline]
    pub fn set_cell(&mut self, bit: u32, cell: u8) {
        let (x, o) = (u64::from(cell & 1), u64::from(cell >> 1));
        self.bits[0] |= x << bit;
        self.bits[1] |= o << bit;
        self.counts[0] += x as u32;
        self.counts[1] += o as u32;
    }

    /// Removes the stone of player `p` (0 or 1) from (row, col).
    #[inline]
    pub fn remove(&mut self, row: u32, col: u32, p: usize) {
        self.bits[p] &= !self.layout.bit(row, col);
        self.counts[p] -= 1;
    }

    /// Each player's stones as a bitboard.
    pub fn bits(&self) -> [u64; 2] {
        self.bits
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Stones of each player.
    pub fn counts(&self) -> [u32; 2] {
        self.counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `starts` shifts live directions by plain `>>`; that is sound only while no shift reaches
    /// 64 bits. Checked for every board shape that fits, with every k.
    #[test]
    fn live_shifts_stay_below_64_bits_on_every_shape() {
        let mut shapes = 0;
        for rows in 1..=64 {
            for cols in 1..=63 {
                for k in 1..=rows.max(cols) {
                    let rules = Rules::new(rows, cols, k).unwrap();
                    let Some(layout) = Layout::new(&rules) else { continue };
                    for (d, dir) in Dir::ALL.into_iter().enumerate() {
                        let live = rules.span(dir) >= k;
                        assert_eq!(layout.live[d] != 0, live, "{rows}x{cols} k={k} {dir:?}");
                        assert!(!live || (k - 1) * layout.steps[d] < 64, "{rows}x{cols} k={k} {dir:?}");
                    }
                    shapes += 1;
                }
            }
        }
        assert!(shapes > 1000, "only {shapes} shapes fit");
    }
}
