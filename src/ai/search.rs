//! Budgeted heuristic search for boards too big to solve: iterative-deepening alpha-beta over
//! the cells near the stones, a few of the most promising moves per node, and an evaluation
//! that scores every k-window still open to one player.
//!
//! Every k-window (k cells in a line) that holds stones of only one player is worth
//! `weight(stones)` to that player; the evaluation is the mover's total minus the opponent's.
//! It changes only in the windows through the cell played, and the same numbers order the
//! moves: a cell's "attack" is what the mover gains by playing it, its "defence" what the
//! opponent would gain there (`score`). A node's candidates come scored from its parent: a
//! move changes the scores only of the cells that share a window with it, so only those are
//! scored again. Immediate wins are taken and immediate losses blocked at every node, which
//! makes forcing sequences cheap to read. On a board with many stones, or stones spread over
//! a big board (many cells near them), the moves are chosen near the last move once a win or
//! block anywhere has been ruled out (`search_locally`).
//!
//! Deterministic: the same position, seed and node budget give the same move on every run
//! (the seed only breaks ties among root moves). A time budget stops wherever the clock says,
//! so it is not reproducible.

use std::time::Instant;

use super::bitboard::Bits;
use super::budget::Budget;
use super::rng::Rng;
use super::score::{Candidate, Lines};
use super::tactics::winning_cell;
use super::threats;
use crate::error::Error;
use crate::fallible::{try_collect, try_filled};
use crate::game::Game;
use crate::rules::{Rules, EMPTY};

/// Value of a win now; a win found `p` plies deeper is worth `WIN - p`, so faster is better.
const WIN: i64 = 1 << 40;
/// Moves searched per node, most promising first (all forced moves are always searched).
const BEAM: usize = 10;
/// Root moves are the empty cells within this many steps (in any direction) of a stone...
const ROOT_RADIUS: u32 = 2;
/// ... and moves deeper in the tree those next to a stone, which still include every cell
/// that completes or blocks a line (such a cell touches a stone of its line, for k >= 2).
const TREE_RADIUS: u32 = 1;
/// Deepest iteration tried; deeper is pointless with this beam and budget.
const MAX_DEPTH: u32 = 24;
/// Past this many stones, a rectangle around them of more than `LOCAL_CELLS` cells, or more
/// than `MAX_ROOT_MOVES` cells near a stone, the search picks its moves near the last move
/// only (`search_locally`): rating every cell near every stone of a crowded big board would
/// take longer than any budget a game loop gives before the first node.
const CROWDED: usize = 4096;
const LOCAL_CELLS: usize = 1 << 20;
const MAX_ROOT_MOVES: usize = 8192;
/// A local search picks its moves within this many rows and columns of the last move.
const FOCUS_RADIUS: u32 = 16;
/// The smallest node budget that the threat search shares (`threat_move`).
const GUIDED_NODES: u64 = 1000;

/// A move of `search`'s choice for the side to move of `game`: always legal, an immediate win
/// when there is one, else a block of the opponent's immediate win when there is one.
/// `GameOver` for a finished game, `InvalidArgument` when `budget` sets no limit.
pub fn search(game: &Game, budget: Budget, seed: u64) -> Result<usize, Error> {
    search_with(game, budget, Threats::Share, seed)
}

/// How the threat search that may find a win before the tree search (`threat_move`) is paid
/// for.
#[derive(Clone, Copy)]
pub(crate) enum Threats {
    /// With a quarter of the budget's nodes or time, taken off what the tree search gets.
    Share,
    /// With this many nodes of its own, on top of the budget.
    Extra(u64),
}

/// [`search`] with the threat search paid for as `threats` says.
pub(crate) fn search_with(game: &Game, budget: Budget, threats: Threats, seed: u64) -> Result<usize, Error> {
    let mover = game.to_move().ok_or(Error::GameOver)?.stone();
    if budget.is_unlimited() {
        return Err(Error::InvalidArgument);
    }
    // The clock runs from here: copying the grid and reading the lines are part of the time.
    let started = Instant::now();
    let Some(stones) = stone_box(game) else {
        // The first move: the centre, the one candidate of an empty board.
        let rules = game.rules();
        return rules.index(rules.rows() / 2, rules.cols() / 2);
    };
    if super::pvs::applies(game) {
        return super::pvs::search(game, budget, threats, seed, started);
    }
    let (win, spent) = threat_move(game, budget, threats, started, 4)?;
    if let Some(cell) = win {
        return Ok(cell);
    }
    let budget = budget.less_nodes(spent);
    let view = View::around(game, stones)?;
    if game.move_count() <= CROWDED && view.grid.cells() <= LOCAL_CELLS {
        let s = Searcher::new(game, &view, budget, started)?;
        let root = s.candidates(ROOT_RADIUS, view.whole_area())?;
        if root.len() <= MAX_ROOT_MOVES {
            return s.run(mover, &view, view.whole_area(), &root, seed);
        }
    }
    search_locally(game, mover, stones, view, budget, started, seed)
}

/// The first move of a threat win (`threats::winning_move`) where looking pays, and the nodes
/// spent that the tree search must not: for k >= 4, under a time budget or a node budget of
/// at least `GUIDED_NODES`, or with nodes of its own. `Threats::Share` takes one `share`-th of
/// the budget.
pub(super) fn threat_move(
    game: &Game,
    budget: Budget,
    threats: Threats,
    started: Instant,
    share: u32,
) -> Result<(Option<usize>, u64), Error> {
    let nodes = budget.max_nodes;
    if game.rules().k() < 4 {
        return Ok((None, 0));
    }
    match threats {
        Threats::Extra(own) => Ok((threats::winning_move(game, own, None)?.0, 0)),
        Threats::Share if nodes != 0 && nodes < GUIDED_NODES => Ok((None, 0)),
        Threats::Share => {
            let deadline = budget.max_time.and_then(|t| started.checked_add(t / share));
            threats::winning_move(
                game,
                if nodes == 0 { u64::MAX } else { nodes / u64::from(share) },
                deadline,
            )
        }
    }
}

/// [`search`] on a board with many stones, or stones spread over a big board, where rating
/// every cell near a stone would take too long: a win anywhere, else a block anywhere (both
/// found from the stones alone), else the search with its moves chosen within
/// `FOCUS_RADIUS` of the last move (for a game loaded from text, of the stone nearest the
/// middle of the stones' box), on rectangles wide enough around that square that every
/// rating is exact (`View`). `stones` is the stones' box and `everywhere` the view around
/// it, searched after all when every cell of that square is taken.
fn search_locally(
    game: &Game,
    mover: u8,
    stones: Area,
    everywhere: View,
    budget: Budget,
    started: Instant,
    seed: u64,
) -> Result<usize, Error> {
    if let Some(cell) = winning_cell(game, mover).or_else(|| winning_cell(game, 3 - mover)) {
        return Ok(cell);
    }
    let rules = game.rules();
    let focus = match game.history().last() {
        Some(&cell) => rules.row_col(cell as usize),
        None => {
            let (top, left, bottom, right) = stones;
            stone_nearest(game, ((top + bottom) / 2, (left + right) / 2))
        }
    };
    let square = (
        focus.0.saturating_sub(FOCUS_RADIUS),
        focus.1.saturating_sub(FOCUS_RADIUS),
        focus.0.saturating_add(FOCUS_RADIUS).min(rules.rows() - 1),
        focus.1.saturating_add(FOCUS_RADIUS).min(rules.cols() - 1),
    );
    let (cells, cols) = (game.board().cells(), rules.cols() as usize);
    let (top, left, bottom, right) = square;
    let open =
        (top..=bottom).any(|r| (left..=right).any(|c| cells.get(r as usize * cols + c as usize) == EMPTY));
    if !open {
        // Every cell around the last move is taken: search the whole board after all.
        return search_in(game, mover, &everywhere, everywhere.whole_area(), budget, started, seed);
    }
    let view = View::around(game, square)?;
    let area = view.area_of(square);
    search_in(game, mover, &view, area, budget, started, seed)
}

/// [`search`] for `mover` over the cells of `view`, choosing its moves from those in `area`.
fn search_in(
    game: &Game,
    mover: u8,
    view: &View,
    area: Area,
    budget: Budget,
    started: Instant,
    seed: u64,
) -> Result<usize, Error> {
    let s = Searcher::new(game, view, budget, started)?;
    let root = s.candidates(ROOT_RADIUS, area)?;
    s.run(mover, view, area, &root, seed)
}

/// A rectangle of a `View` (top, left, bottom, right, inclusive, in the view's rows and
/// columns) where the search chooses its moves.
type Area = (u32, u32, u32, u32);

/// How far from a stone the search can look: a move at ply p lies within `ROOT_RADIUS + p *
/// TREE_RADIUS` of a stone, and scoring it reads k - 1 cells further.
const REACH: u32 = ROOT_RADIUS + (MAX_DEPTH + 1) * TREE_RADIUS;

/// The part of the board that the search works on, in two rectangles: the grid, the box
/// where moves are chosen (the stones' box, or a square around the last move) widened by
/// `REACH` on each side, and the lines' rectangle, `k - 1` wider again, both clipped to the
/// board. No move the search makes lies outside the grid, and no k-window through one
/// outside the lines' rectangle, so searching them gives the same move as searching the whole
/// board, at the cost of the grid rather than the board: a 4096 × 4096 board with a few
/// stones is searched as a grid of about 60 × 60 whatever k is. (The lines' rectangle is read
/// from the board a word at a time, not copied: where k is a side's length it is most of the
/// board.)
struct View {
    /// The grid's shape (k is that of `lines`; the grid's own is 1) and its top-left corner
    /// on the board.
    grid: Rules,
    row0: u32,
    col0: u32,
    /// The lines' rectangle (the game's k) and its top-left corner on the board.
    lines: Rules,
    lines_row0: u32,
    lines_col0: u32,
    board_cols: u32,
}

impl View {
    /// The whole board, as grid and as lines: what the views around a box must agree with.
    #[cfg(test)]
    fn whole(game: &Game) -> Result<View, Error> {
        let rules = game.rules();
        let grid = Rules::new(rules.rows(), rules.cols(), 1)?;
        Ok(View {
            grid,
            row0: 0,
            col0: 0,
            lines: rules,
            lines_row0: 0,
            lines_col0: 0,
            board_cols: rules.cols(),
        })
    }

    /// The rectangles around the board's box (top, left, bottom, right).
    fn around(game: &Game, (top, left, bottom, right): Area) -> Result<View, Error> {
        let rules = game.rules();
        let widen = |margin: u32| {
            let (row0, col0) = (top.saturating_sub(margin), left.saturating_sub(margin));
            let rows = bottom.saturating_add(margin).min(rules.rows() - 1) - row0 + 1;
            let cols = right.saturating_add(margin).min(rules.cols() - 1) - col0 + 1;
            (row0, col0, rows, cols)
        };
        let (row0, col0, rows, cols) = widen(REACH);
        let grid = Rules::new(rows, cols, 1)?;
        let (lines_row0, lines_col0, rows, cols) = widen(REACH + rules.k() - 1);
        // The lines' rectangle is at least k long wherever the board is, so the same lines fit.
        let lines = Rules::new(rows, cols, rules.k())?;
        Ok(View { grid, row0, col0, lines, lines_row0, lines_col0, board_cols: rules.cols() })
    }

    /// All of the grid, as an `Area`.
    fn whole_area(&self) -> Area {
        (0, 0, self.grid.rows() - 1, self.grid.cols() - 1)
    }

    /// The board's box (top, left, bottom, right), which lies in the grid, in the grid's rows
    /// and columns.
    fn area_of(&self, (top, left, bottom, right): Area) -> Area {
        (top - self.row0, left - self.col0, bottom - self.row0, right - self.col0)
    }

    /// The board's cell for the grid's `cell`.
    fn to_board(&self, cell: usize) -> usize {
        let (r, c) = self.grid.row_col(cell);
        (self.row0 + r) as usize * self.board_cols as usize + (self.col0 + c) as usize
    }

    /// The lines of the game's stones in the lines' rectangle, scoring the grid's cells. The
    /// board is read a word (32 cells) at a time along each row of the rectangle, unless the
    /// game lists every stone (`Game::listed_stones`) and there are fewer stones than words
    /// to read (100 stones played on 8192 × 8192 with k = 8192: 2 million words). Where
    /// lines are longer than k, the stones are read twice: first to survey the lines
    /// (`Lines::survey`), then to record them, unless the survey found every line dead.
    fn lines_of(&self, game: &Game) -> Result<Lines, Error> {
        let (row0, col0, rows, cols) =
            (self.lines_row0, self.lines_col0, self.lines.rows(), self.lines.cols());
        let mut lines = Lines::new(self.lines, (self.row0 - row0, self.col0 - col0, self.grid.cols()))?;
        let words = rows as usize * (cols as usize / 32 + 2);
        let listed = match game.listed_stones().filter(|_| game.move_count() < words) {
            Some(listed) => Some(self.listed_in_lines(game, listed)?),
            None => None,
        };
        // The rectangle's stones, row-major (the order `survey` and `append` take them in).
        let each = |visit: &mut dyn FnMut(u32, u32, u8) -> Result<(), Error>| match &listed {
            Some(stones) => stones.iter().try_for_each(|&(r, c, stone)| visit(r, c, stone)),
            None => stones_in_rect(game, (row0, col0), (rows, cols), visit),
        };
        if lines.has_long_lines() {
            each(&mut |r, c, stone| {
                lines.survey(r, c, stone);
                Ok(())
            })?;
            if !lines.close_survey()? {
                return Ok(lines);
            }
        }
        each(&mut |r, c, stone| lines.append(r, c, stone))?;
        Ok(lines)
    }

    /// The `listed` stones that lie in the lines' rectangle, as (row, col, stone) in it,
    /// row-major.
    fn listed_in_lines(
        &self,
        game: &Game,
        listed: impl Iterator<Item = usize>,
    ) -> Result<Vec<(u32, u32, u8)>, Error> {
        let (row0, col0) = (self.lines_row0, self.lines_col0);
        let (rows, cols) = (row0..row0 + self.lines.rows(), col0..col0 + self.lines.cols());
        let mut inside = Vec::new();
        for cell in listed {
            let (r, c) = game.rules().row_col(cell);
            if rows.contains(&r) && cols.contains(&c) {
                inside.try_reserve(1)?;
                inside.push((r - row0, c - col0, game.board().cells().get(cell)));
            }
        }
        inside.sort_unstable();
        Ok(inside)
    }
}

/// `Cells::for_each_stone_in_rect` on `game`'s board.
fn stones_in_rect(
    game: &Game,
    corner: (u32, u32),
    size: (u32, u32),
    visit: impl FnMut(u32, u32, u8) -> Result<(), Error>,
) -> Result<(), Error> {
    game.board().cells().for_each_stone_in_rect(game.rules().cols(), corner, size, visit)
}

/// The stone nearest to `spot` (the most rows or columns apart, fewest first), the lowest
/// cell among equals; `spot` on an empty board. (The middle of a loaded game's stones can be
/// far from all of them, and then every cell around it would be a candidate at every node.)
fn stone_nearest(game: &Game, (row, col): (u32, u32)) -> (u32, u32) {
    let rules = game.rules();
    let mut best: Option<(u32, usize)> = None;
    game.for_each_stone(|cell| {
        let (r, c) = rules.row_col(cell);
        let key = (r.abs_diff(row).max(c.abs_diff(col)), cell);
        if best.is_none_or(|b| key < b) {
            best = Some(key);
        }
    });
    best.map_or((row, col), |(_, cell)| rules.row_col(cell))
}

/// The stones' bounding box (top, left, bottom, right); `None` when the board is empty.
fn stone_box(game: &Game) -> Option<(u32, u32, u32, u32)> {
    let mut bounds = None;
    game.for_each_stone(|cell| {
        let (r, c) = game.rules().row_col(cell);
        let (t, l, b, rt) = bounds.unwrap_or((r, c, r, c));
        bounds = Some((t.min(r), l.min(c), b.max(r), rt.max(c)));
    });
    bounds
}

/// One search: the position (played on and taken back as the tree is walked), the budget
/// and how much of it is spent.
struct Searcher {
    /// The grid searched (see `View`) and its cells, a byte each.
    grid: Rules,
    cells: Vec<u8>,
    /// The grid's cells that held a stone when the search began, ascending: where
    /// `candidates` looks, rather than at every cell of a grid that may hold 2^20.
    stones: Vec<usize>,
    /// The same stones along each line, which score the cells.
    lines: Lines,
    /// Empty cells on the whole board (at most 2^26).
    empties: u32,
    nodes: u64,
    budget: Budget,
    deadline: Option<Instant>,
    aborted: bool,
}

impl Searcher {
    fn new(game: &Game, view: &View, budget: Budget, started: Instant) -> Result<Searcher, Error> {
        let grid = view.grid;
        let (mut cells, mut stones) = (try_filled(EMPTY, grid.cells())?, Vec::new());
        stones_in_rect(game, (view.row0, view.col0), (grid.rows(), grid.cols()), |r, c, stone| {
            let cell = r as usize * grid.cols() as usize + c as usize;
            cells[cell] = stone;
            stones.try_reserve(1)?;
            stones.push(cell);
            Ok(())
        })?;
        let lines = view.lines_of(game)?;
        let empties = (game.rules().cells() - game.move_count()) as u32;
        let deadline = budget.max_time.and_then(|t| started.checked_add(t));
        Ok(Searcher { grid, cells, stones, lines, empties, nodes: 0, budget, deadline, aborted: false })
    }

    /// Searches for `mover` from the `root` candidates of `area` (see `candidates`); the move
    /// as a cell of the board.
    fn run(mut self, mover: u8, view: &View, area: Area, root: &[usize], seed: u64) -> Result<usize, Error> {
        let tree = self.candidates(TREE_RADIUS, area)?;
        Ok(view.to_board(self.root(mover, root, &tree, &mut Rng::new(seed))?))
    }

    /// Empty cells of `area` within `radius` of a stone, ascending; every empty cell of
    /// `area` when none is near a stone. (`search` answers an empty board itself.)
    fn candidates(&self, radius: u32, area: Area) -> Result<Vec<usize>, Error> {
        let mut out = Vec::new();
        // One bit per cell marks the candidates, read out in cell order at the end: linear in
        // the rectangle and the stones, where a list kept sorted by insertion moves its tail on
        // every insertion.
        let (top, left, bottom, right) = area;
        let inside = |cell: usize| {
            let (r, c) = self.grid.row_col(cell);
            (top..=bottom).contains(&r) && (left..=right).contains(&c)
        };
        // Only stones within `radius` of the area have neighbours in it.
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let (r0, r1) = (top.saturating_sub(radius), bottom.saturating_add(radius).min(rows - 1));
        let (c0, c1) = (left.saturating_sub(radius), right.saturating_add(radius).min(cols - 1));
        let mut near = try_filled(0u64, self.cells.len().div_ceil(64))?;
        for &cell in &self.stones {
            let (r, c) = self.grid.row_col(cell);
            if !((r0..=r1).contains(&r) && (c0..=c1).contains(&c)) {
                continue;
            }
            self.each_empty_near(cell, radius, |n| {
                if inside(n) {
                    near[n / 64] |= 1 << (n % 64);
                }
                Ok(())
            })?;
        }
        let count = near.iter().map(|w| w.count_ones() as usize).sum();
        if count == 0 {
            out.try_reserve(self.cells.len())?;
            out.extend((0..self.cells.len()).filter(|&c| self.cells[c] == 0 && inside(c)));
            return Ok(out);
        }
        out.try_reserve_exact(count)?;
        for (i, &word) in near.iter().enumerate() {
            out.extend(Bits(word).map(|b| 64 * i + b as usize));
        }
        Ok(out)
    }

    /// Hands `visit` each empty cell within `radius` of `cell`, ascending, stopping at the
    /// first error.
    fn each_empty_near(
        &self,
        cell: usize,
        radius: u32,
        mut visit: impl FnMut(usize) -> Result<(), Error>,
    ) -> Result<(), Error> {
        self.grid.for_each_near(cell, radius, |n| if self.cells[n] == 0 { visit(n) } else { Ok(()) })
    }

    /// Adds the empty cells within `radius` of `cell` to the sorted set `out`.
    #[cfg(test)]
    fn add_neighbours(&self, cell: usize, radius: u32, out: &mut Vec<usize>) -> Result<(), Error> {
        self.each_empty_near(cell, radius, |n| {
            if let Err(at) = out.binary_search(&n) {
                out.try_reserve(1)?;
                out.insert(at, n);
            }
            Ok(())
        })
    }

    /// `cells` (empty, ascending) scored for `me`.
    fn score_all(&self, cells: &[usize], me: u8) -> Result<Vec<Candidate>, Error> {
        try_collect(cells.iter().map(|&c| self.lines.score(c, me)))
    }

    /// True when a k-window through `cand` also holds `played` = (row, col), so that its
    /// score changes when a stone goes there.
    fn shares_a_window(&self, cand: &Candidate, played: (u32, u32)) -> bool {
        let (k, cols) = (i64::from(self.lines.k()), self.grid.cols() as usize);
        let dr = i64::from(cand.row) - i64::from(played.0);
        let dc = (cand.cell - cand.row as usize * cols) as i64 - i64::from(played.1);
        dr.abs() < k && dc.abs() < k && (dr == 0 || dc == 0 || dr == dc || dr == -dc)
    }

    /// The empty cells next to `played` (at most 8: it is taken), ascending: the cells a move
    /// adds to the candidates (`TREE_RADIUS` is 1).
    fn empty_neighbours(&self, played: usize) -> ([usize; 8], usize) {
        const _: () = assert!(TREE_RADIUS == 1);
        let (mut out, mut n) = ([0; 8], 0);
        // Cannot fail: the visit does not allocate.
        let _ = self.each_empty_near(played, TREE_RADIUS, |cell| {
            out[n] = cell;
            n += 1;
            Ok(())
        });
        (out, n)
    }

    /// Hands `visit` the candidates of the position after `me` played `played` (already on the
    /// board), scored for the opponent, in ascending cell order, until it returns false: those
    /// of `cands` (scored for `me`; `played` among them or not) except `played`, plus the empty
    /// cells next to it. A score changes only in the windows through `played`, so the other
    /// cells keep theirs, seen from the other side.
    fn for_each_after_move(
        &self,
        cands: &[Candidate],
        played: usize,
        me: u8,
        mut visit: impl FnMut(Candidate) -> bool,
    ) {
        let (near, n) = self.empty_neighbours(played);
        let (them, mut extra, at) = (3 - me, near[..n].iter().copied().peekable(), self.grid.row_col(played));
        for cand in cands.iter().filter(|c| c.cell != played) {
            while let Some(cell) = extra.next_if(|&n| n < cand.cell) {
                if !visit(self.lines.score(cell, them)) {
                    return;
                }
            }
            extra.next_if_eq(&cand.cell);
            // (Two calls rather than one on a chosen value: a value chosen by `if` went through
            // a stack slot that stalled the next load, a fifth of the time of a big search.)
            let go_on = if self.shares_a_window(cand, at) {
                visit(self.lines.score(cand.cell, them))
            } else {
                visit(cand.for_opponent())
            };
            if !go_on {
                return;
            }
        }
        for cell in extra {
            if !visit(self.lines.score(cell, them)) {
                return;
            }
        }
    }

    /// The candidates after a move (see `for_each_after_move`) as a list.
    fn after_move(&self, cands: &[Candidate], played: usize, me: u8) -> Result<Vec<Candidate>, Error> {
        let mut out = Vec::new();
        out.try_reserve_exact(cands.len() + 8)?;
        self.for_each_after_move(cands, played, me, |c| {
            out.push(c);
            true
        });
        Ok(out)
    }

    /// One more node; true once the budget is spent. The clock is read every 16 nodes: a node
    /// costs microseconds, a clock read tens of nanoseconds.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        let out_of_nodes = self.budget.max_nodes != 0 && self.nodes > self.budget.max_nodes;
        let out_of_time = self.nodes.is_multiple_of(16) && self.deadline.is_some_and(|d| Instant::now() >= d);
        self.aborted |= out_of_nodes || out_of_time;
        self.aborted
    }

    /// The moves to search from a node whose candidates are `scored` (for the mover),
    /// best first and at most `BEAM` of them: only the winning move, or only the block, when
    /// there is one.
    fn expand(scored: &[Candidate]) -> Result<Expansion, Error> {
        if let Some(win) = scored.iter().find(|s| s.wins) {
            return Ok(Expansion::Wins(win.cell));
        }
        let mut blocks = scored.iter().filter(|s| s.loses);
        Ok(match (blocks.next(), blocks.next()) {
            (Some(_), Some(_)) => Expansion::Doomed,
            (Some(&block), None) => Expansion::Moves(try_collect([block].into_iter())?),
            _ => Expansion::Moves(best_first(scored, BEAM)?),
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        cands: &[Candidate],
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
        // Depth 0 never gets here: `child` values leaves on the way (`leaf_after`).
        debug_assert!(depth > 0);
        let moves = match Self::expand(cands)? {
            Expansion::Wins(_) => return Ok(WIN - ply),
            Expansion::Doomed => return Ok(-(WIN - ply - 1)),
            Expansion::Moves(moves) => moves,
        };
        if moves.is_empty() {
            // No cell near the stones is left: call it even.
            return Ok(0);
        }
        let mut best = i64::MIN;
        for m in &moves {
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

    /// The value (see `Leaf`) of the depth-0 position after `me` played `played`, straight
    /// from the candidates before it: most nodes are leaves, and their candidate list need
    /// not be built.
    fn leaf_after(&self, cands: &[Candidate], played: usize, me: u8, ply: i64, eval: i64) -> i64 {
        let mut leaf = Leaf::default();
        self.for_each_after_move(cands, played, me, |c| leaf.add(&c));
        leaf.value(ply, eval)
    }

    /// Plays `m` for `me`, searches the reply `depth - 1` deep, takes `m` back. `cands` are
    /// the candidates before the move, scored for `me`.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        cands: &[Candidate],
        m: &Candidate,
        me: u8,
        depth: u32,
        ply: i64,
        eval: i64,
        alpha: i64,
        beta: i64,
    ) -> Result<i64, Error> {
        self.lines.place(m.cell, me)?;
        self.cells[m.cell] = me;
        let (ply, eval) = (ply + 1, -(eval + m.attack));
        let v = if depth == 1 {
            // A leaf: counted as a node like any other, valued without building its list.
            Ok(if self.tick() { 0 } else { self.leaf_after(cands, m.cell, me, ply, eval) })
        } else {
            match self.after_move(cands, m.cell, me) {
                Ok(next) => self.negamax(&next, 3 - me, depth - 1, ply, eval, alpha, beta),
                Err(e) => Err(e),
            }
        };
        self.cells[m.cell] = 0;
        self.lines.remove(m.cell, me);
        v
    }

    /// Chooses among the `root` candidates; replies come from `tree` (a subset of `root`) and
    /// the cells next to the moves played.
    fn root(&mut self, me: u8, root: &[usize], tree: &[usize], rng: &mut Rng) -> Result<usize, Error> {
        let scored = self.score_all(root, me)?;
        let mut moves = match Self::expand_root(&scored, rng)? {
            Expansion::Wins(cell) => return Ok(cell),
            Expansion::Moves(moves) => moves,
            Expansion::Doomed => unreachable!("the root keeps every block"),
        };
        // The root's replies are scored like its moves: the tree cells are among the root's.
        let mut replies = Vec::new();
        replies.try_reserve_exact(tree.len())?;
        replies.extend(scored.iter().filter(|c| tree.binary_search(&c.cell).is_ok()));
        moves.truncate(2 * BEAM);
        let mut best = *moves.first().ok_or(Error::GameOver)?;
        if moves.len() == 1 {
            return Ok(best.cell);
        }
        for depth in 1..=MAX_DEPTH.min(self.empties) {
            let (mut alpha, mut found) = (-WIN - 1, best);
            for m in &moves {
                let v = -self.child(&replies, m, me, depth, 1, 0, -WIN - 1, -alpha)?;
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

    /// The root's moves, best first: the win, else every block, else every candidate. Ties
    /// fall to the seed.
    fn expand_root(scored: &[Candidate], rng: &mut Rng) -> Result<Expansion, Error> {
        if let Some(win) = scored.iter().find(|s| s.wins) {
            return Ok(Expansion::Wins(win.cell));
        }
        let blocks = scored.iter().any(|s| s.loses);
        let mut keyed = Vec::new();
        keyed.try_reserve_exact(scored.len())?;
        keyed.extend(
            scored
                .iter()
                .filter(|s| s.loses || !blocks)
                .map(|&s| (-(s.attack + s.defence), rng.next_u64(), s)),
        );
        keyed.sort_unstable_by_key(|&(value, noise, s)| (value, noise, s.cell));
        Ok(Expansion::Moves(try_collect(keyed.into_iter().map(|(_, _, s)| s))?))
    }
}

/// The `n` best of `scored` by value (attack plus defence), then cell, best first.
fn best_first(scored: &[Candidate], n: usize) -> Result<Vec<Candidate>, Error> {
    let key = |s: &Candidate| (-(s.attack + s.defence), s.cell);
    let mut best: Vec<Candidate> = Vec::new();
    best.try_reserve_exact(n + 1)?;
    for s in scored {
        if best.len() == n && key(s) >= key(&best[n - 1]) {
            continue;
        }
        let at = best.partition_point(|b| key(b) < key(s));
        best.insert(at, *s);
        best.truncate(n);
    }
    Ok(best)
}

/// A depth-0 node's value, taken in one candidate at a time, as `expand` would rate the
/// node but without ordering moves a leaf never plays: a win now, a loss to two threats,
/// nothing left to play (even), else the evaluation plus the mover's best single move (it has
/// the tempo), which is the block when one is forced.
#[derive(Default)]
struct Leaf {
    win: bool,
    blocks: u32,
    block_attack: i64,
    best_attack: Option<i64>,
}

impl Leaf {
    /// Takes `c` in; false once the value is settled (a win).
    fn add(&mut self, c: &Candidate) -> bool {
        self.win |= c.wins;
        if c.loses {
            self.blocks += 1;
            self.block_attack = c.attack;
        }
        self.best_attack = self.best_attack.max(Some(c.attack));
        !c.wins
    }

    fn value(&self, ply: i64, eval: i64) -> i64 {
        match (self.win, self.blocks, self.best_attack) {
            (true, ..) => WIN - ply,
            (_, 2.., _) => -(WIN - ply - 1),
            (_, _, None) => 0,
            (_, 1, _) => eval + self.block_attack,
            (_, _, Some(attack)) => eval + attack,
        }
    }
}

enum Expansion {
    /// The mover completes a line at this cell.
    Wins(usize),
    /// The opponent has two or more immediate wins, so every move loses.
    Doomed,
    /// The moves worth searching, best first: only the block when the opponent threatens
    /// to win next move.
    Moves(Vec<Candidate>),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of a node at depth 0 with candidates `cands`, from its built list.
    fn leaf(cands: &[Candidate], ply: i64, eval: i64) -> i64 {
        let mut leaf = Leaf::default();
        for c in cands {
            if !leaf.add(c) {
                break;
            }
        }
        leaf.value(ply, eval)
    }

    /// A game of `moves` random moves near `(row, col)` (within 5 cells; fewer moves if the
    /// game ends first).
    fn clustered(rules: Rules, centre: (u32, u32), moves: usize, rng: &mut Rng) -> Game {
        let mut game = Game::new(rules).unwrap();
        add_cluster(&mut game, centre, moves, rng);
        game
    }

    /// Random moves near `(row, col)` on `game` until it holds `moves` stones (as `clustered`).
    fn add_cluster(game: &mut Game, (row, col): (u32, u32), moves: usize, rng: &mut Rng) {
        let rules = game.rules();
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
    }

    /// The candidates after a move, kept up from the parent's (most scores carried over,
    /// seen from the other side), are exactly the parent's cells minus the move plus its empty
    /// neighbours, each scored from scratch on the new position; a leaf valued while walking
    /// them is the leaf of that list. Small k and cells k - 1
    /// steps away on a diagonal are where a too-eager "unchanged" test would show.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, thousands of positions
    fn scores_kept_up_after_a_move_equal_scores_from_scratch() {
        let mut rng = Rng::new(21);
        for (rows, cols, k) in
            [(9, 9, 3), (12, 7, 4), (6, 15, 6), (1, 20, 4), (20, 1, 5), (10, 10, 10), (8, 8, 2)]
        {
            let rules = Rules::new(rows, cols, k).unwrap();
            for _ in 0..30 {
                let game = clustered(rules, (rows / 2, cols / 2), 1 + rng.below(20), &mut rng);
                if game.to_move().is_none() {
                    continue;
                }
                let budget = Budget::nodes(1);
                let all = View::whole(&game).unwrap();
                let mut s = Searcher::new(&game, &all, budget, Instant::now()).unwrap();
                let me = game.to_move().unwrap().stone();
                let mut cells = s.candidates(1 + rng.below(3) as u32, all.whole_area()).unwrap();
                // A path of three moves deep, each from the candidates kept up so far.
                let mut scored = s.score_all(&cells, me).unwrap();
                for ply in 0..3u8 {
                    let mover = if ply % 2 == 0 { me } else { 3 - me };
                    let Some(&played) = cells.get(rng.below(cells.len().max(1))) else { break };
                    s.lines.place(played, mover).unwrap();
                    s.cells[played] = mover;
                    let kept = s.after_move(&scored, played, mover).unwrap();
                    cells.retain(|&c| c != played);
                    s.add_neighbours(played, TREE_RADIUS, &mut cells).unwrap();
                    assert_eq!(kept, s.score_all(&cells, 3 - mover).unwrap(), "{}", game.to_text());
                    // A leaf valued on the way equals the leaf of the list.
                    let (ply, eval) = (1 + rng.below(9) as i64, rng.below(2001) as i64 - 1000);
                    assert_eq!(s.leaf_after(&scored, played, mover, ply, eval), leaf(&kept, ply, eval));
                    scored = kept;
                }
            }
        }
    }

    /// A leaf's one-pass value is what `expand` and the ordered moves give: a win, a loss to
    /// two threats, nothing left, the forced block's attack, or the best attack.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, thousands of positions
    fn a_leaf_is_valued_as_its_expansion() {
        let by_expansion = |cands: &[Candidate], ply: i64, eval: i64| match Searcher::expand(cands).unwrap() {
            Expansion::Wins(_) => WIN - ply,
            Expansion::Doomed => -(WIN - ply - 1),
            Expansion::Moves(moves) if moves.is_empty() => 0,
            Expansion::Moves(moves) => {
                let forced = matches!(moves[..], [only] if only.loses);
                let pool = if forced { &moves[..] } else { cands };
                eval + pool.iter().map(|m| m.attack).max().unwrap()
            }
        };
        let mut rng = Rng::new(8);
        let mut kinds = [0; 4];
        for (rows, cols, k) in [(6, 6, 3), (9, 9, 4), (12, 5, 5), (1, 15, 3)] {
            let rules = Rules::new(rows, cols, k).unwrap();
            for _ in 0..300 {
                let game = clustered(rules, (rows / 2, cols / 2), rng.below(25), &mut rng);
                let Some(mover) = game.to_move() else { continue };
                let all = View::whole(&game).unwrap();
                let s = Searcher::new(&game, &all, Budget::nodes(1), Instant::now()).unwrap();
                let cells = s.candidates(1, all.whole_area()).unwrap();
                let mut cands = s.score_all(&cells, mover.stone()).unwrap();
                cands.truncate(rng.below(cands.len() + 1));
                let (ply, eval) = (1 + rng.below(9) as i64, rng.below(2001) as i64 - 1000);
                let want = by_expansion(&cands, ply, eval);
                assert_eq!(leaf(&cands, ply, eval), want, "{}", game.to_text());
                let blocks = cands.iter().filter(|c| c.loses).count();
                kinds[if want.abs() > WIN / 2 {
                    0
                } else if cands.is_empty() {
                    1
                } else {
                    2 + blocks.min(1)
                }] += 1;
            }
        }
        assert!(kinds.iter().all(|&n| n > 5), "wins or losses, empty, plain, forced block: {kinds:?}");
    }

    /// Searching the rectangle around the stones gives the same move as searching the whole
    /// board, for played games (history) and games loaded from text (board scan), clusters in
    /// the middle, at edges and in corners.
    /// The search with its moves chosen in a square, on the rectangle around that square
    /// (`search_locally`), gives the move of the same search on the whole board with its moves
    /// chosen in the same square: the rectangle's margin keeps everything the search reads.
    #[test]
    #[cfg_attr(miri, ignore)] // hundreds of searches: pure Rust, not FFI
    fn the_view_around_a_square_gives_the_whole_boards_move() {
        let mut rng = Rng::new(78);
        let budget = Budget::nodes(150);
        let (mut searched, mut smaller) = (0, 0);
        for (rows, cols, k) in
            [(90, 90, 5), (60, 120, 4), (120, 60, 6), (1, 300, 5), (300, 1, 3), (80, 80, 3), (130, 130, 60)]
        {
            let rules = Rules::new(rows, cols, k).unwrap();
            for _ in 0..12 {
                let centre = (rng.below(rows as usize) as u32, rng.below(cols as usize) as u32);
                let mut game = clustered(rules, centre, 1 + rng.below(40), &mut rng);
                // Sometimes stones in the same rows or columns far away, outside the rectangles.
                if rng.below(2) == 0 {
                    let far =
                        [(centre.0, (centre.1 + cols / 2) % cols), ((centre.0 + rows / 2) % rows, centre.1)];
                    let moves = game.move_count() + 1 + rng.below(10);
                    add_cluster(&mut game, far[rng.below(2)], moves, &mut rng);
                }
                let Some(mover) = game.to_move() else { continue };
                let near =
                    |x: u32, n: u32, r: usize| (x as usize + r).saturating_sub(8).min(n as usize - 1) as u32;
                let focus = (near(centre.0, rows, rng.below(17)), near(centre.1, cols, rng.below(17)));
                let radius = 1 + rng.below(FOCUS_RADIUS as usize) as u32;
                let square = (
                    focus.0.saturating_sub(radius),
                    focus.1.saturating_sub(radius),
                    (focus.0 + radius).min(rows - 1),
                    focus.1.saturating_add(radius).min(cols - 1),
                );
                let view = View::around(&game, square).unwrap();
                smaller += usize::from(view.lines.cells() < rules.cells());
                for seed in 0..2 {
                    let (mover, all) = (mover.stone(), View::whole(&game).unwrap());
                    let whole = search_in(&game, mover, &all, square, budget, Instant::now(), seed);
                    let part =
                        search_in(&game, mover, &view, view.area_of(square), budget, Instant::now(), seed);
                    assert_eq!(part, whole, "{rows},{cols},{k} {square:?} {}", game.to_text());
                    if let Ok(cell) = part {
                        let (r, c) = rules.row_col(cell);
                        assert!((square.0..=square.2).contains(&r) && (square.1..=square.3).contains(&c));
                        searched += 1;
                    }
                }
            }
        }
        assert!(searched > 100 && smaller > 50, "{searched} moves found, {smaller} smaller views");
    }

    #[test]
    #[cfg_attr(miri, ignore)] // thousands of searches: pure Rust, not FFI
    fn the_view_around_the_stones_gives_the_whole_boards_move() {
        let mut rng = Rng::new(77);
        let budget = Budget::nodes(150);
        let mut smaller = 0;
        for (rows, cols, k) in
            [(80, 80, 5), (40, 90, 4), (90, 40, 6), (1, 300, 5), (300, 1, 3), (70, 70, 3), (140, 140, 70)]
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
                    let view = View::around(game, stone_box(game).unwrap()).unwrap();
                    smaller += usize::from(view.lines.cells() < rules.cells());
                    for seed in 0..2 {
                        let mover = game.to_move().unwrap().stone();
                        let all = View::whole(game).unwrap();
                        let whole =
                            search_in(game, mover, &all, all.whole_area(), budget, Instant::now(), seed)
                                .unwrap();
                        let part =
                            search_in(game, mover, &view, view.whole_area(), budget, Instant::now(), seed)
                                .unwrap();
                        assert_eq!(part, whole, "{rows},{cols},{k} {}", game.to_text());
                    }
                }
            }
        }
        assert!(smaller > 100, "the view was rarely smaller than the board: {smaller}");
    }
}
