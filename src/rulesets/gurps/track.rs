//! The round rules of a gurps fight kept by `fray track` (seed 001).

use super::recovery::{Shock, recover};
use crate::dice::Dice;
use crate::track::rounds::{Absence, Recovery, RecoveryCheck, Rounds, never};
use serde_json::Value;

pub static ROUNDS: Rounds = Rounds {
    rerolls: never,
    absences: surprised,
    recovery: Some(recovery_roll),
    moves: None,
    lair: false,
    // The encounter's text rolls every recovery ahead; the tracker rolls each at its turn.
    opening_text: false,
    opening_words: surprise_words,
};

/// The surprise roll in words: the freeze of a total surprise, each leader's roll of a partial
/// one with its modifiers, and the winner (seed 001).
pub fn surprise_words(opening: &Value) -> Vec<String> {
    let Some(surprise) = opening.get("surprise") else { return Vec::new() };
    let dice = |roll: &Value| -> Option<String> {
        let faces: Vec<String> = roll.get("rolls")?.as_array()?.iter().map(Value::to_string).collect();
        Some(format!("{} ({})", roll.get("dice")?.as_str()?, faces.join("+")))
    };
    let mut words = Vec::new();
    if let Some(freeze) = surprise.get("freeze") {
        let roll = freeze.get("roll").and_then(dice).unwrap_or_default();
        let seconds = freeze.get("seconds").and_then(Value::as_u64).unwrap_or(0);
        words.push(format!("total surprise: the surprised without Combat Reflexes freeze {roll} = {seconds} seconds"));
    }
    for side in surprise.get("sides").and_then(Value::as_array).into_iter().flatten() {
        let (Some(name), Some(roll)) = (side.get("name").and_then(Value::as_str), side.get("roll").and_then(dice))
        else {
            continue;
        };
        let modifiers: Vec<String> = side
            .get("modifiers")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|m| Some(format!(" {:+} {}", m.get("value")?.as_i64()?, m.get("source")?.as_str()?)))
            .collect();
        let total = side.get("total").map(Value::to_string).unwrap_or_default();
        words.push(format!("partial surprise: {name} rolls {roll}{} = {total}", modifiers.concat()));
    }
    match surprise.get("winner") {
        Some(Value::String(winner)) => words.push(format!("{winner} acts normally; the other side is stunned")),
        Some(Value::Null) => words.push("a tie: nobody is surprised".into()),
        _ => {}
    }
    words
}

/// seed 001: a surprised combatant rolls IQ at the start of each of its turns (after a freeze,
/// from the turn after it) until one succeeds.
pub fn surprised(opening: &Value) -> Vec<Absence> {
    let Some(combatants) = opening.get("surprise").and_then(|s| s.get("combatants")).and_then(Value::as_array) else {
        return Vec::new();
    };
    combatants
        .iter()
        .filter(|c| c.get("surprised").and_then(Value::as_bool) == Some(true))
        .filter_map(|c| {
            let name = c.get("name")?.as_str()?.to_string();
            let shock = c.get("shock")?.as_str()?.to_string();
            let frozen = c.get("frozen").and_then(Value::as_u64).unwrap_or(0) as u32;
            let iq = c.get("iq").and_then(Value::as_i64).unwrap_or(10) as i32;
            let cr = c.get("cr").and_then(Value::as_bool).unwrap_or(false);
            let recovery = Recovery { iq, cr, shock: shock.clone(), first_turn: frozen + 1 };
            Some(Absence { name, reason: shock, from_round: None, recovery: Some(recovery) })
        })
        .collect()
}

/// seed 001: the IQ roll at the start of the stunned combatant's `turn`, +1 a turn after the
/// first under partial surprise, +6 with Combat Reflexes; a success still Does Nothing this
/// turn and acts from the next.
pub fn recovery_roll(stun: &Recovery, turn: u32, dice: &mut dyn Dice) -> RecoveryCheck {
    let shock = if stun.shock == "frozen" { Shock::Frozen } else { Shock::Stunned };
    let (rolls, acts_from) = recover(stun.iq, stun.cr, shock, turn, turn, dice);
    let roll = serde_json::to_value(&rolls[0]).unwrap_or(Value::Null);
    RecoveryCheck { roll, success: acts_from.is_some() }
}
