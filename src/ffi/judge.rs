//! Judge: the result of a whole move list ("Find Winner"), without a game.

use std::ffi::c_char;

use super::{guard, in_slice, out_ptr, ttt_result_str, TttResult, TttStatus};
use crate::{judge, Rules};
use TttStatus::*;

/// Judges a move list with the index of the offending move reported through `out_bad_index`.
unsafe fn judge_impl(
    moves: *const u32,
    move_count: usize,
    rows: u32,
    cols: u32,
    k: u32,
    out_result: *mut TttResult,
    out_bad_index: *mut usize,
) -> TttStatus {
    guard(|| {
        let pairs = move_count.checked_mul(2).ok_or(TTT_INVALID_ARGUMENT)?;
        // SAFETY: the caller promises 2 * move_count readable values at `moves`.
        let flat = unsafe { in_slice(moves, pairs) }?;
        let out_result = out_ptr(out_result)?;
        let rules = Rules::new(rows, cols, k)?;
        let (moves, _) = flat.as_chunks::<2>();
        match judge(&rules, moves) {
            Ok(outcome) => {
                // SAFETY: non-NULL; the caller promises it is writable.
                unsafe { *out_result = outcome.into() };
                Ok(())
            }
            Err(e) => {
                // SAFETY: NULL or writable, as the caller promises.
                if let (Some(index), Some(bad)) = (e.index, unsafe { out_bad_index.as_mut() }) {
                    *bad = index;
                }
                Err(e.error.into())
            }
        }
    })
}

/// "Find Winner": replays `move_count` moves, `moves = row0, col0, row1, col1, ...` (player
/// 1 first, then alternating), on an empty `rows` × `cols` board where `k` in a row wins and
/// writes the result. Each move is checked as `ttt_game_move` checks it: bounds, then game
/// over, then the cell. O(move_count × k); boards of up to 64 cells allocate nothing.
///
/// Returns `TTT_NULL_POINTER` (`out_result`, or `moves` with `move_count` > 0),
/// `TTT_INVALID_ARGUMENT` / `TTT_TOO_LARGE` (a bad size), `TTT_OUT_OF_BOUNDS`,
/// `TTT_CELL_OCCUPIED`, `TTT_GAME_OVER` (a move after the end), `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_judge(
    moves: *const u32,
    move_count: usize,
    rows: u32,
    cols: u32,
    k: u32,
    out_result: *mut TttResult,
) -> TttStatus {
    // SAFETY: same contract.
    unsafe { judge_impl(moves, move_count, rows, cols, k, out_result, std::ptr::null_mut()) }
}

/// `ttt_judge`, and when a move breaks the rules (`TTT_OUT_OF_BOUNDS`, `TTT_CELL_OCCUPIED`,
/// `TTT_GAME_OVER`) its 0-based index is written to `*out_bad_index`: the one out-pointer
/// written on failure, left alone otherwise. `out_bad_index` may be NULL.
#[no_mangle]
pub unsafe extern "C" fn ttt_judge_ex(
    moves: *const u32,
    move_count: usize,
    rows: u32,
    cols: u32,
    k: u32,
    out_result: *mut TttResult,
    out_bad_index: *mut usize,
) -> TttStatus {
    // SAFETY: same contract.
    unsafe { judge_impl(moves, move_count, rows, cols, k, out_result, out_bad_index) }
}

/// LeetCode 1275 "Find Winner on a Tic Tac Toe Game": `ttt_judge` on 3 × 3, with the answer
/// as the static string "A", "B", "Draw" or "Pending" (never freed). Statuses as
/// `ttt_judge`.
#[no_mangle]
pub unsafe extern "C" fn ttt_find_winner(
    moves: *const u32,
    move_count: usize,
    out_answer: *mut *const c_char,
) -> TttStatus {
    let mut result = TttResult::TTT_PENDING;
    if out_answer.is_null() {
        return TTT_NULL_POINTER;
    }
    // SAFETY: same contract as `ttt_judge`; `result` is a local.
    let status = unsafe { ttt_judge(moves, move_count, 3, 3, 3, &mut result) };
    if status == TTT_OK {
        // SAFETY: non-NULL; the caller promises it is writable.
        unsafe { *out_answer = ttt_result_str(result as u32) };
    }
    status
}
