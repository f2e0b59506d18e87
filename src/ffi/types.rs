//! The C types and limits: statuses, results, verdicts, the game handle, `TTT_MAX_CELLS`.

use crate::{Error, Game, Outcome, Player, Verdict};
use TttStatus::*;

/// Largest number of cells (rows x cols) a board may have: 67108864 = 4 x 4096 x 4096.
/// Any rows and cols whose product is at most this work; a bigger board is `TTT_TOO_LARGE`.
pub const TTT_MAX_CELLS: u64 = 67_108_864;
const _: () = assert!(TTT_MAX_CELLS == crate::MAX_CELLS);

/// How a game stands, or the outcome of a judged move list.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TttResult {
    /// The game goes on: moves remain and nobody has a line.
    TTT_PENDING = 0,
    /// Player 1 ("A", X) completed a line.
    TTT_A_WINS = 1,
    /// Player 2 ("B", O) completed a line.
    TTT_B_WINS = 2,
    /// The board filled with no line.
    TTT_DRAW = 3,
}

impl From<Outcome> for TttResult {
    fn from(o: Outcome) -> Self {
        match o {
            Outcome::Pending => TttResult::TTT_PENDING,
            Outcome::Won(Player::X) => TttResult::TTT_A_WINS,
            Outcome::Won(Player::O) => TttResult::TTT_B_WINS,
            Outcome::Draw => TttResult::TTT_DRAW,
        }
    }
}

/// Whether a board is reachable in a legal game (X moving first), and if not, the first reason
/// found, checked in the order listed.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TttVerdict {
    /// Reachable in a legal game.
    TTT_VALID = 0,
    /// More O stones than X stones: O would have moved first.
    TTT_TOO_MANY_O = 1,
    /// X has more than one stone more than O: X moved twice in a row.
    TTT_TOO_MANY_X = 2,
    /// Both players have a line: the game would have ended at the first.
    TTT_BOTH_WIN = 3,
    /// X has a line, yet O has as many stones as X: O moved after X had won.
    TTT_X_WON_THEN_O_MOVED = 4,
    /// O has a line, yet X has more stones: X moved after O had won.
    TTT_O_WON_THEN_X_MOVED = 5,
    /// X's lines share no stone, so no single last move could have made them all.
    TTT_X_LINES_DISJOINT = 6,
    /// O's lines share no stone, so no single last move could have made them all.
    TTT_O_LINES_DISJOINT = 7,
}

impl From<Verdict> for TttVerdict {
    fn from(v: Verdict) -> Self {
        use Verdict as V;
        match v {
            V::Valid => TttVerdict::TTT_VALID,
            V::TooManyO => TttVerdict::TTT_TOO_MANY_O,
            V::TooManyX => TttVerdict::TTT_TOO_MANY_X,
            V::BothWin => TttVerdict::TTT_BOTH_WIN,
            V::XWonThenOMoved => TttVerdict::TTT_X_WON_THEN_O_MOVED,
            V::OWonThenXMoved => TttVerdict::TTT_O_WON_THEN_X_MOVED,
            V::XLinesDisjoint => TttVerdict::TTT_X_LINES_DISJOINT,
            V::OLinesDisjoint => TttVerdict::TTT_O_LINES_DISJOINT,
        }
    }
}

/// A `TttResult` as it arrives from C: any 32-bit value, checked before use.
pub type RawResult = u32;
/// A `TttVerdict` as it arrives from C: any 32-bit value, checked before use.
pub type RawVerdict = u32;

/// What every fallible function returns: `TTT_OK` (0), or why it failed. After a failure the
/// out-pointers are unwritten (save the documented size reports and `ttt_judge_ex`'s
/// offending move) and the game is unchanged. `ttt_status_str` describes each value.
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

/// An m,n,k-game in progress. Opaque: create it with `ttt_game_new` (or `ttt_game_clone`,
/// `ttt_game_from_text`), release it with `ttt_game_free`. One game must not be used from two
/// threads at once; distinct games are independent.
pub struct TttGame {
    pub(super) game: Game,
}

impl TttGame {
    /// The game behind a handle, for Rust code and tests that hold a `TttGame`.
    pub fn game(&self) -> &Game {
        &self.game
    }
}
