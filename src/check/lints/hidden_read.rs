//! `hidden_read`: a hidden card shown to a player who cannot see it.
//!
//! Three ways are caught: an `announce` (everyone reads it) whose holes show a card, or
//! something about a card, that lies in a zone some player cannot see; an `asking` question
//! that shows the chooser such a card; and a choice whose `where` reads cards the chooser cannot
//! see, so that the candidates offered tell which of them pass. (The candidates themselves are
//! safe: a card the chooser cannot see is offered by its place, "face-down card 2".)
//!
//! Who sees a zone follows `src/engine/observe.rs`: everyone sees a `public` zone; only its
//! owner a `private` one (nobody, when it is shared); otherwise a card shows when it lies face
//! up. The lint only warns when it is sure: a zone counts as face down only when it is declared
//! `face down` and no rule ever puts a card into it face up or turns one over; a card named
//! through a local is followed only until something moves or turns cards.

use std::collections::{HashMap, HashSet};

use miette::Severity;

use super::effects::Summaries;
use super::facts::{children, each_stmt, moves_cards, show, Facts};
use super::{each_rules, Finding, Lint, LintContext, Shared};
use crate::check::ir::Visibility;
use crate::syntax::ast::{
    AggDomain, Block, Domain, Expr, ExprKind, Facing, MoveWhat, Name, Span, Stmt, StmtKind, TemplatePart,
};

/// The lint.
pub const LINT: Lint = Lint {
    name: "hidden_read",
    severity: Severity::Warning,
    summary: "a card shown to a player who cannot see it: in an announcement, a question, or a `where`",
    run,
};

fn run(_: &LintContext, shared: &[Shared]) -> Vec<Finding> {
    each_rules(shared, check)
}

/// Where a card named by a local lies: a zone, and whose it is. For a secret choice `c`, the
/// owner of `c of X` is `X`.
#[derive(Clone)]
struct Loc<'a> {
    zone: &'a str,
    of: Option<&'a Expr>,
    secret: bool,
    /// Moved there face down (`move c to table face down`): nobody sees it, whatever the zone.
    down: bool,
}

type Env<'a> = HashMap<String, Loc<'a>>;

/// Who can see the cards of a zone.
enum Sight<'a> {
    /// Nobody: face down for good, or private and shared.
    Nobody(String),
    /// Only the owner (`private`, per player).
    Owner(Option<&'a Expr>, String),
    /// Some or all players may see them.
    Maybe,
    /// Everyone but the owner (`seen by others`, per player).
    Others(String),
}

/// A card an expression shows: how it is written, its zone, and whose zone.
struct Shown<'a> {
    expr: &'a Expr,
    zone: &'a str,
    of: Option<&'a Expr>,
    /// The card was moved face down where it lies.
    down: bool,
}

struct Walk<'w, 'a> {
    facts: &'w Facts<'a>,
    summaries: &'w Summaries<'w, 'a>,
    /// Zones into which some rule puts cards face up, or turns cards over.
    turned_up: HashSet<&'a str>,
    /// Whether some rule may do so to any zone (through a local, or `turn c face up`).
    any_up: bool,
    out: Vec<Finding>,
}

fn check(shared: &Shared) -> Vec<Finding> {
    let (facts, summaries) = (shared.facts, shared.summaries);
    let mut w = Walk { facts, summaries, turned_up: HashSet::new(), any_up: false, out: Vec::new() };
    for p in &facts.procedures {
        each_stmt(&p.body, &mut |s| w.note_turning(s));
    }
    for p in &facts.procedures {
        w.block(&p.body, &mut Env::new());
    }
    w.out
}

impl<'a> Walk<'_, 'a> {
    /// Notes the zones whose cards a statement may put or turn face up.
    fn note_turning(&mut self, s: &'a Stmt) {
        let zone = match &s.kind {
            StmtKind::Move { to, facing: Some(Facing::Up), .. } => self.facts.zone(to).map(|z| z.name),
            StmtKind::Deal { to, facing: Some(Facing::Up), .. } => Some(to.text.as_str()),
            StmtKind::TurnOver(z) => self.facts.zone(z).map(|z| z.name),
            StmtKind::TurnCard { card, facing: Facing::Up } => match &card.kind {
                ExprKind::Top(z) | ExprKind::Bottom(z) => self.facts.zone(z).map(|z| z.name),
                _ => None,
            },
            _ => return,
        };
        match zone {
            Some(z) => {
                self.turned_up.insert(z);
            }
            None => self.any_up = true,
        }
    }

    fn sight(&self, zone: &str, of: Option<&'a Expr>) -> Sight<'a> {
        let Some(z) = self.facts.zones.get(zone) else { return Sight::Maybe };
        match z.visibility {
            Visibility::Public => Sight::Maybe,
            Visibility::Private if z.per_player => {
                Sight::Owner(of, format!("`{zone}` is private: only its owner sees it"))
            }
            Visibility::Private => Sight::Nobody(format!("`{zone}` is private and shared: nobody sees it")),
            Visibility::Others if z.per_player => {
                Sight::Others(format!("`{zone}` is seen by others: its owner does not see it"))
            }
            Visibility::Others => Sight::Maybe,
            Visibility::ByFacing if !z.face_up && !self.any_up && !self.turned_up.contains(zone) => {
                Sight::Nobody(format!("the cards of `{zone}` always lie face down"))
            }
            Visibility::ByFacing => Sight::Maybe,
        }
    }

    fn block(&mut self, b: &'a Block, env: &mut Env<'a>) {
        for (i, s) in b.stmts.iter().enumerate() {
            match &s.kind {
                StmtKind::Announce(parts) => self.announced(parts, env, &b.stmts[i + 1..]),
                _ => self.stmt(s, env),
            }
        }
    }

    fn stmt(&mut self, s: &'a Stmt, env: &mut Env<'a>) {
        match &s.kind {
            StmtKind::Let { name, value, .. } => {
                let loc = match &value.kind {
                    ExprKind::Top(z) | ExprKind::Bottom(z) => {
                        self.facts.zone(z).map(|z| Loc { zone: z.name, of: z.of, secret: false, down: false })
                    }
                    ExprKind::Name(m) => env.get(m).filter(|l| !l.secret).cloned(),
                    _ => None,
                };
                bind(env, name, loc);
            }
            StmtKind::Set { place, .. } => self.forget(env, &place.name.text),
            StmtKind::Choose { player, var, from, filter, prompt } => {
                if let Some(chooser) = player {
                    if let Some(t) = prompt {
                        self.asked(t, env, chooser);
                    }
                    self.filtered(var, from, filter.as_ref(), env, chooser);
                }
                let loc = self.facts.zone(&from.from).filter(|_| from.to.is_none());
                bind(env, var, loc.map(|z| Loc { zone: z.name, of: z.of, secret: false, down: false }));
            }
            StmtKind::ChooseSecretly { player_var, var, from, filter, prompt } => {
                let chooser = Expr { span: player_var.span, kind: ExprKind::Name(player_var.text.clone()) };
                if let Some(t) = prompt {
                    self.asked(t, env, &chooser);
                }
                self.filtered(var, from, filter.as_ref(), env, &chooser);
                let loc = self.facts.zone(&from.from).filter(|_| from.to.is_none()).and_then(|z| match z.of {
                    None => Some(Loc { zone: z.name, of: None, secret: true, down: false }),
                    Some(o) if matches!(&o.kind, ExprKind::Name(n) if *n == player_var.text) => {
                        Some(Loc { zone: z.name, of: Some(o), secret: true, down: false })
                    }
                    Some(_) => None,
                });
                bind(env, var, loc);
            }
            StmtKind::If { then, otherwise, .. } => {
                self.block(then, &mut env.clone());
                if let Some(o) = otherwise {
                    self.block(o, &mut env.clone());
                }
                self.after(s, env);
            }
            StmtKind::While { body, .. } | StmtKind::Repeat { body, .. } | StmtKind::ForPlayer { body, .. } => {
                let mut inner = self.loop_env(s, env);
                self.block(body, &mut inner);
                self.after(s, env);
            }
            StmtKind::ForCard { var, zone, body }
            | StmtKind::ForEach { var, domain: AggDomain::Expr(zone), body, .. } => {
                let mut inner = self.loop_env(s, env);
                let loc = self.facts.zone(zone).map(|z| Loc { zone: z.name, of: z.of, secret: false, down: false });
                bind(&mut inner, var, loc);
                self.block(body, &mut inner);
                self.after(s, env);
            }
            StmtKind::ForEach { body, .. } => {
                let mut inner = self.loop_env(s, env);
                self.block(body, &mut inner);
                self.after(s, env);
            }
            // A card moved face down lies hidden, even in a zone whose cards face up: named by
            // a local, or as the top of the zone it went to (until something else moves).
            StmtKind::Move { what, to, facing: Some(Facing::Down), bottom } => {
                env.clear();
                let Some(z) = self.facts.zone(to) else { return };
                let down = Loc { zone: z.name, of: z.of, secret: false, down: true };
                if let MoveWhat::Card(card) = what {
                    if let ExprKind::Name(n) = &card.kind {
                        env.insert(n.clone(), down.clone());
                    }
                }
                let by_facing = self.facts.zones.get(z.name).is_some_and(|f| f.visibility == Visibility::ByFacing);
                if by_facing && !bottom {
                    env.insert(top_key(to), down);
                }
            }
            // `reveal c`: everyone has seen the card, so an announcement may name it.
            StmtKind::Reveal(card) => {
                if let ExprKind::Name(n) = &card.kind {
                    env.remove(n);
                }
            }
            StmtKind::Move { .. }
            | StmtKind::Deal { .. }
            | StmtKind::TurnOver(_)
            | StmtKind::TurnCard { .. }
            | StmtKind::Call { .. } => env.clear(),
            _ => {}
        }
    }

    /// What a loop's body starts from: nothing known if the body moves cards (a later round
    /// sees them moved), and nothing about the names it sets.
    fn loop_env(&self, s: &Stmt, env: &Env<'a>) -> Env<'a> {
        if moves_cards(s) {
            return Env::new();
        }
        let mut inner = env.clone();
        for n in &self.summaries.stmt(s).names {
            self.forget(&mut inner, n);
        }
        inner
    }

    /// After a statement with blocks: forget what it may have changed.
    fn after(&self, s: &Stmt, env: &mut Env<'a>) {
        if moves_cards(s) {
            env.clear();
        } else {
            for n in &self.summaries.stmt(s).names {
                self.forget(env, n);
            }
        }
    }

    /// Forgets a name, and the cards of zones whose owner is given by it.
    fn forget(&self, env: &mut Env<'a>, name: &str) {
        env.remove(name);
        env.retain(|_, l| !l.of.is_some_and(|o| self.facts.reads(o).contains(name)));
    }

    /// The cards an expression shows (not only whether they are there: `is none` and `count
    /// of` show nothing hidden).
    fn shown(&self, e: &'a Expr, env: &Env<'a>, out: &mut Vec<Shown<'a>>) {
        match &e.kind {
            ExprKind::IsNone { .. } | ExprKind::IsEmpty { .. } | ExprKind::Count(_) => {}
            ExprKind::Top(z) | ExprKind::Bottom(z) | ExprKind::CardAt { zone: z, .. } => {
                // `top of Z` just after a card was moved face down to `Z` is that card.
                let down = matches!(e.kind, ExprKind::Top(_)) && env.get(&top_key(z)).is_some_and(|l| l.down);
                if let Some(z) = self.facts.zone(z) {
                    out.push(Shown { expr: e, zone: z.name, of: z.of, down });
                }
            }
            ExprKind::Name(n) => {
                if let Some(l) = env.get(n).filter(|l| !l.secret) {
                    out.push(Shown { expr: e, zone: l.zone, of: l.of, down: l.down });
                }
            }
            ExprKind::Of { name, arg } => match env.get(&name.text).filter(|l| l.secret) {
                Some(l) => out.push(Shown { expr: e, zone: l.zone, of: l.of.map(|_| &**arg), down: l.down }),
                None if self.facts.zones.contains_key(name.text.as_str()) => {}
                None => self.shown(arg, env, out),
            },
            _ => children(e).into_iter().for_each(|c| self.shown(c, env, out)),
        }
    }

    /// Reports the first hidden card an announcement shows (everyone reads it), unless the
    /// statements right after it (`rest`) show that card to everyone before anyone decides.
    fn announced(&mut self, parts: &'a [TemplatePart], env: &Env<'a>, rest: &[Stmt]) {
        let mut cards = Vec::new();
        for e in holes(parts) {
            self.shown(e, env, &mut cards);
        }
        for c in cards {
            if !matches!(c.expr.kind, ExprKind::Top(_) | ExprKind::Bottom(_) | ExprKind::CardAt { .. })
                && self.revealed_next(c.expr, rest)
            {
                continue;
            }
            let sight = match c.down {
                true => Sight::Nobody(format!("a card moved face down to `{}` lies hidden there", c.zone)),
                false => self.sight(c.zone, c.of),
            };
            let (who, why) = match sight {
                Sight::Nobody(why) => ("nobody", why),
                Sight::Owner(_, why) if self.facts.players >= 2 => ("only its owner", why),
                Sight::Others(why) => ("everyone but its owner", why),
                _ => continue,
            };
            let zone = zone_text(c.zone, c.of);
            self.out.push(Finding {
                message: format!("this announcement shows everyone a card of `{zone}`, which {who} can see"),
                at: (c.expr.span, "shows a hidden card".into()),
                also: self.decl(c.zone, why),
                help: format!(
                    "reveal the card first (move it face up where everyone sees it), or announce only what everyone may know, such as `count of {zone}`"
                ),
            });
            return;
        }
    }

    /// Whether the statements of `rest`, before anything lets a player decide, move the card
    /// `card` (a local, or `c of X`) face up where everyone sees it.
    fn revealed_next(&self, card: &Expr, rest: &[Stmt]) -> bool {
        for s in rest {
            match &s.kind {
                StmtKind::Move { what: MoveWhat::Card(e), to, facing, .. } if self.facts.same(e, card) => {
                    return self.shows_everyone(to, *facing);
                }
                // `for each player q { move c of q to ... face up }` shows every `c of X`.
                StmtKind::ForPlayer { var, body } => {
                    let ExprKind::Of { name, .. } = &card.kind else { continue };
                    let moved = body.stmts.iter().any(|m| match &m.kind {
                        StmtKind::Move { what: MoveWhat::Card(e), to, facing, .. } => {
                            matches!(&e.kind, ExprKind::Of { name: n, arg } if n.text == name.text
                                && matches!(&arg.kind, ExprKind::Name(q) if *q == var.text))
                                && self.shows_everyone(to, *facing)
                        }
                        _ => false,
                    });
                    if moved {
                        return true;
                    }
                    if body.stmts.iter().any(|m| !quiet(m)) {
                        return false;
                    }
                }
                StmtKind::Reveal(e) if self.facts.same(e, card) => return true,
                _ if quiet(s) => {}
                _ => return false,
            }
        }
        false
    }

    /// Whether a card moved to `to` (lying as `facing` says) shows to everyone: the zone is
    /// public, or the card lands face up on top of a zone that is not private.
    fn shows_everyone(&self, to: &Expr, facing: Option<Facing>) -> bool {
        let Some(z) = self.facts.zone(to).and_then(|z| self.facts.zones.get(z.name)) else { return false };
        match z.visibility {
            Visibility::Public => true,
            Visibility::Private | Visibility::Others => false,
            Visibility::ByFacing => facing.map_or(z.face_up, |f| f == Facing::Up),
        }
    }

    /// Whether the chooser surely cannot see cards of this zone, and why.
    fn hidden_from(&self, zone: &str, of: Option<&'a Expr>, chooser: &Expr) -> Option<String> {
        match self.sight(zone, of) {
            Sight::Nobody(why) => Some(why),
            Sight::Owner(Some(owner), why) if self.facts.surely_other(owner, chooser) => Some(why),
            _ => None,
        }
    }

    /// Reports the first card an `asking` question shows the chooser, who cannot see it.
    fn asked(&mut self, parts: &'a [TemplatePart], env: &Env<'a>, chooser: &Expr) {
        let mut cards = Vec::new();
        for e in holes(parts) {
            self.shown(e, env, &mut cards);
        }
        for c in cards {
            let Some(why) = self.hidden_from(c.zone, c.of, chooser) else { continue };
            let zone = zone_text(c.zone, c.of);
            self.out.push(Finding {
                message: format!("this question shows {} a card of `{zone}`, which they cannot see", show(chooser)),
                at: (c.expr.span, "shows a hidden card".into()),
                also: self.decl(c.zone, why),
                help: "ask only about what the chooser can see: their own private cards, or cards lying face up".into(),
            });
            return;
        }
    }

    fn filtered(&mut self, var: &Name, from: &'a Domain, filter: Option<&'a Expr>, env: &Env<'a>, chooser: &Expr) {
        let Some(filter) = filter else { return };
        let mut inner = env.clone();
        let loc = self.facts.zone(&from.from).filter(|_| from.to.is_none());
        bind(&mut inner, var, loc.map(|z| Loc { zone: z.name, of: z.of, secret: false, down: false }));
        let mut cards = Vec::new();
        self.shown(filter, &inner, &mut cards);
        for c in cards {
            let Some(why) = self.hidden_from(c.zone, c.of, chooser) else { continue };
            let zone = zone_text(c.zone, c.of);
            self.out.push(Finding {
                message: format!(
                    "the `where` of this choice reads cards of `{zone}`, which {} cannot see: the candidates offered show which cards pass",
                    show(chooser)
                ),
                at: (filter.span, "reads hidden cards".into()),
                also: self.decl(c.zone, why),
                help: "let them choose blindly (no `where`, and check the card once it is revealed), let `chance` choose, or make the zone visible to them".into(),
            });
            return;
        }
    }

    fn decl(&self, zone: &str, why: String) -> Option<(Span, String)> {
        self.facts.zones.get(zone).map(|z| (z.decl.name.span, why))
    }
}

/// Binds a local name to where its card lies, or forgets it (a new value, or not a card).
fn bind<'a>(env: &mut Env<'a>, name: &Name, loc: Option<Loc<'a>>) {
    match loc {
        Some(l) => {
            env.insert(name.text.clone(), l);
        }
        None => {
            env.remove(&name.text);
        }
    }
}

/// Whether a statement lets nobody decide anything and moves no card: an announcement, a
/// `let`, a change to a counter.
fn quiet(s: &Stmt) -> bool {
    matches!(
        s.kind,
        StmtKind::Announce(_)
            | StmtKind::Reveal(_)
            | StmtKind::Let { .. }
            | StmtKind::Set { .. }
            | StmtKind::Add { .. }
            | StmtKind::Subtract { .. }
            | StmtKind::Transfer { .. }
    )
}

fn holes(parts: &[TemplatePart]) -> impl Iterator<Item = &Expr> {
    parts.iter().filter_map(|p| match p {
        TemplatePart::Hole(e) => Some(e),
        TemplatePart::Text(_) => None,
    })
}

/// The name under which the card on top of a zone is known, after it was moved there face
/// down (no local name has a space).
fn top_key(zone: &Expr) -> String {
    format!("top of {}", show(zone))
}

fn zone_text(zone: &str, of: Option<&Expr>) -> String {
    match of {
        Some(o) => format!("{zone} of {}", show(o)),
        None => zone.to_string(),
    }
}
