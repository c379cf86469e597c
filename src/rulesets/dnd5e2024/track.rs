//! The round rules of a 5e2024 fight kept by `fray track`.

use crate::rulesets::family::fifth::track::rerolls_initiative;
use crate::track::rounds::{Rounds, nobody};

/// SRD 5.2 "Surprise": a surprised creature has Disadvantage on its Initiative roll and loses
/// no turn, so the opening leaves nobody out; the rest is the family's.
pub static ROUNDS: Rounds = Rounds {
    rerolls: rerolls_initiative,
    absences: nobody,
    recovery: None,
    moves: None,
    lair: true,
    opening_text: true,
    opening_words: crate::track::rounds::no_words,
};
