//! A step split over threads: each thread checks its piece of the games, all wait until every
//! piece is checked, and they play only when no action was illegal.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};

use super::kind::Kind;
use super::lanes::check;
use super::StepError;
use crate::fallible::try_with_capacity;

/// The games of a step that one thread checks and plays: from game number `first` on.
pub(crate) struct Piece<'a, W> {
    pub(crate) first: usize,
    pub(crate) games: &'a mut [W],
    pub(crate) actions: &'a [u32],
    pub(crate) results: &'a mut [u8],
}

/// A step over `pieces`, the first on this thread and each other on a thread of its own, which
/// ends before this returns: each thread checks its piece's actions, all wait until every
/// piece is checked, and they play only when no action was illegal, so that a refused step
/// changes no game and names the first bad game of all. Each piece is checked once and played
/// once, by its own thread or, when that thread has not come to it, by this one (so a failed
/// spawn costs time, never work); each thread reads and writes only its own games, where they
/// are in its core's cache. Checks then plays on this thread when the bookkeeping cannot be
/// allocated.
pub(crate) fn check_then_play<'a, K: Kind>(
    kind: &K,
    cells: usize,
    pieces: impl ExactSizeIterator<Item = Piece<'a, K::Word>>,
) -> Result<(), StepError>
where
    K::Word: 'a,
{
    let n = pieces.len();
    let Ok(mut slots) = try_with_capacity(n) else {
        let mut pieces: Vec<Piece<'a, K::Word>> = pieces.collect();
        for p in &pieces {
            check(kind, cells, p.first, p.games, p.actions)?;
        }
        pieces.iter_mut().for_each(|p| kind.play_all(p.games, p.actions, p.results));
        return Ok(());
    };
    slots.extend(pieces.map(|p| (AtomicBool::new(false), Mutex::new(Some(p)))));
    // Pieces checked, the first illegal action found among them, and whether a check panicked.
    let (checked, all_checked) = (Mutex::new((0, None, false)), Condvar::new());
    let check_piece = |(claimed, slot): &(AtomicBool, Mutex<Option<Piece<'a, K::Word>>>)| {
        if claimed.swap(true, Ordering::AcqRel) {
            return;
        }
        // A check that panics is counted too, so that no thread waits for it, and no piece
        // is played; the panic goes on once counted.
        let found = catch_unwind(AssertUnwindSafe(|| {
            let piece = slot.lock().unwrap_or_else(PoisonError::into_inner);
            piece.as_ref().map_or(Ok(()), |p| check(kind, cells, p.first, p.games, p.actions))
        }));
        let mut done = checked.lock().unwrap_or_else(PoisonError::into_inner);
        done.0 += 1;
        match found {
            Ok(Ok(())) => {}
            Ok(Err(bad)) => done.1 = Some(done.1.filter(|b: &StepError| b.index < bad.index).unwrap_or(bad)),
            Err(_) => done.2 = true,
        }
        if done.0 == n {
            all_checked.notify_all();
        }
        drop(done);
        if let Err(panic) = found {
            resume_unwind(panic);
        }
    };
    // Whether every piece is checked and legal (`Ok`), or the first illegal action.
    let legal = || {
        let mut done = checked.lock().unwrap_or_else(PoisonError::into_inner);
        while done.0 < n {
            done = all_checked.wait(done).unwrap_or_else(PoisonError::into_inner);
        }
        (done.1.map_or(Ok(()), Err), done.2)
    };
    let play_piece = |(_, slot): &(AtomicBool, Mutex<Option<Piece<'a, K::Word>>>)| {
        let piece = slot.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(p) = piece {
            kind.play_all(p.games, p.actions, p.results);
        }
    };
    let run = |slot| {
        check_piece(slot);
        if legal() == (Ok(()), false) {
            play_piece(slot);
        }
    };
    std::thread::scope(|scope| {
        for slot in &slots[1..] {
            let _ = std::thread::Builder::new().spawn_scoped(scope, || run(slot));
        }
        // Every piece's check claimed before a panic of this thread's goes on: a thread that
        // waits for them all then sees them counted.
        let mut panic = None;
        for slot in &slots {
            if let Err(caught) = catch_unwind(AssertUnwindSafe(|| check_piece(slot))) {
                panic.get_or_insert(caught);
            }
        }
        if let Some(caught) = panic {
            resume_unwind(caught);
        }
        let (legal, panicked) = legal();
        if legal.is_ok() && !panicked {
            slots.iter().for_each(play_piece);
        }
        legal
    })
}
