//! Bit tricks shared by the batch's representations: bits to bytes (observations and masks)
//! and the position of the j-th set bit (a uniform random empty cell).

/// `EXPAND[b]`: the byte `b` as eight bytes, byte i holding bit i of `b` (0 or 1), in memory
/// order once written little-endian. One lookup turns 8 cells into 8 bytes of output.
static EXPAND: [u64; 256] = expand_table();

const fn expand_table() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 == 1 {
                table[b] |= 1 << (8 * i);
            }
            i += 1;
        }
        b += 1;
    }
    table
}

/// Writes bit i of the words (64 bits each, least significant first) to `out[i]` as 0 or 1,
/// for every byte of `out`; the words must hold at least `out.len()` bits.
#[inline(always)]
pub(crate) fn bits_to_bytes(words: impl IntoIterator<Item = u64>, out: &mut [u8]) {
    let mut words = words.into_iter();
    for block in out.chunks_mut(64) {
        let w = words.next().unwrap_or(0);
        let mut eights = block.chunks_exact_mut(8);
        let mut byte = 0;
        for eight in &mut eights {
            eight.copy_from_slice(&EXPAND[(w >> byte) as usize & 0xff].to_le_bytes());
            byte += 8;
        }
        // The last 0 to 7 bytes one by one: a copy of a length known only at run time is a
        // call to memcpy, which cost more than the rest of a small board's work.
        for (i, out) in eights.into_remainder().iter_mut().enumerate() {
            *out = (w >> ((byte + i) & 63)) as u8 & 1;
        }
    }
}

/// The 16 bits of `line` as 16 bytes, byte i holding bit i (0 or 1): two lookups.
#[inline(always)]
pub(crate) fn line_bytes(line: u16) -> [u8; 16] {
    let low = u128::from(EXPAND[usize::from(line & 0xff)]);
    (low | u128::from(EXPAND[usize::from(line >> 8)]) << 64).to_le_bytes()
}

/// Writes `line` (`width` cells, at most 16: bit i is cell i) to `out[at..at + width]`, one
/// byte a cell: while `out` has 16 bytes from `at`, one 16-byte store whose bytes past the
/// line are left for the lines after it to write; within 16 bytes of the end, byte by byte.
#[inline(always)]
pub(crate) fn line_to_bytes(line: u16, width: usize, out: &mut [u8], at: usize) {
    let bytes = line_bytes(line);
    match out.get_mut(at..at + 16) {
        Some(wide) => wide.copy_from_slice(&bytes),
        None => out[at..at + width].iter_mut().zip(bytes).for_each(|(o, b)| *o = b),
    }
}

/// The position of the `j`-th set bit of `w` (from 0, least significant first); `j` must be
/// below `w.count_ones()`. Halves are skipped by their popcount, then the last byte is walked.
#[inline(always)]
pub(crate) fn select(mut w: u64, mut j: u32) -> u32 {
    let mut base = 0;
    for half in [32u32, 16, 8] {
        let low = (w & ((1u64 << half) - 1)).count_ones();
        if j >= low {
            j -= low;
            w >>= half;
            base += half;
        }
    }
    for _ in 0..j {
        w &= w - 1;
    }
    base + w.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against the plain definitions, on words with every bit pattern of interest.
    #[test]
    fn select_and_expansions_agree_with_plain_loops() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut words = vec![0, 1, u64::MAX, 1 << 63, 0x8000_0000_0000_0001];
        for _ in 0..2000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            words.push(x & x.rotate_left(17));
            words.push(x);
        }
        for &w in &words {
            let set: Vec<u32> = (0..64).filter(|&i| w >> i & 1 == 1).collect();
            for (j, &i) in set.iter().enumerate() {
                assert_eq!(select(w, j as u32), i, "{w:#x} bit {j}");
            }
            for len in [0, 1, 7, 8, 9, 63, 64] {
                let mut out = vec![9u8; len];
                bits_to_bytes([w], &mut out);
                let plain: Vec<u8> = (0..len).map(|i| (w >> i & 1) as u8).collect();
                assert_eq!(out, plain, "{w:#x}, {len} bytes");
            }
        }
        for width in 1..=16 {
            for rows in 1..=5 {
                let lines: Vec<u16> = words.iter().take(rows).map(|&w| w as u16).collect();
                let mut out = vec![9u8; rows * width];
                for (r, &line) in lines.iter().enumerate() {
                    line_to_bytes(line, width, &mut out, r * width);
                }
                let plain: Vec<u8> =
                    (0..rows * width).map(|i| (lines[i / width] >> (i % width) & 1) as u8).collect();
                assert_eq!(out, plain, "{rows} lines of {width}");
            }
        }
        let mut out = vec![9u8; 150];
        bits_to_bytes(words[5..8].iter().copied(), &mut out);
        let plain: Vec<u8> = (0..150).map(|i| (words[5 + i / 64] >> (i % 64) & 1) as u8).collect();
        assert_eq!(out, plain);
    }
}
