//! `fray roll`: the command that rolls dice expressions (or gives their odds) and writes what
//! came of them. The dice language itself, its rolling and its exact odds are
//! [`crate::dice::expr`]'s; this module reads the command's arguments and writes the documents.

mod run;
mod text;
mod versus;
mod words;

pub use crate::dice::expr::is_expression;

pub use run::run;
