//! Threat-space search (after Allis): a forced win by a sequence of threats, each of which the
//! defender must answer, proved against every answer.
//!
//! For a player, a "four" is k − 1 of its stones in a k-window whose last cell is empty (one
//! more stone wins there); a "three" is a move after which one more stone makes two fours at
//! once (an open four, or fours on two lines). A VCF (victory by continuous fours) wins with
//! fours alone: each four leaves the defender one cell. A VCT (victory by continuous threats)
//! also plays threes, which the defender may answer on any cell that stops the double four,
//! or with a four of its own that the attacker must block first. The search proves the win
//! against all of those answers and against every four the defender makes on the way.
//!
//! [`threat_win`] deepens a depth-first search (`prover`) to report the shortest win; the
//! search's own call ([`winning_move`]) looks for any VCT with a proof-number search (`pns`)
//! over the same threats and defences.
//!
//! The search looks within the stones' box widened by 2k on each side; beyond a budget of
//! nodes, or beyond that box, it finds nothing, which proves nothing: "no threat win found"
//! is not "no win".

mod board;
mod grid;
mod pns;
mod prover;
mod slots;
mod table;
mod zone;

use std::time::Instant;

use crate::error::Error;
use crate::game::Game;
use grid::Grid;
use prover::{Allowance, Prover, Stop, Win};

use table::Table;

pub use board::ThreatBoard;

/// Longest VCF tried, in plies.
const MAX_VCF_PLIES: u32 = 41;
/// Longest VCT tried, in plies.
const MAX_VCT_PLIES: u32 = 25;

/// A forced win found by [`threat_win`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ThreatWin {
    /// The first move of the win.
    pub row: u32,
    /// The first move's column.
    pub col: u32,
    /// The plies until the winning stone, this move counting as 1, against the defender's
    /// longest defence: 1 is a win in one, 3 a four the defender cannot stop, and so on.
    pub plies: u32,
    /// Whether the win takes fours only (a VCF); else it plays threes too (a VCT).
    pub fours_only: bool,
}

/// A forced win for the side to move by threats, found within `max_nodes` nodes, if any: the
/// shortest VCF up to 41 plies, or a shorter VCT up to 25 plies. The same game and budget
/// always give the same answer. `Ok(None)` when none was found, which does not mean that the
/// side to move cannot win. `GameOver` for a finished game, `InvalidArgument` for a budget of 0.
///
/// The length: with `fours_only`, `plies` is the length of the shortest VCF (no VCT shorter
/// was found within the budget, which proves none); without, it is the length of the shortest
/// VCT, and every VCF is longer. Either way the win holds against every reply.
///
/// ```
/// use tictactoe::{ai, Game, Rules};
/// let mut game = Game::new(Rules::new(15, 15, 5)?)?;
/// for (r, c) in [(7, 5), (0, 0), (7, 6), (0, 2), (7, 7), (0, 4)] {
///     game.play(r, c)?; // X builds an open three; O plays far away
/// }
/// let win = ai::threat_win(&game, 10_000)?.expect("an open three wins");
/// assert_eq!(win.plies, 3); // an open four, one end blocked, five at the other
/// assert_eq!((win.row, win.col, win.fours_only), (7, 4, true));
/// # Ok::<(), tictactoe::Error>(())
/// ```
pub fn threat_win(game: &Game, max_nodes: u64) -> Result<Option<ThreatWin>, Error> {
    Ok(threat_win_nodes(game, max_nodes)?.0)
}

/// [`threat_win`] and the nodes it searched.
pub fn threat_win_nodes(game: &Game, max_nodes: u64) -> Result<(Option<ThreatWin>, u64), Error> {
    let attacker = game.to_move().ok_or(Error::GameOver)?.stone();
    if max_nodes == 0 {
        return Err(Error::InvalidArgument);
    }
    if let Some(cell) = any_move_wins(game) {
        let (row, col) = game.rules().row_col(cell);
        return Ok((Some(ThreatWin { row, col, plies: 1, fours_only: true }), 0));
    }
    let Some(mut grid) = Grid::around(game)? else { return Ok((None, 0)) };
    let mut table = Table::for_nodes(max_nodes)?;
    let (found, spent) =
        shortest(&mut grid, &mut table, attacker, Allowance { nodes: max_nodes, deadline: None }, true)?;
    let win = found.map(|(Win { cell, plies }, fours_only)| {
        let (row, col) = grid.board_row_col(cell);
        ThreatWin { row, col, plies, fours_only }
    });
    Ok((win, spent))
}

/// The first move of a threat win for the side to move of `game`, as a row-major cell of the
/// board, found within `nodes` nodes and by `deadline`, and the nodes spent: what the budgeted
/// search plays before it searches. The shortest VCF first (the prover, with at most half the
/// nodes), else a VCT of at most 25 plies by the proof-number search (`pns`), which settles
/// a position in fewer nodes than the prover's deepening, with or without a win, and finds
/// wins the prover misses within the same budget; it does not look for the shortest.
pub fn winning_move(
    game: &Game,
    nodes: u64,
    deadline: Option<Instant>,
) -> Result<(Option<usize>, u64), Error> {
    let attacker = game.to_move().ok_or(Error::GameOver)?.stone();
    if let Some(cell) = any_move_wins(game) {
        return Ok((Some(cell), 0));
    }
    let Some(mut grid) = Grid::around(game)? else { return Ok((None, 0)) };
    let mut table = Table::for_nodes(nodes)?;
    let cols = game.rules().cols() as usize;
    let to_board = |grid: &Grid, cell: usize| {
        let (row, col) = grid.board_row_col(cell);
        row as usize * cols + col as usize
    };
    let vcf = Allowance { nodes: nodes / 2 + 1, deadline };
    let mut prover = Prover::new(&mut grid, attacker, false, vcf, &mut table);
    let found = match prover.deepen(MAX_VCF_PLIES) {
        Ok(found) => found,
        Err(Stop::Spent) => None,
        Err(Stop::OutOfMemory) => return Err(Error::OutOfMemory),
    };
    let mut spent = prover.nodes();
    if let Some(win) = found {
        return Ok((Some(to_board(&grid, win.cell)), spent));
    }
    let (found, more) = pns_win(&mut grid, attacker, nodes.saturating_sub(spent), deadline)?;
    spent += more;
    Ok((found.map(|cell| to_board(&grid, cell)), spent))
}

/// A threat win of the side not to move, and the cells that may stop it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threat {
    /// The win's first move, as if the side not to move were to move, as a row-major cell of
    /// the board.
    pub cell: usize,
    /// The plies of the win, its first move counting as 1.
    pub plies: u32,
    /// Whether the win takes fours only (a VCF); else it plays threes too (a VCT).
    pub fours_only: bool,
    /// Every empty cell where a stone of the side to move might stop the win (row-major,
    /// ascending): the cells of the winning lines and of every defence the proof met, and
    /// every cell where the side to move makes a four or a five. After a move on any other
    /// empty cell, the side that moved next has a threat win of at most `plies` plies, the
    /// same one.
    pub defences: Vec<usize>,
}

/// The threat win that the side not to move of `game` would have if it were to move, found
/// within `nodes` nodes and by `deadline` (a VCF, else a VCT: the first found, not the
/// shortest), with the cells that may defend against it (see [`Threat`]), and the nodes
/// spent. `None` when no win was proved within the allowance: that proves nothing. A move
/// outside `defences` loses: the same proof wins after it, since the proof reads no cell
/// outside them (`zone`). With k = 1 or on an empty board there is none. For many questions
/// about positions a few moves apart, [`ThreatBoard`] keeps its grid and table between them.
pub fn opponent_threat(
    game: &Game,
    nodes: u64,
    deadline: Option<Instant>,
) -> Result<(Option<Threat>, u64), Error> {
    let attacker = game.to_move().ok_or(Error::GameOver)?.other().stone();
    match ThreatBoard::new(game, nodes)? {
        Some(mut board) => board.threat(attacker, nodes, deadline),
        None => Ok((None, 0)),
    }
}

/// The first move of a threat win (a VCT of at most 25 plies, fours and threes) of the side
/// to move of `game`, found by the proof-number search within `max_nodes` nodes, and the
/// nodes spent. `Ok(None)` when none was found, which proves nothing.
pub fn threat_win_pns(game: &Game, max_nodes: u64) -> Result<(Option<usize>, u64), Error> {
    let attacker = game.to_move().ok_or(Error::GameOver)?.stone();
    if let Some(cell) = any_move_wins(game) {
        return Ok((Some(cell), 0));
    }
    let Some(mut grid) = Grid::around(game)? else { return Ok((None, 0)) };
    let cols = game.rules().cols() as usize;
    let (found, spent) = pns_win(&mut grid, attacker, max_nodes, None)?;
    Ok((
        found.map(|cell| {
            let (row, col) = grid.board_row_col(cell);
            row as usize * cols + col as usize
        }),
        spent,
    ))
}

/// The proof-number search for a VCT of `attacker` (taken to be to move) on `grid`: the
/// win's first move as a grid cell, and the nodes spent.
fn pns_win(
    grid: &mut Grid,
    attacker: u8,
    max_nodes: u64,
    deadline: Option<Instant>,
) -> Result<(Option<usize>, u64), Error> {
    let mut table = Table::for_nodes(1)?;
    let allowance = Allowance { nodes: u64::MAX, deadline: None };
    let mut prover = Prover::new(grid, attacker, true, allowance, &mut table);
    let mut pns = pns::Pns::new(&mut prover, max_nodes, deadline, MAX_VCT_PLIES)?;
    let found = match pns.prove() {
        Ok(found) => found,
        Err(Stop::Spent) => None,
        Err(Stop::OutOfMemory) => return Err(Error::OutOfMemory),
    };
    Ok((found, pns.nodes()))
}

/// With k = 1 every move wins, stones or none (the grid is built around stones): the first
/// empty cell.
fn any_move_wins(game: &Game) -> Option<usize> {
    (game.rules().k() == 1).then(|| game.legal_cells().next()).flatten()
}

/// The shortest threat win of `attacker` (taken to be to move) on `grid`, and whether it takes
/// fours only, with the nodes spent: the VCF first, with at most half the allowance, then a
/// shorter VCT with the rest (unless `!shorter` and a VCF was found). `OutOfMemory` when a
/// list of the search could not grow.
fn shortest(
    grid: &mut Grid,
    table: &mut Table,
    attacker: u8,
    allowance: Allowance,
    shorter: bool,
) -> Result<(Option<(Win, bool)>, u64), Error> {
    let mut spent = 0;
    let mut best: Option<(Win, bool)> = None;
    for (threes, max_plies, share) in
        [(false, MAX_VCF_PLIES, allowance.nodes / 2 + 1), (true, MAX_VCT_PLIES, allowance.nodes)]
    {
        if best.is_some() && !shorter {
            break;
        }
        let limit = best.map_or(max_plies, |(win, _)| max_plies.min(win.plies.saturating_sub(2)));
        let nodes = share.saturating_sub(spent);
        let mut prover = Prover::new(grid, attacker, threes, Allowance { nodes, ..allowance }, table);
        let found = match prover.deepen(limit) {
            Ok(found) => found,
            Err(Stop::Spent) => None,
            Err(Stop::OutOfMemory) => return Err(Error::OutOfMemory),
        };
        spent += prover.nodes();
        if let Some(win) = found {
            best = Some((win, !threes));
        }
    }
    Ok((best, spent))
}
