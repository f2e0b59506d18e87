//! A board that knows its line patterns: for every cell, each of the four directions and each
//! side, the arrangement of the k − 1 cells on either side (a base-3 key, see `table`), and
//! from it what a stone there would make (a `Class` per line, a `Level` and a rating per
//! cell). Placing or removing a stone changes the keys only of the cells within k − 1 of it
//! along its four lines, so a move costs O(k) cells per direction and nothing is rescanned.
//!
//! The board also keeps, per side, the evaluation (the `eval_weight` of every empty cell's
//! line classes, summed) and how many empty cells are at each level: whether a side has a
//! five to play, or a four to block, is a counter read.

mod rate;
pub(crate) mod table;
#[cfg(test)]
mod tests;

pub(crate) use rate::Level;
use rate::{eval_weight, index, ratings, LEVELS};
use table::{Class, LineTable};

use crate::error::Error;
use crate::fallible::try_filled;
use crate::game::Game;
use crate::rules::EMPTY;

/// A cell off the board: blocked for both sides.
const WALL: u8 = 3;
/// Stones within this many rows and columns make a cell a candidate move.
const NEAR: isize = 2;

/// Per cell and side: the four lines' classes, the level and the rating.
#[derive(Clone, Copy)]
struct Rated {
    class: [Class; 4],
    level: Level,
    rating: i32,
}

const UNRATED: Rated = Rated { class: [Class::Dead; 4], level: Level::Quiet, rating: 0 };

/// The board with its patterns. Cells are indices of a padded grid (k − 1 walls around the
/// board); `to_board` and `from_board` convert.
pub(crate) struct Board {
    rows: usize,
    cols: usize,
    pad: usize,
    stride: usize,
    table: &'static LineTable,
    /// Level and rating of every four classes (`rate::ratings`).
    ratings: &'static [(Level, i32)],
    /// k − 1: how far a line's key reaches.
    half: usize,
    /// Grid steps of the four directions: → ↓ ↘ ↙.
    steps: [isize; 4],
    cells: Vec<u8>,
    /// `keys[cell][dir][side − 1]`.
    keys: Vec<[[u32; 2]; 4]>,
    /// `rated[cell][side − 1]`, kept up to date for empty cells.
    rated: Vec<[Rated; 2]>,
    /// Stones within `NEAR` of each cell.
    near: Vec<u8>,
    /// Per side: empty cells at each level, and the evaluation.
    counts: [[u32; LEVELS]; 2],
    totals: [i32; 2],
    zobrist: Vec<[u64; 2]>,
    hash: u64,
    stones: usize,
}

impl Board {
    /// The board of `game` (k between `table::MIN_K` and `table::MAX_K`).
    pub fn new(game: &Game) -> Result<Board, Error> {
        let rules = game.rules();
        let (rows, cols, k) = (rules.rows() as usize, rules.cols() as usize, rules.k());
        let half = k as usize - 1;
        let pad = half.max(NEAR as usize);
        let stride = cols + 2 * pad;
        let size = stride * (rows + 2 * pad);
        let mut cells = try_filled(WALL, size)?;
        for r in 0..rows {
            cells[(r + pad) * stride + pad..(r + pad) * stride + pad + cols].fill(EMPTY);
        }
        let s = stride as isize;
        let mut board = Board {
            rows,
            cols,
            pad,
            stride,
            table: table::table(k)?,
            ratings: ratings()?,
            half,
            steps: [1, s, s + 1, s - 1],
            cells,
            keys: try_filled([[0; 2]; 4], size)?,
            rated: try_filled([UNRATED; 2], size)?,
            near: try_filled(0, size)?,
            counts: [[0; LEVELS]; 2],
            totals: [0; 2],
            zobrist: try_filled([0; 2], size)?,
            hash: 0,
            stones: 0,
        };
        let mut rng = super::rng::Rng::new(0x0005_eed0_f11e);
        for z in &mut board.zobrist {
            *z = [rng.next_u64(), rng.next_u64()];
        }
        for cell in 0..size {
            if board.cells[cell] == EMPTY {
                for dir in 0..4 {
                    board.keys[cell][dir] = [board.scan_key(cell, dir, 1), board.scan_key(cell, dir, 2)];
                }
                board.rate(cell);
                board.tally(cell, 1);
            }
        }
        let mut result = Ok(());
        game.for_each_stone(|cell| {
            let (r, c) = rules.row_col(cell);
            let stone = game.board().cells().get(cell);
            if result.is_ok() {
                result = board.grid_cell(r, c).map(|at| board.make(at, stone));
            }
        });
        result.map(|()| board)
    }

    /// The grid cell of the board's (row, col).
    pub fn grid_cell(&self, row: u32, col: u32) -> Result<usize, Error> {
        let (r, c) = (row as usize, col as usize);
        if r >= self.rows || c >= self.cols {
            return Err(Error::InvalidArgument);
        }
        Ok((r + self.pad) * self.stride + c + self.pad)
    }

    /// The board's (row, col) of a grid cell on it.
    pub fn to_board(&self, cell: usize) -> (u32, u32) {
        ((cell / self.stride - self.pad) as u32, (cell % self.stride - self.pad) as u32)
    }

    /// Grid cells of the board, row by row.
    pub fn board_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.rows).flat_map(move |r| {
            let first = (r + self.pad) * self.stride + self.pad;
            first..first + self.cols
        })
    }

    /// Empty cells with a stone within two rows and columns, row by row.
    pub fn candidates(&self) -> impl Iterator<Item = usize> + '_ {
        self.board_cells().filter(|&c| self.cells[c] == EMPTY && self.near[c] > 0)
    }

    /// The stone on a cell (`EMPTY`, 1 or 2; 3 off the board).
    pub fn stone(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// k − 1: how far a line's patterns reach from a cell.
    pub fn half(&self) -> usize {
        self.half
    }

    /// Grid steps of the four directions.
    pub fn steps(&self) -> [isize; 4] {
        self.steps
    }

    #[cfg(test)]
    pub fn stones(&self) -> usize {
        self.stones
    }

    pub fn empties(&self) -> usize {
        self.rows * self.cols - self.stones
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// What a stone of `side` on the empty `cell` makes.
    #[inline]
    pub fn level(&self, cell: usize, side: u8) -> Level {
        self.rated[cell][usize::from(side - 1)].level
    }

    /// The move-ordering rating of the empty `cell` for `side`.
    #[inline]
    pub fn rating(&self, cell: usize, side: u8) -> i32 {
        self.rated[cell][usize::from(side - 1)].rating
    }

    /// The class of the empty `cell`'s line in direction `dir` for `side`.
    pub fn class(&self, cell: usize, dir: usize, side: u8) -> Class {
        self.rated[cell][usize::from(side - 1)].class[dir]
    }

    /// Empty cells where `side` reaches `level`.
    #[inline]
    pub fn count(&self, side: u8, level: Level) -> u32 {
        self.counts[usize::from(side - 1)][level as usize]
    }

    /// Empty cells where `side` reaches `level` or more.
    pub fn count_at_least(&self, side: u8, level: Level) -> u32 {
        self.counts[usize::from(side - 1)][level as usize..].iter().sum()
    }

    /// The evaluation of `side`: its weights summed over the empty cells.
    pub fn total(&self, side: u8) -> i32 {
        self.totals[usize::from(side - 1)]
    }

    /// Places a stone of `side` (1 or 2) on the empty `cell`.
    pub fn make(&mut self, cell: usize, side: u8) {
        debug_assert_eq!(self.cells[cell], EMPTY);
        self.tally(cell, -1);
        self.cells[cell] = side;
        self.hash ^= self.zobrist[cell][usize::from(side - 1)];
        self.stones += 1;
        self.touch(cell, 1);
        self.shift_keys(cell, side, 1);
    }

    /// Takes the stone off `cell`.
    pub fn unmake(&mut self, cell: usize) {
        let side = self.cells[cell];
        debug_assert!(side == 1 || side == 2);
        self.cells[cell] = EMPTY;
        self.hash ^= self.zobrist[cell][usize::from(side - 1)];
        self.stones -= 1;
        self.touch(cell, -1);
        self.shift_keys(cell, side, -1);
        self.rate(cell);
        self.tally(cell, 1);
    }

    /// Adds `delta` to the near-stone count of the cells around `cell`.
    fn touch(&mut self, cell: usize, delta: i8) {
        let s = self.stride as isize;
        for dr in -NEAR..=NEAR {
            for dc in -NEAR..=NEAR {
                let at = (cell as isize + dr * s + dc) as usize;
                self.near[at] = self.near[at].wrapping_add_signed(delta);
            }
        }
    }

    /// Adds (`sign` 1) or removes (-1) the stone of `side` on `cell` in the keys of the cells
    /// along its lines, and rates those that are empty again.
    fn shift_keys(&mut self, cell: usize, side: u8, sign: i32) {
        let (own, other) = (usize::from(side - 1), usize::from(2 - side));
        for dir in 0..4 {
            let step = self.steps[dir];
            for s in 1..=self.half {
                for (at, digit) in [
                    (cell as isize + s as isize * step, self.half - s),
                    (cell as isize - s as isize * step, self.half + s - 1),
                ] {
                    let at = at as usize;
                    let w = self.table.pow3[digit] as i32 * sign;
                    let keys = &mut self.keys[at][dir];
                    keys[own] = keys[own].wrapping_add_signed(w);
                    keys[other] = keys[other].wrapping_add_signed(2 * w);
                    if self.cells[at] == EMPTY {
                        self.rerate_line(at, dir);
                    }
                }
            }
        }
    }

    /// Re-rates the empty `cell` after its key in `dir` changed: only that line's class, and
    /// the cell's level and rating where it changed.
    fn rerate_line(&mut self, cell: usize, dir: usize) {
        for side in 0..2 {
            let class = self.table.class(self.keys[cell][dir][side]);
            let r = &mut self.rated[cell][side];
            let old = r.class[dir];
            if old == class {
                continue;
            }
            self.totals[side] += eval_weight(class) - eval_weight(old);
            self.counts[side][r.level as usize] -= 1;
            r.class[dir] = class;
            (r.level, r.rating) = self.ratings[index(r.class)];
            self.counts[side][r.level as usize] += 1;
        }
    }

    /// Rates the empty `cell` from its keys.
    fn rate(&mut self, cell: usize) {
        for side in 0..2 {
            let class: [Class; 4] = std::array::from_fn(|dir| self.table.class(self.keys[cell][dir][side]));
            let (level, rating) = self.ratings[index(class)];
            self.rated[cell][side] = Rated { class, level, rating };
        }
    }

    /// Adds (`sign` 1) or removes (-1) the empty `cell`'s share of the counts and totals.
    fn tally(&mut self, cell: usize, sign: i32) {
        for side in 0..2 {
            let rated = self.rated[cell][side];
            self.counts[side][rated.level as usize] =
                self.counts[side][rated.level as usize].wrapping_add_signed(sign);
            let weight: i32 = rated.class.iter().map(|&c| eval_weight(c)).sum();
            self.totals[side] += sign * weight;
        }
    }

    /// The key of `cell` in `dir` for `side`, read from the cells.
    fn scan_key(&self, cell: usize, dir: usize, side: u8) -> u32 {
        let mut key = 0;
        for j in 0..2 * self.half {
            let offset =
                if j < self.half { j as isize - self.half as isize } else { (j - self.half + 1) as isize };
            let at = (cell as isize + offset * self.steps[dir]) as usize;
            let digit = match self.cells[at] {
                EMPTY => 0,
                s if s == side => 1,
                _ => 2,
            };
            key += digit * self.table.pow3[j];
        }
        key
    }
}
