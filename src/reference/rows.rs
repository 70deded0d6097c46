//! The reference's reading of a zone of a player's row (`grid k of p`, `every grid of p`):
//! found by walking the declaration's instances and their owners, as a person would look along
//! the table, not by the engine's arithmetic.

use super::{Reference, Scope};
use crate::check::ir::*;

impl Reference<'_> {
    /// Player `owner`'s zone `key` of the declaration starting at instance `first`, or the whole
    /// row (`Value::Zones`) when `key` is `None`; `none` for no player or a key not in the row.
    pub(super) fn row_zone(&self, first: u16, owner: &Expr, key: Option<&Expr>, s: Scope) -> Value {
        let program = self.program;
        let Some(decl) = program.zones.get(first as usize).map(|z| z.decl) else { return Value::None };
        let Some(p) = self.player(owner, s) else { return Value::None };
        let ZoneKey::PlayerRow { lo, .. } = program.zone_decls[decl as usize].key else { return Value::None };
        // The player's zones of this declaration, in order.
        let mine: Vec<u16> = (first..program.zones.len() as u16)
            .take_while(|&z| program.zones[z as usize].decl == decl)
            .filter(|&z| program.zones[z as usize].owner == Some(p))
            .collect();
        let Some(key) = key else {
            return match mine.first() {
                Some(&z) => Value::Zones(z, mine.len() as u16),
                None => Value::None,
            };
        };
        let place = match self.ev(key, s) {
            Value::Int(k) => k.checked_sub(lo),
            Value::Sym(m) => Some(m as i64),
            _ => None,
        };
        match place.and_then(|i| usize::try_from(i).ok()).and_then(|i| mine.get(i)) {
            Some(&z) => Value::Zone(z),
            None => Value::None,
        }
    }
}

/// Whether zones `first` to `first + n` are one player's row: all theirs, and not all the
/// declaration's zones.
pub(super) fn one_players_row(program: &Program, first: u16, n: u16) -> bool {
    let Some(z) = program.zones.get(first as usize) else { return false };
    let Some(owner) = z.owner else { return false };
    let decl = z.decl;
    let all = program.zones.iter().filter(|x| x.decl == decl).count();
    (n as usize) < all
        && (first..first.saturating_add(n))
            .all(|i| program.zones.get(i as usize).is_some_and(|x| x.decl == decl && x.owner == Some(owner)))
}
