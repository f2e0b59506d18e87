//! A complete table of 3,3,3 (classic tic-tac-toe) values, so every 3×3 position is answered
//! in under a microsecond. Built once, on first use (about a millisecond), by plain memoized
//! negamax over every position a game can pass through, indexed by base-3 arrangement; after
//! that it is read-only and shared by all threads (`OnceLock`), so it is a cache of
//! constants, not mutable state.

use std::sync::OnceLock;

use super::bitboard::{Bits, Geometry};
use crate::rules::Rules;

const CELLS: usize = 9;
const SIZE: usize = 19_683; // 3^9

/// Values of every 3,3,3 position, in the solver's absolute scale (`10 - P` for a win whose
/// last stone is the P-th), indexed by the side to move's view of the board.
pub struct Table {
    geo: Geometry,
    /// 3^cell for each bit of the layout, so an index costs one add per stone.
    power: [u16; 64],
    values: [i8; SIZE],
}

impl Table {
    /// The shared table when `rules` is 3,3,3.
    pub fn for_rules(rules: Rules) -> Option<&'static Table> {
        static TABLE: OnceLock<Table> = OnceLock::new();
        (rules == Rules::new(3, 3, 3).ok()?).then(|| TABLE.get_or_init(Table::build))
    }

    /// The value of a position where neither side has a line, for the side to move (`me`).
    pub fn value(&self, me: u64, opp: u64) -> i32 {
        i32::from(self.values[self.index(me, opp)])
    }

    /// Base 3 with digit 1 for the mover's stones and 2 for the opponent's.
    fn index(&self, me: u64, opp: u64) -> usize {
        let sum = |b: u64| Bits(b).map(|bit| usize::from(self.power[bit as usize])).sum::<usize>();
        sum(me) + 2 * sum(opp)
    }

    fn build() -> Table {
        let rules = Rules::new(3, 3, 3).expect("3,3,3 is valid");
        let geo = Geometry::new(rules).expect("3x3 fits a bitboard");
        let mut power = [0u16; 64];
        for cell in 0..CELLS {
            power[geo.bit(cell) as usize] = 3u16.pow(cell as u32);
        }
        let mut table = Table { geo, power, values: [i8::MIN; SIZE] };
        table.fill(0, 0);
        table
    }

    /// Plain negamax with memo. Every non-winning move is followed even when a win exists, so
    /// positions reached by missing a win are in the table too.
    fn fill(&mut self, me: u64, opp: u64) -> i8 {
        let i = self.index(me, opp);
        if self.values[i] != i8::MIN {
            return self.values[i];
        }
        let stones = (me | opp).count_ones() as i8;
        let empty = self.geo.all() & !(me | opp);
        let wins = self.geo.win_cells(me) & empty;
        let mut v = if wins != 0 { CELLS as i8 - stones } else { i8::MIN };
        for b in Bits(empty & !wins) {
            v = v.max(-self.fill(opp, me | 1 << b));
        }
        self.values[i] = if empty == 0 { 0 } else { v };
        self.values[i]
    }
}
