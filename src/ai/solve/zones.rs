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
use crate::ai::bitboard::Bits;
use crate::error::Error;
use crate::fallible::try_filled;

/// The result of a proof: the attacker wins, or it cannot win, with the zone of the proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Proof {
    Win,
    Hold(u64),
}

/// Below this many empty cells a pairing is not looked for (each look costs up to a few
/// hundred steps; near the end a search is cheaper).
const PAIRING_MIN_EMPTY: u32 = 10;

/// Remembered proofs: the position's key, and its zone in the canonical orientation (or
/// `WIN`) with the defender's best answer where it has one.
#[derive(Clone, Copy, Default)]
pub(super) struct Slot {
    key: u64,
    zone: u64,
    best: u8,
}

/// No real cell is bit 63 (it is the padding bit of the last row), so this marks a win.
const WIN: u64 = 1 << 63;

/// Starts small and grows with the proof, up to a size set by the budget: most proofs are
/// small, and clearing a table sized for the largest would cost more than they do.
pub(super) struct ZoneTable {
    slots: Vec<Slot>,
    most: usize,
    puts: usize,
}

/// The first size of a zone table (a power of two), and how much it grows at a time.
const FIRST_SLOTS: usize = 1 << 10;
const GROWTH: usize = 4;

impl ZoneTable {
    /// A table that grows to at most `most` slots (a power of two).
    pub(super) fn new(most: usize) -> Result<ZoneTable, Error> {
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

    fn get(&self, key: u64) -> Option<Slot> {
        let slot = self.slots[key as usize & (self.slots.len() - 1)];
        (slot.key == key && key != 0).then_some(slot)
    }

    fn put(&mut self, slot: Slot) {
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
pub(super) struct Pos {
    pub(super) a: u64,
    pub(super) d: u64,
    /// The attacker's newest stone (a one-bit mask), 0 at the start of a proof.
    newest: u64,
    hash: [u64; 8],
}

/// Keys that tell the two questions apart (which colour attacks) and whose move it is.
const ATTACKER_KEY: [u64; 2] = [0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344];
const DEFENDER_TO_MOVE: u64 = 0xa409_3822_299f_31d0;

impl Solver<'_> {
    /// The start of a proof from stones `a` (attacker, of stone colour `colour`) and `d`.
    pub(super) fn pos(&self, a: u64, d: u64, colour: usize) -> Pos {
        let mut hash = [ATTACKER_KEY[colour]; 8];
        for (bits, c) in [(a, colour), (d, 1 - colour)] {
            for b in Bits(bits) {
                self.toggle(&mut hash, b, c);
            }
        }
        Pos { a, d, newest: 0, hash }
    }

    /// `pos` after a stone on `bit`, the attacker's or the defender's.
    fn put_stone(&self, pos: &Pos, bit: u32, attacker: bool, colour: usize) -> Pos {
        let mut next = *pos;
        let c = if attacker { colour } else { 1 - colour };
        self.toggle(&mut next.hash, bit, c);
        if attacker {
            next.a |= 1 << bit;
            next.newest = 1 << bit;
        } else {
            next.d |= 1 << bit;
        }
        next
    }

    /// The zone table's key and symmetry for `pos`.
    fn zone_key(&self, pos: &Pos, defender_to_move: bool) -> (u64, usize) {
        let (key, sym) = self.canonical_of(&pos.hash);
        (key ^ if defender_to_move { DEFENDER_TO_MOVE } else { 0 }, sym)
    }

    /// `zone` mapped through a permutation of bits.
    fn map_zone(zone: u64, perm: &[u8; 64]) -> u64 {
        Bits(zone).fold(0, |out, b| out | 1 << perm[b as usize])
    }

    fn remember(&mut self, key: u64, sym: usize, proof: Proof, best: u32) {
        let zone = match proof {
            Proof::Win => WIN,
            Proof::Hold(zone) => Self::map_zone(zone, &self.fwd[sym]),
        };
        let best = if best < 64 { self.fwd[sym][best as usize] } else { 64 };
        if let Some(table) = self.zones.as_mut() {
            table.put(Slot { key, zone, best });
        }
    }

    fn recall(&self, key: u64, sym: usize) -> Option<(Proof, Option<u32>)> {
        let slot = self.zones.as_ref()?.get(key)?;
        let proof = match slot.zone {
            WIN => Proof::Win,
            zone => Proof::Hold(Self::map_zone(zone, &self.back[sym])),
        };
        Some((proof, (slot.best < 64).then(|| u32::from(self.back[sym][slot.best as usize]))))
    }

    /// The Erdős–Selfridge weight of the windows the attacker can still fill: the sum of
    /// 2^-(empty cells) over them, in units of 2^-64. With the attacker to move, a weight
    /// below one half means the defender can block them all; with the defender to move, below
    /// one.
    fn danger(&self, pos: &Pos, empty: u64) -> u128 {
        let mut sum = 0u128;
        for &w in &self.windows {
            if w & pos.d == 0 {
                sum += 1u128 << (64 - (w & empty).count_ones());
            }
        }
        sum
    }

    /// The defender's move of the Erdős–Selfridge strategy: the empty cell whose live windows
    /// weigh the most (any other move may lose the bound).
    fn heaviest(&self, pos: &Pos, empty: u64) -> u32 {
        let mut weight = [0u128; 64];
        for &w in &self.windows {
            if w & pos.d == 0 {
                let share = 1u128 << (64 - (w & empty).count_ones());
                Bits(w & empty).for_each(|b| weight[b as usize] += share);
            }
        }
        Bits(empty).max_by_key(|&b| (weight[b as usize], std::cmp::Reverse(b))).unwrap_or(64)
    }

    /// Whether the attacker, to move in `pos`, wins (`colour`: its stone colour).
    pub(super) fn attack(&mut self, pos: &Pos, colour: usize) -> Proof {
        if self.meter.spend(1) {
            self.aborted = true;
        }
        if self.aborted {
            return Proof::Win;
        }
        let empty = self.geo.all() & !(pos.a | pos.d);
        if self.geo.win_cells(pos.a) & empty != 0 {
            return Proof::Win;
        }
        let threats = self.geo.win_cells(pos.d) & empty;
        if threats.count_ones() >= 2 {
            return Proof::Hold(empty);
        }
        let reach = self.geo.reach(pos.a | empty) & empty;
        if reach == 0 {
            return Proof::Hold(0);
        }
        let (key, sym) = self.zone_key(pos, false);
        if let Some((proof, _)) = self.recall(key, sym) {
            return proof;
        }
        if threats == 0 && self.double_threat(pos, empty) {
            self.remember(key, sym, Proof::Win, 64);
            return Proof::Win;
        }
        if let Some(proof) = self.attack_leaf(pos, empty, reach) {
            self.remember(key, sym, proof, 64);
            return proof;
        }
        let proof = if threats != 0 {
            self.forced_block(pos, colour, empty, threats)
        } else {
            self.every_attack(pos, colour, empty)
        };
        if !self.aborted {
            self.remember(key, sym, proof, 64);
        }
        proof
    }

    /// True when the attacker, to move with no threat against it, has a move that makes two
    /// threats at once (a cell of two windows it has filled but for two cells each, or of one
    /// filled but for three, ...): the defender can block only one. Tried before any search,
    /// since a search that meets another move first can spend millions of nodes proving it
    /// does not win.
    fn double_threat(&self, pos: &Pos, empty: u64) -> bool {
        let k = self.geo.rules().k();
        let mut near = 0u64;
        for &w in &self.windows {
            if w & pos.d == 0 && (w & empty).count_ones() == 2 && k >= 2 {
                near |= w & empty;
            }
        }
        Bits(near).any(|b| (self.geo.win_cells(pos.a | 1 << b) & empty & !(1 << b)).count_ones() >= 2)
    }

    /// A proof without search that the attacker, to move, cannot win: the Erdős–Selfridge
    /// bound, or a pairing of what is left.
    fn attack_leaf(&mut self, pos: &Pos, empty: u64, reach: u64) -> Option<Proof> {
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
    fn forced_block(&mut self, pos: &Pos, colour: usize, empty: u64, t: u64) -> Proof {
        let bit = t.trailing_zeros();
        match self.defend(&self.put_stone(pos, bit, true, colour), colour).0 {
            Proof::Win => Proof::Win,
            Proof::Hold(zone) => {
                let zone = zone | t;
                let saturated = pos.a | (empty & !zone);
                let safe = !self.geo.has_line(saturated) && self.geo.win_cells(saturated) & zone & !t == 0;
                Proof::Hold(if safe { zone } else { empty })
            }
        }
    }

    /// Every attacker move that the zones so far leave open, best first.
    fn every_attack(&mut self, pos: &Pos, colour: usize, empty: u64) -> Proof {
        let mut list = [0u32; 64];
        let n = self.ranked(pos.a, pos.d, empty, &mut list);
        let (mut open, mut zone) = (empty, 0u64);
        for &bit in &list[..n] {
            if open & 1 << bit == 0 {
                continue;
            }
            match self.defend(&self.put_stone(pos, bit, true, colour), colour).0 {
                Proof::Win => return Proof::Win,
                Proof::Hold(z) => {
                    open &= z;
                    zone |= z;
                }
            }
            if self.aborted {
                return Proof::Win;
            }
        }
        Proof::Hold(zone)
    }

    /// Whether the attacker wins with the defender to move in `pos`; with the defender's
    /// answer (a bit, 64 for none) when it does not.
    pub(super) fn defend(&mut self, pos: &Pos, colour: usize) -> (Proof, u32) {
        if self.meter.spend(1) {
            self.aborted = true;
        }
        if self.aborted {
            return (Proof::Win, 64);
        }
        let empty = self.geo.all() & !(pos.a | pos.d);
        let own = self.geo.win_cells(pos.d) & empty;
        if own != 0 {
            let bit = own.trailing_zeros();
            // The defender completes a line; the zone must keep the attacker from having one
            // already once it is given every other cell.
            let zone = if self.geo.has_line(pos.a | (empty & !(1 << bit))) { empty } else { 1 << bit };
            return (Proof::Hold(zone), bit);
        }
        let threats = self.geo.win_cells(pos.a) & empty;
        if threats.count_ones() >= 2 {
            return (Proof::Win, 64);
        }
        let reach = self.geo.reach(pos.a | empty) & empty;
        if reach == 0 {
            return (Proof::Hold(0), empty.trailing_zeros().min(64));
        }
        let (key, sym) = self.zone_key(pos, true);
        let mut first = None;
        if let Some((proof, best)) = self.recall(key, sym) {
            match proof {
                Proof::Win => return (proof, 64),
                Proof::Hold(_) => return (proof, best.unwrap_or(64)),
            }
        }
        if threats == 0 && self.danger(pos, empty) < 1 << 64 {
            let (proof, bit) = (Proof::Hold(reach), self.heaviest(pos, empty));
            self.remember(key, sym, proof, bit);
            return (proof, bit);
        }
        let moves = if threats != 0 { threats } else { reach };
        let mut list = [0u32; 64];
        let n = self.ranked(pos.d, pos.a, moves, &mut list);
        if threats == 0 {
            first = self.blocking_answer(pos, empty, &list[..n]);
        }
        let order = first.into_iter().chain(list[..n].iter().copied().filter(|&b| Some(b) != first));
        for bit in order {
            if let Proof::Hold(zone) = self.attack(&self.put_stone(pos, bit, false, colour), colour) {
                if self.aborted {
                    break;
                }
                let proof = Proof::Hold(zone | 1 << bit);
                self.remember(key, sym, proof, bit);
                return (proof, bit);
            }
            if self.aborted {
                break;
            }
        }
        if !self.aborted {
            self.remember(key, sym, Proof::Win, 64);
        }
        (Proof::Win, 64)
    }

    /// The first of `moves` after which a pairing of what is left blocks the attacker, when
    /// such looks still pay (see `Solver::blocking_move_first`).
    fn blocking_answer(&mut self, pos: &Pos, empty: u64, moves: &[u32]) -> Option<u32> {
        if empty.count_ones() <= super::PROBE_MIN_EMPTY {
            return None;
        }
        let pays = self.probes < super::PROBE_WARMUP || self.probe_hits * super::PROBE_RATIO >= self.probes;
        let live = self.live.as_mut().filter(|_| pays)?;
        let before = live.steps();
        let found = moves.iter().copied().find(|&bit| live.blocks_after(pos.a, pos.d | 1 << bit, pos.newest));
        self.meter.add(live.steps() - before);
        self.probes += 1;
        self.probe_hits += u64::from(found.is_some());
        found
    }

    /// The bits of `moves` for the side with stones `me` (the other side: `opp`), most
    /// promising first (`Solver::potential`, then the static order). Returns how many.
    fn ranked(&self, me: u64, opp: u64, moves: u64, list: &mut [u32; 64]) -> usize {
        let mut keys = [(0u32, 0u8); 64];
        let mut n = 0;
        for b in Bits(moves) {
            let (value, _) = self.potential_of(me, opp, b);
            keys[b as usize] = (u32::MAX - value, self.rank[b as usize]);
            list[n] = b;
            n += 1;
        }
        list[..n].sort_unstable_by_key(|&b| keys[b as usize]);
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
mod tests {
    use super::*;
    use crate::ai::bitboard::Geometry;
    use crate::ai::budget::Meter;
    use crate::ai::rng::Rng;
    use crate::ai::Budget;
    use crate::rules::Rules;
    use std::collections::HashMap;
    use std::time::Instant;

    /// Plain minimax: does the attacker win from (`a`, `d`)?
    fn wins(
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
    fn position(geo: &Geometry, rng: &mut Rng, stones: usize) -> Option<(u64, u64)> {
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

    fn check_board(rows: u32, cols: u32, k: u32, samples: usize, seed: u64) -> [usize; 3] {
        let geo = Geometry::new(Rules::new(rows, cols, k).unwrap()).unwrap();
        let cells = geo.all().count_ones();
        let meter = Meter::new(Budget::nodes(u64::MAX), Instant::now());
        let mut solver = Solver::new(&geo, meter, cells).unwrap();
        solver.zone_table(1 << 12).unwrap();
        let mut memo = HashMap::new();
        let mut rng = Rng::new(seed);
        let mut seen = [0; 3]; // wins, holds, holds with a zone smaller than the empty cells
        for _ in 0..samples {
            let stones = rng.below(cells as usize);
            let Some((a, d)) = position(&geo, &mut rng, stones) else { continue };
            let empty = geo.all() & !(a | d);
            for attacker_to_move in [true, false] {
                let pos = solver.pos(a, d, 0);
                let (proof, answer) =
                    if attacker_to_move { (solver.attack(&pos, 0), 64) } else { solver.defend(&pos, 0) };
                let truth = wins(&geo, a, d, attacker_to_move, &mut memo);
                assert_eq!(
                    proof == Proof::Win,
                    truth,
                    "{rows},{cols},{k} a {a:#x} d {d:#x} {attacker_to_move}"
                );
                let Proof::Hold(zone) = proof else {
                    seen[0] += 1;
                    continue;
                };
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

    #[test]
    #[cfg_attr(miri, ignore)] // minimax over thousands of positions
    fn proofs_and_zones_match_plain_minimax() {
        for (rows, cols, k, samples) in
            [(3, 4, 3, 2000), (4, 4, 3, 1000), (4, 4, 4, 1000), (3, 5, 3, 1000), (2, 7, 3, 1000)]
        {
            let [won, held, zoned] =
                check_board(rows, cols, k, samples, u64::from(rows * 100 + cols * 10 + k));
            // Each board shows every kind of answer, zones narrower than the board among them.
            assert!(won > 0 && held > 0 && zoned > 0, "{rows},{cols},{k}: {won} {held} {zoned}");
        }
    }
}
