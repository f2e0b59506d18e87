//! A board of stones with O(1)-per-move win detection where lines span the whole board, and
//! the board-text parser shared by validation and game loading.

use crate::bitboard::{Layout, Stones};
use crate::cells::Cells;
use crate::error::Error;
use crate::fallible::try_copy;
use crate::rules::{Dir, Player, Rules, EMPTY};

/// Boards of up to this many cells live inside their owner (no allocation beyond the game
/// handle) and never use tallies: a bitboard, or a walk of at most 63 cells each way, is as
/// cheap as counting there.
pub(crate) const SMALL_BOARD: usize = 64;

/// What a tally never reaches: lines are at most `MAX_CELLS` long.
const NEVER: i32 = i32::MAX;

/// Signed stone tallies on the lines that a k-line must fill whole (`Rules::spans_whole_line`,
/// the "Design Tic-Tac-Toe" case): +1 per X stone, -1 per O stone. Each cell is played at
/// most once, so a line of k cells is complete for X exactly when its tally is k, and for O
/// when it is -k: one add and one compare per line, as in the seed's counter solution. Kept on
/// boards above `SMALL_BOARD` without a bitboard.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Tallies {
    /// Rows, then columns, then the ↘ and ↙ diagonals through the corners (always the last
    /// two); empty when no direction is counted. Lines of uncounted directions are tallied too
    /// (it costs less than a branch) but never compared; all the rows (columns) of an uncounted
    /// direction share one tally, so a 1 × n board keeps four, not n + 3.
    sums: Vec<i32>,
    /// Per player and direction (→ ↓ ↘ ↙): the tally of a line complete for that player (k
    /// for X, -k for O), or `NEVER` when the direction is not counted.
    full: [[i32; 4]; 2],
    /// For → and ↓: the mask that turns a row (column) number into its tally's offset, all ones
    /// when the direction is counted and 0 when its lines share one tally.
    mask: [usize; 2],
    /// Where the column tallies start.
    cols_at: usize,
}

impl Tallies {
    /// No tallies: for boards that decide every direction another way.
    fn none() -> Tallies {
        Tallies { sums: Vec::new(), full: [[NEVER; 4]; 2], mask: [0; 2], cols_at: 0 }
    }

    fn new(rules: &Rules) -> Result<Tallies, Error> {
        let mut t = Tallies::none();
        if rules.cells() <= SMALL_BOARD {
            return Ok(t);
        }
        // k fits in i32: k <= max(rows, cols) <= MAX_CELLS.
        let k = rules.k() as i32;
        let full = |k| Dir::ALL.map(|d| if rules.spans_whole_line(d) { k } else { NEVER });
        t.full = [full(k), full(-k)];
        if t.full[0] == [NEVER; 4] {
            return Ok(t);
        }
        let lines = |dir, count: u32| {
            if t.full[0][dir as usize] == NEVER {
                (0, 1)
            } else {
                (usize::MAX, count as usize)
            }
        };
        let ((row_mask, rows), (col_mask, cols)) =
            (lines(Dir::East, rules.rows()), lines(Dir::South, rules.cols()));
        (t.mask, t.cols_at) = ([row_mask, col_mask], rows);
        t.sums.try_reserve_exact(rows + cols + 2)?;
        t.sums.resize(rows + cols + 2, 0);
        Ok(t)
    }

    /// True when `dir` is counted here.
    fn counts(&self, dir: Dir) -> bool {
        self.full[0][dir as usize] != NEVER
    }

    /// The counted lines one stone short of complete for player `p` (0 or 1), as (direction,
    /// first cell) on a board of `rules`.
    fn one_short(&self, rules: Rules, p: usize) -> impl Iterator<Item = (Dir, usize)> + '_ {
        // A line of k cells tallied k - 1 for X holds k - 1 X and no O: x - o = k - 1 and
        // x + o <= k leave o = 0. The same for O with -(k - 1).
        let short = if p == 0 { rules.k() as i32 - 1 } else { 1 - rules.k() as i32 };
        let (rows, cols) = (rules.rows() as usize, rules.cols() as usize);
        let counted = |dir, n: usize| if self.counts(dir) { n } else { 0 };
        let lines = (0..counted(Dir::East, rows)).map(move |r| (r, Dir::East, r * cols));
        let lines = lines.chain((0..counted(Dir::South, cols)).map(|c| (self.cols_at + c, Dir::South, c)));
        let diagonals = self.sums.len().saturating_sub(2);
        let lines = lines.chain((0..counted(Dir::SouthEast, 1)).map(move |_| (diagonals, Dir::SouthEast, 0)));
        let lines = lines
            .chain((0..counted(Dir::SouthWest, 1)).map(move |_| (diagonals + 1, Dir::SouthWest, cols - 1)));
        lines.filter(move |&(tally, ..)| self.sums[tally] == short).map(|(_, dir, first)| (dir, first))
    }

    /// Adds (`ADD`) or takes away player `p`'s stone at (row, col) of a board of `cols`
    /// columns on every tallied line through it, and tells whether a counted one of them is
    /// now complete for `p`.
    /// (A const parameter rather than a closure: a closure here was not inlined.)
    #[inline(always)]
    fn update<const ADD: bool>(&mut self, cols: u32, row: u32, col: u32, p: usize) -> bool {
        if self.sums.is_empty() {
            return false;
        }
        let step = if p == 0 { 1 } else { -1 };
        let step = if ADD { step } else { -step };
        let (sums, full) = (&mut self.sums, &self.full[p & 1]);
        let diagonals = sums.len() - 2;
        let mut won = bump(sums, row as usize & self.mask[0], step, full[0]);
        won |= bump(sums, self.cols_at + (col as usize & self.mask[1]), step, full[1]);
        if row == col {
            won |= bump(sums, diagonals, step, full[2]);
        }
        if row as usize + col as usize + 1 == cols as usize {
            won |= bump(sums, diagonals + 1, step, full[3]);
        }
        won
    }
}

/// Adds `step` to a line's tally; true when the tally is now `full`.
#[inline(always)]
fn bump(sums: &mut [i32], line: usize, step: i32, full: i32) -> bool {
    sums[line] += step;
    sums[line] == full
}

/// Stones on the board plus what makes a "Design Tic-Tac-Toe" move cheap: bitboards on boards
/// that fit, per-line tallies where a line must fill a whole row, column or diagonal, and a
/// walk of at most k - 1 cells each way for the directions left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rules: Rules,
    cells: Cells,
    /// Stones on the board, and cells in all (kept so that "full?" is one compare).
    placed: u32,
    size: u32,
    /// Tallies for the directions where a k-line fills a whole line of the board.
    tallies: Tallies,
    /// The directions (→ ↓ ↘ ↙) decided by walking: long enough for k, not counted.
    walk: [bool; 4],
    /// On boards that fit, the stones of each player as bitboards, which decide wins in a few
    /// shifts instead of a walk along four directions.
    bits: Option<Stones>,
}

impl Board {
    /// An empty board. Allocation failure is `OutOfMemory`, never an abort. Inlined, so a
    /// new game is built where it will live instead of being copied there.
    #[inline(always)]
    pub fn new(rules: Rules) -> Result<Board, Error> {
        let cells = Cells::new(rules.cells())?;
        let bits = Layout::new(&rules).map(Stones::new);
        // A board on bitboards decides wins there; tallies and walks are for the rest.
        let tallies = if bits.is_some() { Tallies::none() } else { Tallies::new(&rules)? };
        let walk = Dir::ALL.map(|d| bits.is_none() && rules.span(d) >= rules.k() && !tallies.counts(d));
        // MAX_CELLS fits in u32.
        let size = rules.cells() as u32;
        Ok(Board { rules, cells, placed: 0, size, tallies, walk, bits })
    }

    /// A board holding `cells` (row-major, values 0/1/2, exactly `rules.cells()` of them).
    pub fn from_cells(rules: Rules, cells: &[u8]) -> Result<Board, Error> {
        let mut board = Board::new(rules)?;
        for (i, &c) in cells.iter().enumerate() {
            if c != EMPTY {
                let (row, col) = rules.row_col(i);
                board.try_place(row, col, if c == 1 { Player::X } else { Player::O })?;
            }
        }
        Ok(board)
    }

    /// A copy that reports allocation failure instead of aborting.
    pub fn try_clone(&self) -> Result<Board, Error> {
        let tallies = Tallies { sums: try_copy(&self.tallies.sums)?, ..self.tallies };
        Ok(Board { cells: self.cells.try_clone()?, tallies, ..*self })
    }

    /// The lines that a k-line must fill whole (`Rules::spans_whole_line`) where `player` is
    /// one stone short: k - 1 of theirs, no other stone. Each is given as its direction and
    /// first cell; its one empty cell completes it. Read from the tallies, so O(lines), where
    /// finding them from the stones is O(stones). Directions not tallied on this board (all of
    /// them on boards of up to `SMALL_BOARD` cells) give none: see `tallied`.
    pub fn lines_one_short(&self, player: Player) -> impl Iterator<Item = (Dir, usize)> + '_ {
        self.tallies.one_short(self.rules, player as usize - 1)
    }

    /// True when the lines of `dir` are tallied (see `lines_one_short`).
    pub fn tallied(&self, dir: Dir) -> bool {
        self.tallies.counts(dir)
    }

    /// The rules this board was made for.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// All cells, row-major: 0 empty, 1 X, 2 O.
    pub fn cells(&self) -> &Cells {
        &self.cells
    }

    /// The stone at (row, col), which must be on the board: 0 empty, 1 or 2.
    pub fn cell(&self, row: u32, col: u32) -> u8 {
        self.cells.get(row as usize * self.rules.cols() as usize + col as usize)
    }

    /// Stones on the board.
    pub fn placed(&self) -> u32 {
        self.placed
    }

    /// True when every cell holds a stone.
    pub fn is_full(&self) -> bool {
        self.placed == self.size
    }

    /// Puts `player`'s stone on (row, col), which must be on the board, and tells whether it
    /// completes a line of `k`: a few shifts on a bitboard, O(1) in counted directions, O(k)
    /// in the others. `CellOccupied` (and no change) when the cell holds a stone. The cell's
    /// word is read once for both the test and the write. Always inlined: it is most of a
    /// move, and a call costs a tenth of a tic-tac-toe move in register saves alone.
    #[inline(always)]
    pub fn try_place(&mut self, row: u32, col: u32, player: Player) -> Result<bool, Error> {
        let index = row as usize * self.rules.cols() as usize + col as usize;
        if !self.cells.fill(index, player.stone()) {
            return Err(Error::CellOccupied);
        }
        let p = player as usize - 1;
        self.placed += 1;
        if let Some(bits) = &mut self.bits {
            return Ok(bits.place(row, col, p));
        }
        // Tallies must count every stone, even once a line is found.
        let won = self.tallies.update::<true>(self.rules.cols(), row, col, p);
        if won || self.walk == [false; 4] {
            return Ok(won);
        }
        Ok(self.walk_finds_line(row, col, player))
    }

    /// True when the stone at (row, col) completes a line of k in a walked direction.
    #[inline(never)]
    fn walk_finds_line(&self, row: u32, col: u32, player: Player) -> bool {
        let k = self.rules.k();
        Dir::ALL
            .into_iter()
            .filter(|&d| self.walk[d as usize])
            .any(|dir| self.rules.run_at(&self.cells, (row, col), dir, player.stone(), k - 1).1 >= k)
    }

    /// Takes the stone off (row, col) (the inverse of `try_place`).
    pub fn remove(&mut self, row: u32, col: u32) {
        let index = row as usize * self.rules.cols() as usize + col as usize;
        let stone = self.cells.get(index);
        debug_assert_ne!(stone, EMPTY);
        let p = stone as usize - 1;
        self.tallies.update::<false>(self.rules.cols(), row, col, p);
        self.placed -= 1;
        self.cells.set(index, EMPTY);

        if let Some(bits) = &mut self.bits {
            bits.remove(row, col, p);
        }
    }

    /// Writes the board as text: rows joined by `/`, `X`, `O`, and `.` for empty.
    pub fn write_text(&self, out: &mut String) {
        let cols = self.rules.cols();
        // A column counter rather than `i % cols`: a division per cell is most of the time on a
        // 4096 × 4096 board.
        let mut col = 0;
        for c in self.cells.iter() {
            if col == cols {
                out.push('/');
                col = 0;
            }
            out.push(char::from(b".XO"[c as usize]));
            col += 1;
        }
    }
}

/// Parses board text into `out` (exactly `out.len()` cells): see `for_each_cell`.
/// On error `out` may hold a prefix of the board.
pub fn parse_cells(text: &[u8], out: &mut [u8]) -> Result<(), Error> {
    let n = out.len();
    for_each_cell(text, n, |i, cell| out[i] = cell)
}

/// Cell codes of board-text bytes: 0 empty, 1 X, 2 O, or one of these two.
const SEPARATOR: u8 = 3;
const INVALID: u8 = 4;

/// Byte → cell code, so reading a board has no branch that depends on which stone is where.
pub(crate) const CELL_OF_BYTE: [u8; 256] = {
    let mut table = [INVALID; 256];
    table[b'X' as usize] = 1;
    table[b'O' as usize] = 2;
    table[b' ' as usize] = EMPTY;
    table[b'.' as usize] = EMPTY;
    table[b'/' as usize] = SEPARATOR;
    table[b'\n' as usize] = SEPARATOR;
    table
};

/// Reads board text of exactly `n` cells, calling `put(index, cell)` for each cell in order:
/// `X` is 1, `O` is 2, ` ` or `.` is 0 (empty); `/` and `\n` are skipped wherever they appear.
/// Any other byte, or a cell count other than `n`, is `Parse`.
pub fn for_each_cell(text: &[u8], n: usize, mut put: impl FnMut(usize, u8)) -> Result<(), Error> {
    let mut i = 0;
    for &b in text {
        let cell = CELL_OF_BYTE[b as usize];
        if cell >= SEPARATOR {
            if cell == INVALID {
                return Err(Error::Parse);
            }
            continue;
        }
        if i == n {
            return Err(Error::Parse);
        }
        put(i, cell);
        i += 1;
    }
    if i != n {
        return Err(Error::Parse);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(miri, ignore)] // large boards: arithmetic, not FFI
    fn tallies_are_kept_only_for_counted_directions() {
        // Thin boards with k = the long side: one direction counted, the other shares a slot.
        for (rows, cols, want) in [(1, 1 << 20, 4), (1 << 20, 1, 4), (2, 1 << 19, 5), (1 << 19, 2, 5)] {
            let board = Board::new(Rules::new(rows, cols, rows.max(cols)).unwrap()).unwrap();
            assert_eq!(board.tallies.sums.len(), want, "{rows}x{cols}");
        }
        let board = Board::new(Rules::new(100, 100, 100).unwrap()).unwrap();
        assert_eq!(board.tallies.sums.len(), 202);
        let board = Board::new(Rules::new(100, 100, 5).unwrap()).unwrap();
        assert!(board.tallies.sums.is_empty());
    }
}
