//! `length` and `progress`: how `cardlang simulate` measures a game.

use super::error::{suggest, CheckError};
use super::exprs::Scope;
use super::ir::{Measures, Type};
use super::{Checker, Global};
use crate::check::mistake::Mistake;
use crate::syntax::ast::{self, Item, Per};

impl Checker {
    /// Resolves the `length` and `progress` declarations, at most one of each.
    pub(super) fn collect_measures(&mut self, items: &[Item]) -> Measures {
        let mut measures = Measures::default();
        let mut seen: [Option<ast::Span>; 2] = [None, None];
        for item in items {
            let which = match item {
                Item::Length { .. } => 0,
                Item::Progress(_) => 1,
                _ => continue,
            };
            if let Some(first) = seen[which] {
                self.errors.push(CheckError::invalid(
                    Mistake::OnePerGame,
                    item.span(),
                    format!("a game has one `{}` declaration", item.kind_word()),
                    "a second one",
                    Some(format!("keep one; the first is at bytes {}..{}", first.start, first.end)),
                ));
                continue;
            }
            seen[which] = Some(item.span());
            match item {
                Item::Length { counter, .. } => measures.length = self.length_counter(counter),
                Item::Progress(p) => {
                    let mut scope = Scope::default();
                    let slot = scope.bind(&p.var.text, Type::Player, false, 1);
                    let value = self.typed(&p.value, Type::Int, &mut scope);
                    measures.progress = Some((slot, value));
                }
                _ => {}
            }
        }
        measures
    }

    /// The counter `length NAME` names: a game-wide number counter.
    fn length_counter(&mut self, name: &ast::Name) -> Option<(String, u16)> {
        let counter = match self.globals.get(&name.text).map(|g| g.0) {
            Some(Global::Counter(c)) => &self.counters[c as usize],
            _ => {
                let known = self.counters.iter().filter(|c| c.per == Per::Game && c.ty == Type::Int);
                let known: Vec<&str> = known.map(|c| c.name.as_str()).collect();
                self.errors.push(CheckError::UnknownName {
                    what: "counter",
                    name: name.text.clone(),
                    span: name.span.into(),
                    help: suggest(&name.text, known.iter().copied())
                        .or_else(|| Some("`length` names a counter of the game, such as `counter turns = 0`".into())),
                });
                return None;
            }
        };
        if counter.per != Per::Game || counter.ty != Type::Int {
            self.errors.push(CheckError::invalid(
                Mistake::LengthNotACounter,
                name.span,
                format!("`length` needs a counter with one number for the whole game; `{}` is not", name.text),
                "not one number",
                Some("declare one such as `counter turns = 0` and add 1 to it each turn".into()),
            ));
            return None;
        }
        Some((counter.name.clone(), counter.slot))
    }
}
