//! Every example of the three seed exercises, through the public Rust API and the C ABI.

use std::ffi::CStr;
use tictactoe::ffi::*;
use tictactoe::{judge, validate, Outcome, Player, Rules};

fn rules3() -> Rules {
    Rules::new(3, 3, 3).unwrap()
}

const FIND_WINNER: [(&[[u32; 2]], &str); 4] = [
    (&[[0, 0], [2, 0], [1, 1], [2, 1], [2, 2]], "A"),
    (&[[0, 0], [1, 1], [0, 1], [0, 2], [1, 0], [2, 0]], "B"),
    (&[[0, 0], [1, 1], [2, 0], [1, 0], [1, 2], [2, 1], [0, 1], [0, 2], [2, 2]], "Draw"),
    (&[[0, 0], [1, 1]], "Pending"),
];

#[test]
fn find_winner_examples() {
    for (moves, want) in FIND_WINNER {
        assert_eq!(judge(&rules3(), moves).unwrap().answer(), want);
        let flat: Vec<u32> = moves.iter().flatten().copied().collect();
        let mut answer = std::ptr::null();
        let status = unsafe { ttt_find_winner(flat.as_ptr(), moves.len(), &mut answer) };
        assert_eq!(status, TttStatus::TTT_OK);
        assert_eq!(unsafe { CStr::from_ptr(answer) }.to_str().unwrap(), want);
        let mut result = TttResult::TTT_PENDING;
        let status = unsafe { ttt_judge(flat.as_ptr(), moves.len(), 3, 3, 3, &mut result) };
        assert_eq!(status, TttStatus::TTT_OK);
        let name = unsafe { CStr::from_ptr(tictactoe::ffi::ttt_result_str(result as u32)) };
        assert_eq!(name.to_str().unwrap(), want);
    }
}

#[test]
fn valid_state_examples() {
    let cases: [(&[&str; 3], bool); 3] =
        [(&["O  ", "   ", "   "], false), (&["XOX", " X ", "   "], false), (&["XOX", "O O", "XOX"], true)];
    for (rows, want) in cases {
        let text = rows.join("/");
        assert_eq!(validate(&rules3(), &text).unwrap() == tictactoe::Verdict::Valid, want, "{text}");
        let owned: Vec<std::ffi::CString> =
            rows.iter().map(|r| std::ffi::CString::new(*r).unwrap()).collect();
        let ptrs: Vec<*const std::ffi::c_char> = owned.iter().map(|c| c.as_ptr()).collect();
        let mut verdict = TttVerdict::TTT_BOTH_WIN;
        let status = unsafe { ttt_validate_rows(ptrs.as_ptr(), 3, 0, &mut verdict) };
        assert_eq!(status, TttStatus::TTT_OK);
        assert_eq!(verdict == TttVerdict::TTT_VALID, want, "{text}");
    }
}

#[test]
fn design_tictactoe_example() {
    let script =
        [(0, 0, 1, 0), (0, 2, 2, 0), (2, 2, 1, 0), (1, 1, 2, 0), (2, 0, 1, 0), (1, 0, 2, 0), (2, 1, 1, 1)];
    let mut game = std::ptr::null_mut();
    assert_eq!(unsafe { ttt_tictactoe_new(3, &mut game) }, TttStatus::TTT_OK);
    for (row, col, player, want) in script {
        let mut winner = 99;
        assert_eq!(unsafe { ttt_game_move(game, row, col, player, &mut winner) }, TttStatus::TTT_OK);
        assert_eq!(winner, want);
    }
    unsafe { ttt_game_free(game) };

    let mut g = tictactoe::Game::new(rules3()).unwrap();
    for (row, col, player, want) in script {
        let outcome = g.move_as(row, col, Player::try_from(player).unwrap()).unwrap();
        assert_eq!(outcome.winner().map_or(0, Player::number), want);
    }
    assert_eq!(g.outcome(), Outcome::Won(Player::X));
    assert_eq!(g.winning_line().collect::<Vec<_>>(), [(2, 0), (2, 1), (2, 2)].map(tictactoe::Move::from));
}
