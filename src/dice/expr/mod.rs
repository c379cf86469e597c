//! The dice language of `fray roll`: Roll20's dice specification with Avrae's extras, parsed
//! once ([`parse()`]), rolled through fray's seeded die ([`roll`]) and enumerated exactly for
//! `--odds` ([`odds`]).

pub mod odds;
pub mod parse;
pub mod roll;
mod weight;

pub use parse::{Node, ParseError, parse};

use crate::error::{Error, Result};

/// Most dice one term rolls (`NdX`: N).
pub const MAX_DICE: u32 = 10_000;
/// Most faces a die has.
pub const MAX_FACES: u32 = 1_000_000;
/// Longest expression, in characters.
pub const MAX_LENGTH: usize = 1000;
/// Deepest nesting of parentheses.
pub const MAX_DEPTH: usize = 64;
/// Most times one die explodes; the last die of a chain that long stands as rolled.
pub const MAX_EXPLOSIONS: u32 = 100;
/// Most rerolls of one die; past them the die is drawn from the faces that stay, which is
/// what rerolling on would give (each staying face equally likely).
pub const MAX_REROLLS: u32 = 100;
/// Totals stay within ±2^53, which every JSON reader holds exactly.
pub const MAX_TOTAL: i128 = 1 << 53;

/// Parses `text` into an expression, or a usage error pointing at the column.
pub fn expression(text: &str) -> Result<Node> {
    parse(text).map_err(|e| {
        let err = Error::usage(format!("'{}', column {}: {}", text, e.column, e.message));
        match e.hint {
            Some(hint) => err.hint(hint),
            None => err,
        }
    })
}

/// A group's number as written after `*`: a whole number, or dice rolled once per run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    Fixed(u32),
    Dice { text: String, node: Node },
}

/// Reads a group's number (`4`, `2d4`, `1d6+1`), refusing dice that could give fewer than 1
/// or more than `most`.
pub fn parse_count(text: &str, most: u32) -> std::result::Result<Count, String> {
    let text = text.trim();
    if let Ok(n) = text.parse::<u32>() {
        return if n == 0 || n > most {
            Err(format!("a group has 1 to {most} members, not {n}"))
        } else {
            Ok(Count::Fixed(n))
        };
    }
    let node = parse(text).map_err(|e| format!("'{text}' is not a group size: column {}: {}", e.column, e.message))?;
    let (low, high) = parse::range(&node).map_err(|(_, m)| m)?;
    if low < 1 || high > i128::from(most) {
        return Err(format!("a group of '{text}' could have {low} to {high} members; a group has 1 to {most}"));
    }
    Ok(Count::Dice { text: text.to_string(), node })
}

impl Count {
    /// The number, rolling the dice from `dice` (the roll is returned to be shown).
    pub fn roll(&self, dice: &mut crate::dice::SeededDice) -> (u32, Option<roll::Rolled>) {
        match self {
            Count::Fixed(n) => (*n, None),
            Count::Dice { text, node } => {
                let rolled = roll::roll(text, node, dice);
                (rolled.total as u32, Some(rolled))
            }
        }
    }
}

/// The dice stream group sizes roll from: apart from the rules' own, so that a cast without
/// dice in it rolls exactly as before.
const GROUP_STREAM: u64 = 0x6772_6f75_7073; // "groups"

/// Rolls groups' dice counts (`count=2d4`, `Goblin*2d4`) for one run, each once, from a
/// stream of their own seeded by the run's `seed`, and shows each roll on `shown` as
/// `Goblin count=2d4: 3 1 = 4`.
pub struct GroupRoller<'a> {
    seed: u64,
    dice: Option<crate::dice::SeededDice>,
    shown: &'a mut dyn std::io::Write,
}

impl<'a> GroupRoller<'a> {
    pub fn new(seed: u64, shown: &'a mut dyn std::io::Write) -> GroupRoller<'a> {
        GroupRoller { seed, dice: None, shown }
    }

    /// The number of group `name`'s members.
    pub fn roll(&mut self, name: &str, count: &Count) -> Result<u32> {
        let seed = self.seed;
        let dice = self.dice.get_or_insert_with(|| crate::dice::SeededDice::new(seed ^ GROUP_STREAM));
        let (n, rolled) = count.roll(dice);
        if let (Some(rolled), Count::Dice { text: expr, .. }) = (rolled, count) {
            let faces: Vec<String> = rolled.dice.iter().map(roll::die_text).collect();
            writeln!(self.shown, "{name} count={expr}: {} = {n}", faces.join(" "))?;
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_numbers_are_whole_or_dice_within_the_group_limit() {
        assert_eq!(parse_count("4", 1000), Ok(Count::Fixed(4)));
        assert!(parse_count("0", 1000).is_err());
        let count = parse_count("2d4", 1000).unwrap();
        let mut dice = crate::dice::SeededDice::new(3);
        for _ in 0..200 {
            let (n, shown) = count.roll(&mut dice);
            assert!((2..=8).contains(&n));
            let shown = shown.unwrap();
            assert_eq!(shown.dice.len(), 2);
            assert_eq!(shown.total, i64::from(n));
        }
        assert!(parse_count("1d4-1", 1000).unwrap_err().contains("could have 0 to 3 members"));
        assert!(parse_count("2d1000", 1000).unwrap_err().contains("could have 2 to 2000"));
        assert!(parse_count("x", 1000).unwrap_err().starts_with("'x' is not a group size: column 1"));
    }
}
