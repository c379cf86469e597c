//! The rules, one module per ruleset: pure functions from an input and a [`Dice`] to an
//! outcome, and the odds of each procedure built from those same functions.
//!
//! [`Dice`]: crate::dice::Dice

pub mod dnd5e;
pub mod gurps;
pub mod ose;
pub mod wod;

use crate::dice::Roll;
use serde::Serialize;

/// A ruleset fray knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruleset {
    Ose,
    Gurps,
    Dnd5e,
    Wod,
}

/// The six game procedures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Procedure {
    Surprise,
    Distance,
    Initiative,
    Reaction,
    Pursue,
    Encounter,
}

impl Ruleset {
    pub const ALL: [Ruleset; 4] = [Ruleset::Ose, Ruleset::Gurps, Ruleset::Dnd5e, Ruleset::Wod];

    /// The id used on the command line and in output.
    pub fn id(self) -> &'static str {
        match self {
            Ruleset::Ose => "ose",
            Ruleset::Gurps => "gurps",
            Ruleset::Dnd5e => "5e",
            Ruleset::Wod => "wod",
        }
    }

    /// Whether the ruleset has a rule for `procedure` (SPEC §2).
    pub fn has(self, procedure: Procedure) -> bool {
        use Procedure::*;
        match self {
            Ruleset::Ose => true,
            Ruleset::Gurps => matches!(procedure, Surprise | Initiative | Reaction | Encounter),
            Ruleset::Dnd5e | Ruleset::Wod => matches!(procedure, Surprise | Initiative | Encounter),
        }
    }

    /// The rulesets that have `procedure`, for hints.
    pub fn having(procedure: Procedure) -> Vec<&'static str> {
        Ruleset::ALL.iter().filter(|r| r.has(procedure)).map(|r| r.id()).collect()
    }
}

impl Serialize for Ruleset {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl Procedure {
    pub fn name(self) -> &'static str {
        match self {
            Procedure::Surprise => "surprise",
            Procedure::Distance => "distance",
            Procedure::Initiative => "initiative",
            Procedure::Reaction => "reaction",
            Procedure::Pursue => "pursue",
            Procedure::Encounter => "encounter",
        }
    }

    /// What the rule is called in an error: "the gurps ruleset has no {rule_name} rule".
    pub fn rule_name(self) -> &'static str {
        match self {
            Procedure::Surprise => "surprise",
            Procedure::Distance => "encounter-distance",
            Procedure::Initiative => "initiative",
            Procedure::Reaction => "reaction",
            Procedure::Pursue => "pursuit",
            Procedure::Encounter => "encounter-sequence",
        }
    }
}

impl Serialize for Procedure {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
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
