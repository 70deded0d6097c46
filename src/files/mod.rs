//! Files written by cardlang (reports, shard documents, formatted games): [`write`] replaces a
//! file whole or not at all, and [`cleanup`] removes a temporary copy when a signal ends the
//! process mid-write. A library module of its own, beside the pipeline, so that any front end
//! (the command line today) and the tests write the same careful way.

pub mod cleanup;
pub mod write;
