//! Phase 2: syntax tree → checked program. Resolves every name, checks types, applies a variant
//! and `--set` options, and reports every problem at once.

mod agg_domains;
mod aggregates;
mod calls;
mod consts;
mod decls;
pub mod error;
mod exprs;
mod hands;
pub mod heading;
pub mod index;
pub mod ir;
mod joined;
pub mod lints;
mod measures;
mod melds;
pub mod mistake;
mod open_timing;
mod options;
mod reveal;
mod routines;
mod set_choice;
mod several;
mod substitute;
mod the_player;
mod undo;
mod view;
mod zone_rows;
pub use melds::MAX_PATTERN_RULES;
mod stmts;
pub mod variants;

use std::collections::HashMap;

pub use error::{CheckError, CheckErrors};
pub use ir::Program;
pub use mistake::Mistake;

use crate::syntax::ast::{self, File, Span};
use ir::*;

/// What to check: a variant to apply and options to set.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// The variant to apply, if any.
    pub variant: Option<String>,
    /// `name=value` option settings, applied after the variant.
    pub sets: Vec<(String, String)>,
    /// How many players sit at the table, for a game of `players 2 to 7`; `None` for the fewest.
    pub seats: Option<u8>,
}

/// Checks a parsed game with a variant and options applied, and resolves it into a program.
pub fn check(file: &File, config: &Config) -> Result<Program, CheckErrors> {
    let (applied, mut errors) = variants::apply(file, config.variant.as_deref());
    let mut checker = Checker { variant: config.variant.clone(), wanted_seats: config.seats, ..Checker::default() };
    checker.errors.append(&mut errors);
    let program = checker.run(&applied, &config.sets);
    if checker.errors.is_empty() {
        if let Some(p) = program {
            return Ok(p);
        }
    }
    Err(CheckErrors { errors: checker.errors })
}

/// Checks the base game and every variant it declares; the problems of each, at once.
pub fn check_all(file: &File) -> Vec<CheckError> {
    let mut variants: Vec<Option<String>> = vec![None];
    variants.extend(variants::variant_decls(file).iter().map(|v| Some(v.name.text.clone())));
    check_variants(file, &variants, Vec::new())
}

/// Checks the game with each of `variants` (`None`: the base game) and adds every problem not
/// already in `found`, in order.
pub fn check_variants(file: &File, variants: &[Option<String>], mut found: Vec<CheckError>) -> Vec<CheckError> {
    for v in variants {
        if let Err(e) = check(file, &Config { variant: v.clone(), ..Config::default() }) {
            for err in e.errors {
                if !found.contains(&err) {
                    found.push(err);
                }
            }
        }
    }
    found
}

/// A global name and what it stands for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Global {
    Option(u16),
    Property(u16),
    Cards,
    Order(u16),
    Zone(u16),
    Counter(u16),
    Function,
    Procedure(u16),
    /// The game's `melds` declaration.
    Melds,
    /// A `hands` declaration, by index.
    Hands(u16),
}

/// A group of cards declared by one `cards` declaration: each card's name and properties.
#[derive(Debug, Clone, Default)]
pub(crate) struct CardGroup {
    pub cards: Vec<(String, Vec<Value>)>,
}

/// The checker's tables while it works.
#[derive(Default)]
pub(crate) struct Checker {
    pub errors: Vec<CheckError>,
    pub variant: Option<String>,
    pub title: String,
    pub players: u8,
    pub globals: HashMap<String, (Global, Span)>,
    /// Enum names (types) and their indices.
    pub enum_names: HashMap<String, (u16, Span)>,
    pub options: Vec<OptionInfo>,
    pub enums: Vec<EnumInfo>,
    pub properties: Vec<PropertyInfo>,
    pub property_defaults: Vec<Value>,
    pub groups: HashMap<String, CardGroup>,
    pub cards: Vec<CardInfo>,
    pub card_props: Vec<Value>,
    pub zone_decls: Vec<ZoneDeclInfo>,
    pub zones: Vec<ZoneInfo>,
    pub counters: Vec<CounterInfo>,
    pub counter_slots: usize,
    pub orders: Vec<OrderInfo>,
    pub functions: HashMap<String, ast::FunctionDecl>,
    /// Functions being inlined, to catch recursion.
    pub inlining: Vec<String>,
    /// The bodies of functions without statements, checked once (substitute.rs).
    pub inlined: HashMap<String, std::sync::Arc<substitute::Inlined>>,
    /// The parts written out by calls so far, against [`substitute::INLINE_BUDGET`].
    pub inline_spent: u64,
    /// The count of players asked for (`Config::seats`), and the fewest and most the game takes.
    pub wanted_seats: Option<u8>,
    pub seats: (u8, u8),
    /// Each player's team (from 0), once collected.
    pub teams: Vec<u8>,
    /// The texts of expressions, each once (`Value::Sym` of `Type::Text` indexes them).
    pub texts: Vec<String>,
    /// How many loops the statement being checked is inside (for `break`).
    pub loops: u32,
    /// Aggregates made so far (each gets its own key), and how deep the current one is nested.
    pub aggregates: (u32, usize),
    pub procedure_decls: Vec<ast::ProcedureDecl>,
    pub procedures: Vec<Procedure>,
    /// The options' declarations and the values given them, until the enums are known.
    pub option_work: options::OptionWork,
    /// The game's melds, once collected.
    pub melds: Option<MeldRules>,
    /// The `hands` declarations, once collected.
    pub hands: Vec<HandsInfo>,
    /// The functions whose blocks hold statements, once checked.
    pub routines: HashMap<String, std::sync::Arc<Routine>>,
    /// The choice statements offered only under a condition on hidden cards (by span): shown to
    /// their chooser alone (GR-14).
    pub private_choices: std::collections::HashSet<Span>,
    /// Functions and procedures whose name an earlier declaration of another kind took: the
    /// duplicate is reported once, and their calls are not reported again as unknown.
    pub duplicate_routines: std::collections::HashSet<String>,
}

impl Checker {
    fn run(&mut self, applied: &variants::Applied, sets: &[(String, String)]) -> Option<Program> {
        self.players = 2;
        self.seats = (2, 2);
        self.declare_all(&applied.items);
        self.collect_teams(&applied.items);
        self.collect_options(&applied.items, &applied.option_values, sets);
        self.collect_enums(&applied.items);
        self.collect_properties(&applied.items);
        self.collect_orders(&applied.items);
        self.collect_cards(&applied.items);
        self.collect_zones(&applied.items);
        self.collect_counters(&applied.items);
        // After the zones (a per-player zone that holds a group makes cards of its own) and
        // the counters (which its rules may not read, and should be told so).
        self.collect_melds(&applied.items);
        self.collect_hands(&applied.items);
        self.collect_routines(&applied.items);
        self.check_functions();
        self.private_choices = lints::private_choices(&applied.items);
        self.check_procedures();
        let measures = self.collect_measures(&applied.items);
        let view = self.collect_view(&applied.items);
        let setup = self.procedure_index("setup");
        let play = self.procedure_index("play");
        if play.is_none() {
            self.errors.push(CheckError::Missing {
                message: "the game has no `play` procedure".into(),
                help: "add `procedure play { ... }`: it runs after `setup` and plays the game".into(),
            });
        }
        if !self.errors.is_empty() {
            return None;
        }
        Some(Program {
            title: std::mem::take(&mut self.title),
            players: self.players,
            seats: self.seats,
            teams: std::mem::take(&mut self.teams),
            texts: std::mem::take(&mut self.texts),
            variant: self.variant.clone(),
            options: std::mem::take(&mut self.options),
            enums: std::mem::take(&mut self.enums),
            properties: std::mem::take(&mut self.properties),
            cards: std::mem::take(&mut self.cards),
            card_props: std::mem::take(&mut self.card_props),
            zone_decls: std::mem::take(&mut self.zone_decls),
            zones: std::mem::take(&mut self.zones),
            counters: std::mem::take(&mut self.counters),
            counter_slots: self.counter_slots,
            orders: std::mem::take(&mut self.orders),
            procedures: std::mem::take(&mut self.procedures),
            setup,
            play: play?,
            measures,
            melds: self.melds.take(),
            hands: std::mem::take(&mut self.hands),
            view,
        })
    }

    pub(crate) fn procedure_index(&self, name: &str) -> Option<u16> {
        match self.globals.get(name) {
            Some((Global::Procedure(i), _)) => Some(*i),
            _ => None,
        }
    }

    /// Records every global name, reporting duplicates.
    fn declare_all(&mut self, items: &[ast::Item]) {
        for item in items {
            match item {
                ast::Item::Game { title, .. } => self.title = title.clone(),
                ast::Item::Players { span, count, most } => self.declare_players(*span, *count, *most),
                _ => {}
            }
            let Some(name) = item.name() else { continue };
            // Enums are types, named apart from values: `property suit: suit` is fine. A `hands`
            // declaration is both: an enum of its patterns, and a name for `category of Z`.
            if let ast::Item::Enum(_) | ast::Item::Hands(_) = item {
                if let Some((_, first)) = self.enum_names.get(&name.text) {
                    self.errors.push(CheckError::duplicate(&name.text, name.span, *first));
                } else {
                    self.enum_names.insert(name.text.clone(), (u16::MAX, name.span));
                }
                if !matches!(item, ast::Item::Hands(_)) {
                    continue;
                }
            }
            if let Some((_, first)) = self.globals.get(&name.text) {
                self.errors.push(CheckError::duplicate(&name.text, name.span, *first));
                continue;
            }
            let g = match item {
                ast::Item::Function(_) => Global::Function,
                ast::Item::Melds(_) => Global::Melds,
                ast::Item::Hands(_) => Global::Hands(u16::MAX),
                // Filled in with real indices as each kind is collected.
                _ => Global::Cards,
            };
            self.globals.insert(name.text.clone(), (g, name.span));
        }
    }

    /// `teams {player 1, player 3}, {player 2, player 4}`: each player's team; a player no team
    /// names plays alone, in a team of their own.
    fn collect_teams(&mut self, items: &[ast::Item]) {
        let n = self.players as usize;
        let mut team: Vec<Option<u8>> = vec![None; n];
        let mut declared = false;
        for item in items {
            let ast::Item::Teams { span, teams } = item else { continue };
            if declared {
                self.errors.push(CheckError::invalid(
                    Mistake::OnePerGame,
                    *span,
                    "the teams are declared twice",
                    "a second `teams`",
                    None,
                ));
                continue;
            }
            declared = true;
            for (t, members) in teams.iter().enumerate() {
                for &(seat, at) in members {
                    let Some(slot) = (seat as usize).checked_sub(1).and_then(|i| team.get_mut(i)) else {
                        self.errors.push(CheckError::invalid(
                            Mistake::NoSuchPlayer,
                            at,
                            format!("player {seat} is not at this table of {n}"),
                            "no such seat",
                            Some(format!("name players 1 to {n}")),
                        ));
                        continue;
                    };
                    if slot.is_some() {
                        self.errors.push(CheckError::invalid(
                            Mistake::PlayerInTwoTeams,
                            at,
                            format!("player {seat} is in two teams"),
                            "named again",
                            Some("name each player in one team only".into()),
                        ));
                        continue;
                    }
                    *slot = Some(t as u8);
                }
            }
        }
        let mut next = team.iter().flatten().max().map_or(0, |t| t + 1);
        self.teams = team
            .into_iter()
            .map(|t| {
                t.unwrap_or_else(|| {
                    next += 1;
                    next - 1
                })
            })
            .collect();
    }

    /// `players 2`, or `players 2 to 7` with the count chosen for this game (`seats`).
    fn declare_players(&mut self, span: Span, fewest: u32, most: Option<u32>) {
        let most_n = most.unwrap_or(fewest);
        for n in [fewest, most_n] {
            if !(1..=MAX_PLAYERS as u32).contains(&n) {
                self.errors.push(CheckError::invalid(
                    Mistake::PlayerCount,
                    span,
                    format!("a game has 1 to {MAX_PLAYERS} players, not {n}"),
                    "out of range",
                    None,
                ));
                return;
            }
        }
        if most_n < fewest {
            self.errors.push(CheckError::invalid(
                Mistake::RangeBackwards,
                span,
                format!("`players {fewest} to {most_n}` runs backwards"),
                "the fewer players first",
                Some(format!("write `players {most_n} to {fewest}`")),
            ));
            return;
        }
        self.seats = (fewest as u8, most_n as u8);
        self.players = match self.wanted_seats {
            None => fewest as u8,
            Some(n) if (fewest..=most_n).contains(&(n as u32)) => n,
            Some(n) if most.is_some() => {
                self.errors.push(CheckError::Seats {
                    message: format!("this game is for {fewest} to {most_n} players, not {n}"),
                    span: span.into(),
                    help: format!("name {fewest} to {most_n} players with --players (one per seat)"),
                });
                fewest as u8
            }
            // A game of a fixed count: the command line says what is wrong with its list.
            Some(_) => fewest as u8,
        };
    }

    /// Names of declared globals of one kind, for suggestions.
    pub(crate) fn names_where(&self, pred: impl Fn(&Global) -> bool) -> Vec<&str> {
        self.globals.iter().filter(|(_, (g, _))| pred(g)).map(|(n, _)| n.as_str()).collect()
    }
}
