//! `tictactoe` plays, judges, validates and solves m,n,k-games: a board of `rows × cols`
//! cells on which the first player to get `k` stones in an unbroken row, column or diagonal
//! wins. Tic-tac-toe is 3,3,3, gomoku 15,15,5.
//!
//! - [`Game`]: a game in progress, with undo and redo and a text form ([`Display`] and
//!   [`FromStr`](std::str::FromStr)).
//! - [`judge`]: the outcome of a list of moves ("Find Winner on a Tic Tac Toe Game").
//! - [`validate`]: whether a board could arise in a legal game ("Valid Tic-Tac-Toe State").
//! - [`ai`]: perfect play where the position can be solved, a budgeted search beyond, and
//!   difficulty levels for games.
//!
//! The same crate builds `libtictactoe.so` / `.a` with a C API (`include/tictactoe.h`); this
//! page documents the Rust API. The core uses no `unsafe`.
//!
//! ```
//! use tictactoe::{ai, Game, Outcome, Player, Rules};
//!
//! let mut game = Game::new(Rules::new(3, 3, 3)?)?;
//! for (row, col) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
//!     game.play(row, col)?;
//! }
//! // X to move: the solver finds the win at once.
//! let best = ai::best_move(&game)?;
//! assert_eq!((best.row, best.col, best.score), (0, 2, 1));
//! assert_eq!(game.play(best.row, best.col)?, Outcome::Won(Player::X));
//! # Ok::<(), tictactoe::Error>(())
//! ```
//!
//! [`Display`]: std::fmt::Display

#![deny(unsafe_op_in_unsafe_fn)]
// Every public item is documented; with clippy's -D warnings in CI, a missing doc fails.
#![warn(missing_docs)]

#[forbid(unsafe_code)]
pub mod ai;
#[forbid(unsafe_code)]
pub mod batch;
#[forbid(unsafe_code)]
mod bitboard;
#[forbid(unsafe_code)]
mod board;
#[forbid(unsafe_code)]
mod cells;
#[forbid(unsafe_code)]
mod classic;
#[forbid(unsafe_code)]
mod error;
#[forbid(unsafe_code)]
mod fallible;
#[doc(hidden)]
pub mod ffi;
#[forbid(unsafe_code)]
mod game;
#[forbid(unsafe_code)]
mod inline_vec;
#[forbid(unsafe_code)]
mod judge;
#[forbid(unsafe_code)]
mod moves;
#[forbid(unsafe_code)]
mod rules;
#[forbid(unsafe_code)]
mod validate;

pub use batch::{Batch, BatchStats};
pub use error::Error;
pub use game::{Game, Outcome};
pub use judge::{judge, JudgeError};
pub use moves::Move;
pub use rules::{Player, Rules, MAX_CELLS};
pub use validate::{validate, validate_rows, Verdict};

/// Internals that the project's own tests and benchmarks compare against each other. Not part
/// of the API: anything here may change in any release.
#[doc(hidden)]
pub mod internals {
    pub use crate::ai::bitboard::Geometry;
    pub use crate::ai::rng::Rng;
    /// The opponent's threat win with the cells that may stop it (its proof's relevance zone),
    /// asked once or, on a `ThreatBoard`, of positions a few moves apart. No level or search
    /// calls them: the opponent's threat wins that decide the search's lost games take tens of
    /// thousands of threat nodes to prove, more than a move of `TTT_LEVEL_HARD` has, and the
    /// checks that fit in its budget did not win more games. They stay for the tests of the
    /// zone (tests/threats_defence.rs), the fuzz target and a tree search that has the time.
    pub use crate::ai::threats::{opponent_threat, Threat, ThreatBoard};
    pub use crate::ai::threats::{threat_win_nodes, threat_win_pns, winning_move as threat_move};
    pub use crate::batch::cells_per_thread;
    pub use crate::validate::{verdict, verdict_scan};
}

/// The internals stay out of reach of a crate user:
///
/// ```compile_fail
/// use tictactoe::board::Board;
/// ```
///
/// ```compile_fail
/// use tictactoe::cells::Cells;
/// ```
///
/// ```compile_fail
/// use tictactoe::rules::Dir;
/// ```
#[cfg(doctest)]
pub struct InternalsArePrivate;

// The README's Rust example runs as a doctest (its other code blocks are C, shell and Python,
// which rustdoc does not run).
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
