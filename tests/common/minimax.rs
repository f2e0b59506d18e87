//! A plain minimax for m,n,k-games, the reference for the exact solver: written from the
//! rules alone (std only, nothing from the library), shared by `tests/ai_solve.rs` and the
//! `solve` fuzz target (which includes this file by path).
#![allow(dead_code)]

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Plain minimax over row-major cells, memoized on the board and the side to move (the same
/// board has a different side to move when player 2 opened). The score of a move is the API's:
/// +N win with the game ending N plies from now, -N loss, 0 draw.
pub struct Reference {
    shape: (i64, i64, i64),
    /// Keyed by [`Reference::key`]: the board at two bits a cell, and the side to move.
    pub memo: HashMap<Vec<u64>, i32, BuildHasherDefault<WordHasher>>,
}

/// A multiply-and-rotate hash of whole words: the memo's keys are packed boards, where the
/// standard hasher's byte-at-a-time mixing would cost more than the search it saves.
#[derive(Default)]
pub struct WordHasher(u64);

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.write_u64(b.into()));
    }
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
    fn finish(&self) -> u64 {
        // The multiplications carry each bit only upwards: fold the high half down, so the low
        // bits that pick a bucket depend on every cell.
        let x = (self.0 ^ (self.0 >> 32)).wrapping_mul(0x94_d0_49_bb_13_31_11_eb);
        x ^ (x >> 29)
    }
}

impl Reference {
    /// For boards of `rows` x `cols` with `k` in a row.
    pub fn new(rows: u32, cols: u32, k: u32) -> Reference {
        Reference { shape: (rows.into(), cols.into(), k.into()), memo: HashMap::default() }
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
    pub fn move_scores(&mut self, cells: &mut [u8], mover: u8) -> Vec<(usize, i32)> {
        let mut key = Reference::key(cells, mover);
        let empty = cells.iter().filter(|&&c| c == 0).count();
        self.scores(cells, &mut key, empty, mover, false)
    }

    /// The memo's key: each cell's 0, 1 or 2 at two bits, then the side to move in a last word.
    fn key(cells: &[u8], mover: u8) -> Vec<u64> {
        let mut key = vec![0; cells.len().div_ceil(32) + 1];
        for (cell, &c) in cells.iter().enumerate() {
            key[cell / 32] |= u64::from(c) << (2 * (cell % 32));
        }
        *key.last_mut().unwrap() = mover.into();
        key
    }

    /// [`Reference::move_scores`] with the key and the count of empty cells kept up to date.
    /// With `to_first_win`, the list ends at the first move that wins at once: no move scores
    /// better, so the best score is the same.
    fn scores(
        &mut self,
        cells: &mut [u8],
        key: &mut [u64],
        empty: usize,
        mover: u8,
        to_first_win: bool,
    ) -> Vec<(usize, i32)> {
        let mut out = Vec::new();
        let last = key.len() - 1;
        for cell in 0..cells.len() {
            if cells[cell] != 0 {
                continue;
            }
            let (word, bits) = (cell / 32, u64::from(mover) << (2 * (cell % 32)));
            cells[cell] = mover;
            key[word] ^= bits;
            let score = if self.wins(cells, cell) {
                1
            } else if empty == 1 {
                0
            } else {
                key[last] = (3 - mover).into();
                let reply = self.value(cells, key, empty - 1, 3 - mover);
                key[last] = mover.into();
                -(reply + reply.signum())
            };
            cells[cell] = 0;
            key[word] ^= bits;
            out.push((cell, score));
            if to_first_win && score == 1 {
                break;
            }
        }
        out
    }

    fn value(&mut self, cells: &mut [u8], key: &mut [u64], empty: usize, mover: u8) -> i32 {
        if let Some(&v) = self.memo.get(&*key) {
            return v;
        }
        let v = best_of(&self.scores(cells, key, empty, mover, true));
        self.memo.insert(key.to_vec(), v);
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
