//! Wilds read as fixed cards (`fixed once laid`): what each wild laid down stands for, kept in
//! one flat list so that keeping and forgetting readings allocates nothing once it has grown.

/// Wilds read as the card they were shown as: each wild's card, a tag the caller gives it (the
/// engine keeps the zone the wild was laid into), and the value it stands for in each slot of
/// the meld rules. A wild listed here counts as a natural card of those values.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Readings {
    /// Each wild's card and tag.
    wilds: Vec<(u16, u16)>,
    /// The values, `width` per wild, in the order of `wilds`.
    values: Vec<Option<u16>>,
    /// Values per wild: the number of slots, fixed by the first reading kept.
    width: usize,
}

/// No wild read: every wild may be read afresh.
static NONE: Readings = Readings { wilds: Vec::new(), values: Vec::new(), width: 0 };

impl Readings {
    /// The empty list: no wild is read as a fixed card.
    pub fn none() -> &'static Readings {
        &NONE
    }

    /// An empty list with room for `wilds` readings of `width` values each, so that keeping
    /// that many allocates nothing.
    pub fn with_capacity(wilds: usize, width: usize) -> Readings {
        Readings { wilds: Vec::with_capacity(wilds), values: Vec::with_capacity(wilds * width), width }
    }

    /// What wild `card` stands for, slot by slot, when it is read.
    pub fn get(&self, card: u16) -> Option<&[Option<u16>]> {
        let i = self.wilds.iter().position(|&(c, _)| c == card)?;
        self.values.get(i * self.width..(i + 1) * self.width)
    }

    /// Whether wild `card` is read.
    pub fn contains(&self, card: u16) -> bool {
        self.wilds.iter().any(|&(c, _)| c == card)
    }

    /// Whether no wild is read.
    pub fn is_empty(&self) -> bool {
        self.wilds.is_empty()
    }

    /// Reads wild `card` (tagged `tag`) as `values`, one per slot. Every reading has as many
    /// values as the first one kept: more are dropped, fewer padded with none.
    pub fn push(&mut self, card: u16, tag: u16, values: &[Option<u16>]) {
        if self.wilds.is_empty() {
            self.width = values.len();
        }
        self.wilds.push((card, tag));
        self.values.extend((0..self.width).map(|s| values.get(s).copied().flatten()));
    }

    /// Keeps the readings of the wilds for which `keep(card, tag)` holds, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(u16, u16) -> bool) {
        let w = self.width;
        let mut kept = 0;
        for i in 0..self.wilds.len() {
            let (card, tag) = self.wilds[i];
            if keep(card, tag) {
                if kept != i {
                    self.wilds[kept] = self.wilds[i];
                    self.values.copy_within(i * w..(i + 1) * w, kept * w);
                }
                kept += 1;
            }
        }
        self.wilds.truncate(kept);
        self.values.truncate(kept * w);
    }
}

/// `clone_from` copies into the lists already there, so that a state copied over and over
/// into one scratch state allocates nothing for its readings.
impl Clone for Readings {
    fn clone(&self) -> Readings {
        Readings { wilds: self.wilds.clone(), values: self.values.clone(), width: self.width }
    }

    fn clone_from(&mut self, source: &Readings) {
        self.wilds.clone_from(&source.wilds);
        self.values.clone_from(&source.values);
        self.width = source.width;
    }
}

#[cfg(test)]
mod tests {
    use super::Readings;

    #[test]
    fn readings_kept_and_forgotten_keep_their_values() {
        let mut r = Readings::default();
        r.push(7, 1, &[Some(2), None]);
        r.push(9, 2, &[Some(3), Some(4)]);
        r.push(11, 1, &[None, Some(5)]);
        r.retain(|card, _| card != 9);
        assert_eq!(r.get(7), Some(&[Some(2), None][..]));
        assert_eq!(r.get(11), Some(&[None, Some(5)][..]));
        assert_eq!(r.get(9), None);
        assert!(r.contains(11) && !r.contains(9));
        r.retain(|_, tag| tag != 1);
        assert!(r.is_empty());
        assert_eq!(r.get(7), None);
    }
}
