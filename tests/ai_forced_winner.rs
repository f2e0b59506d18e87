//! Who wins with perfect play (`ai::forced_winner_within`, `ttt_game_forced_winner_within`):
//! the player the sign of `ai::solve`'s score names, on random positions of small boards and
//! past the bitboard solver, with either player opening; and the C entry point's contract.

mod common;

use common::c_from_text as from_text;
use tictactoe::ai::{self, Budget};
use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;
use tictactoe::{Error, Game, Outcome, Player, Rules};

/// The winner `ai::solve`'s score names for `game`'s side to move: the mover when positive,
/// the other side when negative, nobody for a draw.
fn winner_by_score(game: &Game, budget: Budget) -> Option<Option<Player>> {
    let score = ai::solve(game, budget).ok()?.score;
    let mover = game.to_move().unwrap();
    Some((score != 0).then(|| if score > 0 { mover } else { mover.other() }))
}

#[test]
#[cfg_attr(miri, ignore = "thousands of solves")]
fn forced_winner_agrees_with_the_score() {
    let mut rng = common::Rng(7);
    let budget = Budget::nodes(1 << 22);
    let mut seen = [0; 3];
    for (rows, cols, k) in [(3, 3, 3), (3, 4, 3), (4, 4, 3), (4, 4, 4), (4, 5, 4), (9, 9, 9)] {
        for opener in [Player::X, Player::O] {
            for _ in 0..10 {
                let mut game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
                let mut player = opener;
                for _ in 0..rng.pick(game.legal_move_count().min(16) / 2 + 1) {
                    let cells = common::legal_cells(&game);
                    let (r, c) = common::row_col(&game.rules(), cells[rng.pick(cells.len())]);
                    if game.move_as(r, c, player).unwrap() != Outcome::Pending {
                        game.undo().unwrap();
                        break;
                    }
                    player = player.other();
                }
                let Some(want) = winner_by_score(&game, budget) else { continue };
                assert_eq!(ai::forced_winner_within(&game, budget), Ok(want), "{game}");
                seen[match want {
                    None => 1,
                    Some(p) if p == opener => 0,
                    Some(_) => 2,
                }] += 1;
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "opener wins, draws, other wins: {seen:?}");
}

#[test]
fn forced_winner_errors() {
    let budget = Budget::nodes(1 << 20);
    let mut over = Game::new(Rules::new(3, 3, 3).unwrap()).unwrap();
    for (r, c) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
        over.play(r, c).unwrap();
    }
    assert_eq!(ai::forced_winner_within(&over, budget), Err(Error::GameOver));
    let open = Game::new(Rules::new(7, 7, 5).unwrap()).unwrap();
    assert_eq!(ai::forced_winner_within(&open, Budget::nodes(1000)), Err(Error::TooHard));
    // A board past the bitboard solver with too many empty cells to search.
    let big = Game::new(Rules::new(15, 15, 5).unwrap()).unwrap();
    assert_eq!(ai::forced_winner_within(&big, budget), Err(Error::TooHard));
}

/// The C entry point names players 1 and 2 as `ttt_game_to_move` does (player 2 may open),
/// answers 0 for a draw, and on failure leaves `*out_player` as it was.
#[test]
fn c_forced_winner_contract() {
    let cases = [
        ("4,4,3:..../..../..../....:X", 1),
        ("4,4,3:..../..../..../....:O", 2),
        ("3,3,3:.../.../...:X", 0),
        ("3,3,3:X../.O./..X:O", 0),
        ("3,3,3:XX./OO./...:X", 1),
        ("3,3,3:XX./OO./X..:O", 2),
        ("3,4,3:..../..../....:O", 2),
    ];
    for (text, want) in cases {
        let game = from_text(text);
        let mut player = 77;
        let status = unsafe { ttt_game_forced_winner_within(game, 1 << 22, 0, &mut player) };
        assert_eq!((status, player), (TTT_OK, want), "{text}");
        unsafe { ttt_game_free(game) };
    }
    let open = from_text("7,7,5:......./......./......./......./......./......./.......:X");
    let over = from_text("3,3,3:XXX/OO./...:O");
    for (game, max_nodes, max_millis, want) in [
        (open, 1 << 12, 0, TTT_TOO_HARD),
        (open, 0, 20, TTT_TOO_HARD),
        (open, 0, 0, TTT_INVALID_ARGUMENT),
        (over, 1 << 20, 0, TTT_GAME_OVER),
        (over, 0, 0, TTT_GAME_OVER),
    ] {
        let mut player = 77;
        let status = unsafe { ttt_game_forced_winner_within(game, max_nodes, max_millis, &mut player) };
        assert_eq!((status, player), (want, 77), "{max_nodes} {max_millis}");
    }
    let mut player = 77;
    assert_eq!(
        unsafe { ttt_game_forced_winner_within(std::ptr::null(), 1, 0, &mut player) },
        TTT_NULL_POINTER
    );
    assert_eq!(unsafe { ttt_game_forced_winner_within(open, 1, 0, std::ptr::null_mut()) }, TTT_NULL_POINTER);
    unsafe { ttt_game_free(open) };
    unsafe { ttt_game_free(over) };
}

/// 4,9,4 is a first-player win (Charatsidis 2017), which `ttt_game_best_move` cannot show
/// within any sane budget (it must find the fastest win).
#[test]
#[ignore = "about a minute: run with cargo test --release --test ai_forced_winner -- --ignored"]
fn four_nine_four_through_the_c_api() {
    let game = from_text("4,9,4:........./........./........./.........:X");
    let mut player = 0;
    assert_eq!(unsafe { ttt_game_forced_winner_within(game, 1 << 28, 0, &mut player) }, TTT_OK);
    assert_eq!(player, 1);
    unsafe { ttt_game_free(game) };
}
