//! "Valid Tic-Tac-Toe State", generalized: is a board reachable in a legal game where X moves
//! first? With `x` and `o` stones, it is exactly when `x == o` or `x == o + 1`, not both players
//! have a line, and the player with a line (if any) moved last (`x == o + 1` for X, `x == o` for
//! O) and has a stone on every one of its lines (that stone was the last move). Checked in one
//! pass per direction, without allocating.

use std::ffi::CStr;

use crate::bitboard::{bytes_equal, read_dense, read_dense_general, Dense, Layout, Stones, HIGH_BITS};
use crate::board::{count_stones, parse_cells};
use crate::classic::{self, is_classic};
use crate::error::Error;
use crate::rules::{Dir, Rules, EMPTY};

/// Whether a board is reachable, and if not, the first reason found (checked in this order).
///
/// ```
/// use tictactoe::{validate, Rules, Verdict};
/// let rules = Rules::new(3, 3, 3)?;
/// assert_eq!(validate(&rules, "XOX/OXO/XOX")?, Verdict::Valid);
/// assert_eq!(validate(&rules, "XXX/OOO/...")?, Verdict::BothWin);
/// assert!(!validate(&rules, "O........")?.is_valid());
/// # Ok::<(), tictactoe::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Reachable in a legal game.
    Valid = 0,
    /// More O stones than X stones: O would have moved first.
    TooManyO = 1,
    /// X has more than one stone more than O: X moved twice in a row.
    TooManyX = 2,
    /// Both players have a line: the game would have ended at the first.
    BothWin = 3,
    /// X has a line, yet O has as many stones: O moved after X had won.
    XWonThenOMoved = 4,
    /// O has a line, yet X has more stones: X moved after O had won.
    OWonThenXMoved = 5,
    /// X's lines share no stone, so no single last move made them all.
    XLinesDisjoint = 6,
    /// O's lines share no stone, so no single last move made them all.
    OLinesDisjoint = 7,
}

impl Verdict {
    /// Every verdict, in numeric order.
    pub(crate) const ALL: [Verdict; 8] = [
        Verdict::Valid,
        Verdict::TooManyO,
        Verdict::TooManyX,
        Verdict::BothWin,
        Verdict::XWonThenOMoved,
        Verdict::OWonThenXMoved,
        Verdict::XLinesDisjoint,
        Verdict::OLinesDisjoint,
    ];

    /// A sentence naming the reason, as a C string for the C API's static texts.
    pub(crate) fn describe_c(self) -> &'static CStr {
        match self {
            Verdict::Valid => c"valid: reachable in a legal game",
            Verdict::TooManyO => c"O has more stones than X (X always moves first)",
            Verdict::TooManyX => c"X has more than one stone more than O (players alternate)",
            Verdict::BothWin => c"both players have a line",
            Verdict::XWonThenOMoved => c"X has a line but O moved after it",
            Verdict::OWonThenXMoved => c"O has a line but X moved after it",
            Verdict::XLinesDisjoint => c"X's lines share no stone that could have been the last move",
            Verdict::OLinesDisjoint => c"O's lines share no stone that could have been the last move",
        }
    }

    /// A sentence naming the reason.
    pub fn describe(self) -> &'static str {
        self.describe_c().to_str().unwrap_or_default()
    }

    /// True for [`Verdict::Valid`]: the board is reachable.
    pub fn is_valid(self) -> bool {
        self == Verdict::Valid
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.describe())
    }
}

/// A straight run of cells: `len` cells from `first` in `dir`.
#[derive(Clone, Copy, Debug)]
struct Segment {
    first: (i64, i64),
    dir: Dir,
    len: i64,
}

impl Segment {
    fn cell(&self, i: i64) -> (i64, i64) {
        let (dr, dc) = self.dir.step();
        (self.first.0 + i * dr, self.first.1 + i * dc)
    }

    fn contains(&self, (r, c): (i64, i64)) -> bool {
        let (dr, dc) = self.dir.step();
        let (ar, ac) = (r - self.first.0, c - self.first.1);
        let t = if dr != 0 { ar * dr } else { ac * dc };
        t >= 0 && t < self.len && ar == t * dr && ac == t * dc
    }

    /// The cells of `self` that also lie on `other`: on a grid, a contiguous part of `self`.
    fn intersect(&self, other: &Segment) -> Option<Segment> {
        let mut hit = (0..self.len).filter(|&i| other.contains(self.cell(i)));
        let lo = hit.next()?;
        let hi = hit.next_back().unwrap_or(lo);
        Some(Segment { first: self.cell(lo), dir: self.dir, len: hi - lo + 1 })
    }
}

/// What one player's lines look like.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lines {
    /// The player has at least one line of `k`.
    pub any: bool,
    /// A stone lying on every one of the player's lines (a possible last move), if any.
    pub common: Option<usize>,
    /// Where the player's lines can all still meet (None once they provably cannot).
    meet: Option<Segment>,
}

impl Lines {
    /// Records a maximal run of `len` stones starting at `first` in `dir`. Every k-window of the
    /// run contains offsets `len - k ..= k - 1`; the common stone must lie there.
    fn add_run(&mut self, first: (i64, i64), dir: Dir, len: i64, k: i64) {
        if len < k {
            return;
        }
        let (dr, dc) = dir.step();
        let lo = len - k;
        let core =
            (lo < k).then(|| Segment { first: (first.0 + lo * dr, first.1 + lo * dc), dir, len: k - lo });
        self.meet = match (self.any, self.meet, core) {
            (false, _, core) => core,
            (true, Some(m), Some(c)) => m.intersect(&c),
            _ => None,
        };
        self.any = true;
    }
}

/// The lines of both players: `[X, O]`. Each maximal run of one player's stones in each
/// direction is measured once, from the stone that starts it. Away from a row's ends eight
/// cells are tested at once, a byte each: which of them start a run (their neighbour before
/// them in the direction differs) long enough to matter. Only those are walked; empty cells
/// cost nothing more than the test, which is several times faster on big boards than walking
/// each stone's neighbours through `Rules::run_at`.
pub fn find_lines(rules: &Rules, cells: &[u8]) -> [Lines; 2] {
    let mut lines = [Lines::default(), Lines::default()];
    let (size, k) = ((rules.rows() as usize, rules.cols() as usize), rules.k() as usize);
    // With k = 1 a line is one stone whichever its direction, so one direction finds them all
    // (and a run of two or more stones, in any direction, leaves no common stone).
    let live = Dir::ALL.map(|d| rules.span(d) as usize >= k && (k > 1 || d == Dir::East));
    let mut add = |at: (usize, usize), dir: Dir, stone: u8| {
        if let Some(len) = run_from(cells, size, at, dir, stone) {
            lines[stone as usize - 1].add_run((at.0 as i64, at.1 as i64), dir, len as i64, k as i64);
        }
    };
    for r in 0..size.0 {
        let row = &cells[r * size.1..(r + 1) * size.1];
        let mut c = 0;
        while c < size.1 {
            // The cells two before and two after eight cells must be on the row.
            if c >= 2 && c + 10 <= size.1 {
                for (dir, mut starts) in run_starts(cells, size, (r, c), k, live) {
                    while starts != 0 {
                        let j = starts.trailing_zeros() as usize / 8;
                        add((r, c + j), dir, row[c + j]);
                        starts &= starts - 1;
                    }
                }
                c += 8;
                continue;
            }
            for dir in Dir::ALL.into_iter().filter(|&d| row[c] != EMPTY && live[d as usize]) {
                add((r, c), dir, row[c]);
            }
            c += 1;
        }
    }
    for l in &mut lines {
        l.common = l.meet.map(|m| m.first.0 as usize * size.1 + m.first.1 as usize);
    }
    lines
}

/// For the eight cells (r, c) .. (r, c + 7), all with the two cells before and after them on
/// the row: per live direction, the high bit of each cell's byte where a run that may reach k
/// starts. That is a stone whose neighbour before it in the direction differs and whose next
/// one (k >= 2) and the one after (k >= 3) hold the same stone. Every run of k or more
/// starts at such a cell. Bytes hold 0, 1 or 2, so `x ^ y` is zero exactly when they agree.
#[inline(always)]
fn run_starts(
    cells: &[u8],
    (rows, cols): (usize, usize),
    (r, c): (usize, usize),
    k: usize,
    live: [bool; 4],
) -> impl Iterator<Item = (Dir, u64)> + '_ {
    // Eight cells from (row, col); empty (zero) on a row off the board.
    let eight = move |row: isize, col: usize| {
        let at = usize::try_from(row).ok().filter(|&row| row < rows).map(|row| row * cols + col);
        at.map_or(0, |at| u64::from_le_bytes(cells[at..at + 8].try_into().unwrap_or_default()))
    };
    let same = |a: u64, b: u64| bytes_equal(a ^ b, 0);
    let cur = eight(r as isize, c);
    let stones = !same(cur, 0) & HIGH_BITS;
    Dir::ALL.into_iter().filter(move |&d| stones != 0 && live[d as usize]).map(move |dir| {
        let (dr, dc) = dir.step();
        let cell = |i: isize| eight(r as isize + i * dr as isize, (c as isize + i * dc as isize) as usize);
        let mut starts = stones & !same(cur, cell(-1));
        if k >= 2 {
            starts &= same(cur, cell(1));
        }
        if k >= 3 {
            starts &= same(cur, cell(2));
        }
        (dir, starts)
    })
}

/// The length of the run of `stone` in `dir` that starts at (r, c) on a board of
/// `(rows, cols)`, or `None` when the cell before (r, c) holds `stone` too: the run is
/// measured once, from its first stone. Plain index steps, where the general `Rules::walk`
/// checks both coordinates at every cell.
#[inline(always)]
fn run_from(
    cells: &[u8],
    (rows, cols): (usize, usize),
    (r, c): (usize, usize),
    dir: Dir,
    stone: u8,
) -> Option<usize> {
    // Cells on the board after (r, c) in `dir`, whether there is one before it, and the step.
    let (ahead, behind, step) = match dir {
        Dir::East => (cols - 1 - c, c > 0, 1),
        Dir::South => (rows - 1 - r, r > 0, cols),
        Dir::SouthEast => ((rows - 1 - r).min(cols - 1 - c), r > 0 && c > 0, cols + 1),
        Dir::SouthWest => ((rows - 1 - r).min(c), r > 0 && c + 1 < cols, cols - 1),
    };
    let at = r * cols + c;
    if behind && cells[at - step] == stone {
        return None;
    }
    let mut len = 1;
    while len <= ahead && cells[at + len * step] == stone {
        len += 1;
    }
    Some(len)
}

/// What the rule needs to know about one player's lines.
#[derive(Clone, Copy, Debug)]
struct LineFacts {
    any: bool,
    common: bool,
}

/// The verdicts that stone counts alone decide (the first two of the rule), if any.
fn count_verdict(x: usize, o: usize) -> Option<Verdict> {
    match () {
        _ if o > x => Some(Verdict::TooManyO),
        _ if x > o + 1 => Some(Verdict::TooManyX),
        _ => None,
    }
}

/// The validity rule from stone counts and line facts, checked in `Verdict` order.
fn rule(x: usize, o: usize, xl: LineFacts, ol: LineFacts) -> Verdict {
    if let Some(v) = count_verdict(x, o) {
        return v;
    }
    match () {
        _ if xl.any && ol.any => Verdict::BothWin,
        _ if xl.any && x != o + 1 => Verdict::XWonThenOMoved,
        _ if xl.any && !xl.common => Verdict::XLinesDisjoint,
        _ if ol.any && x != o => Verdict::OWonThenXMoved,
        _ if ol.any && !ol.common => Verdict::OLinesDisjoint,
        _ => Verdict::Valid,
    }
}

/// The validity rule (see the module's doc) on a parsed board (cells 0/1/2, X moved first).
pub fn verdict(rules: &Rules, cells: &[u8]) -> Verdict {
    match Layout::new(rules) {
        Some(layout) => {
            let mut stones = Stones::new(layout);
            for (i, &c) in cells.iter().enumerate() {
                if c != EMPTY {
                    let (row, col) = rules.row_col(i);
                    stones.place_quietly(row, col, c as usize - 1);
                }
            }
            verdict_bits(&stones)
        }
        None => verdict_scan(rules, cells),
    }
}

/// `verdict` by walking every line of the board (any size; used past the bitboard limit).
pub fn verdict_scan(rules: &Rules, cells: &[u8]) -> Verdict {
    let counts = count_stones(cells);
    // As on bitboards: no need to look for lines when the counts decide.
    if let Some(v) = count_verdict(counts[0], counts[1]) {
        return v;
    }
    verdict_of_lines(counts, &find_lines(rules, cells))
}

/// The validity rule from what `count_stones` and `find_lines` found, both given as
/// `[player who moved first, the other]` (`[X, O]` when X started).
pub fn verdict_of_lines(counts: [usize; 2], lines: &[Lines; 2]) -> Verdict {
    let facts = lines.map(|l| LineFacts { any: l.any, common: l.common.is_some() });
    rule(counts[0], counts[1], facts[0], facts[1])
}

/// The rule on bitboards: a stone lies on every line exactly when removing it leaves none.
/// Lines are looked at only when the counts leave the verdict open (most random boards are
/// decided by the counts alone).
fn verdict_bits(stones: &Stones) -> Verdict {
    let [x, o] = stones.counts().map(|n| n as usize);
    if let Some(v) = count_verdict(x, o) {
        return v;
    }
    let layout = stones.layout();
    // A player with fewer than k stones has no line; skip the shifts.
    let facts = [0, 1].map(|p| {
        match (stones.counts()[p] >= layout.k()).then(|| layout.on_every_line(stones.bits()[p])) {
            Some(Some(common)) => LineFacts { any: true, common: common != 0 },
            _ => LineFacts { any: false, common: false },
        }
    });
    rule(x, o, facts[0], facts[1])
}

/// The rule on a board (of rules that fit a bitboard) read into dense words. Most boards
/// people (and fuzzers) throw at this are settled by the counts; on the classic board the
/// rest take two table loads; on others they are laid out and searched for lines.
#[inline(always)]
fn verdict_dense(rules: &Rules, dense: &Dense) -> Verdict {
    let [x, o] = dense.counts.map(|n| n as usize);
    if let Some(v) = count_verdict(x, o) {
        return v;
    }
    if is_classic(rules) {
        let facts = |set: u64| {
            let entry = classic::table()[(set & 511) as usize];
            LineFacts { any: entry & classic::LINE != 0, common: entry & classic::SHARED != 0 }
        };
        return rule(x, o, facts(dense.bits[0]), facts(dense.bits[1]));
    }
    verdict_bits(&Stones::from_dense(Layout::of_fitting(rules), dense))
}

/// `verdict_dense` for board text in any form (separators, errors).
#[inline(never)]
fn verdict_text(rules: &Rules, text: &[u8], n: usize) -> Result<Verdict, Error> {
    Ok(verdict_dense(rules, &read_dense_general(text, n)?))
}

/// Whether `board` could arise in a legal game of `rules` in which X moved first.
///
/// `board` lists the `rows * cols` cells row by row: `X`, `O`, and `.` or a space for an empty
/// cell; `/` and line feeds may separate rows and are skipped. `Parse` for any other character
/// or the wrong number of cells. The answer is [`Verdict::Valid`] or the first reason found
/// why the board is unreachable. Boards with rows × (cols + 1) ≤ 64 are read into a 64-bit
/// bitboard, without allocating.
#[inline(always)]
pub fn validate(rules: &Rules, board: impl AsRef<[u8]>) -> Result<Verdict, Error> {
    let text = board.as_ref();
    if Layout::fits(rules) {
        // Each reader finishes with its own copy of the rule: merging the two readers' boards
        // before it would pass them through memory, a store-forwarding stall that cost a
        // quarter of the call.
        return match read_dense(text, rules.cells()) {
            Some(dense) => Ok(verdict_dense(rules, &dense)),
            None => verdict_text(rules, text, rules.cells()),
        };
    }
    Ok(verdict_scan(rules, &parse_cells(text, rules.cells())?))
}

/// [`validate`] of a board given row by row, as LeetCode's "Valid Tic-Tac-Toe State" gives
/// it: one byte string a row, all of one length, cells as for [`validate`] but no `/` or line
/// feed inside a row. `k` of `None` means k = rows = cols, and then a board that is not square
/// is `InvalidArgument`. `Parse` for rows of unequal length or a separator in a row,
/// `TooLarge` for a side past `u32`, else as [`validate`].
///
/// ```
/// use tictactoe::{validate_rows, Verdict};
/// assert_eq!(validate_rows(&["XOX", "O O", "XOX"], None)?, Verdict::Valid);
/// assert_eq!(validate_rows(&["XXX", "..."], Some(3))?, Verdict::TooManyX);
/// # Ok::<(), tictactoe::Error>(())
/// ```
pub fn validate_rows<R: AsRef<[u8]>>(board: &[R], k: Option<u32>) -> Result<Verdict, Error> {
    let cols = board.first().map_or(0, |row| row.as_ref().len());
    let mut text = Vec::new();
    for row in board.iter().map(AsRef::as_ref) {
        if row.len() != cols || row.contains(&b'/') || row.contains(&b'\n') {
            return Err(Error::Parse);
        }
        text.try_reserve(row.len()).map_err(|_| Error::OutOfMemory)?;
        text.extend_from_slice(row);
    }
    let rows = u32::try_from(board.len()).map_err(|_| Error::TooLarge)?;
    let cols = u32::try_from(cols).map_err(|_| Error::TooLarge)?;
    let k = match k {
        None if rows == cols => rows,
        None => return Err(Error::InvalidArgument),
        Some(k) => k,
    };
    validate(&Rules::new(rows, cols, k)?, &text)
}
