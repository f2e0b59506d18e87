//! A game in progress: the board, whose turn it is, the outcome, and undo/redo history.

use crate::board::{count_stones, parse_cells, Board};
use crate::error::Error;
use crate::fallible::try_copy;
use crate::inline_vec::InlineVec;
use crate::moves::Move;
use crate::rules::{Player, Rules, EMPTY};
use crate::validate::{find_lines, verdict_of_lines, Verdict};
use std::fmt::{self, Write};
use std::str::FromStr;

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Moves remain and nobody has a line.
    Pending,
    /// This player completed a line.
    Won(Player),
    /// The board filled with no line.
    Draw,
}

impl Outcome {
    /// The "Find Winner" answer as a C string, for the C API's static texts.
    pub(crate) fn answer_c(self) -> &'static std::ffi::CStr {
        match self {
            Outcome::Pending => c"Pending",
            Outcome::Won(Player::X) => c"A",
            Outcome::Won(Player::O) => c"B",
            Outcome::Draw => c"Draw",
        }
    }

    /// The "Find Winner" answer: "Pending", "A", "B" or "Draw".
    pub fn answer(self) -> &'static str {
        self.answer_c().to_str().unwrap_or_default()
    }

    /// The winner, if the game was won.
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Won(p) => Some(p),
            _ => None,
        }
    }
}

/// The "Find Winner" answer: `Pending`, `A`, `B` or `Draw`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.answer())
    }
}

/// `Game::turn` before the first move: either player may make it.
const BOTH: u8 = 0b110;

/// Marks the redo entry of an opening move that player O made: undone, the game is back at its
/// start (often X to move), so the entry itself says who replays it. Cells are below
/// `MAX_CELLS` < 2^31, so the bit is free.
const OPENED_BY_O: u32 = 1 << 31;

/// `player` as a `Game::turn` bit.
fn bit(player: Player) -> u8 {
    // 1 << 1 = 2 and 1 << 2 = 4: twice the number, without a shift by a variable.
    2 * player as u8
}

/// One m,n,k-game: the board, whose turn it is, the outcome, and undo/redo history.
///
/// Players alternate and X (player 1) starts, except that [`move_as`](Game::move_as), which
/// names the player, lets O make the very first move ("Design Tic-Tac-Toe" does not say who
/// starts). The game ends at the move that completes a line of k or more, or when the board is
/// full; no move is accepted after that. A refused call changes nothing.
///
/// ```
/// use tictactoe::{Error, Game, Move, Outcome, Player, Rules};
/// let mut game = Game::new(Rules::new(3, 3, 3)?)?;
/// game.play(0, 0)?;
/// assert_eq!(game.play(0, 0), Err(Error::CellOccupied));
/// assert_eq!(game.to_move(), Some(Player::O));
/// game.undo()?;
/// assert_eq!(game.legal_moves().count(), 9);
/// game.redo()?;
/// assert_eq!(game.moves().collect::<Vec<_>>(), [Move::new(0, 0)]);
/// assert_eq!(game.outcome(), Outcome::Pending);
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: Board,
    history: InlineVec<u32, 16>,
    redo: Vec<u32>,
    /// How many of the first entries of `history` are not moves but the stones a game was
    /// loaded from text with, ascending: kept when they are few for the board
    /// (`for_each_stone`), else none. Undo never takes them back; with the moves after them
    /// they list every stone, so that a search of a sparse board loaded from text need not
    /// read the whole board. A count in the history rather than a list of its own, so that
    /// the handle holds no second vector (a cost every small game would pay).
    loaded: u32,
    /// Who made the first move; before it, who will make it by alternation (`start`).
    first: Player,
    /// Who moves first on the empty board the game began with: X, or the player a text of an
    /// empty board names. Undoing the opening move gives the first move back to `start`, so
    /// that undo is the exact inverse of a move even when player 2 opened.
    start: Player,
    outcome: Outcome,
    /// Who may make the next move, as bits `1 << player`: both players before the first move,
    /// the side to move after it, nobody once the game is over. Derived from the fields above
    /// (`refresh_turn`) and kept so that a move checks turn and end with one test.
    turn: u8,
    /// The winning move (a stone on every line of the winner).
    win: Option<usize>,
}

impl Game {
    /// An empty game. Inlined, so the C constructor builds it in place in the handle.
    #[inline(always)]
    pub fn new(rules: Rules) -> Result<Game, Error> {
        Game::with_board(Board::new(rules)?)
    }

    /// A game of no moves yet on `board`, X to start.
    #[inline(always)]
    fn with_board(board: Board) -> Result<Game, Error> {
        Ok(Game {
            history: InlineVec::with_capacity(board.rules().cells().min(256))?,
            board,
            redo: Vec::new(),
            loaded: 0,
            first: Player::X,
            start: Player::X,
            outcome: Outcome::Pending,
            turn: BOTH,
            win: None,
        })
    }

    /// A copy that reports allocation failure instead of aborting.
    pub fn try_clone(&self) -> Result<Game, Error> {
        Ok(Game {
            board: self.board.try_clone()?,
            history: self.history.try_clone()?,
            redo: try_copy(&self.redo)?,
            ..*self
        })
    }

    /// The rules of this game.
    pub fn rules(&self) -> Rules {
        self.board.rules()
    }

    /// The board.
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    /// Whose stone is at (row, col), `None` for an empty cell; `OutOfBounds` off the board.
    pub fn cell(&self, row: u32, col: u32) -> Result<Option<Player>, Error> {
        Ok(Player::try_from(u32::from(self.board.cells().get(self.rules().index(row, col)?))).ok())
    }

    /// How the game stands.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The player who made (or will make) the first move.
    pub fn first_player(&self) -> Player {
        self.first
    }

    /// Whose turn it would be by alternation, even once the game is over.
    pub(crate) fn next_player(&self) -> Player {
        if self.move_count().is_multiple_of(2) {
            self.first
        } else {
            self.first.other()
        }
    }

    /// The side to move, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Player> {
        (self.outcome == Outcome::Pending).then(|| self.next_player())
    }

    /// The moves played so far, oldest first; none for a game loaded from text, whose stones
    /// were set down rather than played.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + Clone + '_ {
        let rules = self.rules();
        self.history().iter().map(move |&cell| rules.move_at(cell as usize))
    }

    /// `moves` as row-major cells.
    pub(crate) fn history(&self) -> &[u32] {
        &self.history.as_slice()[self.loaded as usize..]
    }

    /// Calls `visit` on every cell holding a stone, in no set order: from the lists when they
    /// hold every stone (`listed_stones`) and the stones are few for the board (under one per
    /// 256 cells), so that a few stones on a big board cost a few calls; else by reading the
    /// board a word at a time, in cell order, which also keeps what `visit` reads near the
    /// stone in cache.
    pub(crate) fn for_each_stone(&self, mut visit: impl FnMut(usize)) {
        match self.listed_stones().filter(|_| few_for(self.rules(), self.move_count())) {
            Some(stones) => stones.for_each(visit),
            None => self.board.cells().for_each_stone(|cell, _| visit(cell)),
        }
    }

    /// Every stone's cell, when the game lists them all: the stones it was loaded with (kept
    /// when few, see `loaded`), ascending, then its moves since, in play order. `None` for a
    /// game loaded with many stones.
    pub(crate) fn listed_stones(&self) -> Option<impl Iterator<Item = usize> + '_> {
        let listed = self.history.as_slice();
        (listed.len() == self.move_count()).then(|| listed.iter().map(|&c| c as usize))
    }

    /// Stones on the board.
    pub fn move_count(&self) -> usize {
        self.board.placed() as usize
    }

    /// The winning line, end to end: the whole run, which may be longer than k. Empty unless
    /// the game was won.
    pub fn winning_line(&self) -> impl Iterator<Item = Move> + Clone + '_ {
        let rules = self.rules();
        self.winning_cells().map(move |cell| rules.move_at(cell))
    }

    /// `winning_line` as row-major cells.
    pub(crate) fn winning_cells(&self) -> impl Iterator<Item = usize> + Clone + '_ {
        // The direction is found only when asked, keeping the winning move itself cheap.
        let (rules, cells) = (self.rules(), self.board.cells());
        let line = self.win.and_then(|cell| Some(rules.run_span(cells, cell, rules.line_at(cells, cell)?)));
        let (first, step, len) = line.unwrap_or((0, 0, 0));
        (0..len).map(move |i| first + i * step)
    }

    /// How many moves [`legal_moves`](Game::legal_moves) gives.
    pub fn legal_move_count(&self) -> usize {
        if self.outcome == Outcome::Pending {
            self.rules().cells() - self.move_count()
        } else {
            0
        }
    }

    /// The empty cells, row by row; none once the game is over.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + Clone + '_ {
        let rules = self.rules();
        self.legal_cells().map(move |cell| rules.move_at(cell))
    }

    /// `legal_moves` as row-major cells, ascending.
    pub(crate) fn legal_cells(&self) -> impl Iterator<Item = usize> + Clone + '_ {
        let open = self.outcome == Outcome::Pending;
        self.board.cells().iter().enumerate().filter(move |&(_, c)| open && c == EMPTY).map(|(i, _)| i)
    }

    /// "Design Tic-Tac-Toe": `player` puts a stone on (row, col). Checks, in order: bounds
    /// (`OutOfBounds`), `GameOver`, `WrongTurn` (either player may make the first move),
    /// `CellOccupied`. Clears the redo history.
    #[inline(always)]
    pub fn move_as(&mut self, row: u32, col: u32, player: Player) -> Result<Outcome, Error> {
        let cell = self.rules().index(row, col)?;
        if self.turn & bit(player) == 0 {
            return Err(if self.outcome == Outcome::Pending { Error::WrongTurn } else { Error::GameOver });
        }
        let outcome = self.apply(cell, row, col, player)?;
        self.redo.clear();
        Ok(outcome)
    }

    /// `move_as` for a legal move on a board with a `tallied_side` (n × n, k = n: "Design
    /// Tic-Tac-Toe"; see `board::tally`), with the winner's number (0 for none) as
    /// `ttt_game_move` gives it; its caller passes `player` as a constant, so that each player
    /// gets a body of its own. None for any other move, including every illegal one and one
    /// that needs the history to grow: then nothing has changed, and `move_as` decides it.
    /// Both end in `record`.
    #[inline(always)]
    pub(crate) fn tallied_move(&mut self, row: u32, col: u32, player: Player) -> Option<u32> {
        let tallied = self.board.tallied_cell(row, col)?;
        if self.turn & bit(player) == 0 {
            return None;
        }
        let cell = tallied.cell();
        if !self.history.push_within_capacity(cell) {
            return None;
        }
        // The move is legal: nothing below can fail.
        self.redo.clear();
        let won = tallied.place(player);
        self.record(cell as usize, player, won);
        Some(if won { player.number() } else { 0 })
    }

    /// The side to move puts a stone on (row, col).
    pub fn play(&mut self, row: u32, col: u32) -> Result<Outcome, Error> {
        self.move_as(row, col, self.next_player())
    }

    /// Places and records a move whose turn is checked, at `cell` = (row, col); on
    /// `CellOccupied` or `OutOfMemory` nothing has changed. The stone goes down before the
    /// history grows so that the cell is looked up once; the rare failed push takes it back.
    #[inline(always)]
    fn apply(&mut self, cell: usize, row: u32, col: u32, player: Player) -> Result<Outcome, Error> {
        let won = self.board.try_place(row, col, player)?;
        if let Err(e) = self.history.try_push(cell as u32) {
            self.board.remove(row, col);
            return Err(e);
        }
        self.record(cell, player, won);
        Ok(self.outcome)
    }

    /// Records what the stone `player` has just put on `cell` tells (`won`: it completed a
    /// line): who opened, when it is the first stone; whose turn it is; how the game stands.
    #[inline(always)]
    fn record(&mut self, cell: usize, player: Player, won: bool) {
        if self.move_count() == 1 {
            self.first = player;
        }
        // `refresh_turn` by what this move tells: the other player is next, unless it ended.
        // (Set before the branches rather than from the outcome after them, so that the hot
        // path needs no second look at the outcome.)
        self.turn = bit(player.other());
        if won {
            self.outcome = Outcome::Won(player);
            self.win = Some(cell);
            self.turn = 0;
        } else if self.board.is_full() {
            self.outcome = Outcome::Draw;
            self.turn = 0;
        }
    }

    /// Sets `turn` from the outcome, the stone count and who started.
    fn refresh_turn(&mut self) {
        self.turn = match (self.outcome, self.move_count()) {
            (Outcome::Pending, 0) => BOTH,
            (Outcome::Pending, _) => bit(self.next_player()),
            _ => 0,
        };
    }

    /// Takes back the last move (`NothingToUndo` when there is none).
    pub fn undo(&mut self) -> Result<(), Error> {
        let &cell = self.history().last().ok_or(Error::NothingToUndo)?;
        self.redo.try_reserve(1)?;
        self.history.pop();
        let (row, col) = self.rules().row_col(cell as usize);
        self.board.remove(row, col);
        let mut entry = cell;
        if self.move_count() == 0 {
            // The opening move: the game is back where it began, and redo must know who opened.
            if self.first == Player::O {
                entry |= OPENED_BY_O;
            }
            self.first = self.start;
        }
        self.redo.push(entry);
        self.outcome = Outcome::Pending;
        self.win = None;
        self.refresh_turn();
        Ok(())
    }

    /// Replays the last undone move (`NothingToRedo` when there is none).
    pub fn redo(&mut self) -> Result<(), Error> {
        let &entry = self.redo.last().ok_or(Error::NothingToRedo)?;
        let cell = entry & !OPENED_BY_O;
        let player = match (self.move_count(), entry & OPENED_BY_O != 0) {
            (0, true) => Player::O,
            (0, false) => Player::X,
            _ => self.next_player(),
        };
        let (row, col) = self.rules().row_col(cell as usize);
        self.apply(cell as usize, row, col, player)?;
        self.redo.pop();
        Ok(())
    }

    /// Back to the empty board, player 1 to move, no history.
    pub fn reset(&mut self) -> Result<(), Error> {
        *self = Game::new(self.rules())?;
        Ok(())
    }

    /// The game as text: `rows,cols,k:BOARD:P`, where BOARD is the board in the validate
    /// format (rows joined by `/`, `.` empty) and P is the player whose turn it is by
    /// alternation (`X` or `O`), which also tells who started. History is not kept.
    #[cfg(test)]
    pub(crate) fn to_text(&self) -> String {
        self.try_to_text().unwrap_or_else(|e| panic!("cannot write the game as text: {e}"))
    }

    /// The length of `to_text`, without writing it.
    pub(crate) fn text_len(&self) -> usize {
        let r = self.rules();
        let digits = |n: u32| n.checked_ilog10().unwrap_or(0) as usize + 1;
        // "rows,cols,k:" + cells with a '/' between rows + ":P".
        digits(r.rows()) + digits(r.cols()) + digits(r.k()) + 3 + r.cells() + r.rows() as usize - 1 + 2
    }

    /// `to_text`, reporting allocation failure instead of panicking.
    pub(crate) fn try_to_text(&self) -> Result<String, Error> {
        let r = self.rules();
        let mut out = String::new();
        out.try_reserve_exact(self.text_len())?;
        // Written straight into the reserved text: a `format!` would allocate, and abort the
        // process if that failed.
        write!(out, "{},{},{}:", r.rows(), r.cols(), r.k()).map_err(|_| Error::OutOfMemory)?;
        self.board.write_text(&mut out);
        out.push(':');
        out.push(self.next_player().letter());
        Ok(out)
    }

    /// Reads `to_text`'s format. `Parse` for malformed text (including rows/cols/k that are
    /// not decimal numbers), the `Rules::new` errors for a bad size, `UnreachableBoard` when
    /// the stones and the side to move cannot arise in a legal game.
    pub(crate) fn from_text(text: &[u8]) -> Result<Game, Error> {
        // One line feed at the end is a line's end (a text saved as a line of a file), not
        // part of the turn.
        let text = text.strip_suffix(b"\n").unwrap_or(text);
        // Three parts split by ':'. The head and the turn are found from the two ends, and the
        // board (nearly all of the text) is searched for a ':' with `contains`, a word at a
        // time, where splitting the text went through it a byte at a time.
        let (Some(head_end), Some(turn_at)) =
            (text.iter().position(|&b| b == b':'), text.iter().rposition(|&b| b == b':'))
        else {
            return Err(Error::Parse);
        };
        let (head, turn) = (&text[..head_end], &text[turn_at + 1..]);
        let body = text.get(head_end + 1..turn_at).ok_or(Error::Parse)?;
        if body.contains(&b':') {
            return Err(Error::Parse);
        }
        let mut dims = head.split(|&b| b == b',').map(parse_u32);
        let (Some(rows), Some(cols), Some(k), None) = (dims.next(), dims.next(), dims.next(), dims.next())
        else {
            return Err(Error::Parse);
        };
        let rules = Rules::new(rows?, cols?, k?)?;
        let next = match turn {
            b"X" => Player::X,
            b"O" => Player::O,
            _ => return Err(Error::Parse),
        };
        Game::from_position(rules, &parse_cells(body, rules.cells())?, next)
    }

    pub(crate) fn from_position(rules: Rules, cells: &[u8], next: Player) -> Result<Game, Error> {
        let [x, o] = count_stones(cells);
        let first = match (x.cmp(&o), next) {
            (std::cmp::Ordering::Equal, p) => p,
            (std::cmp::Ordering::Greater, Player::O) => Player::X,
            (std::cmp::Ordering::Less, Player::X) => Player::O,
            _ => return Err(Error::UnreachableBoard),
        };
        // The validity rule is written for X starting; when O did, the players swap roles.
        let lines = find_lines(&rules, cells);
        let (starter, other) = (first as usize - 1, first.other() as usize - 1);
        if verdict_of_lines([[x, o][starter], [x, o][other]], &[lines[starter], lines[other]])
            != Verdict::Valid
        {
            return Err(Error::UnreachableBoard);
        }
        let mut game = Game::with_board(Board::from_cells(rules, cells)?)?;
        game.first = first;
        game.start = first;
        // Only a shortcut: without the memory, the board is read instead.
        if let Some(Ok(mut listed)) = few_for(rules, x + o).then(|| InlineVec::with_capacity(x + o)) {
            // Cells fit in u32 (MAX_CELLS); the pushes fit the capacity.
            game.board.cells().for_each_stone(|cell, _| _ = listed.try_push(cell as u32));
            game.loaded = listed.as_slice().len() as u32;
            game.history = listed;
        }
        for (l, player) in lines.iter().zip([Player::X, Player::O]) {
            if let Some(cell) = l.common {
                game.outcome = Outcome::Won(player);
                game.win = Some(cell);
            }
        }
        if game.outcome == Outcome::Pending && game.board.is_full() {
            game.outcome = Outcome::Draw;
        }
        game.refresh_turn();
        Ok(game)
    }
}

/// The text form, `rows,cols,k:BOARD:P`: BOARD lists the rows top to bottom, joined by `/`,
/// each cell `X`, `O` or `.`; P is the player whose turn it is by alternation (`X` or `O`),
/// which also tells who started. The move history is not part of it.
///
/// ```
/// use tictactoe::{Game, Rules};
/// let mut game = Game::new(Rules::new(3, 3, 3)?)?;
/// game.play(1, 1)?;
/// assert_eq!(game.to_string(), "3,3,3:.../.X./...:O");
/// # Ok::<(), tictactoe::Error>(())
/// ```
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.try_to_text().map_err(|_| fmt::Error)?)
    }
}

/// Reads the text form that [`Display`](fmt::Display) writes. The board may also use ` ` for
/// an empty cell and separate rows with line feeds. `Parse` for malformed text, the
/// [`Rules::new`] errors for a bad size, `UnreachableBoard` when the stones and the side to
/// move cannot arise in a legal game.
///
/// ```
/// use tictactoe::{Game, Player};
/// let game: Game = "3,3,3:XO./.X./...:O".parse()?;
/// assert_eq!(game.to_move(), Some(Player::O));
/// assert_eq!(game.cell(0, 1)?, Some(Player::O));
/// # Ok::<(), tictactoe::Error>(())
/// ```
impl FromStr for Game {
    type Err = Error;

    fn from_str(text: &str) -> Result<Game, Error> {
        Game::from_text(text.as_bytes())
    }
}

/// True when `stones` are few for a board of `rules` (under one per 256 cells): few enough
/// that visiting them from a list costs less than reading the board a word at a time.
fn few_for(rules: Rules, stones: usize) -> bool {
    stones < rules.cells() / 256
}

/// A plain decimal number: digits only, any number of leading zeros, at most `u32::MAX`.
fn parse_u32(digits: &[u8]) -> Result<u32, Error> {
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(Error::Parse);
    }
    // Past the leading zeros, more than 10 digits cannot fit (and would overflow the sum).
    let significant = &digits[digits.iter().take_while(|&&d| d == b'0').count()..];
    if significant.len() > 10 {
        return Err(Error::Parse);
    }
    let n = significant.iter().fold(0u64, |n, &d| n * 10 + u64::from(d - b'0'));
    u32::try_from(n).map_err(|_| Error::Parse)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The turn rule written out from the fields it is derived from, to check `turn` against.
    fn may_move(game: &Game, player: Player) -> bool {
        game.outcome() == Outcome::Pending && (game.move_count() == 0 || player == game.next_player())
    }

    /// Everything a caller can see of a game except what it can redo.
    fn seen(game: &Game) -> (String, Player, u8, Outcome, Option<usize>, Vec<u32>) {
        (game.to_text(), game.first, game.turn, game.outcome, game.win, game.history().to_vec())
    }

    #[test]
    #[cfg_attr(miri, ignore)] // 60,000 operations of game logic, not FFI
    fn the_turn_mask_follows_moves_undo_redo_reset_and_text() {
        // Random walks of raw moves by either player, undo, redo, reset and a text round trip
        // on boards where games end early (2x2 k=2), fill up (1x3 k=3) or both (3x3). Every
        // other accepted move is undone and redone: undo must give back exactly the game
        // before the move (also when player 2 opened), and redo the game after it.
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for (rows, cols, k) in [(3, 3, 3), (2, 2, 2), (1, 3, 3)] {
            let mut game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
            for _ in 0..20_000 {
                let (row, col) = (next(u64::from(rows)) as u32, next(u64::from(cols)) as u32);
                let player = if next(2) == 0 { Player::X } else { Player::O };
                match next(8) {
                    0 => _ = game.undo(),
                    1 => _ = game.redo(),
                    2 if next(8) == 0 => game.reset().unwrap(),
                    3 => game = Game::from_text(game.to_text().as_bytes()).unwrap(),
                    _ => {
                        let allowed = may_move(&game, player);
                        let occupied = game.cell(row, col).unwrap().is_some();
                        let before = seen(&game);
                        match game.move_as(row, col, player) {
                            Ok(_) if next(2) == 0 => {
                                assert!(allowed && !occupied);
                                let after = seen(&game);
                                game.undo().unwrap();
                                assert_eq!(seen(&game), before);
                                game.redo().unwrap();
                                assert_eq!(seen(&game), after);
                            }
                            Ok(_) => assert!(allowed && !occupied),
                            Err(Error::GameOver) => assert_ne!(game.outcome(), Outcome::Pending),
                            Err(Error::WrongTurn) => assert!(!allowed && game.outcome() == Outcome::Pending),
                            Err(Error::CellOccupied) => assert!(allowed && occupied),
                            Err(e) => panic!("unexpected {e:?}"),
                        }
                    }
                }
                let mask = [Player::X, Player::O].map(|p| may_move(&game, p));
                assert_eq!(mask, [game.turn & bit(Player::X) != 0, game.turn & bit(Player::O) != 0]);
            }
        }
    }

    /// `for_each_stone` and `listed_stones` give exactly the board's stones through loading
    /// (few stones for the board: listed; many: not), moves, undo down to the loaded stones,
    /// redo, clone and reset.
    #[test]
    #[cfg_attr(miri, ignore)] // a 90,000-cell board
    fn the_listed_stones_are_the_boards_stones() {
        let rules = Rules::new(300, 300, 5).unwrap();
        let check = |game: &Game, listed: bool| {
            let mut want = Vec::new();
            game.board().cells().for_each_stone(|cell, _| want.push(cell));
            let mut got = Vec::new();
            game.for_each_stone(|cell| got.push(cell));
            got.sort_unstable();
            assert_eq!(got, want);
            let mut list: Option<Vec<usize>> = game.listed_stones().map(|s| s.collect());
            list.iter_mut().for_each(|l| l.sort_unstable());
            assert_eq!(list, listed.then_some(want));
        };
        for stones in [40, 400] {
            let mut game = Game::new(rules).unwrap();
            for i in 0..stones {
                game.play(i / 20 * 7 % 300, i % 20 * 13).unwrap();
            }
            check(&game, true);
            game = Game::from_text(game.to_text().as_bytes()).unwrap();
            let few = few_for(rules, stones as usize);
            check(&game, few);
            game.play(299, 299).unwrap();
            game.play(299, 0).unwrap();
            check(&game, few);
            game.undo().unwrap();
            game.undo().unwrap();
            assert_eq!(game.undo(), Err(Error::NothingToUndo));
            check(&game, few);
            game.redo().unwrap();
            let copy = game.try_clone().unwrap();
            check(&copy, few);
            game.reset().unwrap();
            check(&game, true);
            game.play(0, 1).unwrap();
            check(&game, true);
        }
    }

    #[test]
    fn numbers_take_any_number_of_leading_zeros() {
        let cases: [(&[u8], Option<u32>); 9] = [
            (b"3", Some(3)),
            (b"0", Some(0)),
            (b"0000000000000000000003", Some(3)),
            (b"00000000000000000000000", Some(0)),
            (b"4294967295", Some(u32::MAX)),
            (b"000000004294967295", Some(u32::MAX)),
            (b"4294967296", None),
            (b"99999999999", None),
            (b"", None),
        ];
        for (text, want) in cases {
            assert_eq!(parse_u32(text).ok(), want, "{:?}", std::str::from_utf8(text));
        }
        assert_eq!(parse_u32(b"+3"), Err(Error::Parse));
        assert_eq!(parse_u32(b"3 "), Err(Error::Parse));
    }

    #[test]
    #[cfg_attr(miri, ignore)] // large boards: arithmetic, not FFI
    fn text_len_is_the_length_of_the_text() {
        let shapes =
            [(1, 1, 1), (1, 9, 3), (9, 1, 3), (3, 3, 3), (10, 10, 10), (12, 100, 7), (99, 1000, 999)];
        for (rows, cols, k) in shapes {
            let mut game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
            assert_eq!(game.text_len(), game.to_text().len(), "{rows},{cols},{k}");
            game.play(0, 0).unwrap();
            assert_eq!(game.text_len(), game.to_text().len(), "{rows},{cols},{k} after a move");
        }
    }
}
