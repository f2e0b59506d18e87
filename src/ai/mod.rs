//! Game AI: perfect play where the position can be solved, a budgeted search beyond it, and
//! difficulty levels for games.
//!
//! - [`best_move`] and [`optimal_moves`] play perfectly: the exact value of the position and
//!   the moves that keep it. They answer every 3,3,3 position from a table, solve boards with
//!   rows × (cols + 1) ≤ 64 (or the same for the transpose) exactly, prove draws on bigger
//!   boards by a pairing strategy, and search endgames of up to [`SOLVE_MAX_EMPTY`] empty
//!   cells. Anything else, or a proof past [`SOLVE_NODES`] nodes, is
//!   [`TooHard`](crate::Error::TooHard); [`solve`] and [`optimal_moves_within`] take a budget
//!   of the caller's instead.
//! - [`search`] finds a strong move on any board under a [`Budget`] of nodes or time,
//!   deterministic for a node budget and a seed.
//! - [`ai_move`] plays at a [`Level`], from random to perfect, for games.
//! - [`threat_win`] looks for a forced win by threats (fours, then threes) on any board.
//!
//! Nothing here changes the game passed in or keeps state between calls, so any number of
//! threads may search at once.
//!
//! ```
//! use tictactoe::{ai, Game, Rules};
//! let mut game = Game::new(Rules::new(15, 15, 5)?)?;
//! game.play(7, 7)?;
//! let reply = ai::search(&game, ai::Budget::nodes(2_000), 1)?;
//! assert_eq!(reply, ai::search(&game, ai::Budget::nodes(2_000), 1)?); // deterministic
//! game.play(reply.row, reply.col)?;
//! let casual = ai::ai_move(&game, ai::Level::Easy, 42)?;
//! assert!(game.legal_moves().any(|m| m == casual));
//! # Ok::<(), tictactoe::Error>(())
//! ```

pub(crate) mod bitboard;
mod budget;
mod certificate;
mod drawn;
mod endgame;
mod level;
mod pairing;
mod parallel;
mod pattern;
mod pvs;
pub(crate) mod rng;
mod score;
mod search;
mod solve;
mod symmetry;
mod table;
mod tactics;
pub(crate) mod threats;
mod tt;

pub use budget::Budget;
pub use level::Level;
pub use threats::{threat_win, ThreatWin};

use crate::error::Error;
use crate::fallible::{try_collect, try_with_capacity};
use crate::game::Game;
use crate::moves::Move;
use crate::rules::Player;
use bitboard::Word;
use budget::Meter;
use solve::{Root, Solver, Width};
use std::time::Instant;

/// The node budget of [`best_move`] and [`optimal_moves`] (a pairing search's steps count
/// as nodes). Past it the answer is `TooHard`. (C sees it as `TTT_SOLVE_NODES`.)
pub const SOLVE_NODES: u64 = 1 << 24;

/// The budget of [`best_move`] and [`optimal_moves`]: [`SOLVE_NODES`] steps, no time limit.
pub(crate) const SOLVE_BUDGET: Budget = Budget::nodes(SOLVE_NODES);

/// On boards too big for the bitboard solver, the most empty cells [`best_move`] and
/// [`optimal_moves`] take on (`TTT_SOLVE_MAX_EMPTY` in C).
pub const SOLVE_MAX_EMPTY: usize = endgame::MAX_EMPTY;

/// A move with its game-theoretic score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scored {
    /// The move's row.
    pub row: u32,
    /// The move's column.
    pub col: u32,
    /// 0: a draw with best play. +N: the side to move wins, the game ending N plies from now
    /// (this move counts as 1). -N: the side to move loses, N plies from now.
    pub score: i32,
}

impl From<Scored> for Move {
    fn from(s: Scored) -> Move {
        Move::new(s.row, s.col)
    }
}

/// A move with its exact score, as the solvers find it: a row-major cell, and the steps the
/// bitboard solver took (0 from the other solvers and the threaded one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Solution {
    pub(crate) cell: usize,
    pub(crate) score: i32,
    pub(crate) steps: u64,
}

/// The best move of the side to move with its exact score: the fastest win, else a draw, else
/// the slowest loss. `GameOver` for a finished game; `TooHard` when the position is out of the
/// solvers' reach or the proof needs more than [`SOLVE_NODES`] nodes.
///
/// ```
/// use tictactoe::{ai, Game, Rules};
/// let mut game = Game::new(Rules::new(3, 3, 3)?)?;
/// game.play(0, 0)?;
/// game.play(0, 1)?; // a mistake: X now wins
/// let best = ai::best_move(&game)?;
/// assert_eq!(best.score, 5); // X wins with its third stone, five plies from now
/// # Ok::<(), tictactoe::Error>(())
/// ```
pub fn best_move(game: &Game) -> Result<Scored, Error> {
    solve(game, SOLVE_BUDGET)
}

/// [`best_move`] under a caller's budget: `TooHard` when it runs out (a time budget counts
/// from the call). The same position and node budget always give the same answer; a time
/// budget may run out on one call and not the next.
pub fn solve(game: &Game, budget: Budget) -> Result<Scored, Error> {
    solve_steps(game, budget).map(|(scored, _)| scored)
}

/// [`solve`], with the steps the proof took on the bitboard solver (nodes, and pairing
/// searches' steps; 0 for positions it leaves to the others), the count a node budget
/// bounds: for comparing proofs by their size rather than by a clock.
///
/// ```
/// use tictactoe::{ai, Game, Rules};
/// let game = Game::new(Rules::new(4, 4, 4)?)?;
/// let (best, steps) = ai::solve_steps(&game, ai::Budget::nodes(1 << 20))?;
/// assert_eq!(best.score, 0); // a draw
/// assert!(steps > 0 && steps <= 1 << 20);
/// # Ok::<(), tictactoe::Error>(())
/// ```
pub fn solve_steps(game: &Game, budget: Budget) -> Result<(Scored, u64), Error> {
    let Solution { cell, score, steps } = solve_cell(game, budget)?;
    let Move { row, col } = game.rules().move_at(cell);
    Ok((Scored { row, col, score }, steps))
}

/// [`solve`] on `threads` threads (0: one per core): the same exact score, found by splitting
/// the position into independent subproblems (its moves up to symmetry, and their replies when
/// the moves are fewer than the threads), each solved on its own. The threads draw their steps
/// from one pool, so a node budget bounds the steps of the whole call, as for [`solve`]; a time
/// budget counts from the call. The move is the first in row-major order of those with the
/// best score (the one-thread solver may pick another of them). All threads have ended when it
/// returns. Whether a proof near the edge of a node budget fits may vary between runs (the
/// threads share it in the order they run); an answer, when there is one, never does. One
/// thread, and boards past the bitboard solver, are [`solve`].
///
/// ```
/// use tictactoe::{ai, Game, Rules};
/// let game = Game::new(Rules::new(4, 4, 4)?)?;
/// let best = ai::solve_threads(&game, ai::Budget::nodes(1 << 20), 2)?;
/// assert_eq!(best.score, ai::best_move(&game)?.score); // a draw
/// # Ok::<(), tictactoe::Error>(())
/// ```
pub fn solve_threads(game: &Game, budget: Budget, threads: usize) -> Result<Scored, Error> {
    let Solution { cell, score, .. } = parallel::solve_cell_threads(game, budget, threads)?;
    let Move { row, col } = game.rules().move_at(cell);
    Ok(Scored { row, col, score })
}

/// [`solve`] with the move as a row-major cell.
pub(crate) fn solve_cell(game: &Game, budget: Budget) -> Result<Solution, Error> {
    solve_metered(game, meter(game, budget)?)
}

/// [`solve_cell`] counting its steps on `meter`.
fn solve_metered(game: &Game, meter: Meter) -> Result<Solution, Error> {
    match Width::of(game.rules()) {
        Some(Width::Narrow) => solve_on::<u64>(game, meter),
        // A built pairing answers at once, where the search would spend its budget.
        Some(Width::Wide) => drawn::best(game)?.map_or_else(|| solve_on::<u128>(game, meter), Ok),
        None => drawn::best(game)?.map_or_else(|| endgame::best(game, meter), Ok),
    }
}

/// [`solve_metered`] on bitboard words `W` (the board must fit them).
fn solve_on<W: Word>(game: &Game, meter: Meter) -> Result<Solution, Error> {
    let (frame, root) = Root::<W>::of(game)?;
    let geo = &frame.geo;
    let mut solver = Solver::new(geo, meter, root.empty(geo))?;
    let (bit, score) = solver.best(root)?;
    Ok(Solution { cell: frame.cell(bit), score, steps: solver.steps() })
}

/// Every move that keeps the value of the position, row by row: any winning move when the side
/// to move wins (not only the fastest), any drawing move when it draws, every move when it
/// loses. Errors as [`best_move`].
pub fn optimal_moves(game: &Game) -> Result<Vec<Move>, Error> {
    optimal_moves_within(game, SOLVE_BUDGET)
}

/// Whether `player` wins `game` against any defence, whoever is to move, proved within
/// `budget`: the question a proof splits into (see [`solve_threads`]), for callers that share
/// it out themselves, as the Python binding's `solve` does over a Ray cluster. Proved by the
/// relevance-zone proofs on boards that fit the bitboard solver (where those run past 2^24
/// steps, by a proof-number search with the rest of the budget), else from [`solve`]'s score.
/// It reaches further than [`solve`], which must also find the length of a win: an empty
/// 4,9,4 is proved a first-player win within 2^28 steps.
/// `GameOver` for a finished game; `TooHard` as [`solve`].
///
/// ```
/// use tictactoe::{ai, Game, Player, Rules};
/// let mut game = Game::new(Rules::new(4, 4, 3)?)?;
/// game.play(1, 1)?;
/// assert!(ai::wins_within(&game, ai::Budget::nodes(1 << 20), Player::X)?); // 4,4,3 is X's
/// assert!(!ai::wins_within(&game, ai::Budget::nodes(1 << 20), Player::O)?);
/// # Ok::<(), tictactoe::Error>(())
/// ```
pub fn wins_within(game: &Game, budget: Budget, player: Player) -> Result<bool, Error> {
    wins_steps(game, budget, player).map(|(wins, _)| wins)
}

/// [`wins_within`], with the steps the proof took, counted as [`solve_steps`] counts them.
///
/// ```
/// use tictactoe::{ai, Game, Player, Rules};
/// let game = Game::new(Rules::new(4, 5, 4)?)?;
/// let (wins, steps) = ai::wins_steps(&game, ai::Budget::nodes(1 << 20), Player::X)?;
/// assert!(!wins && steps > 0 && steps <= 1 << 20); // 4,5,4 is a draw
/// # Ok::<(), tictactoe::Error>(())
/// ```
pub fn wins_steps(game: &Game, budget: Budget, player: Player) -> Result<(bool, u64), Error> {
    let mover = game.to_move().ok_or(Error::GameOver)?;
    let meter = meter(game, budget)?;
    if Width::of(game.rules()).is_none() {
        let Solution { score, steps, .. } = solve_metered(game, meter)?;
        return Ok((if player == mover { score > 0 } else { score < 0 }, steps));
    }
    wins_counted(game, meter, player == mover)
}

/// The player who wins `game` against any defence, `None` when neither does (a draw with
/// best play), proved within `budget`, which both questions share: whether the side to move
/// wins, then, when it does not, whether the other side does. The value without the length of
/// the win, as [`wins_within`] proves it, so it reaches as far: an empty 4,9,4 is a
/// first-player win within 2^28 steps, where [`solve`] would also need the fastest win.
/// `GameOver` for a finished game, `InvalidArgument` for an unlimited budget, `TooHard` when
/// the budget runs out first.
///
/// ```
/// use tictactoe::{ai, Game, Player, Rules};
/// let budget = ai::Budget::nodes(1 << 20);
/// let game = Game::new(Rules::new(4, 4, 3)?)?;
/// assert_eq!(ai::forced_winner_within(&game, budget)?, Some(Player::X));
/// let game = Game::new(Rules::new(3, 3, 3)?)?;
/// assert_eq!(ai::forced_winner_within(&game, budget)?, None); // tic-tac-toe is a draw
/// # Ok::<(), tictactoe::Error>(())
/// ```
pub fn forced_winner_within(game: &Game, budget: Budget) -> Result<Option<Player>, Error> {
    let started = Instant::now();
    let mover = game.to_move().ok_or(Error::GameOver)?;
    if budget.is_unlimited() {
        return Err(Error::InvalidArgument);
    }
    if Width::of(game.rules()).is_none() {
        let score = solve_metered(game, Meter::new(budget, started))?.score;
        return Ok((score != 0).then(|| if score > 0 { mover } else { mover.other() }));
    }
    let (wins, spent) = wins_counted(game, Meter::new(budget, started), true)?;
    if wins {
        return Ok(Some(mover));
    }
    let (loses, _) = wins_counted(game, Meter::new(budget.less_nodes(spent), started), false)?;
    Ok(loses.then(|| mover.other()))
}

/// The moves of `game` that a split proof asks about (see [`solve_threads`]): one per class of
/// moves that the position's symmetries map onto each other (the first cell of each class),
/// nearest the centre first. Every other legal move is the image of one of these under a
/// symmetry of the position, so it has the same value. On boards past the bitboard solver,
/// every legal move. `GameOver` for a finished game.
pub fn distinct_moves(game: &Game) -> Result<Vec<Move>, Error> {
    game.to_move().ok_or(Error::GameOver)?;
    let rules = game.rules();
    try_collect(parallel::distinct_cells(game)?.into_iter().map(|cell| rules.move_at(cell)))
}

/// A certificate of the value of `game` for the side to move: proof trees, in text, that a
/// checker verifies with the rules alone (the format is in docs/ai.md, "Certificates"). A win
/// or a loss is one tree, the winner's strategy against every defence, its moves picked by the
/// exact solver within [`SOLVE_NODES`] steps each. A draw is two, each side's strategy that
/// keeps the other from winning, written from the solver's relevance-zone proofs (the
/// attacker's moves outside a zone answered as the zone's proof says) within 4 x
/// [`SOLVE_NODES`] steps in all, ending at pairings and Erdős–Selfridge bounds that the checker
/// tests itself; 7,7,5's has about 2.4 million lines. At most `max_nodes` nodes (`TooHard`
/// past them). Deterministic. `GameOver` for a finished game, `InvalidArgument` for
/// `max_nodes` 0.
///
/// ```
/// use tictactoe::{ai, Game, Rules};
/// let game = Game::new(Rules::new(3, 3, 3)?)?;
/// let text = ai::certificate(&game, 100_000)?;
/// assert!(text.starts_with("certificate 2\nposition 3,3,3:.../.../...:X\nvalue draw\n"));
/// # Ok::<(), tictactoe::Error>(())
/// ```
pub fn certificate(game: &Game, max_nodes: u64) -> Result<String, Error> {
    game.to_move().ok_or(Error::GameOver)?;
    if max_nodes == 0 {
        return Err(Error::InvalidArgument);
    }
    certificate::certificate(game, SOLVE_BUDGET, max_nodes)
}

/// Whether a side wins `game` (a board that fits the bitboard solver) against any defence:
/// the side to move (`mover`), else the other side.
fn wins_metered(game: &Game, meter: Meter, mover: bool) -> Result<bool, Error> {
    wins_counted(game, meter, mover).map(|(wins, _)| wins)
}

/// [`wins_metered`], with the steps the proof took.
fn wins_counted(game: &Game, meter: Meter, mover: bool) -> Result<(bool, u64), Error> {
    match Width::of(game.rules()) {
        Some(Width::Narrow) => wins_on::<u64>(game, meter, mover),
        _ => wins_on::<u128>(game, meter, mover),
    }
}

/// [`wins_counted`] on bitboard words `W` (`TooHard` when the board does not fit them).
fn wins_on<W: Word>(game: &Game, meter: Meter, mover: bool) -> Result<(bool, u64), Error> {
    let (frame, root) = Root::<W>::of(game)?;
    let mut solver = Solver::new(&frame.geo, meter, root.empty(&frame.geo))?;
    let wins = solver.wins(root, mover)?;
    Ok((wins, solver.steps()))
}

/// [`optimal_moves`] under a caller's budget, as [`solve`]. Within twice the default budget's
/// steps ([`SOLVE_NODES`]) one solver answers (an empty 7,6,4 needs a little more than the
/// default budget); a proof that needs more goes on with one proof per class of moves that
/// the position's symmetries map onto each other, spread over every core and drawing on the
/// rest of the budget. The answer never depends on the number of cores; whether a proof near
/// the edge of a node budget fits may.
pub fn optimal_moves_within(game: &Game, budget: Budget) -> Result<Vec<Move>, Error> {
    let rules = game.rules();
    let cells = optimal_cells(game, budget)?;
    try_collect(cells.into_iter().map(|cell| rules.move_at(cell)))
}

/// [`optimal_moves_within`] as row-major cells, ascending.
pub(crate) fn optimal_cells(game: &Game, budget: Budget) -> Result<Vec<usize>, Error> {
    match optimal_set_within(game, budget)? {
        Optimal::These(cells) => Ok(cells),
        Optimal::EveryLegalMove => {
            let mut cells = try_with_capacity(game.legal_move_count())?;
            cells.extend(game.legal_cells());
            Ok(cells)
        }
    }
}

/// What [`optimal_moves`] lists, with "every legal move" left unlisted: that is the answer
/// in a proved draw on a big board, where listing a 2^26-cell board's cells would take
/// hundreds of megabytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Optimal {
    /// Every legal move keeps the value.
    EveryLegalMove,
    /// These cells, ascending.
    These(Vec<usize>),
}

/// [`optimal_moves_within`] as an [`Optimal`].
pub(crate) fn optimal_set_within(game: &Game, budget: Budget) -> Result<Optimal, Error> {
    let meter = meter(game, budget)?;
    match Width::of(game.rules()) {
        Some(Width::Narrow) => parallel::optimal_cells_threads(game, budget, 0).map(Optimal::These),
        _ if drawn::every_move_draws(game)? => Ok(Optimal::EveryLegalMove),
        Some(Width::Wide) => parallel::optimal_cells_threads(game, budget, 0).map(Optimal::These),
        None => endgame::optimal(game, meter).map(Optimal::These),
    }
}

/// The optimal moves of `game` (a board that fits the bitboard solver) by one solver, as
/// row-major cells, ascending.
fn optimal_metered(game: &Game, meter: Meter) -> Result<Vec<usize>, Error> {
    match Width::of(game.rules()) {
        Some(Width::Narrow) => optimal_on::<u64>(game, meter),
        _ => optimal_on::<u128>(game, meter),
    }
}

/// [`optimal_metered`] on bitboard words `W` (the board must fit them).
fn optimal_on<W: Word>(game: &Game, meter: Meter) -> Result<Vec<usize>, Error> {
    let (frame, root) = Root::<W>::of(game)?;
    let geo = &frame.geo;
    let bits = Solver::new(geo, meter, root.empty(geo))?.optimal(root)?;
    // Sorted after the mapping: a transposed frame lists bits in the solver's order.
    let mut cells = try_collect(bits.iter().map(|&b| frame.cell(b)))?;
    cells.sort_unstable();
    Ok(cells)
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

/// A strong move for the side to move of `game`, found within `budget`: always legal, an
/// immediate win when there is one, else a block of the opponent's immediate win when there is
/// one, else the best move an iterative-deepening search finds in the time or nodes given. The
/// same game, node budget and seed always give the same move. `GameOver` for a finished game.
pub fn search(game: &Game, budget: Budget, seed: u64) -> Result<Move, Error> {
    let cell = search::search(game, budget, seed)?;
    Ok(game.rules().move_at(cell))
}

/// A move for the side to move of `game` at `level`; always legal. The same game, level and
/// seed always give the same move: vary the seed (a game counter, say) for variety.
/// `GameOver` for a finished game.
pub fn ai_move(game: &Game, level: Level, seed: u64) -> Result<Move, Error> {
    let cell = level::ai_move(game, level, seed)?;
    Ok(game.rules().move_at(cell))
}
