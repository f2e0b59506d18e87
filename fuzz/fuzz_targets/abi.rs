//! Small C ABI helpers shared by the fuzz targets.
#![allow(dead_code)]

use tictactoe::ffi::TttStatus::TTT_OK;
use tictactoe::ffi::*;

/// The game's text (`ttt_game_to_text`), to check that a call changed nothing. Boards up to
/// 1,000 characters of text.
pub fn text_of(game: *const TttGame) -> Vec<u8> {
    let (mut buf, mut len) = (vec![0u8; 1024], 0usize);
    // SAFETY: a live game and a buffer of the length given.
    let status = unsafe { ttt_game_to_text(game, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    assert_eq!(status, TTT_OK);
    buf.truncate(len);
    buf
}
