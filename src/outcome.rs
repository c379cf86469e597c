//! Pieces of outcomes that several rulesets share: named modifiers and reaction rolls.

use crate::dice::Roll;
use serde::Serialize;

/// For `skip_serializing_if`: a number left out when it is zero.
pub fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}

/// A named modifier, shown with its source: `+1 CHA 16`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Modifier {
    pub value: i32,
    pub source: String,
}

impl Modifier {
    pub fn new(value: i32, source: impl Into<String>) -> Modifier {
        Modifier { value, source: source.into() }
    }
}

/// A reaction roll read on a table: the dice, the modifiers, the total and the table's words.
#[derive(Clone, Debug, Serialize)]
pub struct ReactionOutcome<'a> {
    pub roll: Roll,
    pub modifiers: &'a [Modifier],
    pub total: i32,
    /// The table's words.
    pub result: &'static str,
    /// A stable id for the band.
    pub band: &'static str,
    /// Which way the band leans toward the party, for the colour of its words.
    #[serde(skip)]
    pub leaning: Leaning,
}

/// Which way a reaction leans toward the party: against it (hostile), undecided, or for it
/// (friendly). The text colours the verdict by it: red, yellow, green.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaning {
    Against,
    Undecided,
    For,
}

/// The sum of a list of modifiers.
pub fn sum(modifiers: &[Modifier]) -> i32 {
    modifiers.iter().map(|m| m.value).sum()
}

/// `a`, `a and b`, `a, b and c`.
pub fn join(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
