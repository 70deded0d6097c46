//! A portable seeded random generator: the same seed gives the same game on every machine.

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The game's random generator (PCG, 64-bit MCG variant), with a shuffle of its own so results
/// never depend on a library's choice of sampling algorithm.
#[derive(Debug, Clone)]
pub struct Rng(Pcg64Mcg);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(Pcg64Mcg::seed_from_u64(seed))
    }

    /// A uniform number in `0..n` (Lemire's multiply-shift with rejection); `n` must be > 0
    /// (every caller draws an index into a list it has checked is not empty).
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        // Lemire's method. The rejection threshold (2^64 mod n) is below n, so a low word of
        // at least n passes without working it out: the division is needed only rarely, and
        // the numbers drawn are the same as when it is always worked out.
        let mut threshold = None;
        loop {
            let x = self.0.next_u64();
            let m = (x as u128) * (n as u128);
            let low = m as u64;
            if low >= n || low >= *threshold.get_or_insert_with(|| n.wrapping_neg() % n) {
                return (m >> 64) as u64;
            }
        }
    }

    /// Shuffles a slice in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A fresh 64-bit number.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `below` draws what the form that always works out the threshold draws, for small,
    /// large and awkward bounds (where rejections happen).
    #[test]
    fn below_draws_what_the_always_dividing_form_draws() {
        fn reference(rng: &mut Rng, n: u64) -> u64 {
            let threshold = n.wrapping_neg() % n;
            loop {
                let m = (rng.next_u64() as u128) * (n as u128);
                if (m as u64) >= threshold {
                    return (m >> 64) as u64;
                }
            }
        }
        let bounds = [1, 2, 3, 7, 52, 58, 1000, (1 << 63) + 1, u64::MAX / 3 * 2, u64::MAX];
        for seed in 0..20 {
            let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
            for _ in 0..200 {
                for n in bounds {
                    assert_eq!(a.below(n), reference(&mut b, n), "seed {seed}, bound {n}");
                }
            }
        }
    }
}
