//! The exact solver against a plain minimax written here: every reachable non-terminal 3×3
//! position (value and the full set of optimal moves), samples of other small boards, the known
//! values of m,n,k-games from the empty board, and the C entry points' contract.

use std::collections::HashSet;

mod common;

use common::minimax::{best_of, is_optimal_set, Reference};

use common::by_cell::{best_move, optimal_moves, optimal_moves_within, solve};
use common::{c_from_text as from_text, c_text as text};
use tictactoe::ai::Budget;
use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;
use tictactoe::{Error, Game, Outcome, Rules};

/// The plain minimax of `common::minimax` for `rules`.
fn reference(rules: Rules) -> Reference {
    Reference::new(rules.rows(), rules.cols(), rules.k())
}

/// Checks `best_move` and `optimal_moves` on `game` against the reference.
fn check(reference: &mut Reference, game: &Game) {
    let mover = game.to_move().unwrap().number() as u8;
    let mut cells = common::cells_of(game);
    let scores = reference.move_scores(&mut cells, mover);
    let best = best_of(&scores);
    let got = best_move(game).unwrap();
    assert_eq!(got.score, best, "score of {}", game);
    assert!(scores.contains(&(got.cell, best)), "move {} of {} is not optimal", got.cell, game);
    assert_eq!(optimal_moves(game).unwrap(), is_optimal_set(&scores, best), "optimal moves of {}", game);
}

/// Every reachable non-terminal position from `game` on, once each.
fn reachable(game: &mut Game, seen: &mut HashSet<Vec<u8>>, out: &mut Vec<Game>) {
    if game.outcome() != Outcome::Pending || !seen.insert(common::cells_of(game)) {
        return;
    }
    out.push(game.try_clone().unwrap());
    let rules = game.rules();
    for cell in common::legal_cells(game) {
        let (r, c) = common::row_col(&rules, cell);
        game.play(r, c).unwrap();
        reachable(game, seen, out);
        game.undo().unwrap();
    }
}

fn positions(rows: u32, cols: u32, k: u32) -> Vec<Game> {
    let mut out = Vec::new();
    reachable(&mut Game::new(Rules::new(rows, cols, k).unwrap()).unwrap(), &mut HashSet::new(), &mut out);
    out
}

/// Every reachable non-terminal position of games that player 2 opened (`move_as` on the empty
/// board), once each.
fn positions_player_two_first(rows: u32, cols: u32, k: u32) -> Vec<Game> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let rules = Rules::new(rows, cols, k).unwrap();
    for cell in 0..rules.cells() {
        let mut game = Game::new(rules).unwrap();
        let (r, c) = common::row_col(&rules, cell);
        game.move_as(r, c, tictactoe::Player::O).unwrap();
        reachable(&mut game, &mut seen, &mut out);
    }
    out
}

#[test]
fn every_3x3_position_matches_plain_minimax() {
    let games = positions(3, 3, 3);
    assert_eq!(games.len(), 4520);
    let mut reference = reference(Rules::new(3, 3, 3).unwrap());
    for game in &games {
        check(&mut reference, game);
    }
}

/// The bitboard solver (not the 3,3,3 table) on every reachable position of small boards, and
/// on a sample of 3×4 k=3 positions.
#[test]
fn small_boards_match_plain_minimax() {
    for (rows, cols, k, step) in [(3, 3, 2, 1), (2, 4, 3, 1), (4, 2, 2, 1), (1, 7, 3, 1), (3, 4, 3, 97)] {
        let mut reference = reference(Rules::new(rows, cols, k).unwrap());
        for game in positions(rows, cols, k).iter().step_by(step) {
            check(&mut reference, game);
        }
    }
}

/// A game where player 2 made the first move is solved for the side to move too.
#[test]
fn player_two_opening_is_solved_for_the_side_to_move() {
    let mut game = Game::new(Rules::new(3, 3, 3).unwrap()).unwrap();
    game.move_as(0, 0, tictactoe::Player::O).unwrap();
    check(&mut reference(game.rules()), &game);
    assert_eq!(game.to_move(), Some(tictactoe::Player::X));
}

/// Every position of games player 2 opened, played and reloaded from text: the 3,3,3 table and
/// the bitboard solver must both solve for the side to move, not for "X moved first".
#[test]
fn every_player_two_opening_position_matches_plain_minimax() {
    // (The empty board is left out: its side to move is player 1 again.)
    for (rows, cols, k, count) in [(3, 3, 3, 4519), (2, 4, 3, 1860), (3, 3, 2, 373), (1, 7, 3, 650)] {
        let games = positions_player_two_first(rows, cols, k);
        assert_eq!(games.len(), count, "{rows},{cols},{k}");
        let mut reference = reference(Rules::new(rows, cols, k).unwrap());
        for game in &games {
            assert_eq!(game.first_player(), tictactoe::Player::O);
            check(&mut reference, game);
            check(&mut reference, &game.to_string().parse::<Game>().unwrap());
        }
    }
    // The text of an empty board may name player 2 to open: solved for player 2.
    let game = "3,4,3:..../..../....:O".parse::<Game>().unwrap();
    assert_eq!(game.to_move(), Some(tictactoe::Player::O));
    check(&mut reference(game.rules()), &game);
}

/// Games loaded from text (no history) are solved like the played ones.
#[test]
fn games_loaded_from_text_match_plain_minimax() {
    for (rows, cols, k, step) in [(3, 3, 3, 1), (2, 4, 3, 1), (3, 4, 3, 53)] {
        let mut reference = reference(Rules::new(rows, cols, k).unwrap());
        for game in positions(rows, cols, k).iter().step_by(step) {
            check(&mut reference, &game.to_string().parse::<Game>().unwrap());
        }
    }
}

/// One-row and one-column boards, every k, every position.
#[test]
fn single_lines_match_plain_minimax() {
    for n in 1..=7 {
        for k in 1..=n {
            for (rows, cols) in [(1, n), (n, 1)] {
                let mut reference = reference(Rules::new(rows, cols, k).unwrap());
                for game in positions(rows, cols, k) {
                    check(&mut reference, &game);
                }
            }
        }
    }
}

/// The solver's steps per move when a position generator follows it: enough for the built
/// pairings and for small endgames, while an early position of a big board that needs the whole
/// default budget to give up costs little.
const FOLLOW_STEPS: u64 = 1 << 14;

/// A late position on `rules`: stones placed where they complete no line until `empty_at_end`
/// cells are empty, `opener` moving first: the solver's cell `follow_best` percent of the time
/// when it answers with one within [`FOLLOW_STEPS`], else at random. `None` when no quiet cell
/// is left.
fn late_position(
    rng: &mut common::Rng,
    rules: Rules,
    empty_at_end: usize,
    opener: tictactoe::Player,
    follow_best: u64,
) -> Option<Game> {
    let mut game = Game::new(rules).unwrap();
    while rules.cells() - game.move_count() > empty_at_end {
        // The cells where the side to move does not complete a line.
        let quiet: Vec<usize> = common::legal_cells(&game)
            .into_iter()
            .filter(|&cell| {
                let mut probe = game.try_clone().unwrap();
                let (r, c) = common::row_col(&rules, cell);
                probe.play(r, c).unwrap() == Outcome::Pending
            })
            .collect();
        if quiet.is_empty() {
            return None;
        }
        let mut cell = quiet[rng.pick(quiet.len())];
        if rng.below(100) < follow_best {
            if let Ok(best) = solve(&game, Budget::nodes(FOLLOW_STEPS)) {
                cell = if quiet.contains(&best.cell) { best.cell } else { cell };
            }
        }
        let (r, c) = common::row_col(&rules, cell);
        if game.move_count() == 0 {
            game.move_as(r, c, opener).unwrap();
        } else {
            game.play(r, c).unwrap();
        }
    }
    Some(game)
}

/// Checks `count` late positions with 2..=`most_empty` empty cells on each shape, either
/// player opening; every other one reloaded from text (no history).
fn check_late_positions(seed: u64, shapes: &[(u32, u32, u32)], most_empty: usize, count: usize) {
    check_late_positions_played(seed, shapes, 2..=most_empty, count, 0);
}

/// `check_late_positions` with `empty` empty cells and positions played as `late_position`
/// does with `follow_best`.
fn check_late_positions_played(
    seed: u64,
    shapes: &[(u32, u32, u32)],
    empty: std::ops::RangeInclusive<usize>,
    count: usize,
    follow_best: u64,
) {
    let mut rng = common::Rng(seed);
    for &(rows, cols, k) in shapes {
        let rules = Rules::new(rows, cols, k).unwrap();
        let mut reference = reference(rules);
        let mut checked = 0;
        while checked < count {
            let empty_at_end = empty.start() + rng.pick(empty.end() - empty.start() + 1);
            let opener = if rng.below(2) == 0 { tictactoe::Player::X } else { tictactoe::Player::O };
            let Some(mut game) = late_position(&mut rng, rules, empty_at_end, opener, follow_best) else {
                continue;
            };
            if checked % 2 == 1 {
                game = game.to_string().parse::<Game>().unwrap();
            }
            check(&mut reference, &game);
            reference.memo.clear();
            checked += 1;
        }
    }
}

/// Late positions on the boards that fill the solver's 64-bit layout exactly (rows x (cols + 1)
/// = 64) and on some others, with either player to move.
#[test]
fn boards_that_fill_the_bitboard_match_plain_minimax() {
    let shapes = [
        (8, 7, 5),
        (8, 7, 4),
        (4, 15, 5),
        (2, 31, 4),
        (16, 3, 3),
        (32, 1, 3),
        (1, 63, 4),
        (5, 5, 4),
        (6, 6, 5),
    ];
    check_late_positions(2024, &shapes, 9, 12);
}

/// Boards that fit the bitboard only when transposed (20 x 3 does not, 3 x 20 does): solved on
/// the transpose, answers mapped back to the game's cells.
#[test]
#[cfg_attr(miri, ignore)] // plain minimax on positions with up to 10 empty cells
fn boards_that_fit_only_transposed_match_plain_minimax() {
    let shapes = [(20, 3, 3), (63, 1, 4), (13, 4, 4), (11, 5, 4), (15, 4, 4), (31, 2, 4), (20, 3, 20)];
    check_late_positions(2026, &shapes, 10, 8);
}

/// `game` with rows and columns swapped: the same stones, side to move and starter.
fn transposed(game: &Game) -> Game {
    let rules = game.rules();
    let mut board = String::new();
    for col in 0..rules.cols() {
        for row in 0..rules.rows() {
            board.push(match game.cell(row, col).unwrap() {
                None => '.',
                Some(p) => p.to_string().chars().next().unwrap(),
            });
        }
        board.push('/');
    }
    board.pop();
    let text = game.to_string();
    let turn = text.rsplit(':').next().unwrap();
    let flipped = format!("{},{},{}:{board}:{turn}", rules.cols(), rules.rows(), rules.k());
    flipped.parse::<Game>().unwrap()
}

/// A board and its transpose get the same answers, cell for cell, from the empty board on
/// (where no plain minimax reaches): before, a board that fit only transposed was refused
/// with more than 18 empty cells.
#[test]
#[cfg_attr(miri, ignore)] // solves from the empty board
fn a_board_and_its_transpose_get_the_same_answers() {
    let mut rng = common::Rng(7);
    let (mut compared, mut listed) = (0, 0);
    let early: &[usize] = &[0, 1, 3, 6];
    let late: &[usize] = &[30, 36, 40]; // 4 x 13 and 5 x 11 are too hard for the default budget
    let shapes = [
        (20, 3, 3, early),
        (63, 1, 2, early),
        (63, 1, 4, early),
        (31, 2, 3, early),
        (13, 4, 4, late),
        (11, 5, 4, late),
    ];
    for (rows, cols, k, counts) in shapes {
        let rules = Rules::new(rows, cols, k).unwrap();
        for &stones in counts {
            let opener = if stones % 2 == 0 { tictactoe::Player::X } else { tictactoe::Player::O };
            let Some(game) = late_position(&mut rng, rules, rules.cells() - stones, opener, 0) else {
                continue;
            };
            let wide = transposed(&game);
            let flip = |cell: usize| {
                let (r, c) = common::row_col(&rules, cell);
                c as usize * rows as usize + r as usize
            };
            let (tall, wide_best) = (best_move(&game).unwrap(), best_move(&wide).unwrap());
            assert_eq!(tall.score, wide_best.score, "score of {}", game);
            // Listing every optimal move can need more than the budget: then both are TooHard.
            let optimal = optimal_moves(&game).map(|cells| {
                let mut cells: Vec<usize> = cells.into_iter().map(flip).collect();
                cells.sort_unstable();
                cells
            });
            assert_eq!(optimal, optimal_moves(&wide), "optimal moves of {}", game);
            if let Ok(optimal) = optimal {
                assert!(optimal.contains(&flip(tall.cell)), "best move of {}", game);
                listed += 1;
            }
            compared += 1;
        }
    }
    assert!(compared >= 20 && listed * 2 >= compared, "{listed} of {compared} optimal sets listed");
}

/// Boards where the solver bounds values with a pairing strategy (each side can stop the
/// other): every reachable position of small ones, late positions of bigger ones.
#[test]
#[cfg_attr(miri, ignore)] // plain minimax on positions with up to 12 empty cells
fn boards_with_a_pairing_strategy_match_plain_minimax() {
    for (rows, cols, k) in [(3, 4, 4), (4, 3, 4), (2, 6, 4)] {
        let mut reference = reference(Rules::new(rows, cols, k).unwrap());
        for game in positions(rows, cols, k) {
            check(&mut reference, &game);
        }
    }
    let shapes = [(5, 5, 5), (6, 6, 6), (7, 7, 7), (8, 7, 7), (7, 8, 8), (1, 63, 5), (6, 8, 6), (3, 5, 4)];
    check_late_positions(99, &shapes, 12, 12);
}

/// Positions with enough empty cells for the solver to look for a pairing of what each side
/// can still fill (12 and more), on shapes with no pairing of the whole board.
#[test]
#[cfg_attr(miri, ignore)] // plain minimax on positions with up to 13 empty cells
fn positions_early_enough_for_a_pairing_of_what_is_left_match_plain_minimax() {
    let shapes = [(4, 4, 4), (4, 4, 3), (3, 5, 4), (5, 3, 3), (4, 5, 4), (6, 6, 5), (5, 6, 4)];
    check_late_positions_played(12, &shapes, 12..=13, 6, 0);
    // Where the side to move cannot win but may lose, a draw is only an upper bound: these
    // catch a cutoff taken outside its window.
    check_late_positions_played(12, &[(7, 7, 5)], 12..=13, 30, 0);
}

/// Boards past 64 bits, on the 128-bit solver (8 x 8 to 10 x 10, 1 x 100, 70 x 1 transposed,
/// 3 x 30), and past 128 bits, on the endgame search once at most 18 cells are empty (12 x 11,
/// 12 x 12, 2 x 70), checked here with up to 10 empty cells, for the reference's sake: walked
/// lines, tallied lines and both, square and thin.
#[test]
#[cfg_attr(miri, ignore)] // plain minimax on big boards
fn late_positions_beyond_the_bitboard_match_plain_minimax() {
    let shapes = [
        (8, 8, 8),
        (8, 8, 4),
        (9, 8, 5),
        (8, 8, 6),
        (12, 12, 12),
        (10, 7, 5),
        (1, 100, 5),
        (70, 1, 4),
        (1, 70, 3),
        (3, 30, 30),
        (8, 9, 9),
        (8, 8, 5),
        (6, 10, 5),
        (10, 10, 5),
        (12, 11, 5),
        (2, 70, 3),
    ];
    check_late_positions(77, &shapes, 10, 6);
}

/// Boards too big for the bitboard with a built pairing (n,n,n from 8 x 8; k longer than a
/// side) are proved drawn from the empty board, whatever their size, with a move near the
/// centre; with no open pair every move keeps the draw.
#[test]
#[cfg_attr(miri, ignore)] // 4096 x 4096
fn big_boards_with_a_built_pairing_are_drawn_from_the_start() {
    let shapes = [
        (8, 8, 8),
        (10, 10, 10),
        (100, 100, 100),
        (4096, 4096, 4096),
        (1, 1000, 5),
        (3, 200, 200),
        (300, 2, 3),
    ];
    for (rows, cols, k) in shapes {
        let game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
        let best = best_move(&game).unwrap();
        assert_eq!(best.score, 0, "{rows},{cols},{k}");
        let (r, c) = common::row_col(&game.rules(), best.cell);
        assert!(r.abs_diff(rows / 2) <= 1 && c.abs_diff(cols / 2) <= 1, "{rows},{cols},{k}: {r},{c}");
        if rows * cols <= 10_000 {
            let all: Vec<usize> = (0..game.rules().cells()).collect();
            assert_eq!(optimal_moves(&game).unwrap(), all, "{rows},{cols},{k}");
        }
    }
}

/// Both sides playing `best_move` on such boards: every answer is a proved draw (the reply to
/// a stone on a pair is the pair's other cell), to the end of the game, which is drawn.
#[test]
#[cfg_attr(miri, ignore)] // hundreds of moves
fn best_move_against_itself_draws_big_boards() {
    for (rows, cols, k) in [(8, 8, 8), (9, 9, 9), (12, 12, 12), (1, 100, 5), (3, 30, 30), (40, 2, 3)] {
        let mut game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
        while game.outcome() == Outcome::Pending {
            let best = best_move(&game).unwrap();
            assert_eq!(best.score, 0, "{}", game);
            let (r, c) = common::row_col(&game.rules(), best.cell);
            game.play(r, c).unwrap();
        }
        assert_eq!(game.outcome(), Outcome::Draw, "{rows},{cols},{k}");
    }
}

/// On 1 x 201 with k = 3, past the 128-bit solver (pairs (0, 1), (2, 3), ..., cell 200 on none) a stone left alone on
/// a pair is a win for its side, two cells from a double threat. So an open pair of the
/// opponent's must be answered (the proof names that cell, and cannot say which other moves
/// also hold), and a side with an open pair of its own to move is not proved drawn at all.
#[test]
fn built_pairing_proves_only_what_holds() {
    let text = |x: &[usize], o: &[usize], next: char| {
        let board: String = (0..201)
            .map(|i| {
                if x.contains(&i) {
                    'X'
                } else if o.contains(&i) {
                    'O'
                } else {
                    '.'
                }
            })
            .collect();
        format!("1,201,3:{board}:{next}").parse::<Game>().unwrap()
    };
    // O to move; X's pair (20, 21) is open, its pair (50, 51) answered.
    let game = text(&[21, 51], &[50], 'O');
    assert_eq!(best_move(&game), Ok(common::by_cell::Scored { cell: 20, score: 0 }));
    assert_eq!(optimal_moves(&game), Err(Error::TooHard));
    // X to move with its own pair (20, 21) open: X wins (20, then 19 or 22).
    let game = text(&[21, 51], &[50, 200], 'X');
    assert_eq!(best_move(&game), Err(Error::TooHard));
    assert_eq!(optimal_moves(&game), Err(Error::TooHard));
    // Both sides' stones answered: a proved draw, and every move keeps it.
    let game = text(&[21, 51], &[50, 20], 'X');
    assert_eq!(best_move(&game).map(|b| b.score), Ok(0));
    assert_eq!(optimal_moves(&game).map(|m| m.len()), Ok(197));
}

/// Late positions of those boards played mostly by `best_move`, so that pairs stay whole, or
/// one is left open, often enough for the pairing proof to be what answers: the plain minimax
/// agrees (and where the proof does not hold, the endgame search answers, checked the same).
#[test]
#[cfg_attr(miri, ignore)] // plain minimax on big boards
fn big_boards_proved_drawn_match_plain_minimax() {
    let shapes = [(8, 8, 8), (9, 9, 9), (1, 100, 5), (3, 30, 30), (40, 2, 3)];
    check_late_positions_played(7, &shapes, 2..=10, 12, 85);
}

/// Beyond the bitboard, threats on a 1 x 70 board with k = 3 in the pattern XXOO...: a side
/// facing two threats it cannot both block loses in two plies, and a side that can make two
/// threats at once wins in three (its move, the block, the other threat).
#[test]
fn double_threats_beyond_the_bitboard() {
    let position = |empty: &[usize], x: &[usize], o: &[usize], next: char| {
        let mut cells: Vec<u8> = (0..70).map(|i| if i % 4 < 2 { b'X' } else { b'O' }).collect();
        empty.iter().for_each(|&i| cells[i] = b'.');
        x.iter().for_each(|&i| cells[i] = b'X');
        o.iter().for_each(|&i| cells[i] = b'O');
        let text = format!("1,70,3:{}:{next}", String::from_utf8(cells).unwrap());
        text.parse::<Game>().unwrap()
    };
    // `.XX.X...`: O to move cannot stop both X at 0 and X at 3.
    let facing = position(&[0, 3, 66, 68, 69], &[], &[], 'O');
    // `..X..XOO...`, the last X an O: X at 1 or 3 makes two threats.
    let making = position(&[0, 1, 3, 4], &[2], &[69], 'X');
    for (game, want) in [(facing, -2), (making, 3)] {
        assert_eq!(best_move(&game).unwrap().score, want, "{}", game);
        check(&mut reference(game.rules()), &game);
    }
}

/// Past 18 empty cells a board beyond the 128-bit solver is refused at once, unless a built
/// pairing proves it drawn (11,11,7 has none).
#[test]
#[cfg_attr(miri, ignore)] // builds positions on an 8 x 8 board
fn beyond_the_bitboard_more_than_eighteen_empty_cells_is_too_hard() {
    let mut rng = common::Rng(5);
    let rules = Rules::new(11, 11, 7).unwrap();
    for empty in [19, 30, 121] {
        let game = late_position(&mut rng, rules, empty, tictactoe::Player::X, 0).unwrap();
        assert_eq!(best_move(&game), Err(tictactoe::Error::TooHard), "{empty} empty cells");
        assert_eq!(optimal_moves(&game), Err(tictactoe::Error::TooHard), "{empty} empty cells");
    }
    let game = late_position(&mut rng, rules, 14, tictactoe::Player::O, 0).unwrap();
    assert!(best_move(&game).is_ok(), "14 empty cells of an 11,11,7 board");
}

/// A nearly full 4096 x 4096 board (k = 4096, every line mixed) is solved: a draw whatever is
/// played.
#[test]
#[cfg_attr(miri, ignore)] // 16 M cells
fn a_nearly_full_4096_board_is_solved() {
    let n = 4096usize;
    // X where (c + r / 2) is even: rows, columns and both diagonals all hold both stones.
    let mut text = format!("{n},{n},{n}:");
    text.reserve(n * (n + 1) + 2);
    let mut emptied = [0, 0];
    for r in 0..n {
        for c in 0..n {
            let x = (c + r / 2) % 2 == 0;
            // Three stones of each player come off the first row, so X is to move.
            if r == 0 && emptied[usize::from(!x)] < 3 {
                emptied[usize::from(!x)] += 1;
                text.push('.');
            } else {
                text.push(if x { 'X' } else { 'O' });
            }
        }
        text.push(if r + 1 < n { '/' } else { ':' });
    }
    text.push('X');
    let game = text.parse::<Game>().unwrap();
    let best = best_move(&game).unwrap();
    assert_eq!(best.score, 0);
    assert_eq!(optimal_moves(&game).unwrap(), vec![0, 1, 2, 3, 4, 5]);
}

fn empty_board_score(rows: u32, cols: u32, k: u32) -> i32 {
    best_move(&Game::new(Rules::new(rows, cols, k).unwrap()).unwrap()).unwrap().score
}

#[test]
fn known_values_cheap() {
    assert_eq!(empty_board_score(3, 3, 3), 0);
    // Draws that a pairing strategy proves at once (the solver could not, before it had one).
    for (rows, cols, k) in [(5, 5, 5), (7, 8, 8), (8, 7, 7), (1, 63, 5)] {
        assert_eq!(empty_board_score(rows, cols, k), 0, "{rows},{cols},{k}");
    }
    assert!(empty_board_score(4, 4, 3) > 0);
    assert!(empty_board_score(3, 4, 3) > 0);
    assert!(empty_board_score(4, 3, 3) > 0);
    assert_eq!(empty_board_score(4, 4, 4), 0);
    // Tenths of a second each since the solver looks for pairings of what is left (before,
    // 5,5,4 took 0.4 s, and 6,6,5 was out of reach).
    assert_eq!(empty_board_score(4, 5, 4), 0);
    assert_eq!(empty_board_score(5, 4, 4), 0);
    assert_eq!(empty_board_score(5, 5, 4), 0);
    assert!(empty_board_score(5, 6, 4) > 0);
    assert_eq!(empty_board_score(6, 6, 5), 0);
    // Under half a second with relevance zones (1.8M steps of the default 2^24).
    assert_eq!(empty_board_score(6, 7, 5), 0);
}

/// Boards whose only lines are whole rows (or whole columns): a draw, since the second player
/// answers the first stone in each line inside that line (and the first player can do the
/// same). Settled within 100,000 steps, which the search reaches by trying blocks first on
/// boards with few windows.
#[test]
fn whole_line_boards_are_drawn_within_the_default_budget() {
    for (rows, cols, k) in [(2, 31, 31), (21, 2, 21), (3, 10, 10), (4, 7, 7), (7, 4, 7), (1, 40, 40)] {
        let game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
        assert_eq!(solve(&game, Budget::nodes(100_000)).map(|s| s.score), Ok(0), "{rows},{cols},{k}");
        assert!(optimal_moves(&game).is_ok(), "{rows},{cols},{k}");
    }
}

/// Two long columns, k = 3: drawn by pairing each column's cells two by two (every three
/// cells in a row of a column hold a whole pair), on the 64-bit and the 128-bit solver. With
/// one X stone on a column, O to move must take a neighbour of it: after any other move X
/// plays beside its stone, and the two ends of that pair are two threats. Such pairings need
/// more pairs (up to 41 here) than a pairing search usually takes steps, and the budget is the
/// default one.
#[test]
fn long_two_column_boards_are_drawn_by_pairs() {
    for rows in [20, 21, 24, 29, 30, 31, 35, 42] {
        let rules = Rules::new(rows, 2, 3).unwrap();
        let game = Game::new(rules).unwrap();
        assert_eq!(best_move(&game).map(|b| b.score), Ok(0), "empty {rows},2,3");
        // Both parities of the stone's row: one breaks the pairing from the top, one not.
        for x in [rows / 2 - 1, rows / 2] {
            let cells: Vec<&str> = (0..rows).map(|r| if r == x { "X." } else { ".." }).collect();
            let game = format!("{rows},2,3:{}:O", cells.join("/")).parse::<Game>().unwrap();
            let best = best_move(&game).unwrap();
            assert_eq!(best.score, 0, "{}", game);
            let (r, c) = common::row_col(&rules, best.cell);
            assert!(c == 0 && (r + 1 == x || r == x + 1), "{}: O at {r},{c}", game);
        }
    }
}

#[test]
#[ignore = "seconds: run with cargo test --release --test ai_solve -- --ignored"]
fn known_values_expensive() {
    // 6,5,4 is a first-player win, and a win stays one on a bigger board.
    let game = Game::new(Rules::new(7, 6, 4).unwrap()).unwrap();
    assert!(solve(&game, Budget::nodes(1 << 30)).unwrap().score > 0);
    // A draw, proved within the default budget (about 12M steps of 2^24).
    let game = Game::new(Rules::new(7, 7, 5).unwrap()).unwrap();
    assert_eq!(best_move(&game).unwrap().score, 0);
}

/// 4,9,4 is a first-player win (Charatsidis 2017): proved by the proof-number search that
/// takes over from the zone proof, within 2^28 steps (about 137M).
#[test]
#[ignore = "about 40 s: run with cargo test --release --test ai_solve -- --ignored"]
fn four_nine_four_is_a_first_player_win() {
    let game = Game::new(Rules::new(4, 9, 4).unwrap()).unwrap();
    assert_eq!(tictactoe::ai::wins_within(&game, Budget::nodes(1 << 28), tictactoe::Player::X), Ok(true));
}

#[test]
fn too_hard_and_game_over_are_errors() {
    let big = Game::new(Rules::new(15, 15, 5).unwrap()).unwrap();
    assert_eq!(best_move(&big), Err(Error::TooHard));
    let open = Game::new(Rules::new(6, 6, 5).unwrap()).unwrap();
    assert_eq!(solve(&open, Budget::nodes(1000)), Err(Error::TooHard));
    let mut over = Game::new(Rules::new(3, 3, 3).unwrap()).unwrap();
    for (r, c) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
        over.play(r, c).unwrap();
    }
    assert_eq!(best_move(&over), Err(Error::GameOver));
    assert_eq!(optimal_moves(&over), Err(Error::GameOver));
    // (A budget with no limit cannot be built in Rust; the C API refuses one, tested below.)
    assert_eq!(solve(&over, Budget::nodes(1000)), Err(Error::GameOver));
    assert_eq!(optimal_moves_within(&over, Budget::nodes(1000)), Err(Error::GameOver));
}

fn new_game(rows: u32, cols: u32, k: u32) -> *mut TttGame {
    let mut game = std::ptr::null_mut();
    assert_eq!(unsafe { ttt_game_new(rows, cols, k, &mut game) }, TTT_OK);
    game
}

/// The caller-budgeted entry points answer exactly what the default ones answer when the
/// budget suffices (a step budget, a time budget, both, a bigger one), and otherwise
/// `TTT_TOO_HARD`, with the out-pointers untouched and the game unchanged.
#[test]
fn c_budgeted_solve_contract() {
    // Under Miri only the first, from the 3x3 table: a search takes seconds there.
    let texts = [
        "3,3,3:X.O/.X./...:O".to_owned(),
        "2,4,3:X.O./....:O".to_owned(),
        "4,4,3:X.../.O../..../....:X".to_owned(),
        nine_by_nine(),
        // Too big for the bitboard solver (8 x 8): the endgame search of the last 14 cells.
        format!("8,8,4:{}XOXOXOXO/XO....../........:X", "XXOOXXOO/OOXXOOXX/".repeat(2) + "XXOOXXOO/"),
    ];
    for t in &texts[..if cfg!(miri) { 1 } else { texts.len() }] {
        let game = from_text(t);
        let (mut row, mut col, mut score) = (0, 0, 0);
        assert_eq!(unsafe { ttt_game_best_move(game, &mut row, &mut col, &mut score) }, TTT_OK, "{t}");
        let mut want_cells = [0u32; 81];
        let mut want_count = 0;
        let status = unsafe { ttt_game_optimal_moves(game, want_cells.as_mut_ptr(), 81, &mut want_count) };
        assert_eq!(status, TTT_OK, "{t}");
        for (max_nodes, max_millis) in [(TTT_SOLVE_NODES, 0), (0, 600_000), (1 << 30, 600_000), (u64::MAX, 0)]
        {
            let (mut r, mut c, mut s) = (99, 99, 99);
            let status =
                unsafe { ttt_game_best_move_within(game, max_nodes, max_millis, &mut r, &mut c, &mut s) };
            assert_eq!((status, r, c, s), (TTT_OK, row, col, score), "{t} {max_nodes} {max_millis}");
            let (mut cells, mut count) = ([u32::MAX; 81], 0);
            let status = unsafe {
                ttt_game_optimal_moves_within(game, max_nodes, max_millis, cells.as_mut_ptr(), 81, &mut count)
            };
            assert_eq!((status, &cells[..count]), (TTT_OK, &want_cells[..want_count]), "{t}");
        }
        assert_eq!(text(game), *t, "the game must not change");
        unsafe { ttt_game_free(game) };
    }

    // Budgets too small, no budget, a finished game: an error, nothing written.
    let open = new_game(3, 4, 3);
    let over = from_text("3,3,3:XXX/OO./...:O");
    for (game, max_nodes, max_millis, want) in [
        (open, 10, 0, TTT_TOO_HARD),
        (open, 0, 0, TTT_INVALID_ARGUMENT),
        (over, 0, 0, TTT_GAME_OVER),
        (over, 1 << 20, 0, TTT_GAME_OVER),
    ] {
        let (mut r, mut c, mut s) = (77, 77, 77);
        let status =
            unsafe { ttt_game_best_move_within(game, max_nodes, max_millis, &mut r, &mut c, &mut s) };
        assert_eq!((status, r, c, s), (want, 77, 77, 77), "{max_nodes} {max_millis}");
        let (mut cells, mut count) = ([7u32; 4], 77);
        let status = unsafe {
            ttt_game_optimal_moves_within(game, max_nodes, max_millis, cells.as_mut_ptr(), 4, &mut count)
        };
        assert_eq!((status, cells, count), (want, [7; 4], 77), "{max_nodes} {max_millis}");
    }
    let (mut r, mut c, mut s, mut n) = (0, 0, 0, 0);
    let null = std::ptr::null_mut();
    let nulls = [
        unsafe { ttt_game_best_move_within(std::ptr::null(), 1, 0, &mut r, &mut c, &mut s) },
        unsafe { ttt_game_best_move_within(open, 1, 0, null, &mut c, &mut s) },
        unsafe { ttt_game_best_move_within(open, 1, 0, &mut r, null, &mut s) },
        unsafe { ttt_game_best_move_within(open, 1, 0, &mut r, &mut c, std::ptr::null_mut()) },
        unsafe { ttt_game_optimal_moves_within(std::ptr::null(), 1, 0, null, 0, &mut n) },
        unsafe { ttt_game_optimal_moves_within(open, 1, 0, null, 0, std::ptr::null_mut()) },
    ];
    assert_eq!(nulls, [TTT_NULL_POINTER; 6]);
    unsafe { ttt_game_free(open) };
    unsafe { ttt_game_free(over) };
}

/// A time budget stops a solve that the default step budget would give up on only after
/// seconds (the empty 7x7 board with k = 5): `TTT_TOO_HARD`, out-pointers untouched. How soon
/// it stops is measured by `cargo bench --bench ai_solve`, not asserted.
#[test]
#[cfg_attr(miri, ignore = "seconds of search under the interpreter")]
fn c_time_budget_stops_a_hopeless_solve() {
    let game = new_game(7, 7, 5);
    for (max_nodes, max_millis) in [(0, 50), (TTT_SOLVE_NODES, 50)] {
        let (mut r, mut c, mut s) = (77, 77, 77);
        let status =
            unsafe { ttt_game_best_move_within(game, max_nodes, max_millis, &mut r, &mut c, &mut s) };
        assert_eq!((status, r, c, s), (TTT_TOO_HARD, 77, 77, 77));
        let mut n = 77;
        let status = unsafe {
            ttt_game_optimal_moves_within(game, max_nodes, max_millis, std::ptr::null_mut(), 0, &mut n)
        };
        assert_eq!((status, n), (TTT_TOO_HARD, 77));
    }
    unsafe { ttt_game_free(game) };
}

/// A 9 x 9, k = 9 game after one stone: drawn by the pairing strategy, without search.
fn nine_by_nine() -> String {
    let mut rows = vec![".........".to_owned(); 9];
    rows[4] = "....X....".to_owned();
    format!("9,9,9:{}:O", rows.join("/"))
}

#[test]
fn c_best_move_contract() {
    let game = new_game(3, 3, 3);
    let mut out_result = tictactoe::ffi::TttResult::TTT_PENDING;
    for (r, c) in [(0, 0), (1, 1), (2, 2)] {
        assert_eq!(unsafe { ttt_game_play(game, r, c, &mut out_result) }, TTT_OK);
    }
    let before = text(game);
    let (mut row, mut col, mut score) = (9, 9, 9);
    assert_eq!(unsafe { ttt_game_best_move(game, &mut row, &mut col, &mut score) }, TTT_OK);
    assert_eq!(score, 0);
    assert!(row < 3 && col < 3);
    assert_eq!(text(game), before, "best_move must not change the game");

    let nulls: [(TttStatus, _); 4] = [
        (unsafe { ttt_game_best_move(std::ptr::null(), &mut row, &mut col, &mut score) }, "game"),
        (unsafe { ttt_game_best_move(game, std::ptr::null_mut(), &mut col, &mut score) }, "row"),
        (unsafe { ttt_game_best_move(game, &mut row, std::ptr::null_mut(), &mut score) }, "col"),
        (unsafe { ttt_game_best_move(game, &mut row, &mut col, std::ptr::null_mut()) }, "score"),
    ];
    for (status, which) in nulls {
        assert_eq!(status, TTT_NULL_POINTER, "{which}");
    }

    // Finished and too-big games: an error, and the out-pointers keep their values.
    for (setup, want) in [(&[(0u32, 1u32), (2, 0), (0, 2), (1, 0)][..], TTT_GAME_OVER)] {
        for &(r, c) in setup {
            unsafe { ttt_game_play(game, r, c, &mut out_result) };
        }
        let (mut row, mut col, mut score) = (77, 77, 77);
        assert_eq!(unsafe { ttt_game_best_move(game, &mut row, &mut col, &mut score) }, want);
        assert_eq!((row, col, score), (77, 77, 77));
    }
    unsafe { ttt_game_free(game) };
    let big = new_game(15, 15, 5);
    assert_eq!(unsafe { ttt_game_best_move(big, &mut row, &mut col, &mut score) }, TTT_TOO_HARD);
    unsafe { ttt_game_free(big) };
}

#[test]
fn c_optimal_moves_contract() {
    let game = new_game(3, 3, 3);
    let mut count = 99;
    // Empty 3×3: every move draws.
    assert_eq!(
        unsafe { ttt_game_optimal_moves(game, std::ptr::null_mut(), 0, &mut count) },
        TTT_BUFFER_TOO_SMALL
    );
    assert_eq!(count, 9);
    let mut cells = [u32::MAX; 9];
    assert_eq!(
        unsafe { ttt_game_optimal_moves(game, cells.as_mut_ptr(), 4, &mut count) },
        TTT_BUFFER_TOO_SMALL
    );
    assert_eq!(cells, [u32::MAX; 9], "nothing written when the buffer is too small");
    assert_eq!(unsafe { ttt_game_optimal_moves(game, cells.as_mut_ptr(), 9, &mut count) }, TTT_OK);
    assert_eq!(cells, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    // After an edge opening, O draws only by the centre, the corners next to it, or the far edge.
    let mut out_result = tictactoe::ffi::TttResult::TTT_PENDING;
    assert_eq!(unsafe { ttt_game_play(game, 0, 1, &mut out_result) }, TTT_OK);
    assert_eq!(unsafe { ttt_game_optimal_moves(game, cells.as_mut_ptr(), 9, &mut count) }, TTT_OK);
    assert_eq!(&cells[..count], &[0, 2, 4, 7]);
    assert_eq!(
        unsafe { ttt_game_optimal_moves(game, cells.as_mut_ptr(), 9, std::ptr::null_mut()) },
        TTT_NULL_POINTER
    );
    assert_eq!(
        unsafe { ttt_game_optimal_moves(game, std::ptr::null_mut(), 9, &mut count) },
        TTT_NULL_POINTER
    );
    unsafe { ttt_game_free(game) };
}

/// The buffer edges (capacity count - 1, exactly count), and the failures that must leave every
/// out-pointer alone: a finished game, a board too big, NULLs. The game never changes.
#[test]
fn c_optimal_moves_edges_and_failures() {
    let texts =
        ["3,3,3:X.O/.X./...:O", "3,3,3:X../.O./...:X", "2,4,3:X.O./....:O", "4,4,4:XO../.X../..O./....:X"];
    for t in texts {
        let mut game = std::ptr::null_mut();
        assert_eq!(unsafe { ttt_game_from_text(t.as_ptr().cast(), t.len(), &mut game) }, TTT_OK);
        let want = optimal_moves(&t.parse::<Game>().unwrap()).unwrap();
        let n = want.len();
        let mut count = 999;
        let mut cells = [u32::MAX; 17];
        assert_eq!(
            unsafe { ttt_game_optimal_moves(game, cells.as_mut_ptr(), n - 1, &mut count) },
            TTT_BUFFER_TOO_SMALL
        );
        assert_eq!(count, n, "{t}: the count is reported with the error");
        assert_eq!(cells, [u32::MAX; 17], "{t}: nothing written into a short buffer");
        count = 999;
        assert_eq!(unsafe { ttt_game_optimal_moves(game, cells.as_mut_ptr(), n, &mut count) }, TTT_OK);
        assert_eq!(count, n);
        assert_eq!(cells[..n].iter().map(|&c| c as usize).collect::<Vec<_>>(), want, "{t}");
        assert_eq!(cells[n], u32::MAX, "{t}: written past the count");
        assert_eq!(text(game), t, "optimal_moves must not change the game");
        unsafe { ttt_game_free(game) };
    }

    // Finished (won, drawn, won by the player who opened second) and too-big games.
    for (t, want) in [
        ("3,3,3:XXX/OO./...:O", TTT_GAME_OVER),
        ("3,3,3:XOX/XOO/OXX:O", TTT_GAME_OVER),
        ("3,3,3:OOO/XX./X..:X", TTT_GAME_OVER),
        (&*format!("12,12,5:{}:O", "X...........".to_owned() + &"/............".repeat(11)), TTT_TOO_HARD),
        // (65 x 1 fits transposed, as 1 x 65; 65 x 2 does neither way, in 64 or 128 bits.)
        (&*format!("65,2,1:{}:X", "../".repeat(65).trim_end_matches('/')), TTT_TOO_HARD),
    ] {
        let mut game = std::ptr::null_mut();
        assert_eq!(unsafe { ttt_game_from_text(t.as_ptr().cast(), t.len(), &mut game) }, TTT_OK, "{t}");
        let before = text(game);
        let (mut count, mut cells) = (999, [7u32; 4]);
        assert_eq!(unsafe { ttt_game_optimal_moves(game, cells.as_mut_ptr(), 4, &mut count) }, want, "{t}");
        assert_eq!(unsafe { ttt_game_optimal_moves(game, std::ptr::null_mut(), 0, &mut count) }, want, "{t}");
        assert_eq!((count, cells), (999, [7; 4]), "{t}: out-pointers written on failure");
        let (mut row, mut col, mut score) = (77, 77, 77);
        assert_eq!(unsafe { ttt_game_best_move(game, &mut row, &mut col, &mut score) }, want, "{t}");
        assert_eq!((row, col, score), (77, 77, 77), "{t}: out-pointers written on failure");
        assert_eq!(text(game), before, "the game must not change");
        unsafe { ttt_game_free(game) };
    }
}

/// The step counts `ttt_game_best_move_within` documents for 3,3,3 (from its table): at most 14
/// for the best move and 18 for the optimal moves over every open position, and some position
/// needs each of those; one step for a pairing draw.
#[test]
fn documented_step_counts_of_table_and_pairing_answers() {
    let mut positions = Vec::new();
    let mut seen = HashSet::new();
    let mut stack = vec![Game::new(Rules::new(3, 3, 3).unwrap()).unwrap()];
    while let Some(game) = stack.pop() {
        if game.outcome() != Outcome::Pending || !seen.insert(common::cells_of(&game)) {
            continue;
        }
        for cell in common::legal_cells(&game) {
            let mut next = game.try_clone().unwrap();
            let (r, c) = common::row_col(&next.rules(), cell);
            next.play(r, c).unwrap();
            stack.push(next);
        }
        positions.push(game);
    }
    let least = |ok: &dyn Fn(&Game, u64) -> bool, game: &Game| (1..=64).find(|&n| ok(game, n)).unwrap();
    let best = positions.iter().map(|g| least(&|g, n| solve(g, Budget::nodes(n)).is_ok(), g)).max();
    let optimal =
        positions.iter().map(|g| least(&|g, n| optimal_moves_within(g, Budget::nodes(n)).is_ok(), g)).max();
    assert_eq!((best, optimal), (Some(14), Some(18)));
    let drawn = Game::new(Rules::new(9, 9, 9).unwrap()).unwrap();
    assert_eq!(solve(&drawn, Budget::nodes(1)).map(|s| s.score), Ok(0));
    assert_eq!(optimal_moves_within(&drawn, Budget::nodes(1)).map(|m| m.len()), Ok(81));
}
