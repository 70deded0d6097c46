//! A hand held facing out (`seen by others`, issue 43) over HTTP: every other seat and the
//! spectators see its cards, and the seat holding it is never sent the name of a card it holds,
//! in any byte of any answer (the log included), until that card is played face up.

use crate::serve::{check_answer, create, library, root, scratch, Server};
use cardlang::engine::rng::Rng;
use cardlang::engine::{Action, State};
use cardlang::session::Status;
use serde_json::json;

const GAME: &str = "tests/fixtures/lang_zones/facing_out_rows.cardgame";

/// The names of the cards in the hand of `seat` (from 0), read from the table by the zone's
/// name as transcripts write it.
fn own_hand(state: &State, seat: u8) -> Vec<String> {
    let want = format!("hand of player {}", seat + 1);
    let zones = &state.game().program.zones;
    let z = zones.iter().position(|z| z.name == want).unwrap_or_else(|| panic!("a zone named {want}"));
    state.zone_cards(z as u16).iter().map(|c| state.game().card_name(*c).to_string()).collect()
}

#[test]
fn a_seat_is_never_sent_a_card_of_its_own_hand_held_facing_out() {
    let dir = scratch("facing_out");
    let server = Server::start(&[root(GAME)], &dir.join("tables.sqlite"));
    let seats = ["human", "human", "human"];
    for seed in [1u64, 2, 3] {
        let table = create(&server, &json!({"game": "facing_out_rows", "seats": seats, "seed": seed}));
        let mut lib = library(GAME, &[], &seats, seed);
        let mut rng = Rng::new(seed);
        let mut others_saw = 0;
        for _ in 0..200 {
            for (seat, token) in &table.seats {
                let (view, bytes) = server.view(token);
                check_answer(GAME, &lib, Some(*seat), &view);
                for name in own_hand(lib.state(), *seat) {
                    // Every card of this small deck has a name of its own.
                    assert!(
                        !bytes.contains(&name),
                        "seed {seed}: seat {seat} was sent {name}, in its own hand: {bytes}"
                    );
                }
                // The others do see it: some other seat's hand is named in this seat's view.
                let other = (*seat + 1) % seats.len() as u8;
                others_saw += own_hand(lib.state(), other).iter().filter(|n| bytes.contains(n.as_str())).count();
            }
            if lib.status() == Status::Over {
                break;
            }
            let seat = lib.waiting_for()[0];
            let token = &table.seats.iter().find(|(s, _)| *s == seat).expect("a person's seat").1;
            let (view, _) = server.view(token);
            let choices = view["menu"]["choices"].as_array().expect("a menu").clone();
            let pick = &choices[rng.below(choices.len() as u64) as usize];
            let (at, action) = (view["menu"]["at"].as_u64().expect("at"), pick["action"].as_u64().expect("action"));
            let (status, after) =
                server.post_json(&format!("/api/t/{token}/move"), &json!({"at": at, "action": action}));
            assert_eq!(status, 200, "{after}");
            lib.act(seat, Action(action as u32), at as usize).expect("the library takes the same move");
        }
        assert_eq!(lib.status(), Status::Over, "seed {seed}: the game ends");
        assert!(others_saw > 0, "seed {seed}: the other players were shown the hands held facing out");
    }
}
