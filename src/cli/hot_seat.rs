//! Several people at one screen. When the game hides something from one of them, a person's view
//! is cleared from the screen as soon as they have decided (what follows on the table, which
//! everyone may see, is printed after it), and before another person's decision the terminal
//! waits for "pass the screen to player 2, then press Enter", so nobody reads another's hand:
//! before the first view too. Clearing takes the terminal's scrollback with it.

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};

use crate::agents::Agent;
use crate::check::ir::Visibility;
use crate::engine::{Action, State, ToMove};

/// Moves the cursor home, clears the screen (`ESC[2J`) and then the scrollback (`ESC[3J`, which
/// xterm, VTE, tmux, iTerm2 and the Windows terminal honour).
const CLEAR_ALL: &str = "\x1b[H\x1b[2J\x1b[3J";

/// Wraps one person's agent; every person's wrapper shares `last`, the seat that decided last.
pub struct HotSeat {
    inner: Box<dyn Agent>,
    last: Arc<Mutex<Option<u8>>>,
    output: Box<dyn Write + Send>,
    /// Whether `output` is a terminal that can be cleared.
    terminal: bool,
}

impl HotSeat {
    /// Wraps the people's agents of a table at standard input and output; other agents and a
    /// lone person are left as they are.
    pub fn seat_all(agents: Vec<Box<dyn Agent>>, humans: &[u8]) -> Vec<Box<dyn Agent>> {
        if humans.len() < 2 {
            return agents;
        }
        let last = Arc::new(Mutex::new(None));
        agents
            .into_iter()
            .enumerate()
            .map(|(seat, agent)| -> Box<dyn Agent> {
                if humans.contains(&(seat as u8)) {
                    Box::new(HotSeat {
                        inner: agent,
                        last: last.clone(),
                        output: Box::new(std::io::stdout()),
                        terminal: std::io::stdout().is_terminal(),
                    })
                } else {
                    agent
                }
            })
            .collect()
    }

    /// Clears the screen and the terminal's scrollback (what scrolled off the top, which the next
    /// person could scroll back to), or, when the output is not a terminal, draws a rule across it.
    fn clear(&mut self) {
        if self.terminal {
            let _ = write!(self.output, "{CLEAR_ALL}");
            let _ = self.output.flush();
        } else {
            let _ = writeln!(self.output, "{}", "═".repeat(60));
        }
    }

    /// Asks for the screen to be passed to `player` and waits for Enter; `false` when the input
    /// has ended or the person typed q.
    fn hand_over(&mut self, state: &State, player: u8) -> bool {
        let _ = write!(
            self.output,
            "\nPass the screen to {}, then press Enter (q to quit): ",
            state.game().player_name(player)
        );
        let _ = self.output.flush();
        // Standard input, shared with the person's own agent; a line that is not text is an Enter.
        match crate::agents::human::read_answer(&mut std::io::stdin().lock()) {
            Ok(crate::agents::human::Answer::Text(line, _)) => {
                !(line.trim().eq_ignore_ascii_case("q") || line.trim().eq_ignore_ascii_case("quit"))
            }
            Ok(crate::agents::human::Answer::NotText) => true,
            Ok(crate::agents::human::Answer::End) | Err(_) => false,
        }
    }
}

/// Whether two people at one screen must not see each other's view now: some cards belong to
/// one player's eyes only, or players are choosing in secret.
pub fn hides_between_players(state: &State) -> bool {
    let secret_step = matches!(state.to_move(), ToMove::Simultaneous(_));
    secret_step
        || state
            .game()
            .program
            .zones
            .iter()
            .any(|z| matches!(z.visibility, Visibility::Private | Visibility::Others) && z.owner.is_some())
}

impl Agent for HotSeat {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn choose(&mut self, state: &State, player: u8, legal: &[Action]) -> Option<Action> {
        // The first person to decide is asked for too: whoever holds the screen at the start may
        // not be the one whose view comes first.
        let last = self.last.lock().map(|l| *l).unwrap_or(None);
        let changed = last != Some(player);
        if changed && hides_between_players(state) && !self.hand_over(state, player) {
            return None;
        }
        if let Ok(mut l) = self.last.lock() {
            *l = Some(player);
        }
        let chosen = self.inner.choose(state, player, legal);
        if chosen.is_some() && hides_between_players(state) {
            self.clear();
        }
        chosen
    }
}
