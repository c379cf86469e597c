//! The dice language of `fray roll`: Roll20's dice specification with Avrae's extras, parsed
//! once ([`parse`]), rolled through fray's seeded die ([`roll`]) and enumerated exactly for
//! `--odds` ([`odds`]).

pub mod odds;
pub mod parse;
pub mod roll;
pub mod run;
pub mod text;
mod weight;

pub use parse::{Node, ParseError, parse};

use crate::error::{Error, Result};

/// Most dice one term rolls (`NdX`: N).
pub const MAX_DICE: u32 = 10_000;
/// Most faces a die has.
pub const MAX_FACES: u32 = 1_000_000;
/// Longest expression, in characters.
pub const MAX_LENGTH: usize = 1000;
/// Deepest nesting of parentheses.
pub const MAX_DEPTH: usize = 64;
/// Most times one die explodes; the last die of a chain that long stands as rolled.
pub const MAX_EXPLOSIONS: u32 = 100;
/// Most rerolls of one die; past them the die is drawn from the faces that stay, which is
/// what rerolling on would give (each staying face equally likely).
pub const MAX_REROLLS: u32 = 100;
/// Totals stay within ±2^53, which every JSON reader holds exactly.
pub const MAX_TOTAL: i128 = 1 << 53;

/// Parses `text` into an expression, or a usage error pointing at the column.
pub fn expression(text: &str) -> Result<Node> {
    parse(text).map_err(|e| {
        let err = Error::usage(format!("'{}', column {}: {}", text, e.column, e.message));
        match e.hint {
            Some(hint) => err.hint(hint),
            None => err,
        }
    })
}
