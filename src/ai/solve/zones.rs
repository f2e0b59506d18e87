//! Win/no-win proofs with relevance zones: does the attacker (one side, fixed for the whole
//! search) win, whoever moves first? A proof that it does not comes with a zone, a set of
//! empty cells such that the proof still holds when every other empty cell is given to the
//! attacker. So when the defender's answer to one attacker move is proved with zone Z, every
//! attacker move outside Z is refuted by the same answer, and only the moves inside Z are left
//! to search. That is what makes drawn boards such as 7,7,5 small: most attacker moves are
//! far from where the fight is.
//!
//! Why the rule holds: adding attacker stones outside Z keeps the proof (that is the zone's
//! meaning), and removing an attacker stone never helps the attacker (an extra stone never
//! hurts in an m,n,k-game). After attacker move m outside Z and the same answer r, the
//! position has the first move's stone possibly missing and m added outside Z: covered.
//!
//! Leaves: a pairing of empty cells covering every window the attacker can still fill (zone:
//! the pairs), the Erdős–Selfridge bound (the attacker's remaining chances weigh less than
//! one half; zone: every empty cell of those windows), no window left (empty zone), and the
//! defender completing a line first. Where a leaf's zone would need care (a defender's double
//! threat, a defender's winning move) the zone is every empty cell, which is always right.

use super::Solver;
use crate::ai::bitboard::{Bits, Word};
use crate::error::Error;
use crate::fallible::try_filled;

pub(crate) mod certify;
mod dfpn;
mod wins;
pub(super) use dfpn::NumberTable;

/// The result of a proof, with its zone: the attacker wins (and still does when any empty
/// cells outside the zone are given to the defender, see `wins`), or it cannot win (and still
/// cannot when every empty cell outside the zone is given to the attacker).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Proof<W: Word> {
    Win(W),
    Hold(W),
}

impl<W: Word> Proof<W> {
    pub(super) fn is_win(self) -> bool {
        matches!(self, Proof::Win(_))
    }
}

/// Below this many empty cells a pairing is not looked for (each look costs up to a few
/// hundred steps; near the end a search is cheaper).
const PAIRING_MIN_EMPTY: u32 = 10;

/// Remembered proofs: the position's key, and its zone in the canonical orientation (with the
/// `win` bit for a win) with the defender's best answer where it has one.
#[derive(Clone, Copy, Default)]
pub(super) struct Slot<W: Word> {
    key: u64,
    zone: W,
    best: u8,
}

/// No real cell is the top bit of a word (it is the padding bit of the last row), so a zone
/// with that bit marks a win.
fn win<W: Word>() -> W {
    W::bit(W::BITS - 1)
}

/// The Erdős–Selfridge weight of a window with `empty` empty cells, 2^-cells in units of
/// 2^-64. Past 64 cells (only windows of k > 64 have them) it is rounded up to one unit: a sum
/// of weights is never below the true one, so a sum under a bound proves the bound.
fn window_weight<W: Word>(empty: W) -> u128 {
    64u32.checked_sub(empty.count_ones()).map_or(1, |e| 1 << e)
}

/// Starts small and grows with the proof, up to a size set by the budget: most proofs are
/// small, and clearing a table sized for the largest would cost more than they do.
pub(super) struct ZoneTable<W: Word> {
    slots: Vec<Slot<W>>,
    most: usize,
    puts: usize,
}

/// The first size of a zone table (a power of two), and how much it grows at a time.
const FIRST_SLOTS: usize = 1 << 10;
const GROWTH: usize = 4;

impl<W: Word> ZoneTable<W> {
    /// A table that grows to at most `most` slots (a power of two).
    pub(super) fn new(most: usize) -> Result<ZoneTable<W>, Error> {
        let slots = try_filled(Slot::default(), FIRST_SLOTS.min(most))?;
        Ok(ZoneTable { slots, most, puts: 0 })
    }

    /// Once it has taken as many proofs as it has slots, a table moves to one `GROWTH` times
    /// bigger (while the budget allows; if memory runs short it just stays as it is).
    fn grow(&mut self) {
        let size = self.slots.len() * GROWTH;
        if size > self.most {
            return;
        }
        let Ok(bigger) = try_filled(Slot::default(), size) else { return };
        let old = std::mem::replace(&mut self.slots, bigger);
        for slot in old.into_iter().filter(|s| s.key != 0) {
            self.put(slot);
        }
        self.puts = 0;
    }

    fn get(&self, key: u64) -> Option<Slot<W>> {
        let slot = self.slots[key as usize & (self.slots.len() - 1)];
        (slot.key == key && key != 0).then_some(slot)
    }

    fn put(&mut self, slot: Slot<W>) {
        self.puts += 1;
        if self.puts > self.slots.len() {
            self.grow();
        }
        let at = slot.key as usize & (self.slots.len() - 1);
        self.slots[at] = slot;
    }
}

/// A position of the proof: attacker and defender stones, and one hash per symmetry.
#[derive(Clone, Copy)]
pub(super) struct Pos<W: Word> {
    pub(super) a: W,
    pub(super) d: W,
    /// The attacker's newest stone (a one-bit mask), 0 at the start of a proof.
    newest: W,
    hash: [u64; 8],
}

/// Keys that tell the two questions apart (which colour attacks) and whose move it is.
const ATTACKER_KEY: [u64; 2] = [0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344];
const DEFENDER_TO_MOVE: u64 = 0xa409_3822_299f_31d0;

impl<W: Word> Solver<'_, W> {
    /// The start of a proof from stones `a` (attacker, of stone colour `colour`) and `d`.
    pub(super) fn pos(&self, a: W, d: W, colour: usize) -> Pos<W> {
        let mut hash = [ATTACKER_KEY[colour]; 8];
        for (bits, c) in [(a, colour), (d, 1 - colour)] {
            for b in Bits(bits) {
                self.toggle(&mut hash, b, c);
            }
        }
        Pos { a, d, newest: W::ZERO, hash }
    }

    /// `pos` after a stone on `bit`, the attacker's or the defender's.
    fn put_stone(&self, pos: &Pos<W>, bit: u32, attacker: bool, colour: usize) -> Pos<W> {
        let mut next = *pos;
        let c = if attacker { colour } else { 1 - colour };
        self.toggle(&mut next.hash, bit, c);
        if attacker {
            next.a |= W::bit(bit);
            next.newest = W::bit(bit);
        } else {
            next.d |= W::bit(bit);
        }
        next
    }

    /// The zone table's key and symmetry for `pos`.
    fn zone_key(&self, pos: &Pos<W>, defender_to_move: bool) -> (u64, usize) {
        let (key, sym) = self.canonical_of(&pos.hash);
        (key ^ if defender_to_move { DEFENDER_TO_MOVE } else { 0 }, sym)
    }

    /// `zone` mapped through a permutation of bits.
    pub(super) fn map_zone(zone: W, perm: &W::PerBit<u8>) -> W {
        Bits(zone).fold(W::ZERO, |out, b| out | W::bit(u32::from(perm.as_ref()[b as usize])))
    }

    fn remember(&mut self, key: u64, sym: usize, proof: Proof<W>, best: u32) {
        let zone = match proof {
            Proof::Win(zone) => Self::map_zone(zone, &self.fwd[sym]) | win(),
            Proof::Hold(zone) => Self::map_zone(zone, &self.fwd[sym]),
        };
        let best = if best < W::BITS { self.fwd[sym].as_ref()[best as usize] } else { W::BITS as u8 };
        if let Some(table) = self.zones.as_mut() {
            table.put(Slot { key, zone, best });
        }
    }

    fn recall(&self, key: u64, sym: usize) -> Option<(Proof<W>, Option<u32>)> {
        let slot = self.zones.as_ref()?.get(key)?;
        let zone = Self::map_zone(slot.zone & !win::<W>(), &self.back[sym]);
        let proof = if slot.zone.has(W::BITS - 1) { Proof::Win(zone) } else { Proof::Hold(zone) };
        let best = u32::from(slot.best);
        Some((proof, (best < W::BITS).then(|| u32::from(self.back[sym].as_ref()[best as usize]))))
    }

    /// The Erdős–Selfridge weight of the windows the attacker can still fill: the sum of
    /// 2^-(empty cells) over them, in units of 2^-64. With the attacker to move, a weight
    /// below one half means the defender can block them all; with the defender to move, below
    /// one.
    fn danger(&self, pos: &Pos<W>, empty: W) -> u128 {
        let mut sum = 0u128;
        for &w in &self.windows {
            if (w & pos.d).is_zero() {
                sum += window_weight(w & empty);
            }
        }
        sum
    }

    /// The defender's move of the Erdős–Selfridge strategy: the empty cell whose live windows
    /// weigh the most (any other move may lose the bound).
    fn heaviest(&self, pos: &Pos<W>, empty: W) -> u32 {
        let mut weight = W::per_bit(0u128);
        let weight = weight.as_mut();
        for &w in &self.windows {
            if (w & pos.d).is_zero() {
                let share = window_weight(w & empty);
                Bits(w & empty).for_each(|b| weight[b as usize] += share);
            }
        }
        Bits(empty).max_by_key(|&b| (weight[b as usize], std::cmp::Reverse(b))).unwrap_or(W::BITS)
    }

    /// Whether the attacker, to move in `pos`, wins (`colour`: its stone colour).
    pub(super) fn attack(&mut self, pos: &Pos<W>, colour: usize) -> Proof<W> {
        if self.meter.spend(1) {
            self.aborted = true;
        } else if self.meter.used() > self.cap {
            (self.aborted, self.capped) = (true, true);
        }
        if self.aborted {
            return Proof::Win(W::ZERO);
        }
        let empty = self.geo.all() & !(pos.a | pos.d);
        let wins = self.geo.win_cells(pos.a) & empty;
        if !wins.is_zero() {
            return Proof::Win(self.guard(pos.a, empty, W::bit(wins.trailing_zeros()), 1));
        }
        let threats = self.geo.win_cells(pos.d) & empty;
        if threats.count_ones() >= 2 {
            return Proof::Hold(empty);
        }
        let reach = self.geo.reach(pos.a | empty) & empty;
        if reach.is_zero() {
            return Proof::Hold(W::ZERO);
        }
        let (key, sym) = self.zone_key(pos, false);
        if let Some((proof, _)) = self.recall(key, sym) {
            return proof;
        }
        if let Some(zone) = if threats.is_zero() { self.double_threat(pos, empty) } else { None } {
            self.remember(key, sym, Proof::Win(zone), W::BITS);
            return Proof::Win(zone);
        }
        if let Some(proof) = self.attack_leaf(pos, empty, reach) {
            self.remember(key, sym, proof, W::BITS);
            return proof;
        }
        if let Some(zone) = if threats.is_zero() { self.wins_by_fours(pos.a, pos.d) } else { None } {
            self.remember(key, sym, Proof::Win(zone), W::BITS);
            return Proof::Win(zone);
        }
        let proof = if !threats.is_zero() {
            self.forced_block(pos, colour, empty, threats)
        } else {
            self.every_attack(pos, colour, empty)
        };
        if !self.aborted {
            self.remember(key, sym, proof, W::BITS);
        }
        proof
    }

    /// When the attacker, to move with no threat against it, has a move that makes two
    /// threats at once (a cell of two windows it has filled but for two cells each, or of one
    /// filled but for three, ...), the zone of that win: the defender can block only one.
    /// Tried before any search, since a search that meets another move first can spend
    /// millions of nodes proving it does not win.
    fn double_threat(&self, pos: &Pos<W>, empty: W) -> Option<W> {
        let k = self.geo.rules().k();
        let mut near = W::ZERO;
        for &w in &self.windows {
            if (w & pos.d).is_zero() && (w & empty).count_ones() == 2 && k >= 2 {
                near |= w & empty;
            }
        }
        Bits(near).find_map(|b| {
            let (a, rest) = (pos.a | W::bit(b), empty & !W::bit(b));
            let threats = self.geo.win_cells(a) & rest;
            (threats.count_ones() >= 2).then(|| W::bit(b) | self.two_threats_zone(a, rest, threats))
        })
    }

    /// A proof without search that the attacker, to move, cannot win: the Erdős–Selfridge
    /// bound, or a pairing of what is left.
    fn attack_leaf(&mut self, pos: &Pos<W>, empty: W, reach: W) -> Option<Proof<W>> {
        if self.danger(pos, empty) < 1 << 63 {
            return Some(Proof::Hold(reach));
        }
        if empty.count_ones() < PAIRING_MIN_EMPTY {
            return None;
        }
        let live = self.live.as_mut()?;
        let before = live.steps();
        let blocks = live.blocks(pos.a, pos.d);
        self.meter.add(live.steps() - before);
        blocks.then(|| Proof::Hold(live.zone()))
    }

    /// The attacker must block the defender's one threat `t`: the only move to search. Its
    /// other moves lose to the defender completing `t`, unless one of them completes a line
    /// of the attacker's in the saturated position, which the zone check rules out.
    fn forced_block(&mut self, pos: &Pos<W>, colour: usize, empty: W, t: W) -> Proof<W> {
        let bit = t.trailing_zeros();
        match self.defend(&self.put_stone(pos, bit, true, colour), colour).0 {
            Proof::Win(zone) => Proof::Win(zone | t),
            Proof::Hold(zone) => {
                let zone = zone | t;
                let saturated = pos.a | (empty & !zone);
                let safe =
                    !self.geo.has_line(saturated) && (self.geo.win_cells(saturated) & zone & !t).is_zero();
                Proof::Hold(if safe { zone } else { empty })
            }
        }
    }

    /// Every attacker move that the zones so far leave open, best first.
    fn every_attack(&mut self, pos: &Pos<W>, colour: usize, empty: W) -> Proof<W> {
        let mut list = W::per_bit(0u32);
        let n = self.ranked(pos.a, pos.d, empty, &mut list);
        // The move that won most recently with as many stones on the board is tried first:
        // the attacker's winning moves repeat across the defender's answers, and each wrong
        // move tried before the winning one costs a whole proof that it does not win.
        // Measured in steps from the empty board: 7,6,4 1.14M to 0.19M, 4,8,4 13.2M to 12.5M,
        // 7,7,5 and 6,7,5 unchanged.
        let depth = (pos.a | pos.d).count_ones() as usize;
        let winner = u32::from(self.winners[depth]);
        if let Some(at) = list.as_ref()[..n].iter().position(|&b| b == winner) {
            list.as_mut()[..=at].rotate_right(1);
        }
        let dom = self.dominators(pos, empty);
        let dom = dom.as_ref();
        let (mut open, mut zone) = (empty, W::ZERO);
        for &bit in &list.as_ref()[..n] {
            if !open.has(bit) || u32::from(dom[bit as usize]) < W::BITS {
                continue;
            }
            match self.defend(&self.put_stone(pos, bit, true, colour), colour).0 {
                Proof::Win(z) => {
                    self.winners[depth] = bit as u8;
                    return Proof::Win(z | W::bit(bit));
                }
                Proof::Hold(z) => {
                    open &= z;
                    zone |= z;
                }
            }
            if self.aborted {
                return Proof::Win(W::ZERO);
            }
        }
        // A dominated move that no zone covers is refuted as its dominator is, which must then
        // stay empty in the saturated position (`dominance`).
        for x in Bits(open) {
            if u32::from(dom[x as usize]) < W::BITS {
                zone |= W::bit(u32::from(dom[x as usize]));
            }
        }
        Proof::Hold(zone)
    }

    /// Whether the attacker wins with the defender to move in `pos`; with the defender's
    /// answer (a bit, `W::BITS` for none) when it does not.
    pub(super) fn defend(&mut self, pos: &Pos<W>, colour: usize) -> (Proof<W>, u32) {
        if self.meter.spend(1) {
            self.aborted = true;
        } else if self.meter.used() > self.cap {
            (self.aborted, self.capped) = (true, true);
        }
        if self.aborted {
            return (Proof::Win(W::ZERO), W::BITS);
        }
        let empty = self.geo.all() & !(pos.a | pos.d);
        let own = self.geo.win_cells(pos.d) & empty;
        if !own.is_zero() {
            let bit = own.trailing_zeros();
            // The defender completes a line; the zone must keep the attacker from having one
            // already once it is given every other cell.
            let zone = if self.geo.has_line(pos.a | (empty & !W::bit(bit))) { empty } else { W::bit(bit) };
            return (Proof::Hold(zone), bit);
        }
        let threats = self.geo.win_cells(pos.a) & empty;
        if threats.count_ones() >= 2 {
            return (Proof::Win(self.two_threats_zone(pos.a, empty, threats)), W::BITS);
        }
        let reach = self.geo.reach(pos.a | empty) & empty;
        if reach.is_zero() {
            return (Proof::Hold(W::ZERO), empty.trailing_zeros().min(W::BITS));
        }
        let (key, sym) = self.zone_key(pos, true);
        let mut first = None;
        if let Some((proof, best)) = self.recall(key, sym) {
            match proof {
                Proof::Win(_) => return (proof, W::BITS),
                Proof::Hold(_) => return (proof, best.unwrap_or(W::BITS)),
            }
        }
        if threats.is_zero() && self.danger(pos, empty) < 1 << 64 {
            let (proof, bit) = (Proof::Hold(reach), self.heaviest(pos, empty));
            self.remember(key, sym, proof, bit);
            return (proof, bit);
        }
        // Not only the cells the attacker can still use: a defender's stone elsewhere may make
        // threats of its own that hold. Only a cell on no window either side can fill is a
        // pass, which no other stone does worse than.
        let moves = if threats.is_zero() { reach | (self.geo.reach(pos.d | empty) & empty) } else { threats };
        let mut list = W::per_bit(0u32);
        let n = self.ranked(pos.d, pos.a, moves, &mut list);
        if threats.is_zero() {
            first = self.blocking_answer(pos, empty, &list.as_ref()[..n]);
        }
        // At the root of `optimal`'s proofs, the answer that held against the last class of
        // moves is tried next: one answer (a central cell) holds against many of them.
        let depth = (pos.a | pos.d).count_ones() as usize;
        let held = Some(u32::from(self.held))
            .filter(|&b| depth == self.held_depth && b < W::BITS && moves.has(b) && Some(b) != first);
        let rest = list.as_ref()[..n].iter().copied().filter(|&b| Some(b) != first && Some(b) != held);
        let order = first.into_iter().chain(held).chain(rest);
        // A dominated answer holds only where its dominator, tried too, does (`dominance`);
        // found only once the first answer has failed, as it seldom does. An answer outside
        // the zone of a failed one fails the same way (`wins`): only those inside every such
        // zone so far are left open.
        let mut dom = None;
        let (mut open, mut zone) = (moves, W::ZERO);
        for bit in order {
            if !open.has(bit) {
                continue;
            }
            if Some(bit) != first && threats.is_zero() {
                let dom = dom.get_or_insert_with(|| self.dominators(pos, moves));
                if u32::from(dom.as_ref()[bit as usize]) < W::BITS {
                    continue;
                }
            }
            let proof = self.attack(&self.put_stone(pos, bit, false, colour), colour);
            if self.aborted {
                break;
            }
            match proof {
                Proof::Hold(z) => {
                    let proof = Proof::Hold(z | W::bit(bit));
                    if depth == self.held_depth {
                        self.held = bit as u8;
                    }
                    self.remember(key, sym, proof, bit);
                    return (proof, bit);
                }
                Proof::Win(z) => {
                    open &= z;
                    zone |= z | W::bit(bit);
                }
            }
        }
        if self.aborted {
            return (Proof::Win(W::ZERO), W::BITS);
        }
        let proof = Proof::Win(self.lost_answers_zone(pos.a, empty, zone, open, dom, threats));
        self.remember(key, sym, proof, W::BITS);
        (proof, W::BITS)
    }

    /// The first of `moves` after which a pairing of what is left blocks the attacker, when
    /// such looks still pay (see `Solver::blocking_move_first`): one the pairing memo already
    /// knows, else the first found by searches of the answers that blocked most recently at
    /// this depth, then of the others in order (`super::BLOCKERS`).
    fn blocking_answer(&mut self, pos: &Pos<W>, empty: W, moves: &[u32]) -> Option<u32> {
        if empty.count_ones() <= super::PROBE_MIN_EMPTY {
            return None;
        }
        let pays = self.probes < super::PROBE_WARMUP || self.probe_hits * super::PROBE_RATIO >= self.probes;
        let live = self.live.as_mut().filter(|_| pays)?;
        let before = live.steps();
        let recent = &mut self.blockers[(pos.a | pos.d).count_ones() as usize];
        let mut found = moves.iter().copied().find(|&bit| live.known(pos.a, pos.d | W::bit(bit)));
        if found.is_none() {
            let first = recent.iter().map(|&b| u32::from(b)).filter(|b| moves.contains(b));
            let rest = moves.iter().copied().filter(|&b| !recent.contains(&(b as u8)));
            let mut searches = 0;
            for bit in first.chain(rest) {
                if searches == super::BLOCKING_SEARCHES {
                    break;
                }
                let steps = live.steps();
                if live.blocks_after(pos.a, pos.d | W::bit(bit), pos.newest) {
                    found = Some(bit);
                    break;
                }
                // A memo's answer costs no step and is no search.
                searches += u32::from(live.steps() > steps);
            }
        }
        if let Some(bit) = found {
            // Moved to the front; the oldest drops out when it was not there.
            let at = recent.iter().position(|&b| u32::from(b) == bit).unwrap_or(super::BLOCKERS - 1);
            recent[..=at].rotate_right(1);
            recent[0] = bit as u8;
        }
        self.meter.add(live.steps() - before);
        self.probes += 1;
        self.probe_hits += u64::from(found.is_some());
        found
    }

    /// The bits of `moves` for the side with stones `me` (the other side: `opp`), most
    /// promising first (`Solver::potential`, then the static order). Returns how many.
    fn ranked(&self, me: W, opp: W, moves: W, list: &mut W::PerBit<u32>) -> usize {
        // Each move's key and bit packed in one integer: sorting those needs no lookups.
        let mut keys = W::per_bit(0u64);
        let (keys, list) = (keys.as_mut(), list.as_mut());
        let mut n = 0;
        for b in Bits(moves) {
            let (value, _) = self.potential_of(me, opp, b);
            let rank = u64::from(self.rank.as_ref()[b as usize]);
            keys[n] = u64::from(u32::MAX - value) << 16 | rank << 8 | u64::from(b);
            n += 1;
        }
        keys[..n].sort_unstable();
        for (slot, key) in list.iter_mut().zip(&keys[..n]) {
            *slot = (key & 0xff) as u32;
        }
        n
    }

    /// Allocates the zone table for a search of at most `entries` positions.
    pub(super) fn zone_table(&mut self, entries: usize) -> Result<(), Error> {
        if self.zones.is_none() {
            self.zones = Some(ZoneTable::new(entries)?);
        }
        Ok(())
    }
}

/// Every answer of the proofs checked against plain minimax on positions of small boards where
/// minimax finishes: the win or no-win, the defender's answer, and each zone's claim (the
/// position with every empty cell outside the zone given to the attacker is still no win).
#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// No window weighs less than 2^-cells, in units of 2^-64, up to the widest word.
    #[test]
    fn window_weights_never_fall_below_the_true_weight() {
        for cells in 0..=128u32 {
            let empty = if cells == 128 { u128::MAX } else { (1u128 << cells) - 1 };
            let weight = window_weight(empty);
            // weight * 2^-64 >= 2^-cells, that is weight >= 2^(64 - cells).
            assert!(weight >= 1 && (cells > 64 || weight >= 1 << (64 - cells)), "{cells}: {weight}");
        }
    }
    use crate::ai::bitboard::Geometry;
    use crate::ai::budget::Meter;
    use crate::ai::rng::Rng;
    use crate::ai::Budget;
    use crate::rules::Rules;
    use std::collections::HashMap;
    use std::time::Instant;

    /// Plain minimax: does the attacker win from (`a`, `d`)?
    pub(in crate::ai::solve) fn wins(
        geo: &Geometry,
        a: u64,
        d: u64,
        attacker_to_move: bool,
        memo: &mut HashMap<(u64, u64), bool>,
    ) -> bool {
        if geo.has_line(a) {
            return true;
        }
        let empty = geo.all() & !(a | d);
        if geo.has_line(d) || empty == 0 {
            return false;
        }
        // The stones tell whose move it is within one board's positions only if both sides
        // are keyed: memo on (a, d) plus the mover folded into an unused bit.
        let key = (a | u64::from(attacker_to_move) << 63, d);
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let v = if attacker_to_move {
            Bits(empty).any(|b| wins(geo, a | 1 << b, d, false, memo))
        } else {
            Bits(empty).all(|b| wins(geo, a, d | 1 << b, true, memo))
        };
        memo.insert(key, v);
        v
    }

    /// Random positions without a line: `stones` stones, alternately the attacker's and the
    /// defender's (the attacker's first).
    pub(in crate::ai::solve) fn position(geo: &Geometry, rng: &mut Rng, stones: usize) -> Option<(u64, u64)> {
        let (mut a, mut d) = (0u64, 0u64);
        for i in 0..stones {
            let empty: Vec<u32> = Bits(geo.all() & !(a | d)).collect();
            let bit = 1u64 << empty[rng.below(empty.len())];
            if i % 2 == 0 {
                a |= bit;
            } else {
                d |= bit;
            }
            if geo.has_line(a) || geo.has_line(d) {
                return None;
            }
        }
        Some((a, d))
    }

    /// Compares `samples` random positions of at least `fewest` stones with plain minimax.
    fn check_board(rows: u32, cols: u32, k: u32, samples: usize, fewest: usize, seed: u64) -> [usize; 4] {
        let geo = Geometry::<u64>::new(Rules::new(rows, cols, k).unwrap()).unwrap();
        let cells = geo.all().count_ones();
        let meter = Meter::new(Budget::nodes(u64::MAX), Instant::now());
        let mut solver = Solver::new(&geo, meter, cells).unwrap();
        solver.zone_table(1 << 12).unwrap();
        let mut memo = HashMap::new();
        let mut rng = Rng::new(seed);
        // Wins, holds, holds with a zone smaller than the empty cells, wins with one.
        let mut seen = [0; 4];
        for _ in 0..samples {
            let stones = fewest + rng.below(cells as usize - fewest);
            let Some((a, d)) = position(&geo, &mut rng, stones) else { continue };
            let empty = geo.all() & !(a | d);
            for attacker_to_move in [true, false] {
                let pos = solver.pos(a, d, 0);
                let (proof, answer) =
                    if attacker_to_move { (solver.attack(&pos, 0), 64) } else { solver.defend(&pos, 0) };
                let truth = wins(&geo, a, d, attacker_to_move, &mut memo);
                assert_eq!(proof.is_win(), truth, "{rows},{cols},{k} a {a:#x} d {d:#x} {attacker_to_move}");
                if let Proof::Win(zone) = proof {
                    seen[0] += 1;
                    assert_eq!(zone & !empty, 0, "a zone holds only empty cells");
                    seen[3] += usize::from(zone != empty);
                    let saturated = d | (empty & !zone);
                    assert!(
                        wins(&geo, a, saturated, attacker_to_move, &mut memo),
                        "win zone {zone:#x} of a {a:#x} d {d:#x} {attacker_to_move}"
                    );
                    continue;
                }
                let Proof::Hold(zone) = proof else { unreachable!() };
                seen[1] += 1;
                assert_eq!(zone & !empty, 0, "a zone holds only empty cells");
                seen[2] += usize::from(zone != empty);
                let saturated = a | (empty & !zone);
                assert!(
                    !wins(&geo, saturated, d, attacker_to_move, &mut memo),
                    "zone {zone:#x} of a {a:#x} d {d:#x} {attacker_to_move}"
                );
                if !attacker_to_move && empty != 0 {
                    assert!(empty & 1 << answer != 0, "the answer is an empty cell");
                    assert!(!wins(&geo, a, d | 1 << answer, true, &mut memo), "answer of a {a:#x} d {d:#x}");
                }
            }
        }
        seen
    }

    /// 4,5,4 with the defender (X) to move: its only answer that holds, (3,4), is on no window
    /// the attacker (O) can still fill; it makes threats of the defender's own.
    ///
    /// ```text
    /// . X X O X
    /// . O . O .
    /// X O O . X
    /// . O X . .
    /// ```
    #[test]
    fn the_defender_answers_outside_the_attackers_windows() {
        let geo = Geometry::<u64>::new(Rules::new(4, 5, 4).unwrap()).unwrap();
        let stones = |cells: &[usize]| cells.iter().fold(0u64, |m, &c| m | 1 << geo.bit(c));
        let (a, d) = (stones(&[3, 6, 8, 11, 12, 16]), stones(&[1, 2, 4, 10, 14, 17]));
        let answer = geo.bit(19);
        assert_eq!(geo.reach(a | (geo.all() & !(a | d))) & 1 << answer, 0);
        assert!(!wins(&geo, a, d, false, &mut HashMap::new()));
        let meter = Meter::new(Budget::nodes(u64::MAX), Instant::now());
        let mut solver = Solver::new(&geo, meter, 20).unwrap();
        solver.zone_table(1 << 12).unwrap();
        let (proof, bit) = solver.defend(&solver.pos(a, d, 0), 0);
        assert!(matches!(proof, Proof::Hold(_)));
        assert_eq!(bit, answer);
    }

    #[test]
    #[cfg_attr(miri, ignore)] // minimax over thousands of positions
    fn proofs_and_zones_match_plain_minimax() {
        // On 20 cells, positions of at least 10 stones keep the minimax small; they are where a
        // defender's own threats off the attacker's windows decide (see the test above).
        for (rows, cols, k, samples, fewest) in [
            (3, 4, 3, 2000, 0),
            (4, 4, 3, 1000, 0),
            (4, 4, 4, 1000, 0),
            (3, 5, 3, 1000, 0),
            (2, 7, 3, 1000, 0),
            (4, 5, 4, 5000, 10),
            (5, 4, 4, 5000, 10),
        ] {
            let seed = u64::from(rows * 100 + cols * 10 + k);
            let [won, held, zoned, won_zoned] = check_board(rows, cols, k, samples, fewest, seed);
            // Each board shows every kind of answer, zones narrower than the board among them.
            let counts = format!("{rows},{cols},{k}: {won} {held} {zoned} {won_zoned}");
            assert!(won > 0 && held > 0 && zoned > 0 && won_zoned > 0, "{counts}");
        }
    }
}
