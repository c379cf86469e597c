//! B/X: the classic Basic/Expert numbers as the Old-School Essentials SRD gives them. Where a
//! rule is the one ose already has (surprise, side initiative, the dungeon chase, the Charisma
//! table) it is ose's rule, called from here; this file holds what B/X does differently:
//! distances in yards outdoors, individual initiative, its reaction table, and evasion in the
//! wilderness and on the water.

use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, dist_of, exact_or_estimate};
use crate::order::{self, Tie};
use crate::outcome::{Modifier, ReactionOutcome, join, sum};
use crate::prob::Prob;
use crate::rulesets::Rule;
use crate::rulesets::ose;
use ose::{Chase, InitNote, SideReaction, Ties};
use serde::Serialize;
use serde_json::json;
use std::collections::BTreeMap;

/// Where the encounter happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Dungeon,
    Wilderness,
    Waterborne,
}

impl Terrain {
    pub fn word(self) -> &'static str {
        match self {
            Terrain::Dungeon => "dungeon",
            Terrain::Wilderness => "wilderness",
            Terrain::Waterborne => "waterborne",
        }
    }
}

/// Surprise: ose's rule (OSE SRD, Encounters: surprised on 1–2 on 1d6, `chance=N` for others).
#[derive(Clone, Debug)]
pub struct Surprise(pub ose::SurpriseInput);

impl Rule for Surprise {
    type Outcome<'a> = SurpriseOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        SurpriseOutcome(Rule::roll(&self.0, dice))
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        Rule::odds(&self.0, fallback)
    }
}

/// Side initiative: ose's rule (OSE SRD, Combat: 1d6 a side, highest first), with the sides
/// `--surprised` names left out; its outcome lists the acting order for `-q`.
pub struct SideInitiative<'i> {
    pub initiative: ose::Initiative<'i>,
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
pub fn slow_last(slow: &[Slow], order: &ose::InitiativeOutcome) -> Vec<Slow> {
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

/// ose's surprise outcome under bx, which lists the surprised for `-q` as SPEC §1 asks.
#[derive(Clone, Debug, Serialize)]
#[serde(transparent)]
pub struct SurpriseOutcome<'a>(pub ose::SurpriseOutcome<'a>);

/// ose's side initiative outcome under bx, which lists the order for `-q` as SPEC §1 asks, and
/// the slow weapons that act after every side.
#[derive(Clone, Debug, Serialize)]
pub struct SideInitiativeOutcome<'a> {
    #[serde(flatten)]
    pub sides: ose::InitiativeOutcome<'a>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub slow_last: Vec<Slow>,
}

// ------------------------------------------------------------------------------------------
// Encounter distance

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distance {
    pub terrain: Terrain,
    /// Either side is surprised.
    pub surprised: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct DistanceOutcome {
    pub terrain: Terrain,
    pub surprised: bool,
    pub roll: Roll,
    /// `feet` underground, `yards` outdoors.
    pub unit: &'static str,
    /// Units per point rolled.
    pub scale: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub yards: Option<u32>,
    pub feet: u32,
}

impl Rule for Distance {
    type Outcome<'a> = DistanceOutcome;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let Distance { terrain, surprised } = *self;
        if terrain == Terrain::Dungeon {
            // OSE SRD, Encounters: in a dungeon 2d6 × 10′, whether or not anyone is surprised.
            let roll = dice.roll(2, 6);
            return DistanceOutcome {
                terrain,
                surprised,
                roll,
                unit: "feet",
                scale: 10,
                yards: None,
                feet: roll.total * 10,
            };
        }
        // OSE SRD, Encounters: outdoors and on water 4d6 × 10 yards, 1d4 × 10 yards if either side is surprised.
        let roll = if surprised { dice.roll(1, 4) } else { dice.roll(4, 6) };
        let yards = roll.total * 10;
        DistanceOutcome { terrain, surprised, roll, unit: "yards", scale: 10, yards: Some(yards), feet: yards * 3 }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        let mut method = Method::exact(fallback);
        let dist = distance_dist(self, fallback, &mut method);
        odds.push(None, "encounter distance", &dist, method, |&feet| (json!(feet), distance_words(feet, self.terrain)));
        odds
    }
}

/// `70′`, or `140 yards (420′)` outdoors.
pub fn distance_words(feet: u32, terrain: Terrain) -> String {
    match terrain {
        Terrain::Dungeon => format!("{feet}′"),
        _ => format!("{} yards ({feet}′)", feet / 3),
    }
}

fn distance_dist(input: &Distance, fallback: Fallback, method: &mut Method) -> Dist<u32> {
    dist_of(|d| Rule::roll(input, d).feet, fallback, method)
}

// ------------------------------------------------------------------------------------------
// Individual initiative

/// OSE SRD, Ability Scores: the DEX modifier to individual initiative follows the same table as
/// Charisma's reaction modifier (3 −2 · 4–8 −1 · 9–12 0 · 13–17 +1 · 18 +2).
pub fn dex_modifier(score: i32) -> i32 {
    ose::cha_modifier(score)
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
                let trials = (SIMULATED_ROLLS / input.combatants.len().max(1) as u64).clamp(100, fallback.trials);
                let first = |d: &mut dyn Dice| Rule::roll(input, d).groups().swap_remove(0);
                (
                    crate::odds::simulate(first, trials, fallback.seed),
                    Method { trials: Some(trials), seed: fallback.seed },
                )
            }
        };
        odds.push(Some("first"), "who acts first", &first, method, |group| {
            let names: Vec<&str> = group.iter().map(|&i| input.combatants[i].name.as_str()).collect();
            (json!(names), format!("{} first", describe_group(input, group)))
        });
        if input.combatants.len() <= FULL_ORDER {
            let (order, method) = exact_or_estimate(|d| Rule::roll(input, d).groups(), fallback);
            odds.push(Some("order"), "acting order", &order, method, |groups| {
                let data: Vec<Vec<&str>> =
                    groups.iter().map(|g| g.iter().map(|&i| input.combatants[i].name.as_str()).collect()).collect();
                let words: Vec<String> = groups.iter().map(|g| describe_group(input, g)).collect();
                (json!(data), words.join(", then "))
            });
        }
        odds
    }
}

/// States [`first_together`] may hold, and contenders cubed [`first_rerolled`] may work
/// through, before who acts first is estimated by simulation instead.
const FIRST_STATES: usize = 100_000;
const FIRST_WORK: usize = 1_000_000;
/// Combatants' dice an estimate of who acts first rolls at the most (fewer runs for more combatants).
const SIMULATED_ROLLS: u64 = 1_000_000;
/// Combatants acting in individual initiative beyond which only who acts first is given.
const FULL_ORDER: usize = 4;

/// Who acts first in individual initiative, exactly, as the group that takes the first place
/// (one combatant when ties re-roll). Only the fastest can be first: the slow count only when
/// everyone is slow. Counted in equally likely faces (six a die, one a given total); `None`
/// when the cast is too large to count.
pub fn first_dist(input: &Individuals) -> Option<Dist<Vec<usize>>> {
    let people = &input.combatants;
    let any_quick = people.iter().any(|c| !c.slow);
    let contenders: Vec<usize> = (0..people.len()).filter(|&i| !any_quick || !people[i].slow).collect();
    let totals: Vec<Vec<i32>> = contenders
        .iter()
        .map(|&i| match people[i].given {
            Some(total) => vec![total],
            None => (1..=6).map(|face| face + sum(&people[i].modifiers)).collect(),
        })
        .collect();
    // Every face of every contender together: 6^48 still fits in a u128.
    if totals.iter().filter(|t| t.len() > 1).count() > 48 {
        return None;
    }
    let all: u128 = totals.iter().map(|t| t.len() as u128).product();
    let pairs = match input.ties {
        Ties::Reroll => first_rerolled(&contenders, &totals, all)?,
        Ties::Simultaneous => first_together(&contenders, &totals, all)?,
    };
    Some(Dist::from_pairs(pairs))
}

/// With re-rolled ties, each contender's chance to act first: over each of its totals, the
/// ways the others fall so that none is higher and exactly k tie it, each such tie won with
/// 1/(k + 1).
fn first_rerolled(contenders: &[usize], totals: &[Vec<i32>], all: u128) -> Option<Vec<(Vec<usize>, Prob)>> {
    let n = contenders.len();
    if n * n * n > FIRST_WORK {
        return None;
    }
    let mut pairs = Vec::with_capacity(n);
    for (a, mine) in totals.iter().enumerate() {
        // wins[k]: the ways in which nobody beats this contender and k others tie it.
        let mut wins: Vec<u128> = vec![0; n];
        for &t in mine {
            let mut ways: Vec<u128> = vec![1];
            for theirs in totals.iter().enumerate().filter(|&(b, _)| b != a).map(|(_, t)| t) {
                let below = theirs.iter().filter(|&&x| x < t).count() as u128;
                let level = theirs.iter().filter(|&&x| x == t).count() as u128;
                let mut next = vec![0; ways.len() + 1];
                for (k, w) in ways.iter().enumerate() {
                    next[k] += w * below;
                    next[k + 1] += w * level;
                }
                ways = next;
            }
            for (k, w) in ways.into_iter().enumerate() {
                wins[k] += w;
            }
        }
        let p = wins
            .iter()
            .enumerate()
            .fold(Prob::zero(), |acc, (k, &w)| acc.add(&Prob::new(w, all).mul(&Prob::new(1, k as u128 + 1))));
        pairs.push((vec![contenders[a]], p));
    }
    Some(pairs)
}

/// With simultaneous ties, the group that takes the first place: the contenders folded in one
/// at a time into (highest total so far, who shares it), counting the ways to get there.
fn first_together(contenders: &[usize], totals: &[Vec<i32>], all: u128) -> Option<Vec<(Vec<usize>, Prob)>> {
    if contenders.len() > 128 {
        return None;
    }
    let mut states: BTreeMap<(i32, u128), u128> = BTreeMap::from([((i32::MIN, 0), 1)]);
    for (bit, mine) in totals.iter().enumerate() {
        let mut next: BTreeMap<(i32, u128), u128> = BTreeMap::new();
        for (&(best, who), &ways) in &states {
            for &t in mine {
                let key = match t.cmp(&best) {
                    std::cmp::Ordering::Greater => (t, 1u128 << bit),
                    std::cmp::Ordering::Equal => (best, who | 1u128 << bit),
                    std::cmp::Ordering::Less => (best, who),
                };
                *next.entry(key).or_default() += ways;
            }
        }
        if next.len() > FIRST_STATES {
            return None;
        }
        states = next;
    }
    let members = |mask: u128| -> Vec<usize> {
        contenders.iter().enumerate().filter(|(bit, _)| mask >> bit & 1 == 1).map(|(_, &i)| i).collect()
    };
    Some(states.iter().map(|(&(_, mask), &ways)| (members(mask), Prob::new(ways, all))).collect())
}

fn describe_group(input: &Individuals, group: &[usize]) -> String {
    let names: Vec<&str> = group.iter().map(|&i| input.combatants[i].name.as_str()).collect();
    if names.len() > 1 { format!("{} together", join(&names)) } else { names.concat() }
}

// ------------------------------------------------------------------------------------------
// Reaction

#[derive(Clone, Debug, Default)]
pub struct Reaction {
    pub modifiers: Vec<Modifier>,
}

/// OSE SRD, Encounters: the monster reaction table, 2d6 + the speaker's CHA modifier:
/// (highest total of the band, id, the table's words).
pub const REACTIONS: [(i32, &str, &str); 5] = [
    (2, "hostile", "Hostile, attacks"),
    (5, "unfriendly", "Unfriendly, may attack"),
    (8, "neutral", "Neutral, uncertain"),
    (11, "indifferent", "Indifferent, uninterested"),
    (i32::MAX, "friendly", "Friendly, helpful"),
];

/// The band of the reaction table a total falls in, by index into [`REACTIONS`].
pub fn reaction_band(total: i32) -> usize {
    REACTIONS.iter().position(|&(top, ..)| total <= top).unwrap_or(REACTIONS.len() - 1)
}

impl Rule for Reaction {
    type Outcome<'a> = ReactionOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let roll = dice.roll(2, 6);
        let total = roll.total as i32 + sum(&self.modifiers);
        let (_, band, result) = REACTIONS[reaction_band(total)];
        ReactionOutcome { roll, modifiers: &self.modifiers, total, result, band }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self;
        let mut odds = Odds::default();
        push_reaction(&mut odds, None, input, fallback);
        odds
    }
}

fn push_reaction(odds: &mut Odds, part: Option<&str>, input: &Reaction, fallback: Fallback) {
    let mut method = Method::exact(fallback);
    let dist = dist_of(|d| reaction_band(Rule::roll(input, d).total), fallback, &mut method);
    odds.push(part, "reaction", &dist, method, |&band| {
        let (_, id, words) = REACTIONS[band];
        (json!(id), words.to_string())
    });
}

// ------------------------------------------------------------------------------------------
// Pursuit

/// A pursuit by terrain.
#[derive(Clone, Debug)]
pub enum Pursuit {
    /// Round by round, ose's chase at the base movement rate per round.
    Dungeon(ose::PursueInput),
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
                    (json!({ "outcome": "escaped", "round": 0 }), "escaped at once: the quarry is faster".to_string())
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
    pub chase: ose::PursueOutcome,
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
        (json!({ "outcome": chase.word(), "round": day, "day": day }), label)
    });
    odds
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

/// ose's odds of how a chase ends, where an escape means the vessel evaded at once.
fn waterborne_odds(input: &WaterborneInput, fallback: Fallback) -> Odds {
    ose::chase_end_odds(
        |d| {
            let chase = waterborne(input, d);
            (chase.outcome, chase.round)
        },
        |outcome, round| match outcome {
            Chase::Escaped => "evades: no chase".to_string(),
            _ => ose::chase_end_label(outcome, round),
        },
        fallback,
    )
}

// ------------------------------------------------------------------------------------------
// Encounter

#[derive(Clone, Debug)]
pub struct Encounter {
    pub surprise: ose::SurpriseInput,
    pub terrain: Terrain,
    pub initiative: ose::InitiativeInput,
    /// Everyone with a slow weapon: they act after every side.
    pub slow: Vec<Slow>,
    pub reaction: Reaction,
}

#[derive(Clone, Debug, Serialize)]
pub struct EncounterOutcome<'a> {
    pub surprise: ose::SurpriseOutcome<'a>,
    pub distance: DistanceOutcome,
    pub initiative: SideInitiativeOutcome<'a>,
    /// The reactions of every side met by the first (the party).
    pub reaction: Vec<SideReaction<'a>>,
    pub conclusion: &'static str,
}

/// Surprise, distance, initiative of the unsurprised, reaction, and a turn passes.
impl Rule for Encounter {
    type Outcome<'a> = EncounterOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let input = self;
        let surprise = Rule::roll(&input.surprise, dice);
        let surprised = surprise.surprised();
        let shortened = Distance { terrain: input.terrain, surprised: surprised.iter().any(|&s| s) };
        let distance = Rule::roll(&shortened, dice);
        let sides = ose::Initiative { input: &input.initiative, surprised }.roll(dice);
        let initiative = SideInitiativeOutcome { slow_last: slow_last(&input.slow, &sides), sides };
        let reaction = input.surprise.sides[1..]
            .iter()
            .map(|side| SideReaction { name: &side.name, reaction: Rule::roll(&input.reaction, dice) })
            .collect();
        EncounterOutcome { surprise, distance, initiative, reaction, conclusion: ose::CONCLUSION }
    }

    /// Each step's outcomes, the distance and the acting order chained on who is surprised.
    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self;
        let names: Vec<&str> = input.surprise.sides.iter().map(|s| s.name.as_str()).collect();
        let method = Method::exact(fallback);
        let surprise = ose::surprise_dist(&input.surprise);
        let mut odds = Odds::default();
        surprise.push(&mut odds, Some("surprise"), "surprise", &names, method);
        let mut distance_method = method;
        let none = surprise.none();
        let distance = Dist::from_pairs([(false, none.clone()), (true, none.complement())]).and_then(|&surprised| {
            let shortened = Distance { terrain: input.terrain, surprised };
            distance_dist(&shortened, fallback, &mut distance_method)
        });
        odds.push(Some("distance"), "encounter distance", &distance, distance_method, |&feet| {
            (json!(feet), distance_words(feet, input.terrain))
        });
        ose::push_initiative_after_surprise(&mut odds, &input.initiative, &input.surprise, &surprise, method, fallback);
        push_reaction(&mut odds, Some("reaction"), &input.reaction, fallback);
        if !input.slow.is_empty() {
            let slow: Vec<&str> = input.slow.iter().map(|s| s.name.as_str()).collect();
            odds.note(format!("slow weapons act after every side that acts, whatever its roll: {}", join(&slow)));
        }
        if names.len() > 2 {
            odds.note("each side met by the first rolls its own reaction; every roll has these odds");
        }
        odds
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fallback() -> Fallback {
        Fallback { seed: 1, trials: 10_000 }
    }

    fn fractions(odds: &Odds) -> Vec<String> {
        odds.entries.iter().map(|e| format!("{} {}", e.label, e.prob)).collect()
    }

    #[test]
    fn the_dex_table_is_the_cha_table() {
        // ose pins the rows (cha_table_rows); B/X reads DEX on the same table.
        for score in 3..=18 {
            assert_eq!(dex_modifier(score), ose::cha_modifier(score), "DEX {score}");
        }
    }

    #[test]
    fn reaction_table_bands() {
        for (total, band) in [
            (-1, "hostile"),
            (2, "hostile"),
            (3, "unfriendly"),
            (5, "unfriendly"),
            (6, "neutral"),
            (8, "neutral"),
            (9, "indifferent"),
            (11, "indifferent"),
            (12, "friendly"),
            (16, "friendly"),
        ] {
            assert_eq!(REACTIONS[reaction_band(total)].1, band, "total {total}");
        }
    }

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

    #[test]
    fn distances_in_yards_outdoors() {
        let odds = Rule::odds(&Distance { terrain: Terrain::Wilderness, surprised: true }, fallback());
        assert_eq!(
            fractions(&odds),
            ["10 yards (30′) 1/4", "20 yards (60′) 1/4", "30 yards (90′) 1/4", "40 yards (120′) 1/4"]
        );
        // Underground surprise changes nothing: still 2d6 × 10′.
        let odds = Rule::odds(&Distance { terrain: Terrain::Dungeon, surprised: true }, fallback());
        assert_eq!(odds.entries.len(), 11);
        assert_eq!(odds.entries[0].label, "20′");
        let odds = Rule::odds(&Distance { terrain: Terrain::Waterborne, surprised: false }, fallback());
        assert_eq!((odds.entries.len(), odds.entries[0].label.as_str()), (21, "40 yards (120′)"));
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
