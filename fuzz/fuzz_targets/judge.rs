//! "Find Winner" through `ttt_judge_ex` on arbitrary move lists (cells sometimes off the board,
//! repeated, or after the end) on boards up to 6 × 6, against a plain replay of the rules (docs/rules.md) and
//! the C API: the same result, or the same status and the index of the same offending move.
#![no_main]

mod naive;

use libfuzzer_sys::fuzz_target;
use naive::Bytes;
use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;

/// The result (0 pending, 1 A, 2 B, 3 draw), or the status and index of the first bad move.
fn replay(moves: &[u32], rows: u32, cols: u32, k: u32) -> Result<u32, (TttStatus, usize)> {
    let mut cells = vec![0u8; (rows * cols) as usize];
    let mut result = 0;
    for (i, m) in moves.chunks(2).enumerate() {
        let (r, c) = (m[0], m[1]);
        if r >= rows || c >= cols {
            return Err((TTT_OUT_OF_BOUNDS, i));
        }
        if result != 0 {
            return Err((TTT_GAME_OVER, i));
        }
        let cell = (r * cols + c) as usize;
        if cells[cell] != 0 {
            return Err((TTT_CELL_OCCUPIED, i));
        }
        let player = 1 + (i % 2) as u8;
        cells[cell] = player;
        if naive::completes_line(&cells, rows, cols, k, cell) {
            result = u32::from(player);
        } else if cells.iter().all(|&c| c != 0) {
            result = 3;
        }
    }
    Ok(result)
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let (rows, cols, k) = bytes.size(6);
    let mut moves = Vec::new();
    while !bytes.is_empty() {
        // Mostly on the board; now and then one past the edge.
        moves.push(u32::from(bytes.byte()) % (rows + 1));
        moves.push(u32::from(bytes.byte()) % (cols + 1));
    }
    let (mut result, mut bad) = (TttResult::TTT_DRAW, usize::MAX);
    // SAFETY: `moves` holds `moves.len() / 2` pairs; the out-pointers are writable.
    let status =
        unsafe { ttt_judge_ex(moves.as_ptr(), moves.len() / 2, rows, cols, k, &mut result, &mut bad) };
    match replay(&moves, rows, cols, k) {
        Ok(want) => assert_eq!((status, result as u32, bad), (TTT_OK, want, usize::MAX)),
        Err((want, index)) => {
            assert_eq!((status, bad), (want, index));
            assert_eq!(result, TttResult::TTT_DRAW, "result untouched on failure");
        }
    }
});
