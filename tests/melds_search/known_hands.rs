//! The meld search on hands whose answers are known, with the helpers of the parent module.

use super::*;

// ---------------------------------------------------------------------------------------------
// Hands with known answers.

/// A gin hand (a four-card run, a set and a run of picture cards) melds all ten cards.
#[test]
fn a_gin_hand_has_no_deadwood() -> Result<(), MeldError> {
    for wilds in BOTH {
        let a = arrange(&rules(wilds), &cards("3H 4H 5H 6H 9C 9D 9S JS QS KS"), &[])?;
        assert_eq!(a.points, 0);
        assert!(a.deadwood.is_empty());
        let mut melds: Vec<(u16, String)> = a.melds.iter().map(|m| (m.pattern, names(&m.cards))).collect();
        melds.sort();
        assert_eq!(
            melds,
            [(SET, "9C 9D 9S".to_string()), (RUN, "3H 4H 5H 6H".to_string()), (RUN, "JS QS KS".to_string())]
        );
    }
    Ok(())
}

/// A wild fills the gap of a run of its own suit: 5♥ Wild Heart 7♥.
#[test]
fn a_wild_fills_a_gap_in_a_run() {
    for wilds in BOTH {
        let r = rules(wilds);
        assert_eq!(pattern_of(&r, &cards("5H WH 7H")), Some(RUN));
        assert_eq!(deadwood(&r, &cards("5H WH 7H")), Ok(0));
        assert_eq!(deadwood(&r, &cards("5H WH 7H KC")), Ok(13));
    }
}

/// A Wild Heart cannot join a set of 9s that holds the 9♥ under suit wilds, but can when free.
#[test]
fn a_suit_wild_cannot_repeat_a_card_of_the_set() {
    let own = rules(Wilds::OwnSuit);
    // Under suit wilds it could only be the 9♥, already there; without the 9♥ it is the 9♥.
    assert_eq!(pattern_of(&own, &cards("9H 9C 9S WH")), None);
    // 9♣ 9♠ Wild Heart is a set (the wild is the 9♥): the 9♥ itself is left over.
    assert_eq!(deadwood(&own, &cards("9H 9C 9S WH")), Ok(9));
    assert_eq!(pattern_of(&own, &cards("9D 9C 9S WH")), Some(SET));
    let free = rules(Wilds::Free);
    // Free, it is the 9♦.
    assert_eq!(pattern_of(&free, &cards("9H 9C 9S WH")), Some(SET));
    assert_eq!(deadwood(&free, &cards("9H 9C 9S WH")), Ok(0));
}

/// A suit wild stays in its suit; a free wild does not: 5♥ 6♥ 7♥ with the Wild Spade.
#[test]
fn a_suit_wild_cannot_join_a_run_of_another_suit() {
    assert_eq!(deadwood(&rules(Wilds::OwnSuit), &cards("5H 6H 7H WS")), Ok(15));
    assert_eq!(deadwood(&rules(Wilds::Free), &cards("5H 6H 7H WS")), Ok(0));
}

/// Aces are low only: A-2-3 and J-Q-K are runs, Q-K-A is not (and K-A-2 does not wrap).
#[test]
fn aces_are_low_only() {
    for wilds in BOTH {
        let r = rules(wilds);
        assert_eq!(pattern_of(&r, &cards("AH 2H 3H")), Some(RUN));
        assert_eq!(pattern_of(&r, &cards("JH QH KH")), Some(RUN));
        assert_eq!(pattern_of(&r, &cards("QH KH AH")), None);
        assert_eq!(pattern_of(&r, &cards("KH AH 2H")), None);
        assert_eq!(deadwood(&r, &cards("QH KH AH")), Ok(26));
        assert_eq!(pattern_of(&r, &cards("QH KH WH")), Some(RUN));
    }
}

/// Wilds alone meld: three suit wilds form a set, never a run; free wilds form either.
#[test]
fn wilds_alone_can_meld() {
    let own = rules(Wilds::OwnSuit);
    assert_eq!(pattern_of(&own, &cards("WH WS WC")), Some(SET));
    assert_eq!(deadwood(&own, &cards("WH WS WC WD")), Ok(0));
    assert_eq!(kinds_listed(Wilds::OwnSuit, &cards("WH WS WC")), (true, false));
    assert_eq!(kinds_listed(Wilds::Free, &cards("WH WS WC")), (true, true));
    assert_eq!(deadwood(&rules(Wilds::Free), &cards("WH WS WC 2D")), Ok(0));
}

/// A wild that joins no meld costs 15.
#[test]
fn an_unused_wild_costs_fifteen() {
    for wilds in BOTH {
        assert_eq!(deadwood(&rules(wilds), &cards("2C 7D KS WH")), Ok(2 + 7 + 13 + 15));
        assert_eq!(deadwood(&rules(wilds), &cards("WH")), Ok(15));
        assert_eq!(deadwood(&rules(wilds), &[]), Ok(0));
    }
}

/// `lay_out` puts a run in sequence with the wild at its place, and says what every wild stands for.
#[test]
fn lay_out_puts_a_run_in_order() {
    let r = rules(Wilds::OwnSuit);
    let (six, jack, king) = (Some(5), Some(10), Some(12));
    let (hearts, spades) = (Some(0), Some(3));
    assert_eq!(
        lay_out(&r, RUN, &cards("7H WH 5H")),
        [(card("5H"), None), (card("WH"), Some(vec![six, hearts])), (card("7H"), None)]
    );
    assert_eq!(
        lay_out(&r, RUN, &cards("KH WH QH")),
        [(card("WH"), Some(vec![jack, hearts])), (card("QH"), None), (card("KH"), None)]
    );
    assert_eq!(
        lay_out(&r, RUN, &cards("WH JH QH")),
        [(card("JH"), None), (card("QH"), None), (card("WH"), Some(vec![king, hearts]))]
    );
    // In a set, the wild comes last and stands for a suit the set lacks.
    let nine = Some(8);
    assert_eq!(
        lay_out(&rules(Wilds::Free), SET, &cards("9H WS 9C 9D")),
        [(card("9H"), None), (card("9C"), None), (card("9D"), None), (card("WS"), Some(vec![nine, spades]))]
    );
}

/// Cards lay off at both ends of a run and onto a set, jointly with the hand's own melds.
#[test]
fn cards_lay_off_onto_runs_and_sets() -> Result<(), MeldError> {
    let table = [cards("5H 6H 7H"), cards("9C 9D 9S")];
    let a = arrange(&rules(Wilds::OwnSuit), &cards("4H 8H 9H 2S 3S 4S KD"), &table)?;
    assert_eq!(a.points, 13);
    assert_eq!(a.deadwood, cards("KD"));
    assert_eq!(a.melds.len(), 1);
    let lay_offs: Vec<(usize, String)> = a.lay_offs.iter().map(|l| (l.target, names(&l.cards))).collect();
    assert_eq!(lay_offs, [(0, "4H 8H".to_string()), (1, "9H".to_string())]);
    Ok(())
}

/// A wild on the table may change what it stands for when a card is laid off onto its meld.
#[test]
fn a_table_wild_can_move_for_a_lay_off() {
    // The 6♥ lays off onto 5♥ Wild Heart 7♥: the wild becomes the 4♥ or the 8♥.
    for wilds in BOTH {
        let a = arrange(&rules(wilds), &cards("6H KD"), &[cards("5H WH 7H")]);
        assert_eq!(a.map(|a| a.points), Ok(13));
    }
    // The 9♥ lays off onto 9♣ 9♠ Wild Heart only when wilds are free: the wild becomes the 9♦.
    let table = [cards("9C 9S WH")];
    assert_eq!(arrange(&rules(Wilds::OwnSuit), &cards("9H 2C"), &table).map(|a| a.points), Ok(11));
    assert_eq!(arrange(&rules(Wilds::Free), &cards("9H 2C"), &table).map(|a| a.points), Ok(2));
}

/// A hand, or a table meld, of more than `MAX_MELD_CARDS` cards is refused.
#[test]
fn too_many_cards_are_refused() {
    let r = rules(Wilds::OwnSuit);
    let big: Vec<u16> = (0..MAX_MELD_CARDS as u16 + 1).collect();
    assert_eq!(deadwood(&r, &big), Err(MeldError::TooManyCards(MAX_MELD_CARDS + 1)));
    assert_eq!(arrange(&r, &big, &[]), Err(MeldError::TooManyCards(MAX_MELD_CARDS + 1)));
    assert_eq!(arrange(&r, &cards("2C"), std::slice::from_ref(&big)), Err(MeldError::TooManyCards(MAX_MELD_CARDS + 1)));
    assert_eq!(deadwood(&r, &big[..MAX_MELD_CARDS]).map(|_| ()), Ok(()));
    // A zone of more cards than a mask has bits (three packs' worth) is refused, not a panic.
    let huge: Vec<u16> = (0..156).map(|i| i % 52).collect();
    assert_eq!(deadwood(&r, &huge), Err(MeldError::TooManyCards(156)));
}

/// The readings of a meld's wilds by brute force: every choice of a concrete card for each wild
/// (of its own suit, for suit wilds) that makes the meld distinct cards of its pattern by the
/// plain definitions; each as the sorted (rank, suit) pairs the wilds stand for.
fn brute_readings(wilds: Wilds, pattern: u16, meld: &[u16]) -> std::collections::BTreeSet<Vec<(u16, u16)>> {
    let naturals: Vec<(u16, u16)> = meld.iter().filter(|&&c| c < 52).map(|&c| (c % 13, c / 13)).collect();
    let ws: Vec<u16> = meld.iter().copied().filter(|&c| c >= 52).collect();
    let mut found = std::collections::BTreeSet::new();
    let mut choice = vec![0u16; ws.len()];
    loop {
        let stand: Vec<(u16, u16)> = choice.iter().map(|&c| (c % 13, c / 13)).collect();
        let own_suit = ws.iter().zip(&stand).all(|(w, s)| wilds == Wilds::Free || s.1 == w - 52);
        let mut all: Vec<(u16, u16)> = naturals.iter().chain(&stand).copied().collect();
        all.sort_unstable();
        let distinct = all.windows(2).all(|p| p[0] != p[1]);
        let plain = match pattern {
            SET => all.len() <= 4 && all.iter().all(|c| c.0 == all[0].0),
            _ => {
                let ranks: Vec<u16> = all.iter().map(|c| c.0).collect();
                all.iter().all(|c| c.1 == all[0].1)
                    && ranks
                        .iter()
                        .max()
                        .zip(ranks.iter().min())
                        .is_some_and(|(hi, lo)| hi - lo + 1 == all.len() as u16)
            }
        };
        if own_suit && distinct && plain && all.len() >= 3 {
            let mut r = stand.clone();
            r.sort_unstable();
            found.insert(r);
        }
        // The next choice: each wild one of the 52 cards.
        let mut k = 0;
        loop {
            if k == choice.len() {
                return found;
            }
            choice[k] += 1;
            if choice[k] < 52 {
                break;
            }
            choice[k] = 0;
            k += 1;
        }
    }
}

/// GR-15's general feature: a meld's wilds may be read each way the plain definitions allow,
/// two readings being one when they differ only in which wild stands for which card; the first
/// is the one `lay_out` shows.
#[test]
fn every_reading_of_a_meld_wilds_is_listed_once() {
    let cases: &[(Wilds, u16, &str, usize)] = &[
        (Wilds::OwnSuit, RUN, "5H 6H WH", 2),
        (Wilds::OwnSuit, RUN, "WH 6H 7H 8H", 2),
        (Wilds::OwnSuit, RUN, "KH QH WH", 1),
        (Wilds::OwnSuit, RUN, "AH WH 3H", 1),
        (Wilds::OwnSuit, SET, "9S 9D WH", 1),
        (Wilds::OwnSuit, SET, "WH WD WC", 13),
        (Wilds::Free, SET, "9S 9D WH", 2),
        (Wilds::Free, SET, "9S 9D WH WC", 1),
        (Wilds::Free, SET, "9S WD WH", 3),
        (Wilds::Free, SET, "WH WD WC", 52),
        (Wilds::Free, RUN, "5H WH WC 8H", 1),
        (Wilds::Free, RUN, "5H 6H WH WC", 3),
        (Wilds::Free, RUN, "WH WD WC", 44),
    ];
    for &(wilds, pattern, meld, count) in cases {
        let r = rules(wilds);
        let listed = wild_readings(&r, pattern, &cards(meld));
        let as_pairs: Vec<Vec<(u16, u16)>> = listed
            .iter()
            .map(|reading| {
                let mut p: Vec<(u16, u16)> =
                    reading.iter().map(|(_, v)| (v[0].expect("a rank"), v[1].expect("a suit"))).collect();
                p.sort_unstable();
                p
            })
            .collect();
        let brute = brute_readings(wilds, pattern, &cards(meld));
        assert_eq!(brute.len(), count, "{meld}: the brute force's count");
        assert_eq!(as_pairs.len(), count, "{meld}: {as_pairs:?}");
        assert_eq!(as_pairs.iter().cloned().collect::<std::collections::BTreeSet<_>>(), brute, "{meld}");
        // The first is the engine's own reading.
        let own: Vec<(u16, Option<Vec<Option<u16>>>)> = lay_out(&r, pattern, &cards(meld));
        let mut own: Vec<(u16, u16)> =
            own.iter().filter_map(|(_, s)| s.as_ref()).map(|v| (v[0].unwrap_or(99), v[1].unwrap_or(99))).collect();
        own.sort_unstable();
        assert_eq!(as_pairs[0], own, "{meld}");
    }
}
