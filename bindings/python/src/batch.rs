//! `BatchCore`: many games of one shape stepped together (the core's `Batch`), reading and
//! writing numpy arrays in place. The package's `tictactoe.Batch` checks and shapes the
//! arrays; this side only sees contiguous uint32 and uint8 data.

use std::sync::Mutex;

use numpy::{PyReadonlyArrayDyn, PyReadwriteArrayDyn};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tictactoe::{Batch, Rules};

use crate::status::{self, Status};

/// The native half of `tictactoe.Batch`. The lock makes a batch safe to share between
/// threads (its calls run one at a time).
#[pyclass(frozen, module = "tictactoe._native")]
pub struct BatchCore {
    batch: Mutex<Batch>,
}

impl BatchCore {
    /// Writes `write`'s bytes into `out`, which must hold exactly `len` of them.
    fn fill(
        &self,
        mut out: PyReadwriteArrayDyn<'_, u8>,
        len: fn(&Batch) -> usize,
        write: fn(&Batch, &mut [u8]),
    ) -> PyResult<()> {
        let out = contiguous(out.as_slice_mut())?;
        self.locked(|b| {
            if out.len() != len(b) {
                return Err(PyValueError::new_err("the output array has the wrong size"));
            }
            write(b, out);
            Ok(())
        })
    }

    fn locked<T>(&self, body: impl FnOnce(&mut Batch) -> T) -> T {
        body(&mut self.batch.lock().unwrap_or_else(std::sync::PoisonError::into_inner))
    }
}

/// A contiguous array's data, else ValueError (the Python side passes only such arrays).
fn contiguous<T>(slice: Result<&mut [T], numpy::NotContiguousError>) -> PyResult<&mut [T]> {
    slice.map_err(|_| PyValueError::new_err("the array is not C-contiguous"))
}

#[pymethods]
impl BatchCore {
    /// `count` empty games of rows x cols, k in a row; `seed` seeds `random_moves`.
    #[new]
    fn new(py: Python<'_>, rows: u32, cols: u32, k: u32, count: usize, seed: u64) -> PyResult<Self> {
        let batch = Rules::new(rows, cols, k).and_then(|rules| Batch::new(rules, count, seed));
        let batch = batch.map_err(|e| status::error(py, status::of(e)))?;
        Ok(BatchCore { batch: Mutex::new(batch) })
    }

    /// The number of games.
    fn count(&self) -> usize {
        self.locked(|b| b.count())
    }

    /// Bytes of memory one game takes.
    fn bytes_per_game(&self) -> usize {
        self.locked(|b| b.bytes_per_game())
    }

    /// The most threads `step`, `observe` and `legal_mask` run on (0: one per core).
    fn threads(&self) -> u32 {
        self.locked(|b| b.threads())
    }

    fn set_threads(&self, threads: u32) {
        self.locked(|b| b.set_threads(threads))
    }

    /// Every game back to the empty board.
    fn reset(&self) {
        self.locked(|b| b.reset())
    }

    /// One move in every game (`actions`: uint32, one cell per game); the results go to
    /// `results` (uint8). Returns (0, 0), or (status, index of the first illegal action) and
    /// then no game changed.
    fn step(
        &self,
        actions: PyReadonlyArrayDyn<'_, u32>,
        mut results: PyReadwriteArrayDyn<'_, u8>,
    ) -> PyResult<(Status, usize)> {
        let actions =
            actions.as_slice().map_err(|_| PyValueError::new_err("actions are not C-contiguous"))?;
        let results = contiguous(results.as_slice_mut())?;
        Ok(self.locked(|b| match b.step(actions, results) {
            Ok(()) => (0, 0),
            Err(e) => (status::of(e.error), e.index),
        }))
    }

    /// Observation planes into `out` (uint8, count * 2 * rows * cols bytes).
    fn observe(&self, out: PyReadwriteArrayDyn<'_, u8>) -> PyResult<()> {
        self.fill(out, Batch::observation_len, Batch::observe)
    }

    /// Legal-move masks into `out` (uint8, count * rows * cols bytes).
    fn legal_mask(&self, out: PyReadwriteArrayDyn<'_, u8>) -> PyResult<()> {
        self.fill(out, Batch::legal_mask_len, Batch::legal_mask)
    }

    /// Random self-play without the GIL: (moves, a_wins, b_wins, draws).
    fn random_moves(
        &self,
        py: Python<'_>,
        moves_per_game: u64,
        threads: u32,
    ) -> PyResult<(u64, u64, u64, u64)> {
        let played = py.allow_threads(|| self.locked(|b| b.random_moves(moves_per_game, threads)));
        let stats = played.map_err(|e| status::error(py, status::of(e)))?;
        Ok((stats.moves, stats.a_wins, stats.b_wins, stats.draws))
    }

    /// Game `index` in `Game.to_text()`'s form.
    fn game_text(&self, py: Python<'_>, index: usize) -> PyResult<String> {
        let game = self.locked(|b| b.game(index)).map_err(|e| status::error(py, status::of(e)))?;
        Ok(game.to_string())
    }
}
