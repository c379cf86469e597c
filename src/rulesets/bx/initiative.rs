//! Initiative: the family's side initiative (ose's too) with slow weapons acting last, and B/X's
//! individual initiative (1d6 + DEX a combatant), with the odds of who acts first.

use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, exact_or_estimate};
use crate::order::budget::{FULL_ORDER_INDIVIDUAL, INDIVIDUAL_CAST, INDIVIDUAL_FIRST_ESTIMATE, INDIVIDUAL_ROLLERS};
use crate::order::odds::{Field, Rival, first_group};
use crate::order::{self, Settle, Tie};
use crate::outcome::{Modifier, join, sum};
use crate::prob::Prob;
use crate::rulesets::Rule;
use crate::rulesets::family::basic;
use basic::{InitNote, Ties};
use serde::Serialize;

/// Side initiative: the family's rule (OSE SRD, Combat: 1d6 a side, highest first), with the sides
/// `--surprised` names left out; its outcome lists the acting order for `-q`.
pub struct SideInitiative<'i> {
    pub initiative: basic::Initiative<'i>,
    /// Everyone with a slow weapon, on any side.
    pub slow: Vec<Slow>,
}

/// A combatant with a slow weapon. OSE SRD, Combat: slow weapons always act last in a round,
/// whichever side won; so they act after every side, in the order of their sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Slow {
    pub name: String,
    pub side: String,
}

/// The slow among the sides that act, in the sides' acting order.
pub fn slow_last(slow: &[Slow], order: &basic::InitiativeOutcome) -> Vec<Slow> {
    order.order.iter().flat_map(|place| slow.iter().filter(move |s| s.side == place.name)).cloned().collect()
}

impl<'i> Rule for SideInitiative<'i> {
    type Outcome<'a>
        = SideInitiativeOutcome<'i>
    where
        Self: 'a;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let sides = Rule::roll(&self.initiative, dice);
        SideInitiativeOutcome { slow_last: slow_last(&self.slow, &sides), sides }
    }

    /// The order of the sides; the slow act after all of them whatever it is.
    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Rule::odds(&self.initiative, fallback);
        if !self.slow.is_empty() {
            let names: Vec<&str> = self.slow.iter().map(|s| s.name.as_str()).collect();
            odds.note(format!("slow weapons act after every side, whatever its roll: {}", join(&names)));
        }
        odds
    }
}

/// The family's side initiative outcome under bx, which lists the order for `-q` as SPEC §1 asks, and
/// the slow weapons that act after every side.
#[derive(Clone, Debug, Serialize)]
pub struct SideInitiativeOutcome<'a> {
    #[serde(flatten)]
    pub sides: basic::InitiativeOutcome<'a>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub slow_last: Vec<Slow>,
}

/// OSE SRD, Ability Scores: the DEX modifier to individual initiative follows the same table as
/// Charisma's reaction modifier (3 −2 · 4–8 −1 · 9–12 0 · 13–17 +1 · 18 +2).
pub fn dex_modifier(score: i32) -> i32 {
    basic::cha_modifier(score)
}

/// One combatant rolling for itself.
#[derive(Clone, Debug)]
pub struct Individual {
    pub name: String,
    pub side: String,
    /// DEX and any other initiative modifier.
    pub modifiers: Vec<Modifier>,
    /// A two-handed or slow weapon: acts after everyone else.
    pub slow: bool,
    /// The total, already rolled at the table.
    pub given: Option<i32>,
}

#[derive(Clone, Debug)]
pub struct Individuals {
    /// Everyone who rolls: the combatants of the sides not surprised.
    pub combatants: Vec<Individual>,
    /// The sides left out because they are surprised.
    pub surprised: Vec<String>,
    /// Every side is surprised, so every side rolls.
    pub all_surprised: bool,
    pub ties: Ties,
}

#[derive(Clone, Debug, Serialize)]
pub struct Acting<'a> {
    /// Index into the input's combatants.
    #[serde(skip)]
    pub index: usize,
    pub name: &'a str,
    pub side: &'a str,
    /// The initiative number.
    pub total: i32,
    /// 1-based acting position; combatants acting simultaneously share it.
    pub place: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    #[serde(skip_serializing_if = "<[Modifier]>::is_empty")]
    pub modifiers: &'a [Modifier],
    /// The total was given, not rolled.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub given: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub slow: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct IndividualOutcome<'a> {
    pub order: Vec<Acting<'a>>,
    /// Sides whose combatants do not roll because they are surprised.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    pub surprised: &'a [String],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<Tie<'a, i32>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<InitNote>,
}

impl IndividualOutcome<'_> {
    /// The acting order as groups of combatant indices (simultaneous ones share a group).
    fn groups(&self) -> Vec<Vec<usize>> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (k, acting) in self.order.iter().enumerate() {
            match groups.last_mut() {
                Some(group) if k > 0 && self.order[k - 1].place == acting.place => group.push(acting.index),
                _ => groups.push(vec![acting.index]),
            }
        }
        groups
    }
}

/// OSE SRD, Combat (individual initiative): each combatant rolls 1d6 + DEX modifier, highest
/// first; slow weapons act last. Combatants level on both re-roll 1d6 among themselves until
/// settled, or act together.
impl Rule for Individuals {
    type Outcome<'a> = IndividualOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let input = self;
        let people = &input.combatants;
        let rolls: Vec<Option<Roll>> =
            people.iter().map(|c| if c.given.is_some() { None } else { Some(dice.roll(1, 6)) }).collect();
        let totals: Vec<i32> = people
            .iter()
            .zip(&rolls)
            .map(|(c, roll)| c.given.unwrap_or_else(|| roll.map_or(0, |r| r.total as i32) + sum(&c.modifiers)))
            .collect();
        let everyone: Vec<usize> = (0..people.len()).collect();
        // Ranked first by not being slow (slow weapons after everyone), then by the total.
        let ranking = order::rank(&everyone, |i| (!people[i].slow, totals[i]), &[], input.ties.settle(), dice);
        let order = ranking
            .order
            .iter()
            .zip(&ranking.places)
            .map(|(&i, &place)| Acting {
                index: i,
                name: &people[i].name,
                side: &people[i].side,
                total: totals[i],
                place,
                roll: rolls[i],
                modifiers: if people[i].given.is_some() { &[] } else { people[i].modifiers.as_slice() },
                given: people[i].given.is_some(),
                slow: people[i].slow,
            })
            .collect();
        let ties = ranking.named_ties(|i| totals[i], |i| people[i].name.as_str());
        let notes = if input.all_surprised { vec![InitNote::AllSurprised] } else { Vec::new() };
        IndividualOutcome { order, surprised: &input.surprised, ties, notes }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self;
        let mut odds = Odds::default();
        let (first, method) = match first_dist(input) {
            Some(dist) => (dist, Method { trials: None, seed: fallback.seed }),
            None => {
                // Fewer runs for a larger cast, so that any cast is answered in moments.
                let trials = INDIVIDUAL_FIRST_ESTIMATE.runs(input.combatants.len(), fallback.trials);
                let first = |d: &mut dyn Dice| Rule::roll(input, d).groups().swap_remove(0);
                (
                    crate::odds::simulate(first, trials, fallback.seed),
                    Method { trials: Some(trials), seed: fallback.seed },
                )
            }
        };
        odds.push(Some("first"), "who acts first", &first, method, |group| {
            let names: Vec<String> = group.iter().map(|&i| input.combatants[i].name.clone()).collect();
            (names, format!("{} first", describe_group(input, group)))
        });
        if input.combatants.len() <= FULL_ORDER_INDIVIDUAL {
            let (order, method) = exact_or_estimate(|d| Rule::roll(input, d).groups(), fallback);
            odds.push(Some("order"), "acting order", &order, method, |groups| {
                let data: Vec<Vec<String>> =
                    groups.iter().map(|g| g.iter().map(|&i| input.combatants[i].name.clone()).collect()).collect();
                let words: Vec<String> = groups.iter().map(|g| describe_group(input, g)).collect();
                (data, words.join(", then "))
            });
        }
        odds
    }
}

/// Who acts first in individual initiative, exactly, as the group that takes the first place
/// (one combatant when ties re-roll). Only the fastest can be first: the slow count only when
/// everyone is slow. Each die's six faces are alike, a given total certain; worked out by the
/// ranking engine, and `None` when the cast is too large to count ([`INDIVIDUAL_ROLLERS`],
/// [`INDIVIDUAL_CAST`]).
pub fn first_dist(input: &Individuals) -> Option<Dist<Vec<usize>>> {
    let people = &input.combatants;
    let any_quick = people.iter().any(|c| !c.slow);
    let contenders: Vec<usize> = (0..people.len()).filter(|&i| !any_quick || !people[i].slow).collect();
    let d6 = crate::odds::sum_distribution(1, 6);
    let rivals: Vec<Rival> = contenders
        .iter()
        .map(|&i| match people[i].given {
            Some(total) => Rival::fixed(i64::from(total), Vec::new()),
            None => {
                let modifier = i64::from(sum(&people[i].modifiers));
                let totals = d6.iter().map(|(face, p)| (i64::from(*face) + modifier, p.clone())).collect();
                Rival { totals, keys: Vec::new(), present: Prob::one() }
            }
        })
        .collect();
    if rivals.iter().filter(|r| r.totals.len() > 1).count() > INDIVIDUAL_ROLLERS {
        return None;
    }
    let named = |group: &Vec<usize>| group.iter().map(|&k| contenders[k]).collect::<Vec<usize>>();
    match input.ties {
        Ties::Reroll if contenders.len() > INDIVIDUAL_CAST => None,
        Ties::Reroll => {
            let first = Field::new(&rivals, Settle::RollOff(6)).first()?;
            Some(Dist::from_pairs(first.iter().filter_map(|(who, p)| who.map(|k| (vec![contenders[k]], p.clone())))))
        }
        Ties::Simultaneous => first_group(&rivals).map(|groups| groups.map(named)),
    }
}

fn describe_group(input: &Individuals, group: &[usize]) -> String {
    let names: Vec<&str> = group.iter().map(|&i| input.combatants[i].name.as_str()).collect();
    if names.len() > 1 { format!("{} together", join(&names)) } else { names.concat() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::family::basic::fixtures::{fallback, fractions};

    #[test]
    fn the_dex_table_is_the_cha_table() {
        // ose pins the rows (cha_table_rows); B/X reads DEX on the same table.
        for score in 3..=18 {
            assert_eq!(dex_modifier(score), basic::cha_modifier(score), "DEX {score}");
        }
    }

    fn person(name: &str, modifier: i32, slow: bool, given: Option<i32>) -> Individual {
        Individual {
            name: name.to_string(),
            side: "party".to_string(),
            modifiers: vec![Modifier::new(modifier, "DEX")],
            slow,
            given,
        }
    }

    fn cast(people: Vec<Individual>, ties: Ties) -> Individuals {
        Individuals { combatants: people, surprised: Vec::new(), all_surprised: false, ties }
    }

    /// Who takes the first place, by walking every die of [`individual`] itself.
    fn brute_first(input: &Individuals) -> Dist<Vec<usize>> {
        crate::odds::enumerate(|d| Rule::roll(input, d).groups().swap_remove(0)).unwrap()
    }

    #[test]
    fn first_place_counting_matches_every_die_walked() {
        for ties in [Ties::Reroll, Ties::Simultaneous] {
            for people in [
                vec![person("A", 0, false, None), person("B", 0, false, None)],
                vec![person("A", 1, false, None), person("B", -1, false, None), person("C", 0, true, None)],
                vec![person("A", 0, true, None), person("B", 2, true, None)],
                vec![person("A", 0, false, Some(4)), person("B", 0, false, None), person("C", 2, false, None)],
                vec![
                    person("A", 0, false, None),
                    person("B", 0, false, None),
                    person("C", 0, false, None),
                    person("D", 1, true, None),
                ],
            ] {
                let input = cast(people, ties);
                assert_eq!(first_dist(&input), Some(brute_first(&input)), "{ties:?}");
            }
        }
    }

    #[test]
    fn two_even_combatants_by_hand() {
        let input = cast(vec![person("A", 0, false, None), person("B", 0, false, None)], Ties::Simultaneous);
        let odds = Rule::odds(&input, fallback());
        let first: Vec<String> = odds
            .entries
            .iter()
            .filter(|e| e.part.as_deref() == Some("first"))
            .map(|e| format!("{} {}", e.label, e.prob))
            .collect();
        // A higher: 15/36; a tie: 6/36; B higher: 15/36.
        assert_eq!(first, ["A first 5/12", "A and B together first 1/6", "B first 5/12"]);
        // A slow weapon acts last whatever it rolls.
        let input = cast(vec![person("A", 2, true, None), person("B", -2, false, None)], Ties::Reroll);
        let odds = Rule::odds(&input, fallback());
        assert_eq!(fractions(&odds), ["B first 1", "B, then A 1"]);
    }

    #[test]
    fn twelve_combatants_are_counted_exactly() {
        let people: Vec<Individual> = (0..12).map(|i| person(&format!("P{i}"), i % 3 - 1, i == 5, None)).collect();
        let input = cast(people, Ties::Reroll);
        let dist = first_dist(&input).expect("counted");
        assert_eq!(dist.total(), Prob::one());
        assert!(dist.iter().all(|(first, _)| first != &vec![5]), "the slow one is never first");
    }
}
