//! Queries: the size, whose turn, the result, cells, stones, legal moves, the winning line.
//! All read the game only.

use super::{game_ref, guard, out_ptr, read, with_game, write_list, TttGame, TttResult, TttStatus};
use crate::Player;

/// The board size and win length. O(1).
///
/// Returns `TTT_NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_size(
    game: *const TttGame,
    out_rows: *mut u32,
    out_cols: *mut u32,
    out_k: *mut u32,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_ref`.
        let rules = unsafe { game_ref(game) }?.rules();
        let (r, c, k) = (out_ptr(out_rows)?, out_ptr(out_cols)?, out_ptr(out_k)?);
        // SAFETY: all non-NULL; the caller promises they are writable.
        unsafe { (*r, *c, *k) = (rules.rows(), rules.cols(), rules.k()) };
        Ok(())
    })
}

/// The player to move next (1 or 2), or 0 once the game is over. On an empty board either
/// player may move with `ttt_game_move`; this names the one `ttt_game_play` would move for.
/// O(1).
///
/// Returns `TTT_NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_to_move(game: *const TttGame, out_player: *mut u32) -> TttStatus {
    // SAFETY: see `game_ref`.
    unsafe { read(game, out_player, |g| Ok(g.to_move().map_or(0, Player::number))) }
}

/// The player who made the first move (1, or 2 when player 2 opened with `ttt_game_move`);
/// on an empty board, the one `ttt_game_play` would open with. O(1).
///
/// Returns `TTT_NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_first_player(game: *const TttGame, out_player: *mut u32) -> TttStatus {
    // SAFETY: see `game_ref`.
    unsafe { read(game, out_player, |g| Ok(g.first_player().number())) }
}

/// How the game stands: pending, A (player 1) won, B (player 2) won, or a draw. O(1).
///
/// Returns `TTT_NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_result(game: *const TttGame, out_result: *mut TttResult) -> TttStatus {
    // SAFETY: see `game_ref`.
    unsafe { read(game, out_result, |g| Ok(g.outcome().into())) }
}

/// The stone on (`row`, `col`): 0 empty, 1 player 1 (X), 2 player 2 (O). O(1).
///
/// Returns `TTT_NULL_POINTER`, `TTT_OUT_OF_BOUNDS`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_cell(
    game: *const TttGame,
    row: u32,
    col: u32,
    out_player: *mut u32,
) -> TttStatus {
    // SAFETY: see `game_ref`.
    unsafe { read(game, out_player, |g| Ok(g.cell(row, col)?.map_or(0, Player::number))) }
}

/// The number of stones on the board. O(1).
///
/// Returns `TTT_NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_move_count(game: *const TttGame, out_count: *mut usize) -> TttStatus {
    // SAFETY: see `game_ref`.
    unsafe { read(game, out_count, |g| Ok(g.move_count())) }
}

/// The whole board, row-major, one byte per cell (0 empty, 1 or 2), into `out_cells` of
/// `capacity` bytes; `*out_count` is set to rows × cols (a size report). O(rows × cols).
///
/// Returns `TTT_NULL_POINTER`, `TTT_BUFFER_TOO_SMALL`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_cells(
    game: *const TttGame,
    out_cells: *mut u8,
    capacity: usize,
    out_count: *mut usize,
) -> TttStatus {
    // SAFETY: see `with_game`; the buffer contract is the caller's, as documented.
    unsafe {
        with_game(game, |game| {
            write_list(game.rules().cells(), game.board().cells().iter(), out_cells, capacity, out_count)
        })
    }
}

/// The empty cells the side to move may play, ascending; none once the game is over.
/// `*out_count` is their number (a size report). Counting costs O(1), listing
/// O(rows × cols).
///
/// Returns `TTT_NULL_POINTER`, `TTT_BUFFER_TOO_SMALL`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_legal_moves(
    game: *const TttGame,
    out_cells: *mut u32,
    capacity: usize,
    out_count: *mut usize,
) -> TttStatus {
    // SAFETY: see `with_game`; the buffer contract is the caller's, as documented.
    unsafe {
        with_game(game, |game| {
            let moves = game.legal_cells().map(|c| c as u32);
            write_list(game.legal_move_count(), moves, out_cells, capacity, out_count)
        })
    }
}

/// The cells of the winning line, ascending: the whole unbroken run through the winning move
/// (it may be longer than k); none while nobody has won. Where the winning move completed
/// lines in several directions, the first of row, column, diagonal (↘) and anti-diagonal
/// (↙). `*out_count` is its length (a size report). O(length of the line).
///
/// Returns `TTT_NULL_POINTER`, `TTT_BUFFER_TOO_SMALL`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_winning_line(
    game: *const TttGame,
    out_cells: *mut u32,
    capacity: usize,
    out_count: *mut usize,
) -> TttStatus {
    // SAFETY: see `with_game`; the buffer contract is the caller's, as documented.
    unsafe {
        with_game(game, |game| {
            let line = game.winning_cells().map(|c| c as u32);
            write_list(line.clone().count(), line, out_cells, capacity, out_count)
        })
    }
}
