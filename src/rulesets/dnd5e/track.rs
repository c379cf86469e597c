//! The round rules of a 5e (2014) fight kept by `fray track` (seeds 002 and 004).

use crate::track::{Absence, Rounds, order_of};
use serde_json::Value;

pub static ROUNDS: Rounds = Rounds {
    rerolls: rerolls_initiative,
    absences: losing_first_turn,
    recovery: None,
    moves: None,
    lair: true,
    opening_text: true,
};

/// seed 002: the speed factor is rolled every round, each combatant with the action it
/// declares; standard, score and side initiative are rolled once for the fight.
pub fn rerolls_initiative(round: u32, variant: Option<&str>) -> bool {
    round > 1 && variant == Some("speed")
}

/// seed 004: a surprised creature cannot move or act on its first turn, and only that one.
pub fn losing_first_turn(opening: &Value) -> Vec<Absence> {
    order_of(opening)
        .iter()
        .filter(|e| e.get("loses_first_turn").and_then(Value::as_bool) == Some(true))
        .filter_map(|e| e.get("name")?.as_str())
        .map(|name| Absence { name: name.to_string(), reason: "surprised".into(), from_round: Some(2), recovery: None })
        .collect()
}
