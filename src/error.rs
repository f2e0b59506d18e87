//! The one error type of the pure-Rust core. The FFI layer maps each variant to a `TttStatus`.

use std::fmt;

/// Why an operation was refused. Every failing operation leaves its inputs unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// rows, cols or k is zero, k exceeds max(rows, cols), or a player/level/option is unknown.
    InvalidArgument,
    /// A row or column lies outside the board.
    OutOfBounds,
    /// The cell already holds a stone.
    CellOccupied,
    /// The named player is not the side to move.
    WrongTurn,
    /// The game has already been won or drawn.
    GameOver,
    /// There is no move to take back.
    NothingToUndo,
    /// There is no undone move to replay.
    NothingToRedo,
    /// Board text has a bad character or the wrong number of cells.
    Parse,
    /// The board has a size past the documented limit.
    TooLarge,
    /// Memory could not be allocated.
    OutOfMemory,
    /// Board text is well formed but the position cannot arise in a legal game.
    UnreachableBoard,
    /// The position is too big to solve exactly; use the budgeted search.
    TooHard,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Error::InvalidArgument => "invalid argument",
            Error::OutOfBounds => "cell out of bounds",
            Error::CellOccupied => "cell occupied",
            Error::WrongTurn => "not this player's turn",
            Error::GameOver => "game is over",
            Error::NothingToUndo => "nothing to undo",
            Error::NothingToRedo => "nothing to redo",
            Error::Parse => "board text could not be parsed",
            Error::TooLarge => "board too large",
            Error::OutOfMemory => "out of memory",
            Error::UnreachableBoard => "board cannot arise in a legal game",
            Error::TooHard => "position too big to solve exactly",
        };
        f.write_str(text)
    }
}

impl std::error::Error for Error {}

impl From<std::collections::TryReserveError> for Error {
    fn from(_: std::collections::TryReserveError) -> Self {
        Error::OutOfMemory
    }
}
