//! The dice language of `fray roll`: Roll20's dice specification with Avrae's extras, parsed
//! once ([`parse()`]), rolled through fray's seeded die ([`roll`]) and enumerated exactly for
//! `--odds` ([`odds`]).

pub mod budget;
pub mod odds;
pub mod parse;
pub mod roll;
mod weight;

pub use budget::MAX_ROLLED;
pub use parse::{Node, ParseError};

use crate::error::Result;

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

/// Parses one expression, refusing dice that would on average pass the budget
/// ([`MAX_ROLLED`]) before a die is rolled.
pub fn parse(text: &str) -> std::result::Result<Node, ParseError> {
    let node = parse::expression(text)?;
    let dice = budget::expected_dice(&node);
    if dice > MAX_ROLLED as f64 {
        return Err(ParseError {
            column: 1,
            message: format!(
                "its dice would be drawn about {dice:.0} times, rerolls and explosions counted; one roll draws at most {MAX_ROLLED}"
            ),
            hint: Some("roll fewer dice, or reroll and explode on fewer faces"),
        });
    }
    Ok(node)
}

/// Most repetitions of one expression (`NxEXPR`).
pub const MAX_REPEAT: u32 = 10_000;

/// An expression and how many times it is rolled: `6x4d6kh3` is `4d6kh3` six times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repeated {
    pub count: Option<u32>,
    pub node: Node,
}

/// Reads `NxEXPR` or `EXPR`, refusing a repetition past [`MAX_REPEAT`] or dice past the
/// budget of all the repetitions together ([`MAX_ROLLED`]); columns count from the start of
/// `text`.
pub fn parse_repeated(text: &str) -> std::result::Result<Repeated, ParseError> {
    let lead = text.chars().take_while(|c| c.is_whitespace()).count();
    let digits = text.chars().skip(lead).take_while(|c| c.is_ascii_digit()).count();
    let after = text.chars().skip(lead + digits).find(|c| !c.is_whitespace());
    if digits == 0 || !matches!(after, Some('x' | 'X' | '×')) {
        return Ok(Repeated { count: None, node: parse(text)? });
    }
    let number: String = text.chars().skip(lead).take(digits).collect();
    let count = number.parse::<u32>().ok().filter(|n| (1..=MAX_REPEAT).contains(n)).ok_or_else(|| ParseError {
        column: lead + 1,
        message: format!("a roll repeats 1 to {MAX_REPEAT} times, not {number}"),
        hint: Some("6x4d6kh3 rolls 4d6kh3 six times"),
    })?;
    let x = text.chars().skip(lead + digits).position(|c| !c.is_whitespace()).unwrap_or(0) + lead + digits;
    let rest: String = text.chars().skip(x + 1).collect();
    let node = parse(&rest).map_err(|e| ParseError { column: e.column + x + 1, ..e })?;
    let dice = budget::expected_dice(&node) * f64::from(count);
    if dice > MAX_ROLLED as f64 {
        return Err(ParseError {
            column: lead + 1,
            message: format!(
                "{count} rolls would draw about {dice:.0} dice, rerolls and explosions counted; one roll draws at most {MAX_ROLLED}"
            ),
            hint: Some("repeat it fewer times"),
        });
    }
    Ok(Repeated { count: Some(count), node })
}

/// Whether `word` is a whole dice expression of `fray roll` with a die in it (`2d6`, `4d6kh3`,
/// `6x4d6kh3`; not a bare number): how the command line tells a roll from a command's word.
pub fn is_expression(word: &str) -> bool {
    let first = word.trim_start().chars().next();
    let may_start = first.is_some_and(|c| c.is_ascii_digit() || "dDкКдД({+-".contains(c));
    may_start && parse_repeated(word).is_ok_and(|r| has_dice(&r.node))
}

/// Whether `node` rolls a die.
pub fn has_dice(node: &Node) -> bool {
    match node {
        Node::Const(_) => false,
        Node::Dice(_) | Node::Group(_) => true,
        Node::Neg(a) | Node::Label(a, _) => has_dice(a),
        Node::Bin(_, a, b) => has_dice(a) || has_dice(b),
    }
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
/// stream of their own seeded by the run's `seed`; keeps each roll for the run's documents
/// and shows it on `shown` as `Goblin count=2d4: 3 1 = 4`.
pub struct GroupRoller<'a> {
    seed: u64,
    dice: Option<crate::dice::SeededDice>,
    shown: &'a mut dyn std::io::Write,
    /// Every group whose number was rolled, in the order rolled.
    pub rolled: Vec<GroupRoll>,
}

/// A group's number appearing as rolled: `{name, dice: "2d4", rolls: [3, 1], total: 4}`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GroupRoll {
    pub name: String,
    pub dice: String,
    pub rolls: Vec<i64>,
    pub total: u32,
    /// Each die as `fray roll` shows it (`3`, `(1)` for a dropped one).
    #[serde(skip)]
    pub faces: Vec<String>,
}

impl<'a> GroupRoller<'a> {
    pub fn new(seed: u64, shown: &'a mut dyn std::io::Write) -> GroupRoller<'a> {
        GroupRoller { seed, dice: None, shown, rolled: Vec::new() }
    }

    /// The number of group `name`'s members.
    pub fn roll(&mut self, name: &str, count: &Count) -> Result<u32> {
        let seed = self.seed;
        let dice = self.dice.get_or_insert_with(|| crate::dice::SeededDice::new(seed ^ GROUP_STREAM));
        let (n, rolled) = count.roll(dice);
        if let (Some(rolled), Count::Dice { text: expr, .. }) = (rolled, count) {
            let faces: Vec<String> = rolled.dice.iter().map(roll::die_text).collect();
            writeln!(self.shown, "{name} count={expr}: {} = {n}", faces.join(" "))?;
            let rolls = rolled.dice.iter().map(|d| d.value).collect();
            self.rolled.push(GroupRoll { name: name.to_string(), dice: expr.clone(), rolls, total: n, faces });
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
