//! What each viewer is told: the same event described for an onlooker who sees every card,
//! for one player (hidden cards are "a card", a shuffle hides its order), or for several people
//! at one screen (only what all of them may see). Every front end that shows a game to a person
//! (the terminal, transcripts for a seat, a table session) asks here.

use crate::check::ir::Value;
use crate::engine::{Event, SlotOwner, State};

/// Who is shown a game's events: everyone's cards, or one player's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// An onlooker who sees every card (transcripts, all-AI games).
    All,
    /// One player: hidden cards show as "a card", shuffles hide their order.
    Player(u8),
    /// Several people at one screen: only what every player may see.
    Table,
}

/// Whether `event` moves a card that `viewer` neither saw where it was nor sees where it lands.
pub fn hidden_move(state: &State, viewer: Viewer, event: &Event<'_>) -> bool {
    let me = match viewer {
        Viewer::All => return false,
        Viewer::Player(p) => p,
        Viewer::Table => u8::MAX,
    };
    let Event::Move { from, to, was, at, .. } = event else { return false };
    let seen_before = state.would_see(me, *from, was.0, was.1, was.2);
    !(seen_before || state.can_see(me, *to, *at))
}

/// Whether `viewer` is told of an event at all: a private choice (one offered only under a
/// condition on hidden cards, GR-14) is told to its chooser alone, and to an onlooker.
pub fn told(viewer: Viewer, event: &Event<'_>) -> bool {
    match (viewer, event) {
        (Viewer::All, _) => true,
        (
            Viewer::Player(me),
            Event::Choice { player, private: true, .. } | Event::Picked { player, private: true, .. },
        ) => *player == Some(me),
        (Viewer::Table, Event::Choice { private: true, .. } | Event::Picked { private: true, .. }) => false,
        _ => true,
    }
}

/// What an onlooker reads after a private choice: who alone was told of it.
pub fn private_note(state: &State, player: Option<u8>) -> String {
    match player {
        Some(p) => format!(" (only {} is told)", state.game().player_name(p)),
        None => " (nobody is told)".to_string(),
    }
}

/// Describes an event as `viewer` may see it; `None` when they are not told of it at all.
pub fn describe_for(state: &State, viewer: Viewer, event: &Event<'_>) -> Option<String> {
    if !told(viewer, event) {
        return None;
    }
    let me = match viewer {
        Viewer::All => return Some(state.describe(event)),
        Viewer::Player(p) => p,
        // No seat has this number, so only public and face-up cards show.
        Viewer::Table => u8::MAX,
    };
    let p = &state.game().program;
    Some(match event {
        Event::Shuffle { zone } => {
            format!("shuffle {} ({} cards)", p.zones[*zone as usize].name, state.zone_cards(*zone).len())
        }
        Event::Move { card, from, to, at, .. } => {
            let name = if hidden_move(state, viewer, event) {
                "a card".to_string()
            } else {
                state.game().card_name(*card).to_string()
            };
            let under = if state.under_others(*to, *at) { "bottom of " } else { "" };
            format!("{name}: {} -> {under}{}", p.zones[*from as usize].name, p.zones[*to as usize].name)
        }
        Event::TurnOver { zone } => format!("turn over {}", p.zones[*zone as usize].name),
        Event::Choice { player, value, ty, secret, .. } => {
            let who = player.map_or("chance".to_string(), |p| state.game().player_name(p));
            let verb = if *secret { "has chosen" } else { "chooses" };
            // The chooser is told their own choice, except a card they picked blind (from
            // another player's hand, or their own hand held facing out): it is named to them
            // only once it comes into their sight (issue 43).
            let seen = (*player == Some(me) && !crate::engine::view::facing_out::unseen_pick(state, me, *value))
                || match value {
                    Value::Card(card) => state.find_card(*card).is_some_and(|(z, i)| state.can_see(me, z, i)),
                    // An arrangement shows the cards of its zone.
                    Value::Arrangement(z, _) => {
                        !*secret && (0..state.zone_cards(*z).len()).all(|i| state.can_see(me, *z, i))
                    }
                    _ => !*secret,
                };
            match (seen, value) {
                (true, _) => format!("{who} {verb} {}", state.show(*value, *ty)),
                (false, Value::Card(_)) => format!("{who} {verb} a card"),
                (false, _) => format!("{who} {verb}"),
            }
        }
        Event::Picked { player, own, public, .. } => {
            let who = player.map_or("chance".to_string(), |p| state.game().player_name(p));
            format!("{who} chooses {}", if *player == Some(me) { own } else { public })
        }
        Event::Transfer { amount, from, to } => {
            let name = |slot: u16| match state.game().slot_owner(slot) {
                Some((c, SlotOwner::Card(card)))
                    if !state.find_card(card).is_some_and(|(z, i)| state.can_see(me, z, i)) =>
                {
                    format!("{} of a card", c.name)
                }
                _ => state.game().slot_name(slot),
            };
            // A variable is bookkeeping that players are not shown: its balance stays unsaid.
            let shown = |slot: u16| state.game().slot_owner(slot).is_some_and(|(c, _)| c.reported);
            if shown(*from) && shown(*to) {
                state.transfer_text(*amount, &name(*from), *from, &name(*to), *to)
            } else {
                format!("transfer {amount}: {} -> {}", name(*from), name(*to))
            }
        }
        Event::Turn { card, face_up } => {
            if *face_up {
                state.describe(event)
            } else {
                let _ = card;
                "turn a card face down".to_string()
            }
        }
        _ => state.describe(event),
    })
}

/// Whether `viewer` has just read the decision line that names this choice already: an
/// onlooker sees every open choice as a decision, so its event would say it twice.
pub fn decision_line_says_it(viewer: Viewer, event: &Event<'_>) -> bool {
    matches!(
        (viewer, event),
        (Viewer::All, Event::Choice { player: Some(_), secret: false, .. } | Event::Picked { player: Some(_), .. })
    )
}
