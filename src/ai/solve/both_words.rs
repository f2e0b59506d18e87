//! The solver on 128-bit words is the solver on 64-bit words: on boards that fit both, every
//! answer (the best move and its score, the optimal moves, who wins, by the zone proofs and
//! by the proof numbers they hand over to) and the nodes spent to find it are the same. A board keeps its bit numbers on either word, and the hash keys of
//! the first 64 bits are the same, so the two searches visit the same positions in the same
//! order.

use super::{Root, Solver};
use crate::ai::bitboard::Word;
use crate::ai::budget::Meter;
use crate::ai::rng::Rng;
use crate::ai::Budget;
use crate::error::Error;
use crate::game::{Game, Outcome};
use crate::rules::Rules;
use std::time::Instant;

/// One question put to the solver on words `W`, with the nodes it spent.
#[derive(Debug, PartialEq, Eq)]
struct Answers {
    best: Result<(u32, i32), Error>,
    optimal: Result<Vec<u32>, Error>,
    wins: [Result<bool, Error>; 2],
    /// `wins` with the proof numbers taking over after 16 steps.
    handed: [Result<bool, Error>; 2],
    nodes: [u64; 6],
}

fn answers<W: Word>(game: &Game, budget: Budget) -> Answers {
    let (frame, root) = Root::<W>::of(game).unwrap();
    let geo = &frame.geo;
    let solver = || Solver::new(geo, Meter::new(budget, Instant::now()), root.empty(geo)).unwrap();
    let (mut a, mut b, mut c, mut d) = (solver(), solver(), solver(), solver());
    let (mut e, mut f) = (solver(), solver());
    (e.zones_first, f.zones_first) = (16, 16);
    Answers {
        best: a.best(root),
        optimal: b.optimal(root),
        wins: [c.wins(root, true), d.wins(root, false)],
        handed: [e.wins(root, true), f.wins(root, false)],
        nodes: [
            a.meter.used(),
            b.meter.used(),
            c.meter.used(),
            d.meter.used(),
            e.meter.used(),
            f.meter.used(),
        ],
    }
}

/// A random unfinished position of `rules` with up to `most` stones.
fn position(rules: Rules, rng: &mut Rng, most: usize) -> Game {
    let mut game = Game::new(rules).unwrap();
    for _ in 0..rng.below(most + 1) {
        let legal: Vec<usize> = game.legal_cells().collect();
        let m = rules.move_at(legal[rng.below(legal.len())]);
        if game.play(m.row, m.col).unwrap() != Outcome::Pending {
            game.undo().unwrap();
            break;
        }
    }
    game
}

#[test]
#[cfg_attr(miri, ignore)] // hundreds of solves
fn the_same_answers_and_nodes_on_both_words() {
    let mut rng = Rng::new(128);
    let shapes =
        [(3, 3, 3), (3, 4, 3), (4, 4, 3), (4, 4, 4), (2, 5, 3), (1, 9, 3), (4, 5, 4), (5, 5, 4), (6, 6, 5)];
    let (mut solved, mut handed_over) = (0, 0);
    for (rows, cols, k) in shapes {
        let rules = Rules::new(rows, cols, k).unwrap();
        for _ in 0..12 {
            let game = position(rules, &mut rng, rules.cells() / 2);
            let budget = Budget::nodes(1 << 20);
            let narrow = answers::<u64>(&game, budget);
            assert_eq!(answers::<u128>(&game, budget), narrow, "{game:?}");
            solved += usize::from(narrow.best.is_ok());
            for (wins, handed) in narrow.wins.iter().zip(&narrow.handed) {
                assert!(wins.is_err() || handed.is_err() || wins == handed, "{game:?}");
                handed_over += usize::from(handed.is_ok());
            }
        }
    }
    // A budget that runs out runs out on both words at the same node.
    let game = Game::new(Rules::new(6, 6, 5).unwrap()).unwrap();
    let small = answers::<u64>(&game, Budget::nodes(3_000));
    assert_eq!(small.best, Err(Error::TooHard));
    assert_eq!(answers::<u128>(&game, Budget::nodes(3_000)), small);
    assert!(solved > 90 && handed_over > 150, "{solved} solved, {handed_over} handed over");
}
