//! The keys a fight reads where a ruleset has them: hit points (a number, or dice each member of
//! a group rolls as it enters) and armour class. Each ruleset names the ones it uses in its
//! key lists; a key it does not use is refused with the one it uses instead.

use crate::cast::KeyDef;
use crate::dice::SeededDice;
use crate::dice::expr::{self, Node};

/// The most hit points a combatant may have.
pub const MAX_POINTS: i64 = 1_000_000;

/// `hp=`: a number, or dice rolled as each member enters.
pub const HP: KeyDef =
    KeyDef::text("hp", check_points, "hit points: a number, or dice each member rolls as it enters (hp=2d6+2)");

/// `ac=`: armour class, as the ruleset counts it.
pub const AC: KeyDef = KeyDef::int("ac", -20, 50, "armour class, kept for the fight");

/// `save-con=`: a Constitution saving throw's bonus where it differs from the modifier.
pub const SAVE_CON: KeyDef =
    KeyDef::int("save-con", -5, 20, "Constitution save bonus, where it differs from con= (proficiency)");

/// The ruleset's own numbers of a combatant, kept under their keys' names (those given).
pub fn numbers(pairs: &[(&str, Option<i32>)]) -> serde_json::Map<String, serde_json::Value> {
    pairs.iter().filter_map(|(key, value)| Some((key.to_string(), serde_json::Value::from((*value)?)))).collect()
}

/// Hit points as given: a number, or dice to roll.
#[derive(Clone, Debug, PartialEq)]
pub enum Points {
    Fixed(i64),
    Dice { text: String, node: Node },
}

impl Points {
    /// Reads `hp=`'s value: a whole number from 1, or dice that always give at least 1.
    pub fn read(text: &str) -> Result<Points, String> {
        let text = text.trim();
        if let Ok(n) = text.parse::<i64>() {
            return match (1..=MAX_POINTS).contains(&n) {
                true => Ok(Points::Fixed(n)),
                false => Err(format!("hit points run from 1 to {MAX_POINTS}, not {n}")),
            };
        }
        let node = expr::parse(text).map_err(|e| {
            format!("'{}' is not a number or dice: column {}: {}", crate::cast::echo(text), e.column, e.message)
        })?;
        let (low, high) = expr::parse::range(&node).map_err(|(_, m)| m)?;
        if low < 1 || high > i128::from(MAX_POINTS) {
            return Err(format!("'{text}' could give {low} to {high} hit points; they run from 1 to {MAX_POINTS}"));
        }
        Ok(Points::Dice { text: text.to_string(), node })
    }

    /// The hit points, rolling the dice from `dice`; with them, the dice in words (`2d6+2: 3 5 =
    /// 10`) when there were any.
    pub fn roll(&self, dice: &mut SeededDice) -> (i64, Option<String>) {
        match self {
            Points::Fixed(n) => (*n, None),
            Points::Dice { text, node } => {
                let (total, words) = roll_dice(text, node, dice);
                (total, Some(words))
            }
        }
    }
}

/// Rolls dice written `text`: the total, and the roll in words (`2d6+2: 3 5 = 10`, `1d8: 6`).
pub fn roll_dice(text: &str, node: &Node, dice: &mut SeededDice) -> (i64, String) {
    let rolled = expr::roll::roll(text, node, dice);
    let faces: Vec<String> = rolled.dice.iter().filter(|d| d.kept).map(|d| d.value.to_string()).collect();
    let words = match faces.as_slice() {
        [one] if *one == rolled.total.to_string() => format!("{text}: {one}"),
        _ => format!("{text}: {} = {}", faces.join(" "), rolled.total),
    };
    (rolled.total, words)
}

/// Checks `hp=`'s value (for a ruleset that words the key its own way).
pub fn check_points(text: &str) -> Result<(), String> {
    Points::read(text).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_points_are_a_number_or_dice_that_give_at_least_one() {
        assert_eq!(Points::read("12"), Ok(Points::Fixed(12)));
        assert!(Points::read("0").unwrap_err().contains("from 1"));
        assert!(Points::read("1d4-1").unwrap_err().contains("could give 0 to 3"));
        assert!(Points::read("x").unwrap_err().contains("not a number or dice"));
        let points = Points::read("2d6+2").unwrap();
        let mut dice = SeededDice::new(7);
        for _ in 0..100 {
            let (hp, shown) = points.roll(&mut dice);
            assert!((4..=14).contains(&hp));
            assert!(shown.unwrap().starts_with("2d6+2: "));
        }
    }
}
