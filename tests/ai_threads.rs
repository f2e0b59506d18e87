//! The exact solver on threads (`ai::solve_threads`, `ttt_game_best_move_threads`): the same
//! scores as on one thread from positions big enough to be split (drawn, won and lost ones),
//! a move that has that score, and the C entry point's contract.

mod common;

use common::{c_from_text as from_text, c_text as text};
use tictactoe::ai::{self, Budget};
use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;
use tictactoe::{Error, Game, Outcome, Rules};

/// A game of `rows`, `cols`, `k` after `moves` (row, col).
fn game(rows: u32, cols: u32, k: u32, moves: &[(u32, u32)]) -> Game {
    let mut game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
    for &(r, c) in moves {
        assert_eq!(game.play(r, c).unwrap(), Outcome::Pending);
    }
    game
}

/// The score of `game`'s move (row, col) for the side that makes it, by the one-thread solver.
fn score_of_move(game: &Game, row: u32, col: u32) -> i32 {
    let mut after = game.try_clone().unwrap();
    match after.play(row, col).unwrap() {
        Outcome::Won(_) => 1,
        Outcome::Draw => 0,
        Outcome::Pending => match ai::best_move(&after).unwrap().score {
            s if s > 0 => -(s + 1),
            s if s < 0 => 1 - s,
            _ => 0,
        },
    }
}

/// Positions past the one-thread look the split solver starts with: the threads give the
/// one-thread score, and a move with that score, whatever their number.
#[test]
#[cfg_attr(miri, ignore = "seconds of search under the interpreter")]
fn threads_give_the_one_thread_scores() {
    let positions = [
        game(5, 5, 4, &[]),               // a draw
        game(5, 5, 4, &[(0, 0)]),         // a draw, the opponent to move
        game(5, 5, 4, &[(1, 2), (0, 0)]), // a draw with fewer symmetries
        game(5, 6, 4, &[]),               // a win in 11
        game(5, 6, 4, &[(2, 2)]),         // a loss
        game(4, 7, 4, &[(1, 3)]),         // a draw
    ];
    for game in &positions {
        let one = ai::solve(game, Budget::nodes(1 << 26)).unwrap();
        for threads in [2, 3, 0] {
            let got = ai::solve_threads(game, Budget::nodes(1 << 26), threads).unwrap();
            assert_eq!(got.score, one.score, "{game} on {threads} threads");
            assert_eq!(score_of_move(game, got.row, got.col), one.score, "the move {got:?} of {game}");
        }
    }
}

/// One thread is `ai::solve`; boards past the bitboard solver are solved on one thread; the
/// errors are those of `ai::solve`.
#[test]
fn one_thread_and_big_boards_and_errors() {
    let small = game(4, 4, 3, &[(1, 1)]);
    let budget = Budget::nodes(1 << 20);
    assert_eq!(ai::solve_threads(&small, budget, 1), ai::solve(&small, budget));
    let mut big = Game::new(Rules::new(9, 9, 9).unwrap()).unwrap(); // a pairing by rule
    big.play(4, 4).unwrap();
    assert_eq!(ai::solve_threads(&big, budget, 4), ai::solve(&big, budget));
    let hard = game(7, 7, 5, &[]);
    assert_eq!(ai::solve_threads(&hard, Budget::nodes(1 << 17), 2), Err(Error::TooHard));
    assert_eq!(ai::solve_threads(&hard, Budget::limits(0, None), 2), Err(Error::InvalidArgument));
    let mut over = game(3, 3, 3, &[(0, 0), (1, 0), (0, 1), (1, 1)]);
    assert_eq!(over.play(0, 2).unwrap(), Outcome::Won(tictactoe::Player::X));
    assert_eq!(ai::solve_threads(&over, budget, 2), Err(Error::GameOver));
}

/// `ttt_game_best_move_threads` answers the score of `ttt_game_best_move_within` on any number
/// of threads; on failure it writes nothing; the game never changes.
#[test]
#[cfg_attr(miri, ignore = "seconds of search under the interpreter")]
fn c_best_move_threads_contract() {
    for t in ["3,3,3:X.O/.X./...:O", "4,4,4:X.../..../..../....:O", "5,5,4:...../...../...../...../.....:X"] {
        let game = from_text(t);
        let (mut row, mut col, mut score) = (0, 0, 0);
        let status = unsafe { ttt_game_best_move_within(game, 1 << 26, 0, &mut row, &mut col, &mut score) };
        assert_eq!(status, TTT_OK, "{t}");
        for threads in [0, 1, 2, 7] {
            let (mut r, mut c, mut s) = (99, 99, 99);
            let status =
                unsafe { ttt_game_best_move_threads(game, 1 << 26, 0, threads, &mut r, &mut c, &mut s) };
            assert_eq!((status, s), (TTT_OK, score), "{t} on {threads}");
            assert!(r < 5 && c < 5, "{t}: {r} {c}");
        }
        assert_eq!(text(game), t, "the game must not change");
        unsafe { ttt_game_free(game) };
    }
    let open = from_text("7,7,5:......./......./......./......./......./......./.......:X");
    let over = from_text("3,3,3:XXX/OO./...:O");
    for (game, max_nodes, max_millis, want) in [
        (open, 1 << 17, 0, TTT_TOO_HARD),
        (open, 0, 30, TTT_TOO_HARD),
        (open, 0, 0, TTT_INVALID_ARGUMENT),
        (over, 1 << 20, 0, TTT_GAME_OVER),
    ] {
        let (mut r, mut c, mut s) = (77, 77, 77);
        let status =
            unsafe { ttt_game_best_move_threads(game, max_nodes, max_millis, 2, &mut r, &mut c, &mut s) };
        assert_eq!((status, r, c, s), (want, 77, 77, 77), "{max_nodes} {max_millis}");
    }
    let (mut r, mut c, mut s) = (0, 0, 0);
    let null = std::ptr::null_mut();
    let nulls = [
        unsafe { ttt_game_best_move_threads(std::ptr::null(), 1, 0, 2, &mut r, &mut c, &mut s) },
        unsafe { ttt_game_best_move_threads(open, 1, 0, 2, null, &mut c, &mut s) },
        unsafe { ttt_game_best_move_threads(open, 1, 0, 2, &mut r, null, &mut s) },
        unsafe { ttt_game_best_move_threads(open, 1, 0, 2, &mut r, &mut c, std::ptr::null_mut()) },
    ];
    assert_eq!(nulls, [TTT_NULL_POINTER; 4]);
    unsafe { ttt_game_free(open) };
    unsafe { ttt_game_free(over) };
}

/// The known values of the biggest boards on threads: 6,7,5 and 7,7,5 are draws (seconds to a
/// minute; run with `--ignored`).
#[test]
#[ignore = "seconds to a minute"]
fn known_draws_on_threads() {
    for (rows, cols, budget) in [(6, 7, 1u64 << 24), (7, 7, 1 << 28)] {
        let game = game(rows, cols, 5, &[]);
        assert_eq!(ai::solve_threads(&game, Budget::nodes(budget), 0).unwrap().score, 0, "{rows},{cols},5");
    }
}

/// `ai::wins_within` answers what the sign of `ai::solve`'s score says, for either player,
/// on random positions of small boards and on a board past the bitboard solver.
#[test]
#[cfg_attr(miri, ignore = "thousands of solves")]
fn wins_within_agrees_with_the_score() {
    use tictactoe::Player;
    let mut rng = common::Rng(32);
    let budget = Budget::nodes(1 << 22);
    let mut seen = [0; 3];
    for (rows, cols, k) in [(3, 3, 3), (3, 4, 3), (4, 4, 3), (4, 4, 4), (4, 5, 4), (9, 9, 9)] {
        for _ in 0..20 {
            let mut game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
            for _ in 0..rng.pick(game.legal_move_count().min(16) / 2 + 1) {
                let cells = common::legal_cells(&game);
                let (r, c) = common::row_col(&game.rules(), cells[rng.pick(cells.len())]);
                if game.play(r, c).unwrap() != Outcome::Pending {
                    game.undo().unwrap();
                    break;
                }
            }
            let Ok(score) = ai::solve(&game, budget).map(|s| s.score) else { continue };
            let mover = game.to_move().unwrap();
            let other = if mover == Player::X { Player::O } else { Player::X };
            assert_eq!(ai::wins_within(&game, budget, mover), Ok(score > 0), "{game}");
            assert_eq!(ai::wins_within(&game, budget, other), Ok(score < 0), "{game}");
            seen[(score.signum() + 1) as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "losses, draws, wins: {seen:?}");
    let mut over = game(3, 3, 3, &[(0, 0), (1, 0), (0, 1), (1, 1)]);
    over.play(0, 2).unwrap();
    assert_eq!(ai::wins_within(&over, budget, Player::X), Err(Error::GameOver));
    assert_eq!(ai::wins_within(&game(7, 7, 5, &[]), Budget::nodes(1000), Player::X), Err(Error::TooHard));
}

/// `ai::distinct_moves` lists one move per class of moves that the position's symmetries map
/// onto each other: on small boards, every legal move has the score of a listed one that a
/// symmetry of the position maps it to, and no two listed moves are so related.
#[test]
#[cfg_attr(miri, ignore = "hundreds of solves")]
fn distinct_moves_cover_every_move_once() {
    assert_eq!(ai::distinct_moves(&game(7, 7, 5, &[])).unwrap().len(), 10);
    assert_eq!(
        ai::distinct_moves(&game(3, 3, 3, &[])).unwrap(),
        [(1, 1), (0, 1), (0, 0)].map(|(r, c)| tictactoe::Move::new(r, c))
    );
    assert_eq!(ai::distinct_moves(&game(4, 5, 4, &[])).unwrap().len(), 6);
    assert_eq!(ai::distinct_moves(&game(3, 3, 3, &[(0, 1)])).unwrap().len(), 5); // the mirror stays
    assert_eq!(ai::distinct_moves(&game(3, 3, 3, &[(0, 0), (2, 2)])).unwrap().len(), 4); // the diagonal
    assert_eq!(ai::distinct_moves(&game(4, 4, 4, &[(0, 1), (2, 3)])).unwrap().len(), 14); // none
    assert_eq!(ai::distinct_moves(&game(20, 20, 5, &[])).unwrap().len(), 400); // past the bitboard
    for (rows, cols, k, moves) in
        [(3, 3, 3, &[][..]), (3, 3, 3, &[(1, 1)]), (4, 4, 3, &[(0, 0)]), (3, 4, 3, &[(1, 0)])]
    {
        let game = game(rows, cols, k, moves);
        let listed = ai::distinct_moves(&game).unwrap();
        let score = |m: &tictactoe::Move| score_of_move(&game, m.row, m.col);
        let listed_scores: Vec<i32> = listed.iter().map(score).collect();
        for m in game.legal_moves() {
            assert!(listed_scores.contains(&score(&m)), "{m:?} of {game}");
        }
        let mut unique = listed.clone();
        unique.dedup();
        assert_eq!(unique.len(), listed.len());
    }
}
