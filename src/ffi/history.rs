//! History: the moves played, and taking them back and replaying them.

use super::{game_mut, guard, with_game, write_list, TttGame, TttStatus};

/// The moves played, oldest first, as cells. A game loaded from text lists only the moves
/// played since it was loaded (`ttt_game_move_count` counts every stone). `*out_count` is
/// their number (a size report). O(moves).
///
/// Returns `TTT_NULL_POINTER`, `TTT_BUFFER_TOO_SMALL`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_moves(
    game: *const TttGame,
    out_cells: *mut u32,
    capacity: usize,
    out_count: *mut usize,
) -> TttStatus {
    // SAFETY: see `with_game`; the buffer contract is the caller's, as documented.
    unsafe {
        with_game(game, |game| {
            write_list(game.history().len(), game.history().iter().copied(), out_cells, capacity, out_count)
        })
    }
}

/// Takes back the last move, which `ttt_game_redo` can replay; the game is then as it was
/// before that move. O(1).
///
/// Returns `TTT_NULL_POINTER`, `TTT_NOTHING_TO_UNDO` (every move played since the game was
/// created, reset or loaded is taken back already), `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_undo(game: *mut TttGame) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_mut`.
        unsafe { game_mut(game) }?.undo()?;
        Ok(())
    })
}

/// Replays the most recently undone move, by the player who made it. Any new move clears
/// what can be redone. Costs as `ttt_game_move`.
///
/// Returns `TTT_NULL_POINTER`, `TTT_NOTHING_TO_REDO`, `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_redo(game: *mut TttGame) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_mut`.
        unsafe { game_mut(game) }?.redo()?;
        Ok(())
    })
}
