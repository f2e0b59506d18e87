//! The opponent's threat (`opponent_threat` and `ThreatBoard::threat`: what the side not to
//! move threatens): on small boards, every empty cell outside the defences it returns is a
//! losing move, checked after each such move by the brute-force prover of `tests/threats` (a
//! threat win of at most the claimed plies) and, where it finishes, by the exact solver.

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
use tictactoe::internals::{opponent_threat, Threat, ThreatBoard};
use tictactoe::{Game, Rules};

/// Tallies of the checks made.
#[derive(Default)]
struct Tally {
    threats: usize,
    vct: usize,
    outside: usize,
    solved: usize,
    sizes: usize,
}

/// Checks `threat`, claimed for the side not to move of `game`: its defences are sorted empty
/// cells, and after a move on any other empty cell the side that threatened has a threat win
/// within the claimed plies by the brute-force prover, and a win no longer by the solver
/// where it finishes.
fn check(game: &Game, threat: &Threat, tally: &mut Tally) {
    tally.threats += 1;
    tally.vct += usize::from(!threat.fours_only);
    let mover = game.to_move().unwrap().number() as u8;
    let attacker = 3 - mover;
    let mut board = Plain::of(game);
    assert!(threat.defences.windows(2).all(|w| w[0] < w[1]), "{game}: {threat:?}");
    assert!(threat.defences.iter().all(|&c| board.cells[c] == 0), "{game}: {threat:?}");
    assert_eq!(board.cells[threat.cell], 0, "{game}: {threat:?}");
    let empty: Vec<usize> = board.empty().collect();
    tally.sizes += threat.defences.len();
    for x in empty.into_iter().filter(|x| threat.defences.binary_search(x).is_err()) {
        assert!(!board.wins_at(x, mover), "{game}: {x} wins for the mover, outside {threat:?}");
        board.cells[x] = mover;
        match brute::shortest(&board, attacker, !threat.fours_only, threat.plies, 1 << 18) {
            Ok(Some(plies)) if plies <= threat.plies => tally.outside += 1,
            Err(brute::Capped) => {}
            proved => panic!("{game}: after {x}, {proved:?}, claimed {threat:?}"),
        }
        let after: Game = board.text(attacker).parse().unwrap();
        if let Ok(exact) = ai::solve(&after, Budget::nodes(1 << 14)) {
            assert!(
                exact.score > 0 && exact.score as u32 <= threat.plies,
                "{after}: {exact:?}, claimed {threat:?}"
            );
            tally.solved += 1;
        }
        board.cells[x] = 0;
    }
}

/// Every move outside the defences loses, whether the threat is asked of the game
/// (`opponent_threat`) or of a `ThreatBoard` made two moves earlier and brought to the
/// position by placing those moves (its table shared with a question asked before them).
#[test]
fn a_move_outside_the_defences_loses() {
    let mut rng = Rng::new(41);
    let (mut direct, mut kept) = (Tally::default(), Tally::default());
    for &(rows, cols, k, stones) in &[(7, 7, 4, 8), (7, 7, 5, 12), (6, 6, 4, 9), (8, 8, 5, 14)] {
        let rules = Rules::new(rows, cols, k).unwrap();
        for _ in 0..45 {
            let Some(game) = game_near_stones(rules, stones, &mut rng) else { continue };
            if let (Some(threat), _) = opponent_threat(&game, 20_000, None).unwrap() {
                check(&game, &threat, &mut direct);
            }
            let moves: Vec<_> = game.moves().collect();
            let mut earlier = game.try_clone().unwrap();
            earlier.undo().unwrap();
            earlier.undo().unwrap();
            let Some(mut board) = ThreatBoard::new(&earlier, 20_000).unwrap() else { continue };
            let attacker = game.to_move().unwrap().other().number() as u8;
            let _ = board.threat(3 - attacker, 2_000, None).unwrap();
            let placed = moves[moves.len() - 2..].iter().zip([3 - attacker, attacker]);
            if !placed.clone().all(|(m, s)| board.place((m.row * cols + m.col) as usize, s)) {
                continue;
            }
            if let (Some(threat), _) = board.threat(attacker, 20_000, None).unwrap() {
                check(&game, &threat, &mut kept);
            }
        }
    }
    for (name, t) in [("the game", &direct), ("a kept board", &kept)] {
        eprintln!(
            "{name}: {} threats ({} with threes), {} moves outside their defences proved lost \
             ({} by the solver), {} defences each on average",
            t.threats,
            t.vct,
            t.outside,
            t.solved,
            t.sizes / t.threats.max(1)
        );
        assert!(
            t.threats >= 40 && t.vct >= 10 && t.outside >= 500 && t.solved >= 100,
            "{name}: {} threats ({} with threes), {} moves, {} solved",
            t.threats,
            t.vct,
            t.outside,
            t.solved
        );
    }
}
