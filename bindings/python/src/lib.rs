//! `tictactoe._native`, the extension module under the Python package: PyO3 over the
//! library's Rust core. The package's Python code (python/tictactoe) converts arguments,
//! names what was wrong in its errors and keeps the public surface; this module holds the
//! games and runs every rule in Rust, so that a move costs one call from Python.

use pyo3::prelude::*;
use tictactoe::ffi::{describe, describe_result, describe_verdict, TttResult, TttStatus, TttVerdict};

mod batch;
mod exercises;
mod game;
mod status;

/// `ttt_status_str`'s text for a status number.
#[pyfunction]
fn status_str(status: u32) -> &'static str {
    describe(status).to_str().unwrap_or_default()
}

/// `ttt_result_str`'s text for a result number: "Pending", "A", "B" or "Draw".
#[pyfunction]
fn result_str(result: u32) -> &'static str {
    describe_result(result).to_str().unwrap_or_default()
}

/// `ttt_verdict_str`'s text for a verdict number.
#[pyfunction]
fn verdict_str(verdict: u32) -> &'static str {
    describe_verdict(verdict).to_str().unwrap_or_default()
}

/// How many games this module has released (closed or collected): the tests check that
/// every game is freed exactly once.
#[pyfunction]
fn games_freed() -> u64 {
    game::freed()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("VERSION", tictactoe::ffi::version())?;
    m.add("TTT_MAX_CELLS", tictactoe::ffi::TTT_MAX_CELLS)?;
    use TttStatus::*;
    let statuses = [
        ("TTT_OK", TTT_OK),
        ("TTT_NULL_POINTER", TTT_NULL_POINTER),
        ("TTT_INVALID_ARGUMENT", TTT_INVALID_ARGUMENT),
        ("TTT_OUT_OF_BOUNDS", TTT_OUT_OF_BOUNDS),
        ("TTT_CELL_OCCUPIED", TTT_CELL_OCCUPIED),
        ("TTT_WRONG_TURN", TTT_WRONG_TURN),
        ("TTT_GAME_OVER", TTT_GAME_OVER),
        ("TTT_NOTHING_TO_UNDO", TTT_NOTHING_TO_UNDO),
        ("TTT_NOTHING_TO_REDO", TTT_NOTHING_TO_REDO),
        ("TTT_PARSE_ERROR", TTT_PARSE_ERROR),
        ("TTT_BUFFER_TOO_SMALL", TTT_BUFFER_TOO_SMALL),
        ("TTT_TOO_LARGE", TTT_TOO_LARGE),
        ("TTT_OUT_OF_MEMORY", TTT_OUT_OF_MEMORY),
        ("TTT_UNREACHABLE_BOARD", TTT_UNREACHABLE_BOARD),
        ("TTT_TOO_HARD", TTT_TOO_HARD),
        ("TTT_INTERNAL_ERROR", TTT_INTERNAL_ERROR),
    ];
    for (name, value) in statuses {
        m.add(name, value as u32)?;
    }
    for (name, value) in [
        ("TTT_PENDING", TttResult::TTT_PENDING),
        ("TTT_A_WINS", TttResult::TTT_A_WINS),
        ("TTT_B_WINS", TttResult::TTT_B_WINS),
        ("TTT_DRAW", TttResult::TTT_DRAW),
    ] {
        m.add(name, value as u32)?;
    }
    m.add("TTT_VALID", TttVerdict::TTT_VALID as u32)?;
    use tictactoe::ffi::{
        TTT_LEVEL_EASY, TTT_LEVEL_HARD, TTT_LEVEL_MEDIUM, TTT_LEVEL_PERFECT, TTT_LEVEL_RANDOM,
    };
    m.add("TTT_LEVEL_RANDOM", TTT_LEVEL_RANDOM)?;
    m.add("TTT_LEVEL_EASY", TTT_LEVEL_EASY)?;
    m.add("TTT_LEVEL_MEDIUM", TTT_LEVEL_MEDIUM)?;
    m.add("TTT_LEVEL_HARD", TTT_LEVEL_HARD)?;
    m.add("TTT_LEVEL_PERFECT", TTT_LEVEL_PERFECT)?;
    m.add_function(wrap_pyfunction!(status_str, m)?)?;
    m.add_function(wrap_pyfunction!(result_str, m)?)?;
    m.add_function(wrap_pyfunction!(verdict_str, m)?)?;
    m.add_function(wrap_pyfunction!(games_freed, m)?)?;
    m.add_function(wrap_pyfunction!(exercises::judge_ex, m)?)?;
    m.add_function(wrap_pyfunction!(exercises::validate, m)?)?;
    m.add_function(wrap_pyfunction!(exercises::validate_rows, m)?)?;
    m.add_class::<game::GameCore>()?;
    m.add_class::<batch::BatchCore>()?;
    Ok(())
}
