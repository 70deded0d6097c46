//! A person at the terminal: shown their own view and numbered choices; bad input is re-asked.

use std::io::{BufRead, Write};

use super::Agent;
use crate::engine::{Action, State};

/// A human player reading choices from `input` and writing prompts to `output`.
pub struct Human {
    /// `None` reads standard input, whose one buffer every person at the terminal shares.
    input: Option<Box<dyn BufRead>>,
    output: Box<dyn Write>,
}

impl Human {
    /// A human at standard input and output.
    pub fn stdio() -> Self {
        Human { input: None, output: Box::new(std::io::stdout()) }
    }

    /// A human reading and writing the given streams (for tests).
    pub fn new(input: Box<dyn BufRead>, output: Box<dyn Write>) -> Self {
        Human { input: Some(input), output }
    }

    fn read_line(&mut self, line: &mut String) -> std::io::Result<usize> {
        match &mut self.input {
            Some(input) => input.read_line(line),
            None => std::io::stdin().read_line(line),
        }
    }
}

/// Reads a person's answer: a choice's label (any case) or its number in the list. When the
/// choice is itself of a number (`numbers`), only the number offered counts.
pub fn parse_choice(answer: &str, labels: &[String], numbers: bool) -> Option<usize> {
    let a = answer.trim();
    if let Some(i) = labels.iter().position(|l| l.eq_ignore_ascii_case(a)) {
        return Some(i);
    }
    if numbers {
        return None;
    }
    let n = a.parse::<usize>().ok()?;
    (1..=labels.len()).contains(&n).then(|| n - 1)
}

/// The lowest and highest of labels that are whole numbers in an unbroken ascending run
/// ("3", "4", "5"), if they all are and there are at least two.
pub fn number_run(labels: &[String]) -> Option<(i64, i64)> {
    let nums: Vec<i64> = labels.iter().map_while(|l| l.parse().ok()).collect();
    let consecutive = nums.len() == labels.len() && nums.windows(2).all(|w| w[1] == w[0] + 1);
    (consecutive && nums.len() >= 2).then(|| (nums[0], nums[nums.len() - 1]))
}

/// The numbers offered, in short: "a number from 1 to 15", or a list when some are missing.
fn number_span(labels: &[String]) -> String {
    match number_run(labels) {
        Some((a, b)) => format!("a number from {a} to {b}"),
        None => labels.join(", "),
    }
}

impl Agent for Human {
    fn name(&self) -> &str {
        "human"
    }

    fn choose(&mut self, state: &State, player: u8, legal: &[Action]) -> Option<Action> {
        let labels: Vec<String> = legal.iter().map(|a| state.action_label(player, *a)).collect();
        let out = &mut self.output;
        let _ = writeln!(out, "\n── {}, your view ──", state.game().player_name(player));
        let _ = write!(out, "{}", state.observation_text(player));
        if let Some(q) = state.choice_prompt(player) {
            let _ = writeln!(out, "{q}");
        }
        let numbers = state.choice_is_number(player);
        let ask = if numbers {
            format!("Type {} (or q to quit): ", number_span(&labels))
        } else {
            let _ = writeln!(out, "Your choices:");
            for (i, l) in labels.iter().enumerate() {
                let _ = writeln!(out, "  {}) {}", i + 1, l);
            }
            format!("Choose 1-{} (or q to quit): ", labels.len())
        };
        loop {
            let _ = write!(self.output, "{ask}");
            let _ = self.output.flush();
            let mut line = String::new();
            match self.read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            let t = line.trim();
            if t.eq_ignore_ascii_case("q") || t.eq_ignore_ascii_case("quit") {
                return None;
            }
            match parse_choice(t, &labels, numbers) {
                Some(i) => return Some(legal[i]),
                None if numbers => {
                    let _ = writeln!(self.output, "`{t}` is not allowed here: type {}.", number_span(&labels));
                }
                None => {
                    let _ = writeln!(
                        self.output,
                        "`{t}` is not one of the choices: type a number from 1 to {}, or a choice's name.",
                        labels.len()
                    );
                }
            }
        }
    }
}
