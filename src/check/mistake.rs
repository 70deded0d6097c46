//! The mistakes the checker explains in a sentence of their own, each with a stable code.
//!
//! Most checker errors carry a message written where the mistake is found (it names the zone,
//! the counter, the limit), so they share one shape, [`CheckError::Invalid`]. What tells them
//! apart for a user, an editor or a script is the code: each mistake below has its own,
//! `cardlang::check::<name>`, documented under that heading in `docs/lints.md`. One enum of
//! mistakes (rather than one `CheckError` variant each) keeps the fifty-odd call sites a line
//! longer and no more, and keeps the list of codes in one place, where the test that every code
//! has its page and its fixture can read it ([`Mistake::ALL`]).
//!
//! [`CheckError::Invalid`]: super::CheckError::Invalid

/// Declares [`Mistake`], its codes and the list of all of them from one table.
macro_rules! mistakes {
    ($($(#[doc = $doc:literal])+ $variant:ident => $code:literal,)+) => {
        /// A mistake the checker explains in its own words; its code names it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Mistake {
            $($(#[doc = $doc])+ $variant,)+
        }

        impl Mistake {
            /// Every mistake, in the order `docs/lints.md` lists them.
            pub const ALL: &'static [Mistake] = &[$(Mistake::$variant,)+];

            /// The diagnostic code: `cardlang::check::` and the mistake's name.
            pub fn code(self) -> &'static str {
                match self {
                    $(Mistake::$variant => concat!("cardlang::check::", $code),)+
                }
            }

            /// The mistake's name, the last part of its code (`break_outside_loop`).
            pub fn name(self) -> &'static str {
                match self {
                    $(Mistake::$variant => $code,)+
                }
            }
        }
    };
}

mistakes! {
    /// A player named in the rules or in `teams` that the game does not have (`player 3` at a
    /// table of two).
    NoSuchPlayer => "no_such_player",
    /// A `players` count outside 1 to the most the language seats.
    PlayerCount => "player_count",
    /// A range written from the higher end to the lower (`players 4 to 2`, `in 10 to 1`,
    /// `3 to 1 cards`).
    RangeBackwards => "range_backwards",
    /// One player in two teams.
    PlayerInTwoTeams => "player_in_two_teams",
    /// A declaration a game has once (`teams`, `view`, `length`, ...) written twice.
    OnePerGame => "one_per_game",
    /// A size beyond what the language allows: members of an enum, cards, patterns, names in a
    /// function, cards in one choice, names bound by a branch, nested aggregates.
    OverLimit => "over_limit",
    /// A value in a declaration that depends on the game in play, where it must be known before
    /// the game starts.
    NotConstant => "not_constant",
    /// A counter, variable or option given a type it cannot hold (`cards`, `zone`).
    CannotHoldType => "cannot_hold_type",
    /// A member listed twice in one order.
    RankedTwice => "ranked_twice",
    /// A row of zones with a bad count of numbers.
    BadRow => "bad_row",
    /// A counter, variable or `let` that starts as `none` with no type to say what it holds.
    UntypedNone => "untyped_none",
    /// An option type that is not a number, true/false or an enum.
    BadOptionType => "bad_option_type",
    /// A range on an option that is not a number.
    RangeOnNonNumber => "range_on_non_number",
    /// A wrong `N means "word"` of an option.
    BadMeaning => "bad_meaning",
    /// A variant that declares an option's type, range or meanings instead of only its value.
    VariantRedeclaresOption => "variant_redeclares_option",
    /// A member of more than one enum, where nothing says which enum is meant.
    AmbiguousMember => "ambiguous_member",
    /// A value with one per player (team, card, zone of a row) used without saying whose.
    MissingOf => "missing_of",
    /// `of` after something that has one value for the game.
    NeedlessOf => "needless_of",
    /// `NAME of X`, where `X` must be a member of an enum and is not.
    OfNeedsMember => "of_needs_member",
    /// A `{hole}` in a text value, where it is not filled in.
    HoleInTextValue => "hole_in_text_value",
    /// A set of cards written inside a text to be shown.
    CardsInText => "cards_in_text",
    /// `arrangements of` used as a value rather than chosen from.
    ArrangementsAsValue => "arrangements_as_value",
    /// `card ... in` over something that is not a zone.
    CardInNeedsZone => "card_in_needs_zone",
    /// An aggregate (`any`, `every`, `card`, `count`) that needs a `where` and has none.
    AggregateWithoutCondition => "aggregate_without_condition",
    /// A comparison after an aggregate's `where` condition, which the condition swallows.
    ComparisonAfterWhere => "comparison_after_where",
    /// `break` outside any loop.
    BreakOutsideLoop => "break_outside_loop",
    /// `from p` on a loop that is not over `players`.
    FromOutsidePlayersLoop => "from_outside_players_loop",
    /// `deal` to a shared zone.
    DealToShared => "deal_to_shared",
    /// `set`, `add` or `subtract` on an option.
    OptionChanged => "option_changed",
    /// `set` on a name in a way it cannot be set (`of` on a local name).
    CannotSet => "cannot_set",
    /// A name for some cards changed with `set`.
    CardsNameChanged => "cards_name_changed",
    /// `transfer` to or from a local name rather than a counter.
    TransferLocal => "transfer_local",
    /// `asking "..."` on a choice made by chance.
    AskingChance => "asking_chance",
    /// `never repeating a position` on a choice made by chance.
    ChanceNeverRepeating => "chance_never_repeating",
    /// A choice that names its result with a local name already in use.
    ChoiceHidesName => "choice_hides_name",
    /// A choice of several cards with `where` or `with` but no name for the cards.
    UnnamedCards => "unnamed_cards",
    /// A choice of no cards at all.
    ChoiceOfNoCards => "choice_of_no_cards",
    /// A statement that acts on the game inside a function.
    ActionInFunction => "action_in_function",
    /// A function that changes a name that is not its own.
    FunctionChangesOuter => "function_changes_outer",
    /// A rule that needs the game's melds, in a game that declares none.
    NoMelds => "no_melds",
    /// `meld` to a zone that is not a row of zones.
    MeldNotToRow => "meld_not_to_row",
    /// `lay off ... as`, with an arrangement only `meld` takes.
    LayOffArrangement => "lay_off_arrangement",
    /// `hands` or `melds` with no pattern.
    NoPatterns => "no_patterns",
    /// A group of a `hands` pattern with no cards, or more than 64.
    GroupSize => "group_size",
    /// A meld pattern with no rule.
    PatternWithoutRule => "pattern_without_rule",
    /// A meld pattern with two rules for one property.
    PropertyRuleTwice => "property_rule_twice",
    /// Melds that say twice which cards are wild, or twice what a card counts.
    MeldRuleTwice => "meld_rule_twice",
    /// A meld rule on a property that is not an enum.
    PropertyNotEnum => "property_not_enum",
    /// A meld size that no meld can have.
    ImpossibleMeldSize => "impossible_meld_size",
    /// `length` naming something other than a counter of the whole game.
    LengthNotACounter => "length_not_a_counter",
    /// A per-card counter on a line of the view.
    PerCardCounterLine => "per_card_counter_line",
    /// A counter in the view with what only a zone takes (`sorted`, `with melds`, `unless empty`).
    CounterViewOption => "counter_view_option",
    /// `top 0` on a line of the view: a line shows at least the top card.
    ViewTopZero => "view_top_zero",
    /// A declaration other than a variant in a variant file.
    DeclarationInVariantFile => "declaration_in_variant_file",
    /// Variants that extend each other in a circle.
    VariantCycle => "variant_cycle",
    /// A variant that overrides the `length` or `progress` of a game that declares none.
    NothingToOverride => "nothing_to_override",
    /// (issue 43) A branch name that takes sets of cards, with a size known before play that no
    /// set can have: fewer than none, more than 64, or no card at most.
    SetSize => "set_size",
    /// `grid k of p` or `every grid of p` on a zone that is not a row for each player.
    NotAPlayerRow => "not_a_player_row",
    /// Issue 43: `zone z in ...` over something that is not a row of zones.
    ZoneItemsNeedRow => "zone_items_need_row",
    /// Issue 43: `move ... to a + b`: cards go to one zone, not to zones read as one.
    MoveToJoined => "move_to_joined",
    /// Issue 43: `top of a + b` (or `bottom of`, `card k of`): zones read as one have no top.
    TopOfJoined => "top_of_joined",
    /// Issue 43: `shuffle a + b`: zones read as one are not shuffled together.
    ShuffleJoined => "shuffle_joined",
    /// Issue 43: a part of `a + b` that is not one zone (a row, a set, a number), or more than
    /// three zones joined.
    JoinedPart => "joined_part",
    /// Issue 43: a number plus a zone, as `count of c in hand of p + board` without `where`
    /// reads: the zones need parentheses.
    JoinedNeedsParentheses => "joined_needs_parentheses",
    /// (issue 43) Chance in a `may undo` block (`shuffle`, `deal`, a choice by chance): a
    /// decision cannot be taken back past it.
    UndoPastChance => "undo_past_chance",
    /// (issue 43) Something shown in a `may undo` block (`reveal`, `announce`, a card turned
    /// face up, a zone turned over): a decision cannot be taken back past it.
    UndoPastReveal => "undo_past_reveal",
    /// (issue 43) A choice in a `may undo` block made by another player than the block's, or by
    /// every player at once.
    UndoOtherChooser => "undo_other_chooser",
    /// (issue 43) A `may undo` block inside another.
    UndoNested => "undo_nested",
    /// (issue 43) A `break` or `return` that would leave a `may undo` block before its end.
    UndoLeavesBlock => "undo_leaves_block",
    /// Issue 43: `any player p may { }` with no kind of claim in it.
    OpenWithoutClaim => "open_without_claim",
}

#[cfg(test)]
mod tests {
    use super::Mistake;

    #[test]
    fn codes_are_distinct_and_named_after_the_mistake() {
        let mut names: Vec<&str> = Mistake::ALL.iter().map(|m| m.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Mistake::ALL.len());
        for m in Mistake::ALL {
            assert_eq!(m.code(), format!("cardlang::check::{}", m.name()));
        }
    }
}
