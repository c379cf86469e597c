//! Old-School Essentials: the six-step encounter procedure of seed 000 — awareness, surprise,
//! encounter distance, initiative, reaction, conclusion — and Speed-based pursuit.

use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, dist_of, exact_or_estimate};
use crate::order::{self, Settle, Tie};
pub use crate::outcome::ReactionOutcome;
use crate::outcome::{Modifier, join, sum};
use serde::Serialize;
use serde_json::json;

/// seed 000: the standard chance of being surprised is 2-in-6.
pub const DEFAULT_CHANCE: u32 = 2;
/// Sides beyond this many get "who acts first" odds instead of the full order.
const FULL_ORDER_SIDES: usize = 4;

// ------------------------------------------------------------------------------------------
// Surprise

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

pub fn surprise<'a>(input: &'a SurpriseInput, dice: &mut dyn Dice) -> SurpriseOutcome<'a> {
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
    let verdict = verdict(&sides.iter().map(|s| s.surprised).collect::<Vec<_>>());
    let free_round = match verdict {
        Verdict::SomeSurprised => sides.iter().filter(|s| !s.surprised).map(|s| s.name).collect(),
        _ => Vec::new(),
    };
    SurpriseOutcome { sides, verdict, free_round }
}

/// A d6 given at the table, or one rolled now.
fn given_or_rolled(given: Option<u32>, dice: &mut dyn Dice) -> Roll {
    match given {
        Some(face) => Roll::new(6, &[face]),
        None => dice.roll(1, 6),
    }
}

fn verdict(surprised: &[bool]) -> Verdict {
    match surprised.iter().filter(|&&s| s).count() {
        0 => Verdict::NoneSurprised,
        n if n == surprised.len() => Verdict::AllSurprised,
        _ => Verdict::SomeSurprised,
    }
}

/// The sets of surprised sides, fewest first.
pub(crate) fn surprise_dist(
    input: &SurpriseInput,
    fallback: Fallback,
) -> (Dist<(usize, Vec<usize>)>, Method) {
    exact_or_estimate(
        |d| {
            let outcome = surprise(input, d);
            let set: Vec<usize> = (0..outcome.sides.len()).filter(|&i| outcome.sides[i].surprised).collect();
            (set.len(), set)
        },
        fallback,
    )
}

pub(crate) fn describe_surprised(names: &[&str], set: &[usize]) -> (serde_json::Value, String) {
    let who: Vec<&str> = set.iter().map(|&i| names[i]).collect();
    let label = match (who.len(), names.len()) {
        (0, _) => "nobody surprised".to_string(),
        (n, all) if n == all && all > 1 => format!("all surprised ({})", join(&who)),
        _ => format!("{} surprised", join(&who)),
    };
    (json!(who), label)
}

pub fn surprise_odds(input: &SurpriseInput, fallback: Fallback) -> Odds {
    let names: Vec<&str> = input.sides.iter().map(|s| s.name.as_str()).collect();
    let (dist, method) = surprise_dist(input, fallback);
    let mut odds = Odds::default();
    odds.push(None, "surprised sides", &dist, method, |(_, set)| describe_surprised(&names, set));
    odds
}

// ------------------------------------------------------------------------------------------
// Encounter distance

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistanceInput {
    pub outdoors: bool,
    pub both_surprised: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct DistanceOutcome {
    pub terrain: &'static str,
    pub both_surprised: bool,
    pub roll: Roll,
    /// Feet per point rolled: 10 in a dungeon, 30 outdoors.
    pub scale: u32,
    pub feet: u32,
}

/// seed 000: dungeon 2d6 × 10′, outdoors 2d6 × 30′; 1d4 instead of 2d6 when both are surprised.
pub fn distance(input: &DistanceInput, dice: &mut dyn Dice) -> DistanceOutcome {
    let roll = if input.both_surprised { dice.roll(1, 4) } else { dice.roll(2, 6) };
    let scale = if input.outdoors { 30 } else { 10 };
    DistanceOutcome {
        terrain: if input.outdoors { "outdoors" } else { "dungeon" },
        both_surprised: input.both_surprised,
        roll,
        scale,
        feet: roll.total * scale,
    }
}

fn distance_dist(input: &DistanceInput, fallback: Fallback, method: &mut Method) -> Dist<u32> {
    dist_of(|d| distance(input, d).feet, fallback, method)
}

pub fn distance_odds(input: &DistanceInput, fallback: Fallback) -> Odds {
    let mut odds = Odds::default();
    let mut method = Method::exact(fallback);
    let dist = distance_dist(input, fallback, &mut method);
    odds.push(None, "encounter distance", &dist, method, |&feet| (json!(feet), format!("{feet}′")));
    odds
}

// ------------------------------------------------------------------------------------------
// Initiative

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

/// seed 000: each side not surprised rolls 1d6, highest first; ties re-roll or act together;
/// a waiting side acts after the others.
pub fn initiative<'a>(input: &'a InitiativeInput, surprised: &[bool], dice: &mut dyn Dice) -> InitiativeOutcome<'a> {
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
    let actors: Vec<usize> = (0..n).filter(|&i| active(i)).collect();
    let wants_to_wait = |i: usize| input.waits.get(i).copied().unwrap_or(false);
    // Waiting means acting after the others: when every side able to act would wait, nobody
    // gives anything up (so all of them roll), and a lone side has nobody to wait for.
    let all_wait = actors.iter().all(|&i| wants_to_wait(i)) && !actors.is_empty();
    if all_wait {
        notes.push(if actors.len() > 1 { InitNote::AllWait } else { InitNote::NobodyToWaitFor });
    }
    let waits = |i: usize| !all_wait && active(i) && wants_to_wait(i);
    let rollers: Vec<usize> = actors.iter().copied().filter(|&i| !waits(i)).collect();

    let mut order: Vec<Place<'a>> = Vec::with_capacity(n);
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

/// Acting orders (or who acts first, for many sides), with their probabilities.
fn initiative_dist(input: &InitiativeInput, surprised: &[bool], fallback: Fallback) -> (Dist<Vec<Vec<usize>>>, Method) {
    let full = input.sides.len() <= FULL_ORDER_SIDES;
    exact_or_estimate(
        |d| {
            let groups = initiative(input, surprised, d).groups(&input.sides);
            if full { groups } else { groups.into_iter().take(1).collect() }
        },
        fallback,
    )
}

fn describe_order(names: &[String], groups: &[Vec<usize>], full: bool) -> (serde_json::Value, String) {
    let words: Vec<String> = groups
        .iter()
        .map(|g| {
            let who: Vec<&str> = g.iter().map(|&i| names[i].as_str()).collect();
            if who.len() > 1 { format!("{} together", join(&who)) } else { who[0].to_string() }
        })
        .collect();
    let data: Vec<Vec<&str>> = groups.iter().map(|g| g.iter().map(|&i| names[i].as_str()).collect()).collect();
    if full {
        let mut label = words.join(", then ");
        let left_out: Vec<&str> =
            (0..names.len()).filter(|i| !groups.iter().flatten().any(|j| j == i)).map(|i| names[i].as_str()).collect();
        if !left_out.is_empty() {
            label.push_str(&format!(" alone; {} surprised", join(&left_out)));
        }
        (json!(data), label)
    } else {
        (json!(data.first()), format!("{} first", words.first().map(String::as_str).unwrap_or("nobody")))
    }
}

pub fn initiative_odds(input: &InitiativeInput, surprised: &[bool], fallback: Fallback) -> Odds {
    let full = input.sides.len() <= FULL_ORDER_SIDES;
    let (dist, method) = initiative_dist(input, surprised, fallback);
    let mut odds = Odds::default();
    let title = if full { "acting order" } else { "who acts first" };
    odds.push(None, title, &dist, method, |groups| describe_order(&input.sides, groups, full));
    odds
}

// ------------------------------------------------------------------------------------------
// Reaction

#[derive(Clone, Debug, Default)]
pub struct ReactionInput {
    pub modifiers: Vec<Modifier>,
}

/// The Charisma modifier to reaction rolls (OSE): 3 −2 · 4–8 −1 · 9–12 0 · 13–17 +1 · 18 +2.
pub fn cha_modifier(score: i32) -> i32 {
    match score {
        ..=3 => -2,
        4..=8 => -1,
        9..=12 => 0,
        13..=17 => 1,
        _ => 2,
    }
}

/// The reaction table: ≤2 attacks · 3–5 hostile · 6–8 uncertain · 9–11 indifferent · ≥12 eager.
pub fn reaction_band(total: i32) -> (&'static str, &'static str) {
    match total {
        ..=2 => ("attacks", "Attacks"),
        3..=5 => ("hostile", "Hostile, may attack"),
        6..=8 => ("uncertain", "Uncertain, wary"),
        9..=11 => ("indifferent", "Indifferent, may negotiate"),
        _ => ("eager", "Eager, friendly"),
    }
}

pub const REACTION_BANDS: [&str; 5] = ["attacks", "hostile", "uncertain", "indifferent", "eager"];

pub fn reaction<'a>(input: &'a ReactionInput, dice: &mut dyn Dice) -> ReactionOutcome<'a> {
    let roll = dice.roll(2, 6);
    let total = roll.total as i32 + sum(&input.modifiers);
    let (band, result) = reaction_band(total);
    ReactionOutcome { roll, modifiers: &input.modifiers, total, result, band }
}

fn band_index(band: &str) -> usize {
    REACTION_BANDS.iter().position(|b| *b == band).unwrap_or(0)
}

fn reaction_dist(input: &ReactionInput, fallback: Fallback, method: &mut Method) -> Dist<usize> {
    dist_of(|d| band_index(reaction(input, d).band), fallback, method)
}

fn describe_band(index: usize) -> (serde_json::Value, String) {
    let band = REACTION_BANDS[index];
    let words = match index {
        0 => reaction_band(2).1,
        1 => reaction_band(3).1,
        2 => reaction_band(6).1,
        3 => reaction_band(9).1,
        _ => reaction_band(12).1,
    };
    (json!(band), words.to_string())
}

pub fn reaction_odds(input: &ReactionInput, fallback: Fallback) -> Odds {
    let mut odds = Odds::default();
    let mut method = Method::exact(fallback);
    let dist = reaction_dist(input, fallback, &mut method);
    odds.push(None, "reaction", &dist, method, |&i| describe_band(i));
    odds
}

// ------------------------------------------------------------------------------------------
// Pursuit

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
pub fn pursue(input: &PursueInput, dice: &mut dyn Dice) -> PursueOutcome {
    let start = match input.gap {
        Some(_) => None,
        None => Some(distance(&DistanceInput { outdoors: input.outdoors, both_surprised: false }, dice)),
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

pub fn pursue_odds(input: &PursueInput, fallback: Fallback) -> Odds {
    chase_end_odds(
        |d| {
            let chase = pursue(input, d);
            (chase.outcome, chase.round)
        },
        chase_end_label,
        fallback,
    )
}

/// How a chase ends, `(outcome, round)` of each run of `chase`, each labelled by `label`.
pub(crate) fn chase_end_odds(
    chase: impl FnMut(&mut dyn Dice) -> (Chase, u32),
    label: impl Fn(Chase, u32) -> String,
    fallback: Fallback,
) -> Odds {
    let (dist, method) = exact_or_estimate(chase, fallback);
    let mut odds = Odds::default();
    odds.push(None, "how the chase ends", &dist, method, |&(outcome, round)| {
        (json!({ "outcome": outcome.word(), "round": round }), label(outcome, round))
    });
    odds
}

/// `caught in round 3`, `escaped at the start (round 0)`, `still running after round 10`.
pub(crate) fn chase_end_label(outcome: Chase, round: u32) -> String {
    match (outcome, round) {
        (Chase::Running, _) => format!("still running after round {round}"),
        (_, 0) => format!("{} at the start (round 0)", outcome.word()),
        _ => format!("{} in round {round}", outcome.word()),
    }
}

// ------------------------------------------------------------------------------------------
// Encounter

#[derive(Clone, Debug)]
pub struct EncounterInput {
    pub surprise: SurpriseInput,
    pub outdoors: bool,
    pub initiative: InitiativeInput,
    pub reaction: ReactionInput,
}

#[derive(Clone, Debug, Serialize)]
pub struct Awareness<'a> {
    pub name: &'a str,
    pub aware: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct SideReaction<'a> {
    pub name: &'a str,
    #[serde(flatten)]
    pub reaction: ReactionOutcome<'a>,
}

#[derive(Clone, Debug, Serialize)]
pub struct EncounterOutcome<'a> {
    pub awareness: Vec<Awareness<'a>>,
    pub surprise: SurpriseOutcome<'a>,
    pub distance: DistanceOutcome,
    pub initiative: InitiativeOutcome<'a>,
    /// The reactions of every side met by the first (the party).
    pub reaction: Vec<SideReaction<'a>>,
    pub conclusion: &'static str,
}

/// seed 000, step 6: the encounter takes at least one full turn.
pub const CONCLUSION: &str = "at least one turn (10 minutes) passes";

/// The six steps of seed 000 in order.
pub fn encounter<'a>(input: &'a EncounterInput, dice: &mut dyn Dice) -> EncounterOutcome<'a> {
    let awareness =
        input.surprise.sides.iter().map(|s| Awareness { name: &s.name, aware: s.stance != Stance::Rolls }).collect();
    let surprise = surprise(&input.surprise, dice);
    let surprised = surprise.surprised();
    let all = surprised.iter().all(|&s| s);
    let distance = distance(&DistanceInput { outdoors: input.outdoors, both_surprised: all }, dice);
    let initiative = initiative(&input.initiative, &surprised, dice);
    let reaction = input.surprise.sides[1..]
        .iter()
        .map(|side| SideReaction { name: &side.name, reaction: reaction(&input.reaction, dice) })
        .collect();
    EncounterOutcome { awareness, surprise, distance, initiative, reaction, conclusion: CONCLUSION }
}

/// The acting order (who acts first, for many sides) given each outcome of the surprise step,
/// as the encounter's `initiative` part.
pub(crate) fn push_initiative_after_surprise(
    odds: &mut Odds,
    input: &InitiativeInput,
    surprise: &Dist<(usize, Vec<usize>)>,
    method: Method,
    fallback: Fallback,
) {
    let full = input.sides.len() <= FULL_ORDER_SIDES;
    let mut order_method = method;
    let order = surprise.and_then(|(_, set)| {
        let surprised: Vec<bool> = (0..input.sides.len()).map(|i| set.contains(&i)).collect();
        let (dist, m) = initiative_dist(input, &surprised, fallback);
        order_method.absorb(m);
        dist
    });
    let title = if full { "acting order" } else { "who acts first" };
    odds.push(Some("initiative"), title, &order, order_method, |g| describe_order(&input.sides, g, full));
}

/// Each step's outcomes: surprise, distance (shortened when all are surprised), acting
/// order (given who is surprised) and the reaction band, each chained on the steps before.
pub fn encounter_odds(input: &EncounterInput, fallback: Fallback) -> Odds {
    let names: Vec<&str> = input.surprise.sides.iter().map(|s| s.name.as_str()).collect();
    let (surprise, method) = surprise_dist(&input.surprise, fallback);
    let mut odds = Odds::default();
    odds.push(Some("surprise"), "surprise", &surprise, method, |(_, set)| describe_surprised(&names, set));

    let mut distance_method = method;
    let distance = surprise.and_then(|(count, _)| {
        let both_surprised = *count == names.len();
        distance_dist(&DistanceInput { outdoors: input.outdoors, both_surprised }, fallback, &mut distance_method)
    });
    odds.push(Some("distance"), "encounter distance", &distance, distance_method, |&feet| {
        (json!(feet), format!("{feet}′"))
    });

    push_initiative_after_surprise(&mut odds, &input.initiative, &surprise, method, fallback);

    let mut reaction_method = Method::exact(fallback);
    let reaction = reaction_dist(&input.reaction, fallback, &mut reaction_method);
    odds.push(Some("reaction"), "reaction", &reaction, reaction_method, |&i| describe_band(i));
    if names.len() > 2 {
        odds.note("each side met by the first rolls its own reaction; every roll has these odds");
    }
    odds
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::prob::Prob;

    fn two_sides(ambush: bool, aware_monsters: bool) -> SurpriseInput {
        let side = |name: &str, stance, ambushed| SurpriseSide {
            name: name.to_string(),
            members: Vec::new(),
            stance,
            base_chance: DEFAULT_CHANCE,
            ambushed,
            given: None,
        };
        SurpriseInput {
            sides: vec![
                side("party", Stance::Rolls, ambush),
                side(
                    "monsters",
                    if ambush {
                        Stance::Ambusher
                    } else if aware_monsters {
                        Stance::Aware
                    } else {
                        Stance::Rolls
                    },
                    false,
                ),
            ],
            ambusher: ambush.then(|| "monsters".to_string()),
        }
    }

    fn fallback() -> Fallback {
        Fallback { seed: 1, trials: 10_000 }
    }

    fn fractions(odds: &Odds) -> Vec<String> {
        odds.entries.iter().map(|e| format!("{} {}", e.label, e.prob)).collect()
    }

    #[test]
    fn surprise_odds_are_the_hand_computed_ninths() {
        let odds = surprise_odds(&two_sides(false, false), fallback());
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
        let odds = surprise_odds(&two_sides(true, false), fallback());
        assert_eq!(fractions(&odds), ["nobody surprised 1/2", "party surprised 1/2"]);
    }

    #[test]
    fn surprise_verdicts() {
        assert_eq!(verdict(&[false, false]), Verdict::NoneSurprised);
        assert_eq!(verdict(&[true, false, false]), Verdict::SomeSurprised);
        assert_eq!(verdict(&[true, true]), Verdict::AllSurprised);
    }

    #[test]
    fn cha_table_rows() {
        let expect =
            [(3, -2), (4, -1), (5, -1), (6, -1), (8, -1), (9, 0), (12, 0), (13, 1), (15, 1), (16, 1), (17, 1), (18, 2)];
        for (score, m) in expect {
            assert_eq!(cha_modifier(score), m, "CHA {score}");
        }
    }

    #[test]
    fn reaction_table_bands() {
        for (total, band) in [
            (-3, "attacks"),
            (2, "attacks"),
            (3, "hostile"),
            (5, "hostile"),
            (6, "uncertain"),
            (8, "uncertain"),
            (9, "indifferent"),
            (11, "indifferent"),
            (12, "eager"),
            (15, "eager"),
        ] {
            assert_eq!(reaction_band(total).0, band, "total {total}");
        }
    }

    #[test]
    fn reaction_odds_match_2d6() {
        let odds = reaction_odds(&ReactionInput::default(), fallback());
        // 2: 1/36; 3-5: 9/36; 6-8: 16/36; 9-11: 9/36; 12: 1/36.
        let probs: Vec<String> = odds.entries.iter().map(|e| e.prob.to_string()).collect();
        assert_eq!(probs, ["1/36", "1/4", "4/9", "1/4", "1/36"]);
        let plus_two = ReactionInput { modifiers: vec![Modifier::new(2, "CHA 18")] };
        let eager = reaction_odds(&plus_two, fallback()).entries.last().unwrap().prob.clone();
        assert_eq!(eager, Prob::new(6, 36)); // 10, 11 or 12 on 2d6
    }

    #[test]
    fn distance_scales() {
        let mut dice = SeededDice::new(7);
        for _ in 0..200 {
            let d = distance(&DistanceInput { outdoors: true, both_surprised: false }, &mut dice);
            assert!(d.feet % 30 == 0 && (60..=360).contains(&d.feet));
            let d = distance(&DistanceInput { outdoors: false, both_surprised: true }, &mut dice);
            assert!(d.feet % 10 == 0 && (10..=40).contains(&d.feet));
        }
        let odds = distance_odds(&DistanceInput { outdoors: false, both_surprised: true }, fallback());
        assert_eq!(fractions(&odds), ["10′ 1/4", "20′ 1/4", "30′ 1/4", "40′ 1/4"]);
    }

    fn sides(names: &[&str]) -> InitiativeInput {
        InitiativeInput {
            sides: names.iter().map(|s| s.to_string()).collect(),
            waits: vec![false; names.len()],
            ties: Ties::Reroll,
            given: Vec::new(),
        }
    }

    #[test]
    fn initiative_rerolled_ties_are_even() {
        let input = sides(&["party", "monsters"]);
        let odds = initiative_odds(&input, &[false, false], fallback());
        assert_eq!(fractions(&odds), ["party, then monsters 1/2", "monsters, then party 1/2"]);
        let together = InitiativeInput { ties: Ties::Simultaneous, ..input };
        let odds = initiative_odds(&together, &[false, false], fallback());
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
        let out = initiative(&input, &[false, true, false], &mut dice);
        let order: Vec<(&str, Option<u32>, bool, bool)> =
            out.order.iter().map(|p| (p.name, p.total, p.alone, p.waits)).collect();
        assert_eq!(order, [("party", None, true, false), ("wolves", None, false, true)]);
        assert_eq!(out.surprised, ["orcs"]);
        let all = initiative(&input, &[true, true, true], &mut dice);
        assert_eq!(all.notes, [InitNote::AllSurprised]);
        assert_eq!(all.order.last().map(|p| p.name), Some("wolves"));
    }

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
        let out = pursue(&chase(30, 40, 60), &mut dice);
        let gaps: Vec<u32> = out.rounds.iter().map(|r| r.gap).collect();
        assert_eq!(gaps, [30, 0]);
        assert_eq!((out.outcome, out.round), (Chase::Caught, 2));
        let out = pursue(&PursueInput { sight: Some(100), ..chase(40, 30, 60) }, &mut dice);
        assert_eq!((out.outcome, out.round, out.gap), (Chase::Escaped, 2, 120));
        let out = pursue(&chase(40, 40, 60), &mut dice);
        assert_eq!((out.outcome, out.round, out.note), (Chase::Running, 10, Some(ChaseNote::NeverCloses)));
    }

    #[test]
    fn a_chase_over_at_the_start_runs_no_round() {
        let mut dice = SeededDice::new(1);
        let bait = vec![Drop { bait: Bait::Treasure, round: 1 }];
        let away = PursueInput { sight: Some(50), drops: bait.clone(), ..chase(30, 40, 60) };
        let out = pursue(&away, &mut dice);
        assert_eq!((out.outcome, out.round, out.gap, out.rounds.len()), (Chase::Escaped, 0, 60, 0));
        let reached = PursueInput { drops: bait, ..chase(40, 30, 0) };
        let out = pursue(&reached, &mut dice);
        assert_eq!((out.outcome, out.round, out.gap, out.rounds.len()), (Chase::Caught, 0, 0, 0));
        for input in [away, reached] {
            assert_eq!(pursue_odds(&input, fallback()).entries.len(), 1);
        }
    }

    #[test]
    fn pursuit_odds_with_bait() {
        let input = PursueInput { drops: vec![Drop { bait: Bait::Food, round: 1 }], ..chase(30, 40, 60) };
        let odds = pursue_odds(&input, fallback());
        assert_eq!(fractions(&odds), ["caught in round 2 1/2", "distracted in round 1 1/2"]);
    }

    #[test]
    fn encounter_odds_chain_the_steps() {
        let input = EncounterInput {
            surprise: two_sides(false, true),
            outdoors: false,
            initiative: sides(&["party", "monsters"]),
            reaction: ReactionInput::default(),
        };
        let odds = encounter_odds(&input, fallback());
        let part = |name: &str| -> Vec<String> {
            odds.entries
                .iter()
                .filter(|e| e.part.as_deref() == Some(name))
                .map(|e| format!("{} {}", e.label, e.prob))
                .collect()
        };
        // The spider is aware; the party is surprised on 1-2.
        assert_eq!(part("surprise"), ["nobody surprised 2/3", "party surprised 1/3"]);
        // Never both surprised, so always 2d6 × 10′.
        assert_eq!(part("distance").len(), 11);
        // Party surprised (1/3): monsters act alone; otherwise an even re-rolled race.
        assert_eq!(
            part("initiative"),
            ["party, then monsters 1/3", "monsters alone; party surprised 1/3", "monsters, then party 1/3"]
        );
        for name in ["surprise", "distance", "initiative", "reaction"] {
            let total = Prob::sum(odds.entries.iter().filter(|e| e.part.as_deref() == Some(name)).map(|e| &e.prob));
            assert_eq!(total, Prob::one(), "{name}");
        }
    }
}
