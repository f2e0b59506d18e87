//! Bitboards for small boards: one `u64` per player, bit `row * (cols + 1) + col`.
//!
//! Each row carries one always-empty padding bit after its last column, so shifting a board by
//! the step of a direction (1 →, cols+1 ↓, cols+2 ↘, cols ↙) can never carry a run from the end
//! of one row into the next. A board fits when `rows * (cols + 1) <= 64` (3×3 takes 12 bits,
//! 7×7 56). This is the same rule as `Rules::line_at`, computed on whole boards at once; the
//! exhaustive tests prove the two agree.

use crate::board::{for_each_cell, CELL_OF_BYTE};
use crate::error::Error;
use crate::rules::{Dir, Rules};

/// How a board shape maps onto 64-bit boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    k: u32,
    rows: u32,
    cols: u32,
    width: u32,
    /// Bit steps of → ↓ ↘ ↙.
    steps: [u32; 4],
    /// All ones for a direction whose lines can hold k stones, 0 for one whose cannot.
    live: [u64; 4],
}

impl Layout {
    /// The layout for `rules`, or `None` when `rows * (cols + 1) > 64`.
    pub fn new(rules: &Rules) -> Option<Layout> {
        Layout::fits(rules).then(|| Layout::of_fitting(rules))
    }

    /// The layout for `rules`, which must fit (`Layout::fits`).
    #[inline]
    pub fn of_fitting(rules: &Rules) -> Layout {
        debug_assert!(Layout::fits(rules));
        let width = rules.cols() + 1;
        let steps = [1, width, width + 1, width - 1];
        let live = Dir::ALL.map(|d| 0u64.wrapping_sub(u64::from(rules.span(d) >= rules.k())));
        // Every shift `starts` makes in a live direction is at most (k - 1) steps: a line of k
        // fits in the rows * (cols + 1) <= 64 bits, so the shift stays below 64.
        debug_assert!((0..4).all(|d| live[d] == 0 || (rules.k() - 1) * steps[d] < 64));
        Layout { k: rules.k(), rows: rules.rows(), cols: rules.cols(), width, steps, live }
    }

    /// True when boards of `rules` fit: `rows * (cols + 1) <= 64`.
    #[inline]
    pub fn fits(rules: &Rules) -> bool {
        u64::from(rules.rows()) * (u64::from(rules.cols()) + 1) <= 64
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

    /// Spreads a dense row-major board (bit `row * cols + col`) onto this layout, which has one
    /// padding bit after every row.
    #[inline]
    pub fn spread(&self, dense: u64) -> u64 {
        // rows * cols < 64, so every shift and the row mask stay inside the word.
        let row_mask = (1u64 << self.cols) - 1;
        (0..self.rows).fold(0, |out, r| out | ((dense >> (r * self.cols)) & row_mask) << (r * self.width))
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

    /// `has_line` for a caller that already knows k is `K` (0: read it from the layout), so a
    /// loop around it is compiled for that k alone.
    #[inline(always)]
    pub fn has_line_k<const K: u32>(&self, b: u64) -> bool {
        debug_assert!(K == 0 || K == self.k);
        let k = if K == 0 { self.k } else { K };
        self.starts_for(b, k).iter().fold(0, |any, &r| any | r) != 0
    }

    /// The stones of `b` that lie on every one of its lines (each a possible last move): the
    /// intersection of all its k-windows. `None` when `b` has no line, the common case, which
    /// is decided inline.
    #[inline]
    pub fn on_every_line(&self, b: u64) -> Option<u64> {
        let starts = self.starts(b);
        if starts.iter().fold(0, |any, &r| any | r) == 0 {
            return None;
        }
        Some(self.common_stones(b, &starts))
    }

    /// `on_every_line` of `b`, whose line starts per direction are `starts` (not all empty).
    #[inline(never)]
    fn common_stones(&self, b: u64, starts: &[u64; 4]) -> u64 {
        let mut common = b;
        for (&starts, &s) in starts.iter().zip(&self.steps) {
            let mut starts = starts;
            while starts != 0 {
                let first = starts & starts.wrapping_neg();
                common &= (0..self.k).fold(0, |w, i| w | first << (i * s));
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

    /// The stones `read_dense` read, on `layout`.
    #[inline]
    pub fn from_dense(layout: Layout, dense: &Dense) -> Stones {
        Stones { layout, bits: dense.bits.map(|d| layout.spread(d)), counts: dense.counts }
    }

    /// Adds a stone of player `p` (0 or 1) and reports whether `p` now has a line. A player
    /// with fewer than k stones cannot have one, which skips the test on early moves.
    #[inline(always)]
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

/// A board read from text before it is laid out: each player's stones as one dense row-major
/// word (bit `row * cols + col`), and how many each has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dense {
    /// Player 1's and player 2's stones.
    pub bits: [u64; 2],
    /// Stones of each player.
    pub counts: [u32; 2],
}

/// The common case of board text of `n <= 64` cells, exactly `n` cells and nothing else, read
/// eight bytes at a time without a branch on which stone is where. `None` when the text is
/// anything else (separators, a bad byte, another length), left to `read_dense_general`,
/// which reports the error. Always inlined, so the words stay in registers.
#[inline(always)]
pub fn read_dense(text: &[u8], n: usize) -> Option<Dense> {
    if text.len() != n {
        return None;
    }
    let (mut x, mut o, mut counts) = (0u64, 0u64, [0u32; 2]);
    let (chunks, rest) = text.as_chunks::<8>();
    for (c, &chunk) in chunks.iter().enumerate() {
        // n <= 64, so at most eight chunks and every shift stays inside the word.
        let v = u64::from_le_bytes(chunk);
        let (xs, os) = (bytes_equal(v, b'X'), bytes_equal(v, b'O'));
        if xs | os | bytes_equal(v, b'.') | bytes_equal(v, b' ') != HIGH_BITS {
            return None;
        }
        x |= gather_bytes(xs) << (8 * c);
        o |= gather_bytes(os) << (8 * c);
        counts[0] += count_bytes(xs);
        counts[1] += count_bytes(os);
    }
    let start = n - rest.len();
    let mut seen = 0u8;
    for (i, &b) in rest.iter().enumerate() {
        let cell = CELL_OF_BYTE[b as usize];
        // Cells are 0..=2, so `cell + 1` sets bit 2 only for a separator or a bad byte.
        seen |= cell + 1;
        x |= u64::from(cell & 1) << (start + i);
        o |= u64::from(cell >> 1) << (start + i);
        counts[0] += u32::from(cell & 1);
        counts[1] += u32::from(cell >> 1);
    }
    (seen & 4 == 0).then_some(Dense { bits: [x, o], counts })
}

/// `read_dense` for any board text of `n <= 64` cells (see `board::for_each_cell`):
/// separators skipped, errors reported.
pub fn read_dense_general(text: &[u8], n: usize) -> Result<Dense, Error> {
    let mut bits = [0u64; 2];
    for_each_cell(text, n, |i, cell| {
        bits[0] |= u64::from(cell & 1) << i;
        bits[1] |= u64::from(cell >> 1) << i;
    })?;
    Ok(Dense { bits, counts: bits.map(u64::count_ones) })
}

const LOW_BITS: u64 = 0x0101_0101_0101_0101;
pub(crate) const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The high bit of every byte of `v` that equals `b`, nothing else. Exact: no carry crosses a
/// byte, since each byte adds at most 0x7F to at most 0x7F.
#[inline(always)]
pub(crate) fn bytes_equal(v: u64, b: u8) -> u64 {
    let t = v ^ (LOW_BITS * u64::from(b));
    !(((t & !HIGH_BITS) + !HIGH_BITS) | t) & HIGH_BITS
}

/// How many high bits `bytes_equal` left: the multiplier sums the bytes (at most 8) into the
/// top byte. Cheaper than a population count on CPUs without one.
#[inline(always)]
fn count_bytes(highs: u64) -> u32 {
    ((highs >> 7).wrapping_mul(LOW_BITS) >> 56) as u32
}

/// Bit i = the high bit of byte i, for the high bits `bytes_equal` leaves: the multiplier
/// moves byte i's bit to bit 56 + i, and no two partial products share a bit (no carries).
#[inline(always)]
fn gather_bytes(highs: u64) -> u64 {
    (highs >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `starts` shifts live directions by plain `>>`; that is sound only while no shift reaches
    /// 64 bits. Checked for every board shape that fits, with every k. (Pure arithmetic, too
    /// slow under Miri, which is here for the unsafe FFI layer.)
    #[test]
    #[cfg_attr(miri, ignore)]
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

    /// The eight-bytes-at-a-time reader against the general one: every byte value at every
    /// position of texts of every length up to 64 (one chunk, several, and a remainder).
    /// Skipped under Miri for its size (safe code only).
    #[test]
    #[cfg_attr(miri, ignore)]
    fn fast_reader_agrees_with_the_general_reader() {
        let mut seed = 7u64;
        let mut next = move || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        for n in 1..=64 {
            let mut text: Vec<u8> = (0..n).map(|_| b"XO. "[next() % 4]).collect();
            for pos in 0..n {
                for b in 0..=255u8 {
                    let keep = text[pos];
                    text[pos] = b;
                    let general = read_dense_general(&text, n);
                    match read_dense(&text, n) {
                        Some(fast) => assert_eq!(Ok(fast), general, "{n} cells, byte {b} at {pos}"),
                        // Only a separator or a bad byte sends the text to the general reader.
                        None => assert!(!b"XO. ".contains(&b), "{n} cells, byte {b} at {pos}"),
                    }
                    text[pos] = keep;
                }
            }
            assert_eq!(read_dense(&text[..n - 1], n), None, "a short text is not the common case");
        }
    }
}
