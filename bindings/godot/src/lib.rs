//! A Godot 3 GDNative plugin: the NativeScript class `TicTacToe`, a game of the `tictactoe`
//! library (any rows × cols board, k in a row) for GDScript.
//!
//! Shapes seen from GDScript (README.md has the full table):
//! - players are ints: 1 is X, 2 is O, 0 is nobody;
//! - a result is an int: 0 pending, 1 X won, 2 O won, 3 draw;
//! - a cell or move is an Array `[row, col]`, rows counted from the top, both from 0;
//! - `best_move()` gives a Dictionary `{"row": r, "col": c, "score": s}`.
//!
//! A refused call returns `false` (actions) or `null` (queries) and reports the reason with
//! Godot's error output, as GDScript's `push_error` does, and leaves the game unchanged.
//! `game_over(result)` is emitted after a move (`play`, `move`, `redo`) ends the game.

#![deny(unsafe_code)]

use std::sync::{Mutex, MutexGuard};

use gdnative::nativescript::init::{ExportInfo, PropertyUsage, Signal, SignalArgument};
use gdnative::nativescript::user_data::ArcData;
use gdnative::prelude::*;
use tictactoe::ai::{self, Budget, Level, Scored};
use tictactoe::{Error, Game, Move, Outcome, Player, Rules};

/// The name of the signal emitted when a move ends the game.
const GAME_OVER: &str = "game_over";

/// One game, shared by reference like any Godot `Reference`.
///
/// The game sits behind a mutex and no method holds it while it emits a signal, so a
/// `game_over` handler may call back into the same object (to read the winning line, say).
#[derive(NativeClass)]
#[inherit(Reference)]
#[user_data(ArcData<TicTacToe>)]
#[register_with(Self::register)]
pub struct TicTacToe {
    game: Mutex<Game>,
}

mod batch;

/// Reports a refusal the way Godot's own functions do: an error line naming the class, the
/// method and the reason, then the caller returns `false` or `null`.
fn refuse_in(class: &str, method: &str, error: Error) {
    godot_error!("{}.{}: {}", class, method, error);
}

/// A refusal of a `TicTacToe` method.
fn refuse(method: &str, error: Error) {
    refuse_in("TicTacToe", method, error);
}

/// A GDScript int as a board size (rows, cols or k): negative is an invalid argument, past
/// `u32` a board too large.
fn size_arg(n: i64) -> Result<u32, Error> {
    if n < 0 {
        return Err(Error::InvalidArgument);
    }
    u32::try_from(n).map_err(|_| Error::TooLarge)
}

/// A GDScript int as a row or column: anything outside `u32` is off the board.
fn coord_arg(n: i64) -> Result<u32, Error> {
    u32::try_from(n).map_err(|_| Error::OutOfBounds)
}

/// A GDScript int that must be a `u32` (a player or level number), else an invalid argument.
fn small_arg(n: i64) -> Result<u32, Error> {
    u32::try_from(n).map_err(|_| Error::InvalidArgument)
}

/// A search budget from a node count and a time in milliseconds, each 0 for no limit; both
/// 0 (no limit at all) or either negative is an invalid argument.
fn budget_arg(nodes: i64, millis: i64) -> Result<Budget, Error> {
    let nodes = u64::try_from(nodes).map_err(|_| Error::InvalidArgument)?;
    let millis = u64::try_from(millis).map_err(|_| Error::InvalidArgument)?;
    match (nodes, millis) {
        (0, 0) => Err(Error::InvalidArgument),
        (0, ms) => Ok(Budget::millis(ms)),
        (n, 0) => Ok(Budget::nodes(n)),
        (n, ms) => Ok(Budget::nodes(n).and_time(std::time::Duration::from_millis(ms))),
    }
}

/// The result code: 0 pending, 1 X won, 2 O won, 3 draw (the C API's `TttResult`).
fn result_code(outcome: Outcome) -> i64 {
    match outcome {
        Outcome::Pending => 0,
        Outcome::Won(player) => i64::from(player.number()),
        Outcome::Draw => 3,
    }
}

/// A player as an int, 0 for nobody.
fn player_code(player: Option<Player>) -> i64 {
    player.map_or(0, |p| i64::from(p.number()))
}

/// A cell as the Array `[row, col]`.
fn cell_array(m: Move) -> VariantArray {
    let cell = VariantArray::new();
    cell.push(i64::from(m.row));
    cell.push(i64::from(m.col));
    cell.into_shared()
}

/// Cells as an Array of `[row, col]` Arrays.
fn cells_array(moves: impl Iterator<Item = Move>) -> VariantArray {
    let cells = VariantArray::new();
    for m in moves {
        cells.push(cell_array(m));
    }
    cells.into_shared()
}

/// A query's answer: the value, or `null` after reporting the refusal of `class.method`.
fn answer_in<T: OwnedToVariant>(class: &str, method: &str, result: Result<T, Error>) -> Variant {
    match result {
        Ok(value) => value.owned_to_variant(),
        Err(error) => {
            refuse_in(class, method, error);
            Variant::new()
        }
    }
}

/// A `TicTacToe` query's answer.
fn answer<T: OwnedToVariant>(method: &str, result: Result<T, Error>) -> Variant {
    answer_in("TicTacToe", method, result)
}

impl TicTacToe {
    /// An object holding `game` (a copy out of a `TicTacToeBatch`).
    fn holding(game: Game) -> Self {
        TicTacToe { game: Mutex::new(game) }
    }
}

#[methods]
impl TicTacToe {
    /// A new object holds an empty 3×3 game, three in a row to win.
    fn new(_owner: &Reference) -> Self {
        let rules = Rules::new(3, 3, 3).expect("3,3,3 is a valid board");
        TicTacToe { game: Mutex::new(Game::new(rules).expect("a 3x3 board fits in memory")) }
    }

    fn register(builder: &ClassBuilder<Self>) {
        builder.add_signal(Signal {
            name: GAME_OVER,
            args: &[SignalArgument {
                name: "result",
                default: Variant::from_i64(0),
                export_info: ExportInfo::new(VariantType::I64),
                usage: PropertyUsage::DEFAULT,
            }],
        });
        builder.add_method(
            "move",
            gdnative::godot_wrap_method!(
                TicTacToe,
                fn move_as(&self, owner: &Reference, row: i64, col: i64, player: i64) -> bool
            ),
        );
    }

    /// The game. Should a panic ever poison the lock, the game inside is still whole (every
    /// core operation leaves its game unchanged or fully updated), so it is used as it is.
    fn game(&self) -> MutexGuard<'_, Game> {
        self.game.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// One number of the game's rules, as a GDScript int.
    fn rule(&self, part: fn(&Rules) -> u32) -> i64 {
        i64::from(part(&self.game().rules()))
    }

    /// Runs a move-making action on the game; emits `game_over` once the lock is released if
    /// the action ended a game that was still going. `false` after reporting a refusal.
    fn act(
        &self,
        owner: &Reference,
        method: &str,
        action: impl FnOnce(&mut Game) -> Result<(), Error>,
    ) -> bool {
        let ended = {
            let mut game = self.game();
            let before = game.outcome();
            if let Err(error) = action(&mut game) {
                refuse(method, error);
                return false;
            }
            let after = game.outcome();
            (before == Outcome::Pending && after != Outcome::Pending).then_some(after)
        };
        if let Some(outcome) = ended {
            owner.emit_signal(GAME_OVER, &[Variant::from_i64(result_code(outcome))]);
        }
        true
    }

    /// Replaces the game with `game`; `false` after reporting a refusal.
    fn replace(&self, method: &str, game: Result<Game, Error>) -> bool {
        match game {
            Ok(game) => {
                *self.game() = game;
                true
            }
            Err(error) => {
                refuse(method, error);
                false
            }
        }
    }

    /// Starts an empty game on a `rows` × `cols` board where `k` in a row wins, X to move.
    #[export]
    fn new_game(&self, _owner: &Reference, rows: i64, cols: i64, k: i64) -> bool {
        let game = (|| Game::new(Rules::new(size_arg(rows)?, size_arg(cols)?, size_arg(k)?)?))();
        self.replace("new_game", game)
    }

    /// The side to move puts a stone on (`row`, `col`).
    #[export]
    fn play(&self, owner: &Reference, row: i64, col: i64) -> bool {
        self.act(owner, "play", |game| {
            game.play(coord_arg(row)?, coord_arg(col)?)?;
            Ok(())
        })
    }

    /// `player` (1 or 2) puts a stone on (`row`, `col`); either player may open the game.
    /// Exported as `move` (a Rust keyword) by `register`.
    fn move_as(&self, owner: &Reference, row: i64, col: i64, player: i64) -> bool {
        self.act(owner, "move", |game| {
            let player = Player::try_from(small_arg(player)?)?;
            game.move_as(coord_arg(row)?, coord_arg(col)?, player)?;
            Ok(())
        })
    }

    /// Takes back the last move.
    #[export]
    fn undo(&self, owner: &Reference) -> bool {
        self.act(owner, "undo", Game::undo)
    }

    /// Replays the last move taken back.
    #[export]
    fn redo(&self, owner: &Reference) -> bool {
        self.act(owner, "redo", Game::redo)
    }

    /// How the game stands: 0 pending, 1 X won, 2 O won, 3 draw.
    #[export]
    fn result(&self, _owner: &Reference) -> i64 {
        result_code(self.game().outcome())
    }

    /// The winner (1 or 2), 0 while the game goes on or after a draw.
    #[export]
    fn winner(&self, _owner: &Reference) -> i64 {
        player_code(self.game().outcome().winner())
    }

    /// The side to move (1 or 2), 0 once the game is over.
    #[export]
    fn to_move(&self, _owner: &Reference) -> i64 {
        player_code(self.game().to_move())
    }

    /// The whole winning run, end to end, as `[row, col]` cells; empty unless won.
    #[export]
    fn winning_line(&self, _owner: &Reference) -> VariantArray {
        cells_array(self.game().winning_line())
    }

    /// The empty cells row by row as `[row, col]`; empty once the game is over.
    #[export]
    fn legal_moves(&self, _owner: &Reference) -> VariantArray {
        cells_array(self.game().legal_moves())
    }

    /// The moves played so far, oldest first, as `[row, col]`; empty for a game loaded from
    /// text (its stones were set down, not played).
    #[export]
    fn moves(&self, _owner: &Reference) -> VariantArray {
        cells_array(self.game().moves())
    }

    /// The stone on (`row`, `col`): 0 empty, 1 X, 2 O; `null` off the board.
    #[export]
    fn cell(&self, _owner: &Reference, row: i64, col: i64) -> Variant {
        let stone = (|| self.game().cell(coord_arg(row)?, coord_arg(col)?))();
        answer("cell", stone.map(player_code))
    }

    /// Number of rows.
    #[export]
    fn rows(&self, _owner: &Reference) -> i64 {
        self.rule(Rules::rows)
    }

    /// Number of columns.
    #[export]
    fn cols(&self, _owner: &Reference) -> i64 {
        self.rule(Rules::cols)
    }

    /// Stones in a row needed to win.
    #[export]
    fn k(&self, _owner: &Reference) -> i64 {
        self.rule(Rules::k)
    }

    /// Stones on the board.
    #[export]
    fn move_count(&self, _owner: &Reference) -> i64 {
        i64::try_from(self.game().move_count()).unwrap_or(i64::MAX)
    }

    /// The perfect move `{"row", "col", "score"}`: score 0 is a draw with best play, +N a win
    /// for the side to move N plies from now, -N a loss. `null` when the game is over or the
    /// position is too big to solve exactly (use `search` or `ai_move` there).
    ///
    /// The budget is the library's (2^24 solver steps) unless `nodes` steps and/or `millis`
    /// milliseconds are given (0 for no limit of that kind); `null` when it runs out. With
    /// `threads` > 0 the position's moves are solved on that many threads drawing on the one
    /// budget (`OS.get_processor_count()` for one per core): the same score, and a move with
    /// that score.
    #[export]
    fn best_move(
        &self,
        _owner: &Reference,
        #[opt] nodes: i64,
        #[opt] millis: i64,
        #[opt] threads: i64,
    ) -> Variant {
        let best = (|| {
            let budget = match (nodes, millis) {
                (0, 0) => Budget::nodes(ai::SOLVE_NODES),
                _ => budget_arg(nodes, millis)?,
            };
            match usize::try_from(threads).map_err(|_| Error::InvalidArgument)? {
                0 => ai::solve(&self.game(), budget),
                threads => ai::solve_threads(&self.game(), budget, threads),
            }
        })();
        answer(
            "best_move",
            best.map(|Scored { row, col, score }| {
                let dict = Dictionary::new();
                dict.insert("row", i64::from(row));
                dict.insert("col", i64::from(col));
                dict.insert("score", i64::from(score));
                dict.into_shared()
            }),
        )
    }

    /// Who wins with perfect play, without how fast: the player (1 or 2) who wins against any
    /// defence, or 0 for a draw, within `nodes` solver steps and `millis` milliseconds (0 for
    /// no limit of that kind, not both), one budget for the two proofs it may take. It reaches
    /// further than `best_move`, which must also find the fastest win. `null` with an error
    /// line when the budget runs out, the game is over or the budget is refused.
    #[export]
    fn forced_winner_within(&self, _owner: &Reference, nodes: i64, #[opt] millis: i64) -> Variant {
        let winner = (|| ai::forced_winner_within(&self.game(), budget_arg(nodes, millis)?))();
        answer("forced_winner_within", winner.map(player_code))
    }

    /// The position's value as proof trees in text that a checker verifies with the rules
    /// alone, of at most `max_nodes` nodes (see the library's docs/ai.md, "Certificates").
    /// `null` with an error line when more are needed, the game is over or `max_nodes` is not
    /// positive.
    #[export]
    fn certificate(&self, _owner: &Reference, max_nodes: i64) -> Variant {
        let text = (|| {
            let nodes = u64::try_from(max_nodes).map_err(|_| Error::InvalidArgument)?;
            ai::certificate(&self.game(), nodes)
        })();
        answer("certificate", text)
    }

    /// A move `[row, col]` from the budgeted search: at most `nodes` nodes and `millis`
    /// milliseconds (0 for no limit of that kind, not both). The same game, node budget and
    /// `seed` always give the same move. `null` when the game is over.
    #[export]
    fn search(&self, _owner: &Reference, nodes: i64, #[opt] millis: i64, #[opt] seed: i64) -> Variant {
        let found = (|| ai::search(&self.game(), budget_arg(nodes, millis)?, seed as u64))();
        answer("search", found.map(cell_array))
    }

    /// A move `[row, col]` at `level` 0 (random) to 4 (perfect where it can be proved); the
    /// same game, level and `seed` always give the same move. `null` when the game is over.
    #[export]
    fn ai_move(&self, _owner: &Reference, level: i64, #[opt] seed: i64) -> Variant {
        let found = (|| {
            let level = Level::try_from(small_arg(level)?)?;
            ai::ai_move(&self.game(), level, seed as u64)
        })();
        answer("ai_move", found.map(cell_array))
    }

    /// A forced win for the side to move by threats (continuous fours, or fours and threes),
    /// found within `max_nodes` search nodes and proved against every defence:
    /// `{"row", "col", "plies"}`, plies counting this move as 1 up to the winning stone.
    /// `null` when none was found, which does not mean there is no win; `null` with an error
    /// line when the game is over or `max_nodes` is not positive. The same game and budget
    /// always give the same answer.
    #[export]
    fn threat_win(&self, _owner: &Reference, max_nodes: i64) -> Variant {
        let found = (|| {
            let nodes = u64::try_from(max_nodes).map_err(|_| Error::InvalidArgument)?;
            ai::threat_win(&self.game(), nodes)
        })();
        match found {
            Ok(Some(win)) => {
                let dict = Dictionary::new();
                dict.insert("row", i64::from(win.row));
                dict.insert("col", i64::from(win.col));
                dict.insert("plies", i64::from(win.plies));
                dict.into_shared().owned_to_variant()
            }
            Ok(None) => Variant::new(),
            Err(error) => answer::<()>("threat_win", Err(error)),
        }
    }

    /// The text form `rows,cols,k:BOARD:P`, e.g. `3,3,3:X../.O./...:X`.
    #[export]
    fn to_text(&self, _owner: &Reference) -> String {
        self.game().to_string()
    }

    /// Replaces the game with the one `text` describes (the text form `to_text` writes). The
    /// history is not part of the text: the loaded game has nothing to undo.
    #[export]
    #[allow(clippy::wrong_self_convention)] // the GDScript name; it loads into this object
    fn from_text(&self, _owner: &Reference, text: String) -> bool {
        self.replace("from_text", text.parse::<Game>())
    }
}

fn init(handle: InitHandle) {
    handle.add_class::<TicTacToe>();
    handle.add_class::<batch::TicTacToeBatch>();
}

godot_init!(init);
