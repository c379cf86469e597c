//! fray's integration tests: one binary, a module per area.

mod common;

mod appearing;
mod binary;
mod bx;
mod cast;
mod cofd;
mod config;
mod contract;
mod dnd5e;
mod dnd5e2024;
mod dnd5e_chase;
mod encounter_steps;
mod examples;
mod fight;
mod golden;
mod gurps;
mod hardening;
mod keys;
mod layers;
mod odds_scale;
mod odds_sums;
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
