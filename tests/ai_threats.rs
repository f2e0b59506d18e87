//! Threat-space search (`ai::threat_win`): claimed wins checked against the exact solver on
//! small boards, and wins on 15 × 15 replayed against every defence this file enumerates.

#[path = "../examples/ai_match/players.rs"]
#[allow(dead_code)] // only its Rng is used here
mod players;
use players::Rng;

mod threats {
    pub mod brute;
    pub mod chains;
    pub mod plain;
}
use threats::plain::Plain;
use threats::{brute, chains};

use tictactoe::ai::{self, Budget};
use tictactoe::{Error, Game, Outcome, Rules};

/// A game of `rules` after `moves` random legal moves chosen by `rng`, or `None` if it ended.
fn random_game(rules: Rules, moves: usize, rng: &mut Rng) -> Option<Game> {
    let mut game = Game::new(rules).unwrap();
    for _ in 0..moves {
        let legal: Vec<_> = game.legal_moves().collect();
        let m = legal[rng.below(legal.len())];
        if game.play(m.row, m.col).unwrap() != Outcome::Pending {
            return None;
        }
    }
    Some(game)
}

/// On boards the exact solver proves, every claimed win is a real win within the claimed
/// plies, and its first move keeps it.
#[test]
fn claimed_wins_are_real_on_small_boards() {
    let mut rng = Rng::new(31);
    let (mut claimed, mut missed, mut positions, mut no_win) = (0, 0, 0, 0);
    for &(rows, cols, k, stones) in &[(5, 5, 4, 6), (6, 6, 4, 8), (6, 6, 4, 12), (7, 7, 4, 10), (6, 7, 5, 10)]
    {
        for _ in 0..40 {
            let Some(game) = random_game(Rules::new(rows, cols, k).unwrap(), stones, &mut rng) else {
                continue;
            };
            let Ok(exact) = ai::solve(&game, Budget::nodes(1 << 22)) else { continue };
            positions += 1;
            match ai::threat_win(&game, 20_000).unwrap() {
                Some(win) => {
                    claimed += 1;
                    assert!(
                        exact.score > 0 && exact.score as u32 <= win.plies,
                        "{game}: {win:?} but {exact:?}"
                    );
                    let mut after = game.try_clone().unwrap();
                    if after.play(win.row, win.col).unwrap() == Outcome::Pending {
                        let reply = ai::solve(&after, Budget::nodes(1 << 22)).unwrap();
                        assert!(
                            reply.score < 0 && -reply.score < win.plies as i32,
                            "{game}: {win:?}, then {reply:?}"
                        );
                    }
                }
                None if exact.score > 0 => missed += 1,
                None => no_win += 1,
            }
        }
    }
    eprintln!(
        "{positions} positions: {claimed} threat wins, {missed} wins not found, {no_win} without a win"
    );
    assert!(positions > 150 && claimed > 20 && no_win > 20);
}

#[test]
fn contract() {
    let mut game = Game::new(Rules::new(15, 15, 5).unwrap()).unwrap();
    assert_eq!(ai::threat_win(&game, 100), Ok(None));
    game.play(7, 7).unwrap();
    assert_eq!(ai::threat_win(&game, 0), Err(Error::InvalidArgument));
    let won: Game = "4,4,3:XXX./OO../..../....:O".parse().unwrap_or_else(|_| {
        let mut g = Game::new(Rules::new(4, 4, 3).unwrap()).unwrap();
        for (r, c) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
            g.play(r, c).unwrap();
        }
        g
    });
    assert_eq!(ai::threat_win(&won, 100), Err(Error::GameOver));
}

/// Plays out the threat win of the side to move against the defender's replies: all of them at
/// the first reply when `wide`, one chosen by `rng` after that. Each of the attacker's moves is
/// `threat_win`'s, which must keep finding a win within the plies left. Where the first reply
/// has one defence only, a move next to it that is not one must leave the attacker a win in
/// at most three plies; returns whether that was so checked.
fn replay(game: &mut Game, plies_left: u32, wide: bool, rng: &mut Rng) -> bool {
    let win = ai::threat_win(game, 50_000).unwrap().unwrap_or_else(|| panic!("{game}: the win is lost"));
    assert!(win.plies <= plies_left, "{game}: {win:?} after promising {plies_left}");
    let attacker = game.to_move().unwrap();
    if game.play(win.row, win.col).unwrap() != Outcome::Pending {
        assert_eq!(game.outcome(), Outcome::Won(attacker), "{game}");
        game.undo().unwrap();
        return false;
    }
    let mut replies = Plain::of(game).defences(attacker.other().number() as u8);
    let single = wide && replies.len() == 1 && the_one_defence(game, replies[0]);
    if !wide {
        replies = vec![replies[rng.below(replies.len())]];
    }
    let cols = game.rules().cols() as usize;
    for cell in replies {
        game.play((cell / cols) as u32, (cell % cols) as u32).unwrap();
        replay(game, plies_left - 2, false, rng);
        game.undo().unwrap();
    }
    game.undo().unwrap();
    single
}

/// Checks that the empty cells next to `defence`, none of them a defence, each let the side
/// that just moved win within three plies; false when there is no such cell.
fn the_one_defence(game: &mut Game, defence: usize) -> bool {
    let cols = game.rules().cols() as usize;
    let (r, c) = ((defence / cols) as i64, (defence % cols) as i64);
    let mut checked = false;
    for (dr, dc) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
        let (rr, cc) = (r + dr, c + dc);
        if rr < 0 || cc < 0 || game.cell(rr as u32, cc as u32) != Ok(None) {
            continue;
        }
        if game.play(rr as u32, cc as u32).unwrap() == Outcome::Pending {
            let win = ai::threat_win(game, 10_000).unwrap();
            assert!(win.is_some_and(|w| w.plies <= 3), "{game}: {win:?} after a move beside the one defence");
            checked = true;
        }
        game.undo().unwrap();
    }
    checked
}

/// Threat wins from seeded games on 15 × 15 (k = 5) and other boards, each replayed against
/// every defence at the first reply and along one random line after it.
#[test]
fn wins_hold_against_every_defence() {
    replay_positions(&[((15, 15, 5), 120, 1), ((12, 12, 4), 50, 2), ((19, 19, 6), 30, 3)], 4_000);
}

/// `wins_hold_against_every_defence` on five times the positions, found with a bigger budget
/// (longer wins): minutes, so run by hand.
#[test]
#[ignore]
fn wins_hold_against_every_defence_long() {
    replay_positions(&[((15, 15, 5), 600, 11), ((12, 12, 4), 250, 12), ((19, 19, 6), 150, 13)], 20_000);
}

fn replay_positions(sets: &[((u32, u32, u32), usize, u64)], max_nodes: u64) {
    let mut rng = Rng::new(5);
    let (mut lengths, mut singles) = (std::collections::BTreeMap::new(), 0);
    for &((rows, cols, k), count, seed) in sets {
        for (mut game, plies) in threat_positions(Rules::new(rows, cols, k).unwrap(), count, seed, max_nodes)
        {
            *lengths.entry(plies).or_insert(0) += 1;
            singles += usize::from(replay(&mut game, plies, true, &mut rng));
        }
    }
    eprintln!("positions by plies: {lengths:?}; {singles} with one defence only");
    assert!(singles >= 10, "{singles} positions with one defence only");
    let long = lengths.range(7..).map(|(_, n)| n).sum::<usize>();
    assert!(long >= sets.iter().map(|s| s.1).sum::<usize>() / 20, "too few long wins: {lengths:?}");
}

/// Positions with a threat win for the side to move, from seeded games of `rules` in which
/// both sides play the budgeted search with a random move now and then, as (position, plies).
fn threat_positions(rules: Rules, count: usize, seed: u64, max_nodes: u64) -> Vec<(Game, u32)> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut game = Game::new(rules).unwrap();
        let centre = (rules.rows() / 2, rules.cols() / 2);
        game.play(centre.0, centre.1).unwrap();
        while game.outcome() == Outcome::Pending && found.len() < count {
            if let Some(win) = ai::threat_win(&game, max_nodes).unwrap() {
                if win.plies >= 3 {
                    found.push((game.try_clone().unwrap(), win.plies));
                }
                break; // the rest of this game is the win being played out
            }
            let m = if rng.below(4) == 0 {
                near_stone(&game, &mut rng)
            } else {
                ai::search(&game, Budget::nodes(300), rng.next_u64()).unwrap()
            };
            game.play(m.row, m.col).unwrap();
        }
    }
    found
}

/// A random empty cell next to a stone.
fn near_stone(game: &Game, rng: &mut Rng) -> tictactoe::Move {
    let rules = game.rules();
    let near: Vec<_> = game
        .legal_moves()
        .filter(|m| {
            (-1i64..=1).any(|dr| {
                (-1i64..=1).any(|dc| {
                    let (r, c) = (i64::from(m.row) + dr, i64::from(m.col) + dc);
                    r >= 0 && c >= 0 && game.cell(r as u32, c as u32).is_ok_and(|p| p.is_some())
                })
            })
        })
        .collect();
    let _ = rules;
    near[rng.below(near.len())]
}

/// `ttt_game_threat_win`: a win's move and plies; `TTT_TOO_HARD` when none is found; every
/// refusal with its status and nothing written.
#[test]
fn c_threat_win_contract() {
    use tictactoe::ffi::TttStatus::*;
    use tictactoe::ffi::*;
    let mut game = std::ptr::null_mut();
    assert_eq!(unsafe { ttt_game_new(9, 9, 4, &mut game) }, TTT_OK);
    let (mut row, mut col, mut plies) = (99, 99, 99);
    assert_eq!(unsafe { ttt_game_threat_win(game, 100, &mut row, &mut col, &mut plies) }, TTT_TOO_HARD);
    // k = 4. X: (4,3) (4,4), open both ways; O far off. X to move makes three in a row open at
    // both ends, two winning cells O cannot both block: a win in 3 plies.
    for (r, c) in [(4, 3), (0, 0), (4, 4), (0, 8)] {
        let mut result = TttResult::TTT_PENDING;
        assert_eq!(unsafe { ttt_game_play(game, r, c, &mut result) }, TTT_OK);
    }
    assert_eq!((row, col, plies), (99, 99, 99), "nothing written without a win");
    assert_eq!(unsafe { ttt_game_threat_win(game, 0, &mut row, &mut col, &mut plies) }, TTT_INVALID_ARGUMENT);
    let null = std::ptr::null_mut();
    assert_eq!(
        unsafe { ttt_game_threat_win(std::ptr::null(), 9, &mut row, &mut col, &mut plies) },
        TTT_NULL_POINTER
    );
    assert_eq!(unsafe { ttt_game_threat_win(game, 9, null, &mut col, &mut plies) }, TTT_NULL_POINTER);
    assert_eq!(unsafe { ttt_game_threat_win(game, 9, &mut row, null, &mut plies) }, TTT_NULL_POINTER);
    assert_eq!(unsafe { ttt_game_threat_win(game, 9, &mut row, &mut col, null) }, TTT_NULL_POINTER);
    assert_eq!((row, col, plies), (99, 99, 99), "nothing written on failure");
    assert_eq!(unsafe { ttt_game_threat_win(game, 10_000, &mut row, &mut col, &mut plies) }, TTT_OK);
    assert!(row == 4 && [2, 5].contains(&col) && plies == 3, "({row}, {col}) in {plies}");
    unsafe { ttt_game_free(game) };

    let mut over = std::ptr::null_mut();
    assert_eq!(unsafe { ttt_game_new(1, 3, 1, &mut over) }, TTT_OK);
    let mut winner = 0;
    assert_eq!(unsafe { ttt_game_move(over, 0, 0, 1, &mut winner) }, TTT_OK);
    assert_eq!(unsafe { ttt_game_threat_win(over, 9, &mut row, &mut col, &mut plies) }, TTT_GAME_OVER);
    unsafe { ttt_game_free(over) };
}

/// Positions built around a chain of fours (`threats::chains`) on 15 × 15 with k = 5 and on
/// boards with k = 4 and k = 6, the length of whose shortest VCF the brute-force prover
/// measures: `threat_win` finds a win of exactly that length when it reports fours only, else
/// a VCT shorter still, of exactly the length the prover finds for a VCT. Each win is replayed
/// against every defence.
#[test]
fn chains_have_their_known_length() {
    let mut rng = Rng::new(17);
    let mut lengths = std::collections::BTreeMap::new();
    for &(rows, cols, k, count, longest) in &[(15, 15, 5, 110, 8), (12, 12, 4, 50, 6), (19, 19, 6, 50, 6)] {
        let mut found = 0;
        for n in (1..=longest).cycle() {
            if found == count {
                break;
            }
            let Some(plain) = chains::chain(rows, cols, k, n, &mut rng) else { continue };
            let Some(vcf) = brute::shortest(&plain, 1, false, 25, 1 << 20).unwrap() else { continue };
            if vcf < 3 {
                continue;
            }
            let mut game: Game = plain.text(1).parse().unwrap();
            let win =
                ai::threat_win(&game, 20_000).unwrap().unwrap_or_else(|| panic!("{game}: no win, VCF {vcf}"));
            if win.fours_only {
                assert_eq!(win.plies, vcf, "{game}: {win:?}");
            } else {
                assert!(win.plies < vcf, "{game}: {win:?}, VCF {vcf}");
                let vct = brute::shortest(&plain, 1, true, win.plies, 1 << 20).unwrap();
                assert_eq!(vct, Some(win.plies), "{game}: {win:?}");
            }
            replay(&mut game, win.plies, true, &mut rng);
            *lengths.entry((k, win.plies)).or_insert(0) += 1;
            found += 1;
        }
    }
    eprintln!("(k, plies): positions {lengths:?}");
    assert!(lengths.keys().any(|&(k, plies)| k == 5 && plies >= 13), "{lengths:?}");
}
