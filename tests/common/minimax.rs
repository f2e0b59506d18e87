//! A plain minimax for m,n,k-games, the reference for the exact solver: written from the
//! rules alone (std only, nothing from the library), shared by `tests/ai_solve.rs` and the
//! `solve` fuzz target (which includes this file by path).
#![allow(dead_code)]

use std::collections::HashMap;

/// Plain minimax over row-major cells, memoized on the board and the side to move (the same
/// board has a different side to move when player 2 opened). The score of a move is the API's:
/// +N win with the game ending N plies from now, -N loss, 0 draw.
pub struct Reference {
    shape: (i64, i64, i64),
    pub memo: HashMap<(Vec<u8>, u8), i32>,
}

impl Reference {
    /// For boards of `rows` x `cols` with `k` in a row.
    pub fn new(rows: u32, cols: u32, k: u32) -> Reference {
        Reference { shape: (rows.into(), cols.into(), k.into()), memo: HashMap::new() }
    }

    /// Does the stone at `cell` complete k in a row? Checked by walking, independent of the
    /// library's line code.
    pub fn wins(&self, cells: &[u8], cell: usize) -> bool {
        let (rows, cols, k) = self.shape;
        let (r, c) = (cell as i64 / cols, cell as i64 % cols);
        [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
            let count = |sign: i64| {
                (1..k)
                    .take_while(|i| {
                        let (rr, cc) = (r + sign * i * dr, c + sign * i * dc);
                        rr >= 0
                            && cc >= 0
                            && rr < rows
                            && cc < cols
                            && cells[(rr * cols + cc) as usize] == cells[cell]
                    })
                    .count() as i64
            };
            1 + count(1) + count(-1) >= k
        })
    }

    /// Scores of every legal move for `mover` (1 or 2) on a position where nobody has won.
    pub fn move_scores(&mut self, cells: &mut Vec<u8>, mover: u8) -> Vec<(usize, i32)> {
        let mut out = Vec::new();
        for cell in 0..cells.len() {
            if cells[cell] != 0 {
                continue;
            }
            cells[cell] = mover;
            let score = if self.wins(cells, cell) {
                1
            } else if cells.iter().all(|&c| c != 0) {
                0
            } else {
                let reply = self.value(cells, 3 - mover);
                -(reply + reply.signum())
            };
            cells[cell] = 0;
            out.push((cell, score));
        }
        out
    }

    fn value(&mut self, cells: &mut Vec<u8>, mover: u8) -> i32 {
        if let Some(&v) = self.memo.get(&(cells.clone(), mover)) {
            return v;
        }
        let v = best_of(&self.move_scores(cells, mover));
        self.memo.insert((cells.clone(), mover), v);
        v
    }
}

/// How good a score is for the mover: a faster win, then a draw, then a slower loss.
fn rank(score: i32) -> i32 {
    match score.signum() {
        1 => 1000 - score,
        -1 => -1000 - score,
        _ => 0,
    }
}

pub fn best_of(scores: &[(usize, i32)]) -> i32 {
    scores.iter().map(|m| m.1).max_by_key(|&s| rank(s)).unwrap()
}

/// The moves keeping the value: winning moves of a win, drawing moves of a draw, all of a loss.
pub fn is_optimal_set(scores: &[(usize, i32)], best: i32) -> Vec<usize> {
    scores.iter().filter(|&&(_, s)| best < 0 || s.signum() == best.signum()).map(|m| m.0).collect()
}
