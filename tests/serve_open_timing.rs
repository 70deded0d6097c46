//! Open timing (`any player p may`, issue 43) over HTTP: at every move of tables of three people
//! playing Match (tests/fixtures/lang_timing/match.cardgame), no byte sent to a seat names a card
//! in another player's hand or says whether another player may claim (a link's `waiting` is its
//! own seat alone); when two players may claim, the first claim to arrive is applied and the
//! other, made for the moment already past, is refused with HTTP 409 and changes nothing.

use crate::serve::{check_answer, create, library, root, scratch, Server};
use cardlang::engine::rng::Rng;
use cardlang::engine::{Action, State};
use cardlang::session::Status;
use serde_json::json;

const GAME: &str = "tests/fixtures/lang_timing/match.cardgame";

/// The names of the cards in the hand of `seat` (from 0).
fn hand(state: &State, seat: u8) -> Vec<String> {
    let want = format!("hand of player {}", seat + 1);
    let zones = &state.game().program.zones;
    let z = zones.iter().position(|z| z.name == want).unwrap_or_else(|| panic!("a zone named {want}"));
    state.zone_cards(z as u16).iter().map(|c| state.game().card_name(*c).to_string()).collect()
}

#[test]
fn the_first_claim_to_arrive_wins_and_no_seat_learns_another_hand() {
    let dir = scratch("open_timing");
    let server = Server::start(&[root(GAME)], &dir.join("tables.sqlite"));
    let seats = ["human", "human", "human"];
    let mut stale = 0;
    for seed in [1u64, 2, 3, 4] {
        let table = create(&server, &json!({"game": "match", "seats": seats, "seed": seed}));
        let mut lib = library(GAME, &[], &seats, seed);
        let mut rng = Rng::new(seed);
        let token_of = |seat: u8| table.seats.iter().find(|(s, _)| *s == seat).map(|(_, t)| t.clone());
        for _ in 0..200 {
            let open = lib.state().is_open_moment();
            for (seat, token) in &table.seats {
                let (view, bytes) = server.view(token);
                check_answer(GAME, &lib, Some(*seat), &view);
                for other in (0..3u8).filter(|o| o != seat) {
                    for name in hand(lib.state(), other) {
                        assert!(!bytes.contains(&name), "seed {seed}: seat {seat} was sent {name}: {bytes}");
                    }
                }
                if open {
                    let waiting: Vec<u64> =
                        view["waiting"].as_array().expect("waiting").iter().filter_map(|w| w.as_u64()).collect();
                    assert!(
                        waiting.iter().all(|&w| w == *seat as u64 + 1),
                        "seed {seed}: seat {seat} told {waiting:?}"
                    );
                }
            }
            if lib.status() == Status::Over {
                break;
            }
            let waiting = lib.waiting_for();
            let seat = waiting[rng.below(waiting.len() as u64) as usize];
            let token = token_of(seat).expect("a person's seat");
            let (view, _) = server.view(&token);
            let choices = view["menu"]["choices"].as_array().expect("a menu").clone();
            let pick = &choices[rng.below(choices.len() as u64) as usize];
            let (at, action) = (view["menu"]["at"].as_u64().expect("at"), pick["action"].as_u64().expect("action"));
            // Another player with a claim at the same moment reads their menu before this move.
            let rival = waiting.iter().copied().find(|&s| s != seat).and_then(|s| {
                let (v, _) = server.view(&token_of(s).expect("a seat"));
                let claim = v["menu"]["choices"].as_array()?.get(1)?["action"].as_u64()?;
                Some((s, claim))
            });
            let (status, after) =
                server.post_json(&format!("/api/t/{token}/move"), &json!({"at": at, "action": action}));
            assert_eq!(status, 200, "{after}");
            lib.act(seat, Action(action as u32), at as usize).expect("the library takes the same move");
            if let (true, true, Some((s, claim))) = (open, action != 0, rival) {
                let history = lib.history().len();
                let rival_token = token_of(s).expect("a seat");
                let (status, refused) =
                    server.post_json(&format!("/api/t/{rival_token}/move"), &json!({"at": at, "action": claim}));
                assert_eq!(status, 409, "seed {seed}: a claim for a moment already past is refused: {refused}");
                let (view, _) = server.view(&rival_token);
                assert_eq!(view["step"].as_u64(), Some(history as u64), "nothing changed");
                stale += 1;
            }
        }
        assert_eq!(lib.status(), Status::Over, "seed {seed}: the game ends");
    }
    assert!(stale >= 1, "a moment with two claimers was met ({stale})");
}
