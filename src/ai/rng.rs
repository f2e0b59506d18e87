//! SplitMix64: a tiny, seedable random source. Every AI call that needs randomness takes a
//! seed and owns its generator, so there is no global RNG state and the same seed gives the
//! same moves on every platform.

/// A SplitMix64 generator (Steele, Lea, Flood 2014): 64 bits of state, passes BigCrush.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`; any value, including 0, is a good seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (`n > 0`), by Lemire's multiply-shift; the bias is below
    /// n / 2^64, far too small to matter for choosing moves.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}
