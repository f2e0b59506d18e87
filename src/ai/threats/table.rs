//! The threat search's transposition table: what was proved of a position at the attacker's
//! turn, in a fixed number of slots (a newer result replaces an older one in its slot).

use super::prover::Win;
use crate::error::Error;
use crate::fallible::try_filled;

/// Most slots of the table: 2^15 of 24 bytes, 768 KiB.
const MAX_SLOTS: usize = 1 << 15;
/// Fewest slots: a search of a few nodes stores a few results.
const MIN_SLOTS: usize = 1 << 8;

#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    /// The win's plies (0: none proved) and move.
    plies: u32,
    cell: u32,
    /// No win within this many plies (meaningful with `plies` 0); `u32::MAX` when the search
    /// that found none cut nothing short.
    depth: u32,
}

/// What the table knows of a position for a search of a given depth.
pub(super) enum Verdict {
    Won(Win),
    /// No win within the depth asked; `final_` when none at any depth.
    NotWithin {
        final_: bool,
    },
    Unknown,
}

pub(super) struct Table {
    slots: Vec<Slot>,
}

impl Table {
    /// A table for a search of at most `nodes` nodes: no more slots than nodes (each node
    /// stores at most one result), from `MIN_SLOTS` to `MAX_SLOTS`, so that a short search
    /// does not pay for clearing a big table.
    pub(super) fn for_nodes(nodes: u64) -> Result<Table, Error> {
        let want = usize::try_from(nodes).unwrap_or(usize::MAX).clamp(MIN_SLOTS, MAX_SLOTS);
        Ok(Table {
            slots: try_filled(Slot { key: 0, plies: 0, cell: 0, depth: 0 }, want.next_power_of_two())?,
        })
    }
}

impl Table {
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    pub(super) fn get(&self, key: u64, depth: u32) -> Verdict {
        let s = self.slots[self.slot(key)];
        match s {
            _ if s.key != key || (s.plies == 0 && s.depth == 0) => Verdict::Unknown,
            _ if s.plies != 0 && s.plies <= depth => {
                Verdict::Won(Win { cell: s.cell as usize, plies: s.plies })
            }
            _ if s.plies == 0 && depth <= s.depth => Verdict::NotWithin { final_: s.depth == u32::MAX },
            _ => Verdict::Unknown,
        }
    }

    /// Records a search to `depth` plies: its win, or none.
    pub(super) fn put(&mut self, key: u64, depth: u32, found: Option<Win>) {
        let at = self.slot(key);
        self.slots[at] = match found {
            Some(win) => Slot { key, plies: win.plies, cell: win.cell as u32, depth },
            None => Slot { key, plies: 0, cell: 0, depth },
        };
    }
}
