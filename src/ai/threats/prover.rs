//! The proof search: an AND/OR search over the attacker's threats and every defence that
//! could stop them.
//!
//! At the attacker's turn (`attack`): a win in one ends the line; a four of the defender's must
//! be blocked (the only move); otherwise every four, and in a VCT every three, is tried. At the
//! defender's turn (`defend`): a win of the defender's refutes the line; two fours of the
//! attacker's win; one four must be blocked; a three is answered by every cell that could
//! stop it and by every four of the defender's own; with no threat on the board the
//! defender is free and the line fails. The defences tried are a superset of the real ones
//! (see `defences`), so a proved win is a win against every reply.

use std::time::Instant;

use super::grid::{Grid, FAR};
use super::table::{Table, Verdict};

/// Why a search stopped before its answer.
pub(super) enum Stop {
    /// The node budget or the time ran out.
    Spent,
    /// A list could not grow.
    OutOfMemory,
}

/// Appends `item` to `list`, reporting allocation failure rather than aborting.
fn push<T>(list: &mut Vec<T>, item: T) -> Result<(), Stop> {
    list.try_reserve(1).map_err(|_| Stop::OutOfMemory)?;
    list.push(item);
    Ok(())
}

/// What a search may spend: nodes, and a time to stop by.
#[derive(Clone, Copy)]
pub(super) struct Allowance {
    pub(super) nodes: u64,
    pub(super) deadline: Option<Instant>,
}

/// A proved win: the attacker's move at the node proved, and the plies until the winning
/// stone against the defender's longest defence (the attacker's move counts as 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Win {
    pub(super) cell: usize,
    pub(super) plies: u32,
}

pub(super) type Outcome = Result<Option<Win>, Stop>;

/// The defender's answers at its turn (`Prover::replies`).
pub(super) enum Replies {
    /// The defender wins first, or the attacker threatens nothing: no win this way.
    Refuted,
    /// The attacker has two fours: it wins whatever the defender plays.
    Won,
    /// The one block of the attacker's four.
    Block(Vec<usize>),
    /// Every answer to a three that the search tries (none: nothing stops it).
    Three(Vec<usize>),
}

pub(super) struct Prover<'a> {
    grid: &'a mut Grid,
    attacker: u8,
    /// Threes are threats too (VCT), else fours only (VCF).
    threes: bool,
    nodes: u64,
    allowance: Allowance,
    table: &'a mut Table,
    /// A line was cut short by the depth limit since this was last cleared: a deeper search
    /// may find more. A search that cuts nothing is final.
    cut: bool,
    /// Per depth left, the defender's reply that last refuted a threat there: tried first
    /// where it is a reply again, since the search of a failing threat ends at its first
    /// refutation.
    killers: [usize; KILLER_DEPTHS],
}

/// The weight of a window one move short of a four in the attacker's move order: more than
/// any number of windows short of a three, so fours come first.
const FOUR_WEIGHT: u32 = 1 << 16;

/// Depths with a killer reply: beyond every depth searched.
const KILLER_DEPTHS: usize = 64;

impl<'a> Prover<'a> {
    pub(super) fn new(
        grid: &'a mut Grid,
        attacker: u8,
        threes: bool,
        allowance: Allowance,
        table: &'a mut Table,
    ) -> Self {
        Prover {
            grid,
            attacker,
            threes,
            nodes: 0,
            allowance,
            table,
            cut: false,
            killers: [usize::MAX; KILLER_DEPTHS],
        }
    }

    /// The shortest win the attacker, to move, has within `max_plies`, by iterative
    /// deepening two plies at a time until a search cuts nothing short or the allowance runs
    /// out.
    pub(super) fn deepen(&mut self, max_plies: u32) -> Outcome {
        for depth in (1..=max_plies).step_by(2) {
            self.cut = false;
            match self.attack(depth)? {
                Some(win) => return Ok(Some(win)),
                None if !self.cut => return Ok(None),
                None => {}
            }
        }
        Ok(None)
    }

    /// The nodes searched so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    pub(super) fn defender(&self) -> u8 {
        3 - self.attacker
    }

    fn visit(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        let late = || self.allowance.deadline.is_some_and(|d| Instant::now() >= d);
        if self.nodes > self.allowance.nodes || (self.nodes.is_multiple_of(256) && late()) {
            return Err(Stop::Spent);
        }
        Ok(())
    }

    /// A win for the attacker, to move, within `depth` plies.
    pub(super) fn attack(&mut self, depth: u32) -> Outcome {
        self.visit()?;
        let (a, d) = (self.attacker, self.defender());
        if let Some(&cell) = self.win_cells(a)?.first() {
            return Ok(Some(Win { cell, plies: 1 }));
        }
        if depth < 3 {
            self.cut = true;
            return Ok(None);
        }
        // Searches of either kind and for either player share the table: a VCF's failure says
        // nothing of a VCT, nor one player's of the other's.
        let salt =
            (if self.threes { 0x5bd1_e995_d7a3_4f4b } else { 0 }) ^ (u64::from(a) * 0x2545_f491_4f6c_dd1d);
        let key = self.grid.hash() ^ salt;
        match self.table.get(key, depth) {
            Verdict::Won(win) => return Ok(Some(win)),
            Verdict::NotWithin { final_ } => {
                self.cut |= !final_;
                return Ok(None);
            }
            Verdict::Unknown => {}
        }
        let outer_cut = std::mem::replace(&mut self.cut, false);
        let mut moves = self.win_cells(d)?;
        match moves.as_slice() {
            [] => moves = self.threat_moves()?,
            // The one block; a far cell is out of the search's reach.
            &[block] if self.grid.cell(block) != FAR => {}
            _ => moves.clear(),
        }
        let mut found = None;
        for cell in moves {
            self.grid.place(cell, a);
            let reply = self.defend(depth - 1);
            self.grid.remove(cell);
            if let Some(win) = reply? {
                found = Some(Win { cell, plies: win.plies + 1 });
                break;
            }
        }
        self.table.put(key, if self.cut { depth } else { u32::MAX }, found);
        self.cut |= outer_cut;
        Ok(found)
    }

    /// A win for the attacker within `depth` plies, the defender to move.
    fn defend(&mut self, depth: u32) -> Outcome {
        self.visit()?;
        let mut replies = match self.replies(depth)? {
            Replies::Refuted => return Ok(None),
            Replies::Won => return Ok(Some(Win { cell: usize::MAX, plies: 2 })),
            Replies::Block(replies) | Replies::Three(replies) => replies,
        };
        let killer = &mut self.killers[depth as usize % KILLER_DEPTHS];
        if let Some(at) = replies.iter().position(|&c| c == *killer) {
            replies[..=at].rotate_right(1);
        }
        let d = self.defender();
        let mut longest: Option<Win> = None;
        for cell in replies {
            self.grid.place(cell, d);
            let answer = self.attack(depth - 1);
            self.grid.remove(cell);
            match answer? {
                None => {
                    self.killers[depth as usize % KILLER_DEPTHS] = cell;
                    return Ok(None);
                }
                Some(win) if longest.is_none_or(|l| win.plies + 1 > l.plies) => {
                    longest = Some(Win { cell, plies: win.plies + 1 })
                }
                Some(_) => {}
            }
        }
        // No reply stops the threat: any move loses to the open four in three more plies.
        Ok(Some(longest.unwrap_or(Win { cell: usize::MAX, plies: 4 })))
    }

    /// What the defender, to move with `depth` plies left to the attacker, must answer: a win
    /// of its own or nothing to answer refutes the line; two fours of the attacker's win; one
    /// four has its block; a three its defences (none when nothing stops it).
    pub(super) fn replies(&mut self, depth: u32) -> Result<Replies, Stop> {
        let (a, d) = (self.attacker, self.defender());
        if !self.win_cells(d)?.is_empty() {
            return Ok(Replies::Refuted);
        }
        let fours = self.win_cells(a)?;
        Ok(match fours.len() {
            2.. => Replies::Won,
            1 => Replies::Block(fours),
            _ if !self.threes => Replies::Refuted,
            _ if depth < 4 => {
                self.cut = true;
                Replies::Refuted
            }
            _ => match self.defences()? {
                Some(replies) => Replies::Three(replies),
                None => Replies::Refuted,
            },
        })
    }

    pub(super) fn attacker(&self) -> u8 {
        self.attacker
    }

    pub(super) fn grid(&self) -> &Grid {
        self.grid
    }

    pub(super) fn grid_mut(&mut self) -> &mut Grid {
        self.grid
    }

    /// The windows `stone` may still complete that hold at least k − `short` of its stones
    /// (for the attacker, those without a far cell), for `short` from 1 to 3.
    pub(super) fn windows(&self, stone: u8, short: u32) -> Result<Vec<u32>, Stop> {
        let mut list = Vec::new();
        for s in 1..=short {
            for w in self.usable(stone, s) {
                push(&mut list, w)?;
            }
        }
        Ok(list)
    }

    /// The cells where a stone of `stone` completes k, each once. The attacker's exclude the
    /// far cells (the search does not play there); the defender's include them.
    pub(super) fn win_cells(&self, stone: u8) -> Result<Vec<usize>, Stop> {
        let mut cells = Vec::new();
        for w in self.usable(stone, 1) {
            for c in self.grid.open_cells(w) {
                push(&mut cells, c)?;
            }
        }
        cells.sort_unstable();
        cells.dedup();
        Ok(cells)
    }

    /// The windows that `stone` may still complete holding k − `short` of its stones (for the
    /// attacker, those without a far cell).
    fn usable(&self, stone: u8, short: u32) -> impl Iterator<Item = u32> + '_ {
        let attacking = stone == self.attacker;
        self.grid.level(stone, short).iter().copied().filter(move |&w| !(attacking && self.grid.far(w) > 0))
    }

    /// The open cells of the windows `stone` may complete that hold `short` fewer than k − 1
    /// of its stones, each once, in the order met.
    fn cells_short_by(&self, stone: u8, short: u32) -> Result<Vec<usize>, Stop> {
        let mut cells = Vec::new();
        for w in self.usable(stone, short + 1) {
            for c in self.grid.open_cells(w) {
                if !cells.contains(&c) {
                    push(&mut cells, c)?;
                }
            }
        }
        Ok(cells)
    }

    /// The attacker's threats: its fours, then (in a VCT) its threes, each group in the order
    /// of the windows they build on (a four that also lies in other windows one stone short
    /// of a four, or a three in more windows two short, first), so that a search that wins
    /// tries its likeliest moves first.
    pub(super) fn threat_moves(&self) -> Result<Vec<usize>, Stop> {
        // (cell, weight) per open cell of each window: 16 a window one move short of a four,
        // 1 one move short of a three.
        let mut scored = Vec::new();
        for w in self.usable(self.attacker, 2) {
            for c in self.grid.open_cells(w) {
                push(&mut scored, (c, FOUR_WEIGHT))?;
            }
        }
        if self.threes {
            for w in self.usable(self.attacker, 3) {
                for c in self.grid.open_cells(w) {
                    push(&mut scored, (c, 1))?;
                }
            }
        }
        scored.sort_unstable();
        let mut merged: Vec<(u32, usize)> = Vec::new();
        for (c, weight) in scored {
            match merged.last_mut() {
                Some(last) if last.1 == c => last.0 += weight,
                _ => push(&mut merged, (weight, c))?,
            }
        }
        merged.sort_unstable_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        let mut moves = Vec::new();
        for (_, c) in merged {
            push(&mut moves, c)?;
        }
        Ok(moves)
    }

    /// The defender's answers to a three: every cell that could stop all the attacker's moves
    /// that make two fours at once (an open four, or two fours on different lines), then the
    /// defender's own fours. `Some(empty)` when nothing stops them; `None` when the attacker
    /// has no such move (the defender is free), or when a defender's four would be made on a
    /// far cell (which the search cannot follow).
    ///
    /// A move c that makes two fours does so through windows holding c and k − 2 of the
    /// attacker's stones: a defender's stone stops it only on c or on an open cell of those
    /// windows. A real defence must stop every such move, so it lies in the intersection.
    fn defences(&self) -> Result<Option<Vec<usize>>, Stop> {
        let (a, d) = (self.attacker, self.defender());
        // Every (move, its four's completion) pair from windows one move short of a four.
        let mut pairs = Vec::new();
        for w in self.usable(a, 2) {
            let mut open = self.grid.open_cells(w);
            if let (Some(x), Some(y), None) = (open.next(), open.next(), open.next()) {
                push(&mut pairs, (x, y, w))?;
                push(&mut pairs, (y, x, w))?;
            }
        }
        pairs.sort_unstable();
        let mut stopping: Option<Vec<usize>> = None;
        let mut at = 0;
        while at < pairs.len() {
            let c = pairs[at].0;
            let end = at + pairs[at..].iter().take_while(|p| p.0 == c).count();
            let group = &pairs[at..end];
            at = end;
            if !group.iter().any(|p| p.1 != group[0].1) {
                continue; // one completion only: a four, not a double threat
            }
            let mut stops = Vec::new();
            push(&mut stops, c)?;
            for &(_, _, w) in group {
                for cell in self.grid.open_cells(w) {
                    push(&mut stops, cell)?;
                }
            }
            stops.sort_unstable();
            stops.dedup();
            match &mut stopping {
                None => stopping = Some(stops),
                Some(before) => before.retain(|s| stops.binary_search(s).is_ok()),
            }
        }
        let Some(stops) = stopping else { return Ok(None) };
        // The stops in more of the attacker's windows one move short of a four first: they
        // take the most from it, so they refute the threat most often.
        let mut weighted = Vec::new();
        for &c in &stops {
            push(&mut weighted, (0u32, c))?;
        }
        for w in self.usable(a, 2) {
            for c in self.grid.open_cells(w) {
                if let Ok(at) = stops.binary_search(&c) {
                    weighted[at].0 += 1;
                }
            }
        }
        weighted.sort_unstable_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        let mut replies = Vec::new();
        for (_, c) in weighted {
            push(&mut replies, c)?;
        }
        for c in self.cells_short_by(d, 1)? {
            if self.grid.cell(c) == FAR {
                return Ok(None);
            }
            if !replies.contains(&c) {
                push(&mut replies, c)?;
            }
        }
        Ok(Some(replies))
    }
}
