//! Tabulation: an expression that depends only on the properties of one or two cards (a duel of
//! two cards, a card's points) is worked out for every card before play and becomes a look-up.

use std::sync::Arc;

use super::fold::is_pure_node;
use super::PureEval;
use crate::check::ir::walk::{children, children_mut};
use crate::check::ir::{CardTable, Expr, Value};

/// Expressions smaller than this (in nodes, the cards' own expressions aside) are cheaper to
/// evaluate than to look up.
const MIN_NODES: usize = 3;

/// The local slots that stand for the cards while a table is worked out (no procedure has that
/// many locals).
const ATOM_SLOT: u16 = u16::MAX - 2;

/// The most entries a table of two cards may have.
const MAX_ENTRIES: usize = 1 << 18;

/// Replaces the largest tabulable parts of an expression by tables.
pub(crate) fn tabulate(e: &mut Expr, cards: usize, pure: PureEval<'_>) {
    if let Some(t) = table_of(e, cards, pure) {
        *e = Expr::CardTable(Box::new(t));
        return;
    }
    children_mut(e, |c| tabulate(c, cards, pure));
}

/// The table of an expression that is a pure function of one or two cards, if it is one and
/// worth it.
fn table_of(e: &Expr, cards: usize, pure: PureEval<'_>) -> Option<CardTable> {
    let mut atoms = Vec::new();
    let nodes = card_atoms(e, &mut atoms)?;
    if atoms.is_empty() || atoms.len() > 2 || nodes < MIN_NODES {
        return None;
    }
    let stride = cards + 1;
    let entries = stride.checked_pow(atoms.len() as u32)?;
    if entries > MAX_ENTRIES {
        return None;
    }
    // Entry `stride - 1` of an argument stands for anything that is not a card.
    let card = |i: usize| if i + 1 == stride { Value::None } else { Value::Card(i as u16) };
    // The cards are read from two locals no procedure has, bound for each entry.
    // All atoms at once: one atom may hold another (`x.suit == (card d in Z where d != x).suit`
    // has the atoms `x` and the aggregate that reads `x`), and replacing `x` first would leave
    // the aggregate no longer equal to its atom.
    let mut body = e.clone();
    substitute(&mut body, &atoms);
    let mut values = Vec::with_capacity(entries);
    for i in 0..entries {
        let (first, second) = if atoms.len() == 1 { (i, 0) } else { (i / stride, i % stride) };
        values.push(pure(&body, &[(ATOM_SLOT, card(first)), (ATOM_SLOT + 1, card(second))]));
    }
    Some(CardTable { args: atoms, stride: stride as u32, values: Arc::from(values) })
}

/// The cards an expression depends on (`atoms`: the expressions whose properties it reads), if
/// it reads nothing else of the game in play; returns its size in nodes, atoms aside.
fn card_atoms(e: &Expr, atoms: &mut Vec<Expr>) -> Option<usize> {
    match e {
        Expr::Const(_) => Some(1),
        Expr::Prop(c, _) | Expr::OrderOf(_, c) => {
            if !matches!(**c, Expr::Const(_)) && !atoms.contains(c) {
                atoms.push((**c).clone());
            }
            Some(1)
        }
        _ if is_pure_node(e) => {
            let mut total = Some(1);
            children(e, |c| {
                total = match (total, card_atoms(c, atoms)) {
                    (Some(t), Some(n)) => Some(t + n),
                    _ => None,
                }
            });
            total
        }
        _ => None,
    }
}

/// Replaces every occurrence of the `k`-th atom by the local `ATOM_SLOT + k`, outermost first,
/// in one pass (an atom found is replaced whole, the atoms inside it with it).
fn substitute(e: &mut Expr, atoms: &[Expr]) {
    if let Some(k) = atoms.iter().position(|a| a == e) {
        *e = Expr::Local(ATOM_SLOT + k as u16);
        return;
    }
    children_mut(e, |c| substitute(c, atoms));
}
