//! A threat win played out against the defender's replies, each of the attacker's moves
//! found again by `threat_win`.

use super::plain::Plain;
use crate::players::Rng;
use tictactoe::{ai, Game, Outcome};

/// Plays out the threat win of the side to move against the defender's replies: all of them at
/// the first reply when `wide`, one chosen by `rng` after that. Each of the attacker's moves is
/// `threat_win`'s, which must keep finding a win within the plies left. Where the first reply
/// has one defence only, a move next to it that is not one must leave the attacker a win in
/// at most three plies; returns whether that was so checked.
pub fn replay(game: &mut Game, plies_left: u32, wide: bool, rng: &mut Rng) -> bool {
    let win = ai::threat_win(game, 50_000).unwrap().unwrap_or_else(|| panic!("{game}: the win is lost"));
    assert!(win.plies <= plies_left, "{game}: {win:?} after promising {plies_left}");
    let attacker = game.to_move().unwrap();
    if game.play(win.row, win.col).unwrap() != Outcome::Pending {
        assert_eq!(game.outcome(), Outcome::Won(attacker), "{game}");
        game.undo().unwrap();
        return false;
    }
    let mut replies = Plain::of(game).defences(attacker.other().number() as u8);
    let single = wide && replies.len() == 1 && the_one_defence(game, replies[0]);
    if !wide {
        replies = vec![replies[rng.below(replies.len())]];
    }
    let cols = game.rules().cols() as usize;
    for cell in replies {
        game.play((cell / cols) as u32, (cell % cols) as u32).unwrap();
        replay(game, plies_left - 2, false, rng);
        game.undo().unwrap();
    }
    game.undo().unwrap();
    single
}

/// Checks that the empty cells next to `defence`, none of them a defence, each let the side
/// that just moved win within three plies; false when there is no such cell.
fn the_one_defence(game: &mut Game, defence: usize) -> bool {
    let cols = game.rules().cols() as usize;
    let (r, c) = ((defence / cols) as i64, (defence % cols) as i64);
    let mut checked = false;
    for (dr, dc) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
        let (rr, cc) = (r + dr, c + dc);
        if rr < 0 || cc < 0 || game.cell(rr as u32, cc as u32) != Ok(None) {
            continue;
        }
        if game.play(rr as u32, cc as u32).unwrap() == Outcome::Pending {
            let win = ai::threat_win(game, 10_000).unwrap();
            assert!(win.is_some_and(|w| w.plies <= 3), "{game}: {win:?} after a move beside the one defence");
            checked = true;
        }
        game.undo().unwrap();
    }
    checked
}
