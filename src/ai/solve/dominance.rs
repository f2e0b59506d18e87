//! Dominated moves: a stone on cell x does no more than one on cell y when every window
//! through x that the attacker can still fill passes through y too, and so does every window
//! through x that the defender can still fill. Then, for either side, playing y is at least as
//! good as playing x, so a proof need not try x once y is tried.
//!
//! Why it holds: compare the position after the mover's stone on x with the one after its
//! stone on y, cells x and y exchanged. A window through both is the same window in both. A
//! window through x and not y already holds stones of both sides (were it open to either, it
//! would pass through y), so it cannot matter. A window through y and not x is, after the
//! stone on y, one stone nearer full for the mover, or closed to the opponent, where its image
//! after the stone on x is not. So every line the mover could complete after x it completes
//! no later after y, and every line of the opponent's after y is one after x too: the mover
//! copies its plan for x, playing x wherever that plan plays y. Adding attacker stones
//! elsewhere only takes windows from the defender through both cells alike, so the rule still
//! holds once a proof's zone is saturated (`every_attack` keeps y in the zone).
//!
//! Ties (the same windows through both) keep the lower cell, so the relation has no cycle and
//! every dominated cell leads, through its dominators, to one that is searched.

use super::zones::Pos;
use super::Solver;
use crate::ai::bitboard::{Bits, Word};

impl<W: Word> Solver<'_, W> {
    /// The cells on every window through `bit` that either side can still fill (every cell
    /// when there is none). A window open to a side through `bit` is open to it through each
    /// of its cells, so `bit` is dominated by exactly the cells of this set.
    fn on_every_open_window(&self, bit: u32, pos: &Pos<W>) -> W {
        let mut cells = !W::ZERO;
        for &w in &self.through[bit as usize] {
            let window = self.windows[w as usize];
            if (window & pos.a).is_zero() || (window & pos.d).is_zero() {
                cells &= window;
            }
        }
        cells
    }

    /// For each cell of `moves` (empty cells of `pos`), the searched cell that dominates it,
    /// or `W::BITS` when it is not dominated (to be searched); indexed by bit. A dominator is
    /// always one of `moves`, and never itself dominated.
    pub(super) fn dominators(&self, pos: &Pos<W>, moves: W) -> W::PerBit<u8> {
        let mut on = W::per_bit(W::ZERO);
        let on = on.as_mut();
        for b in Bits(moves) {
            on[b as usize] = self.on_every_open_window(b, pos);
        }
        // y beats x when it lies on every open window through x, and, when x lies on every
        // one through y too (the same windows), when it is the lower cell.
        let beats = |y: u32, x: u32| on[x as usize].has(y) && (y < x || !on[y as usize].has(x));
        let none = W::BITS as u8;
        let mut dom = W::per_bit(none);
        let d = dom.as_mut();
        for x in Bits(moves) {
            if let Some(y) = Bits(on[x as usize] & moves & !W::bit(x)).find(|&y| beats(y, x)) {
                d[x as usize] = y as u8;
            }
        }
        // Follow each chain to its end, a cell that is searched (the relation is a strict
        // order, so chains end).
        for x in Bits(moves) {
            let mut y = d[x as usize];
            while y < none && d[y as usize] < none {
                y = d[y as usize];
            }
            d[x as usize] = y;
        }
        dom
    }
}

/// Every dominated move checked against plain minimax on random positions of small boards:
/// for either side to move, the game's value after the dominator is at least its value after
/// the move it dominates.
#[cfg(test)]
mod tests {
    use super::super::zones::tests::position;
    use super::*;
    use crate::ai::bitboard::Geometry;
    use crate::ai::budget::Meter;
    use crate::ai::rng::Rng;
    use crate::ai::Budget;
    use crate::rules::Rules;
    use std::collections::HashMap;
    use std::time::Instant;

    /// Plain negamax: 1, 0 or -1 for the side to move (`me`) against `opp`.
    fn value(geo: &Geometry, me: u64, opp: u64, memo: &mut HashMap<(u64, u64), i8>) -> i8 {
        if geo.has_line(opp) {
            return -1;
        }
        let empty = geo.all() & !(me | opp);
        if empty == 0 {
            return 0;
        }
        if let Some(&v) = memo.get(&(me, opp)) {
            return v;
        }
        let v = Bits(empty).map(|b| -value(geo, opp, me | 1 << b, memo)).max().unwrap_or(0);
        memo.insert((me, opp), v);
        v
    }

    fn check_board(rows: u32, cols: u32, k: u32, samples: usize) -> usize {
        let geo: Geometry = Geometry::new(Rules::new(rows, cols, k).unwrap()).unwrap();
        let cells = geo.all().count_ones();
        let meter = Meter::new(Budget::nodes(u64::MAX), Instant::now());
        let solver = Solver::new(&geo, meter, cells).unwrap();
        let mut memo = HashMap::new();
        let mut rng = Rng::new(u64::from(rows * 100 + cols * 10 + k));
        let mut dominated = 0;
        for _ in 0..samples {
            // A quarter of the board filled at least, so that minimax stays quick.
            let stones = cells as usize / 4 + rng.below(cells as usize * 3 / 4);
            let Some((a, d)) = position(&geo, &mut rng, stones) else { continue };
            let empty = geo.all() & !(a | d);
            let dom = solver.dominators(&solver.pos(a, d, 0), empty);
            for x in Bits(empty).filter(|&x| dom[x as usize] < 64) {
                let y = u32::from(dom[x as usize]);
                assert!(empty & 1 << y != 0 && dom[y as usize] == 64, "{a:#x} {d:#x}: {x} -> {y}");
                dominated += 1;
                // Either side may be the one to place the stone.
                for (me, opp) in [(a, d), (d, a)] {
                    let after = |cell: u32, memo: &mut HashMap<_, _>| -value(&geo, opp, me | 1 << cell, memo);
                    let (vx, vy) = (after(x, &mut memo), after(y, &mut memo));
                    assert!(
                        vy >= vx,
                        "{rows},{cols},{k} me {me:#x} opp {opp:#x}: {x} ({vx}) over {y} ({vy})"
                    );
                }
            }
        }
        dominated
    }

    #[test]
    #[cfg_attr(miri, ignore)] // minimax over thousands of positions
    fn dominated_moves_are_never_better_by_minimax() {
        for (rows, cols, k, samples) in
            [(3, 4, 3, 300), (4, 4, 3, 150), (4, 4, 4, 150), (3, 5, 3, 200), (2, 7, 3, 200)]
        {
            let dominated = check_board(rows, cols, k, samples);
            assert!(dominated > 0, "{rows},{cols},{k}: no dominated move met");
        }
    }
}
