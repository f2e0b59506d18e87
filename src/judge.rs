//! "Find Winner on a Tic Tac Toe Game", generalized: replay a move list (A/X first) and report
//! the outcome, or the index of the first move that breaks the rules.

use crate::bitboard::{Layout, Stones};
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

/// A board to replay moves on.
trait Replay {
    fn is_empty(&self, row: u32, col: u32) -> bool;
    /// Places the stone; true when it completes a line.
    fn place(&mut self, row: u32, col: u32, player: Player) -> bool;
}

impl Replay for Stones {
    fn is_empty(&self, row: u32, col: u32) -> bool {
        Stones::is_empty(self, row, col)
    }
    fn place(&mut self, row: u32, col: u32, player: Player) -> bool {
        Stones::place(self, row, col, player as usize - 1)
    }
}

impl Replay for Board {
    fn is_empty(&self, row: u32, col: u32) -> bool {
        self.cell(row, col) == EMPTY
    }
    fn place(&mut self, row: u32, col: u32, player: Player) -> bool {
        Board::place(self, row, col, player)
    }
}

/// Replays `moves` ([row, col] pairs, X first, alternating) on an empty board. Boards that fit
/// a bitboard are judged without allocating.
pub fn judge(rules: &Rules, moves: &[[u32; 2]]) -> Result<Outcome, JudgeError> {
    match Layout::new(rules) {
        Some(layout) => replay(rules, &mut Stones::new(layout), moves),
        None => {
            let mut board = Board::new(*rules).map_err(|error| JudgeError { error, index: 0 })?;
            replay(rules, &mut board, moves)
        }
    }
}

fn replay(rules: &Rules, board: &mut impl Replay, moves: &[[u32; 2]]) -> Result<Outcome, JudgeError> {
    let mut outcome = Outcome::Pending;
    let mut player = Player::X;
    let (rows, cols, cells) = (rules.rows(), rules.cols(), rules.cells());
    for (index, &[row, col]) in moves.iter().enumerate() {
        let fail = |error| Err(JudgeError { error, index });
        if row >= rows || col >= cols {
            return fail(Error::OutOfBounds);
        }
        if outcome != Outcome::Pending {
            return fail(Error::GameOver);
        }
        if !board.is_empty(row, col) {
            return fail(Error::CellOccupied);
        }
        if board.place(row, col, player) {
            outcome = Outcome::Won(player);
        } else if index + 1 == cells {
            outcome = Outcome::Draw;
        }
        player = player.other();
    }
    Ok(outcome)
}
