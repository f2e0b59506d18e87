//! The exact solver on several threads. The position's moves (one per class of moves that a
//! symmetry of the position maps onto each other) give independent questions, asked on
//! threads of their own, in the order the one-thread solver settles a position:
//!
//! 1. after each move, does the side that made it win? If one does, the position is won;
//! 2. else, after each move, does the opponent win? The first move after which it does not
//!    draws; if it wins after every move, the position is lost.
//!
//! A won or lost position's exact score (the fastest win, the slowest loss) is then found by
//! the one-thread solver: its alpha-beta search carries each move's bound to the next, which
//! independent solves of each move cannot (measured: the fastest win of 5,6,4 took 20 times
//! longer as exact solves of each move on two threads than on one thread).
//!
//! Each question is the one-thread solver's own proof (relevance zones, pairings), so every
//! answer is exact; the threads share one pool of steps (`budget::Pool`), so the budget bounds
//! the work of the whole call.

use super::budget::{Meter, Pool};
use super::solve::Width;
use super::symmetry::permutations;
use super::{optimal_metered, solve_metered, wins_metered, Budget, Solution};
use crate::error::Error;
use crate::fallible::{try_collect, try_with_capacity};
use crate::game::{Game, Outcome};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// The steps of the one-thread solve tried first: small boards, quick wins and the positions
/// a pairing settles end within it, where starting threads and splitting would cost more
/// than the whole answer.
const FIRST_LOOK: u64 = 1 << 16;

/// The steps of the one-thread solver's optimal moves tried first: twice the default budget.
/// One solver's shared tables answer where one proof per move from empty tables would take
/// several times the steps (after the value's proof, each move's proof finds many of its
/// positions in the tables, and the defender's answer that held against one move is tried
/// first against the next): an empty 7,7,5's moves, and an empty 7,6,4's. Beyond it the moves
/// are split.
const OPTIMAL_FIRST_LOOK: u64 = 2 * super::SOLVE_NODES;

/// A move of the split position and what follows it.
struct Child {
    cell: usize,
    /// The position after the move, or `None` when the move ended the game.
    after: Option<Game>,
    /// The move won (else it ended the game with a full board, or the game goes on).
    won: bool,
}

/// The exact best move of `game` on `threads` threads (0: one per core), as
/// [`solve_cell`](super::solve_cell) answers it on one: the same score; a drawing move is the
/// first that draws in the order of [`children`], a winning or losing move the one-thread
/// solver's.
pub(crate) fn solve_cell_threads(game: &Game, budget: Budget, threads: usize) -> Result<Solution, Error> {
    solve_split(game, budget, threads, FIRST_LOOK)
}

/// [`solve_cell_threads`] with `first_look` steps of the one-thread solve before the split.
fn solve_split(game: &Game, budget: Budget, threads: usize, first_look: u64) -> Result<Solution, Error> {
    let meter = super::meter(game, budget)?;
    let splits = Width::of(game.rules()).is_some();
    if threads == 1 || !splits {
        return solve_metered(game, meter);
    }
    let split = match Split::after_look(game, budget, first_look, |m| solve_metered(game, m))? {
        ControlFlow::Break(answer) => return Ok(answer),
        ControlFlow::Continue(split) => split,
    };
    let (moves, pool, meter) = (&split.moves, &*split.pool, || split.meter());
    if let Some(m) = moves.iter().find(|m| m.won) {
        return Ok(Solution { cell: m.cell, score: 1, steps: 0 });
    }
    // 1. Does the side that moved win after some move? Once one does, the rest are skipped.
    let won = AtomicBool::new(false);
    let we_win = spread(
        moves,
        threads,
        pool,
        |_| won.load(Ordering::Relaxed),
        |_, m| {
            let ours = match &m.after {
                Some(g) => wins_metered(g, meter(), false)?,
                None => false,
            };
            won.fetch_or(ours, Ordering::Relaxed);
            Ok(ours)
        },
    )?;
    // A win's length, and a loss's, come from the one-thread solver (its alpha-beta search
    // shares each move's bound with the next, which independent exact solves cannot).
    if we_win.contains(&Some(true)) {
        return solve_metered(game, meter());
    }
    // 2. After which move does the opponent not win? The first such move draws.
    let first_hold = AtomicUsize::new(usize::MAX);
    let they_win = spread(
        moves,
        threads,
        pool,
        |i| i > first_hold.load(Ordering::Relaxed),
        |i, m| {
            let theirs = match &m.after {
                Some(g) => wins_metered(g, meter(), true)?,
                None => false,
            };
            if !theirs {
                first_hold.fetch_min(i, Ordering::Relaxed);
            }
            Ok(theirs)
        },
    )?;
    match they_win.iter().position(|&w| w == Some(false)) {
        Some(i) => Ok(Solution { cell: moves[i].cell, score: 0, steps: 0 }),
        None => solve_metered(game, meter()),
    }
}

/// A split position: its moves, and the pool of steps their proofs draw on.
struct Split {
    moves: Vec<Child>,
    pool: Arc<Pool>,
    /// The steps in the pool when it was filled, the budget and when the call started: what
    /// each proof's meter needs.
    steps: u64,
    budget: Budget,
    started: Instant,
}

impl Split {
    /// `solve` on one thread within the first `first_look` steps of `budget` (none when it is
    /// 0) breaks with its answer, an error, or `TooHard` when the budget holds no more; else
    /// the split of `game` goes on with the rest of the budget.
    fn after_look<T>(
        game: &Game,
        budget: Budget,
        first_look: u64,
        solve: impl FnOnce(Meter) -> Result<T, Error>,
    ) -> Result<ControlFlow<T, Split>, Error> {
        let started = Instant::now();
        let steps = budget.max_nodes().unwrap_or(u64::MAX);
        let first = first_look.min(steps);
        if first > 0 {
            match solve(Meter::new(Budget::limits(first, budget.max_time()), started)) {
                Err(Error::TooHard) if first < steps => {}
                answer => return answer.map(ControlFlow::Break),
            }
        }
        // Allocated only here, where threads (which need memory of their own to start) are
        // started too: the first look above allocates nothing it cannot do without.
        let steps = steps - first;
        let pool = Arc::new(Pool::new(steps));
        let moves = children(game)?;
        Ok(ControlFlow::Continue(Split { moves, pool, steps, budget, started }))
    }

    /// A meter for one proof, drawing on the pool.
    fn meter(&self) -> Meter {
        Meter::pooled(Arc::clone(&self.pool), self.steps, self.budget, self.started)
    }
}

/// The moves of `game` (not over), one per class of moves that the symmetries of the position
/// map onto each other, each with what follows it (see [`distinct_cells`]).
fn children(game: &Game) -> Result<Vec<Child>, Error> {
    let rules = game.rules();
    let cells = distinct_cells(game)?;
    let mut moves = try_with_capacity(cells.len())?;
    for cell in cells {
        let mut after = game.try_clone()?;
        let m = rules.move_at(cell);
        let outcome = after.play(m.row, m.col)?;
        let pending = outcome == Outcome::Pending;
        moves.push(Child { cell, after: pending.then_some(after), won: outcome.winner().is_some() });
    }
    Ok(moves)
}

/// The legal cells of `game`, one per class of moves that the symmetries of the position map
/// onto each other (the first cell of each class), nearest the centre first (where the answers
/// that end a proof early usually are), then in cell order.
pub(crate) fn distinct_cells(game: &Game) -> Result<Vec<usize>, Error> {
    let rules = game.rules();
    let first = first_twins(game)?;
    let mut cells = try_with_capacity(game.legal_move_count())?;
    cells.extend(game.legal_cells().filter(|&cell| first[cell] == cell));
    // Four times the square of the distance from the centre, so that it is a whole number.
    let (rows, cols) = (i64::from(rules.rows()), i64::from(rules.cols()));
    let off_centre = |cell: usize| {
        let m = rules.move_at(cell);
        (2 * i64::from(m.row) - rows + 1).pow(2) + (2 * i64::from(m.col) - cols + 1).pow(2)
    };
    cells.sort_by_key(|&cell| (off_centre(cell), cell));
    Ok(cells)
}

/// For each cell of `game`'s board, the first cell of its class: the lowest cell that a
/// symmetry of the position (one that maps its stones onto themselves) maps it to. The
/// symmetries of boards past the bitboard solver are not looked for (their tables would take
/// 8 words a cell): there each cell is its own class.
fn first_twins(game: &Game) -> Result<Vec<usize>, Error> {
    let rules = game.rules();
    let perms = if Width::of(rules).is_some() { permutations(rules)? } else { Vec::new() };
    let board = game.board().cells();
    let fixes = |p: &&Vec<usize>| p.iter().enumerate().all(|(c, &image)| board.get(c) == board.get(image));
    let fixed: Vec<&Vec<usize>> = perms.iter().filter(fixes).collect();
    try_collect((0..rules.cells()).map(|cell| fixed.iter().map(|p| p[cell]).fold(cell, usize::min)))
}

/// Every move of `game` (a board that fits the bitboard solver) that keeps its value, as
/// [`optimal_cells`](super::optimal_cells) lists them, on `threads` threads (0: one per core).
/// The one-thread solver first, for up to twice the default budget's steps ([`OPTIMAL_FIRST_LOOK`]);
/// past them, one proof per class of moves, on threads of their own, each by a solver of its
/// own, drawing on one pool of steps. Which side wins is asked first (of the position, on one
/// thread); then, after each move, in a won position whether the side that moved still wins,
/// else whether the opponent does not. A class keeps the value as its first cell does; when
/// no move does, the position is lost and every move is listed. The steps spent do not depend
/// on the thread count (each proof starts from empty tables).
pub(crate) fn optimal_cells_threads(
    game: &Game,
    budget: Budget,
    threads: usize,
) -> Result<Vec<usize>, Error> {
    optimal_split(game, budget, threads, OPTIMAL_FIRST_LOOK)
}

/// [`optimal_cells_threads`] with `first_look` steps of the one-thread solver before the split.
fn optimal_split(game: &Game, budget: Budget, threads: usize, first_look: u64) -> Result<Vec<usize>, Error> {
    let split = match Split::after_look(game, budget, first_look, |m| optimal_metered(game, m))? {
        ControlFlow::Break(answer) => return Ok(answer),
        ControlFlow::Continue(split) => split,
    };
    let (moves, pool, meter) = (&split.moves, &*split.pool, || split.meter());
    let won = moves.iter().any(|m| m.won) || wins_metered(game, meter(), true)?;
    let keeps = spread(
        moves,
        threads,
        pool,
        |_| false,
        |_, m| match &m.after {
            Some(g) if won => wins_metered(g, meter(), false),
            Some(g) => wins_metered(g, meter(), true).map(|theirs| !theirs),
            // A move that ends the game keeps a win when it wins, else a draw (never a loss).
            None => Ok(m.won || !won),
        },
    )?;
    let first = first_twins(game)?;
    let kept = |cell: usize| moves.iter().zip(&keeps).any(|(m, k)| m.cell == first[cell] && *k == Some(true));
    let mut cells = try_with_capacity(game.legal_move_count())?;
    cells.extend(game.legal_cells().filter(|&cell| kept(cell)));
    if cells.is_empty() {
        cells.extend(game.legal_cells());
    }
    Ok(cells)
}

/// Runs `ask` on each of `moves` but those `skip` names (looked at when a move's turn comes)
/// over `threads` scoped threads (0: one per core; this one among them; all have ended when
/// it returns) and returns the answers in order (`None` where skipped). On the first error
/// the pool is drained, so that the others stop within a few thousand steps, and that error is
/// returned (an error other than the pool's running dry first).
fn spread<T: Copy + Send>(
    moves: &[Child],
    threads: usize,
    pool: &Pool,
    skip: impl Fn(usize) -> bool + Sync,
    ask: impl Fn(usize, &Child) -> Result<T, Error> + Sync,
) -> Result<Vec<Option<T>>, Error> {
    // The cores are asked only here, where threads start: the answer allocates (and aborts if
    // it cannot), and a call that ends within its first look must allocate nothing it cannot
    // do without.
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
        n => n,
    };
    let mut slots = try_with_capacity(moves.len())?;
    slots.resize(moves.len(), Ok(None));
    let slots = Mutex::new(slots);
    let next = AtomicUsize::new(0);
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(m) = moves.get(i) else { return };
        if skip(i) {
            continue;
        }
        let answer = ask(i, m).map(Some);
        if answer.is_err() {
            pool.drain();
        }
        slots.lock().unwrap_or_else(PoisonError::into_inner)[i] = answer;
    };
    std::thread::scope(|scope| {
        for _ in 1..threads.min(moves.len()) {
            // A thread that cannot start leaves its share to the others.
            let _ = std::thread::Builder::new().spawn_scoped(scope, work);
        }
        work();
    });
    let slots = slots.into_inner().unwrap_or_else(PoisonError::into_inner);
    if let Some(e) = slots.iter().filter_map(|s| s.err()).find(|&e| e != Error::TooHard) {
        return Err(e);
    }
    slots.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng::Rng;
    use crate::ai::solve_cell;
    use crate::rules::Rules;

    /// The exact score of move `m` for the side that made it.
    fn exact(m: &Child, meter: Meter) -> Result<i32, Error> {
        let Some(after) = &m.after else { return Ok(i32::from(m.won)) };
        let theirs = solve_metered(after, meter)?.score;
        // Their win in N is our loss in N + 1, their loss in N our win in N + 1.
        Ok(match theirs.signum() {
            1 => -(theirs + 1),
            -1 => 1 - theirs,
            _ => 0,
        })
    }

    /// The split solve, with no first look so that even the smallest boards are split, gives
    /// the one-thread score on random positions of small boards, on any number of threads, and
    /// its move has that score.
    #[test]
    #[cfg_attr(miri, ignore)] // thousands of solves
    fn split_scores_match_one_thread() {
        let budget = Budget::nodes(1 << 22);
        let mut rng = Rng::new(32);
        let mut splits = 0;
        for (rows, cols, k) in [(3, 3, 3), (3, 4, 3), (4, 4, 3), (4, 4, 4), (2, 5, 3), (4, 5, 4)] {
            for _ in 0..12 {
                let mut game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
                for _ in 0..rng.below(game.rules().cells() / 2) {
                    let legal: Vec<usize> = game.legal_cells().collect();
                    let m = game.rules().move_at(legal[rng.below(legal.len())]);
                    if game.play(m.row, m.col).unwrap() != Outcome::Pending {
                        game.undo().unwrap();
                        break;
                    }
                }
                let one = solve_cell(&game, budget).unwrap();
                for threads in [2, 3, 5] {
                    let got = solve_split(&game, budget, threads, 0).unwrap();
                    assert_eq!(got.score, one.score, "{rows},{cols},{k} {game:?} on {threads}");
                    let mut after = game.try_clone().unwrap();
                    let m = game.rules().move_at(got.cell);
                    let outcome = after.play(m.row, m.col).unwrap();
                    let pending = outcome == Outcome::Pending;
                    let child = Child {
                        cell: got.cell,
                        after: pending.then_some(after),
                        won: outcome != Outcome::Draw,
                    };
                    let meter = Meter::new(budget, Instant::now());
                    assert_eq!(exact(&child, meter).unwrap(), one.score, "the move of {game:?}");
                    splits += 1;
                }
            }
        }
        assert!(splits > 100);
    }

    /// The split optimal moves, with no first look so that even the smallest boards are split,
    /// are the one-thread solver's on random positions of small boards, on any number of
    /// threads (the one-thread solver is checked against plain minimax in `ai::solve`).
    #[test]
    #[cfg_attr(miri, ignore)] // hundreds of solves
    fn split_optimal_moves_match_one_thread() {
        let budget = Budget::nodes(1 << 22);
        let mut rng = Rng::new(764);
        let (mut won, mut drawn, mut lost) = (0, 0, 0);
        for (rows, cols, k) in [(3, 4, 3), (4, 4, 3), (4, 4, 4), (2, 5, 3), (4, 5, 4)] {
            for _ in 0..10 {
                let mut game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
                for _ in 0..rng.below(game.rules().cells() / 2) {
                    let legal: Vec<usize> = game.legal_cells().collect();
                    let m = game.rules().move_at(legal[rng.below(legal.len())]);
                    if game.play(m.row, m.col).unwrap() != Outcome::Pending {
                        game.undo().unwrap();
                        break;
                    }
                }
                let one = optimal_metered(&game, Meter::new(budget, Instant::now())).unwrap();
                match solve_cell(&game, budget).unwrap().score.signum() {
                    1 => won += 1,
                    0 => drawn += 1,
                    _ => lost += 1,
                }
                for threads in [1, 2, 3] {
                    assert_eq!(
                        optimal_split(&game, budget, threads, 0).unwrap(),
                        one,
                        "{game:?} on {threads}"
                    );
                }
            }
        }
        assert!(won > 0 && drawn > 0 && lost > 0, "{won} won, {drawn} drawn, {lost} lost");
    }

    /// A budget too small for the proof is `TooHard` on threads too, and so is a pool drained
    /// by one subproblem's failure.
    #[test]
    fn too_small_a_budget_is_too_hard() {
        let game = Game::new(Rules::new(4, 5, 4).unwrap()).unwrap();
        for threads in [2, 4] {
            assert_eq!(solve_split(&game, Budget::nodes(2_000), threads, 0), Err(Error::TooHard));
            assert_eq!(solve_split(&game, Budget::nodes(2_000), threads, 1_000), Err(Error::TooHard));
            assert_eq!(optimal_split(&game, Budget::nodes(2_000), threads, 0), Err(Error::TooHard));
        }
    }
}
