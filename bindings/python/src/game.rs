//! `GameCore`: one game, owned by the Python object, behind a lock. The package's `Game`
//! derives from it and adds what needs no lock: argument checks with named details, copies,
//! pickling, the AI's budgets and `repr`.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, TryLockError};
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyString, PyTuple};
use tictactoe::{ai, Game, Move, Outcome, Player, Rules};

use crate::status::{self, numbered, Status, INTERNAL_ERROR, NULL_POINTER};

/// What a board coordinate that does not fit uint32_t becomes: a row or column off every
/// board, so the game refuses it as OutOfBounds, in its usual order of checks.
const OFF_BOARD: u32 = u32::MAX;
/// What a player that does not fit becomes: 0, refused as InvalidArgument like 3.
const NOT_A_PLAYER: u32 = 0;

static FREED: AtomicU64 = AtomicU64::new(0);

/// How many games have been released.
pub fn freed() -> u64 {
    FREED.load(Ordering::Relaxed)
}

/// A game the module owns; its release is counted (see `games_freed`).
struct Owned(Game);

impl Drop for Owned {
    fn drop(&mut self) {
        FREED.fetch_add(1, Ordering::Relaxed);
    }
}

/// The native half of `tictactoe.Game`. Every use of the game holds `game`'s lock, close()
/// included: a close() from another thread waits for a running search instead of freeing
/// the game under it. Calls that may wait (a held lock, a search) release the GIL first, so
/// other Python threads run on.
#[pyclass(frozen, subclass, module = "tictactoe._native")]
pub struct GameCore {
    game: Mutex<Slot>,
}

/// What the lock guards.
#[derive(Default)]
struct Slot {
    /// None before the game is made and after close().
    game: Option<Owned>,
    /// (rows, cols, k), kept after close() for repr.
    shape: (u32, u32, u32),
}

/// Runs `body` on the game in `slot`: GameClosed (NULL_POINTER, as C says it) when there is
/// none, InternalError when it panics.
fn run<T>(slot: &mut Slot, body: impl FnOnce(&mut Game) -> Result<T, Status>) -> Result<T, Status> {
    let game = &mut slot.game.as_mut().ok_or(NULL_POINTER)?.0;
    catch_unwind(AssertUnwindSafe(|| body(game))).unwrap_or(Err(INTERNAL_ERROR))
}

/// "Pending", "A", "B", "Draw" as Python strings, made once.
static RESULTS: GILOnceCell<[Py<PyString>; 4]> = GILOnceCell::new();

fn result_name(py: Python<'_>, outcome: Outcome) -> Py<PyString> {
    let names = RESULTS.get_or_init(py, || {
        [Outcome::Pending, Outcome::Won(Player::X), Outcome::Won(Player::O), Outcome::Draw]
            .map(|o| PyString::intern(py, o.answer()).unbind())
    });
    let index = match outcome {
        Outcome::Pending => 0,
        Outcome::Won(Player::X) => 1,
        Outcome::Won(Player::O) => 2,
        Outcome::Draw => 3,
    };
    names[index].clone_ref(py)
}

fn cell_pairs(moves: impl Iterator<Item = Move>) -> Vec<(u32, u32)> {
    moves.map(<(u32, u32)>::from).collect()
}

/// A budget from C's two limits (0 = none of that kind).
fn budget(max_nodes: u64, max_millis: u32) -> ai::Budget {
    let max_time = (max_millis != 0).then(|| Duration::from_millis(u64::from(max_millis)));
    ai::Budget::limits(max_nodes, max_time)
}

impl GameCore {
    /// `body` on the slot under the lock, with the GIL held. A lock held by another thread
    /// is waited for with the GIL released (the holder may be running without it, and may
    /// need it back before it lets go), then taken again with the GIL: so the lock is only
    /// ever waited for without the GIL, and released with it.
    fn locked<T>(&self, py: Python<'_>, body: impl FnOnce(&mut Slot) -> T) -> T {
        loop {
            match self.game.try_lock() {
                Ok(mut slot) => return body(&mut slot),
                Err(TryLockError::Poisoned(poisoned)) => return body(&mut poisoned.into_inner()),
                Err(TryLockError::WouldBlock) => py.allow_threads(|| drop(self.game.lock())),
            }
        }
    }

    /// Runs `body` on the game under its lock.
    fn with<T>(
        &self,
        py: Python<'_>,
        body: impl FnOnce(&mut Game) -> Result<T, Status>,
    ) -> Result<T, Status> {
        self.locked(py, |slot| run(slot, body))
    }

    /// Runs `body` on the game under its lock with the GIL released, for calls that may
    /// take long: other Python threads run on meanwhile. The lock is let go of only once the
    /// GIL is back (see `locked`).
    fn released<T: Send>(
        &self,
        py: Python<'_>,
        body: impl FnOnce(&mut Game) -> Result<T, Status> + Send,
    ) -> PyResult<T> {
        self.locked(py, |slot| py.allow_threads(|| run(slot, body))).map_err(|s| status::error(py, s))
    }

    /// `with`, raising the package's exception for a failure.
    fn call<T>(&self, py: Python<'_>, body: impl FnOnce(&mut Game) -> Result<T, Status>) -> PyResult<T> {
        self.with(py, body).map_err(|s| status::error(py, s))
    }

    /// Makes `game` this object's (a second `__init__` replaces the first game).
    fn adopt(&self, py: Python<'_>, game: Game) {
        let rules = game.rules();
        let new = Slot { shape: (rules.rows(), rules.cols(), rules.k()), game: Some(Owned(game)) };
        let old = self.locked(py, |slot| std::mem::replace(slot, new));
        drop(old); // outside the lock
    }

    /// The error for a failed move, play or cell, with the detail `Game._move_error` gives.
    fn move_error(slf: &Bound<'_, Self>, status: Status, args: &[&Bound<'_, PyAny>]) -> PyErr {
        let named: PyResult<Vec<_>> = args.iter().map(|a| status::index(a)).collect();
        let made = named.and_then(|named| {
            let mut all = vec![status.into_pyobject(slf.py())?.into_any()];
            all.extend(named);
            slf.call_method1("_move_error", PyTuple::new(slf.py(), all)?)
        });
        match made {
            Ok(exception) => PyErr::from_value(exception),
            Err(failed) => failed,
        }
    }
}

#[pymethods]
impl GameCore {
    /// An object without a game: `Game.__init__` makes one, copies and `from_text` put one
    /// in (so they need not run a subclass's `__init__`).
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyAny>>) -> Self {
        GameCore { game: Mutex::new(Slot::default()) }
    }

    /// Makes the game: 0 on success, else the status (the caller names the sizes).
    fn _create(&self, py: Python<'_>, rows: u32, cols: u32, k: u32) -> Status {
        match Rules::new(rows, cols, k).and_then(Game::new) {
            Ok(game) => {
                self.adopt(py, game);
                0
            }
            Err(e) => status::of(e),
        }
    }

    /// Puts in the game that `text` (to_text()'s form) describes.
    fn _load_text(&self, py: Python<'_>, text: &str) -> PyResult<()> {
        let game = numbered(text.parse::<Game>()).map_err(|s| status::error(py, s))?;
        self.adopt(py, game);
        Ok(())
    }

    /// Puts a copy of `source`'s game into this new object.
    fn _copy_from(&self, py: Python<'_>, source: &GameCore) -> PyResult<()> {
        let game = source.call(py, |g| numbered(g.try_clone()))?;
        self.adopt(py, game);
        Ok(())
    }

    /// Frees the native game now. Idempotent; afterwards every use raises GameClosed.
    /// Waits for a call running in another thread (e.g. a long `best_move`) to finish.
    fn close(&self, py: Python<'_>) {
        let taken = self.locked(py, |slot| slot.game.take());
        drop(taken); // outside the lock
    }

    /// True once the game is closed.
    #[getter]
    fn closed(&self, py: Python<'_>) -> bool {
        self.with(py, |_| Ok(())).is_err()
    }

    /// (rows, cols, k), also after close().
    #[getter]
    fn _shape(&self, py: Python<'_>) -> (u32, u32, u32) {
        self.locked(py, |slot| slot.shape)
    }

    fn _rows(&self, py: Python<'_>) -> PyResult<u32> {
        self.call(py, |g| Ok(g.rules().rows()))
    }

    fn _cols(&self, py: Python<'_>) -> PyResult<u32> {
        self.call(py, |g| Ok(g.rules().cols()))
    }

    fn _k(&self, py: Python<'_>) -> PyResult<u32> {
        self.call(py, |g| Ok(g.rules().k()))
    }

    /// Plays as in "Design Tic-Tac-Toe": `player` (1 or 2) takes (row, col). Returns the
    /// winner: 0 while nobody has won, else 1 or 2. Raises an IllegalMove (`OutOfBounds` for
    /// any row or col off the board, -1 included) or InvalidArgument (a player not 1 or 2).
    #[pyo3(name = "move")]
    fn move_(
        slf: &Bound<'_, Self>,
        row: &Bound<'_, PyAny>,
        col: &Bound<'_, PyAny>,
        player: &Bound<'_, PyAny>,
    ) -> PyResult<u32> {
        let r = status::u32_arg(row, "row", OFF_BOARD)?;
        let c = status::u32_arg(col, "col", OFF_BOARD)?;
        let p = status::u32_arg(player, "player", NOT_A_PLAYER)?;
        let played = slf.get().with(slf.py(), |g| {
            let player = numbered(Player::try_from(p))?;
            numbered(g.move_as(r, c, player)).map(|o| o.winner().map_or(0, Player::number))
        });
        played.map_err(|s| GameCore::move_error(slf, s, &[row, col, player]))
    }

    /// The side to move plays (row, col). Returns the result after it, as `result`.
    fn play(slf: &Bound<'_, Self>, row: &Bound<'_, PyAny>, col: &Bound<'_, PyAny>) -> PyResult<Py<PyString>> {
        let r = status::u32_arg(row, "row", OFF_BOARD)?;
        let c = status::u32_arg(col, "col", OFF_BOARD)?;
        match slf.get().with(slf.py(), |g| numbered(g.play(r, c))) {
            Ok(outcome) => Ok(result_name(slf.py(), outcome)),
            Err(s) => Err(GameCore::move_error(slf, s, &[row, col])),
        }
    }

    /// The stone on (row, col): 0 empty, 1 or 2. OutOfBounds off the board.
    fn cell(slf: &Bound<'_, Self>, row: &Bound<'_, PyAny>, col: &Bound<'_, PyAny>) -> PyResult<u32> {
        let r = status::u32_arg(row, "row", OFF_BOARD)?;
        let c = status::u32_arg(col, "col", OFF_BOARD)?;
        let stone = slf.get().with(slf.py(), |g| numbered(g.cell(r, c)).map(|p| p.map_or(0, Player::number)));
        stone.map_err(|s| GameCore::move_error(slf, s, &[row, col]))
    }

    /// Takes back the last move (NothingToUndo if none).
    fn undo(&self, py: Python<'_>) -> PyResult<()> {
        self.call(py, |g| numbered(g.undo()))
    }

    /// Replays the last undone move (NothingToRedo if none).
    fn redo(&self, py: Python<'_>) -> PyResult<()> {
        self.call(py, |g| numbered(g.redo()))
    }

    /// Empties the board and the history; player 1 to move. Size and k stay.
    fn reset(&self, py: Python<'_>) -> PyResult<()> {
        self.call(py, |g| numbered(g.reset()))
    }

    /// How the game stands: "Pending", "A" (player 1 won), "B" (player 2 won) or "Draw".
    #[getter]
    fn result(&self, py: Python<'_>) -> PyResult<Py<PyString>> {
        let outcome = self.call(py, |g| Ok(g.outcome()))?;
        Ok(result_name(py, outcome))
    }

    /// 0 while nobody has won, else the winner, 1 or 2.
    fn _winner(&self, py: Python<'_>) -> PyResult<u32> {
        self.call(py, |g| Ok(g.outcome().winner().map_or(0, Player::number)))
    }

    /// The player to move, 1 or 2; 0 once the game is over.
    fn _to_move(&self, py: Python<'_>) -> PyResult<u32> {
        self.call(py, |g| Ok(g.to_move().map_or(0, Player::number)))
    }

    /// The player who made (or will make) the first move: 1, or 2 if 2 opened.
    fn _first_player(&self, py: Python<'_>) -> PyResult<u32> {
        self.call(py, |g| Ok(g.first_player().number()))
    }

    /// The number of stones on the board.
    fn _move_count(&self, py: Python<'_>) -> PyResult<usize> {
        self.call(py, |g| Ok(g.move_count()))
    }

    /// The moves so far, oldest first (a game loaded from text has none before it).
    fn _moves(&self, py: Python<'_>) -> PyResult<Vec<(u32, u32)>> {
        self.call(py, |g| Ok(cell_pairs(g.moves())))
    }

    /// The empty cells the side to move may play, row-major; none once the game is over.
    fn _legal_moves(&self, py: Python<'_>) -> PyResult<Vec<(u32, u32)>> {
        self.call(py, |g| Ok(cell_pairs(g.legal_moves())))
    }

    /// The winner's whole run through the winning move, end to end; empty if no winner.
    fn _winning_line(&self, py: Python<'_>) -> PyResult<Vec<(u32, u32)>> {
        self.call(py, |g| Ok(cell_pairs(g.winning_line())))
    }

    /// The rows as strings of 'X', 'O' and '.', the form `tictactoe.validate` reads.
    fn _board(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.call(py, |g| Ok(board_rows(g)))
    }

    /// The position as "rows,cols,k:BOARD:P" (P = whose turn by alternation, which also
    /// records who started). `Game.from_text` reads it back; undo history is not kept.
    fn to_text(&self, py: Python<'_>) -> PyResult<String> {
        self.call(py, |g| Ok(g.to_string()))
    }

    /// (result, to_move, board) in one snapshot, for repr: the board only up to
    /// `max_cells` cells, else empty.
    fn _snapshot(&self, py: Python<'_>, max_cells: usize) -> PyResult<(Py<PyString>, u32, Vec<String>)> {
        let (outcome, to_move, board) = self.call(py, |g| {
            let board = if g.rules().cells() <= max_cells { board_rows(g) } else { Vec::new() };
            Ok((g.outcome(), g.to_move().map_or(0, Player::number), board))
        })?;
        Ok((result_name(py, outcome), to_move, board))
    }

    /// The exact solve (`best_move`): the library's budget when `limits` is None, else
    /// (max_nodes, max_millis); on `threads` threads (0: one per core) when given.
    #[pyo3(signature = (limits=None, threads=None))]
    fn _best_move(
        &self,
        py: Python<'_>,
        limits: Option<(u64, u32)>,
        threads: Option<u32>,
    ) -> PyResult<(u32, u32, i32)> {
        self.released(py, |g| {
            let best = match (limits, threads) {
                (None, None) => ai::best_move(g),
                (Some((nodes, millis)), None) => ai::solve(g, budget(nodes, millis)),
                (limits, Some(threads)) => {
                    let (nodes, millis) = limits.unwrap_or((ai::SOLVE_NODES, 0));
                    ai::solve_threads(g, budget(nodes, millis), threads as usize)
                }
            };
            numbered(best).map(|b| (b.row, b.col, b.score))
        })
    }

    /// Whether `player` (1 or 2) wins against any defence, within (max_nodes, max_millis) or
    /// the library's budget: one question of a proof split over a cluster (`solve`).
    #[pyo3(signature = (player, limits=None))]
    fn _wins(&self, py: Python<'_>, player: u32, limits: Option<(u64, u32)>) -> PyResult<bool> {
        let budget = limits.map_or(budget(ai::SOLVE_NODES, 0), |(nodes, millis)| budget(nodes, millis));
        self.released(py, |g| numbered(Player::try_from(player).and_then(|p| ai::wins_within(g, budget, p))))
    }

    /// `forced_winner_within`: who wins with perfect play (1 or 2, 0 for a draw) within
    /// (max_nodes, max_millis) or the library's budget.
    #[pyo3(signature = (limits=None))]
    fn _forced_winner(&self, py: Python<'_>, limits: Option<(u64, u32)>) -> PyResult<u32> {
        let budget = limits.map_or(budget(ai::SOLVE_NODES, 0), |(nodes, millis)| budget(nodes, millis));
        self.released(py, |g| {
            numbered(ai::forced_winner_within(g, budget)).map(|p| p.map_or(0, Player::number))
        })
    }

    /// `certificate`: the value as proof trees of at most `max_nodes` nodes.
    fn _certificate(&self, py: Python<'_>, max_nodes: u64) -> PyResult<String> {
        self.released(py, |g| numbered(ai::certificate(g, max_nodes)))
    }

    /// The moves a split proof asks about, one per symmetry class, nearest the centre first.
    fn _distinct_moves(&self, py: Python<'_>) -> PyResult<Vec<(u32, u32)>> {
        self.released(py, |g| numbered(ai::distinct_moves(g)).map(|m| cell_pairs(m.into_iter())))
    }

    /// `optimal_moves`, budgeted as `_best_move`.
    #[pyo3(signature = (limits=None))]
    fn _optimal_moves(&self, py: Python<'_>, limits: Option<(u64, u32)>) -> PyResult<Vec<(u32, u32)>> {
        self.released(py, |g| {
            let moves = match limits {
                None => ai::optimal_moves(g),
                Some((nodes, millis)) => ai::optimal_moves_within(g, budget(nodes, millis)),
            };
            numbered(moves).map(|m| cell_pairs(m.into_iter()))
        })
    }

    /// `search`: the budgeted search's move.
    fn _search(&self, py: Python<'_>, max_nodes: u64, max_millis: u32, seed: u64) -> PyResult<(u32, u32)> {
        self.released(py, |g| numbered(ai::search(g, budget(max_nodes, max_millis), seed)).map(Into::into))
    }

    /// `threat_win`: (row, col, plies) of a forced win by threats, None when none was found
    /// within `max_nodes` nodes.
    fn _threat_win(&self, py: Python<'_>, max_nodes: u64) -> PyResult<Option<(u32, u32, u32)>> {
        self.released(py, |g| {
            numbered(ai::threat_win(g, max_nodes)).map(|w| w.map(|w| (w.row, w.col, w.plies)))
        })
    }

    /// `ai_move`: a move at difficulty `level`.
    fn _ai_move(&self, py: Python<'_>, level: u32, seed: u64) -> PyResult<(u32, u32)> {
        self.released(py, |g| {
            let level = numbered(ai::Level::try_from(level))?;
            numbered(ai::ai_move(g, level, seed)).map(Into::into)
        })
    }
}

/// The board's rows as 'X', 'O' and '.'.
fn board_rows(game: &Game) -> Vec<String> {
    let rules = game.rules();
    (0..rules.rows())
        .map(|r| {
            (0..rules.cols())
                .map(|c| match game.cell(r, c) {
                    Ok(Some(Player::X)) => 'X',
                    Ok(Some(Player::O)) => 'O',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}
