//! The transposition table: one `u64` per entry, so more positions fit in the caches that
//! decide the solver's speed. Bits 24..64 hold the top of the position's 64-bit hash (the low
//! bits pick the slot), bits 0..8 the value, 8..10 the bound, 10..17 the best move's bit.
//! Two positions that share all checked hash bits would be confused; with 64-bit keys that is
//! about one chance in 2^40 per probe among positions that land in the same slot.

use crate::error::Error;

/// What a stored value says about the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact = 1,
    /// The true value is at least this.
    Lower = 2,
    /// The true value is at most this.
    Upper = 3,
}

/// A remembered search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub value: i32,
    pub bound: Bound,
    /// The bit of the best (or refuting) move.
    pub best: u32,
}

pub struct TransTable {
    slots: Vec<u64>,
}

const DATA: u64 = (1 << 24) - 1;

impl TransTable {
    /// A table of `entries` (a power of two) slots, allocated without aborting on failure.
    pub fn new(entries: usize) -> Result<TransTable, Error> {
        let mut slots = Vec::new();
        slots.try_reserve_exact(entries)?;
        slots.resize(entries, 0);
        Ok(TransTable { slots })
    }

    fn slot(&self, hash: u64) -> usize {
        hash as usize & (self.slots.len() - 1)
    }

    pub fn get(&self, hash: u64) -> Option<Entry> {
        let s = self.slots[self.slot(hash)];
        let bound = match (s >> 8) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        (s & !DATA == hash & !DATA).then_some(Entry {
            value: i32::from(s as u8 as i8),
            bound,
            best: ((s >> 10) & 127) as u32,
        })
    }

    /// Stores `entry`, replacing whatever held the slot. `entry.value` must fit an `i8` (the
    /// solver's values are at most the cells of a board, 127 on 128-bit words) and
    /// `entry.best` must be below 128.
    pub fn put(&mut self, hash: u64, entry: Entry) {
        let slot = self.slot(hash);
        let data =
            u64::from(entry.value as i8 as u8) | (entry.bound as u64) << 8 | u64::from(entry.best) << 10;
        self.slots[slot] = (hash & !DATA) | data;
    }
}

#[cfg(test)]
mod tests {
    use super::{Bound, Entry, TransTable};

    /// What is stored is read back: every move bit of a 128-bit board, values of either sign
    /// up to the most cells such a board has, every bound.
    #[test]
    fn entries_read_back_whole() {
        let mut tt = TransTable::new(1 << 10).unwrap();
        for best in 0..128u32 {
            for (value, bound) in
                [(127, Bound::Exact), (-127, Bound::Lower), (0, Bound::Upper), (-1, Bound::Exact)]
            {
                let hash = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(u64::from(best) + 1);
                tt.put(hash, Entry { value, bound, best });
                let got = tt.get(hash).unwrap();
                assert_eq!((got.value, got.bound, got.best), (value, bound, best));
            }
        }
    }
}
