//! Positions with a VCT (a threat win that needs threes) of known length: from seeded games on
//! 15 × 15 (k = 5) and 12 × 12 (k = 4), kept where `threat_win` reports a win with threes.
//! The brute-force prover of `tests/threats` must find a VCT of exactly that length and no
//! VCF as short; each win is replayed against every defence at its first reply.

#[path = "../examples/ai_match/players.rs"]
#[allow(dead_code)] // only its Rng is used here
mod players;
use players::Rng;

#[allow(dead_code)] // the prover, the board and the replay, not the chains
mod threats {
    pub mod brute;
    pub mod plain;
    pub mod replay;
}
use threats::brute;
use threats::plain::{game_move, Plain};
use threats::replay::replay;

use tictactoe::ai;
use tictactoe::{Game, Outcome, Rules};

/// The brute-force prover's cap, in nodes, past which a position is skipped.
const CAP: u64 = 1 << 20;

#[test]
fn vct_positions_have_their_known_length() {
    let mut rng = Rng::new(53);
    let mut lengths = std::collections::BTreeMap::new();
    let mut skipped = 0;
    for &(rows, cols, k, wanted) in &[(15, 15, 5, 20), (12, 12, 4, 12)] {
        let rules = Rules::new(rows, cols, k).unwrap();
        let mut found = 0;
        while found < wanted {
            let mut game = Game::new(rules).unwrap();
            game.play(rows / 2, cols / 2).unwrap();
            while game.outcome() == Outcome::Pending {
                if let Some(win) = ai::threat_win(&game, 20_000).unwrap() {
                    if !win.fours_only && win.plies >= 5 {
                        let board = Plain::of(&game);
                        let a = game.to_move().unwrap().number() as u8;
                        let vct = brute::shortest(&board, a, true, win.plies, CAP);
                        let vcf = brute::shortest(&board, a, false, win.plies, CAP);
                        match (vct, vcf) {
                            (Ok(vct), Ok(vcf)) => {
                                assert_eq!(vct, Some(win.plies), "{game}: {win:?}");
                                assert_eq!(vcf, None, "{game}: {win:?}");
                                replay(&mut game.try_clone().unwrap(), win.plies, true, &mut rng);
                                *lengths.entry((k, win.plies)).or_insert(0) += 1;
                                found += 1;
                            }
                            _ => skipped += 1,
                        }
                    }
                    break; // the rest of this game is the win being played out
                }
                let m = game_move(&game, 4, &mut rng);
                game.play(m.row, m.col).unwrap();
            }
        }
    }
    eprintln!("(k, plies): VCT positions {lengths:?}; {skipped} beyond the prover's cap");
    assert!(lengths.keys().any(|&(_, plies)| plies >= 9), "{lengths:?}");
}
