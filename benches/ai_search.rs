//! Times the budgeted search per move on big boards, mid-game. Run:
//! `cargo bench --bench ai_search`. Numbers, not pass/fail.

use std::time::Instant;

use tictactoe::ai::rng::Rng;
use tictactoe::ai::{ai_move, search, Budget, Level};
use tictactoe::{Game, Rules};

/// A game of `plies` moves, alternating the search's choice with random nearby play.
fn midgame(rows: u32, cols: u32, k: u32, plies: usize) -> Game {
    let mut game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
    let mut rng = Rng::new(42);
    while game.move_count() < plies && game.to_move().is_some() {
        let level = if rng.below(2) == 0 { Level::Medium } else { Level::Hard };
        let cell = ai_move(&game, level, rng.next_u64()).unwrap();
        let (r, c) = game.rules().row_col(cell);
        game.play(r, c).unwrap();
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
                std::hint::black_box(
                    search(&game, Budget { max_nodes: nodes, max_time: None }, seed).unwrap(),
                );
            }
            let per_move = start.elapsed() / rounds as u32;
            let per_node = per_move / nodes as u32;
            println!("{rows},{cols},{k} after {plies} plies: {nodes} nodes in {per_move:?} per move ({per_node:?} per node)");
        }
    }
}
