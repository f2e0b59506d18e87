//! The root of the pattern search: the forced cases, the threat checks, then iterative
//! deepening over the root moves that survive them.

use std::time::Instant;

use super::{tt, Level, Searcher, MAX_PLY, WIN, WON};
use crate::ai::budget::Budget;
use crate::ai::pattern::Board;
use crate::ai::rng::Rng;
use crate::ai::search::{threat_move, Threats};
use crate::error::Error;
use crate::fallible::{try_collect, try_filled, try_with_capacity};
use crate::game::Game;

/// Root moves searched, best-rated first (all of them when the opponent's threat is answered).
const ROOT_BEAM: usize = 20;
/// Fours in a row that the checks for a win by fours follow.
const VCF_DEPTH: u32 = 20;
/// Below this node budget there are no threat checks: the budget is one ply's worth.
const CHECKED_NODES: u64 = 1000;
/// Under a time budget, the nodes of each check for a win by fours (the clock stops them too).
const VCF_NODES: u64 = 1000;

/// The move of the pattern search for the side to move of `game` (which `applies`), as a
/// row-major cell of the board, found within `budget` counted from `started`; `threats` says
/// how the threat search at the root is paid for. The board is not empty.
pub(crate) fn search(
    game: &Game,
    budget: Budget,
    threats: Threats,
    seed: u64,
    started: Instant,
) -> Result<usize, Error> {
    let me = game.to_move().ok_or(Error::GameOver)?.stone();
    let opp = 3 - me;
    let max_nodes = if budget.max_nodes == 0 { u64::MAX } else { budget.max_nodes };
    let board = Board::new(game)?;
    let cells = board.board_cells().last().map_or(0, |c| c + 1);
    let mut s = Searcher {
        board,
        nodes: 0,
        max_nodes,
        deadline: budget.max_time.and_then(|t| started.checked_add(t)),
        aborted: false,
        tt: tt::Table::for_nodes(if budget.max_nodes == 0 { tt::MAX_ENTRIES as u64 } else { max_nodes })?,
        killers: [[u16::MAX; 2]; MAX_PLY + 1],
        history: [try_filled(0, cells)?, try_filled(0, cells)?],
        lists: try_filled(Vec::new(), MAX_PLY + 1)?,
        vcf_lists: try_filled(Vec::new(), VCF_DEPTH as usize + 1)?,
        room: game.rules().cells(),
        out_of_memory: false,
        vcf_cut: false,
    };
    let to_board = |s: &Searcher, cell: usize| {
        let (r, c) = s.board.to_board(cell);
        r as usize * game.rules().cols() as usize + c as usize
    };
    if let Some(win) = s.cells_at(me, Level::Five).next() {
        return Ok(to_board(&s, win));
    }
    if let Some(block) = s.cells_at(opp, Level::Five).next() {
        return Ok(to_board(&s, block));
    }
    let checked = budget.max_nodes == 0 || budget.max_nodes >= CHECKED_NODES;
    if checked {
        let win = s.vcf(me, VCF_DEPTH, vcf_nodes(budget, 10));
        if s.out_of_memory {
            return Err(Error::OutOfMemory);
        }
        if let Some(win) = win {
            return Ok(to_board(&s, win));
        }
        let (win, spent) = threat_move(game, budget, threats, started, 5)?;
        if let Some(cell) = win {
            return Ok(cell);
        }
        s.nodes = s.nodes.saturating_add(spent);
    }
    let mut list = try_with_capacity(s.room)?;
    s.moves(me, ROOT_BEAM, &mut list);
    let mut rng = Rng::new(seed);
    // Ties fall to the seed.
    let mut keyed = try_collect(list.iter().map(|&(c, r)| (-r, rng.next_u64(), c)))?;
    keyed.sort_unstable();
    let mut moves = try_collect(keyed.into_iter().map(|(_, _, c)| c))?;
    if checked && moves.len() > 1 {
        let each = vcf_nodes(budget, 10 * moves.len() as u64);
        let mut safe = try_with_capacity(moves.len())?;
        for &m in &moves {
            if !s.loses_by_fours_after(m, me, each) {
                safe.push(m);
            }
        }
        if !safe.is_empty() {
            moves = safe;
        }
    }
    let Some(&first) = moves.first() else {
        // No stone has an empty cell near it: any empty cell.
        return game.legal_cells().next().ok_or(Error::GameOver);
    };
    if moves.len() == 1 {
        return Ok(to_board(&s, first));
    }
    let best = s.deepen(me, &mut moves);
    if s.out_of_memory {
        return Err(Error::OutOfMemory);
    }
    Ok(to_board(&s, best))
}

/// The nodes a check for a win by fours may take: a `share` of a node budget, or
/// `VCF_NODES` under a time budget.
fn vcf_nodes(budget: Budget, share: u64) -> u64 {
    match budget.max_nodes {
        0 => VCF_NODES,
        n => (n / share.max(1)).max(1),
    }
}

impl Searcher {
    /// Whether the opponent of `me` has a win by fours after `me` plays `cell`.
    fn loses_by_fours_after(&mut self, cell: usize, me: u8, nodes: u64) -> bool {
        self.board.make(cell, me);
        let loses = self.vcf(3 - me, VCF_DEPTH, nodes).is_some();
        self.board.unmake(cell);
        loses
    }

    /// Iterative deepening over `moves` (best first, at least two): the best move of the
    /// deepest iteration, or of the unfinished one where a move already beat the previous
    /// best.
    fn deepen(&mut self, me: u8, moves: &mut [usize]) -> usize {
        let opp = 3 - me;
        let mut best = moves[0];
        for depth in 1..MAX_PLY as i32 {
            let (mut alpha, mut found) = (-WIN - 1, None);
            for (i, &cell) in moves.iter().enumerate() {
                self.board.make(cell, me);
                let v = if self.spend() {
                    None
                } else if i == 0 {
                    let v = -self.negamax(opp, depth - 1, -WIN - 1, WIN + 1, 1);
                    (!self.aborted).then_some(v)
                } else {
                    let probe = -self.negamax(opp, depth - 1, -alpha - 1, -alpha, 1);
                    if self.aborted {
                        None
                    } else if probe > alpha {
                        let full = -self.negamax(opp, depth - 1, -WIN - 1, -alpha, 1);
                        // A move that beat the best stays the best even if its exact value
                        // was cut short.
                        Some(if self.aborted { alpha + 1 } else { full })
                    } else {
                        Some(probe)
                    }
                };
                self.board.unmake(cell);
                if let Some(v) = v.filter(|&v| v > alpha) {
                    (alpha, found) = (v, Some(cell));
                }
                if self.aborted {
                    break;
                }
            }
            if let Some(cell) = found {
                best = cell;
            }
            // Search the best move first next time; a proven result cannot improve.
            let at = moves.iter().position(|&m| m == best).unwrap_or(0);
            moves[..=at].rotate_right(1);
            if self.aborted || alpha.abs() > WON {
                break;
            }
        }
        best
    }
}
