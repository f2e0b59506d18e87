//! Moves: a named player's move (`ttt_game_move`) and the side to move's (`ttt_game_play`).

use super::{catch, game_mut, guard, out_ptr, TttGame, TttResult, TttStatus};
use crate::Player;
use TttStatus::*;

/// "Design Tic-Tac-Toe": `player` (1 or 2) puts a stone on (`row`, `col`). On success
/// `*out_winner` is the winner (1 or 2), or 0 while nobody has won. Either player may make a
/// game's first move; after that the players alternate. Clears the redo history. O(1) on an
/// n × n board with k = n, O(k) otherwise.
///
/// Returns, checked in this order: `TTT_NULL_POINTER`, `TTT_INVALID_ARGUMENT` (player not 1
/// or 2), `TTT_OUT_OF_BOUNDS`, `TTT_GAME_OVER`, `TTT_WRONG_TURN`, `TTT_CELL_OCCUPIED`,
/// `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_move(
    game: *mut TttGame,
    row: u32,
    col: u32,
    player: u32,
    out_winner: *mut u32,
) -> TttStatus {
    // Three bodies, each entered by a jump: on a tallied board (n x n, k = n; see
    // `board::tally`) one per player, so that the player's stone, tally step and turn bits
    // are constants; the general one for every other call. Choosing here, outside all of
    // them, keeps each body's register saves its own.
    // SAFETY: see `game_ref`; one field is read.
    let tallied = unsafe { game.as_ref() }.is_some_and(|g| g.game.board().tallied_side() != 0);
    // SAFETY (all three): the caller's promises for `ttt_game_move` hold for them.
    match player {
        1 if tallied => unsafe { move_tallied::<1>(game, row, col, out_winner) },
        2 if tallied => unsafe { move_tallied::<2>(game, row, col, out_winner) },
        _ => unsafe { move_general(game, row, col, player, out_winner) },
    }
}

/// `ttt_game_move` by player `P` on a board with a `tallied_side`: the tallied move
/// (`Game::tallied_move`), which only ever succeeds; a move it declines (every error, a
/// history that must grow) goes on, unchanged, to `move_general`, which gives the status.
#[inline(never)]
unsafe extern "C" fn move_tallied<const P: u32>(
    game: *mut TttGame,
    row: u32,
    col: u32,
    out_winner: *mut u32,
) -> TttStatus {
    let tallied = catch(|| {
        // SAFETY: see `game_mut`.
        let g = unsafe { game_mut(game) }.ok()?;
        if out_winner.is_null() {
            return None;
        }
        let player = Player::try_from(P).ok()?;
        let winner = g.tallied_move(row, col, player)?;
        // SAFETY: non-NULL; the caller promises it is writable.
        unsafe { *out_winner = winner };
        Some(())
    });
    match tallied {
        Ok(Some(())) => TTT_OK,
        // SAFETY: the caller's promises for `ttt_game_move` hold for it.
        Ok(None) => unsafe { move_general(game, row, col, P, out_winner) },
        Err(status) => status,
    }
}

/// `ttt_game_move` on any board, with every check and status.
#[inline(never)]
unsafe extern "C" fn move_general(
    game: *mut TttGame,
    row: u32,
    col: u32,
    player: u32,
    out_winner: *mut u32,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_mut`.
        let game = unsafe { game_mut(game) }?;
        let out_winner = out_ptr(out_winner)?;
        let outcome = game.move_as(row, col, Player::try_from(player)?)?;
        // SAFETY: non-NULL; the caller promises it is writable.
        unsafe { *out_winner = outcome.winner().map_or(0, Player::number) };
        Ok(())
    })
}

/// The side to move puts a stone on (`row`, `col`); on success `*out_result` is the game's
/// result after the move. On an empty board that is player 1, unless the game was loaded
/// from a text that names player 2. Clears the redo history. Costs as `ttt_game_move`.
///
/// Returns `TTT_NULL_POINTER`, `TTT_OUT_OF_BOUNDS`, `TTT_GAME_OVER`, `TTT_CELL_OCCUPIED`,
/// `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_play(
    game: *mut TttGame,
    row: u32,
    col: u32,
    out_result: *mut TttResult,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_mut`.
        let game = unsafe { game_mut(game) }?;
        let out_result = out_ptr(out_result)?;
        let outcome = game.play(row, col)?;
        // SAFETY: non-NULL; the caller promises it is writable.
        unsafe { *out_result = outcome.into() };
        Ok(())
    })
}
