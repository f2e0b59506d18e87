//! Game AI: perfect play where the position can be solved, budgeted heuristic play beyond.
//!
//! - [`best_move`] / [`optimal_moves`]: exact, by [`solve`]'s negamax on a 64-bit bitboard
//!   (rows × (cols + 1) <= 64, or the same for the transpose), or on bigger boards by a
//!   pairing strategy that proves the position drawn (`drawn`) or, with at most 18 empty
//!   cells, by an endgame search over the board (`endgame`); `TooHard` otherwise, or when the proof needs more than
//!   [`SOLVE_NODES`] nodes ([`solve`] and [`optimal_moves_within`] take a caller's budget
//!   instead). 3,3,3 is answered from a precomputed table.
//! - [`search`]: a strong move under a node or time budget on any board, deterministic for a
//!   given seed and node budget.
//! - [`ai_move`]: difficulty levels from random to perfect.
//!
//! Nothing here changes the game passed in, and nothing keeps state between calls except the
//! read-only 3,3,3 table.

pub mod bitboard;
mod budget;
mod drawn;
mod endgame;
mod level;
mod pairing;
pub mod rng;
mod score;
mod search;
mod solve;
mod symmetry;
mod table;
mod tactics;
mod tt;

pub use budget::Budget;
pub use level::{ai_move, Level};
pub use search::search;

use crate::error::Error;
use crate::fallible::{try_collect, try_with_capacity};
use crate::game::Game;
use budget::Meter;
use solve::{Root, Solver};
use std::time::Instant;

/// The node budget of [`best_move`] and [`optimal_moves`] (a pairing search's steps count
/// as nodes). Past it the answer is `TooHard`. (C sees it as `TTT_SOLVE_NODES`.)
pub const SOLVE_NODES: u64 = 1 << 24;

/// The budget of [`best_move`] and [`optimal_moves`]: [`SOLVE_NODES`] steps, no time limit.
pub const SOLVE_BUDGET: Budget = Budget::nodes(SOLVE_NODES);

/// On boards too big for the bitboard solver, the most empty cells [`best_move`] and
/// [`optimal_moves`] take on (`TTT_SOLVE_MAX_EMPTY` in C).
pub const SOLVE_MAX_EMPTY: usize = endgame::MAX_EMPTY;

/// A move with its game-theoretic score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    /// Row-major cell index of the move.
    pub cell: usize,
    /// 0 draw; +N the side to move wins with the game ending N plies from now (its own move
    /// counts as 1); -N it loses N plies from now.
    pub score: i32,
}

/// The best move of the side to move with its exact score: the fastest win, else a draw, else
/// the slowest loss. `GameOver` for a finished game; `TooHard` past [`SOLVE_NODES`] nodes.
pub fn best_move(game: &Game) -> Result<Scored, Error> {
    solve(game, SOLVE_BUDGET)
}

/// [`best_move`] under a caller's budget: `TooHard` when it runs out (a time budget counts
/// from the call, setting up included), `InvalidArgument` when it sets no limit. The same
/// position and node budget always give the same answer; a time budget may run out on one
/// call and not the next.
pub fn solve(game: &Game, budget: Budget) -> Result<Scored, Error> {
    let meter = meter(game, budget)?;
    let (frame, root) = match Root::of(game) {
        Err(Error::TooHard) => return drawn::best(game)?.map_or_else(|| endgame::best(game, meter), Ok),
        other => other?,
    };
    let geo = &frame.geo;
    let (bit, score) = Solver::new(geo, meter, root.empty(geo))?.best(root)?;
    Ok(Scored { cell: frame.cell(bit), score })
}

/// Every move that keeps the value of the position, ascending: any winning move when the side
/// to move wins (not only the fastest), any drawing move when it draws, every move when it
/// loses. Errors as [`best_move`].
pub fn optimal_moves(game: &Game) -> Result<Vec<usize>, Error> {
    optimal_moves_within(game, SOLVE_BUDGET)
}

/// [`optimal_moves`] under a caller's budget, as [`solve`].
pub fn optimal_moves_within(game: &Game, budget: Budget) -> Result<Vec<usize>, Error> {
    match optimal_set_within(game, budget)? {
        Optimal::These(cells) => Ok(cells),
        Optimal::EveryLegalMove => {
            let mut cells = try_with_capacity(game.legal_move_count())?;
            cells.extend(game.legal_moves());
            Ok(cells)
        }
    }
}

/// What [`optimal_moves`] lists, with "every legal move" left unlisted: that is the answer
/// in a proved draw on a big board, where the list of a 2^26-cell board's cells took 512 MB.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Optimal {
    /// Every legal move keeps the value.
    EveryLegalMove,
    /// These cells, ascending.
    These(Vec<usize>),
}

/// [`optimal_moves_within`] as an [`Optimal`].
pub fn optimal_set_within(game: &Game, budget: Budget) -> Result<Optimal, Error> {
    let meter = meter(game, budget)?;
    let (frame, root) = match Root::of(game) {
        Err(Error::TooHard) if drawn::every_move_draws(game)? => return Ok(Optimal::EveryLegalMove),
        Err(Error::TooHard) => return endgame::optimal(game, meter).map(Optimal::These),
        other => other?,
    };
    let geo = &frame.geo;
    let bits = Solver::new(geo, meter, root.empty(geo))?.optimal(root)?;
    // Sorted after the mapping: a transposed frame lists bits in the solver's order.
    let mut cells = try_collect(bits.iter().map(|&b| frame.cell(b)))?;
    cells.sort_unstable();
    Ok(Optimal::These(cells))
}

/// The meter of an exact solve of `game` under `budget`, its clock started: `GameOver` for a
/// finished game (as `search` checks), then `InvalidArgument` for a budget with no limit.
fn meter(game: &Game, budget: Budget) -> Result<Meter, Error> {
    game.to_move().ok_or(Error::GameOver)?;
    if budget.is_unlimited() {
        return Err(Error::InvalidArgument);
    }
    Ok(Meter::new(budget, Instant::now()))
}
