//! Many games of one shape stepped together, for self-play and for training agents: one call
//! moves every game, and observations and legal-move masks are written into caller buffers.
//!
//! ```
//! use tictactoe::{Batch, Rules};
//!
//! let mut batch = Batch::new(Rules::new(3, 3, 3)?, 1000, 42)?;
//! let stats = batch.random_moves(20, 0)?;
//! assert_eq!(stats.moves, 20 * 1000);
//! let mut mask = vec![0u8; 1000 * 9];
//! batch.legal_mask(&mut mask);
//! let actions: Vec<u32> = mask.chunks(9).map(|m| m.iter().position(|&e| e == 1).unwrap() as u32).collect();
//! let mut results = vec![0u8; 1000];
//! batch.step(&actions, &mut results).unwrap();
//! # Ok::<(), tictactoe::Error>(())
//! ```

mod bits;
mod draw;
mod kind;
mod lanes;
mod lined;
mod rowed;
mod rowwise;
mod small;
mod split_step;
mod tic;
mod wide;

use crate::error::Error;
use crate::fallible::try_filled;
use crate::game::Game;
use crate::rules::{Player, Rules};
use kind::Kind;
use lanes::Lanes;
use lined::Lined;
use rowed::Rowed;
use small::Small;
use tic::Tic;
use wide::Wide;

/// The most memory one batch may hold for its games: 4 GiB. `Batch::new` refuses a batch
/// past it with `TooLarge`; `Batch::bytes_per_game` tells what one game takes.
pub const BATCH_MAX_BYTES: u64 = 1 << 32;

/// What random self-play did: moves played, and how the games that ended, ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BatchStats {
    /// Moves played.
    pub moves: u64,
    /// Games won by player 1 (X).
    pub a_wins: u64,
    /// Games won by player 2 (O).
    pub b_wins: u64,
    /// Games drawn.
    pub draws: u64,
}

/// Why `Batch::step` played no move: the first illegal action, and what was wrong with it
/// (`OutOfBounds` or `CellOccupied`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StepError {
    /// The index of the first game whose action is illegal.
    pub index: usize,
    /// `Error::OutOfBounds` or `Error::CellOccupied`.
    pub error: Error,
}

/// Counts of result codes (pending, X won, O won, draw), one per move.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Tally([u64; 4]);

impl Tally {
    #[inline(always)]
    pub(crate) fn count(&mut self, result: u8) {
        self.0[result as usize & 3] += 1;
    }

    /// Counts a pass of `moves` moves of which `ended` (X won, O won, drawn) ended games.
    #[inline(always)]
    pub(crate) fn add_pass(&mut self, moves: u64, ended: [u64; 3]) {
        self.0[0] += moves - ended.iter().sum::<u64>();
        for (t, e) in self.0[1..].iter_mut().zip(ended) {
            *t += e;
        }
    }

    pub(crate) fn plus(self, other: &Tally) -> Tally {
        Tally(std::array::from_fn(|i| self.0[i] + other.0[i]))
    }
}

/// Games from which a batch of at most 15 rows of at most 16 cells keeps its games as rows
/// (`Rowed`, 64 bytes a game for `step`) rather than as lines in four directions (`Lined`,
/// 388): a step then reads and writes a sixth of the bytes, and gathers three lines instead of
/// loading them. Below, the lines of every game stay in the core's L2 cache from one step to
/// the next, and loading them costs less than gathering.
const ROWED_FROM: usize = 4096;

/// The cells (games times cells) each thread must get before `step`, `observe` and
/// `legal_mask` spread over the threads `Batch::set_threads` allows.
pub fn cells_per_thread() -> usize {
    lanes::CELLS_PER_THREAD
}

/// The representation chosen for a shape.
enum Store {
    Tic(Lanes<Tic>),
    Small(Lanes<Small>),
    Lined(Lanes<Lined>),
    Rowed(Lanes<Rowed>),
    Wide(Lanes<Wide>),
}

/// Runs `$body` with `$lanes` bound to the store's lanes, whichever representation it is.
macro_rules! each {
    ($store:expr, $lanes:ident => $body:expr) => {
        match $store {
            Store::Tic($lanes) => $body,
            Store::Small($lanes) => $body,
            Store::Lined($lanes) => $body,
            Store::Rowed($lanes) => $body,
            Store::Wide($lanes) => $body,
        }
    };
}

/// `count` games of one shape, each always in progress: a game that ends is emptied at once
/// (auto-reset), so the next move starts it afresh. X (player 1) opens every game.
///
/// The games are stored compactly, the representation chosen by shape (`bytes_per_game`): up
/// to 9 cells, the number of the position in a table of every position with the game on (4
/// bytes a game, and 4 more once it has been stepped: a step writes the games beside the old
/// ones in one pass, then swaps them; a random move is one lookup); up to 64 cells, two 64-bit
/// boards; beyond, on boards whose sides are at most 16, each player's stones as 16-bit lines
/// in the four directions, and apart from them a list of the empty cells (388 + 512 bytes a
/// game), except that from 4,096 games a board of at most 15 rows keeps for `step` the rows
/// alone (64 bytes a game: a step gathers the other lines through its stone from them), and
/// the lines and the list apart, for `random_moves`, and 4 bytes where a step notes the game
/// should its move end it (968 bytes a game in all); other boards,
/// bit sets of the board's size.
pub struct Batch {
    rules: Rules,
    count: usize,
    seed: u64,
    /// How many `random_moves` calls have been made: each draws from generators of its own.
    calls: u64,
    store: Store,
}

impl Batch {
    /// `count` empty games of `rules`; `seed` seeds `random_moves`. `InvalidArgument` for a
    /// count of 0, `TooLarge` past `BATCH_MAX_BYTES`, `OutOfMemory` when the games cannot be
    /// allocated.
    pub fn new(rules: Rules, count: usize, seed: u64) -> Result<Batch, Error> {
        if count == 0 {
            return Err(Error::InvalidArgument);
        }
        let bytes = (count as u64).checked_mul(Batch::bytes_per_game_of(&rules) as u64);
        if bytes.is_none_or(|b| b > BATCH_MAX_BYTES) {
            return Err(Error::TooLarge);
        }
        let cells = rules.cells();
        let store = if cells <= 9 {
            Store::Tic(Lanes::new(Tic::new(&rules)?, cells, count)?)
        } else if cells <= 64 {
            Store::Small(Lanes::new(Small::new(&rules)?, cells, count)?)
        } else if Batch::rowed(&rules) && count >= ROWED_FROM {
            Store::Rowed(Lanes::new(Rowed::new(&rules)?, cells, count)?)
        } else if Batch::lined(&rules) {
            Store::Lined(Lanes::new(Lined::new(&rules), cells, count)?)
        } else {
            Store::Wide(Lanes::new(Wide::new(&rules)?, cells, count)?)
        };
        Ok(Batch { rules, count, seed, calls: 0, store })
    }

    /// The bytes each game of a batch of `rules` takes, at most, whatever the count (the tables
    /// shared by all the games come on top: about 500 KB on 3 × 3, a few kilobytes elsewhere).
    pub fn bytes_per_game_of(rules: &Rules) -> usize {
        if rules.cells() <= 9 {
            8
        } else if rules.cells() <= 64 {
            16
        } else if Batch::rowed(rules) {
            std::mem::size_of::<rowed::Game>()
                + std::mem::size_of::<rowed::Aside>()
                + std::mem::size_of::<<Rowed as Kind>::Note>()
        } else if Batch::lined(rules) {
            std::mem::size_of::<lined::Game>() + std::mem::size_of::<lined::List>()
        } else {
            8 * Wide::stride_for(rules)
        }
    }

    /// Whether the games of `rules` (past 64 cells) are kept as rows, the lines in four
    /// directions apart for random moves.
    fn rowed(rules: &Rules) -> bool {
        rules.rows() <= rowed::MAX_ROWS && rules.cols() <= rowed::MAX_COLS
    }

    /// Whether the games of `rules` (past 64 cells) are kept as lines in four directions.
    fn lined(rules: &Rules) -> bool {
        rules.rows() <= lined::MAX_SIDE && rules.cols() <= lined::MAX_SIDE
    }

    /// The bytes each game of this batch takes.
    pub fn bytes_per_game(&self) -> usize {
        match self.store {
            Store::Lined(_) => std::mem::size_of::<lined::Game>() + std::mem::size_of::<lined::List>(),
            _ => Batch::bytes_per_game_of(&self.rules),
        }
    }

    /// The shape of every game.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The number of games.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The most threads `step`, `observe` and `legal_mask` run on: 1, the default, the calling
    /// thread alone; 0 one per core; n (at most 256 are started) n. A call spreads only
    /// when each thread gets 2^22 cells (games times cells) or more, cut into equal runs of
    /// games; its threads are started for the call and have ended when it returns, and the
    /// results are the same whatever the setting. A split call waits for every thread it
    /// starts: on a machine whose cores are busy, that can be longer than the calling thread
    /// alone would have taken. `random_moves` takes its threads as an argument instead.
    pub fn set_threads(&mut self, threads: u32) {
        each!(&mut self.store, lanes => lanes.set_threads(threads))
    }

    /// The threads setting of `set_threads`.
    pub fn threads(&self) -> u32 {
        each!(&self.store, lanes => lanes.threads())
    }

    /// Every game back to the empty board. The random generator goes on where it was.
    pub fn reset(&mut self) {
        each!(&mut self.store, lanes => lanes.reset())
    }

    /// One move in every game: `actions[i]` (a cell, `row * cols + col`) by the side to move
    /// in game i, whose result goes to `results[i]` (0 pending, 1 X won, 2 O won, 3 draw; a
    /// game that ended is emptied). If any action is off the board or on a stone, no game
    /// changes and the first such game is named. Both slices must hold `count` items
    /// (`InvalidArgument` at index 0 otherwise).
    pub fn step(&mut self, actions: &[u32], results: &mut [u8]) -> Result<(), StepError> {
        if actions.len() != self.count || results.len() != self.count {
            return Err(StepError { index: 0, error: Error::InvalidArgument });
        }
        each!(&mut self.store, lanes => lanes.step(actions, results))
    }

    /// Bytes `observe` writes: `count * 2 * rows * cols`.
    pub fn observation_len(&self) -> usize {
        self.count * 2 * self.rules.cells()
    }

    /// Observation planes, C order `[count][2][rows][cols]`: plane 0 holds the stones of the
    /// side to move in that game, plane 1 the opponent's (1 where a stone is, else 0). Writes
    /// the first `observation_len()` bytes of `out`, which must be at least that long.
    pub fn observe(&self, out: &mut [u8]) {
        let out = &mut out[..self.observation_len()];
        each!(&self.store, lanes => lanes.observe(out))
    }

    /// Bytes `legal_mask` writes: `count * rows * cols`.
    pub fn legal_mask_len(&self) -> usize {
        self.count * self.rules.cells()
    }

    /// Legal-move masks, `[count][rows * cols]`: 1 where the cell is empty. Writes the first
    /// `legal_mask_len()` bytes of `out`, which must be at least that long.
    pub fn legal_mask(&self, out: &mut [u8]) {
        let out = &mut out[..self.legal_mask_len()];
        each!(&self.store, lanes => lanes.legal_mask(out))
    }

    /// Every game plays `moves_per_game` uniformly random legal moves (finished games start
    /// again), spread over `threads` threads (0: one per core), which end before this returns.
    /// The games are cut into fixed chunks, each with a generator of its own derived from the
    /// seed and the number of this call: the same seed, count and calls give the same games
    /// whatever the thread count. `OutOfMemory` (nothing played) when the threads' bookkeeping
    /// cannot be allocated.
    pub fn random_moves(&mut self, moves_per_game: u64, threads: u32) -> Result<BatchStats, Error> {
        let (seed, call) = (self.seed, self.calls);
        let tally = each!(&mut self.store, lanes => lanes.random_moves(moves_per_game, threads, seed, call))?;
        self.calls += 1;
        let [pending, a_wins, b_wins, draws] = tally.0;
        Ok(BatchStats { moves: pending + a_wins + b_wins + draws, a_wins, b_wins, draws })
    }

    /// A copy of game `index` as a [`Game`], without its move history (the batch keeps only
    /// the stones). `InvalidArgument` past the last game, `OutOfMemory`.
    pub fn game(&self, index: usize) -> Result<Game, Error> {
        if index >= self.count {
            return Err(Error::InvalidArgument);
        }
        let mut cells = try_filled(0u8, self.rules.cells())?;
        let next = each!(&self.store, lanes => {
            cells.iter_mut().enumerate().for_each(|(c, v)| *v = lanes.stone(index, c));
            if lanes.x_to_move(index) { Player::X } else { Player::O }
        });
        Game::from_position(self.rules, &cells, next)
    }
}
