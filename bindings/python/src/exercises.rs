//! The two stateless exercises as the package's `judge` and `validate` call them: C's
//! numbers in and out, so that the Python side names what was wrong as it always has.

use pyo3::prelude::*;
use tictactoe::ffi::{TttResult, TttVerdict};
use tictactoe::{judge, validate as validate_text, Rules};

use crate::status::{self, Status};

/// "Find Winner": `moves` = row0, col0, row1, col1, ... Returns (status, result, bad_index):
/// status 0 with the TttResult, or the failure with the index of the offending move (0 when
/// no move is at fault).
#[pyfunction]
pub fn judge_ex(py: Python<'_>, moves: Vec<u32>, rows: u32, cols: u32, k: u32) -> (Status, u32, usize) {
    py.allow_threads(|| {
        let rules = match Rules::new(rows, cols, k) {
            Ok(rules) => rules,
            Err(e) => return (status::of(e), 0, 0),
        };
        let (pairs, _) = moves.as_chunks::<2>();
        match judge(&rules, pairs) {
            Ok(outcome) => (0, TttResult::from(outcome) as u32, 0),
            Err(e) => (status::of(e.error), 0, e.index.unwrap_or(0)),
        }
    })
}

/// "Valid State" of one text of rows x cols cells. Returns (status, TttVerdict).
#[pyfunction]
pub fn validate(board: &[u8], rows: u32, cols: u32, k: u32) -> (Status, u32) {
    verdict(Rules::new(rows, cols, k).and_then(|rules| validate_text(&rules, board)))
}

/// "Valid State" of a board given row by row, as `ttt_validate_rows` reads it (the core's
/// `validate_rows`): rows of one length without separators, and k = 0 for k = rows = cols
/// (square boards only).
#[pyfunction]
pub fn validate_rows(board: Vec<Vec<u8>>, k: u32) -> (Status, u32) {
    verdict(tictactoe::validate_rows(&board, (k != 0).then_some(k)))
}

fn verdict(result: Result<tictactoe::Verdict, tictactoe::Error>) -> (Status, u32) {
    match result {
        Ok(v) => (0, TttVerdict::from(v) as u32),
        Err(e) => (status::of(e), 0),
    }
}
