//! `TttStatus`: what every fallible C function returns.

use super::TttStatus::*;
use crate::Error;
use std::ffi::{c_char, CStr};

/// The outcome of a call. `TTT_OK` (0) is success; every other value is an error after which
/// nothing was written to the out-pointers (except where a function documents a size report,
/// and `ttt_judge_ex`'s offending move) and the game passed in is unchanged. `ttt_status_str`
/// describes each value.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TttStatus {
    /// Success.
    TTT_OK = 0,
    /// A required pointer argument was NULL.
    TTT_NULL_POINTER = 1,
    /// An argument is out of its domain: rows, cols or k zero, k > max(rows, cols), a player
    /// other than 1 or 2, an unknown AI level, a budget with no limit, a move list too long to
    /// address.
    TTT_INVALID_ARGUMENT = 2,
    /// A row or column lies outside the board.
    TTT_OUT_OF_BOUNDS = 3,
    /// The cell already holds a stone.
    TTT_CELL_OCCUPIED = 4,
    /// The named player is not the side to move.
    TTT_WRONG_TURN = 5,
    /// The game is already won or drawn; no move is accepted.
    TTT_GAME_OVER = 6,
    /// There is no move to undo.
    TTT_NOTHING_TO_UNDO = 7,
    /// There is no undone move to redo.
    TTT_NOTHING_TO_REDO = 8,
    /// Text could not be parsed: a bad character, the wrong cell count, a malformed field.
    TTT_PARSE_ERROR = 9,
    /// The caller's buffer is too small; the needed size was reported.
    TTT_BUFFER_TOO_SMALL = 10,
    /// rows × cols exceeds `TTT_MAX_CELLS`.
    TTT_TOO_LARGE = 11,
    /// Memory could not be allocated. The library never aborts the process for this.
    TTT_OUT_OF_MEMORY = 12,
    /// The text is well formed but the position cannot arise in a legal game.
    TTT_UNREACHABLE_BOARD = 13,
    /// The position is too big to solve exactly; use the budgeted search instead.
    TTT_TOO_HARD = 14,
    /// A bug inside the library (a caught panic). Please report it.
    TTT_INTERNAL_ERROR = 15,
}

impl From<Error> for TttStatus {
    fn from(e: Error) -> Self {
        match e {
            Error::InvalidArgument => TTT_INVALID_ARGUMENT,
            Error::OutOfBounds => TTT_OUT_OF_BOUNDS,
            Error::CellOccupied => TTT_CELL_OCCUPIED,
            Error::WrongTurn => TTT_WRONG_TURN,
            Error::GameOver => TTT_GAME_OVER,
            Error::NothingToUndo => TTT_NOTHING_TO_UNDO,
            Error::NothingToRedo => TTT_NOTHING_TO_REDO,
            Error::Parse => TTT_PARSE_ERROR,
            Error::TooLarge => TTT_TOO_LARGE,
            Error::OutOfMemory => TTT_OUT_OF_MEMORY,
            Error::UnreachableBoard => TTT_UNREACHABLE_BOARD,
            Error::TooHard => TTT_TOO_HARD,
        }
    }
}

/// A `TttStatus` as it arrives from C: any 32-bit value, checked before use.
pub type RawStatus = u32;

/// The statuses that stand for no core `Error`, with their descriptions.
const OWN: [(TttStatus, &CStr); 4] = [
    (TTT_OK, c"ok"),
    (TTT_NULL_POINTER, c"a required pointer argument was NULL"),
    (TTT_BUFFER_TOO_SMALL, c"buffer too small"),
    (TTT_INTERNAL_ERROR, c"internal error (a bug in tictactoe)"),
];

/// A status in a few words: its own text, or the message of the `Error` it stands for.
fn describe(status: RawStatus) -> &'static CStr {
    let own = OWN.iter().find(|&&(s, _)| s as RawStatus == status).map(|&(_, text)| text);
    let error = || Error::ALL.into_iter().find(|&e| TttStatus::from(e) as RawStatus == status);
    own.or_else(|| error().map(Error::message)).unwrap_or(c"unknown status")
}

/// Describes a status in a few words, e.g. "cell occupied"; "unknown status" for a value
/// outside `TttStatus`. Static; never NULL; the caller must not free it.
#[no_mangle]
pub extern "C" fn ttt_status_str(status: RawStatus) -> *const c_char {
    describe(status).as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A status that stands for a core error reads as that error's `Display`.
    #[test]
    fn a_status_describes_its_error_in_the_same_words() {
        for e in Error::ALL {
            assert_eq!(describe(TttStatus::from(e) as RawStatus).to_str(), Ok(e.to_string().as_str()));
        }
    }
}
