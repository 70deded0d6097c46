//! The command line renders diagnostics with the library's report (`load::report`): this
//! module only names it where the commands look for it.

pub use crate::load::report::{LintReport, Render};
