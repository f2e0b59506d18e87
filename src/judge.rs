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

/// Replays `moves` ([row, col] pairs, X first, alternating) on an empty board.
/// Boards up to `SMALL_BOARD` cells never allocate.
pub fn judge(rules: &Rules, moves: &[[u32; 2]]) -> Result<Outcome, JudgeError> {
    let mut board = Board::new(*rules).map_err(|error| JudgeError { error, index: 0 })?;
    let mut outcome = Outcome::Pending;
    let mut player = Player::X;
    for (index, &[row, col]) in moves.iter().enumerate() {
        let fail = |error| JudgeError { error, index };
        let cell = rules.index(row, col).map_err(fail)?;
        if outcome != Outcome::Pending {
            return Err(fail(Error::GameOver));
        }
        if board.cells()[cell] != EMPTY {
            return Err(fail(Error::CellOccupied));
        }
        if board.place(row, col, player).is_some() {
            outcome = Outcome::Won(player);
        } else if index + 1 == rules.cells() {
            outcome = Outcome::Draw;
        }
        player = player.other();
    }
    Ok(outcome)
}
