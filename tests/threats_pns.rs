//! The proof-number threat search (`threat_win_pns`, and the search's call `threat_move` that
//! uses it after a VCF): claimed wins checked against the exact solver on small boards, and
//! wins on 15 × 15 and 12 × 12 played out against every defence this file's board enumerates
//! at the first reply, each attacker move found again.

#[path = "../examples/ai_match/players.rs"]
#[allow(dead_code)] // only its Rng is used here
mod players;
use players::Rng;

#[allow(dead_code)] // the board and the game moves, not every look-up
mod threats {
    pub mod plain;
}
use threats::plain::{game_move, random_game, Plain};

use tictactoe::ai::{self, Budget};
use tictactoe::internals::{threat_move, threat_win_pns};
use tictactoe::{Game, Outcome, Rules};

/// Whether `cell` (row-major) wins for the side to move of `game`, by the exact solver: the
/// game ends there with its win, or the opponent loses after it.
fn wins(game: &Game, cell: usize) -> bool {
    let cols = game.rules().cols() as usize;
    let mut after = game.try_clone().unwrap();
    match after.play((cell / cols) as u32, (cell % cols) as u32).unwrap() {
        Outcome::Pending => ai::solve(&after, Budget::nodes(1 << 22)).unwrap().score < 0,
        outcome => outcome != Outcome::Draw,
    }
}

/// On boards the exact solver proves, every claimed win is a win, and its first move keeps it;
/// the same for the search's call.
#[test]
fn claimed_wins_are_real_on_small_boards() {
    let mut rng = Rng::new(41);
    let (mut claimed, mut positions, mut no_win) = (0, 0, 0);
    for &(rows, cols, k, stones) in &[(5, 5, 4, 6), (6, 6, 4, 8), (6, 6, 4, 12), (7, 7, 4, 10), (6, 7, 5, 10)]
    {
        for _ in 0..24 {
            let Some(game) = random_game(Rules::new(rows, cols, k).unwrap(), stones, &mut rng) else {
                continue;
            };
            let Ok(exact) = ai::solve(&game, Budget::nodes(1 << 22)) else { continue };
            positions += 1;
            let (found, nodes) = threat_win_pns(&game, 20_000).unwrap();
            assert!(nodes <= 20_000, "{game}: {nodes} nodes");
            let (played, _) = threat_move(&game, 2_000, None).unwrap();
            if let Some(cell) = played {
                assert!(wins(&game, cell), "{game}: the search's call plays {cell}, which does not win");
            }
            let Some(cell) = found else {
                no_win += usize::from(exact.score <= 0);
                continue;
            };
            claimed += 1;
            assert!(exact.score > 0, "{game}: a win at {cell} but {exact:?}");
            assert!(wins(&game, cell), "{game}: a win at {cell}, which does not keep it");
        }
    }
    eprintln!("{positions} positions: {claimed} threat wins, {no_win} without a win");
    assert!(positions > 90 && claimed > 12 && no_win > 12);
}

/// Plays out the win of the side to move: the search's move, then every defence at the first
/// reply (`wide`), one chosen by `rng` after that, the search finding a win again at each
/// turn, until the attacker has five. Returns the plies played on the longest line.
fn play_out(game: &mut Game, wide: bool, rng: &mut Rng, plies: u32) -> u32 {
    assert!(plies < 60, "{game}: no five after {plies} plies");
    let (found, _) = threat_win_pns(game, 50_000).unwrap();
    let cell = found.unwrap_or_else(|| panic!("{game}: the win is lost"));
    let attacker = game.to_move().unwrap();
    let cols = game.rules().cols() as usize;
    if game.play((cell / cols) as u32, (cell % cols) as u32).unwrap() != Outcome::Pending {
        assert_eq!(game.outcome(), Outcome::Won(attacker), "{game}");
        game.undo().unwrap();
        return plies + 1;
    }
    let mut replies = Plain::of(game).defences(attacker.other().number() as u8);
    if !wide {
        replies = vec![replies[rng.below(replies.len())]];
    }
    let mut longest = 0;
    for reply in replies {
        game.play((reply / cols) as u32, (reply % cols) as u32).unwrap();
        longest = longest.max(play_out(game, false, rng, plies + 2));
        game.undo().unwrap();
    }
    game.undo().unwrap();
    longest
}

/// Positions from seeded games where the search proves a win (of at least five plies by the
/// prover's count, so that threes are in play) are played out against every first defence;
/// the prover's wins within its budget are found too, nearly all of them.
#[test]
fn wins_hold_against_every_defence() {
    let mut rng = Rng::new(7);
    let (mut played, mut prover_wins, mut both) = (0, 0, 0);
    for &(rows, cols, k, wanted, seed) in &[(15, 15, 5, 16, 1), (12, 12, 4, 8, 2)] {
        let rules = Rules::new(rows, cols, k).unwrap();
        let mut games = Rng::new(seed);
        let mut found = 0;
        while found < wanted {
            let mut game = Game::new(rules).unwrap();
            game.play(rows / 2, cols / 2).unwrap();
            while game.outcome() == Outcome::Pending {
                let prover = ai::threat_win(&game, 20_000).unwrap().filter(|w| w.plies >= 5);
                let (pns, _) = threat_win_pns(&game, 20_000).unwrap();
                prover_wins += usize::from(prover.is_some());
                both += usize::from(prover.is_some() && pns.is_some());
                if pns.is_some() {
                    played = played.max(play_out(&mut game, true, &mut rng, 0));
                    found += 1;
                    break;
                }
                if prover.is_some() {
                    break;
                }
                let m = game_move(&game, 4, &mut games);
                game.play(m.row, m.col).unwrap();
            }
        }
    }
    eprintln!("longest line played {played}; prover's wins {prover_wins}, also found {both}");
    assert!(played >= 9, "only short wins: {played}");
    assert!(both * 10 >= prover_wins * 9, "{both} of the prover's {prover_wins} wins found");
}
