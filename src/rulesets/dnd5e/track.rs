//! The round rules of a 5e (2014) fight kept by `fray track` (seeds 002 and 004); when
//! initiative is rolled again is both editions' rule, in the family's track.

use crate::rulesets::family::fifth::track::rerolls_initiative;
use crate::track::rounds::{Absence, Rounds, order_of};
use serde_json::Value;

pub static ROUNDS: Rounds = Rounds {
    rerolls: rerolls_initiative,
    absences: losing_first_turn,
    recovery: None,
    moves: None,
    lair: true,
    opening_text: true,
    opening_words: crate::track::rounds::no_words,
};

/// seed 004: a surprised creature cannot move or act on its first turn, and only that one.
pub fn losing_first_turn(opening: &Value) -> Vec<Absence> {
    let in_order =
        order_of(opening).iter().filter(|e| e.get("loses_first_turn").and_then(Value::as_bool) == Some(true));
    // Under side initiative the order holds sides: the surprised are the surprise's creatures.
    let creatures = opening.get("surprise").and_then(|s| s.get("creatures")).and_then(Value::as_array);
    let caught = creatures.into_iter().flatten().filter(|c| c.get("surprised").and_then(Value::as_bool) == Some(true));
    let mut names: Vec<&str> = in_order.chain(caught).filter_map(|e| e.get("name")?.as_str()).collect();
    let mut seen = Vec::new();
    names.retain(|n| {
        if seen.contains(n) {
            false
        } else {
            seen.push(*n);
            true
        }
    });
    names
        .into_iter()
        .map(|name| Absence { name: name.to_string(), reason: "surprised".into(), from_round: Some(2), recovery: None })
        .collect()
}
