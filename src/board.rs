//! A board of stones with O(1)-per-move win detection where lines span the whole board, and
//! the board-text parser shared by validation and game loading.

use crate::bitboard::{Layout, Stones};
use crate::error::Error;
use crate::game::try_copy;
use crate::inline_vec::InlineVec;
use crate::rules::{Dir, Player, Rules, EMPTY};

/// Boards of up to this many cells live inside their owner (no allocation beyond the game
/// handle) and never use counters: a bitboard, or a walk of at most 63 cells each way, is as
/// cheap as counting there.
pub(crate) const SMALL_BOARD: usize = 64;

/// How a win in one direction is detected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// No line of that direction is k long: never a win.
    Never,
    /// Walk at most k - 1 cells each way from the new stone.
    Walk,
    /// Count stones per whole line; the direction's counters start at this offset.
    Count(u32),
}

/// Stones on the board plus the per-line counters that make "Design Tic-Tac-Toe" moves O(1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rules: Rules,
    cells: InlineVec<u8, SMALL_BOARD>,
    stones: [u32; 2],
    /// Stones per (line, player) for each direction in which a line of k must fill a whole
    /// line of the board (`Rules::spans_whole_line`), on boards above `SMALL_BOARD`.
    counters: Vec<u32>,
    /// How each direction (→ ↓ ↘ ↙) decides a win.
    modes: [Mode; 4],
    /// On boards that fit, the stones of each player as bitboards, which decide wins in a few
    /// shifts instead of a walk along four directions.
    bits: Option<Stones>,
}

impl Board {
    /// An empty board. Allocation failure is `OutOfMemory`, never an abort.
    pub fn new(rules: Rules) -> Result<Board, Error> {
        let cells = InlineVec::filled(rules.cells(), EMPTY)?;
        let bits = Layout::new(&rules).map(Stones::new);
        let mut modes = [Mode::Never; 4];
        let mut total = 0;
        // A board on bitboards decides wins there; the per-direction modes are for the rest.
        for (mode, dir) in modes.iter_mut().zip(Dir::ALL).filter(|_| bits.is_none()) {
            if rules.span(dir) < rules.k() {
                continue;
            }
            *mode = Mode::Walk;
            if rules.cells() > SMALL_BOARD && rules.spans_whole_line(dir) {
                *mode = Mode::Count(total as u32);
                total += 2 * match dir {
                    Dir::East => rules.rows() as usize,
                    Dir::South => rules.cols() as usize,
                    Dir::SouthEast | Dir::SouthWest => 1,
                };
            }
        }
        let mut counters = Vec::new();
        counters.try_reserve_exact(total)?;
        counters.resize(total, 0);
        Ok(Board { rules, cells, stones: [0, 0], counters, modes, bits })
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
        Ok(Board { cells: self.cells.try_clone()?, counters: try_copy(&self.counters)?, ..*self })
    }

    /// The rules this board was made for.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// All cells, row-major: 0 empty, 1 X, 2 O.
    pub fn cells(&self) -> &[u8] {
        self.cells.as_slice()
    }

    /// The stone at (row, col), which must be on the board: 0 empty, 1 or 2.
    pub fn cell(&self, row: u32, col: u32) -> u8 {
        self.cells()[row as usize * self.rules.cols() as usize + col as usize]
    }

    /// Stones `player` has on the board.
    pub fn stones(&self, player: Player) -> u32 {
        self.stones[player as usize - 1]
    }

    /// True when every cell holds a stone.
    pub fn is_full(&self) -> bool {
        (self.stones[0] + self.stones[1]) as usize == self.rules.cells()
    }

    /// The counter of `player`'s stones on the counted line through (row, col) in `dir`, if
    /// `dir` is counted and the cell lies on a counted line.
    fn counter(&mut self, row: u32, col: u32, dir: Dir, player: Player) -> Option<&mut u32> {
        let Mode::Count(start) = self.modes[dir as usize] else { return None };
        let line = match dir {
            Dir::East => row as usize,
            Dir::South => col as usize,
            Dir::SouthEast if row == col => 0,
            Dir::SouthWest if row + col == self.rules.k() - 1 => 0,
            _ => return None,
        };
        self.counters.get_mut(start as usize + 2 * line + player as usize - 1)
    }

    /// Puts `player`'s stone on the empty cell (row, col), which must be on the board, and
    /// tells whether it completes a line of `k`: a few shifts on a bitboard, O(1) in counted
    /// directions, O(k) in the others.
    pub fn place(&mut self, row: u32, col: u32, player: Player) -> bool {
        let index = row as usize * self.rules.cols() as usize + col as usize;
        debug_assert_eq!(self.cells()[index], EMPTY);
        self.cells.as_mut_slice()[index] = player.stone();
        self.stones[player as usize - 1] += 1;
        if let Some(bits) = &mut self.bits {
            return bits.place(row, col, player as usize - 1);
        }
        let k = self.rules.k();
        let mut won = false;
        for dir in Dir::ALL {
            let line = match self.modes[dir as usize] {
                // Counters must count every stone, even after a line is found.
                Mode::Count(_) => self.counter(row, col, dir, player).map_or(0, |n| {
                    *n += 1;
                    *n
                }),
                Mode::Walk if !won => {
                    self.rules.run_at(self.cells.as_slice(), (row, col), dir, player.stone(), k - 1).1
                }
                _ => 0,
            };
            won |= line >= k;
        }
        won
    }

    /// Takes the stone off (row, col) (the inverse of `place`).
    pub fn remove(&mut self, row: u32, col: u32) {
        let index = row as usize * self.rules.cols() as usize + col as usize;
        let stone = self.cells()[index];
        debug_assert_ne!(stone, EMPTY);
        let player = if stone == 1 { Player::X } else { Player::O };
        for dir in Dir::ALL {
            if let Some(n) = self.counter(row, col, dir, player) {
                *n -= 1;
            }
        }
        self.stones[player as usize - 1] -= 1;
        self.cells.as_mut_slice()[index] = EMPTY;
        if let Some(bits) = &mut self.bits {
            bits.remove(row, col, player as usize - 1);
        }
    }

    /// Writes the board as text: rows joined by `/`, `X`, `O`, and `.` for empty.
    pub fn write_text(&self, out: &mut String) {
        for (i, row) in self.cells().chunks(self.rules.cols() as usize).enumerate() {
            if i > 0 {
                out.push('/');
            }
            out.extend(row.iter().map(|&c| match c {
                1 => 'X',
                2 => 'O',
                _ => '.',
            }));
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
