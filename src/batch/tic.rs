//! Boards of at most 9 cells (tic-tac-toe and its smaller cousins) as a state machine: every
//! position that can arise with the game still on gets a number (4520 on 3 × 3), and a table
//! gives, for each position and cell, the position after the move, the move's result and the
//! number of stones after it. A game is one `u32`, the table entry that led to it; a
//! random move is one draw and one lookup.

use super::draw::Draws;
use super::kind::Kind;
use super::small::Small;
use super::Tally;
use crate::error::Error;
use crate::fallible::{try_filled, try_with_capacity};
use crate::rules::Rules;

/// Bits 0-15 of an entry: the position's number.
const STATE: u32 = 0xffff;
/// Bits 16-17: the result of the move that led here (the position is then the empty board).
const RESULT_SHIFT: u32 = 16;
/// Bits 18-21: the number of stones of the position (so that 0 is the empty board).
const PLACED_SHIFT: u32 = 18;
/// The entry of a move on an occupied cell (never played: `step` checks first).
const OCCUPIED: u32 = u32::MAX;

pub(crate) struct Tic {
    cells: usize,
    /// `by_cell[s * cells + c]`: the entry after a move on cell c in position s.
    by_cell: Vec<u32>,
    /// `by_rank[s * cells + j]`: the entry after a move on the j-th empty cell of position s.
    by_rank: Vec<u32>,
    /// The stones of each position: X's in bits 0-15, O's in bits 16-31.
    stones: Vec<u32>,
    /// The empty cells of each position, one bit a cell.
    empty: Vec<u16>,
    /// What `observe` and `legal` write for each position, one byte a cell: the side to move's
    /// stones, the opponent's, then the empty cells (`3 * cells` bytes, 27 on 3 × 3), so that
    /// a game's observation or mask is one copy (4520 × 32 bytes on 3 × 3).
    views: Vec<[u8; 32]>,
}

impl Tic {
    /// The tables for `rules`, whose board has at most 9 cells.
    pub(crate) fn new(rules: &Rules) -> Result<Tic, Error> {
        let cells = rules.cells();
        debug_assert!(cells <= 9);
        let lines = Small::new(rules)?;
        // Positions by their stones (X's bits, then O's above them): the number given, or NONE.
        const NONE: u16 = u16::MAX;
        let mut number = try_filled(NONE, 1 << (2 * cells))?;
        let mut stones: Vec<u32> = try_with_capacity(3usize.pow(cells as u32))?;
        number[0] = 0;
        stones.push(0);
        let mut by_cell = Vec::new();
        let mut next = 0;
        // Breadth first from the empty board; `stones` grows as positions are found (never
        // past 3^cells, its capacity).
        while next < stones.len() {
            let (x, o) = (u64::from(stones[next] & 0xffff), u64::from(stones[next] >> 16));
            by_cell.try_reserve(cells)?;
            for cell in 0..cells {
                if (x | o) >> cell & 1 == 1 {
                    by_cell.push(OCCUPIED);
                    continue;
                }
                let mut game = [x, o];
                let result = lines.play(&mut game, cell);
                let key = (game[0] | game[1] << cells) as usize;
                if number[key] == NONE {
                    number[key] = stones.len() as u16;
                    stones.push((game[0] | game[1] << 16) as u32);
                }
                let after = u32::from(number[key]);
                let placed = (game[0] | game[1]).count_ones();
                by_cell.push(after | u32::from(result) << RESULT_SHIFT | placed << PLACED_SHIFT);
            }
            next += 1;
        }
        let mut by_rank = try_filled(OCCUPIED, by_cell.len())?;
        for (row, ranks) in by_cell.chunks_exact(cells).zip(by_rank.chunks_exact_mut(cells)) {
            for (rank, &entry) in ranks.iter_mut().zip(row.iter().filter(|&&e| e != OCCUPIED)) {
                *rank = entry;
            }
        }
        let mut views = try_with_capacity(stones.len())?;
        views.extend(stones.iter().map(|&s| {
            let (x, o) = (s & 0xffff, s >> 16);
            let (mine, theirs) = if (x | o).count_ones() % 2 == 0 { (x, o) } else { (o, x) };
            let mut view = [0u8; 32];
            for (cell, planes) in view.chunks_exact_mut(cells).take(3).enumerate() {
                let bits = [mine, theirs, !(x | o)][cell];
                planes.iter_mut().enumerate().for_each(|(c, b)| *b = (bits >> c & 1) as u8);
            }
            view
        }));
        let mut empty = try_with_capacity(stones.len())?;
        let full = (1u32 << cells) - 1;
        empty.extend(stones.iter().map(|&s| (!(s | s >> 16) & full) as u16));
        Ok(Tic { cells, by_cell, by_rank, stones, empty, views })
    }

    fn view(&self, game: u32) -> &[u8; 32] {
        &self.views[(game & STATE) as usize]
    }

    fn bits(&self, game: u32) -> (u64, u64) {
        let s = self.stones[(game & STATE) as usize];
        (u64::from(s & 0xffff), u64::from(s >> 16))
    }
}

impl Kind for Tic {
    type Word = u32;
    type Aside = ();
    type Note = ();

    fn stride(&self) -> usize {
        1
    }

    fn occupied(&self, game: &[u32], cell: usize) -> bool {
        let (x, o) = self.bits(game[0]);
        (x | o) >> cell & 1 == 1
    }

    fn stone(&self, game: &[u32], cell: usize) -> u8 {
        let (x, o) = self.bits(game[0]);
        (x >> cell & 1 | (o >> cell & 1) << 1) as u8
    }

    fn x_to_move(&self, game: &[u32]) -> bool {
        (game[0] >> PLACED_SHIFT & 0xf).is_multiple_of(2)
    }

    #[inline]
    fn play(&self, game: &mut [u32], cell: usize) -> u8 {
        let entry = self.by_cell[(game[0] & STATE) as usize * self.cells + cell];
        game[0] = entry;
        (entry >> RESULT_SHIFT & 3) as u8
    }

    fn observe(&self, game: &[u32], out: &mut [u8]) {
        out.copy_from_slice(&self.view(game[0])[..2 * self.cells]);
    }

    fn legal(&self, game: &[u32], out: &mut [u8]) {
        out.copy_from_slice(&self.view(game[0])[2 * self.cells..3 * self.cells]);
    }

    fn all_legal(&self, games: &[u32], actions: &[u32]) -> bool {
        // An action past the board's cells is bad: from 16 on by its high bits, below 16 by
        // finding no empty cell there. One fold, no branch a game.
        let bad = games.iter().zip(actions).fold(0, |bad, (&game, &a)| {
            let empty = u32::from(self.empty[(game & STATE) as usize]);
            bad | (a >> 4 != 0) as u32 | (!empty >> (a & 15) & 1)
        });
        bad == 0
    }

    fn has_advance(&self) -> bool {
        true
    }

    fn advance(&self, games: &[u32], actions: &[u32], next: &mut [u32]) -> bool {
        // A move on a stone finds the OCCUPIED entry; one past the board is taken on cell 0
        // instead and marked bad by the comparison. No branch a game.
        let cells = self.cells as u32;
        let mut bad = false;
        for ((next, &game), &a) in next.iter_mut().zip(games).zip(actions) {
            let cell = if a < cells { a } else { 0 };
            *next = self.by_cell[(game & STATE) as usize * self.cells + cell as usize];
            bad |= (a >= cells) | (*next == OCCUPIED);
        }
        !bad
    }

    fn results(&self, games: &[u32], results: &mut [u8]) {
        for (result, &game) in results.iter_mut().zip(games) {
            *result = (game >> RESULT_SHIFT & 3) as u8;
        }
    }

    fn play_all(&self, games: &mut [u32], actions: &[u32], results: &mut [u8]) {
        for ((game, &a), result) in games.iter_mut().zip(actions).zip(results) {
            *game = self.by_cell[(*game & STATE) as usize * self.cells + a as usize];
            *result = (*game >> RESULT_SHIFT & 3) as u8;
        }
    }

    fn observe_all(&self, games: &[u32], cells: usize, out: &mut [u8]) {
        if cells == 9 {
            // Lengths known when compiled: each copy is a couple of moves, not a call.
            for (&game, planes) in games.iter().zip(out.chunks_exact_mut(18)) {
                planes.copy_from_slice(&self.view(game)[..18]);
            }
        } else {
            games.iter().zip(out.chunks_exact_mut(2 * cells)).for_each(|(g, o)| self.observe(&[*g], o));
        }
    }

    fn legal_all(&self, games: &[u32], cells: usize, out: &mut [u8]) {
        if cells == 9 {
            for (&game, mask) in games.iter().zip(out.chunks_exact_mut(9)) {
                mask.copy_from_slice(&self.view(game)[18..27]);
            }
        } else {
            games.iter().zip(out.chunks_exact_mut(cells)).for_each(|(g, o)| self.legal(&[*g], o));
        }
    }

    fn random(&self, games: &mut [u32], _: &mut [()], moves: u64, draws: &mut Draws, tally: &mut Tally) {
        // Ended games by result, packed 21 bits apart into one register (a pass adds at most
        // one per game, and a chunk is far below 2^21 games); flushed after each pass.
        const ENDED: [u64; 4] = [0, 1, 1 << 21, 1 << 42];
        let cells = self.cells as u32;
        for _ in 0..moves {
            let mut ended = 0u64;
            let mut pairs = games.chunks_exact_mut(2);
            for pair in &mut pairs {
                let bits = draws.bits();
                for (game, x) in pair.iter_mut().zip([bits as u32, (bits >> 32) as u32]) {
                    let j = draws.below_in(x, cells - (*game >> PLACED_SHIFT & 0xf)) as usize;
                    *game = self.by_rank[(*game & STATE) as usize * self.cells + j];
                    ended += ENDED[(*game >> RESULT_SHIFT & 3) as usize];
                }
            }
            for game in pairs.into_remainder() {
                let j = draws.below(cells - (*game >> PLACED_SHIFT & 0xf)) as usize;
                *game = self.by_rank[(*game & STATE) as usize * self.cells + j];
                ended += ENDED[(*game >> RESULT_SHIFT & 3) as usize];
            }
            tally.add_pass(games.len() as u64, [ended & 0x1f_ffff, ended >> 21 & 0x1f_ffff, ended >> 42]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tic-tac-toe has 5478 positions reachable in legal play, 958 of them finished (a
    /// well-known count); the table numbers the other 4520.
    #[test]
    fn tictactoe_has_4520_positions_with_the_game_on() {
        let tic = Tic::new(&Rules::new(3, 3, 3).unwrap()).unwrap();
        assert_eq!(tic.stones.len(), 4520);
        assert_eq!(tic.by_cell.len(), 4520 * 9);
    }
}
