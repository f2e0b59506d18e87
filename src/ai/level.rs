//! Difficulty levels for games: one call, a level and a seed, a move.

use super::rng::Rng;
use super::search::{search_with, Threats};
use super::tactics::winning_cell;
use super::Budget;
use crate::error::Error;
use crate::game::Game;
use crate::rules::EMPTY;

/// How strongly [`ai_move`](super::ai_move) plays, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random legal move.
    Random = 0,
    /// Takes a win in one move when there is one, else a random legal move.
    Easy = 1,
    /// One-ply greedy: wins, else blocks, else the cell that best builds its own lines and
    /// spoils the opponent's (the search's move ordering, no look-ahead).
    Medium = 2,
    /// A threat win found within 2,500 nodes of the threat search, else the budgeted search
    /// with 12,000 nodes: about 10 milliseconds a move on 15×15.
    Hard = 3,
    /// The exact solver when it proves the position within 2^20 nodes (then the move is
    /// game-theoretically best); otherwise a threat win found within 20,000 nodes, else the search
    /// with 20,000 nodes.
    Perfect = 4,
}

/// Search nodes of `Level::Hard`.
const HARD_NODES: u64 = 12_000;
/// Search nodes of `Level::Perfect` where the exact solver gives up.
const PERFECT_NODES: u64 = 20_000;
/// The nodes of the threat search that `Hard` and `Perfect` run before their tree search, on
/// top of its nodes: a threat win found is played.
const HARD_THREAT_NODES: u64 = 2_500;
const PERFECT_THREAT_NODES: u64 = 20_000;
/// Node budget of the exact solver at `Level::Perfect`, small enough to keep a move well
/// under a second where it fails.
const PERFECT_SOLVE_NODES: u64 = 1 << 20;

/// The level numbered `n` (0 for `Random` to 4 for `Perfect`, as in the C API), else
/// `InvalidArgument`.
impl TryFrom<u32> for Level {
    type Error = Error;

    fn try_from(n: u32) -> Result<Level, Error> {
        Ok(match n {
            0 => Level::Random,
            1 => Level::Easy,
            2 => Level::Medium,
            3 => Level::Hard,
            4 => Level::Perfect,
            _ => return Err(Error::InvalidArgument),
        })
    }
}

/// A move for the side to move of `game` at `level`, as a row-major cell. The same game, level
/// and seed always give the same move. `GameOver` for a finished game.
pub(crate) fn ai_move(game: &Game, level: Level, seed: u64) -> Result<usize, Error> {
    match level {
        Level::Random => random_empty(game, seed),
        Level::Easy => {
            let me = game.to_move().ok_or(Error::GameOver)?;
            // A win in one needs k - 1 of the mover's stones on the board, and the mover has
            // placed half of them (rounded down): early on a big board there is nothing to scan.
            let may_win = game.move_count() / 2 + 1 >= game.rules().k() as usize;
            let win = if may_win { winning_cell(game, me.stone()) } else { None };
            win.map_or_else(|| random_empty(game, seed), Ok)
        }
        Level::Medium => search_with(game, Budget::nodes(1), Threats::Share, seed),
        Level::Hard => search_with(game, Budget::nodes(HARD_NODES), Threats::Extra(HARD_THREAT_NODES), seed),
        Level::Perfect => match super::solve_cell(game, Budget::nodes(PERFECT_SOLVE_NODES)) {
            Ok(best) => Ok(best.cell),
            Err(Error::TooHard | Error::OutOfMemory) => {
                search_with(game, Budget::nodes(PERFECT_NODES), Threats::Extra(PERFECT_THREAT_NODES), seed)
            }
            Err(e) => Err(e),
        },
    }
}

/// A uniformly random empty cell. Random cells are tried first: a few reads where the board
/// has room, where counting through a 4096 × 4096 board would take a good part of a second.
/// After 64 misses (a nearly full board), the n-th empty cell in row-major order. Each way
/// picks uniformly among the empty cells, so the two together do too.
pub(super) fn random_empty(game: &Game, seed: u64) -> Result<usize, Error> {
    game.to_move().ok_or(Error::GameOver)?;
    let (cells, mut rng) = (game.board().cells(), Rng::new(seed));
    let size = game.rules().cells();
    for _ in 0..64 {
        let cell = rng.below(size);
        if cells.get(cell) == EMPTY {
            return Ok(cell);
        }
    }
    game.legal_cells().nth(rng.below(size - game.move_count())).ok_or(Error::GameOver)
}
