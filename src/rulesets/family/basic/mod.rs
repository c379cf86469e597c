//! basic: the rules ose and bx share (Old-School Essentials and the B/X numbers it restates).
//! Each procedure's file ([`surprise`], [`distance`], [`initiative`], [`reaction`],
//! [`pursue`], [`encounter`], [`wandering`], [`morale`]) rolls it and works out its odds;
//! [`text`] shows them, [`flags`], [`keys`] and [`input`] read them from the command line, and
//! [`track`] keeps the rounds of a fight.

pub mod distance;
pub mod encounter;
#[cfg(test)]
pub(crate) mod fixtures;
pub mod flags;
pub mod initiative;
pub mod input;
pub mod keys;
pub mod morale;
#[cfg(test)]
mod odds_check;
pub mod pursue;
pub mod reaction;
pub mod surprise;
pub mod text;
pub mod track;
pub mod wandering;

pub use {distance::*, encounter::*, initiative::*, morale::*, pursue::*, reaction::*, surprise::*, wandering::*};
pub(crate) use {input::*, keys::*};
