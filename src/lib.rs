//! fray: dice and encounter procedures for tabletop role-playing games.
//!
//! The crate is laid out by layer: [`cli`] (the command line, clap only), [`commands`]
//! (command-line options into rule inputs), [`rules`] (one module per ruleset, pure),
//! [`dice`] and [`odds`] (rolling and enumerating), [`render`] (text, YAML, JSON) and
//! [`app`] (one run, given its streams by `main`).

pub mod app;
pub mod cast;
pub mod cli;
pub mod commands;
pub mod dice;
pub mod error;
pub mod odds;
pub mod packaging;
pub mod prob;
pub mod render;
pub mod roster;
pub mod rules;
