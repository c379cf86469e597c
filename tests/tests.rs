//! fray's integration tests: one binary, a module per area.

mod common;

mod binary;
mod bx;
mod cast;
mod cofd;
mod config;
mod contract;
mod dnd5e;
mod dnd5e2024;
mod dnd5e_chase;
mod examples;
mod fight;
mod golden;
mod gurps;
mod hardening;
mod keys;
mod odds_scale;
mod ose;
mod play;
mod quiet;
mod readme;
mod roll;
mod rules;
mod screen;
mod shell;
mod table;
mod terminal;
mod track;
mod wander;
mod width;
mod wod;
