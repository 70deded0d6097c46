//! The server without a connection: the same handlers `serve` runs, called in process one
//! message at a time (for benchmarks, handler tests and the typing test), with what the server
//! publishes handed back.

use lsp_server::{Message, Notification, Request, RequestId};
use lsp_types::PublishDiagnosticsParams;
use serde_json::Value;

use super::documents::Documents;
use super::{Links, Server};

/// A server's state and handlers, driven by calls instead of a connection.
pub struct Handler {
    server: Server,
    published: crossbeam_channel::Receiver<Message>,
    next: i32,
}

/// A request's error: the protocol's code and the message.
#[derive(Debug, Clone, PartialEq)]
pub struct RequestError {
    /// The protocol's error code (`-32602`: invalid parameters).
    pub code: i32,
    /// Why.
    pub message: String,
}

impl Handler {
    /// A server with no document open.
    pub fn new(links: Links) -> Handler {
        let (out, published) = crossbeam_channel::unbounded();
        Handler { server: Server { docs: Documents::default(), links, out }, published, next: 0 }
    }

    /// Handles a notification (`textDocument/didOpen`, `didChange`, `didClose`); the
    /// diagnostics it published, in order.
    pub fn notify(&mut self, method: &str, params: Value) -> Vec<PublishDiagnosticsParams> {
        self.server.notification(Notification::new(method.into(), params));
        self.published
            .try_iter()
            .filter_map(|m| match m {
                Message::Notification(n) => serde_json::from_value(n.params).ok(),
                _ => None,
            })
            .collect()
    }

    /// Answers a request: its result, or its error.
    pub fn request(&mut self, method: &str, params: Value) -> Result<Value, RequestError> {
        self.next += 1;
        let response = self.server.request(Request::new(RequestId::from(self.next), method.into(), params));
        match response.response_result {
            Err(e) => Err(RequestError { code: e.code, message: e.message }),
            Ok(result) => Ok(result),
        }
    }
}
