//! `tune --json`: the answer as one JSON document, for programs.

use super::answer::Answer;

/// The answer as pretty-printed JSON (no interval or value is lost: missing ones are `null`).
pub fn json(answer: &Answer) -> Result<String, serde_json::Error> {
    serde_json::to_string_pretty(answer)
}

#[cfg(test)]
mod tests {
    #[test]
    fn infinite_ends_of_a_goal_are_written_as_null() {
        // serde_json writes an infinite f64 as null, so a one-sided goal stays valid JSON.
        let v = serde_json::to_value(f64::INFINITY).unwrap_or_default();
        assert!(v.is_null());
    }
}
