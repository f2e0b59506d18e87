//! "Find Winner on a Tic Tac Toe Game", generalized: replay a move list (A/X first) and report
//! the outcome, or the index of the first move that breaks the rules.

use crate::board::Board;
use crate::error::Error;
use crate::game::Outcome;
use crate::rules::{Player, Rules, EMPTY};

/// Why a move list was refused, and which move (0-based) did it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JudgeError {
    /// `OutOfBounds`, `CellOccupied` or `GameOver` (or `OutOfMemory` at index 0).
    pub error: Error,
    /// Index of the offending move in the list.
    pub index: usize,
}

/// Somewhere to put stones: a stack array for small boards, a `Board` for the rest.
trait Stones {
    fn is_empty(&self, index: usize) -> bool;
    /// Places the stone and reports whether it completes a line.
    fn put(&mut self, index: usize, player: Player) -> bool;
}

struct Small {
    rules: Rules,
    cells: [u8; 64],
}

impl Stones for Small {
    fn is_empty(&self, index: usize) -> bool {
        self.cells[index] == EMPTY
    }
    fn put(&mut self, index: usize, player: Player) -> bool {
        self.cells[index] = player.stone();
        self.rules.line_at(&self.cells[..self.rules.cells()], index).is_some()
    }
}

impl Stones for Board {
    fn is_empty(&self, index: usize) -> bool {
        self.cells()[index] == EMPTY
    }
    fn put(&mut self, index: usize, player: Player) -> bool {
        self.place(index, player).is_some()
    }
}

/// Replays `moves` ([row, col] pairs, X first, alternating) on an empty board.
/// Boards up to 64 cells never allocate.
pub fn judge(rules: &Rules, moves: &[[u32; 2]]) -> Result<Outcome, JudgeError> {
    if rules.cells() <= 64 {
        let mut small = Small { rules: *rules, cells: [EMPTY; 64] };
        replay(rules, &mut small, moves)
    } else {
        let mut board = Board::new(*rules).map_err(|error| JudgeError { error, index: 0 })?;
        replay(rules, &mut board, moves)
    }
}

fn replay<S: Stones>(rules: &Rules, stones: &mut S, moves: &[[u32; 2]]) -> Result<Outcome, JudgeError> {
    let mut outcome = Outcome::Pending;
    let mut player = Player::X;
    for (index, &[row, col]) in moves.iter().enumerate() {
        let fail = |error| JudgeError { error, index };
        let cell = rules.index(row, col).map_err(fail)?;
        if outcome != Outcome::Pending {
            return Err(fail(Error::GameOver));
        }
        if !stones.is_empty(cell) {
            return Err(fail(Error::CellOccupied));
        }
        if stones.put(cell, player) {
            outcome = Outcome::Won(player);
        } else if index + 1 == rules.cells() {
            outcome = Outcome::Draw;
        }
        player = player.other();
    }
    Ok(outcome)
}
