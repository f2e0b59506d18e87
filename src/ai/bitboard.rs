//! The solver's view of the core's bitboards: one word per player, bit `row * (cols + 1) +
//! col`, a padding bit after each row so shifts never carry a run into the next row. The
//! solver runs on 64-bit words (`crate::bitboard::Layout`'s boards) and, for boards of up to
//! 128 bits (8 x 8, 10 x 10), on 128-bit words: `Word` is what it needs of either, and every
//! part of the solver is compiled once per word. This adds what a search needs: the line
//! test, cell/bit conversion and the cells where one more stone completes a line. The tests
//! at the end of this file prove them equal to `Rules::line_at`.

use crate::rules::{Dir, Rules};
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A bitboard word: `u64` or `u128`. The solver is generic over it and monomorphised, so a
/// board that fits 64 bits runs on `u64` as fast as code written for `u64` alone.
pub trait Word:
    Copy
    + Default
    + Eq
    + Ord
    + Hash
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// Bits in a word.
    const BITS: u32;
    const ZERO: Self;
    /// One array slot per bit of a word (`[T; BITS]`).
    type PerBit<T: Copy>: AsRef<[T]> + AsMut<[T]> + Copy;
    /// A `PerBit` array filled with `value`.
    fn per_bit<T: Copy>(value: T) -> Self::PerBit<T>;
    /// The word with only bit `n` set (`n < BITS`).
    fn bit(n: u32) -> Self;
    fn count_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    /// The word without its lowest set bit.
    fn without_lowest(self) -> Self;
    /// Shifted toward higher bits; bits pushed past the top are lost (no overflow panic).
    fn up(self, n: u32) -> Self;
    /// Shifted toward lower bits.
    fn down(self, n: u32) -> Self;
    /// A 64-bit digest of the word, for hashing (the word itself for `u64`).
    fn digest(self) -> u64;
    /// The low 64 bits (all of a board that fits 64 bits).
    fn low(self) -> u64;

    /// True when no bit is set.
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }

    /// True when bit `n` is set.
    #[inline(always)]
    fn has(self, n: u32) -> bool {
        !(self & Self::bit(n)).is_zero()
    }
}

macro_rules! word {
    ($t:ty, $digest:expr) => {
        impl Word for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: $t = 0;
            type PerBit<T: Copy> = [T; <$t>::BITS as usize];
            #[inline(always)]
            fn per_bit<T: Copy>(value: T) -> [T; <$t>::BITS as usize] {
                [value; <$t>::BITS as usize]
            }
            #[inline(always)]
            fn bit(n: u32) -> $t {
                1 << n
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn without_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn up(self, n: u32) -> $t {
                self.checked_shl(n).unwrap_or(0)
            }
            #[inline(always)]
            fn down(self, n: u32) -> $t {
                self.checked_shr(n).unwrap_or(0)
            }
            #[inline(always)]
            fn digest(self) -> u64 {
                let f: fn($t) -> u64 = $digest;
                f(self)
            }
            #[inline(always)]
            fn low(self) -> u64 {
                self as u64
            }
        }
    };
}

word!(u64, |x| x);
word!(u128, |x| (x as u64) ^ ((x >> 64) as u64).rotate_left(29).wrapping_mul(0x9e37_79b9_7f4a_7c15));

/// A board shape mapped onto bitboard words `W`.
#[derive(Clone, Debug)]
pub struct Geometry<W: Word = u64> {
    rules: Rules,
    width: u32,
    /// Bit steps of the directions whose lines can hold k stones (→ ↓ ↘ ↙ order), first `live`.
    steps: [u32; 4],
    live: usize,
    /// Every bit that is a real cell.
    cells: W,
}

impl<W: Word> Geometry<W> {
    /// The bitboard layout for `rules`, or `None` when `rows * (cols + 1)` is more than the
    /// bits of a word.
    pub fn new(rules: Rules) -> Option<Geometry<W>> {
        if u64::from(rules.rows()) * (u64::from(rules.cols()) + 1) > u64::from(W::BITS) {
            return None;
        }
        let width = rules.cols() + 1;
        let mut cells = W::ZERO;
        for cell in 0..rules.cells() {
            cells |= W::bit(Self::bit_of(rules, width, cell));
        }
        let mut geo = Geometry { rules, width, steps: [0; 4], live: 0, cells };
        for (dir, step) in Dir::ALL.into_iter().zip([1, width, width + 1, width - 1]) {
            if rules.span(dir) >= rules.k() {
                geo.steps[geo.live] = step;
                geo.live += 1;
            }
        }
        Some(geo)
    }

    fn bit_of(rules: Rules, width: u32, cell: usize) -> u32 {
        let (r, c) = rules.row_col(cell);
        r * width + c
    }

    /// The rules this layout was made for.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The bit number of a row-major cell index.
    pub fn bit(&self, cell: usize) -> u32 {
        Self::bit_of(self.rules, self.width, cell)
    }

    /// The row-major cell index of a bit number (which must be a real cell).
    pub fn cell(&self, bit: u32) -> usize {
        (bit / self.width) as usize * self.rules.cols() as usize + (bit % self.width) as usize
    }

    /// The mask of every real cell.
    pub fn all(&self) -> W {
        self.cells
    }

    /// The boards of player 1 and player 2 for row-major `cells` (0 empty, 1, 2).
    pub fn boards(&self, cells: impl IntoIterator<Item = u8>) -> [W; 2] {
        let mut b = [W::ZERO; 2];
        for (i, c) in cells.into_iter().enumerate() {
            if c != 0 {
                b[c as usize - 1] |= W::bit(self.bit(i));
            }
        }
        b
    }

    /// True when `b` holds `k` stones in a row in some direction: a run of 2L starts where a
    /// run of L starts and another starts L further on, so O(log k) shifts per direction.
    pub fn has_line(&self, b: W) -> bool {
        let k = self.rules.k();
        self.steps[..self.live].iter().any(|&s| {
            let (mut starts, mut len) = (b, 1);
            while len * 2 <= k {
                starts &= starts.down(len * s);
                len *= 2;
            }
            !(starts & starts.down((k - len) * s)).is_zero()
        })
    }

    /// Every real cell where one more stone of `b` would complete `k` in a row (whether the
    /// cell is empty or not; callers mask with the empty cells). O(k) shifts per direction.
    pub fn win_cells(&self, b: W) -> W {
        // The run table lives on the stack; size it to k so the common case stays cheap.
        if self.rules.k() <= 8 {
            self.win_cells_up_to::<8>(b)
        } else {
            self.win_cells_up_to::<128>(b)
        }
    }

    /// Every cell of some k-window that lies entirely within `free`: with `free` = a player's
    /// stones plus the empty cells, the cells where that player can still make a line.
    /// O(log k) shifts per direction (runs and covers both double).
    pub fn reach(&self, free: W) -> W {
        let k = self.rules.k();
        let mut out = W::ZERO;
        for &s in &self.steps[..self.live] {
            let (mut starts, mut len) = (free, 1);
            while len * 2 <= k {
                starts &= starts.down(len * s);
                len *= 2;
            }
            starts &= starts.down((k - len) * s);
            let (mut cover, mut len) = (starts, 1);
            while len * 2 <= k {
                cover |= cover.up(len * s);
                len *= 2;
            }
            out |= cover | cover.up((k - len) * s);
        }
        out & self.cells
    }

    fn win_cells_up_to<const K: usize>(&self, b: W) -> W {
        let k = self.rules.k() as usize;
        let mut out = W::ZERO;
        for &s in &self.steps[..self.live] {
            // after[j]: cells followed by at least j stones of `b` along `s`.
            let mut after = [!W::ZERO; K];
            for j in 1..k {
                after[j] = after[j - 1] & b.down(j as u32 * s);
            }
            // A new stone with j stones right before it and k-1-j right after it wins.
            let mut before = !W::ZERO;
            for j in 0..k {
                if j > 0 {
                    before &= b.up(j as u32 * s);
                }
                out |= before & after[k - 1 - j];
            }
        }
        out & self.cells
    }
}

/// Iterates the set bits of a board, lowest first.
pub struct Bits<W: Word = u64>(pub W);

impl<W: Word> Iterator for Bits<W> {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        (!self.0.is_zero()).then(|| {
            let b = self.0.trailing_zeros();
            self.0 = self.0.without_lowest();
            b
        })
    }
}

/// The bitboard line tests are the same rule as `Rules::line_at`, the one every other entry
/// point uses: exhaustively on small boards, on random boards for larger ones.
#[cfg(test)]
mod tests {
    use super::{Geometry, Word};
    use crate::ai::rng::Rng;
    use crate::rules::Rules;

    /// Compares `has_line` and `win_cells` for the stones `mine` (row-major cell set) with the
    /// answers `Rules::line_at` gives on the same board.
    fn compare<W: Word>(rules: Rules, geo: &Geometry<W>, mine: &[bool]) {
        let mut cells: Vec<u8> = mine.iter().map(|&m| u8::from(m)).collect();
        let board = geo.boards(cells.iter().copied())[0];
        let has = (0..cells.len()).any(|i| cells[i] == 1 && rules.line_at(&cells, i).is_some());
        assert_eq!(geo.has_line(board), has, "{rules:?} {cells:?}");
        let wins = geo.win_cells(board);
        for i in 0..cells.len() {
            let before = cells[i];
            cells[i] = 1;
            let completes = rules.line_at(&cells, i).is_some();
            cells[i] = before;
            assert_eq!(wins.has(geo.bit(i)), completes, "{rules:?} cell {i} of {cells:?}");
        }
        assert!((wins & !geo.all()).is_zero(), "only real cells");

        // `reach`: the cells of k-windows made only of `mine` cells, found by walking each window.
        let (rows, cols, k) = (rules.rows() as i64, rules.cols() as i64, rules.k() as i64);
        let mut covered = vec![false; cells.len()];
        for start in 0..rows * cols {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let window: Vec<(i64, i64)> =
                    (0..k).map(|i| (start / cols + i * dr, start % cols + i * dc)).collect();
                let inside = window.iter().all(|&(r, c)| r >= 0 && c >= 0 && r < rows && c < cols);
                if inside && window.iter().all(|&(r, c)| mine[(r * cols + c) as usize]) {
                    window.iter().for_each(|&(r, c)| covered[(r * cols + c) as usize] = true);
                }
            }
        }
        let reach = geo.reach(board);
        for (i, &want) in covered.iter().enumerate() {
            assert_eq!(reach.has(geo.bit(i)), want, "reach: {rules:?} cell {i} of {cells:?}");
        }
    }

    #[test]
    fn every_board_up_to_twelve_cells() {
        let mut shapes = 0;
        for rows in 1..=12u32 {
            for cols in 1..=12 / rows {
                for k in 1..=rows.max(cols) {
                    let rules = Rules::new(rows, cols, k).unwrap();
                    let geo = Geometry::<u64>::new(rules).unwrap();
                    let n = rules.cells();
                    for set in 0u32..1 << n {
                        let mine: Vec<bool> = (0..n).map(|i| set & 1 << i != 0).collect();
                        compare(rules, &geo, &mine);
                    }
                    shapes += 1;
                }
            }
        }
        assert!(shapes > 60);
    }

    #[test]
    fn random_boards_on_every_shape_that_fits() {
        random_boards::<u64>(|_| true);
    }

    /// The shapes of 65 to 128 bits on 128-bit words, and a sample of the others (every
    /// tenth), which must give the same answers on either word.
    #[test]
    fn random_boards_on_every_shape_that_fits_128_bits() {
        let mut sample = 0;
        random_boards::<u128>(|rules| {
            sample += 1;
            Geometry::<u64>::new(rules).is_none() || sample % 10 == 0
        });
    }

    /// `compare` on random boards of every shape that fits words `W` and that `pick` takes.
    fn random_boards<W: Word>(mut pick: impl FnMut(Rules) -> bool) {
        let mut rng = Rng::new(7);
        for rows in 1..=W::BITS {
            for cols in 1..=W::BITS {
                if Geometry::<W>::new(Rules::new(rows, cols, 1).unwrap()).is_none()
                    || !pick(Rules::new(rows, cols, 1).unwrap())
                {
                    continue;
                }
                for k in [2, 3, 4, 5, 7].into_iter().chain([rows.max(cols)]).filter(|&k| k <= rows.max(cols))
                {
                    let rules = Rules::new(rows, cols, k).unwrap();
                    let geo = Geometry::<W>::new(rules).unwrap();
                    for _ in 0..20 {
                        // Dense and sparse boards both matter: vary the stone density.
                        let density = rng.below(100);
                        let mine: Vec<bool> = (0..rules.cells()).map(|_| rng.below(100) < density).collect();
                        compare(rules, &geo, &mine);
                    }
                }
            }
        }
    }

    #[test]
    fn boards_that_do_not_fit_are_refused() {
        assert!(Geometry::<u64>::new(Rules::new(8, 8, 5).unwrap()).is_none());
        assert!(Geometry::<u64>::new(Rules::new(8, 7, 5).unwrap()).is_some());
        assert!(Geometry::<u64>::new(Rules::new(1, 63, 5).unwrap()).is_some());
        assert!(Geometry::<u64>::new(Rules::new(33, 1, 5).unwrap()).is_none());
        assert!(Geometry::<u128>::new(Rules::new(8, 8, 5).unwrap()).is_some());
        assert!(Geometry::<u128>::new(Rules::new(10, 10, 5).unwrap()).is_some());
        assert!(Geometry::<u128>::new(Rules::new(11, 10, 5).unwrap()).is_some());
        assert!(Geometry::<u128>::new(Rules::new(11, 11, 5).unwrap()).is_none());
        assert!(Geometry::<u128>::new(Rules::new(65, 1, 5).unwrap()).is_none());
    }
}
