//! The rules a change in a fight sets off: what the tracker hands a ruleset when someone takes
//! damage, a turn starts or ends, or anything changed ([`Table`]), and what the ruleset says it
//! fired ([`Fired`]): the rule, who, the dice (or the referee's roll, given), the target, the
//! exact chance of success and what came of it, which the tracker keeps in the fight's events.

use super::Combatant;
use crate::dice::{Dice, Roll};
use crate::prob::Prob;
use serde::Serialize;
use serde_json::{Map, Value, json};

/// One rule a ruleset fires in a fight: its stable id, what it is in words, and whether it
/// applies unless a fight turns it off (`--no-rule`), or only when turned on (`--rule`).
#[derive(Clone, Copy, Debug)]
pub struct RuleInfo {
    pub id: &'static str,
    pub what: &'static str,
    pub optional: bool,
}

impl RuleInfo {
    /// A rule that plays unless `--no-rule ID` turns it off.
    pub const fn on(id: &'static str, what: &'static str) -> RuleInfo {
        RuleInfo { id, what, optional: false }
    }

    /// An optional rule, off unless `--rule ID` turns it on.
    pub const fn optional(id: &'static str, what: &'static str) -> RuleInfo {
        RuleInfo { id, what, optional: true }
    }
}

/// A rule that fired: the event the tracker shows and keeps.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fired {
    pub rule: &'static str,
    pub name: String,
    /// The dice as `{dice, rolls, total}`, or `{dice, given, total}` for a roll the referee gave.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Value>,
    /// The exact chance of success, a fraction (`"11/36"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance: Option<String>,
    pub result: String,
    /// The same in words.
    #[serde(skip)]
    pub text: String,
}

/// A roll a rule made: rolled, or given by the referee (`--roll ID=N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rolled {
    pub count: u32,
    pub sides: u32,
    /// The faces rolled (none when given).
    pub roll: Option<Roll>,
    pub total: u32,
}

impl Rolled {
    /// `2d6 (3+4) = 7`, or `2d6 = 7 (given)`.
    pub fn words(&self) -> String {
        match &self.roll {
            Some(roll) => {
                let faces: Vec<String> = roll.faces().map(|f| f.to_string()).collect();
                if faces.len() == 1 {
                    format!("{} ({})", roll.notation(), faces[0])
                } else {
                    format!("{} ({}) = {}", roll.notation(), faces.join("+"), roll.total)
                }
            }
            None => format!("{}d{} = {} (given)", self.count, self.sides, self.total),
        }
    }

    /// The dice as the document gives them.
    pub fn value(&self) -> Value {
        match &self.roll {
            Some(roll) => serde_json::to_value(roll).unwrap_or(Value::Null),
            None => json!({"dice": format!("{}d{}", self.count, self.sides), "given": true, "total": self.total}),
        }
    }
}

/// The fight as a ruleset's rules see it when something changed: the round, everyone in it,
/// the sides, the ruleset's own record of the fight, the rules turned off and on, the rolls the
/// referee gave for this command, and the dice.
pub struct Table<'a> {
    pub round: u32,
    pub combatants: &'a mut Vec<Combatant>,
    pub sides: &'a [String],
    /// The ruleset's own record of the fight (morale checks made, by side).
    pub record: &'a mut Map<String, Value>,
    pub off: &'a [String],
    pub on: &'a [String],
    /// Rolls the referee gave (`--roll ID=N`), by rule id, each used once.
    pub given: &'a mut Vec<(String, u32)>,
    pub dice: &'a mut dyn Dice,
    pub fired: Vec<Fired>,
    /// What the rules say beside what they fired (a check that cannot be made, and why).
    pub said: Vec<(String, String)>,
}

impl Table<'_> {
    /// Whether rule `info` applies in this fight.
    pub fn applies(&self, info: &RuleInfo) -> bool {
        if info.optional { self.on.iter().any(|r| r == info.id) } else { !self.off.iter().any(|r| r == info.id) }
    }

    pub fn combatant(&self, name: &str) -> Option<&Combatant> {
        self.combatants.iter().find(|c| c.name == name)
    }

    pub fn combatant_mut(&mut self, name: &str) -> Option<&mut Combatant> {
        self.combatants.iter_mut().find(|c| c.name == name)
    }

    /// `count`d`sides` for rule `id`: the referee's roll where one was given, else rolled.
    pub fn roll(&mut self, id: &str, count: u32, sides: u32) -> Rolled {
        if let Some(k) = self.given.iter().position(|(rule, _)| rule == id) {
            let (_, total) = self.given.remove(k);
            return Rolled { count, sides, roll: None, total };
        }
        let roll = self.dice.roll(count, sides);
        Rolled { count, sides, total: roll.total, roll: Some(roll) }
    }

    /// Says `text` of `name`: a check that is due but cannot be made, and how to make it.
    pub fn say(&mut self, name: &str, text: String) {
        self.said.push((name.to_string(), text));
    }

    /// Keeps `fired`.
    pub fn fire(&mut self, fired: Fired) {
        self.fired.push(fired);
    }
}

/// A fired rule with a roll: `rule` of `name`, `rolled` against `target` with `chance` of
/// success, coming to `result`, said as `text`.
pub fn rolled(
    rule: &'static str,
    name: &str,
    rolled: &Rolled,
    target: Value,
    chance: &Prob,
    result: impl Into<String>,
    text: String,
) -> Fired {
    Fired {
        rule,
        name: name.to_string(),
        roll: Some(rolled.value()),
        target: Some(target),
        chance: Some(chance.to_string()),
        result: result.into(),
        text,
    }
}

/// A fired rule without a roll (a shock penalty, a monster's death).
pub fn plain(rule: &'static str, name: &str, result: impl Into<String>, text: String) -> Fired {
    Fired { rule, name: name.to_string(), roll: None, target: None, chance: None, result: result.into(), text }
}

/// `11/36 (30.56%)`: a chance as the text gives it.
pub fn chance_words(chance: &Prob) -> String {
    format!("{chance} ({:.2}%)", chance.to_f64() * 100.0)
}

/// What a damage the tracker applied was: its amount before temporary hit points took any,
/// what the combatant lost, and whether it was a critical hit.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dealt {
    pub amount: i64,
    pub lost: i64,
    pub critical: bool,
}
