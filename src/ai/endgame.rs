//! Exact play on boards too big for the bitboard solver, once few cells are left: a plain
//! negamax with alpha-beta over the game itself (its moves and undo), so that a nearly full
//! 8 × 8 or 4096 × 4096 board is solved instead of refused. Past [`MAX_EMPTY`] empty cells,
//! or past the node budget, the answer stays `TooHard`.

use super::Scored;
use crate::error::Error;
use crate::game::{Game, Outcome};
use crate::rules::{Player, EMPTY};

/// The most empty cells this search takes on. Measured on late positions of 8,8,6, 10,7,5
/// and 1,100,5: 10 empty cells take at most 8 ms, 12 at most 0.45 s, 14 up to 1.2 s and
/// sometimes the whole node budget; past 12 the budget would often run out after a second
/// of work, so such positions are refused at once.
pub const MAX_EMPTY: usize = 12;

/// A win with the first move from the root scores `TOP - 1`, a win in N plies `TOP - N`.
const TOP: i32 = 1 << 20;

/// The side to move's moves as (cell, search value), in ascending cell order. With
/// `full_window` every value is exact; else the first move holding the best value is exact
/// and the others may be reported lower than they are (never higher). `GameOver`; `TooHard`
/// past `MAX_EMPTY` empty cells or `max_nodes` nodes.
fn root_moves(game: &Game, max_nodes: u64, full_window: bool) -> Result<Vec<(usize, i32)>, Error> {
    let mover = game.to_move().ok_or(Error::GameOver)?;
    let empty = game.rules().cells() - game.move_count();
    if empty > MAX_EMPTY {
        return Err(Error::TooHard);
    }
    let mut cells = Vec::new();
    cells.try_reserve_exact(empty)?;
    cells.extend(game.board().cells().iter().enumerate().filter(|&(_, c)| c == EMPTY).map(|(i, _)| i));
    let mut search = Search { game: game.try_clone()?, cells, used: 0, nodes: 0, max_nodes };
    let mut out = Vec::new();
    out.try_reserve_exact(empty)?;
    let mut alpha = -TOP;
    for i in 0..empty {
        let v = search.value_of(i, mover, 1, if full_window { -TOP } else { alpha }, TOP)?;
        alpha = alpha.max(v);
        out.push((search.cells[i], v));
    }
    Ok(out)
}

/// The best move: the fastest win, else a draw, else the slowest loss (the lowest such cell).
pub fn best(game: &Game, max_nodes: u64) -> Result<Scored, Error> {
    let moves = root_moves(game, max_nodes, false)?;
    let top = moves.iter().map(|&(_, v)| v).max().ok_or(Error::GameOver)?;
    let &(cell, v) = moves.iter().find(|&&(_, v)| v == top).ok_or(Error::GameOver)?;
    Ok(Scored { cell, score: score(v) })
}

/// The cells of every move that keeps the position's value (see `ai::optimal_moves`).
pub fn optimal(game: &Game, max_nodes: u64) -> Result<Vec<usize>, Error> {
    let moves = root_moves(game, max_nodes, true)?;
    let value = moves.iter().map(|&(_, v)| v.signum()).max().ok_or(Error::GameOver)?;
    let mut cells = Vec::new();
    cells.try_reserve_exact(moves.len())?;
    cells.extend(moves.iter().filter(|&&(_, v)| value < 0 || v.signum() == value).map(|&(c, _)| c));
    Ok(cells)
}

/// `Scored::score` of a search value: +N for a win N plies from now, -N for a loss.
fn score(v: i32) -> i32 {
    match v {
        0 => 0,
        v if v > 0 => TOP - v,
        v => -(TOP + v),
    }
}

struct Search {
    game: Game,
    /// The cells that were empty at the root; bit i of `used` is set while `cells[i]` holds a
    /// stone of the search.
    cells: Vec<usize>,
    used: u32,
    nodes: u64,
    max_nodes: u64,
}

impl Search {
    /// The value for `mover` of playing `cells[i]` as the move of ply `ply` (root moves are ply
    /// 1): `TOP - ply` when it wins at once, 0 for a draw, else minus the reply's value.
    fn value_of(&mut self, i: usize, mover: Player, ply: i32, alpha: i32, beta: i32) -> Result<i32, Error> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(Error::TooHard);
        }
        let (row, col) = self.game.rules().row_col(self.cells[i]);
        let outcome = self.game.move_as(row, col, mover)?;
        self.used |= 1 << i;
        let v = match outcome {
            Outcome::Won(_) => Ok(TOP - ply),
            Outcome::Draw => Ok(0),
            Outcome::Pending => self.negamax(mover.other(), ply + 1, -beta, -alpha).map(|v| -v),
        };
        self.used &= !(1 << i);
        self.game.undo()?;
        v
    }

    /// The value for `mover` of the position, within (alpha, beta).
    fn negamax(&mut self, mover: Player, ply: i32, mut alpha: i32, beta: i32) -> Result<i32, Error> {
        let mut best = -TOP;
        for i in 0..self.cells.len() {
            if self.used & 1 << i != 0 {
                continue;
            }
            let v = self.value_of(i, mover, ply, alpha, beta)?;
            best = best.max(v);
            alpha = alpha.max(v);
            // A win now is the best this position can give.
            if alpha >= beta || v == TOP - ply {
                break;
            }
        }
        Ok(best)
    }
}
