//! Side initiative, ose's and bx's (seed 000, step 4): each side not surprised rolls 1d6,
//! highest first; the odds of the acting order, or beyond three sides who acts first and each
//! side's place.

use super::surprise::given_or_rolled;
use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, exact_or_estimate};
use crate::order::odds::Line;
use crate::order::sides::{First, side_standings};
use crate::order::{self, Settle, Tie};
use crate::outcome::join;
use crate::prob::Prob;
use crate::rulesets::Rule;
use serde::Serialize;

pub(super) use crate::order::budget::FULL_ORDER as FULL_ORDER_SIDES;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ties {
    Reroll,
    Simultaneous,
}

impl Ties {
    /// How the ordering module settles those level on a d6: re-roll it, or act together.
    pub fn settle(self) -> Settle {
        match self {
            Ties::Reroll => Settle::RollOff(6),
            Ties::Simultaneous => Settle::Simultaneous,
        }
    }
}

#[derive(Clone, Debug)]
pub struct InitiativeInput {
    pub sides: Vec<String>,
    /// `--wait SIDE`: gives up initiative and acts after the others.
    pub waits: Vec<bool>,
    pub ties: Ties,
    /// Each side's d6, where already rolled at the table (none: every side rolls).
    pub given: Vec<Option<u32>>,
}

/// One entry of the acting order.
#[derive(Clone, Debug, Serialize)]
pub struct Place<'a> {
    pub name: &'a str,
    /// The initiative number (null for a side that waits or acts alone).
    pub total: Option<u32>,
    /// 1-based acting position; sides acting simultaneously share it.
    pub place: usize,
    /// The side's 1d6 (absent for a side that waits or acts alone).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    /// The roll was given, not rolled.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub given: bool,
    /// Gave up initiative to react after the others.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub waits: bool,
    /// The only side to roll: acts first without a roll.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub alone: bool,
}

/// Why the order is not simply "every side rolls".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InitNote {
    /// Every side is surprised: nobody has the advantage, so surprise changes nothing.
    AllSurprised,
    /// Every side able to act waits: nobody gives anything up, so they all roll.
    AllWait,
    /// The only side able to act waits, but no other side acts: it has nobody to wait for.
    NobodyToWaitFor,
}

#[derive(Clone, Debug, Serialize)]
pub struct InitiativeOutcome<'a> {
    pub order: Vec<Place<'a>>,
    /// Sides that do not roll because they are surprised.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub surprised: Vec<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<Tie<'a, u32>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<InitNote>,
}

impl InitiativeOutcome<'_> {
    /// The acting order as groups of side indices (simultaneous sides share a group).
    fn groups(&self, names: &[String]) -> Vec<Vec<usize>> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut last_place = 0;
        for place in &self.order {
            let index = names.iter().position(|n| n == place.name).unwrap_or(0);
            if place.place == last_place {
                if let Some(group) = groups.last_mut() {
                    group.push(index);
                }
            } else {
                groups.push(vec![index]);
                last_place = place.place;
            }
        }
        groups
    }
}

/// The sides' initiative, the surprised sides (`--surprised`, or those an encounter's surprise
/// caught) left out.
pub struct Initiative<'i> {
    pub input: &'i InitiativeInput,
    /// One per side: true where the side is surprised.
    pub surprised: Vec<bool>,
}

impl<'i> Rule for Initiative<'i> {
    type Outcome<'a>
        = InitiativeOutcome<'i>
    where
        Self: 'a;

    /// seed 000: each side not surprised rolls 1d6, highest first; ties re-roll or act together;
    /// a waiting side acts after the others.
    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> InitiativeOutcome<'i> {
        let (input, surprised) = (self.input, &self.surprised[..]);
        let n = input.sides.len();
        let name = |i: usize| input.sides[i].as_str();
        let mut notes = Vec::new();
        let is_surprised = |i: usize| surprised.get(i).copied().unwrap_or(false);
        // Every side surprised: nobody has the advantage, so surprise changes nothing.
        let all_surprised = n > 0 && (0..n).all(is_surprised);
        if all_surprised {
            notes.push(InitNote::AllSurprised);
        }
        let active = |i: usize| all_surprised || !is_surprised(i);
        let actors = || (0..n).filter(|&i| active(i));
        let wants_to_wait = |i: usize| input.waits.get(i).copied().unwrap_or(false);
        // Waiting means acting after the others: when every side able to act would wait, nobody
        // gives anything up (so all of them roll), and a lone side has nobody to wait for.
        let all_wait = actors().all(wants_to_wait) && actors().next().is_some();
        if all_wait {
            notes.push(if actors().nth(1).is_some() { InitNote::AllWait } else { InitNote::NobodyToWaitFor });
        }
        let waits = |i: usize| !all_wait && active(i) && wants_to_wait(i);
        let rollers: Vec<usize> = actors().filter(|&i| !waits(i)).collect();

        let mut order: Vec<Place<'i>> = Vec::with_capacity(n);
        let mut ties = Vec::new();
        if let [only] = rollers[..] {
            order.push(Place {
                name: name(only),
                total: None,
                place: 1,
                roll: None,
                given: false,
                waits: false,
                alone: true,
            });
        } else {
            let given = |i: usize| input.given.get(i).copied().flatten();
            let mut rolls = vec![Roll::new(6, &[]); n];
            for &i in &rollers {
                rolls[i] = given_or_rolled(given(i), dice);
            }
            let roll = |i: usize| rolls[i];
            let ranking = order::rank(&rollers, |i| roll(i).total, &[], input.ties.settle(), dice);
            for (&i, &place) in ranking.order.iter().zip(&ranking.places) {
                let roll = roll(i);
                order.push(Place {
                    name: name(i),
                    total: Some(roll.total),
                    place,
                    roll: Some(roll),
                    given: given(i).is_some(),
                    waits: false,
                    alone: false,
                });
            }
            ties = ranking.named_ties(|i| roll(i).total, name);
        }
        let wait_place = order.len() + 1;
        for i in (0..n).filter(|&i| waits(i)) {
            order.push(Place {
                name: name(i),
                total: None,
                place: wait_place,
                roll: None,
                given: false,
                waits: true,
                alone: false,
            });
        }
        let surprised = (0..n).filter(|&i| !active(i)).map(name).collect();
        InitiativeOutcome { order, surprised, ties, notes }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let (input, surprised) = (self.input, &self.surprised[..]);
        let mut odds = Odds::default();
        if input.sides.len() > FULL_ORDER_SIDES && has_given(input) {
            let (dist, method) = initiative_dist(self, fallback);
            odds.push(None, "who acts first", &dist, method, |groups| describe_order(&input.sides, groups, false));
            odds.note(GIVEN_FIRST_ONLY);
            return odds;
        }
        if input.sides.len() > FULL_ORDER_SIDES {
            let chances: Vec<Prob> = (0..input.sides.len())
                .map(|i| if surprised.get(i).copied().unwrap_or(false) { Prob::one() } else { Prob::zero() })
                .collect();
            push_standings(&mut odds, input, &chances, Method::exact(fallback));
            return odds;
        }
        let (dist, method) = initiative_dist(self, fallback);
        odds.push(None, "acting order", &dist, method, |groups| describe_order(&input.sides, groups, true));
        odds
    }
}

/// Acting orders (or who acts first, for many sides), with their probabilities.
pub(super) fn initiative_dist(rule: &Initiative, fallback: Fallback) -> (Dist<Vec<Vec<usize>>>, Method) {
    let input = rule.input;
    let full = input.sides.len() <= FULL_ORDER_SIDES;
    exact_or_estimate(
        |d| {
            let groups = rule.roll(d).groups(&input.sides);
            if full { groups } else { groups.into_iter().take(1).collect() }
        },
        fallback,
    )
}

/// The acting order as the odds give it: every group in turn, or the first group (none when
/// every side is surprised).
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub(super) enum Groups {
    All(Vec<Vec<String>>),
    First(Option<Vec<String>>),
}

pub(super) fn describe_order(names: &[String], groups: &[Vec<usize>], full: bool) -> (Groups, String) {
    let words: Vec<String> = groups
        .iter()
        .map(|g| {
            let who: Vec<&str> = g.iter().map(|&i| names[i].as_str()).collect();
            if who.len() > 1 { format!("{} together", join(&who)) } else { who[0].to_string() }
        })
        .collect();
    let data: Vec<Vec<String>> = groups.iter().map(|g| g.iter().map(|&i| names[i].clone()).collect()).collect();
    if full {
        let mut label = words.join(", then ");
        let left_out: Vec<&str> =
            (0..names.len()).filter(|i| !groups.iter().flatten().any(|j| j == i)).map(|i| names[i].as_str()).collect();
        if !left_out.is_empty() {
            label.push_str(&format!(" alone; {} surprised", join(&left_out)));
        }
        (Groups::All(data), label)
    } else {
        (
            Groups::First(data.into_iter().next()),
            format!("{} first", words.first().map(String::as_str).unwrap_or("nobody")),
        )
    }
}

/// Beyond three sides: who acts first and each side's place, each side surprised with its
/// chance in `chances` (certain or not at all outside an encounter): every side that rolls rolls
/// 1d6, and the ranking's side standings ([`side_standings`]) work out the rest.
pub(super) fn push_standings(odds: &mut Odds, input: &InitiativeInput, chances: &[Prob], method: Method) {
    let standing = side_standings(&chances[..input.sides.len()], &input.waits, 6, input.ties.settle());
    let first_title = "who acts first";
    match input.ties {
        Ties::Reroll => {
            let first = standing.first();
            odds.push(Some("first"), first_title, &first, method, |who| match who {
                Some(i) => (FirstSide::Alone(input.sides[*i].clone()), format!("{} first", input.sides[*i])),
                None => (FirstSide::Together { together: 0 }, "nobody".to_string()),
            });
        }
        Ties::Simultaneous => {
            let first = standing.first_group();
            odds.push(Some("first"), first_title, &first, method, |f| match f {
                First::Alone(i) => {
                    (FirstSide::Alone(input.sides[*i].clone()), format!("{} first, alone", input.sides[*i]))
                }
                First::Together(k) => (FirstSide::Together { together: *k }, format!("{k} sides together first")),
            });
        }
    }
    for (i, place) in standing.places.iter().enumerate() {
        let line = Line::one(&input.sides[i], i);
        odds.push(Some(&line.part), line.title, place, method, |p| match p {
            Some(p) => (Some(*p), order::odds::ordinal(*p)),
            None => (None, "surprised: does not act".to_string()),
        });
    }
}

/// Who acts first as the odds give it: a side's name, or how many sides act together first.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
enum FirstSide {
    Alone(String),
    Together { together: usize },
}
/// Said when a given initiative die leaves only who acts first among many sides.
pub(super) const GIVEN_FIRST_ONLY: &str = "a side's initiative die is given: showing who acts first, without places";

/// Whether any side's initiative die was given at the table.
pub(super) fn has_given(input: &InitiativeInput) -> bool {
    input.given.iter().any(Option::is_some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::rulesets::family::basic::fixtures::{fallback, fractions, sides};

    #[test]
    fn initiative_rerolled_ties_are_even() {
        let input = sides(&["party", "monsters"]);
        let odds = Initiative { input: &input, surprised: vec![false, false] }.odds(fallback());
        assert_eq!(fractions(&odds), ["party, then monsters 1/2", "monsters, then party 1/2"]);
        let together = InitiativeInput { ties: Ties::Simultaneous, ..input };
        let odds = Initiative { input: &together, surprised: vec![false, false] }.odds(fallback());
        assert_eq!(
            fractions(&odds),
            ["party, then monsters 5/12", "party and monsters together 1/6", "monsters, then party 5/12"]
        );
    }

    #[test]
    fn initiative_surprise_wait_and_alone() {
        let mut input = sides(&["party", "orcs", "wolves"]);
        input.waits = vec![false, false, true];
        let mut dice = SeededDice::new(3);
        let out = Initiative { input: &input, surprised: vec![false, true, false] }.roll(&mut dice);
        let order: Vec<(&str, Option<u32>, bool, bool)> =
            out.order.iter().map(|p| (p.name, p.total, p.alone, p.waits)).collect();
        assert_eq!(order, [("party", None, true, false), ("wolves", None, false, true)]);
        assert_eq!(out.surprised, ["orcs"]);
        let all = Initiative { input: &input, surprised: vec![true, true, true] }.roll(&mut dice);
        assert_eq!(all.notes, [InitNote::AllSurprised]);
        assert_eq!(all.order.last().map(|p| p.name), Some("wolves"));
    }
}
