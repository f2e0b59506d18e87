//! Line tallies: O(1) win detection on the lines that a line of k must fill whole
//! (`Rules::spans_whole_line`: k is a whole row, column or corner diagonal).
//!
//! A tallied line keeps one signed count, +1 per X stone and -1 per O stone. A cell is played
//! at most once, so a line of k cells is complete for X exactly when its tally is k and for O
//! when it is -k: a move costs one add and one compare per line through its cell. Tallies are
//! kept on boards of more than `SMALL_BOARD` cells that have no bitboard; smaller boards
//! decide lines on a bitboard or by a short walk, which cost no more.
//!
//! A board on which every direction is tallied is n × n with k = n, the "Design Tic-Tac-Toe"
//! board; `Board::tallied_side` is n there and 0 elsewhere. On it a legal move can take the
//! tallied move: `Board::tallied_cell` makes every check the move needs of the board, and
//! `TalliedCell::place` then writes the stone and its tallies with nothing left to fail
//! (`Game::tallied_move` adds the game's own checks, and `ttt_game_move` gives each player a
//! body of its own around it). Every other move updates the same tallies through
//! `Tallies::update`.

use super::SMALL_BOARD;
use crate::cells::EmptyCell;
use crate::error::Error;
use crate::fallible::try_copy;
use crate::rules::{Dir, Player, Rules};

/// What a tally never reaches: lines are at most `MAX_CELLS` long.
const NEVER: i32 = i32::MAX;

/// The tallies of a board's tallied lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tallies {
    /// Rows, then columns, then the ↘ and ↙ diagonals through the corners (always the last
    /// two); empty when no direction is tallied. Lines of untallied directions are updated too
    /// (it costs less than a branch) but never compared; all the rows (columns) of an
    /// untallied direction share one tally, so a 1 × n board keeps four, not n + 3.
    sums: Vec<i32>,
    /// Per player and direction (→ ↓ ↘ ↙): the tally of a line complete for that player (k
    /// for X, -k for O), or `NEVER` when the direction is not tallied.
    full: [[i32; 4]; 2],
    /// For → and ↓: the mask that turns a row (column) number into its tally's offset, all ones
    /// when the direction is tallied and 0 when its lines share one tally.
    mask: [usize; 2],
    /// Where the column tallies start.
    cols_at: usize,
}

impl Tallies {
    /// No tallies: for boards that decide every direction another way.
    pub(crate) fn none() -> Tallies {
        Tallies { sums: Vec::new(), full: [[NEVER; 4]; 2], mask: [0; 2], cols_at: 0 }
    }

    /// The tallies of an empty board of `rules`: none on boards of up to `SMALL_BOARD` cells.
    pub(crate) fn new(rules: &Rules) -> Result<Tallies, Error> {
        let mut t = Tallies::none();
        if rules.cells() <= SMALL_BOARD {
            return Ok(t);
        }
        // k fits in i32: k <= max(rows, cols) <= MAX_CELLS.
        let k = rules.k() as i32;
        let full = |k| Dir::ALL.map(|d| if rules.spans_whole_line(d) { k } else { NEVER });
        t.full = [full(k), full(-k)];
        if t.full[0] == [NEVER; 4] {
            return Ok(t);
        }
        let lines = |dir, count: u32| {
            if t.full[0][dir as usize] == NEVER {
                (0, 1)
            } else {
                (usize::MAX, count as usize)
            }
        };
        let ((row_mask, rows), (col_mask, cols)) =
            (lines(Dir::East, rules.rows()), lines(Dir::South, rules.cols()));
        (t.mask, t.cols_at) = ([row_mask, col_mask], rows);
        t.sums.try_reserve_exact(rows + cols + 2)?;
        t.sums.resize(rows + cols + 2, 0);
        Ok(t)
    }

    /// A copy that reports allocation failure instead of aborting.
    pub(crate) fn try_clone(&self) -> Result<Tallies, Error> {
        Ok(Tallies { sums: try_copy(&self.sums)?, ..*self })
    }

    /// True when no line is tallied, so that stones need not be tallied either.
    pub(crate) fn keeps_none(&self) -> bool {
        self.sums.is_empty()
    }

    /// True when the lines of `dir` are tallied.
    pub(crate) fn tallied(&self, dir: Dir) -> bool {
        self.full[0][dir as usize] != NEVER
    }

    /// The tallied lines one stone short of complete for player `p` (0 or 1), as (direction,
    /// first cell) on a board of `rules`.
    pub(crate) fn one_short(&self, rules: Rules, p: usize) -> impl Iterator<Item = (Dir, usize)> + '_ {
        // A line of k cells tallied k - 1 for X holds k - 1 X and no O: x - o = k - 1 and
        // x + o <= k leave o = 0. The same for O with -(k - 1).
        let short = if p == 0 { rules.k() as i32 - 1 } else { 1 - rules.k() as i32 };
        let (rows, cols) = (rules.rows() as usize, rules.cols() as usize);
        let tallied = |dir, n: usize| if self.tallied(dir) { n } else { 0 };
        let lines = (0..tallied(Dir::East, rows)).map(move |r| (r, Dir::East, r * cols));
        let lines = lines.chain((0..tallied(Dir::South, cols)).map(|c| (self.cols_at + c, Dir::South, c)));
        let diagonals = self.sums.len().saturating_sub(2);
        let lines = lines.chain((0..tallied(Dir::SouthEast, 1)).map(move |_| (diagonals, Dir::SouthEast, 0)));
        let lines = lines
            .chain((0..tallied(Dir::SouthWest, 1)).map(move |_| (diagonals + 1, Dir::SouthWest, cols - 1)));
        lines.filter(move |&(tally, ..)| self.sums[tally] == short).map(|(_, dir, first)| (dir, first))
    }

    /// Adds (`ADD`) or takes away player `p`'s stone at (row, col) of a board of `cols`
    /// columns on every line through it, and tells whether a tallied one of them is now
    /// complete for `p`.
    /// (A const parameter rather than a closure, which would not be inlined.)
    #[inline(always)]
    pub(crate) fn update<const ADD: bool>(&mut self, cols: u32, row: u32, col: u32, p: usize) -> bool {
        if self.sums.is_empty() {
            return false;
        }
        let step = if p == 0 { 1 } else { -1 };
        let step = if ADD { step } else { -step };
        let on_diagonals = [row == col, row as usize + col as usize + 1 == cols as usize];
        let lines = [row as usize & self.mask[0], self.cols_at + (col as usize & self.mask[1])];
        bump_lines(&mut self.sums, lines, on_diagonals, step, self.full[p & 1])
    }

    /// The empty cell `cell` = (row, col) of an n × n board whose every line is tallied, found
    /// `empty` in its cells, with the board's stone count `placed`: ready for
    /// `TalliedCell::place`. None when these tallies are not the n × n board's.
    #[inline(always)]
    pub(crate) fn tallied_cell<'a>(
        &'a mut self,
        empty: EmptyCell<'a>,
        placed: &'a mut u32,
        n: u32,
        cell: u32,
        (row, col): (u32, u32),
    ) -> Option<TalliedCell<'a>> {
        // Rows, columns, the two diagonals: with the length known, `place` indexes them
        // without bounds checks.
        let sums = self.sums.get_mut(..2 * n as usize + 2)?;
        Some(TalliedCell { empty, sums, placed, cell, n, row, col })
    }
}

/// The tally rule, for `Tallies::update` and `TalliedCell::place`: adds `step` to the tallies
/// at `lines` (the row's and the column's through a cell) and, where the cell lies on them
/// (`on_diagonals`: ↘, ↙), to those of the two corner diagonals, the last two of `sums`; true
/// when one of them now holds its direction's `full` value (→ ↓ ↘ ↙).
#[inline(always)]
fn bump_lines(
    sums: &mut [i32],
    lines: [usize; 2],
    on_diagonals: [bool; 2],
    step: i32,
    full: [i32; 4],
) -> bool {
    let diagonals = sums.len() - 2;
    let mut won = bump(sums, lines[0], step, full[0]);
    won |= bump(sums, lines[1], step, full[1]);
    if on_diagonals[0] {
        won |= bump(sums, diagonals, step, full[2]);
    }
    if on_diagonals[1] {
        won |= bump(sums, diagonals + 1, step, full[3]);
    }
    won
}

/// Adds `step` to a line's tally; true when the tally is now `full`.
#[inline(always)]
fn bump(sums: &mut [i32], line: usize, step: i32, full: i32) -> bool {
    sums[line] += step;
    sums[line] == full
}

/// An empty cell of an n × n board whose every line is tallied (`Board::tallied_cell`), with
/// the parts of the board a stone there changes.
pub(crate) struct TalliedCell<'a> {
    empty: EmptyCell<'a>,
    /// The board's tallies: n rows, n columns, the two diagonals.
    sums: &'a mut [i32],
    placed: &'a mut u32,
    cell: u32,
    n: u32,
    row: u32,
    col: u32,
}

impl TalliedCell<'_> {
    /// The cell's index, row × n + col.
    #[inline(always)]
    pub(crate) fn cell(&self) -> u32 {
        self.cell
    }

    /// Puts `player`'s stone on the cell, as `Board::try_place` does: true when it completes
    /// a line. Every line spans the board, so a line is complete when its tally is ±n.
    #[inline(always)]
    pub(crate) fn place(self, player: Player) -> bool {
        self.empty.fill(player.stone());
        *self.placed += 1;
        let (n, row, col) = (self.n as usize, self.row as usize, self.col as usize);
        let step = if player == Player::X { 1 } else { -1 };
        let on_diagonals = [row == col, row + col + 1 == n];
        bump_lines(self.sums, [row, n + col], on_diagonals, step, [step * n as i32; 4])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(miri, ignore)] // large boards: arithmetic, not FFI
    fn tallies_are_kept_only_for_tallied_directions() {
        // Thin boards with k = the long side: one direction tallied, the other shares a slot.
        for (rows, cols, want) in [(1, 1 << 20, 4), (1 << 20, 1, 4), (2, 1 << 19, 5), (1 << 19, 2, 5)] {
            let tallies = Tallies::new(&Rules::new(rows, cols, rows.max(cols)).unwrap()).unwrap();
            assert_eq!(tallies.sums.len(), want, "{rows}x{cols}");
        }
        let tallies = Tallies::new(&Rules::new(100, 100, 100).unwrap()).unwrap();
        assert_eq!(tallies.sums.len(), 202);
        let tallies = Tallies::new(&Rules::new(100, 100, 5).unwrap()).unwrap();
        assert!(tallies.keeps_none());
    }
}
