//! A threat-search board kept between questions: the grid around a game's stones and the
//! table of what was proved, with stones placed and taken back by the caller (a tree search
//! asking about the positions it visits).

use std::time::Instant;

use super::grid::{Grid, FAR};
use super::prover::{Allowance, Prover, Stop};
use super::table::Table;
use super::{shortest, Threat};
use crate::error::Error;
use crate::fallible::try_filled;
use crate::game::Game;
use crate::rules::EMPTY;

/// The grid around the stones of a game (see `grid`), stones placed on it since, and a table
/// that keeps what was proved across questions (its entries are keyed by the position, the
/// attacker and the kind of search, so they hold in any position).
pub struct ThreatBoard {
    grid: Grid,
    table: Table,
    /// The board's columns (for row-major cells).
    cols: usize,
}

impl ThreatBoard {
    /// The board of `game`'s stones, with a table for searches of `nodes` nodes; `None` when
    /// the game has no stones, k < 2, or the grid would be too big for the threat search.
    pub fn new(game: &Game, nodes: u64) -> Result<Option<ThreatBoard>, Error> {
        if game.rules().k() < 2 {
            return Ok(None);
        }
        let Some(grid) = Grid::around(game)? else { return Ok(None) };
        let cols = game.rules().cols() as usize;
        Ok(Some(ThreatBoard { grid, table: Table::for_nodes(nodes)?, cols }))
    }

    /// The grid cell of a row-major board cell, if it is an empty cell the search may play.
    fn playable(&self, cell: usize) -> Option<usize> {
        let (row, col) = ((cell / self.cols) as u32, (cell % self.cols) as u32);
        self.grid.grid_cell(row, col).filter(|&g| self.grid.cell(g) == EMPTY)
    }

    /// Puts a stone of `stone` (1 or 2) on the row-major board cell `cell`: false, and nothing
    /// changed, when the cell is taken or outside the rectangle the search plays in (then
    /// the board no longer follows the game: take back the stones placed since it was made,
    /// or make a new one).
    pub fn place(&mut self, cell: usize, stone: u8) -> bool {
        match self.playable(cell) {
            Some(g) if (1..=2).contains(&stone) => {
                self.grid.place(g, stone);
                true
            }
            _ => false,
        }
    }

    /// Takes back the stone that `place` put on `cell` (nothing when there is none).
    pub fn remove(&mut self, cell: usize) {
        let (row, col) = ((cell / self.cols) as u32, (cell % self.cols) as u32);
        if let Some(g) = self.grid.grid_cell(row, col).filter(|&g| matches!(self.grid.cell(g), 1 | 2)) {
            self.grid.remove(g);
        }
    }

    /// The threat win `attacker` (1 or 2) would have if it were to move, and the cells where
    /// a stone of the other player may stop it, as [`super::opponent_threat`] gives them,
    /// with the nodes spent.
    pub fn threat(
        &mut self,
        attacker: u8,
        nodes: u64,
        deadline: Option<Instant>,
    ) -> Result<(Option<Threat>, u64), Error> {
        let allowance = Allowance { nodes, deadline };
        let (found, mut spent) = shortest(&mut self.grid, &mut self.table, attacker, allowance, false)?;
        let Some((win, fours_only)) = found else { return Ok((None, spent)) };
        let mut zone = try_filled(false, self.grid.len())?;
        let left = Allowance { nodes: nodes.saturating_sub(spent), deadline };
        let mut prover = Prover::new(&mut self.grid, attacker, !fours_only, left, &mut self.table);
        let walked = prover.root_zone(win.plies, &mut zone);
        spent += prover.nodes();
        match walked {
            Ok(Some(_)) => {}
            Ok(None) | Err(Stop::Spent) => return Ok((None, spent)),
            Err(Stop::OutOfMemory) => return Err(Error::OutOfMemory),
        }
        let mut defences = Vec::new();
        for cell in (0..zone.len()).filter(|&c| zone[c] && matches!(self.grid.cell(c), EMPTY | FAR)) {
            defences.try_reserve(1).map_err(|_| Error::OutOfMemory)?;
            defences.push(self.board_cell(cell));
        }
        defences.sort_unstable();
        let cell = self.board_cell(win.cell);
        Ok((Some(Threat { cell, plies: win.plies, fours_only, defences }), spent))
    }

    fn board_cell(&self, cell: usize) -> usize {
        let (row, col) = self.grid.board_row_col(cell);
        row as usize * self.cols + col as usize
    }
}
