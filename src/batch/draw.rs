//! The random source of `Batch::random_moves`: one generator per fixed chunk of games, derived
//! from the batch's seed, the call's number and the chunk's index, so that the games a chunk
//! holds play the same moves whichever thread runs it. Every draw is exactly uniform.

/// SplitMix64's finalizer: a bijection of 64-bit values that mixes every input bit into every
/// output bit, so that neighbouring chunk numbers give unrelated generators.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A generator of uniform draws for one chunk of one call: wyrand (Wang Yi), 64 bits of
/// state, one 64 x 64 -> 128-bit multiply a draw; it passes BigCrush and PractRand.
pub(crate) struct Draws {
    state: u64,
}

impl Draws {
    /// The generator of chunk `chunk` in the `call`-th `random_moves` of a batch seeded with
    /// `seed`.
    pub(crate) fn new(seed: u64, call: u64, chunk: u64) -> Draws {
        Draws { state: mix(mix(mix(seed) ^ call) ^ chunk) }
    }

    /// 64 random bits: two 32-bit halves for `below_in`.
    #[inline(always)]
    pub(crate) fn bits(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0xa076_1d64_78bd_642f);
        let t = u128::from(self.state) * u128::from(self.state ^ 0xe703_7ed1_a0b4_28db);
        (t >> 64) as u64 ^ t as u64
    }

    /// A uniform number in `0..n` (`n > 0`).
    #[inline(always)]
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        let x = self.bits() as u32;
        self.below_in(x, n)
    }

    /// A uniform number in `0..n` (`n > 0`) from the 32 random bits `x`, by Lemire's
    /// multiply-shift with rejection: the `x` whose product falls in the uneven remainder of
    /// 2^32 / n are drawn again (fresh bits), so that every result has exactly the same number
    /// of accepted `x` behind it. The rejection happens with odds below n / 2^32.
    #[inline(always)]
    pub(crate) fn below_in(&mut self, mut x: u32, n: u32) -> u32 {
        let mut m = u64::from(x) * u64::from(n);
        if (m as u32) < n {
            // 2^32 mod n: the count of low products that would favour some results.
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                x = self.bits() as u32;
                m = u64::from(x) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rejection threshold is 2^32 mod n: of the 2^32 inputs, that many are drawn again
    /// and the rest split evenly, (2^32 - threshold) / n for each result.
    #[test]
    fn rejection_threshold_is_two_to_the_32_mod_n() {
        for n in 1..=300u32 {
            assert_eq!(u64::from(n.wrapping_neg() % n), (1u64 << 32) % u64::from(n), "n = {n}");
        }
    }

    #[test]
    fn draws_stay_below_n_and_differ_by_chunk() {
        let mut a = Draws::new(7, 0, 0);
        let mut b = Draws::new(7, 0, 1);
        assert_ne!(a.bits(), b.bits());
        for n in 1..=64 {
            assert!(a.below(n) < n);
        }
    }
}
