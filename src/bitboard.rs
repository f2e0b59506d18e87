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
    /// Bit steps of the directions that can hold k in a row (→ ↓ ↘ ↙ order), first `live`.
    steps: [u32; 4],
    live: usize,
}

impl Layout {
    /// The layout for `rules`, or `None` when `rows * (cols + 1) > 64`.
    pub fn new(rules: &Rules) -> Option<Layout> {
        let width = rules.cols() + 1;
        if u64::from(rules.rows()) * u64::from(width) > 64 {
            return None;
        }
        let mut layout = Layout { k: rules.k(), width, steps: [0; 4], live: 0 };
        for (dir, step) in Dir::ALL.into_iter().zip([1, width, width + 1, width - 1]) {
            if rules.span(dir) >= rules.k() {
                layout.steps[layout.live] = step;
                layout.live += 1;
            }
        }
        Some(layout)
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

    /// The cells where a run of k stones of `b` starts, going along `step`: O(log k) shifts,
    /// since a run of 2L starts where a run of L starts and another starts L further on.
    /// Shifts stay below 64: in a direction whose lines can hold k, `(k - 1) * step` is less
    /// than `rows * (cols + 1)`.
    #[inline]
    fn starts(&self, b: u64, step: u32) -> u64 {
        let (mut runs, mut len) = (b, 1);
        while len * 2 <= self.k {
            runs &= runs >> (len * step);
            len *= 2;
        }
        runs & (runs >> ((self.k - len) * step))
    }

    /// True when `b` holds `k` stones in a row in some direction.
    #[inline]
    pub fn has_line(&self, b: u64) -> bool {
        self.steps[..self.live].iter().any(|&s| self.starts(b, s) != 0)
    }

    /// The stones of `b` that lie on every one of its lines (each a possible last move): the
    /// intersection of all its k-windows. `None` when `b` has no line.
    pub fn on_every_line(&self, b: u64) -> Option<u64> {
        let mut common = None;
        for &s in &self.steps[..self.live] {
            let mut starts = self.starts(b, s);
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
