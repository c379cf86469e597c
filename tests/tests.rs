//! fray's integration tests: one binary, a module per area.

mod common;

mod contract;
mod dnd5e;
mod golden;
mod gurps;
mod hardening;
mod keys;
mod odds_scale;
mod ose;
mod readme;
mod shell;
mod wod;
