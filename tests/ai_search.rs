//! The budgeted search and the difficulty levels: wins and blocks in constructed positions,
//! determinism, legality on big boards, a short match against the reference opponents (the
//! full 200-game match is `#[ignore]`d and printed by `cargo run --release --example
//! ai_match`), and the C entry points' contract.

#[path = "../examples/ai_match/players.rs"]
mod players;
use players::Rng;

mod common;

use common::by_cell::{ai_move, optimal_moves, search};
use tictactoe::ai::{Budget, Level};
use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;
use tictactoe::{Error, Game, Outcome, Player, Rules};

fn nodes(max_nodes: u64) -> Budget {
    Budget::nodes(max_nodes)
}

/// A game on a rows x cols board with `x` and `o` stones, the side `to_move` next.
fn position(rows: u32, cols: u32, k: u32, x: &[(u32, u32)], o: &[(u32, u32)], to_move: char) -> Game {
    let mut board = vec![vec!['.'; cols as usize]; rows as usize];
    for (&(r, c), stone) in x.iter().map(|p| (p, 'X')).chain(o.iter().map(|p| (p, 'O'))) {
        board[r as usize][c as usize] = stone;
    }
    let rows_text: Vec<String> = board.iter().map(|r| r.iter().collect()).collect();
    format!("{rows},{cols},{k}:{}:{to_move}", rows_text.join("/")).parse().unwrap()
}

fn cell(game: &Game, r: u32, c: u32) -> usize {
    common::index_of(&game.rules(), tictactoe::Move::new(r, c))
}

/// Every level that looks ahead at all, and the bare search at small and large budgets.
fn strong_moves(game: &Game) -> Vec<usize> {
    let mut out = vec![search(game, nodes(1), 1).unwrap(), search(game, nodes(5000), 2).unwrap()];
    for level in [Level::Medium, Level::Hard, Level::Perfect] {
        out.push(ai_move(game, level, 3).unwrap());
    }
    out
}

const FAR_X: [(u32, u32); 4] = [(0, 0), (0, 2), (14, 14), (14, 12)];
const FAR_O: [(u32, u32); 4] = [(0, 14), (2, 14), (14, 0), (12, 0)];

#[test]
fn takes_an_open_four_and_a_broken_four() {
    let open = position(15, 15, 5, &[(7, 5), (7, 6), (7, 7), (7, 8)], &FAR_O, 'X');
    for m in strong_moves(&open) {
        assert!([cell(&open, 7, 4), cell(&open, 7, 9)].contains(&m), "{m}");
    }
    let broken = position(15, 15, 5, &[(7, 3), (7, 4), (7, 6), (7, 7)], &FAR_O, 'X');
    for m in strong_moves(&broken) {
        assert_eq!(m, cell(&broken, 7, 5));
    }
    assert_eq!(ai_move(&broken, Level::Easy, 9).unwrap(), cell(&broken, 7, 5));
}

/// How often `level` picks each cell over `seeds` seeds.
fn picks(game: &Game, level: Level, seeds: u64) -> Vec<u64> {
    let mut count = vec![0; game.rules().cells()];
    for seed in 0..seeds {
        count[ai_move(game, level, seed).unwrap()] += 1;
    }
    count
}

/// Random (and Easy with no win) picks uniformly among the empty cells, never a taken one:
/// on a roomy board (random probes), a nearly full one (the count through the board), and
/// in between. Each empty cell's share must be within a fifth of the fair one.
#[test]
fn random_moves_are_uniform_over_the_empty_cells() {
    let text = |filled: usize| {
        // 1 x 200, k = 200: nobody can win while both colours are on the row.
        let row: String = (0..200)
            .map(|i| {
                if i >= filled {
                    '.'
                } else if i % 2 == 0 {
                    'X'
                } else {
                    'O'
                }
            })
            .collect();
        format!("1,200,200:{row}:X").parse::<Game>().unwrap()
    };
    for (game, seeds) in [(text(198), 4_000), (text(180), 10_000), (text(40), 40_000)] {
        let empty = 200 - game.move_count() as u64;
        for level in [Level::Random, Level::Easy] {
            let count = picks(&game, level, seeds);
            for (cell, &n) in count.iter().enumerate() {
                if common::stone_in(&game, cell) != 0 {
                    assert_eq!(n, 0, "{level:?} played the taken cell {cell}");
                } else {
                    let fair = seeds / empty;
                    assert!(
                        n * 5 > fair * 4 && n * 5 < fair * 6,
                        "{level:?}, {empty} empty: cell {cell} {n} times of {seeds}"
                    );
                }
            }
        }
    }
}

/// Easy looks for a win exactly from the point where the mover has k - 1 stones, whoever
/// opened; with k = 1 every cell wins, so it takes the first empty one.
#[test]
fn easy_takes_a_win_as_soon_as_one_exists() {
    let x_to_win = position(3, 3, 3, &[(0, 0), (0, 1)], &[(1, 0), (1, 1)], 'X');
    let o_to_win = position(3, 3, 3, &[(1, 0), (1, 1)], &[(0, 0), (0, 1)], 'O');
    for seed in 0..50 {
        assert_eq!(ai_move(&x_to_win, Level::Easy, seed).unwrap(), 2);
        assert_eq!(ai_move(&o_to_win, Level::Easy, seed).unwrap(), 2);
    }
    let any = Game::new(Rules::new(4, 4, 1).unwrap()).unwrap();
    assert_eq!(ai_move(&any, Level::Easy, 5).unwrap(), 0);
}

#[test]
fn blocks_an_open_four_and_a_double_threat() {
    // O threatens both ends of an open four: either block is the (losing) best.
    let open = position(15, 15, 5, &FAR_X, &[(7, 5), (7, 6), (7, 7), (7, 8)], 'X');
    for m in strong_moves(&open) {
        assert!([cell(&open, 7, 4), cell(&open, 7, 9)].contains(&m), "{m}");
    }
    // Two closed fours in different lines: one win cell each.
    let x = [(3, 2), (4, 10), (0, 0), (0, 2), (14, 14), (14, 12), (12, 3), (10, 13)];
    let o = [(3, 3), (3, 4), (3, 5), (3, 6), (5, 10), (6, 10), (7, 10), (8, 10)];
    let double = position(15, 15, 5, &x, &o, 'X');
    for m in strong_moves(&double) {
        assert!([cell(&double, 3, 7), cell(&double, 9, 10)].contains(&m), "{m}");
    }
    // A diagonal four blocked at one end, on 19x19 with k = 5 and on 7x6 with k = 4.
    let diagonal = position(
        19,
        19,
        5,
        &[(8, 8), (0, 0), (18, 18), (0, 18)],
        &[(9, 9), (10, 10), (11, 11), (12, 12)],
        'X',
    );
    for m in strong_moves(&diagonal) {
        assert_eq!(m, cell(&diagonal, 13, 13));
    }
    let short = position(7, 6, 4, &[(0, 0), (6, 5), (0, 5)], &[(1, 1), (2, 2), (3, 3)], 'X');
    for m in strong_moves(&short) {
        assert_eq!(m, cell(&short, 4, 4));
    }
}

#[test]
fn wins_rather_than_blocks() {
    let x = [(3, 3), (3, 4), (3, 5), (3, 6), (0, 0), (14, 14)];
    let o = [(9, 3), (9, 4), (9, 5), (9, 6), (3, 2), (0, 14)];
    let race = position(15, 15, 5, &x, &o, 'X');
    for m in strong_moves(&race) {
        assert_eq!(m, cell(&race, 3, 7));
    }
}

#[test]
fn same_inputs_same_move_and_never_illegal() {
    for (rows, cols, k) in [(15, 15, 5), (19, 19, 5), (7, 6, 4), (1, 9, 3), (4, 4, 4)] {
        let mut game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
        let mut rng = Rng::new(u64::from(rows * cols));
        // The opening and early middle game of each board (the whole game of the small ones).
        while game.to_move().is_some() && game.move_count() < 24 {
            let seed = rng.next_u64();
            let first = search(&game, nodes(300), seed).unwrap();
            assert_eq!(search(&game, nodes(300), seed).unwrap(), first, "deterministic");
            let before = game.to_string();
            // (Level::Hard is the search with a bigger budget, checked above at 300 nodes.)
            for level in [Level::Random, Level::Easy, Level::Medium] {
                let m = ai_move(&game, level, seed).unwrap();
                assert_eq!(ai_move(&game, level, seed).unwrap(), m, "deterministic {level:?}");
                assert!(common::legal_cells(&game).contains(&m), "{level:?} played a taken cell");
            }
            assert_eq!(game.to_string(), before, "the AI must not change the game");
            // Alternate the search's move with a random one to reach varied positions.
            let m = if rng.below(2) == 0 {
                first
            } else {
                common::index_of(&game.rules(), players::random_move(&game, &mut rng))
            };
            let (r, c) = common::row_col(&game.rules(), m);
            game.play(r, c).unwrap();
        }
    }
}

#[test]
fn perfect_level_plays_perfectly_where_solvable() {
    let mut game = Game::new(Rules::new(3, 3, 3).unwrap()).unwrap();
    while game.to_move().is_some() {
        let m = ai_move(&game, Level::Perfect, 0).unwrap();
        assert!(optimal_moves(&game).unwrap().contains(&m));
        let (r, c) = common::row_col(&game.rules(), m);
        game.play(r, c).unwrap();
    }
    assert_eq!(game.outcome(), Outcome::Draw, "perfect play against itself draws 3,3,3");
}

/// Games between two levels on 15,15,5, alternating who starts: the wins of `strong`.
fn level_wins(strong: Level, weak: Level, games: u64) -> u64 {
    (0..games)
        .filter(|&g| {
            let mut game = Game::new(Rules::new(15, 15, 5).unwrap()).unwrap();
            let strong_side = if g % 2 == 0 { Player::X } else { Player::O };
            while let Some(side) = game.to_move() {
                let level = if side == strong_side { strong } else { weak };
                let (r, c) = common::row_col(
                    &game.rules(),
                    ai_move(&game, level, g * 1000 + game.move_count() as u64).unwrap(),
                );
                game.play(r, c).unwrap();
            }
            game.outcome() == Outcome::Won(strong_side)
        })
        .count() as u64
}

#[test]
fn each_level_beats_the_one_below() {
    assert_eq!(level_wins(Level::Easy, Level::Random, 4), 4);
    assert_eq!(level_wins(Level::Medium, Level::Easy, 4), 4);
    assert!(level_wins(Level::Hard, Level::Medium, 4) >= 3);
}

#[test]
fn errors() {
    assert_eq!(Level::try_from(5), Err(Error::InvalidArgument));
    assert_eq!(Level::try_from(4), Ok(Level::Perfect));
    let won = position(3, 3, 3, &[(0, 0), (0, 1), (0, 2)], &[(1, 0), (1, 1)], 'O');
    assert_eq!(search(&won, nodes(10), 0), Err(Error::GameOver));
    assert_eq!(ai_move(&won, Level::Random, 0), Err(Error::GameOver));
}

#[test]
fn a_time_budget_is_kept() {
    let mut game = Game::new(Rules::new(19, 19, 5).unwrap()).unwrap();
    for (r, c) in [(9, 9), (9, 10), (10, 10), (8, 8), (10, 9), (10, 11)] {
        game.play(r, c).unwrap();
    }
    let cell = search(&game, Budget::millis(50), 0).unwrap();
    assert_eq!(common::stone_in(&game, cell), 0);
}

/// On a board where rating every cell near a stone would take too long (stones spread over
/// 2000 x 2000, or many stones), the search still takes a win and blocks a loss however far
/// from the last move, and otherwise picks a move near the last move.
#[test]
#[cfg_attr(miri, ignore)] // 4-million-cell boards
fn a_spread_out_board_keeps_wins_and_blocks_anywhere() {
    let far = [(0, 0), (0, 2), (2, 0), (1999, 10), (10, 1999)];
    // X's open four in the top row; a game loaded from text has no last move.
    let win = position(2000, 2000, 5, &[(0, 5), (0, 6), (0, 7), (0, 8)], &far[1..], 'X');
    assert_eq!(search(&win, nodes(100), 0).unwrap(), cell(&win, 0, 4));
    // O's four against the bottom edge can only be completed at (1999, 1995).
    let block =
        position(2000, 2000, 5, &far[..4], &[(1999, 1996), (1999, 1997), (1999, 1998), (1999, 1999)], 'X');
    assert_eq!(search(&block, nodes(100), 0).unwrap(), cell(&block, 1999, 1995));
    // Nothing to win or block: a move near the last one, wherever the other stones are.
    let mut quiet = position(2000, 2000, 5, &far[..2], &far[3..], 'X');
    quiet.play(1000, 700).unwrap();
    quiet.play(1001, 701).unwrap();
    for seed in 0..3 {
        let (r, c) = common::row_col(&quiet.rules(), search(&quiet, nodes(200), seed).unwrap());
        assert!(r.abs_diff(1001) <= 16 && c.abs_diff(701) <= 16, "({r}, {c})");
    }
}

/// The empty cells next to a stone where a stone of `stone` completes k in a row, by counting
/// the run through the cell both ways in each direction (every completing cell touches a
/// stone of its line).
fn completing_cells(game: &Game, stone: u8) -> Vec<usize> {
    let rules = game.rules();
    let (rows, cols, k) = (i64::from(rules.rows()), i64::from(rules.cols()), rules.k() as usize);
    let holds = |r: i64, c: i64| {
        r >= 0 && c >= 0 && r < rows && c < cols && common::stone_at(game, r as u32, c as u32) == stone
    };
    let run = |r: i64, c: i64, dr: i64, dc: i64| (1..).take_while(|&i| holds(r + i * dr, c + i * dc)).count();
    let mut out: Vec<usize> = game
        .moves()
        .flat_map(|tictactoe::Move { row: r, col: c }| {
            (-1..=1).flat_map(move |dr| (-1..=1).map(move |dc| (i64::from(r) + dr, i64::from(c) + dc)))
        })
        .filter(|&(r, c)| {
            r >= 0 && c >= 0 && r < rows && c < cols && common::stone_at(game, r as u32, c as u32) == 0
        })
        .filter(|&(r, c)| {
            [(0, 1), (1, 0), (1, 1), (1, -1)]
                .iter()
                .any(|&(dr, dc)| 1 + run(r, c, dr, dc) + run(r, c, -dr, -dc) >= k)
        })
        .map(|(r, c)| (r * cols + c) as usize)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Up to `moves` random moves on 1100 x 1100 within 6 cells of (20, 20) or of (1080, 1080),
/// `run` moves at a time in each, stopping before a move that would end the game.
fn two_clusters(rules: Rules, moves: usize, run: usize, rng: &mut Rng) -> Game {
    let mut game = Game::new(rules).unwrap();
    for i in 0..moves {
        let (r, c) = [(20, 20), (1080, 1080)][(i / run) % 2];
        let (r, c) = (r + rng.below(13) as u32 - 6, c + rng.below(13) as u32 - 6);
        if common::stone_at(&game, r, c) == 0 && game.play(r, c).unwrap() != Outcome::Pending {
            game.undo().unwrap();
            break;
        }
    }
    game
}

/// Random positions on a board where the search picks its moves near the last move (two
/// clusters of stones in opposite corners of 1100 x 1100, so the rectangle around the
/// stones exceeds 2^20 cells): the move is empty, takes a win when there is one, else blocks
/// a loss when there is one, and the same call gives it again.
#[test]
#[cfg_attr(miri, ignore)] // 1.2-million-cell boards
fn local_search_keeps_its_promises_on_random_positions() {
    let rules = Rules::new(1100, 1100, 5).unwrap();
    let mut rng = Rng::new(9);
    let (mut with_win, mut with_threat) = (0, 0);
    for _ in 0..150 {
        let moves = 10 + rng.below(150);
        let game = two_clusters(rules, moves, 7, &mut rng);
        let mover = game.to_move().unwrap().number() as u8;
        let (wins, threats) = (completing_cells(&game, mover), completing_cells(&game, 3 - mover));
        with_win += usize::from(!wins.is_empty());
        with_threat += usize::from(wins.is_empty() && !threats.is_empty());
        let seed = rng.next_u64();
        let cell = search(&game, nodes(50), seed).unwrap();
        assert_eq!(search(&game, nodes(50), seed).unwrap(), cell, "deterministic");
        assert_eq!(common::stone_in(&game, cell), 0);
        assert!(wins.is_empty() || wins.contains(&cell), "missed a win: {cell} not in {wins:?}");
        assert!(
            !wins.is_empty() || threats.is_empty() || threats.contains(&cell),
            "{cell} not in {threats:?}"
        );
    }
    assert!(with_win >= 25 && with_threat >= 5, "{with_win} with a win, {with_threat} with only a threat");
}

/// A game loaded from text has no last move: the local search then plays near the stone
/// nearest the middle of the stones, not in the middle itself, which for two clusters in
/// opposite corners of 1100 x 1100 is 500 cells from any stone.
#[test]
#[cfg_attr(miri, ignore)] // 1.2-million-cell boards
fn a_loaded_game_is_searched_near_its_stones() {
    let rules = Rules::new(1100, 1100, 5).unwrap();
    let mut rng = Rng::new(13);
    let mut near = 0;
    for _ in 0..20 {
        let moves = 20 + rng.below(40);
        let game = two_clusters(rules, moves, 1, &mut rng).to_string().parse::<Game>().unwrap();
        let mover = game.to_move().unwrap().number() as u8;
        let forced = [completing_cells(&game, mover), completing_cells(&game, 3 - mover)].concat();
        let cell = search(&game, nodes(200), rng.next_u64()).unwrap();
        if forced.contains(&cell) {
            continue;
        }
        let (r, c) = common::row_col(&rules, cell);
        let mut stones = common::cells_of(&game).into_iter().enumerate().filter(|&(_, s)| s != 0);
        assert!(
            stones.any(|(s, _)| {
                let (sr, sc) = common::row_col(&rules, s);
                r.abs_diff(sr) <= 16 && c.abs_diff(sc) <= 16
            }),
            "({r}, {c}) is far from every stone"
        );
        near += 1;
    }
    assert!(near >= 10, "only {near} moves were not forced");
}

/// Stones spread over a board small enough to search whole (600 x 600, 1,500 stones) but
/// with far too many cells near them to rate (about 30,000): the search plays near the last
/// move, unless it takes a win or blocks a loss.
#[test]
#[cfg_attr(miri, ignore)] // 360,000-cell boards
fn many_cells_near_spread_stones_make_the_search_local() {
    let rules = Rules::new(600, 600, 5).unwrap();
    let mut rng = Rng::new(12);
    let mut near = 0;
    for _ in 0..10 {
        let game = random_stones(rules, 1_500, rng.next_u64());
        let mover = game.to_move().unwrap().number() as u8;
        let forced = [completing_cells(&game, mover), completing_cells(&game, 3 - mover)].concat();
        let cell = search(&game, nodes(300), rng.next_u64()).unwrap();
        let ((r, c), (lr, lc)) = (
            common::row_col(&rules, cell),
            common::row_col(&rules, common::index_of(&rules, game.moves().last().unwrap())),
        );
        assert!(forced.contains(&cell) || (r.abs_diff(lr) <= 16 && c.abs_diff(lc) <= 16), "({r}, {c})");
        near += usize::from(!forced.contains(&cell));
    }
    assert!(near >= 5, "only {near} moves were not forced");
}

/// A game of `stones` moves on random cells (a move that would end it is taken back).
fn random_stones(rules: Rules, stones: usize, seed: u64) -> Game {
    let mut game = Game::new(rules).unwrap();
    let mut rng = Rng::new(seed);
    while game.move_count() < stones {
        let (r, c) = common::row_col(&rules, rng.below(rules.cells()));
        if common::stone_at(&game, r, c) == 0 && game.play(r, c).unwrap() != Outcome::Pending {
            game.undo().unwrap();
        }
    }
    game
}

/// A time budget is kept on a 4096 x 4096 board with 300,000 stones: the search picks its
/// moves near the last move rather than rating every cell near every stone. How long it takes
/// is measured by `cargo bench --bench ai_search`; here it must return a legal move.
#[test]
#[cfg_attr(miri, ignore)] // a 16-million-cell board
fn a_time_budget_is_kept_on_a_crowded_board() {
    let game = random_stones(Rules::new(4096, 4096, 5).unwrap(), 300_000, 5);
    let cell = search(&game, Budget::millis(10), 0).unwrap();
    assert_eq!(common::stone_in(&game, cell), 0);
}

/// The longest board there is, with k its whole length: the search keeps no lines where no
/// k-window fits (a vector for each of its 2^26 columns and 2^27 diagonals would be about
/// 5 GB), and returns a legal move.
#[test]
#[cfg_attr(miri, ignore)] // a 2^26-cell board
fn a_time_budget_is_kept_on_the_longest_board() {
    let cols = tictactoe::MAX_CELLS as u32;
    for (rows, cols) in [(1, cols), (cols, 1)] {
        let mut game = Game::new(Rules::new(rows, cols, rows.max(cols)).unwrap()).unwrap();
        for i in 0..20u32 {
            let at = i * 3_000_000 + 7;
            game.play(if rows == 1 { 0 } else { at }, if rows == 1 { at } else { 0 }).unwrap();
        }
        let cell = search(&game, Budget::millis(10), 0).unwrap();
        assert_eq!(common::stone_in(&game, cell), 0);
    }
}

/// Searches `game` with a budget of `millis` ms and checks that it returns an empty cell. How
/// close the search stays to its budget on such boards is measured by `cargo bench --bench
/// ai_search`, not asserted: a busy machine must not fail a test.
fn search_within(game: &Game, millis: u64) {
    let (r, c) = common::row_col(&game.rules(), search(game, Budget::millis(millis), 0).unwrap());
    assert_eq!(common::stone_at(game, r, c), 0);
}

/// A time budget is kept where k is as long as a side of a 2^26-cell board: the search copies
/// only the cells near the stones, and reads the rest of their lines a word at a time.
#[test]
#[cfg_attr(miri, ignore)] // 2^26-cell boards
fn a_time_budget_is_kept_when_k_spans_a_big_board() {
    let longest = tictactoe::MAX_CELLS as u32;
    let mut rng = Rng::new(9);
    for (rows, cols) in [(8192, 8192), (1, longest)] {
        let rules = Rules::new(rows, cols, rows.max(cols)).unwrap();
        let mut game = Game::new(rules).unwrap();
        while game.move_count() < 30 {
            let (r, c) = common::row_col(&rules, rng.below(rules.cells()));
            if common::stone_at(&game, r, c) == 0 {
                game.play(r, c).unwrap();
            }
        }
        search_within(&game, 10);
    }
}

/// A 1 ms budget is kept on sparse 2^26-cell boards loaded from text: the loaded game lists
/// its few stones, so the search does not read the 16 MB board at each step before its first
/// node.
#[test]
#[cfg_attr(miri, ignore)] // 2^26-cell boards
fn a_sparse_game_loaded_from_text_is_searched_without_reading_the_board() {
    let longest = tictactoe::MAX_CELLS as u32;
    for (rows, cols) in [(8192, 8192), (1, longest)] {
        let rules = Rules::new(rows, cols, rows.max(cols)).unwrap();
        let game = random_stones(rules, 1000, 12).to_string().parse::<Game>().unwrap();
        assert_eq!(game.moves().len(), 0);
        search_within(&game, 1);
    }
}

/// A time budget is kept on 1000 x 1000 with k = 1000 and 500,000 stones, where every row and
/// column holds about 500 stones: lines exactly k long are rated from their stone counts, and
/// the win look-up reads the board's tallies.
#[test]
#[cfg_attr(miri, ignore)] // half a million moves
fn a_time_budget_is_kept_on_a_crowded_board_whose_lines_are_k_long() {
    let game = random_stones(Rules::new(1000, 1000, 1000).unwrap(), 500_000, 10);
    search_within(&game, 10);
}

/// A time budget is kept on 1000 x 1000 with k = 500 and 500,000 stones, where the lines are
/// longer than k and every window holds both players' stones: the win look-up counts each
/// line's stones and skips the lines short of k - 1, and the lines that no window can use keep
/// no stones.
#[test]
#[cfg_attr(miri, ignore)] // half a million moves
fn a_time_budget_is_kept_on_a_crowded_board_whose_lines_are_longer_than_k() {
    let game = random_stones(Rules::new(1000, 1000, 500).unwrap(), 500_000, 11);
    search_within(&game, 10);
}

/// Wins of the search (with `budget` nodes) over `games` games on 15,15,5, alternating starts.
fn match_wins(opponent: fn(&Game, &mut Rng) -> tictactoe::Move, games: u64, budget: u64) -> u64 {
    let mut won = 0;
    for g in 0..games {
        let mut game = Game::new(Rules::new(15, 15, 5).unwrap()).unwrap();
        let ai = if g % 2 == 0 { Player::X } else { Player::O };
        let mut rng = Rng::new(g ^ 0x5eed);
        while let Some(side) = game.to_move() {
            let m = if side == ai {
                search(&game, nodes(budget), g).unwrap()
            } else {
                common::index_of(&game.rules(), opponent(&game, &mut rng))
            };
            let (r, c) = common::row_col(&game.rules(), m);
            game.play(r, c).unwrap();
        }
        won += u64::from(game.outcome() == Outcome::Won(ai));
    }
    won
}

#[test]
fn short_match_against_random_and_greedy() {
    assert_eq!(match_wins(players::random_move, 4, 500), 4);
    assert!(match_wins(players::greedy_move, 6, 500) >= 5);
}

#[test]
#[ignore = "about 20 s: cargo test --release --test ai_search -- --ignored --nocapture"]
fn match_of_200_games() {
    let random = match_wins(players::random_move, 200, 2000);
    let greedy = match_wins(players::greedy_move, 200, 2000);
    println!("15,15,5, 2000 nodes/move: {random}/200 won against random, {greedy}/200 against greedy");
    assert!(random >= 198, "random: {random}/200");
    assert!(greedy >= 160, "greedy: {greedy}/200");
}

fn new_game(rows: u32, cols: u32, k: u32) -> *mut TttGame {
    let mut game = std::ptr::null_mut();
    assert_eq!(unsafe { ttt_game_new(rows, cols, k, &mut game) }, TTT_OK);
    game
}

#[test]
fn c_search_and_ai_move_contract() {
    let game = new_game(15, 15, 5);
    let (mut row, mut col) = (99, 99);
    assert_eq!(unsafe { ttt_game_search(game, 100, 0, 7, &mut row, &mut col) }, TTT_OK);
    assert_eq!((row, col), (7, 7), "the centre on an empty board");
    assert_eq!(unsafe { ttt_game_search(game, 0, 20, 7, &mut row, &mut col) }, TTT_OK);
    for level in TTT_LEVEL_RANDOM..=TTT_LEVEL_PERFECT {
        assert_eq!(unsafe { ttt_game_ai_move(game, level, 1, &mut row, &mut col) }, TTT_OK);
        assert!(row < 15 && col < 15);
    }
    let (mut row, mut col) = (99, 99);
    assert_eq!(unsafe { ttt_game_search(game, 0, 0, 7, &mut row, &mut col) }, TTT_INVALID_ARGUMENT);
    assert_eq!(unsafe { ttt_game_ai_move(game, 5, 1, &mut row, &mut col) }, TTT_INVALID_ARGUMENT);
    assert_eq!(unsafe { ttt_game_ai_move(game, u32::MAX, 1, &mut row, &mut col) }, TTT_INVALID_ARGUMENT);
    assert_eq!(unsafe { ttt_game_search(std::ptr::null(), 1, 0, 7, &mut row, &mut col) }, TTT_NULL_POINTER);
    assert_eq!(unsafe { ttt_game_search(game, 1, 0, 7, std::ptr::null_mut(), &mut col) }, TTT_NULL_POINTER);
    assert_eq!(unsafe { ttt_game_ai_move(game, 1, 1, &mut row, std::ptr::null_mut()) }, TTT_NULL_POINTER);
    assert_eq!(unsafe { ttt_game_ai_move(std::ptr::null(), 1, 1, &mut row, &mut col) }, TTT_NULL_POINTER);
    assert_eq!((row, col), (99, 99), "nothing written on failure");
    unsafe { ttt_game_free(game) };

    let over = new_game(1, 3, 1);
    let mut winner = 0;
    assert_eq!(unsafe { ttt_game_move(over, 0, 0, 1, &mut winner) }, TTT_OK);
    assert_eq!(unsafe { ttt_game_search(over, 10, 0, 0, &mut row, &mut col) }, TTT_GAME_OVER);
    assert_eq!(unsafe { ttt_game_ai_move(over, 4, 0, &mut row, &mut col) }, TTT_GAME_OVER);
    unsafe { ttt_game_free(over) };
}
