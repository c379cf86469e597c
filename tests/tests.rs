//! fray's integration tests: one binary, a module per area.

mod common;

mod bx;
mod dnd5e;
mod golden;
mod gurps;
mod hardening;
mod ose;
mod readme;
mod shell;
mod wod;
