//! Pursuit, ose's chase and bx's in a dungeon (seed 000): both sides run 3 × Speed a round (bx:
//! once) until the quarry is caught, lost from view, or the pursuers stop for dropped bait; how
//! the chase ends, round by round.

use super::distance::{DistanceInput, DistanceOutcome, distance_dist};
use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, dist_of, exact_or_estimate};
use crate::prob::Prob;
use crate::rulesets::Rule;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Bait {
    Treasure,
    Food,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Drop {
    pub bait: Bait,
    pub round: u32,
}

#[derive(Clone, Debug)]
pub struct PursueInput {
    pub quarry: u32,
    pub pursuer: u32,
    /// The starting gap; `None` rolls the encounter distance.
    pub gap: Option<u32>,
    pub outdoors: bool,
    pub sight: Option<u32>,
    pub drops: Vec<Drop>,
    pub rounds: u32,
    /// Feet run a round per point of Speed (seed 000: 3 × Speed).
    pub pace: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Chase {
    Caught,
    Escaped,
    Distracted,
    Running,
}

impl Chase {
    /// The outcome as output names it.
    pub fn word(self) -> &'static str {
        match self {
            Chase::Caught => "caught",
            Chase::Escaped => "escaped",
            Chase::Distracted => "distracted",
            Chase::Running => "running",
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct DropCheck {
    pub bait: Bait,
    pub roll: Roll,
    /// seed 000: pursuers that value it stop on 3-in-6.
    pub stopped: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct ChaseRound {
    pub round: u32,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub drops: Vec<DropCheck>,
    /// The gap at the end of the round, in feet.
    pub gap: u32,
}

/// Why a chase that is still running will not end by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChaseNote {
    /// Equal Speeds: the gap never closes (nor, within a sight limit, grows past it).
    NeverCloses,
    /// The quarry is faster and there is no sight limit: it pulls away for ever.
    PullsAway,
}

#[derive(Clone, Debug, Serialize)]
pub struct PursueOutcome {
    pub quarry: u32,
    pub pursuer: u32,
    /// Feet each side runs per round: 3 × Speed.
    pub quarry_run: u32,
    pub pursuer_run: u32,
    pub start_gap: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<DistanceOutcome>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sight: Option<u32>,
    pub rounds: Vec<ChaseRound>,
    pub outcome: Chase,
    /// The round the chase ended, or the last round run.
    pub round: u32,
    pub gap: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<ChaseNote>,
}

/// How the gap alone ends the chase: caught at 0, lost from view past `sight`.
fn gap_ends_chase(gap: i64, sight: Option<u32>) -> Option<Chase> {
    if gap <= 0 {
        Some(Chase::Caught)
    } else if sight.is_some_and(|s| gap > i64::from(s)) {
        Some(Chase::Escaped)
    } else {
        None
    }
}

/// seed 000: both sides run 3 × Speed feet a round; the quarry is caught when the gap reaches
/// 0, lost from view past `sight`, and dropped bait stops the pursuers on 3-in-6.
impl Rule for PursueInput {
    type Outcome<'a> = PursueOutcome;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let input = self;
        let start = match input.gap {
            Some(_) => None,
            None => Some(Rule::roll(&DistanceInput { outdoors: input.outdoors, both_surprised: false }, dice)),
        };
        let start_gap = input.gap.or(start.as_ref().map(|d| d.feet)).unwrap_or(0);
        let (quarry_run, pursuer_run) = (input.quarry * input.pace, input.pursuer * input.pace);
        let mut gap = i64::from(start_gap);
        let mut rounds = Vec::new();
        // seed 000: pursuers stop once the quarry is out of view, and an unseen side may avoid the
        // encounter outright; so a quarry out of sight at the start (or already reached, gap 0) ends
        // the chase before any round is run: round 0, no rounds listed.
        let mut outcome = gap_ends_chase(gap, input.sight).unwrap_or(Chase::Running);
        for round in 1..=input.rounds {
            if outcome != Chase::Running {
                break;
            }
            let mut drops = Vec::new();
            for drop in input.drops.iter().filter(|d| d.round == round) {
                let roll = dice.roll(1, 6);
                drops.push(DropCheck { bait: drop.bait, roll, stopped: roll.total <= 3 });
            }
            let distracted = drops.iter().any(|d| d.stopped);
            if !distracted {
                gap += i64::from(quarry_run) - i64::from(pursuer_run);
            }
            gap = gap.max(0);
            rounds.push(ChaseRound { round, drops, gap: gap as u32 });
            outcome =
                if distracted { Chase::Distracted } else { gap_ends_chase(gap, input.sight).unwrap_or(Chase::Running) };
        }
        let note = if outcome != Chase::Running {
            None
        } else if input.quarry == input.pursuer {
            // Equal Speeds: the gap stays as it is, so neither caught nor (within sight) lost.
            Some(ChaseNote::NeverCloses)
        } else if input.quarry > input.pursuer && input.sight.is_none() {
            Some(ChaseNote::PullsAway)
        } else {
            None
        };
        PursueOutcome {
            quarry: input.quarry,
            pursuer: input.pursuer,
            quarry_run,
            pursuer_run,
            start_gap,
            start,
            sight: input.sight,
            round: rounds.last().map_or(0, |r| r.round),
            gap: gap as u32,
            rounds,
            outcome,
            note,
        }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut method = Method::exact(fallback);
        let start = match self.gap {
            Some(gap) => Dist::point(gap),
            None => {
                distance_dist(&DistanceInput { outdoors: self.outdoors, both_surprised: false }, fallback, &mut method)
            }
        };
        let dist = start.and_then(|&gap| chase_dist(self, gap, fallback, &mut method));
        chase_odds(&dist, method, chase_end_label)
    }
}

/// How a chase from `start` feet ends, round by round as [`pursue`] runs it: the gap moves by
/// the same amount every round, so only the bait left to chance; the chance of still running
/// carries from round to round (a chain of one state, not every roll of every drop).
fn chase_dist(input: &PursueInput, start: u32, fallback: Fallback, method: &mut Method) -> Dist<(Chase, u32)> {
    let mut gap = i64::from(start);
    if let Some(end) = gap_ends_chase(gap, input.sight) {
        return Dist::point((end, 0));
    }
    // seed 000: pursuers that value the bait stop on 3-in-6, from the drop's own roll.
    let stops = dist_of(|d| d.roll(1, 6).total <= 3, fallback, method).prob(|&s| s);
    let mut running = Prob::one();
    let mut pairs = Vec::new();
    for round in 1..=input.rounds {
        let drops = input.drops.iter().filter(|d| d.round == round).count();
        let kept = stops.complement().pow(drops);
        pairs.push(((Chase::Distracted, round), running.mul(&kept.complement())));
        running = running.mul(&kept);
        gap = (gap + i64::from(input.pace) * (i64::from(input.quarry) - i64::from(input.pursuer))).max(0);
        if let Some(end) = gap_ends_chase(gap, input.sight) {
            pairs.push(((end, round), running));
            return Dist::from_pairs(pairs);
        }
        if running.is_zero() {
            break;
        }
    }
    pairs.push(((Chase::Running, input.rounds), running));
    Dist::from_pairs(pairs)
}

/// How a chase ends, `(outcome, round)` of each run of `chase`, each labelled by `label`.
pub(crate) fn chase_end_odds(
    chase: impl FnMut(&mut dyn Dice) -> (Chase, u32),
    label: impl Fn(Chase, u32) -> String,
    fallback: Fallback,
) -> Odds {
    let (dist, method) = exact_or_estimate(chase, fallback);
    chase_odds(&dist, method, label)
}

/// The part `how the chase ends`, each `(outcome, round)` labelled by `label`.
fn chase_odds(dist: &Dist<(Chase, u32)>, method: Method, label: impl Fn(Chase, u32) -> String) -> Odds {
    let mut odds = Odds::default();
    odds.push(None, "how the chase ends", dist, method, |&(outcome, round)| {
        (ChaseOutcome { outcome, round }, label(outcome, round))
    });
    odds
}

/// How a chase ends, as its odds give it: the end and the round it came in.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct ChaseOutcome {
    pub outcome: Chase,
    pub round: u32,
}

/// `caught in round 3`, `escaped at the start (round 0)`, `still running after round 10`.
pub(crate) fn chase_end_label(outcome: Chase, round: u32) -> String {
    match (outcome, round) {
        (Chase::Running, _) => format!("still running after round {round}"),
        (_, 0) => format!("{} at the start (round 0)", outcome.word()),
        _ => format!("{} in round {round}", outcome.word()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::rulesets::family::basic::fixtures::{fallback, fractions};

    fn chase(quarry: u32, pursuer: u32, gap: u32) -> PursueInput {
        PursueInput {
            quarry,
            pursuer,
            gap: Some(gap),
            outdoors: false,
            sight: None,
            drops: Vec::new(),
            rounds: 10,
            pace: 3,
        }
    }

    #[test]
    fn pursuit_gap_changes_by_three_times_the_speed_difference() {
        let mut dice = SeededDice::new(1);
        let out = Rule::roll(&chase(30, 40, 60), &mut dice);
        let gaps: Vec<u32> = out.rounds.iter().map(|r| r.gap).collect();
        assert_eq!(gaps, [30, 0]);
        assert_eq!((out.outcome, out.round), (Chase::Caught, 2));
        let out = Rule::roll(&PursueInput { sight: Some(100), ..chase(40, 30, 60) }, &mut dice);
        assert_eq!((out.outcome, out.round, out.gap), (Chase::Escaped, 2, 120));
        let out = Rule::roll(&chase(40, 40, 60), &mut dice);
        assert_eq!((out.outcome, out.round, out.note), (Chase::Running, 10, Some(ChaseNote::NeverCloses)));
    }

    #[test]
    fn a_chase_over_at_the_start_runs_no_round() {
        let mut dice = SeededDice::new(1);
        let bait = vec![Drop { bait: Bait::Treasure, round: 1 }];
        let away = PursueInput { sight: Some(50), drops: bait.clone(), ..chase(30, 40, 60) };
        let out = Rule::roll(&away, &mut dice);
        assert_eq!((out.outcome, out.round, out.gap, out.rounds.len()), (Chase::Escaped, 0, 60, 0));
        let reached = PursueInput { drops: bait, ..chase(40, 30, 0) };
        let out = Rule::roll(&reached, &mut dice);
        assert_eq!((out.outcome, out.round, out.gap, out.rounds.len()), (Chase::Caught, 0, 0, 0));
        for input in [away, reached] {
            assert_eq!(Rule::odds(&input, fallback()).entries.len(), 1);
        }
    }

    #[test]
    fn pursuit_odds_with_bait() {
        let input = PursueInput { drops: vec![Drop { bait: Bait::Food, round: 1 }], ..chase(30, 40, 60) };
        let odds = Rule::odds(&input, fallback());
        assert_eq!(fractions(&odds), ["caught in round 2 1/2", "distracted in round 1 1/2"]);
    }
}
