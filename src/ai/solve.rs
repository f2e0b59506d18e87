//! The exact solver: negamax with alpha-beta on bitboards, a transposition table shared by all
//! symmetric positions, threat-forced moves, bounds from pairing strategies (`super::pairing`),
//! and a budget (nodes, and optionally wall-clock time) that makes it always return.
//!
//! Scores inside the search are absolute: a win whose final move is the P-th stone on the board
//! is worth `cells + 1 - P` to the winner and minus that to the loser; a draw is 0. So a value
//! depends only on the position (never on the path to it), the transposition table can store
//! it as is, and "fastest win, slowest loss" is simply "largest value".

use super::bitboard::{Bits, Geometry, Word};
use super::budget::Meter;
use super::pairing::{Finder, Live, Pairing};
use super::rng::Rng;
use super::symmetry::permutations;
use super::table::Table;
use super::tt::{Bound, Entry, TransTable};
use crate::error::Error;
use crate::fallible::{try_collect, try_filled};
use crate::game::Game;
use crate::rules::{Dir, Rules};

#[cfg(test)]
mod both_words;
mod dominance;
mod fours;
#[cfg(test)]
mod optimal_check;
mod zones;
pub use zones::certify::Step;
use zones::{NumberTable, Proof, ZoneTable};

/// A position to solve: the stones of the side to move and of its opponent.
#[derive(Clone, Copy, Debug)]
pub struct Root<W: Word> {
    pub me: W,
    pub opp: W,
}

impl<W: Word> Root<W> {
    /// The number of empty cells.
    pub fn empty(&self, geo: &Geometry<W>) -> u32 {
        (geo.all() & !(self.me | self.opp)).count_ones()
    }

    /// The position of `game` for its side to move, on the game's board or, when only that
    /// fits a bitboard, on its transpose; `GameOver` when it is finished, `TooHard` when
    /// neither fits.
    pub fn of(game: &Game) -> Result<(Frame<W>, Root<W>), Error> {
        let mover = game.to_move().ok_or(Error::GameOver)?;
        let frame = Frame::of(game.rules()).ok_or(Error::TooHard)?;
        let (geo, board) = (&frame.geo, game.board());
        let b = match frame.transposed {
            false => geo.boards(board.cells().iter()),
            true => geo.boards((0..geo.rules().cells()).map(|cell| {
                let (col, row) = geo.rules().row_col(cell);
                board.cell(row, col)
            })),
        };
        let me = b[mover as usize - 1];
        Ok((frame, Root { me, opp: b[2 - mover as usize] }))
    }
}

/// The word a board is solved on: 64 bits when the board or its transpose fits them, else
/// 128 bits when one of them fits those (8 x 8 takes 72 bits, 10 x 10 110).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    Narrow,
    Wide,
}

impl Width {
    /// The word for `rules`, or `None` when neither the board nor its transpose fits 128 bits.
    pub fn of(rules: Rules) -> Option<Width> {
        if Frame::<u64>::of(rules).is_some() {
            Some(Width::Narrow)
        } else {
            Frame::<u128>::of(rules).map(|_| Width::Wide)
        }
    }
}

/// The solver's bitboard and how it lies on the game's board: as it is, or transposed (rows
/// and columns swapped) when only the transpose fits a word. 3 x 20 fits and 20 x 3 does
/// not (a padding bit per row), yet the two are one game up to that reflection, so both are
/// solved: a transpose maps lines to lines in every direction, and k stays.
pub struct Frame<W: Word> {
    pub geo: Geometry<W>,
    transposed: bool,
}

impl<W: Word> Frame<W> {
    /// The frame for `rules`, or `None` when neither the board nor its transpose fits.
    pub fn of(rules: Rules) -> Option<Frame<W>> {
        if let Some(geo) = Geometry::new(rules) {
            return Some(Frame { geo, transposed: false });
        }
        let flipped = Rules::new(rules.cols(), rules.rows(), rules.k()).ok()?;
        Geometry::new(flipped).map(|geo| Frame { geo, transposed: true })
    }

    /// The game's row-major cell index of a solver bit.
    pub fn cell(&self, bit: u32) -> usize {
        let cell = self.geo.cell(bit);
        if !self.transposed {
            return cell;
        }
        // The solver's (row, col) is the game's (col, row); the game has the solver's rows as
        // its columns.
        let (col, row) = self.geo.rules().row_col(cell);
        row as usize * self.geo.rules().rows() as usize + col as usize
    }
}

/// From this many empty cells on, moves are ordered by `Solver::potential`; nearer the end
/// the static order is cheaper than scoring.
const DYNAMIC_ORDER: u32 = 8;

/// Below this many empty cells a re-search is cheaper than a transposition-table lookup (a
/// cache miss), so those nodes skip the table.
const SHALLOW: u32 = 3;

/// Positions with at most this many empty cells, on boards of more than `SMALL_BOARD` cells,
/// are solved without looking for a pairing strategy (`Pairing`).
const LATE: u32 = 10;
const SMALL_BOARD: usize = 16;

/// Positions with fewer empty cells are not given a pairing search of their own (`Live`):
/// near the end the plain search is cheaper. Measured from the empty board when it was chosen
/// (ms, 12 against 8 and 16): 4,4,4 0.65 / 0.68 / 4.1, 5,5,4 142 / 183 / 240, 4,7,4 1,940 /
/// 1,760 / 5,140.
const LIVE_MIN_EMPTY: u32 = 12;

/// The nodes of the alpha-beta search tried before the proofs with relevance zones: small
/// boards and quick wins end within it. Measured in nodes from the empty board, alpha-beta
/// against zones: 4,5,4 35K / 8K, 6,6,5 19K / 5K, 5,5,4 550K / 142K, 6,7,5 3.7M / 1.8M,
/// 4,7,4 8.4M / 2.1M; on won boards the zones' proof of the win comes on top of the
/// alpha-beta search for its length (7,6,4: 20.3M / 23.1M).
const FIRST_LOOK: u64 = 1 << 12;

/// `blocking_move_first` looks only with more than this many empty cells, while at least one
/// look in `PROBE_RATIO` finds a move (the first `PROBE_WARMUP` always run). The looks pay
/// for themselves many times over on drawn boards (6,7,5, 7,7,5); where the opponent wins
/// they rarely find a move, and the bar keeps them from multiplying the search's cost.
const PROBE_MIN_EMPTY: u32 = LIVE_MIN_EMPTY + 8;
const PROBE_RATIO: u64 = 2;
const PROBE_WARMUP: u64 = 64;

/// The steps `wins` gives the zone proof before the proof-number search (`zones::dfpn`) takes
/// over. A step costs about the same time in both, and the zone proof needs far fewer on most
/// positions; where it runs long, on a won board such as 4,9,4, it is mostly proving that the
/// attacker's wrong moves fail, which the proof-number search leaves unfinished. Measured in
/// steps from the empty board, zones against proof numbers alone: 5,6,4 4.9K / 0.36M, 7,6,4
/// 14K / 4.4M, 5,5,4 69K / 0.48M, 4,7,4 0.97M / 2.6M, 4,8,4 12.3M / 41.9M; 4,9,4 more than 2^28
/// against 120.3M after the hand-over.
const ZONES_FIRST: u64 = 1 << 24;

/// The zones' defender tries first the `BLOCKERS` answers that a pairing of what was left
/// found to block most recently at the same depth, and runs at most `BLOCKING_SEARCHES`
/// pairing searches a node (a node where the first few answers tried find no pairing seldom
/// has one further down the list). Measured in steps from the empty board of 7,7,5 (answers
/// the memo already knows tried first in each): the moves in their order alone 21.5M; with
/// the recent answers first 16.2M; with both 11.9M (3, 4, 5, 6, 10, 20 searches: 12.6M,
/// 12.0M, 11.9M, 11.9M, 12.5M, 14.2M).
const BLOCKERS: usize = 4;
const BLOCKING_SEARCHES: u32 = 6;
const NO_BIT: u8 = u8::MAX;

/// One search: tables built for a board shape plus the node budget.
pub struct Solver<'g, W: Word> {
    geo: &'g Geometry<W>,
    /// The complete 3,3,3 table, which replaces the search (and its tables) when it applies.
    table: Option<&'static Table>,
    /// `cells + 1`: the value of winning with the first stone.
    top: i32,
    cells: i32,
    /// Bits in the order moves are tried at the root: cells on the most k-windows first.
    order: Vec<u32>,
    /// Each bit's place in `order`.
    rank: W::PerBit<u8>,
    /// Every k-window as a mask, and the windows through each bit.
    windows: Vec<W>,
    through: Vec<Vec<u16>>,
    /// A pairing strategy for the board, when one was found: see `limits`.
    pairing: Option<Pairing<W>>,
    /// Pairings of what is left in a position, looked for where they pay (see `negamax`).
    live: Option<Live<W>>,
    /// How often `blocking_move_first` looked, and how often it found a move.
    probes: u64,
    probe_hits: u64,
    /// Per count of stones on the board: the defender's answers that a pairing of what was
    /// left found to block most recently, newest first (`NO_BIT` where there is none yet).
    blockers: [[u8; BLOCKERS]; 129],
    /// Per count of stones on the board: the attacker's move that won most recently there.
    winners: [u8; 129],
    /// The zones' defender's answer that held most recently at the root of `optimal`'s proofs
    /// (`NO_BIT` where none has yet), and how many stones are on the board there.
    held: u8,
    held_depth: usize,
    /// Few windows (at most one per two cells): a side that only needs a draw tries blocks
    /// before its own lines among equally promising moves (see `ordered`).
    block_first: bool,
    /// Per symmetry s and bit b: `zob[s * W::BITS + b]` = keys of the image of b, per stone colour.
    zob: Vec<[u64; 2]>,
    /// Per symmetry: bit -> image bit, and image bit -> bit.
    fwd: Vec<W::PerBit<u8>>,
    back: Vec<W::PerBit<u8>>,
    tt: TransTable,
    /// Proofs with relevance zones (`zones`), allocated when a search uses them.
    zones: Option<ZoneTable<W>>,
    /// Proof and disproof numbers of the proof-number search (`zones::dfpn`), allocated when a
    /// search uses it.
    numbers: Option<NumberTable>,
    /// The steps `wins` gives the zone proof (`ZONES_FIRST`; tests lower it).
    zones_first: u64,
    meter: Meter,
    aborted: bool,
    /// A node count at which a search stops early (`aborted`, and `capped` to tell it from
    /// the budget running out).
    cap: u64,
    capped: bool,
}

/// A node: the side to move's stones, the other side's, and one hash per symmetry.
#[derive(Clone, Copy)]
struct Node<W: Word> {
    me: W,
    opp: W,
    /// Stone colour (0/1) of the side to move, for the hash keys.
    colour: usize,
    stones: i32,
    hash: [u64; 8],
}

impl<'g, W: Word> Solver<'g, W> {
    /// Tables for searching positions of `geo`'s board with at most `empty` empty cells; the
    /// search stops (`TooHard`) once `meter` says the budget is spent.
    pub fn new(geo: &'g Geometry<W>, meter: Meter, empty: u32) -> Result<Solver<'g, W>, Error> {
        let rules = geo.rules();
        let cells = rules.cells();
        let mut solver = Solver {
            geo,
            table: Table::for_rules(rules),
            top: cells as i32 + 1,
            cells: cells as i32,
            order: try_collect((0..cells).map(|c| geo.bit(c)))?,
            rank: W::per_bit(0),
            windows: Vec::new(),
            through: Vec::new(),
            pairing: None,
            live: None,
            probes: 0,
            probe_hits: 0,
            blockers: [[NO_BIT; BLOCKERS]; 129],
            winners: [NO_BIT; 129],
            held: NO_BIT,
            held_depth: usize::MAX,
            block_first: false,
            zob: Vec::new(),
            fwd: Vec::new(),
            back: Vec::new(),
            tt: TransTable::new(1)?,
            zones: None,
            numbers: None,
            zones_first: ZONES_FIRST,
            meter,
            aborted: false,
            cap: u64::MAX,
            capped: false,
        };
        if solver.table.is_none() {
            solver.build_tables(empty)?;
        }
        Ok(solver)
    }

    /// Move order, symmetry hash keys and the transposition table.
    fn build_tables(&mut self, empty: u32) -> Result<(), Error> {
        let (geo, rules) = (self.geo, self.geo.rules());
        // A cell lies on at most k windows per direction, and a board has at most one window
        // per cell and direction.
        self.through = try_filled(Vec::new(), W::BITS as usize)?;
        for through in &mut self.through {
            through.try_reserve_exact(4 * rules.k() as usize)?;
        }
        self.windows.try_reserve_exact(4 * rules.cells())?;
        // Each window's cells in order, for the pairing search.
        let mut cells_in_order = Vec::new();
        cells_in_order.try_reserve_exact(4 * rules.cells() * rules.k() as usize)?;
        for cell in 0..rules.cells() {
            for dir in Dir::ALL {
                if let Some(cells) = window(rules, cell, dir) {
                    let mask = cells.clone().fold(W::ZERO, |m, c| m | W::bit(geo.bit(c)));
                    for c in cells {
                        self.through[geo.bit(c) as usize].push(self.windows.len() as u16);
                        cells_in_order.push(W::bit(geo.bit(c)));
                    }
                    self.windows.push(mask);
                }
            }
        }
        // Late on a big board the search is small and a pairing rarely still whole, while
        // looking for one costs up to a millisecond: skip it there.
        let look = empty > LATE || rules.cells() <= SMALL_BOARD;
        // Live is asked only below a root with more than LIVE_MIN_EMPTY empty cells (see
        // negamax). One finder serves both.
        let live = empty > LIVE_MIN_EMPTY;
        if let Some(mut finder) =
            if look || live { Finder::new(&self.windows, &cells_in_order)? } else { None }
        {
            if look {
                self.pairing = Pairing::find(&mut finder)?;
            }
            self.live = live.then(|| Live::new(finder));
        }

        self.block_first = self.windows.len() * 2 <= rules.cells();

        // Static order: cells on the most k-windows first (the centre of the board).
        // Ties stay in cell order (an unstable sort needs no buffer, so it cannot fail).
        let mut order = try_collect(0..rules.cells())?;
        order.sort_unstable_by_key(|&c| (std::cmp::Reverse(self.through[geo.bit(c) as usize].len()), c));
        self.order = try_collect(order.iter().map(|&c| geo.bit(c)))?;
        for (i, &b) in self.order.iter().enumerate() {
            self.rank.as_mut()[b as usize] = i as u8;
        }

        let mut rng = Rng::new(0x7ac7_ac70_e5a1_7e5d);
        let keys: W::PerBit<[u64; 2]> = W::per_bit([0; 2]);
        let mut keys = keys;
        keys.as_mut().iter_mut().for_each(|k| *k = [rng.next_u64(), rng.next_u64()]);
        let perms = permutations(rules)?;
        let bits = W::BITS as usize;
        self.zob = try_filled([0; 2], bits * perms.len())?;
        self.fwd.try_reserve_exact(perms.len())?;
        self.back.try_reserve_exact(perms.len())?;
        for (s, perm) in perms.iter().enumerate() {
            let (mut f, mut b) = (W::per_bit(0u8), W::per_bit(0u8));
            for (cell, &image) in perm.iter().enumerate() {
                let (from, to) = (geo.bit(cell), geo.bit(image));
                f.as_mut()[from as usize] = to as u8;
                b.as_mut()[to as usize] = from as u8;
                self.zob[s * bits + from as usize] = keys.as_ref()[to as usize];
            }
            self.fwd.push(f);
            self.back.push(b);
        }

        // Small searches need small tables (and clearing a big one would cost more than the
        // search): 2^empty entries within 2^10 ..= 2^21 (16 MiB), and no more than the budget
        // allows nodes. (Sized by the board instead, a late position of a big board would
        // clear a big table for a search of a few thousand nodes.)
        self.tt = TransTable::new(self.tt_entries(empty))?;
        Ok(())
    }

    /// Entries of a table for positions with `empty` empty cells under the meter's budget.
    fn tt_entries(&self, empty: u32) -> usize {
        let by_position = 1u64 << empty.clamp(10, 21);
        // Clamped first: a budget near u64::MAX has no next power of two.
        self.meter.reach().clamp(1 << 10, by_position).next_power_of_two() as usize
    }

    fn root_node(&self, root: Root<W>) -> Node<W> {
        let stones = (root.me | root.opp).count_ones() as i32;
        // Colour 0 is whoever placed the first stone; with an even count that is the mover.
        let colour = (stones % 2) as usize;
        let mut node = Node { me: root.me, opp: root.opp, colour, stones, hash: [0; 8] };
        for (bits, c) in [(root.me, colour), (root.opp, 1 - colour)] {
            for b in Bits(bits) {
                self.toggle(&mut node.hash, b, c);
            }
        }
        node
    }

    fn toggle(&self, hash: &mut [u64; 8], bit: u32, colour: usize) {
        for (s, h) in hash.iter_mut().enumerate().take(self.fwd.len()) {
            *h ^= self.zob[s * W::BITS as usize + bit as usize][colour];
        }
    }

    fn play(&self, node: &Node<W>, bit: u32) -> Node<W> {
        let mut hash = node.hash;
        self.toggle(&mut hash, bit, node.colour);
        Node {
            me: node.opp,
            opp: node.me | W::bit(bit),
            colour: 1 - node.colour,
            stones: node.stones + 1,
            hash,
        }
    }

    /// Converts an absolute value at a position with `stones` stones to the API's score:
    /// +N / -N = win / loss with the game ending N plies from now, 0 = draw.
    fn to_score(&self, value: i32, stones: i32) -> i32 {
        match value.signum() {
            1 => self.top - value - stones,
            -1 => -(self.top + value - stones),
            _ => 0,
        }
    }

    /// The best move (a bit) and the exact score of `root`: the fastest win, else a draw,
    /// else the slowest loss. Proves win/draw/loss with a narrow window first, then the
    /// distance only when the position is not a draw.
    pub fn best(&mut self, root: Root<W>) -> Result<(u32, i32), Error> {
        let node = self.root_node(root);
        let empty = self.geo.all() & !(root.me | root.opp);
        let wins = self.geo.win_cells(root.me) & empty;
        if !wins.is_zero() {
            return Ok((wins.trailing_zeros(), 1));
        }
        let (value, bit) = match self.value(&node)? {
            // A win the proofs settled: its length by a search for each length in turn.
            (1, None) => self.fastest_win(&node)?,
            (0, Some(bit)) => (0, bit),
            (value, bit) => {
                // A loss the proofs settled is searched again with a window of win, draw or
                // loss first: the exact search needs that search's table entries.
                let value = if bit.is_none() { self.root_search(&node, -1, 1)?.0 } else { value };
                let (lo, hi) = if value > 0 { (0, self.top) } else { (-self.top, 0) };
                self.root_search(&node, lo, hi)?
            }
        };
        Ok((bit, self.to_score(value, node.stones)))
    }

    /// The value and a move of the fastest win of `node`, which is won: a null-window search
    /// per length of win, shortest first, until one finds a win that fast. A search for a
    /// win within P stones cuts every line longer than that at once (`limits`), so the
    /// searches that fail stay shallow, and each leaves its bounds in the table for the next.
    /// After a proof with zones this takes a fraction of the steps of proving the win again
    /// by alpha-beta with a window of win, draw or loss and then searching the full window
    /// (the table's `7,6,4` row).
    fn fastest_win(&mut self, node: &Node<W>) -> Result<(i32, u32), Error> {
        // Ours are the 1st, 3rd, ... stones to come; a win takes at least two of them (none
        // wins at once).
        let mut last = node.stones + 3;
        while last <= self.cells {
            let value = self.top - last;
            let (v, bit) = self.root_search(node, value - 1, value)?;
            if v >= value {
                return Ok((v, bit));
            }
            last += 2;
        }
        // Not reached for a won position; the full window settles any other.
        self.root_search(node, 0, self.top)
    }

    /// Whether a side wins `root` against any defence: the side to move (`mover`), else the
    /// other side. The threaded solver (`super::parallel`) asks these questions of the
    /// positions after each move on threads of their own.
    pub fn wins(&mut self, root: Root<W>, mover: bool) -> Result<bool, Error> {
        if self.table.is_some() {
            let (_, score) = self.best(root)?;
            return Ok(if mover { score > 0 } else { score < 0 });
        }
        let node = self.root_node(root);
        self.zone_table(self.tt_entries(root.empty(self.geo)))?;
        let (a, d, colour) = match mover {
            true => (node.me, node.opp, node.colour),
            false => (node.opp, node.me, 1 - node.colour),
        };
        let pos = self.pos(a, d, colour);
        self.cap = self.meter.used().saturating_add(self.zones_first);
        let proof = if mover { self.attack(&pos, colour) } else { self.defend(&pos, colour).0 };
        self.cap = u64::MAX;
        if !std::mem::take(&mut self.capped) {
            self.check()?;
            return Ok(proof.is_win());
        }
        // The zone proof ran long: the proof-number search takes over with the rest of the
        // budget, and the zones' memory.
        self.aborted = false;
        self.zones = None;
        self.numbers = Some(NumberTable::new(self.number_entries(root.empty(self.geo)))?);
        self.dfpn(&pos, mover, colour).ok_or(Error::TooHard)
    }

    /// Entries of the proof-number search's table for positions with `empty` empty cells: one
    /// per 8 steps the budget allows, at most 2^empty, within 2^10 ..= 2^23 (192 MiB).
    fn number_entries(&self, empty: u32) -> usize {
        let by_position = 1u64 << empty.clamp(10, 23);
        (self.meter.reach() / 8).clamp(1 << 10, by_position).next_power_of_two() as usize
    }

    /// Every move (as bits) that keeps the value of `root`: any winning move when it is won,
    /// any drawing move when it is drawn, every move when it is lost. One proof per class of
    /// moves that a symmetry of the position maps onto each other: the class shares its value.
    pub fn optimal(&mut self, root: Root<W>) -> Result<Vec<u32>, Error> {
        let node = self.root_node(root);
        let empty = self.geo.all() & !(root.me | root.opp);
        let wins = self.geo.win_cells(root.me) & empty;
        let value = if !wins.is_zero() { 1 } else { self.value(&node)?.0 };
        let fixed = self.fixing(root);
        self.held_depth = node.stones as usize + 1;
        let mut kept = W::ZERO;
        for bit in Bits(empty) {
            let first = self.first_twin(&fixed, bit);
            let keeps = if first != bit {
                kept.has(first)
            } else {
                value < 0 || wins.has(bit) || self.keeps(&node, value, bit)?
            };
            if keeps {
                kept |= W::bit(bit);
            }
        }
        let mut out = Vec::new();
        out.try_reserve_exact(kept.count_ones() as usize)?;
        out.extend(Bits(kept));
        Ok(out)
    }

    /// Which of the board's symmetries map `root`'s stones onto themselves: each maps a move
    /// to one of the same value.
    fn fixing(&self, root: Root<W>) -> [bool; 8] {
        std::array::from_fn(|s| {
            s < self.fwd.len() && {
                let image = |b: W| Self::map_zone(b, &self.fwd[s]);
                image(root.me) == root.me && image(root.opp) == root.opp
            }
        })
    }

    /// The lowest bit that one of the symmetries `fixed` maps `bit` to.
    fn first_twin(&self, fixed: &[bool; 8], bit: u32) -> u32 {
        let images = self.fwd.iter().zip(fixed).filter(|(_, &f)| f);
        images.map(|(fwd, _)| u32::from(fwd.as_ref()[bit as usize])).fold(bit, u32::min)
    }

    /// Whether the move `bit` keeps `value` (a win or a draw) of `node`: a win is kept when we
    /// still win with the opponent to move, a draw when the opponent cannot win.
    fn keeps(&mut self, node: &Node<W>, value: i32, bit: u32) -> Result<bool, Error> {
        let keeps = match (self.zones.is_some(), value > 0) {
            (true, true) => {
                let pos = self.pos(node.me | W::bit(bit), node.opp, node.colour);
                self.defend(&pos, node.colour).0.is_win()
            }
            (true, false) => {
                let pos = self.pos(node.opp, node.me | W::bit(bit), 1 - node.colour);
                !self.attack(&pos, 1 - node.colour).is_win()
            }
            // The move keeps a win if the reply is lost (<= -1), a draw if it is <= 0.
            (false, won) => {
                let threshold = if won { -1 } else { 0 };
                self.negamax(&self.play(node, bit), threshold, threshold + 1) <= threshold
            }
        };
        self.check()?;
        Ok(keeps)
    }

    /// The value of `node` (where the side to move cannot win at once) as far as win, draw or
    /// loss (1, 0, -1), and a move that keeps it where the proof gives one: by alpha-beta
    /// when it ends within `FIRST_LOOK` nodes, else by proofs with relevance zones (`zones`),
    /// which give the move of a draw but not of a win or a loss.
    fn value(&mut self, node: &Node<W>) -> Result<(i32, Option<u32>), Error> {
        let searched = |answer: (i32, u32)| (answer.0, Some(answer.1));
        if self.table.is_some() {
            return self.root_search(node, -1, 1).map(searched);
        }
        // A short alpha-beta search first: it settles small boards and quick wins at once,
        // and its table entries are what the exact search after a loss needs (cold, that
        // search can take millions of nodes over a loss in three).
        self.cap = self.meter.used().saturating_add(FIRST_LOOK);
        let first = self.root_search(node, -1, 1);
        self.cap = u64::MAX;
        if !std::mem::take(&mut self.capped) {
            return first.map(searched);
        }
        self.aborted = false;
        let empty = self.geo.all() & !(node.me | node.opp);
        self.zone_table(self.tt_entries(empty.count_ones()))?;
        let colour = node.colour;
        let proof = self.attack(&self.pos(node.me, node.opp, colour), colour);
        self.check()?;
        if proof.is_win() {
            return Ok((1, None));
        }
        let (proof, bit) = self.defend(&self.pos(node.opp, node.me, 1 - colour), 1 - colour);
        self.check()?;
        Ok(match proof {
            Proof::Win(_) => (-1, None),
            Proof::Hold(_) => (0, Some(bit)),
        })
    }

    /// The steps taken so far (nodes, and pairing searches' steps).
    pub fn steps(&self) -> u64 {
        self.meter.used()
    }

    fn check(&self) -> Result<(), Error> {
        if self.aborted {
            Err(Error::TooHard)
        } else {
            Ok(())
        }
    }

    /// Searches every root move (none wins at once) in `(alpha, beta)`; returns the best value
    /// and the first move reaching it.
    fn root_search(&mut self, node: &Node<W>, mut alpha: i32, beta: i32) -> Result<(i32, u32), Error> {
        let empty = self.geo.all() & !(node.me | node.opp);
        let (mut best, mut best_bit) = (i32::MIN, u32::MAX);
        for i in 0..self.order.len() {
            let bit = self.order[i];
            if !empty.has(bit) {
                continue;
            }
            let v = -self.negamax(&self.play(node, bit), -beta, -alpha);
            self.check()?;
            if v > best {
                (best, best_bit) = (v, bit);
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        Ok((best, best_bit))
    }

    /// The value of `node` in fail-soft alpha-beta. A window within [-1, 1] asks only for
    /// win/draw/loss: then cells where neither side can ever make a line are not tried (such
    /// a move is a pass, and in an m,n,k-game a pass is never better than a stone, since an
    /// extra stone never hurts), and the result is clamped to -1/0/1 because the pruning may
    /// change the length of a win, never its sign.
    fn negamax(&mut self, node: &Node<W>, mut alpha: i32, mut beta: i32) -> i32 {
        if self.meter.spend(1) {
            self.aborted = true;
        } else if self.meter.used() > self.cap {
            (self.aborted, self.capped) = (true, true);
        }
        if self.aborted {
            return 0;
        }
        if let Some(table) = self.table {
            return table.value(node.me.low(), node.opp.low());
        }
        let empty = self.geo.all() & !(node.me | node.opp);
        let threats = match self.decided(node, empty) {
            Ok(threats) => threats,
            Err(value) => return value,
        };
        let wdl = alpha >= -1 && beta <= 1;
        let reach = self.reach(node, empty);
        let (lo, hi) = self.limits(node, threats, reach);
        if lo >= hi || hi <= alpha {
            return hi;
        }
        if lo >= beta {
            return lo;
        }
        if let Some(value) = self.live_pairing_cuts(node, empty, (lo, hi), (alpha, beta)) {
            return value;
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);

        let deep = empty.count_ones() >= SHALLOW;
        let (key, sym) = self.canonical(node);
        let mut tt_move = None;
        if let Some(e) = if deep { self.tt.get(key) } else { None } {
            match e.bound {
                Bound::Exact => return e.value,
                Bound::Lower => alpha = alpha.max(e.value),
                Bound::Upper => beta = beta.min(e.value),
            }
            if alpha >= beta {
                return e.value;
            }
            tt_move = Some(u32::from(self.back[sym].as_ref()[e.best as usize]));
        }

        let moves = match threats {
            none if none.is_zero() && wdl => empty & (reach[0] | reach[1]),
            none if none.is_zero() => empty,
            forced => forced,
        };
        let mut list = W::per_bit(0u32);
        let n = self.ordered(node, moves, tt_move, self.block_first && beta <= 0, &mut list);
        if beta <= 0 {
            self.blocking_move_first(node, empty, &mut list.as_mut()[..n]);
        }
        let (mut best, best_bit) = self.best_child(node, &list.as_ref()[..n], alpha, beta);
        if self.aborted {
            return 0;
        }
        if wdl {
            best = best.signum();
        }
        if deep {
            let bound = if best <= alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let best_bit = u32::from(self.fwd[sym].as_ref()[best_bit as usize]);
            self.tt.put(key, Entry { value: best, bound, best: best_bit });
        }
        best
    }

    /// The value of a position that needs no search (`Err`): a full board (draw), a win for
    /// the side to move in one, or two threats of the opponent's (one can be blocked, not
    /// both). Else (`Ok`) the opponent's threats, the cells where it would complete a line.
    /// The opponent's threats are computed only once our own win is ruled out.
    fn decided(&self, node: &Node<W>, empty: W) -> Result<W, i32> {
        let p = node.stones;
        if empty.is_zero() {
            return Err(0);
        }
        if !(self.geo.win_cells(node.me) & empty).is_zero() {
            return Err(self.top - (p + 1));
        }
        let threats = self.geo.win_cells(node.opp) & empty;
        if threats.count_ones() >= 2 {
            return Err(-(self.top - (p + 2)));
        }
        Ok(threats)
    }

    /// The cells of k-windows each side could still fill: the side to move's, then the
    /// opponent's. A side with none can no longer win.
    fn reach(&self, node: &Node<W>, empty: W) -> [W; 2] {
        [self.geo.reach(node.me | empty), self.geo.reach(node.opp | empty)]
    }

    /// Bounds on the value before any search (lowest, highest). The side to move cannot win
    /// before its next move; the opponent cannot win before its next one (or the one after,
    /// with no threat now); and a side that can no longer fill any k-window cannot win at all.
    fn limits(&self, node: &Node<W>, threats: W, reach: [W; 2]) -> (i32, i32) {
        let p = node.stones;
        let mut hi = if p + 3 <= self.cells { self.top - (p + 3) } else { 0 };
        let mut lo = match (!threats.is_zero(), p + 4 <= self.cells) {
            (true, _) => -(self.top - (p + 2)),
            (false, true) => -(self.top - (p + 4)),
            (false, false) => 0,
        };
        // Neither can a side whose every remaining chance the other side's pairing strategy
        // blocks (the opponent, the defender there, moves after us).
        let blocked = |attacker, defender, defender_to_move| {
            self.pairing.as_ref().is_some_and(|p: &Pairing<W>| p.holds(attacker, defender, defender_to_move))
        };
        if reach[0].is_zero() || blocked(node.me, node.opp, false) {
            hi = hi.min(0);
        }
        if reach[1].is_zero() || blocked(node.opp, node.me, true) {
            lo = lo.max(0);
        }
        (lo, hi)
    }

    /// A cutoff found by a pairing of the windows a side can still fill (`Live`): 0 when
    /// the side to move cannot win and a draw already fails low (`alpha >= 0`), or when the
    /// opponent cannot win and a draw already fails high (`beta <= 0`). Only where it can cut
    /// and only early (`LIVE_MIN_EMPTY`): each look costs up to a few hundred pairing steps.
    fn live_pairing_cuts(
        &mut self,
        node: &Node<W>,
        empty: W,
        (lo, hi): (i32, i32),
        (alpha, beta): (i32, i32),
    ) -> Option<i32> {
        let live = self.live.as_mut()?;
        if empty.count_ones() < LIVE_MIN_EMPTY {
            return None;
        }
        // The opponent, the defender for the first question, moves after us; for the second
        // we are the defender and move first, which only helps.
        let before = live.steps();
        let cuts = (hi > 0 && alpha >= 0 && live.blocks(node.me, node.opp))
            || (lo < 0 && beta <= 0 && live.blocks(node.opp, node.me));
        // The steps count against the node budget, which must bound the time of a search.
        self.meter.add(live.steps() - before);
        cuts.then_some(0)
    }

    /// For a side to move that needs only a draw: moves to the front of `moves` the first of
    /// them after which a pairing of what is left blocks the opponent (`Live`), so that the
    /// search tries first a move that ends the question at once. Only early in the game
    /// (`PROBE_MIN_EMPTY`) and while such looks pay (`PROBE_RATIO`); true when it found one.
    fn blocking_move_first(&mut self, node: &Node<W>, empty: W, moves: &mut [u32]) -> bool {
        let pays = self.probes < PROBE_WARMUP || self.probe_hits * PROBE_RATIO >= self.probes;
        let Some(live) = self.live.as_mut().filter(|_| pays && empty.count_ones() > PROBE_MIN_EMPTY) else {
            return false;
        };
        let before = live.steps();
        let found = moves.iter().position(|&bit| live.blocks(node.opp, node.me | W::bit(bit)));
        self.meter.add(live.steps() - before);
        self.probes += 1;
        if let Some(i) = found {
            moves[..=i].rotate_right(1);
            self.probe_hits += 1;
        }
        found.is_some()
    }

    /// The transposition table's key for `node`: the smallest of its hashes under the board's
    /// symmetries, and the symmetry that gives it.
    fn canonical(&self, node: &Node<W>) -> (u64, usize) {
        self.canonical_of(&node.hash)
    }

    /// `canonical` for a position's hashes.
    fn canonical_of(&self, hashes: &[u64; 8]) -> (u64, usize) {
        let (mut key, mut sym) = (hashes[0], 0);
        for (s, &hash) in hashes[..self.fwd.len()].iter().enumerate().skip(1) {
            if hash < key {
                (key, sym) = (hash, s);
            }
        }
        (key, sym)
    }

    /// Searches `moves` in order in `(alpha, beta)`, fail-soft: the best value and the first
    /// move reaching it, stopping at a cutoff. Meaningless once `aborted` is set.
    fn best_child(&mut self, node: &Node<W>, moves: &[u32], mut alpha: i32, beta: i32) -> (i32, u32) {
        let (mut best, mut best_bit) = (i32::MIN, u32::MAX);
        for &bit in moves {
            let v = -self.negamax(&self.play(node, bit), -beta, -alpha);
            if self.aborted {
                break;
            }
            if v > best {
                (best, best_bit) = (v, bit);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        (best, best_bit)
    }
}

impl<W: Word> Solver<'_, W> {
    /// Writes the bits of `moves` into `list` in the order to try them: the remembered best
    /// move, then (with enough empty cells for it to pay) the cells whose open k-windows hold
    /// the most stones of either side, then the static order. Returns how many.
    ///
    /// Measured from the empty board: this ordering takes 5,5,4 from 12.4M nodes to 1.0M and
    /// 5,6,4 from over 170M to 0.7M, but 5,5,5 from 2.7M to 8.1M (still within its target).
    /// The history heuristic and trying neighbours of stones first were worse.
    ///
    /// With `defend` (the side to move needs only a draw, on a board with few windows), ties
    /// go to the move that blocks more: where a board has few lines, each block takes a large
    /// share of the opponent's chances. Measured in nodes from the empty board: 2,14,14 from
    /// 328K to 286, 3,10,10 from 9.8M to 3.7K, 4,7,7 from 2.6M to 20K, 5,5,5 from 8.1M to 7.0M.
    /// On boards with more windows it cost nodes (5,5,4 +53%, 6,4,4 +12%, 3,8,4 +10%), so it
    /// is kept for the boards that gain.
    fn ordered(
        &self,
        node: &Node<W>,
        moves: W,
        first: Option<u32>,
        defend: bool,
        list: &mut W::PerBit<u32>,
    ) -> usize {
        // Each move's key (not the first, value, tie, static rank) and bit packed in one
        // integer: sorting those needs no lookups.
        let mut keys = W::per_bit(0u128);
        let (keys, list) = (keys.as_mut(), list.as_mut());
        let mut n = 0;
        let score = (self.cells - node.stones) as u32 >= DYNAMIC_ORDER;
        for b in Bits(moves) {
            let (value, block) = if score { self.potential(node, b) } else { (0, 0) };
            let tie = if defend { u32::MAX - block } else { 0 };
            let rank = self.rank.as_ref()[b as usize];
            keys[n] = u128::from(Some(b) != first) << 80
                | u128::from(u32::MAX - value) << 48
                | u128::from(tie) << 16
                | u128::from(rank) << 8
                | u128::from(b);
            n += 1;
        }
        keys[..n].sort_unstable();
        for (slot, key) in list.iter_mut().zip(&keys[..n]) {
            *slot = (key & 0xff) as u32;
        }
        n
    }

    /// How much a stone on `bit` matters: over the k-windows through it that only one side
    /// occupies, 4^stones of that side (an empty window counts 1); and the part of that which
    /// blocks the opponent's windows.
    fn potential(&self, node: &Node<W>, bit: u32) -> (u32, u32) {
        self.potential_of(node.me, node.opp, bit)
    }

    /// `potential` for the side with stones `me` against `opp`.
    fn potential_of(&self, me: W, opp: W, bit: u32) -> (u32, u32) {
        let (mut value, mut block) = (0, 0);
        for &w in &self.through[bit as usize] {
            let w = self.windows[w as usize];
            let (mine, theirs) = ((w & me).count_ones(), (w & opp).count_ones());
            if theirs == 0 {
                value += 1 << (2 * mine);
            }
            if mine == 0 && theirs > 0 {
                value += 1 << (2 * theirs);
                block += 1 << (2 * theirs);
            }
        }
        (value, block)
    }
}

/// The k cells of the window starting at `cell` going `dir`, if it fits on the board.
fn window(rules: Rules, cell: usize, dir: Dir) -> Option<impl Iterator<Item = usize> + Clone> {
    let (row, col) = rules.row_col(cell);
    let (dr, dc) = dir.step();
    let at = move |i: i64| (i64::from(row) + i * dr, i64::from(col) + i * dc);
    // A window is straight, so it fits when its last cell does.
    let (r, c) = at(i64::from(rules.k()) - 1);
    let fits = r >= 0 && c >= 0 && r < i64::from(rules.rows()) && c < i64::from(rules.cols());
    let cols = i64::from(rules.cols());
    fits.then(|| (0..i64::from(rules.k())).map(at).map(move |(r, c)| (r * cols + c) as usize))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Budget;
    use std::time::Instant;

    /// `blocking_move_first` only reorders: when it finds a move, that move comes first, the
    /// others keep their order, and after it a pairing of what is left blocks the opponent;
    /// when it finds none, no move would have done, and the order is unchanged.
    #[test]
    #[cfg_attr(miri, ignore)] // hundreds of pairing searches
    fn blocking_move_first_only_reorders() {
        let geo = Geometry::<u64>::new(Rules::new(6, 6, 5).unwrap()).unwrap();
        let mut solver = Solver::new(&geo, Meter::new(Budget::nodes(u64::MAX), Instant::now()), 36).unwrap();
        let mut rng = Rng::new(5);
        let (mut found, mut none) = (0, 0);
        for _ in 0..300 {
            // Up to 14 stones, so that more than PROBE_MIN_EMPTY cells stay empty.
            let (mut me, mut opp) = (0u64, 0u64);
            for i in 0..rng.below(15) {
                let empty: Vec<u32> = Bits(geo.all() & !(me | opp)).collect();
                let bit = 1 << empty[rng.below(empty.len())];
                if i % 2 == 0 {
                    opp |= bit;
                } else {
                    me |= bit;
                }
            }
            let node = solver.root_node(Root { me, opp });
            let empty = geo.all() & !(me | opp);
            let before: Vec<u32> = Bits(empty).collect();
            let mut moves = before.clone();
            solver.probes = 0; // always look
            let live =
                |solver: &mut Solver<u64>, bit: u32| solver.live.as_mut().unwrap().blocks(opp, me | 1 << bit);
            if solver.blocking_move_first(&node, empty, &mut moves) {
                found += 1;
                assert!(live(&mut solver, moves[0]));
                let at = before.iter().position(|&b| b == moves[0]).unwrap();
                assert!(before[..at].iter().all(|&b| !live(&mut solver, b)), "not the first");
                let rest: Vec<u32> = before.iter().copied().filter(|&b| b != moves[0]).collect();
                assert_eq!(moves[1..], rest[..]);
            } else {
                none += 1;
                assert_eq!(moves, before);
                assert!(before.iter().all(|&b| !live(&mut solver, b)));
            }
        }
        assert!(found > 0 && none > 0, "{found} found, {none} not");
    }
}
