//! The opponents the AI is measured against, written only with the public game API (shared by
//! `examples/ai_match` and `tests/ai_search.rs`).

use tictactoe::{Game, Move, Player};

/// A small seedable random source (SplitMix64), so that every match can be replayed.
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// A uniformly random legal move.
pub fn random_move(game: &Game, rng: &mut Rng) -> Move {
    let moves: Vec<Move> = game.legal_moves().collect();
    moves[rng.below(moves.len())]
}

/// The stones of `player` in a row through empty `at` once a stone is put there, along the
/// best of the four directions.
fn longest_run(game: &Game, at: Move, player: Player) -> u32 {
    let mine = |r: i64, c: i64| {
        let (Ok(r), Ok(c)) = (u32::try_from(r), u32::try_from(c)) else { return false };
        matches!(game.cell(r, c), Ok(Some(p)) if p == player)
    };
    let run = |dr: i64, dc: i64| {
        (1..).take_while(|&i| mine(at.row as i64 + i * dr, at.col as i64 + i * dc)).count()
    };
    [(0, 1), (1, 0), (1, 1), (1, -1)]
        .into_iter()
        .map(|(dr, dc)| 1 + run(dr, dc) + run(-dr, -dc))
        .max()
        .unwrap_or(1) as u32
}

/// One-ply greedy: wins if it can, blocks if it must, otherwise extends its longest line
/// (ties broken at random).
pub fn greedy_move(game: &Game, rng: &mut Rng) -> Move {
    let me = game.to_move().expect("game is pending");
    let k = game.rules().k();
    let moves: Vec<Move> = game.legal_moves().collect();
    if let Some(&win) = moves.iter().find(|&&m| longest_run(game, m, me) >= k) {
        return win;
    }
    if let Some(&block) = moves.iter().find(|&&m| longest_run(game, m, me.other()) >= k) {
        return block;
    }
    let best = moves.iter().map(|&m| longest_run(game, m, me)).max().unwrap_or(0);
    let ties: Vec<Move> = moves.into_iter().filter(|&m| longest_run(game, m, me) == best).collect();
    ties[rng.below(ties.len())]
}
