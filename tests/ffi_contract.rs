//! The C boundary contract, case by case: every bad input gets its documented status, the game
//! is unchanged, and out-pointers are untouched. Runs under Miri too (`.ci/test`).

use std::ffi::{c_char, CStr};
use std::ptr::{null, null_mut};
use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;

mod common;
use common::Handle;

impl Handle {
    fn play(&self, row: u32, col: u32) -> TttResult {
        let mut r = TttResult::TTT_DRAW;
        assert_eq!(unsafe { ttt_game_play(self.0, row, col, &mut r) }, TTT_OK);
        r
    }
    fn text(&self) -> String {
        let mut buf = [0 as c_char; 128];
        let mut len = 0;
        assert_eq!(unsafe { ttt_game_to_text(self.0, buf.as_mut_ptr(), buf.len(), &mut len) }, TTT_OK);
        unsafe { CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap().to_owned()
    }
}

/// A "Design Tic-Tac-Toe" move that must fail with `want` and change nothing.
fn refused_move(g: &Handle, row: u32, col: u32, player: u32, want: TttStatus) {
    let before = g.game();
    let mut winner = 77;
    assert_eq!(unsafe { ttt_game_move(g.0, row, col, player, &mut winner) }, want, "({row},{col}) p{player}");
    assert_eq!(winner, 77, "out_winner written on failure");
    assert_eq!(g.game(), before, "game changed on failure");
}

#[test]
fn new_rejects_bad_sizes_and_writes_nothing() {
    let sentinel = std::ptr::without_provenance_mut::<TttGame>(0x10);
    let cases = [
        (0, 3, 3, TTT_INVALID_ARGUMENT),
        (3, 0, 3, TTT_INVALID_ARGUMENT),
        (3, 3, 0, TTT_INVALID_ARGUMENT),
        (3, 3, 4, TTT_INVALID_ARGUMENT),
        (2, 5, 6, TTT_INVALID_ARGUMENT),
        (8193, 8193, 5, TTT_TOO_LARGE),
        (u32::MAX, u32::MAX, 1, TTT_TOO_LARGE),
        ((1 << 26) + 1, 1, 1, TTT_TOO_LARGE),
        (u32::MAX, 2, 1, TTT_TOO_LARGE),
    ];
    for (rows, cols, k, want) in cases {
        let mut out = sentinel;
        assert_eq!(unsafe { ttt_game_new(rows, cols, k, &mut out) }, want, "{rows}x{cols} k={k}");
        assert_eq!(out, sentinel);
    }
    assert_eq!(unsafe { ttt_game_new(3, 3, 3, null_mut()) }, TTT_NULL_POINTER);
    assert_eq!(unsafe { ttt_tictactoe_new(0, null_mut()) }, TTT_NULL_POINTER);
    let mut out = sentinel;
    assert_eq!(unsafe { ttt_tictactoe_new(0, &mut out) }, TTT_INVALID_ARGUMENT);
    assert_eq!(out, sentinel);
}

#[test]
#[cfg_attr(miri, ignore = "allocates 16 Mi cells; too slow under Miri")]
fn the_documented_limit_works() {
    let g = Handle::new(4096, 4096, 5);
    g.play(4095, 4095);
    let g2 = Handle::new(1 << 26, 1, 3);
    g2.play((1 << 26) - 1, 0);
    let g3 = Handle::new(8192, 8192, 8192);
    assert_eq!(g3.play(0, 0), TttResult::TTT_PENDING);
}

#[test]
fn free_and_null_handles() {
    unsafe { ttt_game_free(null_mut()) };
    let mut u32_out = 5;
    let mut usize_out = 5;
    let mut result = TttResult::TTT_DRAW;
    let mut cells = [9u32; 4];
    unsafe {
        assert_eq!(ttt_game_move(null_mut(), 0, 0, 1, &mut u32_out), TTT_NULL_POINTER);
        assert_eq!(ttt_game_play(null_mut(), 0, 0, &mut result), TTT_NULL_POINTER);
        assert_eq!(ttt_game_undo(null_mut()), TTT_NULL_POINTER);
        assert_eq!(ttt_game_redo(null_mut()), TTT_NULL_POINTER);
        assert_eq!(ttt_game_reset(null_mut()), TTT_NULL_POINTER);
        assert_eq!(ttt_game_to_move(null(), &mut u32_out), TTT_NULL_POINTER);
        assert_eq!(ttt_game_first_player(null(), &mut u32_out), TTT_NULL_POINTER);
        assert_eq!(ttt_game_result(null(), &mut result), TTT_NULL_POINTER);
        assert_eq!(ttt_game_cell(null(), 0, 0, &mut u32_out), TTT_NULL_POINTER);
        assert_eq!(ttt_game_move_count(null(), &mut usize_out), TTT_NULL_POINTER);
        assert_eq!(ttt_game_size(null(), &mut u32_out, &mut u32_out, &mut u32_out), TTT_NULL_POINTER);
        assert_eq!(ttt_game_legal_moves(null(), cells.as_mut_ptr(), 4, &mut usize_out), TTT_NULL_POINTER);
        assert_eq!(ttt_game_moves(null(), cells.as_mut_ptr(), 4, &mut usize_out), TTT_NULL_POINTER);
        assert_eq!(ttt_game_winning_line(null(), cells.as_mut_ptr(), 4, &mut usize_out), TTT_NULL_POINTER);
        assert_eq!(ttt_game_cells(null(), null_mut(), 0, &mut usize_out), TTT_NULL_POINTER);
        assert_eq!(ttt_game_to_text(null(), null_mut(), 0, &mut usize_out), TTT_NULL_POINTER);
        let mut g = null_mut();
        assert_eq!(ttt_game_clone(null(), &mut g), TTT_NULL_POINTER);
        assert!(g.is_null());
    }
    assert_eq!((u32_out, usize_out, result, cells), (5, 5, TttResult::TTT_DRAW, [9; 4]));
}

#[test]
fn null_out_pointers_change_nothing() {
    let g = Handle::new(3, 3, 3);
    g.play(1, 1);
    let before = g.game();
    let mut x = 0u32;
    unsafe {
        assert_eq!(ttt_game_move(g.0, 0, 0, 2, null_mut()), TTT_NULL_POINTER);
        assert_eq!(ttt_game_play(g.0, 0, 0, null_mut()), TTT_NULL_POINTER);
        assert_eq!(ttt_game_to_move(g.0, null_mut()), TTT_NULL_POINTER);
        assert_eq!(ttt_game_first_player(g.0, null_mut()), TTT_NULL_POINTER);
        assert_eq!(ttt_game_result(g.0, null_mut()), TTT_NULL_POINTER);
        assert_eq!(ttt_game_cell(g.0, 0, 0, null_mut()), TTT_NULL_POINTER);
        assert_eq!(ttt_game_move_count(g.0, null_mut()), TTT_NULL_POINTER);
        assert_eq!(ttt_game_size(g.0, &mut x, null_mut(), &mut x), TTT_NULL_POINTER);
        assert_eq!(ttt_game_legal_moves(g.0, null_mut(), 0, null_mut()), TTT_NULL_POINTER);
        assert_eq!(ttt_game_legal_moves(g.0, null_mut(), 5, &mut 0), TTT_NULL_POINTER);
        assert_eq!(ttt_game_to_text(g.0, null_mut(), 0, null_mut()), TTT_NULL_POINTER);
        assert_eq!(ttt_game_to_text(g.0, null_mut(), 10, &mut 0), TTT_NULL_POINTER);
        assert_eq!(ttt_game_clone(g.0, null_mut()), TTT_NULL_POINTER);
    }
    assert_eq!(x, 0);
    assert_eq!(g.game(), before);
}

/// Moves with a bad player or off the `n` x `n` board `g` must fail and change nothing.
fn bad_arguments_are_refused(g: &Handle, n: u32) {
    for player in [0, 3, u32::MAX] {
        refused_move(g, 0, 0, player, TTT_INVALID_ARGUMENT);
    }
    refused_move(g, n, 0, 1, TTT_OUT_OF_BOUNDS);
    refused_move(g, 0, n, 2, TTT_OUT_OF_BOUNDS);
    refused_move(g, u32::MAX, u32::MAX, 1, TTT_OUT_OF_BOUNDS);
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let g = Handle::new(3, 3, 3);
    bad_arguments_are_refused(&g, 3);
    let mut w = 0;
    assert_eq!(unsafe { ttt_game_move(g.0, 1, 1, 1, &mut w) }, TTT_OK);
    refused_move(&g, 0, 0, 1, TTT_WRONG_TURN);
    refused_move(&g, 1, 1, 2, TTT_CELL_OCCUPIED);
    // X wins along the top row; then nothing more is accepted.
    for (r, c, p) in [(1, 0, 2), (0, 0, 1), (2, 2, 2), (0, 1, 1), (2, 1, 2), (0, 2, 1)] {
        assert_eq!(unsafe { ttt_game_move(g.0, r, c, p, &mut w) }, TTT_OK);
    }
    assert_eq!(w, 1);
    refused_move(&g, 2, 0, 2, TTT_GAME_OVER);
    refused_move(&g, 2, 0, 1, TTT_GAME_OVER);
    let mut r = TttResult::TTT_PENDING;
    assert_eq!(unsafe { ttt_game_play(g.0, 2, 0, &mut r) }, TTT_GAME_OVER);
    assert_eq!(r, TttResult::TTT_PENDING);
    let mut line = [0u32; 3];
    let mut n = 0;
    assert_eq!(unsafe { ttt_game_winning_line(g.0, line.as_mut_ptr(), 3, &mut n) }, TTT_OK);
    assert_eq!((n, line), (3, [0, 1, 2]));
    assert_eq!(unsafe { ttt_game_legal_moves(g.0, null_mut(), 0, &mut n) }, TTT_OK);
    assert_eq!(n, 0);
}

#[test]
fn design_board_moves_keep_the_contract() {
    // 9 x 9 with k = 9: `ttt_game_move`'s tallied bodies (src/ffi/moves.rs), which must hand
    // every bad call, unchanged, to the general one.
    let g = Handle::new(9, 9, 9);
    bad_arguments_are_refused(&g, 9);
    let before = g.game();
    assert_eq!(unsafe { ttt_game_move(g.0, 4, 4, 2, null_mut()) }, TTT_NULL_POINTER);
    assert_eq!(unsafe { ttt_game_move(null_mut(), 4, 4, 2, &mut 0) }, TTT_NULL_POINTER);
    assert_eq!(g.game(), before);
    // Player 2 opens; then O plays the main diagonal and X elsewhere until O completes it.
    let mut w = 7;
    assert_eq!(unsafe { ttt_game_move(g.0, 0, 0, 2, &mut w) }, TTT_OK);
    assert_eq!(w, 0);
    refused_move(&g, 1, 1, 2, TTT_WRONG_TURN);
    refused_move(&g, 0, 0, 1, TTT_CELL_OCCUPIED);
    for i in 1..9 {
        assert_eq!(unsafe { ttt_game_move(g.0, i, 0, 1, &mut w) }, TTT_OK);
        assert_eq!(w, 0);
        assert_eq!(unsafe { ttt_game_move(g.0, i, i, 2, &mut w) }, TTT_OK);
    }
    assert_eq!(w, 2);
    let mut p = 0;
    assert_eq!(unsafe { ttt_game_first_player(g.0, &mut p) }, TTT_OK);
    assert_eq!(p, 2);
    refused_move(&g, 0, 8, 1, TTT_GAME_OVER);
    let mut line = [0u32; 9];
    let mut n = 0;
    assert_eq!(unsafe { ttt_game_winning_line(g.0, line.as_mut_ptr(), 9, &mut n) }, TTT_OK);
    assert_eq!((n, line), (9, [0, 10, 20, 30, 40, 50, 60, 70, 80]));
}

#[test]
fn player_two_may_open_and_then_players_alternate() {
    let g = Handle::new(3, 3, 3);
    let mut w = 9;
    assert_eq!(unsafe { ttt_game_move(g.0, 0, 0, 2, &mut w) }, TTT_OK);
    assert_eq!(w, 0);
    refused_move(&g, 1, 1, 2, TTT_WRONG_TURN);
    let mut p = 0;
    assert_eq!(unsafe { ttt_game_first_player(g.0, &mut p) }, TTT_OK);
    assert_eq!(p, 2);
    assert_eq!(unsafe { ttt_game_to_move(g.0, &mut p) }, TTT_OK);
    assert_eq!(p, 1);
    g.play(1, 1); // player 1
    assert_eq!(unsafe { ttt_game_cell(g.0, 1, 1, &mut p) }, TTT_OK);
    assert_eq!(p, 1);
    // The text form keeps who started: equal stones and O to move, so O opened.
    assert_eq!(g.text(), "3,3,3:O../.X./...:O");
    let mut restored = null_mut();
    let text = g.text();
    assert_eq!(unsafe { ttt_game_from_text(text.as_ptr().cast(), text.len(), &mut restored) }, TTT_OK);
    let restored = Handle(restored);
    assert_eq!(unsafe { ttt_game_first_player(restored.0, &mut p) }, TTT_OK);
    assert_eq!(p, 2);
    assert_eq!(unsafe { ttt_game_to_move(restored.0, &mut p) }, TTT_OK);
    assert_eq!(p, 2);
}

#[test]
fn undoing_player_twos_opening_is_the_exact_inverse_and_redo_replays_it() {
    let g = Handle::new(3, 3, 3);
    let fresh = g.text();
    let (mut w, mut p) = (9, 9);
    assert_eq!(unsafe { ttt_game_move(g.0, 1, 1, 2, &mut w) }, TTT_OK);
    assert_eq!(unsafe { ttt_game_undo(g.0) }, TTT_OK);
    // Back to the fresh game: player 1 to move and first, as before the move.
    assert_eq!(g.text(), fresh);
    assert_eq!(unsafe { ttt_game_to_move(g.0, &mut p) }, TTT_OK);
    assert_eq!(p, 1);
    assert_eq!(unsafe { ttt_game_first_player(g.0, &mut p) }, TTT_OK);
    assert_eq!(p, 1);
    // Redo replays O's opening stone, and the game goes on with O as its opener.
    assert_eq!(unsafe { ttt_game_redo(g.0) }, TTT_OK);
    assert_eq!(unsafe { ttt_game_cell(g.0, 1, 1, &mut p) }, TTT_OK);
    assert_eq!(p, 2);
    assert_eq!(unsafe { ttt_game_first_player(g.0, &mut p) }, TTT_OK);
    assert_eq!(p, 2);
    assert_eq!(g.play(0, 0), TttResult::TTT_PENDING);
    assert_eq!(unsafe { ttt_game_cell(g.0, 0, 0, &mut p) }, TTT_OK);
    assert_eq!(p, 1);
    // Two undos and two redos: O's opening, then X's reply.
    for _ in 0..2 {
        assert_eq!(unsafe { ttt_game_undo(g.0) }, TTT_OK);
    }
    assert_eq!(g.text(), fresh);
    for _ in 0..2 {
        assert_eq!(unsafe { ttt_game_redo(g.0) }, TTT_OK);
    }
    assert_eq!(g.text(), "3,3,3:X../.O./...:O");
    assert_eq!(unsafe { ttt_game_first_player(g.0, &mut p) }, TTT_OK);
    assert_eq!(p, 2);
    // After undoing back to the start, play opens for player 1, and a raw move still lets either.
    assert_eq!(unsafe { ttt_game_undo(g.0) }, TTT_OK);
    assert_eq!(unsafe { ttt_game_undo(g.0) }, TTT_OK);
    assert_eq!(g.play(2, 2), TttResult::TTT_PENDING);
    assert_eq!(unsafe { ttt_game_cell(g.0, 2, 2, &mut p) }, TTT_OK);
    assert_eq!(p, 1);
    assert_eq!(unsafe { ttt_game_undo(g.0) }, TTT_OK);
    assert_eq!(unsafe { ttt_game_move(g.0, 0, 0, 2, &mut w) }, TTT_OK);
    assert_eq!(unsafe { ttt_game_first_player(g.0, &mut p) }, TTT_OK);
    assert_eq!(p, 2);
}

#[test]
fn a_text_of_an_empty_board_with_o_to_move_is_where_undo_returns() {
    let text = "3,3,3:.../.../...:O";
    let mut raw = std::ptr::null_mut();
    assert_eq!(unsafe { ttt_game_from_text(text.as_ptr().cast(), text.len(), &mut raw) }, TTT_OK);
    let g = Handle(raw);
    let (mut w, mut p) = (9, 9);
    // The text asked for O to open; a raw move lets X open instead, and undo goes back.
    assert_eq!(unsafe { ttt_game_move(g.0, 0, 0, 1, &mut w) }, TTT_OK);
    assert_eq!(unsafe { ttt_game_undo(g.0) }, TTT_OK);
    assert_eq!(g.text(), text);
    assert_eq!(unsafe { ttt_game_redo(g.0) }, TTT_OK);
    assert_eq!(unsafe { ttt_game_cell(g.0, 0, 0, &mut p) }, TTT_OK);
    assert_eq!(p, 1);
    assert_eq!(g.text(), "3,3,3:X../.../...:O");
}

#[test]
fn undo_redo_and_their_errors() {
    let g = Handle::new(3, 3, 3);
    assert_eq!(unsafe { ttt_game_undo(g.0) }, TTT_NOTHING_TO_UNDO);
    assert_eq!(unsafe { ttt_game_redo(g.0) }, TTT_NOTHING_TO_REDO);
    for (r, c) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        g.play(r, c);
    }
    assert_eq!(g.play(0, 2), TttResult::TTT_A_WINS);
    let won = g.game();
    assert_eq!(unsafe { ttt_game_undo(g.0) }, TTT_OK);
    let mut result = TttResult::TTT_DRAW;
    assert_eq!(unsafe { ttt_game_result(g.0, &mut result) }, TTT_OK);
    assert_eq!(result, TttResult::TTT_PENDING);
    assert_eq!(unsafe { ttt_game_redo(g.0) }, TTT_OK);
    assert_eq!(g.game().to_string(), won.to_string());
    assert_eq!(g.game().outcome(), won.outcome());
    assert_eq!(unsafe { ttt_game_redo(g.0) }, TTT_NOTHING_TO_REDO);
    // A new move after an undo clears the redo history.
    assert_eq!(unsafe { ttt_game_undo(g.0) }, TTT_OK);
    g.play(2, 2);
    assert_eq!(unsafe { ttt_game_redo(g.0) }, TTT_NOTHING_TO_REDO);
    assert_eq!(unsafe { ttt_game_reset(g.0) }, TTT_OK);
    assert_eq!(g.text(), "3,3,3:.../.../...:X");
    assert_eq!(unsafe { ttt_game_undo(g.0) }, TTT_NOTHING_TO_UNDO);
}

#[test]
fn buffers_too_small_report_the_size_and_write_nothing() {
    let g = Handle::new(3, 3, 3);
    g.play(0, 0);
    let mut cells = [99u32; 7];
    let mut n = 0;
    assert_eq!(unsafe { ttt_game_legal_moves(g.0, cells.as_mut_ptr(), 7, &mut n) }, TTT_BUFFER_TOO_SMALL);
    assert_eq!((n, cells), (8, [99; 7]));
    let mut big = [99u32; 9];
    assert_eq!(unsafe { ttt_game_legal_moves(g.0, big.as_mut_ptr(), 9, &mut n) }, TTT_OK);
    assert_eq!((n, &big[..8]), (8, &[1, 2, 3, 4, 5, 6, 7, 8][..]));
    assert_eq!(unsafe { ttt_game_moves(g.0, big.as_mut_ptr(), 1, &mut n) }, TTT_OK);
    assert_eq!((n, big[0]), (1, 0));
    let mut bytes = [7u8; 9];
    assert_eq!(unsafe { ttt_game_cells(g.0, bytes.as_mut_ptr(), 9, &mut n) }, TTT_OK);
    assert_eq!(bytes, [1, 0, 0, 0, 0, 0, 0, 0, 0]);
    let text = "3,3,3:X../.../...:O";
    for cap in [0, 1, text.len()] {
        let mut buf = [b'#' as c_char; 32];
        let mut len = 0;
        let ptr = if cap == 0 { null_mut() } else { buf.as_mut_ptr() };
        assert_eq!(unsafe { ttt_game_to_text(g.0, ptr, cap, &mut len) }, TTT_BUFFER_TOO_SMALL);
        assert_eq!(len, text.len());
        assert!(buf.iter().all(|&b| b == b'#' as c_char), "written despite a too-small buffer");
    }
    let mut buf = [b'#' as c_char; 20];
    let mut len = 0;
    assert_eq!(unsafe { ttt_game_to_text(g.0, buf.as_mut_ptr(), text.len() + 1, &mut len) }, TTT_OK);
    assert_eq!(unsafe { CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap(), text);
}

#[test]
fn text_round_trip_and_bad_text() {
    let g = Handle::new(3, 4, 3);
    for (r, c) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
        g.play(r, c);
    }
    let text = g.text();
    assert_eq!(text, "3,4,3:XXX./OO../....:O");
    let mut copy = null_mut();
    assert_eq!(unsafe { ttt_game_from_text(text.as_ptr().cast(), text.len(), &mut copy) }, TTT_OK);
    let copy = Handle(copy);
    let mut result = TttResult::TTT_PENDING;
    assert_eq!(unsafe { ttt_game_result(copy.0, &mut result) }, TTT_OK);
    assert_eq!(result, TttResult::TTT_A_WINS);
    // The text as a line of a file, read back with its line feed.
    let line = format!("{text}\n");
    let mut from_line = null_mut();
    assert_eq!(unsafe { ttt_game_from_text(line.as_ptr().cast(), line.len(), &mut from_line) }, TTT_OK);
    assert_eq!(Handle(from_line).text(), text);
    let mut line = [0u32; 4];
    let mut n = 0;
    assert_eq!(unsafe { ttt_game_winning_line(copy.0, line.as_mut_ptr(), 4, &mut n) }, TTT_OK);
    assert_eq!(&line[..n], &[0, 1, 2]);
    assert_eq!(unsafe { ttt_game_undo(copy.0) }, TTT_NOTHING_TO_UNDO);
    let bad = [
        ("3,3,3:.../.../...", TTT_PARSE_ERROR),
        ("3,3,3:.../.../..:X", TTT_PARSE_ERROR),
        ("3,3,3:.../.../....:X", TTT_PARSE_ERROR),
        ("3,3,3:..a/.../...:X", TTT_PARSE_ERROR),
        ("3,3,3:.../.../...:x", TTT_PARSE_ERROR),
        ("3,3,3:.../.../...:X:", TTT_PARSE_ERROR),
        // One line feed may end the text (a line of a file); no more, and no other space.
        ("3,3,3:.../.../...:X\n\n", TTT_PARSE_ERROR),
        ("3,3,3:.../.../...:X\r\n", TTT_PARSE_ERROR),
        ("3,3,3:.../.../...:X ", TTT_PARSE_ERROR),
        ("3,3,3::.../.../...:X", TTT_PARSE_ERROR),
        ("3,3,3:.../.:./...:X", TTT_PARSE_ERROR),
        ("3,3,3:", TTT_PARSE_ERROR),
        (":", TTT_PARSE_ERROR),
        ("::", TTT_PARSE_ERROR),
        ("0,0,0:.:X:X", TTT_PARSE_ERROR),
        ("3,3:.../.../...:X", TTT_PARSE_ERROR),
        ("3,3,-3:.../.../...:X", TTT_PARSE_ERROR),
        ("3,3,99999999999:.../.../...:X", TTT_PARSE_ERROR),
        // Past uint32_t a number is unreadable; up to it, a size that is too large.
        ("4294967296,1,1::X", TTT_PARSE_ERROR),
        ("4294967295,1,1::X", TTT_TOO_LARGE),
        ("3,3,4:.../.../...:X", TTT_INVALID_ARGUMENT),
        ("9000,9000,3::X", TTT_TOO_LARGE),
        ("3,3,3:X../.../...:X", TTT_UNREACHABLE_BOARD),
        ("3,3,3:XX./.../...:O", TTT_UNREACHABLE_BOARD),
        ("3,3,3:XXX/OOO/...:X", TTT_UNREACHABLE_BOARD),
        ("", TTT_PARSE_ERROR),
    ];
    for (text, want) in bad {
        let sentinel = std::ptr::without_provenance_mut::<TttGame>(0x20);
        let mut out = sentinel;
        assert_eq!(unsafe { ttt_game_from_text(text.as_ptr().cast(), text.len(), &mut out) }, want, "{text}");
        assert_eq!(out, sentinel);
    }
    assert_eq!(unsafe { ttt_game_from_text(null(), 5, &mut null_mut()) }, TTT_NULL_POINTER);
}

#[test]
fn clone_is_independent() {
    let g = Handle::new(3, 3, 3);
    g.play(0, 0);
    let mut c = null_mut();
    assert_eq!(unsafe { ttt_game_clone(g.0, &mut c) }, TTT_OK);
    let c = Handle(c);
    c.play(1, 1);
    assert_eq!(g.text(), "3,3,3:X../.../...:O");
    assert_eq!(c.text(), "3,3,3:X../.O./...:X");
    assert_eq!(unsafe { ttt_game_undo(c.0) }, TTT_OK);
    assert_eq!(unsafe { ttt_game_undo(c.0) }, TTT_OK);
    assert_eq!(g.text(), "3,3,3:X../.../...:O");
}

#[test]
fn judge_reports_the_offending_move() {
    let cases: [(&[u32], TttStatus, usize); 5] = [
        (&[0, 0, 3, 0], TTT_OUT_OF_BOUNDS, 1),
        // Bounds come before game over, as in ttt_game_move.
        (&[0, 0, 1, 0, 0, 1, 1, 1, 0, 2, 9, 9], TTT_OUT_OF_BOUNDS, 5),
        (&[0, 0, 1, 1, 0, 0], TTT_CELL_OCCUPIED, 2),
        (&[0, 0, 1, 0, 0, 1, 1, 1, 0, 2, 2, 2], TTT_GAME_OVER, 5),
        (&[0, 0, 1, 1, 2, 2, 0, 1, 2, 1, 2, 0, 1, 0, 1, 2, 0, 2, 0, 0], TTT_GAME_OVER, 9),
    ];
    for (moves, want, index) in cases {
        let mut result = TttResult::TTT_DRAW;
        let mut bad = 1234;
        let n = moves.len() / 2;
        assert_eq!(unsafe { ttt_judge_ex(moves.as_ptr(), n, 3, 3, 3, &mut result, &mut bad) }, want);
        assert_eq!((result, bad), (TttResult::TTT_DRAW, index), "{moves:?}");
        assert_eq!(unsafe { ttt_judge(moves.as_ptr(), n, 3, 3, 3, &mut result) }, want);
        assert_eq!(unsafe { ttt_judge_ex(moves.as_ptr(), n, 3, 3, 3, &mut result, null_mut()) }, want);
    }
    let mut result = TttResult::TTT_DRAW;
    assert_eq!(unsafe { ttt_judge(null(), 0, 3, 3, 3, &mut result) }, TTT_OK);
    assert_eq!(result, TttResult::TTT_PENDING);
    assert_eq!(unsafe { ttt_judge(null(), 1, 3, 3, 3, &mut result) }, TTT_NULL_POINTER);
    assert_eq!(unsafe { ttt_judge([0u32, 0].as_ptr(), 1, 3, 3, 3, null_mut()) }, TTT_NULL_POINTER);
    assert_eq!(unsafe { ttt_judge([0u32, 0].as_ptr(), 1, 3, 3, 9, &mut result) }, TTT_INVALID_ARGUMENT);
    assert_eq!(
        unsafe { ttt_judge([0u32, 0].as_ptr(), usize::MAX, 3, 3, 3, &mut result) },
        TTT_INVALID_ARGUMENT
    );
    assert_eq!(unsafe { ttt_judge([0u32, 0].as_ptr(), 1, 0, 3, 3, &mut result) }, TTT_INVALID_ARGUMENT);
    assert_eq!(result, TttResult::TTT_PENDING);
    let mut answer: *const c_char = null();
    assert_eq!(unsafe { ttt_find_winner([5u32, 0].as_ptr(), 1, &mut answer) }, TTT_OUT_OF_BOUNDS);
    assert!(answer.is_null());
    assert_eq!(unsafe { ttt_find_winner(null(), 0, null_mut()) }, TTT_NULL_POINTER);
}

#[test]
fn validate_rejects_bad_text_and_sizes() {
    let cases: [(&str, u32, u32, u32, TttStatus); 8] = [
        ("XO?......", 3, 3, 3, TTT_PARSE_ERROR),
        ("XO......", 3, 3, 3, TTT_PARSE_ERROR),
        ("XO........", 3, 3, 3, TTT_PARSE_ERROR),
        ("xo.......", 3, 3, 3, TTT_PARSE_ERROR),
        ("", 3, 3, 3, TTT_PARSE_ERROR),
        ("XO.......", 3, 3, 4, TTT_INVALID_ARGUMENT),
        ("XO.......", 0, 3, 3, TTT_INVALID_ARGUMENT),
        ("XO.......", 9000, 9000, 3, TTT_TOO_LARGE),
    ];
    for (text, rows, cols, k, want) in cases {
        let mut v = TttVerdict::TTT_BOTH_WIN;
        assert_eq!(
            unsafe { ttt_validate(text.as_ptr().cast(), text.len(), rows, cols, k, &mut v) },
            want,
            "{text}"
        );
        assert_eq!(v, TttVerdict::TTT_BOTH_WIN);
    }
    let mut v = TttVerdict::TTT_BOTH_WIN;
    let ok = "XO./\n.../...";
    assert_eq!(unsafe { ttt_validate(ok.as_ptr().cast(), ok.len(), 3, 3, 3, &mut v) }, TTT_OK);
    assert_eq!(v, TttVerdict::TTT_VALID);
    assert_eq!(unsafe { ttt_validate(null(), 9, 3, 3, 3, &mut v) }, TTT_NULL_POINTER);
    assert_eq!(unsafe { ttt_validate(ok.as_ptr().cast(), ok.len(), 3, 3, 3, null_mut()) }, TTT_NULL_POINTER);

    let rows = [c"XOX".as_ptr(), c"O O".as_ptr(), c"XOX".as_ptr()];
    assert_eq!(unsafe { ttt_validate_rows(rows.as_ptr(), 3, 0, &mut v) }, TTT_OK);
    assert_eq!(v, TttVerdict::TTT_VALID);
    let uneven = [c"XOX".as_ptr(), c"O O ".as_ptr(), c"XOX".as_ptr()];
    let mut v = TttVerdict::TTT_BOTH_WIN;
    assert_eq!(unsafe { ttt_validate_rows(uneven.as_ptr(), 3, 0, &mut v) }, TTT_PARSE_ERROR);
    let with_null = [c"XOX".as_ptr(), null(), c"XOX".as_ptr()];
    assert_eq!(unsafe { ttt_validate_rows(with_null.as_ptr(), 3, 0, &mut v) }, TTT_NULL_POINTER);
    let wide = [c"XOXX".as_ptr(), c"O O.".as_ptr(), c"XOX.".as_ptr()];
    assert_eq!(unsafe { ttt_validate_rows(wide.as_ptr(), 3, 0, &mut v) }, TTT_INVALID_ARGUMENT);
    assert_eq!(v, TttVerdict::TTT_BOTH_WIN);
    assert_eq!(unsafe { ttt_validate_rows(wide.as_ptr(), 3, 3, &mut v) }, TTT_OK);
    assert_eq!(v, TttVerdict::TTT_VALID);
}

#[test]
fn every_code_has_a_static_description() {
    let text = |p: *const c_char| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned();
    assert_eq!(text(ttt_status_str(0)), "ok");
    for s in 1..=15 {
        let t = text(ttt_status_str(s));
        assert!(!t.is_empty() && t != "unknown status", "status {s}");
    }
    assert_eq!(text(ttt_status_str(16)), "unknown status");
    assert_eq!(text(ttt_status_str(u32::MAX)), "unknown status");
    let answers: Vec<String> = (0..5).map(|r| text(ttt_result_str(r))).collect();
    assert_eq!(answers, ["Pending", "A", "B", "Draw", "unknown"]);
    for v in 1..=7 {
        assert_ne!(text(ttt_verdict_str(v)), "unknown verdict");
    }
    assert_eq!(text(ttt_verdict_str(8)), "unknown verdict");
    assert_eq!(text(ttt_version()), env!("CARGO_PKG_VERSION"));
}

#[test]
#[cfg_attr(miri, ignore = "reads the header from disk")]
fn header_version_macros_match_cargo() {
    let header =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/include/tictactoe.h")).unwrap();
    for (name, value) in [
        ("TTT_VERSION_MAJOR", env!("CARGO_PKG_VERSION_MAJOR").to_owned()),
        ("TTT_VERSION_MINOR", env!("CARGO_PKG_VERSION_MINOR").to_owned()),
        ("TTT_VERSION_PATCH", env!("CARGO_PKG_VERSION_PATCH").to_owned()),
        ("TTT_VERSION_STRING", format!("\"{}\"", env!("CARGO_PKG_VERSION"))),
    ] {
        assert!(header.contains(&format!("#define {name} {value}\n")), "{name} != {value}");
    }
}

#[test]
fn distinct_games_on_distinct_threads() {
    let handles: Vec<_> = (0..4u32)
        .map(|t| {
            std::thread::spawn(move || {
                for i in 0..20u32 {
                    let g = Handle::new(3, 3, 3);
                    let cells = [(t + i) % 9, (t + i + 4) % 9, (t + i + 2) % 9];
                    for c in cells {
                        g.play(c / 3, c % 3);
                    }
                    let mut n = 0;
                    assert_eq!(unsafe { ttt_game_move_count(g.0, &mut n) }, TTT_OK);
                    assert_eq!(n, 3);
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
}
