//! The games of a batch in one vector, `stride` words each, and what every representation
//! does the same way: checking a step before playing it, writing observations and masks, and
//! spreading random self-play over threads.

use std::num::NonZeroUsize;
use std::sync::{Mutex, OnceLock, PoisonError};

use super::draw::Draws;
use super::kind::Kind;
use super::split_step::check_then_play;
use super::{StepError, Tally};
use crate::error::Error;
use crate::fallible::{try_filled, try_with_capacity};

/// Games per chunk of `random_moves`: each chunk has a generator of its own, so this fixes
/// which random moves each game plays, whatever the thread count. Small enough that a modest
/// batch still spreads over a few threads, big enough that seeding and handing out chunks
/// cost nothing next to playing them.
const CHUNK_GAMES: usize = 512;

/// Most threads one call starts, whatever it asks for.
const MAX_THREADS: usize = 256;

/// Cells a thread must have to write or step (games times cells) before `step`, `observe`
/// and `legal_mask` spread over the threads the batch was given (two threads from 37,283
/// games of 15 × 15, 932,068 of 3 × 3). A split call starts, waits for and joins its threads,
/// and each new thread's core has the games cold in its cache, so a split pays only for calls
/// that take milliseconds: this is about where the three calls broke even on idle cores, on
/// 15 × 15 and on 3 × 3 (docs/performance.md). Under load two threads lose to one, so the
/// caller who asks for threads decides: set them for big batches on free cores.
pub(crate) const CELLS_PER_THREAD: usize = 1 << 22;

pub(crate) struct Lanes<K: Kind> {
    pub(crate) kind: K,
    cells: usize,
    count: usize,
    /// The most threads `step`, `observe` and `legal_mask` run on (0: one per core; 1, the
    /// default: the calling thread alone).
    threads: u32,
    /// Threads for `threads = 0`: the cores, asked once, when first needed (the answer takes
    /// system calls, and allocations that abort if they fail, so a batch that starts no thread
    /// never asks).
    cores: OnceLock<usize>,
    /// `CELLS_PER_THREAD`, but for the tests, which split small batches.
    cells_per_thread: usize,
    data: Vec<K::Word>,
    /// Each game's `Kind::Aside`.
    aside: Vec<K::Aside>,
    /// One `Kind::Note` a game, where a step notes the games it ended.
    notes: Vec<K::Note>,
    /// Where `Kind::advance` writes the games after a step, then swapped with `data`; made
    /// by the first step of a representation that has `advance` (empty otherwise).
    next: Vec<K::Word>,
}

/// Runs `work` on every piece, the first on this thread and each other on a thread of its own,
/// which ends before this returns. A piece whose thread cannot start (or has not started by
/// the time this thread is done with its own) runs here, so a failed spawn costs time, never
/// work; so does every piece when the bookkeeping cannot be allocated.
fn spread<P: Send>(pieces: impl ExactSizeIterator<Item = P>, work: impl Fn(P) + Sync) {
    let Ok(mut slots) = try_with_capacity(pieces.len()) else {
        return pieces.for_each(work);
    };
    slots.extend(pieces.map(|p| Mutex::new(Some(p))));
    let run = |slot: &Mutex<Option<P>>| {
        let piece = slot.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(piece) = piece {
            work(piece);
        }
    };
    if slots.len() <= 1 {
        // No thread to start, and so no scope (which gives this thread a handle to keep).
        return slots.iter().for_each(run);
    }
    std::thread::scope(|scope| {
        for slot in &slots[1..] {
            let _ = std::thread::Builder::new().spawn_scoped(scope, || run(slot));
        }
        slots.iter().for_each(run);
    });
}

impl<K: Kind> Lanes<K> {
    /// `count` empty games (`count * kind.stride()` words, which the caller has checked
    /// against the memory limit).
    pub(crate) fn new(kind: K, cells: usize, count: usize) -> Result<Lanes<K>, Error> {
        let data = try_filled(K::Word::default(), count * kind.stride())?;
        let aside = try_filled(K::Aside::default(), count)?;
        let notes = try_filled(K::Note::default(), count)?;
        let cells_per_thread = CELLS_PER_THREAD;
        Ok(Lanes {
            kind,
            cells,
            count,
            threads: 1,
            cores: OnceLock::new(),
            cells_per_thread,
            data,
            aside,
            notes,
            next: Vec::new(),
        })
    }

    fn game(&self, i: usize) -> &[K::Word] {
        let s = self.kind.stride();
        &self.data[i * s..(i + 1) * s]
    }

    pub(crate) fn reset(&mut self) {
        self.data.fill(K::Word::default());
        self.aside.fill(K::Aside::default());
    }

    pub(crate) fn stone(&self, i: usize, cell: usize) -> u8 {
        self.kind.stone(self.game(i), cell)
    }

    pub(crate) fn x_to_move(&self, i: usize) -> bool {
        self.kind.x_to_move(self.game(i))
    }

    pub(crate) fn set_threads(&mut self, threads: u32) {
        self.threads = threads;
    }

    pub(crate) fn threads(&self) -> u32 {
        self.threads
    }

    /// Games per piece when a call over every game is spread over threads: as many pieces as
    /// the batch's threads, but none of fewer than `cells_per_thread` cells (one piece, all
    /// the games, when the batch has one thread or is too small to be worth it).
    fn piece_games(&self) -> usize {
        let most = match self.threads {
            1 => return self.count,
            0 => self.cores(),
            n => n as usize,
        };
        let threads =
            (self.count.saturating_mul(self.cells) / self.cells_per_thread).clamp(1, most.min(MAX_THREADS));
        self.count.div_ceil(threads)
    }

    fn cores(&self) -> usize {
        *self.cores.get_or_init(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get))
    }

    /// Checks every action, then plays them all; on the first illegal one nothing is played.
    pub(crate) fn step(&mut self, actions: &[u32], results: &mut [u8]) -> Result<(), StepError> {
        let per = self.piece_games();
        if per < self.count {
            if let Some(stepped) = self.step_split(actions, results, per) {
                return stepped;
            }
        }
        if self.kind.has_advance() && self.make_next() {
            // One pass reads each game once, and the results come from the new games.
            if self.kind.advance(&self.data, actions, &mut self.next) {
                std::mem::swap(&mut self.data, &mut self.next);
                self.kind.results(&self.data, results);
                return Ok(());
            }
            return check(&self.kind, self.cells, 0, &self.data, actions);
        }
        let noted = self.kind.begin_step(&mut self.data, self.cells, 0, actions, &mut self.notes)?;
        self.kind.finish_step(&mut self.data, actions, results, &self.notes[..noted]);
        Ok(())
    }

    /// `step` in pieces of `per` games, each checked and played on its thread
    /// (`check_then_play`): checking a piece is `Kind::begin_step`, playing it `finish_step`,
    /// and a piece checked legal when another was not is undone (`undo_step`). Where the
    /// representation has `advance`, checking a piece is advancing it into `next`, and playing
    /// it is reading its results from there: one pass over the games, as on one thread.
    /// `None`, with nothing done, when the threads' bookkeeping cannot be allocated.
    fn step_split(
        &mut self,
        actions: &[u32],
        results: &mut [u8],
        per: usize,
    ) -> Option<Result<(), StepError>> {
        let ahead = self.kind.has_advance() && self.make_next();
        let (kind, s, cells) = (&self.kind, self.kind.stride(), self.cells);
        if ahead {
            let games = self.data.chunks(per * s).zip(self.next.chunks_mut(per * s));
            let pieces = games.zip(actions.chunks(per)).zip(results.chunks_mut(per)).enumerate();
            let pieces = pieces
                .map(|(i, (((games, next), actions), results))| (i * per, games, next, actions, results));
            let stepped = check_then_play(
                pieces,
                |(first, games, next, actions, _)| match kind.advance(games, actions, next) {
                    true => Ok(()),
                    // Some action is illegal: the first one, as the walk finds it.
                    false => check(kind, cells, *first, games, actions),
                },
                |(_, _, next, _, results)| kind.results(next, results),
                |_| {},
            );
            if stepped == Some(Ok(())) {
                std::mem::swap(&mut self.data, &mut self.next);
            }
            return stepped;
        }
        let games = self.data.chunks_mut(per * s).zip(actions.chunks(per)).zip(results.chunks_mut(per));
        // Each piece with what its `begin_step` noted, `None` until it has played ahead (a
        // piece whose own check failed has taken its moves back already).
        let pieces = games
            .zip(self.notes.chunks_mut(per))
            .enumerate()
            .map(|(i, (((games, actions), results), notes))| (i * per, games, actions, results, notes, None));
        check_then_play(
            pieces,
            |(first, games, actions, _, notes, noted)| {
                *noted = Some(kind.begin_step(games, cells, *first, actions, notes)?);
                Ok(())
            },
            |(_, games, actions, results, notes, noted)| {
                kind.finish_step(games, actions, results, &notes[..noted.unwrap_or(0)])
            },
            |(_, games, actions, _, notes, noted)| {
                if let Some(noted) = noted {
                    kind.undo_step(games, actions, &notes[..noted])
                }
            },
        )
    }

    /// Whether `next` holds as many words as `data`, making it if it can.
    fn make_next(&mut self) -> bool {
        let len = self.data.len();
        if self.next.len() != len {
            match try_filled(K::Word::default(), len) {
                Ok(next) => self.next = next,
                Err(_) => return false,
            }
        }
        true
    }

    pub(crate) fn observe(&self, out: &mut [u8]) {
        let (s, per, cells) = (self.kind.stride(), self.piece_games(), self.cells);
        let pieces = self.data.chunks(per * s).zip(out.chunks_mut(per * 2 * cells));
        spread(pieces, |(games, out)| self.kind.observe_all(games, cells, out));
    }

    pub(crate) fn legal_mask(&self, out: &mut [u8]) {
        let (s, per, cells) = (self.kind.stride(), self.piece_games(), self.cells);
        let pieces = self.data.chunks(per * s).zip(out.chunks_mut(per * cells));
        spread(pieces, |(games, out)| self.kind.legal_all(games, cells, out));
    }

    /// `moves` random moves in every game, over `threads` threads (0: one per core), chunk `c`
    /// drawing from `Draws::new(seed, call, c)`; the chunks are cut into one piece a thread.
    pub(crate) fn random_moves(
        &mut self,
        moves: u64,
        threads: u32,
        seed: u64,
        call: u64,
    ) -> Result<Tally, Error> {
        let chunk_words = CHUNK_GAMES * self.kind.stride();
        let chunks = self.count.div_ceil(CHUNK_GAMES);
        let threads = if threads == 0 { self.cores() } else { threads as usize };
        let threads = threads.clamp(1, MAX_THREADS).min(chunks);
        let per_piece = chunks.div_ceil(threads);
        let mut tallies = try_filled(Tally::default(), chunks.div_ceil(per_piece))?;
        let kind = &self.kind;
        let data = self.data.chunks_mut(per_piece * chunk_words);
        let aside = self.aside.chunks_mut(per_piece * CHUNK_GAMES);
        let pieces = data.zip(aside).zip(tallies.iter_mut()).enumerate();
        spread(pieces, |(p, ((data, aside), tally))| {
            let chunks = data.chunks_mut(chunk_words).zip(aside.chunks_mut(CHUNK_GAMES));
            for (c, (chunk, aside)) in chunks.enumerate() {
                let mut draws = Draws::new(seed, call, (p * per_piece + c) as u64);
                kind.random(chunk, aside, moves, &mut draws, tally);
            }
        });
        Ok(tallies.iter().fold(Tally::default(), |a, b| a.plus(b)))
    }
}

/// The first illegal action of `actions` on `games` (the games from number `first` on).
pub(crate) fn check<K: Kind>(
    kind: &K,
    cells: usize,
    first: usize,
    games: &[K::Word],
    actions: &[u32],
) -> Result<(), StepError> {
    if kind.all_legal(games, actions) {
        return Ok(());
    }
    for (i, (&a, game)) in actions.iter().zip(games.chunks_exact(kind.stride())).enumerate() {
        let a = a as usize;
        let error = if a >= cells {
            Error::OutOfBounds
        } else if kind.occupied(game, a) {
            Error::CellOccupied
        } else {
            continue;
        };
        return Err(StepError { index: first + i, error });
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::batch::{lined::Lined, rowed::Rowed, small::Small, tic::Tic, wide::Wide};
    use crate::rules::Rules;

    /// Games per batch, and the cells a thread takes: 7 pieces of work, more than the threads
    /// the tests give a batch, so that the threads decide the pieces.
    pub(crate) const COUNT: usize = 41;
    const PIECES: usize = 7;

    /// The same steps, observations and masks from a batch on one thread and from one whose
    /// `step`, `observe` and `legal_mask` are split in two (`lockstep`).
    fn same_on_one_and_two_threads<K: Kind>(rules: Rules, kind: impl Fn() -> K) {
        let cells = rules.cells();
        let mut one = Lanes::new(kind(), cells, COUNT).unwrap();
        let mut two = Lanes::new(kind(), cells, COUNT).unwrap();
        two.set_threads(2);
        (one.cells_per_thread, two.cells_per_thread) = (COUNT * cells / PIECES, COUNT * cells / PIECES);
        assert_eq!(one.piece_games(), COUNT);
        assert_eq!(two.piece_games(), COUNT.div_ceil(2), "{rules:?}: the batch must split");
        two.set_threads(0);
        let _ = two.cores.set(3);
        assert_eq!(two.piece_games(), COUNT.div_ceil(3), "{rules:?}: one piece a core");
        two.set_threads(2);
        lockstep(rules, &mut one, &mut two, [1, 2]);
    }

    /// Drives `one` and `two` (as many games of `rules` each) through the same random legal
    /// steps, with illegal actions (refused the same way, naming the same game, changing
    /// nothing, writing no result) and random moves (on `threads`) between them, and checks
    /// that they give the same results, observations, masks and random-move totals.
    pub(crate) fn lockstep<A: Kind, B: Kind>(
        rules: Rules,
        one: &mut Lanes<A>,
        two: &mut Lanes<B>,
        threads: [u32; 2],
    ) {
        let (cells, count) = (rules.cells(), one.count);
        assert_eq!(two.count, count);
        let (mut mask, mut other_mask) = (vec![0u8; count * cells], vec![0u8; count * cells]);
        let (mut seen, mut other_seen) = (vec![0u8; 2 * count * cells], vec![0u8; 2 * count * cells]);
        let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ cells as u64;
        let mut draw = |n: usize| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize % n
        };
        let mut ends = 0;
        for step in 0..3 * cells {
            one.legal_mask(&mut mask);
            two.legal_mask(&mut other_mask);
            assert_eq!(mask, other_mask, "{rules:?} step {step}: masks");
            one.observe(&mut seen);
            two.observe(&mut other_seen);
            assert_eq!(seen, other_seen, "{rules:?} step {step}: observations");
            let mut actions: Vec<u32> = mask
                .chunks(cells)
                .map(|m| {
                    let empty: Vec<usize> = (0..cells).filter(|&c| m[c] == 1).collect();
                    empty[draw(empty.len())] as u32
                })
                .collect();
            if step % 5 == 4 {
                // An illegal action in the second half, and a legal one after it; every other
                // time, one in the first half too, which is then the first.
                let mut spoil = |bad: usize| {
                    let taken = (0..cells).find(|&c| mask[bad * cells + c] == 0);
                    actions[bad] = taken.map_or(cells as u32 + 7, |c| c as u32);
                };
                let mut bad = count / 2 + 1 + draw(count / 2 - 1);
                spoil(bad);
                if step % 10 == 9 {
                    bad = draw(count / 2);
                    spoil(bad);
                }
                let (mut r1, mut r2) = (vec![0xa5u8; count], vec![0xa5u8; count]);
                let refused = one.step(&actions, &mut r1).unwrap_err();
                assert_eq!(refused.index, bad);
                assert_eq!(two.step(&actions, &mut r2), Err(refused), "{rules:?} step {step}");
                let untouched = r1.iter().chain(&r2).all(|&r| r == 0xa5);
                assert!(untouched, "{rules:?} step {step}: a refused step wrote results");
                two.observe(&mut other_seen);
                assert_eq!(seen, other_seen, "{rules:?} step {step}: a refused step changed a game");
                continue;
            }
            if step % 7 == 6 {
                let (a, b) = (
                    one.random_moves(1, threads[0], 3, step as u64),
                    two.random_moves(1, threads[1], 3, step as u64),
                );
                assert_eq!(a.unwrap().0, b.unwrap().0, "{rules:?} step {step}: random moves");
                continue;
            }
            let (mut r1, mut r2) = (vec![0u8; count], vec![0u8; count]);
            one.step(&actions, &mut r1).unwrap();
            two.step(&actions, &mut r2).unwrap();
            assert_eq!(r1, r2, "{rules:?} step {step}: results");
            ends += r1.iter().filter(|&&r| r != 0).count();
        }
        assert!(ends >= count, "{rules:?}: only {ends} games ended; the test must see auto-resets");
    }

    /// Off-board actions that `Panicky`'s check answers by panicking, or after a pause.
    const PANIC: u32 = 1000;
    const SLOW: u32 = 1001;

    /// Plays as the representation it wraps, but its check (and `advance`, which is the check
    /// where there is one) panics on a `PANIC` action, and takes a tenth of a second on a
    /// `SLOW` one: long enough for the other thread to start and check its own piece meanwhile.
    struct Panicky<K>(K);

    impl<K> Panicky<K> {
        fn pause_or_panic(actions: &[u32]) {
            if actions.contains(&SLOW) {
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            assert!(!actions.contains(&PANIC), "the check of a piece panicked");
        }
    }

    impl<K: Kind> Kind for Panicky<K> {
        type Word = K::Word;
        type Aside = K::Aside;
        type Note = ();

        fn stride(&self) -> usize {
            self.0.stride()
        }
        fn occupied(&self, game: &[K::Word], cell: usize) -> bool {
            self.0.occupied(game, cell)
        }
        fn stone(&self, game: &[K::Word], cell: usize) -> u8 {
            self.0.stone(game, cell)
        }
        fn x_to_move(&self, game: &[K::Word]) -> bool {
            self.0.x_to_move(game)
        }
        fn play(&self, game: &mut [K::Word], cell: usize) -> u8 {
            self.0.play(game, cell)
        }
        fn observe(&self, game: &[K::Word], out: &mut [u8]) {
            self.0.observe(game, out)
        }
        fn legal(&self, game: &[K::Word], out: &mut [u8]) {
            self.0.legal(game, out)
        }
        fn all_legal(&self, games: &[K::Word], actions: &[u32]) -> bool {
            Self::pause_or_panic(actions);
            self.0.all_legal(games, actions)
        }
        fn has_advance(&self) -> bool {
            self.0.has_advance()
        }
        fn advance(&self, games: &[K::Word], actions: &[u32], next: &mut [K::Word]) -> bool {
            Self::pause_or_panic(actions);
            self.0.advance(games, actions, next)
        }
        fn results(&self, games: &[K::Word], results: &mut [u8]) {
            self.0.results(games, results)
        }
        fn random(
            &self,
            games: &mut [K::Word],
            aside: &mut [K::Aside],
            moves: u64,
            draws: &mut Draws,
            tally: &mut Tally,
        ) {
            self.0.random(games, aside, moves, draws, tally)
        }
    }

    /// A step split in two whose check panics, in the first piece (checked by the calling
    /// thread) or in the second (by its own thread while the calling thread is slow with the
    /// first), panics instead of leaving a thread waiting for a check that never ends (should
    /// `check_then_play` not count a check that panicked, this test hangs); it plays no game,
    /// and the batch steps on afterwards. On 5 × 5 the check is a walk, on 3 × 3 `advance`.
    #[test]
    fn a_split_step_whose_check_panics_panics() {
        let rules = |rows, cols, k| Rules::new(rows, cols, k).unwrap();
        let small = rules(5, 5, 4);
        split_step_panics(small, || Panicky(Small::new(&small).unwrap()));
        let tic = rules(3, 3, 3);
        split_step_panics(tic, || Panicky(Tic::new(&tic).unwrap()));
    }

    fn split_step_panics<K: Kind + Send>(rules: Rules, kind: impl Fn() -> K) {
        let cells = rules.cells();
        for (panic_at, slow_at) in [(3, COUNT - 2), (COUNT - 2, 3)] {
            let mut lanes = Lanes::new(kind(), cells, COUNT).unwrap();
            lanes.set_threads(2);
            lanes.cells_per_thread = COUNT * cells / 2;
            assert_eq!(lanes.piece_games(), COUNT.div_ceil(2), "the batch must split");
            // Game i plays cell i, then cell i + 1 (of the board's): no line, all legal.
            let actions = |then: usize| (0..COUNT).map(|i| ((i + then) % cells) as u32).collect::<Vec<_>>();
            lanes.step(&actions(0), &mut [0; COUNT]).unwrap();
            let mut before = vec![0; 2 * COUNT * cells];
            lanes.observe(&mut before);
            let mut spoiled = actions(1);
            (spoiled[panic_at], spoiled[slow_at]) = (PANIC, SLOW);
            // The step runs on a thread of its own, whose panic `join` reports.
            let stepped = std::thread::scope(|s| s.spawn(|| lanes.step(&spoiled, &mut [0; COUNT])).join());
            assert!(stepped.is_err(), "{rules:?} game {panic_at}: the step returned {stepped:?}");
            let mut after = vec![0; 2 * COUNT * cells];
            lanes.observe(&mut after);
            assert_eq!(after, before, "{rules:?} game {panic_at}: a step whose check panicked played");
            lanes.step(&actions(1), &mut [0; COUNT]).unwrap();
        }
    }

    #[test]
    fn a_split_call_gives_what_one_thread_gives() {
        let rules = |rows, cols, k| Rules::new(rows, cols, k).unwrap();
        let tic = rules(3, 3, 3);
        same_on_one_and_two_threads(tic, || Tic::new(&tic).unwrap());
        let small = rules(5, 5, 4);
        same_on_one_and_two_threads(small, || Small::new(&small).unwrap());
        let rowed = rules(15, 15, 5);
        same_on_one_and_two_threads(rowed, || Rowed::new(&rowed).unwrap());
        let lined = rules(16, 15, 5);
        same_on_one_and_two_threads(lined, || Lined::new(&lined));
        let wide = rules(17, 17, 5);
        same_on_one_and_two_threads(wide, || Wide::new(&wide).unwrap());
    }
}
