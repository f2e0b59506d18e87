//! The board as plain cells, with threat look-ups written from the definitions (sharing no code
//! with the library): win cells, fours, double fours and the defender's real answers.

use crate::players::Rng;
use tictactoe::ai::{self, Budget};
use tictactoe::{Game, Move, Outcome, Rules};

pub const DIRS: [(i64, i64); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// A board of cells 0 (empty), 1 (X) and 2 (O).
#[derive(Clone)]
pub struct Plain {
    pub rows: i64,
    pub cols: i64,
    pub k: i64,
    pub cells: Vec<u8>,
}

impl Plain {
    pub fn of(game: &Game) -> Plain {
        let rules = game.rules();
        let (rows, cols) = (i64::from(rules.rows()), i64::from(rules.cols()));
        let cells = (0..rows * cols)
            .map(|i| game.cell((i / cols) as u32, (i % cols) as u32).unwrap().map_or(0, |p| p.number() as u8))
            .collect();
        Plain { rows, cols, k: i64::from(rules.k()), cells }
    }

    pub fn at(&self, r: i64, c: i64) -> Option<u8> {
        (r >= 0 && c >= 0 && r < self.rows && c < self.cols).then(|| self.cells[(r * self.cols + c) as usize])
    }

    /// A stone of `s` on the empty `cell` makes k in a row.
    pub fn wins_at(&self, cell: usize, s: u8) -> bool {
        let (r, c) = (cell as i64 / self.cols, cell as i64 % self.cols);
        DIRS.iter().any(|&(dr, dc)| {
            let run = |sign: i64| {
                (1..self.k).take_while(|&i| self.at(r + sign * i * dr, c + sign * i * dc) == Some(s)).count()
            };
            1 + run(1) + run(-1) >= self.k as usize
        })
    }

    /// The empty cells on the four lines through `cell`, within k - 1 of it.
    pub fn line_cells(&self, cell: usize) -> Vec<usize> {
        let (r, c) = (cell as i64 / self.cols, cell as i64 % self.cols);
        let mut out = Vec::new();
        for (dr, dc) in DIRS {
            for i in (1 - self.k)..self.k {
                if i != 0 && self.at(r + i * dr, c + i * dc) == Some(0) {
                    out.push(((r + i * dr) * self.cols + c + i * dc) as usize);
                }
            }
        }
        out
    }

    pub fn empty(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&i| self.cells[i] == 0)
    }

    /// Every cell where a stone of `s` makes k in a row.
    pub fn win_cells(&self, s: u8) -> Vec<usize> {
        self.empty().filter(|&c| self.wins_at(c, s)).collect()
    }

    /// The empty cells within k - 1 of a stone of `s` on a line, ascending: the only cells
    /// where a stone of `s` can join one of its others in a window.
    pub fn near(&self, s: u8) -> Vec<usize> {
        let mut near: Vec<usize> =
            (0..self.cells.len()).filter(|&i| self.cells[i] == s).flat_map(|i| self.line_cells(i)).collect();
        near.sort_unstable();
        near.dedup();
        near
    }

    /// The cells where the stone of `s` just put on `m` made k in a row possible at once: the
    /// win cells on the lines through `m`.
    pub fn wins_through(&self, m: usize, s: u8) -> usize {
        self.line_cells(m).into_iter().filter(|&c| self.wins_at(c, s)).count()
    }

    /// Whether a stone of `s` on the empty `c` leaves `s` two cells to win on (a double four;
    /// `s` has none before, so both are on lines through `c`).
    pub fn makes_double(&mut self, c: usize, s: u8) -> bool {
        self.cells[c] = s;
        let double = self.wins_through(c, s) >= 2;
        self.cells[c] = 0;
        double
    }

    /// The moves after which `s`, with no win cell now, has two.
    pub fn double_fours(&mut self, s: u8) -> Vec<usize> {
        self.near(s).into_iter().filter(|&m| self.makes_double(m, s)).collect()
    }

    /// Whether `m`, just played by `s` (who had no win cell), lies in a window of k cells on a
    /// line that holds no stone of the other player and at least k - 3 of `s` besides `m`:
    /// every four and every three `m` makes lies in such a window.
    pub fn could_threaten(&self, m: usize, s: u8) -> bool {
        let (r, c) = (m as i64 / self.cols, m as i64 % self.cols);
        DIRS.iter().any(|&(dr, dc)| {
            (0..self.k).any(|back| {
                let mut own = 0;
                for i in 0..self.k {
                    match self.at(r + (i - back) * dr, c + (i - back) * dc) {
                        Some(x) if x == s => own += 1,
                        Some(0) => {}
                        _ => return false,
                    }
                }
                own >= self.k - 2 // m itself counts
            })
        })
    }

    /// Whether `s` just made a threat on `m`: a four (a win cell) or a three (a double four
    /// to come). `s` had no win cell and no double four before `m`.
    pub fn threatens(&mut self, m: usize, s: u8, threes: bool) -> bool {
        if !self.could_threaten(m, s) {
            return false;
        }
        if self.wins_through(m, s) > 0 {
            return true;
        }
        threes && self.line_cells(m).into_iter().any(|c| self.makes_double(c, s))
    }

    /// Every real answer of `d`, to move, to the threat of the other player (who has no win
    /// cell and at least one double four): a cell after which the attacker has no double four,
    /// or a four of `d`'s own. Any other move loses to a double four in three plies.
    pub fn answers_to_three(&mut self, d: u8) -> Vec<usize> {
        let a = 3 - d;
        let doubles = self.double_fours(a);
        let mut candidates: Vec<usize> =
            doubles.iter().flat_map(|&m| self.line_cells(m)).chain(doubles.iter().copied()).collect();
        candidates.extend(self.near(d));
        candidates.sort_unstable();
        candidates.dedup();
        let mut answers = Vec::new();
        for r in candidates {
            self.cells[r] = d;
            let counter = self.wins_through(r, d) > 0;
            let stops = doubles.iter().all(|&c| c == r || !self.makes_double(c, a));
            self.cells[r] = 0;
            if counter || stops {
                answers.push(r);
            }
        }
        answers
    }

    /// Every reply of the defender `d` to the attacker's threat: each block of a four; else
    /// each answer to the three (any move when nothing answers it).
    pub fn defences(&mut self, d: u8) -> Vec<usize> {
        let a = 3 - d;
        assert!(self.win_cells(d).is_empty(), "the defender wins at once");
        let fours = self.win_cells(a);
        if !fours.is_empty() {
            return fours;
        }
        let threats = self.double_fours(a);
        assert!(!threats.is_empty(), "the attacker's last move threatens nothing");
        let answers = self.answers_to_three(d);
        if answers.is_empty() {
            vec![threats[0]] // nothing helps: any move loses
        } else {
            answers
        }
    }

    /// The text form of the position with `to_move` (1 or 2) to move, if a legal game can
    /// reach it that way.
    pub fn text(&self, to_move: u8) -> String {
        let rows: Vec<String> = (0..self.rows)
            .map(|r| (0..self.cols).map(|c| b".XO"[usize::from(self.at(r, c).unwrap())] as char).collect())
            .collect();
        format!(
            "{},{},{}:{}:{}",
            self.rows,
            self.cols,
            self.k,
            rows.join("/"),
            if to_move == 1 { 'X' } else { 'O' }
        )
    }
}

/// A move of the seeded games the tests take positions from: the budgeted search's (300
/// nodes), or one time in `one_in` a random empty cell next to a stone.
pub fn game_move(game: &Game, one_in: usize, rng: &mut Rng) -> Move {
    if rng.below(one_in) == 0 {
        near_stone(game, rng)
    } else {
        ai::search(game, Budget::nodes(300), rng.next_u64()).unwrap()
    }
}

/// A random empty cell next to a stone.
pub fn near_stone(game: &Game, rng: &mut Rng) -> Move {
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
    near[rng.below(near.len())]
}

/// A game of `rules` after `moves` moves, each on a random empty cell next to a stone, or
/// `None` if it ended.
pub fn game_near_stones(rules: Rules, moves: usize, rng: &mut Rng) -> Option<Game> {
    let mut game = Game::new(rules).unwrap();
    game.play(rules.rows() / 2, rules.cols() / 2).unwrap();
    for _ in 1..moves {
        let m = near_stone(&game, rng);
        if game.play(m.row, m.col).unwrap() != Outcome::Pending {
            return None;
        }
    }
    Some(game)
}

/// A game of `rules` after `moves` random legal moves chosen by `rng`, or `None` if it ended.
pub fn random_game(rules: Rules, moves: usize, rng: &mut Rng) -> Option<Game> {
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
