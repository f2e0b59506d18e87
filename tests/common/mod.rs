//! Helpers shared by the integration tests.

// Each test binary uses only some of these helpers.
#![allow(dead_code)]

pub mod c_tools;
pub mod minimax;

/// A small deterministic generator (splitmix64), so every randomized test reproduces.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), up to a negligible modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

impl Rng {
    /// Uniform in `0..n` (n > 0) as an index.
    pub fn pick(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }
}

/// A game handle from the C ABI that frees itself, so failing assertions do not leak (Miri).
pub struct Handle(pub *mut tictactoe::ffi::TttGame);

impl Drop for Handle {
    fn drop(&mut self) {
        unsafe { tictactoe::ffi::ttt_game_free(self.0) };
    }
}

impl Handle {
    /// A new empty game; panics unless `ttt_game_new` succeeds.
    pub fn new(rows: u32, cols: u32, k: u32) -> Handle {
        let mut g = std::ptr::null_mut();
        let status = unsafe { tictactoe::ffi::ttt_game_new(rows, cols, k, &mut g) };
        assert_eq!(status, tictactoe::ffi::TttStatus::TTT_OK);
        Handle(g)
    }

    /// A copy of the game behind the handle, to compare before and after a call.
    pub fn game(&self) -> tictactoe::Game {
        unsafe { &*self.0 }.game().clone()
    }
}

/// A game made by `ttt_game_from_text`; panics unless it succeeds.
pub fn c_from_text(t: &str) -> *mut tictactoe::ffi::TttGame {
    let mut game = std::ptr::null_mut();
    let status = unsafe { tictactoe::ffi::ttt_game_from_text(t.as_ptr().cast(), t.len(), &mut game) };
    assert_eq!(status, tictactoe::ffi::TttStatus::TTT_OK, "{t}");
    game
}

/// The text of a game by `ttt_game_to_text` (a game of up to 256 bytes of text).
pub fn c_text(game: *const tictactoe::ffi::TttGame) -> String {
    let mut buf = [0 as std::ffi::c_char; 256];
    let mut len = 0;
    let status = unsafe { tictactoe::ffi::ttt_game_to_text(game, buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(status, tictactoe::ffi::TttStatus::TTT_OK);
    unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap().to_owned()
}

/// The game's cells row-major through the public API: 0 empty, 1 X, 2 O.
pub fn cells_of(game: &tictactoe::Game) -> Vec<u8> {
    let rules = game.rules();
    (0..rules.rows())
        .flat_map(|r| (0..rules.cols()).map(move |c| (r, c)))
        .map(|(r, c)| game.cell(r, c).unwrap().map_or(0, |p| p.number() as u8))
        .collect()
}

/// The row-major index of a move.
pub fn index_of(rules: &tictactoe::Rules, m: tictactoe::Move) -> usize {
    m.row as usize * rules.cols() as usize + m.col as usize
}

/// (row, col) of a row-major index.
pub fn row_col(rules: &tictactoe::Rules, cell: usize) -> (u32, u32) {
    ((cell / rules.cols() as usize) as u32, (cell % rules.cols() as usize) as u32)
}

/// The legal moves as row-major indices, ascending.
pub fn legal_cells(game: &tictactoe::Game) -> Vec<usize> {
    game.legal_moves().map(|m| index_of(&game.rules(), m)).collect()
}

/// The public AI functions with moves as row-major indices, the form the tests' reference
/// solvers use.
pub mod by_cell {
    use super::index_of;
    use tictactoe::ai::{self, Budget, Level};
    use tictactoe::{Error, Game};

    /// A move as a row-major index, with its score.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Scored {
        pub cell: usize,
        pub score: i32,
    }

    fn scored(game: &Game, s: ai::Scored) -> Scored {
        Scored { cell: index_of(&game.rules(), s.into()), score: s.score }
    }

    fn cells(game: &Game, moves: Vec<tictactoe::Move>) -> Vec<usize> {
        moves.into_iter().map(|m| index_of(&game.rules(), m)).collect()
    }

    pub fn best_move(game: &Game) -> Result<Scored, Error> {
        ai::best_move(game).map(|s| scored(game, s))
    }

    pub fn solve(game: &Game, budget: Budget) -> Result<Scored, Error> {
        ai::solve(game, budget).map(|s| scored(game, s))
    }

    pub fn optimal_moves(game: &Game) -> Result<Vec<usize>, Error> {
        ai::optimal_moves(game).map(|m| cells(game, m))
    }

    pub fn optimal_moves_within(game: &Game, budget: Budget) -> Result<Vec<usize>, Error> {
        ai::optimal_moves_within(game, budget).map(|m| cells(game, m))
    }

    pub fn search(game: &Game, budget: Budget, seed: u64) -> Result<usize, Error> {
        ai::search(game, budget, seed).map(|m| index_of(&game.rules(), m))
    }

    pub fn ai_move(game: &Game, level: Level, seed: u64) -> Result<usize, Error> {
        ai::ai_move(game, level, seed).map(|m| index_of(&game.rules(), m))
    }
}

/// Whose turn it is by alternation, even once the game is over: 1 or 2.
pub fn next_player(game: &tictactoe::Game) -> u32 {
    let first = game.first_player();
    if game.move_count().is_multiple_of(2) { first } else { first.other() }.number()
}

/// The stone at a row-major index: 0 empty, 1 X, 2 O.
pub fn stone_in(game: &tictactoe::Game, cell: usize) -> u8 {
    let (row, col) = row_col(&game.rules(), cell);
    stone_at(game, row, col)
}

/// The stone at (row, col): 0 empty, 1 X, 2 O.
pub fn stone_at(game: &tictactoe::Game, row: u32, col: u32) -> u8 {
    game.cell(row, col).unwrap().map_or(0, |p| p.number() as u8)
}
