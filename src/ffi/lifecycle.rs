//! Lifecycle: create, copy, reset and free a game.

use super::{catch, game_mut, game_ref, give, guard, out_ptr, TttGame, TttStatus};
use crate::{Game, Rules};

/// Creates an empty game on a `rows` × `cols` board where `k` in a row wins, player 1 to
/// move. On success the caller owns `*out_game` and releases it with `ttt_game_free`.
/// O(rows × cols): the board takes 2 bits a cell.
///
/// Returns `TTT_NULL_POINTER`, `TTT_INVALID_ARGUMENT` (unless 1 <= rows, 1 <= cols and
/// 1 <= k <= max(rows, cols)), `TTT_TOO_LARGE` (rows × cols > `TTT_MAX_CELLS`),
/// `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_new(
    rows: u32,
    cols: u32,
    k: u32,
    out_game: *mut *mut TttGame,
) -> TttStatus {
    guard(|| {
        let out_game = out_ptr(out_game)?;
        let game = Game::new(Rules::new(rows, cols, k)?)?;
        // SAFETY: `out_game` is non-NULL; the caller promises it is writable.
        unsafe { give(game, out_game) }
    })
}

/// "Design Tic-Tac-Toe"'s constructor: `ttt_game_new(n, n, n, out_game)`, the board on which
/// every move costs O(1).
#[no_mangle]
pub unsafe extern "C" fn ttt_tictactoe_new(n: u32, out_game: *mut *mut TttGame) -> TttStatus {
    // SAFETY: same contract as `ttt_game_new`.
    unsafe { ttt_game_new(n, n, n, out_game) }
}

/// Releases a game and everything it owns; NULL is a no-op. The handle must not be used
/// again.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_free(game: *mut TttGame) {
    if !game.is_null() {
        // A panic in a destructor must not cross the boundary either; there is no status to
        // return, so it is swallowed.
        // SAFETY: the caller passes a handle from this library, freed at most once.
        let _ = catch(|| drop(unsafe { Box::from_raw(game) }));
    }
}

/// Creates an independent copy of `game`: board, turn, result and undo/redo history. On
/// success the caller owns `*out_game` and releases it with `ttt_game_free`.
/// O(rows × cols + moves played).
///
/// Returns `TTT_NULL_POINTER`, `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_clone(game: *const TttGame, out_game: *mut *mut TttGame) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_ref`.
        let game = unsafe { game_ref(game) }?;
        let out_game = out_ptr(out_game)?;
        let copy = game.try_clone()?;
        // SAFETY: `out_game` is non-NULL; the caller promises it is writable.
        unsafe { give(copy, out_game) }
    })
}

/// Empties the board and the undo/redo history, player 1 to move; the size and k stay.
/// O(rows × cols).
///
/// Returns `TTT_NULL_POINTER`, `TTT_OUT_OF_MEMORY` (the game is then unchanged).
#[no_mangle]
pub unsafe extern "C" fn ttt_game_reset(game: *mut TttGame) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_mut`.
        unsafe { game_mut(game) }?.reset()?;
        Ok(())
    })
}
