//! The round rules of a wod (and cofd) fight kept by `fray track` (seed 003).

use super::fight::DEX_COMPOSURE;
use crate::dice::Dice;
use crate::order::{Settle, TieKey, rank};
use crate::track::rounds::{Absence, Meeting, Moves, Rounds, never, order_of};
use serde_json::Value;

pub static ROUNDS: Rounds = Rounds {
    rerolls: never,
    absences: entering_later,
    recovery: None,
    moves: Some(Moves { delayed: delayed_total, readied: readied_total, meeting: delayers_meeting }),
    lair: false,
    opening_text: true,
    opening_words: crate::track::rounds::no_words,
};

/// seed 003: the surprised enter from round 2; WoD p. 151–152: after a dramatic failure,
/// from round 3.
pub fn entering_later(opening: &Value) -> Vec<Absence> {
    let dramatic = |name: &str| {
        opening.get("surprise").and_then(|s| s.get("combatants")).and_then(Value::as_array).is_some_and(|all| {
            all.iter().any(|c| {
                c.get("name").and_then(Value::as_str) == Some(name)
                    && c.get("dramatic").and_then(Value::as_bool) == Some(true)
            })
        })
    };
    order_of(opening)
        .iter()
        .filter_map(|e| Some((e.get("name")?.as_str()?, e.get("enters_round")?.as_u64()?)))
        .filter(|&(_, round)| round > 1)
        .map(|(name, round)| Absence {
            name: name.to_string(),
            reason: if dramatic(name) { "dramatic failure".into() } else { "surprised".into() },
            from_round: Some(round as u32),
            recovery: None,
        })
        .collect()
}

/// seed 003: one who delays acts right after the other, at the other's initiative − 1.
pub fn delayed_total(anchor: i64) -> i64 {
    anchor.saturating_sub(1)
}

/// seed 003: a readied action fires right before the other, at the other's initiative + 1.
pub fn readied_total(anchor: i64) -> i64 {
    anchor.saturating_add(1)
}

/// seed 003: several who delay to the same moment go by the tie rule: the higher Dexterity +
/// Composure first (WoD p. 152), then a d10 roll-off.
pub fn delayers_meeting(tie_keys: &[Option<i64>], dice: &mut dyn Dice) -> Meeting {
    let who: Vec<usize> = (0..tie_keys.len()).collect();
    let tie_break = |i: usize| tie_keys[i].unwrap_or(0);
    let rule = [TieKey { name: &DEX_COMPOSURE, value: &tie_break }];
    let ranking = rank(&who, |_| 0, &rule, Settle::RollOff(10), dice);
    let roll_offs = ranking
        .ties
        .iter()
        .flat_map(|tie| &tie.roll_offs)
        .flat_map(|drawn| {
            drawn.draw.rounds.iter().map(|r| (r.who.iter().map(|&k| drawn.who[k]).collect(), r.rolls.clone()))
        })
        .collect();
    Meeting { order: ranking.order, sides: 10, roll_offs }
}
