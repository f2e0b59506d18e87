//! The game object: create, move, query, undo/redo, clone, text round trip, free.

use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::status::TttStatus::{self, *};
use super::{guard, in_slice, out_ptr, write_list, write_text, TttResult};
use crate::{Game, Player, Rules};

/// An m,n,k-game in progress. Opaque: create it with `ttt_game_new` (or `ttt_game_clone`,
/// `ttt_game_from_text`), release it with `ttt_game_free`. A game may be used from any thread,
/// but not from two threads at once; distinct games are fully independent.
pub struct TttGame {
    game: Game,
}

impl TttGame {
    /// The game behind a handle, for Rust code and tests that hold a `TttGame`.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

/// Borrows a game read-only.
pub(crate) unsafe fn game_ref<'a>(game: *const TttGame) -> Result<&'a Game, TttStatus> {
    // SAFETY: the caller promises `game` is NULL or a live handle from this library.
    unsafe { game.as_ref() }.map(|g| &g.game).ok_or(TTT_NULL_POINTER)
}

/// Borrows a game for change.
unsafe fn game_mut<'a>(game: *mut TttGame) -> Result<&'a mut Game, TttStatus> {
    // SAFETY: the caller promises `game` is NULL or a live handle used by one thread at a time.
    unsafe { game.as_mut() }.map(|g| &mut g.game).ok_or(TTT_NULL_POINTER)
}

/// Hands a new game to the caller through `out_game`. The handle is allocated fallibly
/// (`Box::new` would abort the process when memory runs out).
#[inline(always)]
unsafe fn give(game: Game, out_game: *mut *mut TttGame) -> Result<(), TttStatus> {
    let layout = std::alloc::Layout::new::<TttGame>();
    // SAFETY: `TttGame` is not zero-sized, so the layout has a non-zero size.
    let handle = unsafe { std::alloc::alloc(layout) }.cast::<TttGame>();
    if handle.is_null() {
        return Err(TTT_OUT_OF_MEMORY);
    }
    // SAFETY: `handle` is fresh memory laid out for one `TttGame`, which `Box::from_raw` in
    // `ttt_game_free` may release (same global allocator, same layout). `out_game` was
    // checked non-NULL by the caller.
    unsafe {
        handle.write(TttGame { game });
        *out_game = handle;
    }
    Ok(())
}

/// Creates an empty game on a `rows` × `cols` board where `k` in a row wins; player 1 moves
/// first (see `ttt_game_move` for the one exception). On success `*out_game` receives a new
/// game that the caller owns and must release with `ttt_game_free`.
///
/// Returns `TTT_NULL_POINTER` if `out_game` is NULL, `TTT_INVALID_ARGUMENT` unless
/// `1 <= rows`, `1 <= cols` and `1 <= k <= max(rows, cols)`, `TTT_TOO_LARGE` if
/// rows × cols > `TTT_MAX_CELLS`, `TTT_OUT_OF_MEMORY` if allocation fails.
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

/// "Design Tic-Tac-Toe"'s constructor: an n × n board where n in a row wins. Same as
/// `ttt_game_new(n, n, n, out_game)`.
#[no_mangle]
pub unsafe extern "C" fn ttt_tictactoe_new(n: u32, out_game: *mut *mut TttGame) -> TttStatus {
    // SAFETY: same contract as `ttt_game_new`.
    unsafe { ttt_game_new(n, n, n, out_game) }
}

/// Releases a game and everything it owns. NULL is a no-op. The handle must not be used again.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_free(game: *mut TttGame) {
    if !game.is_null() {
        // A panic in a destructor must not cross the boundary either; there is no status to
        // return, so it is swallowed.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            // SAFETY: the caller passes a handle from this library, freed at most once.
            drop(unsafe { Box::from_raw(game) });
        }));
    }
}

/// Creates an independent copy of `game` (board, turn, result and undo/redo history). On
/// success the caller owns `*out_game` and must release it with `ttt_game_free`.
///
/// Returns `TTT_NULL_POINTER` or `TTT_OUT_OF_MEMORY`.
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

/// Empties the board: no stones, no undo/redo history, player 1 to move. The size and k stay.
///
/// Returns `TTT_NULL_POINTER` or `TTT_OUT_OF_MEMORY` (then the game is unchanged).
#[no_mangle]
pub unsafe extern "C" fn ttt_game_reset(game: *mut TttGame) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_mut`.
        unsafe { game_mut(game) }?.reset()?;
        Ok(())
    })
}

/// "Design Tic-Tac-Toe": `player` (1 or 2) puts a stone on (`row`, `col`), counted from 0.
/// On success `*out_winner` is 0 while nobody has won, else the winner (1 or 2). Either player
/// may make the very first move of a game (then that player is the one who started); after
/// that players alternate. Costs O(1) when k equals the board's side (the n,n,n case), O(k)
/// otherwise. A move clears the redo history.
///
/// Returns, checking in this order: `TTT_NULL_POINTER`, `TTT_INVALID_ARGUMENT` (player not 1
/// or 2), `TTT_OUT_OF_BOUNDS`, `TTT_GAME_OVER`, `TTT_WRONG_TURN`, `TTT_CELL_OCCUPIED`,
/// `TTT_OUT_OF_MEMORY`. On any error the game is unchanged.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_move(
    game: *mut TttGame,
    row: u32,
    col: u32,
    player: u32,
    out_winner: *mut u32,
) -> TttStatus {
    // Three bodies, each entered by a jump: on the "Design Tic-Tac-Toe" board (n x n, k = n)
    // a quick one per player, so that the player's stone, tally step and turn bits are
    // constants (13 instructions fewer per move than one quick body for both); the general one
    // for every other call. Choosing here, outside all of them, keeps each body's register
    // saves its own (a quick path inside the general body cost every 3x3 move 28
    // instructions).
    // SAFETY: see `game_ref`; one field is read.
    let counted = unsafe { game.as_ref() }.is_some_and(|g| g.game.board().counted_side() != 0);
    // SAFETY (all three): the caller's promises for `ttt_game_move` hold for them.
    match player {
        1 if counted => unsafe { move_counted::<1>(game, row, col, out_winner) },
        2 if counted => unsafe { move_counted::<2>(game, row, col, out_winner) },
        _ => unsafe { move_general(game, row, col, player, out_winner) },
    }
}

/// `ttt_game_move` by player `P` on a board with a `counted_side`: the quick path
/// (`Game::quick_move`), which only ever succeeds; a move it declines (every error, a history
/// that must grow) goes on, unchanged, to `move_general`, which gives the status.
#[inline(never)]
unsafe extern "C" fn move_counted<const P: u32>(
    game: *mut TttGame,
    row: u32,
    col: u32,
    out_winner: *mut u32,
) -> TttStatus {
    let quick = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: see `game_mut`.
        let g = unsafe { game_mut(game) }.ok()?;
        if out_winner.is_null() {
            return None;
        }
        let player = Player::try_from(P).ok()?;
        let winner = g.quick_move(row, col, player)?;
        // SAFETY: non-NULL; the caller promises it is writable.
        unsafe { *out_winner = winner };
        Some(())
    }));
    match quick {
        Ok(Some(())) => TTT_OK,
        // SAFETY: the caller's promises for `ttt_game_move` hold for it.
        Ok(None) => unsafe { move_general(game, row, col, P, out_winner) },
        Err(_) => TTT_INTERNAL_ERROR,
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

/// The side to move puts a stone on (`row`, `col`). On success `*out_result` is the game's
/// result after the move.
///
/// Returns `TTT_NULL_POINTER`, `TTT_OUT_OF_BOUNDS`, `TTT_GAME_OVER`, `TTT_CELL_OCCUPIED` or
/// `TTT_OUT_OF_MEMORY`; on any error the game is unchanged.
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

/// Takes back the last move; it can be replayed with `ttt_game_redo`. The game is then
/// exactly as it was before that move (the undo history aside): undoing player 2's opening
/// move gives back the empty board with player 1 to move (or, for a game loaded from the text
/// of an empty board, the player that text named), and `ttt_game_redo` replays player 2's
/// stone, which makes player 2 the opener again.
///
/// Returns `TTT_NULL_POINTER`, `TTT_NOTHING_TO_UNDO` (no move, or a game loaded from text
/// with no history), or `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_undo(game: *mut TttGame) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_mut`.
        unsafe { game_mut(game) }?.undo()?;
        Ok(())
    })
}

/// Replays the most recently undone move. Any new move clears what can be redone.
///
/// Returns `TTT_NULL_POINTER`, `TTT_NOTHING_TO_REDO` or `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_redo(game: *mut TttGame) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_mut`.
        unsafe { game_mut(game) }?.redo()?;
        Ok(())
    })
}

/// Reads the board size and win length. Returns `TTT_NULL_POINTER` if any pointer is NULL.
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

/// Runs `body` on a borrowed game behind the panic boundary.
unsafe fn with_game(game: *const TttGame, body: impl FnOnce(&Game) -> Result<(), TttStatus>) -> TttStatus {
    // SAFETY: see `game_ref`.
    guard(|| body(unsafe { game_ref(game) }?))
}

/// Writes one value computed from a game to a checked out-pointer.
unsafe fn read<T>(
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

/// The player to move next (1 or 2), or 0 once the game is over.
/// Returns `TTT_NULL_POINTER` if a pointer is NULL.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_to_move(game: *const TttGame, out_player: *mut u32) -> TttStatus {
    // SAFETY: see `game_ref`.
    unsafe { read(game, out_player, |g| Ok(g.to_move().map_or(0, Player::number))) }
}

/// The player who made the first move: 1, or 2 when player 2 opened with `ttt_game_move`. On an
/// empty board, the player `ttt_game_play` would open with: 1, unless the game was loaded from
/// the text of an empty board naming player 2 (and not reset since). Returns `TTT_NULL_POINTER`
/// if a pointer is NULL.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_first_player(game: *const TttGame, out_player: *mut u32) -> TttStatus {
    // SAFETY: see `game_ref`.
    unsafe { read(game, out_player, |g| Ok(g.first_player().number())) }
}

/// How the game stands: pending, A won, B won, or draw.
/// Returns `TTT_NULL_POINTER` if a pointer is NULL.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_result(game: *const TttGame, out_result: *mut TttResult) -> TttStatus {
    // SAFETY: see `game_ref`.
    unsafe { read(game, out_result, |g| Ok(g.outcome().into())) }
}

/// The stone on (`row`, `col`): 0 empty, 1 player 1 (X), 2 player 2 (O).
/// Returns `TTT_NULL_POINTER` or `TTT_OUT_OF_BOUNDS`.
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

/// The number of stones on the board. Returns `TTT_NULL_POINTER` if a pointer is NULL.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_move_count(game: *const TttGame, out_count: *mut usize) -> TttStatus {
    // SAFETY: see `game_ref`.
    unsafe { read(game, out_count, |g| Ok(g.move_count())) }
}

/// The whole board, row-major, one byte per cell (0 empty, 1 or 2), into `out_cells` of
/// `capacity` bytes. `*out_count` is set to rows × cols on success and with
/// `TTT_BUFFER_TOO_SMALL`; the cells are written only when they fit, else
/// `TTT_BUFFER_TOO_SMALL`. `out_cells` may be NULL when `capacity` is 0.
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

/// The moves played so far, oldest first, as cells `row * cols + col`. `*out_count` is set on
/// success and with `TTT_BUFFER_TOO_SMALL`; cells are written only when they fit, else
/// `TTT_BUFFER_TOO_SMALL`. A game loaded from text has no move history: it lists the moves
/// played since loading (while `ttt_game_move_count` counts every stone), and those are all
/// that `ttt_game_undo` can take back. `out_cells` may be NULL when `capacity` is 0.
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

/// The empty cells (`row * cols + col`, ascending) the side to move may play; none once the
/// game is over. `*out_count` is set on success and with `TTT_BUFFER_TOO_SMALL`; cells are
/// written only when they fit, else `TTT_BUFFER_TOO_SMALL`. `out_cells` may be NULL when
/// `capacity` is 0.
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

/// The cells (`row * cols + col`) of the winning line, end to end in ascending cell order: the
/// whole unbroken run through the winning move (it may be longer than k). Count 0 when nobody
/// has won. When the winning move completed lines in more than one direction, the first of row
/// (→), column (↓), diagonal (↘) and anti-diagonal (↙) is reported. `*out_count` is set on
/// success and with `TTT_BUFFER_TOO_SMALL`; cells are written only when they fit, else
/// `TTT_BUFFER_TOO_SMALL`. `out_cells` may be NULL when `capacity` is 0.
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

/// The game as text, `rows,cols,k:BOARD:P`: BOARD in the `ttt_validate` format (rows joined by
/// '/', 'X', 'O', '.' for empty) and P the player whose turn it is by alternation ('X' or 'O'),
/// which also records who started. Example: `3,3,3:X.O/.X./...:O`. Undo history is not kept.
/// Writes the text and a terminating NUL when `capacity` > its length; `*out_len` is set to
/// the length without the NUL on success and with `TTT_BUFFER_TOO_SMALL`. `out_text` may be
/// NULL when `capacity` is 0.
///
/// Asking for the length (`capacity` 0) does not build the text.
///
/// Returns `TTT_NULL_POINTER`, `TTT_BUFFER_TOO_SMALL` or `TTT_OUT_OF_MEMORY`.
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

/// Creates a game from `ttt_game_to_text`'s format (`len` bytes at `text`, no NUL needed; the
/// board part accepts everything `ttt_validate` does, and one line feed may end the text, as
/// when it was saved as a line of a file). The result, winning line and side to move are
/// restored; there is no undo history. On success the caller owns `*out_game`. rows, cols
/// and k are plain decimal numbers (leading zeros are accepted; no sign, no spaces); a number
/// past 4294967295 is `TTT_PARSE_ERROR`, as it is not a `uint32_t`, while one that fits but
/// is not a legal size is `TTT_INVALID_ARGUMENT` or `TTT_TOO_LARGE`. `text` may be NULL when
/// `len` is 0 (an empty text: `TTT_PARSE_ERROR`).
///
/// Returns `TTT_NULL_POINTER`, `TTT_PARSE_ERROR` (malformed text, bad character, wrong cell
/// count), `TTT_INVALID_ARGUMENT` / `TTT_TOO_LARGE` (bad size), `TTT_UNREACHABLE_BOARD`
/// (stones and side to move that no legal game produces), `TTT_OUT_OF_MEMORY`.
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
