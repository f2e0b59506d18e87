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
    pub mod replay;
}
use threats::plain::{game_move, game_near_stones, random_game, Plain};
use threats::replay::replay;
use threats::{brute, chains};

use tictactoe::ai::{self, Budget};
use tictactoe::{Error, Game, Outcome, Rules};

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
            let m = game_move(&game, 4, &mut rng);
            game.play(m.row, m.col).unwrap();
        }
    }
    found
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

/// Positions built around a chain of fours (`threats::chains`) on 15 × 15 with k = 5, on
/// boards with k = 4 and k = 6, and longer chains on 25 × 25 with k = 5, the length of whose shortest VCF the brute-force prover
/// measures: `threat_win` finds a win of exactly that length when it reports fours only, else
/// a VCT shorter still, of exactly the length the prover finds for a VCT. Each win is replayed
/// against every defence.
#[test]
fn chains_have_their_known_length() {
    let mut rng = Rng::new(17);
    let mut lengths = std::collections::BTreeMap::new();
    // (board, positions, steps): chains of more steps fit on a bigger board.
    for (rows, cols, k, count, steps) in
        [(15, 15, 5, 110, 1..=8), (12, 12, 4, 50, 1..=6), (19, 19, 6, 50, 1..=6), (25, 25, 5, 30, 8..=12)]
    {
        let mut found = 0;
        for n in steps.cycle() {
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
    assert!(lengths.keys().any(|&(k, plies)| k == 5 && plies >= 17), "{lengths:?}");
}

/// The longest VCF, and the longest VCT where it found no VCF, that the brute-force prover
/// looks for (its cost grows fast with the length).
const BRUTE_VCF_PLIES: u32 = 25;
const BRUTE_VCT_PLIES: u32 = 7;

/// The shortest threat win of `attacker`, to move on `plain`, by the brute-force prover: its VCF up to
/// `BRUTE_VCF_PLIES`, else its VCT up to `BRUTE_VCT_PLIES`; `Err` when the prover gave up.
fn brute_win(plain: &Plain, attacker: u8) -> Result<Option<u32>, brute::Capped> {
    match brute::shortest(plain, attacker, false, BRUTE_VCF_PLIES, 1 << 18)? {
        Some(vcf) => Ok(Some(vcf)),
        None => brute::shortest(plain, attacker, true, BRUTE_VCT_PLIES, 1 << 14),
    }
}

/// Positions from seeded games on 15 × 15 (k = 5), 12 × 12 (k = 4) and 15 × 15 (k = 6): where
/// the brute-force prover finds no threat win for the side to move (no VCF within 25 plies,
/// no VCT within 7), `threat_win` claims none within those lengths, and a longer claim is
/// replayed against every defence; where the prover finds one, `threat_win` finds one too, of
/// the prover's length when it reports fours only, and never longer.
#[test]
fn no_win_is_claimed_where_the_prover_finds_none() {
    let mut rng = Rng::new(29);
    let (mut none, mut some) = (0, 0);
    for &(rows, cols, k) in &[(15, 15, 5), (12, 12, 4), (15, 15, 6)] {
        let rules = Rules::new(rows, cols, k).unwrap();
        let mut game = Game::new(rules).unwrap();
        game.play(rows / 2, cols / 2).unwrap();
        for _ in 0..30 {
            let board = Plain::of(&game);
            let attacker = game.to_move().unwrap().number() as u8;
            let claim = ai::threat_win(&game, 20_000).unwrap();
            match brute_win(&board, attacker) {
                Ok(Some(plies)) => {
                    let win =
                        claim.unwrap_or_else(|| panic!("{game}: no win claimed, the prover's is {plies}"));
                    assert!(
                        win.plies <= plies && (!win.fours_only || win.plies == plies),
                        "{game}: {win:?}, {plies}"
                    );
                    some += 1;
                }
                Ok(None) => {
                    if let Some(win) = claim {
                        let beyond = if win.fours_only { BRUTE_VCF_PLIES } else { BRUTE_VCT_PLIES };
                        assert!(win.plies > beyond, "{game}: {win:?} claimed, the prover finds none");
                        replay(&mut game.try_clone().unwrap(), win.plies, true, &mut rng);
                    }
                    none += 1;
                }
                Err(brute::Capped) => {}
            }
            let m = game_move(&game, 3, &mut rng);
            if game.play(m.row, m.col).unwrap() != Outcome::Pending {
                game = Game::new(rules).unwrap();
                game.play(rows / 2, cols / 2).unwrap();
            }
        }
    }
    eprintln!("{none} positions without a threat win by the prover, {some} with one");
    assert!(none >= 30 && some >= 10, "{none} without, {some} with");
}

/// Positions on small boards where the side to move faces a three and has one defence only:
/// after every other reply the brute-force prover finds a threat win of the opponent's, and
/// after that one the exact solver proves the opponent cannot win. `threat_win` must find a
/// win after each losing reply (of the prover's length when it reports fours only, and never
/// longer), and claim none after the defence. Positions come from seeded games of moves next
/// to stones, kept when the opponent has a three and no four.
#[test]
fn one_defence_holds() {
    let mut rng = Rng::new(23);
    let (mut single, mut tried) = (0, 0);
    for &(rows, cols, k, stones) in &[(7, 7, 5, 12), (6, 6, 4, 8), (8, 8, 5, 14)] {
        let rules = Rules::new(rows, cols, k).unwrap();
        for _ in 0..800 {
            let Some(game) = game_near_stones(rules, stones, &mut rng) else { continue };
            let d = game.to_move().unwrap().number() as u8;
            let a = 3 - d;
            let mut board = Plain::of(&game);
            if !board.win_cells(d).is_empty()
                || !board.win_cells(a).is_empty()
                || board.double_fours(a).is_empty()
            {
                continue;
            }
            // Every reply but these few loses to a double four; they are worth the prover's time.
            if board.answers_to_three(d).len() > 2 {
                continue;
            }
            tried += 1;
            let mut holding = Vec::new();
            for reply in board.empty().collect::<Vec<_>>() {
                board.cells[reply] = d;
                let after: Game = board.text(a).parse().unwrap();
                let claim = ai::threat_win(&after, 20_000).unwrap();
                match brute_win(&board, a) {
                    Ok(Some(plies)) => {
                        let win = claim
                            .unwrap_or_else(|| panic!("{after}: no win claimed, the prover's is {plies}"));
                        assert!(
                            win.plies <= plies && (!win.fours_only || win.plies == plies),
                            "{after}: {win:?}, {plies}"
                        );
                    }
                    Ok(None) => holding.push((reply, after, claim)),
                    Err(brute::Capped) => holding.push((usize::MAX, after, claim)),
                }
                board.cells[reply] = 0;
            }
            if let [(reply, after, claim)] = &holding[..] {
                if *reply != usize::MAX
                    && ai::solve(after, Budget::nodes(1 << 24)).is_ok_and(|s| s.score <= 0)
                {
                    assert_eq!(*claim, None, "{after}: claimed after the one defence");
                    single += 1;
                }
            }
        }
    }
    eprintln!("{single} positions of one defence among {tried} with a three");
    assert!(single >= 6, "{single} positions of one defence among {tried}");
}
