//! What the representations that keep each player's stones as 16-bit rows share (`Lined` and
//! `Rowed`): observations and masks written a row at a time, and the check that every action
//! of a step is legal.

use super::bits::{line_bytes, line_to_bytes};

/// A game whose stones read a row at a time: rows below 16, bit c of a row the cell `(r, c)`.
pub(crate) trait Rowwise {
    /// Row `r` of player `p` (0 for X).
    fn row(&self, p: usize, r: usize) -> u16;

    /// Stones on the board.
    fn placed(&self) -> u16;

    /// Row `r` of both players.
    #[inline(always)]
    fn taken(&self, r: usize) -> u16 {
        self.row(0, r) | self.row(1, r)
    }
}

/// The methods of `Kind` that read games a row at a time, for a representation whose games
/// are `Game` (`Rowwise`, one word each), with fields `rows`, `cols` and `cells`, and a method
/// `row_col` that gives the row and column of a cell.
macro_rules! read_by_rows {
    () => {
        fn observe(&self, game: &[Game], out: &mut [u8]) {
            rowwise::planes(game, self.rows, self.cols, out);
        }

        fn legal(&self, game: &[Game], out: &mut [u8]) {
            rowwise::masks(game, self.rows, self.cols, out);
        }

        fn observe_all(&self, games: &[Game], _cells: usize, out: &mut [u8]) {
            rowwise::all_planes(games, self.rows, self.cols, out);
        }

        fn all_legal(&self, games: &[Game], actions: &[u32]) -> bool {
            rowwise::all_legal(games, actions, self.cells, |cell| self.row_col(cell))
        }

        fn legal_all(&self, games: &[Game], _cells: usize, out: &mut [u8]) {
            rowwise::all_masks(games, self.rows, self.cols, out);
        }
    };
}
pub(crate) use read_by_rows;

/// Whether every action of `actions` is an empty cell (below `cells`) of its game of `games`;
/// `row_col` gives the row and column of a cell below 256. An action past the board is bad by
/// the comparison (its cell, cut below 256, only keeps the load within the game). One fold,
/// no branch a game.
#[inline(always)]
pub(crate) fn all_legal<G: Rowwise>(
    games: &[G],
    actions: &[u32],
    cells: u32,
    row_col: impl Fn(usize) -> (usize, usize),
) -> bool {
    let bad = games.iter().zip(actions).fold(0, |bad, (game, &a)| {
        let (r, c) = row_col(a as usize & 255);
        bad | u16::from(a >= cells) | game.taken(r) >> c & 1
    });
    bad == 0
}

/// `masks` for every game of `games`, with the sizes known when compiled on 15 × 15 (constant
/// offsets, and no bound checked a row).
pub(crate) fn all_masks<G: Rowwise>(games: &[G], rows: usize, cols: usize, out: &mut [u8]) {
    if (rows, cols) == (15, 15) {
        masks(games, 15, 15, out);
    } else {
        masks(games, rows, cols, out);
    }
}

/// `planes` for every game of `games`, with the sizes known when compiled on 15 × 15.
pub(crate) fn all_planes<G: Rowwise>(games: &[G], rows: usize, cols: usize, out: &mut [u8]) {
    if (rows, cols) == (15, 15) {
        planes(games, 15, 15, out);
    } else {
        planes(games, rows, cols, out);
    }
}

/// The legal-move masks of `games` (boards of `rows` × `cols`) into `out`, one byte a cell.
#[inline(always)]
pub(crate) fn masks<G: Rowwise>(games: &[G], rows: usize, cols: usize, out: &mut [u8]) {
    lines_of_games(games, rows, cols, out, |game, r| !game.taken(r & 15));
}

/// The observation planes of `games` into `out`: the side to move's rows, then the other
/// side's, one byte a cell.
#[inline(always)]
pub(crate) fn planes<G: Rowwise>(games: &[G], rows: usize, cols: usize, out: &mut [u8]) {
    lines_of_games(games, 2 * rows, cols, out, |game, i| {
        // Line i is row i of the side to move, or row i - rows of the other side.
        let theirs = usize::from(i >= rows);
        let who = usize::from(game.placed() & 1) ^ theirs;
        game.row(who, (i - theirs * rows) & 15)
    });
}

/// Writes `lines` lines of `cols` cells for each game of `games` (line i of a game is
/// `line(game, i)`, bit c its cell c) to `out`, one byte a cell, one game after another. Each
/// line is one 16-byte store, which may spill into the next line and the next game's, written
/// after it; only the last game's last lines, where the spill would leave `out`, go line by
/// line through `line_to_bytes`.
#[inline(always)]
fn lines_of_games<G>(
    games: &[G],
    lines: usize,
    cols: usize,
    out: &mut [u8],
    line: impl Fn(&G, usize) -> u16,
) {
    let (size, reach) = (lines * cols, (lines - 1) * cols + 16);
    for (g, game) in games.iter().enumerate() {
        let at = g * size;
        match out.get_mut(at..at + reach) {
            Some(bytes) => {
                for i in 0..lines {
                    bytes[i * cols..i * cols + 16].copy_from_slice(&line_bytes(line(game, i)));
                }
            }
            None => (0..lines).for_each(|i| line_to_bytes(line(game, i), cols, out, at + i * cols)),
        }
    }
}
