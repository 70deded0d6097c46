//! Quick fixes: every diagnostic whose help says "did you mean `NAME`?" offers to write `NAME`
//! in its place.

use std::collections::HashMap;

use lsp_types::{CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, TextEdit, WorkspaceEdit};

/// The quick fixes for the diagnostics the editor asks about.
// The protocol's edits are keyed by `Uri`, whose parsed parts clippy takes for mutable state;
// the key is never changed while in the map.
#[allow(clippy::mutable_key_type)]
pub fn quick_fixes(params: &CodeActionParams) -> Vec<CodeActionOrCommand> {
    let uri = &params.text_document.uri;
    params
        .context
        .diagnostics
        .iter()
        .filter_map(|d| {
            let name = suggestion(&d.message)?;
            let edit = TextEdit { range: d.range, new_text: name.to_string() };
            let changes = HashMap::from([(uri.clone(), vec![edit])]);
            Some(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!("Change to `{name}`"),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![d.clone()]),
                edit: Some(WorkspaceEdit { changes: Some(changes), ..WorkspaceEdit::default() }),
                is_preferred: Some(true),
                ..CodeAction::default()
            }))
        })
        .collect()
}

/// The name a message's "did you mean `NAME`?" offers.
fn suggestion(message: &str) -> Option<&str> {
    let rest = message.split("did you mean `").nth(1)?;
    let name = rest.split('`').next()?;
    (!name.is_empty() && rest[name.len()..].starts_with("`?")).then_some(name)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_suggested_name_is_read_from_the_help() {
        assert_eq!(super::suggestion("unknown zone `dekc`\nhelp: did you mean `deck`?"), Some("deck"));
        assert_eq!(super::suggestion("unknown zone `dekc`"), None);
        assert_eq!(super::suggestion("did you mean `` ?"), None);
    }
}
