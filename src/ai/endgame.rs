//! Exact play on boards too big for the bitboard solver, once few cells are left: negamax with
//! alpha-beta and a transposition table over a copy of the board (the same line test as every
//! move), taking a win on the spot, answering the opponent's threats first and calling a
//! position drawn once no window is open to either player, so that a nearly full 8 × 8 or
//! 4096 × 4096 board is solved instead of refused. Past [`MAX_EMPTY`] empty cells,
//! or past the node budget, the answer stays `TooHard`.

use super::budget::Meter;
use super::Solution;
use crate::board::Board;
use crate::error::Error;
use crate::fallible::try_filled;
use crate::game::Game;
use crate::rules::{Dir, Player, EMPTY};

/// The most empty cells this search takes on. The work grows steeply with the empty cells:
/// at 18 a late position of a big board is solved in about a second, and past it many run
/// out of budget, so such a position is refused at once rather than after seconds of work.
pub const MAX_EMPTY: usize = 18;
// The search keeps each player's stones as bits of a u32.
const _: () = assert!(MAX_EMPTY <= 32);

/// A win with the first move from the root scores `TOP - 1`, a win in N plies `TOP - N`.
const TOP: i32 = 1 << 20;

/// The side to move's moves as (cell, search value), in ascending cell order. With
/// `full_window` every value is exact; else each move is searched only to see whether it beats
/// the best so far, so the first move reaching the best value holds it exactly and a later
/// move may report anything up to the best so far while being worse (an upper bound).
/// `GameOver`; `TooHard` past `MAX_EMPTY` empty cells or once `meter` says the budget is spent.
fn root_moves(game: &Game, meter: Meter, full_window: bool) -> Result<Vec<(usize, i32)>, Error> {
    let mover = game.to_move().ok_or(Error::GameOver)?;
    let empty = game.rules().cells() - game.move_count();
    if empty > MAX_EMPTY {
        return Err(Error::TooHard);
    }
    let mut cells = Vec::new();
    cells.try_reserve_exact(empty)?;
    cells.extend(game.board().cells().iter().enumerate().filter(|&(_, c)| c == EMPTY).map(|(i, _)| i));
    let live = live_windows(game, &cells)?;
    let board = game.board().try_clone()?;
    // 3^empty positions at most (each cell empty, X or O).
    let bits = (empty as u32 * 3).div_ceil(2).clamp(4, TABLE_BITS);
    let table = try_filled(Slot { key: 0, value: 0, bound: Bound::None }, 1 << bits)?;
    let mut search = Search { board, cells, live, stones: [0; 2], table, meter };
    let mut out = Vec::new();
    out.try_reserve_exact(empty)?;
    let mut alpha = -TOP;
    for i in 0..empty {
        let v = search.value_of(i, mover, 1, if full_window { -TOP } else { alpha }, TOP)?;
        alpha = alpha.max(v);
        out.push((search.cells[i], v));
    }
    Ok(out)
}

/// The best move: the fastest win, else a draw, else the slowest loss (the lowest such cell).
pub fn best(game: &Game, meter: Meter) -> Result<Solution, Error> {
    let moves = root_moves(game, meter, false)?;
    let top = moves.iter().map(|&(_, v)| v).max().ok_or(Error::GameOver)?;
    let &(cell, v) = moves.iter().find(|&&(_, v)| v == top).ok_or(Error::GameOver)?;
    Ok(Solution { cell, score: score(v), steps: 0 })
}

/// The cells of every move that keeps the position's value (see `ai::optimal_moves`).
pub fn optimal(game: &Game, meter: Meter) -> Result<Vec<usize>, Error> {
    let moves = root_moves(game, meter, true)?;
    let value = moves.iter().map(|&(_, v)| v.signum()).max().ok_or(Error::GameOver)?;
    let mut cells = Vec::new();
    cells.try_reserve_exact(moves.len())?;
    cells.extend(moves.iter().filter(|&&(_, v)| value < 0 || v.signum() == value).map(|&(c, _)| c));
    Ok(cells)
}

/// `Solution::score` of a search value: +N for a win N plies from now, -N for a loss.
fn score(v: i32) -> i32 {
    match v {
        0 => 0,
        v if v > 0 => TOP - v,
        v => -(TOP + v),
    }
}

/// A k-window a player could still fill at the root: the root's empty cells in it (bits of
/// `Search::cells`) and who could fill it (a window with stones of one player is that
/// player's; one without stones is both players').
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Live {
    empties: u32,
    /// Indexed by player - 1.
    open_to: [bool; 2],
}

/// Every distinct live window through the root's empty `cells` (ascending board indices).
/// Walks the line through each empty cell in each direction once, k - 1 cells each way, so
/// a 4096 × 4096 board with k = 4096 costs a few million steps, not the board.
fn live_windows(game: &Game, cells: &[usize]) -> Result<Vec<Live>, Error> {
    let (rules, board) = (game.rules(), game.board());
    let (rows, cols, k) = (i64::from(rules.rows()), i64::from(rules.cols()), i64::from(rules.k()));
    let mut out: Vec<Live> = Vec::new();
    for &cell in cells {
        let (row, col) = rules.row_col(cell);
        for dir in Dir::ALL {
            let (dr, dc) = dir.step();
            let at = |t: i64| (i64::from(row) + t * dr, i64::from(col) + t * dc);
            let inside = |(r, c): (i64, i64)| r >= 0 && c >= 0 && r < rows && c < cols;
            // The stretch of the line within k - 1 cells of `cell`, as offsets lo..=hi.
            let lo = -(1..k).take_while(|&t| inside(at(-t))).last().unwrap_or(0);
            let hi = (1..k).take_while(|&t| inside(at(t))).last().unwrap_or(0);
            // Counts of X and O stones, and the empty cells, over a sliding window of k.
            // (Every empty cell of the board is in `cells`, so the search always finds it; an
            // empty cell entering the window and later leaving it toggles its bit twice.)
            let (mut count, mut empties) = ([0i64; 2], 0u32);
            let slide = |t: i64, sign: i64, count: &mut [i64; 2], empties: &mut u32| {
                let (r, c) = at(t);
                let index = (r * cols + c) as usize;
                match board.cells().get(index) {
                    EMPTY => *empties ^= 1 << cells.binary_search(&index).unwrap_or(0),
                    stone => count[usize::from(stone) - 1] += sign,
                }
            };
            for start in lo..=hi - k + 1 {
                if start == lo {
                    (lo..lo + k).for_each(|t| slide(t, 1, &mut count, &mut empties));
                } else {
                    slide(start - 1, -1, &mut count, &mut empties);
                    slide(start + k - 1, 1, &mut count, &mut empties);
                }
                let open_to = [count[1] == 0, count[0] == 0];
                let live = Live { empties, open_to };
                if open_to != [false; 2] && out.last() != Some(&live) {
                    out.try_reserve(1)?;
                    out.push(live);
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// What a transposition-table slot knows of a position's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    /// An empty slot.
    None,
    Exact,
    /// The value is at least this.
    Lower,
    /// The value is at most this.
    Upper,
}

/// A remembered search result. Positions are keyed by the search's stones alone: each has
/// as many stones as plies played, so it is always reached at the same ply and its value
/// (which counts plies from the root) is the same however it was reached.
#[derive(Clone, Copy, Debug)]
struct Slot {
    key: u64,
    value: i32,
    bound: Bound,
}

/// Slots in the table: at most 2^18 (4 MB); fewer when fewer positions can arise.
const TABLE_BITS: u32 = 18;

struct Search {
    board: Board,
    /// The cells that were empty at the root; bit i of `stones[p - 1]` is set while
    /// `cells[i]` holds player p's stone of the search.
    cells: Vec<usize>,
    live: Vec<Live>,
    stones: [u32; 2],
    table: Vec<Slot>,
    /// Counts the stones put down, the measure of the budget.
    meter: Meter,
}

impl Search {
    /// True when some window open to `player` at the root holds none of the other player's
    /// stones of the search.
    fn can_still_win(&self, player: Player) -> bool {
        let (p, theirs) = (player as usize - 1, self.stones[2 - player as usize]);
        self.live.iter().any(|w| w.open_to[p] && w.empties & theirs == 0)
    }

    /// Puts `player`'s stone on `cells[i]`: true when it completes a line.
    fn place(&mut self, i: usize, player: Player) -> Result<bool, Error> {
        if self.meter.spend(1) {
            return Err(Error::TooHard);
        }
        let (row, col) = self.board.rules().row_col(self.cells[i]);
        self.stones[player as usize - 1] |= 1 << i;
        self.board.try_place(row, col, player)
    }

    fn take(&mut self, i: usize) {
        let (row, col) = self.board.rules().row_col(self.cells[i]);
        self.stones = self.stones.map(|s| s & !(1 << i));
        self.board.remove(row, col);
    }

    /// True when `player`'s stone on `cells[i]` would complete a line.
    fn wins_at(&mut self, i: usize, player: Player) -> Result<bool, Error> {
        let won = self.place(i, player)?;
        self.take(i);
        Ok(won)
    }

    /// The value for `mover` of playing `cells[i]` as the move of ply `ply` (root moves are ply
    /// 1): `TOP - ply` when it wins at once, 0 for a draw, else minus the reply's value.
    fn value_of(&mut self, i: usize, mover: Player, ply: i32, alpha: i32, beta: i32) -> Result<i32, Error> {
        let won = self.place(i, mover)?;
        let v = if won {
            Ok(TOP - ply)
        } else if self.board.is_full() {
            Ok(0)
        } else {
            self.negamax(mover.other(), ply + 1, -beta, -alpha).map(|v| -v)
        };
        self.take(i);
        v
    }

    /// The value for `mover`, to make the move of ply `ply`, within (alpha, beta). A win on
    /// the spot ends the search of the node; so does a double threat of the opponent (one
    /// block cannot stop both); a single threat leaves the block as the only move.
    fn negamax(&mut self, mover: Player, ply: i32, mut alpha: i32, beta: i32) -> Result<i32, Error> {
        // Nobody able to fill a line any more is a draw; one side unable to is a bound.
        let [mine, theirs] = [mover, mover.other()].map(|p| self.can_still_win(p));
        if !mine && (!theirs || alpha >= 0) || !theirs && beta <= 0 {
            return Ok(0);
        }
        let key = u64::from(self.stones[0]) | u64::from(self.stones[1]) << 32;
        let slot = self.slot(key);
        let known = self.table[slot];
        if known.key == key {
            match known.bound {
                Bound::Exact => return Ok(known.value),
                Bound::Lower if known.value >= beta => return Ok(known.value),
                Bound::Upper if known.value <= alpha => return Ok(known.value),
                _ => {}
            }
        }
        let used = self.stones[0] | self.stones[1];
        let free = |used: u32, n: usize| (0..n).filter(move |&i| used & 1 << i == 0);
        let n = self.cells.len();
        for i in free(used, n) {
            if self.wins_at(i, mover)? {
                return Ok(TOP - ply);
            }
        }
        let mut block = None;
        for i in free(used, n) {
            if self.wins_at(i, mover.other())? {
                if block.is_some() {
                    return Ok(-(TOP - (ply + 1)));
                }
                block = Some(i);
            }
        }
        let (mut best, alpha_in) = (-TOP, alpha);
        for i in free(used, n) {
            if block.is_some_and(|b| b != i) {
                continue;
            }
            let v = self.value_of(i, mover, ply, alpha, beta)?;
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let bound = match best {
            b if b <= alpha_in => Bound::Upper,
            b if b >= beta => Bound::Lower,
            _ => Bound::Exact,
        };
        self.table[slot] = Slot { key, value: best, bound };
        Ok(best)
    }

    /// The table slot of a position key (a multiplicative hash).
    fn slot(&self, key: u64) -> usize {
        let bits = self.table.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Budget;
    use crate::game::Outcome;
    use crate::rules::Rules;
    use std::time::Instant;

    /// The endgame search against the bitboard solver (another implementation: bitboards,
    /// symmetry, its own table) on boards both can take, from positions with up to 16 empty
    /// cells: the best score, a best move the solver agrees on, and the optimal moves. 8 x 8
    /// and 10 x 6 are on the solver's 128-bit words.
    #[test]
    #[cfg_attr(miri, ignore)] // thousands of searches
    fn agrees_with_the_bitboard_solver_where_both_apply() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for (rows, cols, k, most_empty) in [
            (4, 4, 3, 16),
            (4, 4, 4, 16),
            (3, 5, 3, 15),
            (5, 5, 4, 14),
            (2, 7, 3, 14),
            (8, 8, 5, 14),
            (10, 6, 5, 12),
        ] {
            let rules = Rules::new(rows, cols, k).unwrap();
            let mut checked = 0;
            while checked < 40 {
                let empty = 1 + next(most_empty);
                let mut game = Game::new(rules).unwrap();
                while rules.cells() - game.move_count() > empty && game.outcome() == Outcome::Pending {
                    let moves: Vec<usize> = game.legal_cells().collect();
                    let (r, c) = rules.row_col(moves[next(moves.len())]);
                    game.play(r, c).unwrap();
                }
                if game.outcome() != Outcome::Pending {
                    continue;
                }
                let unlimited = Budget::nodes(u64::MAX);
                let want = super::super::solve_cell(&game, unlimited).unwrap();
                let got = best(&game, Meter::new(unlimited, Instant::now())).unwrap();
                assert_eq!(got.score, want.score, "{}", game.to_text());
                let optimal = super::super::optimal_cells(&game, unlimited).unwrap();
                assert!(optimal.contains(&got.cell), "{} plays {}", game.to_text(), got.cell);
                assert_eq!(
                    super::optimal(&game, Meter::new(unlimited, Instant::now())).unwrap(),
                    optimal,
                    "{}",
                    game.to_text()
                );
                checked += 1;
            }
        }
    }
}
