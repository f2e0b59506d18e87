//! The search for gomoku-like games (k from 4 to 6, boards up to 64 × 64): a principal
//! variation search over the pattern board (`pattern::Board`), with iterative deepening, a
//! transposition table, killer and history ordering, and threat checks.
//!
//! Moves at a node are the empty cells near stones, rated by what they make for the mover
//! (attack) plus what they deny the opponent (defence), and pruned only where the position
//! allows nothing else: a five is played; against a four, only its block; against a threat
//! to make an open four (an open three), only the cells that break it and the mover's own
//! fours; otherwise the best-rated few. A forced block does not use up depth, and a threat of
//! an open four is answered a few plies past the horizon (`THREAT_PLIES`). At the root the
//! mover's win by fours (`vcf`) and by threats (`threats::winning_move`) are played when found,
//! and moves after which the opponent has a win by fours are set aside.

mod root;
mod tt;
mod vcf;

use std::time::Instant;

use super::pattern::{table, Board, Level};
use crate::game::Game;

pub(crate) use root::search;

/// A win now is worth `WIN - plies`, so that faster wins score higher.
const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses.
const WON: i32 = WIN - 1000;
/// Deepest line searched, forced replies included.
const MAX_PLY: usize = 60;
/// Moves searched at a quiet node, best-rated first.
const BEAM: usize = 12;
/// The side to move's patterns weigh `TEMPO / 4` of the opponent's in the evaluation.
const TEMPO: i32 = 5;
/// History counts (up to 4,096) are divided by `2^HISTORY_SHIFT` before they join a move's
/// rating: they break ties among cells the patterns rate alike (ratings run to about 900)
/// instead of outweighing the patterns when a quiet node picks its `BEAM` moves.
const HISTORY_SHIFT: u32 = 4;
/// Nodes between looks at the clock.
const CLOCK_EVERY: u64 = 64;
/// Plies past the horizon that a side facing a threat of an open four still answers it.
const THREAT_PLIES: i32 = 4;

/// Whether this search plays `game`: k between 4 and 6 and sides of at most 64.
pub(crate) fn applies(game: &Game) -> bool {
    let rules = game.rules();
    (table::MIN_K..=table::MAX_K).contains(&rules.k()) && rules.rows() <= 64 && rules.cols() <= 64
}

/// One search's state.
struct Searcher {
    board: Board,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    aborted: bool,
    tt: tt::Table,
    killers: [[u16; 2]; MAX_PLY + 1],
    /// Per side and cell: how often the move caused a cut, weighted by depth.
    history: [Vec<u32>; 2],
    /// Move lists per ply (and per four of `vcf`), kept to reuse their memory; each is
    /// given room for `room` moves before use, so that the search never allocates as it goes.
    lists: Vec<Vec<(usize, i32)>>,
    vcf_lists: Vec<Vec<(usize, Level)>>,
    room: usize,
    /// An allocation failed: the search stopped, and its caller answers `OutOfMemory`.
    out_of_memory: bool,
    /// Set when `vcf` stopped a line at its limit of fours.
    vcf_cut: bool,
}

impl Searcher {
    /// The list at `at` of `lists`, taken out with room for every move (put it back with
    /// `put_list`); `None`, the search stopped, when that room could not be had.
    fn take_list<T>(lists: &mut [Vec<T>], at: usize, room: usize, failed: &mut bool) -> Option<Vec<T>> {
        let mut list = std::mem::take(&mut lists[at]);
        list.clear();
        if list.try_reserve(room).is_err() {
            *failed = true;
            return None;
        }
        Some(list)
    }

    /// Counts a node; true when the budget is spent (and from then on).
    fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.max_nodes
            || (self.nodes.is_multiple_of(CLOCK_EVERY) && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The static value for `side` to move: its patterns count a quarter more than the
    /// opponent's, since it plays first.
    fn eval(&self, side: u8) -> i32 {
        self.board.total(side) * TEMPO / 4 - self.board.total(3 - side)
    }

    /// The cells where `side` reaches `level` exactly.
    fn cells_at(&self, side: u8, level: Level) -> impl Iterator<Item = usize> + '_ {
        self.board.candidates().filter(move |&c| self.board.level(c, side) == level)
    }

    /// Fills `out` with the moves worth searching for `side`, rated, best first; `beam`
    /// limits a quiet node's list.
    fn moves(&self, side: u8, beam: usize, out: &mut Vec<(usize, i32)>) {
        out.clear();
        let (b, opp) = (&self.board, 3 - side);
        let rate = |c: usize| {
            b.rating(c, side)
                + b.rating(c, opp)
                + (self.history[usize::from(side - 1)][c] >> HISTORY_SHIFT) as i32
        };
        if b.count(opp, Level::Five) > 0 {
            out.extend(self.cells_at(opp, Level::Five).map(|c| (c, rate(c))));
            return;
        }
        if b.count_at_least(opp, Level::DoubleFour) > 0 {
            // The opponent threatens an open four: break the line of the threat (a cell where
            // the opponent would make a four or more) or play a four first.
            out.extend(
                b.candidates()
                    .filter(|&c| {
                        b.level(c, side) >= Level::Four
                            || (0..4).any(|d| b.class(c, d, opp) >= table::Class::Four)
                    })
                    .map(|c| (c, rate(c))),
            );
            out.sort_unstable_by_key(|&(c, r)| (-r, c));
            return;
        }
        out.extend(b.candidates().map(|c| (c, rate(c))));
        // Only the best `beam` are kept: pick them, then sort those alone.
        if out.len() > beam {
            out.select_nth_unstable_by_key(beam, |&(c, r)| (-r, c));
            out.truncate(beam);
        }
        out.sort_unstable_by_key(|&(c, r)| (-r, c));
    }

    /// The value of the position for `side` to move at `ply`, searched `depth` plies deep.
    fn negamax(&mut self, side: u8, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let opp = 3 - side;
        let p = ply as i32;
        if self.board.count(side, Level::Five) > 0 {
            return WIN - (p + 1);
        }
        let fours = self.board.count(opp, Level::Five);
        if fours >= 2 {
            return -(WIN - (p + 2));
        }
        // An open four (or two fours) to play, and no four of the opponent's to delay it.
        if fours == 0
            && self.board.count_at_least(side, Level::DoubleFour) > 0
            && self.board.count_at_least(opp, Level::Four) == 0
        {
            return WIN - (p + 3);
        }
        if self.board.empties() == 0 {
            return 0;
        }
        let forced = fours == 1;
        // Past the horizon a threat of an open four is still answered (the answers are few):
        // the static value would miss that the threat wins, or that it can be met.
        let threatened = depth > -THREAT_PLIES && self.board.count_at_least(opp, Level::DoubleFour) > 0;
        if (depth <= 0 && !forced && !threatened) || ply >= MAX_PLY {
            return self.eval(side);
        }
        let key = self.board.hash() ^ u64::from(side).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut tt_move = None;
        if let Some(e) = self.tt.get(key) {
            tt_move = (e.best != u16::MAX).then_some(usize::from(e.best));
            if i32::from(e.depth) >= depth {
                let v = from_tt(e.value, p);
                match e.bound {
                    tt::Bound::Exact => return v,
                    tt::Bound::Lower if v >= beta => return v,
                    tt::Bound::Upper if v <= alpha => return v,
                    _ => {}
                }
            }
        }
        let Some(mut list) = Self::take_list(&mut self.lists, ply, self.room, &mut self.out_of_memory) else {
            self.aborted = true;
            return 0;
        };
        self.moves(side, if depth >= 3 { BEAM } else { BEAM * 2 / 3 }, &mut list);
        self.order(&mut list, tt_move, ply);
        let (alpha0, mut best, mut best_move) = (alpha, -WIN, None);
        for (i, &(cell, _)) in list.iter().enumerate() {
            self.board.make(cell, side);
            let spent = self.spend();
            let next = if forced { depth } else { depth - 1 };
            let mut v = 0;
            if !spent {
                v = if i == 0 {
                    -self.negamax(opp, next, -beta, -alpha, ply + 1)
                } else {
                    let probe = -self.negamax(opp, next, -alpha - 1, -alpha, ply + 1);
                    if probe > alpha && probe < beta && !self.aborted {
                        -self.negamax(opp, next, -beta, -alpha, ply + 1)
                    } else {
                        probe
                    }
                };
            }
            self.board.unmake(cell);
            if self.aborted {
                break;
            }
            if v > best {
                (best, best_move) = (v, Some(cell));
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                self.reward(side, cell, depth, ply);
                break;
            }
        }
        self.lists[ply] = list;
        if self.aborted {
            return 0;
        }
        if best_move.is_none() {
            return self.eval(side);
        }
        let bound = if best >= beta {
            tt::Bound::Lower
        } else if best > alpha0 {
            tt::Bound::Exact
        } else {
            tt::Bound::Upper
        };
        self.tt.put(key, to_tt(best, p), best_move, depth, bound);
        best
    }

    /// Puts the table's move first, then the killers, the rest as rated.
    fn order(&self, list: &mut [(usize, i32)], tt_move: Option<usize>, ply: usize) {
        let killers = self.killers[ply];
        for (cell, rating) in list.iter_mut() {
            if Some(*cell) == tt_move {
                *rating = i32::MAX;
            } else if killers.contains(&(*cell as u16)) {
                *rating = rating.saturating_add(1 << 13);
            }
        }
        list.sort_unstable_by_key(|&(c, r)| (-(r as i64), c));
    }

    /// A move that caused a cut: a killer at this ply, and history for its side.
    fn reward(&mut self, side: u8, cell: usize, depth: i32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != cell as u16 {
            k[1] = k[0];
            k[0] = cell as u16;
        }
        let h = &mut self.history[usize::from(side - 1)][cell];
        *h = (*h + (depth * depth).max(1) as u32).min(1 << 12);
    }
}

/// A value for the table: a win's distance counted from this node rather than the root.
fn to_tt(v: i32, ply: i32) -> i32 {
    if v > WON {
        v + ply
    } else if v < -WON {
        v - ply
    } else {
        v
    }
}

fn from_tt(v: i32, ply: i32) -> i32 {
    if v > WON {
        v - ply
    } else if v < -WON {
        v + ply
    } else {
        v
    }
}
