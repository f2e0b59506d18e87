//! The rules of an m,n,k-game: board shape, players, and the line logic that every entry point
//! (judge, validate, game, AI) shares. Cells are row-major, read through `CellAt`:
//! `0` empty, `1` player 1 (X, "A"), `2` player 2 (O, "B").

use crate::error::Error;
use crate::moves::Move;

/// Largest number of cells a board may have (2^26 = 4 × 4096 × 4096). Cell indices fit in `u32`.
pub const MAX_CELLS: u64 = 1 << 26;

/// The empty cell value.
pub(crate) const EMPTY: u8 = 0;

/// Row-major cells, read by index: a byte slice, or a game's packed `Cells`.
pub(crate) trait CellAt {
    /// The cell at `index`: 0 empty, 1 or 2.
    fn cell_at(&self, index: usize) -> u8;
}

impl CellAt for [u8] {
    #[inline]
    fn cell_at(&self, index: usize) -> u8 {
        self[index]
    }
}

impl CellAt for Vec<u8> {
    #[inline]
    fn cell_at(&self, index: usize) -> u8 {
        self[index]
    }
}

/// One of the two players. `X` moves first unless a raw move says otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Player 1, "A", `X`.
    X = 1,
    /// Player 2, "B", `O`.
    O = 2,
}

impl Player {
    /// 1 or 2.
    pub fn number(self) -> u32 {
        self as u32
    }

    /// The cell value of this player's stone.
    pub(crate) fn stone(self) -> u8 {
        self as u8
    }

    /// The opponent.
    pub fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// The board-text letter: `X` or `O`.
    pub fn letter(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }
}

/// `rows,cols,k`, as in the text form of a game.
impl std::fmt::Display for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{},{}", self.rows, self.cols, self.k)
    }
}

/// The player numbered `n`: 1 is X, 2 is O; any other number is `InvalidArgument`.
impl TryFrom<u32> for Player {
    type Error = Error;

    #[inline(always)]
    fn try_from(n: u32) -> Result<Player, Error> {
        match n {
            1 => Ok(Player::X),
            2 => Ok(Player::O),
            _ => Err(Error::InvalidArgument),
        }
    }
}

/// `X` or `O`.
impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A direction a line can run in, as (row step, column step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Dir {
    /// → along a row.
    East,
    /// ↓ along a column.
    South,
    /// ↘ along a diagonal.
    SouthEast,
    /// ↙ along an anti-diagonal.
    SouthWest,
}

impl Dir {
    /// All four directions, in the order every search reports them.
    pub(crate) const ALL: [Dir; 4] = [Dir::East, Dir::South, Dir::SouthEast, Dir::SouthWest];

    /// (row step, column step).
    pub(crate) fn step(self) -> (i64, i64) {
        match self {
            Dir::East => (0, 1),
            Dir::South => (1, 0),
            Dir::SouthEast => (1, 1),
            Dir::SouthWest => (1, -1),
        }
    }
}

/// Board shape and win length, checked once so the rest of the code can trust them.
///
/// ```
/// use tictactoe::{Error, Rules};
/// let gomoku = Rules::new(15, 15, 5)?;
/// assert_eq!((gomoku.rows(), gomoku.cols(), gomoku.k(), gomoku.cells()), (15, 15, 5, 225));
/// assert_eq!(gomoku.to_string(), "15,15,5");
/// assert_eq!(Rules::new(3, 3, 4), Err(Error::InvalidArgument)); // k > max(rows, cols)
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    rows: u32,
    cols: u32,
    k: u32,
}

impl Rules {
    /// Checks `1 <= rows`, `1 <= cols`, `1 <= k <= max(rows, cols)` (else `InvalidArgument`)
    /// and `rows * cols <= MAX_CELLS` (else `TooLarge`).
    pub fn new(rows: u32, cols: u32, k: u32) -> Result<Rules, Error> {
        if rows == 0 || cols == 0 || k == 0 || k > rows.max(cols) {
            return Err(Error::InvalidArgument);
        }
        if u64::from(rows) * u64::from(cols) > MAX_CELLS {
            return Err(Error::TooLarge);
        }
        Ok(Rules { rows, cols, k })
    }

    /// Number of rows.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Stones in a row needed to win.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// Number of cells, `rows * cols`.
    pub fn cells(&self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// The row-major index of (row, col), or `OutOfBounds`.
    pub(crate) fn index(&self, row: u32, col: u32) -> Result<usize, Error> {
        if row >= self.rows || col >= self.cols {
            return Err(Error::OutOfBounds);
        }
        Ok(row as usize * self.cols as usize + col as usize)
    }

    /// The move at a row-major index.
    pub(crate) fn move_at(&self, index: usize) -> Move {
        let (row, col) = self.row_col(index);
        Move { row, col }
    }

    /// (row, col) of a row-major index.
    pub(crate) fn row_col(&self, index: usize) -> (u32, u32) {
        // Indices fit in u32 (MAX_CELLS), and 32-bit division is the cheaper one.
        let index = index as u32;
        (index / self.cols, index % self.cols)
    }

    /// The board's lines in `dir`, each numbered (`line_through`): the rows, the columns, or
    /// the rows + cols - 1 diagonals.
    pub(crate) fn line_count(&self, dir: Dir) -> usize {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        [rows, cols, rows + cols - 1, rows + cols - 1][dir as usize]
    }

    /// Which line of `dir` holds (row, col), and the cell's position along it, growing by one
    /// per step in `dir`: rows are numbered from the top, columns from the left, ↘ diagonals
    /// by col - row + rows - 1 and ↙ ones by row + col; a position is the column along a
    /// row, else the row.
    #[inline]
    pub(crate) fn line_through(&self, dir: Dir, (row, col): (u32, u32)) -> (usize, u32) {
        let last_row = self.rows as usize - 1;
        match dir {
            Dir::East => (row as usize, col),
            Dir::South => (col as usize, row),
            Dir::SouthEast => (col as usize + last_row - row as usize, row),
            Dir::SouthWest => (row as usize + col as usize, row),
        }
    }

    /// The first position (`line_through`) and the length of line `line` of `dir`.
    pub(crate) fn line_extent(&self, dir: Dir, line: usize) -> (u32, u32) {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        // A diagonal starts on the first row or column and ends on the last; a ↘ one starts on
        // the first column below the first row, a ↙ one on the last column.
        let diagonal = (line + 1).min(rows + cols - 1 - line).min(rows).min(cols);
        let (first, len) = match dir {
            Dir::East => (0, cols),
            Dir::South => (0, rows),
            Dir::SouthEast => ((rows - 1).saturating_sub(line), diagonal),
            Dir::SouthWest => (line.saturating_sub(cols - 1), diagonal),
        };
        (first as u32, len as u32)
    }

    /// Length of the longest line in direction `dir`. A direction whose longest line is shorter
    /// than `k` can never win, which lets every check skip it.
    pub(crate) fn span(&self, dir: Dir) -> u32 {
        match dir {
            Dir::East => self.cols,
            Dir::South => self.rows,
            Dir::SouthEast | Dir::SouthWest => self.rows.min(self.cols),
        }
    }

    /// True when a `k`-line in `dir` must fill a whole line of the board (the "Design
    /// Tic-Tac-Toe" case), so a per-line stone counter decides a win in O(1).
    pub(crate) fn spans_whole_line(&self, dir: Dir) -> bool {
        match dir {
            Dir::East => self.k == self.cols,
            Dir::South => self.k == self.rows,
            Dir::SouthEast | Dir::SouthWest => self.k == self.rows && self.k == self.cols,
        }
    }

    /// How many consecutive cells hold `stone` walking from (row, col) in `dir` (or against it),
    /// not counting (row, col) itself, stopping after `limit`.
    fn walk<C: CellAt + ?Sized>(
        &self,
        cells: &C,
        (row, col): (u32, u32),
        dir: Dir,
        back: bool,
        stone: u8,
        limit: u32,
    ) -> u32 {
        let (dr, dc) = dir.step();
        let (dr, dc) = if back { (-dr, -dc) } else { (dr, dc) };
        let (mut r, mut c) = (i64::from(row), i64::from(col));
        let mut n = 0;
        while n < limit {
            r += dr;
            c += dc;
            if r < 0 || c < 0 || r >= i64::from(self.rows) || c >= i64::from(self.cols) {
                break;
            }
            if cells.cell_at(r as usize * self.cols as usize + c as usize) != stone {
                break;
            }
            n += 1;
        }
        n
    }

    /// The maximal run of `stone` through `index` in `dir`, walking at most `limit` cells each
    /// way: (cells before `index`, total length). `cells[index]` is taken to hold `stone`.
    pub(crate) fn run<C: CellAt + ?Sized>(
        &self,
        cells: &C,
        index: usize,
        dir: Dir,
        stone: u8,
        limit: u32,
    ) -> (u32, u32) {
        self.run_at(cells, self.row_col(index), dir, stone, limit)
    }

    /// `run` for a cell given as (row, col).
    pub(crate) fn run_at<C: CellAt + ?Sized>(
        &self,
        cells: &C,
        at: (u32, u32),
        dir: Dir,
        stone: u8,
        limit: u32,
    ) -> (u32, u32) {
        let before = self.walk(cells, at, dir, true, stone, limit);
        let after = self.walk(cells, at, dir, false, stone, limit);
        (before, before + 1 + after)
    }

    /// Calls `visit` on every cell within `radius` steps of `index` in any direction (itself
    /// included), ascending, stopping at the first error. (Plain loops: iterator adapters over
    /// these ranges drew a false "uninitialised value" from valgrind.)
    pub(crate) fn for_each_near<E>(
        &self,
        index: usize,
        radius: u32,
        mut visit: impl FnMut(usize) -> Result<(), E>,
    ) -> Result<(), E> {
        let (row, col) = self.row_col(index);
        let (rows, cols, radius) = (i64::from(self.rows), i64::from(self.cols), i64::from(radius));
        for r in (i64::from(row) - radius).max(0)..=(i64::from(row) + radius).min(rows - 1) {
            for c in (i64::from(col) - radius).max(0)..=(i64::from(col) + radius).min(cols - 1) {
                visit((r * cols + c) as usize)?;
            }
        }
        Ok(())
    }

    /// The first direction in which the stone at `index` completes a line of `k`, scanning at
    /// most `k - 1` cells each way: O(k).
    pub(crate) fn line_at<C: CellAt + ?Sized>(&self, cells: &C, index: usize) -> Option<Dir> {
        let stone = cells.cell_at(index);
        Dir::ALL
            .into_iter()
            .filter(|&d| self.span(d) >= self.k)
            .find(|&d| self.run(cells, index, d, stone, self.k - 1).1 >= self.k)
    }

    /// The cells of the maximal run of `cells[index]` through `index` in `dir`, end to end, as
    /// (first cell, row-major step, length): cell i of the run is `first + i * step`. Every
    /// direction steps forward in row-major order (→ 1, ↓ cols, ↘ cols + 1, ↙ cols - 1).
    pub(crate) fn run_span<C: CellAt + ?Sized>(
        &self,
        cells: &C,
        index: usize,
        dir: Dir,
    ) -> (usize, usize, usize) {
        let (before, len) = self.run(cells, index, dir, cells.cell_at(index), u32::MAX);
        let cols = self.cols as usize;
        let step = match dir {
            Dir::East => 1,
            Dir::South => cols,
            Dir::SouthEast => cols + 1,
            Dir::SouthWest => cols - 1,
        };
        (index - before as usize * step, step, len as usize)
    }
}

/// Whether a line has k cells in a row free of one player's stones, told from that player's
/// stones along it, given in position order (`Rules::line_through`) from the line's first
/// position: a stretch of k cells free of a player is a window the other may still fill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FreeStretch {
    /// One past the position of the last stone so far (the line's first position before any).
    after_last: u32,
    found: bool,
}

impl FreeStretch {
    /// For a line whose first position is `first`, before any stone.
    pub(crate) fn new(first: u32) -> FreeStretch {
        FreeStretch { after_last: first, found: false }
    }

    /// The player's next stone along the line, at `pos` (past every earlier one).
    #[inline]
    pub(crate) fn stone_at(&mut self, pos: u32, k: u32) {
        self.found |= pos - self.after_last >= k;
        self.after_last = pos + 1;
    }

    /// True when k free cells in a row were seen, counting those after the last stone up to
    /// `end`, one past the line's last position.
    pub(crate) fn found_by(&self, end: u32, k: u32) -> bool {
        self.found || end - self.after_last >= k
    }
}
