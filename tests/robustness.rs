//! Random and hostile input at the C boundary: whatever arrives, the answer is a documented
//! status (never `TTT_INTERNAL_ERROR`, never a crash), and the stateless judge agrees with the
//! game object replaying the same moves.

use std::ptr::null_mut;
use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;

mod common;

use common::Rng;

/// Board sizes for hostile input: mostly small, sometimes 0, huge or u32::MAX.
trait Dims {
    fn dim(&mut self) -> u32;
}

impl Dims for Rng {
    fn dim(&mut self) -> u32 {
        match self.below(10) {
            0 => 0,
            1 => u32::MAX,
            2 => 1 + self.below(200) as u32,
            _ => 1 + self.below(6) as u32,
        }
    }
}

/// Mostly cells, some separators, some bytes that must be refused.
const BYTES: &[u8] = b"XO. XO.XO.XO./\nxo?\r\0";

#[test]
fn random_board_text_gets_a_verdict_or_a_documented_status() {
    let mut rng = Rng(1);
    let mut statuses = std::collections::HashSet::new();
    for _ in 0..20_000 {
        let (rows, cols, k) = (rng.dim(), rng.dim(), rng.dim());
        // Often exactly the right number of cells, so that many texts get as far as a verdict.
        let len = if rng.below(2) == 0 && rows <= 6 && cols <= 6 {
            (rows * cols) as usize
        } else {
            rng.below(40) as usize
        };
        let text: Vec<u8> = (0..len).map(|_| BYTES[rng.below(BYTES.len() as u64) as usize]).collect();
        let mut verdict = TttVerdict::TTT_BOTH_WIN;
        let status = unsafe { ttt_validate(text.as_ptr().cast(), text.len(), rows, cols, k, &mut verdict) };
        assert!(
            matches!(status, TTT_OK | TTT_PARSE_ERROR | TTT_INVALID_ARGUMENT | TTT_TOO_LARGE),
            "{status:?} for {rows}x{cols} k={k} {text:?}"
        );
        if status != TTT_OK {
            assert_eq!(verdict, TttVerdict::TTT_BOTH_WIN, "verdict written on failure");
        }
        statuses.insert(status as u32);
        // The same bytes as game text: parsed or refused, never a crash.
        let mut game = null_mut();
        let header = format!("{rows},{cols},{k}:");
        let mut game_text = header.into_bytes();
        game_text.extend_from_slice(&text);
        game_text.extend_from_slice(if rng.below(2) == 0 { b":X" } else { b":O" });
        let status = unsafe { ttt_game_from_text(game_text.as_ptr().cast(), game_text.len(), &mut game) };
        assert_ne!(status, TTT_INTERNAL_ERROR);
        assert_eq!(status == TTT_OK, !game.is_null());
        unsafe { ttt_game_free(game) };
    }
    assert_eq!(statuses.len(), 4, "every outcome should occur: {statuses:?}");
}

/// Replays a move list on a game object, returning the status and offending index the judge
/// should report.
fn replay_on_game(moves: &[u32], rows: u32, cols: u32, k: u32) -> Result<TttResult, (TttStatus, usize)> {
    let mut game = null_mut();
    let status = unsafe { ttt_game_new(rows, cols, k, &mut game) };
    if status != TTT_OK {
        return Err((status, 0));
    }
    let mut result = TttResult::TTT_PENDING;
    let mut outcome = Ok(TttResult::TTT_PENDING);
    for (i, pair) in moves.chunks(2).enumerate() {
        let status = unsafe { ttt_game_play(game, pair[0], pair[1], &mut result) };
        if status != TTT_OK {
            outcome = Err((status, i));
            break;
        }
        outcome = Ok(result);
    }
    unsafe { ttt_game_free(game) };
    outcome
}

#[test]
fn judge_agrees_with_the_game_object_on_random_move_lists() {
    let mut rng = Rng(2);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..20_000 {
        let rows = 1 + rng.below(5) as u32;
        let cols = 1 + rng.below(5) as u32;
        let k = if rng.below(20) == 0 { 0 } else { 1 + rng.below(u64::from(rows.max(cols))) as u32 };
        let n = rng.below(u64::from(rows * cols) + 3) as usize;
        let moves: Vec<u32> = (0..2 * n).map(|_| rng.below(u64::from(rows.max(cols)) + 1) as u32).collect();
        let mut result = TttResult::TTT_DRAW;
        let mut bad = usize::MAX;
        let status = unsafe { ttt_judge_ex(moves.as_ptr(), n, rows, cols, k, &mut result, &mut bad) };
        match replay_on_game(&moves, rows, cols, k) {
            Ok(want) => {
                assert_eq!((status, result), (TTT_OK, want), "{rows}x{cols} k={k} {moves:?}");
                seen.insert(want as u32 + 100);
            }
            Err((want, index)) => {
                assert_eq!(status, want, "{rows}x{cols} k={k} {moves:?}");
                if want != TTT_INVALID_ARGUMENT {
                    assert_eq!(bad, index, "{rows}x{cols} k={k} {moves:?}");
                }
                seen.insert(want as u32);
            }
        }
    }
    // Every outcome and every move error happened, so the comparison exercised them all.
    for code in [100, 101, 102, 103, 2, 3, 4, 6] {
        assert!(seen.contains(&code), "never saw {code}: {seen:?}");
    }
}
