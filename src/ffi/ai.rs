//! The AI entry points: exact best move and optimal moves, budgeted search, difficulty levels.
//! All take the game read-only (`const TttGame *`) and work on their own copy or bitboards.

use super::game::{game_ref, TttGame};
use super::status::TttStatus;
use super::{guard, out_ptr, write_list};
use crate::ai;
use crate::{Game, Move};
use std::time::Duration;

/// Writes a move as (row, col) through two checked out-pointers.
unsafe fn write_move(Move { row, col }: Move, out_row: *mut u32, out_col: *mut u32) {
    // SAFETY: both pointers were checked non-NULL; the caller promises they are writable.
    unsafe {
        *out_row = row;
        *out_col = col;
    }
}

/// Perfect play: the best move for the side to move and the position's game-theoretic value.
/// `*out_score` is 0 for a draw with best play; +N when the side to move wins, the game ending
/// N plies from now (its own move counts as 1); -N when it loses N plies from now. The move is
/// the fastest win, else a draw, else the slowest loss; among equals the one found first.
///
/// Feasibility: the exact solve needs rows x (cols + 1) <= 64 or cols x (rows + 1) <= 64
/// (any board up to 7x7, 8x7, 7x8, 5x10, 10x5, 3x20, 20x3, ...), or on a bigger board at
/// most `TTT_SOLVE_MAX_EMPTY` (18) empty cells, and a proof within `TTT_SOLVE_NODES` steps of
/// search; otherwise `TTT_TOO_HARD` (then use
/// `ttt_game_search`, or `ttt_game_best_move_within` with a bigger budget). A position outside both is refused at once; one inside that cannot be
/// proved costs the whole budget first (about 2.5 s measured on 7x7 with k=5), so the
/// call always returns. Near the end of a big board: 16 empty cells take milliseconds, 18 up
/// to about 0.5 s. Measured from the empty board: 3x3 k=3 (any position, from a built-in
/// table) about 0.3 microseconds, 4x4 k=4 1 ms, 5x5 k=4 0.1 s, 5x6 k=4 0.05 s, 5x5 k=5
/// 1 ms, 6x6 k=5 3 ms, 6x7 k=5 0.4 s. The search proves a side cannot win where the lines
/// it can still make are blocked by a pairing strategy: pairs of empty cells, both cells of
/// some pair on each of those lines, the other side answering a stone on a pair with its
/// partner.
///
/// Beyond those limits, a pairing strategy proves some positions drawn at once (score 0) on
/// boards of any size up to 4096x4096: n x n with k = n >= 8 ("Design Tic-Tac-Toe"), and
/// boards whose k is longer than the columns (or the rows), with k >= 3. It holds while each
/// side has answered the other's stones on the pairs, as this function's moves do (the empty
/// board, and every position of a game both sides play with it); the move is then the answer
/// owed, else the empty cell nearest the centre.
///
/// Returns `TTT_NULL_POINTER`, `TTT_GAME_OVER` (the game is finished), `TTT_TOO_HARD`,
/// `TTT_OUT_OF_MEMORY`. Never changes the game. Thread-safe for distinct games; the same game
/// may be read by several threads at once as long as none changes it.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_best_move(
    game: *const TttGame,
    out_row: *mut u32,
    out_col: *mut u32,
    out_score: *mut i32,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_ref`.
        let game = unsafe { game_ref(game) }?;
        // SAFETY: the caller's pointers, passed on.
        unsafe { write_solution(game, ai::SOLVE_BUDGET, out_row, out_col, out_score) }
    })
}

/// `ttt_game_best_move` under the caller's budget instead of `TTT_SOLVE_NODES`: to give a
/// hard position more search (the optimal moves of an empty 6x6 board with k=4 need 2^25
/// steps, about 5 s), or to bound the wait where the default budget could cost seconds before
/// `TTT_TOO_HARD` (a game loop that asks for a perfect move only when one is cheap, else
/// calls `ttt_game_search`).
///
/// `max_nodes` bounds the search in steps as `TTT_SOLVE_NODES` counts them (0 = no step
/// limit); `max_millis` in milliseconds of wall-clock time from the call (0 = no time limit);
/// at least one must be non-zero. When the budget runs out the answer is `TTT_TOO_HARD`;
/// whatever is answered is exact. With a step budget alone the same game and budget always
/// give the same answer; a time budget may run out on one call and not on the next. The clock
/// is read every 1,024 steps (a fraction of a millisecond). Setting up the search counts
/// against the time; its table is sized to what the budget allows (about 8,000 steps a
/// millisecond), and its first use in a process can cost a few milliseconds of page faults.
/// The feasibility rule on board size and empty cells is `ttt_game_best_move`'s. Pairing
/// draws need one step; a 3x3 board with k=3 takes a step per table look-up, at most 14 for
/// the best move and 18 for the optimal moves (every position checked).
///
/// Returns `TTT_NULL_POINTER`, `TTT_GAME_OVER`, `TTT_INVALID_ARGUMENT` (both limits 0),
/// `TTT_TOO_HARD`, `TTT_OUT_OF_MEMORY`. Never changes the game; thread-safety as
/// `ttt_game_best_move`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_best_move_within(
    game: *const TttGame,
    max_nodes: u64,
    max_millis: u32,
    out_row: *mut u32,
    out_col: *mut u32,
    out_score: *mut i32,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_ref`.
        let game = unsafe { game_ref(game) }?;
        // SAFETY: the caller's pointers, passed on.
        unsafe { write_solution(game, budget(max_nodes, max_millis), out_row, out_col, out_score) }
    })
}

/// Solves `game` under `budget` and writes the move and score through the three pointers,
/// which are checked first.
unsafe fn write_solution(
    game: &Game,
    budget: ai::Budget,
    out_row: *mut u32,
    out_col: *mut u32,
    out_score: *mut i32,
) -> Result<(), TttStatus> {
    let (out_row, out_col, out_score) = (out_ptr(out_row)?, out_ptr(out_col)?, out_ptr(out_score)?);
    let best = ai::solve(game, budget)?;
    // SAFETY: all three checked non-NULL; the caller promises they are writable.
    unsafe {
        write_move(best.into(), out_row, out_col);
        *out_score = best.score;
    }
    Ok(())
}

/// A budget from C's two limits, 0 meaning none.
fn budget(max_nodes: u64, max_millis: u32) -> ai::Budget {
    let max_time = (max_millis != 0).then(|| Duration::from_millis(u64::from(max_millis)));
    ai::Budget::limits(max_nodes, max_time)
}

/// Every move that keeps the position's value, as cells `row * cols + col` in ascending
/// order: when the side to move wins, every move that still wins (not only the fastest);
/// when it draws, every move that still draws; when it loses, every move. `*out_count` is set
/// to the number of such moves whenever they could be computed; the cells are written only
/// when `capacity` suffices, else `TTT_BUFFER_TOO_SMALL`. `out_cells` may be NULL when
/// `capacity` is 0. Where a pairing strategy proves a draw that every move keeps (big n,n,n
/// boards), the moves are the legal moves, counted at once and written straight into the
/// buffer: nothing is allocated, however big the board.
///
/// Returns `TTT_NULL_POINTER`, `TTT_GAME_OVER`, `TTT_TOO_HARD` (same feasibility rule as
/// `ttt_game_best_move`, except that a pairing proof gives every move only when no answer is
/// owed; `*out_count` is not written), `TTT_BUFFER_TOO_SMALL`,
/// `TTT_OUT_OF_MEMORY`. Never changes the game; thread-safety as `ttt_game_best_move`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_optimal_moves(
    game: *const TttGame,
    out_cells: *mut u32,
    capacity: usize,
    out_count: *mut usize,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_ref`.
        let game = unsafe { game_ref(game) }?;
        // SAFETY: the caller's buffer and pointer, passed on.
        unsafe { write_optimal(game, ai::SOLVE_BUDGET, out_cells, capacity, out_count) }
    })
}

/// `ttt_game_optimal_moves` under the caller's budget instead of `TTT_SOLVE_NODES`, as
/// `ttt_game_best_move_within` describes (0 = no limit for either; at least one non-zero).
/// Each call solves anew: with a time budget, a second call after `TTT_BUFFER_TOO_SMALL` may
/// run out where the first did not, so pass a buffer of rows × cols cells to solve once.
///
/// Returns `TTT_NULL_POINTER`, `TTT_GAME_OVER`, `TTT_INVALID_ARGUMENT` (both limits 0),
/// `TTT_TOO_HARD` (`*out_count` is not written), `TTT_BUFFER_TOO_SMALL`,
/// `TTT_OUT_OF_MEMORY`. Never changes the game; thread-safety as `ttt_game_best_move`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_optimal_moves_within(
    game: *const TttGame,
    max_nodes: u64,
    max_millis: u32,
    out_cells: *mut u32,
    capacity: usize,
    out_count: *mut usize,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_ref`.
        let game = unsafe { game_ref(game) }?;
        // SAFETY: the caller's buffer and pointer, passed on.
        unsafe { write_optimal(game, budget(max_nodes, max_millis), out_cells, capacity, out_count) }
    })
}

/// Finds the optimal moves of `game` under `budget` and writes them as `write_list` does;
/// `out_count` is checked first.
unsafe fn write_optimal(
    game: &Game,
    budget: ai::Budget,
    out_cells: *mut u32,
    capacity: usize,
    out_count: *mut usize,
) -> Result<(), TttStatus> {
    out_ptr(out_count)?;
    // SAFETY (both): the buffer contract is the caller's, as documented.
    match ai::optimal_set_within(game, budget)? {
        ai::Optimal::EveryLegalMove => unsafe {
            let moves = game.legal_cells().map(|c| c as u32);
            write_list(game.legal_move_count(), moves, out_cells, capacity, out_count)
        },
        ai::Optimal::These(cells) => unsafe {
            write_list(cells.len(), cells.iter().map(|&c| c as u32), out_cells, capacity, out_count)
        },
    }
}

/// The budget of `ttt_game_best_move` and `ttt_game_optimal_moves`: 2^24 steps of search
/// (positions searched, plus the steps spent looking for pairing strategies in them), a few
/// seconds on one core. A proof that needs more gives `TTT_TOO_HARD`.
pub const TTT_SOLVE_NODES: u64 = 16_777_216;
const _: () = assert!(TTT_SOLVE_NODES == ai::SOLVE_NODES);

/// On boards too big for the bitboard solver (neither rows x (cols + 1) nor cols x (rows + 1)
/// is at most 64), the most empty cells `ttt_game_best_move` and `ttt_game_optimal_moves` take
/// on; with more, `TTT_TOO_HARD`.
pub const TTT_SOLVE_MAX_EMPTY: u32 = 18;
const _: () = assert!(TTT_SOLVE_MAX_EMPTY as usize == ai::SOLVE_MAX_EMPTY);

// Difficulty levels of `ttt_game_ai_move`, weakest first. Constants rather than a C enum: the
// level comes in as a plain `uint32_t` and is checked (`ai::Level::from_number`), and a
// `typedef enum` would need an entry in cbindgen.toml's export list.

/// Level 0 of `ttt_game_ai_move`: a uniformly random legal move.
pub const TTT_LEVEL_RANDOM: u32 = 0;
/// Level 1: takes a win in one move when there is one, else a random legal move.
pub const TTT_LEVEL_EASY: u32 = 1;
/// Level 2: one-ply greedy: wins, else blocks an immediate loss, else the cell that best
/// builds its own lines and spoils the opponent's. No look-ahead.
pub const TTT_LEVEL_MEDIUM: u32 = 2;
/// Level 3: budgeted search of 2,000 nodes, about 4 ms per move mid-game on 15x15.
pub const TTT_LEVEL_HARD: u32 = 3;
/// Level 4: perfect play where the exact solver proves the position within 2^20 nodes (under
/// a second), else the budgeted search with 20,000 nodes (about 0.04 s on 15x15).
pub const TTT_LEVEL_PERFECT: u32 = 4;
const _: () =
    assert!(TTT_LEVEL_PERFECT == ai::Level::Perfect as u32 && TTT_LEVEL_RANDOM == ai::Level::Random as u32);

/// A strong move for the side to move under a budget, on any board (use it where
/// `ttt_game_best_move` says `TTT_TOO_HARD`): iterative-deepening alpha-beta over the cells
/// near the stones with a k-window evaluation. The move is always legal, takes an immediate
/// win when there is one and otherwise blocks an immediate loss when there is one.
///
/// `max_nodes` bounds the search in nodes (0 = no node limit); `max_millis` in milliseconds
/// of wall-clock time (0 = no time limit); at least one must be non-zero. With a node budget
/// (and `max_millis` = 0) the same game, `max_nodes` and `seed` always give the same move; a
/// time budget stops wherever the clock says, so it is not reproducible. The seed only breaks
/// ties between equally rated moves. Measured mid-game: about 2 microseconds per node on
/// 15x15 and 19x19 with k = 5 (2,000 nodes in 4 ms), 1.4 on 100x100 and 1000x1000 with
/// k = 100 and 1000, where a line k long is rated from its stone counts. It works on a copy
/// of the rectangle around the stones (27 cells beyond them each way) and reads the rest of
/// their lines, k - 1 cells further, from the board a word (32 cells) at a time, so a few
/// stones close together on a 4096 × 4096 board cost what they cost on a small board,
/// whatever k is. Where that rectangle would hold more than
/// 2^20 cells, the board more than 4,096 stones, or more than 8,192 empty cells lie within
/// two steps of a stone, it first takes a win, else blocks a loss, anywhere on the board
/// (found from the stones alone, or from the line counts where k is a whole row or column),
/// and otherwise chooses among the cells within 16 rows and columns of the last move (of
/// the stone nearest the middle of the stones, for a game loaded from text and not played
/// since), on the rectangle around that square. The clock starts with the call and is read
/// every 16 nodes, so a time budget is kept to within a few nodes, after the
/// costs that come first: finding the stones (a game loaded from text with many stones for
/// its board is read a word at a time), looking
/// for wins and blocks, reading the rectangle and the lines and rating the moves: 1 to 4 ms
/// on mid-size boards, 8 to 15 ms on the most crowded or biggest boards measured below, so
/// a 1 ms budget can take that long. With a 10 ms budget a call took 10 to 17 ms on a 4096 ×
/// 4096 board with 10 to 10^6 stones (played or loaded), 10 ms on 1000 × 1000 with 300 to
/// 4,000 spread stones, 10 to 16 ms on 8192 × 8192 and 1 × 2^26 with k the length of a side
/// and 100 to 1,000 stones (up to 400 ms when the copy spanned k), and 10 ms on 1000 × 1000
/// with k = 1000 and 500,000 stones (110 to 146 ms while lines exactly k long were rated
/// from their stones rather than their counts). The slowest measured: crowded boards with k
/// well short of a side, 10 to 14 ms on 1000 × 1000 with k = 100 and 300,000 stones and 20
/// to 35 ms with k = 500 and 500,000 (30 to 150 ms before the lines that nobody can complete
/// were set aside).
///
/// Returns `TTT_NULL_POINTER`, `TTT_INVALID_ARGUMENT` (both limits 0), `TTT_GAME_OVER`,
/// `TTT_OUT_OF_MEMORY`. Never changes the game (it searches a copy); thread-safety as
/// `ttt_game_best_move`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_search(
    game: *const TttGame,
    max_nodes: u64,
    max_millis: u32,
    seed: u64,
    out_row: *mut u32,
    out_col: *mut u32,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_ref`.
        let game = unsafe { game_ref(game) }?;
        let (out_row, out_col) = (out_ptr(out_row)?, out_ptr(out_col)?);
        let mv = ai::search(game, budget(max_nodes, max_millis), seed)?;
        // SAFETY: both checked non-NULL; the caller promises they are writable.
        unsafe { write_move(mv, out_row, out_col) };
        Ok(())
    })
}

/// A move for the side to move at a difficulty `level` (`TTT_LEVEL_RANDOM` ..
/// `TTT_LEVEL_PERFECT`). The same game, level and seed always give the same move; vary the
/// seed (e.g. a game counter) for variety. Always legal. Cost: `TTT_LEVEL_RANDOM` and
/// `TTT_LEVEL_EASY` read a few cells while the board has room (Easy also looks for a win
/// next to the mover's stones once it may have k - 1 of them); the other levels search near
/// the stones, at the cost `ttt_game_search` describes.
///
/// Returns `TTT_NULL_POINTER`, `TTT_INVALID_ARGUMENT` (unknown level), `TTT_GAME_OVER`,
/// `TTT_OUT_OF_MEMORY`. Never changes the game; thread-safety as `ttt_game_best_move`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_ai_move(
    game: *const TttGame,
    level: u32,
    seed: u64,
    out_row: *mut u32,
    out_col: *mut u32,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_ref`.
        let game = unsafe { game_ref(game) }?;
        let (out_row, out_col) = (out_ptr(out_row)?, out_ptr(out_col)?);
        let mv = ai::ai_move(game, ai::Level::try_from(level)?, seed)?;
        // SAFETY: both checked non-NULL; the caller promises they are writable.
        unsafe { write_move(mv, out_row, out_col) };
        Ok(())
    })
}
