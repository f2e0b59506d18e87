//! AI: the exact best move and optimal moves, the budgeted search, difficulty levels. All
//! take the game read-only (`const TttGame *`) and work on their own copy or bitboards;
//! docs/c-api.md ("AI") gives what each guarantees and what it costs.

use super::{game_ref, guard, out_ptr, write_list, write_text, TttGame, TttStatus};
use crate::ai;
use crate::{Game, Move, Player};
use std::ffi::c_char;
use std::time::Duration;

/// Writes a move as (row, col) through two checked out-pointers.
unsafe fn write_move(Move { row, col }: Move, out_row: *mut u32, out_col: *mut u32) {
    // SAFETY: both pointers were checked non-NULL; the caller promises they are writable.
    unsafe {
        *out_row = row;
        *out_col = col;
    }
}

/// Perfect play: the best move for the side to move and the position's exact value
/// `*out_score`: 0 a draw; +N the side to move wins, the game ending N plies from now (its own
/// move counts 1); -N it loses N plies from now. The move is the fastest win, else a draw,
/// else the slowest loss. Solved: boards with rows × (cols + 1) <= 128 or cols × (rows + 1)
/// <= 128, bigger boards with at most `TTT_SOLVE_MAX_EMPTY` empty cells, and positions a
/// pairing strategy proves drawn, each within `TTT_SOLVE_NODES` steps. Deterministic.
///
/// Returns `TTT_NULL_POINTER`, `TTT_GAME_OVER`, `TTT_TOO_HARD` (beyond those limits; use
/// `ttt_game_search`), `TTT_OUT_OF_MEMORY`.
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
        unsafe { write_solution(game, ai::SOLVE_BUDGET, 1, out_row, out_col, out_score) }
    })
}

/// `ttt_game_best_move` under the caller's budget instead of `TTT_SOLVE_NODES`: at most
/// `max_nodes` steps (0: no step limit) and `max_millis` milliseconds (0: no time limit), at
/// least one of them non-zero. What it answers is exact; with a step budget alone the answer
/// is deterministic.
///
/// Returns those of `ttt_game_best_move`, and `TTT_INVALID_ARGUMENT` (both limits 0).
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
        unsafe { write_solution(game, budget(max_nodes, max_millis), 1, out_row, out_col, out_score) }
    })
}

/// `ttt_game_best_move_within` on `threads` threads (0: one per core). The position is split
/// into independent subproblems (its moves up to symmetry, and their replies when the moves
/// are fewer than the threads), each solved exactly, and their values combined: the score is
/// the one `ttt_game_best_move_within` gives, and the move is the first in row-major order of
/// those with that score. The threads take their steps from one shared pool of `max_nodes`
/// (0: no step limit), so the budget bounds the whole call's work as it does on one thread;
/// `max_millis` counts from the call. Near the edge of a step budget, whether the proof fits
/// may vary from run to run; an answer never does. The threads are started for the call and
/// have ended when it returns. One thread, and boards past the bitboard solver (neither
/// rows x (cols + 1) nor cols x (rows + 1) at most 128), solve as `ttt_game_best_move_within`.
///
/// Returns those of `ttt_game_best_move_within`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_best_move_threads(
    game: *const TttGame,
    max_nodes: u64,
    max_millis: u32,
    threads: u32,
    out_row: *mut u32,
    out_col: *mut u32,
    out_score: *mut i32,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_ref`.
        let game = unsafe { game_ref(game) }?;
        let budget = budget(max_nodes, max_millis);
        // SAFETY: the caller's pointers, passed on.
        unsafe { write_solution(game, budget, threads as usize, out_row, out_col, out_score) }
    })
}

/// Who wins with perfect play, without how fast: `*out_player` is the player (1 or 2) who wins
/// against any defence, or 0 when neither does (a draw). Under the caller's budget, as
/// `ttt_game_best_move_within`, shared by the two proofs it may take (whether the side to move
/// wins, then whether the other side does). It reaches further than `ttt_game_best_move`,
/// which must also find the fastest win: an empty 4,9,4 is proved a first-player win within
/// 2^28 steps. With a step budget alone the answer is deterministic.
///
/// Returns `TTT_NULL_POINTER`, `TTT_GAME_OVER`, `TTT_INVALID_ARGUMENT` (both limits 0),
/// `TTT_TOO_HARD` (the budget ran out first), `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_forced_winner_within(
    game: *const TttGame,
    max_nodes: u64,
    max_millis: u32,
    out_player: *mut u32,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_ref`.
        let game = unsafe { game_ref(game) }?;
        let out_player = out_ptr(out_player)?;
        let winner = ai::forced_winner_within(game, budget(max_nodes, max_millis))?;
        // SAFETY: checked non-NULL; the caller promises it is writable.
        unsafe { *out_player = winner.map_or(0, Player::number) };
        Ok(())
    })
}

/// Solves `game` under `budget` on `threads` threads and writes the move and score through the three pointers,
/// which are checked first.
unsafe fn write_solution(
    game: &Game,
    budget: ai::Budget,
    threads: usize,
    out_row: *mut u32,
    out_col: *mut u32,
    out_score: *mut i32,
) -> Result<(), TttStatus> {
    let (out_row, out_col, out_score) = (out_ptr(out_row)?, out_ptr(out_col)?, out_ptr(out_score)?);
    let best = ai::solve_threads(game, budget, threads)?;
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

/// Every move that keeps the position's value, ascending: every winning move when the side
/// to move wins, every drawing move when it draws, every move when it loses. `*out_count` is
/// their number (a size report; not written with `TTT_TOO_HARD`). What is solved, and the
/// budget, as `ttt_game_best_move`.
///
/// Returns `TTT_NULL_POINTER`, `TTT_GAME_OVER`, `TTT_TOO_HARD`, `TTT_BUFFER_TOO_SMALL`,
/// `TTT_OUT_OF_MEMORY`.
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

/// `ttt_game_optimal_moves` under the caller's budget, as `ttt_game_best_move_within`. Each
/// call solves anew: with a time budget, pass a buffer of rows × cols cells to solve once.
///
/// Returns those of `ttt_game_optimal_moves`, and `TTT_INVALID_ARGUMENT` (both limits 0).
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

/// The step budget of `ttt_game_best_move` and `ttt_game_optimal_moves`: 2^24 steps of
/// search (positions, and the steps of looking for pairing strategies). A proof that needs
/// more is `TTT_TOO_HARD`.
pub const TTT_SOLVE_NODES: u64 = 16_777_216;
const _: () = assert!(TTT_SOLVE_NODES == ai::SOLVE_NODES);

/// On boards too big for the bitboard solver (neither rows x (cols + 1) nor cols x (rows + 1)
/// is at most 128), the most empty cells `ttt_game_best_move` and `ttt_game_optimal_moves` take
/// on; with more, `TTT_TOO_HARD`.
pub const TTT_SOLVE_MAX_EMPTY: u32 = 18;
const _: () = assert!(TTT_SOLVE_MAX_EMPTY as usize == ai::SOLVE_MAX_EMPTY);

// Difficulty levels of `ttt_game_ai_move`, weakest first. Constants rather than a C enum:
// the level comes in as a plain `uint32_t` and is checked (`ai::Level::from_number`).

/// Level 0 of `ttt_game_ai_move`: a uniformly random legal move.
pub const TTT_LEVEL_RANDOM: u32 = 0;
/// Level 1: takes a win in one move when there is one, else a random legal move.
pub const TTT_LEVEL_EASY: u32 = 1;
/// Level 2: one-ply greedy: wins, else blocks an immediate loss, else the cell that best
/// builds its own lines and spoils the opponent's. No look-ahead.
pub const TTT_LEVEL_MEDIUM: u32 = 2;
/// Level 3: a threat win (`ttt_game_threat_win`) found within 2,500 nodes, else the budgeted
/// search (`ttt_game_search`) with 12,000 nodes.
pub const TTT_LEVEL_HARD: u32 = 3;
/// Level 4: perfect play where the exact solver proves the position within 2^20 steps, else
/// a threat win found within 20,000 nodes, else the budgeted search with 20,000 nodes.
pub const TTT_LEVEL_PERFECT: u32 = 4;
const _: () =
    assert!(TTT_LEVEL_PERFECT == ai::Level::Perfect as u32 && TTT_LEVEL_RANDOM == ai::Level::Random as u32);

/// A strong move for the side to move on any board, within `max_nodes` nodes (0: no node
/// limit) and `max_millis` milliseconds (0: no time limit), at least one of them non-zero:
/// iterative-deepening alpha-beta over the cells near the stones. The move is legal, takes a
/// win in one when there is one, else blocks a loss in one. With a node budget alone, the same
/// game, budget and `seed` give the same move; the seed only breaks ties. A time budget is
/// kept to within a few nodes once the search has set up, which takes milliseconds on big
/// boards. A few stones on a huge board cost what they cost on a small one.
///
/// Returns `TTT_NULL_POINTER`, `TTT_INVALID_ARGUMENT` (both limits 0), `TTT_GAME_OVER`,
/// `TTT_OUT_OF_MEMORY`.
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

/// A move for the side to move at a difficulty `level`, `TTT_LEVEL_RANDOM` (0) to
/// `TTT_LEVEL_PERFECT` (4). Always legal; the same game, level and seed give the same move
/// (vary the seed, e.g. with a game counter, for variety). Random and Easy read a few cells
/// while the board has room (Easy also looks for a win in one); Medium, Hard and Perfect
/// search near the stones.
///
/// Returns `TTT_NULL_POINTER`, `TTT_INVALID_ARGUMENT` (unknown level), `TTT_GAME_OVER`,
/// `TTT_OUT_OF_MEMORY`.
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

/// A forced win for the side to move by threats, found within `max_nodes` nodes (at least
/// 1): by continuous fours (k - 1 stones in a k-window whose last cell is empty) up to 41
/// plies, or a shorter one by fours and threes (moves after which one more stone makes two
/// fours) up to 25 plies, proved against every defence, the defender's own fours included.
/// On success `*out_row`, `*out_col` is the first move and `*out_plies` the plies until the
/// winning stone against the longest defence (this move counts 1). The search looks within
/// 2k cells of the stones' box. Deterministic.
///
/// Returns `TTT_TOO_HARD` when no such win was found within the budget, which does not mean
/// that there is no win; `TTT_NULL_POINTER`, `TTT_INVALID_ARGUMENT` (`max_nodes` 0),
/// `TTT_GAME_OVER`, `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_threat_win(
    game: *const TttGame,
    max_nodes: u64,
    out_row: *mut u32,
    out_col: *mut u32,
    out_plies: *mut u32,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_ref`.
        let game = unsafe { game_ref(game) }?;
        let (out_row, out_col, out_plies) = (out_ptr(out_row)?, out_ptr(out_col)?, out_ptr(out_plies)?);
        let win = ai::threat_win(game, max_nodes)?.ok_or(crate::Error::TooHard)?;
        // SAFETY: all three checked non-NULL; the caller promises they are writable.
        unsafe {
            write_move(Move::new(win.row, win.col), out_row, out_col);
            *out_plies = win.plies;
        }
        Ok(())
    })
}

/// A certificate of the position's value for the side to move: proof trees in text that a
/// checker verifies with the rules alone, trusting nothing of the solver (the format is in
/// docs/ai.md, "Certificates"). At most `max_nodes` nodes (lines of the trees); a draw's
/// trees follow the solver's relevance-zone proofs within 4 x `TTT_SOLVE_NODES` steps in all, a
/// win's moves are picked by the exact solver within `TTT_SOLVE_NODES` steps each. Written with a
/// terminating NUL into `out_text` of `capacity` bytes; `*out_len` is the length without the
/// NUL (a size report, also with `TTT_BUFFER_TOO_SMALL`). Each call builds the certificate
/// anew (the same one every time): pass a big buffer to build it once.
///
/// Returns `TTT_NULL_POINTER`, `TTT_INVALID_ARGUMENT` (`max_nodes` 0), `TTT_GAME_OVER`,
/// `TTT_TOO_HARD` (more nodes needed, or a move not found within the solver's budget),
/// `TTT_BUFFER_TOO_SMALL`, `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_game_certificate(
    game: *const TttGame,
    max_nodes: u64,
    out_text: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `game_ref`.
        let game = unsafe { game_ref(game) }?;
        out_ptr(out_len)?;
        if out_text.is_null() && capacity > 0 {
            return Err(TttStatus::TTT_NULL_POINTER);
        }
        let text = ai::certificate(game, max_nodes)?;
        // SAFETY: the caller's buffer and pointer, checked above, as documented.
        unsafe { write_text(text.len(), || Ok(text), out_text, capacity, out_len) }
    })
}
