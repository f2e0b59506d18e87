//! Boards past 64 cells with at most 15 rows of at most 16 cells (15 × 15 gomoku among them),
//! in batches of 4,096 games and more, kept for `step` as rows alone: each player's stones as
//! one 16-bit line per row, four rows to a 64-bit word, 64 bytes a game (one cache line), so
//! that a step over 16,384 games reads and writes 1 MB. The column and both diagonals through
//! a new stone are gathered from the player's words, a multiply a line: the line's cells on
//! each word are masked, the words combined without two cells sharing a bit and rotated so
//! that the cells of each row sit apart in its 16-bit lane, and one multiply moves them next
//! to each other, to the top of the word (no two partial products share a bit, so nothing
//! carries into them). Three words hold every row a run of up to 5 through the stone can
//! reach, four the whole line; the gathered lines go through the run test of the
//! four-direction representation (`Lined`), which loads them instead. What a cell needs for
//! that (words, masks, rotations) is worked out once, in a table of 256 cells.
//!
//! A step is one pass over the games: each action is checked as its game is played, and a
//! game the move ends keeps its stone until every action is known to be legal, when the games
//! that ended are emptied and the results written; an illegal action takes back the stones
//! played before it (`Kind::begin_step`). Only a move next to one of the player's stones can
//! make a line (for k of 2 and more): the lines are gathered for those moves alone, about
//! half of a random game's, listed as a chunk of games is played and tested after it.
//!
//! `random_moves` plays on `Lined`'s lines and list of empty cells, kept apart from the rows
//! (the games' `Kind::Aside`, 900 bytes), so that a random move costs what it costs there; it
//! copies the rows back after a game's moves. A step leaves the lines and the list alone and
//! marks them stale; `random_moves` makes them again from the rows before the game's first
//! move.

use super::draw::Draws;
use super::kind::{Kind, DRAW, PENDING, X_WINS};
use super::lined::{self, Lined};
use super::rowwise::{self, Rowwise};
use super::{StepError, Tally};
use crate::error::Error;
use crate::fallible::try_filled;
use crate::rules::Rules;

/// The most rows this representation takes: the 16th row's place holds the move count.
pub(crate) const MAX_ROWS: u32 = 15;

/// The longest row this representation takes.
pub(crate) const MAX_COLS: u32 = 16;

/// Where word 7 (O's rows 12 to 14) keeps the number of stones on the board (8 bits: at
/// most 240 cells), above `STEPPED`.
const PLACED: u32 = 56;

/// Where word 7 keeps, in 8 bits, the moves that steps have played on the game since its
/// `Aside` last held its stones: the `Aside` is stale while they are not 0. They are never
/// more than the stones on the board (a game that ends starts again at 0), so they never
/// carry into the count.
const STEPPED: u32 = 48;

/// `STEPPED`'s 8 bits of word 7.
const STEPPED_BITS: u64 = 0xff << STEPPED;

/// What a move adds to word 7: one stone, and one move played by a step. Taking a move back
/// subtracts it, so that a step refused partway leaves word 7 as it was.
const MOVE: u64 = 1 << PLACED | 1 << STEPPED;

/// The bit of word 3 (X's 16th row's place) set when a step ended the game and none played
/// since: the `Aside`'s lines are to be emptied, and its list, which lists every cell, stays as
/// it is (as `Lined` keeps the list of a game that ends, so both draw the same random moves).
const EMPTIED: u64 = 1 << 48;

/// A game emptied by a step: no stones, count 0, `EMPTIED`.
const EMPTY: [u64; 8] = [0, 0, 0, EMPTIED, 0, 0, 0, 0];

/// Where a step's note of a game it ended keeps the result code, above the game's index within
/// the step's piece (a batch of these games holds fewer than 2^26 of them: 4 GiB of 64 bytes).
const NOTE_RESULT: u32 = 30;

/// The note of game `i` (within the step's piece) ended with `result`.
fn note(i: usize, result: u8) -> u32 {
    i as u32 | u32::from(result) << NOTE_RESULT
}

/// The game and the result of a note.
fn read_note(note: u32) -> (usize, u8) {
    ((note & ((1 << NOTE_RESULT) - 1)) as usize, (note >> NOTE_RESULT) as u8)
}

/// One game: X's rows in words 0 to 3, O's in words 4 to 7, row r in bits `16 * (r % 4)` up
/// of word `r / 4` (bit c is the cell `(r, c)`). The 16th row's places hold what is not a
/// stone: in word 7 the stone count and `STEPPED`, so that a move counts itself and marks the
/// game stale with one add (`MOVE`), in word 3 the mark `EMPTIED`.
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
pub(crate) struct Game {
    words: [u64; 8],
}

impl Rowwise for Game {
    #[inline(always)]
    fn row(&self, p: usize, r: usize) -> u16 {
        (self.words[(4 * p + r / 4) & 7] >> (16 * (r % 4))) as u16
    }

    #[inline(always)]
    fn placed(&self) -> u16 {
        (self.words[7] >> PLACED) as u16
    }
}

/// What `random_moves` plays on: the game as `Lined` lines, and its list of empty cells.
#[derive(Clone, Copy, Default)]
pub(crate) struct Aside {
    lines: lined::Game,
    list: lined::List,
}

/// `DIAGONAL[d + 16]`: the cells of the diagonal ↘ whose cell on a word's row i is at column
/// `d + i`, bit `d + i` of lane i where that column is on the board.
const DIAGONAL: [u64; 64] = line_masks(1);

/// `ANTI[e + 16]`: the cells of the anti-diagonal ↙ whose cell on a word's row i is at column
/// `e - i`.
const ANTI: [u64; 64] = line_masks(-1);

/// The masks of the lines whose cell on a word's row i is at column `from + slope * i`, for
/// `from` the index less 16.
const fn line_masks(slope: i32) -> [u64; 64] {
    let mut out = [0; 64];
    let mut at = 0;
    while at < 64 {
        let mut i = 0;
        while i < 4 {
            let column = at as i32 - 16 + slope * i;
            if column >= 0 && column < 16 {
                out[at] |= 1 << (16 * i + column);
            }
            i += 1;
        }
        at += 1;
    }
    out
}

/// Bit 0 of each 16-bit lane.
const LANE_LOW: u64 = 0x0001_0001_0001_0001;

/// The multiplier that gathers a diagonal or an anti-diagonal: lane i's term `2^(48 - 16 i)`
/// takes the diagonal's cell of row i of word t to bit `48 + 4 t + i`, the anti-diagonal's to
/// `63 - 4 t - i`. (A column's terms are `2^(64 - 4 N - 15 i)`, to bit `64 - 4 N + 4 t + i`.)
const BY_DIAGONAL: u64 = 1 << 48 | 1 << 32 | 1 << 16 | 1;

/// The games `begin_step` takes in each of its two passes (a power of two): 8 KB of them,
/// so that the second pass finds them in the first level of cache.
const CHUNK: usize = 128;

/// Rows 0 to 2 of a word: the fourth row of word 3 is the 16th row's place (on X's the mark
/// `EMPTIED`, on O's the count and `STEPPED`).
const THREE_ROWS: u64 = (1 << 48) - 1;

/// What a step needs to gather the lines through one cell `(r, c)`, worked out once.
#[derive(Clone, Copy, Default)]
struct Through {
    /// The first of the words the lines are gathered from (`w0`).
    first: u8,
    /// The column c: the column's rotation.
    column: u8,
    /// The rotation that takes the diagonal's cell of row i of word t to bit `16 i + 4 t + i`.
    diagonal: u8,
    /// The rotation that takes the anti-diagonal's cell of row i of word t to bit
    /// `16 i + 15 - 4 t - i`.
    anti: u8,
    /// Which of the player's words holds row r, and where the row starts in it.
    word: u8,
    shift: u8,
    /// For each word w0 + t: the cells of the column, the diagonal and the anti-diagonal on
    /// it, without the 16th row's place.
    masks: [[u64; 3]; 4],
}

impl Through {
    /// The gathering of the lines through `(r, c)` from the words that hold every row within
    /// `reach` of r (all four words for a reach of 15).
    fn new(r: usize, c: usize, reach: usize) -> Through {
        let w0 = (r.saturating_sub(reach) / 4).min(1);
        // On word w0 + t the diagonal's cell of row i is at column d + 4 t + i, the
        // anti-diagonal's at e - 4 t - i (e is never negative: 4 w0 is at most r).
        let (d, e) = ((c + 4 * w0) as i32 - r as i32, (c + r - 4 * w0) as i32);
        let masks = std::array::from_fn(|t| {
            let rows = if w0 + t == 3 { THREE_ROWS } else { u64::MAX };
            let t = t as i32;
            [
                LANE_LOW << c & rows,
                DIAGONAL[(d + 16 + 4 * t) as usize & 63] & rows,
                ANTI[(e + 16 - 4 * t) as usize & 63] & rows,
            ]
        });
        Through {
            first: w0 as u8,
            column: c as u8,
            diagonal: (d & 63) as u8,
            anti: ((e - 15) & 63) as u8,
            word: (r / 4) as u8,
            shift: (16 * (r % 4)) as u8,
            masks,
        }
    }
}

/// What the first pass of a step needs for a stone on one cell `(r, c)`: the cell itself, and
/// the cells next to it. The cell's word and bit are also in `Through` (`word`, `shift +
/// column`), so that each pass reads one table.
#[derive(Clone, Copy, Default)]
struct Place {
    /// The cells next to `(r, c)` on the board, on words `first` and `first + 1` of the
    /// player's: a run of 2 or more through a stone on `(r, c)` takes one of them.
    near: [u64; 2],
    /// The first of the two words that hold the rows next to r (r - 1 to r + 1).
    first: u8,
    /// Which of the player's words holds the cell, and its bit there.
    word: u8,
    bit: u8,
}

impl Place {
    fn new(r: usize, c: usize, rows: usize, cols: usize) -> Place {
        let first = r.saturating_sub(1) / 4;
        let mut near = [0; 2];
        for nr in r.saturating_sub(1)..(r + 2).min(rows) {
            for nc in c.saturating_sub(1)..(c + 2).min(cols) {
                if (nr, nc) != (r, c) {
                    near[nr / 4 - first] |= 1 << (16 * (nr % 4) + nc);
                }
            }
        }
        Place { near, first: first as u8, word: (r / 4) as u8, bit: (16 * (r % 4) + c) as u8 }
    }
}

pub(crate) struct Rowed {
    /// The tables of the four-direction representation: the cell's row and column, the run
    /// test, and random moves.
    lined: Lined,
    rows: usize,
    cols: usize,
    cells: u32,
    /// `through[cell]` for each cell of the board (and empty past them, up to 256: a cell cut
    /// below 256 needs no bound checked).
    through: Box<[Through; 256]>,
    /// `places[cell]`, as `through`.
    places: Box<[Place; 256]>,
    /// Whether k is at most 5, so that three words hold every row a run through a stone
    /// reaches.
    three: bool,
    /// Whether k is 5.
    five: bool,
    /// Whether k is 1, so that a stone with none of the player's next to it can still win.
    lone: bool,
}

impl Rowed {
    /// The tables for `rules`, at most `MAX_ROWS` × `MAX_COLS`; `OutOfMemory` when they cannot
    /// be allocated.
    pub(crate) fn new(rules: &Rules) -> Result<Rowed, Error> {
        debug_assert!(rules.rows() <= MAX_ROWS && rules.cols() <= MAX_COLS);
        let (rows, cols) = (rules.rows() as usize, rules.cols() as usize);
        let reach = rules.k() as usize - 1;
        let (three, five) = (reach <= 4, reach == 4);
        let mut through = try_filled(Through::default(), 256)?;
        for (cell, through) in through.iter_mut().enumerate().take(rows * cols) {
            *through = Through::new(cell / cols, cell % cols, if three { reach } else { 15 });
        }
        // 256 items make a `[Through; 256]`, so the conversion never fails (and the error
        // is only there to keep a panic out of the code).
        let through = through.into_boxed_slice().try_into().map_err(|_| Error::OutOfMemory)?;
        let mut places = try_filled(Place::default(), 256)?;
        for (cell, place) in places.iter_mut().enumerate().take(rows * cols) {
            *place = Place::new(cell / cols, cell % cols, rows, cols);
        }
        let places = places.into_boxed_slice().try_into().map_err(|_| Error::OutOfMemory)?;
        let lone = reach == 0;
        let cells = (rows * cols) as u32;
        Ok(Rowed { lined: Lined::new(rules), rows, cols, cells, through, places, three, five, lone })
    }

    /// The row and column of `cell`.
    #[inline(always)]
    fn row_col(&self, cell: usize) -> (usize, usize) {
        self.lined.row_col(cell)
    }

    /// The column, diagonal ↘ and anti-diagonal ↙ of player `p` through `cell`, in lanes 1,
    /// 2 and 3 of the word, from `N` of the player's four words: the rows from `4 * w0` to
    /// `4 * (w0 + N) - 1`, the cell of row `4 * w0 + j` at bit j of its lane, but at bit
    /// `4 * N - 1 - j` on the anti-diagonal (a run is a run either way). With `N` = 3 (k up to
    /// 5) the words are chosen to hold every row within k - 1 of the cell's: all that a run of
    /// k through the stone can reach.
    ///
    /// Each line takes one multiply: its cells are first moved, without two sharing a bit, to
    /// bit `16 i + 4 t` (column), `16 i + 4 t + i` (diagonal) or `16 i + 15 - 4 t - i`
    /// (anti-diagonal) for row i of word t, and the multiplier's term for lane i then takes
    /// lane i's cells next to each other, in row order (the anti-diagonal's last row first),
    /// to the top bits. Every partial product lands on a bit of its own (their offsets differ
    /// by multiples of 16, their bits within a lane do not), so nothing carries.
    #[inline(always)]
    fn gather<const N: usize>(&self, words: &[u64; 8], p: usize, cell: usize) -> u64 {
        let through = &self.through[cell & 255];
        let first = 4 * p + usize::from(through.first);
        let (mut column, mut diagonal, mut anti) = (0u64, 0u64, 0u64);
        for t in 0..N {
            let word = words[(first + t) & 7];
            let [c, d, e] = through.masks[t];
            // Cell c + 4 t of lane i: no two share a bit, and all are 4 t past c in their
            // lane, mod 64.
            column |= (word & c).rotate_left(4 * t as u32);
            diagonal |= word & d;
            anti |= word & e;
        }
        let column = column.rotate_right(u32::from(through.column));
        let diagonal = diagonal.rotate_right(u32::from(through.diagonal));
        let anti = anti.rotate_right(u32::from(through.anti));
        let top = 64 - 4 * N as u32;
        let by_column = 1 << top | 1 << (top - 15) | 1 << (top - 30) | 1 << (top - 45);
        let column = column.wrapping_mul(by_column) >> top;
        let diagonal = diagonal.wrapping_mul(BY_DIAGONAL) >> 48;
        let anti = anti.wrapping_mul(BY_DIAGONAL) >> top;
        column << 16 | diagonal << 32 | anti << 48
    }

    /// Plays the side to move on the empty `cell` of `game`, the lines through it gathered
    /// from `N` words (3 for k up to 5), k = 5 when `FIVE`, and returns the result code; a
    /// game that ended is emptied. A step plays its moves in the same two halves, `place`
    /// then `judge`, but empties the games that ended only once every action is known legal.
    #[inline(always)]
    fn play_as<const N: usize, const FIVE: bool>(&self, game: &mut Game, cell: usize) -> u8 {
        self.place(game, &self.places[cell & 255]);
        let result = self.judge::<N, FIVE>(game, cell);
        if result != PENDING {
            game.words = EMPTY;
        }
        result
    }

    /// Takes back the stone `place` played on `cell` (after `judge` when it ended the game).
    fn take_back(&self, game: &mut Game, cell: usize, ended: bool) {
        let words = &mut game.words;
        if !ended {
            words[7] -= MOVE;
        }
        let p = (words[7] >> PLACED) as usize & 1;
        let place = &self.places[cell & 255];
        words[(4 * p + usize::from(place.word)) & 7] &= !(1 << place.bit);
    }

    /// The first half of a move, for the side to move on the empty cell of `place`: plays the
    /// stone and adds `MOVE`, as for a game that goes on, and returns whether the move may end
    /// the game: the player has a stone next to it, k is 1, or the board is full. `judge`
    /// tells.
    #[inline(always)]
    fn place(&self, game: &mut Game, place: &Place) -> bool {
        let words = &mut game.words;
        let placed = (words[7] >> PLACED) as u32;
        let own = 4 * (placed & 1) as usize;
        let first = own + usize::from(place.first);
        let near = words[first & 7] & place.near[0] | words[(first + 1) & 7] & place.near[1];
        words[(own + usize::from(place.word)) & 7] |= 1 << place.bit;
        words[7] += MOVE;
        near != 0 || placed + 1 == self.cells || self.lone
    }

    /// The second half of a move, after `place` put a stone on `cell`: the result code. A game
    /// that goes on keeps the stone, its count and the move (`MOVE`); a game that ended keeps
    /// the stone with word 7 as before the move, for the caller to empty. Every line held fewer
    /// than k in a row before (a game that ends is emptied), so a run of k through the stone
    /// is new.
    #[inline(always)]
    fn judge<const N: usize, const FIVE: bool>(&self, game: &mut Game, cell: usize) -> u8 {
        let words = &mut game.words;
        let placed = (words[7] >> PLACED) as u32;
        let p = (placed.wrapping_sub(1) & 1) as usize;
        let through = &self.through[cell & 255];
        let at = (4 * p + usize::from(through.word)) & 7;
        let lines = words[at] >> through.shift & 0xffff | self.gather::<N>(words, p, cell);
        let won = if FIVE { lined::has_five(lines) } else { self.lined.has_run(lines) };
        let result = if won {
            X_WINS + p as u8
        } else if placed == self.cells {
            DRAW
        } else {
            return PENDING;
        };
        words[7] -= MOVE;
        result
    }

    /// The first pass of `begin_as`: checks the action of each game of `games` (at most
    /// `CHUNK`) and `place`s it, listing in `may_end` the games whose move may end them; the
    /// number listed, or the first illegal action's index, with what is wrong with it (the
    /// games before it placed, the rest untouched).
    #[inline(never)]
    fn place_all(
        &self,
        games: &mut [Game],
        actions: &[u32],
        may_end: &mut [u16; CHUNK],
    ) -> Result<usize, (usize, Error)> {
        debug_assert!(games.len() <= CHUNK);
        let mut listed = 0;
        for (j, (game, &a)) in games.iter_mut().zip(actions).enumerate() {
            let place = &self.places[a as usize & 255];
            let word = usize::from(place.word) & 3;
            if a >= self.cells || (game.words[word] | game.words[word + 4]) >> place.bit & 1 == 1 {
                return Err((j, if a >= self.cells { Error::OutOfBounds } else { Error::CellOccupied }));
            }
            may_end[listed & (CHUNK - 1)] = j as u16;
            listed += usize::from(self.place(game, place));
        }
        Ok(listed)
    }

    /// `Kind::begin_step` with `N` words and k = 5 (`FIVE`) known when compiled: each action is
    /// checked as its game is played, and the games that end are noted in `notes` (one a
    /// game), to be emptied by `finish_step`; on an illegal action the stones played so far
    /// are taken back. The number noted.
    ///
    /// The games go in chunks of `CHUNK`, in two passes each: the first checks and `place`s
    /// every move and lists those that may end their game, the second `judge`s those alone.
    /// About half the moves of a random game have none of the player's stones next to them,
    /// and listing them costs no branch, where skipping them in one pass would cost a
    /// mispredicted one each time.
    fn begin_as<const N: usize, const FIVE: bool>(
        &self,
        games: &mut [Game],
        first: usize,
        actions: &[u32],
        notes: &mut [u32],
    ) -> Result<usize, StepError> {
        let (mut noted, mut played) = (0, 0);
        let mut may_end = [0u16; CHUNK];
        debug_assert!(games.len() == actions.len() && notes.len() >= games.len());
        debug_assert!(games.len() < 1 << NOTE_RESULT);
        while played < games.len() {
            let chunk = (games.len() - played).min(CHUNK);
            let listed =
                match self.place_all(&mut games[played..played + chunk], &actions[played..], &mut may_end) {
                    Ok(listed) => listed,
                    Err((j, error)) => {
                        self.take_back_all(&mut games[..played + j], actions, &notes[..noted]);
                        return Err(StepError { index: first + played + j, error });
                    }
                };
            for &j in &may_end[..listed] {
                let i = played + usize::from(j);
                let result = self.judge::<N, FIVE>(&mut games[i], actions[i] as usize);
                if result != PENDING {
                    notes[noted] = note(i, result);
                    noted += 1;
                }
            }
            played += chunk;
        }
        Ok(noted)
    }

    /// Takes back the stones `begin_as` played in `games`, of which those `noted` ended their
    /// game.
    fn take_back_all(&self, games: &mut [Game], actions: &[u32], noted: &[u32]) {
        let mut noted = noted.iter().map(|&n| read_note(n).0).peekable();
        for (i, (game, &a)) in games.iter_mut().zip(actions).enumerate() {
            let end = noted.next_if_eq(&i).is_some();
            self.take_back(game, a as usize, end);
        }
    }
}

/// `self.f::<N, FIVE>(args)` with the words the lines are gathered from and whether k is 5
/// known when compiled: three words and k = 5, three words, or four.
macro_rules! by_shape {
    ($rowed:ident . $f:ident ( $($arg:expr),* )) => {
        match ($rowed.three, $rowed.five) {
            (true, true) => $rowed.$f::<3, true>($($arg),*),
            (true, false) => $rowed.$f::<3, false>($($arg),*),
            _ => $rowed.$f::<4, false>($($arg),*),
        }
    };
}

impl Kind for Rowed {
    type Word = Game;
    type Aside = Aside;
    type Note = u32;

    fn stride(&self) -> usize {
        1
    }

    fn occupied(&self, game: &[Game], cell: usize) -> bool {
        let (r, c) = self.row_col(cell);
        game[0].taken(r) >> c & 1 == 1
    }

    fn stone(&self, game: &[Game], cell: usize) -> u8 {
        let (r, c) = self.row_col(cell);
        (game[0].row(0, r) >> c & 1 | (game[0].row(1, r) >> c & 1) << 1) as u8
    }

    fn x_to_move(&self, game: &[Game]) -> bool {
        game[0].placed().is_multiple_of(2)
    }

    /// Writes only the game's 64 bytes, and marks its `Aside` stale.
    #[inline(always)]
    fn play(&self, game: &mut [Game], cell: usize) -> u8 {
        by_shape!(self.play_as(&mut game[0], cell))
    }

    /// Plays each action as it checks it (`begin_as`).
    fn begin_step(
        &self,
        games: &mut [Game],
        _cells: usize,
        first: usize,
        actions: &[u32],
        notes: &mut [u32],
    ) -> Result<usize, StepError> {
        by_shape!(self.begin_as(games, first, actions, notes))
    }

    /// Every move was played by `begin_step`: empties the games noted as ended.
    fn finish_step(&self, games: &mut [Game], _actions: &[u32], results: &mut [u8], noted: &[u32]) {
        results.fill(PENDING);
        for &n in noted {
            let (i, result) = read_note(n);
            results[i] = result;
            games[i].words = EMPTY;
        }
    }

    fn undo_step(&self, games: &mut [Game], actions: &[u32], noted: &[u32]) {
        self.take_back_all(games, actions, noted);
    }

    rowwise::read_by_rows!();

    fn random(
        &self,
        games: &mut [Game],
        aside: &mut [Aside],
        moves: u64,
        draws: &mut Draws,
        tally: &mut Tally,
    ) {
        // Each game is played through on its lines while they are in cache; the few moves that
        // end a game are counted apart, by a branch seldom taken.
        let mut ended = [0u64; 3];
        for (game, aside) in games.iter_mut().zip(aside) {
            if game.words[7] & STEPPED_BITS != 0 {
                // The 16th row's places hold the count and the marks, not stones.
                let rows = std::array::from_fn(|i| if i % 16 == 15 { 0 } else { game.row(i / 16, i % 16) });
                aside.lines = self.lined.game_of_rows(&rows, game.placed());
                self.lined.relist(&mut aside.lines, &mut aside.list);
            } else if game.words[3] & EMPTIED != 0 {
                aside.lines = lined::Game::default();
            }
            for _ in 0..moves {
                let result = self.lined.random_move(&mut aside.lines, &mut aside.list, draws);
                if result != PENDING {
                    ended[usize::from(result - 1)] += 1;
                }
            }
            let rows = aside.lines.rows();
            game.words = std::array::from_fn(|w| {
                (0..4).fold(0, |word, i| word | u64::from(rows[(w / 4) * 16 + 4 * (w % 4) + i]) << (16 * i))
            });
            game.words[7] |= u64::from(aside.lines.placed()) << PLACED;
        }
        tally.add_pass(moves * games.len() as u64, ended);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::lanes::tests::{lockstep, COUNT};
    use crate::batch::lanes::Lanes;

    /// The same results, refusals, observations, masks and random-move totals as `Lined`
    /// (which the tests hold to the game object), on boards of up to 15 rows of up to 16 cells,
    /// k from 2 to 7.
    #[test]
    fn plays_as_the_four_direction_lines_do() {
        for (rows, cols, k) in
            [(15, 15, 5), (15, 16, 4), (9, 9, 5), (11, 16, 2), (5, 13, 4), (15, 15, 7), (13, 14, 6)]
        {
            let rules = Rules::new(rows, cols, k).unwrap();
            let mut rowed = Lanes::new(Rowed::new(&rules).unwrap(), rules.cells(), COUNT).unwrap();
            let mut lined = Lanes::new(Lined::new(&rules), rules.cells(), COUNT).unwrap();
            lockstep(rules, &mut rowed, &mut lined, [1, 1]);
        }
    }

    /// The same as `Lined` in batches where thousands of games end at each step (every game
    /// with k = 1, many with k = 2), in chunks of which many or all are noted, with illegal
    /// actions among them.
    #[test]
    fn plays_as_the_four_direction_lines_do_when_many_games_end() {
        for k in [1, 2] {
            let rules = Rules::new(5, 13, k).unwrap();
            let count = 47 * CHUNK + 5;
            let mut rowed = Lanes::new(Rowed::new(&rules).unwrap(), rules.cells(), count).unwrap();
            let mut lined = Lanes::new(Lined::new(&rules), rules.cells(), count).unwrap();
            lockstep(rules, &mut rowed, &mut lined, [1, 2]);
        }
    }

    /// The gathered lines against the cells read one by one, on random rows, through every
    /// cell of a 15 × 16 board, for either player: the whole lines from four words (k = 6),
    /// and from three (k = 5), rows 4 * w0 to 4 * w0 + 11 for a w0 that holds every row
    /// within 4 of the cell's. The first rounds fill every row, so that
    /// every partial product of the gathering multiplies is there to carry, were one to.
    #[test]
    fn gather_reads_the_lines_through_a_cell() {
        let rules = |k| Rules::new(15, 16, k).unwrap();
        let (four, three) = (Rowed::new(&rules(6)).unwrap(), Rowed::new(&rules(5)).unwrap());
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..300 {
            let mut words = [0u64; 8];
            for word in &mut words {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                *word = match round % 3 {
                    _ if round < 2 => u64::MAX,
                    0 => x,
                    _ => x & x.rotate_left(23),
                };
            }
            let p = round % 2;
            // The 16th row is the move count's place: whatever it holds is not read.
            let cell = |r: i32, c: i32| {
                let inside = (0..15).contains(&r) && (0..16).contains(&c);
                inside && words[4 * p + r as usize / 4] >> (16 * (r % 4) + c) & 1 == 1
            };
            for (r, c) in (0..15).flat_map(|r| (0..16).map(move |c| (r, c))) {
                let line =
                    |dc: i32| (0..16).fold(0u64, |bits, j| bits | u64::from(cell(j, c + dc * (j - r))) << j);
                let lines = [line(0), line(1), line(-1)];
                // The anti-diagonal's rows come last to first.
                let from = |w0: usize, rows: usize| {
                    let cut = |l: u64| l >> (4 * w0) & ((1 << rows) - 1);
                    let reversed = (cut(lines[2]) as u16).reverse_bits() >> (16 - rows);
                    cut(lines[0]) << 16 | cut(lines[1]) << 32 | u64::from(reversed) << 48
                };
                let (ru, cu) = (r as usize, c as usize);
                assert_eq!(
                    four.gather::<4>(&words, p, 16 * ru + cu),
                    from(0, 16),
                    "round {round}, ({r}, {c})"
                );
                let got = three.gather::<3>(&words, p, 16 * ru + cu);
                let (low, high) = (ru.saturating_sub(4), (ru + 4).min(14));
                let fits = |w0: usize| 4 * w0 <= low && high < 4 * w0 + 12 && got == from(w0, 12);
                assert!(fits(0) || fits(1), "round {round}, ({r}, {c}): {got:x}");
            }
        }
    }

    /// `play`, a move at a time outside a step, gives the results and stones `Lined` gives, over
    /// random games played to their ends and on into the next ones.
    #[test]
    fn play_gives_what_the_four_direction_lines_give() {
        for (rows, cols, k) in [(15, 15, 5), (5, 13, 2), (9, 9, 6)] {
            let rules = Rules::new(rows, cols, k).unwrap();
            let (rowed, lined) = (Rowed::new(&rules).unwrap(), Lined::new(&rules));
            let (mut a, mut b) = ([Game::default()], [lined::Game::default()]);
            let cells = rules.cells();
            let (mut x, mut ends) = (0x2545_f491_4f6c_dd1du64, 0);
            for i in 0..5_000 {
                // A board that fills ends the game, so some cell is always empty.
                let empty: Vec<usize> = (0..cells).filter(|&c| !lined.occupied(&b, c)).collect();
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let cell = empty[(x % empty.len() as u64) as usize];
                let result = rowed.play(&mut a, cell);
                assert_eq!(result, lined.play(&mut b, cell), "{rules:?} move {i} on {cell}");
                ends += usize::from(result != PENDING);
                for c in 0..cells {
                    assert_eq!(rowed.stone(&a, c), lined.stone(&b, c), "{rules:?} move {i}, cell {c}");
                }
            }
            assert!(ends >= 20, "{rules:?}: {ends} games ended");
        }
    }

    /// A board that fills with no line, X's last stone on (2, 6) with only O's stones next
    /// to it: the one move the first pass lists for filling the board alone. Every game of a
    /// batch longer than a chunk plays the same moves; the last one draws, the others go on.
    #[test]
    fn a_last_stone_among_the_opponents_stones_draws() {
        let board = ["OXXXOXXXOOXXO", "XOOOXOOOXXXXX", "OXOXXOXOXXOXX", "XOOXOOOOOXOOX", "OXOXXOOOXXOOX"];
        let cells = |stone| {
            let cells = board.iter().flat_map(|row| row.bytes()).enumerate();
            cells.filter(move |&(cell, s)| s == stone && cell != 2 * 13 + 6).map(|(cell, _)| cell as u32)
        };
        let (xs, os): (Vec<u32>, Vec<u32>) = (cells(b'X').collect(), cells(b'O').collect());
        assert_eq!((xs.len(), os.len()), (32, 32));
        let moves = xs.iter().zip(&os).flat_map(|(&x, &o)| [x, o]).chain([2 * 13 + 6]);
        let rules = Rules::new(5, 13, 6).unwrap();
        let count = CHUNK + 3;
        let mut games = Lanes::new(Rowed::new(&rules).unwrap(), rules.cells(), count).unwrap();
        let mut results = vec![9; count];
        for (i, cell) in moves.enumerate() {
            games.step(&vec![cell; count], &mut results).unwrap();
            let expected = if i == 64 { DRAW } else { PENDING };
            assert!(results.iter().all(|&r| r == expected), "move {i}: {results:?}");
        }
    }
}
