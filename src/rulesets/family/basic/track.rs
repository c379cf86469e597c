//! The round rules of an ose or bx fight kept by `fray track` (seed 000).

use crate::track::rounds::{Absence, Rounds, nobody, order_of};
use serde_json::Value;

pub static ROUNDS: Rounds = Rounds {
    rerolls: rerolls_initiative,
    absences: surprised_sides,
    recovery: None,
    moves: None,
    lair: false,
    opening_text: true,
    opening_words: crate::track::rounds::no_words,
};

/// seed 000: every side rolls initiative anew at the start of each round after the first.
pub fn rerolls_initiative(round: u32, _variant: Option<&str>) -> bool {
    round > 1
}

/// seed 000: a surprised side cannot act in the free round (round 1); the encounter leaves
/// it out of that round's initiative. (All sides surprised: no advantage, all roll.)
pub fn surprised_sides(opening: &Value) -> Vec<Absence> {
    let Some(sides) = opening.get("surprise").and_then(|s| s.get("sides")).and_then(Value::as_array) else {
        return nobody(opening);
    };
    let ordered: Vec<&str> = order_of(opening).iter().filter_map(|e| e.get("name")?.as_str()).collect();
    sides
        .iter()
        .filter(|side| side.get("surprised").and_then(Value::as_bool) == Some(true))
        .filter_map(|side| side.get("name")?.as_str())
        .filter(|name| !ordered.contains(name))
        .map(|name| Absence { name: name.to_string(), reason: "surprised".into(), from_round: Some(2), recovery: None })
        .collect()
}
