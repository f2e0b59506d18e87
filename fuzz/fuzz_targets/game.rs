//! A game driven through the C ABI by arbitrary operations (move as either player or a bad
//! one, play, undo, redo, reset, clone, text round trip) on boards up to 5 × 5 and on 9 × 9
//! and 10 × 10 with k = n, against a
//! plain model of the rules: the same status for every call, and after every call the same
//! cells, result, side to move, starter, move list and a winning line that is a maximal run
//! of the winner's stones through the winning move.
#![no_main]

mod naive;

use std::ptr::null_mut;

use libfuzzer_sys::fuzz_target;
use naive::Bytes;
use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;

struct Model {
    rows: u32,
    cols: u32,
    k: u32,
    cells: Vec<u8>,
    history: Vec<usize>,
    redo: Vec<usize>,
    first: u8,
    /// Who opens the empty board the game began with: 1, or the player its text named.
    start: u8,
    /// Who made the opening move that redo would replay.
    undone_first: u8,
    /// 0 pending, 1 or 2 won, 3 draw.
    result: u8,
    /// The winning move, once won.
    win: Option<usize>,
}

impl Model {
    fn new(rows: u32, cols: u32, k: u32) -> Model {
        let cells = vec![0; (rows * cols) as usize];
        Model {
            rows,
            cols,
            k,
            cells,
            history: vec![],
            redo: vec![],
            first: 1,
            start: 1,
            undone_first: 1,
            result: 0,
            win: None,
        }
    }

    fn placed(&self) -> usize {
        self.cells.iter().filter(|&&c| c != 0).count()
    }

    fn next(&self) -> u8 {
        if self.placed().is_multiple_of(2) {
            self.first
        } else {
            3 - self.first
        }
    }

    fn place(&mut self, cell: usize, player: u8) {
        if self.placed() == 0 {
            self.first = player;
        }
        self.cells[cell] = player;
        self.history.push(cell);
        if naive::completes_line(&self.cells, self.rows, self.cols, self.k, cell) {
            (self.result, self.win) = (player, Some(cell));
        } else if self.placed() == self.cells.len() {
            self.result = 3;
        }
    }

    /// ttt_game_move's checks in their documented order, then the move.
    fn move_as(&mut self, row: u32, col: u32, player: u32) -> TttStatus {
        if !(1..=2).contains(&player) {
            return TTT_INVALID_ARGUMENT;
        }
        if row >= self.rows || col >= self.cols {
            return TTT_OUT_OF_BOUNDS;
        }
        if self.result != 0 {
            return TTT_GAME_OVER;
        }
        if self.placed() > 0 && player as u8 != self.next() {
            return TTT_WRONG_TURN;
        }
        let cell = (row * self.cols + col) as usize;
        if self.cells[cell] != 0 {
            return TTT_CELL_OCCUPIED;
        }
        self.place(cell, player as u8);
        self.redo.clear();
        TTT_OK
    }

    fn undo(&mut self) -> TttStatus {
        let Some(cell) = self.history.pop() else { return TTT_NOTHING_TO_UNDO };
        self.cells[cell] = 0;
        self.redo.push(cell);
        (self.result, self.win) = (0, None);
        if self.placed() == 0 {
            // Undo is a move's exact inverse: the first move goes back to where the game began.
            (self.undone_first, self.first) = (self.first, self.start);
        }
        TTT_OK
    }

    fn redo(&mut self) -> TttStatus {
        let Some(cell) = self.redo.pop() else { return TTT_NOTHING_TO_REDO };
        if self.placed() == 0 {
            self.first = self.undone_first;
        }
        self.place(cell, self.next());
        TTT_OK
    }
}

/// Reads a list through a `(game, out, capacity, &count)` function.
fn list<T: Copy + Default>(
    game: *const TttGame,
    f: unsafe extern "C" fn(*const TttGame, *mut T, usize, *mut usize) -> TttStatus,
) -> Vec<T> {
    let mut out = vec![T::default(); 100];
    let mut count = usize::MAX;
    // SAFETY: `game` is live; `out` has 100 items, as many as any board here has cells.
    assert_eq!(unsafe { f(game, out.as_mut_ptr(), out.len(), &mut count) }, TTT_OK);
    out.truncate(count);
    out
}

fn get<T: Copy>(
    game: *const TttGame,
    init: T,
    f: unsafe extern "C" fn(*const TttGame, *mut T) -> TttStatus,
) -> T {
    let mut v = init;
    // SAFETY: `game` is live; `v` is writable.
    assert_eq!(unsafe { f(game, &mut v) }, TTT_OK);
    v
}

fn check(game: *const TttGame, m: &Model) {
    assert_eq!(list(game, ttt_game_cells), m.cells);
    let result = get(game, TttResult::TTT_PENDING, ttt_game_result);
    assert_eq!(result as u8, m.result);
    let to_move = if m.result == 0 { m.next() } else { 0 };
    assert_eq!(get(game, 9, ttt_game_to_move), u32::from(to_move));
    assert_eq!(get(game, 9, ttt_game_first_player), u32::from(m.first));
    assert_eq!(get(game, 9, ttt_game_move_count), m.placed());
    let moves: Vec<usize> = list(game, ttt_game_moves).iter().map(|&c| c as usize).collect();
    assert_eq!(moves, m.history);
    let legal: Vec<usize> = list(game, ttt_game_legal_moves).iter().map(|&c| c as usize).collect();
    let empty = (0..m.cells.len()).filter(|&c| m.result == 0 && m.cells[c] == 0);
    assert_eq!(legal, empty.collect::<Vec<_>>());
    check_line(&list(game, ttt_game_winning_line), m);
}

/// The winning line: none unless won; else a run of at least k of the winner's stones, end to
/// end in one direction, through the winning move, that cannot be extended at either end.
fn check_line(line: &[u32], m: &Model) {
    let Some(win) = m.win.filter(|_| m.result == 1 || m.result == 2) else {
        assert!(line.is_empty(), "{line:?}");
        return;
    };
    let (cols, rows) = (m.cols as i64, m.rows as i64);
    let at = |c: u32| (c as i64 / cols, c as i64 % cols);
    assert!(line.len() >= m.k as usize && line.contains(&(win as u32)), "{line:?}");
    assert!(line.iter().all(|&c| m.cells[c as usize] == m.result));
    let (r0, c0) = at(line[0]);
    let (dr, dc) = if line.len() > 1 { (at(line[1]).0 - r0, at(line[1]).1 - c0) } else { (0, 1) };
    assert!([(0, 1), (1, 0), (1, 1), (1, -1)].contains(&(dr, dc)), "{line:?}");
    for (i, &c) in line.iter().enumerate() {
        assert_eq!(at(c), (r0 + i as i64 * dr, c0 + i as i64 * dc), "{line:?}");
    }
    let stone = |(r, c): (i64, i64)| {
        (r >= 0 && c >= 0 && r < rows && c < cols).then(|| m.cells[(r * cols + c) as usize])
    };
    let n = line.len() as i64;
    assert_ne!(stone((r0 - dr, c0 - dc)), Some(m.result), "extends before {line:?}");
    assert_ne!(stone((r0 + n * dr, c0 + n * dc)), Some(m.result), "extends after {line:?}");
}

fn text(game: *const TttGame) -> Vec<u8> {
    let mut buf = vec![0u8; 256];
    let mut len = 0;
    // SAFETY: `game` is live; `buf` has 256 bytes, more than a 10 × 10 game's text (123).
    assert_eq!(unsafe { ttt_game_to_text(game, buf.as_mut_ptr().cast(), buf.len(), &mut len) }, TTT_OK);
    buf.truncate(len);
    buf
}

/// One operation on the game (which it may replace) and the model.
fn step(op: u8, bytes: &mut Bytes, game: &mut *mut TttGame, m: &mut Model) {
    let cells = m.cells.len();
    let coord = |b: u8, n: u32| u32::from(b) % (n + 1); // sometimes one past the edge
    let mut out = 0u32;
    let mut result = TttResult::TTT_PENDING;
    // SAFETY (every call below): `*game` is a live handle and the out-pointers are writable.
    let (got, want) = match op % 8 {
        0 => {
            let (r, c, p) =
                (coord(bytes.byte(), m.rows), coord(bytes.byte(), m.cols), u32::from(bytes.byte() % 4));
            let got = unsafe { ttt_game_move(*game, r, c, p, &mut out) };
            let want = m.move_as(r, c, p);
            if want == TTT_OK {
                assert_eq!(out, if m.result == 1 || m.result == 2 { u32::from(m.result) } else { 0 });
            }
            (got, want)
        }
        1..=3 => {
            // Mostly a legal move, so that games get somewhere.
            let (r, c) = if op % 8 == 1 {
                (coord(bytes.byte(), m.rows), coord(bytes.byte(), m.cols))
            } else {
                let empty: Vec<usize> = (0..cells).filter(|&c| m.cells[c] == 0).collect();
                let cell = empty.get(bytes.byte() as usize % empty.len().max(1)).copied().unwrap_or(0);
                (cell as u32 / m.cols, cell as u32 % m.cols)
            };
            let next = u32::from(m.next());
            let want = m.move_as(r, c, next);
            // The side to move plays through `ttt_game_play`, or names itself to
            // `ttt_game_move` (whose tallied bodies take n x n boards with k = n).
            let got = if op % 8 == 3 {
                let got = unsafe { ttt_game_move(*game, r, c, next, &mut out) };
                if want == TTT_OK {
                    assert_eq!(out, if m.result == 1 || m.result == 2 { u32::from(m.result) } else { 0 });
                }
                got
            } else {
                let got = unsafe { ttt_game_play(*game, r, c, &mut result) };
                if want == TTT_OK {
                    assert_eq!(result as u8, m.result);
                }
                got
            };
            (got, want)
        }
        4 => (unsafe { ttt_game_undo(*game) }, m.undo()),
        5 => (unsafe { ttt_game_redo(*game) }, m.redo()),
        6 if bytes.byte().is_multiple_of(4) => {
            *m = Model::new(m.rows, m.cols, m.k);
            (unsafe { ttt_game_reset(*game) }, TTT_OK)
        }
        6 => (unsafe { ttt_game_undo(*game) }, m.undo()),
        _ => {
            let mut copy = null_mut();
            let status = if bytes.byte().is_multiple_of(2) {
                unsafe { ttt_game_clone(*game, &mut copy) }
            } else {
                // The text keeps the position, whose turn it is and who started; not the history.
                let t = text(*game);
                let status = unsafe { ttt_game_from_text(t.as_ptr().cast(), t.len(), &mut copy) };
                assert_eq!(text(copy), t);
                (m.history, m.redo, m.start) = (vec![], vec![], m.first);
                status
            };
            unsafe { ttt_game_free(*game) };
            *game = copy;
            (status, TTT_OK)
        }
    };
    assert_eq!(got, want, "op {op}");
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    // A quarter of the games on a 9 x 9 or 10 x 10 board with k = n: the smallest that take
    // `ttt_game_move`'s tallied bodies (src/ffi/moves.rs).
    let (rows, cols, k) = match bytes.byte() % 8 {
        0 => (9, 9, 9),
        1 => (10, 10, 10),
        _ => bytes.size(5),
    };
    let mut game = null_mut();
    // SAFETY: `game` is writable.
    assert_eq!(unsafe { ttt_game_new(rows, cols, k, &mut game) }, TTT_OK);
    let mut model = Model::new(rows, cols, k);
    while !bytes.is_empty() {
        let op = bytes.byte();
        step(op, &mut bytes, &mut game, &mut model);
        check(game, &model);
    }
    // SAFETY: the live handle, freed once.
    unsafe { ttt_game_free(game) };
});
