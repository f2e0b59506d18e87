//! Pairing strategies, the classic proof that a side cannot win an m,n,k-game: disjoint pairs
//! of cells such that every k-window holds both cells of some pair. A defender who answers
//! each stone the attacker puts on a pair with the other cell of that pair holds at least one
//! cell of every pair in the end, so the attacker never fills a window.
//!
//! The solver finds one pairing per board shape (when a short search finds one) and uses it as
//! a bound: in a position where the pairs are still whole for the defender, the attacker's best
//! is a draw. That settles boards whose k is large for their size (5,5,5, 7,8,8, 1,63,5, ...)
//! without searching them. It also looks for a pairing of what is left in a position (`Live`):
//! once the defender's stones have killed some windows, the rest often have one even where the
//! whole board has none (6,6,5, 4,4,4, ...).

use super::bitboard::{Bits, Word};
use crate::error::Error;
use crate::fallible::{try_copy, try_with_capacity};
use crate::rules::Rules;

mod memo;
mod room;
use memo::{Known, Memo};
use room::Lines;

/// The most backtracking steps spent looking for a pairing of neighbouring cells. Of the
/// shapes that fit the bitboard, those with one need at most 2,948 steps (8,6,6; most under
/// 30); the others are refuted within 150, except k = 6 on boards of 7 × 7 and more (4,000 to
/// 6,000 steps, about a millisecond: the budget cuts those short).
const NEIGHBOUR_STEPS: u32 = 3_500;

/// The most steps then spent on pairs of any two cells of a window: 5,5,5 has a pairing only
/// of those, found in 13 steps. A step costs more here (a window of k cells has k(k-1)/2 pairs
/// instead of k - 1), and no other shape that fits the bitboard gains from it.
const ANY_PAIR_STEPS: u32 = 50;

/// Disjoint pairs of cells (each a two-bit mask) with both cells of some pair in every window.
#[derive(Clone, Debug, Default)]
pub struct Pairing<W: Word> {
    pairs: Vec<W>,
}

impl<W: Word> Pairing<W> {
    /// A pairing of the windows `finder` was built for, or `None` when a short search finds
    /// none (the solver builds one finder per board and reuses it for `Live`). Pairs of
    /// neighbouring cells are tried first (the classic pairing strategies use them, and they
    /// keep the search small), then any two cells of a window.
    pub fn find(finder: &mut Finder<W>) -> Result<Option<Pairing<W>>, Error> {
        let all = finder.open_to(W::ZERO);
        for (any_two, steps) in [(false, NEIGHBOUR_STEPS), (true, ANY_PAIR_STEPS)] {
            if finder.run(&all, W::ZERO, any_two, steps) == Some(true) {
                return Ok(Some(Pairing { pairs: try_copy(&finder.chosen)? }));
            }
        }
        Ok(None)
    }

    /// True when the defender's pairing strategy keeps `attacker` from ever completing a
    /// window from this position (see `Blocked`).
    pub fn holds(&self, attacker: W, defender: W, defender_to_move: bool) -> bool {
        let mut rule = Blocked::new(defender_to_move);
        for &pair in &self.pairs {
            if !(pair & attacker).is_zero() {
                rule.see(if !(pair & defender).is_zero() {
                    Partner::Defender
                } else if pair & attacker == pair {
                    Partner::Attacker
                } else {
                    Partner::Empty
                });
                if !rule.holds() {
                    return false;
                }
            }
        }
        true
    }

    /// The pairs, each a two-bit mask.
    #[cfg(test)]
    pub fn pairs(&self) -> &[W] {
        &self.pairs
    }
}

/// The most backtracking steps spent when looking for a pairing in a position rather than on
/// the empty board, with pairs of any two cells of a window: it runs at many nodes of a
/// search, so it must be cheap, and a position it misses is searched as before (and, through
/// the memo, counted as having none). Most searches that find a pairing take one step per
/// pair with little backtracking (7,7,5: 10 to 17 steps), while most steps go to searches that
/// run out. Measured in steps from the empty board, with 20 / 25 / 30 / 35 steps a search:
/// 7,7,5 23.6M / 22.5M / 23.3M / 24.0M; with 25 against 35, 6,7,5 0.41M / 0.47M, 4,7,4
/// 1.04M / 1.03M, 5,5,4 78K / 82K. Pairs of neighbours first, as on the empty board, cost
/// steps here without shortening the proofs.
const LIVE_STEPS: u32 = 25;

/// The steps a pairing search gets beyond the pairs `room` shows it must pick. Without them a
/// board whose pairings need more pairs than [`LIVE_STEPS`] (two columns of 31 cells, k = 3:
/// 30 pairs) never finds one, and its proofs grow without bound; boards whose pairings need
/// fewer keep [`LIVE_STEPS`].
const PICK_SLACK: u32 = 10;

/// A pairing of what is left in a position: the windows the attacker can still fill (no
/// defender stone in them), with pairs of empty cells only. Then the attacker, to move, can
/// never complete a window (the defender answers each stone on a pair with its partner and
/// plays anywhere after any other), so the attacker's best is a draw. Found afresh for each
/// position asked about, with a small step budget.
pub struct Live<W: Word> {
    finder: Finder<W>,
    /// The last question and its answer: the solver often asks again at once (a move chosen
    /// because it blocks, then the position after it).
    last: (W, W, bool),
    /// The cells of the pairing that blocked the last position asked about, when one did.
    zone: W,
    /// Earlier answers, by the defender's stones.
    memo: Memo<W>,
}

impl<W: Word> Live<W> {
    /// Questions about positions of the board `finder` was built for.
    pub fn new(finder: Finder<W>) -> Live<W> {
        // No position has a cell of both sides.
        Live { finder, last: (W::bit(0), W::bit(0), false), zone: W::ZERO, memo: Memo::new() }
    }

    /// True when a pairing of empty cells blocks every window `attacker` can still fill
    /// against `defender`, the attacker to move (false also when the search ran out of
    /// steps).
    pub fn blocks(&mut self, attacker: W, defender: W) -> bool {
        if (attacker, defender) == (self.last.0, self.last.1) {
            return self.last.2;
        }
        let blocks = match self.memo.get(attacker, defender) {
            Known::Blocked(zone) => {
                self.zone = zone;
                true
            }
            Known::Open => false,
            Known::Unknown => {
                let live = self.finder.open_to(defender);
                let taken = attacker | defender;
                let blocks = self.finder.run(&live, taken, true, LIVE_STEPS) == Some(true);
                self.zone = self.finder.chosen.iter().fold(W::ZERO, |zone, &pair| zone | pair);
                self.memo.put(attacker, defender, blocks.then_some(self.zone));
                blocks
            }
        };
        self.last = (attacker, defender, blocks);
        blocks
    }

    /// True when the memo already knows that a pairing of empty cells blocks the position
    /// (`blocks` without a search).
    pub fn known(&mut self, attacker: W, defender: W) -> bool {
        let Known::Blocked(zone) = self.memo.get(attacker, defender) else { return false };
        (self.zone, self.last) = (zone, (attacker, defender, true));
        true
    }

    /// `blocks` for a position whose attacker stones include `newest` (one stone), asked
    /// first without it: what that answers holds for every position that differs only by
    /// the newest stone (see `memo`), so the positions after the attacker's other moves from
    /// the same position are then answered without a search.
    pub fn blocks_after(&mut self, attacker: W, defender: W, newest: W) -> bool {
        if !matches!(self.memo.get(attacker, defender), Known::Unknown) || newest.is_zero() {
            return self.blocks(attacker, defender);
        }
        if !self.blocks(attacker & !newest, defender) {
            // Remembered for fewer attacker stones, so the memo answers this too.
            return self.blocks(attacker, defender);
        }
        if (self.zone & newest).is_zero() {
            self.memo.put(attacker, defender, Some(self.zone));
            self.last = (attacker, defender, true);
            return true;
        }
        self.blocks(attacker, defender)
    }

    /// The cells of the pairs found by the last `blocks` that answered true: a position that
    /// differs from the one asked about only by attacker stones outside these cells is
    /// blocked by the same pairs (each live window still holds a whole pair of empty cells).
    pub fn zone(&self) -> W {
        self.zone
    }

    /// Backtracking steps taken so far, for the solver's budget: one costs about what a node
    /// does.
    pub fn steps(&self) -> u64 {
        self.finder.steps
    }
}

/// A pairing built by rule rather than searched for, for boards too big for the bitboard
/// (cells as row-major indices): where k is longer than the columns, or than the rows, the
/// only windows lie along the rows (columns), and every k >= 3 of them holds one of the pairs
/// of neighbours (0, 1), (2, 3), ...; and the n,n,n board for n >= 7, where a row pair, a
/// column pair and one pair per diagonal fit on cells of different diagonals (below).
#[derive(Clone, Copy, Debug)]
pub struct Built {
    cols: u32,
    rows: u32,
    kind: Kind,
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    Rows,
    Columns,
    /// n,n,n: with d = (col - row) mod n, row r pairs its cells at d = 1 and d = 2, column c
    /// its cells at d = n - 3 and d = n - 4 (rows c + 3 and c + 4, mod n), the main diagonal
    /// (0, 0) with (1, 1), and the anti-diagonal the two of its cells given here (rows), on
    /// none of those d.
    Square {
        anti: [u32; 2],
    },
}

impl Built {
    /// The pairing for `rules`, if it is one of the shapes above.
    pub fn for_rules(rules: Rules) -> Option<Built> {
        let (rows, cols, k) = (rules.rows(), rules.cols(), rules.k());
        let kind = if k >= 3 && k > rows {
            Kind::Rows
        } else if k >= 3 && k > cols {
            Kind::Columns
        } else if rows == cols && k == rows && k >= 7 {
            let n = k;
            let taken = [0, 1, 2, n - 3, n - 4];
            let mut free = (0..n).filter(|&r| !taken.contains(&((n - 1 + 2 * n - 2 * r) % n)));
            Kind::Square { anti: [free.next()?, free.next()?] }
        } else {
            return None;
        };
        Some(Built { rows, cols, kind })
    }

    /// The other cell of `cell`'s pair, or `None` when `cell` is on no pair.
    pub fn partner(&self, cell: usize) -> Option<usize> {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        let (r, c) = (cell / cols, cell % cols);
        let (r, c) = match self.kind {
            Kind::Rows => (r, c ^ 1),
            Kind::Columns => (r ^ 1, c),
            Kind::Square { anti } => {
                let n = rows;
                let anti = anti.map(|a| a as usize);
                match (c + n - r) % n {
                    _ if r + c == n - 1 && anti.contains(&r) => {
                        let other = anti[usize::from(anti[0] == r)];
                        (other, n - 1 - other)
                    }
                    0 if r <= 1 => (1 - r, 1 - c),
                    1 => (r, (r + 2) % n),
                    2 => (r, (r + 1) % n),
                    d if d == n - 3 => ((r + 1) % n, c),
                    d if d == n - 4 => ((r + n - 1) % n, c),
                    _ => return None,
                }
            }
        };
        (r < rows && c < cols).then_some(r * cols + c)
    }
}

/// What the other cell of a pair holds, for a pair with an attacker stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Partner {
    Defender,
    Empty,
    Attacker,
}

/// The pairing rule, the one place it is written: the defender's strategy keeps the attacker
/// from ever completing a window when every pair holding an attacker stone also holds a
/// defender stone, except, when the defender moves next, one pair whose other cell is still
/// empty (the defender's move takes it). Shown the partner of each attacker stone on a pair
/// (a pair with two attacker stones may be shown twice; it fails the rule either way).
pub struct Blocked {
    open: usize,
    broken: bool,
}

impl Blocked {
    pub fn new(defender_to_move: bool) -> Blocked {
        Blocked { open: usize::from(defender_to_move), broken: false }
    }

    pub fn see(&mut self, partner: Partner) {
        match partner {
            Partner::Defender => {}
            Partner::Empty if self.open > 0 => self.open -= 1,
            Partner::Empty | Partner::Attacker => self.broken = true,
        }
    }

    pub fn holds(&self) -> bool {
        !self.broken
    }
}

/// A set of windows, one bit each: up to 256 (a board of 64 bits has at most 4 × 64; larger
/// boards with more windows are not paired).
type Windows = [u64; 4];

/// The windows of `set`, in order.
fn members(set: Windows) -> impl Iterator<Item = usize> {
    (0..4).flat_map(move |i| Bits(set[i]).map(move |bit| 64 * i + bit as usize))
}

/// The pairing search over one board's windows, with what every search needs worked out once
/// (each window's candidate pairs and the windows each of them lies in) and its buffers
/// reserved once: the solver looks for a pairing at many nodes of its search (`Live`), so a
/// look allocates nothing and a step is a few word operations per window.
pub struct Finder<W: Word> {
    windows: Vec<W>,
    /// Per kind of pair (neighbours along a window, any two of its cells): how many
    /// candidates each window has, the candidates window by window, and the windows that
    /// hold each candidate whole.
    per_window: [usize; 2],
    candidates: [Vec<W>; 2],
    holding: [Vec<Windows>; 2],
    /// The windows line by line, for the quick test that there is no pairing (`room`).
    lines: Lines,
    /// The pairs chosen so far.
    chosen: Vec<W>,
    /// The options of every level being tried: (u32::MAX - windows it would cover, pair,
    /// candidate index).
    options: Vec<(u32, W, usize)>,
    /// Backtracking steps taken by all searches so far.
    steps: u64,
}

impl<W: Word> Finder<W> {
    /// For `windows` (masks, at most 256), with each window's cells in order along it in
    /// `cells` (one-bit masks, k per window); `None` when k < 2 (a single stone makes a
    /// line) or there is no window.
    pub fn new(windows: &[W], cells: &[W]) -> Result<Option<Finder<W>>, Error> {
        let k = cells.len().checked_div(windows.len()).unwrap_or(0);
        if k < 2 || windows.len() > 256 {
            return Ok(None);
        }
        let per_window = [k - 1, k * (k - 1) / 2];
        // The windows through each cell: a pair lies whole in those through both its cells.
        let mut through = W::per_bit([0u64; 4]);
        let through = through.as_mut();
        for (v, &mask) in windows.iter().enumerate() {
            for (bit, set) in through.iter_mut().enumerate() {
                if mask.has(bit as u32) {
                    set[v / 64] |= 1 << (v % 64);
                }
            }
        }
        let (mut candidates, mut holding) = ([Vec::new(), Vec::new()], [Vec::new(), Vec::new()]);
        for kind in 0..2 {
            candidates[kind] = try_with_capacity(windows.len() * per_window[kind])?;
            holding[kind] = try_with_capacity(windows.len() * per_window[kind])?;
            for w in cells.chunks_exact(k) {
                for i in 0..k {
                    for j in i + 1..if kind == 1 { k } else { (i + 2).min(k) } {
                        let (a, b) = (
                            &through[w[i].trailing_zeros() as usize],
                            &through[w[j].trailing_zeros() as usize],
                        );
                        candidates[kind].push(w[i] | w[j]);
                        holding[kind].push(std::array::from_fn(|x| a[x] & b[x]));
                    }
                }
            }
        }
        Ok(Some(Finder {
            lines: Lines::new(cells, k)?,
            windows: try_copy(windows)?,
            per_window,
            candidates,
            holding,
            // Disjoint pairs of a board of `W::BITS` bits: at most half as many.
            chosen: try_with_capacity(W::BITS as usize / 2)?,
            // Each level of the search stacks the options of one window; pairs are disjoint,
            // so there are at most `W::BITS / 2` levels, and no more than there are windows.
            options: try_with_capacity(per_window[1] * windows.len().min(W::BITS as usize / 2))?,
            steps: 0,
        }))
    }

    /// The windows with no cell of `defender`: those its opponent can still fill.
    pub fn open_to(&self, defender: W) -> Windows {
        let mut set = [0; 4];
        for (w, &mask) in self.windows.iter().enumerate() {
            if (mask & defender).is_zero() {
                set[w / 64] |= 1 << (w % 64);
            }
        }
        set
    }

    /// Looks for disjoint pairs, none touching a cell of `taken`, with both cells of a pair
    /// in each window of `live`. The pairs are neighbours along a window, or with `any_two`
    /// any two of its cells. `Some(true)` when found (the pairs are then in `chosen`),
    /// `Some(false)` when there are none, `None` when `max_steps` backtracking steps did not
    /// tell. A search takes a step per pair it picks, so where `room` shows that more pairs
    /// than `max_steps` are needed, it gets [`PICK_SLACK`] steps more than that many.
    pub fn run(&mut self, live: &Windows, taken: W, any_two: bool, max_steps: u32) -> Option<bool> {
        self.chosen.clear();
        self.options.clear();
        let Some(needed) = self.lines.room(&self.windows, live, taken) else {
            // One step: the test costs about what a step of the search does.
            self.steps += 1;
            return Some(false);
        };
        let max_steps = max_steps.max(needed as u32 + PICK_SLACK);
        let kind = usize::from(any_two);
        let mut search = Search { finder: self, kind, uncovered: *live, used: taken, steps: 0, max_steps };
        let found = search.run();
        let steps = search.steps;
        self.steps += u64::from(steps);
        found
    }
}

/// A depth-first search for a pairing: take the window with the fewest candidate pairs still
/// free, try each of them (those completing the most other windows first).
struct Search<'a, W: Word> {
    finder: &'a mut Finder<W>,
    /// 0 for pairs of neighbours, 1 for any two cells of a window.
    kind: usize,
    /// The windows no chosen pair lies in yet.
    uncovered: Windows,
    /// Cells of the chosen pairs, and those to avoid.
    used: W,
    steps: u32,
    max_steps: u32,
}

impl<W: Word> Search<'_, W> {
    /// The candidate indices of window `w`.
    fn slots(&self, w: usize) -> std::ops::Range<usize> {
        let n = self.finder.per_window[self.kind];
        w * n..(w + 1) * n
    }

    /// `Some(true)` when a pairing was completed, `Some(false)` when there is none from
    /// here, `None` when out of steps.
    fn run(&mut self) -> Option<bool> {
        self.steps += 1;
        if self.steps > self.max_steps {
            return None;
        }
        let Some(w) = self.tightest() else {
            return Some(true);
        };
        // This level's options go on top of the shared stack, best first.
        let base = self.finder.options.len();
        for slot in self.slots(w) {
            let pair = self.finder.candidates[self.kind][slot];
            if (pair & self.used).is_zero() {
                let held = self.finder.holding[self.kind][slot];
                let gain: u32 = (0..4).map(|i| (held[i] & self.uncovered[i]).count_ones()).sum();
                // Reserved for every level in `Finder::new`, so this never grows the vector.
                self.finder.options.push((u32::MAX - gain, pair, slot));
            }
        }
        self.finder.options[base..].sort_unstable();
        for i in base..self.finder.options.len() {
            let (_, pair, slot) = self.finder.options[i];
            let (uncovered, held) = (self.uncovered, self.finder.holding[self.kind][slot]);
            self.uncovered = std::array::from_fn(|i| uncovered[i] & !held[i]);
            self.used |= pair;
            self.finder.chosen.push(pair);
            match self.run() {
                Some(false) => {
                    self.uncovered = uncovered;
                    self.used ^= pair;
                    self.finder.chosen.pop();
                }
                found => return found,
            }
        }
        self.finder.options.truncate(base);
        Some(false)
    }

    /// The uncovered window with the fewest free candidates, or `None` when all are covered.
    fn tightest(&self) -> Option<usize> {
        let mut best: Option<(usize, usize)> = None;
        for w in members(self.uncovered) {
            let free = if self.kind == 1 {
                // Every two cells of a window are a candidate, so the free ones are the pairs
                // of its free cells: counted without looking at them.
                let f = (self.finder.windows[w] & !self.used).count_ones() as usize;
                f * f.saturating_sub(1) / 2
            } else {
                let candidates = &self.finder.candidates[self.kind][self.slots(w)];
                candidates.iter().filter(|&&pair| (pair & self.used).is_zero()).count()
            };
            if best.is_none_or(|(_, f)| free < f) {
                best = Some((w, free));
                if free == 0 {
                    break;
                }
            }
        }
        best.map(|(w, _)| w)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ai::bitboard::Geometry;
    use crate::rules::Rules;
    use std::collections::HashMap;

    /// Every k-window of `rules` on its bitboard: the masks, and each window's cells in order.
    pub(crate) fn windows(rules: Rules) -> (Vec<u64>, Vec<u64>) {
        let geo = Geometry::<u64>::new(rules).unwrap();
        let (mut masks, mut cells) = (Vec::new(), Vec::new());
        for w in index_windows(rules.rows() as usize, rules.cols() as usize, rules.k() as usize) {
            let bits: Vec<u64> = w.iter().map(|&cell| 1 << geo.bit(cell)).collect();
            masks.push(bits.iter().fold(0, |m, b| m | b));
            cells.extend(bits);
        }
        (masks, cells)
    }

    /// Every bit of `part` is in `whole`.
    fn within(part: u64, whole: u64) -> bool {
        part & !whole == 0
    }

    fn shapes_that_fit() -> impl Iterator<Item = Rules> {
        (1..=64u32).flat_map(|rows| {
            (1..=64u32)
                .filter(move |cols| rows * (cols + 1) <= 64)
                .flat_map(move |cols| (1..=rows.max(cols)).map(move |k| Rules::new(rows, cols, k).unwrap()))
        })
    }

    #[test]
    #[cfg_attr(miri, ignore)] // every shape that fits the bitboard
    fn every_pairing_found_is_one() {
        let mut found = Vec::new();
        for rules in shapes_that_fit() {
            let (masks, cells) = windows(rules);
            let Some(pairing) =
                Finder::new(&masks, &cells).unwrap().and_then(|mut f| Pairing::find(&mut f).unwrap())
            else {
                continue;
            };
            let mut used = 0u64;
            for &pair in pairing.pairs() {
                assert_eq!(pair.count_ones(), 2, "{rules:?}");
                assert_eq!(used & pair, 0, "pairs overlap on {rules:?}");
                used |= pair;
            }
            for &w in &masks {
                assert!(pairing.pairs().iter().any(|&p| within(p, w)), "a window of {rules:?} holds no pair");
            }
            found.push((rules.rows(), rules.cols(), rules.k()));
        }
        // Shapes known to have one (the boards the solver could not prove drawn without it),
        // and shapes known to be won by the first player, which cannot have one.
        for shape in
            [(5, 5, 5), (6, 6, 6), (7, 7, 7), (8, 7, 7), (7, 8, 8), (1, 63, 5), (1, 20, 3), (2, 31, 4)]
        {
            assert!(found.contains(&shape), "no pairing found for {shape:?}");
        }
        for shape in [(3, 3, 2), (4, 4, 3), (3, 4, 3), (5, 6, 4), (1, 8, 2)] {
            assert!(!found.contains(&shape), "a pairing for {shape:?}, which the first player wins");
        }
    }

    /// Every k-window of a rows x cols board, as row-major cell indices.
    fn index_windows(rows: usize, cols: usize, k: usize) -> impl Iterator<Item = Vec<usize>> {
        let dirs = [(0i64, 1i64), (1, 0), (1, 1), (1, -1)];
        (0..rows * cols).flat_map(move |start| {
            let (r, c) = ((start / cols) as i64, (start % cols) as i64);
            dirs.into_iter().filter_map(move |(dr, dc)| {
                let (er, ec) = (r + (k as i64 - 1) * dr, c + (k as i64 - 1) * dc);
                let fits = er < rows as i64 && ec >= 0 && ec < cols as i64;
                fits.then(|| {
                    (0..k as i64).map(|i| ((r + i * dr) * cols as i64 + c + i * dc) as usize).collect()
                })
            })
        })
    }

    /// A built pairing is one: `partner` pairs cells two by two (never a cell with itself),
    /// and every window holds both cells of a pair.
    fn check_built(rows: u32, cols: u32, k: u32) {
        let rules = Rules::new(rows, cols, k).unwrap();
        let built =
            Built::for_rules(rules).unwrap_or_else(|| panic!("no pairing built for {rows},{cols},{k}"));
        let cells = rules.cells();
        for cell in 0..cells {
            if let Some(other) = built.partner(cell) {
                assert!(other < cells && other != cell, "{rows},{cols},{k}: {cell} -> {other}");
                assert_eq!(
                    built.partner(other),
                    Some(cell),
                    "{rows},{cols},{k}: not an involution at {cell}"
                );
            }
        }
        for w in index_windows(rows as usize, cols as usize, k as usize) {
            // A window's cells ascend (every direction's step is positive), so search it.
            let whole = w.iter().any(|&x| built.partner(x).is_some_and(|y| w.binary_search(&y).is_ok()));
            assert!(whole, "{rows},{cols},{k}: window {w:?} holds no pair");
        }
    }

    #[test]
    #[cfg_attr(miri, ignore)] // thousands of windows per board
    fn built_pairings_are_pairings() {
        for n in (7..=40).chain([101, 4096]) {
            check_built(n, n, n);
        }
        check_built(2, 4096, 4096);
        for (rows, cols) in [(1, 3), (1, 40), (2, 9), (3, 4), (4, 30), (7, 8), (1, 200)] {
            for k in (rows + 1).max(3)..=cols {
                check_built(rows, cols, k);
                check_built(cols, rows, k);
            }
        }
    }

    /// Can `attacker` (to move when `attacker_to_move`) force a completed window, playing
    /// against a defender whose own completed window ends the game? Plain memoized minimax.
    fn attacker_wins(
        masks: &[u64],
        all: u64,
        a: u64,
        d: u64,
        a_moves: bool,
        memo: &mut HashMap<(u64, u64, bool), bool>,
    ) -> bool {
        if let Some(&v) = memo.get(&(a, d, a_moves)) {
            return v;
        }
        let empty = all & !(a | d);
        let line = |b: u64| masks.iter().any(|&w| within(w, b));
        let mut v = !a_moves; // no move: the defender's "every reply" holds, the attacker's "some move" fails
        for bit in 0..64 {
            if empty & 1 << bit == 0 {
                continue;
            }
            let win = if a_moves {
                let a = a | 1 << bit;
                line(a) || attacker_wins(masks, all, a, d, false, memo)
            } else {
                let d = d | 1 << bit;
                !line(d) && attacker_wins(masks, all, a, d, true, memo)
            };
            if win == a_moves {
                v = win;
                break;
            }
        }
        if empty == 0 {
            v = false;
        }
        memo.insert((a, d, a_moves), v);
        v
    }

    /// Every position of `rules` (attacker's stones, defender's; any counts) where neither
    /// side has a line of `masks`.
    pub(crate) fn positions_without_a_line(
        rules: Rules,
        masks: &[u64],
    ) -> impl Iterator<Item = (u64, u64)> + '_ {
        let geo = Geometry::<u64>::new(rules).unwrap();
        let bits: Vec<u32> = (0..rules.cells()).map(|c| geo.bit(c)).collect();
        let line = |b: u64| masks.iter().any(|&w| within(w, b));
        (0..3u64.pow(bits.len() as u32))
            .map(move |code| {
                let (mut a, mut d, mut x) = (0u64, 0u64, code);
                for &b in &bits {
                    match x % 3 {
                        1 => a |= 1 << b,
                        2 => d |= 1 << b,
                        _ => {}
                    }
                    x /= 3;
                }
                (a, d)
            })
            .filter(move |&(a, d)| !line(a) && !line(d))
    }

    /// Wherever `holds` says the pairing blocks the attacker, plain minimax agrees that the
    /// attacker cannot force a line: every position (any stone counts) of small shapes that
    /// have a pairing.
    #[test]
    #[cfg_attr(miri, ignore)] // hundreds of thousands of positions
    fn holds_only_where_the_attacker_cannot_win() {
        for (rows, cols, k) in [(1, 7, 3), (2, 4, 3), (3, 4, 4), (1, 9, 4), (2, 6, 4)] {
            let rules = Rules::new(rows, cols, k).unwrap();
            let geo = Geometry::<u64>::new(rules).unwrap();
            let (masks, cells) = windows(rules);
            let pairing = Finder::new(&masks, &cells)
                .unwrap()
                .and_then(|mut f| Pairing::find(&mut f).unwrap())
                .expect("these shapes have a pairing");
            let (mut memo, mut held) = (HashMap::new(), 0);
            for (a, d) in positions_without_a_line(rules, &masks) {
                for defender_to_move in [false, true] {
                    if pairing.holds(a, d, defender_to_move) {
                        held += 1;
                        assert!(
                            !attacker_wins(&masks, geo.all(), a, d, !defender_to_move, &mut memo),
                            "{rules:?}: holds, yet the attacker wins: attacker {a:#x}, defender {d:#x}, defender to move {defender_to_move}"
                        );
                    }
                }
            }
            assert!(held > 0);
        }
    }

    /// Wherever `Live::blocks` (or `blocks_after`, or their memo) finds a pairing of what is
    /// left, plain minimax agrees that the attacker cannot force a line, whoever moves first,
    /// even when given every empty cell off the pairing's zone: every position of small
    /// shapes, most of which have no pairing of the whole board.
    #[test]
    #[cfg_attr(miri, ignore)] // hundreds of thousands of positions
    fn live_blocks_only_where_the_attacker_cannot_win() {
        for (rows, cols, k) in [(3, 3, 3), (3, 4, 3), (4, 3, 3), (3, 4, 4), (2, 6, 4), (1, 9, 4), (2, 5, 3)] {
            let rules = Rules::new(rows, cols, k).unwrap();
            let geo = Geometry::<u64>::new(rules).unwrap();
            let (masks, cells) = windows(rules);
            let mut live = Live::new(Finder::new(&masks, &cells).unwrap().unwrap());
            let (mut memo, mut blocked, mut open) = (HashMap::new(), 0, 0);
            for (a, d) in positions_without_a_line(rules, &masks).filter(|&(a, d)| a | d != geo.all()) {
                // Every other position is asked through `blocks_after`, its newest attacker
                // stone the highest, so that both ways fill and read the memo.
                let after = (a ^ d).count_ones() % 2 == 1 && a != 0;
                let newest = if after { 1 << (63 - a.leading_zeros()) } else { 0 };
                if !(if after { live.blocks_after(a, d, newest) } else { live.blocks(a, d) }) {
                    open += 1;
                    continue;
                }
                blocked += 1;
                // The zone's promise: with every empty cell off it given to the attacker, the
                // attacker still has no line and cannot make one.
                let saturated = a | (geo.all() & !(a | d) & !live.zone());
                assert!(!masks.iter().any(|&w| within(w, saturated)), "{rules:?}: zone of a {a:#x} d {d:#x}");
                for (a, attacker_to_move) in [(a, true), (a, false), (saturated, true)] {
                    assert!(
                        !attacker_wins(&masks, geo.all(), a, d, attacker_to_move, &mut memo),
                        "{rules:?}: blocked, yet the attacker wins: attacker {a:#x}, defender {d:#x}, attacker to move {attacker_to_move}"
                    );
                }
            }
            // Both answers occur, so the check above is not empty.
            assert!(blocked > 0 && open > 0, "{rules:?}: {blocked} blocked, {open} not");
        }
    }

    /// The quick test (`room`) never turns away a position that has a pairing of what is
    /// left, found by the search with no step limit (pairs of any two cells, which include
    /// neighbours), nor counts more pairs needed than the pairing found has; and it does turn
    /// some away. Random positions of boards up to 7 x 7.
    #[test]
    #[cfg_attr(miri, ignore)] // thousands of exhaustive pairing searches
    fn room_never_turns_away_a_pairing() {
        let mut rng = crate::ai::rng::Rng::new(11);
        for (rows, cols, k) in [(4, 4, 4), (4, 5, 4), (2, 6, 4), (5, 5, 4), (6, 6, 5), (7, 7, 5)] {
            let rules = Rules::new(rows, cols, k).unwrap();
            let geo = Geometry::<u64>::new(rules).unwrap();
            let (masks, cells) = windows(rules);
            let mut finder = Finder::new(&masks, &cells).unwrap().unwrap();
            let (mut found, mut turned_away) = (0, 0);
            for _ in 0..2000 {
                let (mut a, mut d) = (0u64, 0u64);
                for i in 0..rng.below(rules.cells() / 2) {
                    let empty: Vec<u32> = Bits(geo.all() & !(a | d)).collect();
                    let bit = 1 << empty[rng.below(empty.len())];
                    if i % 2 == 0 {
                        a |= bit;
                    } else {
                        d |= bit;
                    }
                }
                let (live, taken) = (finder.open_to(d), a | d);
                let needed = finder.lines.room(&finder.windows, &live, taken);
                let room = needed.is_some();
                finder.chosen.clear();
                finder.options.clear();
                let mut search = Search {
                    finder: &mut finder,
                    kind: 1,
                    uncovered: live,
                    used: taken,
                    steps: 0,
                    max_steps: u32::MAX,
                };
                if search.run() == Some(true) {
                    found += 1;
                    assert!(room, "{rules:?}: a {a:#x} d {d:#x} has a pairing");
                    let pairs = finder.chosen.len();
                    assert!(
                        needed <= Some(pairs),
                        "{rules:?}: a {a:#x} d {d:#x}: {pairs} pairs, {needed:?} needed"
                    );
                }
                turned_away += usize::from(!room);
            }
            assert!(found > 0, "{rules:?}");
            if rules.cells() > 20 {
                assert!(turned_away > 0, "{rules:?}");
            }
        }
    }
}
