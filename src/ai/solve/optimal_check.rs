//! `Solver::optimal` against plain minimax on positions of small boards that a symmetry maps
//! onto themselves (where one proof answers for a class of moves), and on random ones, by
//! both of its proofs: alpha-beta, and the proofs with relevance zones.

use super::zones::tests::wins;
use super::{Root, Solver};
use crate::ai::bitboard::{Bits, Geometry};
use crate::ai::budget::Meter;
use crate::ai::rng::Rng;
use crate::ai::symmetry::permutations;
use crate::ai::Budget;
use crate::rules::Rules;
use std::collections::HashMap;
use std::time::Instant;

/// The optimal moves of `me` (to move) against `opp` by plain minimax.
fn reference(geo: &Geometry, me: u64, opp: u64, memo: &mut HashMap<(u64, u64), bool>) -> Vec<u32> {
    let empty: Vec<u32> = Bits(geo.all() & !(me | opp)).collect();
    if wins(geo, me, opp, true, memo) {
        empty.into_iter().filter(|&b| wins(geo, me | 1 << b, opp, false, memo)).collect()
    } else if !wins(geo, opp, me, false, memo) {
        empty.into_iter().filter(|&b| !wins(geo, opp, me | 1 << b, true, memo)).collect()
    } else {
        empty
    }
}

/// A position without a line whose stones a random symmetry of the board (or, now and then,
/// none) maps onto themselves: stones placed with their images, the mover's count equal to
/// the other side's or one less.
fn symmetric(geo: &Geometry, perms: &[Vec<usize>], rng: &mut Rng, pairs: usize) -> Option<(u64, u64)> {
    let perm = &perms[rng.below(perms.len())];
    let image = |b: u32| geo.bit(perm[geo.cell(b)]);
    let (mut me, mut opp) = (0u64, 0u64);
    for i in 0..pairs {
        let empty: Vec<u32> = Bits(geo.all() & !(me | opp)).collect();
        let b = *empty.get(rng.below(empty.len().max(1)))?;
        let stones = 1 << b | 1 << image(b);
        if (me | opp) & 1 << image(b) != 0 {
            continue;
        }
        if i % 2 == 0 {
            opp |= stones;
        } else {
            me |= stones;
        }
    }
    let extra = opp.count_ones() as i32 - me.count_ones() as i32;
    let balanced = extra == 0 || extra == 1;
    (balanced && !geo.has_line(me) && !geo.has_line(opp)).then_some((me, opp))
}

#[test]
#[cfg_attr(miri, ignore)] // minimax over hundreds of positions
fn optimal_moves_match_plain_minimax() {
    let mut rng = Rng::new(764);
    let mut classes = 0;
    for (rows, cols, k) in [(3, 4, 3), (4, 4, 3), (4, 4, 4), (3, 5, 3), (2, 7, 3)] {
        let geo = Geometry::<u64>::new(Rules::new(rows, cols, k).unwrap()).unwrap();
        let perms = permutations(geo.rules()).unwrap();
        let cells = geo.all().count_ones();
        let mut memo = HashMap::new();
        for _ in 0..40 {
            let pairs = rng.below(cells as usize / 2);
            let Some((me, opp)) = symmetric(&geo, &perms, &mut rng, pairs) else {
                continue;
            };
            let want = reference(&geo, me, opp, &mut memo);
            for zones in [false, true] {
                let meter = Meter::new(Budget::nodes(u64::MAX), Instant::now());
                let mut solver = Solver::new(&geo, meter, cells).unwrap();
                if zones {
                    solver.zone_table(1 << 12).unwrap();
                }
                let root = Root { me, opp };
                let fixed = solver.fixing(root);
                classes += usize::from(fixed.iter().filter(|&&f| f).count() > 1);
                let got = solver.optimal(root).unwrap();
                assert_eq!(got, want, "{rows},{cols},{k} me {me:#x} opp {opp:#x} zones {zones}");
            }
        }
    }
    assert!(classes > 60, "{classes} positions with a symmetry");
}
