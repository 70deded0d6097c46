//! A front end: `cardlang lsp`, a language server over standard input and output (the Language
//! Server Protocol, with rust-analyzer's synchronous `lsp-server` crate). The editor sends each
//! document's whole text on every change; the server answers with the document's problems (the
//! same as `cardlang lint`), its outline, its formatting (`cardlang fmt`), a quick fix for every
//! "did you mean", and, from the checker index, hover, go to definition, references,
//! highlights, rename and completion.
//!
//! One thread reads and answers messages in order; the protocol's own threads read standard
//! input and write standard output. `shutdown` then `exit` ends it, and so does standard input
//! closing.

mod actions;
mod complete;
mod diagnose;
pub mod documents;
mod handler;
mod keywords;
mod navigate;
mod outline;
pub mod position;
mod tokens;

use lsp_server::{Connection, ErrorCode, Message, Notification, ProtocolError, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _, PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentHighlightRequest, DocumentSymbolRequest, Formatting, GotoDefinition,
    HoverRequest, PrepareRenameRequest, References, Rename, Request as _, SemanticTokensFullRequest,
};
use lsp_types::{
    CodeActionProviderCapability, DocumentSymbolResponse, InitializeParams, OneOf, PublishDiagnosticsParams,
    ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind, TextEdit, Uri,
};
use serde_json::Value;

pub use diagnose::Links;
use documents::Documents;
pub use handler::{Handler, RequestError};

/// Why the server stopped before the editor asked it to.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum LspError {
    /// The editor broke the protocol (a message that is not one, an `initialize` missing).
    #[error("the language server's connection failed: {0}")]
    #[diagnostic(code(cardlang::lsp::protocol))]
    Protocol(String),
    /// Standard input or output failed.
    #[error("the language server could not read or write: {0}")]
    #[diagnostic(code(cardlang::lsp::io))]
    Io(#[from] std::io::Error),
}

impl From<ProtocolError> for LspError {
    fn from(e: ProtocolError) -> LspError {
        LspError::Protocol(e.to_string())
    }
}

/// The problems of a document with `text` at `uri`, as the server publishes them when it is the
/// only open document (a game it extends is read from the disk).
pub fn diagnostics_of(uri: &Uri, text: &str) -> Vec<lsp_types::Diagnostic> {
    let doc = documents::Document::new(text.to_string(), 0);
    diagnose::diagnostics(uri, &doc, &Documents::default(), &Links::default())
}

/// What the server can do, as told to the editor at `initialize`.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_highlight_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(lsp_types::RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        completion_provider: Some(lsp_types::CompletionOptions {
            trigger_characters: Some(vec![".".into()]),
            ..Default::default()
        }),
        semantic_tokens_provider: Some(tokens::capability()),
        ..ServerCapabilities::default()
    }
}

/// Runs the server over standard input and output until `exit`, or until standard input
/// closes.
pub fn run_stdio(links: Links) -> Result<(), LspError> {
    let (connection, io_threads) = Connection::stdio();
    serve(&connection, links)?;
    // Dropping the connection lets the writer thread end once it has written everything.
    drop(connection);
    io_threads.join()?;
    Ok(())
}

/// Serves one editor on `connection`: `initialize`, then every message until `shutdown` and
/// `exit` (or the connection closing).
pub fn serve(connection: &Connection, links: Links) -> Result<(), LspError> {
    let caps = serde_json::to_value(capabilities()).map_err(|e| LspError::Protocol(e.to_string()))?;
    let info = ServerInfo { name: "cardlang".into(), version: Some(env!("CARGO_PKG_VERSION").into()) };
    let (id, params) = connection.initialize_start()?;
    // The parameters are read for their shape only: a client that sends none still gets served.
    let _: Option<InitializeParams> = serde_json::from_value(params).ok();
    connection.initialize_finish(id, serde_json::json!({ "capabilities": caps, "serverInfo": info }))?;
    let mut server = Server { docs: Documents::default(), links, out: connection.sender.clone() };
    for message in &connection.receiver {
        match message {
            Message::Request(req) => {
                if connection.handle_shutdown(&req)? {
                    return Ok(());
                }
                let response = server.request(req);
                server.send(Message::Response(response));
            }
            Message::Notification(n) if n.method == lsp_types::notification::Exit::METHOD => return Ok(()),
            Message::Notification(n) => server.notification(n),
            Message::Response(_) => {}
        }
    }
    Ok(())
}

/// The server's state: the open documents.
struct Server {
    docs: Documents,
    links: Links,
    out: crossbeam_channel::Sender<Message>,
}

impl Server {
    fn send(&self, message: Message) {
        // The writer has gone only when the editor has: nothing is left to tell.
        let _ = self.out.send(message);
    }

    fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(n.params) {
                    let uri = p.text_document.uri.clone();
                    self.docs.open(p.text_document.uri, p.text_document.text, p.text_document.version);
                    self.publish_all(&uri);
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params) {
                    // Full sync: the last change holds the whole text.
                    if let Some(change) = p.content_changes.into_iter().last() {
                        let uri = p.text_document.uri.clone();
                        self.docs.open(p.text_document.uri, change.text, p.text_document.version);
                        self.publish_all(&uri);
                    }
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params) {
                    self.docs.close(&p.text_document.uri);
                    // A closed file's problems are the editor's to forget.
                    self.publish(p.text_document.uri, Vec::new(), None);
                }
            }
            _ => {}
        }
    }

    /// Publishes the problems of `changed` and of every other open document (a variant file
    /// reads the game it extends, which may be the one that changed).
    fn publish_all(&self, changed: &Uri) {
        let mut uris: Vec<Uri> = vec![changed.clone()];
        uris.extend(self.docs.iter().map(|(u, _)| u.clone()).filter(|u| u.as_str() != changed.as_str()));
        for uri in uris {
            if let Some(doc) = self.docs.get(&uri) {
                let found = diagnose::diagnostics(&uri, doc, &self.docs, &self.links);
                let version = Some(doc.version);
                self.publish(uri, found, version);
            }
        }
    }

    fn publish(&self, uri: Uri, diagnostics: Vec<lsp_types::Diagnostic>, version: Option<i32>) {
        let params = PublishDiagnosticsParams { uri, diagnostics, version };
        self.send(Message::Notification(Notification::new(PublishDiagnostics::METHOD.into(), params)));
    }

    fn request(&mut self, req: Request) -> Response {
        let id = req.id.clone();
        match req.method.as_str() {
            Formatting::METHOD => match serde_json::from_value::<lsp_types::DocumentFormattingParams>(req.params) {
                Ok(p) => ok(id, self.format(&p.text_document.uri)),
                Err(e) => invalid(id, e),
            },
            DocumentSymbolRequest::METHOD => {
                match serde_json::from_value::<lsp_types::DocumentSymbolParams>(req.params) {
                    Ok(p) => ok(id, self.outline(&p.text_document.uri)),
                    Err(e) => invalid(id, e),
                }
            }
            HoverRequest::METHOD => {
                self.at::<lsp_types::HoverParams, _>(req, |a, p| a.hover(p.text_document_position_params.position))
            }
            GotoDefinition::METHOD => self.at::<lsp_types::GotoDefinitionParams, _>(req, |a, p| {
                a.definition(p.text_document_position_params.position).map(lsp_types::GotoDefinitionResponse::Scalar)
            }),
            References::METHOD => self.at::<lsp_types::ReferenceParams, _>(req, |a, p| {
                Some(a.references(p.text_document_position.position, p.context.include_declaration))
            }),
            DocumentHighlightRequest::METHOD => self.at::<lsp_types::DocumentHighlightParams, _>(req, |a, p| {
                Some(a.highlights(p.text_document_position_params.position))
            }),
            PrepareRenameRequest::METHOD => {
                self.at::<lsp_types::TextDocumentPositionParams, _>(req, |a, p| a.prepare_rename(p.position))
            }
            Rename::METHOD => match serde_json::from_value::<lsp_types::RenameParams>(req.params) {
                Ok(p) => {
                    let pos = &p.text_document_position;
                    let analysis = self
                        .docs
                        .get(&pos.text_document.uri)
                        .and_then(|d| navigate::Analysis::of(&pos.text_document.uri, d, &self.docs));
                    match analysis.map(|a| a.rename(pos.position, &p.new_name)) {
                        Some(Err(why)) => Response::new_err(id, ErrorCode::InvalidParams as i32, why),
                        Some(Ok(edit)) => ok(id, edit),
                        None => ok(id, Value::Null),
                    }
                }
                Err(e) => invalid(id, e),
            },
            Completion::METHOD => match serde_json::from_value::<lsp_types::CompletionParams>(req.params) {
                Ok(p) => ok(id, self.completion(&p.text_document_position)),
                Err(e) => invalid(id, e),
            },
            SemanticTokensFullRequest::METHOD => {
                match serde_json::from_value::<lsp_types::SemanticTokensParams>(req.params) {
                    Ok(p) => ok(id, self.semantic_tokens(&p.text_document.uri)),
                    Err(e) => invalid(id, e),
                }
            }
            CodeActionRequest::METHOD => match serde_json::from_value::<lsp_types::CodeActionParams>(req.params) {
                Ok(p) => ok(id, actions::quick_fixes(&p)),
                Err(e) => invalid(id, e),
            },
            other => {
                Response::new_err(id, ErrorCode::MethodNotFound as i32, format!("cardlang does not answer {other}"))
            }
        }
    }

    /// Answers a request about a place in a document with the document's analysis; `null`
    /// when the document is not open or does not parse.
    fn at<P, T>(&self, req: Request, answer: impl FnOnce(&navigate::Analysis<'_>, &P) -> Option<T>) -> Response
    where
        P: serde::de::DeserializeOwned + HasDocument,
        T: serde::Serialize,
    {
        let id = req.id.clone();
        let params: P = match serde_json::from_value(req.params) {
            Ok(p) => p,
            Err(e) => return invalid(id, e),
        };
        let uri = params.document().clone();
        let result = self
            .docs
            .get(&uri)
            .and_then(|d| navigate::Analysis::of(&uri, d, &self.docs))
            .and_then(|a| answer(&a, &params));
        ok(id, result)
    }

    /// The edits that lay a document out as `cardlang fmt` does: none when it is laid out
    /// already, or does not parse.
    fn format(&self, uri: &Uri) -> Option<Vec<TextEdit>> {
        let doc = self.docs.get(uri)?;
        let formatted = crate::syntax::format(&doc.text).ok()?;
        if formatted == doc.text {
            return Some(Vec::new());
        }
        let whole = doc.lines.range(&doc.text, 0, doc.text.len());
        Some(vec![TextEdit { range: whole, new_text: formatted }])
    }

    /// The completions at a place (from the last version that parsed while this one does not);
    /// none when the document is not open.
    fn completion(&self, at: &lsp_types::TextDocumentPositionParams) -> Option<Vec<lsp_types::CompletionItem>> {
        let uri = &at.text_document.uri;
        let doc = self.docs.get(uri)?;
        // Built (and kept) when this version parses; otherwise the last that did is used.
        let _ = navigate::Analysis::of(uri, doc, &self.docs);
        let offset = doc.lines.offset(&doc.text, at.position);
        Some(complete::completion(doc, doc.last_good(), offset))
    }

    /// A document's semantic tokens (names only when it parses); none when it is not open.
    fn semantic_tokens(&self, uri: &Uri) -> Option<lsp_types::SemanticTokensResult> {
        let doc = self.docs.get(uri)?;
        let analysis = navigate::Analysis::of(uri, doc, &self.docs);
        Some(tokens::tokens(doc, analysis.as_ref().map(|a| a.index)).into())
    }

    /// A document's outline; none when it does not parse.
    fn outline(&self, uri: &Uri) -> Option<DocumentSymbolResponse> {
        let doc = self.docs.get(uri)?;
        // The parse kept for the other requests, when this version has one.
        if let Some(a) = navigate::Analysis::of(uri, doc, &self.docs) {
            return Some(DocumentSymbolResponse::Nested(outline::symbols(doc, &a.file.items)));
        }
        let file = crate::syntax::parse(&doc.text).ok()?;
        Some(DocumentSymbolResponse::Nested(outline::symbols(doc, &file.items)))
    }
}

/// A request's parameters that name a document.
trait HasDocument {
    /// The document's URI.
    fn document(&self) -> &Uri;
}

macro_rules! has_document {
    ($($t:ty => |$p:ident| $e:expr),* $(,)?) => {
        $(impl HasDocument for $t {
            fn document(&self) -> &Uri {
                let $p = self;
                &$e
            }
        })*
    };
}

has_document! {
    lsp_types::HoverParams => |p| p.text_document_position_params.text_document.uri,
    lsp_types::GotoDefinitionParams => |p| p.text_document_position_params.text_document.uri,
    lsp_types::ReferenceParams => |p| p.text_document_position.text_document.uri,
    lsp_types::DocumentHighlightParams => |p| p.text_document_position_params.text_document.uri,
    lsp_types::TextDocumentPositionParams => |p| p.text_document.uri,
}

fn ok<T: serde::Serialize>(id: RequestId, result: T) -> Response {
    Response::new_ok(id, result)
}

fn invalid(id: RequestId, e: serde_json::Error) -> Response {
    Response::new_err(id, ErrorCode::InvalidParams as i32, e.to_string())
}
