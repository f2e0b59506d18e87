//! A board of stones with O(1)-per-move win detection where lines span the whole board
//! (`tally`), and the board-text parser shared by validation and game loading.

mod tally;

use std::convert::Infallible;

use crate::bitboard::{bytes_equal, Layout, Stones, HIGH_BITS};
use crate::cells::Cells;
use crate::error::Error;
use crate::rules::{Dir, Player, Rules, EMPTY};
pub(crate) use tally::TalliedCell;
use tally::Tallies;

/// Boards of up to this many cells live inside their owner (no allocation beyond the game
/// handle) and never use tallies: a bitboard, or a walk of at most 63 cells each way, is as
/// cheap as counting there.
pub(crate) const SMALL_BOARD: usize = 64;

/// Stones on the board plus what makes a "Design Tic-Tac-Toe" move cheap: bitboards on boards
/// that fit, line tallies (`tally`) where a line must fill a whole row, column or diagonal,
/// and a walk of at most k - 1 cells each way for the directions left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rules: Rules,
    cells: Cells,
    /// Stones on the board, and cells in all (kept so that "full?" is one compare).
    placed: u32,
    size: u32,
    /// See `tallied_side()`.
    tallied_side: u32,
    /// Tallies for the directions where a k-line fills a whole line of the board.
    tallies: Tallies,
    /// The directions (→ ↓ ↘ ↙) decided by walking: long enough for k, not tallied.
    walk: [bool; 4],
    /// On boards that fit, the stones of each player as bitboards, which decide wins in a few
    /// shifts instead of a walk along four directions.
    bits: Option<Stones>,
}

impl Board {
    /// An empty board. Allocation failure is `OutOfMemory`, never an abort. Inlined, so a
    /// new game is built where it will live instead of being copied there.
    #[inline(always)]
    pub fn new(rules: Rules) -> Result<Board, Error> {
        let cells = Cells::new(rules.cells())?;
        let bits = Layout::new(&rules).map(Stones::new);
        // A board on bitboards decides wins there; tallies and walks are for the rest.
        let tallies = if bits.is_some() { Tallies::none() } else { Tallies::new(&rules)? };
        let walk = Dir::ALL.map(|d| bits.is_none() && rules.span(d) >= rules.k() && !tallies.tallied(d));
        // MAX_CELLS fits in u32.
        let size = rules.cells() as u32;
        // Every direction tallied: k spans every row, column and corner diagonal, so the
        // board is square with k = rows = cols.
        let tallied_side = if Dir::ALL.iter().all(|&d| tallies.tallied(d)) { rules.rows() } else { 0 };
        Ok(Board { rules, cells, placed: 0, size, tallied_side, tallies, walk, bits })
    }

    /// A board holding `cells` (row-major, values 0/1/2, exactly `rules.cells()` of them), put
    /// down without looking for lines: the caller has judged the position. The cells are
    /// packed 32 to a word; only tallies and bitboards, where the board keeps them, take the
    /// stones one by one (row by row, so no division per stone).
    pub fn from_cells(rules: Rules, cells: &[u8]) -> Result<Board, Error> {
        let mut board = Board::new(rules)?;
        board.cells.load(cells);
        // Fewer than 2^32 cells (MAX_CELLS).
        board.placed = count_stones(cells).iter().sum::<usize>() as u32;
        if board.bits.is_none() && board.tallies.keeps_none() {
            return Ok(board);
        }
        let cols = rules.cols();
        let Board { cells, tallies, bits, .. } = &mut board;
        let _ = cells.for_each_stone_in_rect(cols, (0, 0), (rules.rows(), cols), |row, col, stone| {
            tallies.update::<true>(cols, row, col, stone as usize - 1);
            if let Some(bits) = bits {
                bits.place_quietly(row, col, stone as usize - 1);
            }
            Ok::<(), Infallible>(())
        });
        Ok(board)
    }

    /// A copy that reports allocation failure instead of aborting.
    pub fn try_clone(&self) -> Result<Board, Error> {
        Ok(Board { cells: self.cells.try_clone()?, tallies: self.tallies.try_clone()?, ..*self })
    }

    /// The lines that a k-line must fill whole (`Rules::spans_whole_line`) where `player` is
    /// one stone short: k - 1 of theirs, no other stone. Each is given as its direction and
    /// first cell; its one empty cell completes it. Read from the tallies, so O(lines), where
    /// finding them from the stones is O(stones). Directions not tallied on this board (all of
    /// them on boards of up to `SMALL_BOARD` cells) give none: see `tallied`.
    pub fn lines_one_short(&self, player: Player) -> impl Iterator<Item = (Dir, usize)> + '_ {
        self.tallies.one_short(self.rules, player as usize - 1)
    }

    /// True when the lines of `dir` are tallied (see `lines_one_short`).
    pub fn tallied(&self, dir: Dir) -> bool {
        self.tallies.tallied(dir)
    }

    /// The rules this board was made for.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// All cells, row-major: 0 empty, 1 X, 2 O.
    pub fn cells(&self) -> &Cells {
        &self.cells
    }

    /// The stone at (row, col), which must be on the board: 0 empty, 1 or 2.
    pub fn cell(&self, row: u32, col: u32) -> u8 {
        self.cells.get(row as usize * self.rules.cols() as usize + col as usize)
    }

    /// Stones on the board.
    pub fn placed(&self) -> u32 {
        self.placed
    }

    /// True when every cell holds a stone.
    pub fn is_full(&self) -> bool {
        self.placed == self.size
    }

    /// n on an n × n board where k = n and every line is tallied (the "Design Tic-Tac-Toe"
    /// board of more than `SMALL_BOARD` cells), else 0. There a move may go through
    /// `tallied_cell` instead of `try_place`.
    #[inline(always)]
    pub fn tallied_side(&self) -> u32 {
        self.tallied_side
    }

    /// The empty cell (row, col) of a board with a `tallied_side`, ready for a stone; None
    /// when the board has none, the cell is off the board or holds a stone. Every check a
    /// move needs of the board is made here, so that `TalliedCell::place` has none left to
    /// fail: a move that can still fail after it has begun to write keeps more values alive
    /// than fit in registers.
    #[inline(always)]
    pub(crate) fn tallied_cell(&mut self, row: u32, col: u32) -> Option<TalliedCell<'_>> {
        let n = self.tallied_side;
        if row >= n || col >= n {
            return None;
        }
        // Below MAX_CELLS < 2^32.
        let cell = row * n + col;
        let empty = self.cells.empty_heap_cell(cell as usize)?;
        self.tallies.tallied_cell(empty, &mut self.placed, n, cell, (row, col))
    }

    /// Puts `player`'s stone on (row, col), which must be on the board, and tells whether it
    /// completes a line of `k`: a few shifts on a bitboard, O(1) in tallied directions, O(k)
    /// in the others. `CellOccupied` (and no change) when the cell holds a stone. The cell's
    /// word is read once for both the test and the write. Always inlined: it is most of a
    /// move, and a call would add its register saves to every move.
    #[inline(always)]
    pub fn try_place(&mut self, row: u32, col: u32, player: Player) -> Result<bool, Error> {
        let index = row as usize * self.rules.cols() as usize + col as usize;
        if !self.cells.fill(index, player.stone()) {
            return Err(Error::CellOccupied);
        }
        let p = player as usize - 1;
        self.placed += 1;
        if let Some(bits) = &mut self.bits {
            return Ok(bits.place(row, col, p));
        }
        // Tallies must count every stone, even once a line is found.
        let won = self.tallies.update::<true>(self.rules.cols(), row, col, p);
        if won || self.walk == [false; 4] {
            return Ok(won);
        }
        Ok(self.walk_finds_line(row, col, player))
    }

    /// True when the stone at (row, col) completes a line of k in a walked direction.
    #[inline(never)]
    fn walk_finds_line(&self, row: u32, col: u32, player: Player) -> bool {
        let k = self.rules.k();
        Dir::ALL
            .into_iter()
            .filter(|&d| self.walk[d as usize])
            .any(|dir| self.rules.run_at(&self.cells, (row, col), dir, player.stone(), k - 1).1 >= k)
    }

    /// Takes the stone off (row, col) (the inverse of `try_place`).
    pub fn remove(&mut self, row: u32, col: u32) {
        let index = row as usize * self.rules.cols() as usize + col as usize;
        let stone = self.cells.get(index);
        debug_assert_ne!(stone, EMPTY);
        let p = stone as usize - 1;
        self.tallies.update::<false>(self.rules.cols(), row, col, p);
        self.placed -= 1;
        self.cells.set(index, EMPTY);

        if let Some(bits) = &mut self.bits {
            bits.remove(row, col, p);
        }
    }

    /// Writes the board as text: rows joined by `/`, `X`, `O`, and `.` for empty.
    pub fn write_text(&self, out: &mut String) {
        let cols = self.rules.cols() as usize;
        for row in 0..self.rules.rows() as usize {
            if row > 0 {
                out.push('/');
            }
            self.cells.write_text(row * cols..(row + 1) * cols, out);
        }
    }
}

/// Parses board text of `n` cells into one byte per cell: see `for_each_cell`, which this is
/// with eight bytes read at once wherever all eight are cells (most of a big board's text).
/// Allocation failure is `OutOfMemory`. The cells are
/// appended to reserved space rather than written over zeros, which would touch every page
/// of a big board twice.
pub fn parse_cells(text: &[u8], n: usize) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    out.try_reserve_exact(n)?;
    let mut at = 0;
    while at < text.len() {
        match text.get(at..at + 8).and_then(eight_cells) {
            Some(cells) if n - out.len() >= 8 => {
                out.extend_from_slice(&cells.to_le_bytes());
                at += 8;
            }
            _ => {
                let mut i = out.len();
                take_byte(text[at], &mut i, n, |_, cell| out.push(cell))?;
                at += 1;
            }
        }
    }
    finish_cells(out.len(), n)?;
    Ok(out)
}

/// The stones of each player, `[X, O]`, among cells of one byte each (0, 1 or 2).
/// Eight cells a word: the low bits of the bytes are the X stones, the next bits the O stones,
/// summed in byte lanes for up to 255 words and then added up.
pub fn count_stones(cells: &[u8]) -> [usize; 2] {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let mut counts = [0; 2];
    let (blocks, rest) = cells.as_chunks::<{ 8 * 255 }>();
    for block in blocks {
        let mut lanes = [0u64; 2];
        for &eight in block.as_chunks::<8>().0 {
            let w = u64::from_le_bytes(eight);
            lanes[0] += w & LOW;
            lanes[1] += (w >> 1) & LOW;
        }
        for (count, lanes) in counts.iter_mut().zip(lanes) {
            // Byte lanes (at most 255 each) into 16-bit lanes, then their sum in the top 16 bits.
            let pairs = (lanes & 0x00ff_00ff_00ff_00ff) + ((lanes >> 8) & 0x00ff_00ff_00ff_00ff);
            *count += (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize;
        }
    }
    for (count, stone) in counts.iter_mut().zip([1, 2]) {
        *count += rest.iter().filter(|&&c| c == stone).count();
    }
    counts
}

/// Eight bytes of board text as eight cells (one byte each, 0, 1 or 2), or `None` unless
/// every one of them is `X`, `O`, `.` or ` `.
#[inline(always)]
fn eight_cells(bytes: &[u8]) -> Option<u64> {
    let v = u64::from_le_bytes(bytes.try_into().ok()?);
    let (x, o) = (bytes_equal(v, b'X'), bytes_equal(v, b'O'));
    (x | o | bytes_equal(v, b'.') | bytes_equal(v, b' ') == HIGH_BITS).then_some(x >> 7 | o >> 6)
}

/// Cell codes of board-text bytes: 0 empty, 1 X, 2 O, or one of these two.
const SEPARATOR: u8 = 3;
const INVALID: u8 = 4;

/// Byte → cell code, so reading a board has no branch that depends on which stone is where.
pub(crate) const CELL_OF_BYTE: [u8; 256] = {
    let mut table = [INVALID; 256];
    table[b'X' as usize] = 1;
    table[b'O' as usize] = 2;
    table[b' ' as usize] = EMPTY;
    table[b'.' as usize] = EMPTY;
    table[b'/' as usize] = SEPARATOR;
    table[b'\n' as usize] = SEPARATOR;
    table
};

/// Reads board text of exactly `n` cells, calling `put(index, cell)` for each cell in order:
/// `X` is 1, `O` is 2, ` ` or `.` is 0 (empty); `/` and `\n` are skipped wherever they appear.
/// Any other byte, or a cell count other than `n`, is `Parse`.
pub fn for_each_cell(text: &[u8], n: usize, mut put: impl FnMut(usize, u8)) -> Result<(), Error> {
    let mut i = 0;
    for &b in text {
        take_byte(b, &mut i, n, &mut put)?;
    }
    finish_cells(i, n)
}

/// One byte of board text, `*i` cells of `n` read so far: a cell is put at `*i`, a separator
/// skipped; any other byte, or a cell past the `n`th, is `Parse`.
#[inline(always)]
fn take_byte(b: u8, i: &mut usize, n: usize, put: impl FnOnce(usize, u8)) -> Result<(), Error> {
    let cell = CELL_OF_BYTE[b as usize];
    if cell >= SEPARATOR {
        return if cell == INVALID { Err(Error::Parse) } else { Ok(()) };
    }
    if *i == n {
        return Err(Error::Parse);
    }
    put(*i, cell);
    *i += 1;
    Ok(())
}

/// `Parse` unless exactly `n` cells were read.
fn finish_cells(read: usize, n: usize) -> Result<(), Error> {
    if read == n {
        Ok(())
    } else {
        Err(Error::Parse)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `parse_cells`, eight bytes at a time where it can, reads exactly what `for_each_cell`
    /// reads a byte at a time: random texts of cells with separators and bad bytes sprinkled in,
    /// for cell counts around the text's, so that too few and too many cells turn up.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, 200,000 texts
    fn parsing_eight_bytes_at_once_reads_what_a_byte_at_a_time_reads() {
        let mut rng = crate::ai::rng::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut next = |n: usize| rng.below(n);
        let mut outcomes = [0; 2];
        for _ in 0..200_000 {
            let len = next(40);
            let text: Vec<u8> = (0..len)
                .map(|_| match next(40) {
                    0 => b"/\n:a"[next(4)],
                    _ => b"XO. "[next(4)],
                })
                .collect();
            let n = len.saturating_sub(next(4)) + next(2);
            let mut want = vec![9u8; n];
            let want = for_each_cell(&text, n, |i, cell| want[i] = cell).map(|()| want);
            assert_eq!(parse_cells(&text, n), want, "{:?} as {n} cells", String::from_utf8_lossy(&text));
            outcomes[usize::from(want.is_ok())] += 1;
        }
        assert!(outcomes.iter().all(|&n| n > 10_000), "{outcomes:?}");
    }

    /// `count_stones` against a plain count, over the 255-word blocks it sums in byte lanes: all
    /// of one stone (every lane full), mixed, and lengths just past a block and a word.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, long arrays
    fn stones_are_counted_as_a_plain_count_does() {
        for len in [0, 7, 8, 9, 2039, 2040, 2041, 3 * 2040 + 13] {
            let boards =
                [vec![1u8; len], vec![2u8; len], (0..len).map(|i| ((i * 7 + i / 5) % 3) as u8).collect()];
            for cells in boards {
                let want = [1, 2].map(|s| cells.iter().filter(|&&c| c == s).count());
                assert_eq!(count_stones(&cells), want, "{len} cells");
            }
        }
    }
}
