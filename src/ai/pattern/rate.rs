//! What a cell is worth to a side, from the classes of its four lines: its threat level (what
//! a stone there forces), a rating that orders moves, and the weights of the evaluation.

use std::sync::OnceLock;

use crate::error::Error;
use crate::fallible::try_collect;

use super::table::{Class, CLASSES};

/// What a stone on a cell makes for the side placing it, over its four lines, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub(crate) enum Level {
    /// Nothing forcing.
    Quiet = 0,
    /// An open three: the opponent must answer it.
    Three,
    /// Two open threes at once: wins unless the opponent has fours to play.
    DoubleThree,
    /// A four: the opponent must block its one completing cell.
    Four,
    /// A four and an open three at once: the block of the four leaves the three.
    FourThree,
    /// An open four or two fours: no single block stops it.
    DoubleFour,
    /// A win.
    Five,
}

/// Number of levels, for counting cells per level.
pub(crate) const LEVELS: usize = 7;

/// `level_and_rating` of every combination of four classes (6,561), built on first use: the
/// board re-rates a cell dozens of times a move. `OutOfMemory` when it could not be built.
pub(crate) fn ratings() -> Result<&'static [(Level, i32)], Error> {
    static TABLE: OnceLock<Vec<(Level, i32)>> = OnceLock::new();
    if let Some(table) = TABLE.get() {
        return Ok(table);
    }
    let n = CLASSES.len();
    let built = try_collect(
        (0..n.pow(4)).map(|i| level_and_rating(std::array::from_fn(|d| CLASSES[i / n.pow(d as u32) % n]))),
    )?;
    Ok(TABLE.get_or_init(|| built))
}

/// The index of four classes in `ratings`.
#[inline]
pub(crate) fn index(classes: [Class; 4]) -> usize {
    let n = CLASSES.len();
    classes[0] as usize + n * (classes[1] as usize + n * (classes[2] as usize + n * classes[3] as usize))
}

/// The level and move-ordering rating of a cell whose four lines have `classes`.
pub(crate) fn level_and_rating(classes: [Class; 4]) -> (Level, i32) {
    let (mut fives, mut open_fours, mut fours, mut threes, mut rest) = (0, 0, 0i32, 0i32, 0);
    for c in classes {
        match c {
            Class::Five => fives += 1,
            Class::OpenFour => open_fours += 1,
            Class::Four => fours += 1,
            Class::OpenThree => threes += 1,
            Class::Three => rest += 60,
            Class::OpenTwo => rest += 40,
            Class::Two => rest += 12,
            Class::One => rest += 2,
            Class::Dead => {}
        }
    }
    let level = if fives > 0 {
        Level::Five
    } else if open_fours > 0 || fours >= 2 {
        Level::DoubleFour
    } else if fours == 1 && threes > 0 {
        Level::FourThree
    } else if fours == 1 {
        Level::Four
    } else if threes >= 2 {
        Level::DoubleThree
    } else if threes == 1 {
        Level::Three
    } else {
        Level::Quiet
    };
    let base = match level {
        Level::Five => 1 << 20,
        Level::DoubleFour => 1 << 16,
        Level::FourThree => 1 << 14,
        Level::DoubleThree => 1 << 12,
        Level::Four => 900,
        Level::Three => 700,
        Level::Quiet => 0,
    };
    // A four that also builds (a three or two elsewhere) is worth more than a bare one.
    (level, base + rest + 250 * (fours + threes).saturating_sub(1))
}

/// What one line class of an empty cell adds to its owner's evaluation: how close the side
/// is to using that line.
pub(crate) const fn eval_weight(class: Class) -> i32 {
    match class {
        Class::Dead => 0,
        Class::One => 1,
        Class::Two => 3,
        Class::OpenTwo => 7,
        Class::Three => 12,
        Class::OpenThree => 28,
        Class::Four => 45,
        Class::OpenFour => 300,
        Class::Five => 400,
    }
}
