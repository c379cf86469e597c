//! Morale, ose's and bx's (OSE SRD, Morale, an optional rule; the B/X numbers): 2d6 against the
//! morale score ML; above it the monsters flee or surrender.

use crate::dice::{Dice, Roll};
use crate::odds::{Fallback, Method, Odds, dist_of};
use crate::outcome::{Modifier, sum};
use crate::render::{Palette, Report, block, quiet_list};
use crate::rulesets::Rule;
use serde::Serialize;
use std::fmt::Write as _;

/// OSE SRD, Morale: a monster with ML 2 will not fight; ML 12 fights to the death, never checking.
pub const NEVER_FIGHTS: i32 = 2;
pub const NEVER_CHECKS: i32 = 12;
/// OSE SRD, Morale: two successful checks in an encounter, and it fights until killed.
pub const SUCCESSES_TO_THE_END: u32 = 2;
/// OSE SRD, Morale, Situational adjustments: from -2 to +2.
pub const MAX_ADJUSTMENT: i32 = 2;

/// When to check, as the book gives it (for `--help` and the manual).
pub const MOMENTS: &str = "first death on their side; half of them incapacitated";

/// Who checks: a side, a group (`Goblin*4`, one roll for all) or a combatant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subject {
    pub name: String,
    pub count: u32,
    pub ml: i32,
    /// Situational adjustments to the score (never applied at ML 2 or 12).
    pub adjustments: Vec<Modifier>,
    /// Successful checks already made this encounter.
    pub passed: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoraleInput {
    pub subjects: Vec<Subject>,
}

/// What a morale check comes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoraleVerdict {
    /// Above the score: surrenders or tries to flee.
    Flees,
    /// At or below: fights on.
    Fights,
    /// ML 2: will not fight at all.
    WillNotFight,
    /// ML 12, or two checks already passed: fights until killed.
    FightsToTheEnd,
}

/// Its words, as `--odds` lists them.
impl std::fmt::Display for MoraleVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.words())
    }
}

impl MoraleVerdict {
    pub fn words(self) -> &'static str {
        match self {
            MoraleVerdict::Flees => "flees or surrenders",
            MoraleVerdict::Fights => "fights on",
            MoraleVerdict::WillNotFight => "will not fight (ML 2)",
            MoraleVerdict::FightsToTheEnd => "fights to the end, no more checks",
        }
    }

    /// Whether the subject leaves the fight.
    pub fn breaks(self) -> bool {
        matches!(self, MoraleVerdict::Flees | MoraleVerdict::WillNotFight)
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct SubjectOutcome<'a> {
    pub name: &'a str,
    #[serde(skip_serializing_if = "is_one")]
    pub count: u32,
    pub ml: i32,
    #[serde(skip_serializing_if = "<[Modifier]>::is_empty")]
    pub adjustments: &'a [Modifier],
    /// The score the roll is held against, adjustments applied.
    pub morale: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    pub result: MoraleVerdict,
    /// Successful checks in this encounter, this one included.
    pub passed: u32,
    /// This check was the second success: no more checks for it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub to_the_end: bool,
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

#[derive(Clone, Debug, Serialize)]
pub struct MoraleOutcome<'a> {
    pub subjects: Vec<SubjectOutcome<'a>>,
    /// The names of those who flee, surrender or will not fight.
    pub broken: Vec<&'a str>,
}

impl Subject {
    /// The score the roll is held against: ML 2 and 12 take no adjustment.
    pub fn morale(&self) -> i32 {
        if self.ml == NEVER_FIGHTS || self.ml == NEVER_CHECKS { self.ml } else { self.ml + sum(&self.adjustments) }
    }

    /// One check: no roll at ML 2, ML 12 or after two successes; else 2d6 against the score.
    pub fn check<'a>(&'a self, dice: &mut dyn Dice) -> SubjectOutcome<'a> {
        let morale = self.morale();
        let shown = if morale == self.ml && (self.ml == NEVER_FIGHTS || self.ml == NEVER_CHECKS) {
            &[][..]
        } else {
            &self.adjustments[..]
        };
        let mut out = SubjectOutcome {
            name: &self.name,
            count: self.count,
            ml: self.ml,
            adjustments: shown,
            morale,
            roll: None,
            result: MoraleVerdict::FightsToTheEnd,
            passed: self.passed,
            to_the_end: false,
        };
        if self.ml == NEVER_FIGHTS {
            out.result = MoraleVerdict::WillNotFight;
            return out;
        }
        if self.ml == NEVER_CHECKS || self.passed >= SUCCESSES_TO_THE_END {
            return out;
        }
        let roll = dice.roll(2, 6);
        if roll.total as i32 > morale {
            out.result = MoraleVerdict::Flees;
        } else {
            out.result = MoraleVerdict::Fights;
            out.passed += 1;
            out.to_the_end = out.passed >= SUCCESSES_TO_THE_END;
        }
        out.roll = Some(roll);
        out
    }
}

impl Rule for MoraleInput {
    type Outcome<'a> = MoraleOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> MoraleOutcome<'a> {
        let subjects: Vec<SubjectOutcome> = self.subjects.iter().map(|s| s.check(dice)).collect();
        let broken = subjects.iter().filter(|s| s.result.breaks()).map(|s| s.name).collect();
        MoraleOutcome { subjects, broken }
    }

    /// Each subject's verdict; every subject rolls on its own, so each is its own part when
    /// there are several.
    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        push_morale_odds(&mut odds, self, fallback, None);
        odds
    }
}

/// The odds of each subject's check, each its own part (named `prefix: NAME` when given, or
/// by the subject's name when there are several).
pub fn push_morale_odds(odds: &mut Odds, input: &MoraleInput, fallback: Fallback, prefix: Option<&str>) {
    for subject in &input.subjects {
        let mut method = Method::exact(fallback);
        let dist = dist_of(|d| subject.check(d).result, fallback, &mut method);
        let part = match prefix {
            Some(prefix) if input.subjects.len() > 1 => Some(format!("{prefix}: {}", subject.name)),
            Some(prefix) => Some(prefix.to_string()),
            None if input.subjects.len() > 1 => Some(subject.name.clone()),
            None => None,
        };
        let title = format!("{} (ML {})", subject.name, subject.morale());
        odds.push_shown(part.as_deref(), title, &dist, method, |&v| v);
    }
}

impl SubjectOutcome<'_> {
    /// `Goblin ×4  ML 7 -1 losing = 6  2d6 (3+5) = 8 > 6 → flees or surrenders`.
    pub fn line(&self, p: &Palette) -> String {
        let mut line = p.name(self.name).to_string();
        if self.count > 1 {
            let _ = write!(line, " ×{}", self.count);
        }
        let _ = write!(line, ": ML {}", self.ml);
        for m in self.adjustments {
            let _ = write!(line, " {}", p.modifier(m));
        }
        if !self.adjustments.is_empty() {
            let _ = write!(line, " = {}", self.morale);
        }
        match &self.roll {
            Some(roll) => {
                let against = if self.result == MoraleVerdict::Flees { ">" } else { "≤" };
                let _ = write!(line, ", {} {against} {}", p.roll(roll), self.morale);
            }
            None if self.result == MoraleVerdict::FightsToTheEnd && self.ml != NEVER_CHECKS => {
                let _ = write!(line, ", {} checks passed", self.passed);
            }
            None => {}
        }
        let words = match self.result {
            MoraleVerdict::Flees | MoraleVerdict::WillNotFight => p.bad(self.result.words()).to_string(),
            MoraleVerdict::Fights if self.to_the_end => {
                p.good("fights on, to the end now (two checks passed)").to_string()
            }
            _ => p.good(self.result.words()).to_string(),
        };
        let _ = write!(line, " → {words}");
        line
    }
}

impl Report for MoraleOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        let lines: Vec<String> = self.subjects.iter().map(|s| s.line(p)).collect();
        block(out, p, &lines);
    }

    fn headline(&self, out: &mut String) {
        out.push_str(&quiet_list(self.broken.iter().copied()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prob::Prob;
    use crate::rulesets::family::basic::fixtures::fallback;
    use serde_json::json;

    fn subject(ml: i32, adjust: i32, passed: u32) -> Subject {
        let adjustments = if adjust == 0 { vec![] } else { vec![Modifier::new(adjust, "situational")] };
        Subject { name: "monsters".into(), count: 1, ml, adjustments, passed }
    }

    fn flee_chance(s: Subject) -> Prob {
        let odds = Rule::odds(&MoraleInput { subjects: vec![s] }, fallback());
        odds.entries
            .iter()
            .filter(|e| e.data() == json!("flees"))
            .map(|e| e.prob.clone())
            .next()
            .unwrap_or_else(Prob::zero)
    }

    #[test]
    fn each_score_against_2d6() {
        // 2d6 above ML: ML 3 flees unless 2-3 (3/36 hold); ML 11 flees only on 12.
        let expect = [(3, 33), (4, 30), (5, 26), (6, 21), (7, 15), (8, 10), (9, 6), (10, 3), (11, 1)];
        for (ml, flee) in expect {
            assert_eq!(flee_chance(subject(ml, 0, 0)), Prob::new(flee, 36), "ML {ml}");
        }
    }

    #[test]
    fn the_extremes_never_roll() {
        let mut dice = crate::dice::SeededDice::new(1);
        let two = subject(NEVER_FIGHTS, 1, 0);
        let out = two.check(&mut dice);
        assert_eq!((out.result, out.roll.is_none(), out.morale), (MoraleVerdict::WillNotFight, true, 2));
        let twelve = subject(NEVER_CHECKS, -2, 0);
        let out = twelve.check(&mut dice);
        assert_eq!((out.result, out.roll.is_none(), out.morale), (MoraleVerdict::FightsToTheEnd, true, 12));
        let veteran = subject(5, 0, 2);
        assert_eq!(veteran.check(&mut dice).result, MoraleVerdict::FightsToTheEnd);
    }

    #[test]
    fn adjustments_move_the_score() {
        assert_eq!(flee_chance(subject(7, -1, 0)), Prob::new(21, 36)); // as ML 6
        assert_eq!(flee_chance(subject(7, 2, 0)), Prob::new(6, 36)); // as ML 9
        assert_eq!(flee_chance(subject(11, 2, 0)), Prob::zero()); // 13: 2d6 never beats it
    }

    #[test]
    fn the_second_success_is_a_fight_to_the_end() {
        let once = subject(12 - 1, 0, 1);
        let odds = Rule::odds(&MoraleInput { subjects: vec![once.clone()] }, fallback());
        assert_eq!(odds.entries.len(), 2);
        let mut seeded = crate::dice::SeededDice::new(3);
        let out = once.check(&mut seeded);
        assert_eq!(out.to_the_end, out.result == MoraleVerdict::Fights);
        assert_eq!(out.passed, 1 + u32::from(out.result == MoraleVerdict::Fights));
    }
}
