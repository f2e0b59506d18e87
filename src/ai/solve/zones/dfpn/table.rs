//! The proof-number search's table: a position's key, its proof and disproof numbers, and the
//! steps its last search took, in buckets of two slots. A new position takes an empty slot of
//! its bucket, else the one whose search took fewer steps: the costly results are the ones
//! worth keeping.

use super::Numbers;
use crate::error::Error;
use crate::fallible::try_filled;

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    numbers: Numbers,
    work: u64,
}

pub(in crate::ai::solve) struct NumberTable {
    slots: Vec<Slot>,
}

impl NumberTable {
    /// A table of `entries` slots (a power of two, at least two).
    pub(in crate::ai::solve) fn new(entries: usize) -> Result<NumberTable, Error> {
        Ok(NumberTable { slots: try_filled(Slot::default(), entries.max(2))? })
    }

    fn bucket(&self, key: u64) -> usize {
        key as usize & (self.slots.len() - 1) & !1
    }

    pub(super) fn get(&self, key: u64) -> Option<Numbers> {
        let at = self.bucket(key);
        let found = self.slots[at..at + 2].iter().find(|s| s.key == key && key != 0);
        found.map(|s| s.numbers)
    }

    pub(super) fn put(&mut self, key: u64, numbers: Numbers, work: u64) {
        let at = self.bucket(key);
        let pair = &mut self.slots[at..at + 2];
        let i = match pair.iter().position(|s| s.key == key) {
            Some(i) => i,
            None => usize::from(pair[1].work < pair[0].work),
        };
        pair[i] = Slot { key, numbers, work };
    }
}
