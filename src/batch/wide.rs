//! Any board: per game, X's stones and O's stones as bit sets of `words` words each (bit i of
//! the set is cell i, row-major), then the stone count. A move looks for its line by walking at
//! most k - 1 cells each way in the four directions.

use super::bits::{bits_to_bytes, select};
use super::draw::Draws;
use super::kind::{Kind, DRAW, PENDING, X_WINS};
use super::Tally;
use crate::rules::Rules;

pub(crate) struct Wide {
    rows: u32,
    cols: u32,
    k: u32,
    cells: u64,
    words: usize,
}

impl Wide {
    pub(crate) fn new(rules: &Rules) -> Wide {
        let cells = rules.cells();
        Wide {
            rows: rules.rows(),
            cols: rules.cols(),
            k: rules.k(),
            cells: cells as u64,
            words: cells.div_ceil(64),
        }
    }

    /// Words per game for `rules`.
    pub(crate) fn stride_for(rules: &Rules) -> usize {
        2 * rules.cells().div_ceil(64) + 1
    }

    /// Whether `stones` (one player's set) hold k in a row through `cell`.
    fn wins(&self, stones: &[u64], cell: usize) -> bool {
        let has = |r: i64, c: i64| {
            (0..self.rows as i64).contains(&r)
                && (0..self.cols as i64).contains(&c)
                && stones[(r as usize * self.cols as usize + c as usize) / 64]
                    >> ((r as u64 * self.cols as u64 + c as u64) % 64)
                    & 1
                    == 1
        };
        let (r, c) = ((cell / self.cols as usize) as i64, (cell % self.cols as usize) as i64);
        let k = i64::from(self.k);
        [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
            let ahead = (1..k).take_while(|&i| has(r + dr * i, c + dc * i)).count() as i64;
            let behind = (1..k - ahead).take_while(|&i| has(r - dr * i, c - dc * i)).count() as i64;
            1 + ahead + behind >= k
        })
    }

    /// The side to move puts a stone on the empty `cell`; returns the result code and empties
    /// a game that ended.
    #[inline]
    fn place(&self, game: &mut [u64], cell: usize) -> u8 {
        let w = self.words;
        let placed = game[2 * w];
        let p = (placed & 1) as usize;
        let stones = &mut game[p * w..(p + 1) * w];
        stones[cell / 64] |= 1 << (cell % 64);
        let result = if self.wins(stones, cell) {
            X_WINS + p as u8
        } else if placed + 1 == self.cells {
            DRAW
        } else {
            game[2 * w] = placed + 1;
            return PENDING;
        };
        game.fill(0);
        result
    }

    /// The empty cells of word `i`.
    #[inline(always)]
    fn empty(&self, game: &[u64], i: usize) -> u64 {
        let valid = if i + 1 == self.words && !self.cells.is_multiple_of(64) {
            (1 << (self.cells % 64)) - 1
        } else {
            u64::MAX
        };
        !(game[i] | game[self.words + i]) & valid
    }
}

impl Kind for Wide {
    type Word = u64;

    fn stride(&self) -> usize {
        2 * self.words + 1
    }

    fn occupied(&self, game: &[u64], cell: usize) -> bool {
        self.stone(game, cell) != 0
    }

    fn stone(&self, game: &[u64], cell: usize) -> u8 {
        let (i, b) = (cell / 64, cell % 64);
        (game[i] >> b & 1 | (game[self.words + i] >> b & 1) << 1) as u8
    }

    fn x_to_move(&self, game: &[u64]) -> bool {
        game[2 * self.words].is_multiple_of(2)
    }

    fn play(&self, game: &mut [u64], cell: usize) -> u8 {
        self.place(game, cell)
    }

    fn observe(&self, game: &[u64], out: &mut [u8]) {
        let w = self.words;
        let p = (game[2 * w] & 1) as usize;
        let (mine, theirs) = out.split_at_mut(self.cells as usize);
        bits_to_bytes(game[p * w..(p + 1) * w].iter().copied(), mine);
        bits_to_bytes(game[(1 - p) * w..(2 - p) * w].iter().copied(), theirs);
    }

    fn legal(&self, game: &[u64], out: &mut [u8]) {
        bits_to_bytes((0..self.words).map(|i| self.empty(game, i)), out);
    }

    fn random(&self, games: &mut [u64], moves: u64, draws: &mut Draws, tally: &mut Tally) {
        for game in games.chunks_exact_mut(self.stride()) {
            for _ in 0..moves {
                let left = self.cells - game[2 * self.words];
                // Boards past 2^32 cells do not exist (MAX_CELLS), so `left` fits.
                let mut j = draws.below(left as u32);
                let mut i = 0;
                let cell = loop {
                    let empty = self.empty(game, i);
                    let n = empty.count_ones();
                    if j < n {
                        break i * 64 + select(empty, j) as usize;
                    }
                    j -= n;
                    i += 1;
                };
                tally.count(self.place(game, cell));
            }
        }
    }
}
