//! The C ABI. The only `unsafe` code and the only `extern "C"` functions of the crate live
//! here. Every function is thin: check the arguments, call the core, map errors to `TttStatus`,
//! and write out-pointers only when everything succeeded.

#![allow(non_camel_case_types)]
#![allow(clippy::missing_safety_doc)]

use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

pub mod ai;
pub mod game;
pub mod judge;
pub mod status;

pub use status::TttStatus;
use status::TttStatus::*;

/// Largest number of cells (rows x cols) a board may have: 67108864 = 4 x 4096 x 4096.
/// Any rows and cols whose product is at most this work; a bigger board is `TTT_TOO_LARGE`.
pub const TTT_MAX_CELLS: u64 = 67_108_864;
const _: () = assert!(TTT_MAX_CELLS == crate::MAX_CELLS);

/// How a game stands, or the outcome of a judged move list.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TttResult {
    /// The game goes on: moves remain and nobody has a line.
    TTT_PENDING = 0,
    /// Player 1 ("A", X) completed a line.
    TTT_A_WINS = 1,
    /// Player 2 ("B", O) completed a line.
    TTT_B_WINS = 2,
    /// The board filled with no line.
    TTT_DRAW = 3,
}

impl From<crate::Outcome> for TttResult {
    fn from(o: crate::Outcome) -> Self {
        match o {
            crate::Outcome::Pending => TttResult::TTT_PENDING,
            crate::Outcome::Won(crate::Player::X) => TttResult::TTT_A_WINS,
            crate::Outcome::Won(crate::Player::O) => TttResult::TTT_B_WINS,
            crate::Outcome::Draw => TttResult::TTT_DRAW,
        }
    }
}

/// Whether a board is reachable in a legal game (X moving first), and if not, the first reason
/// found, checked in the order listed.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TttVerdict {
    /// Reachable in a legal game.
    TTT_VALID = 0,
    /// More O stones than X stones: O would have moved first.
    TTT_TOO_MANY_O = 1,
    /// X has more than one stone more than O: X moved twice in a row.
    TTT_TOO_MANY_X = 2,
    /// Both players have a line: the game would have ended at the first.
    TTT_BOTH_WIN = 3,
    /// X has a line, yet O has as many stones as X: O moved after X had won.
    TTT_X_WON_THEN_O_MOVED = 4,
    /// O has a line, yet X has more stones: X moved after O had won.
    TTT_O_WON_THEN_X_MOVED = 5,
    /// X's lines share no stone, so no single last move could have made them all.
    TTT_X_LINES_DISJOINT = 6,
    /// O's lines share no stone, so no single last move could have made them all.
    TTT_O_LINES_DISJOINT = 7,
}

impl From<crate::Verdict> for TttVerdict {
    fn from(v: crate::Verdict) -> Self {
        use crate::Verdict as V;
        match v {
            V::Valid => TttVerdict::TTT_VALID,
            V::TooManyO => TttVerdict::TTT_TOO_MANY_O,
            V::TooManyX => TttVerdict::TTT_TOO_MANY_X,
            V::BothWin => TttVerdict::TTT_BOTH_WIN,
            V::XWonThenOMoved => TttVerdict::TTT_X_WON_THEN_O_MOVED,
            V::OWonThenXMoved => TttVerdict::TTT_O_WON_THEN_X_MOVED,
            V::XLinesDisjoint => TttVerdict::TTT_X_LINES_DISJOINT,
            V::OLinesDisjoint => TttVerdict::TTT_O_LINES_DISJOINT,
        }
    }
}

/// The panic boundary, through which every export runs its body: the body's value, or
/// `TTT_INTERNAL_ERROR` when it panicked. Most exports use it through `guard`.
#[inline(always)]
pub(crate) fn catch<T>(body: impl FnOnce() -> T) -> Result<T, TttStatus> {
    catch_unwind(AssertUnwindSafe(body)).map_err(|_| TTT_INTERNAL_ERROR)
}

/// Runs `body` behind the panic boundary (`catch`) and returns its status: `TTT_OK`, the
/// error it returned, or `TTT_INTERNAL_ERROR` for a panic.
pub(crate) fn guard(body: impl FnOnce() -> Result<(), TttStatus>) -> TttStatus {
    match catch(body) {
        Ok(Ok(())) => TTT_OK,
        Ok(Err(status)) | Err(status) => status,
    }
}

/// Checks an out-pointer for NULL. The caller writes through it only on success.
pub(crate) fn out_ptr<T>(p: *mut T) -> Result<*mut T, TttStatus> {
    if p.is_null() {
        Err(TTT_NULL_POINTER)
    } else {
        Ok(p)
    }
}

/// Borrows `len` items at `p`; NULL is allowed only when `len` is 0.
///
/// # Safety
/// `p` must be NULL or point to `len` readable, initialized items that outlive the borrow.
pub(crate) unsafe fn in_slice<'a, T>(p: *const T, len: usize) -> Result<&'a [T], TttStatus> {
    if len == 0 {
        return Ok(&[]);
    }
    if p.is_null() {
        return Err(TTT_NULL_POINTER);
    }
    // No real buffer is this long; a slice that size would be undefined behaviour to form.
    if len > isize::MAX as usize / std::mem::size_of::<T>().max(1) {
        return Err(TTT_INVALID_ARGUMENT);
    }
    // SAFETY: the caller promises `len` readable items at the non-NULL `p`.
    Ok(unsafe { std::slice::from_raw_parts(p, len) })
}

/// Writes the `len` `items` to a caller buffer of `capacity` items. `*out_count` always
/// receives `len` (so a caller can size its buffer); the items are written only when they fit,
/// else `TTT_BUFFER_TOO_SMALL`. `out` may be NULL when `capacity` is 0. The count comes from
/// the caller rather than from walking `items`, so asking for the size of a big list costs
/// nothing (every legal move of a 2^26-cell board).
///
/// # Safety
/// `out` must be NULL or point to `capacity` writable items; `out_count` must be NULL or valid.
pub(crate) unsafe fn write_list<T: Copy>(
    len: usize,
    items: impl Iterator<Item = T>,
    out: *mut T,
    capacity: usize,
    out_count: *mut usize,
) -> Result<(), TttStatus> {
    let out_count = out_ptr(out_count)?;
    if out.is_null() && capacity > 0 {
        return Err(TTT_NULL_POINTER);
    }
    // SAFETY: `out_count` is non-NULL and the caller promises it is writable.
    unsafe { *out_count = len };
    if len > capacity {
        return Err(TTT_BUFFER_TOO_SMALL);
    }
    // (`take`: never more than `len` items, whatever `items` holds.)
    for (i, item) in items.take(len).enumerate() {
        // SAFETY: i < len <= capacity, and the caller promises `capacity` writable items.
        unsafe { *out.add(i) = item };
    }
    Ok(())
}

/// Writes the text that `text` builds, predicted to be `len` bytes, plus a terminating NUL
/// into a caller buffer of `capacity` bytes. `*out_len` receives `len` on success and with
/// `TTT_BUFFER_TOO_SMALL` (when `capacity <= len`; the text is then not built, so a size query
/// costs nothing). A built text whose length is not `len` is a bug in the library:
/// `TTT_INTERNAL_ERROR`, and nothing is written.
///
/// # Safety
/// As for `write_list`.
pub(crate) unsafe fn write_text(
    len: usize,
    text: impl FnOnce() -> Result<String, crate::Error>,
    out: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> Result<(), TttStatus> {
    let out_len = out_ptr(out_len)?;
    if out.is_null() && capacity > 0 {
        return Err(TTT_NULL_POINTER);
    }
    if len >= capacity {
        // SAFETY: `out_len` is non-NULL and the caller promises it is writable.
        unsafe { *out_len = len };
        return Err(TTT_BUFFER_TOO_SMALL);
    }
    let text = text()?;
    if text.len() != len {
        return Err(TTT_INTERNAL_ERROR);
    }
    // SAFETY: `out_len` is non-NULL and the caller promises it is writable; the text is
    // `len` bytes and len + 1 <= capacity bytes are writable at `out`; the source is a
    // distinct string.
    unsafe {
        *out_len = len;
        std::ptr::copy_nonoverlapping(text.as_ptr(), out.cast::<u8>(), len);
        *out.add(len) = 0;
    }
    Ok(())
}

/// The library version as "MAJOR.MINOR.PATCH", the same as `TTT_VERSION_STRING` in the header
/// the program was compiled with when both come from one release. Static; never NULL.
#[no_mangle]
pub extern "C" fn ttt_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// Describes a result: "Pending", "A", "B" or "Draw" (the "Find Winner" answers); "unknown"
/// for a value outside `TttResult`. Static; never NULL; the caller must not free it.
#[no_mangle]
pub extern "C" fn ttt_result_str(result: RawResult) -> *const c_char {
    let outcome = match result {
        0 => crate::Outcome::Pending,
        1 => crate::Outcome::Won(crate::Player::X),
        2 => crate::Outcome::Won(crate::Player::O),
        3 => crate::Outcome::Draw,
        _ => return c"unknown".as_ptr(),
    };
    outcome.answer_c().as_ptr()
}

/// Describes a verdict in a sentence, e.g. "both players have a line"; "unknown verdict" for a
/// value outside `TttVerdict`. Static; never NULL; the caller must not free it.
#[no_mangle]
pub extern "C" fn ttt_verdict_str(verdict: RawVerdict) -> *const c_char {
    match crate::Verdict::ALL.get(verdict as usize) {
        Some(v) => v.describe_c().as_ptr(),
        None => c"unknown verdict".as_ptr(),
    }
}

/// A `TttResult` as it arrives from C: any 32-bit value, checked before use.
pub type RawResult = u32;
/// A `TttVerdict` as it arrives from C: any 32-bit value, checked before use.
pub type RawVerdict = u32;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_internal_error() {
        let status = guard(|| panic!("deliberate panic to test the boundary"));
        assert_eq!(status, TTT_INTERNAL_ERROR);
        assert_eq!(guard(|| Err(TTT_GAME_OVER)), TTT_GAME_OVER);
        assert_eq!(guard(|| Ok(())), TTT_OK);
    }

    /// A text whose built length differs from the length predicted for it is refused: the
    /// buffer past the prediction is never written, nor is `*out_len`.
    #[test]
    fn a_text_longer_or_shorter_than_predicted_writes_nothing() {
        for (predicted, built) in [(3, "abcdefgh"), (3, "abcd"), (3, "ab")] {
            let mut buf = [b'#' as c_char; 16];
            let mut out_len = 99;
            let text = || Ok(String::from(built));
            // SAFETY: `buf` has 16 writable bytes, of which 4 are offered; `out_len` is a local.
            let status = match unsafe { write_text(predicted, text, buf.as_mut_ptr(), 4, &mut out_len) } {
                Ok(()) => TTT_OK,
                Err(status) => status,
            };
            assert_eq!(
                (status, out_len),
                (TTT_INTERNAL_ERROR, 99),
                "{built:?} predicted as {predicted} bytes"
            );
            assert!(buf.iter().all(|&b| b == b'#' as c_char), "{built:?} predicted as {predicted} bytes");
        }
    }
}
