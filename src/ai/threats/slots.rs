//! The threat searches' memory: a direct-mapped table of values keyed by a position's 64-bit
//! hash, whose low bits pick the slot. A newer value replaces an older one in its slot; a
//! search only ever loses what it forgot, never reads another position's value.

use crate::error::Error;
use crate::fallible::try_filled;

/// Fewest slots: a search of a few nodes stores a few values.
const MIN_SLOTS: usize = 1 << 8;

pub(super) struct Slots<T: Copy> {
    slots: Vec<(u64, T)>,
}

impl<T: Copy> Slots<T> {
    /// A table for `want` values, rounded up to a power of two from `MIN_SLOTS` to `most`
    /// slots, so that a short search does not pay for clearing a big table. `blank` fills the
    /// slots; key 0 never matches it (no position hashes to 0 but by one chance in 2^64, and
    /// such a position is then only never remembered).
    pub(super) fn for_values(want: u64, most: usize, blank: T) -> Result<Slots<T>, Error> {
        let want = usize::try_from(want).unwrap_or(usize::MAX).clamp(MIN_SLOTS, most);
        Ok(Slots { slots: try_filled((0, blank), want.next_power_of_two())? })
    }

    fn at(&self, key: u64) -> usize {
        key as usize & (self.slots.len() - 1)
    }

    /// The value last put for `key`, unless another key has taken its slot since.
    pub(super) fn get(&self, key: u64) -> Option<T> {
        let (k, value) = self.slots[self.at(key)];
        (k == key && key != 0).then_some(value)
    }

    pub(super) fn put(&mut self, key: u64, value: T) {
        let at = self.at(key);
        self.slots[at] = (key, value);
    }
}
