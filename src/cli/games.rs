//! `cardlang games` (the games that come with cardlang: name, title, players, variants) and
//! `cardlang show NAME` (one of them printed whole, to start a game of one's own from).

use super::{say, Failure};
use crate::bundle::{self, About, Bundled};

/// Lists the bundled games, one line each, and how to use them.
pub(super) fn list() -> Result<(), Failure> {
    let games: Vec<(Bundled, Option<About>)> = bundle::all().map(|b| (b, About::of(b.text))).collect();
    let width = games.iter().map(|(b, _)| b.name.chars().count()).max().unwrap_or(0);
    let title_width = games.iter().filter_map(|(_, a)| a.as_ref()).map(|a| a.title.chars().count()).max().unwrap_or(0);
    for (game, about) in &games {
        let line = match about {
            Some(a) => {
                let variants = match a.variants.as_slice() {
                    [] => String::new(),
                    v => format!("  variants: {}", v.join(", ")),
                };
                format!("{:width$}  {:title_width$}  {:<15}{variants}", game.name, a.title, a.players())
            }
            None => format!("{:width$}  (does not check: `cardlang lint {}` says why)", game.name, game.name),
        };
        say(line.trim_end());
    }
    say("");
    say("Play one by its name: `cardlang play NAME` (also `simulate`, `transcript`, `variants`, `lint`).");
    say("Start your own from one: `cardlang show NAME > my_game.cardgame`, or `cardlang new my_game`.");
    say("A file of the same name in the current folder is played instead of the bundled game.");
    Ok(())
}

/// Prints the bundled game `name` whole, exactly as it is in the binary.
pub(super) fn show(name: &str) -> Result<(), Failure> {
    let Some(game) = bundle::find(name) else {
        let names: Vec<&str> = bundle::all().map(|b| b.name).collect();
        return Err(Failure {
            message: format!(
                "error: no game called `{}` comes with cardlang\n  help: the games are {} (`cardlang games` describes them)",
                super::cut(name, 60),
                names.join(", ")
            ),
            code: 2,
        });
    };
    say(game.text.trim_end());
    Ok(())
}
