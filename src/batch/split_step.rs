//! A step split over threads: each thread checks its piece of the games, all wait until every
//! piece is checked, and they play only when no action was illegal.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};

use super::StepError;
use crate::fallible::try_with_capacity;

/// A step over `pieces`, the first on this thread and each other on a thread of its own, which
/// ends before this returns: each thread checks its piece's actions, all wait until every
/// piece is checked, and they play only when no action was illegal, so that a refused step
/// changes no game and names the first bad game of all. Each piece is checked once and then
/// played or undone once, by its own thread or, when that thread has not come to it, by this
/// one (so a failed spawn costs time, never work); each thread reads and writes only its own
/// games, where they are in its core's cache. `None`, with nothing checked or played, when the
/// bookkeeping cannot be allocated. `check` gives a piece's first illegal action, and may
/// play ahead what `play` then finishes or `undo` takes back (a check that finds an illegal
/// action takes back its own); `play` plays a piece once every piece is known to be legal,
/// `undo` instead when one is not (or a check panicked).
pub(crate) fn check_then_play<P: Send>(
    pieces: impl ExactSizeIterator<Item = P>,
    check: impl Fn(&mut P) -> Result<(), StepError> + Sync,
    play: impl Fn(P) + Sync,
    undo: impl Fn(P) + Sync,
) -> Option<Result<(), StepError>> {
    let n = pieces.len();
    let mut slots = try_with_capacity(n).ok()?;
    slots.extend(pieces.map(|p| (AtomicBool::new(false), Mutex::new(Some(p)))));
    // Pieces checked, the first illegal action found among them, and whether a check panicked.
    let (checked, all_checked) = (Mutex::new((0, None, false)), Condvar::new());
    // Counts a piece as checked: legal, its first illegal action, or (`None`) not checked
    // because its check panicked, after which no piece is played.
    let count = |found: Option<Result<(), StepError>>| {
        let mut done = checked.lock().unwrap_or_else(PoisonError::into_inner);
        done.0 += 1;
        match found {
            Some(Ok(())) => {}
            Some(Err(bad)) => {
                done.1 = Some(done.1.filter(|b: &StepError| b.index < bad.index).unwrap_or(bad))
            }
            None => done.2 = true,
        }
        if done.0 == n {
            all_checked.notify_all();
        }
    };
    let check_piece = |(claimed, slot): &(AtomicBool, Mutex<Option<P>>)| {
        if claimed.swap(true, Ordering::AcqRel) {
            return;
        }
        // Counted when the check ends, also when it panics (as the panic unwinds), so that
        // no thread waits for it.
        let found = Cell::new(None);
        let _counted = OnDrop(|| count(found.take()));
        let mut piece = slot.lock().unwrap_or_else(PoisonError::into_inner);
        found.set(Some(piece.as_mut().map_or(Ok(()), &check)));
    };
    // Whether every piece is checked and legal (`Ok`), or the first illegal action.
    let legal = || {
        let mut done = checked.lock().unwrap_or_else(PoisonError::into_inner);
        while done.0 < n {
            done = all_checked.wait(done).unwrap_or_else(PoisonError::into_inner);
        }
        (done.1.map_or(Ok(()), Err), done.2)
    };
    // Plays the piece (`go`) or undoes it, unless another thread has.
    let finish_piece = |(_, slot): &(AtomicBool, Mutex<Option<P>>), go: bool| {
        let piece = slot.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(p) = piece {
            if go {
                play(p)
            } else {
                undo(p)
            }
        }
    };
    let run = |slot| {
        check_piece(slot);
        finish_piece(slot, legal() == (Ok(()), false));
    };
    std::thread::scope(|scope| {
        for slot in &slots[1..] {
            let _ = std::thread::Builder::new().spawn_scoped(scope, || run(slot));
        }
        // Should a check panic on this thread, the pieces it has not claimed are counted as
        // it unwinds: a piece whose thread did not start has no one else to count it.
        let _rest = OnDrop(|| {
            slots
                .iter()
                .filter(|(claimed, _)| !claimed.swap(true, Ordering::AcqRel))
                .for_each(|_| count(None));
        });
        slots.iter().for_each(check_piece);
        let (legal, panicked) = legal();
        slots.iter().for_each(|slot| finish_piece(slot, legal.is_ok() && !panicked));
        Some(legal)
    })
}

/// Runs its closure when dropped, also while a panic unwinds.
struct OnDrop<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}
