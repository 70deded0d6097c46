//! The HTTP routes: the page, the games, making a table, and for each link (a seat's or the
//! spectators') its view, its stream of views, its moves and the finished game's transcript.
//! Every request body is JSON of a known shape (unknown fields refused) and at most
//! [`BODY_LIMIT`] bytes.

use std::convert::Infallible;
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::Stream;
use serde::{Deserialize, Serialize};

use super::errors::ServeError;
use super::store::Setup;
use super::tables::{Request, Tables};
use super::views::{View, Who};

/// The most bytes a request's body may have.
pub const BODY_LIMIT: usize = 16 * 1024;

/// The page, its script and its style, built into the binary.
const PAGE: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/page.js");
const STYLE: &str = include_str!("page/page.css");

/// The server's routes over `tables`.
pub fn router(tables: Arc<Tables>) -> Router {
    Router::new()
        .route("/", get(|| async { page(PAGE, "text/html; charset=utf-8") }))
        .route("/page.js", get(|| async { page(SCRIPT, "text/javascript; charset=utf-8") }))
        .route("/page.css", get(|| async { page(STYLE, "text/css; charset=utf-8") }))
        .route("/api/games", get(games))
        .route("/api/tables", post(create))
        .route("/api/t/{token}", get(read))
        .route("/api/t/{token}/events", get(events))
        .route("/api/t/{token}/move", post(act))
        .route("/api/t/{token}/undo", post(undo))
        .route("/api/t/{token}/transcript", get(transcript))
        .route("/api/t/{token}/replay", get(replay_table))
        .route("/api/replay", get(replay_file))
        .fallback(|| async {
            (
                StatusCode::NOT_FOUND,
                Json(serde_json::json!({"code": "cardlang::serve::no_route", "message": "no such page"})),
            )
        })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(tables)
}

/// A built-in file, never cached stale and never framed by another site.
fn page(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
            (header::X_FRAME_OPTIONS, "DENY"),
            (header::CONTENT_SECURITY_POLICY, "default-src 'self'; style-src 'self'; img-src 'self' data:"),
        ],
        body,
    )
        .into_response()
}

/// A request's body read as `T`, or the refusal: too large, or not the JSON expected.
fn body<T>(read: Result<Json<T>, JsonRejection>) -> Result<T, ServeError> {
    match read {
        Ok(Json(v)) => Ok(v),
        Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(ServeError::TooLarge { limit: BODY_LIMIT }),
        Err(e) => Err(ServeError::Malformed(e.body_text())),
    }
}

async fn games(State(tables): State<Arc<Tables>>) -> Response {
    Json(tables.catalog().infos()).into_response()
}

/// A new table, as the page asks for it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTable {
    /// The game's name on this server.
    pub game: String,
    /// A variant.
    #[serde(default)]
    pub variant: Option<String>,
    /// Option settings: name and value as `--set` takes them.
    #[serde(default)]
    pub options: Vec<(String, String)>,
    /// Each seat: `human`, `random`, `greedy`, `mcts`, `mcts:iterations=200`.
    pub seats: Vec<String>,
    /// The seed (a fresh one when not given).
    #[serde(default)]
    pub seed: Option<u64>,
}

/// A person's seat at a new table and its link.
#[derive(Debug, Serialize)]
pub struct SeatLink {
    /// The seat, from 1.
    pub seat: u8,
    /// The seat's secret token.
    pub token: String,
    /// The link to send to the person who sits there.
    pub link: String,
}

/// A table made.
#[derive(Debug, Serialize)]
pub struct Made {
    /// The table's id.
    pub table: String,
    /// The seed it plays.
    pub seed: u64,
    /// A link per person's seat.
    pub seats: Vec<SeatLink>,
    /// The spectators' token.
    pub spectator: String,
    /// The spectators' link.
    pub spectator_link: String,
}

/// The address links start with: the host the request was made to.
fn base(headers: &HeaderMap) -> String {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("localhost");
    format!("http://{host}/")
}

async fn create(
    State(tables): State<Arc<Tables>>,
    headers: HeaderMap,
    read: Result<Json<NewTable>, JsonRejection>,
) -> Result<Response, ServeError> {
    let new = body(read)?;
    if new.seats.len() > crate::check::ir::MAX_PLAYERS as usize {
        return Err(ServeError::Setup(format!("{} seats is too many", new.seats.len())));
    }
    let request = Request {
        setup: Setup { game: new.game, variant: new.variant, options: new.options },
        seats: new.seats,
        seed: new.seed,
    };
    let made = tokio::task::spawn_blocking(move || tables.create(&request))
        .await
        .map_err(|e| ServeError::Setup(e.to_string()))??;
    let base = base(&headers);
    let out = Made {
        table: made.id,
        seed: made.seed,
        seats: made
            .seats
            .into_iter()
            .map(|(s, token)| SeatLink { seat: s + 1, link: format!("{base}#{token}"), token })
            .collect(),
        spectator_link: format!("{base}#{}", made.spectator),
        spectator: made.spectator,
    };
    Ok((StatusCode::CREATED, Json(out)).into_response())
}

async fn read(State(tables): State<Arc<Tables>>, Path(token): Path<String>) -> Result<Json<View>, ServeError> {
    let (handle, who) = tables.find(&token)?;
    Ok(Json(handle.view(who).await?))
}

/// A stream of the link's view: one now, and one after every change at the table.
async fn events(
    State(tables): State<Arc<Tables>>,
    Path(token): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ServeError> {
    let (handle, who) = tables.find(&token)?;
    let mut changes = handle.changes.clone();
    changes.mark_changed();
    let stream = futures_util::stream::unfold((handle, who, changes), |(handle, who, mut changes)| async move {
        changes.changed().await.ok()?;
        let view = handle.view(who).await.ok()?;
        let event = Event::default().event("view").json_data(&view).ok()?;
        Some((Ok(event), (handle, who, changes)))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// A move: the decision it is for (`at`, the menu's) and the action chosen (a menu choice's).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    /// The decision's place in the history, as the menu gave it.
    pub at: usize,
    /// The action, as the menu gave it.
    pub action: u32,
}

async fn act(
    State(tables): State<Arc<Tables>>,
    Path(token): Path<String>,
    read: Result<Json<Move>, JsonRejection>,
) -> Result<Json<View>, ServeError> {
    let (handle, who) = tables.find(&token)?;
    let m = body(read)?;
    let Who::Seat(seat) = who else { return Err(ServeError::Spectator) };
    Ok(Json(handle.act(seat, m.action, m.at).await?))
}

/// (issue 43) An undo: the step the page was at when the person asked.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Undo {
    /// The table's step, as the view gave it.
    pub at: usize,
}

/// (issue 43) A person takes back their last decision; a spectator's link cannot.
async fn undo(
    State(tables): State<Arc<Tables>>,
    Path(token): Path<String>,
    read: Result<Json<Undo>, JsonRejection>,
) -> Result<Json<View>, ServeError> {
    let (handle, who) = tables.find(&token)?;
    let u = body(read)?;
    let Who::Seat(seat) = who else { return Err(ServeError::Spectator) };
    Ok(Json(handle.undo(seat, u.at).await?))
}

async fn transcript(State(tables): State<Arc<Tables>>, Path(token): Path<String>) -> Result<Response, ServeError> {
    let (handle, _) = tables.find(&token)?;
    let text = handle.transcript().await?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-ndjson; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"transcript.jsonl\""),
        ],
        text,
    )
        .into_response())
}

/// The finished game of a link's table step by step, built from the transcript it downloads.
async fn replay_table(State(tables): State<Arc<Tables>>, Path(token): Path<String>) -> Result<Response, ServeError> {
    let (handle, _) = tables.find(&token)?;
    let text = handle.transcript().await?;
    let replay = tokio::task::spawn_blocking(move || super::replay::of_text(tables.catalog(), &text))
        .await
        .map_err(|e| ServeError::Replay(e.to_string()))??;
    Ok(Json(replay).into_response())
}

/// The transcript given with `--replay FILE`, step by step.
async fn replay_file(State(tables): State<Arc<Tables>>) -> Result<Response, ServeError> {
    let replay = tables.replay().ok_or(ServeError::NoReplay)?;
    Ok(Json(&*replay).into_response())
}
