//! The threat search's transposition table: what was proved of a position at the attacker's
//! turn, in a fixed number of slots (a newer result replaces an older one in its slot).

use super::prover::Win;
use super::slots::Slots;
use crate::error::Error;

/// Most slots of the table: 2^15 of 24 bytes, 768 KiB.
const MAX_SLOTS: usize = 1 << 15;

#[derive(Clone, Copy)]
struct Slot {
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
    slots: Slots<Slot>,
}

impl Table {
    /// A table for a search of at most `nodes` nodes: no more slots than nodes (each node
    /// stores at most one result), up to `MAX_SLOTS`.
    pub(super) fn for_nodes(nodes: u64) -> Result<Table, Error> {
        Ok(Table { slots: Slots::for_values(nodes, MAX_SLOTS, Slot { plies: 0, cell: 0, depth: 0 })? })
    }

    pub(super) fn get(&self, key: u64, depth: u32) -> Verdict {
        let Some(s) = self.slots.get(key) else { return Verdict::Unknown };
        match s {
            _ if s.plies == 0 && s.depth == 0 => Verdict::Unknown,
            _ if s.plies != 0 && s.plies <= depth => {
                Verdict::Won(Win { cell: s.cell as usize, plies: s.plies })
            }
            _ if s.plies == 0 && depth <= s.depth => Verdict::NotWithin { final_: s.depth == u32::MAX },
            _ => Verdict::Unknown,
        }
    }

    /// Records a search to `depth` plies: its win, or none.
    pub(super) fn put(&mut self, key: u64, depth: u32, found: Option<Win>) {
        let slot = match found {
            Some(win) => Slot { plies: win.plies, cell: win.cell as u32, depth },
            None => Slot { plies: 0, cell: 0, depth },
        };
        self.slots.put(key, slot);
    }
}
