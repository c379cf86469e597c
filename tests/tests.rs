//! fray's integration tests: one binary, a module per area.

mod common;

mod contract;
mod dnd5e;
mod golden;
mod gurps;
mod hardening;
mod ose;
mod quiet;
mod readme;
mod shell;
mod wod;
