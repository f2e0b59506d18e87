//! A board's cells, row-major, two bits each: 0 empty, 1 player 1 (X), 2 player 2 (O).
//!
//! A quarter of a byte per cell is what keeps huge boards fast: a move reads and writes one
//! word, and 1000 × 1000 cells take 250 KB, which stays in cache where a byte per cell (1 MB)
//! would miss on nearly every move. Boards of up to 64 cells live inline (two words), so a
//! tic-tac-toe game needs no allocation beyond its handle.

use std::convert::Infallible;
use std::ops::Range;

use crate::error::Error;
use crate::rules::CellAt;

/// Cells per 64-bit word.
const PER_WORD: usize = 32;

/// Boards of up to this many cells keep them inline.
const INLINE: usize = 64;

/// The cells of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cells {
    /// The words of a board of up to `INLINE` cells.
    small: [u64; 2],
    /// The words of a bigger board (empty for a small one).
    heap: Vec<u64>,
    len: usize,
}

/// An empty cell, found (and tested) before it is filled, so that filling cannot fail.
pub(crate) struct EmptyCell<'a> {
    word: &'a mut u64,
    shift: u32,
}

impl<'a> EmptyCell<'a> {
    /// Cell `index` in `word`, its word, unless it holds a stone.
    #[inline(always)]
    fn at(word: &'a mut u64, index: usize) -> Option<EmptyCell<'a>> {
        let shift = 2 * (index % PER_WORD) as u32;
        ((*word >> shift) & 3 == 0).then_some(EmptyCell { word, shift })
    }

    /// Puts `value` (1 or 2) on the cell.
    #[inline(always)]
    pub(crate) fn fill(self, value: u8) {
        *self.word |= u64::from(value) << self.shift;
    }
}

impl Cells {
    /// `len` empty cells. Allocation failure is `OutOfMemory`.
    #[inline]
    pub fn new(len: usize) -> Result<Cells, Error> {
        let mut heap = Vec::new();
        if len > INLINE {
            heap.try_reserve_exact(len.div_ceil(PER_WORD))?;
            heap.resize(len.div_ceil(PER_WORD), 0);
        }
        Ok(Cells { small: [0; 2], heap, len })
    }

    /// The words, whichever storage holds them.
    fn words(&self) -> &[u64] {
        if self.len <= INLINE {
            &self.small
        } else {
            &self.heap
        }
    }

    /// The word holding cell `index`. A branch on the size rather than on where the words
    /// live; `& 1` tells the compiler a small board's index needs no bounds check.
    #[inline(always)]
    fn word_mut(&mut self, index: usize) -> &mut u64 {
        if self.len <= INLINE {
            &mut self.small[(index / PER_WORD) & 1]
        } else {
            &mut self.heap[index / PER_WORD]
        }
    }

    /// The cell at `index` (< `len`): 0 empty, 1 or 2.
    #[inline]
    pub fn get(&self, index: usize) -> u8 {
        debug_assert!(index < self.len);
        let word =
            if self.len <= INLINE { self.small[(index / PER_WORD) & 1] } else { self.heap[index / PER_WORD] };
        ((word >> (2 * (index % PER_WORD))) & 3) as u8
    }

    /// Sets the cell at `index` (< `len`) to `value` (0, 1 or 2).
    #[inline]
    pub fn set(&mut self, index: usize, value: u8) {
        debug_assert!(index < self.len && value <= 2);
        let shift = 2 * (index % PER_WORD);
        let word = self.word_mut(index);
        *word = (*word & !(3 << shift)) | u64::from(value) << shift;
    }

    /// Puts `value` (1 or 2) on the cell at `index` (< `len`) if it is empty, reading its word
    /// once; false (and no change) when the cell holds a stone.
    #[inline(always)]
    pub fn fill(&mut self, index: usize, value: u8) -> bool {
        debug_assert!(index < self.len && (1..=2).contains(&value));
        let Some(cell) = EmptyCell::at(self.word_mut(index), index) else { return false };
        cell.fill(value);
        true
    }

    /// Cell `index` of a board whose words are on the heap, when it is empty; None when it
    /// holds a stone, the board is small or the index is past the end. For the tallied move
    /// (`Board::tallied_cell`), which knows its board is big: `word_mut` would check that.
    #[inline(always)]
    pub(crate) fn empty_heap_cell(&mut self, index: usize) -> Option<EmptyCell<'_>> {
        EmptyCell::at(self.heap.get_mut(index / PER_WORD)?, index)
    }

    /// Every cell in order.
    pub fn iter(&self) -> impl Iterator<Item = u8> + Clone + '_ {
        self.words()
            .iter()
            .flat_map(|&w| (0..PER_WORD).map(move |i| ((w >> (2 * i)) & 3) as u8))
            .take(self.len)
    }

    /// Calls `visit(index, stone)` on every cell holding a stone, ascending, passing over 32
    /// empty cells at a time, so that a sparse board costs its words rather than its cells.
    pub fn for_each_stone(&self, mut visit: impl FnMut(usize, u8)) {
        let _ = self.for_each_stone_in(0..self.len, |index, stone| {
            visit(index, stone);
            Ok::<(), Infallible>(())
        });
    }

    /// Calls `visit(index, stone)` on every cell of `range` holding a stone, ascending, 32
    /// cells at a time, stopping at the first error: a row of a part of a big board costs the
    /// words it spans, not its cells. (A loop and a callback rather than an iterator chain,
    /// which the search's passes over many stones would pay for.)
    pub fn for_each_stone_in<E>(
        &self,
        range: Range<usize>,
        mut visit: impl FnMut(usize, u8) -> Result<(), E>,
    ) -> Result<(), E> {
        let (start, end) = (range.start, range.end.min(self.len));
        if start >= end {
            return Ok(());
        }
        let first = start / PER_WORD;
        for (w, &word) in self.words()[..end.div_ceil(PER_WORD)].iter().enumerate().skip(first) {
            // The word's cells outside the range are masked off: 2 bits each, from the low end.
            let base = w * PER_WORD;
            let (lo, hi) = (start.saturating_sub(base), (end - base).min(PER_WORD));
            let below_hi = if hi == PER_WORD { !0 } else { (1u64 << (2 * hi)) - 1 };
            let word = word & below_hi & (!0u64 << (2 * lo));
            let mut rest = word;
            while rest != 0 {
                let shift = rest.trailing_zeros() & !1;
                visit(base + shift as usize / 2, ((word >> shift) & 3) as u8)?;
                rest &= !(3 << shift);
            }
        }
        Ok(())
    }

    /// Calls `visit(row, col, stone)` on each stone of the rectangle of `rows × cols` cells
    /// whose top-left cell is (`row0`, `col0`) on a board `board_cols` wide, with the row and
    /// column in the rectangle, row-major, each row a word at a time (`for_each_stone_in`),
    /// so that no stone costs a division to find its row; stops at the first error.
    pub fn for_each_stone_in_rect<E>(
        &self,
        board_cols: u32,
        (row0, col0): (u32, u32),
        (rows, cols): (u32, u32),
        mut visit: impl FnMut(u32, u32, u8) -> Result<(), E>,
    ) -> Result<(), E> {
        for r in 0..rows {
            let start = (row0 + r) as usize * board_cols as usize + col0 as usize;
            self.for_each_stone_in(start..start + cols as usize, |cell, stone| {
                visit(r, (cell - start) as u32, stone)
            })?;
        }
        Ok(())
    }

    /// Overwrites every cell from `bytes`, one byte per cell (0, 1 or 2; exactly `len`).
    pub fn load(&mut self, bytes: &[u8]) {
        debug_assert!(bytes.len() == self.len && bytes.iter().all(|&b| b <= 2));
        let words = if self.len <= INLINE { &mut self.small[..] } else { &mut self.heap[..] };
        for (word, cells) in words.iter_mut().zip(bytes.chunks(PER_WORD)) {
            *word = cells.iter().rev().fold(0, |w, &b| w << 2 | u64::from(b));
        }
    }

    /// Appends the cells of `range` to `out` as `.` (empty), `X` and `O`, a word (32 cells) at
    /// a time.
    pub fn write_text(&self, range: Range<usize>, out: &mut String) {
        let mut i = range.start;
        while i < range.end {
            let take = (PER_WORD - i % PER_WORD).min(range.end - i);
            let word = self.words()[i / PER_WORD] >> (2 * (i % PER_WORD));
            let mut chars = [b'.'; PER_WORD];
            if word != 0 {
                for (j, c) in chars[..take].iter_mut().enumerate() {
                    *c = b".XO?"[(word >> (2 * j)) as usize & 3];
                }
            }
            // ASCII, so never the empty default.
            out.push_str(std::str::from_utf8(&chars[..take]).unwrap_or_default());
            i += take;
        }
    }

    /// The cells as one byte each.
    #[cfg(test)]
    pub fn to_vec(&self) -> Vec<u8> {
        self.iter().collect()
    }

    /// A copy that reports allocation failure instead of aborting.
    pub fn try_clone(&self) -> Result<Cells, Error> {
        let mut heap = Vec::new();
        heap.try_reserve_exact(self.heap.len())?;
        heap.extend_from_slice(&self.heap);
        Ok(Cells { small: self.small, heap, len: self.len })
    }
}

impl CellAt for Cells {
    #[inline]
    fn cell_at(&self, index: usize) -> u8 {
        self.get(index)
    }
}

#[cfg(test)]
mod tests {
    use super::Cells;

    #[test]
    fn cells_keep_their_values_across_word_boundaries() {
        for len in [1, 9, 31, 32, 33, 64, 65, 1000] {
            let mut cells = Cells::new(len).unwrap();
            let mut want = vec![0u8; len];
            for step in 0..3 * len {
                let (i, v) = ((step * 7919) % len, (step % 3) as u8);
                cells.set(i, v);
                want[i] = v;
                assert_eq!(cells.get(i), v);
            }
            assert_eq!(cells.to_vec(), want, "{len} cells");
            let mut stones = Vec::new();
            cells.for_each_stone(|i, v| stones.push((i, v)));
            let filled: Vec<(usize, u8)> = (0..len).map(|i| (i, want[i])).filter(|&(_, v)| v != 0).collect();
            assert_eq!(stones, filled, "{len} cells");
            assert_eq!(cells.try_clone().unwrap(), cells);
            let mut loaded = Cells::new(len).unwrap();
            loaded.load(&want);
            assert_eq!(loaded, cells, "{len} cells loaded");
        }
    }

    /// `write_text` of any range, starting and ending anywhere in a word, is its cells' letters.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, thousands of ranges
    fn text_of_a_range_is_its_cells_letters() {
        for len in [1, 31, 32, 33, 64, 65, 200] {
            let mut cells = Cells::new(len).unwrap();
            // Stones in some words, none in others (the all-empty word is written at once).
            let bytes: Vec<u8> =
                (0..len).map(|i| if (i / 32) % 2 == 1 { 0 } else { ((i * 7 + i / 5) % 3) as u8 }).collect();
            cells.load(&bytes);
            for start in 0..=len {
                for end in (start..=len).step_by(1 + len / 50) {
                    let want: String =
                        bytes[start..end].iter().map(|&b| char::from(b".XO"[b as usize])).collect();
                    let mut got = String::from("-");
                    cells.write_text(start..end, &mut got);
                    assert_eq!(got, format!("-{want}"), "{len} cells, {start}..{end}");
                }
            }
        }
    }

    /// `for_each_stone_in` hands over exactly the stones whose index lies in the range, for
    /// ranges starting and ending anywhere in a word, empty ones and ones past the end.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, thousands of ranges
    fn stones_in_a_range_are_the_stones_whose_index_lies_in_it() {
        for len in [1, 9, 31, 32, 33, 64, 65, 1000] {
            let mut cells = Cells::new(len).unwrap();
            for i in 0..len {
                cells.set(i, ((i * 7 + i / 5) % 3) as u8);
            }
            let filled: Vec<(usize, u8)> =
                (0..len).map(|i| (i, cells.get(i))).filter(|&(_, v)| v != 0).collect();
            assert!(filled.len() >= len / 2, "{len} cells");
            for start in (0..=len + 1).step_by(1 + len / 40) {
                for end in (0..=len + 2).step_by(1 + len / 30) {
                    let want: Vec<_> =
                        filled.iter().copied().filter(|&(i, _)| (start..end).contains(&i)).collect();
                    let mut got = Vec::new();
                    cells
                        .for_each_stone_in(start..end, |i, v| {
                            got.push((i, v));
                            Ok::<(), ()>(())
                        })
                        .unwrap();
                    assert_eq!(got, want, "{len} cells, {start}..{end}");
                }
            }
        }
    }
}
