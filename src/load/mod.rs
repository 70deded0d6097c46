//! Loading: a game's files read through a [`Reader`] (the disk, or editor buffers laid over
//! it), parsed, joined (a variant file with the game it extends), checked and linted; every
//! finding also as a [`Problem`], plain data for any front end.
//!
//! It comes after [`check`](crate::check) and [`compile`](crate::compile) in the pipeline and
//! before the front ends (`cli`, `lsp`, `serve`), which show problems their own way: the
//! command line prints them rendered with miette (`report`), the language server sends them as
//! [`Problem`]s.
//!
//! - `reader`: [`Reader`], [`Disk`] (the default), [`Overlay`] (buffers by path over a reader);
//! - `sources`: [`Source`], [`Sources`], [`Position`];
//! - `error`: [`LoadError`];
//! - `loaded`: [`Loaded`], [`read`], [`read_with`], [`load_game`];
//! - `lint`: [`Lint`], [`lint_file`], [`lint_with`];
//! - `variant_files`: [`variant_files`];
//! - `problem`: [`Problem`], [`Label`], [`Place`], [`Severity`];
//! - `report`: [`Render`] (diagnostics as text, with miette), [`LintReport`] (what
//!   `cardlang lint` prints of a file); `excerpt` cuts long lines around a label for it.

mod error;
pub mod excerpt;
mod lint;
mod loaded;
mod problem;
mod reader;
pub mod report;
mod sources;
mod variant_files;

pub use error::LoadError;
pub use lint::{lint_file, lint_with, Found, Lint};
pub use loaded::{
    base_path, load_game, load_game_with, read, read_path, read_with, Loaded, NotLoaded, Refusal, Unread,
};
pub use problem::{Label, Place, Problem, Severity};
pub use reader::{folded, normalised, read_text, shown, Disk, Overlay, Reader, TextError, MAX_FILE_BYTES};
pub use report::{LintReport, Render};
pub use sources::{Position, Source, Sources};
pub use variant_files::{variant_files, variant_files_with};
