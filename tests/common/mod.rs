//! Helpers shared by the integration tests.

// Each test binary uses only some of these helpers.
#![allow(dead_code)]

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
