//! The reserved words with a line each on what they do (docs/language.md says it at length), for
//! hover and completion, and snippets for the forms a designer writes most.

use lsp_types::{CompletionItem, CompletionItemKind, InsertTextFormat};

/// Every reserved word of the grammar (`keyword` in grammar/cardgame.pest) and its meaning.
const WORDS: &[(&str, &str)] = &[
    ("game", "the game's title: `game \"Name\"`"),
    ("players", "how many play: `players 2`, or `players 2 to 7`"),
    ("option", "a setting a variant or `--set` may change: `option n: int in 1 to 9 = 3`"),
    ("enum", "a list of named values: `enum suit = hearts, spades`"),
    ("property", "something every card has: `property rank: rank`"),
    ("cards", "a group of cards: `cards standard = every rank, suit`"),
    ("every", "every combination (`every rank, suit`), or every zone of a kind (`every hand`)"),
    ("order", "an order of a property's values: `order high: rank 2 < 3 < ... < A`"),
    ("zone", "a place cards lie: `zone hand: per player, private`"),
    ("counter", "a number (or value) the game keeps and reports: `counter score per player = 0`"),
    ("variable", "a value the game keeps and does not report"),
    ("function", "a value worked out from its parameters: `function f(x: card): int = ...`"),
    ("procedure", "a named block of rules; `setup` and `play` are where a game starts"),
    ("variant", "a named change of the rules: `variant short { ... }`"),
    ("override", "in a variant, a declaration that replaces the one of the same name"),
    ("extends", "a variant file's first line: the game it changes"),
    ("shuffle", "puts a zone's cards in a random order"),
    ("deal", "moves cards one at a time to each player: `deal 5 from pack to hand`"),
    ("move", "moves a card or cards: `move top of pack to hand of p`"),
    ("turn", "turns cards face up or down: `turn over pile`"),
    ("over", "with `turn`: turns a zone's cards over"),
    ("let", "names a value for the rest of the block: `let c = top of pack`"),
    ("set", "changes a counter, variable, local or a card's mark: `set score of p = 0`"),
    ("add", "adds to a number: `add 1 to score of p`"),
    ("subtract", "takes from a number: `subtract 1 from score of p`"),
    ("if", "runs a block when a condition holds; also `if ... then ... else ...` as a value"),
    ("then", "in `if c then a else b`: the value when the condition holds"),
    ("else", "the block (or value) when the condition does not hold"),
    ("while", "repeats a block while a condition holds"),
    ("repeat", "repeats a block: `repeat 3 times { ... }`"),
    ("times", "with `repeat`: how many times"),
    ("for", "a loop: `for each c in Z`, `for each player p`"),
    ("each", "with `for`: each item in turn; `each player p secretly chooses ...`"),
    ("player", "a seat: `player 1`, or the type of seats"),
    ("return", "leaves the procedure"),
    ("end", "ends the game: `end game winner p`, `end game draw`"),
    ("announce", "tells every player a text: `announce \"{p} wins the trick\"`"),
    ("from", "where a choice or a move takes from"),
    ("where", "keeps the items for which a condition holds"),
    ("to", "where a move puts cards; a range `1 to 5`"),
    ("of", "whose or which: `hand of p`, `top of pack`"),
    ("top", "the top card of a zone"),
    ("bottom", "the bottom card of a zone"),
    ("all", "whether a condition holds for every item"),
    ("count", "how many items: `count of c in Z where ...`"),
    ("is", "with `empty`, `none` or `not`: `pack is empty`"),
    ("not", "the opposite of a condition"),
    ("and", "both conditions"),
    ("or", "either condition"),
    ("in", "the zone or list an item is taken from"),
    ("true", "the condition that holds"),
    ("false", "the condition that does not hold"),
    ("none", "no value: no card, no player"),
    ("empty", "with `is`: a zone with no card"),
    ("opponent", "the other player of a two-player game"),
    ("chance", "a choice made at random, as by a die"),
    ("transfer", "moves an amount between counters: `transfer 5 from purse of p to pot`"),
    ("asking", "a choice's prompt: `p chooses c from hand of p asking \"Which card?\"`"),
    ("above", "puts a card above another in a zone"),
    ("melds", "the melds of a rummy game: `melds rummy { ... }`"),
    ("meld", "a meld of cards: `lay meld ...`"),
    ("lay", "lays cards out as a meld, or off onto one"),
    ("deadwood", "the points of the cards left out of melds: `deadwood of hand of p`"),
    ("without", "leaves cards out: `deadwood of Z without c`"),
    ("reveal", "shows a zone's cards to every player"),
    ("pause", "stops for the people at the screen with a text"),
    ("arrangements", "the orders a zone's cards may be put in"),
];

/// The meaning of a reserved word.
pub fn meaning(word: &str) -> Option<&'static str> {
    WORDS.iter().find(|(w, _)| *w == word).map(|(_, m)| *m)
}

/// Every reserved word with its meaning.
pub fn all() -> impl Iterator<Item = (&'static str, &'static str)> {
    WORDS.iter().copied()
}

/// Snippets for `procedure`, `for each` and `chooses`.
pub fn snippets() -> Vec<CompletionItem> {
    [
        ("procedure", "procedure ${1:name} {\n    $0\n}", "a procedure"),
        ("for each", "for each ${1:c} in ${2:zone} {\n    $0\n}", "a loop over a zone's cards"),
        ("chooses", "${1:p} chooses ${2:c} from ${3:hand of p}", "a player's choice"),
    ]
    .into_iter()
    .map(|(label, body, detail)| CompletionItem {
        label: label.to_string(),
        kind: Some(CompletionItemKind::SNIPPET),
        detail: Some(detail.to_string()),
        insert_text: Some(body.to_string()),
        insert_text_format: Some(InsertTextFormat::SNIPPET),
        ..CompletionItem::default()
    })
    .collect()
}
