//! Exhaustive proofs on small boards and randomized ones on large boards, each against a
//! brute-force reference written plainly here (whole-board scans, no shared code with the
//! library).

mod common;

use common::Rng;
use std::collections::HashSet;
use tictactoe::ffi::*;
use tictactoe::{Game, Outcome, Player, Rules};

/// Brute force: does `stone` have k in a row anywhere? Tries every cell and direction.
fn has_line(cells: &[u8], rows: usize, cols: usize, k: usize, stone: u8) -> bool {
    let dirs: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    for r in 0..rows as isize {
        for c in 0..cols as isize {
            for (dr, dc) in dirs {
                let all = (0..k as isize).all(|i| {
                    let (rr, cc) = (r + i * dr, c + i * dc);
                    rr >= 0
                        && cc >= 0
                        && rr < rows as isize
                        && cc < cols as isize
                        && cells[rr as usize * cols + cc as usize] == stone
                });
                if all {
                    return true;
                }
            }
        }
    }
    false
}

/// Brute force outcome of a position reached by legal play where `last` just moved.
fn reference_result(cells: &[u8], rows: usize, cols: usize, k: usize) -> TttResult {
    if has_line(cells, rows, cols, k, 1) {
        TttResult::TTT_A_WINS
    } else if has_line(cells, rows, cols, k, 2) {
        TttResult::TTT_B_WINS
    } else if cells.iter().all(|&c| c != 0) {
        TttResult::TTT_DRAW
    } else {
        TttResult::TTT_PENDING
    }
}

fn ffi_judge(moves: &[u32], rows: u32, cols: u32, k: u32) -> TttResult {
    let mut result = TttResult::TTT_DRAW;
    let status = unsafe { ttt_judge(moves.as_ptr(), moves.len() / 2, rows, cols, k, &mut result) };
    assert_eq!(status, TttStatus::TTT_OK, "{moves:?}");
    result
}

fn outcome_as_result(o: Outcome) -> TttResult {
    o.into()
}

/// Walks every complete 3x3 game; at each prefix compares ttt_judge and the Game object with
/// the brute-force reference. Returns the number of complete games.
fn walk(cells: &mut [u8; 9], moves: &mut Vec<u32>, game: &mut Game) -> usize {
    let mut games = 0;
    for cell in 0..9 {
        if cells[cell] != 0 {
            continue;
        }
        let player = if moves.len().is_multiple_of(4) { 1 } else { 2 };
        cells[cell] = player;
        moves.extend([cell as u32 / 3, cell as u32 % 3]);
        let want = reference_result(cells, 3, 3, 3);
        assert_eq!(ffi_judge(moves, 3, 3, 3), want, "{moves:?}");
        let got = game.play(cell as u32 / 3, cell as u32 % 3).unwrap();
        assert_eq!(outcome_as_result(got), want, "{moves:?}");
        assert_eq!(common::cells_of(game), &cells[..]);
        if want == TttResult::TTT_PENDING {
            assert_eq!(game.to_move().map(Player::number), Some(if player == 1 { 2 } else { 1 }));
            games += walk(cells, moves, game);
        } else {
            assert_eq!(game.to_move(), None);
            assert_eq!(game.legal_moves().count(), 0);
            games += 1;
        }
        game.undo().unwrap();
        moves.truncate(moves.len() - 2);
        cells[cell] = 0;
    }
    games
}

#[test]
fn all_3x3_games_judge_and_game_agree_with_brute_force() {
    let mut game = Game::new(Rules::new(3, 3, 3).unwrap()).unwrap();
    let games = walk(&mut [0; 9], &mut Vec::new(), &mut game);
    assert_eq!(games, 255_168);
}

/// Every board reachable by legal play (X first, stop at a line or a full board), encoded in
/// base 3, found by a plain depth-first search over positions.
fn reachable(rows: usize, cols: usize, k: usize) -> Vec<bool> {
    let n = rows * cols;
    let mut seen = vec![false; 3usize.pow(n as u32)];
    let mut stack = vec![(vec![0u8; n], 0usize)];
    seen[0] = true;
    let pow: Vec<usize> = (0..n).map(|i| 3usize.pow(i as u32)).collect();
    while let Some((cells, code)) = stack.pop() {
        if has_line(&cells, rows, cols, k, 1) || has_line(&cells, rows, cols, k, 2) {
            continue;
        }
        let x = cells.iter().filter(|&&c| c == 1).count();
        let o = cells.iter().filter(|&&c| c == 2).count();
        let stone = if x == o { 1 } else { 2 };
        for i in 0..n {
            if cells[i] == 0 {
                let next_code = code + stone as usize * pow[i];
                if !seen[next_code] {
                    seen[next_code] = true;
                    let mut next = cells.clone();
                    next[i] = stone;
                    stack.push((next, next_code));
                }
            }
        }
    }
    seen
}

/// Validates every board of the size through the C ABI and compares with reachability.
fn check_all_boards(rows: usize, cols: usize, k: usize) -> usize {
    let seen = reachable(rows, cols, k);
    let n = rows * cols;
    let mut text = vec![b'.'; n];
    let mut count = 0;
    for (code, &reach) in seen.iter().enumerate() {
        let mut c = code;
        for t in text.iter_mut() {
            *t = b".XO"[c % 3];
            c /= 3;
        }
        let mut verdict = TttVerdict::TTT_BOTH_WIN;
        let status = unsafe {
            ttt_validate(text.as_ptr().cast(), n, rows as u32, cols as u32, k as u32, &mut verdict)
        };
        assert_eq!(status, TttStatus::TTT_OK);
        assert_eq!(verdict == TttVerdict::TTT_VALID, reach, "{}", String::from_utf8_lossy(&text));
        count += usize::from(reach);
    }
    count
}

#[test]
fn all_3x3_boards_validate_agrees_with_reachability() {
    assert_eq!(check_all_boards(3, 3, 3), 5_478);
}

#[test]
fn all_3x4_k3_boards_validate_agrees_with_reachability() {
    check_all_boards(3, 4, 3);
    check_all_boards(4, 3, 3);
}

#[test]
fn all_4x4_k3_boards_validate_agrees_with_reachability() {
    check_all_boards(4, 4, 3);
}

/// A line of the board each player favours, so that even boards where random play almost
/// never wins (k = side) see wins in every direction.
fn favourite_line(rng: &mut Rng, rows: usize, cols: usize) -> Vec<usize> {
    let d = rows.min(cols);
    match rng.pick(4) {
        0 => {
            let r = rng.pick(rows);
            (0..cols).map(|c| r * cols + c).collect()
        }
        1 => {
            let c = rng.pick(cols);
            (0..rows).map(|r| r * cols + c).collect()
        }
        2 => (0..d).map(|i| i * cols + i).collect(),
        _ => (0..d).map(|i| i * cols + (cols - 1 - i)).collect(),
    }
}

/// Random games (half the moves from each player's favourite line when `biased`): after every
/// move the Game agrees with a whole-board scan, and ttt_judge agrees at the end.
fn random_games(rows: usize, cols: usize, k: usize, games: usize, seed: u64) -> HashSet<u32> {
    random_games_with(rows, cols, k, games, seed, false)
}

fn random_games_with(
    rows: usize,
    cols: usize,
    k: usize,
    games: usize,
    seed: u64,
    biased: bool,
) -> HashSet<u32> {
    let mut rng = Rng(seed);
    let rules = Rules::new(rows as u32, cols as u32, k as u32).unwrap();
    let mut seen = HashSet::new();
    for _ in 0..games {
        let mut game = Game::new(rules).unwrap();
        let mut cells = vec![0u8; rows * cols];
        let mut order: Vec<usize> = (0..rows * cols).collect();
        let mut moves = Vec::new();
        let favourites = [favourite_line(&mut rng, rows, cols), favourite_line(&mut rng, rows, cols)];
        for i in 0..order.len() {
            let mut j = i + rng.pick(order.len() - i);
            if biased && rng.pick(2) == 0 {
                if let Some(p) = (i..order.len()).find(|&p| favourites[i % 2].contains(&order[p])) {
                    j = p;
                }
            }
            order.swap(i, j);
            let cell = order[i];
            let player = if i % 2 == 0 { 1 } else { 2 };
            cells[cell] = player;
            moves.extend([(cell / cols) as u32, (cell % cols) as u32]);
            let mut got = game.play((cell / cols) as u32, (cell % cols) as u32).unwrap();
            // Now and then take the move back and make it again: undo must restore every
            // tally and bitboard exactly, or later verdicts drift from the scan.
            if rng.pick(4) == 0 {
                game.undo().unwrap();
                assert_eq!(game.outcome(), Outcome::Pending);
                game.redo().unwrap();
                got = game.outcome();
            }
            // And now and then carry on from the game's text: loading must rebuild every tally
            // and bitboard from the stones alone, or later moves miss (or invent) wins.
            if rng.pick(16) == 0 {
                let loaded = game.to_string().parse::<Game>().unwrap();
                assert_eq!((loaded.outcome(), loaded.to_string()), (game.outcome(), game.to_string()));
                game = loaded;
            }
            // Only the mover can have just completed a line; check the mover only (fast).
            let want = if has_line(&cells, rows, cols, k, player) {
                if player == 1 {
                    TttResult::TTT_A_WINS
                } else {
                    TttResult::TTT_B_WINS
                }
            } else if i + 1 == cells.len() {
                TttResult::TTT_DRAW
            } else {
                TttResult::TTT_PENDING
            };
            assert_eq!(outcome_as_result(got), want, "{rows}x{cols} k={k} moves {moves:?}");
            if want != TttResult::TTT_PENDING {
                break;
            }
        }
        assert_eq!(ffi_judge(&moves, rows as u32, cols as u32, k as u32), outcome_as_result(game.outcome()));
        let line: Vec<usize> = game.winning_line().map(|m| common::index_of(&game.rules(), m)).collect();
        if let Outcome::Won(p) = game.outcome() {
            assert!(line.len() >= k && line.iter().all(|&c| u32::from(cells[c]) == p.number()), "{line:?}");
        }
        seen.insert(outcome_as_result(game.outcome()) as u32);
    }
    seen
}

/// Asserts a batch of games saw all of `outcomes` (so the test really exercises wins).
fn saw(seen: HashSet<u32>, outcomes: &[TttResult]) {
    for o in outcomes {
        assert!(seen.contains(&(*o as u32)), "outcome {o:?} never happened: {seen:?}");
    }
}

const A: TttResult = TttResult::TTT_A_WINS;
const B: TttResult = TttResult::TTT_B_WINS;
const D: TttResult = TttResult::TTT_DRAW;

#[test]
fn random_games_on_large_and_odd_boards() {
    saw(random_games(15, 15, 5, 200, 1), &[A, B]);
    saw(random_games(1, 7, 3, 500, 2), &[A, B, D]);
    saw(random_games(7, 1, 3, 500, 3), &[A, B, D]);
    saw(random_games(7, 3, 3, 500, 4), &[A, B]);
    saw(random_games(3, 7, 3, 500, 5), &[A, B]);
    saw(random_games(6, 7, 4, 300, 6), &[A, B]);
    saw(random_games(4, 4, 4, 2000, 7), &[A, B, D]);
    saw(random_games(9, 5, 5, 300, 8), &[A, B]);
    saw(random_games(1, 1, 1, 3, 9), &[A]);
    saw(random_games(2, 2, 1, 5, 10), &[A]);
}

#[test]
fn random_games_with_whole_board_lines() {
    // k = side: wins need a full row, column or main diagonal (the O(1) counter path).
    saw(random_games_with(50, 50, 50, 40, 11, true), &[A, B, D]);
    saw(random_games_with(5, 5, 5, 3000, 12, true), &[A, B, D]);
    saw(random_games_with(4, 6, 6, 3000, 13, true), &[A, B, D]);
    saw(random_games_with(6, 4, 6, 3000, 14, true), &[A, B, D]);
    saw(random_games_with(1, 5, 5, 50, 15, true), &[D]);
    saw(random_games_with(15, 15, 5, 200, 16, true), &[A, B]);
    // Past the bitboards, with only some directions counted: rows (k = cols) or columns
    // (k = rows) by tallies, the rest walked; and every direction counted on 9x9.
    saw(random_games_with(30, 3, 3, 500, 17, true), &[A, B]);
    saw(random_games_with(3, 30, 3, 500, 18, true), &[A, B]);
    saw(random_games_with(12, 8, 8, 1000, 19, true), &[A, B, D]);
    saw(random_games_with(8, 12, 8, 1000, 20, true), &[A, B, D]);
    saw(random_games_with(9, 9, 9, 1000, 21, true), &[A, B, D]);
    // Thin boards: the uncounted direction's lines share one tally.
    saw(random_games_with(70, 2, 2, 500, 22, true), &[A, B]);
    saw(random_games_with(2, 70, 2, 500, 23, true), &[A, B]);
    saw(random_games_with(1, 100, 100, 20, 24, true), &[D]);
    saw(random_games_with(100, 1, 100, 20, 25, true), &[D]);
}

/// the validity rule computed naively: list every k-window of each player as a set of cells.
fn naive_verdict(cells: &[u8], rows: usize, cols: usize, k: usize) -> TttVerdict {
    let windows = |stone: u8| -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for r in 0..rows as isize {
            for c in 0..cols as isize {
                for (dr, dc) in [(0isize, 1isize), (1, 0), (1, 1), (1, -1)] {
                    let w: Vec<usize> = (0..k as isize)
                        .map(|i| (r + i * dr, c + i * dc))
                        .filter(|&(rr, cc)| rr >= 0 && cc >= 0 && rr < rows as isize && cc < cols as isize)
                        .map(|(rr, cc)| rr as usize * cols + cc as usize)
                        .collect();
                    if w.len() == k && w.iter().all(|&i| cells[i] == stone) {
                        out.push(w);
                    }
                }
            }
        }
        out
    };
    let shared = |ws: &[Vec<usize>]| (0..cells.len()).any(|i| ws.iter().all(|w| w.contains(&i)));
    let x = cells.iter().filter(|&&c| c == 1).count();
    let o = cells.iter().filter(|&&c| c == 2).count();
    let (xw, ow) = (windows(1), windows(2));
    use TttVerdict::*;
    match () {
        _ if o > x => TTT_TOO_MANY_O,
        _ if x > o + 1 => TTT_TOO_MANY_X,
        _ if !xw.is_empty() && !ow.is_empty() => TTT_BOTH_WIN,
        _ if !xw.is_empty() && x != o + 1 => TTT_X_WON_THEN_O_MOVED,
        _ if !xw.is_empty() && !shared(&xw) => TTT_X_LINES_DISJOINT,
        _ if !ow.is_empty() && x != o => TTT_O_WON_THEN_X_MOVED,
        _ if !ow.is_empty() && !shared(&ow) => TTT_O_LINES_DISJOINT,
        _ => TTT_VALID,
    }
}

#[test]
fn validate_matches_the_naive_rule_on_random_boards() {
    let mut rng = Rng(99);
    // Bitboard shapes, then shapes past them (scanned), with rows long enough for the scan's
    // eight-cells-at-once test (12 columns or more) and every k from 1 to the whole row.
    let sizes =
        [(3, 3, 3), (4, 4, 3), (5, 5, 3), (5, 5, 4), (6, 7, 4), (3, 8, 3), (8, 3, 3), (7, 7, 5), (5, 9, 2)];
    let scanned = [
        (9, 9, 4),
        (12, 12, 1),
        (2, 20, 2),
        (13, 17, 3),
        (11, 19, 5),
        (3, 30, 3),
        (20, 12, 4),
        (1, 40, 3),
        (40, 1, 3),
        (16, 16, 16),
        (4, 33, 33),
        (17, 13, 2),
    ];
    let mut verdicts = HashSet::new();
    for (rows, cols, k, boards) in
        sizes.map(|(r, c, k)| (r, c, k, 4000)).into_iter().chain(scanned.map(|(r, c, k)| (r, c, k, 600)))
    {
        for _ in 0..boards {
            let n = rows * cols;
            let o = rng.pick(n / 2 + 1);
            let x = (o + rng.pick(3)).saturating_sub(rng.pick(2)).min(n - o);
            let mut cells = vec![0u8; n];
            cells[..x].fill(1);
            cells[x..x + o].fill(2);
            for i in (1..n).rev() {
                cells.swap(i, rng.pick(i + 1));
            }
            let text: Vec<u8> = cells.iter().map(|&c| b".XO"[c as usize]).collect();
            let mut got = TttVerdict::TTT_VALID;
            let status = unsafe {
                ttt_validate(text.as_ptr().cast(), n, rows as u32, cols as u32, k as u32, &mut got)
            };
            assert_eq!(status, TttStatus::TTT_OK);
            let want = naive_verdict(&cells, rows, cols, k);
            assert_eq!(got, want, "{rows}x{cols} k={k} {}", String::from_utf8_lossy(&text));
            verdicts.insert(want as u32);
        }
    }
    assert_eq!(verdicts.len(), 8, "every verdict should occur: {verdicts:?}");
}

#[test]
fn bitboard_and_scan_verdicts_agree_on_every_small_board() {
    for (rows, cols, k) in [(3, 3, 3), (3, 3, 2), (3, 4, 3), (2, 5, 2), (4, 3, 3), (1, 9, 3), (9, 1, 2)] {
        let rules = Rules::new(rows, cols, k).unwrap();
        let n = rules.cells();
        let mut cells = vec![0u8; n];
        for code in 0..3usize.pow(n as u32) {
            let mut c = code;
            for cell in cells.iter_mut() {
                *cell = (c % 3) as u8;
                c /= 3;
            }
            let scan = tictactoe::internals::verdict_scan(&rules, &cells);
            assert_eq!(tictactoe::internals::verdict(&rules, &cells), scan, "{rows}x{cols} k={k} {cells:?}");
        }
    }
}

/// The bitboard rule against the line walk on random boards of every shape that fits a
/// bitboard (rows * (cols + 1) <= 64), with every k: one-row and one-column boards, k = 1, and
/// directions too short for k included.
#[test]
fn bitboard_and_scan_verdicts_agree_on_every_bitboard_shape() {
    let mut rng = Rng(4242);
    let mut verdicts = HashSet::new();
    for rows in 1..=64u32 {
        for cols in (1..=63u32).filter(|&c| rows * (c + 1) <= 64) {
            for k in 1..=rows.max(cols) {
                let rules = Rules::new(rows, cols, k).unwrap();
                for _ in 0..40 {
                    // Dense boards, so lines (and every verdict) turn up often.
                    let empty = rng.pick(4);
                    let cells: Vec<u8> = (0..rules.cells())
                        .map(|_| if rng.pick(4) < empty { 0 } else { 1 + rng.pick(2) as u8 })
                        .collect();
                    let scan = tictactoe::internals::verdict_scan(&rules, &cells);
                    assert_eq!(
                        tictactoe::internals::verdict(&rules, &cells),
                        scan,
                        "{rows}x{cols} k={k} {cells:?}"
                    );
                    verdicts.insert(scan);
                }
            }
        }
    }
    assert_eq!(verdicts.len(), 8, "every verdict should occur: {verdicts:?}");
}
