//! The two stateless exercises: judge a move list ("Find Winner") and validate a board
//! ("Valid Tic-Tac-Toe State"), in general form and in their original LeetCode shapes.

use std::ffi::{c_char, CStr};

use super::status::TttStatus::{self, *};
use super::{guard, in_slice, out_ptr, TttResult, TttVerdict};
use crate::{judge, validate, Rules};

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

/// "Find Winner": replays `move_count` moves given as `moves = row0, col0, row1, col1, ...`
/// (player A/X first, then alternating) on an empty `rows` × `cols` board where `k` in a row
/// wins, and writes the result: pending, A won, B won, or draw.
///
/// Returns `TTT_NULL_POINTER` (`out_result` NULL, or `moves` NULL with `move_count` > 0),
/// `TTT_INVALID_ARGUMENT` / `TTT_TOO_LARGE` (bad size), `TTT_OUT_OF_BOUNDS` (a cell off the
/// board), `TTT_CELL_OCCUPIED` (a repeated cell), `TTT_GAME_OVER` (a move after the game
/// ended), `TTT_OUT_OF_MEMORY`. Use `ttt_judge_ex` to learn which move was at fault. Each move
/// is checked in `ttt_game_move`'s order: bounds, then game over, then the cell, so a move
/// off the board after the end is `TTT_OUT_OF_BOUNDS`.
/// Boards of up to 64 cells are judged without allocating.
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
/// `TTT_GAME_OVER`) its 0-based index in the list is written to `*out_bad_index`. That is the
/// one out-pointer written on failure; it is left alone on success and on other errors.
/// `out_bad_index` may be NULL.
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

/// LeetCode 1275 "Find Winner on a Tic Tac Toe Game": judges `move_count` moves
/// (`row0, col0, row1, col1, ...`) on 3 × 3 and points `*out_answer` at the static string
/// "A", "B", "Draw" or "Pending" (never free it). Statuses as for `ttt_judge`.
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
        unsafe { *out_answer = super::ttt_result_str(result as u32) };
    }
    status
}

/// "Valid State": is the board in `board` (`board_len` bytes, no NUL needed) reachable in a
/// legal game of `k` in a row where X moves first? The board is `rows` × `cols` cells
/// row-major: 'X', 'O', and ' ' or '.' for empty; '/' and line feeds (byte 10) may separate
/// rows and are skipped wherever they appear. A carriage return (byte 13, as in Windows line
/// ends) is not a separator: it is `TTT_PARSE_ERROR`. `*out_verdict` is `TTT_VALID` (0) for a
/// reachable board, else the first reason found (`ttt_verdict_str` names it). Boards that fit
/// a 64-bit bitboard (rows x (cols + 1) <= 64, e.g. 7x7) are checked without allocating.
///
/// Returns `TTT_NULL_POINTER` (`out_verdict` NULL, or `board` NULL with `board_len` > 0),
/// `TTT_INVALID_ARGUMENT` / `TTT_TOO_LARGE` (bad size), `TTT_PARSE_ERROR` (another byte, or a
/// cell count other than rows × cols), `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_validate(
    board: *const c_char,
    board_len: usize,
    rows: u32,
    cols: u32,
    k: u32,
    out_verdict: *mut TttVerdict,
) -> TttStatus {
    guard(|| {
        // SAFETY: the caller promises `board_len` readable bytes at `board`.
        let text = unsafe { in_slice(board.cast::<u8>(), board_len) }?;
        let out_verdict = out_ptr(out_verdict)?;
        let verdict = validate(&Rules::new(rows, cols, k)?, text)?;
        // SAFETY: non-NULL; the caller promises it is writable.
        unsafe { *out_verdict = verdict.into() };
        Ok(())
    })
}

/// LeetCode 794 "Valid Tic-Tac-Toe State", generalized: the board as `row_count` NUL-terminated
/// row strings (each the same length, which is cols), cells as for `ttt_validate` (`'/'`
/// and line feeds are not allowed inside a row: each string is one row). `k` = 0
/// means k = rows = cols, as in the original, and then a non-square board is
/// `TTT_INVALID_ARGUMENT`.
///
/// Returns the statuses of `ttt_validate`; `TTT_NULL_POINTER` also for a NULL row;
/// `TTT_PARSE_ERROR` for rows of unequal length.
#[no_mangle]
pub unsafe extern "C" fn ttt_validate_rows(
    board_rows: *const *const c_char,
    row_count: usize,
    k: u32,
    out_verdict: *mut TttVerdict,
) -> TttStatus {
    guard(|| {
        // SAFETY: the caller promises `row_count` readable row pointers.
        let row_ptrs = unsafe { in_slice(board_rows, row_count) }?;
        let out_verdict = out_ptr(out_verdict)?;
        let mut text = Vec::new();
        let mut cols = None;
        for &p in row_ptrs {
            if p.is_null() {
                return Err(TTT_NULL_POINTER);
            }
            // SAFETY: the caller promises each row is a NUL-terminated string.
            let row = unsafe { CStr::from_ptr(p) }.to_bytes();
            if *cols.get_or_insert(row.len()) != row.len() || row.contains(&b'/') || row.contains(&b'\n') {
                return Err(TTT_PARSE_ERROR);
            }
            text.try_reserve(row.len()).map_err(|_| TTT_OUT_OF_MEMORY)?;
            text.extend_from_slice(row);
        }
        let rows = u32::try_from(row_count).map_err(|_| TTT_TOO_LARGE)?;
        let cols = u32::try_from(cols.unwrap_or(0)).map_err(|_| TTT_TOO_LARGE)?;
        let k = match k {
            0 if rows == cols => rows,
            0 => return Err(TTT_INVALID_ARGUMENT),
            k => k,
        };
        let verdict = validate(&Rules::new(rows, cols, k)?, &text)?;
        // SAFETY: non-NULL; the caller promises it is writable.
        unsafe { *out_verdict = verdict.into() };
        Ok(())
    })
}
