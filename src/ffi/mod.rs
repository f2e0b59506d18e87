//! The C ABI, declared in `include/tictactoe.h` (generated from this module by cbindgen). The
//! only `unsafe` code and the only `extern "C"` functions of the crate live here. Every
//! function is thin: check the arguments, call the core behind the panic boundary (`catch`),
//! map errors to `TttStatus`, and write out-pointers only when everything succeeded.
//!
//! One file per section of the header, declared in the header's order; build.rs puts a
//! banner before each section. Every C function and type is re-exported here, so Rust code
//! and tests name them `tictactoe::ffi::ttt_...` whatever file holds them. Hidden from the
//! Rust documentation: Rust users have the core's own API.

#![doc(hidden)]
#![allow(non_camel_case_types)]
#![allow(clippy::missing_safety_doc)]

use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::Game;

// One module per section of the header, declared in the header's order: cbindgen writes the
// functions in the order it reads the modules. (Each stands alone so that rustfmt keeps the
// order rather than sort them.)
mod types;

mod lifecycle;

mod moves;

mod queries;

mod history;

mod text;

mod judge;

mod validate;

mod ai;

mod describe;

mod batch;

pub use ai::*;
pub use batch::*;
pub use describe::*;
pub use history::*;
pub use judge::*;
pub use lifecycle::*;
pub use moves::*;
pub use queries::*;
pub use text::*;
pub use types::*;
pub use validate::*;

use TttStatus::*;

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

/// Borrows a game read-only.
pub(crate) unsafe fn game_ref<'a>(game: *const TttGame) -> Result<&'a Game, TttStatus> {
    // SAFETY: the caller promises `game` is NULL or a live handle from this library.
    unsafe { game.as_ref() }.map(TttGame::game).ok_or(TTT_NULL_POINTER)
}

/// Borrows a game for change.
pub(crate) unsafe fn game_mut<'a>(game: *mut TttGame) -> Result<&'a mut Game, TttStatus> {
    // SAFETY: the caller promises `game` is NULL or a live handle used by one thread at a time.
    unsafe { game.as_mut() }.map(|g| &mut g.game).ok_or(TTT_NULL_POINTER)
}

/// Runs `body` on a borrowed game behind the panic boundary.
pub(crate) unsafe fn with_game(
    game: *const TttGame,
    body: impl FnOnce(&Game) -> Result<(), TttStatus>,
) -> TttStatus {
    // SAFETY: see `game_ref`.
    guard(|| body(unsafe { game_ref(game) }?))
}

/// Writes one value computed from a game to a checked out-pointer.
pub(crate) unsafe fn read<T>(
    game: *const TttGame,
    out: *mut T,
    f: impl FnOnce(&Game) -> Result<T, TttStatus>,
) -> TttStatus {
    // SAFETY: see `with_game`.
    unsafe {
        with_game(game, |game| {
            let out = out_ptr(out)?;
            let value = f(game)?;
            // SAFETY: non-NULL; the caller promises it is writable.
            *out = value;
            Ok(())
        })
    }
}

/// Hands a new game to the caller through `out_game`, which the caller has checked non-NULL.
#[inline(always)]
pub(crate) unsafe fn give(game: Game, out_game: *mut *mut TttGame) -> Result<(), TttStatus> {
    // SAFETY: as `hand_over`'s contract.
    unsafe { hand_over(TttGame { game }, out_game) }
}

/// Hands a new handle to the caller through `out`, which the caller has checked non-NULL; the
/// caller's free function releases it with `Box::from_raw`. The handle is allocated fallibly
/// (`Box::new` would abort the process when memory runs out).
#[inline(always)]
pub(crate) unsafe fn hand_over<T>(value: T, out: *mut *mut T) -> Result<(), TttStatus> {
    const { assert!(std::mem::size_of::<T>() > 0) };
    let layout = std::alloc::Layout::new::<T>();
    // SAFETY: `T` is not zero-sized, so the layout has a non-zero size.
    let handle = unsafe { std::alloc::alloc(layout) }.cast::<T>();
    if handle.is_null() {
        return Err(TTT_OUT_OF_MEMORY);
    }
    // SAFETY: `handle` is fresh memory laid out for one `T`, which `Box::from_raw` may release
    // (same global allocator, same layout). `out` was checked non-NULL by the caller.
    unsafe {
        handle.write(value);
        *out = handle;
    }
    Ok(())
}

/// Borrows `len` writable items at `p`, which must not be NULL.
///
/// # Safety
/// `p` must point to `len` writable items that nothing else reads or writes during the borrow.
pub(crate) unsafe fn out_slice<'a, T>(p: *mut T, len: usize) -> Result<&'a mut [T], TttStatus> {
    let p = out_ptr(p)?;
    if len > isize::MAX as usize / std::mem::size_of::<T>().max(1) {
        return Err(TTT_INVALID_ARGUMENT);
    }
    // SAFETY: the caller promises `len` writable items at the non-NULL `p`, not aliased.
    Ok(unsafe { std::slice::from_raw_parts_mut(p, len) })
}

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
