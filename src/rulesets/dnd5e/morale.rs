//! Morale (DMG 2014 p. 273, an optional rule): a creature, or a group's leader, makes a DC 10
//! Wisdom saving throw, with disadvantage against an overwhelmingly superior foe; on a failure
//! it flees by the quickest way, or surrenders where it cannot.

use crate::dice::Dice;
use crate::odds::{Fallback, Method, Odds, dist_of};
use crate::outcome::Modifier;
use crate::render::{Palette, Report, block};
use crate::rulesets::Rule;
use crate::rulesets::family::fifth::check::{D20Test, roll_test};
use crate::rulesets::family::fifth::creature::RollMode;
use serde::Serialize;
use std::fmt::Write as _;

/// DMG 2014 p. 273: the save's DC.
pub const MORALE_DC: i32 = 10;

/// When to check, as the DMG gives it (for `--help` and the manual).
pub const MOMENTS: &str = "a creature: surprised, first down to half its hit points or fewer, or no way to \
harm the other side on its turn; a group: all surprised, its leader down, captured or gone, or half its \
number lost while the other side has lost none";

#[derive(Clone, Debug)]
pub struct MoraleInput {
    pub name: String,
    /// The Wisdom saving throw bonus, as a modifier (none when 0 and not given).
    pub modifiers: Vec<Modifier>,
    pub overwhelming: bool,
    /// No way out: a failure is a surrender.
    pub cornered: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoraleResult {
    Flees,
    Surrenders,
    Fights,
}

/// Its words, as `--odds` lists them.
impl std::fmt::Display for MoraleResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.words())
    }
}

impl MoraleResult {
    pub fn words(self) -> &'static str {
        match self {
            MoraleResult::Flees => "flees by the quickest way",
            MoraleResult::Surrenders => "surrenders (no way out)",
            MoraleResult::Fights => "fights on",
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct MoraleOutcome<'a> {
    pub name: &'a str,
    #[serde(flatten)]
    pub save: D20Test<'a>,
    pub dc: i32,
    pub success: bool,
    pub result: MoraleResult,
}

impl Rule for MoraleInput {
    type Outcome<'a> = MoraleOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> MoraleOutcome<'a> {
        let mode = if self.overwhelming { RollMode::Disadvantage } else { RollMode::Normal };
        let save = roll_test(mode, &self.modifiers, dice);
        let success = save.total >= MORALE_DC;
        let result = match (success, self.cornered) {
            (true, _) => MoraleResult::Fights,
            (false, false) => MoraleResult::Flees,
            (false, true) => MoraleResult::Surrenders,
        };
        MoraleOutcome { name: &self.name, save, dc: MORALE_DC, success, result }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        let mut method = Method::exact(fallback);
        let dist = dist_of(|d| Rule::roll(self, d).result, fallback, &mut method);
        odds.push_shown(None, format!("{} (DC {MORALE_DC} Wisdom save)", self.name), &dist, method, |&r| r);
        odds
    }
}

impl Report for MoraleOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        let mut line = format!("{}: Wisdom save {} vs DC {}", p.name(self.name), self.save.text(p), self.dc);
        let words = if self.success { p.good(self.result.words()) } else { p.bad(self.result.words()) };
        let _ = write!(line, " → {words}");
        block(out, p, &[line]);
    }

    fn headline(&self, out: &mut String) {
        out.push_str(if self.success { "none" } else { self.name });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prob::Prob;

    fn input(save: i32, overwhelming: bool, cornered: bool) -> MoraleInput {
        MoraleInput {
            name: "monsters".into(),
            modifiers: vec![Modifier::new(save, "WIS save")],
            overwhelming,
            cornered,
        }
    }

    fn odds(input: &MoraleInput) -> Vec<(MoraleResult, Prob)> {
        let dist = crate::odds::brute::walk(|d| Rule::roll(input, d).result);
        dist.iter().cloned().collect()
    }

    #[test]
    fn dc_10_wisdom_save() {
        // +0: 10-20 holds, 11/20.
        assert_eq!(
            odds(&input(0, false, false)),
            [(MoraleResult::Flees, Prob::new(9, 20)), (MoraleResult::Fights, Prob::new(11, 20))]
        );
        // +3 with disadvantage: both d20s at 7 or more, (14/20)^2.
        assert_eq!(odds(&input(3, true, true))[1], (MoraleResult::Fights, Prob::new(49, 100)));
        assert_eq!(odds(&input(3, true, true))[0].0, MoraleResult::Surrenders);
        let rule = Rule::odds(&input(-1, false, false), Fallback { seed: 1, trials: 10 });
        assert_eq!(rule.entries[0].prob, Prob::new(10, 20));
    }
}
