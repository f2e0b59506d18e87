//! What the pairing searches of `Live` found, by the defender's stones, so that a position
//! met again with other attacker stones is often answered without a search. Which windows
//! need a pair depends only on the defender's stones; the attacker's stones only take cells
//! away. So a pairing found for defender stones D blocks every position with the same D whose
//! attacker stones miss its cells, and where a search found none for attacker stones A, it
//! finds none for any A' holding A either (fewer free cells, the same windows; when the search
//! only ran out of steps, the position is merely left to the solver's search, as it would be).

use crate::ai::bitboard::Word;
use crate::fallible::try_filled;

/// Pairings (their cells) and attacker stones without one, remembered per defender set.
#[derive(Clone, Copy, Default)]
struct Slot<W: Word> {
    defender: W,
    /// Whether the slot holds anything (`defender` may be 0).
    used: bool,
    zones: [W; WAYS],
    found: u8,
    none: [W; WAYS],
    refuted: u8,
}

/// How many pairings and how many attacker sets a slot keeps (the newest).
const WAYS: usize = 6;

/// A table that starts small and grows with use (see `ZoneTable` in the solver): most
/// searches ask few questions, and clearing a big table would cost them more than they save.
pub(super) struct Memo<W: Word> {
    slots: Vec<Slot<W>>,
    puts: usize,
}

const FIRST_SLOTS: usize = 1 << 8;
const MOST_SLOTS: usize = 1 << 16;

/// What the memo knows about a position.
pub(super) enum Known<W: Word> {
    /// A pairing of these cells blocks it.
    Blocked(W),
    /// A search found none for fewer attacker stones.
    Open,
    Unknown,
}

impl<W: Word> Memo<W> {
    pub(super) fn new() -> Memo<W> {
        Memo { slots: Vec::new(), puts: 0 }
    }

    fn at(&self, defender: W) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (defender.digest().wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize
    }

    pub(super) fn get(&self, attacker: W, defender: W) -> Known<W> {
        if self.slots.is_empty() {
            return Known::Unknown;
        }
        let slot = &self.slots[self.at(defender)];
        if !slot.used || slot.defender != defender {
            return Known::Unknown;
        }
        if let Some(&zone) =
            slot.zones[..usize::from(slot.found)].iter().find(|&&zone| (zone & attacker).is_zero())
        {
            return Known::Blocked(zone);
        }
        if slot.none[..usize::from(slot.refuted)].iter().any(|&fewer| (fewer & !attacker).is_zero()) {
            return Known::Open;
        }
        Known::Unknown
    }

    /// Remembers the answer for (`attacker`, `defender`): the cells of the pairing found, or
    /// `None` when there was none.
    pub(super) fn put(&mut self, attacker: W, defender: W, zone: Option<W>) {
        if self.puts >= self.slots.len() {
            self.grow();
        }
        if self.slots.is_empty() {
            return;
        }
        self.puts += 1;
        let at = self.at(defender);
        let slot = &mut self.slots[at];
        if !slot.used || slot.defender != defender {
            *slot = Slot { defender, used: true, ..Slot::default() };
        }
        // The newest first, the oldest dropped.
        let (list, count) = match zone {
            Some(_) => (&mut slot.zones, &mut slot.found),
            None => (&mut slot.none, &mut slot.refuted),
        };
        list.copy_within(..WAYS - 1, 1);
        list[0] = zone.unwrap_or(attacker);
        *count = (*count + 1).min(WAYS as u8);
    }

    /// A table four times bigger (the first one at first), up to `MOST_SLOTS`; what it held
    /// is dropped (cheaper than moving it, and only a cache). Stays as it is when memory runs
    /// short.
    fn grow(&mut self) {
        let size = if self.slots.is_empty() { FIRST_SLOTS } else { self.slots.len() * 4 };
        if size > MOST_SLOTS {
            return;
        }
        if let Ok(slots) = try_filled(Slot::default(), size) {
            (self.slots, self.puts) = (slots, 0);
        }
    }
}
