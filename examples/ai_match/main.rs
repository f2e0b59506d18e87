//! Plays the budgeted AI against a uniformly random player and against a one-ply greedy player
//! on 15×15 gomoku (k = 5), alternating who starts, and prints the results.
//!
//! `cargo run --release --example ai_match -- [games] [nodes]` (defaults: 200 games per
//! opponent, 2000 nodes per AI move).

mod players;

use std::time::Instant;

use players::Rng;
use tictactoe::ai::{search, Budget};
use tictactoe::{Game, Move, Outcome, Player, Rules};

type Opponent = fn(&Game, &mut Rng) -> Move;

/// Plays one game; the AI is X when `ai_first`. Returns the outcome and the AI's move count.
fn play(ai_first: bool, opponent: Opponent, nodes: u64, seed: u64) -> (Outcome, Player) {
    let mut game = Game::new(Rules::new(15, 15, 5).unwrap()).unwrap();
    let ai = if ai_first { Player::X } else { Player::O };
    let mut rng = Rng::new(seed ^ 0x5eed);
    while let Some(side) = game.to_move() {
        let m = if side == ai {
            search(&game, Budget::nodes(nodes), seed).unwrap()
        } else {
            opponent(&game, &mut rng)
        };
        game.play(m.row, m.col).unwrap();
    }
    (game.outcome(), ai)
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().expect("numbers: games nodes"));
    let games = args.next().unwrap_or(200);
    let nodes = args.next().unwrap_or(2000);
    println!(
        "15,15,5: AI (search, {nodes} nodes/move) vs each opponent, {games} games, alternating who starts"
    );
    for (name, opponent) in
        [("random", players::random_move as Opponent), ("greedy", players::greedy_move as Opponent)]
    {
        let start = Instant::now();
        let (mut won, mut drawn, mut lost) = (0, 0, 0);
        for g in 0..games {
            match play(g % 2 == 0, opponent, nodes, g) {
                (Outcome::Won(p), ai) if p == ai => won += 1,
                (Outcome::Draw, _) => drawn += 1,
                _ => lost += 1,
            }
        }
        let pct = 100.0 * won as f64 / games as f64;
        println!(
            "vs {name:6}: won {won}, drawn {drawn}, lost {lost} ({pct:.1}% won) in {:.1} s",
            start.elapsed().as_secs_f64()
        );
    }
}
