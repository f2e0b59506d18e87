//! Batched self-play: many games of one shape stepped together, with every per-game value
//! written into caller buffers.

use super::{catch, give, guard, hand_over, in_slice, out_ptr, out_slice, TttGame, TttStatus};
use crate::batch::{Batch, BATCH_MAX_BYTES};
use crate::Rules;
use TttStatus::*;

/// The most memory the games of one batch may take: 4 GiB (4294967296 bytes). A batch whose
/// `count` games would take more is `TTT_TOO_LARGE`. A game takes 8 bytes on boards of up to 9
/// cells (4 until the batch is first stepped), 16 bytes up to 64 cells; past 64 cells, 968 bytes
/// on boards of at most 15 rows of at most 16 cells (900 in a batch of fewer than 4096 games),
/// 900 on other boards whose sides are at most 16, else 8 x (2 x ceil(rows x cols / 64) + 1)
/// bytes. The limit counts the most a game of the shape may take.
pub const TTT_BATCH_MAX_BYTES: u64 = 4_294_967_296;
const _: () = assert!(TTT_BATCH_MAX_BYTES == BATCH_MAX_BYTES);

/// `count` games of one shape for self-play and training. Opaque: create it with
/// `ttt_batch_new`, release it with `ttt_batch_free`. One batch must not be used from two
/// threads at once; `ttt_batch_random_moves`, and the calls `ttt_batch_set_threads` spreads,
/// start threads of their own and wait for them.
pub struct TttBatch {
    batch: Batch,
}

/// What `ttt_batch_random_moves` did, added into the caller's totals.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TttBatchStats {
    /// Moves played.
    pub moves: u64,
    /// Games won by player 1 (A, X).
    pub a_wins: u64,
    /// Games won by player 2 (B, O).
    pub b_wins: u64,
    /// Games drawn.
    pub draws: u64,
}

unsafe fn batch_ref<'a>(batch: *const TttBatch) -> Result<&'a Batch, TttStatus> {
    // SAFETY: the caller promises `batch` is NULL or a live handle from this library.
    unsafe { batch.as_ref() }.map(|b| &b.batch).ok_or(TTT_NULL_POINTER)
}

unsafe fn batch_mut<'a>(batch: *mut TttBatch) -> Result<&'a mut Batch, TttStatus> {
    // SAFETY: the caller promises `batch` is NULL or a live handle used by one thread at a time.
    unsafe { batch.as_mut() }.map(|b| &mut b.batch).ok_or(TTT_NULL_POINTER)
}

/// Creates `count` empty games of `rows` x `cols`, `k` in a row wins, player 1 to move in each;
/// `seed` seeds the batch's own random generator (used only by `ttt_batch_random_moves`). On
/// success the caller owns `*out_batch` and releases it with `ttt_batch_free`.
///
/// Returns `TTT_NULL_POINTER`, `TTT_INVALID_ARGUMENT` (count 0, or rows, cols, k as for
/// `ttt_game_new`), `TTT_TOO_LARGE` (a board past `TTT_MAX_CELLS`, or games past
/// `TTT_BATCH_MAX_BYTES`), `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_batch_new(
    rows: u32,
    cols: u32,
    k: u32,
    count: usize,
    seed: u64,
    out_batch: *mut *mut TttBatch,
) -> TttStatus {
    guard(|| {
        let out_batch = out_ptr(out_batch)?;
        let batch = Batch::new(Rules::new(rows, cols, k)?, count, seed)?;
        // SAFETY: `out_batch` is non-NULL; the caller promises it is writable.
        unsafe { hand_over(TttBatch { batch }, out_batch) }
    })
}

/// Releases a batch; NULL is a no-op. The handle must not be used again.
#[no_mangle]
pub unsafe extern "C" fn ttt_batch_free(batch: *mut TttBatch) {
    if !batch.is_null() {
        // SAFETY: the caller passes a handle from this library, freed at most once.
        let _ = catch(|| drop(unsafe { Box::from_raw(batch) }));
    }
}

/// Puts every game back to the empty board, player 1 to move. The random generator goes on
/// where it was. O(memory of the batch).
///
/// Returns `TTT_NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn ttt_batch_reset(batch: *mut TttBatch) -> TttStatus {
    guard(|| {
        // SAFETY: see `batch_mut`.
        unsafe { batch_mut(batch) }?.reset();
        Ok(())
    })
}

/// The most threads `ttt_batch_step`, `ttt_batch_observe` and `ttt_batch_legal_mask` run on:
/// 1 (the default) the calling thread alone, 0 one per core, n up to n (at most 256). A call
/// spreads only when each thread gets 2^22 cells (games times cells) or more (two threads from
/// 37,283 games of 15 × 15, 932,068 of 3 × 3), where it pays on idle cores; its threads are
/// started for the call and have ended when it returns. Results, refusals (the first bad game
/// is the same) and observations are the same whatever the setting. A split call waits for
/// every thread it starts, so on a machine whose cores are busy it can take longer than on
/// the calling thread alone. `ttt_batch_random_moves` takes its threads as an argument.
///
/// Returns `TTT_NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn ttt_batch_set_threads(batch: *mut TttBatch, threads: u32) -> TttStatus {
    guard(|| {
        // SAFETY: see `batch_mut`.
        unsafe { batch_mut(batch) }?.set_threads(threads);
        Ok(())
    })
}

/// One move in every game: `actions[i]` is a cell (`row * cols + col`) of game i, played by
/// the side to move in game i. `out_results[i]` receives game i's `TttResult` after that move;
/// a game that ended is reset to the empty board at once (auto-reset), so the next step starts
/// it afresh. `count` must equal the batch's count; `actions` and `out_results` hold `count`
/// items each and must not overlap.
///
/// If any action is illegal (off the board, on a stone), NO game changes and nothing is
/// written to `out_results`: the status says why (`TTT_OUT_OF_BOUNDS`, `TTT_CELL_OCCUPIED`)
/// and `*out_bad_index` (when not NULL) receives the index of the first bad game; it is
/// written only then.
///
/// Returns `TTT_NULL_POINTER`, `TTT_INVALID_ARGUMENT` (count mismatch), `TTT_OUT_OF_BOUNDS`,
/// `TTT_CELL_OCCUPIED`.
#[no_mangle]
pub unsafe extern "C" fn ttt_batch_step(
    batch: *mut TttBatch,
    actions: *const u32,
    count: usize,
    out_results: *mut u8,
    out_bad_index: *mut usize,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `batch_mut`.
        let batch = unsafe { batch_mut(batch) }?;
        if actions.is_null() {
            return Err(TTT_NULL_POINTER);
        }
        if count != batch.count() {
            return Err(TTT_INVALID_ARGUMENT);
        }
        // SAFETY: the caller promises `count` readable actions and `count` writable results,
        // not overlapping.
        let (actions, results) = unsafe { (in_slice(actions, count)?, out_slice(out_results, count)?) };
        batch.step(actions, results).map_err(|e| {
            if !out_bad_index.is_null() {
                // SAFETY: non-NULL; the caller promises it is writable.
                unsafe { *out_bad_index = e.index };
            }
            TttStatus::from(e.error)
        })
    })
}

/// Writes every game's observation planes: uint8, C order `[count][2][rows][cols]`; plane 0
/// holds the stones of the side to move in that game, plane 1 the opponent's (1 where a stone
/// is, else 0). `capacity` is in bytes and must be at least `count * 2 * rows * cols`.
///
/// Returns `TTT_NULL_POINTER`, `TTT_BUFFER_TOO_SMALL` (nothing written).
#[no_mangle]
pub unsafe extern "C" fn ttt_batch_observe(
    batch: *const TttBatch,
    out_planes: *mut u8,
    capacity: usize,
) -> TttStatus {
    // SAFETY: as this function's contract.
    unsafe { write_bytes(batch, out_planes, capacity, Batch::observation_len, Batch::observe) }
}

/// Writes every game's legal-move mask: uint8, `[count][rows * cols]`, 1 where the cell is
/// empty, else 0. `capacity` is in bytes and must be at least `count * rows * cols`.
///
/// Returns `TTT_NULL_POINTER`, `TTT_BUFFER_TOO_SMALL` (nothing written).
#[no_mangle]
pub unsafe extern "C" fn ttt_batch_legal_mask(
    batch: *const TttBatch,
    out_mask: *mut u8,
    capacity: usize,
) -> TttStatus {
    // SAFETY: as this function's contract.
    unsafe { write_bytes(batch, out_mask, capacity, Batch::legal_mask_len, Batch::legal_mask) }
}

/// Writes the `len(batch)` bytes that `write` makes into a caller buffer of `capacity` bytes.
///
/// # Safety
/// `batch` is NULL or a live handle; `out` is NULL or points to `capacity` writable bytes.
unsafe fn write_bytes(
    batch: *const TttBatch,
    out: *mut u8,
    capacity: usize,
    len: fn(&Batch) -> usize,
    write: fn(&Batch, &mut [u8]),
) -> TttStatus {
    guard(|| {
        // SAFETY: see `batch_ref`.
        let batch = unsafe { batch_ref(batch) }?;
        let out = out_ptr(out)?;
        if capacity < len(batch) {
            return Err(TTT_BUFFER_TOO_SMALL);
        }
        // SAFETY: the caller promises `capacity` writable bytes, of which these are a part.
        write(batch, unsafe { out_slice(out, len(batch)) }?);
        Ok(())
    })
}

/// Random self-play: every game plays `moves_per_game` uniformly random legal moves from the
/// batch's generator (a game that ends starts again), spread over `threads` threads (0 = one
/// per core), which end before the call returns. The moves, wins and draws are added into
/// `*out_stats`. The same seed, count, moves and sequence of calls give the same final batch,
/// whatever `threads` is.
///
/// Returns `TTT_NULL_POINTER`, `TTT_OUT_OF_MEMORY` (no move played).
#[no_mangle]
pub unsafe extern "C" fn ttt_batch_random_moves(
    batch: *mut TttBatch,
    moves_per_game: u64,
    threads: u32,
    out_stats: *mut TttBatchStats,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `batch_mut`.
        let batch = unsafe { batch_mut(batch) }?;
        let out_stats = out_ptr(out_stats)?;
        let s = batch.random_moves(moves_per_game, threads)?;
        // SAFETY: non-NULL; the caller promises it is readable and writable.
        let t = unsafe { &mut *out_stats };
        t.moves = t.moves.wrapping_add(s.moves);
        t.a_wins = t.a_wins.wrapping_add(s.a_wins);
        t.b_wins = t.b_wins.wrapping_add(s.b_wins);
        t.draws = t.draws.wrapping_add(s.draws);
        Ok(())
    })
}

/// A copy of game `index` as an ordinary `TttGame` (for inspection, the AI, text), owned by
/// the caller (release it with `ttt_game_free`). It has the game's stones and side to move
/// but no move history: the batch keeps only the stones, so undo has nothing to take back.
///
/// Returns `TTT_NULL_POINTER`, `TTT_INVALID_ARGUMENT` (index >= count), `TTT_OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn ttt_batch_game(
    batch: *const TttBatch,
    index: usize,
    out_game: *mut *mut TttGame,
) -> TttStatus {
    guard(|| {
        // SAFETY: see `batch_ref`.
        let batch = unsafe { batch_ref(batch) }?;
        let out_game = out_ptr(out_game)?;
        let game = batch.game(index)?;
        // SAFETY: `out_game` is non-NULL; the caller promises it is writable.
        unsafe { give(game, out_game) }
    })
}
