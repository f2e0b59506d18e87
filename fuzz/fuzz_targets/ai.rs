//! The AI's promises through the C ABI on arbitrary positions of boards up to 12 × 12 (any k,
//! so windows as long as the board too): `ttt_game_search` under a small node budget and
//! `ttt_game_ai_move` at levels 0 to 2 return an empty cell; every level but random takes an
//! immediate win when there is one, and the search and level 2 otherwise block an
//! immediate loss; `ttt_game_threat_win` takes a win in one as a win of one ply; the same call
//! gives the same move again; the game is never changed.
//! Wins and threats come from the plain reference (`naive`), not from the library.
#![no_main]

mod abi;
mod naive;

use abi::text_of;
use libfuzzer_sys::fuzz_target;
use naive::Bytes;
use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;

/// The empty cells where a stone of `stone` completes a line: the run through the cell, counted
/// both ways in each direction, reaches k. (Plainer than `naive::completes_line`, which
/// builds every line of the board and is too slow to ask about every cell.)
fn winning_cells(cells: &[u8], (rows, cols, k): (u32, u32, u32), stone: u8) -> Vec<usize> {
    let (rows, cols) = (i64::from(rows), i64::from(cols));
    let holds =
        |r: i64, c: i64| r >= 0 && c >= 0 && r < rows && c < cols && cells[(r * cols + c) as usize] == stone;
    let run = |r: i64, c: i64, dr: i64, dc: i64| (1..).take_while(|&i| holds(r + i * dr, c + i * dc)).count();
    (0..cells.len())
        .filter(|&cell| cells[cell] == 0)
        .filter(|&cell| {
            let (r, c) = (cell as i64 / cols, cell as i64 % cols);
            [(0, 1), (1, 0), (1, 1), (1, -1)]
                .iter()
                .any(|&(dr, dc)| 1 + run(r, c, dr, dc) + run(r, c, -dr, -dc) >= k as usize)
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let shape = bytes.size(12);
    let (rows, cols, _) = shape;
    let mut game = std::ptr::null_mut();
    // SAFETY: each call gets live pointers; the game is freed at the end.
    unsafe {
        assert_eq!(ttt_game_new(shape.0, shape.1, shape.2, &mut game), TTT_OK);
        // Stones where the bytes say, until they run out or the game ends.
        let mut cells = vec![0u8; (rows * cols) as usize];
        let mut result = TttResult::TTT_PENDING;
        let moves = bytes.byte() as usize % cells.len();
        for _ in 0..moves {
            let (r, c) = (u32::from(bytes.byte()) % rows, u32::from(bytes.byte()) % cols);
            let (mut mover, mut res) = (0u32, TttResult::TTT_PENDING);
            assert_eq!(ttt_game_to_move(game, &mut mover), TTT_OK);
            if ttt_game_play(game, r, c, &mut res) == TTT_OK {
                cells[(r * cols + c) as usize] = mover as u8;
                result = res;
                if res != TttResult::TTT_PENDING {
                    break;
                }
            }
        }
        if result == TttResult::TTT_PENDING {
            let mut mover = 0u32;
            assert_eq!(ttt_game_to_move(game, &mut mover), TTT_OK);
            let wins = winning_cells(&cells, shape, mover as u8);
            let threats = winning_cells(&cells, shape, 3 - mover as u8);
            let before = text_of(game);
            let (nodes, seed) = (1 + u64::from(bytes.byte() % 64), u64::from(bytes.byte()));
            let check = |cell: usize, blocks: bool| {
                assert_eq!(cells[cell], 0, "{cell} is taken");
                assert!(wins.is_empty() || wins.contains(&cell), "missed a win: {cell} not in {wins:?}");
                assert!(!blocks || !wins.is_empty() || threats.is_empty() || threats.contains(&cell));
            };
            let (mut r, mut c, mut r2, mut c2) = (0u32, 0u32, 0u32, 0u32);
            assert_eq!(ttt_game_search(game, nodes, 0, seed, &mut r, &mut c), TTT_OK);
            assert_eq!(ttt_game_search(game, nodes, 0, seed, &mut r2, &mut c2), TTT_OK);
            assert_eq!((r, c), (r2, c2), "the same search gave two moves");
            check((r * cols + c) as usize, true);
            // Level 3 is the search with 2,000 nodes: too slow to fuzz, and checked above.
            for level in TTT_LEVEL_RANDOM..TTT_LEVEL_HARD {
                assert_eq!(ttt_game_ai_move(game, level, seed, &mut r, &mut c), TTT_OK);
                assert_eq!(ttt_game_ai_move(game, level, seed, &mut r2, &mut c2), TTT_OK);
                assert_eq!((r, c), (r2, c2), "level {level} gave two moves");
                let cell = (r * cols + c) as usize;
                if level == TTT_LEVEL_RANDOM {
                    assert_eq!(cells[cell], 0, "{cell} is taken");
                } else {
                    check(cell, level >= TTT_LEVEL_MEDIUM);
                }
            }
            // A threat win: a win in one when there is one (plies 1, on one of those cells),
            // else none, or a longer win on an empty cell; nothing found is TOO_HARD.
            let mut plies = 0u32;
            match ttt_game_threat_win(game, nodes, &mut r, &mut c, &mut plies) {
                TTT_OK => {
                    let cell = (r * cols + c) as usize;
                    assert_eq!(cells[cell], 0, "{cell} is taken");
                    assert_eq!(plies == 1, !wins.is_empty(), "plies {plies} with wins {wins:?}");
                    assert!(wins.is_empty() || wins.contains(&cell), "missed a win: {cell} not in {wins:?}");
                }
                status => assert!(status == TTT_TOO_HARD && wins.is_empty(), "{status:?} with wins {wins:?}"),
            }
            assert_eq!(text_of(game), before, "the AI changed the game");
        }
        ttt_game_free(game);
    }
});
