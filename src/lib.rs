//! `tictactoe`: plays, judges, validates and solves m,n,k-games (rows × cols board, k in a row).
//!
//! The pure-Rust core lives in the top-level modules and uses no `unsafe`; `ffi` is the thin C
//! ABI over it, declared in `include/tictactoe.h`.
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

pub mod ai;
pub mod bitboard;
pub mod board;
pub mod cells;
mod classic;
pub mod error;
pub mod ffi;
pub mod game;
mod inline_vec;
pub mod judge;
pub mod rules;
pub mod validate;

pub use error::Error;
pub use game::{Game, Outcome};
pub use judge::{judge, JudgeError};
pub use rules::{Dir, Player, Rules, MAX_CELLS};
pub use validate::{validate, verdict, Verdict};
