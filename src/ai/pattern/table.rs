//! The line tables: for each k, what a stone placed on a cell makes of the line through it, in
//! one direction, for each arrangement of the k − 1 cells on either side.
//!
//! A side's view of those 2(k − 1) neighbours is a base-3 number, a digit per cell: 0 empty,
//! 1 the side's own stone, 2 blocked (an opponent's stone or off the board). Digit `j` is the
//! neighbour at offset `j − (k − 1)` for `j < k − 1` and `j − (k − 1) + 1` after, so the near
//! side of the cell holds the middle digits. The table is computed once per k, the first
//! time a search needs it, from the definitions below, and kept for the program's life.

use std::sync::OnceLock;

use crate::error::Error;
use crate::fallible::{try_collect, try_filled};

/// What a stone on a cell makes of one line through it, for the side placing it, weakest
/// first. "Completes" means: one more stone of the side, on an empty cell of a k-window that
/// holds the new stone and no blocked cell, fills that window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub(crate) enum Class {
    /// No k-window through the cell is free of blocked cells.
    Dead = 0,
    /// Some window is free, nothing more.
    One,
    /// A stone more on the line could make a `Three`.
    Two,
    /// A stone more could make an `OpenThree`.
    OpenTwo,
    /// A stone more could make a `Four`.
    Three,
    /// A stone more could make an `OpenFour`: the threat the defender must answer.
    OpenThree,
    /// Exactly one empty cell completes a window: the defender must take it.
    Four,
    /// Two or more empty cells do: no single block stops it.
    OpenFour,
    /// The stone fills a window: a win.
    Five,
}

/// Every class, by number.
pub(crate) const CLASSES: [Class; 9] = [
    Class::Dead,
    Class::One,
    Class::Two,
    Class::OpenTwo,
    Class::Three,
    Class::OpenThree,
    Class::Four,
    Class::OpenFour,
    Class::Five,
];

/// The smallest and largest k with a table (3^(2(k − 1)) entries: 531,441 for k = 7).
pub(crate) const MIN_K: u32 = 4;
pub(crate) const MAX_K: u32 = 6;

/// The table of one k: `class[key]` for every key of 2(k − 1) digits.
pub(crate) struct LineTable {
    /// Digit weights: `pow3[j]` is 3^j.
    pub pow3: Vec<u32>,
    class: Vec<u8>,
}

impl LineTable {
    /// The class of a stone placed with neighbours `key`.
    #[inline(always)]
    pub fn class(&self, key: u32) -> Class {
        CLASSES[usize::from(self.class[key as usize])]
    }
}

/// The table for `k` (`MIN_K..=MAX_K`), computed on first use; `OutOfMemory` when it could
/// not be.
pub(crate) fn table(k: u32) -> Result<&'static LineTable, Error> {
    static TABLES: [OnceLock<LineTable>; (MAX_K - MIN_K + 1) as usize] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    assert!((MIN_K..=MAX_K).contains(&k), "no line table for k = {k}");
    let cell = &TABLES[(k - MIN_K) as usize];
    if let Some(table) = cell.get() {
        return Ok(table);
    }
    // Two threads may both build it; the first one kept wins, and both are the same.
    let built = build(k)?;
    Ok(cell.get_or_init(|| built))
}

/// The longest line a key describes: 2k − 1 cells for the largest k.
const LINE: usize = 2 * MAX_K as usize - 1;

/// Digits of a key, nearest-first order undone: the line as 2k − 1 cells, the stone's cell in
/// the middle (digit 1, own).
fn line_of(key: u32, k: usize) -> [u8; LINE] {
    let half = k - 1;
    // Cells past the line's end (for a smaller k) are blocked.
    let mut line = [2u8; LINE];
    let mut rest = key;
    for j in 0..2 * half {
        let at = if j < half { j } else { j + 1 };
        line[at] = (rest % 3) as u8;
        rest /= 3;
    }
    line[half] = 1;
    line
}

/// Empty cells that complete a free window through the middle, and whether one is already
/// full: (full, completing cells as a bit set).
fn completions(line: &[u8], k: usize) -> (bool, u32) {
    let mid = k - 1;
    let (mut full, mut cells) = (false, 0u32);
    for start in 0..k {
        let window = &line[start..start + k];
        if window.contains(&2) {
            continue;
        }
        let mut empties = (0..k).filter(|&i| window[i] == 0);
        match (empties.next(), empties.next()) {
            (None, _) => full = true,
            (Some(one), None) => cells |= 1 << (start + one),
            _ => {}
        }
    }
    debug_assert!(line[mid] == 1);
    (full, cells)
}

/// The class of `line` (its middle holding the new stone) by the definitions, with the classes
/// of lines with one stone more memoised in `memo` by key.
fn classify(key: u32, k: usize, pow3: &[u32], memo: &mut [u8]) -> u8 {
    if memo[key as usize] != u8::MAX {
        return memo[key as usize];
    }
    let line = line_of(key, k);
    let (full, cells) = completions(&line, k);
    let class = if full {
        Class::Five
    } else if cells.count_ones() >= 2 {
        Class::OpenFour
    } else if cells != 0 {
        Class::Four
    } else {
        // The best a second stone on the line makes, one step down.
        let mut best = Class::Dead;
        for &weight in pow3 {
            if (key / weight).is_multiple_of(3) {
                let next = CLASSES[usize::from(classify(key + weight, k, pow3, memo))];
                best = best.max(step_down(next));
            }
        }
        let free = (0..k).any(|s| !line[s..s + k].contains(&2));
        if best == Class::Dead && free {
            Class::One
        } else {
            best
        }
    };
    memo[key as usize] = class as u8;
    class as u8
}

/// What a line one stone short of `class` is.
fn step_down(class: Class) -> Class {
    match class {
        Class::Five | Class::OpenFour => Class::OpenThree,
        Class::Four => Class::Three,
        Class::OpenThree => Class::OpenTwo,
        Class::Three => Class::Two,
        Class::OpenTwo | Class::Two => Class::One,
        Class::One | Class::Dead => Class::Dead,
    }
}

fn build(k: u32) -> Result<LineTable, Error> {
    let k = k as usize;
    let pow3 = try_collect((0..2 * (k - 1)).map(|j| 3u32.pow(j as u32)))?;
    let size = 3usize.pow(2 * (k as u32 - 1));
    let mut class = try_filled(u8::MAX, size)?;
    for key in 0..size as u32 {
        classify(key, k, &pow3, &mut class);
    }
    Ok(LineTable { pow3, class })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of a line written as text: `x` own, `o` or `|` blocked, `.` empty, `*` the cell.
    pub(crate) fn key(text: &str, k: u32) -> u32 {
        let cells: Vec<char> = text.chars().collect();
        let mid = cells.iter().position(|&c| c == '*').unwrap();
        let (half, pow3) = (k as usize - 1, &table(k).unwrap().pow3);
        let mut key = 0;
        for (i, &c) in cells.iter().enumerate() {
            let offset = i as i64 - mid as i64;
            if offset == 0 || offset.unsigned_abs() as usize > half {
                continue;
            }
            let j = if offset < 0 { (offset + half as i64) as usize } else { offset as usize + half - 1 };
            key += pow3[j]
                * match c {
                    'x' => 1,
                    'o' | '|' => 2,
                    _ => 0,
                };
        }
        // Cells the text does not reach are blocked.
        for (j, &w) in pow3.iter().enumerate() {
            let offset = if j < half { j as i64 - half as i64 } else { (j - half + 1) as i64 };
            let at = mid as i64 + offset;
            if at < 0 || at >= cells.len() as i64 {
                key += 2 * w;
            }
        }
        key
    }

    #[test]
    fn hand_written_lines_have_their_classes() {
        let t = table(5).unwrap();
        let cases = [
            ("xx*xx", Class::Five),
            ("..x*xx..", Class::OpenFour),
            ("o.x*xx..", Class::OpenFour),
            ("ox*xx.o", Class::Four),
            ("x.*xx", Class::Four),
            ("x.x*x.x", Class::OpenFour), // two cells complete, one each side
            ("x*x.x.x", Class::Four),
            ("...*x....", Class::OpenTwo),
            ("..*xx...", Class::OpenThree),
            ("o*xx..o", Class::Three),
            ("o..*x.o", Class::Two),
            ("o...*o", Class::Dead),
            ("|.*...|", Class::One),
            (".x.*x.", Class::OpenThree),
            ("|*xx..|", Class::Three),
        ];
        for (text, want) in cases {
            assert_eq!(t.class(key(text, 5)), want, "{text}");
        }
        assert_eq!(table(4).unwrap().class(key("..*xx..", 4)), Class::OpenFour);
        assert_eq!(table(6).unwrap().class(key("..x*xx...", 6)), Class::OpenThree);
        assert_eq!(table(6).unwrap().class(key(".xx*xx.", 6)), Class::OpenFour);
    }

    /// The memoised classes equal a plain recursive reading of the definitions, on random
    /// keys of every k.
    #[test]
    fn the_table_follows_the_definitions() {
        fn direct(line: &mut [u8; LINE], k: usize) -> Class {
            let (full, cells) = completions(line, k);
            if full {
                return Class::Five;
            }
            if cells.count_ones() >= 2 {
                return Class::OpenFour;
            }
            if cells != 0 {
                return Class::Four;
            }
            let mut best = Class::Dead;
            for i in 0..line.len() {
                if line[i] == 0 {
                    line[i] = 1;
                    best = best.max(step_down(direct(line, k)));
                    line[i] = 0;
                }
            }
            let free = (0..k).any(|s| !line[s..s + k].contains(&2));
            if best == Class::Dead && free {
                Class::One
            } else {
                best
            }
        }
        let mut rng = crate::ai::rng::Rng::new(5);
        for k in MIN_K..=MAX_K {
            let t = table(k).unwrap();
            let size = 3usize.pow(2 * (k - 1));
            for _ in 0..300 {
                let key = rng.below(size) as u32;
                let mut line = line_of(key, k as usize);
                assert_eq!(t.class(key), direct(&mut line, k as usize), "k {k} line {line:?}");
            }
        }
    }
}
