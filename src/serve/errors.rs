//! Why the server refused a request: one variant per mistake, each answered with its HTTP status
//! and a JSON body `{code, message}` (the code is the diagnostic's, `cardlang::serve::...`).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use miette::Diagnostic;
use serde::Serialize;

use crate::session::SessionError;

/// A refused request, or a server that could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Diagnostic)]
pub enum ServeError {
    /// No game of that name is served.
    #[error("no game named `{0}` is served here")]
    #[diagnostic(code(cardlang::serve::no_game), help("GET /api/games lists the games served"))]
    NoGame(String),
    /// The game did not check with the variant, options and seats asked for.
    #[error("the game cannot be set up that way: {0}")]
    #[diagnostic(code(cardlang::serve::setup))]
    Setup(String),
    /// A seat's spec did not read.
    #[error("seat {seat}: {reason}")]
    #[diagnostic(code(cardlang::serve::seat_spec), help("a seat is `human`, `random`, `greedy` or `mcts`"))]
    SeatSpec {
        /// The seat (from 1).
        seat: usize,
        /// Why.
        reason: String,
    },
    /// The token names no seat and no table (forged, mistyped, or of another server).
    #[error("that link is not one of this server's tables")]
    #[diagnostic(code(cardlang::serve::unknown_token), help("ask the table's host for your link again"))]
    UnknownToken,
    /// The request's body is not the JSON this route takes.
    #[error("the request is not understood: {0}")]
    #[diagnostic(code(cardlang::serve::malformed))]
    Malformed(String),
    /// The request's body is larger than the server takes.
    #[error("the request is larger than {limit} bytes")]
    #[diagnostic(code(cardlang::serve::too_large))]
    TooLarge {
        /// The limit, in bytes.
        limit: usize,
    },
    /// A spectator's link cannot make moves.
    #[error("a spectator cannot make moves")]
    #[diagnostic(code(cardlang::serve::spectator))]
    Spectator,
    /// The session refused the move (not this seat's turn, illegal, or stale).
    #[error("{0}")]
    #[diagnostic(code(cardlang::serve::move_refused))]
    Refused(SessionError),
    /// The game is not over, so its transcript is not given yet.
    #[error("the game is not over yet: its transcript is given at the end")]
    #[diagnostic(code(cardlang::serve::not_over))]
    NotOver,
    /// (issue 43) The session refused to take a decision back (stale, or none to take back).
    #[error("{0}")]
    #[diagnostic(code(cardlang::serve::undo_refused))]
    Undo(crate::session::undo::UndoError),
    /// A transcript to replay does not fit the games served (or is not a transcript).
    #[error("the transcript cannot be replayed: {0}")]
    #[diagnostic(
        code(cardlang::serve::replay),
        help("a replay reads `cardlang transcript --format jsonl` files and the transcripts tables download; serve its game too")
    )]
    Replay(String),
    /// No transcript was given to replay (`--replay FILE`).
    #[error("this server was started without a transcript to replay")]
    #[diagnostic(code(cardlang::serve::no_replay), help("start it with --replay FILE"))]
    NoReplay,
    /// The table's owner has stopped (its game failed); nothing more can be done with it.
    #[error("the table has stopped: {0}")]
    #[diagnostic(code(cardlang::serve::table_stopped))]
    Stopped(String),
    /// The tables' store could not be opened, read or written.
    #[error("the tables' store `{path}`: {reason}")]
    #[diagnostic(code(cardlang::serve::store), help("give another file with --data"))]
    Store {
        /// The store's file.
        path: String,
        /// What went wrong.
        reason: String,
    },
    /// The address could not be listened on.
    #[error("cannot listen on {addr}: {reason}")]
    #[diagnostic(code(cardlang::serve::listen))]
    Listen {
        /// The address.
        addr: String,
        /// Why.
        reason: String,
    },
    /// A game given on the command line did not load.
    #[error("{0}")]
    #[diagnostic(code(cardlang::serve::game_file))]
    GameFile(String),
}

/// The body of a refusal.
#[derive(Serialize)]
struct Body {
    code: String,
    message: String,
}

impl ServeError {
    /// The HTTP status the refusal is answered with.
    pub fn status(&self) -> StatusCode {
        match self {
            ServeError::NoGame(_) | ServeError::UnknownToken | ServeError::NoReplay => StatusCode::NOT_FOUND,
            ServeError::Replay(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ServeError::Setup(_) | ServeError::SeatSpec { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ServeError::Malformed(_) => StatusCode::BAD_REQUEST,
            ServeError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ServeError::Spectator => StatusCode::FORBIDDEN,
            ServeError::Refused(SessionError::Stale { .. } | SessionError::NotYourTurn { .. })
            | ServeError::NotOver => StatusCode::CONFLICT,
            ServeError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ServeError::Undo(crate::session::undo::UndoError::Stale { .. }) => StatusCode::CONFLICT,
            ServeError::Undo(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ServeError::Stopped(_) => StatusCode::GONE,
            ServeError::Store { .. } | ServeError::Listen { .. } | ServeError::GameFile(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        }
    }

    /// The diagnostic code, as text (the session's own for a refused move).
    pub fn code_text(&self) -> String {
        let code = match self {
            ServeError::Refused(e) => e.code(),
            ServeError::Undo(e) => e.code(),
            other => other.code(),
        };
        code.map(|c| c.to_string()).unwrap_or_else(|| "cardlang::serve".to_string())
    }
}

impl IntoResponse for ServeError {
    fn into_response(self) -> Response {
        let body = Body { code: self.code_text(), message: self.to_string() };
        (self.status(), Json(body)).into_response()
    }
}
