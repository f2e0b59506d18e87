//! Allocation failure through the C ABI. Each entry point is run again and again with the
//! first, then the second, then the third ... allocation it makes failing, until it runs with
//! none failing. Every run in which an allocation failed must return `TTT_OUT_OF_MEMORY` with
//! the game and the out-pointers untouched (or succeed, if the code has a cheaper way round);
//! the run with no failure must succeed. An allocation that cannot fail gracefully anywhere on
//! the way (a `Vec::push`, a `format!`) aborts this test binary: the loudest failure there is.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ffi::c_char;
use std::fmt::Debug;
use std::ptr::{null_mut, without_provenance_mut};
use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;

/// The system allocator, except that a thread with a budget gets that many allocations and
/// then none. Per thread, so that tests running side by side do not fail each other.
struct Failing;

thread_local! {
    /// Allocations this thread may still make; `None` is no limit.
    static BUDGET: Cell<Option<usize>> = const { Cell::new(None) };
    /// Set when an allocation was refused.
    static REFUSED: Cell<bool> = const { Cell::new(false) };
}

/// True when this thread may allocate now (and spends one from its budget).
fn grant() -> bool {
    BUDGET
        .try_with(|budget| match budget.get() {
            None => true,
            Some(0) => {
                REFUSED.with(|r| r.set(true));
                false
            }
            Some(n) => {
                budget.set(Some(n - 1));
                true
            }
        })
        .unwrap_or(true)
}

// SAFETY: every call is forwarded to `System` with the caller's own arguments, or answered
// with NULL, which the `GlobalAlloc` contract allows for alloc, alloc_zeroed and realloc.
unsafe impl GlobalAlloc for Failing {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if grant() {
            unsafe { System.alloc(layout) }
        } else {
            null_mut()
        }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if grant() {
            unsafe { System.alloc_zeroed(layout) }
        } else {
            null_mut()
        }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if grant() {
            unsafe { System.realloc(ptr, layout, new_size) }
        } else {
            null_mut()
        }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Failing = Failing;

/// Runs `op` on fresh `setup()` states with 0, 1, 2, ... allocations allowed, until a run
/// refuses none. A run that was refused an allocation must return `TTT_OUT_OF_MEMORY` and
/// leave `look(state)` as it was, or return `TTT_OK`; the last run must return `TTT_OK`.
/// Every allocation up to the 64th is failed in turn, later ones at steps of an eighth (an
/// AI search makes thousands, and each run repeats all of them). Returns how many runs ended
/// in `TTT_OUT_OF_MEMORY`.
fn sweep<S, T: PartialEq + Debug>(
    what: &str,
    mut setup: impl FnMut() -> S,
    mut look: impl FnMut(&S) -> T,
    mut op: impl FnMut(&mut S) -> TttStatus,
) -> usize {
    let mut out_of_memory = 0;
    let mut allowed = 0;
    loop {
        let mut state = setup();
        let before = look(&state);
        REFUSED.with(|r| r.set(false));
        BUDGET.with(|b| b.set(Some(allowed)));
        let status = op(&mut state);
        BUDGET.with(|b| b.set(None));
        if !REFUSED.with(|r| r.get()) {
            assert_eq!(status, TTT_OK, "{what}: failed with every allocation granted ({allowed})");
            return out_of_memory;
        }
        if status == TTT_OUT_OF_MEMORY {
            out_of_memory += 1;
            assert_eq!(look(&state), before, "{what}: changed by a failure at allocation {allowed}");
        } else {
            assert_eq!(status, TTT_OK, "{what}: allocation {allowed} refused");
        }
        allowed += 1 + allowed.saturating_sub(64) / 8;
    }
}

mod common;
use common::Handle;

impl Handle {
    /// A game on `rows` × `cols` with `moves` stones and no result yet, played along a fixed
    /// walk of the board that skips any cell that would end the game.
    fn played(rows: u32, cols: u32, k: u32, moves: u32) -> Handle {
        let g = Handle::new(rows, cols, k);
        let cells = rows * cols;
        let mut step = 0u64;
        while g.move_count() < moves as usize {
            // 7919 is prime, so the walk visits every cell before repeating on these boards.
            let cell = (step * 7919 % u64::from(cells)) as u32;
            step += 1;
            assert!(step <= 2 * u64::from(cells), "no {moves}-stone position found on {rows},{cols},{k}");
            let mut result = TttResult::TTT_PENDING;
            if unsafe { ttt_game_play(g.0, cell / cols, cell % cols, &mut result) } != TTT_OK {
                continue;
            }
            if result != TttResult::TTT_PENDING {
                assert_eq!(unsafe { ttt_game_undo(g.0) }, TTT_OK);
            }
        }
        g
    }

    /// Stones on the board, read without allocating.
    fn move_count(&self) -> usize {
        let mut count = 0;
        assert_eq!(unsafe { ttt_game_move_count(self.0, &mut count) }, TTT_OK);
        count
    }

    /// The first empty cell after `from` in row-major order, read without allocating.
    fn empty_from(&self, from: u32) -> (u32, u32) {
        let (mut rows, mut cols) = (0, 0);
        assert_eq!(unsafe { ttt_game_size(self.0, &mut rows, &mut cols, &mut 0) }, TTT_OK);
        (0..rows * cols)
            .map(|i| (from + i) % (rows * cols))
            .map(|c| (c / cols, c % cols))
            .find(|&(r, c)| {
                let mut stone = 9;
                assert_eq!(unsafe { ttt_game_cell(self.0, r, c, &mut stone) }, TTT_OK);
                stone == 0
            })
            .expect("a full board")
    }
}

/// What an operation that creates a game may be checked by: the out-pointer's value.
const UNTOUCHED: *mut TttGame = without_provenance_mut(0x10);

/// Sweeps an operation that hands out a new game through its last argument.
fn sweep_creation(what: &str, mut create: impl FnMut(*mut *mut TttGame) -> TttStatus) -> usize {
    sweep(
        what,
        || UNTOUCHED,
        |&out| out,
        |out| {
            let status = create(out);
            if status == TTT_OK {
                unsafe { ttt_game_free(*out) };
                *out = UNTOUCHED;
            }
            status
        },
    )
}

/// Board shapes covering each way the library keeps a board: bitboards (3,3,3; 8,8,4), tallies
/// for whole-line k (40,40,40; 1,1000,1000), walks (15,15,5), and both (30,7,7).
const SHAPES: [(u32, u32, u32); 6] =
    [(3, 3, 3), (8, 8, 4), (40, 40, 40), (1, 1000, 1000), (15, 15, 5), (30, 7, 7)];

#[test]
fn creating_games_fails_cleanly() {
    for (rows, cols, k) in SHAPES.into_iter().chain([(4096, 4096, 5), (4096, 4096, 4096)]) {
        let refused = sweep_creation(&format!("ttt_game_new {rows},{cols},{k}"), |out| unsafe {
            ttt_game_new(rows, cols, k, out)
        });
        assert!(refused > 0, "ttt_game_new {rows},{cols},{k} never allocated");
    }
    assert!(sweep_creation("ttt_tictactoe_new 50", |out| unsafe { ttt_tictactoe_new(50, out) }) > 0);
    let long_row = |first: &str| format!("{first}{}", ".".repeat(39));
    let texts = [
        "3,3,3:X.O/.X./..O:X".to_owned(),
        format!("2,40,40:{}/{}:X", long_row("X"), long_row("O")),
        format!("15,15,5:{}:X", ".".repeat(225)),
    ];
    for text in texts {
        let refused = sweep_creation(&format!("ttt_game_from_text {text}"), |out| unsafe {
            ttt_game_from_text(text.as_ptr().cast(), text.len(), out)
        });
        assert!(refused > 0, "ttt_game_from_text {text} never allocated");
    }
}

#[test]
fn cloning_and_resetting_fail_cleanly() {
    for (rows, cols, k) in SHAPES {
        let moves = (rows * cols / 2).min(300);
        let source = Handle::played(rows, cols, k, moves);
        assert_eq!(unsafe { ttt_game_undo(source.0) }, TTT_OK);
        let before = source.game();
        sweep_creation(&format!("ttt_game_clone {rows},{cols},{k}"), |out| unsafe {
            ttt_game_clone(source.0, out)
        });
        assert_eq!(source.game(), before, "the source of a clone changed");
        sweep(
            &format!("ttt_game_reset {rows},{cols},{k}"),
            || Handle::played(rows, cols, k, moves),
            Handle::game,
            |g| unsafe { ttt_game_reset(g.0) },
        );
    }
}

#[test]
fn moves_that_grow_the_history_fail_cleanly() {
    // Big boards start with room for 256 moves, so the 257th grows the history.
    // Walked boards big enough for 257 stones: 20,20,15 (all walked), 40,9,9 (rows tallied).
    for (rows, cols, k) in [(40, 40, 40), (1, 1000, 1000), (20, 20, 15), (40, 9, 9)] {
        let at = |moves| move || Handle::played(rows, cols, k, moves);
        let refused = sweep(&format!("ttt_game_move {rows},{cols},{k} at 256"), at(256), Handle::game, |g| {
            let ((row, col), player) = (g.empty_from(0), 1 + g.move_count() as u32 % 2);
            let mut winner = 77;
            let status = unsafe { ttt_game_move(g.0, row, col, player, &mut winner) };
            assert!(status == TTT_OK || winner == 77, "out_winner written on failure");
            status
        });
        assert!(refused > 0, "the 257th move on {rows},{cols},{k} did not allocate");
        sweep(&format!("ttt_game_play {rows},{cols},{k} at 256"), at(256), Handle::game, |g| {
            let (row, col) = g.empty_from(0);
            let mut result = TttResult::TTT_DRAW;
            let status = unsafe { ttt_game_play(g.0, row, col, &mut result) };
            assert!(status == TTT_OK || result == TttResult::TTT_DRAW, "out_result written on failure");
            status
        });
        // The first undo makes room to redo; a redo may grow the history again.
        let refused = sweep(&format!("ttt_game_undo {rows},{cols},{k}"), at(10), Handle::game, |g| unsafe {
            ttt_game_undo(g.0)
        });
        assert!(refused > 0, "the first undo on {rows},{cols},{k} did not allocate");
        let undone = move || {
            let g = Handle::played(rows, cols, k, 257);
            for _ in 0..2 {
                assert_eq!(unsafe { ttt_game_undo(g.0) }, TTT_OK);
            }
            g
        };
        sweep(&format!("ttt_game_redo {rows},{cols},{k}"), undone, Handle::game, |g| unsafe {
            ttt_game_redo(g.0)
        });
    }
}

#[test]
fn reading_a_game_fails_cleanly() {
    for (rows, cols, k) in SHAPES {
        let moves = (rows * cols / 2).min(300);
        let g = Handle::played(rows, cols, k, moves);
        let before = g.game();
        let cells = (rows * cols) as usize;
        let what = |f: &str| format!("{f} {rows},{cols},{k}");
        sweep(
            &what("ttt_game_to_text"),
            || (vec![0 as c_char; 3 * cells + 64], 0usize),
            |s| s.1,
            |s| unsafe { ttt_game_to_text(g.0, s.0.as_mut_ptr(), s.0.len(), &mut s.1) },
        );
        let lists: [(&str, unsafe extern "C" fn(*const TttGame, *mut u32, usize, *mut usize) -> TttStatus);
            3] = [
            ("ttt_game_moves", ttt_game_moves),
            ("ttt_game_legal_moves", ttt_game_legal_moves),
            ("ttt_game_winning_line", ttt_game_winning_line),
        ];
        for (name, list) in lists {
            sweep(
                &what(name),
                || (vec![0u32; cells], 0usize),
                |s| s.1,
                |s| unsafe { list(g.0, s.0.as_mut_ptr(), s.0.len(), &mut s.1) },
            );
        }
        sweep(
            &what("ttt_game_cells"),
            || (vec![0u8; cells], 0usize),
            |s| s.1,
            |s| unsafe { ttt_game_cells(g.0, s.0.as_mut_ptr(), s.0.len(), &mut s.1) },
        );
        assert_eq!(g.game(), before, "reading changed the game");
    }
}

#[test]
fn judging_and_validating_fail_cleanly() {
    // Move lists and boards on the classic board and on big ones (which allocate a board).
    for (rows, cols, k) in [(3, 3, 3), (40, 40, 40), (15, 15, 5), (30, 7, 7)] {
        let cells = rows * cols;
        let moves: Vec<u32> = (0..cells.min(120))
            .flat_map(|i| {
                let cell = (u64::from(i) * 7919 % u64::from(cells)) as u32;
                [cell / cols, cell % cols]
            })
            .collect();
        let pairs = if (rows, cols) == (3, 3) { 4 } else { moves.len() / 2 };
        let what = |f: &str| format!("{f} {rows},{cols},{k}");
        sweep(
            &what("ttt_judge"),
            || TttResult::TTT_DRAW,
            |&r| r,
            |r| unsafe { ttt_judge(moves.as_ptr(), pairs, rows, cols, k, r) },
        );
        sweep(
            &what("ttt_judge_ex"),
            || (TttResult::TTT_DRAW, 77usize),
            |&s| s,
            |s| unsafe { ttt_judge_ex(moves.as_ptr(), pairs, rows, cols, k, &mut s.0, &mut s.1) },
        );
        // The board the first `pairs` moves lead to, as text and as row strings.
        let mut board = vec![b'.'; cells as usize];
        for (i, m) in moves.chunks(2).take(pairs).enumerate() {
            board[(m[0] * cols + m[1]) as usize] = if i % 2 == 0 { b'X' } else { b'O' };
        }
        sweep(
            &what("ttt_validate"),
            || TttVerdict::TTT_TOO_MANY_X,
            |&v| v,
            |v| unsafe { ttt_validate(board.as_ptr().cast(), board.len(), rows, cols, k, v) },
        );
        let rows_text: Vec<Vec<u8>> = board.chunks(cols as usize).map(|r| [r, b"\0"].concat()).collect();
        let row_ptrs: Vec<*const c_char> = rows_text.iter().map(|r| r.as_ptr().cast()).collect();
        sweep(
            &what("ttt_validate_rows"),
            || TttVerdict::TTT_TOO_MANY_X,
            |&v| v,
            |v| unsafe { ttt_validate_rows(row_ptrs.as_ptr(), row_ptrs.len(), k, v) },
        );
    }
    let moves = [0u32, 0, 1, 1, 0, 1, 2, 2];
    sweep(
        "ttt_find_winner",
        std::ptr::null,
        |&p| p,
        |out| unsafe { ttt_find_winner(moves.as_ptr(), 4, out) },
    );
}

#[test]
fn the_ai_fails_cleanly() {
    // Small boards the solver finishes, one where search runs on a budget, a nearly full board
    // on the 128-bit solver, and one too big for it (the endgame search).
    for (rows, cols, k, moves) in [
        (3, 3, 3, 1),
        (3, 3, 3, 0),
        (4, 4, 3, 3),
        (3, 4, 3, 2),
        (15, 15, 5, 8),
        (8, 8, 8, 58),
        (12, 11, 11, 126),
    ] {
        let setup = || Handle::played(rows, cols, k, moves);
        let what = |f: &str| format!("{f} {rows},{cols},{k} after {moves}");
        let g = setup();
        let solvable = unsafe { ttt_game_best_move(g.0, &mut 0, &mut 0, &mut 0) } == TTT_OK;
        if solvable {
            let refused = sweep(&what("ttt_game_best_move"), setup, Handle::game, |g| {
                let (mut r, mut c, mut s) = (77, 77, 77);
                let status = unsafe { ttt_game_best_move(g.0, &mut r, &mut c, &mut s) };
                assert!(status == TTT_OK || (r, c, s) == (77, 77, 77), "out-pointers written on failure");
                status
            });
            assert!(refused > 0 || moves > 0, "the solver on an empty board never allocated");
            // A time budget sizes the solver's table by what the time allows.
            sweep(&what("ttt_game_best_move_within"), setup, Handle::game, |g| {
                let (mut r, mut c, mut s) = (77, 77, 77);
                let status = unsafe { ttt_game_best_move_within(g.0, 0, 600_000, &mut r, &mut c, &mut s) };
                assert!(status == TTT_OK || (r, c, s) == (77, 77, 77), "out-pointers written on failure");
                status
            });
            // On threads: these boards end within the first look on this thread.
            sweep(&what("ttt_game_best_move_threads"), setup, Handle::game, |g| {
                let (mut r, mut c, mut s) = (77, 77, 77);
                let status =
                    unsafe { ttt_game_best_move_threads(g.0, 1 << 20, 0, 2, &mut r, &mut c, &mut s) };
                assert!(status == TTT_OK || (r, c, s) == (77, 77, 77), "out-pointers written on failure");
                status
            });
            // Who wins: one or two proofs, each with tables of its own.
            sweep(&what("ttt_game_forced_winner_within"), setup, Handle::game, |g| {
                let mut player = 77;
                let status = unsafe { ttt_game_forced_winner_within(g.0, 1 << 20, 0, &mut player) };
                assert!(status == TTT_OK || player == 77, "out_player written on failure");
                status
            });
            // The certificate builder's tables and text grow as it goes.
            if rows * cols <= 12 {
                let with_text = || (setup(), vec![0 as c_char; 1 << 20]);
                sweep(
                    &what("ttt_game_certificate"),
                    with_text,
                    |s| s.0.game(),
                    |(g, text)| {
                        let mut len = 77;
                        let status = unsafe {
                            ttt_game_certificate(g.0, 100_000, text.as_mut_ptr(), text.len(), &mut len)
                        };
                        assert!(status == TTT_OK || len == 77, "out_len written on failure");
                        status
                    },
                );
            }
            let with_buffer = || (setup(), vec![0u32; (rows * cols) as usize]);
            sweep(
                &what("ttt_game_optimal_moves"),
                with_buffer,
                |s| s.0.game(),
                |(g, cells)| {
                    let mut count = 77;
                    let status =
                        unsafe { ttt_game_optimal_moves(g.0, cells.as_mut_ptr(), cells.len(), &mut count) };
                    assert!(status == TTT_OK || count == 77, "out_count written on failure");
                    status
                },
            );
        }
        sweep(&what("ttt_game_search"), setup, Handle::game, |g| {
            let (mut r, mut c) = (77, 77);
            let status = unsafe { ttt_game_search(g.0, 2_000, 0, 7, &mut r, &mut c) };
            assert!(status == TTT_OK || (r, c) == (77, 77), "out-pointers written on failure");
            status
        });
        sweep(&what("ttt_game_threat_win"), setup, Handle::game, |g| {
            let (mut r, mut c, mut p) = (77, 77, 77);
            let status = unsafe { ttt_game_threat_win(g.0, 2_000, &mut r, &mut c, &mut p) };
            assert!(status == TTT_OK || (r, c, p) == (77, 77, 77), "out-pointers written on failure");
            // No threat win is an answer, not a failure.
            if status == TTT_TOO_HARD {
                TTT_OK
            } else {
                status
            }
        });
        let top = if solvable { TTT_LEVEL_PERFECT } else { TTT_LEVEL_HARD };
        for level in TTT_LEVEL_RANDOM..=top {
            sweep(&format!("{} level {level}", what("ttt_game_ai_move")), setup, Handle::game, |g| {
                let (mut r, mut c) = (77, 77);
                let status = unsafe { ttt_game_ai_move(g.0, level, 7, &mut r, &mut c) };
                assert!(status == TTT_OK || (r, c) == (77, 77), "out-pointers written on failure");
                status
            });
        }
    }
}

/// In a draw proved by pairing on a big board, every legal move is optimal; the C ABI counts
/// and lists them straight into the caller's buffer, with no allocation at all (it once built
/// a list of every cell first: 512 MB on a 2^26-cell board, just to report the count).
#[test]
fn optimal_moves_of_a_proved_draw_allocate_nothing() {
    let g = Handle::new(1000, 1000, 1000);
    let mut cells = vec![77u32; 1_000_000];
    let (mut count, mut legal_count) = (77, 77);
    let legal = unsafe { ttt_game_legal_moves(g.0, cells.as_mut_ptr(), cells.len(), &mut legal_count) };
    assert_eq!((legal, legal_count), (TTT_OK, 1_000_000));
    let legal_cells = cells.clone();
    cells.fill(77);
    REFUSED.with(|r| r.set(false));
    BUDGET.with(|b| b.set(Some(0)));
    let sized = unsafe { ttt_game_optimal_moves(g.0, std::ptr::null_mut(), 0, &mut count) };
    let sized_count = count;
    let listed = unsafe { ttt_game_optimal_moves(g.0, cells.as_mut_ptr(), cells.len(), &mut count) };
    BUDGET.with(|b| b.set(None));
    assert!(!REFUSED.with(|r| r.get()), "an allocation was asked for");
    assert_eq!((sized, sized_count), (TTT_BUFFER_TOO_SMALL, 1_000_000));
    assert_eq!((listed, count), (TTT_OK, 1_000_000));
    assert!(cells == legal_cells, "the optimal moves are not every legal move");
}

/// A batch that frees itself once a sweep is done with it.
struct OwnedBatch(*mut TttBatch);

impl Drop for OwnedBatch {
    fn drop(&mut self) {
        unsafe { ttt_batch_free(self.0) };
    }
}

/// The batch: creating one (every representation), copying a game out, random self-play and
/// a step on one thread. (Calls that start threads are not swept: starting a thread allocates
/// inside Rust's standard library, which aborts when that fails; docs/c-api.md says so.)
#[test]
fn the_batch_fails_cleanly() {
    const NO_BATCH: *mut TttBatch = without_provenance_mut(0x10);
    for (rows, cols, k) in [(3, 3, 3), (1, 9, 3), (4, 4, 4), (15, 15, 5), (200, 200, 5)] {
        let what = format!("ttt_batch_new {rows},{cols},{k}");
        let refused = sweep(
            &what,
            || NO_BATCH,
            |&out| out,
            |out| {
                let status = unsafe { ttt_batch_new(rows, cols, k, 100, 1, out) };
                if status == TTT_OK {
                    unsafe { ttt_batch_free(*out) };
                    *out = NO_BATCH;
                }
                status
            },
        );
        assert!(refused > 0, "{what} never allocated");
        // A batch of a few games on one thread, read back whole to see it unchanged.
        let setup = || {
            let mut b = null_mut();
            assert_eq!(unsafe { ttt_batch_new(rows, cols, k, 3, 1, &mut b) }, TTT_OK);
            OwnedBatch(b)
        };
        let look = |b: &OwnedBatch| {
            let mut planes = vec![0u8; 3 * 2 * (rows * cols) as usize];
            assert_eq!(unsafe { ttt_batch_observe(b.0, planes.as_mut_ptr(), planes.len()) }, TTT_OK);
            planes
        };
        let mut stats = TttBatchStats::default();
        sweep(&format!("ttt_batch_random_moves {rows},{cols},{k}"), setup, look, |b| unsafe {
            ttt_batch_random_moves(b.0, 3, 1, &mut stats)
        });
        let refused = sweep(
            &format!("ttt_batch_game {rows},{cols},{k}"),
            || (setup(), UNTOUCHED),
            |(_, out)| *out,
            |(b, out)| unsafe {
                let status = ttt_batch_game(b.0, 2, out);
                if status == TTT_OK {
                    ttt_game_free(*out);
                    *out = UNTOUCHED;
                }
                status
            },
        );
        assert!(refused > 0, "ttt_batch_game {rows},{cols},{k} never allocated");
        let actions = [0u32, 1, 2];
        let mut results = [0u8; 3];
        sweep(&format!("ttt_batch_step {rows},{cols},{k}"), setup, look, |b| unsafe {
            ttt_batch_step(b.0, actions.as_ptr(), 3, results.as_mut_ptr(), null_mut())
        });
    }
}

/// A step split over threads whose bookkeeping cannot be allocated is played on the calling
/// thread instead: the same results, refusals and games as a batch on one thread, and no
/// thread started (so nothing else to allocate). The batches are just past the split
/// threshold (`cells_per_thread()` cells a thread).
#[test]
fn a_split_step_without_memory_plays_on_the_calling_thread() {
    for (side, k) in [(15u32, 5u32), (3, 3)] {
        let cells = (side * side) as usize;
        let count = (2 * tictactoe::internals::cells_per_thread()).div_ceil(cells) + 1;
        let new = |threads| {
            let mut b = null_mut();
            assert_eq!(unsafe { ttt_batch_new(side, side, k, count, 1, &mut b) }, TTT_OK);
            assert_eq!(unsafe { ttt_batch_set_threads(b, threads) }, TTT_OK);
            OwnedBatch(b)
        };
        let (split, one) = (new(2), new(1));
        let planes = |b: &OwnedBatch| {
            let mut planes = vec![0u8; count * 2 * cells];
            assert_eq!(unsafe { ttt_batch_observe(b.0, planes.as_mut_ptr(), planes.len()) }, TTT_OK);
            planes
        };
        for step in 0..4u32 {
            // Cell (g + 3 step) mod cells of game g: empty in every game that has not ended, as
            // the cells played so far are the ones 3 apart before it; the last step repeats the
            // first one's cells, on stones in the games that go on.
            let shift = if step == 3 { 0 } else { 3 * step as usize };
            let actions: Vec<u32> = (0..count).map(|g| ((g + shift) % cells) as u32).collect();
            let (mut got, mut want) = (vec![9u8; count], vec![9u8; count]);
            let (mut bad, mut want_bad) = (usize::MAX, usize::MAX);
            REFUSED.with(|r| r.set(false));
            BUDGET.with(|b| b.set(Some(0)));
            let status =
                unsafe { ttt_batch_step(split.0, actions.as_ptr(), count, got.as_mut_ptr(), &mut bad) };
            BUDGET.with(|b| b.set(None));
            assert!(REFUSED.with(|r| r.get()), "{side}x{side}: the split step allocated nothing");
            let expected =
                unsafe { ttt_batch_step(one.0, actions.as_ptr(), count, want.as_mut_ptr(), &mut want_bad) };
            assert_eq!((status, bad, &got), (expected, want_bad, &want), "{side}x{side} step {step}");
            assert_eq!(planes(&split), planes(&one), "{side}x{side} step {step}: the games differ");
        }
    }
}
