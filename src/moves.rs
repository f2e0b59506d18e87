//! `Move`: a cell named by its row and column, the way every public function names one.

use std::fmt;

/// A cell of the board, by row and column, both counted from 0: where a stone goes, or where
/// one lies. The C API names the same cell by its index `row * cols + col`.
///
/// ```
/// use tictactoe::{ai, Game, Move, Rules};
/// let game = Game::new(Rules::new(3, 3, 3)?)?;
/// let centre = Move::new(1, 1);
/// assert_eq!(ai::best_move(&game)?.score, 0); // tic-tac-toe is a draw
/// assert_eq!(centre.to_string(), "(1, 1)");
/// # Ok::<(), tictactoe::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The row, from 0 at the top.
    pub row: u32,
    /// The column, from 0 at the left.
    pub col: u32,
}

impl Move {
    /// The cell at `row`, `col`.
    pub const fn new(row: u32, col: u32) -> Move {
        Move { row, col }
    }
}

impl From<(u32, u32)> for Move {
    fn from((row, col): (u32, u32)) -> Move {
        Move { row, col }
    }
}

impl From<Move> for (u32, u32) {
    fn from(m: Move) -> (u32, u32) {
        (m.row, m.col)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}
