//! The exact solver through the C ABI on arbitrary late positions of boards up to 9 × 9 (any
//! k, either player opening): `ttt_game_best_move` and `ttt_game_optimal_moves` agree with a
//! plain minimax (`tests/common/minimax.rs`, the solver tests' reference) and change nothing.
//! Positions keep at most 8 empty cells, so the reference stays cheap, except on one in four
//! inputs on boards of up to 16 cells, which keep up to 13: enough for the solver's pairings
//! of what is left (`pairing::Live`, asked from 12 empty cells on, so below a root with 13).
//! They reach the bitboard solver (with its pairing bounds) and the endgame search beyond.
//! One input in eight takes a tall thin board that fits the bitboard only transposed (13 to
//! 63 rows of 1 to 4 columns), which the solver solves on its transpose.
//! The `_within` calls, under a step budget the bytes pick, give the same answers or
//! `TTT_TOO_HARD` with nothing written.
#![no_main]

mod abi;
#[path = "../../tests/common/minimax.rs"]
mod minimax;
mod naive;

use abi::text_of;
use libfuzzer_sys::fuzz_target;
use minimax::{best_of, is_optimal_set, Reference};
use naive::Bytes;
use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let (rows, cols, k) = if bytes.byte() % 8 == 0 { tall(&mut bytes) } else { bytes.size(9) };
    let n = (rows * cols) as usize;
    let most_empty = if n <= 16 && bytes.byte() % 4 == 0 { 13 } else { 8 };
    let empty_at_end = 1 + bytes.byte() as usize % most_empty;
    let opener = 1 + u32::from(bytes.byte() % 2);
    // From one step to 2^16, the range where small positions run out or not.
    let budget = 1 + (u64::from(bytes.byte()) << 8 | u64::from(bytes.byte()));
    let mut reference = Reference::new(rows, cols, k);
    let mut cells = vec![0u8; n];
    let mut game = std::ptr::null_mut();
    // SAFETY: each call gets live pointers; the game is freed at the end.
    unsafe {
        assert_eq!(ttt_game_new(rows, cols, k, &mut game), TTT_OK);
        // Stones on cells the bytes pick among those that end nothing, until few are empty.
        let mut mover = opener as u8;
        while cells.iter().filter(|&&c| c == 0).count() > empty_at_end {
            let mut quiet = Vec::new();
            for cell in 0..n {
                if cells[cell] == 0 {
                    cells[cell] = mover;
                    if !reference.wins(&cells, cell) {
                        quiet.push(cell);
                    }
                    cells[cell] = 0;
                }
            }
            if quiet.is_empty() {
                break;
            }
            let cell = quiet[bytes.byte() as usize % quiet.len()];
            let mut winner = 9;
            let (r, c) = (cell as u32 / cols, cell as u32 % cols);
            assert_eq!(ttt_game_move(game, r, c, u32::from(mover), &mut winner), TTT_OK);
            assert_eq!(winner, 0);
            cells[cell] = mover;
            mover = 3 - mover;
        }
        let empty = cells.iter().filter(|&&c| c == 0).count();
        if empty > most_empty {
            ttt_game_free(game);
            return;
        }
        let before = text_of(game);
        let scores = reference.move_scores(&mut cells, mover);
        let value = best_of(&scores);
        let (mut r, mut c, mut score) = (0u32, 0u32, 0i32);
        assert_eq!(
            ttt_game_best_move(game, &mut r, &mut c, &mut score),
            TTT_OK,
            "{}",
            String::from_utf8_lossy(&before)
        );
        let cell = (r * cols + c) as usize;
        assert_eq!(score, value, "score of {}", String::from_utf8_lossy(&before));
        assert!(
            scores.contains(&(cell, value)),
            "{cell} is not a best move of {}",
            String::from_utf8_lossy(&before)
        );
        let expected: Vec<u32> = is_optimal_set(&scores, value).into_iter().map(|c| c as u32).collect();
        let (mut out, mut count) = (vec![0u32; n], 0usize);
        assert_eq!(ttt_game_optimal_moves(game, out.as_mut_ptr(), out.len(), &mut count), TTT_OK);
        out.truncate(count);
        assert_eq!(out, expected, "optimal moves of {}", String::from_utf8_lossy(&before));
        let (mut r2, mut c2, mut score2) = (u32::MAX, u32::MAX, i32::MAX);
        match ttt_game_best_move_within(game, budget, 0, &mut r2, &mut c2, &mut score2) {
            TTT_OK => assert_eq!((r2, c2, score2), (r, c, score), "{budget} steps"),
            TTT_TOO_HARD => assert_eq!((r2, c2, score2), (u32::MAX, u32::MAX, i32::MAX)),
            other => panic!("best_move_within: {other:?}"),
        }
        let (mut out2, mut count2) = (vec![u32::MAX; n], usize::MAX);
        match ttt_game_optimal_moves_within(game, budget, 0, out2.as_mut_ptr(), n, &mut count2) {
            TTT_OK => assert_eq!(&out2[..count2], &out[..], "{budget} steps"),
            TTT_TOO_HARD => assert_eq!((count2, out2), (usize::MAX, vec![u32::MAX; n])),
            other => panic!("optimal_moves_within: {other:?}"),
        }
        assert_eq!(text_of(game), before, "the solver changed the game");
        ttt_game_free(game);
    }
});

/// A board of 1 to 4 columns with rows × (cols + 1) > 64 but cols × (rows + 1) <= 64, any k.
fn tall(bytes: &mut Bytes) -> (u32, u32, u32) {
    let cols = 1 + u32::from(bytes.byte()) % 4;
    let (least, most) = (64 / (cols + 1) + 1, 64 / cols - 1);
    let rows = least + u32::from(bytes.byte()) % (most - least + 1);
    (rows, cols, 1 + u32::from(bytes.byte()) % rows)
}
