//! The thread-safety statement of docs/c-api.md, through the C ABI: distinct games on distinct threads
//! at once; any number of threads reading one game at once (every `const TttGame *` function);
//! and the tables built on first use (the classic 3×3 judge/validate table, the 3×3 AI table)
//! first touched by several threads at the same moment. Every thread's answers must equal the
//! same calls made on one thread. `.ci/test` also runs this file under ThreadSanitizer
//! (`tests/tsan.sh`), which fails on any data race the calls make, even one whose answers
//! happened to come out right.
//!
//! The solver on threads (`ttt_game_best_move_threads`), which starts threads of its own and
//! shares a pool of steps among them, runs here too, on one game from several callers at once.
//!
//! One test function, so that the first-use race really is the process's first use: the
//! harness runs separate tests of one binary on threads of one process.

use std::ffi::c_char;
use std::fmt::Write as _;
use std::sync::{Arc, Barrier};
use std::thread;
use tictactoe::ffi::*;

mod common;
use common::{Handle, Rng};

const THREADS: usize = 4;

/// Runs `work(thread)` on `THREADS` threads released together by a barrier, and returns what
/// each gave, in thread order.
fn together<T: Send + 'static>(work: impl Fn(usize) -> T + Send + Sync + 'static) -> Vec<T> {
    let work = Arc::new(work);
    let start = Arc::new(Barrier::new(THREADS));
    let threads: Vec<_> = (0..THREADS)
        .map(|t| {
            let (work, start) = (Arc::clone(&work), Arc::clone(&start));
            thread::spawn(move || {
                start.wait();
                work(t)
            })
        })
        .collect();
    threads.into_iter().map(|h| h.join().expect("a thread panicked")).collect()
}

/// A game handle that may be shared by reading threads: the C ABI promises that functions
/// taking `const TttGame *` may run on one game at once.
struct Shared(Handle);
// SAFETY: only `const TttGame *` functions are called on a shared handle while threads run.
unsafe impl Send for Shared {}
unsafe impl Sync for Shared {}

/// The answers of the table-backed calls: judge and validate on 3×3, and the 3×3 AI.
fn classic_answers() -> String {
    let mut out = String::new();
    let moves = [0u32, 0, 1, 1, 0, 1, 2, 2, 0, 2];
    let mut result = TttResult::TTT_PENDING;
    let s = unsafe { ttt_judge(moves.as_ptr(), moves.len() / 2, 3, 3, 3, &mut result) };
    write!(out, "judge {s:?} {result:?};").unwrap();
    for board in ["XOX O X  ", "XXXOOO   ", "XXXOO    ", "OXX X O  "] {
        let mut verdict = TttVerdict::TTT_VALID;
        let s = unsafe { ttt_validate(board.as_ptr().cast(), board.len(), 3, 3, 3, &mut verdict) };
        write!(out, "validate {s:?} {verdict:?};").unwrap();
    }
    let g = Handle::new(3, 3, 3);
    let (mut row, mut col, mut score) = (9, 9, 99);
    let s = unsafe { ttt_game_best_move(g.0, &mut row, &mut col, &mut score) };
    write!(out, "best {s:?} {row} {col} {score};").unwrap();
    out
}

/// Every read the C ABI offers on a game, as text to compare.
fn reads(game: *const TttGame) -> String {
    let mut out = String::new();
    let mut buf = vec![0u32; 1 << 12];
    let mut count = 0usize;
    unsafe {
        let (mut row, mut col, mut score) = (0, 0, 0);
        let s = ttt_game_best_move(game, &mut row, &mut col, &mut score);
        writeln!(out, "best {s:?} {row} {col} {score}").unwrap();
        let s = ttt_game_optimal_moves(game, buf.as_mut_ptr(), buf.len(), &mut count);
        writeln!(out, "optimal {s:?} {:?}", &buf[..count.min(buf.len())]).unwrap();
        let s = ttt_game_search(game, 300, 0, 7, &mut row, &mut col);
        writeln!(out, "search {s:?} {row} {col}").unwrap();
        for level in 0..=4 {
            let s = ttt_game_ai_move(game, level, 11, &mut row, &mut col);
            writeln!(out, "level {level} {s:?} {row} {col}").unwrap();
        }
        let (mut rows, mut cols, mut k) = (0, 0, 0);
        ttt_game_size(game, &mut rows, &mut cols, &mut k);
        let (mut to_move, mut first, mut result) = (9, 9, TttResult::TTT_PENDING);
        let s1 = ttt_game_to_move(game, &mut to_move);
        let s2 = ttt_game_first_player(game, &mut first);
        let s3 = ttt_game_result(game, &mut result);
        writeln!(out, "state {rows}x{cols}/{k} {s1:?} {to_move} {s2:?} {first} {s3:?} {result:?}").unwrap();
        let mut player = 9;
        let s = ttt_game_cell(game, rows / 2, cols / 2, &mut player);
        ttt_game_move_count(game, &mut count);
        writeln!(out, "cell {s:?} {player} count {count}").unwrap();
        let mut cells = vec![0u8; (rows * cols) as usize];
        let s = ttt_game_cells(game, cells.as_mut_ptr(), cells.len(), &mut count);
        writeln!(out, "cells {s:?} {cells:?}").unwrap();
        type List = unsafe extern "C" fn(*const TttGame, *mut u32, usize, *mut usize) -> TttStatus;
        let lists: [(&str, List); 3] =
            [("moves", ttt_game_moves), ("legal", ttt_game_legal_moves), ("line", ttt_game_winning_line)];
        for (name, list) in lists {
            let s = list(game, buf.as_mut_ptr(), buf.len(), &mut count);
            writeln!(out, "{name} {s:?} {:?}", &buf[..count.min(buf.len())]).unwrap();
        }
        writeln!(out, "text {}", text(game)).unwrap();
        let mut copy = std::ptr::null_mut();
        let s = ttt_game_clone(game, &mut copy);
        writeln!(out, "clone {s:?} {}", text(copy)).unwrap();
        ttt_game_free(copy);
    }
    out
}

fn text(game: *const TttGame) -> String {
    let mut buf = vec![0 as c_char; 1 << 12];
    let mut len = 0;
    let s = unsafe { ttt_game_to_text(game, buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(s, TttStatus::TTT_OK);
    buf[..len].iter().map(|&c| c as u8 as char).collect()
}

/// Games to share: the AI's table, its solver, its pairing proof and its search, a won game
/// (its winning line) and a drawn one.
fn shared_games() -> Vec<Shared> {
    let played = |rows, cols, k, cells: &[u32]| {
        let g = Handle::new(rows, cols, k);
        let mut winner = 0;
        for (i, &c) in cells.iter().enumerate() {
            let s = unsafe { ttt_game_move(g.0, c / cols, c % cols, 1 + i as u32 % 2, &mut winner) };
            assert_eq!(s, TttStatus::TTT_OK);
        }
        Shared(g)
    };
    vec![
        played(3, 3, 3, &[4, 0]),
        played(4, 4, 3, &[5, 0, 10]),
        played(9, 9, 9, &[40]),
        played(15, 15, 5, &[112, 113, 97, 128, 127]),
        played(19, 19, 5, &[180, 181, 199, 200, 161, 162, 142, 143, 123]),
        played(3, 3, 3, &[0, 3, 1, 4, 2]),
        played(3, 3, 3, &[4, 0, 8, 2, 1, 7, 6, 3, 5]),
    ]
}

/// A deterministic workout of one game per call: random moves, some of them refused, with
/// undo, redo, reset and a text round trip along the way; returns what happened.
fn workout(seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut out = String::new();
    let shapes = [(3, 3, 3), (4, 4, 4), (5, 7, 4), (15, 15, 5), (30, 3, 3)];
    for _ in 0..12 {
        let (rows, cols, k) = shapes[rng.pick(shapes.len())];
        let g = Handle::new(rows, cols, k);
        for _ in 0..60 {
            let (row, col) = (rng.below(rows as u64 + 1) as u32, rng.below(cols as u64) as u32);
            let s = match rng.below(10) {
                0 => unsafe { ttt_game_undo(g.0) },
                1 => unsafe { ttt_game_redo(g.0) },
                2 => unsafe { ttt_game_move(g.0, row, col, 1 + rng.below(2) as u32, &mut 0) },
                _ => unsafe { ttt_game_play(g.0, row, col, &mut TttResult::TTT_PENDING) },
            };
            write!(out, "{s:?} ").unwrap();
        }
        let saved = text(g.0);
        let mut loaded = std::ptr::null_mut();
        let s = unsafe { ttt_game_from_text(saved.as_ptr().cast(), saved.len(), &mut loaded) };
        assert_eq!(s, TttStatus::TTT_OK);
        assert_eq!(text(loaded), saved);
        unsafe { ttt_game_free(loaded) };
        unsafe { ttt_game_reset(g.0) };
        writeln!(out, "{saved} {}", text(g.0)).unwrap();
    }
    out
}

#[test]
fn threads_share_what_the_contract_lets_them_share() {
    // First use: the tables are built while every thread asks for them at once.
    let first = together(|_| classic_answers());
    let want = classic_answers();
    assert!(want.contains("best TTT_OK"), "{want}");
    assert!(first.iter().all(|got| *got == want), "{first:?} != {want}");

    // Readers of one game.
    let games = Arc::new(shared_games());
    let want: Vec<String> = games.iter().map(|g| reads(g.0 .0)).collect();
    assert!(want[5].contains("line TTT_OK [0, 1, 2]"), "{}", want[5]);
    assert!(want[6].contains("result TTT_DRAW") || want[6].contains("TTT_OK TTT_DRAW"), "{}", want[6]);
    let shared = Arc::clone(&games);
    let got = together(move |t| {
        shared.iter().cycle().skip(t).take(shared.len()).map(|g| reads(g.0 .0)).collect::<Vec<_>>()
    });
    for (t, got) in got.into_iter().enumerate() {
        let want_t: Vec<_> = want.iter().cycle().skip(t).take(want.len()).cloned().collect();
        assert_eq!(got, want_t, "thread {t}");
    }

    // Distinct games.
    let got = together(|t| workout(t as u64));
    for (t, got) in got.into_iter().enumerate() {
        assert_eq!(got, workout(t as u64), "thread {t}");
    }

    // The solver's own threads, started by several callers sharing one game: an empty 4,7,4
    // (a draw) takes far more steps than the solver's first one-thread look, so each call
    // splits it.
    let game = Arc::new(Shared(Handle::new(4, 7, 4)));
    let got = together(move |t| {
        let (mut row, mut col, mut score) = (99, 99, 99);
        let s = unsafe {
            ttt_game_best_move_threads(
                game.0 .0,
                1 << 24,
                0,
                1 + t as u32 % 2,
                &mut row,
                &mut col,
                &mut score,
            )
        };
        (s, row < 4 && col < 7, score)
    });
    assert!(got.iter().all(|&answer| answer == (TttStatus::TTT_OK, true, 0)), "{got:?}");
}
