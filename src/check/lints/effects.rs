//! What statements change: the names they set, the zones they take cards from or put cards
//! into, and whether they can end the game or return. Each procedure is summed up once, with
//! the procedures it calls.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

use super::facts::Facts;
use crate::syntax::ast::{Block, Expr, MoveWhat, Stmt, StmtKind};

/// What running some statements can change.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct Effects {
    /// Counters, variables, locals and choice names set, added to, transferred or chosen.
    pub names: BTreeSet<String>,
    /// Whether it can change any name at all (it calls a procedure nothing declares).
    pub any_name: bool,
    /// Zones (by declaration) whose cards it moves, shuffles or turns over.
    pub zones: BTreeSet<String>,
    /// Zones (by declaration) it can put cards into.
    pub filled: BTreeSet<String>,
    /// Whether it can move cards in or out of a zone it does not name (a card moved from
    /// wherever it is, a zone held in a local name).
    pub any_zone: bool,
    /// Whether it can put cards into a zone it does not name.
    pub fills_any: bool,
    /// Whether it can end the game (`end game`, here or in a procedure it calls).
    pub ends_game: bool,
    /// Whether it can `return` (here, not in a procedure it calls).
    pub returns: bool,
    /// Whether it can `break` out of the loop it is in (not out of a loop inside it).
    pub breaks: bool,
}

impl Effects {
    /// Adds what `o` can change.
    pub fn add(&mut self, o: &Effects) {
        // A name copied only when it is new (most are there already).
        for (mine, theirs) in [(&mut self.names, &o.names), (&mut self.zones, &o.zones), (&mut self.filled, &o.filled)]
        {
            for n in theirs {
                if !mine.contains(n) {
                    mine.insert(n.clone());
                }
            }
        }
        self.any_name |= o.any_name;
        self.any_zone |= o.any_zone;
        self.fills_any |= o.fills_any;
        self.ends_game |= o.ends_game;
        self.returns |= o.returns;
        self.breaks |= o.breaks;
    }

    /// Whether it can change something `reads` (names of zones, counters, locals) names.
    pub fn touches(&self, reads: &BTreeSet<String>, facts: &Facts) -> bool {
        let position = reads.contains(super::facts::POSITION)
            && (self.names.contains(super::facts::POSITION) || self.any_zone || !self.zones.is_empty());
        self.any_name
            || position
            || reads.iter().any(|n| {
                self.names.contains(n)
                    || self.zones.contains(n)
                    || (self.any_zone && facts.zones.contains_key(n.as_str()))
            })
    }

    /// Whether it can leave the block it is in: end the game, return, or break out of a loop.
    pub fn leaves(&self) -> bool {
        self.ends_game || self.returns || self.breaks
    }
}

/// What each procedure can change when called (a `return` in it leaves only itself).
pub(crate) struct Summaries<'f, 'a> {
    facts: &'f Facts<'a>,
    procedures: HashMap<String, Effects>,
    /// Once every procedure is summed up: each statement's effects, by its address, worked out
    /// once (lints ask for a statement's effects at every level of its blocks, which took time in
    /// the square of the nesting).
    /// Shared, not copied: every lint asks the same summaries.
    settled: Option<std::cell::RefCell<HashMap<*const Stmt, Rc<Effects>>>>,
}

impl<'f, 'a> Summaries<'f, 'a> {
    /// Sums up every procedure, the procedures it calls included.
    pub fn new(facts: &'f Facts<'a>) -> Self {
        let mut s = Summaries { facts, procedures: HashMap::new(), settled: None };
        // Effects only grow, so going round until nothing changes ends.
        loop {
            let mut changed = false;
            for p in &facts.procedures {
                let mut e = s.block(&p.body);
                e.returns = false;
                e.breaks = false;
                if s.procedures.get(&p.name.text) != Some(&e) {
                    s.procedures.insert(p.name.text.clone(), e);
                    changed = true;
                }
            }
            if !changed {
                s.settled = Some(std::cell::RefCell::new(HashMap::new()));
                return s;
            }
        }
    }

    /// What calling procedure `name` can change.
    pub fn procedure(&self, name: &str) -> Cow<'_, Effects> {
        match self.procedures.get(name) {
            Some(e) => Cow::Borrowed(e),
            // An unknown procedure (a checker error) might do anything.
            None if self.facts.procedure(name).is_none() => Cow::Owned(Effects {
                any_name: true,
                any_zone: true,
                fills_any: true,
                ends_game: true,
                ..Effects::default()
            }),
            None => Cow::Owned(Effects::default()),
        }
    }

    /// What a block can change.
    pub fn block(&self, b: &Block) -> Effects {
        let mut out = Effects::default();
        self.add_block(b, &mut out);
        out
    }

    /// Adds what a block can change to `out`.
    fn add_block(&self, b: &Block, out: &mut Effects) {
        for s in &b.stmts {
            out.add(&self.stmt(s));
        }
    }

    /// What a statement can change, the statements inside it included.
    pub fn stmt(&self, s: &Stmt) -> Rc<Effects> {
        let Some(memo) = &self.settled else { return Rc::new(self.work_out(s)) };
        if let Some(e) = memo.borrow().get(&(s as *const Stmt)) {
            return Rc::clone(e);
        }
        let e = Rc::new(self.work_out(s));
        memo.borrow_mut().insert(s as *const Stmt, Rc::clone(&e));
        e
    }

    /// What a statement can change, worked out from the statements inside it.
    fn work_out(&self, s: &Stmt) -> Effects {
        let mut e = Effects::default();
        let facts = self.facts;
        let zone = |e: &mut Effects, x: &Expr, filled: bool| match facts.zone(x) {
            Some(z) => {
                e.zones.insert(z.name.to_string());
                if filled {
                    e.filled.insert(z.name.to_string());
                }
            }
            None => {
                e.any_zone = true;
                e.fills_any |= filled;
            }
        };
        match &s.kind {
            StmtKind::If { then, otherwise, .. } => {
                self.add_block(then, &mut e);
                if let Some(b) = otherwise {
                    self.add_block(b, &mut e);
                }
            }
            StmtKind::While { body, .. }
            | StmtKind::Repeat { body, .. }
            | StmtKind::ForPlayer { body, .. }
            | StmtKind::ForCard { body, .. }
            | StmtKind::ForEach { body, .. }
            | StmtKind::ForRange { body, .. } => {
                // A `break` in the body leaves this loop, not the block around it.
                self.add_block(body, &mut e);
                e.breaks = false;
            }
            StmtKind::ChooseOne { branches, otherwise, .. } | StmtKind::AnyPlayerMay { branches, otherwise, .. } => {
                for b in branches {
                    self.add_block(&b.body, &mut e);
                    for x in &b.binds {
                        e.names.insert(x.var.text.clone());
                    }
                }
                if let Some(o) = otherwise {
                    self.add_block(o, &mut e);
                }
            }
            StmtKind::Shuffle(z) | StmtKind::TurnOver(z) | StmtKind::Reveal(z) => zone(&mut e, z, false),
            StmtKind::Deal { from, to, .. } => {
                zone(&mut e, from, false);
                e.zones.insert(to.text.clone());
                e.filled.insert(to.text.clone());
            }
            StmtKind::Move { what, to, .. } => {
                match what {
                    MoveWhat::All(z) | MoveWhat::Top(_, z) | MoveWhat::Bottom(_, z) => zone(&mut e, z, false),
                    MoveWhat::Card(_) | MoveWhat::Above(_) => e.any_zone = true,
                }
                zone(&mut e, to, true);
            }
            StmtKind::Meld { from, .. } => {
                zone(&mut e, from, false);
                e.any_zone = true;
                e.fills_any = true;
            }
            StmtKind::Set { place, .. } | StmtKind::Add { place, .. } | StmtKind::Subtract { place, .. } => {
                e.names.insert(place.name.text.clone());
            }
            StmtKind::Transfer { from, to, .. } => {
                e.names.insert(from.name.text.clone());
                e.names.insert(to.name.text.clone());
            }
            StmtKind::Choose { var, .. } | StmtKind::ChooseSecretly { var, .. } => {
                e.names.insert(var.text.clone());
            }
            StmtKind::ChooseCards(c) => {
                zone(&mut e, &c.from, false);
                zone(&mut e, &c.to, true);
            }
            StmtKind::Return => e.returns = true,
            StmtKind::End(_) => e.ends_game = true,
            StmtKind::Call { name, .. } => e.add(&self.procedure(&name.text)),
            StmtKind::TurnCard { .. } | StmtKind::RememberPosition => {
                e.names.insert(super::facts::POSITION.to_string());
            }
            StmtKind::Let { .. } | StmtKind::Announce(_) | StmtKind::Pause(_) => {}
            StmtKind::Break => e.breaks = true,
            // issue 43: the block runs as it stands.
            StmtKind::Undo { body, .. } => self.add_block(body, &mut e),
        }
        e
    }
}
