//! Times the budgeted search per move on big boards, mid-game, and how close a call with a
//! time budget stays to that budget on boards from a few stones to half a million (measured
//! time / budget). Run: `cargo bench --bench ai_search`. Numbers, not pass/fail.

use std::time::Instant;

use tictactoe::ai::{ai_move, search, Budget, Level};
use tictactoe::internals::Rng;
use tictactoe::{Game, Rules};

/// A game of `plies` moves, alternating the search's choice with random nearby play.
fn midgame(rows: u32, cols: u32, k: u32, plies: usize) -> Game {
    let mut game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
    let mut rng = Rng::new(42);
    while game.move_count() < plies && game.to_move().is_some() {
        let level = if rng.below(2) == 0 { Level::Medium } else { Level::Hard };
        let m = ai_move(&game, level, rng.next_u64()).unwrap();
        game.play(m.row, m.col).unwrap();
    }
    if game.to_move().is_none() {
        game.undo().unwrap();
    }
    game
}

fn main() {
    // Gomoku shapes, a small board, and "Design Tic-Tac-Toe" boards where k is the side: there
    // a cell's windows reach across the whole board.
    for (rows, cols, k, plies) in
        [(15, 15, 5, 16), (19, 19, 5, 16), (7, 6, 4, 6), (100, 100, 100, 20), (1000, 1000, 1000, 20)]
    {
        let game = midgame(rows, cols, k, plies);
        for nodes in [2_000u64, 20_000] {
            let rounds = 10;
            let start = Instant::now();
            for seed in 0..rounds {
                std::hint::black_box(search(&game, Budget::nodes(nodes), seed).unwrap());
            }
            let per_move = start.elapsed() / rounds as u32;
            let per_node = per_move / nodes as u32;
            println!("{rows},{cols},{k} after {plies} plies: {nodes} nodes in {per_move:?} per move ({per_node:?} per node)");
        }
    }

    // How close a time budget stays to its budget: each call's measured time divided by its
    // budget, on boards from a few stones to half a million and up to 2^26 cells, for played
    // games and the same games loaded from text (which have no last move). The setup before the
    // first clock check counts. Tests only check that such a search returns a legal move.
    println!();
    println!("time budget kept: measured / budget over {REPEATS} calls (median, worst)");
    let longest = tictactoe::MAX_CELLS as u32;
    for (rows, cols, k, stones) in [
        (19, 19, 5, 6),
        (4096, 4096, 5, 10),
        (4096, 4096, 5, 300_000),
        (1, longest, longest, 20),
        (8192, 8192, 8192, 30),
        (1000, 1000, 5, 4_000),
        (1000, 1000, 1000, 500_000),
        (1000, 1000, 500, 500_000),
    ] {
        let game = scattered(rows, cols, k, stones);
        let loaded: Game = game.to_string().parse().unwrap();
        for (how, game) in [("played", &game), ("loaded", &loaded)] {
            for millis in [1, 10, 50] {
                let (median, worst) = kept(game, millis);
                println!(
                    "{:<42} {millis:>3} ms budget: {median:5.2} {worst:5.2}",
                    format!("{rows},{cols},{k}, {stones} stones ({how})")
                );
            }
        }
    }
}

/// Calls per board and budget in the time-budget table.
const REPEATS: usize = 5;

/// The median and the largest of `REPEATS` measured times of a search of `game` with a budget of
/// `millis` ms, each divided by the budget.
fn kept(game: &Game, millis: u64) -> (f64, f64) {
    let budget = Budget::millis(millis);
    let mut ratios: Vec<f64> = (0..REPEATS as u64)
        .map(|seed| {
            let start = Instant::now();
            std::hint::black_box(search(game, budget, seed).unwrap());
            start.elapsed().as_secs_f64() * 1000.0 / millis as f64
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    (ratios[REPEATS / 2], ratios[REPEATS - 1])
}

/// A game of `stones` random moves (a move that would end it is taken back).
fn scattered(rows: u32, cols: u32, k: u32, stones: usize) -> Game {
    let rules = Rules::new(rows, cols, k).unwrap();
    let mut game = Game::new(rules).unwrap();
    let mut rng = Rng::new(7);
    while game.move_count() < stones {
        let (r, c) = (rng.below(rows as usize) as u32, rng.below(cols as usize) as u32);
        if game.cell(r, c).unwrap().is_none() && game.play(r, c).unwrap() != tictactoe::Outcome::Pending {
            game.undo().unwrap();
        }
    }
    game
}
