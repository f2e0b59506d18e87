//! The NativeScript class `TicTacToeBatch`: many games of one shape stepped together, for
//! self-play and training from GDScript, with every per-game value in a `PoolByteArray`.
//!
//! Games are numbered from 0, like the arrays: game i's action is `actions[i]`, its result
//! `results[i]`, its planes start at `i * 2 * rows * cols`. A refused call returns `false` or
//! `null`, reports the reason on Godot's error output, and changes no game, as `TicTacToe`'s do.

use std::sync::{Mutex, MutexGuard};

use gdnative::prelude::*;
use tictactoe::{Batch, Error, Rules};

use crate::{refuse_in, size_arg, TicTacToe};

/// The class's name in error lines.
const CLASS: &str = "TicTacToeBatch";

/// The batch and what the last `step` refused, behind one lock.
struct State {
    batch: Batch,
    /// The first bad game of the last refused `step`; -1 when the last step was played.
    bad_game: i64,
    /// The last step's actions as the core takes them, kept to reuse the allocation.
    actions: Vec<u32>,
}

/// `count` games of one shape, shared by reference like any Godot `Reference`.
#[derive(NativeClass)]
#[inherit(Reference)]
#[user_data(gdnative::nativescript::user_data::ArcData<TicTacToeBatch>)]
pub struct TicTacToeBatch {
    state: Mutex<State>,
}

/// Bytes from the core written straight into a new `PoolByteArray` of `len` bytes; `TooLarge`
/// past what a `PoolByteArray` holds (2^31 - 1 bytes), which a batch within its memory limit
/// can need for its planes.
fn byte_array(len: usize, fill: impl FnOnce(&mut [u8])) -> Result<ByteArray, Error> {
    let mut bytes = ByteArray::new();
    bytes.resize(i32::try_from(len).map_err(|_| Error::TooLarge)?);
    fill(bytes.write().as_mut_slice());
    Ok(bytes)
}

/// A GDScript int that must be a count or an index (not negative), else an invalid argument.
fn index_arg(n: i64) -> Result<usize, Error> {
    usize::try_from(n).map_err(|_| Error::InvalidArgument)
}

#[methods]
impl TicTacToeBatch {
    /// A new object holds one empty 3×3 game; `new_batch` makes the batch you want.
    fn new(_owner: &Reference) -> Self {
        let rules = Rules::new(3, 3, 3).expect("3,3,3 is a valid board");
        let batch = Batch::new(rules, 1, 0).expect("one 3x3 game fits in memory");
        TicTacToeBatch { state: Mutex::new(State { batch, bad_game: -1, actions: Vec::new() }) }
    }

    /// The batch. A poisoned lock still holds a whole batch: every core call leaves it
    /// unchanged or fully updated.
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Replaces the batch with `count` empty games of `rows` × `cols`, `k` in a row, X to
    /// move in each; `seed` seeds `random_moves`.
    #[export]
    fn new_batch(
        &self,
        _owner: &Reference,
        count: i64,
        rows: i64,
        cols: i64,
        k: i64,
        #[opt] seed: i64,
    ) -> bool {
        let made = (|| {
            let rules = Rules::new(size_arg(rows)?, size_arg(cols)?, size_arg(k)?)?;
            Batch::new(rules, usize::try_from(count).map_err(|_| Error::InvalidArgument)?, seed as u64)
        })();
        match made {
            Ok(batch) => {
                *self.state() = State { batch, bad_game: -1, actions: Vec::new() };
                true
            }
            Err(error) => {
                refuse_in(CLASS, "new_batch", error);
                false
            }
        }
    }

    /// Number of games.
    #[export]
    fn count(&self, _owner: &Reference) -> i64 {
        i64::try_from(self.state().batch.count()).unwrap_or(i64::MAX)
    }

    /// Number of rows of each game.
    #[export]
    fn rows(&self, _owner: &Reference) -> i64 {
        i64::from(self.state().batch.rules().rows())
    }

    /// Number of columns of each game.
    #[export]
    fn cols(&self, _owner: &Reference) -> i64 {
        i64::from(self.state().batch.rules().cols())
    }

    /// Stones in a row needed to win.
    #[export]
    fn k(&self, _owner: &Reference) -> i64 {
        i64::from(self.state().batch.rules().k())
    }

    /// The most threads `step`, `observe` and `legal_mask` run on: 1 (the default, and again
    /// after `new_batch`) the calling thread, 0 one per core. A call splits only from 2^22
    /// cells (games times cells) a thread, and gives the same results whatever the setting;
    /// its threads end before it returns. Under load a split call can wait for its threads
    /// longer than one thread would take. A negative count is refused (`false`).
    #[export]
    fn set_threads(&self, _owner: &Reference, threads: i64) -> bool {
        match u32::try_from(threads) {
            Ok(threads) => {
                self.state().batch.set_threads(threads);
                true
            }
            Err(_) => {
                refuse_in(CLASS, "set_threads", Error::InvalidArgument);
                false
            }
        }
    }

    /// The setting of `set_threads`.
    #[export]
    fn threads(&self, _owner: &Reference) -> i64 {
        i64::from(self.state().batch.threads())
    }

    /// Every game back to the empty board; the random generator goes on.
    #[export]
    fn reset(&self, _owner: &Reference) -> bool {
        self.state().batch.reset();
        true
    }

    /// One move in every game: `actions[i]` (a cell, `row * cols + col`) in game i. Returns
    /// the results, one byte a game (0 pending, 1 X won, 2 O won, 3 draw); a game that ended
    /// is emptied at once. If any action is illegal (a negative one is off the board) no game
    /// changes, `null` is returned and `bad_game()` names the first bad game.
    #[export]
    fn step(&self, _owner: &Reference, actions: Int32Array) -> Variant {
        let mut state = self.state();
        let State { batch, bad_game, actions: cells } = &mut *state;
        let count = batch.count();
        if usize::try_from(actions.len()).ok() != Some(count) {
            refuse_in(CLASS, "step", Error::InvalidArgument);
            return Variant::new();
        }
        cells.clear();
        cells.extend(actions.read().iter().map(|&a| u32::try_from(a).unwrap_or(u32::MAX)));
        let mut refused = None;
        let results = match byte_array(count, |out| refused = batch.step(cells, out).err()) {
            Ok(results) => results,
            Err(error) => {
                refuse_in(CLASS, "step", error);
                return Variant::new();
            }
        };
        match refused {
            None => {
                *bad_game = -1;
                results.owned_to_variant()
            }
            Some(e) => {
                *bad_game = i64::try_from(e.index).unwrap_or(i64::MAX);
                godot_error!(
                    "{}.step: {} (game {}, action {})",
                    CLASS,
                    e.error,
                    e.index,
                    actions.get(e.index as i32)
                );
                Variant::new()
            }
        }
    }

    /// The first bad game of the last refused `step`, or -1 when the last step was played.
    #[export]
    fn bad_game(&self, _owner: &Reference) -> i64 {
        self.state().bad_game
    }

    /// Every game's observation planes, `[count][2][rows][cols]`: plane 0 the stones of the
    /// side to move in that game, plane 1 the opponent's (1 where a stone is, else 0).
    #[export]
    fn observe(&self, _owner: &Reference) -> Variant {
        let state = self.state();
        let planes = byte_array(state.batch.observation_len(), |out| state.batch.observe(out));
        crate::answer_in(CLASS, "observe", planes)
    }

    /// Every game's legal-move mask, `[count][rows * cols]`: 1 where the cell is empty.
    #[export]
    fn legal_mask(&self, _owner: &Reference) -> Variant {
        let state = self.state();
        let mask = byte_array(state.batch.legal_mask_len(), |out| state.batch.legal_mask(out));
        crate::answer_in(CLASS, "legal_mask", mask)
    }

    /// Random self-play: `moves_per_game` uniformly random legal moves in every game (a game
    /// that ends starts again), on `threads` threads (0: one per core) that end before it
    /// returns. `{"moves", "a_wins", "b_wins", "draws"}`. The same seed, count and calls give
    /// the same games whatever `threads` is.
    #[export]
    fn random_moves(&self, _owner: &Reference, moves_per_game: i64, #[opt] threads: i64) -> Variant {
        let played = (|| {
            let moves = u64::try_from(moves_per_game).map_err(|_| Error::InvalidArgument)?;
            let threads = u32::try_from(threads).map_err(|_| Error::InvalidArgument)?;
            self.state().batch.random_moves(moves, threads)
        })();
        crate::answer_in(
            CLASS,
            "random_moves",
            played.map(|s| {
                let dict = Dictionary::new();
                for (key, value) in
                    [("moves", s.moves), ("a_wins", s.a_wins), ("b_wins", s.b_wins), ("draws", s.draws)]
                {
                    dict.insert(key, i64::try_from(value).unwrap_or(i64::MAX));
                }
                dict.into_shared()
            }),
        )
    }

    /// A copy of game `index` as a new `TicTacToe` object: its stones and side to move, no
    /// move history.
    #[export]
    fn game(&self, _owner: &Reference, index: i64) -> Variant {
        let game = (|| self.state().batch.game(index_arg(index)?))();
        crate::answer_in(CLASS, "game", game.map(|g| Instance::emplace(TicTacToe::holding(g))))
    }
}
