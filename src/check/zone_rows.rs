//! Zones per player and per number or member (issue 43): `zone grid: per player, per 1 to 6`
//! gives each player a row of zones, named `grid 4 of player 2`; `grid k of p` is one of them
//! and `every grid of p` all of one player's row.

use super::exprs::Scope;
use super::ir::*;
use super::mistake::Mistake;
use super::{CheckError, Checker, Global};
use crate::syntax::ast::{self, ZoneAttrKind};

impl Checker {
    /// The key of a zone declared both `per player` and `per 1 to N` (or `per` an enum): a row
    /// for each player. Any other declaration keeps the key its attributes gave.
    pub(super) fn player_row(&self, z: &ast::ZoneDecl, key: ZoneKey, row_len: u16) -> ZoneKey {
        if !z.attrs.iter().any(|a| a.kind == ZoneAttrKind::PerPlayer) {
            return key;
        }
        let row = z.attrs.iter().find_map(|a| match &a.kind {
            ZoneAttrKind::PerRange(lo, _) => Some(Some((*lo, None))),
            ZoneAttrKind::PerEnum(n) => Some(self.enum_names.get(&n.text).map(|g| (0, Some(g.0)))),
            _ => None,
        });
        match row {
            None => key,
            // An unknown enum has been reported: the zone stays one per player.
            Some(None) => ZoneKey::Player,
            Some(Some((lo, of_enum))) => ZoneKey::PlayerRow { lo, of_enum, row: row_len },
        }
    }

    /// The name of instance `i` of a player-row zone: `grid 4 of player 2`, `melds ♥ of player 1`.
    pub(super) fn row_zone_name(&self, name: &str, key: ZoneKey, i: u16) -> String {
        let ZoneKey::PlayerRow { lo, of_enum, row } = key else { return name.to_string() };
        let (player, place) = (i / row.max(1), i % row.max(1));
        let key = match of_enum {
            Some(e) => self.enums[e as usize].display[place as usize].clone(),
            None => (lo + place as i64).to_string(),
        };
        format!("{name} {key} of player {}", player + 1)
    }

    /// `grid k of p`: one zone of player p's row.
    pub(super) fn check_keyed_of(
        &mut self,
        name: &ast::Name,
        key: &ast::Expr,
        owner: &ast::Expr,
        scope: &mut Scope,
    ) -> (Expr, Type) {
        let Some((first, lo, of_enum, row)) = self.player_row_named(name, true) else {
            let _ = self.check_expr(key, None, scope);
            let _ = self.check_expr(owner, None, scope);
            return (Expr::Const(Value::None), Type::Zone);
        };
        let key = match of_enum {
            Some(e) => self.typed(key, Type::Enum(e), scope),
            None => self.typed(key, Type::Int, scope),
        };
        let owner = Box::new(self.typed(owner, Type::Player, scope));
        (Expr::ZoneOfRow { first, lo, row, owner, key: Some(Box::new(key)) }, Type::Zone)
    }

    /// `every grid of p`: all the zones of player p's row together.
    pub(super) fn check_every_of(&mut self, name: &ast::Name, owner: &ast::Expr, scope: &mut Scope) -> (Expr, Type) {
        let Some((first, lo, _, row)) = self.player_row_named(name, false) else {
            let _ = self.check_expr(owner, None, scope);
            return (Expr::Const(Value::None), Type::Zones);
        };
        let owner = Box::new(self.typed(owner, Type::Player, scope));
        (Expr::ZoneOfRow { first, lo, row, owner, key: None }, Type::Zones)
    }

    /// The first instance, first key, enum and row length of the player-row zone `name`, or
    /// an error saying what `name` is instead.
    fn player_row_named(&mut self, name: &ast::Name, keyed: bool) -> Option<(u16, i64, Option<u16>, u16)> {
        let n = &name.text;
        let written = if keyed { format!("{n} k of p") } else { format!("every {n} of p") };
        let help = match self.globals.get(n).map(|g| g.0) {
            Some(Global::Zone(z)) => match self.zone_decls[z as usize].key {
                ZoneKey::PlayerRow { lo, of_enum, row } => {
                    return Some((self.zone_decls[z as usize].first, lo, of_enum, row))
                }
                ZoneKey::Player => format!("`{n}` is one zone per player: write `{n} of p`"),
                ZoneKey::Shared => format!("`{n}` is one shared zone: write `{n}`"),
                ZoneKey::Range { .. } | ZoneKey::Enum(_) => {
                    format!("`{n}` is one row for the table: write `{n} of k`, or `every {n}`")
                }
            },
            _ => {
                let names = self.names_where(|g| matches!(g, Global::Zone(_)));
                self.errors.push(CheckError::UnknownZone {
                    name: n.clone(),
                    span: name.span.into(),
                    help: super::error::suggest(n, names.iter().copied())
                        .or_else(|| Some(format!("`{written}` takes a zone declared `per player, per 1 to N`"))),
                });
                return None;
            }
        };
        self.errors.push(CheckError::invalid(
            Mistake::NotAPlayerRow,
            name.span,
            format!("`{written}` needs a zone with a row for each player, and `{n}` is not one"),
            "not a row per player",
            Some(format!("{help}; or declare it `per player, per 1 to N`")),
        ));
        None
    }

    /// `grid of p` or `grid` alone, for a zone with a row for each player: which zone is meant.
    pub(super) fn row_needs_key(&mut self, name: &ast::Name, span: ast::Span) {
        let n = &name.text;
        self.errors.push(CheckError::invalid(
            Mistake::MissingOf,
            span,
            format!("each player has a row of `{n}` zones"),
            "which one?",
            Some(format!("write `{n} k of p` for player p's zone k, or `every {n} of p` for the whole row")),
        ));
    }
}
