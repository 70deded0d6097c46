//! Every integration test, in one binary: one build and one link instead of one per file.
//!
//! Each file under `tests/` is a module here; `cargo test NAME` still picks tests by name
//! (`cargo test rules::wilcox_war`, `cargo test transcripts`).

mod common;

mod agents;
mod arrangements;
mod baseline;
mod both_ways;
mod browser;
mod bundle;
mod choices;
mod cli;
mod cluster;
mod compare;
mod cookbook;
mod create_only;
mod deep_input;
mod diagnostics;
mod diagnostics_messages;
mod differential;
mod editor_clients;
mod editor_grammar;
mod equivalence;
mod fmt;
mod fuzz;
mod games;
mod hardening;
mod hidden_info;
mod human_input;
mod index;
mod invariants;
mod lang_choices;
mod lang_expr;
mod lang_melds;
mod lang_zones;
mod language;
mod limits;
mod lint;
mod lint_index;
mod loading;
mod lsp;
mod lsp_handlers;
mod lsp_typing;
mod mcts;
mod meaning;
mod melds_search;
mod msrv;
mod options;
mod readme;
mod reliability;
mod robustness;
mod rules;
mod serve;
mod serve_browser;
mod serve_replay;
mod session;
mod shadowing;
mod shard;
mod simulate;
mod table;
mod terminal_table;
mod transcripts;
mod tune;
mod variant_files;
mod wagering;
