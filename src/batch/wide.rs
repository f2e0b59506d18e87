//! Any board: per game, X's stones and O's stones as bit sets of `words` words each (bit i of
//! the set is cell i, row-major), then the stone count. A move looks for its line by walking at
//! most k - 1 cells each way in the four directions.

use super::bits::{bits_to_bytes, select};
use super::draw::Draws;
use super::kind::{Kind, DRAW, PENDING, X_WINS};
use super::Tally;
use crate::error::Error;
use crate::fallible::try_collect;
use crate::rules::Rules;

/// Pairs of random cells `random_move` tries before it counts the empty ones.
const TRIES: usize = 4;

/// Boards of up to this many cells keep each cell's reach (`Wide::reach`) in a table, 16 bytes
/// a cell (256 KiB at most); bigger ones work it out per move with a division.
const REACH_TABLE_CELLS: usize = 1 << 14;

pub(crate) struct Wide {
    rows: u32,
    cols: u32,
    k: u32,
    cells: u64,
    words: usize,
    /// Per cell, how many cells a line may run ahead and behind it in → ↓ ↘ ↙ (at most k - 1,
    /// never off the board); empty past `REACH_TABLE_CELLS`.
    reaches: Vec<[u16; 8]>,
}

impl Wide {
    pub(crate) fn new(rules: &Rules) -> Result<Wide, Error> {
        let cells = rules.cells();
        let mut wide = Wide {
            rows: rules.rows(),
            cols: rules.cols(),
            k: rules.k(),
            cells: cells as u64,
            words: cells.div_ceil(64),
            reaches: Vec::new(),
        };
        if cells <= REACH_TABLE_CELLS {
            wide.reaches = try_collect((0..cells).map(|c| wide.reach(c)))?;
        }
        Ok(wide)
    }

    /// How far a line through `cell` may run: ahead, behind for → ↓ ↘ ↙, each at most k - 1.
    fn reach(&self, cell: usize) -> [u16; 8] {
        // Division in 32 bits, several times faster than in 64 (cells < 2^32: MAX_CELLS).
        let (r, c) = (cell as u32 / self.cols, cell as u32 % self.cols);
        let (up, down, left, right) = (r, self.rows - 1 - r, c, self.cols - 1 - c);
        let reach = [right, left, down, up, down.min(right), up.min(left), down.min(left), up.min(right)];
        // k - 1 < 2^16 on the boards with a table; past them the walk stops at k - 1 anyway.
        reach.map(|n| n.min(self.k - 1).min(u32::from(u16::MAX)) as u16)
    }

    /// Words per game for `rules`.
    pub(crate) fn stride_for(rules: &Rules) -> usize {
        2 * rules.cells().div_ceil(64) + 1
    }

    /// Whether `stones` (one player's set) hold k in a row through `cell`: in each direction,
    /// the run through `cell`, walked at most k - 1 cells each way and never off the board.
    #[inline]
    fn wins(&self, stones: &[u64], cell: usize) -> bool {
        let reach = match self.reaches.get(cell) {
            Some(&reach) => reach,
            None => self.reach(cell),
        };
        let cols = self.cols as usize;
        let has = |i: usize| stones[i / 64] >> (i % 64) & 1 == 1;
        let k = self.k as usize;
        [1, cols, cols + 1, cols - 1].iter().zip(reach.chunks_exact(2)).any(|(&step, reach)| {
            let mut run = 1;
            let (mut i, mut at) = (0, cell);
            while i < usize::from(reach[0]) && has(at + step) {
                (i, at) = (i + 1, at + step);
            }
            run += i;
            let (mut i, mut at) = (0, cell);
            while i < usize::from(reach[1]) && has(at - step) {
                (i, at) = (i + 1, at - step);
            }
            run + i >= k
        })
    }

    /// The side to move puts a stone on the empty `cell`; returns the result code and empties
    /// a game that ended.
    #[inline(always)]
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
    type Aside = ();
    type Note = ();

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

    fn random(&self, games: &mut [u64], _: &mut [()], moves: u64, draws: &mut Draws, tally: &mut Tally) {
        let stride = self.stride();
        // Small boards move every game once per pass, so that the games' independent moves
        // overlap in the processor; big ones play each game through while it is in cache.
        let (outer, inner) = if stride <= 64 { (moves, 1) } else { (1, moves) };
        for _ in 0..outer {
            for game in games.chunks_exact_mut(stride) {
                for _ in 0..inner {
                    tally.count(self.random_move(game, draws));
                }
            }
        }
    }
}

impl Wide {
    /// One uniformly random legal move. A few uniformly random cells are tried first (a
    /// board is seldom more than half full in random play) and the first empty one is played:
    /// uniform among the empty cells, like the j-th empty cell that is played when every try
    /// hit a stone. Both ways are exact, so their mixture is too. (Trying first avoids counting
    /// the empty cells, which costs most on processors without a popcount instruction.)
    #[inline(always)]
    fn random_move(&self, game: &mut [u64], draws: &mut Draws) -> u8 {
        let w = self.words;
        for _ in 0..TRIES {
            let bits = draws.bits();
            for x in [bits as u32, (bits >> 32) as u32] {
                // Boards past 2^32 cells do not exist (MAX_CELLS), so `cells` fits.
                let cell = draws.below_in(x, self.cells as u32) as usize;
                if (game[cell / 64] | game[w + cell / 64]) >> (cell % 64) & 1 == 0 {
                    return self.place(game, cell);
                }
            }
        }
        let mut j = draws.below((self.cells - game[2 * w]) as u32);
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
        self.place(game, cell)
    }
}
