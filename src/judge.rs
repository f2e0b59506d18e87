//! "Find Winner on a Tic Tac Toe Game", generalized: replay a move list (A/X first) and report
//! the outcome, or the index of the first move that breaks the rules.

use crate::bitboard::Layout;
use crate::board::Board;
use crate::error::Error;
use crate::game::Outcome;
use crate::rules::{Player, Rules};

/// Why a move list was refused, and which move (0-based) did it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JudgeError {
    /// `OutOfBounds`, `CellOccupied` or `GameOver` (or `OutOfMemory` at index 0).
    pub error: Error,
    /// Index of the offending move in the list.
    pub index: usize,
}

/// Replays `moves` ([row, col] pairs, X first, alternating) on an empty board. Boards that fit
/// a bitboard are judged without allocating.
#[inline]
pub fn judge(rules: &Rules, moves: &[[u32; 2]]) -> Result<Outcome, JudgeError> {
    match Layout::new(rules) {
        Some(layout) => replay_bits(rules, &layout, moves),
        None => replay(rules, moves),
    }
}

/// `replay` on two words, the common case kept to a few instructions a move: the mover of
/// move `index` is `index % 2` and has `index / 2 + 1` stones, so nothing else is tracked.
#[inline]
fn replay_bits(rules: &Rules, layout: &Layout, moves: &[[u32; 2]]) -> Result<Outcome, JudgeError> {
    // One loop per common k, so each computes only its own shift amounts.
    match layout.k() {
        3 => replay_bits_k::<3>(rules, layout, moves),
        4 => replay_bits_k::<4>(rules, layout, moves),
        5 => replay_bits_k::<5>(rules, layout, moves),
        _ => replay_bits_k::<0>(rules, layout, moves),
    }
}

/// `replay_bits` for k = `K` (0: any k).
#[inline(always)]
fn replay_bits_k<const K: u32>(
    rules: &Rules,
    layout: &Layout,
    moves: &[[u32; 2]],
) -> Result<Outcome, JudgeError> {
    let (rows, cols, cells) = (rules.rows(), rules.cols(), rules.cells());
    // The stones of the player about to move and of the other; they swap after every move.
    let (mut mover, mut other) = (0u64, 0u64);
    for (index, &[row, col]) in moves.iter().enumerate() {
        if row >= rows || col >= cols {
            return Err(JudgeError { error: Error::OutOfBounds, index });
        }
        let bit = layout.bit(row, col);
        if (mover | other) & bit != 0 {
            return Err(JudgeError { error: Error::CellOccupied, index });
        }
        mover |= bit;
        if index / 2 + 1 >= layout.k() as usize && layout.has_line_k::<K>(mover) {
            let winner = if index % 2 == 0 { Player::X } else { Player::O };
            return after_end(rules, moves, index, Outcome::Won(winner));
        }
        if index + 1 == cells {
            return after_end(rules, moves, index, Outcome::Draw);
        }
        (mover, other) = (other, mover);
    }
    Ok(Outcome::Pending)
}

/// The game ended at move `last`: the outcome if that was the last move, else the next move's
/// fault (off the board is reported before "game over", as during play).
fn after_end(
    rules: &Rules,
    moves: &[[u32; 2]],
    last: usize,
    outcome: Outcome,
) -> Result<Outcome, JudgeError> {
    let index = last + 1;
    match moves.get(index) {
        None => Ok(outcome),
        Some(&[row, col]) if row >= rules.rows() || col >= rules.cols() => {
            Err(JudgeError { error: Error::OutOfBounds, index })
        }
        Some(_) => Err(JudgeError { error: Error::GameOver, index }),
    }
}

/// Replays on a full `Board`, for boards past the bitboard limit. Kept out of line so that
/// the bitboard path stays small.
#[inline(never)]
fn replay(rules: &Rules, moves: &[[u32; 2]]) -> Result<Outcome, JudgeError> {
    let board = &mut Board::new(*rules).map_err(|error| JudgeError { error, index: 0 })?;
    let mut player = Player::X;
    let (rows, cols, cells) = (rules.rows(), rules.cols(), rules.cells());
    for (index, &[row, col]) in moves.iter().enumerate() {
        if row >= rows || col >= cols {
            return Err(JudgeError { error: Error::OutOfBounds, index });
        }
        let won = board.try_place(row, col, player).map_err(|error| JudgeError { error, index })?;
        if won {
            return after_end(rules, moves, index, Outcome::Won(player));
        }
        if index + 1 == cells {
            return after_end(rules, moves, index, Outcome::Draw);
        }
        player = player.other();
    }
    Ok(Outcome::Pending)
}
