//! The batch C API (`ttt_batch_*`) proved against the same games played one by one through the
//! game object: after every step the results, observations, legal-move masks and auto-resets
//! agree, on every shape of the test set with random legal and illegal actions, and on 3×3 for
//! every one of the 255,168 possible games; batches whose calls split over threads agree with
//! batches on the calling thread. Random self-play: totals that add up, the same
//! games for the same seed whatever the thread count, and moves as uniform as chi-square can
//! tell. The C contract: NULLs, sizes, counts, nothing written on failure.

use std::ptr::null_mut;

use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;
use tictactoe::internals::cells_per_thread;
use tictactoe::{Game, Outcome, Rules};

mod common;
use common::{cells_of, row_col, Rng};

/// A batch handle that frees itself, so a failing assertion leaks nothing.
struct Batch(*mut TttBatch);

impl Drop for Batch {
    fn drop(&mut self) {
        unsafe { ttt_batch_free(self.0) };
    }
}

impl Batch {
    fn new(rows: u32, cols: u32, k: u32, count: usize, seed: u64) -> Batch {
        let mut b = null_mut();
        assert_eq!(unsafe { ttt_batch_new(rows, cols, k, count, seed, &mut b) }, TTT_OK);
        Batch(b)
    }

    /// The most threads `step`, `observe` and `legal_mask` run on.
    fn set_threads(&self, threads: u32) {
        assert_eq!(unsafe { ttt_batch_set_threads(self.0, threads) }, TTT_OK);
    }

    fn observe(&self, len: usize) -> Vec<u8> {
        let mut out = vec![7u8; len];
        assert_eq!(unsafe { ttt_batch_observe(self.0, out.as_mut_ptr(), len) }, TTT_OK);
        out
    }

    fn legal_mask(&self, len: usize) -> Vec<u8> {
        let mut out = vec![7u8; len];
        assert_eq!(unsafe { ttt_batch_legal_mask(self.0, out.as_mut_ptr(), len) }, TTT_OK);
        out
    }

    /// Steps with `actions`: the results, or the status and the bad index.
    fn step(&self, actions: &[u32]) -> Result<Vec<u8>, (TttStatus, usize)> {
        let mut results = vec![9u8; actions.len()];
        let mut bad = usize::MAX;
        let status = unsafe {
            ttt_batch_step(self.0, actions.as_ptr(), actions.len(), results.as_mut_ptr(), &mut bad)
        };
        if status == TTT_OK {
            assert_eq!(bad, usize::MAX, "the bad index is written only on failure");
            Ok(results)
        } else {
            assert!(results.iter().all(|&r| r == 9), "results written on failure");
            Err((status, bad))
        }
    }

    fn random_moves(&self, moves: u64, threads: u32) -> TttBatchStats {
        let mut stats = TttBatchStats::default();
        assert_eq!(unsafe { ttt_batch_random_moves(self.0, moves, threads, &mut stats) }, TTT_OK);
        stats
    }

    fn game(&self, index: usize) -> Game {
        let mut g = null_mut();
        assert_eq!(unsafe { ttt_batch_game(self.0, index, &mut g) }, TTT_OK);
        let game = unsafe { &*g }.game().clone();
        unsafe { ttt_game_free(g) };
        game
    }
}

/// The games played one by one: the reference the batch must agree with.
struct Reference {
    rules: Rules,
    games: Vec<Game>,
}

impl Reference {
    fn new(rules: Rules, count: usize) -> Reference {
        Reference { rules, games: (0..count).map(|_| Game::new(rules).unwrap()).collect() }
    }

    /// Plays one action in each game; returns the results and resets the games that ended.
    fn step(&mut self, actions: &[u32]) -> Vec<u8> {
        let rules = self.rules;
        let mut results = Vec::new();
        for (game, &a) in self.games.iter_mut().zip(actions) {
            let (row, col) = row_col(&rules, a as usize);
            let outcome = game.play(row, col).unwrap();
            results.push(TttResult::from(outcome) as u8);
            if outcome != Outcome::Pending {
                *game = Game::new(rules).unwrap();
            }
        }
        results
    }

    /// A uniformly random empty cell of each game.
    fn random_actions(&self, rng: &mut Rng) -> Vec<u32> {
        let cells = self.rules.cells();
        let empty = |g: &Game| -> Vec<usize> {
            let stones = cells_of(g);
            (0..cells).filter(|&c| stones[c] == 0).collect()
        };
        self.games.iter().map(empty).map(|e| e[rng.pick(e.len())] as u32).collect()
    }

    /// Observations written out plainly from the games' cells.
    fn observe(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for game in &self.games {
            let cells = cells_of(game);
            let mover = game.to_move().unwrap().number() as u8;
            out.extend(cells.iter().map(|&c| u8::from(c == mover)));
            out.extend(cells.iter().map(|&c| u8::from(c != 0 && c != mover)));
        }
        out
    }

    fn legal_mask(&self) -> Vec<u8> {
        self.games.iter().flat_map(|g| cells_of(g).into_iter().map(|c| u8::from(c == 0))).collect()
    }

    /// The first illegal action and why, as the batch must report it.
    fn first_bad(&self, actions: &[u32]) -> Option<(TttStatus, usize)> {
        actions.iter().zip(&self.games).enumerate().find_map(|(i, (&a, g))| {
            if a as usize >= self.rules.cells() {
                Some((TTT_OUT_OF_BOUNDS, i))
            } else if cells_of(g)[a as usize] != 0 {
                Some((TTT_CELL_OCCUPIED, i))
            } else {
                None
            }
        })
    }
}

/// Drives a batch and the reference with the same random actions for `steps` steps, now and
/// then with illegal ones mixed in, and checks that they agree after every step.
fn agree(rows: u32, cols: u32, k: u32, count: usize, steps: usize, seed: u64) {
    let rules = Rules::new(rows, cols, k).unwrap();
    let cells = rules.cells();
    let batch = Batch::new(rows, cols, k, count, seed);
    let mut reference = Reference::new(rules, count);
    let mut rng = Rng(seed);
    let mut ends = 0;
    for step in 0..steps {
        let mut actions = reference.random_actions(&mut rng);
        if rng.pick(4) == 0 {
            // Spoil a few actions: off the board, or on a stone where there is one.
            let (before_obs, before_mask) =
                (batch.observe(count * 2 * cells), batch.legal_mask(count * cells));
            let mut spoiled = actions.clone();
            for _ in 0..1 + rng.pick(3) {
                let i = rng.pick(count);
                let stones: Vec<usize> =
                    (0..cells).filter(|&c| cells_of(&reference.games[i])[c] != 0).collect();
                spoiled[i] = match rng.pick(3) {
                    0 if !stones.is_empty() => stones[rng.pick(stones.len())] as u32,
                    1 => cells as u32 + rng.below(1000) as u32,
                    _ => u32::MAX - rng.below(3) as u32,
                };
            }
            let expected = reference.first_bad(&spoiled).expect("an action was spoiled");
            assert_eq!(batch.step(&spoiled), Err(expected), "{rows},{cols},{k} step {step}");
            assert_eq!(batch.observe(count * 2 * cells), before_obs, "a refused step changed a game");
            assert_eq!(batch.legal_mask(count * cells), before_mask, "a refused step changed a game");
        }
        if step == steps / 2 {
            // Also a step whose actions are all legal but for the last game's.
            actions[count - 1] = cells as u32;
            assert_eq!(batch.step(&actions), Err((TTT_OUT_OF_BOUNDS, count - 1)));
            let legal: Vec<usize> =
                (0..cells).filter(|&c| cells_of(&reference.games[count - 1])[c] == 0).collect();
            actions[count - 1] = legal[0] as u32;
        }
        let results = batch.step(&actions).unwrap_or_else(|e| panic!("{rows},{cols},{k} step {step}: {e:?}"));
        let expected = reference.step(&actions);
        assert_eq!(results, expected, "{rows},{cols},{k} step {step}: results");
        ends += results.iter().filter(|&&r| r != 0).count();
        assert_eq!(
            batch.observe(count * 2 * cells),
            reference.observe(),
            "{rows},{cols},{k} step {step}: observe"
        );
        assert_eq!(
            batch.legal_mask(count * cells),
            reference.legal_mask(),
            "{rows},{cols},{k} step {step}: mask"
        );
        let i = rng.pick(count);
        assert_eq!(
            batch.game(i).to_string(),
            reference.games[i].to_string(),
            "{rows},{cols},{k} step {step}: game {i}"
        );
    }
    assert!(ends >= count, "{rows},{cols},{k}: only {ends} games ended; the test must see auto-resets");
}

#[test]
fn agrees_with_the_game_object_on_every_shape() {
    for (rows, cols, k, count, steps) in [
        (3, 3, 3, 40, 60),
        (3, 4, 3, 40, 60),
        (4, 4, 4, 30, 80),
        (7, 7, 5, 12, 150),
        (15, 15, 5, 6, 500),
        (15, 16, 5, 6, 500),
        (1, 9, 3, 40, 60),
        (9, 1, 3, 40, 60),
    ] {
        agree(rows, cols, k, count, steps, 1000 + u64::from(rows * 100 + cols));
    }
}

/// The fewest games of `cells` cells that a call splits in `pieces`: a call splits only when
/// each thread gets `cells_per_thread()` cells (games times cells).
fn split_from(cells: usize, pieces: usize) -> usize {
    (pieces * cells_per_thread()).div_ceil(cells)
}

/// Drives a batch whose calls split over `threads` threads and one on the calling thread with
/// the same random actions, now and then with illegal ones mixed in, and checks after every
/// step that they agree: results, observations, masks, refusals (the same first bad game,
/// no game changed) and the games themselves. The batch on the calling thread is held to the
/// game object above; a split batch has too many games to replay one by one within seconds.
fn same_on_threads(rows: u32, cols: u32, k: u32, count: usize, steps: usize, threads: u32) {
    let cells = (rows * cols) as usize;
    let (one, split) = (Batch::new(rows, cols, k, count, 5), Batch::new(rows, cols, k, count, 5));
    split.set_threads(threads);
    let mut rng = Rng(u64::from(rows * cols));
    let mut ends = 0;
    for step in 0..steps {
        let at = format!("{rows},{cols},{k} on {threads} threads, step {step}");
        let (mask, observed) = (one.legal_mask(count * cells), one.observe(count * 2 * cells));
        assert!(split.legal_mask(count * cells) == mask, "{at}: masks");
        assert!(split.observe(count * 2 * cells) == observed, "{at}: observations");
        // An empty cell of each game: the first from a random one on.
        let mut actions: Vec<u32> = mask
            .chunks(cells)
            .map(|m| {
                let from = rng.pick(cells);
                (0..cells).map(|c| (from + c) % cells).find(|&c| m[c] == 1).unwrap() as u32
            })
            .collect();
        if step % 3 == 1 {
            // Spoil a few actions anywhere, each off the board or on a stone: the first
            // spoiled game is the first bad one.
            let mut spoiled = actions.clone();
            let mut first = None;
            for _ in 0..1 + rng.pick(3) {
                let i = rng.pick(count);
                let stone = (0..cells).find(|&c| mask[i * cells + c] == 0);
                let (a, status) = match stone {
                    Some(c) if rng.pick(2) == 0 => (c as u32, TTT_CELL_OCCUPIED),
                    _ => (cells as u32 + rng.below(9) as u32, TTT_OUT_OF_BOUNDS),
                };
                spoiled[i] = a;
                first = first.filter(|&(_, f)| f < i).or(Some((status, i)));
            }
            assert_eq!(one.step(&spoiled), Err(first.unwrap()), "{at}");
            assert_eq!(split.step(&spoiled), Err(first.unwrap()), "{at}");
            assert!(split.observe(count * 2 * cells) == observed, "{at}: a refused step changed a game");
        }
        if step == steps / 2 {
            // A step whose actions are all legal but for the last game's.
            let last = actions[count - 1];
            actions[count - 1] = cells as u32;
            assert_eq!(split.step(&actions), Err((TTT_OUT_OF_BOUNDS, count - 1)), "{at}");
            actions[count - 1] = last;
        }
        let results = one.step(&actions).unwrap();
        assert!(split.step(&actions).unwrap() == results, "{at}: results");
        ends += results.iter().filter(|&&r| r != 0).count();
        let i = rng.pick(count);
        assert_eq!(split.game(i).to_string(), one.game(i).to_string(), "{at}: game {i}");
    }
    assert!(ends >= count, "{rows},{cols},{k}: only {ends} games ended; the test must see auto-resets");
}

/// Batches just big enough to be split (`split_from`) agree with batches on the calling thread:
/// each representation that a batch of that size uses, in two pieces, in three, and one a
/// core, with a k that ends games within the steps (the split does not depend on k). The
/// refused steps name the same first bad game, wherever it falls among the pieces.
#[test]
fn agrees_with_one_thread_on_threads() {
    for (rows, cols, k, steps, pieces, threads) in [
        (3, 3, 3, 12, 2, 2),
        (7, 7, 3, 24, 2, 2),
        (15, 15, 2, 30, 2, 2),
        (15, 15, 2, 30, 3, 3),
        (15, 15, 2, 30, 2, 0),
        (16, 15, 2, 30, 2, 2),
        (17, 17, 2, 30, 2, 2),
    ] {
        let count = split_from((rows * cols) as usize, pieces) + 17;
        same_on_threads(rows, cols, k, count, steps, threads);
    }
}

/// Shapes at the edges of the representations: one cell, 64 cells in a row or a column, the
/// first boards past 64 cells, a line longer than a side, 15 rows of 16 (the most kept as rows
/// alone), sides of 16 (the longest kept as 16-bit lines) and 17.
#[test]
fn agrees_on_edge_shapes() {
    for (rows, cols, k) in [
        (1, 1, 1),
        (1, 64, 5),
        (64, 1, 64),
        (8, 8, 8),
        (5, 13, 4),
        (1, 65, 2),
        (2, 40, 40),
        (9, 9, 1),
        (15, 16, 3),
        (11, 16, 2),
        (16, 16, 2),
        (16, 11, 4),
        (17, 16, 3),
    ] {
        agree(rows, cols, k, 5, 100, 7);
    }
}

/// From 4,096 games, boards of up to 15 rows of up to 16 cells are kept as rows alone; smaller
/// batches keep them as lines in four directions, which the tests above hold to the game
/// object. The first 2,048 games of a batch of 4,096 play as a batch of 2,048 with the same
/// seed does (random moves draw chunk by chunk from the same generators), through steps,
/// refused steps and random moves, and the games of both agree with the game object.
#[test]
fn rows_play_as_lines_do() {
    let (big, small) = (4096, 2048);
    for (rows, cols, k) in [(15, 15, 5), (11, 16, 3)] {
        let cells = (rows * cols) as usize;
        let (b, s) = (Batch::new(rows, cols, k, big, 23), Batch::new(rows, cols, k, small, 23));
        let mut rng = Rng(u64::from(cols));
        let mut ends = 0;
        for round in 0..300 {
            let mask = b.legal_mask(big * cells);
            assert!(
                mask[..small * cells] == s.legal_mask(small * cells),
                "{rows},{cols},{k} round {round}: masks"
            );
            let observed = b.observe(big * 2 * cells);
            assert!(
                observed[..small * 2 * cells] == s.observe(small * 2 * cells),
                "{rows},{cols},{k} round {round}"
            );
            // A game past the first 2,048: its copy as a game object holds what it observes.
            let i = small + rng.pick(big - small);
            let (game, planes) = (b.game(i), &observed[i * 2 * cells..(i + 1) * 2 * cells]);
            let mover = game.to_move().unwrap().number() as u8;
            let stones: Vec<u8> = (0..cells)
                .map(|c| {
                    if planes[c] == 1 {
                        mover
                    } else if planes[cells + c] == 1 {
                        3 - mover
                    } else {
                        0
                    }
                })
                .collect();
            assert_eq!(cells_of(&game), stones, "{rows},{cols},{k} round {round}: game {i}");
            if round % 7 == 6 {
                let moves = 1 + rng.pick(4) as u64;
                b.random_moves(moves, 0);
                s.random_moves(moves, 0);
                continue;
            }
            let mut actions: Vec<u32> = mask
                .chunks(cells)
                .map(|m| {
                    let empty: Vec<usize> = (0..cells).filter(|&c| m[c] == 1).collect();
                    empty[rng.pick(empty.len())] as u32
                })
                .collect();
            if round % 5 == 4 {
                let bad = rng.pick(small);
                let taken =
                    (0..cells).find(|&c| mask[bad * cells + c] == 0).map_or(cells as u32, |c| c as u32);
                let good = actions[bad];
                actions[bad] = taken;
                let refused = b.step(&actions).unwrap_err();
                assert_eq!(refused.1, bad);
                assert_eq!(s.step(&actions[..small]), Err(refused), "{rows},{cols},{k} round {round}");
                actions[bad] = good;
            }
            let results = b.step(&actions).unwrap();
            assert_eq!(
                results[..small],
                s.step(&actions[..small]).unwrap(),
                "{rows},{cols},{k} round {round}"
            );
            ends += results.iter().filter(|&&r| r != 0).count();
        }
        assert!(ends >= big, "{rows},{cols},{k}: only {ends} games ended; the test must see auto-resets");
    }
}

/// Every 3×3 game, each from its first move to its end in a lane of its own: lane i plays game
/// i, then goes on with the games after it until the 9th step. Every game must end exactly
/// where it does when played alone, and observations and masks agree after every step.
#[test]
fn every_tictactoe_game_agrees() {
    let rules = Rules::new(3, 3, 3).unwrap();
    let mut games = Vec::new();
    let mut path = Vec::new();
    enumerate(&Game::new(rules).unwrap(), &mut path, &mut games);
    assert_eq!(games.len(), 255_168);
    let count = games.len();
    let script: Vec<Vec<u32>> = (0..count)
        .map(|i| games[i..].iter().chain(&games[..i]).flatten().copied().take(9).collect())
        .collect();
    let batch = Batch::new(3, 3, 3, count, 0);
    let mut reference = Reference::new(rules, count);
    let mut ended = [0usize; 4];
    for step in 0..9 {
        let actions: Vec<u32> = script.iter().map(|s| s[step]).collect();
        let results = batch.step(&actions).unwrap();
        assert_eq!(results, reference.step(&actions), "step {step}");
        for (i, &r) in results.iter().enumerate() {
            let own_end = games[i].len() - 1;
            assert_eq!(r != 0 && step <= own_end, step == own_end, "game {i}: {:?} step {step}", games[i]);
            if step == own_end {
                ended[r as usize] += 1;
            }
        }
        assert!(batch.observe(count * 18) == reference.observe(), "step {step}: observe");
        assert!(batch.legal_mask(count * 9) == reference.legal_mask(), "step {step}: mask");
    }
    // The known totals of tic-tac-toe: 131,184 won by X, 77,904 by O, 46,080 drawn.
    assert_eq!(ended, [0, 131_184, 77_904, 46_080]);
}

/// Every complete game from `game` on, as cell sequences.
fn enumerate(game: &Game, path: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
    if game.outcome() != Outcome::Pending {
        out.push(path.clone());
        return;
    }
    for m in game.legal_moves() {
        let mut next = game.clone();
        next.play(m.row, m.col).unwrap();
        path.push(m.row * 3 + m.col);
        enumerate(&next, path, out);
        path.pop();
    }
}

/// After random self-play every game is a reachable position (the copy as a game object
/// checks that), the totals add up, and the same seed gives the same games and totals
/// whatever the thread count, while another seed does not.
#[test]
fn random_moves_are_valid_and_repeatable() {
    for (rows, cols, k, count, moves) in [
        (3, 3, 3, 3000, 7),
        (4, 4, 4, 1500, 9),
        (7, 7, 5, 1100, 30),
        (15, 15, 5, 600, 100),
        (1, 9, 3, 1000, 5),
        (5, 13, 4, 700, 40),
    ] {
        let cells = (rows * cols) as usize;
        let run = |seed: u64, threads: u32| {
            let b = Batch::new(rows, cols, k, count, seed);
            let first = b.random_moves(moves, threads);
            let second = b.random_moves(moves + 1, threads);
            (b.observe(count * 2 * cells), first, second, b)
        };
        let (obs, first, second, b) = run(5, 1);
        for s in [first, second] {
            assert!(s.a_wins + s.b_wins + s.draws <= s.moves);
        }
        assert_eq!(first.moves, moves * count as u64);
        assert_eq!(second.moves, (moves + 1) * count as u64);
        assert!(first.a_wins + first.b_wins + first.draws > 0, "{rows},{cols},{k}: no game ended");
        for i in 0..count {
            let g = b.game(i);
            assert_eq!(g.outcome(), Outcome::Pending);
            assert_eq!(g.rules(), Rules::new(rows, cols, k).unwrap());
        }
        for threads in [2, 3, 0, 64] {
            let (o, f, s, _) = run(5, threads);
            assert!(
                o == obs && f == first && s == second,
                "{rows},{cols},{k}: {threads} threads differ from 1"
            );
        }
        let (o, _, _, _) = run(6, 2);
        assert!(o != obs, "{rows},{cols},{k}: seeds 5 and 6 gave the same games");
    }
}

/// Steps and random moves in turn, on the shapes whose random moves draw from a list of the
/// empty cells that steps leave for `random_moves` to make again: each random move is found
/// from the masks before and after it (the one cell taken, or an empty board where a game
/// ended) and played in the reference, which must then agree with the batch, and the game
/// that ended must have a move that ends it.
#[test]
fn steps_and_random_moves_interleave() {
    for (rows, cols, k, count) in
        [(15, 15, 5, 8), (9, 9, 5, 12), (15, 16, 4, 8), (16, 16, 2, 12), (16, 11, 4, 8), (3, 3, 3, 20)]
    {
        let rules = Rules::new(rows, cols, k).unwrap();
        let cells = rules.cells();
        let batch = Batch::new(rows, cols, k, count, 31);
        let mut reference = Reference::new(rules, count);
        let mut rng = Rng(u64::from(rows * cols));
        for round in 0..150 {
            for _ in 0..rng.pick(4) {
                let actions = reference.random_actions(&mut rng);
                assert_eq!(batch.step(&actions).unwrap(), reference.step(&actions));
            }
            let before = batch.legal_mask(count * cells);
            let stats = batch.random_moves(1, 1 + rng.pick(2) as u32);
            let after = batch.legal_mask(count * cells);
            let mut ended = 0;
            for (i, (b, a)) in before.chunks(cells).zip(after.chunks(cells)).enumerate() {
                let taken: Vec<usize> = (0..cells).filter(|&c| b[c] == 1 && a[c] == 0).collect();
                let freed = (0..cells).filter(|&c| b[c] == 0 && a[c] == 1).count();
                let game = &mut reference.games[i];
                if taken.is_empty() && a.iter().all(|&e| e == 1) {
                    // The move ended the game: one of the empty cells must end it.
                    let ends = (0..cells).filter(|&c| b[c] == 1).any(|c| {
                        let (row, col) = row_col(&rules, c);
                        game.clone().play(row, col).unwrap() != Outcome::Pending
                    });
                    assert!(ends, "{rows},{cols},{k} round {round} game {i}: emptied by no ending move");
                    *game = Game::new(rules).unwrap();
                    ended += 1;
                } else {
                    assert!(taken.len() == 1 && freed == 0, "{rows},{cols},{k} round {round} game {i}");
                    let (row, col) = row_col(&rules, taken[0]);
                    assert_eq!(game.play(row, col).unwrap(), Outcome::Pending);
                }
            }
            assert_eq!(stats.a_wins + stats.b_wins + stats.draws, ended);
            assert_eq!(
                batch.observe(count * 2 * cells),
                reference.observe(),
                "{rows},{cols},{k} round {round}"
            );
        }
    }
}

/// Stats are added into the caller's totals, never overwritten.
#[test]
fn stats_add_up_across_calls() {
    let b = Batch::new(3, 3, 3, 100, 1);
    let mut stats = TttBatchStats { moves: 1, a_wins: 2, b_wins: 3, draws: 4 };
    assert_eq!(unsafe { ttt_batch_random_moves(b.0, 9, 1, &mut stats) }, TTT_OK);
    let once = Batch::new(3, 3, 3, 100, 1).random_moves(9, 1);
    assert_eq!(
        stats,
        TttBatchStats { moves: 901, a_wins: once.a_wins + 2, b_wins: once.b_wins + 3, draws: once.draws + 4 }
    );
    // Exactly one game in each lane ends by the 9th move at the latest; the 100 lanes end at
    // least 100 games.
    assert!(once.a_wins + once.b_wins + once.draws >= 100);
}

/// Chi-square of observed counts against expected ones.
fn chi_square(observed: &[u64], expected: &[f64]) -> f64 {
    observed.iter().zip(expected).map(|(&o, &e)| (o as f64 - e).powi(2) / e).sum()
}

/// A bound that a chi-square with `df` degrees of freedom passes but for odds far below one in
/// a million: the mean plus eight standard deviations.
fn generous(df: usize) -> f64 {
    df as f64 + 8.0 * (2.0 * df as f64).sqrt()
}

/// The first two moves of random self-play from empty boards are uniform over the 72 ordered
/// pairs of cells on 3×3, the first is uniform over 225 cells on 15×15, the second and third
/// over the 80 cells left on 9×9 after a step took the centre; the outcomes of
/// whole random 3×3 games follow their exact odds (computed here by walking the game tree).
#[test]
fn random_moves_are_uniform() {
    let count = 72_000;
    let b = Batch::new(3, 3, 3, count, 99);
    b.random_moves(2, 0);
    let obs = b.observe(count * 18);
    let mut pairs = vec![0u64; 81];
    for g in obs.chunks(18) {
        // X to move again: plane 0 holds X's stone, plane 1 O's.
        let x = g[..9].iter().position(|&v| v == 1).unwrap();
        let o = g[9..].iter().position(|&v| v == 1).unwrap();
        pairs[x * 9 + o] += 1;
    }
    let observed: Vec<u64> = (0..81).filter(|p| p / 9 != p % 9).map(|p| pairs[p]).collect();
    assert!((0..9).all(|c| pairs[c * 9 + c] == 0));
    let chi = chi_square(&observed, &[count as f64 / 72.0; 72]);
    assert!(chi < generous(71), "3x3 first two moves: chi-square {chi:.1} over 71 degrees of freedom");

    let count = 45_000;
    let b = Batch::new(15, 15, 5, count, 3);
    b.random_moves(1, 0);
    let obs = b.observe(count * 450);
    let mut first = vec![0u64; 225];
    for g in obs.chunks(450) {
        first[g[225..].iter().position(|&v| v == 1).unwrap()] += 1;
    }
    let chi = chi_square(&first, &[count as f64 / 225.0; 225]);
    assert!(chi < generous(224), "15x15 first move: chi-square {chi:.1} over 224 degrees of freedom");

    // Past the first move on boards kept as lines, whose random moves take the j-th cell of a
    // list of the empty cells that every move reorders: after X takes the centre of 9 x 9 by
    // a step, O's random reply is uniform over the other 80 cells, and so is X's next stone.
    let count = 40_000;
    let b = Batch::new(9, 9, 5, count, 5);
    b.step(&vec![40; count]).unwrap();
    for player in ["O", "X"] {
        b.random_moves(1, 0);
        let mut cells = vec![0u64; 81];
        for g in b.observe(count * 162).chunks(162) {
            // Plane 1: the stones of the player who just moved, the new one off the centre.
            cells[(0..81).find(|&c| g[81 + c] == 1 && c != 40).unwrap()] += 1;
        }
        assert_eq!(cells[40], 0);
        let observed: Vec<u64> = (0..81).filter(|&c| c != 40).map(|c| cells[c]).collect();
        let chi = chi_square(&observed, &[count as f64 / 80.0; 80]);
        assert!(chi < generous(79), "9x9, {player}'s first random move: chi-square {chi:.1}");
    }

    let odds = outcome_odds(&Game::new(Rules::new(3, 3, 3).unwrap()).unwrap(), 1.0);
    let b = Batch::new(3, 3, 3, 20_000, 11);
    let s = b.random_moves(90, 0);
    let ended = (s.a_wins + s.b_wins + s.draws) as f64;
    let expected: Vec<f64> = odds.iter().map(|p| p * ended).collect();
    let chi = chi_square(&[s.a_wins, s.b_wins, s.draws], &expected);
    assert!(chi < generous(2), "3x3 outcomes {s:?} against odds {odds:?}: chi-square {chi:.1}");
}

/// The odds that uniformly random play from `game` ends in a win for X, for O, a draw.
fn outcome_odds(game: &Game, p: f64) -> [f64; 3] {
    match game.outcome() {
        Outcome::Won(tictactoe::Player::X) => return [p, 0.0, 0.0],
        Outcome::Won(tictactoe::Player::O) => return [0.0, p, 0.0],
        Outcome::Draw => return [0.0, 0.0, p],
        Outcome::Pending => {}
    }
    let moves: Vec<_> = game.legal_moves().collect();
    let each = p / moves.len() as f64;
    moves.iter().fold([0.0; 3], |acc, m| {
        let mut next = game.clone();
        next.play(m.row, m.col).unwrap();
        let o = outcome_odds(&next, each);
        [acc[0] + o[0], acc[1] + o[1], acc[2] + o[2]]
    })
}

/// The C contract: NULLs, bad sizes and counts, too small buffers; nothing written on failure.
#[test]
fn c_contract() {
    let mut out = null_mut();
    unsafe {
        assert_eq!(ttt_batch_new(3, 3, 3, 0, 0, &mut out), TTT_INVALID_ARGUMENT);
        assert_eq!(ttt_batch_new(3, 3, 4, 1, 0, &mut out), TTT_INVALID_ARGUMENT);
        assert_eq!(ttt_batch_new(0, 3, 3, 1, 0, &mut out), TTT_INVALID_ARGUMENT);
        assert_eq!(ttt_batch_new(3, 3, 3, 1, 0, null_mut()), TTT_NULL_POINTER);
        assert_eq!(ttt_batch_new(8193, 8193, 5, 1, 0, &mut out), TTT_TOO_LARGE);
        // 4096 x 4096 takes 4 MiB a game: a thousand fit in 4 GiB, 1100 do not.
        assert_eq!(ttt_batch_new(4096, 4096, 5, 1100, 0, &mut out), TTT_TOO_LARGE);
        assert_eq!(ttt_batch_new(3, 3, 3, usize::MAX, 0, &mut out), TTT_TOO_LARGE);
        // 8 bytes a game on 3 x 3 (4, and 4 more once stepped), 16 on 4 x 4.
        assert_eq!(ttt_batch_new(3, 3, 3, (1 << 29) + 1, 0, &mut out), TTT_TOO_LARGE);
        assert_eq!(ttt_batch_new(4, 4, 4, (1 << 28) + 1, 0, &mut out), TTT_TOO_LARGE);
        assert!(out.is_null(), "nothing written on failure");
        ttt_batch_free(null_mut());
    }
    let b = Batch::new(2, 3, 2, 4, 0);
    let mut buf = [5u8; 64];
    let mut stats = TttBatchStats::default();
    let mut bad = 77usize;
    let actions = [0u32, 1, 2, 3];
    unsafe {
        assert_eq!(ttt_batch_reset(null_mut()), TTT_NULL_POINTER);
        assert_eq!(ttt_batch_set_threads(null_mut(), 2), TTT_NULL_POINTER);
        assert_eq!(ttt_batch_observe(null_mut(), buf.as_mut_ptr(), 64), TTT_NULL_POINTER);
        assert_eq!(ttt_batch_observe(b.0, null_mut(), 64), TTT_NULL_POINTER);
        assert_eq!(ttt_batch_observe(b.0, buf.as_mut_ptr(), 47), TTT_BUFFER_TOO_SMALL);
        assert_eq!(ttt_batch_legal_mask(null_mut(), buf.as_mut_ptr(), 64), TTT_NULL_POINTER);
        assert_eq!(ttt_batch_legal_mask(b.0, null_mut(), 64), TTT_NULL_POINTER);
        assert_eq!(ttt_batch_legal_mask(b.0, buf.as_mut_ptr(), 23), TTT_BUFFER_TOO_SMALL);
        assert!(buf.iter().all(|&v| v == 5));
        assert_eq!(
            ttt_batch_step(null_mut(), actions.as_ptr(), 4, buf.as_mut_ptr(), &mut bad),
            TTT_NULL_POINTER
        );
        assert_eq!(ttt_batch_step(b.0, std::ptr::null(), 4, buf.as_mut_ptr(), &mut bad), TTT_NULL_POINTER);
        assert_eq!(ttt_batch_step(b.0, actions.as_ptr(), 4, null_mut(), &mut bad), TTT_NULL_POINTER);
        assert_eq!(
            ttt_batch_step(b.0, actions.as_ptr(), 3, buf.as_mut_ptr(), &mut bad),
            TTT_INVALID_ARGUMENT
        );
        assert_eq!(
            ttt_batch_step(b.0, actions.as_ptr(), 5, buf.as_mut_ptr(), &mut bad),
            TTT_INVALID_ARGUMENT
        );
        assert_eq!(bad, 77);
        assert!(buf.iter().all(|&v| v == 5));
        assert_eq!(ttt_batch_random_moves(null_mut(), 1, 1, &mut stats), TTT_NULL_POINTER);
        assert_eq!(ttt_batch_random_moves(b.0, 1, 1, null_mut()), TTT_NULL_POINTER);
        assert_eq!(stats, TttBatchStats::default());
        let mut g = null_mut();
        assert_eq!(ttt_batch_game(b.0, 4, &mut g), TTT_INVALID_ARGUMENT);
        assert_eq!(ttt_batch_game(null_mut(), 0, &mut g), TTT_NULL_POINTER);
        assert_eq!(ttt_batch_game(b.0, 0, null_mut()), TTT_NULL_POINTER);
        assert!(g.is_null());
        // A bad index may be left out.
        let off = [0u32, 1, 6, 3];
        assert_eq!(ttt_batch_step(b.0, off.as_ptr(), 4, buf.as_mut_ptr(), null_mut()), TTT_OUT_OF_BOUNDS);
        // Exact capacities are enough.
        assert_eq!(ttt_batch_observe(b.0, buf.as_mut_ptr(), 48), TTT_OK);
        assert_eq!(ttt_batch_legal_mask(b.0, buf.as_mut_ptr(), 24), TTT_OK);
    }
    // On 2 x 3 with k = 2, X's second stone next to the first wins; reset empties every game.
    assert_eq!(b.step(&[0, 0, 0, 0]), Ok(vec![0; 4]));
    assert_eq!(b.step(&[3, 3, 3, 3]), Ok(vec![0; 4]));
    assert_eq!(b.step(&[0, 1, 2, 3]), Err((TTT_CELL_OCCUPIED, 0)));
    assert_eq!(b.step(&[1, 1, 5, 4]), Ok(vec![1, 1, 0, 1]));
    assert_eq!(b.game(0).move_count(), 0);
    assert_eq!(b.game(2).move_count(), 3);
    assert_eq!(unsafe { ttt_batch_reset(b.0) }, TTT_OK);
    assert_eq!(b.legal_mask(24), vec![1; 24]);
}

/// Every entry point on small batches of each representation (a few games, a few calls):
/// small enough for Miri, which runs this test and `c_contract` (tests/miri.sh). The board of
/// up to 9 cells is 1 × 4, whose table of positions Miri builds in a moment (3 × 3's takes it
/// minutes; the FFI layer Miri is there for is the same for every shape).
#[test]
fn every_entry_point_on_small_batches() {
    for (rows, cols, k) in [(1, 4, 3), (3, 4, 3), (9, 8, 5)] {
        let cells = (rows * cols) as usize;
        let b = Batch::new(rows, cols, k, 3, 1);
        b.set_threads(2);
        let s = b.random_moves(4, 2);
        assert_eq!(s.moves, 12);
        let mask = b.legal_mask(3 * cells);
        let obs = b.observe(3 * 2 * cells);
        for (i, (g, m)) in obs.chunks(2 * cells).zip(mask.chunks(cells)).enumerate() {
            let stones = b.game(i).to_string().bytes().filter(|&c| c == b'X' || c == b'O').count() - 1;
            assert_eq!(g.iter().filter(|&&v| v == 1).count(), stones, "game {i}");
            assert_eq!(m.iter().filter(|&&v| v == 1).count(), cells - stones, "game {i}");
        }
        let actions: Vec<u32> =
            mask.chunks(cells).map(|m| m.iter().position(|&v| v == 1).unwrap() as u32).collect();
        assert!(b.step(&actions).is_ok());
        assert_eq!(b.step(&[cells as u32, 0, 0]), Err((TTT_OUT_OF_BOUNDS, 0)));
        assert_eq!(unsafe { ttt_batch_reset(b.0) }, TTT_OK);
        assert_eq!(b.legal_mask(3 * cells), vec![1; 3 * cells]);
    }
}
