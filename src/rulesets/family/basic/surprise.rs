//! Surprise, ose's and bx's (seed 000, step 2): each side not aware rolls 1d6 and is surprised
//! on its chance or less; the sets of surprised sides and their odds, which the encounter
//! chains on.

use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds};
use crate::order::sides::count_of;
use crate::outcome::{Modifier, join};
use crate::prob::Prob;
use crate::rulesets::Rule;
use serde::Serialize;

/// seed 000: the standard chance of being surprised is 2-in-6.
pub const DEFAULT_CHANCE: u32 = 2;

/// How a side meets the surprise roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stance {
    /// Unaware of the others: rolls.
    Rolls,
    /// Already knows of the others (`aware`): does not roll.
    Aware,
    /// Lies in ambush: knows of the others and does not roll.
    Ambusher,
}

#[derive(Clone, Debug)]
pub struct SurpriseSide {
    pub name: String,
    pub members: Vec<String>,
    pub stance: Stance,
    /// `chance=N`, default 2 (2-in-6).
    pub base_chance: u32,
    /// Another side attacks from ambush: +1 chance (seed 000: 3-in-6).
    pub ambushed: bool,
    /// The side's d6, already rolled at the table: used as given, never re-rolled.
    pub given: Option<u32>,
}

impl SurpriseSide {
    pub fn chance(&self) -> u32 {
        (self.base_chance + u32::from(self.ambushed)).min(6)
    }
}

#[derive(Clone, Debug)]
pub struct SurpriseInput {
    pub sides: Vec<SurpriseSide>,
    /// The side attacking from ambush, if any.
    pub ambusher: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SideSurprise<'a> {
    pub name: &'a str,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    pub members: &'a [String],
    pub stance: Stance,
    /// Surprised on this or less, in six (only for sides that roll).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<Modifier>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    /// The roll was given, not rolled.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub given: bool,
    pub surprised: bool,
}

/// seed 000: none surprised — no advantage; some — the others get a free round; all — confusion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    NoneSurprised,
    SomeSurprised,
    AllSurprised,
}

#[derive(Clone, Debug, Serialize)]
pub struct SurpriseOutcome<'a> {
    pub sides: Vec<SideSurprise<'a>>,
    pub verdict: Verdict,
    /// The sides that get the free round (when some, not all, are surprised).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub free_round: Vec<&'a str>,
}

impl SurpriseOutcome<'_> {
    pub fn surprised(&self) -> Vec<bool> {
        self.sides.iter().map(|s| s.surprised).collect()
    }
}

impl Rule for SurpriseInput {
    type Outcome<'a> = SurpriseOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let input = self;
        let sides: Vec<SideSurprise<'a>> = input
            .sides
            .iter()
            .map(|side| {
                let rolls = side.stance == Stance::Rolls;
                let roll = rolls.then(|| given_or_rolled(side.given, dice));
                let mut modifiers = Vec::new();
                if rolls && side.ambushed {
                    let by = input.ambusher.as_deref().unwrap_or("another side");
                    modifiers.push(Modifier::new(1, format!("ambush by {by}")));
                }
                SideSurprise {
                    name: &side.name,
                    members: &side.members,
                    stance: side.stance,
                    chance: rolls.then(|| side.chance()),
                    modifiers,
                    roll,
                    given: rolls && side.given.is_some(),
                    surprised: roll.is_some_and(|r| r.total <= side.chance()),
                }
            })
            .collect();
        let verdict = verdict(sides.iter().map(|s| s.surprised));
        let free_round = match verdict {
            Verdict::SomeSurprised => sides.iter().filter(|s| !s.surprised).map(|s| s.name).collect(),
            _ => Vec::new(),
        };
        SurpriseOutcome { sides, verdict, free_round }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let names: Vec<&str> = self.sides.iter().map(|s| s.name.as_str()).collect();
        let mut odds = Odds::default();
        surprise_dist(self).push(&mut odds, None, "surprised sides", &names, Method::exact(fallback));
        odds
    }
}

/// A d6 given at the table, or one rolled now.
pub(super) fn given_or_rolled(given: Option<u32>, dice: &mut dyn Dice) -> Roll {
    match given {
        Some(face) => Roll::new(6, &[face]),
        None => dice.roll(1, 6),
    }
}

/// The verdict on each side's surprise, in order.
fn verdict(surprised: impl ExactSizeIterator<Item = bool>) -> Verdict {
    let sides = surprised.len();
    match surprised.filter(|&s| s).count() {
        0 => Verdict::NoneSurprised,
        n if n == sides => Verdict::AllSurprised,
        _ => Verdict::SomeSurprised,
    }
}

/// Sets of surprised sides listed one by one; past this, how many sides are surprised.
const LISTED_SETS: usize = 4096;

/// Each side's chance of being surprised: its chance in six when it rolls (seed 000: surprised
/// on its chance or less on 1d6), none when it does not roll; a die given at the table is used
/// as given, as [`surprise`] does: certain when it is the chance or less, else none.
pub(super) fn surprise_chances(input: &SurpriseInput) -> Vec<Prob> {
    input
        .sides
        .iter()
        .map(|side| match (side.stance, side.given) {
            (Stance::Rolls, Some(face)) if face <= side.chance() => Prob::one(),
            (Stance::Rolls, Some(_)) => Prob::zero(),
            (Stance::Rolls, None) => Prob::new(u128::from(side.chance()), 6),
            (Stance::Aware | Stance::Ambusher, _) => Prob::zero(),
        })
        .collect()
}

/// What the surprise step comes to: each set of surprised sides (fewest first), or, when the
/// sets are too many to list, how many sides are surprised. Sides roll independently, so the
/// sets are chained side by side, equal states merged as they go.
pub(crate) enum Surprised {
    Sets(Dist<(usize, Vec<usize>)>),
    Counts(Dist<usize>),
}

pub(crate) fn surprise_dist(input: &SurpriseInput) -> Surprised {
    let chances = surprise_chances(input);
    let open = chances.iter().filter(|q| !q.is_zero() && **q != Prob::one()).count();
    if open < usize::BITS as usize && 1usize << open <= LISTED_SETS {
        return Surprised::Sets(surprise_sets(&chances));
    }
    Surprised::Counts(count_of(chances.into_iter()))
}

/// Each set of surprised sides (fewest first), the sides with these chances chained one by one.
pub(super) fn surprise_sets(chances: &[Prob]) -> Dist<(usize, Vec<usize>)> {
    let branch = |q: &Prob| [(false, q.complement()), (true, q.clone())];
    let mut sets = Dist::point((0, Vec::new()));
    for (i, q) in chances.iter().enumerate() {
        sets = sets.and_then(|(count, set): &(usize, Vec<usize>)| {
            Dist::from_pairs(branch(q).into_iter().map(|(caught, p)| {
                let mut set = set.clone();
                if caught {
                    set.push(i);
                }
                ((count + usize::from(caught), set), p)
            }))
        });
    }
    sets
}

impl Surprised {
    /// The chance that no side is surprised.
    pub(crate) fn none(&self) -> Prob {
        match self {
            Surprised::Sets(sets) => sets.prob(|(count, _)| *count == 0),
            Surprised::Counts(counts) => counts.prob(|count| *count == 0),
        }
    }

    /// The chance that every side is surprised (`sides` in all).
    pub(crate) fn all(&self, sides: usize) -> Prob {
        match self {
            Surprised::Sets(sets) => sets.prob(|(count, _)| *count == sides),
            Surprised::Counts(counts) => counts.prob(|count| *count == sides),
        }
    }

    /// The part `part` titled `title` (for sets; counts say so).
    pub(crate) fn push(&self, odds: &mut Odds, part: Option<&str>, title: &str, names: &[&str], method: Method) {
        match self {
            Surprised::Sets(sets) => odds.push(part, title, sets, method, |(_, set)| describe_surprised(names, set)),
            Surprised::Counts(counts) => {
                odds.push(part, "how many sides are surprised", counts, method, |&k| {
                    let label = match k {
                        0 => "nobody surprised".to_string(),
                        k if k == names.len() => format!("all {k} sides surprised"),
                        1 => "1 side surprised".to_string(),
                        k => format!("{k} sides surprised"),
                    };
                    (k, label)
                });
                odds.note(format!(
                    "too many sets of surprised sides to list; showing how many are surprised, each side \
                     on its own chance (more than {LISTED_SETS} sets)"
                ));
            }
        }
    }
}

pub(crate) fn describe_surprised(names: &[&str], set: &[usize]) -> (Vec<String>, String) {
    let who: Vec<&str> = set.iter().map(|&i| names[i]).collect();
    let label = match (who.len(), names.len()) {
        (0, _) => "nobody surprised".to_string(),
        (n, all) if n == all && all > 1 => format!("all surprised ({})", join(&who)),
        _ => format!("{} surprised", join(&who)),
    };
    (who.into_iter().map(str::to_string).collect(), label)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::family::basic::fixtures::{fallback, fractions, two_sides};
    use serde_json::json;

    #[test]
    fn surprise_odds_are_the_hand_computed_ninths() {
        let odds = Rule::odds(&two_sides(false, false), fallback());
        assert_eq!(
            fractions(&odds),
            [
                "nobody surprised 4/9",
                "party surprised 2/9",
                "monsters surprised 2/9",
                "all surprised (party and monsters) 1/9"
            ]
        );
        // An ambush raises the party's chance to 3-in-6; the ambushers do not roll.
        let odds = Rule::odds(&two_sides(true, false), fallback());
        assert_eq!(fractions(&odds), ["nobody surprised 1/2", "party surprised 1/2"]);
    }

    #[test]
    fn many_sides_give_how_many_are_surprised() {
        // Thirteen sides at 2-in-6: 8192 sets, so the count, which is binomial(13, 1/3).
        let sides = (0..13)
            .map(|i| SurpriseSide {
                name: format!("s{i}"),
                members: Vec::new(),
                stance: Stance::Rolls,
                base_chance: DEFAULT_CHANCE,
                ambushed: false,
                given: None,
            })
            .collect();
        let odds = Rule::odds(&SurpriseInput { sides, ambusher: None }, fallback());
        assert_eq!(odds.entries.len(), 14);
        let mut choose = 1u128;
        for (k, e) in odds.entries.iter().enumerate() {
            let expected = Prob::new(choose * (1 << (13 - k)), 3u128.pow(13));
            assert_eq!((e.data(), &e.prob), (json!(k), &expected), "{k} surprised");
            choose = choose * (13 - k as u128) / (k as u128 + 1);
        }
        assert!(odds.notes[0].starts_with("too many sets"));
        // Twelve: 4096 sets, listed.
        let mut twelve = two_sides(false, false);
        twelve.sides = (0..12).map(|_| twelve.sides[0].clone()).collect();
        assert_eq!(Rule::odds(&twelve, fallback()).entries.len(), 4096);
    }

    #[test]
    fn surprise_verdicts() {
        assert_eq!(verdict([false, false].into_iter()), Verdict::NoneSurprised);
        assert_eq!(verdict([true, false, false].into_iter()), Verdict::SomeSurprised);
        assert_eq!(verdict([true, true].into_iter()), Verdict::AllSurprised);
    }
}
