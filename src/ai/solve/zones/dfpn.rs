//! Depth-first proof-number search (df-pn; Nagai 2002, with the 1 + ε thresholds of Pawlewicz
//! and Lew 2007) for the question the zone proofs answer: does the attacker win? The zone
//! proof is alpha-beta: it must prove that each wrong attacker move fails, in full, before it
//! tries the next. Proof-number search keeps for every position two estimates, how many more
//! positions must be proved to show the attacker wins (the proof number) and to show it does
//! not (the disproof number), and always works on the position that settles the question
//! soonest, so a won position costs about the proof of its cheapest winning line.
//!
//! The leaves are those of the zone proofs, checked the same way: a line completed, two
//! threats, no window left to the attacker, the Erdős–Selfridge bound, a pairing of what is
//! left, a run of fours. A side facing one threat must block it; dominated moves are not
//! searched (`dominance`). A position not searched yet starts with 1 for the side to move and
//! its count of moves for the other (`estimate`): measured in positions searched from the
//! empty board with the proof numbers alone and ε = 1/4, that takes 5,6,4 from 51K to 12K, 7,6,4 from 88K to
//! 22K, 5,5,4 from 132K to 79K and 4,7,4 from 1.1M to 0.93M against 1 and 1. The table is
//! keyed by the position under the board's symmetries.

use super::{Pos, Proof};
use crate::ai::bitboard::{Bits, Word};
use crate::ai::solve::Solver;

mod table;
pub(in crate::ai::solve) use table::NumberTable;

/// A number past every real one: the proof number of a disproved position.
const INF: u32 = u32::MAX;

/// The 1 + ε of the thresholds, as a shift: a child is searched until its number passes the
/// second best child's by a half. Measured in positions searched (`mid` calls, without the
/// children each counts as steps) by `wins` on an empty 4,9,4, with 2^27 of them: ε = 1/4
/// 88.0M, 1/2 49.6M, 3/4 and 1 more than 2^27; over five positions after X (1,4) and an O
/// answer, with the proof numbers alone: 1/4 37.4M, 1/2 31.8M, 1 35.9M.
const EPSILON_SHIFT: u32 = 1;

/// Proof and disproof numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(in crate::ai::solve) struct Numbers {
    pn: u32,
    dn: u32,
}

const PROVED: Numbers = Numbers { pn: 0, dn: INF };
const DISPROVED: Numbers = Numbers { pn: INF, dn: 0 };
const FRESH: Numbers = Numbers { pn: 1, dn: 1 };

/// A position's empty cells, the threats the side to move faces (cells where the other side
/// completes a line) and the empty cells of windows the attacker can still fill.
struct Board<W: Word> {
    empty: W,
    threats: W,
    reach: W,
}

/// A move of a searched position and the numbers of the position after it.
#[derive(Clone, Copy, Default)]
struct Child {
    bit: u32,
    numbers: Numbers,
}

impl<W: Word> Solver<'_, W> {
    /// Whether the attacker wins `pos` (to move when `attacking`), `None` when the budget ran
    /// out first. `colour`: the attacker's stone colour.
    pub(in crate::ai::solve) fn dfpn(
        &mut self,
        pos: &Pos<W>,
        attacking: bool,
        colour: usize,
    ) -> Option<bool> {
        let numbers = self.mid(pos, attacking, colour, Numbers { pn: INF, dn: INF });
        (!self.aborted).then_some(numbers.pn == 0)
    }

    /// The table's key of `pos`.
    fn number_key(&self, pos: &Pos<W>, attacking: bool) -> u64 {
        self.zone_key(pos, !attacking).0
    }

    /// Searches `pos` until its proof number reaches `th.pn` or its disproof number `th.dn`;
    /// returns its numbers then (meaningless once `aborted` is set).
    fn mid(&mut self, pos: &Pos<W>, attacking: bool, colour: usize, th: Numbers) -> Numbers {
        if self.meter.spend(1) {
            self.aborted = true;
        }
        if self.aborted {
            return FRESH;
        }
        let start = self.meter.used();
        let key = self.number_key(pos, attacking);
        let seen = self.numbers.as_ref().and_then(|t| t.get(key));
        if let Some(numbers) = seen.filter(|n| n.pn == 0 || n.dn == 0) {
            return numbers;
        }
        let moves = match self.expand(pos, attacking, seen.is_some()) {
            Ok(moves) => moves,
            Err(numbers) => {
                self.store(key, numbers, 1);
                return numbers;
            }
        };
        let mut kids = W::per_bit(Child::default());
        let n = self.children(pos, attacking, colour, moves, &mut kids);
        // Each child looked up and estimated counts as a step, as each position the zone proof
        // visits does: a step then costs about the same time in both searches, however wide.
        self.meter.add(n as u64);
        let kids = &mut kids.as_mut()[..n];
        loop {
            let now = combine(kids, attacking);
            if self.aborted {
                return now;
            }
            if now.pn >= th.pn || now.dn >= th.dn {
                self.store(key, now, self.meter.used() - start);
                return now;
            }
            let (i, limit) = pick(kids, attacking, now, th);
            let next = self.put_stone(pos, kids[i].bit, attacking, colour);
            kids[i].numbers = self.mid(&next, !attacking, colour, limit);
        }
    }

    fn store(&mut self, key: u64, numbers: Numbers, work: u64) {
        if let Some(table) = self.numbers.as_mut() {
            table.put(key, numbers, work);
        }
    }

    /// The moves to search in `pos`, or (`Err`) its numbers when it needs no search. The
    /// costlier leaf checks (bounds, pairings, runs of fours) run only on a position `seen`
    /// for the first time: one searched before passed them.
    fn expand(&mut self, pos: &Pos<W>, attacking: bool, seen: bool) -> Result<W, Numbers> {
        let Board { empty, threats, reach } = self.board(pos, attacking)?;
        if !seen {
            if let Some(numbers) = self.leaf(pos, attacking, empty, threats, reach) {
                return Err(numbers);
            }
        }
        if !threats.is_zero() {
            return Ok(threats);
        }
        // A cell on no window either side can fill is a pass, never better than a stone.
        let moves = reach | (self.geo.reach(pos.d | empty) & empty);
        let dom = self.dominators(pos, moves);
        Ok(Bits(moves)
            .filter(|&b| u32::from(dom.as_ref()[b as usize]) >= W::BITS)
            .fold(W::ZERO, |m, b| m | W::bit(b)))
    }

    /// What the first checks of `pos` find, or (`Err`) its numbers when they decide it: the
    /// side to move completes a line, the other side has two threats, or the attacker has no
    /// window left.
    fn board(&self, pos: &Pos<W>, attacking: bool) -> Result<Board<W>, Numbers> {
        let empty = self.geo.all() & !(pos.a | pos.d);
        let (me, opp) = if attacking { (pos.a, pos.d) } else { (pos.d, pos.a) };
        let (won, lost) = if attacking { (PROVED, DISPROVED) } else { (DISPROVED, PROVED) };
        if !(self.geo.win_cells(me) & empty).is_zero() {
            return Err(won);
        }
        let threats = self.geo.win_cells(opp) & empty;
        if threats.count_ones() >= 2 {
            return Err(lost);
        }
        let reach = self.geo.reach(pos.a | empty) & empty;
        if reach.is_zero() {
            return Err(DISPROVED);
        }
        Ok(Board { empty, threats, reach })
    }

    /// The zone proofs' leaves: for the attacker to move, a move of two threats or a run of
    /// fours wins, and the Erdős–Selfridge bound or a pairing holds; for the defender, the
    /// bound holds.
    fn leaf(&mut self, pos: &Pos<W>, attacking: bool, empty: W, threats: W, reach: W) -> Option<Numbers> {
        if !attacking {
            return (threats.is_zero() && self.danger(pos, empty) < 1 << 64).then_some(DISPROVED);
        }
        if threats.is_zero() && self.double_threat(pos, empty).is_some() {
            return Some(PROVED);
        }
        if let Some(Proof::Hold(_)) = self.attack_leaf(pos, empty, reach) {
            return Some(DISPROVED);
        }
        (threats.is_zero() && self.wins_by_fours(pos.a, pos.d).is_some()).then_some(PROVED)
    }

    /// First numbers of a position not searched yet: a decided one's where its first checks
    /// decide it, else 1 for the side to move and its count of moves (1 when it must block a
    /// threat) for the other: a position with fewer answers is likelier settled soon.
    fn estimate(&self, pos: &Pos<W>, attacking: bool) -> Numbers {
        let Board { empty, threats, reach } = match self.board(pos, attacking) {
            Ok(board) => board,
            Err(numbers) => return numbers,
        };
        let moves = match threats.count_ones() {
            1 => 1,
            _ => (reach | (self.geo.reach(pos.d | empty) & empty)).count_ones(),
        };
        if attacking {
            Numbers { pn: 1, dn: moves }
        } else {
            Numbers { pn: moves, dn: 1 }
        }
    }

    /// Writes the children of `pos` for `moves` into `kids`, most promising first, with their
    /// numbers from the table where it has them, else `estimate`'s. Returns how many.
    fn children(
        &self,
        pos: &Pos<W>,
        attacking: bool,
        colour: usize,
        moves: W,
        kids: &mut W::PerBit<Child>,
    ) -> usize {
        let (me, opp) = if attacking { (pos.a, pos.d) } else { (pos.d, pos.a) };
        let mut list = W::per_bit(0u32);
        let n = self.ranked(me, opp, moves, &mut list);
        for (kid, &bit) in kids.as_mut().iter_mut().zip(&list.as_ref()[..n]) {
            let next = self.put_stone(pos, bit, attacking, colour);
            let known = self.numbers.as_ref().and_then(|t| t.get(self.number_key(&next, !attacking)));
            let numbers = known.unwrap_or_else(|| self.estimate(&next, !attacking));
            *kid = Child { bit, numbers };
        }
        n
    }
}

/// A position's numbers from its children's: where the attacker moves, one proved child
/// proves it and every child must be disproved; where the defender moves, the reverse.
fn combine(kids: &[Child], attacking: bool) -> Numbers {
    let least = |f: fn(&Numbers) -> u32| kids.iter().map(|c| f(&c.numbers)).min().unwrap_or(INF);
    let total = |f: fn(&Numbers) -> u32| {
        let sum: u64 = kids.iter().map(|c| u64::from(f(&c.numbers))).sum();
        sum.min(u64::from(INF)) as u32
    };
    let (pn, dn) = (|n: &Numbers| n.pn, |n: &Numbers| n.dn);
    match attacking {
        true => Numbers { pn: least(pn), dn: total(dn) },
        false => Numbers { pn: total(pn), dn: least(dn) },
    }
}

/// The child to search next (the one with the smallest number that decides the position:
/// proof where the attacker moves, disproof where the defender does; the first of equals)
/// and its thresholds: it is searched until that number passes the second best's by a
/// factor 1 + ε, or until the position's other number reaches its own threshold.
fn pick(kids: &[Child], attacking: bool, now: Numbers, th: Numbers) -> (usize, Numbers) {
    let key = |c: &Child| deciding(c.numbers, attacking);
    let (mut best, mut second) = (0, INF);
    for (i, kid) in kids.iter().enumerate().skip(1) {
        if key(kid) < key(&kids[best]) {
            (best, second) = (i, key(&kids[best]));
        } else {
            second = second.min(key(kid));
        }
    }
    let own_th = deciding(th, attacking).min(second.saturating_add((second >> EPSILON_SHIFT).max(1)));
    // The other number is a sum over the children: this child may grow its share of it up
    // to what the position's threshold leaves.
    let (total, share) = (other(now, attacking), other(kids[best].numbers, attacking));
    let other_th = other(th, attacking) - (total - share);
    let limit = match attacking {
        true => Numbers { pn: own_th, dn: other_th },
        false => Numbers { pn: other_th, dn: own_th },
    };
    (best, limit)
}

/// The number that decides a position: proof where the attacker moves, disproof where the
/// defender does; and the other one.
fn deciding(n: Numbers, attacking: bool) -> u32 {
    if attacking {
        n.pn
    } else {
        n.dn
    }
}

fn other(n: Numbers, attacking: bool) -> u32 {
    deciding(n, !attacking)
}

/// The search's answer checked against plain minimax on random positions of small boards,
/// both sides to move.
#[cfg(test)]
mod tests {
    use super::super::tests::{position, wins};
    use super::*;
    use crate::ai::bitboard::Geometry;
    use crate::ai::budget::Meter;
    use crate::ai::rng::Rng;
    use crate::ai::Budget;
    use crate::rules::Rules;
    use std::collections::HashMap;
    use std::time::Instant;

    /// Compares `samples` positions of at least `fewest` stones; returns the wins and the
    /// positions not won.
    fn check_board(rows: u32, cols: u32, k: u32, samples: usize, fewest: usize) -> [usize; 2] {
        let geo = Geometry::<u64>::new(Rules::new(rows, cols, k).unwrap()).unwrap();
        let cells = geo.all().count_ones() as usize;
        let meter = Meter::new(Budget::nodes(u64::MAX), Instant::now());
        let mut solver = Solver::new(&geo, meter, cells as u32).unwrap();
        solver.numbers = Some(NumberTable::new(1 << 12).unwrap());
        let (mut rng, mut memo) = (Rng::new(u64::from(rows * 100 + cols * 10 + k)), HashMap::new());
        let mut seen = [0; 2];
        for _ in 0..samples {
            let stones = fewest + rng.below(cells - fewest);
            let Some((a, d)) = position(&geo, &mut rng, stones) else { continue };
            for attacking in [true, false] {
                let won = solver.dfpn(&solver.pos(a, d, 0), attacking, 0);
                let truth = wins(&geo, a, d, attacking, &mut memo);
                assert_eq!(won, Some(truth), "{rows},{cols},{k} a {a:#x} d {d:#x} {attacking}");
                seen[usize::from(!truth)] += 1;
            }
        }
        seen
    }

    /// Every position of 3,4,3, 4,3,3, 3,4,4 and 2,5,3 with no line yet and stone counts at most
    /// one apart (every position a game reaches, either player having opened, and those where
    /// the side to move is a stone ahead), either side to move: the search, and the zone proof,
    /// answer what plain minimax answers. (3 × 3
    /// boards are answered from a table of all their positions, without the search's tables.)
    #[test]
    #[cfg_attr(miri, ignore)] // hundreds of thousands of proofs
    fn both_proofs_match_plain_minimax_on_every_small_position() {
        use crate::ai::pairing::tests::{positions_without_a_line, windows};
        use crate::ai::solve::Root;
        for (rows, cols, k) in [(3, 4, 3), (4, 3, 3), (3, 4, 4), (2, 5, 3)] {
            let rules = Rules::new(rows, cols, k).unwrap();
            let geo = Geometry::<u64>::new(rules).unwrap();
            let meter = Meter::new(Budget::nodes(u64::MAX), Instant::now());
            let mut solver = Solver::new(&geo, meter, rules.cells() as u32).unwrap();
            solver.numbers = Some(NumberTable::new(1 << 16).unwrap());
            let (mut memo, mut seen) = (HashMap::new(), [0; 2]);
            let masks = windows(rules).0;
            let near = |&(a, d): &(u64, u64)| a.count_ones().abs_diff(d.count_ones()) <= 1;
            for (a, d) in positions_without_a_line(rules, &masks).filter(near) {
                for attacking in [true, false] {
                    let won = solver.dfpn(&solver.pos(a, d, 0), attacking, 0);
                    let truth = wins(&geo, a, d, attacking, &mut memo);
                    assert_eq!(won, Some(truth), "{rows},{cols},{k} a {a:#x} d {d:#x} {attacking}");
                    // And the zone proof, which `wins` runs first.
                    let root = if attacking { Root { me: a, opp: d } } else { Root { me: d, opp: a } };
                    let zones = solver.wins(root, attacking);
                    assert_eq!(zones, Ok(truth), "zones: {rows},{cols},{k} a {a:#x} d {d:#x} {attacking}");
                    seen[usize::from(!truth)] += 1;
                }
            }
            assert!(seen[0] > 0 && seen[1] > 0, "{rows},{cols},{k}: won, not won: {seen:?}");
        }
    }

    /// `wins` answers the same when the zone proof hands over to the proof numbers after a
    /// few steps: random positions of 0 to 6 stones, each side's question.
    #[test]
    #[cfg_attr(miri, ignore)] // thousands of proofs
    fn wins_answers_alike_after_the_hand_off() {
        use crate::ai::solve::Root;
        let mut answers = [0; 2];
        for (rows, cols, k) in [(4, 5, 4), (5, 5, 4), (5, 6, 4)] {
            let geo = Geometry::<u64>::new(Rules::new(rows, cols, k).unwrap()).unwrap();
            let cells = geo.all().count_ones();
            let mut rng = Rng::new(u64::from(rows * 100 + cols * 10 + k));
            for _ in 0..12 {
                let stones = rng.below(7);
                let Some((a, d)) = position(&geo, &mut rng, stones) else { continue };
                // The side that placed the last stone waits: with an odd count, `a`'s side.
                let root = if (a | d).count_ones() % 2 == 1 {
                    Root { me: d, opp: a }
                } else {
                    Root { me: a, opp: d }
                };
                for mover in [true, false] {
                    let meter = || Meter::new(Budget::nodes(1 << 22), Instant::now());
                    let zones = Solver::new(&geo, meter(), cells).unwrap().wins(root, mover).unwrap();
                    let mut handed = Solver::new(&geo, meter(), cells).unwrap();
                    handed.zones_first = 16;
                    assert_eq!(handed.wins(root, mover), Ok(zones), "{rows},{cols},{k} {root:?} {mover}");
                    assert!(handed.numbers.is_some() || handed.steps() <= 16, "not handed over");
                    answers[usize::from(zones)] += 1;
                }
            }
        }
        assert!(answers[0] > 0 && answers[1] > 0, "not won, won: {answers:?}");
    }

    #[test]
    #[cfg_attr(miri, ignore)] // minimax over thousands of positions
    fn proof_numbers_match_plain_minimax() {
        for (rows, cols, k, samples, fewest) in [
            (3, 4, 3, 1000, 4),
            (4, 4, 3, 1000, 4),
            (4, 4, 4, 1000, 4),
            (3, 5, 3, 1000, 4),
            (4, 5, 4, 2000, 8),
        ] {
            let [won, held] = check_board(rows, cols, k, samples, fewest);
            assert!(won > 0 && held > 0, "{rows},{cols},{k}: {won} won, {held} not");
        }
    }
}
