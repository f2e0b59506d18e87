//! The games of a batch in one vector, `stride` words each, and what every representation
//! does the same way: checking a step before playing it, writing observations and masks, and
//! spreading random self-play over threads.

use std::num::NonZeroUsize;
use std::sync::{Mutex, PoisonError};

use super::draw::Draws;
use super::kind::Kind;
use super::{StepError, Tally};
use crate::error::Error;
use crate::fallible::{try_collect, try_filled};

/// Games per chunk of `random_moves`: each chunk has a generator of its own, so this fixes
/// which random moves each game plays, whatever the thread count. Small enough that a modest
/// batch still spreads over a few threads, big enough that seeding and handing out chunks
/// cost nothing next to playing them.
const CHUNK_GAMES: usize = 512;

/// Most threads one call starts, whatever it asks for.
const MAX_THREADS: usize = 256;

pub(crate) struct Lanes<K: Kind> {
    pub(crate) kind: K,
    cells: usize,
    count: usize,
    data: Vec<K::Word>,
}

impl<K: Kind> Lanes<K> {
    /// `count` empty games (`count * kind.stride()` words, which the caller has checked
    /// against the memory limit).
    pub(crate) fn new(kind: K, cells: usize, count: usize) -> Result<Lanes<K>, Error> {
        let data = try_filled(K::Word::default(), count * kind.stride())?;
        Ok(Lanes { kind, cells, count, data })
    }

    fn game(&self, i: usize) -> &[K::Word] {
        let s = self.kind.stride();
        &self.data[i * s..(i + 1) * s]
    }

    pub(crate) fn reset(&mut self) {
        self.data.fill(K::Word::default());
    }

    pub(crate) fn stone(&self, i: usize, cell: usize) -> u8 {
        self.kind.stone(self.game(i), cell)
    }

    pub(crate) fn x_to_move(&self, i: usize) -> bool {
        self.kind.x_to_move(self.game(i))
    }

    /// Checks every action, then plays them all; on the first illegal one nothing is played.
    pub(crate) fn step(&mut self, actions: &[u32], results: &mut [u8]) -> Result<(), StepError> {
        let s = self.kind.stride();
        for (index, (&a, game)) in actions.iter().zip(self.data.chunks_exact(s)).enumerate() {
            let a = a as usize;
            let error = if a >= self.cells {
                Error::OutOfBounds
            } else if self.kind.occupied(game, a) {
                Error::CellOccupied
            } else {
                continue;
            };
            return Err(StepError { index, error });
        }
        let games = self.data.chunks_exact_mut(s);
        for ((&a, game), result) in actions.iter().zip(games).zip(results.iter_mut()) {
            *result = self.kind.play(game, a as usize);
        }
        Ok(())
    }

    pub(crate) fn observe(&self, out: &mut [u8]) {
        let games = self.data.chunks_exact(self.kind.stride());
        for (game, planes) in games.zip(out.chunks_exact_mut(2 * self.cells)) {
            self.kind.observe(game, planes);
        }
    }

    pub(crate) fn legal_mask(&self, out: &mut [u8]) {
        let games = self.data.chunks_exact(self.kind.stride());
        for (game, mask) in games.zip(out.chunks_exact_mut(self.cells)) {
            self.kind.legal(game, mask);
        }
    }

    /// `moves` random moves in every game, over `threads` threads (0: one per core), chunk `c`
    /// drawing from `Draws::new(seed, call, c)`. The chunks are cut into one piece a thread;
    /// each thread runs the piece of its number, and this thread runs its own and any whose
    /// thread could not start (or has not yet), so a failed spawn costs time, never moves.
    pub(crate) fn random_moves(
        &mut self,
        moves: u64,
        threads: u32,
        seed: u64,
        call: u64,
    ) -> Result<Tally, Error> {
        let chunk_words = CHUNK_GAMES * self.kind.stride();
        let chunks = self.count.div_ceil(CHUNK_GAMES);
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
            t => t as usize,
        };
        let threads = threads.clamp(1, MAX_THREADS).min(chunks);
        let piece_words = chunks.div_ceil(threads) * chunk_words;
        let pieces = self.data.chunks_mut(piece_words).enumerate();
        let pieces = try_collect(pieces.map(|(p, data)| {
            Mutex::new(Piece {
                data: Some(data),
                first: p * piece_words / chunk_words,
                tally: Tally::default(),
            })
        }))?;
        let kind = &self.kind;
        let run = |piece: &Mutex<Piece<'_, K::Word>>| {
            let mut piece = piece.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(data) = piece.data.take() {
                let mut tally = Tally::default();
                for (c, chunk) in data.chunks_mut(chunk_words).enumerate() {
                    let mut draws = Draws::new(seed, call, (piece.first + c) as u64);
                    kind.random(chunk, moves, &mut draws, &mut tally);
                }
                piece.tally = tally;
            }
        };
        std::thread::scope(|scope| {
            for piece in &pieces[1..] {
                // A thread that cannot start leaves its piece to the loop below.
                let _ = std::thread::Builder::new().spawn_scoped(scope, || run(piece));
            }
            pieces.iter().for_each(run);
        });
        let tally = pieces.iter().map(|p| p.lock().unwrap_or_else(PoisonError::into_inner).tally);
        Ok(tally.fold(Tally::default(), |a, b| a.plus(&b)))
    }
}

/// A share of `random_moves`: the games not yet played (`None` once a thread took them), the
/// number of its first chunk, and what its games' moves ended in.
struct Piece<'a, W> {
    data: Option<&'a mut [W]>,
    first: usize,
    tally: Tally,
}
