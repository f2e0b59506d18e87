//! The opponent's threat (`opponent_threat`, the search's look at what the side not to move
//! threatens): on small boards, every empty cell outside the defences it returns is a losing
//! move, checked after each such move by the brute-force prover of `tests/threats` (a threat
//! win of at most the claimed plies) and, where it finishes, by the exact solver.

#[path = "../examples/ai_match/players.rs"]
#[allow(dead_code)] // only its Rng is used here
mod players;
use players::Rng;

#[allow(dead_code)] // the prover and the board, not the chains
mod threats {
    pub mod brute;
    pub mod plain;
}
use threats::brute;
use threats::plain::{game_near_stones, Plain};

use tictactoe::ai::{self, Budget};
use tictactoe::internals::opponent_threat;
use tictactoe::{Game, Rules};

/// Every move outside the defences loses: after it, the side that threatened has a threat
/// win within the claimed plies by the brute-force prover, and the exact solver (where it
/// finishes) finds a win no longer.
#[test]
fn a_move_outside_the_defences_loses() {
    let mut rng = Rng::new(41);
    let (mut threats, mut vct, mut outside, mut solved, mut sizes) = (0, 0, 0, 0, 0);
    for &(rows, cols, k, stones) in &[(7, 7, 4, 8), (7, 7, 5, 12), (6, 6, 4, 9), (8, 8, 5, 14)] {
        let rules = Rules::new(rows, cols, k).unwrap();
        for _ in 0..45 {
            let Some(game) = game_near_stones(rules, stones, &mut rng) else { continue };
            let (Some(threat), _) = opponent_threat(&game, 20_000, None).unwrap() else { continue };
            threats += 1;
            vct += usize::from(!threat.fours_only);
            let mover = game.to_move().unwrap().number() as u8;
            let attacker = 3 - mover;
            let mut board = Plain::of(&game);
            assert!(threat.defences.windows(2).all(|w| w[0] < w[1]), "{game}: {threat:?}");
            assert!(threat.defences.iter().all(|&c| board.cells[c] == 0), "{game}: {threat:?}");
            assert_eq!(board.cells[threat.cell], 0, "{game}: {threat:?}");
            let empty: Vec<usize> = board.empty().collect();
            sizes += threat.defences.len();
            for x in empty.into_iter().filter(|x| threat.defences.binary_search(x).is_err()) {
                assert!(!board.wins_at(x, mover), "{game}: {x} wins for the mover, outside {threat:?}");
                board.cells[x] = mover;
                match brute::shortest(&board, attacker, !threat.fours_only, threat.plies, 1 << 18) {
                    Ok(Some(plies)) if plies <= threat.plies => outside += 1,
                    Err(brute::Capped) => {}
                    proved => panic!("{game}: after {x}, {proved:?}, claimed {threat:?}"),
                }
                let after: Game = board.text(attacker).parse().unwrap();
                if let Ok(exact) = ai::solve(&after, Budget::nodes(1 << 14)) {
                    assert!(
                        exact.score > 0 && exact.score as u32 <= threat.plies,
                        "{after}: {exact:?}, claimed {threat:?}"
                    );
                    solved += 1;
                }
                board.cells[x] = 0;
            }
        }
    }
    eprintln!(
        "{threats} threats ({vct} with threes), {outside} moves outside their defences proved lost \
         ({solved} by the solver), {} defences each on average",
        sizes / threats.max(1)
    );
    assert!(
        threats >= 40 && vct >= 10 && outside >= 500 && solved >= 100,
        "{threats} threats ({vct} with threes), {outside} moves, {solved} solved"
    );
}
