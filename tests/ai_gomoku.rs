//! The search's tactics where k is 4 to 6 (the pattern search), on random positions judged by
//! a brute-force oracle written here: it takes a five, blocks a four, keeps a win by fours
//! when it has one, and answers the opponent's win by fours (a four-three, a double four to
//! come) when some move does.

use tictactoe::ai::{self, Budget};
use tictactoe::Game;

/// A square board of stones (0 empty, 1 X, 2 O), k in a row to win.
#[derive(Clone)]
struct Pos {
    n: usize,
    k: usize,
    cells: Vec<u8>,
}

impl Pos {
    /// Whether `side` on the empty `cell` makes k in a row.
    fn wins_at(&self, cell: usize, side: u8) -> bool {
        let (r, c) = ((cell / self.n) as i64, (cell % self.n) as i64);
        [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
            let run = |sign: i64| {
                (1..self.k as i64)
                    .take_while(|&s| {
                        let (rr, cc) = (r + sign * s * dr, c + sign * s * dc);
                        (0..self.n as i64).contains(&rr)
                            && (0..self.n as i64).contains(&cc)
                            && self.cells[(rr * self.n as i64 + cc) as usize] == side
                    })
                    .count()
            };
            run(1) + run(-1) + 1 >= self.k
        })
    }

    fn winning_cells(&self, side: u8) -> Vec<usize> {
        (0..self.cells.len()).filter(|&c| self.cells[c] == 0 && self.wins_at(c, side)).collect()
    }

    /// Empty cells with a stone within two rows and columns.
    fn near(&self) -> Vec<usize> {
        let n = self.n as i64;
        (0..self.cells.len())
            .filter(|&c| {
                let (r, col) = ((c / self.n) as i64, (c % self.n) as i64);
                self.cells[c] == 0
                    && (-2..=2).any(|dr| {
                        (-2..=2).any(|dc| {
                            let (rr, cc) = (r + dr, col + dc);
                            (0..n).contains(&rr)
                                && (0..n).contains(&cc)
                                && self.cells[(rr * n + cc) as usize] != 0
                        })
                    })
            })
            .collect()
    }

    /// Whether `att`, to move, wins by at most `fours` fours (each answered by its one block),
    /// blocking the defender's four first when it has one.
    fn wins_by_fours(&mut self, att: u8, fours: u32) -> bool {
        let def = 3 - att;
        if !self.winning_cells(att).is_empty() {
            return true;
        }
        let threats = self.winning_cells(def);
        if threats.len() >= 2 || fours == 0 {
            return false;
        }
        let moves = if threats.len() == 1 { threats } else { self.near() };
        for m in moves {
            self.cells[m] = att;
            let wins = self.winning_cells(att);
            let won = match wins[..] {
                [] => false,
                [w] => {
                    self.cells[w] = def;
                    let won = self.wins_by_fours(att, fours - 1);
                    self.cells[w] = 0;
                    won
                }
                _ => true,
            };
            self.cells[m] = 0;
            if won {
                return true;
            }
        }
        false
    }

    /// The game of this position with `to_move` next.
    fn game(&self, to_move: char) -> Game {
        let rows: Vec<String> = self
            .cells
            .chunks(self.n)
            .map(|row| row.iter().map(|&s| ['.', 'X', 'O'][usize::from(s)]).collect())
            .collect();
        format!("{},{},{}:{}:{to_move}", self.n, self.n, self.k, rows.join("/")).parse().unwrap()
    }
}

/// SplitMix64, for positions.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((u128::from(z ^ (z >> 31)) * n as u128) >> 64) as usize
    }
}

/// A position of `stones` random stones near the middle, as many X as O (X to move), where
/// nobody has k in a row yet.
fn random_position(n: usize, k: usize, stones: usize, rng: &mut Rng) -> Pos {
    loop {
        let mut p = Pos { n, k, cells: vec![0; n * n] };
        let mut ok = true;
        for i in 0..stones {
            let side = 1 + (i % 2) as u8;
            let (r, c) = (n / 2 - 3 + rng.below(7), n / 2 - 3 + rng.below(7));
            let cell = r * n + c;
            if p.cells[cell] != 0 {
                continue;
            }
            ok &= !p.wins_at(cell, side);
            p.cells[cell] = side;
        }
        let (x, o) =
            (p.cells.iter().filter(|&&s| s == 1).count(), p.cells.iter().filter(|&&s| s == 2).count());
        if ok && x == o {
            return p;
        }
    }
}

fn search(p: &Pos, nodes: u64) -> usize {
    let game = p.game('X');
    let m = ai::search(&game, Budget::nodes(nodes), 3).unwrap();
    m.row as usize * p.n + m.col as usize
}

const SHAPES: [(usize, usize); 3] = [(15, 5), (11, 4), (15, 6)];

#[test]
#[cfg_attr(miri, ignore)] // hundreds of searches
fn takes_a_five_and_blocks_a_four() {
    let mut rng = Rng(1);
    let (mut fives, mut blocks) = (0, 0);
    for (n, k) in SHAPES {
        for _ in 0..400 {
            let p = random_position(n, k, 2 * (4 + rng.below(8)), &mut rng);
            let (mine, theirs) = (p.winning_cells(1), p.winning_cells(2));
            if !mine.is_empty() {
                let m = search(&p, 2000);
                assert!(mine.contains(&m), "takes the five: {m} of {mine:?} in {}", p.game('X'));
                fives += 1;
            } else if theirs.len() == 1 {
                let m = search(&p, 2000);
                assert_eq!(m, theirs[0], "blocks the four in {}", p.game('X'));
                blocks += 1;
            }
        }
    }
    assert!(fives >= 20 && blocks >= 20, "{fives} fives, {blocks} blocks");
}

#[test]
#[cfg_attr(miri, ignore)] // hundreds of searches
fn keeps_a_win_by_fours() {
    let mut rng = Rng(2);
    let mut found = 0;
    for (n, k) in SHAPES {
        for _ in 0..300 {
            let mut p = random_position(n, k, 2 * (5 + rng.below(8)), &mut rng);
            if !p.winning_cells(1).is_empty() || !p.winning_cells(2).is_empty() || !p.wins_by_fours(1, 3) {
                continue;
            }
            let m = search(&p, 20_000);
            let before = p.game('X');
            p.cells[m] = 1;
            // O to move now: X's win must stand against its one block.
            let wins = p.winning_cells(1);
            let keeps = match wins[..] {
                [] => false,
                [w] => {
                    p.cells[w] = 2;
                    p.wins_by_fours(1, 2)
                }
                _ => true,
            };
            assert!(keeps, "lost the win by fours with {m} in {before}");
            found += 1;
        }
    }
    assert!(found >= 15, "only {found} positions with a win by fours");
}

#[test]
#[cfg_attr(miri, ignore)] // hundreds of searches
fn answers_a_win_by_fours() {
    let mut rng = Rng(3);
    let mut found = 0;
    for (n, k) in SHAPES {
        for _ in 0..300 {
            let mut p = random_position(n, k, 2 * (5 + rng.below(8)), &mut rng);
            if !p.winning_cells(1).is_empty() || !p.winning_cells(2).is_empty() || p.wins_by_fours(1, 3) {
                continue;
            }
            // O threatens to win by fours if X lets it move; some X move must stop that.
            if !p.wins_by_fours(2, 2) {
                continue;
            }
            let stops = |p: &mut Pos, m: usize| {
                p.cells[m] = 1;
                let stopped = !p.wins_by_fours(2, 2);
                p.cells[m] = 0;
                stopped
            };
            if !p.near().into_iter().any(|m| stops(&mut p, m)) {
                continue;
            }
            let m = search(&p, 20_000);
            assert!(stops(&mut p, m), "{m} lets O win by fours in {}", p.game('X'));
            found += 1;
        }
    }
    assert!(found >= 15, "only {found} positions with a threat to answer");
}
