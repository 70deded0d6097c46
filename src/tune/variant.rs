//! `--write-variant NAME`: the best setting as a variant file that extends the game, so the
//! designer can play, lint and simulate it like any other variant.

use super::answer::Answer;

/// Why a variant file cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum VariantError {
    /// The name is not a name the language takes.
    #[error("`{0}` cannot name a variant")]
    #[diagnostic(
        code(cardlang::tune::variant_name),
        help("a variant's name is lower-case letters, digits and `_`, starting with a letter, as in tuned_short")
    )]
    BadName(String),
    /// Nothing was found to write.
    #[error("the tune found no setting to write")]
    #[diagnostic(code(cardlang::tune::no_setting), help("run the tune again with a larger --budget"))]
    NoSetting,
}

/// Whether a name is one the language takes for a variant.
pub fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The text of a variant file: `extends` the game at `game_path` (as written from the variant
/// file's folder), one variant `name` that builds on the run's variant `parent` if any, and sets
/// the best setting's options.
pub fn text(answer: &Answer, name: &str, game_path: &str, parent: Option<&str>) -> Result<String, VariantError> {
    if !valid_name(name) {
        return Err(VariantError::BadName(name.to_string()));
    }
    let best = answer.finalists.first().ok_or(VariantError::NoSetting)?;
    let clean = |s: &str| s.replace(['"', '\\', '\n', '{', '}'], "");
    let goals: Vec<String> = answer.goals.iter().map(|g| clean(&g.text)).collect();
    let mut out = String::new();
    out.push_str(&format!("// Written by `cardlang tune`: {}.\n", clean(&answer.verdict)));
    out.push_str(&format!("// Reproduce: {}\n", clean(&answer.command)));
    out.push_str(&format!("extends \"{}\"\n\n", game_path.replace('\\', "/").replace('"', "")));
    let extends = parent.map_or(String::new(), |p| format!(" extends {p}"));
    out.push_str(&format!("variant {name} \"tuned for {}\"{extends} {{\n", goals.join(", ")));
    for (k, v) in &best.setting {
        out.push_str(&format!("    option {k} = {v}\n"));
    }
    out.push_str("}\n");
    Ok(out)
}
