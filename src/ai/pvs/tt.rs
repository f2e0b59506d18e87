//! The pattern search's transposition table: a fixed number of 16-byte entries, chosen from
//! the budget (at most `MAX_ENTRIES`, 4 MiB), each slot replaced by the newer result.

use crate::error::Error;
use crate::fallible::try_filled;

/// The most entries: 2^18 of 16 bytes, 4 MiB.
pub(super) const MAX_ENTRIES: usize = 1 << 18;
const MIN_ENTRIES: usize = 1 << 10;

/// What a stored value says about the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    /// The true value is at least this.
    Lower,
    /// The true value is at most this.
    Upper,
}

#[derive(Clone, Copy)]
pub(super) struct Entry {
    key: u64,
    pub value: i32,
    /// The best (or refuting) move; `u16::MAX` for none.
    pub best: u16,
    pub depth: i8,
    pub bound: Bound,
}

const EMPTY_ENTRY: Entry = Entry { key: 0, value: 0, best: u16::MAX, depth: -1, bound: Bound::Upper };

pub(super) struct Table {
    slots: Vec<Entry>,
}

impl Table {
    /// A table for a search of about `nodes` nodes: twice as many entries, within bounds.
    pub fn for_nodes(nodes: u64) -> Result<Table, Error> {
        let want = usize::try_from(nodes.saturating_mul(2)).unwrap_or(MAX_ENTRIES);
        let entries = want.clamp(MIN_ENTRIES, MAX_ENTRIES).next_power_of_two().min(MAX_ENTRIES);
        Ok(Table { slots: try_filled(EMPTY_ENTRY, entries)? })
    }

    pub fn get(&self, key: u64) -> Option<Entry> {
        let e = self.slots[key as usize & (self.slots.len() - 1)];
        (e.key == key && e.depth >= 0).then_some(e)
    }

    pub fn put(&mut self, key: u64, value: i32, best: Option<usize>, depth: i32, bound: Bound) {
        let best = best.map_or(u16::MAX, |b| b as u16);
        let depth = depth.clamp(0, i32::from(i8::MAX)) as i8;
        let len = self.slots.len();
        self.slots[key as usize & (len - 1)] = Entry { key, value, best, depth, bound };
    }
}
