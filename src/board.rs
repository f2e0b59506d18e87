//! A board of stones with O(1)-per-move win detection where lines span the whole board, and
//! the board-text parser shared by validation and game loading.

use crate::bitboard::{Layout, Stones};
use crate::cells::Cells;
use crate::error::Error;
use crate::game::try_copy;
use crate::rules::{Dir, Player, Rules, EMPTY};

/// Boards of up to this many cells live inside their owner (no allocation beyond the game
/// handle) and never use counters: a bitboard, or a walk of at most 63 cells each way, is as
/// cheap as counting there.
pub(crate) const SMALL_BOARD: usize = 64;

/// Stones per player on each line that a k-line must fill whole (`Rules::spans_whole_line`,
/// the "Design Tic-Tac-Toe" case), which decide a win in O(1): a line is complete when its
/// count reaches k. Kept on boards above `SMALL_BOARD` without a bitboard.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct LineCounts {
    /// Per row when k == cols, else empty.
    rows: Vec<[u32; 2]>,
    /// Per column when k == rows, else empty.
    cols: Vec<[u32; 2]>,
    /// The ↘ and ↙ diagonals through the corners, when k == rows == cols.
    diagonals: Option<[[u32; 2]; 2]>,
}

impl LineCounts {
    fn new(rules: &Rules) -> Result<LineCounts, Error> {
        let counted = |dir, len: u32| -> Result<Vec<[u32; 2]>, Error> {
            let mut v = Vec::new();
            if rules.cells() > SMALL_BOARD && rules.spans_whole_line(dir) {
                v.try_reserve_exact(len as usize)?;
                v.resize(len as usize, [0, 0]);
            }
            Ok(v)
        };
        let diagonal = rules.cells() > SMALL_BOARD && rules.spans_whole_line(Dir::SouthEast);
        Ok(LineCounts {
            rows: counted(Dir::East, rules.rows())?,
            cols: counted(Dir::South, rules.cols())?,
            diagonals: diagonal.then_some([[0, 0]; 2]),
        })
    }

    /// Adds (`ADD`) or takes away player `p`'s stone at (row, col) on every counted line
    /// through it, on a board where `k` in a row wins, and tells whether one of those lines
    /// now holds k of `p`'s stones. A missing vector or diagonal means that direction is not
    /// counted. (A const parameter rather than a closure: the closure was not inlined.)
    #[inline(always)]
    fn update<const ADD: bool>(&mut self, row: u32, col: u32, k: u32, p: usize) -> bool {
        let mut full = false;
        if let Some(n) = self.rows.get_mut(row as usize) {
            full |= count::<ADD>(n, p, k);
        }
        if let Some(n) = self.cols.get_mut(col as usize) {
            full |= count::<ADD>(n, p, k);
        }
        if let Some([down, up]) = &mut self.diagonals {
            if row == col {
                full |= count::<ADD>(down, p, k);
            }
            if row + col == k - 1 {
                full |= count::<ADD>(up, p, k);
            }
        }
        full
    }

    /// True when `dir` is counted here.
    fn counts(&self, dir: Dir) -> bool {
        match dir {
            Dir::East => !self.rows.is_empty(),
            Dir::South => !self.cols.is_empty(),
            Dir::SouthEast | Dir::SouthWest => self.diagonals.is_some(),
        }
    }
}

/// Adds one to (`ADD`) or takes one from player `p`'s count on a line; true when it is `k`.
#[inline(always)]
fn count<const ADD: bool>(line: &mut [u32; 2], p: usize, k: u32) -> bool {
    line[p] = if ADD { line[p] + 1 } else { line[p] - 1 };
    line[p] == k
}

/// Stones on the board plus what makes a "Design Tic-Tac-Toe" move cheap: bitboards on boards
/// that fit, per-line counters where a line must fill a whole row, column or diagonal, and a
/// walk of at most k - 1 cells each way for the directions left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rules: Rules,
    cells: Cells,
    stones: [u32; 2],
    /// Counters for the directions where a k-line fills a whole line of the board.
    lines: LineCounts,
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
        // A board on bitboards decides wins there; counters and walks are for the rest.
        let lines = if bits.is_some() { LineCounts::default() } else { LineCounts::new(&rules)? };
        let walk = Dir::ALL.map(|d| bits.is_none() && rules.span(d) >= rules.k() && !lines.counts(d));
        Ok(Board { rules, cells, stones: [0, 0], lines, walk, bits })
    }

    /// A board holding `cells` (row-major, values 0/1/2, exactly `rules.cells()` of them).
    pub fn from_cells(rules: Rules, cells: &[u8]) -> Result<Board, Error> {
        let mut board = Board::new(rules)?;
        for (i, &c) in cells.iter().enumerate() {
            if c != EMPTY {
                let (row, col) = rules.row_col(i);
                board.place(row, col, if c == 1 { Player::X } else { Player::O });
            }
        }
        Ok(board)
    }

    /// A copy that reports allocation failure instead of aborting.
    pub fn try_clone(&self) -> Result<Board, Error> {
        let lines = LineCounts {
            rows: try_copy(&self.lines.rows)?,
            cols: try_copy(&self.lines.cols)?,
            diagonals: self.lines.diagonals,
        };
        Ok(Board { cells: self.cells.try_clone()?, lines, ..*self })
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

    /// True when the cell at row-major `index` (on the board) holds no stone.
    #[inline]
    pub fn is_free(&self, index: usize) -> bool {
        self.cells.get(index) == EMPTY
    }

    /// Stones `player` has on the board.
    pub fn stones(&self, player: Player) -> u32 {
        self.stones[player as usize - 1]
    }

    /// True when every cell holds a stone.
    pub fn is_full(&self) -> bool {
        (self.stones[0] + self.stones[1]) as usize == self.rules.cells()
    }

    /// Puts `player`'s stone on the empty cell (row, col), which must be on the board, and
    /// tells whether it completes a line of `k`: a few shifts on a bitboard, O(1) in counted
    /// directions, O(k) in the others. Always inlined: it is most of a move, and a call costs
    /// a tenth of a tic-tac-toe move in register saves alone.
    #[inline(always)]
    pub fn place(&mut self, row: u32, col: u32, player: Player) -> bool {
        let index = row as usize * self.rules.cols() as usize + col as usize;
        debug_assert_eq!(self.cells.get(index), EMPTY);
        self.cells.set(index, player.stone());
        let p = player as usize - 1;
        self.stones[p] += 1;
        if let Some(bits) = &mut self.bits {
            return bits.place(row, col, p);
        }
        let k = self.rules.k();
        // Counters must count every stone, even once a line is found.
        let won = self.lines.update::<true>(row, col, k, p);
        if won || self.walk == [false; 4] {
            return won;
        }
        self.walk_finds_line(row, col, player)
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

    /// Takes the stone off (row, col) (the inverse of `place`).
    pub fn remove(&mut self, row: u32, col: u32) {
        let index = row as usize * self.rules.cols() as usize + col as usize;
        let stone = self.cells.get(index);
        debug_assert_ne!(stone, EMPTY);
        let p = stone as usize - 1;
        self.lines.update::<false>(row, col, self.rules.k(), p);
        self.stones[p] -= 1;
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
