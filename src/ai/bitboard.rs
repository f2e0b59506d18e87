//! The solver's view of the core's bitboards (`crate::bitboard::Layout`: one `u64` per player,
//! bit `row * (cols + 1) + col`, a padding bit after each row so shifts never carry a run into
//! the next row). The line test is the core's; this adds what a search needs: cell/bit
//! conversion and the cells where one more stone completes a line. The tests at the end of
//! this file prove both equal to `Rules::line_at`.

use crate::bitboard::Layout;
use crate::rules::{Dir, Rules};

/// A board shape mapped onto 64-bit boards.
#[derive(Clone, Debug)]
pub struct Geometry {
    layout: Layout,
    rules: Rules,
    width: u32,
    /// Bit steps of the directions whose lines can hold k stones (→ ↓ ↘ ↙ order), first `live`.
    steps: [u32; 4],
    live: usize,
    /// Every bit that is a real cell.
    cells: u64,
}

/// `x` shifted toward higher bits; bits pushed past 63 are lost (no overflow panic).
fn up(x: u64, n: u32) -> u64 {
    x.checked_shl(n).unwrap_or(0)
}

/// `x` shifted toward lower bits.
fn down(x: u64, n: u32) -> u64 {
    x.checked_shr(n).unwrap_or(0)
}

impl Geometry {
    /// The bitboard layout for `rules`, or `None` when `rows * (cols + 1) > 64`.
    pub fn new(rules: Rules) -> Option<Geometry> {
        let layout = Layout::new(&rules)?;
        let width = rules.cols() + 1;
        let mut cells = 0u64;
        for cell in 0..rules.cells() {
            cells |= 1 << Self::bit_of(rules, width, cell);
        }
        let mut geo = Geometry { layout, rules, width, steps: [0; 4], live: 0, cells };
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
    pub fn all(&self) -> u64 {
        self.cells
    }

    /// The boards of player 1 and player 2 for row-major `cells` (0 empty, 1, 2).
    pub fn boards(&self, cells: impl IntoIterator<Item = u8>) -> [u64; 2] {
        let mut b = [0u64; 2];
        for (i, c) in cells.into_iter().enumerate() {
            if c != 0 {
                b[c as usize - 1] |= 1 << self.bit(i);
            }
        }
        b
    }

    /// True when `b` holds `k` stones in a row in some direction.
    pub fn has_line(&self, b: u64) -> bool {
        self.layout.has_line(b)
    }

    /// Every real cell where one more stone of `b` would complete `k` in a row (whether the
    /// cell is empty or not; callers mask with the empty cells). O(k) shifts per direction.
    pub fn win_cells(&self, b: u64) -> u64 {
        // The run table lives on the stack; size it to k so the common case stays cheap.
        if self.rules.k() <= 8 {
            self.win_cells_up_to::<8>(b)
        } else {
            self.win_cells_up_to::<64>(b)
        }
    }

    /// Every cell of some k-window that lies entirely within `free`: with `free` = a player's
    /// stones plus the empty cells, the cells where that player can still make a line.
    /// O(log k) shifts per direction (runs and covers both double).
    pub fn reach(&self, free: u64) -> u64 {
        let k = self.rules.k();
        let mut out = 0;
        for &s in &self.steps[..self.live] {
            let (mut starts, mut len) = (free, 1);
            while len * 2 <= k {
                starts &= down(starts, len * s);
                len *= 2;
            }
            starts &= down(starts, (k - len) * s);
            let (mut cover, mut len) = (starts, 1);
            while len * 2 <= k {
                cover |= up(cover, len * s);
                len *= 2;
            }
            out |= cover | up(cover, (k - len) * s);
        }
        out & self.cells
    }

    fn win_cells_up_to<const K: usize>(&self, b: u64) -> u64 {
        let k = self.rules.k() as usize;
        let mut out = 0;
        for &s in &self.steps[..self.live] {
            // after[j]: cells followed by at least j stones of `b` along `s`.
            let mut after = [!0u64; K];
            for j in 1..k {
                after[j] = after[j - 1] & down(b, j as u32 * s);
            }
            // A new stone with j stones right before it and k-1-j right after it wins.
            let mut before = !0u64;
            for j in 0..k {
                if j > 0 {
                    before &= up(b, j as u32 * s);
                }
                out |= before & after[k - 1 - j];
            }
        }
        out & self.cells
    }
}

/// Iterates the set bits of a board, lowest first.
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        (self.0 != 0).then(|| {
            let b = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            b
        })
    }
}

/// The bitboard line tests are the same rule as `Rules::line_at`, the one every other entry
/// point uses: exhaustively on small boards, on random boards for larger ones.
#[cfg(test)]
mod tests {
    use super::Geometry;
    use crate::ai::rng::Rng;
    use crate::rules::Rules;

    /// Compares `has_line` and `win_cells` for the stones `mine` (row-major cell set) with the
    /// answers `Rules::line_at` gives on the same board.
    fn compare(rules: Rules, geo: &Geometry, mine: &[bool]) {
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
            assert_eq!(wins & 1 << geo.bit(i) != 0, completes, "{rules:?} cell {i} of {cells:?}");
        }
        assert_eq!(wins & !geo.all(), 0, "only real cells");

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
            assert_eq!(reach & 1 << geo.bit(i) != 0, want, "reach: {rules:?} cell {i} of {cells:?}");
        }
    }

    #[test]
    fn every_board_up_to_twelve_cells() {
        let mut shapes = 0;
        for rows in 1..=12u32 {
            for cols in 1..=12 / rows {
                for k in 1..=rows.max(cols) {
                    let rules = Rules::new(rows, cols, k).unwrap();
                    let geo = Geometry::new(rules).unwrap();
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
        let mut rng = Rng::new(7);
        for rows in 1..=64u32 {
            for cols in 1..=64 {
                if Geometry::new(Rules::new(rows, cols, 1).unwrap()).is_none() {
                    continue;
                }
                for k in [2, 3, 4, 5, 7].into_iter().chain([rows.max(cols)]).filter(|&k| k <= rows.max(cols))
                {
                    let rules = Rules::new(rows, cols, k).unwrap();
                    let geo = Geometry::new(rules).unwrap();
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
        assert!(Geometry::new(Rules::new(8, 8, 5).unwrap()).is_none());
        assert!(Geometry::new(Rules::new(8, 7, 5).unwrap()).is_some());
        assert!(Geometry::new(Rules::new(1, 63, 5).unwrap()).is_some());
        assert!(Geometry::new(Rules::new(33, 1, 5).unwrap()).is_none());
    }
}
