//! A person at the terminal: shown their own view and numbered choices; bad input is re-asked.

use std::io::{BufRead, Write};

use super::Agent;
use crate::engine::{Action, State};

/// A human player reading choices from `input` and writing prompts to `output`.
pub struct Human {
    /// `None` reads standard input, whose one buffer every person at the terminal shares.
    input: Option<Box<dyn BufRead + Send>>,
    output: Box<dyn Write + Send>,
    /// The rest of a set typed at once at a choice offered card by card: each is picked in
    /// turn, then "done".
    queued: Vec<String>,
    /// Whether the output is a terminal that shows colour: red suits are drawn red.
    colour: bool,
    /// (issue 43) Shared with the front end: whether the person may take back a decision.
    undo: Option<std::sync::Arc<UndoAsk>>,
}

/// (issue 43) Between a person at the terminal and the front end that seats them: the front end
/// says whether the person may take back their last decision now (`offered`); the person's
/// answer `u` (or `undo`) then sets `asked` and gives no action, and the front end takes the
/// decision back through its session.
#[derive(Debug, Default)]
pub struct UndoAsk {
    /// Whether `u` is offered at the next question.
    pub offered: std::sync::atomic::AtomicBool,
    /// Whether the person answered `u`.
    pub asked: std::sync::atomic::AtomicBool,
}

impl Human {
    /// A human at standard input and output.
    pub fn stdio() -> Self {
        let colour = colour_wanted();
        Human { input: None, output: Box::new(std::io::stdout()), queued: Vec::new(), colour, undo: None }
    }

    /// (issue 43) A human at standard input and output who may answer `u` to take back a
    /// decision when `ask` offers it.
    pub fn stdio_undoable(ask: std::sync::Arc<UndoAsk>) -> Self {
        Human { undo: Some(ask), ..Human::stdio() }
    }

    /// A human reading and writing the given streams (for tests).
    pub fn new(input: Box<dyn BufRead + Send>, output: Box<dyn Write + Send>) -> Self {
        Human { input: Some(input), output, queued: Vec::new(), colour: false, undo: None }
    }

    /// A set typed at once (`3h 3s`, any order) at a choice offered card by card: tried on a
    /// copy of the table card by card, then "done" when it is still asked; when the whole set
    /// is allowed, its first card is the answer (its place in `labels`) and the others are queued.
    fn plan_set(&mut self, state: &State, player: u8, answer: &str, labels: &[String], words: &Words) -> Option<usize> {
        let typed: Vec<String> =
            answer.split(|c: char| is_separator(c)).filter(|w| !w.is_empty()).map(str::to_string).collect();
        let mut copy = state.clone();
        let mut plan = Vec::new();
        for w in typed.iter().map(Some).chain([None]) {
            if !copy.must_choose(player)
                || !copy.offered_card_by_card()
                || copy.picked_so_far(player).len() < plan.len()
            {
                break;
            }
            let legal = copy.legal_actions(player);
            let now: Vec<String> = legal.iter().map(|a| copy.action_label(player, *a)).collect();
            let i = match w {
                Some(w) => parse_choice(w, &now, false, words)?,
                None => now.iter().position(|l| l == "done")?,
            };
            copy.apply(player, legal[i]).ok()?;
            plan.push(now[i].clone());
        }
        // Every card typed was taken.
        if plan.iter().filter(|l| *l != "done").count() != typed.len() {
            return None;
        }
        let first = labels.iter().position(|l| *l == plan[0])?;
        self.queued = plan[1..].to_vec();
        Some(first)
    }

    /// Reads one line of the person's answer (see [`read_answer`]).
    fn read_line(&mut self) -> std::io::Result<Answer> {
        match &mut self.input {
            Some(input) => read_answer(input.as_mut()),
            None => read_answer(&mut std::io::stdin().lock()),
        }
    }
}

/// Whether standard output is a terminal that wants colour (`NO_COLOR` unset).
pub fn colour_wanted() -> bool {
    std::io::IsTerminal::is_terminal(&std::io::stdout()) && std::env::var_os("NO_COLOR").is_none()
}

/// Draws every word with a red suit's sign (♥ ♦ ♡ ♢) in red, as cards are printed, when
/// `colour`; the text as it is otherwise.
pub fn paint_if(colour: bool, text: &str) -> String {
    const RED: [char; 4] = ['♥', '♦', '♡', '♢'];
    if !colour || !text.contains(RED) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut word = String::new();
    let put = |word: &mut String, out: &mut String| {
        if word.contains(RED) {
            out.push_str("\x1b[31m");
            out.push_str(word);
            out.push_str("\x1b[0m");
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_whitespace() || matches!(c, '[' | ']' | ',' | '(' | ')') {
            put(&mut word, &mut out);
            out.push(c);
        } else {
            word.push(c);
        }
    }
    put(&mut word, &mut out);
    out
}

/// The most bytes of one typed line that are kept; the rest of a longer line is read and
/// counted, never held.
const MAX_LINE: usize = 4096;

/// The most characters of a typed line that a message echoes.
const MAX_ECHO: usize = 60;

/// One line a person typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The input has ended.
    End,
    /// A line of text (at most [`MAX_LINE`] bytes of it) and how many bytes the whole line had.
    Text(String, usize),
    /// A line that is not UTF-8 text.
    NotText,
}

/// Reads one line, keeping at most [`MAX_LINE`] bytes of it; a line that is not UTF-8 text is
/// [`Answer::NotText`], not an error, so the person is asked again.
pub fn read_answer(input: &mut dyn BufRead) -> std::io::Result<Answer> {
    let mut kept = Vec::new();
    let mut total = 0;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        let (chunk, done) = match buf.iter().position(|b| *b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let room = MAX_LINE.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let n = chunk.len();
        total += n;
        input.consume(n);
        if done {
            break;
        }
    }
    if total == 0 {
        return Ok(Answer::End);
    }
    match std::str::from_utf8(&kept) {
        Ok(text) => Ok(Answer::Text(text.to_string(), total)),
        // A line cut at MAX_LINE may end inside a character: what was kept is text up to there.
        Err(e) if total > kept.len() && e.error_len().is_none() => {
            Ok(Answer::Text(String::from_utf8_lossy(&kept[..e.valid_up_to()]).into_owned(), total))
        }
        Err(_) => Ok(Answer::NotText),
    }
}

/// What a person typed (`bytes` long in all), in backquotes as a message echoes it: whole when
/// short, else its first characters, `…` and how long the line was.
pub fn echo(typed: &str, bytes: usize) -> String {
    let n = typed.chars().count();
    let whole = bytes <= MAX_LINE;
    if n <= MAX_ECHO && whole {
        return format!("`{typed}`");
    }
    let head: String = typed.chars().take(MAX_ECHO).collect();
    let length = if whole { format!("{n} characters") } else { format!("{bytes} bytes") };
    format!("`{head}…` (cut: the line has {length})")
}

/// Reads a person's answer: a choice's label (any case), its number in the list, or the label
/// typed with other words for the same enum members (`8h`, `Ts`, `qd` for `8♥`, `10♠`, `Q♦`;
/// see [`Words`]). When the choice is itself of a number (`numbers`), only the number offered
/// counts.
pub fn parse_choice(answer: &str, labels: &[String], numbers: bool, words: &Words) -> Option<usize> {
    let a = answer.trim();
    if let Some(i) = labels.iter().position(|l| l.eq_ignore_ascii_case(a)) {
        return Some(i);
    }
    if numbers {
        return None;
    }
    if let Ok(n) = a.parse::<usize>() {
        return (1..=labels.len()).contains(&n).then(|| n - 1);
    }
    let typed = words.read(a);
    let mut found = labels.iter().enumerate().filter(|(_, l)| Words::same(&typed, &words.read(l)));
    match (found.next(), found.next()) {
        (Some((i, _)), None) => Some(i),
        (Some(_), Some(_)) => None,
        (None, _) => parse_set(a, labels, words),
    }
}

/// What separates the words of a set: spaces, commas and the `+` of a label such as `3♠ + 3♥`.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ',' || c == '+'
}

/// Reads an answer as a set of words in any order (`3h 3s` for the label `3♠ + 3♥` of a choice
/// of several cards): the label whose words each match one typed word.
fn parse_set(answer: &str, labels: &[String], words: &Words) -> Option<usize> {
    let typed: Vec<Vec<Piece>> =
        answer.split(|c: char| is_separator(c)).filter(|w| !w.is_empty()).map(|w| words.read(w)).collect();
    if typed.len() < 2 {
        return None;
    }
    let matches = |label: &str| {
        let parts: Vec<Vec<Piece>> =
            label.split(|c: char| is_separator(c)).filter(|w| !w.is_empty()).map(|w| words.read(w)).collect();
        let mut used = vec![false; parts.len()];
        parts.len() == typed.len()
            && typed.iter().all(|t| match (0..parts.len()).find(|&j| !used[j] && Words::same(t, &parts[j])) {
                Some(j) => {
                    used[j] = true;
                    true
                }
                None => false,
            })
    };
    let mut found = labels.iter().enumerate().filter(|(_, l)| matches(l));
    match (found.next(), found.next()) {
        (Some((i, _)), None) => Some(i),
        _ => None,
    }
}

/// The words a person may type for the members of the game's enums, all made from the game
/// itself: each member's name and display text (`hearts`, `♥`), the first letter of a name
/// that is a word and the only one of its enum to start with it (`h`), and `t` for a member
/// named `10` (the one-letter ten of card notation). A text is read as a run of members (the
/// longest word first) and other characters; spaces and the word `of` are skipped.
#[derive(Debug, Clone, Default)]
pub struct Words {
    /// Each word, in lower case, and the members it may stand for: (enum, member).
    words: Vec<(String, Vec<(u16, u16)>)>,
}

/// One piece of a text read by [`Words`].
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    /// A word for one or more enum members.
    Members(Vec<(u16, u16)>),
    /// Any other character, in lower case.
    Char(char),
}

impl Words {
    /// The words of a game's enums.
    pub fn of(program: &crate::check::Program) -> Words {
        let mut words = Words::default();
        for (e, info) in program.enums.iter().enumerate() {
            for (m, name) in info.members.iter().enumerate() {
                let id = (e as u16, m as u16);
                words.add(name, id);
                if let Some(d) = info.display.get(m) {
                    words.add(d, id);
                }
                let first = name.chars().next().filter(|c| c.is_alphabetic() && name.chars().count() > 1);
                if let Some(c) = first {
                    let shared = info.members.iter().filter(|o| o.starts_with(c)).count() > 1;
                    if !shared {
                        words.add(&c.to_string(), id);
                    }
                }
                if name == "10" {
                    words.add("t", id);
                }
            }
        }
        // Longest first, so `10` is read before `1` and `hearts` before `h`.
        words.words.sort_by_key(|(w, _)| std::cmp::Reverse(w.chars().count()));
        words
    }

    fn add(&mut self, word: &str, id: (u16, u16)) {
        let word = word.trim().to_lowercase();
        if word.is_empty() {
            return;
        }
        match self.words.iter_mut().find(|(w, _)| *w == word) {
            Some((_, ids)) if !ids.contains(&id) => ids.push(id),
            Some(_) => {}
            None => self.words.push((word, vec![id])),
        }
    }

    /// A text as a run of members and other characters.
    pub fn read(&self, text: &str) -> Vec<Piece> {
        let lower = text.to_lowercase();
        let mut rest = lower.as_str();
        let mut out = Vec::new();
        while let Some(c) = rest.chars().next() {
            if c.is_whitespace() {
                rest = &rest[c.len_utf8()..];
                continue;
            }
            if let Some(after) = rest.strip_prefix("of").filter(|a| a.starts_with(char::is_whitespace)) {
                rest = after;
                continue;
            }
            match self.words.iter().find(|(w, _)| rest.starts_with(w.as_str())) {
                Some((w, ids)) => {
                    out.push(Piece::Members(ids.clone()));
                    rest = &rest[w.len()..];
                }
                None => {
                    out.push(Piece::Char(c));
                    rest = &rest[c.len_utf8()..];
                }
            }
        }
        out
    }

    /// A label written with the shortest words a person may type for it (`8h` for `8♥`), when
    /// that is shorter to type.
    pub fn short(&self, label: &str) -> Option<String> {
        if label.contains(char::is_whitespace) {
            return None;
        }
        let mut out = String::new();
        for piece in self.read(label) {
            match piece {
                Piece::Char(c) => out.push(c),
                Piece::Members(ids) => {
                    let word = self
                        .words
                        .iter()
                        .filter(|(w, of)| w.is_ascii() && of.len() == 1 && ids.contains(&of[0]))
                        .min_by_key(|(w, _)| w.len())?;
                    out.push_str(&word.0);
                }
            }
        }
        (out != label.to_lowercase() && out.is_ascii()).then_some(out)
    }

    /// Whether what a person typed names the same thing as a label: piece by piece, the same
    /// character or words that may stand for the same member.
    pub fn same(typed: &[Piece], label: &[Piece]) -> bool {
        typed.len() == label.len()
            && typed.iter().zip(label).all(|(t, l)| match (t, l) {
                (Piece::Char(a), Piece::Char(b)) => a == b,
                (Piece::Members(a), Piece::Members(b)) => a.iter().any(|x| b.contains(x)),
                _ => false,
            })
    }
}

/// The most choices listed one per line; past it, a person types the choice itself.
const MAX_LISTED: usize = 40;

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

/// The legal actions with the cards among them in the order the person's panel shows those
/// cards (a hand sorted into melds lists its discards in the same order); other actions keep
/// their places.
fn in_view_order(state: &State, player: u8, legal: &[Action]) -> Vec<Action> {
    let order = state.panel_card_order(player);
    if order.is_empty() {
        return legal.to_vec();
    }
    let place = |a: &Action| state.chosen_card(player, *a).and_then(|c| order.iter().position(|o| *o == c));
    let mut cards: Vec<Action> = legal.iter().filter(|a| place(a).is_some()).copied().collect();
    cards.sort_by_key(|a| place(a));
    let mut cards = cards.into_iter();
    legal.iter().map(|a| if place(a).is_some() { cards.next().unwrap_or(*a) } else { *a }).collect()
}

impl Agent for Human {
    fn name(&self) -> &str {
        "human"
    }

    fn choose(&mut self, state: &State, player: u8, legal: &[Action]) -> Option<Action> {
        let legal = &in_view_order(state, player, legal);
        let labels: Vec<String> = legal.iter().map(|a| state.action_label(player, *a)).collect();
        let words = Words::of(&state.game().program);
        if !state.offered_card_by_card() {
            self.queued.clear();
        } else if !self.queued.is_empty() {
            // The next card of a set typed at once (checked whole when it was typed).
            let next = self.queued.remove(0);
            if let Some(i) = parse_choice(&next, &labels, false, &words) {
                return Some(legal[i]);
            }
            self.queued.clear();
        }
        let out = &mut self.output;
        let _ = writeln!(out, "\n── {}, your view ──", state.game().player_name(player));
        let _ = write!(out, "{}", paint_if(self.colour, &state.observation_text(player)));
        if let Some(q) = state.choice_prompt(player) {
            let _ = writeln!(out, "{q}");
        }
        let numbers = state.choice_is_number(player);
        let picked = state.picked_so_far(player);
        if !picked.is_empty() {
            let _ = writeln!(out, "Picked so far: {}", picked.join(" + "));
        }
        let ask = if numbers {
            format!("Type {} (or q to quit): ", number_span(&labels))
        } else {
            let _ = writeln!(out, "Your choices:");
            for (i, l) in labels.iter().enumerate().take(MAX_LISTED) {
                let _ = writeln!(out, "  {}) {}", i + 1, paint_if(self.colour, l));
            }
            if labels.len() > MAX_LISTED {
                // A choice of several cards can offer hundreds of sets: name one by its cards.
                let _ = writeln!(out, "  ... and {} more", labels.len() - MAX_LISTED);
                let short = |l: &String| -> String {
                    let words: Vec<String> = l
                        .split(|c: char| is_separator(c))
                        .filter(|w| !w.is_empty())
                        .map(|w| words.short(w).unwrap_or_else(|| w.to_string()))
                        .collect();
                    words.join(" ")
                };
                let example =
                    labels.last().map(|l| format!(", or type a choice such as `{}`", short(l))).unwrap_or_default();
                format!("Choose 1-{}{example} (or q to quit): ", labels.len())
            } else if labels.len() == 1 {
                "Press Enter to choose it (or q to quit): ".to_string()
            } else {
                format!("Choose 1-{} (or q to quit): ", labels.len())
            }
        };
        let undo = self.undo.clone().filter(|u| u.offered.load(std::sync::atomic::Ordering::Relaxed));
        let ask = match &undo {
            Some(_) => ask.replacen("(or q to quit)", "(u to take back your last decision, or q to quit)", 1),
            None => ask,
        };
        loop {
            let _ = write!(self.output, "{ask}");
            let _ = self.output.flush();
            let (line, bytes) = match self.read_line() {
                Ok(Answer::Text(line, bytes)) => (line, bytes),
                Ok(Answer::NotText) => {
                    let _ = writeln!(self.output, "That line is not text (it is not UTF-8): type your choice again.");
                    continue;
                }
                Ok(Answer::End) | Err(_) => return None,
            };
            let t = line.trim();
            let shown = echo(t, bytes);
            if t.eq_ignore_ascii_case("q") || t.eq_ignore_ascii_case("quit") {
                return None;
            }
            if let Some(u) = undo.as_ref().filter(|_| t.eq_ignore_ascii_case("u") || t.eq_ignore_ascii_case("undo")) {
                u.asked.store(true, std::sync::atomic::Ordering::Relaxed);
                return None;
            }
            if t.is_empty() && labels.len() == 1 && !numbers {
                return Some(legal[0]);
            }
            let answer = match parse_choice(t, &labels, numbers, &words) {
                None if state.offered_card_by_card() => self.plan_set(state, player, t, &labels, &words),
                found => found,
            };
            match answer {
                Some(i) => return Some(legal[i]),
                None if numbers => {
                    let _ = writeln!(self.output, "{shown} is not allowed here: type {}.", number_span(&labels));
                }
                None => {
                    let example = labels
                        .iter()
                        .find_map(|l| words.short(l).map(|s| format!(" (`{s}` for `{l}`)")))
                        .unwrap_or_default();
                    let _ = writeln!(
                        self.output,
                        "{shown} is not one of the choices: type a number from 1 to {}, or a choice's name{example}.",
                        labels.len()
                    );
                }
            }
        }
    }
}
