//! Times the exact solver: every reachable 3×3 position, and the empty board of the known
//! m,n,k-games. Run: `cargo bench --bench ai_solve` (add `-- stretch` for 6,7,5 and 7,7,5, or
//! name boards such as `-- 5,5,5 6,6,5`, or positions as game texts, to time only those;
//! `threads=N` solves them on N threads, `nodes=K` with a budget of 2^K nodes instead of 2^30:
//! `-- 8,8,5 threads=2 nodes=40`; `wins` asks only whether the side to move wins, by
//! `ai::wins_steps`: `-- 4,9,4 wins nodes=28`). Last, how long the solve takes to give up on an
//! empty 7,7,5 under time budgets, and how long the default budget takes to prove it; with
//! `stretch`, whether X wins an empty 4,9,4 within 2^28 steps.
//! Each solve prints its steps (nodes and pairing steps, what a node budget counts) beside
//! its time, on one thread. Numbers, not pass/fail; the values themselves are checked by
//! `tests/ai_solve.rs`.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use tictactoe::ai::{best_move, solve, solve_steps, solve_threads, wins_steps, Budget};
use tictactoe::{Game, Outcome, Rules};

fn reachable(game: &mut Game, seen: &mut HashSet<String>, out: &mut Vec<Game>) {
    if game.outcome() != Outcome::Pending || !seen.insert(game.to_string()) {
        return;
    }
    out.push(game.try_clone().unwrap());
    for m in game.legal_moves().collect::<Vec<_>>() {
        game.play(m.row, m.col).unwrap();
        reachable(game, seen, out);
        game.undo().unwrap();
    }
}

fn main() {
    let stretch = std::env::args().any(|a| a == "stretch");
    let mut games = Vec::new();
    reachable(&mut Game::new(Rules::new(3, 3, 3).unwrap()).unwrap(), &mut HashSet::new(), &mut games);
    best_move(&games[0]).unwrap(); // builds the 3,3,3 table once
    let rounds = 20;
    let start = Instant::now();
    for _ in 0..rounds {
        for g in &games {
            std::hint::black_box(best_move(std::hint::black_box(g)).unwrap());
        }
    }
    let per = start.elapsed() / (rounds * games.len() as u32);
    println!("3,3,3: best_move over all {} positions: {:?} per position", games.len(), per);

    let mut boards = vec![
        (4, 4, 3),
        (3, 4, 3),
        (4, 3, 3),
        (4, 4, 4),
        (4, 5, 4),
        (5, 4, 4),
        (5, 5, 4),
        (5, 6, 4),
        (5, 5, 5),
        (6, 6, 5),
        (5, 7, 5),
        (4, 7, 4),
    ];
    if stretch {
        boards.extend([(6, 7, 5), (7, 7, 5)]);
    }
    let named: Vec<String> = std::env::args().skip(1).filter(|a| a.contains(',')).collect();
    let mut games: Vec<(String, Game)> = boards
        .into_iter()
        .map(|(rows, cols, k)| {
            (format!("{rows},{cols},{k}"), Game::new(Rules::new(rows, cols, k).unwrap()).unwrap())
        })
        .collect();
    if !named.is_empty() {
        // A board by its shape, or a position as a game text ("8,8,5:..../..../...:X").
        let game = |a: &str| match a.contains(':') {
            true => a.parse::<Game>().expect("a game text"),
            false => {
                let n: Vec<u32> = a.split(',').map(|x| x.parse().expect("rows,cols,k")).collect();
                Game::new(Rules::new(n[0], n[1], n[2]).unwrap()).unwrap()
            }
        };
        games = named.iter().map(|a| (a.clone(), game(a))).collect();
    }
    let option = |name: &str| {
        let prefix = format!("{name}=");
        std::env::args().find_map(|a| a.strip_prefix(&prefix).map(|v| v.parse::<u32>().expect("a number")))
    };
    let threads = option("threads").unwrap_or(1) as usize;
    let budget = Budget::nodes(1 << option("nodes").unwrap_or(30));
    if std::env::args().any(|a| a == "wins") {
        games.iter().for_each(|(name, game)| time_wins(name, game, budget));
        return;
    }
    for (name, game) in games {
        let start = Instant::now();
        let result = match threads {
            1 => solve_steps(&game, budget).map(|(best, steps)| (best, Some(steps))),
            _ => solve_threads(&game, budget, threads).map(|best| (best, None)),
        };
        let took: Duration = start.elapsed();
        match result {
            Ok((best, steps)) => {
                // Steps (nodes and pairing steps) beside the time: the proof's size, which a
                // clock on a shared machine does not blur.
                let steps = steps.map_or(String::new(), |s| format!(", {s} steps"));
                println!(
                    "{name}: score {:+} (move {}) in {:?}{steps}",
                    best.score,
                    tictactoe::Move::from(best),
                    took
                )
            }
            Err(e) => println!("{name}: {e} after {took:?}"),
        }
    }
    if named.is_empty() {
        // The longest default solve of these boards: best_move proves an empty 7,7,5 drawn.
        let game = Game::new(Rules::new(7, 7, 5).unwrap()).unwrap();
        let start = Instant::now();
        let result = best_move(&game).map(|best| best.score);
        println!(
            "best_move on an empty 7,7,5 (default budget): score {result:?} after {:?}",
            start.elapsed()
        );
        // What a time budget bounds that wait to (`ttt_game_best_move_within`).
        for millis in [1, 10, 50, 200] {
            let budget = Budget::millis(millis);
            let start = Instant::now();
            let result = solve(&game, budget);
            let took = start.elapsed();
            let ratio = took.as_secs_f64() * 1000.0 / millis as f64;
            println!("  with {millis} ms: {:?} after {took:?} ({ratio:.2} x the budget)", result.err());
        }
    }
    if stretch && named.is_empty() {
        // Beyond what `solve` gives within 2^30 steps: only whether the first player wins.
        time_wins("4,9,4", &Game::new(Rules::new(4, 9, 4).unwrap()).unwrap(), Budget::nodes(1 << 28));
    }
}

/// Times whether the side to move wins `game` (`ai::wins_steps`), with the steps it took.
fn time_wins(name: &str, game: &Game, budget: Budget) {
    let start = Instant::now();
    let player = game.to_move().expect("a game in play");
    match wins_steps(game, budget, player) {
        Ok((wins, steps)) => {
            println!("{name}: {player:?} to move wins: {wins}, in {:?}, {steps} steps", start.elapsed())
        }
        Err(e) => println!("{name}: whether {player:?} wins: {e} after {:?}", start.elapsed()),
    }
}
