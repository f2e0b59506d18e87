//! `ttt_batch_step` on arbitrary action lists (cells often off the board or on a stone) for 1 to
//! 4 games on boards up to 11 × 11 (the representations of batches below 4,096 games; the rows
//! alone that bigger batches keep are checked against them in the tests), against plain
//! games (docs/rules.md): the same results and auto-resets, observations and masks after every
//! step, or, for a step with an illegal action, the status and index of the first bad game and
//! no game changed.
#![no_main]

mod naive;

use libfuzzer_sys::fuzz_target;
use naive::Bytes;
use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;

/// Observations and mask of plain games: `[count][2][cells]` from the side to move's view,
/// then `[count][cells]`, 1 where empty.
fn planes(games: &[Vec<u8>]) -> (Vec<u8>, Vec<u8>) {
    let (mut obs, mut mask) = (Vec::new(), Vec::new());
    for g in games {
        let mover = if g.iter().filter(|&&c| c != 0).count().is_multiple_of(2) { 1 } else { 2 };
        obs.extend(g.iter().map(|&c| u8::from(c == mover)));
        obs.extend(g.iter().map(|&c| u8::from(c != 0 && c != mover)));
        mask.extend(g.iter().map(|&c| u8::from(c == 0)));
    }
    (obs, mask)
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let (rows, cols, k) = bytes.size(11);
    let count = 1 + usize::from(bytes.byte() % 4);
    let cells = (rows * cols) as usize;
    let mut batch = std::ptr::null_mut();
    // SAFETY: the out-pointer is writable.
    assert_eq!(unsafe { ttt_batch_new(rows, cols, k, count, 0, &mut batch) }, TTT_OK);
    // Any thread setting gives the same games (these batches are too small to be split).
    // SAFETY: a live batch.
    assert_eq!(unsafe { ttt_batch_set_threads(batch, u32::from(bytes.byte() % 4)) }, TTT_OK);
    let mut games = vec![vec![0u8; cells]; count];
    let (mut obs, mut mask) = (vec![0u8; count * 2 * cells], vec![0u8; count * cells]);
    while !bytes.is_empty() {
        // Mostly an empty cell (the byte-th, round the board), else whatever the byte says.
        let actions: Vec<u32> = games
            .iter()
            .map(|g| {
                let b = bytes.byte();
                let empty: Vec<usize> = (0..cells).filter(|&c| g[c] == 0).collect();
                match b >> 6 {
                    0 => cells as u32 + u32::from(b),
                    1 => u32::from(b & 63) % (cells as u32 + 1),
                    _ => empty[usize::from(b) % empty.len()] as u32,
                }
            })
            .collect();
        let first_bad =
            actions.iter().zip(&games).enumerate().find_map(|(i, (&a, g))| match g.get(a as usize) {
                None => Some((TTT_OUT_OF_BOUNDS, i)),
                Some(&c) if c != 0 => Some((TTT_CELL_OCCUPIED, i)),
                _ => None,
            });
        let (mut results, mut bad) = (vec![9u8; count], usize::MAX);
        // SAFETY: `count` actions and results; the out-pointers are writable.
        let status =
            unsafe { ttt_batch_step(batch, actions.as_ptr(), count, results.as_mut_ptr(), &mut bad) };
        match first_bad {
            Some((expected, index)) => {
                assert_eq!((status, bad), (expected, index));
                assert!(results.iter().all(|&r| r == 9), "results written by a refused step");
            }
            None => {
                assert_eq!((status, bad), (TTT_OK, usize::MAX));
                for ((g, &a), &r) in games.iter_mut().zip(&actions).zip(&results) {
                    let stones = g.iter().filter(|&&c| c != 0).count();
                    let player = 1 + (stones % 2) as u8;
                    g[a as usize] = player;
                    let expected = if naive::completes_line(g, rows, cols, k, a as usize) {
                        player
                    } else if stones + 1 == cells {
                        3
                    } else {
                        0
                    };
                    assert_eq!(r, expected, "{rows}x{cols} k={k}");
                    if expected != 0 {
                        g.fill(0);
                    }
                }
            }
        }
        // SAFETY: the buffers hold exactly the bytes offered.
        unsafe {
            assert_eq!(ttt_batch_observe(batch, obs.as_mut_ptr(), obs.len()), TTT_OK);
            assert_eq!(ttt_batch_legal_mask(batch, mask.as_mut_ptr(), mask.len()), TTT_OK);
        }
        assert_eq!((&obs, &mask), (&planes(&games).0, &planes(&games).1), "{rows}x{cols} k={k}");
    }
    // SAFETY: a live batch, freed once.
    unsafe { ttt_batch_free(batch) };
});
