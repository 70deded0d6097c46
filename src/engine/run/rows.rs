//! The zones of a player's row (`zone grid: per player, per 1 to 6`, issue 43): player `p`'s
//! row starts at instance `first + p * row`.

use crate::check::ir::Value;

/// Zone `key` of the row that starts at instance `start` (`None` for no player), or the whole
/// row when there is no key; `none` for a key outside the row.
pub(crate) fn row_zone(start: Option<u16>, lo: i64, row: u16, key: Option<Value>) -> Value {
    let Some(start) = start else { return Value::None };
    let Some(key) = key else { return Value::Zones(start, row) };
    let i = match key {
        Value::Int(k) => k.checked_sub(lo),
        Value::Sym(s) => Some(s as i64),
        _ => None,
    };
    match i {
        Some(i) if (0..row as i64).contains(&i) => Value::Zone(start + i as u16),
        _ => Value::None,
    }
}
