//! Text: a game saved as a line of text, and a game loaded from one.

use std::ffi::c_char;

use super::{give, guard, in_slice, out_ptr, with_game, write_text, TttGame, TttStatus};
use crate::Game;

/// The game as text, `rows,cols,k:BOARD:P`, e.g. `3,3,3:X.O/.X./...:O` (docs/c-api.md, "Game
/// text"), written with a terminating NUL into `out_text` of `capacity` bytes. `*out_len` is
/// the length without the NUL (a size report); asking with `capacity` 0 costs O(1), writing
/// O(rows × cols). The undo history is not kept.
///
/// Returns `TTT_NULL_POINTER`, `TTT_BUFFER_TOO_SMALL`, `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_to_text(
    game: *const TttGame,
    out_text: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> TttStatus {
    // SAFETY: see `with_game`; the buffer contract is the caller's, as documented.
    unsafe {
        with_game(game, |game| {
            write_text(game.text_len(), || game.try_to_text(), out_text, capacity, out_len)
        })
    }
}

/// Creates a game from `ttt_game_to_text`'s format: `len` bytes at `text`, no NUL needed,
/// one final line feed allowed. The stones, result and side to move are restored; there is no
/// undo history. On success the caller owns `*out_game` and releases it with
/// `ttt_game_free`. O(len).
///
/// Returns `TTT_NULL_POINTER`, `TTT_PARSE_ERROR` (malformed text, a bad character, a wrong
/// cell count, a number past `uint32_t`), `TTT_INVALID_ARGUMENT` / `TTT_TOO_LARGE` (a bad
/// size), `TTT_UNREACHABLE_BOARD` (no legal game leaves these stones with this side to move),
/// `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_from_text(
    text: *const c_char,
    len: usize,
    out_game: *mut *mut TttGame,
) -> TttStatus {
    guard(|| {
        // SAFETY: the caller promises `len` readable bytes at `text`.
        let text = unsafe { in_slice(text.cast::<u8>(), len) }?;
        let out_game = out_ptr(out_game)?;
        let game = Game::from_text(text)?;
        // SAFETY: `out_game` is non-NULL; the caller promises it is writable.
        unsafe { give(game, out_game) }
    })
}
