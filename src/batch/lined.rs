//! Boards past 64 cells whose sides are at most 16 cells (15 × 15 gomoku among them): each
//! player's stones are kept four times over, as one 16-bit line per row, column, diagonal ↘ and
//! anti-diagonal ↙ ("rotated bitboards"). A new stone's four lines are four loads, packed into
//! one 64-bit word, and k in a row through the stone is a run of k set bits in that word: a
//! few shifts and ands, with no walk and no branch per direction.

use super::bits::{lines_to_bytes, select};
use super::draw::Draws;
use super::kind::{Kind, DRAW, PENDING, X_WINS};
use super::Tally;
use crate::rules::Rules;

/// Pairs of random cells `random_move` tries before it counts the empty ones.
const TRIES: usize = 4;

/// The longest side this representation takes: a line is one `u16`.
pub(crate) const MAX_SIDE: u32 = 16;

/// Words per player: 16 rows (bit c is column c), 16 columns (bit r is row r), 32 diagonals ↘
/// (line `r - c + 15`, bit c) and 32 anti-diagonals ↙ (line `r + c`, bit c); along every line
/// the bits are consecutive. The layout is the same for every shape (lines past the board stay
/// empty), so that the line of a cell is a sum of constants and bounds need no check.
const SIDE: usize = 96;
const COLS: usize = 16;
const DIAGS: usize = 32;
const ANTIS: usize = 64;
/// Where the stone count is, after both players' lines; one more word keeps games 4-aligned.
const PLACED: usize = 2 * SIDE;
/// Words per game.
pub(crate) const STRIDE: usize = 2 * SIDE + 2;

type Game = [u16; STRIDE];

pub(crate) struct Lined {
    rows: usize,
    cols: usize,
    cells: u32,
    /// `ceil(2^16 / cols)`: `cell * inverse >> 16` is `cell / cols` for every cell below 4096
    /// (the error, under `cols / 2^16` a unit of cell, never reaches the next whole number),
    /// a multiply where a division costs tens of cycles.
    inverse: u32,
    /// The shifts that leave bit j set where bits j..j + k were all set: runs are doubled while
    /// they fit in k, then one last shift tops them up to k; four do for k up to 16 (the
    /// unused ones are 0).
    shifts: [u32; 4],
    /// The bits of the four 16-bit lanes where a run of k can start without leaving its lane
    /// (a shifted word carries a lane's low bits into the lane below it).
    starts: u64,
}

impl Lined {
    /// The tables for `rules`, whose sides are at most `MAX_SIDE`.
    pub(crate) fn new(rules: &Rules) -> Lined {
        let (rows, cols, k) = (rules.rows() as usize, rules.cols() as usize, rules.k());
        debug_assert!(rows <= MAX_SIDE as usize && cols <= MAX_SIDE as usize);
        let inverse = (1u32 << 16).div_ceil(cols as u32);
        let mut shifts = [0; 4];
        let (mut len, mut n) = (1, 0);
        while 2 * len <= k {
            shifts[n] = len;
            (len, n) = (2 * len, n + 1);
        }
        if len < k {
            shifts[n] = k - len;
        }
        // k <= 16 (k never exceeds the longer side), so each lane keeps at least bit 0.
        let lane = (1u64 << (MAX_SIDE + 1 - k)) - 1;
        let starts = lane | lane << 16 | lane << 32 | lane << 48;
        Lined { rows, cols, cells: (rows * cols) as u32, inverse, shifts, starts }
    }

    /// The row and column of `cell`.
    #[inline(always)]
    fn row_col(&self, cell: usize) -> (usize, usize) {
        // Cells are below 256, so the row is below 16 and the masks cost nothing but tell the
        // compiler that every line index is within the game.
        let r = ((cell as u32 * self.inverse) >> 16) as usize & 15;
        (r, (cell - r * self.cols) & 15)
    }

    /// Whether `(r, c)` holds a stone.
    #[inline(always)]
    fn taken(game: &Game, r: usize, c: usize) -> bool {
        (game[r] | game[SIDE + r]) >> c & 1 == 1
    }

    /// The side to move puts a stone on the empty `(r, c)`; returns the result code and
    /// empties a game that ended. Every line held fewer than k in a row before (a game that
    /// ends is emptied), so a run of k in one of the four lines through the stone is new.
    #[inline(always)]
    fn place(&self, game: &mut Game, r: usize, c: usize) -> u8 {
        let placed = game[PLACED];
        let p = usize::from(placed & 1);
        let base = p * SIDE;
        let lines =
            [(base + r, c), (base + COLS + c, r), (base + DIAGS + r + 15 - c, c), (base + ANTIS + r + c, c)];
        let mut word = 0u64;
        for (lane, (line, bit)) in lines.into_iter().enumerate() {
            game[line] |= 1 << bit;
            word |= u64::from(game[line]) << (16 * lane);
        }
        for s in self.shifts {
            word &= word >> s;
        }
        let result = if word & self.starts != 0 {
            X_WINS + p as u8
        } else if u32::from(placed) + 1 == self.cells {
            DRAW
        } else {
            game[PLACED] = placed + 1;
            return PENDING;
        };
        game.fill(0);
        result
    }

    /// One uniformly random legal move. A few uniformly random cells are tried first (a board
    /// is seldom more than half full in random play) and the first empty one is played:
    /// uniform among the empty cells, like the j-th empty cell that is played when every try
    /// hit a stone. Both ways are exact, so their mixture is too.
    #[inline(always)]
    fn random_move(&self, game: &mut Game, draws: &mut Draws) -> u8 {
        for _ in 0..TRIES {
            let bits = draws.bits();
            for x in [bits as u32, (bits >> 32) as u32] {
                let (r, c) = self.row_col(draws.below_in(x, self.cells) as usize);
                if !Lined::taken(game, r, c) {
                    return self.place(game, r, c);
                }
            }
        }
        let mut j = draws.below(self.cells - u32::from(game[PLACED]));
        let full = (1u16 << (self.cols - 1) << 1).wrapping_sub(1);
        for r in 0..self.rows {
            let empty = !(game[r] | game[SIDE + r]) & full;
            let n = empty.count_ones();
            if j < n {
                return self.place(game, r, select(u64::from(empty), j) as usize);
            }
            j -= n;
        }
        unreachable!("fewer empty cells than the stone count says")
    }
}

/// A game of the batch's vector as the array it is.
fn game(words: &[u16]) -> &Game {
    words.try_into().expect("a game is STRIDE words")
}

fn game_mut(words: &mut [u16]) -> &mut Game {
    words.try_into().expect("a game is STRIDE words")
}

impl Kind for Lined {
    type Word = u16;

    fn stride(&self) -> usize {
        STRIDE
    }

    fn occupied(&self, words: &[u16], cell: usize) -> bool {
        let (r, c) = self.row_col(cell);
        Lined::taken(game(words), r, c)
    }

    fn stone(&self, words: &[u16], cell: usize) -> u8 {
        let ((r, c), game) = (self.row_col(cell), game(words));
        (game[r] >> c & 1 | (game[SIDE + r] >> c & 1) << 1) as u8
    }

    fn x_to_move(&self, words: &[u16]) -> bool {
        game(words)[PLACED].is_multiple_of(2)
    }

    fn play(&self, words: &mut [u16], cell: usize) -> u8 {
        let (r, c) = self.row_col(cell);
        self.place(game_mut(words), r, c)
    }

    fn observe(&self, words: &[u16], out: &mut [u8]) {
        let game = game(words);
        let p = usize::from(game[PLACED] & 1);
        let (mine, theirs) = (&game[p * SIDE..][..self.rows], &game[(1 - p) * SIDE..][..self.rows]);
        lines_to_bytes(mine.iter().chain(theirs).copied(), self.cols, out);
    }

    fn legal(&self, words: &[u16], out: &mut [u8]) {
        let game = game(words);
        lines_to_bytes((0..self.rows).map(|r| !(game[r] | game[SIDE + r])), self.cols, out);
    }

    fn random(&self, games: &mut [u16], moves: u64, draws: &mut Draws, tally: &mut Tally) {
        // Each game is played through while it is in cache; the few moves that end a game are
        // counted apart, by a branch seldom taken, so the common move writes no counter.
        let mut ended = [0u64; 3];
        for game in games.chunks_exact_mut(STRIDE) {
            let game = game_mut(game);
            for _ in 0..moves {
                let result = self.random_move(game, draws);
                if result != PENDING {
                    ended[usize::from(result - 1)] += 1;
                }
            }
        }
        tally.add_pass(moves * (games.len() / STRIDE) as u64, ended);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The multiply that stands for the division, on every board this representation takes.
    #[test]
    fn row_col_divides_exactly() {
        for (rows, cols) in (1..=MAX_SIDE).flat_map(|r| (1..=MAX_SIDE).map(move |c| (r, c))) {
            let lined = Lined::new(&Rules::new(rows, cols, 1).unwrap());
            for cell in 0..(rows * cols) as usize {
                let cols = cols as usize;
                assert_eq!(lined.row_col(cell), (cell / cols, cell % cols), "{rows} x {cols}");
            }
        }
    }
}
