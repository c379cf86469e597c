//! Pursuit by terrain: the family's chase (ose's too) in a dungeon, evasion day by day in the
//! wilderness, and evasion then a closing chase on the water.

use super::distance::{Distance, DistanceOutcome};
use super::terrain::Terrain;
use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, dist_of};
use crate::outcome::{Modifier, sum};
use crate::prob::Prob;
use crate::rulesets::Rule;
use crate::rulesets::family::basic;
use basic::Chase;
use serde::Serialize;

/// A pursuit by terrain.
#[derive(Clone, Debug)]
pub enum Pursuit {
    /// Round by round, the family's chase at the base movement rate per round.
    Dungeon(basic::PursueInput),
    Wilderness(WildernessInput),
    Waterborne(WaterborneInput),
}

#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum PursueOutcome {
    Outrun(Outrun),
    Dungeon(DungeonChase),
    Wilderness(WildernessChase),
    Waterborne(WaterborneChase),
}

impl PursueOutcome {
    /// How it ended, and in which round (a wilderness pursuit counts days).
    pub fn end(&self) -> (Chase, u32) {
        match self {
            PursueOutcome::Outrun(o) => (o.outcome, o.round),
            PursueOutcome::Dungeon(d) => (d.chase.outcome, d.chase.round),
            PursueOutcome::Wilderness(w) => (w.outcome, w.round),
            PursueOutcome::Waterborne(w) => (w.outcome, w.round),
        }
    }
}

impl Rule for Pursuit {
    type Outcome<'a> = PursueOutcome;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        match self {
            Pursuit::Dungeon(chase) if chase.quarry > chase.pursuer => PursueOutcome::Outrun(Outrun {
                terrain: Terrain::Dungeon,
                quarry: chase.quarry,
                pursuer: chase.pursuer,
                automatic: true,
                outcome: Chase::Escaped,
                round: 0,
            }),
            Pursuit::Dungeon(chase) => {
                let chase = Rule::roll(chase, dice);
                // OSE SRD, Evasion and Pursuit: running 30 rounds exhausts.
                let exhausted = chase.round >= EXHAUSTING_ROUNDS;
                PursueOutcome::Dungeon(DungeonChase { terrain: Terrain::Dungeon, chase, exhausted })
            }
            Pursuit::Wilderness(w) => PursueOutcome::Wilderness(wilderness(w, dice)),
            Pursuit::Waterborne(w) => PursueOutcome::Waterborne(waterborne(w, dice)),
        }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        match self {
            Pursuit::Dungeon(chase) if chase.quarry > chase.pursuer => {
                let mut odds = Odds::default();
                let method = Method { trials: None, seed: fallback.seed };
                odds.push(None, "how the chase ends", &Dist::point(()), method, |_| {
                    (
                        basic::pursue::ChaseOutcome { outcome: Chase::Escaped, round: 0 },
                        "escaped at once: the quarry is faster".to_string(),
                    )
                });
                odds
            }
            Pursuit::Dungeon(chase) => Rule::odds(chase, fallback),
            Pursuit::Wilderness(w) => wilderness_odds(w, fallback),
            Pursuit::Waterborne(w) => waterborne_odds(w, fallback),
        }
    }
}

/// OSE SRD, Evasion and Pursuit: runners are exhausted after 30 rounds.
pub const EXHAUSTING_ROUNDS: u32 = 30;

/// A quarry faster than its pursuers in a dungeon: the evasion succeeds without a chase.
#[derive(Clone, Debug, Serialize)]
pub struct Outrun {
    pub terrain: Terrain,
    pub quarry: u32,
    pub pursuer: u32,
    pub automatic: bool,
    pub outcome: Chase,
    pub round: u32,
}

#[derive(Clone, Debug, Serialize)]
pub struct DungeonChase {
    pub terrain: Terrain,
    #[serde(flatten)]
    pub chase: basic::PursueOutcome,
    /// Both sides ran 30 rounds or more: exhausted.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub exhausted: bool,
}

/// Which side a wilderness encounter surprised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Surprised {
    Quarry,
    Pursuers,
}

#[derive(Clone, Debug)]
pub struct WildernessInput {
    /// Base movement rates.
    pub quarry: u32,
    pub pursuer: u32,
    pub quarry_count: u32,
    pub pursuer_count: u32,
    /// The referee's modifier (terrain), in percent.
    pub modifier: Option<i32>,
    pub surprised: Option<Surprised>,
    pub days: u32,
}

/// OSE SRD, Evasion and Pursuit: the wilderness chance of evasion by the size of each group
/// (the smaller the fleeing group and the larger the pursuit, the better).
pub fn evasion_base(fleeing: u32, pursuing: u32) -> u32 {
    match (fleeing, pursuing) {
        (..=4, ..=1) => 50,
        (..=4, 2..=3) => 70,
        (..=4, _) => 90,
        (5..=12, ..=3) => 35,
        (5..=12, 4..=8) => 50,
        (5..=12, _) => 70,
        (13..=24, ..=6) => 25,
        (13..=24, 7..=16) => 35,
        (13..=24, _) => 50,
        (_, ..=10) => 10,
        (_, 11..=30) => 25,
        (_, _) => 35,
    }
}

/// OSE SRD, Evasion and Pursuit: the evasion chance never drops below 5% by modifiers.
pub const EVASION_FLOOR: i32 = 5;

/// The chance to evade on one day, and how it came about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EvasionChance {
    /// The table's chance for these group sizes (absent when surprise decides instead).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<Modifier>,
    /// The chance in percent: 0 never evades, 100 always.
    pub chance: u32,
    /// Raised to the 5% floor.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub floor: bool,
    /// Surprise decides the chance, not the table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surprised: Option<Surprised>,
}

/// The evasion chance of the first day (`encounter`: surprise counts) or of a later one.
pub fn evasion_chance(input: &WildernessInput, encounter: bool) -> EvasionChance {
    let referee = input.modifier.map(|m| Modifier::new(m, "referee"));
    match input.surprised.filter(|_| encounter) {
        // OSE SRD, Evasion and Pursuit: a surprising side may evade at will.
        Some(Surprised::Pursuers) => EvasionChance {
            base: None,
            modifiers: Vec::new(),
            chance: 100,
            floor: false,
            surprised: Some(Surprised::Pursuers),
        },
        // OSE SRD, Evasion and Pursuit: a surprised side may not evade, unless the referee allows a small chance.
        Some(Surprised::Quarry) => EvasionChance {
            base: None,
            chance: input.modifier.unwrap_or(0).clamp(0, 100) as u32,
            modifiers: referee.into_iter().collect(),
            floor: false,
            surprised: Some(Surprised::Quarry),
        },
        None => {
            let base = evasion_base(input.quarry_count, input.pursuer_count);
            let mut modifiers = Vec::new();
            let (q, p) = (input.quarry, input.pursuer);
            // OSE SRD, Evasion and Pursuit: ±25% when one side is at least twice as fast.
            if q > p && q >= 2 * p {
                modifiers.push(Modifier::new(25, "quarry at least twice as fast"));
            } else if p > q && p >= 2 * q {
                modifiers.push(Modifier::new(-25, "pursuers at least twice as fast"));
            }
            modifiers.extend(referee);
            let raw = base as i32 + sum(&modifiers);
            EvasionChance {
                base: Some(base),
                modifiers,
                chance: raw.clamp(EVASION_FLOOR, 100) as u32,
                floor: raw < EVASION_FLOOR,
                surprised: None,
            }
        }
    }
}

/// One day of a wilderness pursuit.
#[derive(Clone, Debug, Serialize)]
pub struct Day {
    pub day: u32,
    /// The percentile evasion roll (none when the chance is 0 or 100).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evasion: Option<Roll>,
    pub evaded: bool,
    /// Faster pursuers' percentile roll to catch a quarry that failed to evade (50%).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub catch: Option<Roll>,
    pub caught: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct WildernessChase {
    pub terrain: Terrain,
    pub quarry: u32,
    pub pursuer: u32,
    pub quarry_count: u32,
    pub pursuer_count: u32,
    /// The evasion chance when the sides meet.
    pub chance: EvasionChance,
    /// The chance from the second day on, when it differs (surprise counts only at the meeting).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub later_chance: Option<EvasionChance>,
    /// The pursuers are faster: they catch a quarry that fails to evade on 50%.
    pub faster_pursuers: bool,
    pub days: Vec<Day>,
    pub outcome: Chase,
    /// The day it ended, or the last day followed: a wilderness pursuit counts days.
    pub round: u32,
    pub day: u32,
}

/// OSE SRD, Evasion and Pursuit: a pursuer that is faster catches the quarry on 50%.
const CATCH_CHANCE: u32 = 50;

/// One day: the percentile evasion roll, then, if it fails, faster pursuers' roll to catch.
fn wilderness_day(input: &WildernessInput, chance: &EvasionChance, day: u32, dice: &mut dyn Dice) -> Day {
    let evasion = (1..100).contains(&chance.chance).then(|| dice.roll(1, 100));
    let evaded = evasion.map_or(chance.chance >= 100, |r| r.total <= chance.chance);
    let catch = (!evaded && input.pursuer > input.quarry).then(|| dice.roll(1, 100));
    let caught = catch.is_some_and(|r| r.total <= CATCH_CHANCE);
    Day { day, evasion, evaded, catch, caught }
}

fn day_end(day: &Day) -> Chase {
    if day.evaded {
        Chase::Escaped
    } else if day.caught {
        Chase::Caught
    } else {
        Chase::Running
    }
}

/// OSE SRD, Evasion and Pursuit: evasion is a percentile roll; when it fails, pursuers that
/// are faster catch the quarry on 50%, and otherwise the quarry tries again the next day.
pub fn wilderness(input: &WildernessInput, dice: &mut dyn Dice) -> WildernessChase {
    let chance = evasion_chance(input, true);
    let later = evasion_chance(input, false);
    let mut days = Vec::new();
    let mut outcome = Chase::Running;
    for day in 1..=input.days {
        let today = wilderness_day(input, if day == 1 { &chance } else { &later }, day, dice);
        outcome = day_end(&today);
        days.push(today);
        if outcome != Chase::Running {
            break;
        }
    }
    let day = days.last().map_or(0, |d| d.day);
    WildernessChase {
        terrain: Terrain::Wilderness,
        quarry: input.quarry,
        pursuer: input.pursuer,
        quarry_count: input.quarry_count,
        pursuer_count: input.pursuer_count,
        later_chance: (later != chance).then_some(later),
        chance,
        faster_pursuers: input.pursuer > input.quarry,
        days,
        outcome,
        round: day,
        day,
    }
}

/// How the pursuit ends and on which day: each day's end enumerated from [`wilderness_day`]
/// itself, chained day after day.
fn wilderness_ends(input: &WildernessInput, fallback: Fallback, method: &mut Method) -> Dist<(Chase, u32)> {
    let mut day_dist = |chance: &EvasionChance| -> Dist<Chase> {
        dist_of(|d| day_end(&wilderness_day(input, chance, 1, d)), fallback, method)
    };
    let first = day_dist(&evasion_chance(input, true));
    let later = day_dist(&evasion_chance(input, false));
    // Only a pursuit still running goes on to the next day.
    let mut running = Prob::one();
    let mut ends: Vec<((Chase, u32), Prob)> = Vec::new();
    for day in 1..=input.days {
        let today = if day == 1 { &first } else { &later };
        let mut next = Prob::zero();
        for (end, p) in today.iter() {
            let p = running.mul(p);
            match end {
                Chase::Running => next = next.add(&p),
                _ => ends.push(((*end, day), p)),
            }
        }
        running = next;
    }
    ends.push(((Chase::Running, input.days), running));
    Dist::from_pairs(ends)
}

fn wilderness_odds(input: &WildernessInput, fallback: Fallback) -> Odds {
    let mut method = Method::exact(fallback);
    let ends = wilderness_ends(input, fallback, &mut method);
    let mut odds = Odds::default();
    odds.push(None, "how the pursuit ends", &ends, method, |&(chase, day)| {
        let label = match chase {
            Chase::Running => format!("still pursued after day {day}"),
            _ => format!("{} on day {day}", chase.word()),
        };
        (PursuitEnd { day, outcome: chase, round: day }, label)
    });
    odds
}

/// How a pursuit over days ends, as its odds give it: the day, also given as the round, as
/// every chase's odds give one.
#[derive(Clone, Copy, Debug, Serialize)]
struct PursuitEnd {
    day: u32,
    outcome: Chase,
    round: u32,
}

#[derive(Clone, Debug)]
pub struct WaterborneInput {
    /// Movement rates, feet a round.
    pub quarry: u32,
    pub pursuer: u32,
    /// The starting gap in feet; `None` rolls the waterborne encounter distance.
    pub gap: Option<u32>,
    /// Rounds followed before the referee decides; `None` follows the chase to its end.
    pub rounds: Option<u32>,
}

/// OSE SRD, Evasion and Pursuit (waterborne): the fleeing vessel's chance by how much slower
/// it is, as (percent, table row).
pub fn waterborne_chance(quarry: u32, pursuer: u32) -> (u32, &'static str) {
    if quarry > pursuer {
        return (80, "faster");
    }
    match pursuer - quarry {
        0..=30 => (50, "0-30"),
        31..=60 => (40, "31-60"),
        61..=90 => (35, "61-90"),
        91..=120 => (25, "91-120"),
        _ => (10, "over_120"),
    }
}

/// OSE SRD, Evasion and Pursuit (waterborne): a pursuer closes at least 30′ a round.
pub const LEAST_CLOSING: u32 = 30;

#[derive(Clone, Debug, Serialize)]
pub struct GapRound {
    pub round: u32,
    pub gap: u32,
}

#[derive(Clone, Debug, Serialize)]
pub struct WaterborneChase {
    pub terrain: Terrain,
    pub quarry: u32,
    pub pursuer: u32,
    pub chance: u32,
    /// The table's row: `faster`, or how much slower the fleeing vessel is (`0-30`…`over_120`).
    pub band: &'static str,
    pub evasion: Roll,
    pub evaded: bool,
    /// The rolled waterborne distance the pursuit starts from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<DistanceOutcome>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_gap: Option<u32>,
    /// Feet the gap closes each round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closing: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<GapRound>,
    pub outcome: Chase,
    pub round: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gap: Option<u32>,
}

/// The evasion roll, then on failure a chase from the waterborne distance, the gap closing by
/// the difference in speed, at least 30′ a round.
pub fn waterborne(input: &WaterborneInput, dice: &mut dyn Dice) -> WaterborneChase {
    let (chance, band) = waterborne_chance(input.quarry, input.pursuer);
    let evasion = dice.roll(1, 100);
    let evaded = evasion.total <= chance;
    let mut chase = WaterborneChase {
        terrain: Terrain::Waterborne,
        quarry: input.quarry,
        pursuer: input.pursuer,
        chance,
        band,
        evasion,
        evaded,
        start: None,
        start_gap: None,
        closing: None,
        rounds: Vec::new(),
        outcome: Chase::Escaped,
        round: 0,
        gap: None,
    };
    if evaded {
        return chase;
    }
    if input.gap.is_none() {
        chase.start = Some(Rule::roll(&Distance { terrain: Terrain::Waterborne, surprised: false }, dice));
    }
    let start = input.gap.or(chase.start.as_ref().map(|d| d.feet)).unwrap_or(0);
    let closing = input.pursuer.saturating_sub(input.quarry).max(LEAST_CLOSING);
    let mut gap = start;
    let mut round = 0;
    while gap > 0 && input.rounds.is_none_or(|cap| round < cap) {
        round += 1;
        gap = gap.saturating_sub(closing);
        chase.rounds.push(GapRound { round, gap });
    }
    chase.start_gap = Some(start);
    chase.closing = Some(closing);
    chase.outcome = if gap == 0 { Chase::Caught } else { Chase::Running };
    chase.round = round;
    chase.gap = Some(gap);
    chase
}

/// The family's odds of how a chase ends, where an escape means the vessel evaded at once.
fn waterborne_odds(input: &WaterborneInput, fallback: Fallback) -> Odds {
    basic::chase_end_odds(
        |d| {
            let chase = waterborne(input, d);
            (chase.outcome, chase.round)
        },
        |outcome, round| match outcome {
            Chase::Escaped => "evades: no chase".to_string(),
            _ => basic::chase_end_label(outcome, round),
        },
        fallback,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::family::basic::fixtures::{fallback, fractions};

    #[test]
    fn evasion_table_cells() {
        let cells = [
            ((1, 1), 50),
            ((4, 1), 50),
            ((1, 2), 70),
            ((4, 3), 70),
            ((2, 4), 90),
            ((4, 100), 90),
            ((5, 1), 35),
            ((12, 3), 35),
            ((5, 4), 50),
            ((12, 8), 50),
            ((5, 9), 70),
            ((13, 1), 25),
            ((24, 6), 25),
            ((13, 7), 35),
            ((24, 16), 35),
            ((13, 17), 50),
            ((25, 1), 10),
            ((500, 10), 10),
            ((25, 11), 25),
            ((25, 30), 25),
            ((25, 31), 35),
        ];
        for ((fleeing, pursuing), chance) in cells {
            assert_eq!(evasion_base(fleeing, pursuing), chance, "{fleeing} fleeing {pursuing}");
        }
    }

    #[test]
    fn waterborne_bands() {
        for ((q, p), chance) in [
            ((150, 120), 80),
            ((120, 120), 50),
            ((90, 120), 50),
            ((89, 120), 40),
            ((60, 120), 40),
            ((59, 120), 35),
            ((30, 120), 35),
            ((29, 120), 25),
            ((0, 120), 25),
            ((0, 121), 10),
        ] {
            assert_eq!(waterborne_chance(q, p).0, chance, "{q} fleeing {p}");
        }
    }

    fn wild(quarry_count: u32, pursuer_count: u32, quarry: u32, pursuer: u32) -> WildernessInput {
        WildernessInput { quarry, pursuer, quarry_count, pursuer_count, modifier: None, surprised: None, days: 3 }
    }

    #[test]
    fn evasion_modifiers_and_floor() {
        assert_eq!(evasion_chance(&wild(2, 1, 240, 120), true).chance, 75);
        assert_eq!(evasion_chance(&wild(2, 1, 60, 120), true).chance, 25);
        assert_eq!(evasion_chance(&wild(2, 1, 90, 120), true).chance, 50);
        let floored = evasion_chance(&WildernessInput { modifier: Some(-20), ..wild(30, 5, 30, 120) }, true);
        assert_eq!((floored.chance, floored.floor), (5, true));
        let surprised = WildernessInput { surprised: Some(Surprised::Quarry), ..wild(2, 1, 120, 120) };
        assert_eq!(evasion_chance(&surprised, true).chance, 0);
        assert_eq!(evasion_chance(&surprised, false).chance, 50);
        let woods = WildernessInput { modifier: Some(10), ..surprised };
        assert_eq!(evasion_chance(&woods, true).chance, 10);
    }

    #[test]
    fn wilderness_odds_by_hand() {
        // 1 flees 1 faster pursuer: evade 1/2; else caught 1/2 of the rest each day.
        let odds = wilderness_odds(&WildernessInput { days: 2, ..wild(1, 1, 90, 120) }, fallback());
        assert_eq!(
            fractions(&odds),
            [
                "caught on day 1 1/4",
                "caught on day 2 1/16",
                "escaped on day 1 1/2",
                "escaped on day 2 1/8",
                "still pursued after day 2 1/16"
            ]
        );
        // Surprised pursuers: the quarry gets away at once.
        let away = WildernessInput { surprised: Some(Surprised::Pursuers), ..wild(30, 1, 30, 120) };
        assert_eq!(fractions(&wilderness_odds(&away, fallback())), ["escaped on day 1 1"]);
    }

    #[test]
    fn wilderness_odds_match_every_die_walked() {
        let woods = WildernessInput { surprised: Some(Surprised::Quarry), modifier: Some(10), ..wild(2, 1, 120, 60) };
        let caught_napping = WildernessInput { surprised: Some(Surprised::Quarry), days: 2, ..wild(5, 12, 120, 90) };
        for input in [WildernessInput { days: 1, ..wild(5, 12, 90, 120) }, woods, caught_napping] {
            let walked = crate::odds::enumerate(|d| {
                let chase = wilderness(&input, d);
                (chase.outcome, chase.day)
            })
            .unwrap();
            let mut method = Method::exact(fallback());
            assert_eq!(wilderness_ends(&input, fallback(), &mut method), walked, "{input:?}");
            assert_eq!(method.trials, None, "{input:?}: walked exactly");
        }
    }

    #[test]
    fn waterborne_chase_closes_at_least_thirty_feet() {
        let input = WaterborneInput { quarry: 150, pursuer: 120, gap: Some(100), rounds: None };
        let odds = waterborne_odds(&input, fallback());
        assert_eq!(fractions(&odds), ["caught in round 4 1/5", "evades: no chase 4/5"]);
        let fast = WaterborneInput { quarry: 60, pursuer: 240, gap: Some(360), rounds: None };
        assert_eq!(fractions(&waterborne_odds(&fast, fallback())), ["caught in round 2 9/10", "evades: no chase 1/10"]);
    }
}
