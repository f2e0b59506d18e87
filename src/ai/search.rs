//! Budgeted heuristic search for boards too big to solve: iterative-deepening alpha-beta over
//! the cells near the stones, a few of the most promising moves per node, and an evaluation
//! that scores every k-window still open to one player.
//!
//! Every k-window (k cells in a line) that holds stones of only one player is worth
//! `weight(stones)` to that player; the evaluation is the mover's total minus the opponent's.
//! It changes only in the windows through the cell played, so each move is scored in O(k) per
//! direction, and the same numbers order the moves: a cell's "attack" is what the mover gains
//! by playing it, its "defence" what the opponent would gain there. Immediate wins are taken
//! and immediate losses blocked at every node, which makes forcing sequences cheap to read.
//!
//! Deterministic: the same position, seed and node budget give the same move on every run
//! (the seed only breaks ties among root moves). A time budget stops wherever the clock says,
//! so it is not reproducible.

use std::time::{Duration, Instant};

use super::rng::Rng;
use crate::error::Error;
use crate::game::Game;
use crate::rules::{Dir, Rules};

/// How long [`search`] may think. At least one limit must be set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Search nodes; 0 = no node limit. The deterministic limit.
    pub max_nodes: u64,
    /// Wall-clock limit; `None` = no time limit.
    pub max_time: Option<Duration>,
}

/// Value of a win now; a win found `p` plies deeper is worth `WIN - p`, so faster is better.
const WIN: i64 = 1 << 40;
/// Moves searched per node, most promising first (all forced moves are always searched).
const BEAM: usize = 10;
/// Root moves are the empty cells within this many steps (in any direction) of a stone...
const ROOT_RADIUS: i64 = 2;
/// ... and moves deeper in the tree those next to a stone, which still include every cell
/// that completes or blocks a line (such a cell touches a stone of its line, for k >= 2).
const TREE_RADIUS: i64 = 1;
/// Deepest iteration tried; deeper is pointless with this beam and budget.
const MAX_DEPTH: u32 = 24;

/// A move of `search`'s choice for the side to move of `game`: always legal, an immediate win
/// when there is one, else a block of the opponent's immediate win when there is one.
/// `GameOver` for a finished game, `InvalidArgument` when `budget` sets no limit.
pub fn search(game: &Game, budget: Budget, seed: u64) -> Result<usize, Error> {
    let mover = game.to_move().ok_or(Error::GameOver)?.stone();
    if budget.max_nodes == 0 && budget.max_time.is_none() {
        return Err(Error::InvalidArgument);
    }
    let mut s = Searcher::new(game, budget)?;
    let root = s.candidates(game, ROOT_RADIUS)?;
    let tree = s.candidates(game, TREE_RADIUS)?;
    s.root(mover, &root, tree, &mut Rng::new(seed))
}

/// What one empty cell is worth to the side about to move.
#[derive(Clone, Copy, Debug, Default)]
struct Candidate {
    cell: usize,
    /// Evaluation gained by the mover playing here.
    attack: i64,
    /// Evaluation the opponent would gain playing here.
    defence: i64,
    /// The mover completes a line here.
    wins: bool,
    /// The opponent would complete a line here.
    loses: bool,
}

struct Searcher {
    rules: Rules,
    cells: Vec<u8>,
    /// weight[c]: worth of a window holding c stones of one player and no others.
    weight: Vec<i64>,
    nodes: u64,
    budget: Budget,
    deadline: Option<Instant>,
    aborted: bool,
}

impl Searcher {
    fn new(game: &Game, budget: Budget) -> Result<Searcher, Error> {
        let rules = game.rules();
        let k = rules.k() as usize;
        let mut cells = Vec::new();
        cells.try_reserve_exact(rules.cells())?;
        cells.extend(game.board().cells().iter());
        let mut weight = Vec::new();
        weight.try_reserve_exact(k + 1)?;
        // A window one stone short of k is worth 8^4, two short 8^3, ...: each stone closer
        // to a line is worth far more than many windows one step further off.
        weight
            .extend((0..=k).map(|c| if c == 0 { 0 } else { 8i64.pow(4u32.saturating_sub((k - c) as u32)) }));
        let deadline = budget.max_time.and_then(|t| Instant::now().checked_add(t));
        Ok(Searcher { rules, cells, weight, nodes: 0, budget, deadline, aborted: false })
    }

    /// Empty cells within `radius` of a stone; the centre on an empty board; every empty cell
    /// when none is near a stone.
    fn candidates(&self, game: &Game, radius: i64) -> Result<Vec<usize>, Error> {
        let mut out = Vec::new();
        if game.move_count() == 0 {
            let (r, c) = (self.rules.rows() / 2, self.rules.cols() / 2);
            out.push(self.rules.index(r, c)?);
            return Ok(out);
        }
        for (cell, &stone) in self.cells.iter().enumerate() {
            if stone != 0 {
                self.add_neighbours(cell, radius, &mut out)?;
            }
        }
        if out.is_empty() {
            out.try_reserve(self.cells.len())?;
            out.extend(game.legal_moves());
        }
        Ok(out)
    }

    /// Adds the empty cells within `radius` of `cell` to the sorted set `out`.
    fn add_neighbours(&self, cell: usize, radius: i64, out: &mut Vec<usize>) -> Result<(), Error> {
        let (row, col) = self.rules.row_col(cell);
        let (rows, cols) = (i64::from(self.rules.rows()), i64::from(self.rules.cols()));
        for dr in -radius..=radius {
            for dc in -radius..=radius {
                let (r, c) = (i64::from(row) + dr, i64::from(col) + dc);
                if r < 0 || c < 0 || r >= rows || c >= cols {
                    continue;
                }
                let n = (r * cols + c) as usize;
                if self.cells[n] == 0 {
                    if let Err(at) = out.binary_search(&n) {
                        out.try_reserve(1)?;
                        out.insert(at, n);
                    }
                }
            }
        }
        Ok(())
    }

    /// Scores `cell` (empty) for `me` by walking the k-windows through it in each direction.
    fn score(&self, cell: usize, me: u8) -> Candidate {
        let rules = self.rules;
        let k = i64::from(rules.k());
        let (row, col) = rules.row_col(cell);
        let (rows, cols) = (i64::from(rules.rows()), i64::from(rules.cols()));
        let mut out = Candidate { cell, ..Candidate::default() };
        for dir in Dir::ALL {
            if rules.span(dir) < rules.k() {
                continue;
            }
            let (dr, dc) = dir.step();
            let inside = |i: i64| {
                let (r, c) = (i64::from(row) + i * dr, i64::from(col) + i * dc);
                r >= 0 && c >= 0 && r < rows && c < cols
            };
            let stone = |i: i64| {
                let (r, c) = (i64::from(row) + i * dr, i64::from(col) + i * dc);
                self.cells[(r * cols + c) as usize]
            };
            let back = (1..k).take_while(|&i| inside(-i)).count() as i64;
            let fwd = (1..k).take_while(|&i| inside(i)).count() as i64;
            if back + fwd + 1 < k {
                continue;
            }
            // Counts of (mine, theirs) in the window [start, start + k), sliding forward.
            let count = |i: i64, n: &mut [i64; 3], delta: i64| n[stone(i) as usize] += delta;
            let mut n = [0i64; 3];
            let first = -back;
            for i in first..first + k {
                count(i, &mut n, 1);
            }
            for start in first..=fwd - k + 1 {
                if start > first {
                    count(start - 1, &mut n, -1);
                    count(start + k - 1, &mut n, 1);
                }
                let (mine, theirs) = (n[me as usize], n[3 - me as usize]);
                out.wins |= theirs == 0 && mine == k - 1;
                out.loses |= mine == 0 && theirs == k - 1;
                let w = |c: i64| self.weight[c as usize];
                if theirs == 0 {
                    out.attack += w(mine + 1) - w(mine);
                    out.defence += w(mine);
                }
                if mine == 0 {
                    out.defence += w(theirs + 1) - w(theirs);
                    out.attack += w(theirs);
                }
            }
        }
        out
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        let out_of_nodes = self.budget.max_nodes != 0 && self.nodes > self.budget.max_nodes;
        let out_of_time =
            self.nodes.is_multiple_of(256) && self.deadline.is_some_and(|d| Instant::now() >= d);
        self.aborted |= out_of_nodes || out_of_time;
        self.aborted
    }

    /// Scores the candidates for `me`. Returns the moves to search (best first; only the
    /// winning move, or only blocks, when those exist) and whether the mover wins at once
    /// or loses next move whatever it does.
    fn expand(&self, cands: &[usize], me: u8, mut rng: Option<&mut Rng>) -> Result<Expansion, Error> {
        let mut scored = Vec::new();
        scored.try_reserve_exact(cands.len())?;
        scored.extend(cands.iter().filter(|&&c| self.cells[c] == 0).map(|&c| self.score(c, me)));
        if let Some(win) = scored.iter().find(|s| s.wins) {
            return Ok(Expansion::Wins(win.cell));
        }
        let blocks = scored.iter().filter(|s| s.loses).count();
        if blocks > 0 {
            scored.retain(|s| s.loses);
        }
        // Ties among root moves fall to the seed; elsewhere to the cell order.
        let mut keyed = Vec::new();
        keyed.try_reserve_exact(scored.len())?;
        keyed.extend(
            scored
                .into_iter()
                .map(|s| (-(s.attack + s.defence), rng.as_mut().map_or(0, |r| r.next_u64()), s)),
        );
        keyed.sort_unstable_by_key(|&(value, noise, s)| (value, noise, s.cell));
        let moves = keyed.into_iter().map(|(_, _, s)| s).collect();
        Ok(Expansion::Moves { moves, doomed: blocks > 1 })
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        cands: &[usize],
        me: u8,
        depth: u32,
        ply: i64,
        eval: i64,
        mut alpha: i64,
        beta: i64,
    ) -> Result<i64, Error> {
        if self.tick() {
            return Ok(0);
        }
        let moves = match self.expand(cands, me, None)? {
            Expansion::Wins(_) => return Ok(WIN - ply),
            Expansion::Moves { doomed: true, .. } => return Ok(-(WIN - ply - 1)),
            Expansion::Moves { moves, .. } => moves,
        };
        if moves.is_empty() {
            // No cell near the stones is left: call it even.
            return Ok(0);
        }
        if depth == 0 {
            // The mover has the tempo: count its best single move.
            return Ok(eval + moves.iter().map(|m| m.attack).max().unwrap_or(0));
        }
        let mut best = i64::MIN;
        for m in moves.iter().take(BEAM) {
            let v = -self.child(cands, m, me, depth, ply, eval, -beta, -alpha)?;
            if self.aborted {
                return Ok(0);
            }
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }

    /// Plays `m` for `me`, searches the reply `depth - 1` deep, takes `m` back.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        cands: &[usize],
        m: &Candidate,
        me: u8,
        depth: u32,
        ply: i64,
        eval: i64,
        alpha: i64,
        beta: i64,
    ) -> Result<i64, Error> {
        let mut next = Vec::new();
        next.try_reserve_exact(cands.len() + 25)?;
        next.extend_from_slice(cands);
        self.cells[m.cell] = me;
        let v = match self.add_neighbours(m.cell, TREE_RADIUS, &mut next) {
            Ok(()) => self.negamax(&next, 3 - me, depth - 1, ply + 1, -(eval + m.attack), alpha, beta),
            Err(e) => Err(e),
        };
        self.cells[m.cell] = 0;
        v
    }

    /// Chooses among the `root` candidates; replies come from `tree` and the cells next to
    /// the moves played.
    fn root(&mut self, me: u8, root: &[usize], tree: Vec<usize>, rng: &mut Rng) -> Result<usize, Error> {
        let mut moves = match self.expand(root, me, Some(rng))? {
            Expansion::Wins(cell) => return Ok(cell),
            Expansion::Moves { moves, .. } => moves,
        };
        moves.truncate(2 * BEAM);
        let mut best = *moves.first().ok_or(Error::GameOver)?;
        if moves.len() == 1 {
            return Ok(best.cell);
        }
        let empties = self.cells.iter().filter(|&&c| c == 0).count() as u32;
        for depth in 1..=MAX_DEPTH.min(empties) {
            let (mut alpha, mut found) = (-WIN - 1, best);
            for m in &moves {
                let v = -self.child(&tree, m, me, depth, 1, 0, -WIN - 1, -alpha)?;
                if self.aborted {
                    break;
                }
                if v > alpha {
                    (alpha, found) = (v, *m);
                }
            }
            if self.aborted {
                break;
            }
            best = found;
            // Search the best move first next time; a proven result cannot improve.
            moves.sort_by_key(|m| m.cell != best.cell);
            if alpha.abs() >= WIN - i64::from(MAX_DEPTH) {
                break;
            }
        }
        Ok(best.cell)
    }
}

enum Expansion {
    /// The mover completes a line at this cell.
    Wins(usize),
    /// The moves worth searching, best first; `doomed` when the opponent has two or more
    /// immediate wins, so every move loses.
    Moves { moves: Vec<Candidate>, doomed: bool },
}
