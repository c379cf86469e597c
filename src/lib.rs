//! fray: dice and encounter procedures for tabletop role-playing games.
//!
//! One folder per ruleset under [`rulesets`], listed in its registry; around them the shared
//! pieces: [`cli`] (the command line, clap only), [`config`] (default flags from a file), [`cast`] and [`roster`] (sides and
//! combatants), [`dice`], [`prob`] and [`odds`] (rolling and enumerating), [`outcome`] (shapes
//! several rulesets share), [`render`] (text helpers, YAML, JSON), [`emit`] (a rule rolled and
//! written) and [`app`] (one run, given its streams by `main`).

#![forbid(unsafe_code)]

pub mod app;
pub mod cast;
pub mod cli;
pub mod complete;
pub mod config;
pub mod dice;
pub mod emit;
pub mod env;
pub mod error;
pub mod fight;
pub mod line;
pub mod located;
pub mod odds;
pub mod order;
pub mod outcome;
pub mod packaging;
pub mod prob;
pub mod readme;
pub mod render;
pub mod roll;
pub mod roster;
pub mod rulesets;
pub mod table;
pub mod text_file;
pub mod track;
