//! The AI entry points: exact best move and optimal moves, budgeted search, difficulty levels.
//! All take the game read-only (`const TttGame *`) and work on their own copy or bitboards.

use super::game::{game_ref, TttGame};
use super::status::TttStatus;
use super::{guard, out_ptr, write_list};
use crate::ai;
use crate::Game;

/// Writes a row-major cell as (row, col) through two checked out-pointers.
unsafe fn write_cell(game: &Game, cell: usize, out_row: *mut u32, out_col: *mut u32) {
    let (row, col) = game.rules().row_col(cell);
    // SAFETY: both pointers were checked non-NULL; the caller promises they are writable.
    unsafe {
        *out_row = row;
        *out_col = col;
    }
}

/// Perfect play: the best move for the side to move and the position's game-theoretic value.
/// `*out_score` is 0 for a draw with best play; +N when the side to move wins, the game ending
/// N plies from now (its own move counts as 1); -N when it loses N plies from now. The move is
/// the fastest win, else a draw, else the slowest loss; among equals the one found first.
///
/// Feasibility: the exact solve needs rows × (cols + 1) <= 64 (any board up to 7×7, 8×7,
/// 5×10, ...) and a proof within `TTT_SOLVE_NODES` search nodes (a few seconds at most, so
/// the call always returns); otherwise `TTT_TOO_HARD` (use `ttt_game_search`). 3×3 k=3 is
/// answered from a built-in table in well under a microsecond; 4×4 k=4 takes milliseconds.
///
/// Returns `TTT_NULL_POINTER`, `TTT_GAME_OVER` (the game is finished), `TTT_TOO_HARD`,
/// `TTT_OUT_OF_MEMORY`. Never changes the game. Thread-safe for distinct games; the same game
/// may be read by several threads at once as long as none changes it.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_best_move(
    game: *const TttGame,
    out_row: *mut u32,
    out_col: *mut u32,
    out_score: *mut i32,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_ref`.
        let game = unsafe { game_ref(game) }?;
        let (out_row, out_col, out_score) = (out_ptr(out_row)?, out_ptr(out_col)?, out_ptr(out_score)?);
        let best = ai::best_move(game)?;
        // SAFETY: all three checked non-NULL; the caller promises they are writable.
        unsafe {
            write_cell(game, best.cell, out_row, out_col);
            *out_score = best.score;
        }
        Ok(())
    })
}

/// Every move that keeps the position's value, as cells `row * cols + col` in ascending
/// order: when the side to move wins, every move that still wins (not only the fastest);
/// when it draws, every move that still draws; when it loses, every move. `*out_count` is set
/// to the number of such moves whenever they could be computed; the cells are written only
/// when `capacity` suffices, else `TTT_BUFFER_TOO_SMALL`. `out_cells` may be NULL when
/// `capacity` is 0.
///
/// Returns `TTT_NULL_POINTER`, `TTT_GAME_OVER`, `TTT_TOO_HARD` (same feasibility rule as
/// `ttt_game_best_move`; `*out_count` is not written), `TTT_BUFFER_TOO_SMALL`,
/// `TTT_OUT_OF_MEMORY`. Never changes the game; thread-safety as `ttt_game_best_move`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_optimal_moves(
    game: *const TttGame,
    out_cells: *mut u32,
    capacity: usize,
    out_count: *mut usize,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_ref`.
        let game = unsafe { game_ref(game) }?;
        out_ptr(out_count)?;
        let cells = ai::optimal_moves(game)?;
        // SAFETY: the buffer contract is the caller's, as documented.
        unsafe { write_list(cells.iter().map(|&c| c as u32), out_cells, capacity, out_count) }
    })
}

/// The node budget of `ttt_game_best_move` and `ttt_game_optimal_moves`: 2^24 search nodes,
/// a few seconds at most on one core. A proof that needs more gives `TTT_TOO_HARD`.
pub const TTT_SOLVE_NODES: u64 = 16_777_216;
const _: () = assert!(TTT_SOLVE_NODES == ai::SOLVE_NODES);
