//! Times the threat search (`ai::threat_win`) on positions with a known win and on positions
//! without one: chains of fours built to a chosen length (the test suite's, `tests/threats`)
//! and positions from seeded games of the budgeted search on 15 × 15 (k = 5). Per group: the
//! positions, how many wins were found within the budget, the time of a call (median and
//! worst, on the clock), and nodes per processor-second (this thread's time on a processor
//! over the group, which other jobs on a loaded machine do not inflate; the kernel counts it
//! in ticks of a few milliseconds, so only a group's sum means something). Run: `cargo bench --bench threats`, or `-- first` to time
//! the search's own call (`threat_move`, any win, no shorter VCT looked for after a VCF).
//! Numbers, not pass/fail.

#[path = "../examples/ai_match/players.rs"]
#[allow(dead_code)] // only its Rng is used here
mod players;

#[path = "../tests/threats"]
#[allow(dead_code)] // the bench uses the chains and the board, not every look-up
mod threats {
    pub mod chains;
    pub mod plain;
}

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use players::Rng;
use tictactoe::ai;
use tictactoe::internals::{threat_move, threat_win_nodes};
use tictactoe::{Game, Outcome, Rules};

/// The node budget of every call timed.
const NODES: u64 = 200_000;

/// One timed call: the win found (plies, fours only), the nodes, the time on the clock and
/// on a processor.
struct Run {
    win: Option<(u32, bool)>,
    nodes: u64,
    time: Duration,
    cpu: Duration,
}

/// This thread's time on a processor so far (Linux's schedstat, in nanoseconds).
fn cpu() -> Duration {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    Duration::from_nanos(text.split_whitespace().next().and_then(|t| t.parse().ok()).unwrap_or(0))
}

/// Times `threat_win` on `game`, or with `first` the search's `threat_move` (which reports no
/// length: its wins are grouped as "VCT 0").
fn timed(game: &Game, first: bool) -> Run {
    let (start, start_cpu) = (Instant::now(), cpu());
    let (win, nodes) = if first {
        let (cell, nodes) = threat_move(game, NODES, None).unwrap();
        (cell.map(|_| (0, false)), nodes)
    } else {
        let (win, nodes) = threat_win_nodes(game, NODES).unwrap();
        (win.map(|w| (w.plies, w.fours_only)), nodes)
    };
    Run { win, nodes, time: start.elapsed(), cpu: cpu() - start_cpu }
}

/// Prints one row: the group's name, its positions and wins found, median and worst time,
/// and nodes per second over the group.
fn report(name: &str, runs: &[Run]) {
    if runs.is_empty() {
        return;
    }
    let mut times: Vec<Duration> = runs.iter().map(|r| r.time).collect();
    times.sort_unstable();
    let nodes: u64 = runs.iter().map(|r| r.nodes).sum();
    let total: Duration = runs.iter().map(|r| r.cpu).sum();
    let found = runs.iter().filter(|r| r.win.is_some()).count();
    // A group shorter than the kernel's tick may show no processor time at all.
    let rate = if total.is_zero() {
        "-".to_string()
    } else {
        format!("{:.2}", nodes as f64 / total.as_secs_f64() / 1e6)
    };
    println!(
        "{name:<34} {:>4} positions {found:>4} found  median {:>9.3?}  worst {:>9.3?}  mean nodes {:>7}  {rate:>5} M nodes/cpu-s",
        runs.len(),
        times[times.len() / 2],
        times[times.len() - 1],
        nodes / runs.len() as u64,
    );
}

/// Runs grouped by the kind and length of the win found: "VCF 5", "VCT 9", "none".
fn by_win(runs: Vec<Run>) -> BTreeMap<(u32, &'static str), Vec<Run>> {
    let mut groups: BTreeMap<(u32, &'static str), Vec<Run>> = BTreeMap::new();
    for run in runs {
        let key = match run.win {
            Some((plies, true)) => (plies, "VCF"),
            Some((plies, false)) => (plies, "VCT"),
            None => (u32::MAX, "none"),
        };
        groups.entry(key).or_default().push(run);
    }
    groups
}

/// Positions from seeded games on `rules`: both sides play the budgeted search with a random
/// move near a stone now and then; every position up to the first where a win is found.
fn game_positions(rules: Rules, games: usize, seed: u64) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut game = Game::new(rules).unwrap();
        game.play(rules.rows() / 2, rules.cols() / 2).unwrap();
        while game.outcome() == Outcome::Pending {
            positions.push(game.try_clone().unwrap());
            if ai::threat_win(&game, 20_000).unwrap().is_some() {
                break;
            }
            let m = threats::plain::game_move(&game, 4, &mut rng);
            game.play(m.row, m.col).unwrap();
        }
    }
    positions
}

fn main() {
    let first = std::env::args().any(|a| a == "first");
    println!("threat search, {NODES} nodes a call{}", if first { ", the search's call" } else { "" });
    let mut rng = Rng::new(17);
    for (rows, cols, k, count, steps) in
        [(15, 15, 5, 110, 1..=8), (12, 12, 4, 50, 1..=6), (19, 19, 6, 50, 1..=6), (25, 25, 5, 30, 8..=12)]
    {
        let mut runs = Vec::new();
        for n in steps.cycle() {
            if runs.len() == count {
                break;
            }
            let Some(plain) = threats::chains::chain(rows, cols, k, n, &mut rng) else { continue };
            let game: Game = plain.text(1).parse().unwrap();
            runs.push(timed(&game, first));
        }
        report(&format!("chains {rows},{cols},{k}"), &runs);
        for ((plies, kind), group) in by_win(runs) {
            if plies != u32::MAX {
                report(&format!("  {kind} {plies}"), &group);
            } else {
                report("  none", &group);
            }
        }
    }
    let positions = game_positions(Rules::new(15, 15, 5).unwrap(), 40, 3);
    let runs: Vec<Run> = positions.iter().map(|g| timed(g, first)).collect();
    report("games 15,15,5", &runs);
    for ((plies, kind), group) in by_win(runs) {
        if plies != u32::MAX {
            report(&format!("  {kind} {plies}"), &group);
        } else {
            report("  none", &group);
        }
    }
}
