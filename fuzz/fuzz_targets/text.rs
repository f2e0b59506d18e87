//! Text in: `ttt_validate` on arbitrary bytes and small sizes agrees with the validity rule
//! rule (or is a PARSE_ERROR exactly when the plain parser refuses the text), and so does it
//! on boards past the bitboards with rows of 10 to 39 cells, built from the bytes (the parser
//! and line scan that read eight cells at a time), and
//! `ttt_game_from_text` on arbitrary bytes either fails with a documented status, writing
//! nothing, or loads a game whose text loads again to the same text and whose board is valid.
#![no_main]

mod naive;

use std::ptr::null_mut;

use libfuzzer_sys::fuzz_target;
use naive::Bytes;
use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;

fn validate(data: &[u8]) {
    let mut bytes = Bytes(data);
    let (rows, cols, k) = bytes.size(6);
    let text = bytes.0;
    let mut verdict = TttVerdict::TTT_VALID;
    // SAFETY: `text` is a live slice; `verdict` is writable.
    let status = unsafe { ttt_validate(text.as_ptr().cast(), text.len(), rows, cols, k, &mut verdict) };
    match naive::parse(text, (rows * cols) as usize) {
        None => assert_eq!(status, TTT_PARSE_ERROR, "{:?}", String::from_utf8_lossy(text)),
        Some(cells) => {
            assert_eq!(status, TTT_OK);
            let want = naive::verdict(&cells, rows, cols, k);
            assert_eq!(verdict as u32, want, "{rows}x{cols} k={k} {:?}", String::from_utf8_lossy(text));
        }
    }
}

/// A board past the bitboards (up to 6 x 39), its cells taken from the bytes: a clear low bit
/// is an empty cell (`.` or ` `), a set one the next stone, X and O in turn (O first when the
/// first byte says so), so that the counts rarely settle the verdict before the lines do; on
/// half the boards another clear bit empties the cell too, so that few lines are found and
/// each one counts. Rows are split by `/` or `\n`, or not at all.
fn validate_scanned(data: &[u8]) {
    let mut bytes = Bytes(data);
    let head = bytes.byte();
    let (rows, cols) = (1 + u32::from(bytes.byte() % 6), 10 + u32::from(bytes.byte() % 30));
    // Mostly short lines, which random stones complete often enough to matter.
    let k = match bytes.byte() {
        b if b & 0x80 == 0 => 1 + u32::from(b) % 6,
        b => 1 + u32::from(b) % rows.max(cols),
    };
    let (mut cells, mut text, mut next) = (Vec::new(), Vec::new(), 1 + head % 2);
    for i in 0..rows * cols {
        if i > 0 && i % cols == 0 && head & 6 != 0 {
            text.push(if head & 2 != 0 { b'/' } else { b'\n' });
        }
        let b = bytes.byte();
        let cell = if b & 1 == 0 || (b & 4 == 0 && head & 8 != 0) { 0 } else { next };
        next = if cell == 0 { next } else { 3 - next };
        cells.push(cell);
        text.push(match cell {
            0 if b & 2 != 0 => b' ',
            0 => b'.',
            1 => b'X',
            _ => b'O',
        });
    }
    let mut verdict = TttVerdict::TTT_VALID;
    // SAFETY: `text` is a live slice; `verdict` is writable.
    let status = unsafe { ttt_validate(text.as_ptr().cast(), text.len(), rows, cols, k, &mut verdict) };
    assert_eq!(status, TTT_OK);
    let want = naive::verdict(&cells, rows, cols, k);
    assert_eq!(verdict as u32, want, "{rows}x{cols} k={k} {:?}", String::from_utf8_lossy(&text));
}

fn to_text(game: *const TttGame) -> Vec<u8> {
    let mut len = 0;
    // SAFETY: `game` is live; capacity 0 with a NULL buffer asks for the length.
    assert_eq!(unsafe { ttt_game_to_text(game, null_mut(), 0, &mut len) }, TTT_BUFFER_TOO_SMALL);
    let mut buf = vec![0u8; len + 1];
    // SAFETY: `buf` has `len + 1` writable bytes.
    let status = unsafe { ttt_game_to_text(game, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    assert_eq!(status, TTT_OK);
    assert_eq!(buf.pop(), Some(0), "NUL-terminated");
    buf
}

fn load(text: &[u8]) -> (TttStatus, *mut TttGame) {
    let mut game = null_mut();
    // SAFETY: `text` is a live slice; `game` is writable.
    (unsafe { ttt_game_from_text(text.as_ptr().cast(), text.len(), &mut game) }, game)
}

fn from_text(data: &[u8]) {
    let (status, game) = load(data);
    if status != TTT_OK {
        assert!(
            [TTT_PARSE_ERROR, TTT_INVALID_ARGUMENT, TTT_TOO_LARGE, TTT_UNREACHABLE_BOARD, TTT_OUT_OF_MEMORY]
                .contains(&status),
            "{status:?}"
        );
        assert!(game.is_null(), "nothing written on failure");
        return;
    }
    let text = to_text(game);
    let (again, copy) = load(&text);
    assert_eq!(again, TTT_OK, "{:?}", String::from_utf8_lossy(&text));
    assert_eq!(to_text(copy), text);
    // The board part is a valid board for its own size, with X first, or with O first for a
    // game that player 2 opened (validation always assumes X first, so swap the colours).
    let s = String::from_utf8(text).unwrap();
    let mut parts = s.split(':');
    let size: Vec<u32> = parts.next().unwrap().split(',').map(|n| n.parse().unwrap()).collect();
    let board = parts.next().unwrap();
    let swapped: String = board
        .chars()
        .map(|c| match c {
            'X' => 'O',
            'O' => 'X',
            c => c,
        })
        .collect();
    let valid = [board, swapped.as_str()].iter().any(|b| {
        let mut verdict = TttVerdict::TTT_TOO_MANY_O;
        // SAFETY: `b` is a live str; `verdict` is writable.
        let status =
            unsafe { ttt_validate(b.as_ptr().cast(), b.len(), size[0], size[1], size[2], &mut verdict) };
        (status, verdict) == (TTT_OK, TttVerdict::TTT_VALID)
    });
    assert!(valid, "{s}");
    // SAFETY: both handles are live and freed once.
    unsafe {
        ttt_game_free(game);
        ttt_game_free(copy);
    }
}

fuzz_target!(|data: &[u8]| {
    validate(data);
    validate_scanned(data);
    from_text(data);
});
