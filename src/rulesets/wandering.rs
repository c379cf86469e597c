//! The check for a wandering monster (a random encounter), as every ruleset that has one makes
//! it: one die a check, an encounter on its lowest (or highest) faces, the checks made one
//! after another. Each ruleset's own file gives the die, the chance, where and how often the
//! book checks; the roll, its odds and its text are here, once.

use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, dist_of};
use crate::prob::Prob;
use crate::render::{Palette, Report, block};
use crate::rulesets::Rule;
use serde::Serialize;
use std::fmt::Write as _;

/// The most checks one run makes (`--checks`), so the exact odds stay quick.
pub const MAX_CHECKS: u32 = 100;

/// Which faces of the die mean an encounter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Faces {
    /// 1 to `chance` (B/X: "a 1 on 1d6").
    Lowest,
    /// The `chance` highest faces (the DMG: "18 or higher" on a d20).
    Highest,
}

/// One ruleset's check, ready to roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WanderingInput {
    /// Where the check is made: `dungeon`, or the wilderness terrain (`forest`…).
    pub place: &'static str,
    /// The terrain, when the book's chance goes by terrain.
    pub terrain: Option<&'static str>,
    pub sides: u32,
    /// An encounter on this many faces of the die.
    pub chance: u32,
    pub faces: Faces,
    /// The chance was given with `--chance`, not read from the book.
    pub given: bool,
    /// How often the book checks, in its words.
    pub frequency: &'static str,
    pub checks: u32,
    /// `--checks` was given: `-q` counts encounters instead of saying yes or no.
    pub counted: bool,
}

impl WanderingInput {
    /// Whether the face rolled means an encounter.
    pub fn meets(&self, face: u32) -> bool {
        match self.faces {
            Faces::Lowest => face <= self.chance,
            Faces::Highest => face + self.chance > self.sides,
        }
    }

    /// The faces that mean an encounter, in words: `1`, `1-2`, `18-20`.
    pub fn faces_text(&self) -> String {
        let (low, high) = match self.faces {
            Faces::Lowest => (1, self.chance),
            Faces::Highest => (self.sides + 1 - self.chance, self.sides),
        };
        match self.chance {
            0 => "none".to_string(),
            _ if low == high => low.to_string(),
            _ => format!("{low}-{high}"),
        }
    }

    /// One check: the die and whether it brings an encounter.
    pub fn check(&self, dice: &mut dyn Dice) -> Check {
        let roll = dice.roll(1, self.sides);
        Check { encounter: self.meets(roll.total), roll }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Check {
    pub roll: Roll,
    pub encounter: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct WanderingOutcome<'a> {
    /// `dungeon` or `wilderness`; left out where the book's check goes by neither.
    #[serde(skip_serializing_if = "str::is_empty")]
    pub place: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub terrain: Option<&'static str>,
    /// `chance`-in-`sides`.
    pub chance: u32,
    #[serde(rename = "in")]
    pub sides: u32,
    /// The faces that mean an encounter (`1-2`).
    pub on: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub given: bool,
    pub frequency: &'static str,
    pub checks: Vec<Check>,
    /// How many of the checks brought an encounter.
    pub encounters: u32,
    /// At least one did.
    pub encounter: bool,
    #[serde(skip)]
    pub input: Option<&'a WanderingInput>,
}

impl Rule for WanderingInput {
    type Outcome<'a> = WanderingOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> WanderingOutcome<'a> {
        let checks: Vec<Check> = (0..self.checks).map(|_| self.check(dice)).collect();
        let encounters = checks.iter().filter(|c| c.encounter).count() as u32;
        WanderingOutcome {
            place: self.place,
            terrain: self.terrain,
            chance: self.chance,
            sides: self.sides,
            on: self.faces_text(),
            given: self.given,
            frequency: self.frequency,
            checks,
            encounters,
            encounter: encounters > 0,
            input: Some(self),
        }
    }

    /// One check: an encounter or none. Over several: how many encounters (the checks are
    /// independent, each state the count so far), and the chance of at least one.
    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        let mut method = Method::exact(fallback);
        let one = dist_of(|d| self.check(d).encounter, fallback, &mut method);
        if self.checks == 1 {
            odds.push(None, "wandering monster", &one, method, |&e| yes_no(e));
            return odds;
        }
        let count = count_dist(&one, self.checks);
        let any = count.map(|&n| n > 0);
        odds.push(Some("any"), format!("an encounter in {} checks", self.checks), &any, method, |&e| yes_no(e));
        odds.push(Some("encounters"), "encounters", &count, method, |&n| (n, plural(n, "encounter")));
        odds
    }
}

/// The number of encounters over `checks` independent checks with `one`'s chance each: the
/// binomial terms C(n, k) p^k (1 - p)^(n - k), each exact.
pub fn count_dist(one: &Dist<bool>, checks: u32) -> Dist<u32> {
    let p = one.prob(|&e| e);
    let q = p.complement();
    let mut ways: u128 = 1; // C(n, k), at most C(100, 50) < 2^97
    let mut terms = Vec::with_capacity(checks as usize + 1);
    for k in 0..=checks {
        if k > 0 {
            ways = ways * u128::from(checks - k + 1) / u128::from(k);
        }
        let term = Prob::new(ways, 1).mul(&p.pow(k as usize)).mul(&q.pow((checks - k) as usize));
        terms.push((k, term));
    }
    Dist::from_pairs(terms)
}

/// The words for an encounter or none, as `--odds` lists them.
pub fn yes_no(encounter: bool) -> (&'static str, String) {
    if encounter { ("yes", "an encounter".to_string()) } else { ("no", "no encounter".to_string()) }
}

fn plural(n: u32, word: &str) -> String {
    if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") }
}

impl WanderingOutcome<'_> {
    /// `1-in-6 (1 on 1d6) · dungeon · the book checks every 2 turns`.
    pub fn chance_line(&self, p: &Palette) -> String {
        let by = if self.given { ", by --chance" } else { "" };
        let mut line = format!("{}-in-{} ({} on 1d{}{by})", self.chance, self.sides, self.on, self.sides);
        match self.terrain {
            Some(terrain) => {
                let _ = write!(line, " · wilderness, {terrain}");
            }
            None if !self.place.is_empty() => {
                let _ = write!(line, " · {}", self.place);
            }
            None => {}
        }
        let _ = write!(line, " · {}", p.dim(format_args!("the book checks {}", self.frequency)));
        line
    }

    /// One check's line: `1d6 (1) → a wandering monster`.
    pub fn check_line(check: &Check, p: &Palette) -> String {
        let verdict = if check.encounter {
            p.bad("a wandering monster").to_string()
        } else {
            p.good("no wandering monster").to_string()
        };
        format!("{} → {verdict}", p.roll(&check.roll))
    }

    /// The verdict over every check.
    pub fn verdict(&self) -> String {
        if self.checks.len() == 1 {
            return if self.encounter { "an encounter".into() } else { "no encounter".into() };
        }
        format!("{} in {} checks", plural(self.encounters, "encounter"), self.checks.len())
    }
}

impl Report for WanderingOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        let mut lines = vec![self.chance_line(p)];
        if self.checks.len() == 1 {
            lines.push(Self::check_line(&self.checks[0], p));
        } else {
            for (i, check) in self.checks.iter().enumerate() {
                lines.push(format!("check {}: {}", i + 1, Self::check_line(check, p)));
            }
            lines.push(format!("→ {}", p.total(self.verdict())));
        }
        block(out, p, &lines);
    }

    fn headline(&self, out: &mut String) {
        if self.input.is_some_and(|i| i.counted) {
            let _ = write!(out, "{}", self.encounters);
        } else {
            out.push_str(if self.encounter { "yes" } else { "no" });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(sides: u32, chance: u32, faces: Faces, checks: u32) -> WanderingInput {
        WanderingInput {
            place: "dungeon",
            terrain: None,
            sides,
            chance,
            faces,
            given: false,
            frequency: "every 2 turns",
            checks,
            counted: checks > 1,
        }
    }

    fn fallback() -> Fallback {
        Fallback { seed: 1, trials: 1000 }
    }

    #[test]
    fn lowest_and_highest_faces() {
        let low = input(6, 2, Faces::Lowest, 1);
        assert_eq!((1..=6).filter(|&f| low.meets(f)).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(low.faces_text(), "1-2");
        let high = input(20, 3, Faces::Highest, 1);
        assert_eq!((1..=20).filter(|&f| high.meets(f)).collect::<Vec<_>>(), [18, 19, 20]);
        assert_eq!(high.faces_text(), "18-20");
        assert_eq!(input(6, 1, Faces::Lowest, 1).faces_text(), "1");
    }

    #[test]
    fn one_check_is_its_chance() {
        let odds = Rule::odds(&input(6, 1, Faces::Lowest, 1), fallback());
        let probs: Vec<(String, Prob)> = odds.entries.iter().map(|e| (e.label.clone(), e.prob.clone())).collect();
        assert_eq!(
            probs,
            [("no encounter".to_string(), Prob::new(5, 6)), ("an encounter".to_string(), Prob::new(1, 6))]
        );
    }

    #[test]
    fn several_checks_are_binomial() {
        let odds = Rule::odds(&input(6, 1, Faces::Lowest, 3), fallback());
        let part = |name: &str| -> Vec<Prob> {
            odds.entries.iter().filter(|e| e.part.as_deref() == Some(name)).map(|e| e.prob.clone()).collect()
        };
        // At least one in three: 1 - (5/6)^3 = 91/216.
        assert_eq!(part("any"), [Prob::new(125, 216), Prob::new(91, 216)]);
        assert_eq!(
            part("encounters"),
            [Prob::new(125, 216), Prob::new(75, 216), Prob::new(15, 216), Prob::new(1, 216)]
        );
    }

    #[test]
    fn the_binomial_terms_are_the_checks_one_after_another() {
        for (chance, checks) in [(1, 1), (1, 5), (3, 7), (5, 12), (0, 3), (6, 4)] {
            let rule = input(6, chance, Faces::Lowest, checks);
            let one = crate::odds::brute::walk(|d| rule.check(d).encounter);
            let folded =
                (0..checks).fold(Dist::point(0u32), |count, _| count.and_then(|&n| one.map(|&e| n + u32::from(e))));
            assert_eq!(count_dist(&one, checks), folded, "{chance}-in-6, {checks} checks");
        }
    }

    #[test]
    fn the_most_checks_stay_exact() {
        let odds = Rule::odds(&input(6, 3, Faces::Lowest, MAX_CHECKS), fallback());
        assert!(odds.exact());
        let none = &odds.entries[0];
        assert_eq!(none.prob, Prob::new(1, 2).pow(MAX_CHECKS as usize));
    }
}
