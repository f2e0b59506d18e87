//! What each representation of a batch's games provides (`Kind`), and the result codes.

use super::draw::Draws;
use super::lanes::check;
use super::{StepError, Tally};

/// The game went on.
pub(crate) const PENDING: u8 = 0;
/// X (player 1) completed a line; O is X + 1.
pub(crate) const X_WINS: u8 = 1;
/// The board filled with no line.
pub(crate) const DRAW: u8 = 3;

/// One way of storing the games of a batch: each game is `stride()` words in one vector, and
/// is never finished (a game that ends is emptied at once). X moves first, so the side to move
/// follows from the stone count.
pub(crate) trait Kind: Sync {
    /// The unit of storage.
    type Word: Copy + Default + Send + Sync;

    /// What a game keeps apart from its words, one per game, that only `random` reads and
    /// writes (`()`, which takes no memory, where there is nothing): kept in a vector of its
    /// own, so that `step`, `observe` and `legal_mask` stream the words alone.
    type Aside: Copy + Default + Send + Sync;

    /// What `begin_step` may note of a game whose move ended it, for `finish_step` to empty:
    /// the batch keeps one a game, so that a step never runs out of room (`()`, which takes no
    /// memory, where the step plays nothing ahead).
    type Note: Copy + Default + Send + Sync;

    /// Words per game.
    fn stride(&self) -> usize;

    /// Whether `cell` (below the board's cell count) holds a stone.
    fn occupied(&self, game: &[Self::Word], cell: usize) -> bool;

    /// The stone on `cell`: 0 empty, 1 X, 2 O.
    fn stone(&self, game: &[Self::Word], cell: usize) -> u8;

    /// Whether X is to move.
    fn x_to_move(&self, game: &[Self::Word]) -> bool;

    /// Plays the side to move on the empty `cell` and returns the result code (`PENDING`,
    /// `X_WINS`, `X_WINS + 1`, `DRAW`); a game that ended is emptied.
    fn play(&self, game: &mut [Self::Word], cell: usize) -> u8;

    /// Plane 0 (the side to move's stones) then plane 1 (the opponent's), one byte a cell.
    fn observe(&self, game: &[Self::Word], out: &mut [u8]);

    /// One byte a cell, 1 where it is empty.
    fn legal(&self, game: &[Self::Word], out: &mut [u8]);

    /// Whether every action of `actions` is a cell of the board left empty in its game of
    /// `games`, answered without a branch per game where a representation can; `false` when
    /// one is not, or when the representation leaves the question to the walk that finds the
    /// first illegal action.
    fn all_legal(&self, _games: &[Self::Word], _actions: &[u32]) -> bool {
        false
    }

    /// Whether `advance` and `results` are implemented.
    fn has_advance(&self) -> bool {
        false
    }

    /// Writes to `next` each game of `games` after its action, and returns whether every
    /// action was legal (`next` is then whole; otherwise it is scratch).
    fn advance(&self, _games: &[Self::Word], _actions: &[u32], _next: &mut [Self::Word]) -> bool {
        unreachable!("advance without has_advance")
    }

    /// The result code of the move that led to each game of `games` (after `advance`).
    fn results(&self, _games: &[Self::Word], _results: &mut [u8]) {
        unreachable!("results without has_advance")
    }

    /// `play` for each game of `games` with its action, all legal; the results to `results`.
    fn play_all(&self, games: &mut [Self::Word], actions: &[u32], results: &mut [u8]) {
        let games = games.chunks_exact_mut(self.stride());
        for ((&a, game), result) in actions.iter().zip(games).zip(results) {
            *result = self.play(game, a as usize);
        }
    }

    /// The first half of a step over `games` (the games from number `first` on, `cells` to a
    /// game): checks every action of `actions`, giving the first illegal one, and may play
    /// ahead, noting in `notes` (one a game) the games whose move ended them; the number
    /// noted. On an illegal action no game has changed.
    fn begin_step(
        &self,
        games: &mut [Self::Word],
        cells: usize,
        first: usize,
        actions: &[u32],
        _notes: &mut [Self::Note],
    ) -> Result<usize, StepError>
    where
        Self: Sized,
    {
        check(self, cells, first, games, actions).map(|()| 0)
    }

    /// The second half, once every action of the step (in every piece of it) is known to be
    /// legal: plays what `begin_step` did not, and writes every result; `noted` is what
    /// `begin_step` noted.
    fn finish_step(
        &self,
        games: &mut [Self::Word],
        actions: &[u32],
        results: &mut [u8],
        _noted: &[Self::Note],
    ) {
        self.play_all(games, actions, results);
    }

    /// Instead of the second half, when some other piece of the step had an illegal action:
    /// takes back what `begin_step` played ahead.
    fn undo_step(&self, _games: &mut [Self::Word], _actions: &[u32], _noted: &[Self::Note]) {}

    /// `observe` for each game of `games` (a whole number of games), `2 * cells` bytes each.
    fn observe_all(&self, games: &[Self::Word], cells: usize, out: &mut [u8]) {
        for (game, planes) in games.chunks_exact(self.stride()).zip(out.chunks_exact_mut(2 * cells)) {
            self.observe(game, planes);
        }
    }

    /// `legal` for each game of `games` (a whole number of games), `cells` bytes each.
    fn legal_all(&self, games: &[Self::Word], cells: usize, out: &mut [u8]) {
        for (game, mask) in games.chunks_exact(self.stride()).zip(out.chunks_exact_mut(cells)) {
            self.legal(game, mask);
        }
    }

    /// `moves` uniformly random legal moves in every game of `games` (a whole number of
    /// games, whose `Aside`s are `aside`), each result counted in `tally`.
    fn random(
        &self,
        games: &mut [Self::Word],
        aside: &mut [Self::Aside],
        moves: u64,
        draws: &mut Draws,
        tally: &mut Tally,
    );
}
