//! A relevance-zone proof written out as a `cannot-win` tree of a certificate
//! (`crate::ai::certificate`): the solver proves the position first, then the tree is walked
//! along its remembered proofs.
//!
//! Each node of the tree stands for a position Q that the checker sees; the walk keeps beside
//! it the solver's position P, with the same defender stones, whose proof (zone Z) the table
//! remembers. Q holds every attacker stone of P and others only outside Z, so P's proof holds
//! for Q (the zone's meaning). At an attacker's turn the moves are tried in the solver's order,
//! each refuted by the defender's answer and its zone, until the zones leave no move open; the
//! node lists the moves tried (`some`), and each child starts with its zone (`zone`), giving
//! the attacker every empty cell outside it. A move after which the defender completes a line,
//! and one dominated by a move tried (`super::super::dominance`), is left to the checker's own
//! rules. Where a position's proof is not remembered in a form that fits (the table lost it,
//! or the solver never met the position), Q is proved afresh and becomes the walk's P.

use super::{Pos, Proof};
use crate::ai::bitboard::{Bits, Word};
use crate::ai::solve::{Root, Solver};
use crate::error::Error;
use crate::fallible::{try_collect, try_with_capacity};
use std::collections::HashMap;

/// One line of a `cannot-win` tree, cells as solver bits.
pub enum Step<'a> {
    /// The defender plays the cell.
    Move(u32),
    /// The attacker's moves tried, each proved by a child.
    Tried(&'a [u32]),
    /// The empty cells kept; every other empty cell is given to the attacker.
    Zone(&'a [u32]),
    End,
    Weight,
    Pairs(&'a [(u32, u32)]),
    /// The position is the one of an earlier line, or its image under a symmetry.
    Same(usize),
}

/// Steps of the pairing search at each attacker's node (among the cells of a pairing the
/// solver found, else among every empty cell): a pairing found here ends a subtree at one line,
/// so a search that gives up early makes the tree bigger (by half on 7,7,5 at 200 steps).
const PAIR_STEPS: u32 = 2_000;

/// Where a tree is written, and what the walk has written so far.
struct Walk<'w, W: Word> {
    write: &'w mut dyn FnMut(Step) -> Result<(), Error>,
    lines: usize,
    left: u64,
    colour: usize,
    /// Finished nodes by canonical position (attacker stones, defender stones, attacker to
    /// move), with their line numbers.
    seen: HashMap<(W, W, bool), usize>,
}

impl<W: Word> Walk<'_, W> {
    fn put(&mut self, step: Step) -> Result<(), Error> {
        self.left = self.left.checked_sub(1).ok_or(Error::TooHard)?;
        self.lines += 1;
        (self.write)(step)
    }
}

impl<W: Word> Solver<'_, W> {
    /// Proves that the attacker cannot win `root` (the side to move when `mover_attacks`, else
    /// the other side) and writes the tree through `write`, at most `max_nodes` lines; false,
    /// with nothing written, when the attacker wins. `TooHard` when the proof or the tree runs
    /// out of budget.
    pub fn cannot_win_tree(
        &mut self,
        root: Root<W>,
        mover_attacks: bool,
        max_nodes: u64,
        write: &mut dyn FnMut(Step) -> Result<(), Error>,
    ) -> Result<bool, Error> {
        self.prepare(root)?;
        let node = self.root_node(root);
        let (a, d, colour) = match mover_attacks {
            true => (root.me, root.opp, node.colour),
            false => (root.opp, root.me, 1 - node.colour),
        };
        let pos = self.pos(a, d, colour);
        let proof = if mover_attacks { self.attack(&pos, colour) } else { self.defend(&pos, colour).0 };
        self.check()?;
        if proof.is_win() {
            return Ok(false);
        }
        let mut walk = Walk { write, lines: 0, left: max_nodes, colour, seen: HashMap::new() };
        match mover_attacks {
            true => self.attack_node(&mut walk, pos, a)?,
            false => self.defend_node(&mut walk, pos, a)?,
        }
        Ok(true)
    }

    /// The search's tables (built in place of the complete 3,3,3 one, which has no zones) and
    /// the zone table.
    fn prepare(&mut self, root: Root<W>) -> Result<(), Error> {
        if self.table.is_some() {
            self.table = None;
            self.build_tables(root.empty(self.geo))?;
        }
        self.zone_table(self.tt_entries(root.empty(self.geo)))
    }

    /// The position's smallest image under the board's symmetries, as a key.
    fn image_key(&self, a: W, d: W, attacker_to_move: bool) -> (W, W, bool) {
        let images = self.fwd.iter().map(|perm| (Self::map_zone(a, perm), Self::map_zone(d, perm)));
        let (a, d) = images.min().unwrap_or((a, d));
        (a, d, attacker_to_move)
    }

    /// Writes `Same` when the position was written before, `End` when the game is over; else
    /// runs `body`; and remembers the position.
    fn once(
        &mut self,
        walk: &mut Walk<W>,
        qa: W,
        d: W,
        attacker_to_move: bool,
        body: impl FnOnce(&mut Self, &mut Walk<W>) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let key = self.image_key(qa, d, attacker_to_move);
        if let Some(&line) = walk.seen.get(&key) {
            return walk.put(Step::Same(line));
        }
        let line = walk.lines + 1;
        if !self.ended(walk, qa, d)? {
            body(self, walk)?;
        }
        walk.seen.try_reserve(1)?;
        walk.seen.insert(key, line);
        Ok(())
    }

    /// The solver's proof of `p` as a zone, with the defender's answer when it is to move:
    /// `p`'s own when it covers the attacker stones `qa`, else one of `qa` proved afresh
    /// (which becomes the walk's position).
    fn held(
        &mut self,
        walk: &Walk<W>,
        p: Pos<W>,
        qa: W,
        defender_to_move: bool,
    ) -> Result<(Pos<W>, W, u32), Error> {
        let ask = |s: &mut Self, p: &Pos<W>| match defender_to_move {
            true => s.defend(p, walk.colour),
            false => (s.attack(p, walk.colour), W::BITS),
        };
        if let (Proof::Hold(zone), best) = ask(self, &p) {
            if (qa & !p.a & zone).is_zero() {
                return Ok((p, zone, best));
            }
        }
        let fresh = self.pos(qa, p.d, walk.colour);
        let (proof, best) = ask(self, &fresh);
        self.check()?;
        match proof {
            Proof::Hold(zone) => Ok((fresh, zone, best)),
            Proof::Win(_) => Err(Error::TooHard),
        }
    }

    /// The zone of the defender's proof after an attacker's move, for the position with
    /// attacker stones `qa` (see `held`).
    fn defended(&mut self, walk: &Walk<W>, p: Pos<W>, qa: W) -> Result<(Pos<W>, W), Error> {
        let (p, zone, _) = self.held(walk, p, qa, true)?;
        Ok((p, zone))
    }

    /// Writes `End` when the game is over (true). A line of the attacker's cannot be: the
    /// proofs rule it out, so it ends the walk.
    fn ended(&self, walk: &mut Walk<W>, a: W, d: W) -> Result<bool, Error> {
        if self.geo.has_line(a) {
            return Err(Error::TooHard);
        }
        let over = self.geo.has_line(d) || (self.geo.all() & !(a | d)).is_zero();
        if over {
            walk.put(Step::End)?;
        }
        Ok(over)
    }

    /// The attacker is to move in the position with attacker stones `qa` (the walk's `p`).
    fn attack_node(&mut self, walk: &mut Walk<W>, p: Pos<W>, qa: W) -> Result<(), Error> {
        self.once(walk, qa, p.d, true, |s, walk| s.attack_body(walk, p, qa))
    }

    fn attack_body(&mut self, walk: &mut Walk<W>, p: Pos<W>, qa: W) -> Result<(), Error> {
        let empty = self.geo.all() & !(qa | p.d);
        if self.danger(&Pos { a: qa, ..p }, empty) < 1 << 63 {
            return walk.put(Step::Weight);
        }
        if let Some(pairs) = self.pairs_of(qa, p.d, empty)? {
            return walk.put(Step::Pairs(&pairs));
        }
        let (p, _, _) = self.held(walk, p, qa, false)?;
        // The moves in the solver's order, each tried while no zone so far covers it.
        // The solver's moves in its order (`every_attack`), each tried while no zone so far
        // covers it. A move that leaves the defender a line to complete needs no proof (the
        // checker sees it), and no zone of its own narrows the moves left; a dominated move
        // (`dominance`) needs none when its dominator is tried.
        let threats = self.geo.win_cells(p.d) & empty;
        let lost = match threats.count_ones() {
            0 => W::ZERO,
            1 => empty & !threats,
            _ => empty,
        };
        let mut open = empty & !lost;
        let dom = self.dominators(&Pos { a: qa, ..p }, open);
        let dom = dom.as_ref();
        let mut list = W::per_bit(0u32);
        let n = self.ranked(p.a, p.d, open, &mut list);
        let mut tried = try_with_capacity(n)?;
        let mut searched = W::ZERO;
        for &bit in &list.as_ref()[..n] {
            if !open.has(bit) || u32::from(dom[bit as usize]) < W::BITS {
                continue;
            }
            let (after, zone) =
                self.defended(walk, self.put_stone(&p, bit, true, walk.colour), qa | W::bit(bit))?;
            tried.push((bit, after, zone));
            searched |= W::bit(bit);
            open &= zone & !W::bit(bit);
        }
        for bit in Bits(open) {
            let by = u32::from(dom[bit as usize]);
            if by < W::BITS && !searched.has(by) {
                let (after, zone) =
                    self.defended(walk, self.put_stone(&p, bit, true, walk.colour), qa | W::bit(bit))?;
                tried.push((bit, after, zone));
            }
        }
        let moves = try_collect(tried.iter().map(|&(bit, _, _)| bit))?;
        walk.put(Step::Tried(&moves))?;
        for (bit, after, zone) in tried {
            let qa = qa | W::bit(bit);
            let empty = self.geo.all() & !(qa | p.d);
            let fill = empty & !zone;
            if !fill.is_zero() {
                let mut kept = try_with_capacity((empty & zone).count_ones() as usize)?;
                kept.extend(Bits(empty & zone));
                walk.put(Step::Zone(&kept))?;
            }
            self.defend_node(walk, after, qa | fill)?;
        }
        Ok(())
    }

    /// The defender is to move in the position with attacker stones `qa` (the walk's `p`).
    fn defend_node(&mut self, walk: &mut Walk<W>, p: Pos<W>, qa: W) -> Result<(), Error> {
        self.once(walk, qa, p.d, false, |s, walk| s.defend_body(walk, p, qa))
    }

    fn defend_body(&mut self, walk: &mut Walk<W>, p: Pos<W>, qa: W) -> Result<(), Error> {
        let empty = self.geo.all() & !(qa | p.d);
        let own = self.geo.win_cells(p.d) & empty;
        if !own.is_zero() {
            walk.put(Step::Move(own.trailing_zeros()))?;
            return walk.put(Step::End);
        }
        if self.danger(&Pos { a: qa, ..p }, empty) < 1 << 64 {
            return walk.put(Step::Weight);
        }
        let (p, _, best) = self.held(walk, p, qa, true)?;
        if best >= W::BITS || !empty.has(best) {
            return Err(Error::TooHard);
        }
        walk.put(Step::Move(best))?;
        self.attack_node(walk, self.put_stone(&p, best, false, walk.colour), qa)
    }

    /// Pairs of empty cells such that every window without a defender stone holds both cells
    /// of one, if a short search finds them: among the cells of a pairing the solver found for
    /// the position, else among every empty cell.
    fn pairs_of(&mut self, a: W, d: W, empty: W) -> Result<Option<Vec<(u32, u32)>>, Error> {
        let known = self.live.as_mut().and_then(|live| live.known(a, d).then(|| live.zone()));
        let cells = known.map_or(empty, |zone| zone & empty);
        let mut steps = PAIR_STEPS;
        let mut live = try_with_capacity(self.windows.len())?;
        live.extend(self.windows.iter().filter(|&&w| (w & d).is_zero()).map(|&w| w & empty));
        let mut pairs = try_with_capacity(empty.count_ones() as usize / 2 + 1)?;
        Ok(cover(&live, !cells, &mut pairs, &mut steps).then_some(pairs))
    }
}

/// Backtracking: disjoint pairs of cells outside `used` such that each window of `live` (its
/// empty cells) holds both cells of a pair; false when none is found within `steps`. The
/// uncovered window with the fewest unused cells is served first. `pairs` has room for every
/// pair of the empty cells, so pushing never allocates.
fn cover<W: Word>(live: &[W], used: W, pairs: &mut Vec<(u32, u32)>, steps: &mut u32) -> bool {
    let covered = |w: W| pairs.iter().any(|&(x, y)| w.has(x) && w.has(y));
    let Some(window) =
        live.iter().copied().filter(|&w| !covered(w)).min_by_key(|&w| (w & !used).count_ones())
    else {
        return true;
    };
    let free = window & !used;
    for x in Bits(free) {
        for y in Bits(free).filter(|&y| y > x) {
            if *steps == 0 {
                return false;
            }
            *steps -= 1;
            pairs.push((x, y));
            if cover(live, used | W::bit(x) | W::bit(y), pairs, steps) {
                return true;
            }
            pairs.pop();
        }
    }
    false
}
