//! `view { ... }`: what a person's panel at the terminal shows. Each line names a zone
//! declaration (every instance of it) or a counter; zones may be shown sorted and split into
//! melds. The engine never reads it: it changes what is printed, not what anyone may see.

use super::error::{suggest, CheckError};
use super::ir::{Per, ViewLine, ViewWhat};
use super::{Checker, Global};
use crate::check::mistake::Mistake;
use crate::syntax::ast::{self, Item};

impl Checker {
    /// Resolves the game's `view` declaration, if any (at most one).
    pub(super) fn collect_view(&mut self, items: &[Item]) -> Option<Vec<ViewLine>> {
        let mut views = items.iter().filter_map(|i| match i {
            Item::View(v) => Some(v),
            _ => None,
        });
        let first = views.next()?;
        for again in views {
            self.errors.push(CheckError::invalid(
                Mistake::OnePerGame,
                again.span,
                "a game has one `view` declaration",
                "a second one",
                Some(format!(
                    "put every line in one `view {{ ... }}`; the first is at bytes {}..{}",
                    first.span.start, first.span.end
                )),
            ));
        }
        let lines = first.lines.iter().filter_map(|l| self.view_line(l)).collect();
        Some(lines)
    }

    fn view_line(&mut self, line: &ast::ViewLine) -> Option<ViewLine> {
        let what = match self.globals.get(&line.name.text).map(|g| g.0) {
            Some(Global::Zone(z)) => ViewWhat::Zones(z),
            Some(Global::Counter(c)) if self.counters[c as usize].per != Per::Card => ViewWhat::Counter(c),
            Some(Global::Counter(_)) => {
                self.errors.push(CheckError::invalid(
                    Mistake::PerCardCounterLine,
                    line.name.span,
                    format!(
                        "`{}` is a counter of each card: a view shows it on the cards, not on a line",
                        line.name.text
                    ),
                    "a counter per card",
                    Some("leave it out: the panel shows a card's counters next to the card".into()),
                ));
                return None;
            }
            _ => {
                let zones = self.zone_decls.iter().map(|z| z.name.as_str());
                let counters = self.counters.iter().filter(|c| c.per != Per::Card).map(|c| c.name.as_str());
                let known: Vec<&str> = zones.chain(counters).collect();
                self.errors.push(CheckError::UnknownName {
                    what: "zone or counter",
                    name: line.name.text.clone(),
                    span: line.name.span.into(),
                    help: suggest(&line.name.text, known.iter().copied())
                        .or_else(|| Some("a view line names a zone (`hand`) or a counter (`score`)".into())),
                });
                return None;
            }
        };
        let is_zone = matches!(what, ViewWhat::Zones(_));
        if !is_zone && (line.top.is_some() || line.sorted.is_some() || line.melds || line.nonempty) {
            self.errors.push(CheckError::invalid(
                Mistake::CounterViewOption,
                line.span,
                format!(
                    "`{}` is a counter: only zones are sorted, split into melds or left out when empty",
                    line.name.text
                ),
                "not a zone",
                Some(format!("write just `{}` (or `{} as \"label\"`)", line.name.text, line.name.text)),
            ));
            return None;
        }
        if line.melds && self.melds.is_none() {
            self.errors.push(CheckError::invalid(
                Mistake::NoMelds,
                line.span,
                "`with melds` needs the game's `melds` declaration",
                "no melds declared",
                Some("declare the melds (`melds rummy { ... }`) or leave out `with melds`".into()),
            ));
            return None;
        }
        let top = match line.top {
            None => None,
            Some((0, span)) => {
                self.errors.push(CheckError::invalid(
                    Mistake::ViewTopZero,
                    span,
                    format!("`{} top 0` would show no card: a line shows at least the top one", line.name.text),
                    "at least 1",
                    Some(format!(
                        "write `{} top 1` for the top card alone, or leave out `top` to show every card",
                        line.name.text
                    )),
                ));
                return None;
            }
            Some((n, _)) => Some(usize::try_from(n).unwrap_or(usize::MAX)),
        };
        let sorted = match &line.sorted {
            None => None,
            Some(None) => Some(None),
            Some(Some(order)) => match self.globals.get(&order.text).map(|g| g.0) {
                Some(Global::Order(o)) => Some(Some(o)),
                _ => {
                    let known: Vec<&str> = self.orders.iter().map(|o| o.name.as_str()).collect();
                    self.errors.push(CheckError::UnknownName {
                        what: "order",
                        name: order.text.clone(),
                        span: order.span.into(),
                        help: suggest(&order.text, known.iter().copied()).or_else(|| {
                            Some("`sorted by` names an order, such as `order aces_low: rank A < 2 < ...`".into())
                        }),
                    });
                    return None;
                }
            },
        };
        Some(ViewLine { what, label: line.label.clone(), sorted, melds: line.melds, top, nonempty: line.nonempty })
    }
}
