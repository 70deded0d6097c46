//! `cardlang new NAME`: writes `NAME.cardgame`, a commented skeleton of a whole game that lints
//! clean and plays (`templates/new.cardgame`, its title made from the name), never over a file
//! that is already there.

use std::path::{Path, PathBuf};

use super::{say, Failure};
use crate::files::write::{self, Existing};
use crate::load::{shown, Sources};

use super::render::Render;

/// The skeleton; `TITLE` stands for the game's title.
const TEMPLATE: &str = include_str!("../../templates/new.cardgame");

/// The file `new NAME` writes: `NAME` with `.cardgame` added unless it ends so already.
pub fn file_for(name: &Path) -> PathBuf {
    if name.extension().and_then(|e| e.to_str()) == Some("cardgame") {
        name.to_path_buf()
    } else {
        let mut file = name.as_os_str().to_owned();
        file.push(".cardgame");
        PathBuf::from(file)
    }
}

/// The title made from a file's name: `my_first-game` is "My First Game".
pub fn title_for(file: &Path) -> String {
    let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let words: Vec<String> = stem
        .split(['_', '-', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
        })
        .collect();
    if words.is_empty() {
        "My Game".to_string()
    } else {
        words.join(" ")
    }
}

/// The skeleton with its title, for the file `file`.
pub fn skeleton(file: &Path) -> String {
    // A title is a string in the file: no quote or backslash of the name may end it early.
    let title: String = title_for(file).chars().filter(|c| *c != '"' && *c != '\\' && !c.is_control()).collect();
    TEMPLATE.replace("TITLE", &title)
}

/// Writes the skeleton to `NAME.cardgame`, refusing when a file (or anything) is there.
pub(super) fn run(name: &Path) -> Result<(), Failure> {
    let file = file_for(name);
    let path = shown(&file);
    let refuse = |message: String| Failure { message, code: 2 };
    // Claims the name first (created only if nothing is there, in one step), then writes the
    // whole text over the empty file the careful way: an existing file is never replaced.
    match std::fs::OpenOptions::new().write(true).create_new(true).open(&file) {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(refuse(format!(
                "error: `{path}` is already there; cardlang new never replaces a file\n  \
                 help: choose another name, or remove the file first"
            )))
        }
        Err(e) => return Err(refuse(format!("error: cannot write `{path}`: {e}"))),
    }
    if let Err(e) = write::replace(&file, skeleton(&file).as_bytes(), Existing::MustExist) {
        let _ = std::fs::remove_file(&file);
        return Err(refuse(Sources::default().render(&e)));
    }
    say(&format!("wrote {path}: a game of two players to start from (it lints clean and plays)"));
    say(&format!("  cardlang lint {path}"));
    say(&format!("  cardlang play {path} --players human,random"));
    Ok(())
}
