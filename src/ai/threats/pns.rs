//! Depth-first proof-number search (df-pn, after Nagai) over the prover's threats and
//! defences: the same AND/OR tree (`prover`), searched where it looks cheapest to settle.
//!
//! Every node carries a proof number (how many leaves at least must still be proved for the
//! attacker to win) and a disproof number (the same for the defender). An attacker's node
//! takes the least proof number of its children and the sum of their disproof numbers; a
//! defender's node the reverse. The search descends into the child with the least number on
//! the side to move and comes back once the node's numbers pass the thresholds its parent
//! set, so that a long forced line whose defences each have one or two answers is followed
//! to its end long before the many wide and hopeless threes beside it are read. The numbers
//! of the positions met are kept in a table; a line longer than the ply limit counts as
//! disproved. A proof found holds against every reply the prover counts as a defence.

use std::time::Instant;

use super::grid::FAR;
use super::prover::{Prover, Replies, Stop};
use super::slots::Slots;
use crate::error::Error;

/// A proof or disproof number that stands for "settled".
const INF: u32 = u32::MAX / 4;
/// Most slots of the numbers' table: 2^16 of 16 bytes, 1 MiB.
const MAX_SLOTS: usize = 1 << 16;

/// A node settled at once, or its children.
enum Expand {
    Proved,
    Disproved,
    Moves(Vec<Child>),
}

/// A child of a node: the cell played and its numbers so far.
struct Child {
    cell: usize,
    pn: u32,
    dn: u32,
}

/// The search: the prover as move generator, the numbers, the node count.
pub(super) struct Pns<'a, 'b> {
    prover: &'b mut Prover<'a>,
    /// The proof and disproof numbers of the positions searched.
    numbers: Slots<(u32, u32)>,
    salt: u64,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    max_plies: u32,
}

impl<'a, 'b> Pns<'a, 'b> {
    /// A search with `prover`'s attacker and kind (threes or fours only), at most `max_nodes`
    /// nodes and lines of at most `max_plies` plies.
    pub(super) fn new(
        prover: &'b mut Prover<'a>,
        max_nodes: u64,
        deadline: Option<Instant>,
        max_plies: u32,
    ) -> Result<Self, Error> {
        let salt = 0x6a09_e667_f3bc_c909 ^ u64::from(prover.attacker()).wrapping_mul(0x2545_f491_4f6c_dd1d);
        Ok(Pns {
            prover,
            numbers: Slots::for_values(max_nodes.saturating_mul(2), MAX_SLOTS, (1, 1))?,
            salt,
            nodes: 0,
            max_nodes,
            deadline,
            max_plies,
        })
    }

    /// The nodes searched so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The attacker's first move of a proved win, `None` when the search disproved every
    /// line within the ply limit; `Stop::Spent` when the nodes ran out first.
    pub(super) fn prove(&mut self) -> Result<Option<usize>, Stop> {
        let mut list = match self.expand(true, 0)? {
            Expand::Proved => return Ok(self.prover.win_cells(self.prover.attacker())?.first().copied()),
            Expand::Disproved => return Ok(None),
            Expand::Moves(list) => list,
        };
        loop {
            let (pn, dn) = numbers(true, &list);
            if pn == 0 {
                return Ok(list.iter().find(|c| c.pn == 0).map(|c| c.cell));
            }
            if dn == 0 {
                return Ok(None);
            }
            self.step(true, 1, &mut list, INF, INF, pn, dn)?;
        }
    }

    /// The node at `ply` (`attacker`: the attacker to move) settled, or its children with
    /// the numbers the table has for them.
    ///
    /// The attacker wins at once with a five to play; it must block the defender's one four
    /// (two, or one on a far cell, disprove the node), else it plays its threats, when a win
    /// may still come within the ply limit. The defender's moves are the prover's replies:
    /// a four of its own disproves the node, and two fours of the attacker's, or a three
    /// that nothing stops, prove it.
    fn expand(&mut self, attacker: bool, ply: u32) -> Result<Expand, Stop> {
        let (a, d) = (self.prover.attacker(), self.prover.defender());
        let cells = if attacker {
            if !self.prover.win_cells(a)?.is_empty() {
                return Ok(Expand::Proved);
            }
            if ply + 3 > self.max_plies {
                return Ok(Expand::Disproved);
            }
            let blocks = self.prover.win_cells(d)?;
            match blocks.as_slice() {
                [] => self.prover.threat_moves()?,
                &[block] if self.prover.grid().cell(block) != FAR => blocks,
                _ => return Ok(Expand::Disproved),
            }
        } else {
            match self.prover.replies(u32::MAX)? {
                Replies::Refuted => return Ok(Expand::Disproved),
                Replies::Won => return Ok(Expand::Proved),
                Replies::Block(cells) | Replies::Three(cells) => cells,
            }
        };
        let mut list = Vec::new();
        list.try_reserve(cells.len()).map_err(|_| Stop::OutOfMemory)?;
        let stone = if attacker { a } else { d };
        for cell in cells {
            let key = self.prover.grid().hash_after(cell, stone) ^ self.salt;
            let (pn, dn) = self.numbers.get(key).unwrap_or((1, 1));
            list.push(Child { cell, pn, dn });
        }
        Ok(Expand::Moves(list))
    }

    /// One descent from a node whose `list` of children gives it the numbers (`pn`, `dn`),
    /// below the thresholds (`thpn`, `thdn`): into the most promising child, with thresholds
    /// that bring the search back here as soon as another child looks better.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        attacker: bool,
        ply: u32,
        list: &mut [Child],
        thpn: u32,
        thdn: u32,
        pn: u32,
        dn: u32,
    ) -> Result<(), Stop> {
        let (best, second) = select(attacker, list);
        let c = &list[best];
        let (cpn, cdn) = if attacker {
            (thpn.min(second.saturating_add(1)), (thdn - dn).saturating_add(c.dn).min(INF))
        } else {
            ((thpn - pn).saturating_add(c.pn).min(INF), thdn.min(second.saturating_add(1)))
        };
        let (cell, stone) = (c.cell, if attacker { self.prover.attacker() } else { self.prover.defender() });
        self.prover.grid_mut().place(cell, stone);
        let found = self.mid(!attacker, ply, cpn, cdn);
        self.prover.grid_mut().remove(cell);
        let (npn, ndn) = found?;
        list[best].pn = npn;
        list[best].dn = ndn;
        Ok(())
    }

    /// Searches the node at `ply` until its numbers reach a threshold; returns them.
    fn mid(&mut self, attacker: bool, ply: u32, thpn: u32, thdn: u32) -> Result<(u32, u32), Stop> {
        self.nodes += 1;
        let late = || self.deadline.is_some_and(|d| Instant::now() >= d);
        if self.nodes > self.max_nodes || (self.nodes.is_multiple_of(256) && late()) {
            return Err(Stop::Spent);
        }
        let key = self.prover.grid().hash() ^ self.salt;
        if let Some((pn, dn)) = self.numbers.get(key) {
            if pn >= thpn || dn >= thdn {
                return Ok((pn, dn));
            }
        }
        let mut list = match self.expand(attacker, ply)? {
            Expand::Moves(list) => list,
            settled => {
                let n = if matches!(settled, Expand::Proved) { (0, INF) } else { (INF, 0) };
                self.numbers.put(key, n);
                return Ok(n);
            }
        };
        loop {
            let (pn, dn) = numbers(attacker, &list);
            if pn >= thpn || dn >= thdn {
                self.numbers.put(key, (pn, dn));
                return Ok((pn, dn));
            }
            self.step(attacker, ply + 1, &mut list, thpn, thdn, pn, dn)?;
        }
    }
}

/// A node's numbers from its children's: at the attacker's turn the least proof number and
/// the summed disproof numbers, at the defender's the reverse. No children: the side to move
/// has lost the node.
fn numbers(attacker: bool, list: &[Child]) -> (u32, u32) {
    let least = |f: fn(&Child) -> u32| list.iter().map(f).min().unwrap_or(INF);
    let sum = |f: fn(&Child) -> u32| list.iter().map(f).fold(0u32, |s, n| s.saturating_add(n).min(INF));
    if attacker {
        (least(|c| c.pn), sum(|c| c.dn))
    } else {
        (sum(|c| c.pn), least(|c| c.dn))
    }
}

/// The child to search (least proof number at the attacker's turn, least disproof number at
/// the defender's; the first in the list on a tie) and the second-least number.
fn select(attacker: bool, list: &[Child]) -> (usize, u32) {
    let (mut best, mut first, mut second) = (0, INF, INF);
    for (i, c) in list.iter().enumerate() {
        let n = if attacker { c.pn } else { c.dn };
        if n < first {
            (best, second, first) = (i, first, n);
        } else if n < second {
            second = n;
        }
    }
    (best, second)
}
