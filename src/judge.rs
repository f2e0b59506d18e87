//! "Find Winner on a Tic Tac Toe Game", generalized: replay a move list (A/X first) and report
//! the outcome, or the index of the first move that breaks the rules.

use crate::bitboard::Layout;
use crate::board::Board;
use crate::classic::{self, is_classic};
use crate::error::Error;
use crate::game::Outcome;
use crate::rules::{Player, Rules};

/// Why a move list was refused, and which move (0-based) did it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JudgeError {
    /// `OutOfBounds`, `CellOccupied` or `GameOver`, or `OutOfMemory`.
    pub error: Error,
    /// Index of the offending move in the list; `None` when no move is at fault
    /// (`OutOfMemory`).
    pub index: Option<usize>,
}

/// "move 3: cell occupied", or the error alone when no move is at fault.
impl std::fmt::Display for JudgeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.index {
            Some(i) => write!(f, "move {i}: {}", self.error),
            None => write!(f, "{}", self.error),
        }
    }
}

impl std::error::Error for JudgeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl From<JudgeError> for Error {
    fn from(e: JudgeError) -> Error {
        e.error
    }
}

impl JudgeError {
    /// Move `index` broke the rules with `error`.
    fn at(error: Error, index: usize) -> JudgeError {
        JudgeError { error, index: Some(index) }
    }
}

/// Replays `moves` (`[row, col]` pairs, X first, players alternating) on an empty board and
/// says how the game stands: "Find Winner on a Tic Tac Toe Game", on any board. A move off the
/// board, onto a stone, or after the game ended is refused with its index. Boards with
/// rows × (cols + 1) ≤ 64 are judged on bitboards, without allocating.
///
/// ```
/// use tictactoe::{judge, Error, Outcome, Player, Rules};
/// let rules = Rules::new(3, 3, 3)?;
/// let outcome = judge(&rules, &[[0, 0], [2, 0], [1, 1], [2, 1], [2, 2]]);
/// assert_eq!(outcome, Ok(Outcome::Won(Player::X)));
/// assert_eq!(outcome?.to_string(), "A");
/// let refused = judge(&rules, &[[0, 0], [0, 0]]).unwrap_err();
/// assert_eq!((refused.error, refused.index), (Error::CellOccupied, Some(1)));
/// # Ok::<(), Error>(())
/// ```
#[inline]
pub fn judge(rules: &Rules, moves: &[[u32; 2]]) -> Result<Outcome, JudgeError> {
    if is_classic(rules) {
        return replay_bits(rules, &Classic(classic::table()), moves);
    }
    match Layout::new(rules) {
        // One loop per common k, so each computes only its own shift amounts.
        Some(layout) => match layout.k() {
            3 => replay_bits(rules, &ForK::<3>(&layout), moves),
            4 => replay_bits(rules, &ForK::<4>(&layout), moves),
            5 => replay_bits(rules, &ForK::<5>(&layout), moves),
            _ => replay_bits(rules, &ForK::<0>(&layout), moves),
        },
        None => replay(rules, moves),
    }
}

/// Where a stone goes in a one-word bitboard, and whether a player's stones hold a line.
trait BitLines {
    fn bit(&self, row: u32, col: u32) -> u64;
    /// `stones` holds `count` stones.
    fn has_line(&self, stones: u64, count: usize) -> bool;
}

/// The general layout, with k = `K` known to the compiler (0: any k).
struct ForK<'a, const K: u32>(&'a Layout);

impl<const K: u32> BitLines for ForK<'_, K> {
    #[inline(always)]
    fn bit(&self, row: u32, col: u32) -> u64 {
        self.0.bit(row, col)
    }

    /// A player with fewer than k stones has no line, which skips the shifts on early moves.
    #[inline(always)]
    fn has_line(&self, stones: u64, count: usize) -> bool {
        count >= self.0.k() as usize && self.0.has_line_k::<K>(stones)
    }
}

/// The classic board: dense bits (row * 3 + col) and one table load per move.
struct Classic(&'static [u8; 512]);

impl BitLines for Classic {
    #[inline(always)]
    fn bit(&self, row: u32, col: u32) -> u64 {
        1 << (row * 3 + col)
    }

    #[inline(always)]
    fn has_line(&self, stones: u64, _count: usize) -> bool {
        self.0[(stones & 511) as usize] & classic::LINE != 0
    }
}

/// `replay` on two words, the common case kept to a few instructions a move: the mover of
/// move `index` is `index % 2` and has `index / 2 + 1` stones, so nothing else is tracked.
#[inline(always)]
fn replay_bits(rules: &Rules, lines: &impl BitLines, moves: &[[u32; 2]]) -> Result<Outcome, JudgeError> {
    let (rows, cols, cells) = (rules.rows(), rules.cols(), rules.cells());
    // The stones of the player about to move and of the other; they swap after every move.
    let (mut mover, mut other) = (0u64, 0u64);
    for (index, &[row, col]) in moves.iter().enumerate() {
        if row >= rows || col >= cols {
            return Err(JudgeError::at(Error::OutOfBounds, index));
        }
        let bit = lines.bit(row, col);
        if (mover | other) & bit != 0 {
            return Err(JudgeError::at(Error::CellOccupied, index));
        }
        mover |= bit;
        if lines.has_line(mover, index / 2 + 1) {
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
            Err(JudgeError::at(Error::OutOfBounds, index))
        }
        Some(_) => Err(JudgeError::at(Error::GameOver, index)),
    }
}

/// Replays on a full `Board`, for boards past the bitboard limit. Kept out of line so that
/// the bitboard path stays small.
#[inline(never)]
fn replay(rules: &Rules, moves: &[[u32; 2]]) -> Result<Outcome, JudgeError> {
    let board = &mut Board::new(*rules).map_err(|error| JudgeError { error, index: None })?;
    let mut player = Player::X;
    let (rows, cols, cells) = (rules.rows(), rules.cols(), rules.cells());
    for (index, &[row, col]) in moves.iter().enumerate() {
        if row >= rows || col >= cols {
            return Err(JudgeError::at(Error::OutOfBounds, index));
        }
        let won = board.try_place(row, col, player).map_err(|error| JudgeError::at(error, index))?;
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
