//! Difficulty levels for games: one call, a level and a seed, a move.

use super::rng::Rng;
use super::search::{search, Budget};
use crate::error::Error;
use crate::game::Game;
use crate::rules::{Dir, EMPTY};

/// How strongly [`ai_move`] plays, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random legal move.
    Random = 0,
    /// Takes a win in one move when there is one, else a random legal move.
    Easy = 1,
    /// One-ply greedy: wins, else blocks, else the cell that best builds its own lines and
    /// spoils the opponent's (the search's move ordering, no look-ahead).
    Medium = 2,
    /// The budgeted search with `HARD_NODES` nodes (about 4 ms mid-game on 15×15).
    Hard = 3,
    /// The exact solver when it proves the position within `PERFECT_SOLVE_NODES` nodes (then
    /// the move is game-theoretically best); otherwise the search with `PERFECT_NODES`.
    Perfect = 4,
}

/// Search nodes of `Level::Hard`.
const HARD_NODES: u64 = 2_000;
/// Search nodes of `Level::Perfect` where the exact solver gives up.
const PERFECT_NODES: u64 = 20_000;
/// Node budget of the exact solver at `Level::Perfect`, small enough to keep a move well
/// under a second where it fails.
const PERFECT_SOLVE_NODES: u64 = 1 << 20;

impl Level {
    /// The level numbered `n` (0 ..= 4), else `InvalidArgument`.
    pub fn from_number(n: u32) -> Result<Level, Error> {
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
pub fn ai_move(game: &Game, level: Level, seed: u64) -> Result<usize, Error> {
    let nodes = |max_nodes| Budget { max_nodes, max_time: None };
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
        Level::Medium => search(game, nodes(1), seed),
        Level::Hard => search(game, nodes(HARD_NODES), seed),
        Level::Perfect => match super::solve(game, PERFECT_SOLVE_NODES) {
            Ok(best) => Ok(best.cell),
            Err(Error::TooHard | Error::OutOfMemory) => search(game, nodes(PERFECT_NODES), seed),
            Err(e) => Err(e),
        },
    }
}

/// A uniformly random empty cell. Random cells are tried first: a few reads where the board
/// has room, where counting through a 4096 × 4096 board would take a good part of a second.
/// After 64 misses (a nearly full board), the n-th empty cell in row-major order. Each way
/// picks uniformly among the empty cells, so the two together do too.
fn random_empty(game: &Game, seed: u64) -> Result<usize, Error> {
    game.to_move().ok_or(Error::GameOver)?;
    let (cells, mut rng) = (game.board().cells(), Rng::new(seed));
    let size = game.rules().cells();
    for _ in 0..64 {
        let cell = rng.below(size);
        if cells.get(cell) == EMPTY {
            return Ok(cell);
        }
    }
    game.legal_moves().nth(rng.below(size - game.move_count())).ok_or(Error::GameOver)
}

/// The lowest empty cell where a stone of `stone` completes k in a row, if any. Only the
/// cells next to `stone`'s stones are tried (for k >= 2 a completing cell touches a stone of
/// its line): on a 4096 × 4096 board with a few thousand stones, trying every empty cell
/// took 0.7 s.
fn winning_cell(game: &Game, stone: u8) -> Option<usize> {
    let rules = game.rules();
    if rules.k() == 1 {
        return game.legal_moves().next();
    }
    let cells = game.board().cells();
    let mut best: Option<usize> = None;
    game.for_each_stone(|cell| {
        if cells.get(cell) == stone {
            let Ok(()) = rules.for_each_near(cell, 1, |n| {
                if best.is_none_or(|b| n < b) && cells.get(n) == EMPTY && completes_line(game, n, stone) {
                    best = Some(n);
                }
                Ok::<(), std::convert::Infallible>(())
            });
        }
    });
    best
}

/// Would a stone of `stone` on empty `cell` complete k in a row?
fn completes_line(game: &Game, cell: usize, stone: u8) -> bool {
    let rules = game.rules();
    let k = rules.k();
    Dir::ALL
        .into_iter()
        .any(|d| rules.span(d) >= k && rules.run(game.board().cells(), cell, d, stone, k - 1).1 >= k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// Trying the cells next to the mover's stones finds the same winning cell as trying every
    /// empty cell, on played and loaded games of many shapes (k = 1 and 2 included), for both
    /// players, whether or not a win exists.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, thousands of positions
    fn winning_cell_is_the_first_empty_cell_that_wins() {
        let mut rng = Rng::new(3);
        let mut found = 0;
        for (rows, cols, k) in [(3, 3, 3), (5, 7, 4), (1, 12, 3), (12, 1, 2), (6, 6, 1), (9, 9, 5), (4, 4, 4)]
        {
            let rules = Rules::new(rows, cols, k).unwrap();
            for _ in 0..200 {
                let mut game = Game::new(rules).unwrap();
                let moves = rng.below(rules.cells());
                while game.move_count() < moves && game.to_move().is_some() {
                    let cell = random_empty(&game, rng.next_u64()).unwrap();
                    let (r, c) = rules.row_col(cell);
                    game.play(r, c).unwrap();
                }
                if game.to_move().is_none() {
                    game.undo().unwrap();
                }
                let loaded = Game::from_text(game.to_text().as_bytes()).unwrap();
                for stone in [1, 2] {
                    let want = game.legal_moves().find(|&c| completes_line(&game, c, stone));
                    found += usize::from(want.is_some());
                    assert_eq!(winning_cell(&game, stone), want, "{} for {stone}", game.to_text());
                    assert_eq!(winning_cell(&loaded, stone), want, "loaded {}", game.to_text());
                }
            }
        }
        assert!(found > 300, "too few positions with a win to take: {found}");
    }
}
