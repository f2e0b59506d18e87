//! The one error type of the pure-Rust core. The FFI layer maps each variant to a `TttStatus`.

use std::ffi::CStr;
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

impl Error {
    /// Every error, in declaration order.
    pub(crate) const ALL: [Error; 12] = [
        Error::InvalidArgument,
        Error::OutOfBounds,
        Error::CellOccupied,
        Error::WrongTurn,
        Error::GameOver,
        Error::NothingToUndo,
        Error::NothingToRedo,
        Error::Parse,
        Error::TooLarge,
        Error::OutOfMemory,
        Error::UnreachableBoard,
        Error::TooHard,
    ];

    /// The error in a few words: what `Display` writes, and what the C API's `ttt_status_str`
    /// returns for the status this error becomes.
    pub(crate) const fn message(self) -> &'static CStr {
        match self {
            Error::InvalidArgument => c"invalid argument",
            Error::OutOfBounds => c"cell out of bounds",
            Error::CellOccupied => c"cell occupied",
            Error::WrongTurn => c"not this player's turn",
            Error::GameOver => c"game is over",
            Error::NothingToUndo => c"nothing to undo",
            Error::NothingToRedo => c"nothing to redo",
            Error::Parse => c"text could not be parsed",
            Error::TooLarge => c"board too large",
            Error::OutOfMemory => c"out of memory",
            Error::UnreachableBoard => c"board cannot arise in a legal game",
            Error::TooHard => c"position too big to solve exactly",
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Every message is ASCII.
        f.write_str(self.message().to_str().unwrap_or_default())
    }
}

impl std::error::Error for Error {}

impl From<std::collections::TryReserveError> for Error {
    fn from(_: std::collections::TryReserveError) -> Self {
        Error::OutOfMemory
    }
}
