//! The D&D 5e family: what 5e (2014) and 5e2024 share. The surprise, distance, initiative and
//! encounter rules ([`surprise`], [`distance`], [`initiative`], [`encounter`], and the
//! encounter's distance and reaction steps in [`meeting`]) on the
//! [`creature`]s and their [`speed_factor`], the [`chase`] both editions run with their own
//! tables, the d20 test ([`check`]), who hides ([`hiding`]), the flag types and values both
//! take ([`flags`]), the [`track`] round rule, their [`text`], and the odds checks and fixtures
//! of their tests. It knows neither edition's registry entry: each edition folder imports it.

pub mod chase;
pub mod check;
pub mod creature;
pub mod distance;
pub mod encounter;
#[cfg(test)]
mod fixtures;
pub mod flags;
pub mod hiding;
pub mod initiative;
pub mod meeting;
#[cfg(test)]
pub(crate) mod odds_check;
pub mod speed_factor;
pub mod surprise;
pub mod text;
pub mod track;

pub use {creature::*, distance::*, encounter::*, initiative::*, speed_factor::*, surprise::*};
