//! Boards of at most 64 cells: two `u64` a game (X's stones, O's stones; bit i is cell i,
//! row-major), and for each cell the masks of the k-lines through it.

use super::bits::{bits_to_bytes, select};
use super::draw::Draws;
use super::kind::{Kind, DRAW, PENDING, X_WINS};
use super::Tally;
use crate::error::Error;
use crate::fallible::try_with_capacity;
use crate::rules::Rules;

pub(crate) struct Small {
    cells: u32,
    /// The bits of every cell.
    full: u64,
    /// The masks of the k-lines through cell c: `lines[starts[c]..starts[c + 1]]`.
    lines: Vec<u64>,
    starts: Vec<u32>,
}

impl Small {
    /// The tables for `rules`, whose board has at most 64 cells.
    pub(crate) fn new(rules: &Rules) -> Result<Small, Error> {
        let (rows, cols, k) = (rules.rows() as i64, rules.cols() as i64, rules.k() as i64);
        let cells = rules.cells();
        debug_assert!(cells <= 64);
        // Every k-line of the board, as a mask.
        let mut all = try_with_capacity(4 * cells)?;
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            for r in 0..rows {
                for c in 0..cols {
                    let (er, ec) = (r + dr * (k - 1), c + dc * (k - 1));
                    if (0..rows).contains(&er) && (0..cols).contains(&ec) {
                        all.push((0..k).fold(0u64, |m, i| m | 1 << ((r + dr * i) * cols + c + dc * i)));
                    }
                }
            }
        }
        let mut lines = try_with_capacity(all.len() * k as usize)?;
        let mut starts = try_with_capacity(cells + 1)?;
        for cell in 0..cells {
            starts.push(lines.len() as u32);
            lines.extend(all.iter().filter(|&&m| m >> cell & 1 == 1));
        }
        starts.push(lines.len() as u32);
        let full = u64::MAX >> (64 - cells);
        Ok(Small { cells: cells as u32, full, lines, starts })
    }

    /// Whether `stones` hold a whole k-line through `cell`.
    #[inline(always)]
    fn wins(&self, stones: u64, cell: usize) -> bool {
        let lines = &self.lines[self.starts[cell] as usize..self.starts[cell + 1] as usize];
        lines.iter().any(|&m| m & !stones == 0)
    }

    /// The side to move (0 = X, 1 = O) puts a stone on `cell`; returns the result code and
    /// empties a game that ended.
    #[inline(always)]
    fn place(&self, game: &mut [u64], cell: usize, placed: u32) -> u8 {
        let p = (placed & 1) as usize;
        game[p] |= 1 << cell;
        let result = if self.wins(game[p], cell) {
            X_WINS + p as u8
        } else if placed + 1 == self.cells {
            DRAW
        } else {
            return PENDING;
        };
        game[0] = 0;
        game[1] = 0;
        result
    }
}

impl Kind for Small {
    type Word = u64;
    type Aside = ();
    type Note = ();

    fn stride(&self) -> usize {
        2
    }

    fn occupied(&self, game: &[u64], cell: usize) -> bool {
        (game[0] | game[1]) >> cell & 1 == 1
    }

    fn stone(&self, game: &[u64], cell: usize) -> u8 {
        (game[0] >> cell & 1 | (game[1] >> cell & 1) << 1) as u8
    }

    fn x_to_move(&self, game: &[u64]) -> bool {
        (game[0] | game[1]).count_ones().is_multiple_of(2)
    }

    #[inline]
    fn play(&self, game: &mut [u64], cell: usize) -> u8 {
        self.place(game, cell, (game[0] | game[1]).count_ones())
    }

    fn observe(&self, game: &[u64], out: &mut [u8]) {
        let p = ((game[0] | game[1]).count_ones() & 1) as usize;
        let (mine, theirs) = out.split_at_mut(self.cells as usize);
        bits_to_bytes([game[p]], mine);
        bits_to_bytes([game[1 - p]], theirs);
    }

    fn legal(&self, game: &[u64], out: &mut [u8]) {
        bits_to_bytes([!(game[0] | game[1])], out);
    }

    fn random(&self, games: &mut [u64], _: &mut [()], moves: u64, draws: &mut Draws, tally: &mut Tally) {
        for _ in 0..moves {
            for game in games.chunks_exact_mut(2) {
                let empty = self.full & !(game[0] | game[1]);
                let placed = self.cells - empty.count_ones();
                let cell = select(empty, draws.below(self.cells - placed));
                tally.count(self.place(game, cell as usize, placed));
            }
        }
    }
}
