//! Plain references written from the rules and the validity rule (docs/rules.md), independent of the library's line code: a
//! board is a `Vec<u8>` (0 empty, 1 X, 2 O) and every question is answered by scanning it.
#![allow(dead_code)]

/// Reads fuzz bytes front to back; past the end it yields zeros.
pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    pub fn byte(&mut self) -> u8 {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        b
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Small board sizes: 1..=max_side per side, 1 <= k <= max(rows, cols).
    pub fn size(&mut self, max_side: u8) -> (u32, u32, u32) {
        let rows = 1 + self.byte() % max_side;
        let cols = 1 + self.byte() % max_side;
        let k = 1 + self.byte() % rows.max(cols);
        (rows as u32, cols as u32, k as u32)
    }
}

const DIRS: [(i64, i64); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Every line of k cells (as row-major indices) held entirely by `stone`.
pub fn lines_of(cells: &[u8], rows: u32, cols: u32, k: u32, stone: u8) -> Vec<Vec<usize>> {
    let (rows, cols, k) = (rows as i64, cols as i64, k as i64);
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            for (dr, dc) in DIRS {
                // A straight line is on the board when both its ends are. (Checked before
                // anything is allocated: the fuzzers call this on every input.)
                let (last_r, last_c) = (r + (k - 1) * dr, c + (k - 1) * dc);
                let inside = last_r >= 0 && last_c >= 0 && last_r < rows && last_c < cols;
                let cell = |i: i64| ((r + i * dr) * cols + c + i * dc) as usize;
                if inside && (0..k).all(|i| cells[cell(i)] == stone) {
                    out.push((0..k).map(cell).collect());
                }
            }
        }
    }
    out
}

/// Does the stone just placed at `cell` complete k in a row?
pub fn completes_line(cells: &[u8], rows: u32, cols: u32, k: u32, cell: usize) -> bool {
    lines_of(cells, rows, cols, k, cells[cell]).iter().any(|line| line.contains(&cell))
}

/// the validity rule, reasons in the order of `TttVerdict` (0 = valid).
pub fn verdict(cells: &[u8], rows: u32, cols: u32, k: u32) -> u32 {
    let x = cells.iter().filter(|&&c| c == 1).count();
    let o = cells.iter().filter(|&&c| c == 2).count();
    let xl = lines_of(cells, rows, cols, k, 1);
    let ol = lines_of(cells, rows, cols, k, 2);
    // A stone on every line of a player.
    let shared = |lines: &Vec<Vec<usize>>| lines[0].iter().any(|c| lines.iter().all(|l| l.contains(c)));
    if o > x {
        1
    } else if x > o + 1 {
        2
    } else if !xl.is_empty() && !ol.is_empty() {
        3
    } else if !xl.is_empty() && x != o + 1 {
        4
    } else if !ol.is_empty() && x != o {
        5
    } else if !xl.is_empty() && !shared(&xl) {
        6
    } else if !ol.is_empty() && !shared(&ol) {
        7
    } else {
        0
    }
}

/// Board text (the C API's "Valid State"): 'X', 'O', ' ' or '.'; '/' and '\n' skipped. None for
/// any other byte or a cell count other than `n`.
pub fn parse(text: &[u8], n: usize) -> Option<Vec<u8>> {
    let mut cells = Vec::new();
    for &b in text {
        match b {
            b'X' => cells.push(1),
            b'O' => cells.push(2),
            b' ' | b'.' => cells.push(0),
            b'/' | b'\n' => {}
            _ => return None,
        }
    }
    (cells.len() == n).then_some(cells)
}
