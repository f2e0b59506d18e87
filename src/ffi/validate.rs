//! Validate: whether a board can arise in a legal game ("Valid Tic-Tac-Toe State").

use std::ffi::{c_char, CStr};

use super::{guard, in_slice, out_ptr, TttStatus, TttVerdict};
use crate::{validate, validate_rows, Rules};
use TttStatus::*;

/// "Valid State": can the `rows` × `cols` board in `board` (`board_len` bytes, no NUL
/// needed) arise in a legal game where `k` in a row wins and X moves first? Cells row-major:
/// 'X', 'O', and '.' or ' ' for empty; '/' and line feeds are skipped (docs/c-api.md, "Board
/// text"). `*out_verdict` is `TTT_VALID` or the first reason found (`ttt_verdict_str`).
/// O(board_len); boards that fit a 64-bit bitboard allocate nothing.
///
/// Returns `TTT_NULL_POINTER` (`out_verdict`, or `board` with `board_len` > 0),
/// `TTT_INVALID_ARGUMENT` / `TTT_TOO_LARGE` (a bad size), `TTT_PARSE_ERROR` (another byte, or
/// a cell count other than rows × cols), `TTT_OUT_OF_MEMORY`.
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

/// LeetCode 794 "Valid Tic-Tac-Toe State", generalized: the board as `row_count`
/// NUL-terminated strings of equal length (one row each, no '/' or line feed), cells as for
/// `ttt_validate`. `k` = 0 means k = rows = cols, and then a board that is not square is
/// `TTT_INVALID_ARGUMENT`.
///
/// Returns the statuses of `ttt_validate`; `TTT_NULL_POINTER` also for a NULL row,
/// `TTT_PARSE_ERROR` also for rows of unequal length.
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
        let mut rows = Vec::new();
        rows.try_reserve_exact(row_ptrs.len()).map_err(|_| TTT_OUT_OF_MEMORY)?;
        for &p in row_ptrs {
            if p.is_null() {
                return Err(TTT_NULL_POINTER);
            }
            // SAFETY: the caller promises each row is a NUL-terminated string.
            rows.push(unsafe { CStr::from_ptr(p) }.to_bytes());
        }
        let verdict = validate_rows(&rows, (k != 0).then_some(k))?;
        // SAFETY: non-NULL; the caller promises it is writable.
        unsafe { *out_verdict = verdict.into() };
        Ok(())
    })
}
