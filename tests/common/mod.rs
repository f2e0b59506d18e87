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
