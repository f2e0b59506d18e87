//! The symmetries of a rows × cols board as cell permutations: the four mirrorings/rotations
//! every rectangle has, plus four more (transpositions, quarter turns) when it is square.
//! Positions related by a symmetry have the same value, so the solver stores them once.

use crate::error::Error;
use crate::fallible::try_collect;
use crate::rules::Rules;

/// Maps (row, col, last row, last col) to the image (row, col).
type Map = fn(usize, usize, usize, usize) -> (usize, usize);

const RECTANGLE: [Map; 4] = [
    |r, c, _, _| (r, c),
    |r, c, _, mc| (r, mc - c),
    |r, c, mr, _| (mr - r, c),
    |r, c, mr, mc| (mr - r, mc - c),
];

/// Only a square board is mapped onto itself by these.
const SQUARE_ONLY: [Map; 4] = [
    |r, c, _, _| (c, r),
    |r, c, mr, mc| (mc - c, mr - r),
    |r, c, mr, _| (c, mr - r),
    |r, c, _, mc| (mc - c, r),
];

/// For each symmetry, `perm[cell]` = the cell it maps to (row-major). The identity is first.
pub fn permutations(rules: Rules) -> Result<Vec<Vec<usize>>, Error> {
    let (rows, cols) = (rules.rows() as usize, rules.cols() as usize);
    let square: &[Map] = if rows == cols { &SQUARE_ONLY } else { &[] };
    let mut perms = Vec::new();
    perms.try_reserve_exact(RECTANGLE.len() + square.len())?;
    for f in RECTANGLE.iter().chain(square) {
        perms.push(try_collect((0..rows * cols).map(|i| {
            let (r, c) = f(i / cols, i % cols, rows - 1, cols - 1);
            r * cols + c
        }))?);
    }
    Ok(perms)
}
