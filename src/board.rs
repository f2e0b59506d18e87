//! A board of stones with O(1)-per-move win detection where lines span the whole board, and
//! the board-text parser shared by validation and game loading.

use crate::error::Error;
use crate::game::try_copy;
use crate::rules::{Dir, Player, Rules, EMPTY};

/// Stones on the board plus the per-line counters that make "Design Tic-Tac-Toe" moves O(1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rules: Rules,
    cells: Vec<u8>,
    stones: [u32; 2],
    /// For each direction that `Rules::spans_whole_line`, stones per (player, line); empty
    /// otherwise. Lines are numbered by row (→), column (↓), or 0 for the main diagonal.
    counters: [Vec<u32>; 4],
}

impl Board {
    /// An empty board. Allocation failure is `OutOfMemory`, never an abort.
    pub fn new(rules: Rules) -> Result<Board, Error> {
        let mut cells = Vec::new();
        cells.try_reserve_exact(rules.cells())?;
        cells.resize(rules.cells(), EMPTY);
        let mut counters: [Vec<u32>; 4] = Default::default();
        for (slot, dir) in counters.iter_mut().zip(Dir::ALL) {
            if rules.spans_whole_line(dir) {
                let lines = match dir {
                    Dir::East => rules.rows() as usize,
                    Dir::South => rules.cols() as usize,
                    Dir::SouthEast | Dir::SouthWest => 1,
                };
                slot.try_reserve_exact(2 * lines)?;
                slot.resize(2 * lines, 0);
            }
        }
        Ok(Board { rules, cells, stones: [0, 0], counters })
    }

    /// A board holding `cells` (row-major, values 0/1/2, exactly `rules.cells()` of them).
    pub fn from_cells(rules: Rules, cells: &[u8]) -> Result<Board, Error> {
        let mut board = Board::new(rules)?;
        for (i, &c) in cells.iter().enumerate() {
            if c != EMPTY {
                board.place(i, if c == 1 { Player::X } else { Player::O });
            }
        }
        Ok(board)
    }

    /// A copy that reports allocation failure instead of aborting.
    pub fn try_clone(&self) -> Result<Board, Error> {
        let mut counters: [Vec<u32>; 4] = Default::default();
        for (to, from) in counters.iter_mut().zip(&self.counters) {
            *to = try_copy(from)?;
        }
        Ok(Board { rules: self.rules, cells: try_copy(&self.cells)?, stones: self.stones, counters })
    }

    /// The rules this board was made for.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// All cells, row-major: 0 empty, 1 X, 2 O.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Stones `player` has on the board.
    pub fn stones(&self, player: Player) -> u32 {
        self.stones[player as usize - 1]
    }

    /// True when every cell holds a stone.
    pub fn is_full(&self) -> bool {
        (self.stones[0] + self.stones[1]) as usize == self.cells.len()
    }

    /// The counter slot of the line through `index` in `dir`, if that direction is counted and
    /// the cell lies on a counted line.
    fn counter_slot(&self, index: usize, dir: Dir, player: Player) -> Option<usize> {
        let counts = &self.counters[dir as usize];
        if counts.is_empty() {
            return None;
        }
        let (r, c) = self.rules.row_col(index);
        let n = self.rules.k() - 1;
        let line = match dir {
            Dir::East => r as usize,
            Dir::South => c as usize,
            Dir::SouthEast if r == c => 0,
            Dir::SouthWest if r + c == n => 0,
            _ => return None,
        };
        Some(line * 2 + player as usize - 1)
    }

    /// Puts `player`'s stone on the empty cell `index` and returns the direction of a line of
    /// `k` it completes, if any: O(1) in counted directions, O(k) in the others.
    pub fn place(&mut self, index: usize, player: Player) -> Option<Dir> {
        debug_assert_eq!(self.cells[index], EMPTY);
        self.cells[index] = player.stone();
        self.stones[player as usize - 1] += 1;
        let k = self.rules.k();
        let mut won = None;
        for dir in Dir::ALL {
            if self.rules.span(dir) < k {
                continue;
            }
            let line = if self.counters[dir as usize].is_empty() {
                self.rules.run(&self.cells, index, dir, player.stone(), k - 1).1
            } else if let Some(slot) = self.counter_slot(index, dir, player) {
                self.counters[dir as usize][slot] += 1;
                self.counters[dir as usize][slot]
            } else {
                0
            };
            if line >= k && won.is_none() {
                won = Some(dir);
            }
        }
        won
    }

    /// Takes the stone off `index` (the inverse of `place`).
    pub fn remove(&mut self, index: usize) {
        let stone = self.cells[index];
        debug_assert_ne!(stone, EMPTY);
        let player = if stone == 1 { Player::X } else { Player::O };
        for dir in Dir::ALL {
            if let Some(slot) = self.counter_slot(index, dir, player) {
                self.counters[dir as usize][slot] -= 1;
            }
        }
        self.stones[player as usize - 1] -= 1;
        self.cells[index] = EMPTY;
    }

    /// Writes the board as text: rows joined by `/`, `X`, `O`, and `.` for empty.
    pub fn write_text(&self, out: &mut String) {
        for (i, row) in self.cells.chunks(self.rules.cols() as usize).enumerate() {
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

/// Parses board text into `out` (exactly `out.len()` cells): `X`, `O`, and ` ` or `.` for empty;
/// `/` and `\n` are skipped wherever they appear. Any other byte, or a cell count other than
/// `out.len()`, is `Parse`. On error `out` may hold a prefix of the board.
pub fn parse_cells(text: &[u8], out: &mut [u8]) -> Result<(), Error> {
    let mut n = 0;
    for &b in text {
        let cell = match b {
            b'X' => 1,
            b'O' => 2,
            b' ' | b'.' => EMPTY,
            b'/' | b'\n' => continue,
            _ => return Err(Error::Parse),
        };
        *out.get_mut(n).ok_or(Error::Parse)? = cell;
        n += 1;
    }
    if n != out.len() {
        return Err(Error::Parse);
    }
    Ok(())
}
