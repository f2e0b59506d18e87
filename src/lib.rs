//! `tictactoe`: plays, judges, validates and solves m,n,k-games (rows × cols board, k in a row).
//!
//! The pure-Rust core lives in the top-level modules and uses no `unsafe` (each is declared
//! `forbid(unsafe_code)`); `ffi` is the thin C ABI over it, declared in `include/tictactoe.h`.
//!
//! ```
//! use tictactoe::{Game, Outcome, Player, Rules};
//! let mut game = Game::new(Rules::new(3, 3, 3).unwrap()).unwrap();
//! for (r, c) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
//!     game.play(r, c).unwrap();
//! }
//! assert_eq!(game.outcome(), Outcome::Won(Player::X));
//! ```

#![deny(unsafe_op_in_unsafe_fn)]
// Every public item is documented; with clippy's -D warnings in CI, a missing doc fails.
#![warn(missing_docs)]

#[forbid(unsafe_code)]
pub mod ai;
#[forbid(unsafe_code)]
pub mod bitboard;
#[forbid(unsafe_code)]
pub mod board;
#[forbid(unsafe_code)]
pub mod cells;
#[forbid(unsafe_code)]
mod classic;
#[forbid(unsafe_code)]
pub mod error;
#[forbid(unsafe_code)]
mod fallible;
pub mod ffi;
#[forbid(unsafe_code)]
pub mod game;
#[forbid(unsafe_code)]
mod inline_vec;
#[forbid(unsafe_code)]
pub mod judge;
#[forbid(unsafe_code)]
pub mod rules;
#[forbid(unsafe_code)]
pub mod validate;

pub use error::Error;
pub use game::{Game, Outcome};
pub use judge::{judge, JudgeError};
pub use rules::{Dir, Player, Rules, MAX_CELLS};
pub use validate::{validate, verdict, Verdict};
