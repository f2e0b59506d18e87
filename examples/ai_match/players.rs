//! The opponents the AI is measured against, written only with the public game API (shared by
//! `examples/ai_match` and `tests/ai_search.rs`).

use tictactoe::ai::rng::Rng;
use tictactoe::{Dir, Game};

/// A uniformly random legal move.
pub fn random_move(game: &Game, rng: &mut Rng) -> usize {
    let moves: Vec<usize> = game.legal_moves().collect();
    moves[rng.below(moves.len())]
}

/// The longest run of `stone` through empty `cell` once a stone is put there.
fn longest_run(game: &Game, cell: usize, stone: u8) -> u32 {
    let rules = game.rules();
    Dir::ALL
        .into_iter()
        .map(|d| rules.run(game.board().cells(), cell, d, stone, u32::MAX).1)
        .max()
        .unwrap_or(0)
}

/// One-ply greedy: wins if it can, blocks if it must, otherwise extends its longest line
/// (ties broken at random).
pub fn greedy_move(game: &Game, rng: &mut Rng) -> usize {
    let me = game.to_move().expect("game is pending");
    let k = game.rules().k();
    let moves: Vec<usize> = game.legal_moves().collect();
    if let Some(&win) = moves.iter().find(|&&c| longest_run(game, c, me.stone()) >= k) {
        return win;
    }
    if let Some(&block) = moves.iter().find(|&&c| longest_run(game, c, me.other().stone()) >= k) {
        return block;
    }
    let best = moves.iter().map(|&c| longest_run(game, c, me.stone())).max().unwrap_or(0);
    let ties: Vec<usize> = moves.into_iter().filter(|&c| longest_run(game, c, me.stone()) == best).collect();
    ties[rng.below(ties.len())]
}
