//! A set of seats, as a bit set: who must choose at a secret choice ([`crate::engine::ToMove`]), with no
//! list to allocate each time it is asked.

/// Some of the players (at most 64), taken in seat order.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Seats(u64);

impl Seats {
    /// The seats whose bits are set in `mask` (seat `p` is bit `p`).
    pub fn from_mask(mask: u64) -> Seats {
        Seats(mask)
    }

    /// Exactly these seats; seats past 63 are left out.
    pub fn of(seats: &[u8]) -> Seats {
        seats.iter().copied().collect()
    }

    /// How many.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether there are none.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether seat `p` is one of them.
    pub fn contains(self, p: u8) -> bool {
        p < 64 && self.0 & (1 << p) != 0
    }

    /// The first, in seat order.
    pub fn first(self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8)
    }

    /// Each, in seat order.
    pub fn iter(self) -> SeatIter {
        SeatIter(self.0)
    }

    /// Each, in seat order, as a list.
    pub fn to_vec(self) -> Vec<u8> {
        self.iter().collect()
    }
}

impl std::fmt::Debug for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<u8> for Seats {
    fn from_iter<I: IntoIterator<Item = u8>>(seats: I) -> Seats {
        Seats(seats.into_iter().filter(|&p| p < 64).fold(0, |m, p| m | 1 << p))
    }
}

impl IntoIterator for Seats {
    type Item = u8;
    type IntoIter = SeatIter;

    fn into_iter(self) -> SeatIter {
        self.iter()
    }
}

/// The seats of a [`Seats`], in order.
#[derive(Debug, Clone)]
pub struct SeatIter(u64);

impl Iterator for SeatIter {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let p = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(p)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SeatIter {}

#[cfg(test)]
mod tests {
    use super::Seats;

    /// Seats come back in order, once each, and seats past 63 are left out.
    #[test]
    fn seats_are_a_set_in_order() {
        let s = Seats::of(&[5, 0, 63, 5, 64, 200]);
        assert_eq!(s.to_vec(), vec![0, 5, 63]);
        assert_eq!((s.len(), s.first(), s.is_empty()), (3, Some(0), false));
        assert!(s.contains(63) && !s.contains(1) && !s.contains(64));
        assert_eq!(format!("{s:?}"), "[0, 5, 63]");
        assert_eq!(Seats::default().first(), None);
        assert_eq!(Seats::from_mask(0b1010).to_vec(), vec![1, 3]);
        assert_eq!(s.iter().len(), 3);
    }
}
