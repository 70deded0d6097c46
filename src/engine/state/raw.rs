//! A value as two machine words: the form in which a compiled closure hands a value back, and
//! in which the locals of the running procedures are kept.
//!
//! [`Value`] is an enum whose variants carry payloads of different shapes, so the Rust ABI
//! returns it through memory: the closure writes it to the caller's stack in pieces (a tag byte,
//! then the payload) and the caller reads it back whole, which the processor cannot forward from
//! the pieces and waits for. A pair of words comes back in two registers, and is stored and read
//! as two words, which the processor forwards. Each value has exactly one pair, so two pairs are
//! equal exactly when their values are.

use crate::check::ir::Value;

/// A value as two words: the kind (and, for some kinds, a zone or slot above the low 16 bits)
/// and the payload.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Raw(u64, u64);

/// The kinds, in the low 16 bits of the first word.
mod kind {
    /// `none`; no payload.
    pub const NONE: u64 = 0;
    /// A number; the payload is its bits.
    pub const INT: u64 = 1;
    /// `true` (payload 1) or `false` (0).
    pub const BOOL: u64 = 2;
    /// An enum member; the payload is its index.
    pub const SYM: u64 = 3;
    /// A card; the payload is its index.
    pub const CARD: u64 = 4;
    /// A player; the payload is the seat.
    pub const PLAYER: u64 = 5;
    /// A zone; the payload is its index.
    pub const ZONE: u64 = 6;
    /// Consecutive zones; the payload is the first, and the count above 16 bits.
    pub const ZONES: u64 = 7;
    /// A set of enum members; the payload is the mask.
    pub const SET: u64 = 8;
    /// An arrangement; the payload is the zone, and the number above 16 bits.
    pub const ARRANGEMENT: u64 = 9;
    /// (issue 43) Zones read as one: the three zones above 16, 32 and 48 bits of the kind's
    /// word, the payload the mask.
    pub const JOINED: u64 = 12;
    /// Some cards of a zone; the zone rides above the kind's 16 bits, the payload is the mask.
    pub const CARDS: u64 = 10;
    /// Some cards a loop listed; the start rides above the kind's 16 bits, the payload is the
    /// mask.
    pub const LISTED: u64 = 11;
}

impl Raw {
    /// `true`.
    pub(crate) const TRUE: Raw = Raw(kind::BOOL, 1);

    /// `none`.
    pub(crate) const NONE: Raw = Raw(kind::NONE, 0);

    /// The value it stands for.
    #[inline(always)]
    pub(crate) fn value(self) -> Value {
        let (a, b) = (self.0, self.1);
        match a & 0xffff {
            kind::INT => Value::Int(b as i64),
            kind::BOOL => Value::Bool(b != 0),
            kind::SYM => Value::Sym(b as u16),
            kind::CARD => Value::Card(b as u16),
            kind::PLAYER => Value::Player(b as u8),
            kind::ZONE => Value::Zone(b as u16),
            kind::ZONES => Value::Zones(b as u16, (b >> 16) as u16),
            kind::SET => Value::Set(b),
            kind::ARRANGEMENT => Value::Arrangement(b as u16, (b >> 16) as u16),
            kind::CARDS => Value::Cards((a >> 16) as u16, b),
            kind::LISTED => Value::Listed((a >> 16) as u16, b),
            kind::JOINED => Value::Joined([(a >> 16) as u16, (a >> 32) as u16, (a >> 48) as u16], b),
            _ => Value::None,
        }
    }

    /// The seat, if it stands for a player.
    #[inline(always)]
    pub(crate) fn player(self) -> Option<u8> {
        (self.0 & 0xffff == kind::PLAYER).then_some(self.1 as u8)
    }

    /// The number, if it stands for one.
    #[inline(always)]
    pub(crate) fn int(self) -> Option<i64> {
        (self.0 & 0xffff == kind::INT).then_some(self.1 as i64)
    }

    /// A card.
    #[inline(always)]
    pub(crate) fn card(c: u16) -> Raw {
        Raw(kind::CARD, c as u64)
    }

    /// The card's index, if it stands for a card.
    #[inline(always)]
    pub(crate) fn card_index(self) -> Option<u32> {
        (self.0 & 0xffff == kind::CARD).then_some(self.1 as u32)
    }

    /// Whether it stands for `true`.
    #[inline(always)]
    pub(crate) fn is_true(self) -> bool {
        self == Raw::TRUE
    }
}

impl From<Value> for Raw {
    #[inline(always)]
    fn from(v: Value) -> Raw {
        match v {
            Value::None => Raw(kind::NONE, 0),
            Value::Int(i) => Raw(kind::INT, i as u64),
            Value::Bool(t) => Raw(kind::BOOL, t as u64),
            Value::Sym(s) => Raw(kind::SYM, s as u64),
            Value::Card(c) => Raw(kind::CARD, c as u64),
            Value::Player(p) => Raw(kind::PLAYER, p as u64),
            Value::Zone(z) => Raw(kind::ZONE, z as u64),
            Value::Zones(z, n) => Raw(kind::ZONES, z as u64 | (n as u64) << 16),
            Value::Set(m) => Raw(kind::SET, m),
            Value::Arrangement(z, k) => Raw(kind::ARRANGEMENT, z as u64 | (k as u64) << 16),
            Value::Cards(z, m) => Raw(kind::CARDS | (z as u64) << 16, m),
            Value::Listed(s, m) => Raw(kind::LISTED | (s as u64) << 16, m),
            Value::Joined([x, y, z], m) => {
                Raw(kind::JOINED | (x as u64) << 16 | (y as u64) << 32 | (z as u64) << 48, m)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of value comes back as itself, and pairs are equal exactly when values are.
    #[test]
    fn a_value_survives_the_round_trip() {
        let values = [
            Value::None,
            Value::Int(-7),
            Value::Int(i64::MIN),
            Value::Bool(true),
            Value::Bool(false),
            Value::Sym(3),
            Value::Card(54),
            Value::Player(2),
            Value::Zone(9),
            Value::Zones(4, 3),
            Value::Set(u64::MAX),
            Value::Arrangement(2, 65535),
            Value::Cards(65535, 1 << 63),
            Value::Listed(12, 5),
            Value::Joined([3, u16::MAX, 7], 1 << 40 | 3),
        ];
        for v in values {
            assert_eq!(Raw::from(v).value(), v);
            assert_eq!(Raw::from(v).is_true(), v.is_true());
            for w in values {
                assert_eq!(Raw::from(v) == Raw::from(w), v == w, "{v:?} against {w:?}");
            }
        }
    }
}
