//! The tables in play. Each table has an owner thread that holds its `Session` (the engine stays
//! synchronous, and an agent's search never blocks the server's workers); handlers talk to it
//! through a channel and wait for its answer. After every change the owner writes the table to
//! the store and bumps a counter that the streams of its links watch.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

use crossbeam_channel::{unbounded, Receiver, Sender};
use tokio::sync::{oneshot, watch};

use super::catalog::Catalog;
use super::errors::ServeError;
use super::replay::Replay;
use super::store::{Kept, Setup, Store};
use super::views::{view, View, Who};
use crate::engine::{Action, Game};
use crate::session::{Seat, Session, Status};

/// What a handler asks of a table's owner.
enum Ask {
    /// The view of a link.
    View(Who, oneshot::Sender<View>),
    /// A person's move: seat, action, the decision it was made for.
    Move(u8, Action, usize, oneshot::Sender<Result<View, ServeError>>),
    /// The JSON Lines transcript, once the game is over.
    Transcript(oneshot::Sender<Result<String, ServeError>>),
    /// (issue 43) A person takes back their last decision: seat, the step the page was at.
    Undo(u8, usize, oneshot::Sender<Result<View, ServeError>>),
}

/// A table as handlers reach it.
#[derive(Clone)]
pub struct Handle {
    asks: Sender<Ask>,
    /// Bumped after every change.
    pub changes: watch::Receiver<u64>,
}

/// The owner stopped answering (its thread ended).
fn gone() -> ServeError {
    ServeError::Stopped("its owner has ended".into())
}

impl Handle {
    /// The view of `who` now.
    pub async fn view(&self, who: Who) -> Result<View, ServeError> {
        let (tx, rx) = oneshot::channel();
        self.asks.send(Ask::View(who, tx)).map_err(|_| gone())?;
        rx.await.map_err(|_| gone())
    }

    /// Makes a move for `seat`; the view after it.
    pub async fn act(&self, seat: u8, action: u32, at: usize) -> Result<View, ServeError> {
        let (tx, rx) = oneshot::channel();
        self.asks.send(Ask::Move(seat, Action(action), at, tx)).map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?
    }

    /// (issue 43) Takes back `seat`'s last decision, asked at step `at`; the view after it.
    pub async fn undo(&self, seat: u8, at: usize) -> Result<View, ServeError> {
        let (tx, rx) = oneshot::channel();
        self.asks.send(Ask::Undo(seat, at, tx)).map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?
    }

    /// The transcript of the finished game.
    pub async fn transcript(&self) -> Result<String, ServeError> {
        let (tx, rx) = oneshot::channel();
        self.asks.send(Ask::Transcript(tx)).map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?
    }
}

/// What a new table is asked to be.
#[derive(Debug, Clone)]
pub struct Request {
    /// Its setup.
    pub setup: Setup,
    /// Each seat's spec.
    pub seats: Vec<String>,
    /// The seed (a fresh one when `None`).
    pub seed: Option<u64>,
}

/// A table made: its id, one token per seat of a person (seat from 0), the spectators' token.
#[derive(Debug, Clone)]
pub struct Made {
    /// The table's id.
    pub id: String,
    /// The seed it plays.
    pub seed: u64,
    /// Seat (from 0) and token of each person's seat.
    pub seats: Vec<(u8, String)>,
    /// The spectators' token.
    pub spectator: String,
}

/// Every table, and which table and seat each token opens.
pub struct Tables {
    catalog: Catalog,
    store: Arc<Store>,
    tables: RwLock<HashMap<String, Handle>>,
    tokens: RwLock<HashMap<String, (String, Who)>>,
    replay: OnceLock<Arc<Replay>>,
}

/// A token, or the system's refusal to give entropy as a store error.
fn token() -> Result<String, ServeError> {
    super::tokens::fresh().map_err(|e| ServeError::Setup(format!("no random token: {e}")))
}

impl Tables {
    /// No tables yet, serving `catalog`, kept in `store`.
    pub fn new(catalog: Catalog, store: Arc<Store>) -> Tables {
        Tables { catalog, store, tables: RwLock::default(), tokens: RwLock::default(), replay: OnceLock::new() }
    }

    /// The games served.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// Keeps the transcript given to replay (`--replay FILE`); a second one is not taken.
    pub fn open_replay(&self, replay: Replay) {
        let _ = self.replay.set(Arc::new(replay));
    }

    /// The transcript given to replay, if any.
    pub fn replay(&self) -> Option<Arc<Replay>> {
        self.replay.get().cloned()
    }

    /// The table and seat a token opens.
    pub fn find(&self, token: &str) -> Result<(Handle, Who), ServeError> {
        if !super::tokens::well_formed(token) {
            return Err(ServeError::UnknownToken);
        }
        let tokens = self.tokens.read().map_err(|_| ServeError::UnknownToken)?;
        let (id, who) = tokens.get(token).ok_or(ServeError::UnknownToken)?;
        let tables = self.tables.read().map_err(|_| ServeError::UnknownToken)?;
        let handle = tables.get(id).ok_or(ServeError::UnknownToken)?;
        Ok((handle.clone(), *who))
    }

    /// How many tables are open.
    pub fn count(&self) -> usize {
        self.tables.read().map_or(0, |t| t.len())
    }

    fn register(&self, id: &str, handle: Handle, tokens: &[(String, Option<u8>)]) {
        if let Ok(mut t) = self.tables.write() {
            t.insert(id.to_string(), handle);
        }
        if let Ok(mut map) = self.tokens.write() {
            for (token, seat) in tokens {
                let who = seat.map_or(Who::Spectator, Who::Seat);
                map.insert(token.clone(), (id.to_string(), who));
            }
        }
    }

    /// Makes a table (blocking: the game is read and checked; call off the async workers): its
    /// owner starts and lets the agents play to the first person's decision.
    pub fn create(&self, request: &Request) -> Result<Made, ServeError> {
        let seats = request
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| Seat::parse(s).map_err(|e| ServeError::SeatSpec { seat: i + 1, reason: e.to_string() }))
            .collect::<Result<Vec<Seat>, _>>()?;
        let s = &request.setup;
        let game = self.catalog.game(&s.game, s.variant.as_deref(), &s.options, seats.len())?;
        let seed = match request.seed {
            Some(seed) => seed,
            None => u64::from_str_radix(&token()?[..16], 16).unwrap_or_default(),
        };
        let id = token()?;
        let mut tokens = Vec::new();
        for (i, seat) in seats.iter().enumerate() {
            if seat.is_person() {
                tokens.push((token()?, Some(i as u8)));
            }
        }
        let spectator = token()?;
        tokens.push((spectator.clone(), None));
        // What is kept first is the table before any move: a restart replays from there.
        let saved = crate::session::save::Saved {
            version: crate::session::save::VERSION,
            game: game.program.title.clone(),
            variant: game.program.variant.clone(),
            options: game.program.options.iter().map(|o| (o.name.clone(), game.show(o.value, o.ty))).collect(),
            seed,
            seats: seats.iter().map(|s| s.spec.clone()).collect(),
            history: Vec::new(),
            taken_back: 0,
        };
        let session = serde_json::to_string(&saved).map_err(|e| ServeError::Setup(e.to_string()))?;
        let kept = Kept { id: id.clone(), setup: s.clone(), session: session.clone(), tokens: tokens.clone() };
        self.store.insert(&kept)?;
        let handle = spawn(id.clone(), game, session, self.store.clone())?;
        self.register(&id, handle, &tokens);
        Ok(Made { id, seed, seats: tokens.iter().filter_map(|(t, s)| s.map(|s| (s, t.clone()))).collect(), spectator })
    }

    /// Opens every table of the store again (blocking); the tables that cannot be (their game is
    /// no longer served, or has changed) are listed with why.
    pub fn restore_all(&self) -> Result<(usize, Vec<String>), ServeError> {
        let mut opened = 0;
        let mut skipped = Vec::new();
        for kept in self.store.all()? {
            let s = &kept.setup;
            let saved: Result<crate::session::save::Saved, _> = serde_json::from_str(&kept.session);
            let result = saved
                .map_err(|e| ServeError::Setup(e.to_string()))
                .and_then(|saved| self.catalog.game(&s.game, s.variant.as_deref(), &s.options, saved.seats.len()))
                .and_then(|game| spawn(kept.id.clone(), game, kept.session.clone(), self.store.clone()));
            match result {
                Ok(handle) => {
                    self.register(&kept.id, handle, &kept.tokens);
                    opened += 1;
                }
                Err(e) => skipped.push(format!("table {}: {e}", kept.id)),
            }
        }
        Ok((opened, skipped))
    }
}

/// Starts a table's owner thread on a saved session (a new table's has no history); it answers
/// once the session is restored, with the restore's error if any.
fn spawn(id: String, game: Arc<Game>, saved: String, store: Arc<Store>) -> Result<Handle, ServeError> {
    let (asks, inbox) = unbounded();
    let (changes_tx, changes) = watch::channel(0u64);
    let (ready_tx, ready) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name(format!("table {}", &id[..8.min(id.len())]))
        .spawn(move || match Session::from_json(game, &saved) {
            Ok(session) => {
                let _ = ready_tx.send(Ok(()));
                own(&id, session, &inbox, &changes_tx, &store);
            }
            Err(e) => {
                let _ = ready_tx.send(Err(ServeError::Setup(e.to_string())));
            }
        })
        .map_err(|e| ServeError::Setup(format!("cannot start the table: {e}")))?;
    ready.recv().map_err(|_| gone())??;
    Ok(Handle { asks, changes })
}

/// The owner's loop: lets the agents play, then answers asks until every handle is gone.
fn own(id: &str, mut session: Session, inbox: &Receiver<Ask>, changes: &watch::Sender<u64>, store: &Store) {
    let mut stopped: Option<String> = None;
    let keep = |session: &Session| {
        if let Err(e) = store.save(id, &session.to_json(), session.status() == Status::Over) {
            eprintln!("warning: {e}");
        }
        changes.send_modify(|n| *n += 1);
    };
    if let Err(e) = session.advance() {
        stopped = Some(e.to_string());
    }
    keep(&session);
    while let Ok(ask) = inbox.recv() {
        match ask {
            Ask::View(who, reply) => {
                let _ = reply.send(view(id, &session, who, stopped.as_deref()));
            }
            Ask::Move(seat, action, at, reply) => {
                let answer = match &stopped {
                    Some(why) => Err(ServeError::Stopped(why.clone())),
                    None => {
                        let before = session.history().len();
                        let result = session.act(seat, action, at);
                        if let Err(e) = &result {
                            if session.history().len() == before {
                                let _ = reply.send(Err(ServeError::Refused(e.clone())));
                                continue;
                            }
                            // The person's move was taken; an agent after it failed.
                            stopped = Some(e.to_string());
                        }
                        // A "no claim" held until everyone asked has answered (issue 43) moves
                        // no table: the other links are not woken, which would tell them
                        // that this seat was asked and answered.
                        if session.history().len() != before || stopped.is_some() {
                            keep(&session);
                        }
                        Ok(view(id, &session, Who::Seat(seat), stopped.as_deref()))
                    }
                };
                let _ = reply.send(answer);
            }
            Ask::Undo(seat, at, reply) => {
                let answer = match &stopped {
                    Some(why) => Err(ServeError::Stopped(why.clone())),
                    None => session.undo(seat, at).map_err(ServeError::Undo).map(|_| {
                        keep(&session);
                        view(id, &session, Who::Seat(seat), None)
                    }),
                };
                let _ = reply.send(answer);
            }
            Ask::Transcript(reply) => {
                let answer =
                    if session.status() == Status::Over { Ok(session.jsonl()) } else { Err(ServeError::NotOver) };
                let _ = reply.send(answer);
            }
        }
    }
}
