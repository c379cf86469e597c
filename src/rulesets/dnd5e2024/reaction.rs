//! Reaction (SRD 5.2, Rules Glossary, Influence \[Action\]): the GM judges the creature willing
//! (it complies, no check), unwilling (it refuses, no check) or hesitant: then an ability check
//! against DC 15 or its Intelligence score, whichever is higher, with Advantage if it is
//! Friendly and Disadvantage if Hostile; a failure means waiting 24 hours before urging it the
//! same way again.

use crate::dice::Dice;
use crate::odds::{Fallback, Method, Odds, dist_of};
use crate::outcome::{Leaning, Modifier};
use crate::render::{Palette, Report, block};
use crate::rulesets::Rule;
use crate::rulesets::family::fifth::RollMode;
use crate::rulesets::family::fifth::check::{D20Test, roll_test};
use crate::rulesets::family::fifth::flags::{Attitude, Stance, attitude_word};
use serde::Serialize;
use std::fmt::Write as _;

/// SRD 5.2, Influence: the default DC, unless the creature's Intelligence score is higher.
pub const INFLUENCE_DC: i32 = 15;

/// The DC of influencing a creature with Intelligence `int`.
pub fn influence_dc(int: Option<i32>) -> i32 {
    int.map_or(INFLUENCE_DC, |score| score.max(INFLUENCE_DC))
}

/// SRD 5.2, Friendly and Hostile: Advantage, or Disadvantage, on the check to influence it.
pub fn attitude_mode(attitude: Attitude) -> RollMode {
    match attitude {
        Attitude::Friendly => RollMode::Advantage,
        Attitude::Indifferent => RollMode::Normal,
        Attitude::Hostile => RollMode::Disadvantage,
    }
}

pub fn stance_word(stance: Stance) -> &'static str {
    match stance {
        Stance::Willing => "willing",
        Stance::Hesitant => "hesitant",
        Stance::Unwilling => "unwilling",
    }
}

#[derive(Clone, Debug)]
pub struct InfluenceInput {
    pub stance: Stance,
    pub attitude: Attitude,
    pub dc: i32,
    pub modifiers: Vec<Modifier>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Influenced {
    /// Does as urged: willing, or a hesitant creature's check succeeded.
    Complies,
    /// Unwilling: refuses, no check.
    Refuses,
    /// A hesitant creature's check failed: not again the same way for 24 hours.
    NotNow,
}

/// Its words, as `--odds` lists them.
impl std::fmt::Display for Influenced {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.words())
    }
}

impl Influenced {
    pub fn words(self) -> &'static str {
        match self {
            Influenced::Complies => "Does as urged",
            Influenced::Refuses => "Refuses",
            Influenced::NotNow => "Refuses; not again this way for 24 hours",
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct InfluenceOutcome<'a> {
    pub stance: &'static str,
    pub attitude: &'static str,
    /// The check, for a hesitant creature only.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub check: Option<D20Test<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dc: Option<i32>,
    /// The table's words.
    pub result: &'static str,
    pub band: Influenced,
}

impl Rule for InfluenceInput {
    type Outcome<'a> = InfluenceOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> InfluenceOutcome<'a> {
        let (check, dc, band) = match self.stance {
            Stance::Willing => (None, None, Influenced::Complies),
            Stance::Unwilling => (None, None, Influenced::Refuses),
            Stance::Hesitant => {
                let check = roll_test(attitude_mode(self.attitude), &self.modifiers, dice);
                let band = if check.total >= self.dc { Influenced::Complies } else { Influenced::NotNow };
                (Some(check), Some(self.dc), band)
            }
        };
        InfluenceOutcome {
            stance: stance_word(self.stance),
            attitude: attitude_word(self.attitude),
            check,
            dc,
            result: band.words(),
            band,
        }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        let mut method = Method::exact(fallback);
        let dist = dist_of(|d| Rule::roll(self, d).band, fallback, &mut method);
        odds.push_shown(None, "influence", &dist, method, |&b| b);
        odds
    }
}

impl Report for InfluenceOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        let mut line = format!("{}, {}", self.stance, self.attitude);
        match (&self.check, self.dc) {
            (Some(check), Some(dc)) => {
                let _ = write!(line, ": check {} vs DC {dc}", check.text(p));
            }
            _ => line.push_str(": no check"),
        }
        let leaning = match self.band {
            Influenced::Complies => Leaning::For,
            Influenced::Refuses | Influenced::NotNow => Leaning::Against,
        };
        let _ = write!(line, " → {}", p.leaning(leaning, self.result));
        block(out, p, &[line]);
    }

    fn headline(&self, out: &mut String) {
        match &self.check {
            Some(check) => {
                let _ = write!(out, "{}", check.total);
            }
            None => out.push_str(self.stance),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prob::Prob;

    fn input(stance: Stance, attitude: Attitude, int: Option<i32>, bonus: i32) -> InfluenceInput {
        InfluenceInput { stance, attitude, dc: influence_dc(int), modifiers: vec![Modifier::new(bonus, "CHA")] }
    }

    fn odds(input: &InfluenceInput) -> Vec<(Influenced, Prob)> {
        crate::odds::brute::walk(|d| Rule::roll(input, d).band).iter().cloned().collect()
    }

    #[test]
    fn every_stance_and_attitude() {
        assert_eq!(odds(&input(Stance::Willing, Attitude::Hostile, None, 0)), [(Influenced::Complies, Prob::one())]);
        assert_eq!(odds(&input(Stance::Unwilling, Attitude::Friendly, None, 9)), [(Influenced::Refuses, Prob::one())]);
        // Hesitant, indifferent, +5 vs DC 15: 10 or more on the d20, 11/20.
        assert_eq!(
            odds(&input(Stance::Hesitant, Attitude::Indifferent, None, 5))[0],
            (Influenced::Complies, Prob::new(11, 20))
        );
        // Friendly: advantage, 1 - (9/20)^2.
        assert_eq!(
            odds(&input(Stance::Hesitant, Attitude::Friendly, None, 5))[0],
            (Influenced::Complies, Prob::new(319, 400))
        );
        // Hostile: disadvantage, (11/20)^2.
        assert_eq!(
            odds(&input(Stance::Hesitant, Attitude::Hostile, None, 5))[0],
            (Influenced::Complies, Prob::new(121, 400))
        );
    }

    #[test]
    fn the_dc_is_15_or_the_intelligence_score() {
        assert_eq!(
            [influence_dc(None), influence_dc(Some(8)), influence_dc(Some(15)), influence_dc(Some(19))],
            [15, 15, 15, 19]
        );
        let rule =
            Rule::odds(&input(Stance::Hesitant, Attitude::Indifferent, Some(20), 0), Fallback { seed: 1, trials: 10 });
        assert_eq!(rule.entries[0].prob, Prob::new(1, 20));
    }
}
