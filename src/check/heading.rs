//! What a game file says about itself at its top: its title and its count of players.
//!
//! A file without them checks and plays: untitled, and for two players, as docs/language.md
//! says of a file with no `players` line. Neither is an error (a file that leaves out `players`
//! for two players is written as the language allows), but a file that leaves out both, or its
//! title, is usually one whose top was lost or never written, so each is worth a warning with
//! the line to write. These are findings in the shape of the lints' ([`Finding`]), for the lint
//! pass to report as `cardlang::lint::no_title` and `cardlang::lint::no_players`.

use super::lints::Finding;
use crate::syntax::ast::{File, Item, Span};

/// Where a line missing from the top of a file would go: the start of the first declaration.
fn top(file: &File) -> Span {
    let start = file.items.first().map_or(0, |i| i.span().start);
    Span { start, end: start }
}

/// A game with no `game "Title"` line: it plays untitled (transcripts and the table show no
/// name). A variant file takes its game's title, so it gets none of these.
pub fn missing_title(file: &File) -> Vec<Finding> {
    if file.base.is_some() || file.items.iter().any(|i| matches!(i, Item::Game { .. })) {
        return Vec::new();
    }
    vec![Finding {
        message: "the game has no title".into(),
        at: (top(file), "a `game` line belongs here".into()),
        also: None,
        help: "name it at the top of the file: `game \"My game\"`; the title heads every transcript and the table"
            .into(),
    }]
}

/// A game with no `players` line: it is played by two. Only a file that has no title either is
/// warned (a titled file that leaves it out for two players is written as the language allows).
pub fn missing_players(file: &File) -> Vec<Finding> {
    let has = |f: fn(&Item) -> bool| file.items.iter().any(f);
    if file.base.is_some() || has(|i| matches!(i, Item::Players { .. })) || has(|i| matches!(i, Item::Game { .. })) {
        return Vec::new();
    }
    vec![Finding {
        message: "the game does not say how many play it, so it is played by 2".into(),
        at: (top(file), "a `players` line belongs here".into()),
        also: None,
        help: "say how many play, under the title: `players 2`, or `players 2 to 6` for a range".into(),
    }]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> File {
        crate::syntax::parse(text).expect("parses")
    }

    #[test]
    fn a_file_with_neither_line_gets_both_warnings_with_the_line_to_write() {
        let file = parse("zone pack: shared, face down\nprocedure play {\n    end game draw\n}\n");
        let title = missing_title(&file);
        assert_eq!(title.len(), 1);
        assert!(title[0].help.contains("`game \"My game\"`"), "{:?}", title[0]);
        assert_eq!(title[0].at.0, Span { start: 0, end: 0 });
        let players = missing_players(&file);
        assert_eq!(players.len(), 1);
        assert!(players[0].help.contains("`players 2`"), "{:?}", players[0]);
    }

    #[test]
    fn a_titled_file_may_leave_out_players_and_a_variant_file_both() {
        let file = parse("game \"Two\"\nprocedure play {\n    end game draw\n}\n");
        assert!(missing_title(&file).is_empty() && missing_players(&file).is_empty());
        let file = parse("players 3\nprocedure play {\n    end game draw\n}\n");
        assert_eq!((missing_title(&file).len(), missing_players(&file).len()), (1, 0));
        let file = parse("extends \"war.cardgame\"\nvariant quick {\n    option rounds = 3\n}\n");
        assert!(missing_title(&file).is_empty() && missing_players(&file).is_empty());
    }
}
