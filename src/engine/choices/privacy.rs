//! Private choices (GR-14's general rule): a choice offered only because a condition on hidden
//! cards holds is shown to its chooser alone. The checker marks them (`Choice::is_private`); the
//! events of such a choice carry the mark, and viewers other than the chooser skip them.

use crate::engine::state::State;

impl State {
    /// Whether the pending choice is private: offered only because a condition on cards some
    /// player cannot see holds, so that only its chooser may be told of it.
    pub fn choice_is_private(&self) -> bool {
        self.choice_here().is_some_and(|c| c.is_private())
    }
}
