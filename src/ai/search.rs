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
use crate::fallible::try_collect;
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
    search_in(game, mover, &View::around_stones(game)?, budget, seed)
}

/// [`search`] for `mover` over the cells of `view`.
fn search_in(game: &Game, mover: u8, view: &View, budget: Budget, seed: u64) -> Result<usize, Error> {
    let mut s = Searcher::new(game, view, budget)?;
    let root = s.candidates(game, ROOT_RADIUS)?;
    let tree = s.candidates(game, TREE_RADIUS)?;
    Ok(view.to_board(s.root(mover, &root, tree, &mut Rng::new(seed))?))
}

/// How far from a stone the search can look: a move at ply p lies within `ROOT_RADIUS + p *
/// TREE_RADIUS` of a stone, and scoring it reads k - 1 cells further.
const REACH: u32 = ROOT_RADIUS as u32 + (MAX_DEPTH + 1) * TREE_RADIUS as u32;

/// The rectangle of the board that the search works on: the stones' bounding box widened by
/// `REACH + k - 1` on each side, clipped to the board. No candidate move, and no k-window
/// through one, lies outside it, so searching it gives the same move as searching the whole
/// board, at the cost of the rectangle rather than the board (a 4096 × 4096 board with a few
/// stones is searched as a board of about 60 × 60).
struct View {
    /// The rectangle's own shape (same k) and its top-left corner on the board.
    rules: Rules,
    row0: u32,
    col0: u32,
    board_cols: u32,
}

impl View {
    /// The whole board.
    fn whole(game: &Game) -> View {
        let rules = game.rules();
        View { rules, row0: 0, col0: 0, board_cols: rules.cols() }
    }

    /// The rectangle around the stones (the whole board when there are none).
    fn around_stones(game: &Game) -> Result<View, Error> {
        let rules = game.rules();
        let Some((top, left, bottom, right)) = stone_box(game) else {
            return Ok(View::whole(game));
        };
        let margin = REACH + rules.k() - 1;
        let (row0, col0) = (top.saturating_sub(margin), left.saturating_sub(margin));
        let rows = bottom.saturating_add(margin).min(rules.rows() - 1) - row0 + 1;
        let cols = right.saturating_add(margin).min(rules.cols() - 1) - col0 + 1;
        // The rectangle is at least k long wherever the board is, so the same lines fit.
        let rect = Rules::new(rows, cols, rules.k())?;
        Ok(View { rules: rect, row0, col0, board_cols: rules.cols() })
    }

    /// The board's cell for the rectangle's `cell`.
    fn to_board(&self, cell: usize) -> usize {
        let (r, c) = self.rules.row_col(cell);
        (self.row0 + r) as usize * self.board_cols as usize + (self.col0 + c) as usize
    }
}

/// The stones' bounding box (top, left, bottom, right), from the move history when it holds
/// every stone (a game played, not loaded from text), else from the board; `None` when empty.
fn stone_box(game: &Game) -> Option<(u32, u32, u32, u32)> {
    let rules = game.rules();
    let widen = |b: Option<(u32, u32, u32, u32)>, cell: usize| {
        let (r, c) = rules.row_col(cell);
        let (t, l, bt, rt) = b.unwrap_or((r, c, r, c));
        Some((t.min(r), l.min(c), bt.max(r), rt.max(c)))
    };
    if game.history().len() == game.move_count() {
        game.history().iter().fold(None, |b, &cell| widen(b, cell as usize))
    } else {
        game.board()
            .cells()
            .iter()
            .enumerate()
            .filter(|&(_, s)| s != 0)
            .fold(None, |b, (cell, _)| widen(b, cell))
    }
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
    /// The rectangle searched (see `View`) and its cells.
    rules: Rules,
    cells: Vec<u8>,
    /// Empty cells on the whole board (at most 2^26).
    empties: u32,
    /// weight[c]: worth of a window holding c stones of one player and no others.
    weight: Vec<i64>,
    nodes: u64,
    budget: Budget,
    deadline: Option<Instant>,
    aborted: bool,
}

impl Searcher {
    fn new(game: &Game, view: &View, budget: Budget) -> Result<Searcher, Error> {
        let rules = view.rules;
        let k = rules.k() as usize;
        let mut cells = Vec::new();
        cells.try_reserve_exact(rules.cells())?;
        let board = game.board();
        for r in view.row0..view.row0 + rules.rows() {
            cells.extend((view.col0..view.col0 + rules.cols()).map(|c| board.cell(r, c)));
        }
        let empties = (game.rules().cells() - game.move_count()) as u32;
        let mut weight = Vec::new();
        weight.try_reserve_exact(k + 1)?;
        // A window one stone short of k is worth 8^4, two short 8^3, ...: each stone closer
        // to a line is worth far more than many windows one step further off.
        weight
            .extend((0..=k).map(|c| if c == 0 { 0 } else { 8i64.pow(4u32.saturating_sub((k - c) as u32)) }));
        let deadline = budget.max_time.and_then(|t| Instant::now().checked_add(t));
        Ok(Searcher { rules, cells, empties, weight, nodes: 0, budget, deadline, aborted: false })
    }

    /// Empty cells within `radius` of a stone; the centre on an empty board; every empty cell
    /// when none is near a stone.
    fn candidates(&self, game: &Game, radius: i64) -> Result<Vec<usize>, Error> {
        let mut out = Vec::new();
        if game.move_count() == 0 {
            let (r, c) = (self.rules.rows() / 2, self.rules.cols() / 2);
            out.try_reserve_exact(1)?;
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
            out.extend((0..self.cells.len()).filter(|&c| self.cells[c] == 0));
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
        let moves = try_collect(keyed.into_iter().map(|(_, _, s)| s))?;
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
        for depth in 1..=MAX_DEPTH.min(self.empties) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of `moves` random moves near `(row, col)` (within 5 cells; fewer moves if the
    /// game ends first).
    fn clustered(rules: Rules, (row, col): (u32, u32), moves: usize, rng: &mut Rng) -> Game {
        let mut game = Game::new(rules).unwrap();
        let near = |x: u32, n: u32, r: usize| (x as usize + r).saturating_sub(5).min(n as usize - 1) as u32;
        // (Bounded tries: a cluster on a thin board can fill up.)
        for _ in 0..200 {
            if game.move_count() >= moves || game.to_move().is_none() {
                break;
            }
            let (r, c) = (near(row, rules.rows(), rng.below(11)), near(col, rules.cols(), rng.below(11)));
            if game.board().cell(r, c) == 0 {
                game.play(r, c).unwrap();
            }
        }
        game
    }

    /// Searching the rectangle around the stones gives the same move as searching the whole
    /// board, for played games (history) and games loaded from text (board scan), clusters in
    /// the middle, at edges and in corners.
    #[test]
    #[cfg_attr(miri, ignore)] // thousands of searches: pure Rust, not FFI
    fn the_view_around_the_stones_gives_the_whole_boards_move() {
        let mut rng = Rng::new(77);
        let budget = Budget { max_nodes: 150, max_time: None };
        let mut smaller = 0;
        for (rows, cols, k) in [(80, 80, 5), (40, 90, 4), (90, 40, 6), (1, 300, 5), (300, 1, 3), (70, 70, 3)]
        {
            let rules = Rules::new(rows, cols, k).unwrap();
            for i in 0..12 {
                let centre = match i % 3 {
                    0 => (rows / 2, cols / 2),
                    1 => (0, cols - 1),
                    _ => (rng.below(rows as usize) as u32, rng.below(cols as usize) as u32),
                };
                let played = clustered(rules, centre, 1 + rng.below(14), &mut rng);
                if played.to_move().is_none() {
                    continue;
                }
                let loaded = Game::from_text(played.to_text().as_bytes()).unwrap();
                for game in [&played, &loaded] {
                    let view = View::around_stones(game).unwrap();
                    smaller += usize::from(view.rules.cells() < rules.cells());
                    for seed in 0..2 {
                        let mover = game.to_move().unwrap().stone();
                        let whole = search_in(game, mover, &View::whole(game), budget, seed).unwrap();
                        let part = search_in(game, mover, &view, budget, seed).unwrap();
                        assert_eq!(part, whole, "{rows},{cols},{k} {}", game.to_text());
                    }
                }
            }
        }
        assert!(smaller > 100, "the view was rarely smaller than the board: {smaller}");
    }
}
