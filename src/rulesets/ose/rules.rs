//! Old-School Essentials: the six-step encounter procedure of seed 000 — awareness, surprise,
//! encounter distance, initiative, reaction, conclusion — and Speed-based pursuit.

use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, dist_of, exact_or_estimate};
use crate::order::odds::Line;
use crate::order::{self, Settle, Tie};
pub use crate::outcome::ReactionOutcome;
use crate::outcome::{Modifier, join, sum};
use crate::prob::Prob;
use crate::rulesets::Rule;
use serde::Serialize;
use serde_json::json;
use std::collections::BTreeMap;

/// seed 000: the standard chance of being surprised is 2-in-6.
pub const DEFAULT_CHANCE: u32 = 2;
/// Sides beyond this many get who acts first and each side's place instead of the full order.
const FULL_ORDER_SIDES: usize = 3;

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
        let verdict = verdict(&sides.iter().map(|s| s.surprised).collect::<Vec<_>>());
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

/// Sets of surprised sides listed one by one; past this, how many sides are surprised.
const LISTED_SETS: usize = 4096;

/// Each side's chance of being surprised: its chance in six when it rolls (seed 000: surprised
/// on its chance or less on 1d6), none when it does not roll; a die given at the table is used
/// as given, as [`surprise`] does: certain when it is the chance or less, else none.
fn surprise_chances(input: &SurpriseInput) -> Vec<Prob> {
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
fn surprise_sets(chances: &[Prob]) -> Dist<(usize, Vec<usize>)> {
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

/// How many of the sides with these chances come out true, each on its own chance.
fn count_of(chances: impl Iterator<Item = Prob>) -> Dist<usize> {
    let mut count = Dist::point(0);
    for q in chances {
        count = count.and_then(|&k| Dist::from_pairs([(k, q.complement()), (k + 1, q.clone())]));
    }
    count
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
    fn all(&self, sides: usize) -> Prob {
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
                    (json!(k), label)
                });
                odds.note(format!(
                    "too many sets of surprised sides to list; showing how many are surprised, each side \
                     on its own chance (more than {LISTED_SETS} sets)"
                ));
            }
        }
    }
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
impl Rule for DistanceInput {
    type Outcome<'a> = DistanceOutcome;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let roll = if self.both_surprised { dice.roll(1, 4) } else { dice.roll(2, 6) };
        let scale = if self.outdoors { 30 } else { 10 };
        DistanceOutcome {
            terrain: if self.outdoors { "outdoors" } else { "dungeon" },
            both_surprised: self.both_surprised,
            roll,
            scale,
            feet: roll.total * scale,
        }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        let mut method = Method::exact(fallback);
        let dist = distance_dist(self, fallback, &mut method);
        odds.push(None, "encounter distance", &dist, method, |&feet| (json!(feet), format!("{feet}′")));
        odds
    }
}

fn distance_dist(input: &DistanceInput, fallback: Fallback, method: &mut Method) -> Dist<u32> {
    dist_of(|d| Rule::roll(input, d).feet, fallback, method)
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
fn initiative_dist(rule: &Initiative, fallback: Fallback) -> (Dist<Vec<Vec<usize>>>, Method) {
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

/// Beyond three sides: who acts first and each side's place, each side surprised with its
/// chance in `chances` (certain or not at all outside an encounter).
///
/// Every side that rolls rolls 1d6 alike, so all that matters is how many roll and how many
/// wait: the rolling sides' places are even (ties re-rolled) or follow the number of others
/// rolling higher (ties acting together); the waiting act after all of them. Alike sides (the
/// same chance of surprise, waiting or not) have alike odds and are worked out once.
fn push_standings(odds: &mut Odds, input: &InitiativeInput, chances: &[Prob], method: Method) {
    let n = input.sides.len();
    let waits = |i: usize| input.waits.get(i).copied().unwrap_or(false);
    let totals = ((0..n).filter(|&i| !waits(i)).count(), (0..n).filter(|&i| waits(i)).count());
    let mut die = Die::default();
    // Alike sides (the same chance of surprise, waiting or not): their place and chance to be first.
    let mut kinds: BTreeMap<(Prob, bool), Standing> = BTreeMap::new();
    let mut first_pairs = Vec::new();
    let mut places = Vec::with_capacity(n);
    for i in 0..n {
        let key = (chances[i].clone(), waits(i));
        let (place, first) = kinds
            .entry(key)
            .or_insert_with(|| {
                // The others: how many not surprised among those who would roll, and who would wait.
                let others = |wait: bool| {
                    count_of((0..n).filter(|&j| j != i && waits(j) == wait).map(|j| chances[j].complement()))
                };
                side_standing(&others(false), &others(true), &chances[i], waits(i), totals, input.ties, &mut die)
            })
            .clone();
        first_pairs.push((Some(i), first));
        places.push(place);
    }
    let first_title = "who acts first";
    match input.ties {
        Ties::Reroll => {
            let first = Dist::from_pairs(first_pairs);
            odds.push(Some("first"), first_title, &first, method, |who| match who {
                Some(i) => (json!(input.sides[*i]), format!("{} first", input.sides[*i])),
                None => (json!({ "together": 0 }), "nobody".to_string()),
            });
        }
        Ties::Simultaneous => {
            // Alone first, or k together, over how many roll.
            let all = |wait: bool| count_of((0..n).filter(|&j| waits(j) == wait).map(|j| chances[j].complement()));
            let rollers = rollers_dist(&all(false), &all(true), totals);
            let together = rollers.and_then(|&r| die.top(r));
            let first = Dist::from_pairs(
                first_pairs
                    .into_iter()
                    .map(|(i, p)| (First::Alone(i.unwrap_or(0)), p))
                    .chain(together.iter().filter(|(k, _)| *k > 1).map(|(k, p)| (First::Together(*k), p.clone()))),
            );
            odds.push(Some("first"), first_title, &first, method, |f| match f {
                First::Alone(i) => (json!(input.sides[*i]), format!("{} first, alone", input.sides[*i])),
                First::Together(k) => (json!({ "together": k }), format!("{k} sides together first")),
            });
        }
    }
    for (i, place) in places.iter().enumerate() {
        let line = Line::one(&input.sides[i], i);
        odds.push(Some(&line.part), line.title, place, method, |p| match p {
            Some(p) => (json!(p), order::odds::ordinal(*p)),
            None => (serde_json::Value::Null, "surprised: does not act".to_string()),
        });
    }
}

/// A side's place (`None`: surprised) and its chance to act first.
type Standing = (Dist<Option<usize>>, Prob);

/// Who acts first when ties act together: one side alone, or several at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum First {
    Alone(usize),
    Together(usize),
}

/// How many sides roll: those not surprised and not waiting; everyone when all are surprised
/// (`totals`: the sides that would roll and that would wait); the waiting when all able to act wait.
fn rollers_dist(rolling: &Dist<usize>, waiting: &Dist<usize>, totals: (usize, usize)) -> Dist<usize> {
    rolling.and_then(|&r| {
        waiting.map(|&w| {
            let (r, w) = if r + w == 0 { totals } else { (r, w) };
            if r == 0 { w } else { r }
        })
    })
}

/// One side's place and its chance to act first (for ties acting together: first alone), given
/// how many of the others are not surprised (`rolling` of those who would roll, `waiting` of
/// those who would wait), its own chance of surprise, and whether it waits.
fn side_standing(
    rolling: &Dist<usize>,
    waiting: &Dist<usize>,
    surprise: &Prob,
    waits: bool,
    totals: (usize, usize),
    ties: Ties,
    die: &mut Die,
) -> (Dist<Option<usize>>, Prob) {
    // The chance that it does not act, that it waits behind so many rollers, or rolls among so many.
    let mut out = Prob::zero();
    let mut behind: BTreeMap<usize, Prob> = BTreeMap::new();
    let mut among: BTreeMap<usize, Prob> = BTreeMap::new();
    let add = |map: &mut BTreeMap<usize, Prob>, k: usize, p: &Prob| {
        let sum = map.entry(k).or_insert_with(Prob::zero);
        *sum = sum.add(p);
    };
    for (r, pr) in rolling.iter() {
        for (w, pw) in waiting.iter() {
            for (caught, p) in [(true, surprise.clone()), (false, surprise.complement())] {
                let p = p.mul(pr).mul(pw);
                if p.is_zero() {
                    continue;
                }
                // seed 000: when every side is surprised, nobody is: everyone acts.
                let (r, w) = match (caught, r + w) {
                    (true, 0) => totals,
                    (true, _) => {
                        out = out.add(&p);
                        continue;
                    }
                    (false, _) => (r + usize::from(!waits), w + usize::from(waits)),
                };
                // When all able to act would wait, nobody gives anything up: they all roll.
                match (r, waits) {
                    (0, _) => add(&mut among, w, &p),
                    (r, false) => add(&mut among, r, &p),
                    (r, true) => add(&mut behind, r + 1, &p),
                }
            }
        }
    }
    let mut pairs = vec![(None, out)];
    pairs.extend(behind.into_iter().map(|(place, p)| (Some(place), p)));
    let mut first = Prob::zero();
    for (r, p) in among {
        let (place, alone) = die.place(r, ties);
        first = first.add(&p.mul(&alone));
        pairs.extend(place.iter().map(|(k, q)| (Some(*k), q.mul(&p))));
    }
    (Dist::from_pairs(pairs), first)
}

/// The odds of `r` sides each rolling 1d6, remembered by `r`.
#[derive(Default)]
struct Die {
    places: BTreeMap<(usize, bool), (Dist<usize>, Prob)>,
    tops: BTreeMap<usize, Dist<usize>>,
}

impl Die {
    /// One roller's place among `r` and its chance to be first (alone, when ties act together).
    fn place(&mut self, r: usize, ties: Ties) -> (Dist<usize>, Prob) {
        let key = (r, ties == Ties::Reroll);
        self.places
            .entry(key)
            .or_insert_with(|| match (r, ties) {
                (0 | 1, _) => (Dist::point(1), Prob::one()),
                // Re-rolled ties: every order of the r alike sides is as likely as any other.
                (r, Ties::Reroll) => {
                    let even = Prob::new(1, r as u128);
                    (Dist::from_pairs((1..=r).map(|k| (k, even.clone()))), even)
                }
                // Ties act together: 1 + those rolling higher; first alone when all roll lower.
                (r, Ties::Simultaneous) => {
                    let mut pairs = Vec::new();
                    let mut alone = Prob::zero();
                    for v in 1..=6u128 {
                        let (higher, lower_or_level) = (Prob::new(6 - v, 6), Prob::new(v, 6));
                        for (m, q) in binomial(r - 1, &higher, &lower_or_level) {
                            pairs.push((m + 1, q.mul(&Prob::new(1, 6))));
                        }
                        alone = alone.add(&Prob::new(v - 1, 6).pow(r - 1).mul(&Prob::new(1, 6)));
                    }
                    (Dist::from_pairs(pairs), alone)
                }
            })
            .clone()
    }

    /// How many of `r` sides share the top roll (ties acting together).
    fn top(&mut self, r: usize) -> Dist<usize> {
        self.tops
            .entry(r)
            .or_insert_with(|| {
                if r <= 1 {
                    return Dist::point(r);
                }
                let mut pairs = Vec::new();
                for v in 1..=6u128 {
                    let (at, below) = (Prob::new(1, 6), Prob::new(v - 1, 6));
                    pairs.extend(binomial(r, &at, &below).into_iter().filter(|(k, _)| *k > 0));
                }
                Dist::from_pairs(pairs)
            })
            .clone()
    }
}

/// `(k, C(n, k)·p^k·q^(n−k))` for k = 0..=n.
fn binomial(n: usize, p: &Prob, q: &Prob) -> Vec<(usize, Prob)> {
    let powers = |x: &Prob| {
        let mut all = vec![Prob::one()];
        for k in 0..n {
            all.push(all[k].mul(x));
        }
        all
    };
    let (p_pow, q_pow) = (powers(p), powers(q));
    let mut out = Vec::with_capacity(n + 1);
    let mut choose = Prob::one();
    for k in 0..=n {
        out.push((k, choose.mul(&p_pow[k]).mul(&q_pow[n - k])));
        choose = choose.mul(&Prob::new((n - k) as u128, k as u128 + 1));
    }
    out
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

impl Rule for ReactionInput {
    type Outcome<'a> = ReactionOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let roll = dice.roll(2, 6);
        let total = roll.total as i32 + sum(&self.modifiers);
        let (band, result) = reaction_band(total);
        ReactionOutcome { roll, modifiers: &self.modifiers, total, result, band }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        let mut method = Method::exact(fallback);
        let dist = reaction_dist(self, fallback, &mut method);
        odds.push(None, "reaction", &dist, method, |&i| describe_band(i));
        odds
    }
}

fn band_index(band: &str) -> usize {
    REACTION_BANDS.iter().position(|b| *b == band).unwrap_or(0)
}

fn reaction_dist(input: &ReactionInput, fallback: Fallback, method: &mut Method) -> Dist<usize> {
    dist_of(|d| band_index(Rule::roll(input, d).band), fallback, method)
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
impl Rule for EncounterInput {
    type Outcome<'a> = EncounterOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let input = self;
        let awareness = input
            .surprise
            .sides
            .iter()
            .map(|s| Awareness { name: &s.name, aware: s.stance != Stance::Rolls })
            .collect();
        let surprise = Rule::roll(&input.surprise, dice);
        let surprised = surprise.surprised();
        let all = surprised.iter().all(|&s| s);
        let distance = Rule::roll(&DistanceInput { outdoors: input.outdoors, both_surprised: all }, dice);
        let initiative = Initiative { input: &input.initiative, surprised }.roll(dice);
        let reaction = input.surprise.sides[1..]
            .iter()
            .map(|side| SideReaction { name: &side.name, reaction: Rule::roll(&input.reaction, dice) })
            .collect();
        EncounterOutcome { awareness, surprise, distance, initiative, reaction, conclusion: CONCLUSION }
    }

    /// Each step's outcomes: surprise, distance (shortened when all are surprised), acting
    /// order (given who is surprised) and the reaction band, each chained on the steps before.
    /// Beyond three sides, who acts first and each side's place, over each side's own chance of
    /// surprise.
    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self;
        let names: Vec<&str> = input.surprise.sides.iter().map(|s| s.name.as_str()).collect();
        let method = Method::exact(fallback);
        let surprise = surprise_dist(&input.surprise);
        let mut odds = Odds::default();
        surprise.push(&mut odds, Some("surprise"), "surprise", &names, method);

        let mut distance_method = method;
        let all = surprise.all(names.len());
        let distance = Dist::from_pairs([(true, all.clone()), (false, all.complement())]).and_then(|&both_surprised| {
            distance_dist(&DistanceInput { outdoors: input.outdoors, both_surprised }, fallback, &mut distance_method)
        });
        odds.push(Some("distance"), "encounter distance", &distance, distance_method, |&feet| {
            (json!(feet), format!("{feet}′"))
        });

        push_initiative_after_surprise(&mut odds, &input.initiative, &input.surprise, &surprise, method, fallback);

        let mut reaction_method = Method::exact(fallback);
        let reaction = reaction_dist(&input.reaction, fallback, &mut reaction_method);
        odds.push(Some("reaction"), "reaction", &reaction, reaction_method, |&i| describe_band(i));
        if names.len() > 2 {
            odds.note("each side met by the first rolls its own reaction; every roll has these odds");
        }
        odds
    }
}

/// The acting order given each outcome of the surprise step, as the encounter's `initiative`
/// part: the full order for up to three sides; beyond, who acts first and each side's place,
/// over each side's own chance of surprise. A die given at the table breaks the likeness of the
/// sides those places rest on: then who acts first, chained on each set of surprised sides.
pub(crate) fn push_initiative_after_surprise(
    odds: &mut Odds,
    input: &InitiativeInput,
    surprise_input: &SurpriseInput,
    surprise: &Surprised,
    method: Method,
    fallback: Fallback,
) {
    let full = input.sides.len() <= FULL_ORDER_SIDES;
    let given = has_given(input);
    if !full && !given {
        push_standings(odds, input, &surprise_chances(surprise_input), method);
        return;
    }
    let forced;
    let sets = match surprise {
        Surprised::Sets(sets) => sets,
        Surprised::Counts(_) => {
            forced = surprise_sets(&surprise_chances(surprise_input));
            &forced
        }
    };
    let mut order_method = method;
    let order = sets.and_then(|(_, set)| {
        let surprised = (0..input.sides.len()).map(|i| set.contains(&i)).collect();
        let (dist, m) = initiative_dist(&Initiative { input, surprised }, fallback);
        order_method.absorb(m);
        dist
    });
    let title = if full { "acting order" } else { "who acts first" };
    odds.push(Some("initiative"), title, &order, order_method, |g| describe_order(&input.sides, g, full));
    if !full {
        odds.note(GIVEN_FIRST_ONLY);
    }
}

/// Said when a given initiative die leaves only who acts first among many sides.
const GIVEN_FIRST_ONLY: &str = "a side's initiative die is given: showing who acts first, without places";

/// Whether any side's initiative die was given at the table.
fn has_given(input: &InitiativeInput) -> bool {
    input.given.iter().any(Option::is_some)
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
            assert_eq!((e.outcome.clone(), &e.prob), (json!(k), &expected), "{k} surprised");
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
        let odds = Rule::odds(&ReactionInput::default(), fallback());
        // 2: 1/36; 3-5: 9/36; 6-8: 16/36; 9-11: 9/36; 12: 1/36.
        let probs: Vec<String> = odds.entries.iter().map(|e| e.prob.to_string()).collect();
        assert_eq!(probs, ["1/36", "1/4", "4/9", "1/4", "1/36"]);
        let plus_two = ReactionInput { modifiers: vec![Modifier::new(2, "CHA 18")] };
        let eager = Rule::odds(&plus_two, fallback()).entries.last().unwrap().prob.clone();
        assert_eq!(eager, Prob::new(6, 36)); // 10, 11 or 12 on 2d6
    }

    #[test]
    fn distance_scales() {
        let mut dice = SeededDice::new(7);
        for _ in 0..200 {
            let d = Rule::roll(&DistanceInput { outdoors: true, both_surprised: false }, &mut dice);
            assert!(d.feet % 30 == 0 && (60..=360).contains(&d.feet));
            let d = Rule::roll(&DistanceInput { outdoors: false, both_surprised: true }, &mut dice);
            assert!(d.feet % 10 == 0 && (10..=40).contains(&d.feet));
        }
        let odds = Rule::odds(&DistanceInput { outdoors: false, both_surprised: true }, fallback());
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

    #[test]
    fn encounter_odds_chain_the_steps() {
        let input = EncounterInput {
            surprise: two_sides(false, true),
            outdoors: false,
            initiative: sides(&["party", "monsters"]),
            reaction: ReactionInput::default(),
        };
        let odds = Rule::odds(&input, fallback());
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
