//! Boards past 64 cells whose sides are at most 16 cells (15 × 15 gomoku among them): each
//! player's stones are kept four times over, as one 16-bit line per row, column, diagonal ↘ and
//! anti-diagonal ↙ ("rotated bitboards"). A new stone's four lines are four loads, packed into
//! one 64-bit word, and k in a row through the stone is a run of k set bits in that word: a
//! few shifts and ands, with no walk and no branch per direction. The empty cells are kept in
//! a list apart from the lines (the games' `Kind::Aside`), so a uniformly random one is one
//! draw and one load; a step leaves the list alone and marks it stale, so that `step` and
//! `legal_mask` stream only the lines, and `random_moves` makes a stale list again.

use super::draw::Draws;
use super::kind::{Kind, DRAW, PENDING, X_WINS};
use super::rowwise::{self, Rowwise};
use super::Tally;
use crate::rules::Rules;

/// The longest side this representation takes: a line is one `u16`.
pub(crate) const MAX_SIDE: u32 = 16;

/// The lines of both players, by direction, X's then O's in each: 16 rows (bit c is column c),
/// 16 columns (bit r is row r), 32 diagonals ↘ (line `r - c + 15`, bit c) and 32
/// anti-diagonals ↙ (line `r + c`, bit c); along every line the bits are consecutive. The
/// layout is the same for every shape (lines past the board stay empty), so that the line of a
/// cell is a sum of constants and bounds need no check. Both players' rows share the game's
/// first 64 bytes, the only ones a legality check and a legal-move mask read.
const ROWS: usize = 0;
const COLS: usize = 32;
const DIAGS: usize = 64;
const ANTIS: usize = 128;
const LINES: usize = 192;

/// One game's stones: 388 bytes. The games of a batch lie side by side, so that `step` and
/// `legal_mask` stream them without the lists of their empty cells, which `List` keeps.
#[derive(Clone, Copy)]
pub(crate) struct Game {
    lines: [u16; LINES],
    /// Stones on the board.
    placed: u16,
    /// Whether the game's `List` may hold a taken cell among the empty ones: `step` plays
    /// without keeping the list, and `random_moves` makes it again before it draws from it.
    stale: bool,
}

impl Default for Game {
    fn default() -> Game {
        Game { lines: [0; LINES], placed: 0, stale: false }
    }
}

/// The four lines of player `p` through `(r, c)` (both below 16), and the bit of the cell in
/// each: row, column, diagonal, anti-diagonal.
#[inline(always)]
fn lines_through(p: usize, r: usize, c: usize) -> [(usize, usize); 4] {
    let (straight, slanted) = (16 * p, 32 * p);
    [
        (ROWS + straight + r, c),
        (COLS + straight + c, r),
        (DIAGS + slanted + r + 15 - c, c),
        (ANTIS + slanted + r + c, c),
    ]
}

impl Rowwise for Game {
    #[inline(always)]
    fn row(&self, p: usize, r: usize) -> u16 {
        self.lines[ROWS + 16 * (p & 1) + (r & 15)]
    }

    #[inline(always)]
    fn placed(&self) -> u16 {
        self.placed
    }
}

impl Game {
    /// Both players' rows, X's 16 then O's (bit c of row r is the cell `(r, c)`).
    pub(crate) fn rows(&self) -> &[u16] {
        &self.lines[ROWS..ROWS + 32]
    }
}

/// The empty cells of one game, so that a uniformly random one is one draw and one load:
/// 512 bytes.
#[derive(Clone, Copy)]
pub(crate) struct List {
    /// The board's cells (row-major numbers) in an order whose first `cells - placed` are the
    /// empty ones, unless the game is stale: a random move swaps its cell to the end of
    /// those. Stored as `cell ^ index`, so that a list of zeros holds the cells in order; a
    /// game that ends keeps its order, which is as good as any, since every order of the
    /// cells lists them all as empty.
    order: [u8; 256],
    /// Where each cell is in `order`, stored as `index ^ cell`.
    at: [u8; 256],
}

impl Default for List {
    fn default() -> List {
        List { order: [0; 256], at: [0; 256] }
    }
}

impl List {
    /// Moves the `j`-th of the `n` empty cells of `order` to place `n - 1`, swapping it with
    /// the cell there, and returns it.
    #[inline(always)]
    fn take(&mut self, j: usize, n: usize) -> usize {
        // Both below 256: the masks only say so to the compiler.
        let (j, last) = (j & 255, (n - 1) & 255);
        let cell = usize::from(self.order[j]) ^ j;
        let other = usize::from(self.order[last]) ^ last;
        self.order[j] = (other ^ j) as u8;
        self.order[last] = (cell ^ last) as u8;
        self.at[other & 255] = (j ^ other) as u8;
        self.at[cell & 255] = (last ^ cell) as u8;
        cell
    }
}

pub(crate) struct Lined {
    rows: usize,
    cols: usize,
    cells: u32,
    /// The row and column of each cell, `16 * row + column`: one load where a division costs
    /// tens of cycles (and two multiplies that stand for it, more instructions than the step
    /// of a 15 × 15 game can spare).
    places: [u8; 256],
    /// The shifts that leave bit j set where bits j..j + k were all set: runs are doubled while
    /// they fit in k, then one last shift tops them up to k; four do for k up to 16 (the
    /// unused ones are 0).
    shifts: [u32; 4],
    /// The bits of the four 16-bit lanes where a run of k can start without leaving its lane
    /// (a shifted word carries a lane's low bits into the lane below it).
    starts: u64,
    /// Whether k is 5 (gomoku), whose run test has its own constant shifts.
    five: bool,
}

impl Lined {
    /// The tables for `rules`, whose sides are at most `MAX_SIDE`.
    pub(crate) fn new(rules: &Rules) -> Lined {
        let (rows, cols, k) = (rules.rows() as usize, rules.cols() as usize, rules.k());
        debug_assert!(rows <= MAX_SIDE as usize && cols <= MAX_SIDE as usize);
        let places = std::array::from_fn(|cell| (((cell / cols) << 4) | (cell % cols)) as u8);
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
        Lined { rows, cols, cells: (rows * cols) as u32, places, shifts, starts, five: k == 5 }
    }

    /// The row and column of `cell`.
    #[inline(always)]
    pub(crate) fn row_col(&self, cell: usize) -> (usize, usize) {
        // Cells are below 256 and sides at most 16: the masks tell the compiler so, and that
        // every line index is within the game.
        let place = usize::from(self.places[cell & 255]);
        (place >> 4, place & 15)
    }

    /// The side to move puts a stone on the empty `(r, c)`; returns the result code and
    /// empties a game that ended. Every line held fewer than k in a row before (a game that
    /// ends is emptied), so a run of k in one of the four lines through the stone is new.
    #[inline(always)]
    pub(crate) fn place(&self, game: &mut Game, r: usize, c: usize) -> u8 {
        let placed = game.placed;
        let p = usize::from(placed & 1);
        let mut word = 0u64;
        for (lane, (line, bit)) in lines_through(p, r, c).into_iter().enumerate() {
            game.lines[line] |= 1 << bit;
            word |= u64::from(game.lines[line]) << (16 * lane);
        }
        let result = if self.has_run(word) {
            X_WINS + p as u8
        } else if u32::from(placed) + 1 == self.cells {
            DRAW
        } else {
            game.placed = placed + 1;
            return PENDING;
        };
        game.lines.fill(0);
        game.placed = 0;
        game.stale = false;
        result
    }

    /// The game (whose list is to be made) with the stones of `rows`, X's 16 rows then O's (bit
    /// c of row r is the cell `(r, c)`), of which there are `placed`.
    pub(crate) fn game_of_rows(&self, rows: &[u16; 32], placed: u16) -> Game {
        let mut game = Game { lines: [0; LINES], placed, stale: true };
        for (i, &row) in rows.iter().enumerate() {
            let (p, r, mut stones) = (i / 16, i % 16, row);
            while stones != 0 {
                let c = stones.trailing_zeros() as usize;
                stones &= stones - 1;
                for (line, bit) in lines_through(p, r, c) {
                    game.lines[line] |= 1 << bit;
                }
            }
        }
        game
    }

    /// Whether one of the four 16-bit lanes of `word` holds k set bits in a row.
    #[inline(always)]
    pub(crate) fn has_run(&self, mut word: u64) -> bool {
        if self.five {
            return has_five(word);
        }
        for s in self.shifts {
            word &= word >> s;
        }
        word & self.starts != 0
    }

    /// One uniformly random legal move: the j-th empty cell of the game's list, j drawn
    /// exactly uniformly below their number.
    #[inline(always)]
    pub(crate) fn random_move(&self, game: &mut Game, list: &mut List, draws: &mut Draws) -> u8 {
        let n = self.cells - u32::from(game.placed);
        let cell = list.take(draws.below(n) as usize, n as usize);
        let (r, c) = self.row_col(cell);
        self.place(game, r, c)
    }

    /// Makes the list of a stale game again: the empty cells in board order from the front,
    /// the taken ones from the back. No branch a cell.
    pub(crate) fn relist(&self, game: &mut Game, list: &mut List) {
        let (mut front, mut back) = (0usize, self.cells as usize);
        for r in 0..self.rows {
            let taken = game.taken(r);
            for c in 0..self.cols {
                let (cell, empty) = (r * self.cols + c, usize::from(!taken >> c & 1));
                back -= 1 - empty;
                let at = (if empty == 1 { front } else { back }) & 255;
                front += empty;
                list.order[at] = (cell ^ at) as u8;
                list.at[cell & 255] = (at ^ cell) as u8;
            }
        }
        game.stale = false;
    }
}

impl Kind for Lined {
    type Word = Game;
    type Aside = List;
    type Note = ();

    fn stride(&self) -> usize {
        1
    }

    fn occupied(&self, game: &[Game], cell: usize) -> bool {
        let (r, c) = self.row_col(cell);
        game[0].taken(r) >> c & 1 == 1
    }

    fn stone(&self, game: &[Game], cell: usize) -> u8 {
        let ((r, c), lines) = (self.row_col(cell), &game[0].lines);
        (lines[ROWS + r] >> c & 1 | (lines[ROWS + 16 + r] >> c & 1) << 1) as u8
    }

    fn x_to_move(&self, game: &[Game]) -> bool {
        game[0].placed.is_multiple_of(2)
    }

    /// Leaves the game's list of empty cells stale: a step reads and writes only the lines.
    #[inline(always)]
    fn play(&self, game: &mut [Game], cell: usize) -> u8 {
        let game = &mut game[0];
        game.stale = true;
        let (r, c) = self.row_col(cell);
        self.place(game, r, c)
    }

    fn play_all(&self, games: &mut [Game], actions: &[u32], results: &mut [u8]) {
        for ((game, &a), result) in games.chunks_exact_mut(1).zip(actions).zip(results) {
            *result = self.play(game, a as usize);
        }
    }

    rowwise::read_by_rows!();

    fn random(
        &self,
        games: &mut [Game],
        lists: &mut [List],
        moves: u64,
        draws: &mut Draws,
        tally: &mut Tally,
    ) {
        // Each game is played through while it is in cache; the few moves that end a game are
        // counted apart, by a branch seldom taken, so the common move writes no counter.
        let mut ended = [0u64; 3];
        for (game, list) in games.iter_mut().zip(lists) {
            if game.stale {
                self.relist(game, list);
            }
            for _ in 0..moves {
                let result = self.random_move(game, list, draws);
                if result != PENDING {
                    ended[usize::from(result - 1)] += 1;
                }
            }
        }
        tally.add_pass(moves * games.len() as u64, ended);
    }
}

/// Whether one of the four 16-bit lanes of `word` holds 5 set bits in a row: `has_run` for
/// k = 5, with shifts known when compiled, two of them side by side (runs of 2, of 4, then of
/// 5: a run of 4 and the bit after it, which starts within its lane's first 12 bits).
#[inline(always)]
pub(crate) fn has_five(word: u64) -> bool {
    let fours = word & word >> 1;
    let fours = fours & fours >> 2;
    fours & word >> 4 & 0x0fff_0fff_0fff_0fff != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The row and column of every cell, counted out row by row, on every board this
    /// representation takes.
    #[test]
    fn row_col_finds_every_cell() {
        for (rows, cols) in (1..=MAX_SIDE).flat_map(|r| (1..=MAX_SIDE).map(move |c| (r, c))) {
            let lined = Lined::new(&Rules::new(rows, cols, 1).unwrap());
            let mut cell = 0;
            for r in 0..rows as usize {
                for c in 0..cols as usize {
                    assert_eq!(lined.row_col(cell), (r, c), "{rows} x {cols}");
                    cell += 1;
                }
            }
        }
    }
}
