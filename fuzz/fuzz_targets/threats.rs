//! The threat search through the C ABI against the exact solver, on random positions of small
//! boards where both are exact (5 to 7 rows and columns, k = 4 or 5): a win that
//! `ttt_game_threat_win` claims is a win by the solver of at most the claimed plies, and after
//! its first move the opponent loses within fewer; the same call gives the same answer;
//! `TTT_TOO_HARD` writes nothing; the game is never changed. The search's look at the
//! opponent's threat (`opponent_threat`) is checked the same way: after a move outside the
//! defences it returns, the solver finds a win for the opponent within the claimed plies.
#![no_main]

mod abi;
mod naive;

use abi::text_of;
use libfuzzer_sys::fuzz_target;
use naive::Bytes;
use tictactoe::ai::{self, Budget};
use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;
use tictactoe::internals::opponent_threat;
use tictactoe::{Game, Outcome};

/// The solver's step budget: past it the position is skipped.
const SOLVER_STEPS: u64 = 1 << 20;

/// The solver's value of `game` (plies to the end, positive when the side to move wins), or
/// `None` when it needs more than `SOLVER_STEPS`.
fn exact(game: &Game) -> Option<i32> {
    ai::solve(game, Budget::nodes(SOLVER_STEPS)).ok().map(|s| s.score)
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let (rows, cols) = (5 + u32::from(bytes.byte() % 3), 5 + u32::from(bytes.byte() % 3));
    let k = if rows.min(cols) >= 7 && bytes.byte() % 2 == 0 { 5 } else { 4 };
    let mut game = std::ptr::null_mut();
    // SAFETY: each call gets live pointers; the game is freed at the end.
    unsafe {
        assert_eq!(ttt_game_new(rows, cols, k, &mut game), TTT_OK);
        let mut result = TttResult::TTT_PENDING;
        let stones = 2 + bytes.byte() % 14;
        for _ in 0..stones {
            let (r, c) = (u32::from(bytes.byte()) % rows, u32::from(bytes.byte()) % cols);
            if ttt_game_play(game, r, c, &mut result) == TTT_OK && result != TttResult::TTT_PENDING {
                break;
            }
        }
        if result == TttResult::TTT_PENDING {
            let before = text_of(game);
            let nodes = 1 + (u64::from(bytes.byte()) << 4);
            let (mut row, mut col, mut plies) = (99, 99, 99);
            let status = ttt_game_threat_win(game, nodes, &mut row, &mut col, &mut plies);
            let (mut row2, mut col2, mut plies2) = (99, 99, 99);
            assert_eq!(ttt_game_threat_win(game, nodes, &mut row2, &mut col2, &mut plies2), status);
            assert_eq!((row, col, plies), (row2, col2, plies2), "the same call gave two answers");
            assert_eq!(text_of(game), before, "the game changed");
            let text = String::from_utf8(before).unwrap();
            let position: Game = text.parse().unwrap();
            match status {
                TTT_OK => {
                    assert_eq!(position.cell(row, col), Ok(None), "{text}: ({row}, {col}) is taken");
                    if let Some(score) = exact(&position) {
                        assert!(
                            score > 0 && score as u32 <= plies,
                            "{text}: a win in {plies} claimed, {score}"
                        );
                    }
                    let mut after = position.try_clone().unwrap();
                    if after.play(row, col).unwrap() == Outcome::Pending {
                        if let Some(score) = exact(&after) {
                            assert!(
                                score < 0 && (-score as u32) < plies,
                                "{text}: ({row}, {col}), then {score}"
                            );
                        }
                    } else {
                        assert_eq!(plies, 1, "{text}: ({row}, {col}) wins at once");
                    }
                }
                TTT_TOO_HARD => assert_eq!((row, col, plies), (99, 99, 99), "written on TTT_TOO_HARD"),
                other => panic!("{text}: {other:?}"),
            }
            check_opponent_threat(&position, nodes, bytes.byte());
        }
        ttt_game_free(game);
    }
});

/// A move outside the defences of the opponent's threat (the `pick`-th such empty cell) must
/// let the opponent win within the claimed plies, by the solver where it finishes.
fn check_opponent_threat(position: &Game, nodes: u64, pick: u8) {
    let (Some(threat), _) = opponent_threat(position, nodes, None).unwrap() else { return };
    let cols = position.rules().cols() as usize;
    let outside: Vec<usize> = position
        .legal_moves()
        .map(|m| m.row as usize * cols + m.col as usize)
        .filter(|c| threat.defences.binary_search(c).is_err())
        .collect();
    let Some(&cell) = outside.get(usize::from(pick) % outside.len().max(1)) else { return };
    let mut after = position.try_clone().unwrap();
    let result = after.play((cell / cols) as u32, (cell % cols) as u32).unwrap();
    assert_eq!(result, Outcome::Pending, "{position}: {cell} ends the game, outside {threat:?}");
    if let Some(score) = exact(&after) {
        assert!(score > 0 && score as u32 <= threat.plies, "{position}: after {cell}, {score}; {threat:?}");
    }
}
