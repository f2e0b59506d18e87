//! Zones of the attacker's wins, the dual of the zones of its failures: a win proved with
//! zone Z still holds when any of the empty cells outside Z are given to the defender. So
//! when one defender answer is proved lost with zone Z, every answer outside Z loses the same
//! way, and only the answers inside Z are left to search.
//!
//! Why the rule holds: an extra defender stone never helps the attacker. After answer u
//! outside the zone Z of answer r, the position is the one after r with u added to the
//! defender's stones and r taken away: covered by Z, then one defender stone fewer.
//!
//! What a zone holds: the cells each side played on the proof's winning lines, the cells
//! whose emptiness a win needs (the attacker's winning cells), and enough empty cells of the
//! defender's own windows that no cells given to the defender outside the zone complete one:
//! where the attacker is to move, one cell of each window without an attacker stone; where
//! the defender is, two, so that it has no winning move of its own either. Interior nodes
//! join their children's zones; the nodes where the defender's answer is forced add the
//! second kind of cells again, since there the zone of one answer stands for all of them.

use super::Solver;
use crate::ai::bitboard::{Bits, Word};

impl<W: Word> Solver<'_, W> {
    /// `zone` and enough empty cells of every window with no stone of the attacker's (stones
    /// `a`) that each has at least `need` empty cells in the zone, where it has that many.
    pub(in crate::ai::solve) fn guard(&self, a: W, empty: W, mut zone: W, need: u32) -> W {
        for &w in &self.windows {
            if !(w & a).is_zero() {
                continue;
            }
            let cells = w & empty;
            let short = need.saturating_sub((cells & zone).count_ones()) as usize;
            for b in Bits(cells & !zone).take(short) {
                zone |= W::bit(b);
            }
        }
        zone
    }

    /// The zone of a position where the defender is to move, has no winning cell, and the
    /// attacker (stones `a`) has the two or more winning cells `threats`: two of them, kept
    /// empty, and two empty cells of each of the defender's windows.
    pub(in crate::ai::solve) fn two_threats_zone(&self, a: W, empty: W, threats: W) -> W {
        let first = threats.trailing_zeros();
        let second = (threats & !W::bit(first)).trailing_zeros();
        self.guard(a, empty, W::bit(first) | W::bit(second), 2)
    }

    /// The zone of a defender's node where every answer lost: `zone`, the answers searched and
    /// their zones; the dominator of each answer in `open` skipped as dominated (`dom`), which
    /// must stay empty; and, where the attacker's one winning cell forced the answer
    /// (`threats`), the cells that keep the defender from a winning cell of its own.
    pub(super) fn lost_answers_zone(
        &self,
        a: W,
        empty: W,
        mut zone: W,
        open: W,
        dom: Option<W::PerBit<u8>>,
        threats: W,
    ) -> W {
        if let Some(dom) = dom {
            for x in Bits(open) {
                let y = u32::from(dom.as_ref()[x as usize]);
                if y < W::BITS {
                    zone |= W::bit(y);
                }
            }
        }
        if threats.is_zero() {
            zone
        } else {
            self.guard(a, empty, zone, 2)
        }
    }
}
