//! World of Darkness Storytelling system, 2004 (seed 003): surprise by a Wits + Composure
//! pool, initiative rolled once for the fight with delayed, readied and held actions, and
//! the encounter that chains the two.

use super::text::SurpriseLines;
use crate::dice::{Dice, Pool, Roll};
use crate::odds::{
    Dist, Fallback, Method, Odds, PATH_BUDGET, dist_of, enumerate, exact_or_estimate, pool_outcomes, simulate,
};
use crate::order::odds::{Field, Line, PLACES_NOT_LISTED, Rival, Standings, push_places, standings};
use crate::order::{self, KeyName, Settle, Tie, TieKey};
use crate::outcome::{Modifier, is_zero, sum};
use crate::prob::Prob;
use crate::render::Report;
use crate::rulesets::Rule;
use serde::Serialize;
use serde_json::json;
use std::cmp::{Ordering, Reverse};
use std::ops::Not;

/// Dots in a trait the combatant does not give: two, an ordinary person's.
pub const DEFAULT_DOTS: i32 = 2;
/// Combatants up to this many get the full acting order in `--odds`; more get who acts first.
const FULL_ORDER: usize = 3;
/// Dice paths enumerated exactly for a fight: four rolled combatants (10^4). Beyond that
/// every path is a whole fight, so the answer is estimated instead.
const EXACT_PATHS: u128 = 10_000;
/// Simulated fights are costly for big casts: at most this many combatant-runs in all.
const SIMULATION_WORK: u64 = 100_000;
/// Rollers one side may have for its surprise odds to be worked out exactly: each roller's
/// chance depends on every side-mate's (an exceptional success warns them all).
const EXACT_SIDE: usize = 24;
/// Sides of several rollers an encounter's round 1 is worked out exactly for: each doubles the work.
const MAX_SHARED_SIDES: usize = 8;
/// Steps of the exact round-1 walk (acting orders × branches × combatants) before whole
/// encounters are simulated instead.
const WALK_BUDGET: usize = 200_000;

// ------------------------------------------------------------------------------------------
// Surprise

/// How a combatant meets the surprise roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stance {
    /// Caught in the open: rolls Wits + Composure.
    Rolls,
    /// seed 003: those who lie in wait do not roll.
    Ambusher,
    /// seed 003: those already in the fight cannot be surprised.
    InCombat,
}

/// One combatant as the surprise roll sees it.
#[derive(Clone, Debug)]
pub struct Roller {
    pub name: String,
    pub side: String,
    /// The entry it came from (`Thug` for `Thug 2`) and that entry's index, so a group's
    /// identical odds are given once.
    pub group: String,
    pub entry: usize,
    pub wits: i32,
    pub composure: i32,
    /// `mod=N`: added to the pool.
    pub modifier: i32,
    pub stance: Stance,
}

impl Roller {
    pub fn pool_size(&self) -> i32 {
        self.wits + self.composure + self.modifier
    }
}

/// What an encounter reads from the surprise roll before initiative.
pub trait Surprised {
    /// The round each combatant first acts in, by combatant index.
    fn enters(&self) -> Vec<u32>;
    /// The names of the surprised, in the order given.
    fn surprised(&self) -> &[&str];
}

/// A surprise roll that an encounter chains into initiative: wod's own, or the roll of a
/// ruleset built on these rules (cofd's contest).
pub trait Surprise {
    type Outcome<'a>: Surprised
    where
        Self: 'a;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a>;
    /// Each roller's odds, one part per roller group, prefixed `surprise: ` in an encounter.
    fn push_odds(&self, odds: &mut Odds, in_encounter: bool, fallback: Fallback);
    /// Who acts in round 1, in branches (see [`Acts`]), or `None` when they are too many to
    /// list; an estimated piece is recorded in `method`.
    fn round_one(&self, fallback: Fallback, method: &mut Method) -> Option<Branches>;
    /// The paths [`enumerate`] would walk through the roll's dice (saturating).
    fn paths(&self) -> u128;
}

/// The paths of a roll that rolls each of `pools` once, walked by [`enumerate`] (saturating).
pub fn pool_paths(pools: impl IntoIterator<Item = i32>) -> u128 {
    pools.into_iter().fold(1u128, |paths, size| paths.saturating_mul(pool_outcomes(size)))
}

#[derive(Clone, Debug)]
pub struct SurpriseInput {
    pub combatants: Vec<Roller>,
}

/// A Wits + Composure roll and what it means.
#[derive(Clone, Debug, Serialize)]
pub struct Check {
    pub wits: i32,
    pub composure: i32,
    #[serde(rename = "mod", skip_serializing_if = "is_zero")]
    pub modifier: i32,
    pub pool: Pool,
    pub successes: u32,
}

#[derive(Clone, Debug, Serialize)]
pub struct CombatantSurprise<'a> {
    pub name: &'a str,
    pub side: &'a str,
    pub stance: Stance,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub check: Option<Check>,
    /// seed 003: no success — no action and no Defense in the first round.
    pub surprised: bool,
    /// A chance die came up 1.
    #[serde(skip_serializing_if = "Not::not")]
    pub dramatic: bool,
    /// Five successes or more: nobody on its side is caught off guard.
    #[serde(skip_serializing_if = "Not::not")]
    pub exceptional: bool,
    /// Its own roll failed, but this side-mate's exceptional success keeps it from being surprised.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warned_by: Option<&'a str>,
    /// Surprised: the round it first acts in (2, or 3 after a dramatic failure).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enters_round: Option<u32>,
    /// Surprised: the first round its Defense counts again (WoD p. 151: it has none while it
    /// cannot act, the first two turns after a dramatic failure).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defense_from_round: Option<u32>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SurpriseOutcome<'a> {
    pub combatants: Vec<CombatantSurprise<'a>>,
    /// The names of the surprised, in the order given.
    pub surprised: Vec<&'a str>,
}

/// seed 003: a combatant caught unawares rolls Wits + Composure; zero successes is surprise.
pub fn check(roller: &Roller, dice: &mut dyn Dice) -> Check {
    let pool = dice.pool(roller.pool_size());
    Check { wits: roller.wits, composure: roller.composure, modifier: roller.modifier, successes: pool.successes, pool }
}

/// Successes that make an exceptional success.
pub const EXCEPTIONAL: u32 = 5;

/// What a Wits + Composure roll comes to on its own, before its side is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Grade {
    /// No success.
    Fails,
    /// A chance die came up 1.
    Dramatic,
    Succeeds,
    /// Five successes or more.
    Exceptional,
}

pub fn grade(check: &Check) -> Grade {
    match (check.successes, check.pool.dramatic) {
        (0, true) => Grade::Dramatic,
        (0, false) => Grade::Fails,
        (s, _) if s >= EXCEPTIONAL => Grade::Exceptional,
        _ => Grade::Succeeds,
    }
}

/// The round a roller first acts in, given its own roll and whether a side-mate rolled an
/// exceptional success. seed 003: no success, round 2. WoD p. 151–152: a dramatic failure costs
/// the action and Defense for two rounds (round 3); an exceptional success leaves nobody on its side caught off guard.
pub fn enters_round(grade: Grade, warned: bool) -> u32 {
    match grade {
        _ if warned => 1,
        Grade::Fails => 2,
        Grade::Dramatic => 3,
        Grade::Succeeds | Grade::Exceptional => 1,
    }
}

/// A roller's surprise as the odds list it: (surprised, its roll a dramatic failure).
type Caught = (bool, bool);

fn describe_caught(&(surprised, dramatic): &Caught) -> (serde_json::Value, String) {
    let label = match (surprised, dramatic) {
        (false, false) => "not surprised",
        (false, true) => "not surprised: warned despite a dramatic failure",
        (true, false) => "surprised",
        (true, true) => "surprised, dramatic failure: acts from round 3",
    };
    (json!({ "surprised": surprised, "dramatic": dramatic }), label.into())
}

/// The rollers, one group per entry (a group's members roll alike): (first member, members).
pub fn roller_groups(rollers: &[Roller]) -> Vec<(usize, usize)> {
    let mut groups: Vec<(usize, usize)> = Vec::new();
    for (i, roller) in rollers.iter().enumerate() {
        if roller.stance != Stance::Rolls {
            continue;
        }
        match groups.last_mut() {
            Some((first, count)) if rollers[*first].entry == roller.entry && *first + *count == i => *count += 1,
            _ => groups.push((i, 1)),
        }
    }
    groups
}

/// The title of a group's part: `Mitch (5 dice)`, or `Thug 1-3, each (2 dice)` and the part's
/// name, `Thug 1-3`; in an encounter both are prefixed `surprise: `.
pub fn group_part(
    rollers: &[Roller],
    (first, count): (usize, usize),
    dice: &str,
    in_encounter: bool,
) -> (String, String) {
    let roller = &rollers[first];
    let (part, title) = if count == 1 {
        (roller.name.clone(), format!("{} ({dice})", roller.name))
    } else {
        let part = format!("{} 1-{count}", roller.group);
        (part.clone(), format!("{part}, each ({dice})"))
    };
    if in_encounter { (format!("surprise: {part}"), format!("surprise: {title}")) } else { (part, title) }
}

/// `5 dice`, `1 die`, `chance die`.
pub fn dice_words(size: i32) -> String {
    match size {
        ..=0 => "chance die".to_string(),
        1 => "1 die".to_string(),
        n => format!("{n} dice"),
    }
}

/// One roller's own roll, exactly when it can be enumerated (one pool always can).
fn grade_dist(roller: &Roller, fallback: Fallback, method: &mut Method) -> Dist<Grade> {
    dist_of(|d| grade(&check(roller, d)), fallback, method)
}

/// The roller groups of each side, sides in the order they first roll: (side, group indices).
fn sides_of<'a>(rollers: &'a [Roller], groups: &[(usize, usize)]) -> Vec<(&'a str, Vec<usize>)> {
    let mut sides: Vec<(&str, Vec<usize>)> = Vec::new();
    for (g, &(first, _)) in groups.iter().enumerate() {
        let side = rollers[first].side.as_str();
        match sides.iter_mut().find(|(s, _)| *s == side) {
            Some((_, members)) => members.push(g),
            None => sides.push((side, vec![g])),
        }
    }
    sides
}

/// The surprise of every group, or `None` when a side has too many rollers to work it out.
fn caught_dists(
    rollers: &[Roller],
    groups: &[(usize, usize)],
    fallback: Fallback,
    method: &mut Method,
) -> Option<Vec<Dist<Caught>>> {
    let sides = sides_of(rollers, groups);
    if sides.iter().any(|(_, gs)| gs.iter().map(|&g| groups[g].1).sum::<usize>() > EXACT_SIDE) {
        return None;
    }
    let grades: Vec<Dist<Grade>> =
        groups.iter().map(|&(first, _)| grade_dist(&rollers[first], fallback, method)).collect();
    let mut caught: Vec<Option<Dist<Caught>>> = vec![None; groups.len()];
    for (_, side) in &sides {
        for &g in side {
            // Whether any other roller on the side rolls an exceptional success.
            let mut warned = Dist::point(false);
            for &h in side {
                let exceptional = grades[h].map(|grade| *grade == Grade::Exceptional);
                for _ in 0..groups[h].1 - usize::from(h == g) {
                    warned = warned.and_then(|&w| if w { Dist::point(true) } else { exceptional.clone() });
                }
            }
            caught[g] =
                Some(grades[g].and_then(|&own| warned.map(|&w| (enters_round(own, w) > 1, own == Grade::Dramatic))));
        }
    }
    caught.into_iter().collect()
}

/// Every surprise roll is a rule of its own: wod's, or that of a ruleset built on its rules.
impl<S> Rule for S
where
    S: Surprise,
    for<'a> S::Outcome<'a>: Report,
{
    type Outcome<'a>
        = <S as Surprise>::Outcome<'a>
    where
        S: 'a;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        Surprise::roll(self, dice)
    }

    /// Each roller's surprise: in wod, (7/10)^n for n dice, a chance die 9/10, unless a
    /// side-mate's exceptional success warns it; in cofd, the contest.
    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        self.push_odds(&mut odds, false, fallback);
        odds
    }
}

/// Whether each combatant acts in round 1, as independent chances within one branch of the
/// surprise rolls; `None` where the roll is undetermined (past the successes followed).
pub type Acts = Vec<Dist<Option<bool>>>;

/// Round 1 in branches of the surprise rolls, each with its chance and who acts in it.
pub type Branches = Vec<(Prob, Acts)>;

impl Surprised for SurpriseOutcome<'_> {
    fn enters(&self) -> Vec<u32> {
        self.combatants.iter().map(|c| c.enters_round.unwrap_or(1)).collect()
    }

    fn surprised(&self) -> &[&str] {
        &self.surprised
    }
}

impl Surprise for SurpriseInput {
    type Outcome<'a> = SurpriseOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> SurpriseOutcome<'a> {
        let input = self;
        let checks: Vec<Option<Check>> = input
            .combatants
            .iter()
            .map(|roller| (roller.stance == Stance::Rolls).then(|| check(roller, dice)))
            .collect();
        // The first exceptional success of each side, which warns everyone on it: (side, roller).
        let mut warners: Vec<(&str, &str)> = Vec::new();
        for (roller, check) in input.combatants.iter().zip(&checks) {
            let exceptional = check.as_ref().is_some_and(|c| grade(c) == Grade::Exceptional);
            if exceptional && !warners.iter().any(|(side, _)| *side == roller.side) {
                warners.push((&roller.side, &roller.name));
            }
        }
        let combatants: Vec<CombatantSurprise<'a>> = input
            .combatants
            .iter()
            .zip(checks)
            .map(|(roller, check)| {
                let grade = check.as_ref().map(grade);
                let warner = warners.iter().find(|(side, _)| *side == roller.side).map(|&(_, name)| name);
                let enters = grade.map_or(1, |g| enters_round(g, warner.is_some()));
                CombatantSurprise {
                    name: &roller.name,
                    side: &roller.side,
                    stance: roller.stance,
                    surprised: enters > 1,
                    dramatic: grade == Some(Grade::Dramatic),
                    exceptional: grade == Some(Grade::Exceptional),
                    warned_by: warner.filter(|_| matches!(grade, Some(Grade::Fails | Grade::Dramatic))),
                    enters_round: (enters > 1).then_some(enters),
                    defense_from_round: (enters > 1).then_some(enters),
                    check,
                }
            })
            .collect();
        let surprised = combatants.iter().filter(|c| c.surprised).map(|c| c.name).collect();
        SurpriseOutcome { combatants, surprised }
    }

    /// One part per roller, named by it (a group's members share one part, `Thug 1-3`); in an
    /// encounter each name is prefixed `surprise: `. Side-mates' rolls count (an exceptional
    /// success warns the side), so sides with many rollers are estimated.
    fn push_odds(&self, odds: &mut Odds, in_encounter: bool, fallback: Fallback) {
        let input = self;
        let rollers = &input.combatants;
        let groups = roller_groups(rollers);
        if groups.is_empty() {
            let part = in_encounter.then_some("surprise");
            let exact = Method::exact(fallback);
            odds.push(part, "surprise: nobody rolls", &Dist::point(()), exact, |_| {
                (json!({ "surprised": false, "dramatic": false }), "nobody can be surprised".into())
            });
            return;
        }
        let mut method = Method::exact(fallback);
        let (caught, method) = match caught_dists(rollers, &groups, fallback, &mut method) {
            Some(caught) => (caught, method),
            None => {
                let fallback = trials(fallback, rollers.len());
                let firsts: Vec<usize> = groups.iter().map(|&(first, _)| first).collect();
                let all = simulate(
                    |d| {
                        let out = Surprise::roll(input, d);
                        firsts
                            .iter()
                            .map(|&i| (out.combatants[i].surprised, out.combatants[i].dramatic))
                            .collect::<Vec<_>>()
                    },
                    fallback.trials,
                    fallback.seed,
                );
                let caught = (0..groups.len()).map(|g| all.map(|each| each[g])).collect();
                (caught, Method { trials: Some(fallback.trials), seed: fallback.seed })
            }
        };
        for (&group, dist) in groups.iter().zip(&caught) {
            let dice = dice_words(rollers[group.0].pool_size());
            let (part, title) = group_part(rollers, group, &dice, in_encounter);
            odds.push(Some(&part), title, dist, method, describe_caught);
        }
    }

    /// Round 1 of an encounter in branches, each weighed by its chance: for every side with several
    /// rollers, either one of them rolls an exceptional success (nobody on the side sits out) or
    /// none does (each roller's own roll decides, knowing it is not exceptional). `None` when a
    /// side has too many rollers, or too many sides several, to list exactly.
    fn round_one(&self, fallback: Fallback, method: &mut Method) -> Option<Branches> {
        let input = self;
        let rollers = &input.combatants;
        let groups = roller_groups(rollers);
        let sides = sides_of(rollers, &groups);
        let size = |side: &[usize]| side.iter().map(|&g| groups[g].1).sum::<usize>();
        if sides.iter().any(|(_, side)| size(side) > EXACT_SIDE) {
            return None;
        }
        let shared: Vec<&[usize]> =
            sides.iter().map(|(_, side)| side.as_slice()).filter(|side| size(side) > 1).collect();
        if shared.len() > MAX_SHARED_SIDES {
            return None;
        }
        let grades: Vec<Dist<Grade>> =
            groups.iter().map(|&(first, _)| grade_dist(&rollers[first], fallback, method)).collect();
        let calm: Vec<Prob> = grades.iter().map(|g| g.prob(|grade| *grade != Grade::Exceptional)).collect();
        // The chance that nobody on a side rolls an exceptional success.
        let side_calm =
            |side: &[usize]| side.iter().fold(Prob::one(), |p, &g| (0..groups[g].1).fold(p, |p, _| p.mul(&calm[g])));
        let mut branches = Vec::new();
        for mask in 0..1usize << shared.len() {
            let warned = |k: usize| mask & (1 << k) != 0;
            let weight = shared.iter().enumerate().fold(Prob::one(), |p, (k, side)| {
                let none = side_calm(side);
                p.mul(&if warned(k) { none.complement() } else { none })
            });
            if weight.is_zero() {
                continue;
            }
            let mut acts: Acts = vec![Dist::point(Some(true)); rollers.len()];
            for (_, side) in &sides {
                let k = shared.iter().position(|s| std::ptr::eq(*s, side.as_slice()));
                let warned = k.is_some_and(warned);
                for &g in side {
                    // On a side of several, no warning means no roller on it is exceptional.
                    let own = if k.is_some() && !warned {
                        Dist::from_pairs(
                            grades[g]
                                .iter()
                                .filter(|(grade, _)| *grade != Grade::Exceptional)
                                .map(|(grade, p)| (*grade, p.div(&calm[g]))),
                        )
                    } else {
                        grades[g].clone()
                    };
                    let acts_g = own.map(|&grade| Some(enters_round(grade, warned) == 1));
                    let (first, count) = groups[g];
                    for slot in &mut acts[first..first + count] {
                        *slot = acts_g.clone();
                    }
                }
            }
            branches.push((weight, acts));
        }
        Some(branches)
    }

    /// Each roller's Wits + Composure.
    fn paths(&self) -> u128 {
        pool_paths(self.combatants.iter().filter(|r| r.stance == Stance::Rolls).map(Roller::pool_size))
    }
}

// ------------------------------------------------------------------------------------------
// Initiative

/// One combatant as the initiative roll sees it.
#[derive(Clone, Debug)]
pub struct Fighter {
    pub name: String,
    pub side: String,
    /// Dexterity and Composure, or the `init=` modifier.
    pub modifiers: Vec<Modifier>,
    /// Dexterity + Composure, which breaks ties; `None` when `init=` stands in for the
    /// modifier and neither trait is given.
    pub dex_composure: Option<i32>,
    /// `initiative=N`: a total already known; no roll.
    pub given: Option<i32>,
    /// Surprised: enters the order in round 2 (`surprised` key, or the encounter's roll).
    pub surprised: bool,
}

impl Fighter {
    pub fn modifier(&self) -> i32 {
        sum(&self.modifiers)
    }

    /// What breaks a tie: Dexterity + Composure (WoD p. 152), else the modifier.
    pub fn tie_break(&self) -> i32 {
        self.dex_composure.unwrap_or_else(|| self.modifier())
    }
}

/// Where a moved action lands: right before or right after another combatant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Before(usize),
    After(usize),
}

impl Anchor {
    pub fn other(self) -> usize {
        match self {
            Anchor::Before(o) | Anchor::After(o) => o,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// `--delay NAME:after=OTHER`: acts right after OTHER, at OTHER's initiative − 1.
    Delay,
    /// `--ready NAME:before=OTHER`: a prepared action right before OTHER, at OTHER's + 1.
    Ready,
    /// `--hold NAME`: gives up round 1 to act at any moment of round 2, then returns.
    Hold,
}

/// A delayed, readied or held action. Delays and readies always have an anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub who: usize,
    pub kind: MoveKind,
    pub anchor: Option<Anchor>,
}

/// What one pass through the acting order is called: a round in WoD (2004), a turn in CofD (2e).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Beat {
    #[default]
    Round,
    Turn,
}

impl Beat {
    pub fn word(self) -> &'static str {
        match self {
            Beat::Round => "round",
            Beat::Turn => "turn",
        }
    }
}

#[derive(Clone, Debug)]
pub struct InitiativeInput {
    pub fighters: Vec<Fighter>,
    /// At most one per combatant; anchors name other combatants and never form a loop.
    pub moves: Vec<Move>,
    /// How the game names a round, in text and odds.
    pub beat: Beat,
}

impl InitiativeInput {
    fn move_of(&self, who: usize) -> Option<&Move> {
        self.moves.iter().find(|m| m.who == who)
    }

    /// Each fighter's move, looked up once: [`InitiativeInput::move_of`] for every fighter.
    fn move_by_fighter(&self) -> Vec<Option<&Move>> {
        let mut by = vec![None; self.fighters.len()];
        for m in self.moves.iter().rev() {
            if let Some(slot) = by.get_mut(m.who) {
                *slot = Some(m);
            }
        }
        by
    }

    /// Combatants whose initiative is rolled rather than given.
    fn rollers(&self) -> usize {
        self.fighters.iter().filter(|f| f.given.is_none()).count()
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct FighterRoll<'a> {
    pub name: &'a str,
    pub side: &'a str,
    /// The initiative modifier: Dexterity + Composure, or `init=`.
    pub modifier: i32,
    pub modifiers: &'a [Modifier],
    /// 1d10, no 10-again; absent when the total was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    #[serde(skip_serializing_if = "Not::not")]
    pub given: bool,
    /// The rolled (or given) initiative, before any delay.
    pub initiative: i32,
}

/// Why combatants sharing a moment were put in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TieKind {
    /// The same initiative total.
    Initiative,
    /// Delayed or readied to the same moment.
    Moved,
    /// Held actions placed at the same moment of round 2.
    Round2,
}

/// A tie and what the tied share: an initiative total, or a moment they waited for.
#[derive(Clone, Debug, Serialize)]
pub struct MomentTie<'a> {
    pub kind: TieKind,
    #[serde(flatten)]
    pub tie: Tie<'a, i32>,
}

/// WoD p. 152: ties go to the higher Dexterity + Composure, then a roll-off.
pub static DEX_COMPOSURE: KeyName = KeyName { id: "dex_composure", words: "Dexterity + Composure" };
/// When no tied combatant has the traits given (only `init=`), the modifier stands in.
pub static MODIFIER: KeyName = KeyName { id: "modifier", words: "modifier" };
/// Some have the traits, some only `init=`.
pub static DEX_COMPOSURE_OR_MODIFIER: KeyName =
    KeyName { id: "dex_composure_or_modifier", words: "Dexterity + Composure (the modifier where not given)" };

impl InitiativeInput {
    /// The tie rule's key, named for what it compares in this cast.
    fn tie_key(&self) -> &'static KeyName {
        let known = self.fighters.iter().filter(|f| f.dex_composure.is_some()).count();
        match known {
            k if k == self.fighters.len() => &DEX_COMPOSURE,
            0 => &MODIFIER,
            _ => &DEX_COMPOSURE_OR_MODIFIER,
        }
    }
}

/// A delayed or readied action on the standing order.
#[derive(Clone, Debug, Serialize)]
pub struct Waiting<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<&'a str>,
    /// The initiative it had before moving.
    pub from: i32,
    /// It already acts after OTHER, so the move changes nothing.
    #[serde(skip_serializing_if = "Not::not")]
    pub void: bool,
}

/// A held action: round 1 given up, round 2 at will (or at the place given).
#[derive(Clone, Debug, Serialize)]
pub struct Holding<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<&'a str>,
    /// No place given: it may act at any moment of round 2.
    #[serde(skip_serializing_if = "Not::not")]
    pub any_moment: bool,
    /// Surprised: there is no first-round action to give up.
    #[serde(skip_serializing_if = "Not::not")]
    pub void: bool,
}

/// One entry of the standing acting order.
#[derive(Clone, Debug, Serialize)]
pub struct Place<'a> {
    pub name: &'a str,
    /// The initiative number it acts on.
    pub total: i32,
    pub modifier: i32,
    /// Surprised: acts from round 2.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enters_round: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delayed: Option<Waiting<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ready: Option<Waiting<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holds: Option<Holding<'a>>,
}

/// One turn of a round that differs from the standing order.
#[derive(Clone, Debug, Serialize)]
pub struct Turn<'a> {
    pub name: &'a str,
    /// The number acted on; null for a held action that may come at any moment.
    pub total: Option<i32>,
    #[serde(skip_serializing_if = "Not::not")]
    pub held: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SitOutReason {
    /// seed 003: no action in the first round.
    Surprised,
    /// seed 003: gave up the first-round action for round 2; may still move its Speed.
    Holds,
    /// WoD p. 151–152: a dramatic failure on the surprise roll costs the second round (and its
    /// Defense) too.
    DramaticFailure,
}

#[derive(Clone, Debug, Serialize)]
pub struct SitOut<'a> {
    pub name: &'a str,
    pub reason: SitOutReason,
}

#[derive(Clone, Debug, Serialize)]
pub struct RoundOrder<'a> {
    pub round: u32,
    /// This order holds for every later round too.
    pub onward: bool,
    pub order: Vec<Turn<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sits_out: Vec<SitOut<'a>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct InitiativeOutcome<'a> {
    pub combatants: Vec<FighterRoll<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<MomentTie<'a>>,
    /// The standing acting order (from round 3 when a held action changes round 2).
    pub order: Vec<Place<'a>>,
    /// Round by round, when rounds 1 and 2 differ from the standing order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundOrder<'a>>,
    /// The standing order and round 1's, by combatant index (for the odds).
    #[serde(skip)]
    standing: Vec<usize>,
    #[serde(skip)]
    round_one: Vec<usize>,
    #[serde(skip)]
    pub beat: Beat,
}

/// When a combatant acts within a round: its place in the rolled order, then one step for
/// each "right after" (+1) or "right before" (−1) it was moved to. Earlier sorts first;
/// missing steps count as 0, so `[3, -1]` < `[3]` < `[3, 1]` < `[4, -1]`.
#[derive(Clone, Debug)]
struct Moment(Vec<i64>);

impl Moment {
    fn beside(&self, anchor: Anchor) -> Moment {
        let mut steps = self.0.clone();
        steps.push(if matches!(anchor, Anchor::After(_)) { 1 } else { -1 });
        Moment(steps)
    }
}

impl Ord for Moment {
    fn cmp(&self, other: &Moment) -> Ordering {
        let len = self.0.len().max(other.0.len());
        (0..len)
            .map(|k| self.0.get(k).unwrap_or(&0).cmp(other.0.get(k).unwrap_or(&0)))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    }
}

impl PartialOrd for Moment {
    fn partial_cmp(&self, other: &Moment) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Moment {
    fn eq(&self, other: &Moment) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Moment {}

/// Puts `who` in order, the highest `key` first, settling those level on it by the tie rule
/// (seed 003 refers to it for delays too; WoD p. 152: the higher Dexterity + Composure, then a
/// d10 roll-off) and recording the ties at `totals`.
fn order_by<'a, K: Ord>(
    who: &[usize],
    key: impl Fn(usize) -> K,
    totals: &[i32],
    kind: TieKind,
    input: &'a InitiativeInput,
    dice: &mut dyn Dice,
    ties: &mut Vec<MomentTie<'a>>,
) -> Vec<usize> {
    let tie_break = |i: usize| i64::from(input.fighters[i].tie_break());
    let rule = [TieKey { name: input.tie_key(), value: &tie_break }];
    let ranking = order::rank(who, key, &rule, Settle::RollOff(10), dice);
    let named = ranking.named_ties(|i| totals[i], |i| input.fighters[i].name.as_str());
    ties.extend(named.into_iter().map(|tie| MomentTie { kind, tie }));
    ranking.order
}

/// A moved action's place and number, resolved after its anchor's (anchors never loop).
#[derive(Clone)]
struct Resolved {
    moment: Moment,
    total: i32,
    void: bool,
}

fn resolve(
    i: usize,
    input: &InitiativeInput,
    moves: &[Option<&Move>],
    position: &[usize],
    rolled: &[i32],
    memo: &mut [Option<Resolved>],
    depth: usize,
) -> Resolved {
    if let Some(done) = &memo[i] {
        return done.clone();
    }
    let own = Moment(vec![position[i] as i64]);
    let resolved = match moves[i] {
        Some(Move { kind: MoveKind::Delay | MoveKind::Ready, anchor: Some(anchor), .. })
            if depth <= input.fighters.len() =>
        {
            let other = resolve(anchor.other(), input, moves, position, rolled, memo, depth + 1);
            let target = other.moment.beside(*anchor);
            // A wait can only make a combatant act later than its own turn, never earlier.
            if own < target {
                let total = match anchor {
                    Anchor::After(_) => other.total - 1,
                    Anchor::Before(_) => other.total + 1,
                };
                Resolved { moment: target, total, void: false }
            } else {
                Resolved { moment: own, total: rolled[i], void: true }
            }
        }
        _ => Resolved { moment: own, total: rolled[i], void: false },
    };
    memo[i] = Some(resolved.clone());
    resolved
}

/// The fight's initiative, the surprised entering in the rounds `enters` gives.
pub struct Initiative<'i> {
    pub input: &'i InitiativeInput,
    /// The round each combatant enters, by index (1 where missing).
    pub enters: Vec<u32>,
}

impl<'i> Rule for Initiative<'i> {
    type Outcome<'a>
        = InitiativeOutcome<'i>
    where
        Self: 'a;

    /// seed 003: d10 + initiative modifier, once for the fight; ties by the higher modifier, then
    /// a roll-off. Delays and readied actions then move combatants on that order, held actions
    /// change rounds 1 and 2, and the surprised enter in the round `enters` gives (by combatant
    /// index; 1 where missing), or round 2 for the `surprised` key.
    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> InitiativeOutcome<'i> {
        let (input, enters) = (self.input, &self.enters[..]);
        let n = input.fighters.len();
        let combatants: Vec<FighterRoll<'i>> = input
            .fighters
            .iter()
            .map(|f| {
                let roll = f.given.is_none().then(|| dice.roll(1, 10));
                FighterRoll {
                    name: &f.name,
                    side: &f.side,
                    modifier: f.modifier(),
                    modifiers: &f.modifiers,
                    roll,
                    given: f.given.is_some(),
                    initiative: f.given.unwrap_or_else(|| roll.map_or(0, |r| r.total as i32) + f.modifier()),
                }
            })
            .collect();
        let rolled: Vec<i32> = combatants.iter().map(|c| c.initiative).collect();
        let first_round =
            |i: usize| enters.get(i).copied().unwrap_or(1).max(1 + u32::from(input.fighters[i].surprised));
        let is_surprised = |i: usize| first_round(i) > 1;

        // The rolled order: highest total first, ties by the tie rule.
        let mut ties = Vec::new();
        let everyone: Vec<usize> = (0..n).collect();
        let base = order_by(&everyone, |i| rolled[i], &rolled, TieKind::Initiative, input, dice, &mut ties);

        // Delays and readied actions, placed beside their anchors in the rolled order.
        let moves = input.move_by_fighter();
        let mut moment: Vec<Moment> = Vec::new();
        let mut standing_total = rolled.clone();
        let mut void = vec![false; n];
        let standing = if input.moves.is_empty() {
            base
        } else {
            let mut position = vec![0usize; n];
            for (k, &i) in base.iter().enumerate() {
                position[i] = k;
            }
            let mut memo = vec![None; n];
            for i in 0..n {
                let r = resolve(i, input, &moves, &position, &rolled, &mut memo, 0);
                moment.push(r.moment);
                standing_total[i] = r.total;
                void[i] = r.void;
            }
            // Earlier moments first.
            order_by(&everyone, |i| Reverse(&moment[i]), &standing_total, TieKind::Moved, input, dice, &mut ties)
        };

        // Held actions: out of round 1, placed in round 2, back home from round 3.
        let holding = |i: usize| moves[i].filter(|m| m.kind == MoveKind::Hold);
        let holds: Vec<bool> = (0..n).map(|i| holding(i).is_some() && !is_surprised(i)).collect();
        let sits_out = |i: usize, round: u32| first_round(i) > round || (round == 1 && holds[i]);
        let round_one: Vec<usize> = standing.iter().copied().filter(|&i| !sits_out(i, 1)).collect();
        let turn = |i: usize, total: Option<i32>, held: bool| Turn { name: &input.fighters[i].name, total, held };
        // The rounds that differ from the standing order: those someone sits out, and round 2 of a hold.
        let last_late = (0..n).map(first_round).max().unwrap_or(1) - 1;
        let differing = last_late.max(if holds.contains(&true) { 2 } else { 0 });
        let mut second: Option<(Vec<usize>, Vec<Option<i32>>)> = None;
        if holds.contains(&true) {
            let mut second_moment = moment.clone();
            let mut second_total: Vec<Option<i32>> = standing_total.iter().map(|&t| Some(t)).collect();
            for i in (0..n).filter(|&i| holds[i]) {
                match holding(i).and_then(|m| m.anchor) {
                    Some(anchor) => {
                        let other = anchor.other();
                        second_moment[i] = moment[other].beside(anchor);
                        second_total[i] = Some(match anchor {
                            Anchor::After(_) => standing_total[other] - 1,
                            Anchor::Before(_) => standing_total[other] + 1,
                        });
                    }
                    None => {
                        second_moment[i] = Moment(vec![-1]);
                        second_total[i] = None;
                    }
                }
            }
            let order = round_two(&standing, &second_moment, &second_total, &holds, input, dice, &mut ties);
            second = Some((order, second_total));
        }
        let mut rounds = Vec::new();
        for round in 1..=differing {
            let (order, totals, held) = match (&second, round) {
                (Some((order, totals)), 2) => (order, totals.clone(), true),
                _ => (&standing, standing_total.iter().map(|&t| Some(t)).collect(), false),
            };
            rounds.push(RoundOrder {
                round,
                onward: false,
                order: order
                    .iter()
                    .filter(|&&i| !sits_out(i, round))
                    .map(|&i| turn(i, totals[i], held && holds[i]))
                    .collect(),
                sits_out: standing
                    .iter()
                    .filter(|&&i| sits_out(i, round))
                    .map(|&i| SitOut {
                        name: &input.fighters[i].name,
                        reason: match (round, holds[i]) {
                            (1, true) => SitOutReason::Holds,
                            (1, false) => SitOutReason::Surprised,
                            _ => SitOutReason::DramaticFailure,
                        },
                    })
                    .collect(),
            });
        }
        if differing > 0 {
            rounds.push(RoundOrder {
                round: differing + 1,
                onward: true,
                order: standing.iter().map(|&i| turn(i, Some(standing_total[i]), false)).collect(),
                sits_out: Vec::new(),
            });
        }

        let name_of = |o: usize| input.fighters[o].name.as_str();
        let order = standing
            .iter()
            .map(|&i| {
                let mv = moves[i];
                let waiting = |kind: MoveKind| {
                    mv.filter(|m| m.kind == kind).and_then(|m| m.anchor).map(|anchor| Waiting {
                        after: matches!(anchor, Anchor::After(_)).then(|| name_of(anchor.other())),
                        before: matches!(anchor, Anchor::Before(_)).then(|| name_of(anchor.other())),
                        from: rolled[i],
                        void: void[i],
                    })
                };
                Place {
                    name: &input.fighters[i].name,
                    total: standing_total[i],
                    modifier: input.fighters[i].modifier(),
                    enters_round: is_surprised(i).then(|| first_round(i)),
                    delayed: waiting(MoveKind::Delay),
                    ready: waiting(MoveKind::Ready),
                    holds: holding(i).map(|m| Holding {
                        after: match m.anchor {
                            Some(Anchor::After(o)) => Some(name_of(o)),
                            _ => None,
                        },
                        before: match m.anchor {
                            Some(Anchor::Before(o)) => Some(name_of(o)),
                            _ => None,
                        },
                        any_moment: m.anchor.is_none(),
                        void: !holds[i],
                    }),
                }
            })
            .collect();
        InitiativeOutcome { combatants, ties, order, rounds, standing, round_one, beat: input.beat }
    }

    /// The acting order (full for up to three combatants, else who acts first); and, when
    /// someone sits out round 1, round 1's order too.
    fn odds(&self, fallback: Fallback) -> Odds {
        let (input, enters) = (self.input, &self.enters[..]);
        let n = input.fighters.len();
        let full = n <= FULL_ORDER;
        let holds = holders(input);
        let sits_out = |i: usize| holds[i] || input.fighters[i].surprised || enters.get(i).is_some_and(|&e| e > 1);
        let sitters = (0..n).any(sits_out);
        if !full && !moved(input) {
            let mut odds = Odds::default();
            let run = |d: &mut dyn Dice| {
                let out = self.roll(d);
                (out.standing, out.round_one)
            };
            let standing = standing_of(input, fallback, run);
            let round_one = sitters.then(|| {
                let acts = |i: usize| if sits_out(i) { Prob::zero() } else { Prob::one() };
                let r = standings(&rivals(input, acts), 10, 0, fallback, |d| places_in(&run(d).1, n));
                (r.first.map(|f| RoundOne::Acting(f.iter().copied().collect())), r.first_method)
            });
            push_standings(&mut odds, input, standing, round_one);
            return odds;
        }
        if !full {
            // Who acts first, worked out from the moves (see `moved_first`), in round 1 leaving
            // out those who sit it out.
            let first = moved_first(input, |_| Prob::one());
            let round_one = match sitters {
                true => moved_first(input, |i| if sits_out(i) { Prob::zero() } else { Prob::one() }).map(Some),
                false => Some(None),
            };
            if let (Some(first), Some(round_one)) = (first, round_one) {
                let exact = Method::exact(fallback);
                let mut odds = Odds::default();
                push_moved(&mut odds, input, &first, exact, round_one.as_ref().map(|r| (r, exact)));
                return odds;
            }
        }
        let (dist, method) = fight_dist(
            d10_paths(input.rollers()) <= EXACT_PATHS,
            n,
            |d| {
                let out = self.roll(d);
                (order_key(&out.standing, full), order_key(&out.round_one, full))
            },
            fallback,
        );
        let mut odds = Odds::default();
        let order = dist.map(|(o, _)| o.clone());
        if !full {
            let first = order.map(|k| k.first().copied());
            let round_one = dist.map(|(_, r)| r.first().copied());
            push_moved(&mut odds, input, &first, method, sitters.then_some((&round_one, method)));
            return odds;
        }
        let (title, first_title) = order_titles(input, full);
        if !sitters {
            odds.push(None, title, &order, method, |k| describe_order(input, k, full, "nobody"));
            return odds;
        }
        let beat = input.beat.word();
        odds.push(Some("order"), title, &order, method, |k| describe_order(input, k, full, "nobody"));
        let first = dist.map(|(_, r)| r.clone());
        let nobody = format!("nobody acts in {beat} 1");
        odds.push(Some(&format!("{beat} 1")), &first_title, &first, method, |k| {
            describe_order(input, k, full, &nobody)
        });
        odds
    }
}

/// Round 2 with the held actions placed. Everyone else keeps the standing order; a held
/// action that lands on the same moment as others goes first (it may act at any moment),
/// and several held actions at one moment are put in order by the tie rule.
fn round_two<'a>(
    standing: &[usize],
    moment: &[Moment],
    totals: &[Option<i32>],
    holds: &[bool],
    input: &'a InitiativeInput,
    dice: &mut dyn Dice,
    ties: &mut Vec<MomentTie<'a>>,
) -> Vec<usize> {
    let mut rank = vec![0usize; standing.len()];
    for (k, &i) in standing.iter().enumerate() {
        rank[i] = k;
    }
    let mut order = standing.to_vec();
    order.sort_by(|&a, &b| moment[a].cmp(&moment[b]).then(holds[b].cmp(&holds[a])).then(rank[a].cmp(&rank[b])));
    let mut start = 0;
    while start < order.len() {
        let first = order[start];
        let same = |&i: &usize| holds[i] && moment[i] == moment[first];
        let end = start + order[start..].iter().take_while(|i| same(i)).count();
        if let (true, Some(total)) = (end - start > 1, totals[first]) {
            // The tie rule meets them in cast order, as everywhere else.
            let mut group = order[start..end].to_vec();
            group.sort_unstable();
            let tie_break = |i: usize| i64::from(input.fighters[i].tie_break());
            let rule = [TieKey { name: input.tie_key(), value: &tie_break }];
            let (places, tied) = order::settle(&group, &rule, Settle::RollOff(10), dice);
            let settled: Vec<usize> = places.into_iter().flatten().collect();
            if let Some(tied) = tied {
                let tie = tied.named(total, |i| input.fighters[i].name.as_str());
                ties.push(MomentTie { kind: TieKind::Round2, tie });
            }
            order[start..end].copy_from_slice(&settled);
        }
        start = end.max(start + 1);
    }
    order
}

/// Who sits out round 1 before surprise is known: those holding their action.
fn holders(input: &InitiativeInput) -> Vec<bool> {
    (0..input.fighters.len()).map(|i| input.move_of(i).is_some_and(|m| m.kind == MoveKind::Hold)).collect()
}

/// A full order for small casts, else just who comes first.
fn order_key(order: &[usize], full: bool) -> Vec<usize> {
    if full { order.to_vec() } else { order.iter().copied().take(1).collect() }
}

fn describe_order(input: &InitiativeInput, key: &[usize], full: bool, nobody: &str) -> (serde_json::Value, String) {
    let names: Vec<&str> = key.iter().map(|&i| input.fighters[i].name.as_str()).collect();
    match (names.first(), full) {
        (None, _) => (if full { json!([]) } else { json!(null) }, nobody.to_string()),
        (Some(first), false) => (json!(first), format!("{first} first")),
        (Some(_), true) => (json!(names), names.join(", then ")),
    }
}

/// Seeded runs for a fight too big to enumerate: fewer for bigger casts, so the answer
/// still comes back in about a second.
fn trials(fallback: Fallback, combatants: usize) -> Fallback {
    let most = (SIMULATION_WORK / combatants.max(1) as u64).max(200);
    Fallback { seed: fallback.seed, trials: fallback.trials.min(most) }
}

/// The paths of `rollers` initiative d10s.
fn d10_paths(rollers: usize) -> u128 {
    u32::try_from(rollers).ok().and_then(|r| 10u128.checked_pow(r)).unwrap_or(u128::MAX)
}

/// Enumerates `run` when `walk` says its dice make few enough paths, else simulates it.
fn fight_dist<T: Ord + Clone>(
    walk: bool,
    combatants: usize,
    run: impl FnMut(&mut dyn Dice) -> T,
    fallback: Fallback,
) -> (Dist<T>, Method) {
    if walk {
        return exact_or_estimate(run, trials(fallback, combatants));
    }
    let fallback = trials(fallback, combatants);
    (simulate(run, fallback.trials, fallback.seed), Method { trials: Some(fallback.trials), seed: fallback.seed })
}

/// Delayed or readied actions move combatants on the rolled order, so the order is no longer
/// a ranking of independent totals.
fn moved(input: &InitiativeInput) -> bool {
    input.moves.iter().any(|m| m.kind != MoveKind::Hold)
}

/// Most combatants tied together by delays and readied actions (movers and the anchors they
/// wait on), counting twice those whose staying in is itself uncertain (a surprise roll), for
/// which [`moved_first`] works out who stands first exactly: each is followed through both
/// ways it may go.
const MOVED_CHAINED: usize = 9;
/// Most combatants in all for that: the work grows with the cube of the cast.
const MOVED_CAST: usize = 24;
/// The same when some stay in only on a surprise roll's chance, whose long fractions cost more.
const MOVED_UNSURE_CAST: usize = 12;

/// A delay's or readied action's anchor; `None` for everyone else (holders keep their place in
/// the standing order).
fn anchor_of(m: Option<&Move>) -> Option<Anchor> {
    match m {
        Some(Move { kind: MoveKind::Delay | MoveKind::Ready, anchor, .. }) => *anchor,
        _ => None,
    }
}

/// A product of factors `a·x + b·(1 − x)`, as the coefficients of `x^k (1 − x)^(d − k)`, `k`
/// from 0: every coefficient stays a chance (none negative).
fn times(poly: &[Prob], [a, b]: &[Prob; 2]) -> Vec<Prob> {
    let mut out = vec![Prob::zero(); poly.len() + 1];
    for (k, c) in poly.iter().enumerate() {
        if c.is_zero() {
            continue;
        }
        if !b.is_zero() {
            out[k] = out[k].add(&c.mul(b));
        }
        if !a.is_zero() {
            out[k + 1] = out[k + 1].add(&c.mul(a));
        }
    }
    out
}

/// `∫₀¹ x^k (1 − x)^(d − k) dx = 1 / ((d + 1)·C(d, k))`.
fn beta(d: usize, k: usize) -> Prob {
    let mut choose: u128 = 1;
    for i in 0..k as u128 {
        choose = choose * (d as u128 - i) / (i + 1);
    }
    Prob::new(1, (d as u128 + 1) * choose)
}

/// Compares the steps of two moments from the same place: before (−1), after (+1), and
/// missing steps count as 0, as [`Moment`] does.
fn steps_cmp(a: &[i8], b: &[i8]) -> Ordering {
    let len = a.len().max(b.len());
    (0..len).map(|k| a.get(k).unwrap_or(&0).cmp(b.get(k).unwrap_or(&0))).find(|o| o.is_ne()).unwrap_or(Ordering::Equal)
}

/// Who acts first on the standing order with delayed and readied actions, among those who
/// stay in (each independently, with the chance `stays`); `None` (nobody) when none does.
/// `None` overall when the movers tie too many combatants together to work out exactly.
///
/// How the rolling code places them: a mover moves only when it stands above the moment it
/// waits for, so a moment starts from the rolled place of the lowest-placed combatant on the
/// chain from the mover down to its root (the first who does not move), followed by the steps,
/// before (−1) or after (+1), from there up the chain. Moments are compared by that place, then
/// step by step, and equal moments go by the tie rule. So the first who stays in stands on the
/// chain of some combatant `r`: everyone who stays in has someone on its chain placed at or
/// below `r`, and among those whose chain has `r` lowest, the earliest steps win. The rolled
/// ranking is by total, then the tie key, then a roll-off, which is as if each drew a uniform
/// `x`: given `r`'s total and draw, every other combatant stands above it independently, with a
/// chance linear in `x`. Those on no chain only need to sit out or stand below `r`; those on
/// chains are taken through every way of standing above or below `r` and staying in or not; the
/// product is integrated over `x`.
fn moved_first(input: &InitiativeInput, stays: impl Fn(usize) -> Prob) -> Option<Dist<Option<usize>>> {
    let n = input.fighters.len();
    let moves = input.move_by_fighter();
    let anchors: Vec<Option<Anchor>> = moves.iter().map(|&m| anchor_of(m)).collect();
    // Each combatant's chain, itself first, down to its root.
    let mut chains = Vec::with_capacity(n);
    for i in 0..n {
        let mut chain = vec![i];
        let mut at = i;
        while let Some(anchor) = anchors[at] {
            at = anchor.other();
            if at >= n || chain.contains(&at) {
                return None;
            }
            chain.push(at);
        }
        chains.push(chain);
    }
    let mut chained: Vec<usize> = (0..n).filter(|&i| chains[i].len() > 1).flat_map(|i| chains[i].clone()).collect();
    chained.sort_unstable();
    chained.dedup();
    let stay: Vec<Prob> = (0..n).map(&stays).collect();
    let unsure = |i: usize| !stay[i].is_zero() && stay[i] != Prob::one();
    let cast = if (0..n).any(unsure) { MOVED_UNSURE_CAST } else { MOVED_CAST };
    if n > cast || chained.len() + chained.iter().filter(|&&i| unsure(i)).count() > MOVED_CHAINED {
        return None;
    }
    let step = |i: usize| if matches!(anchors[i], Some(Anchor::After(_))) { 1i8 } else { -1 };
    let rivals = rivals(input, |_| Prob::one());
    let tie_break: Vec<i64> = input.fighters.iter().map(|f| i64::from(f.tie_break())).collect();
    let mut chance = vec![Prob::zero(); n];
    for r in 0..n {
        // One on no chain can only come first itself, as any alike to it (the same roll, tie
        // key and chance to stay in) does.
        let plain_alike = |o: usize| !chained.contains(&o) && rivals[o] == rivals[r] && stay[o] == stay[r];
        if let Some(o) = (0..r).find(|&o| !chained.contains(&r) && plain_alike(o)) {
            chance[r] = chance[o].clone();
            continue;
        }
        // Those followed one by one: the chained, and `r`.
        let mut followed = chained.clone();
        if !followed.contains(&r) {
            followed.push(r);
        }
        let others: Vec<usize> = followed.iter().copied().filter(|&j| j != r).collect();
        let doubtful: Vec<usize> = followed.iter().copied().filter(|&j| unsure(j)).collect();
        // The steps from `r` up to each follower whose chain holds `r`.
        let steps: Vec<Option<Vec<i8>>> = (0..n)
            .map(|i| {
                let at = chains[i].iter().position(|&c| c == r)?;
                Some(chains[i][..at].iter().rev().map(|&c| step(c)).collect())
            })
            .collect();
        // For each way the others followed stand above (a set bit) or below `r`: who comes first
        // among those whose chain has `r` lowest, with the chance of it over who stays in (the
        // same whatever `r`'s total).
        let m = others.len();
        let shares: Vec<Vec<(usize, Prob)>> = (0u32..(1 << m))
            .map(|upper| {
                let is_above = |j: usize| others.iter().position(|&o| o == j).is_some_and(|k| upper & (1 << k) != 0);
                let mut shares: Vec<(usize, Prob)> = Vec::new();
                for ins in 0u32..(1 << doubtful.len()) {
                    let is_in = |i: usize| match doubtful.iter().position(|&d| d == i) {
                        Some(k) => ins & (1 << k) != 0,
                        None => !stay[i].is_zero(),
                    };
                    let mut first_steps: Vec<(usize, &Vec<i8>)> = Vec::new();
                    let mut valid = true;
                    for &i in followed.iter().filter(|&&i| is_in(i)) {
                        let below = chains[i].iter().any(|&c| c != r && !is_above(c));
                        match (&steps[i], below) {
                            (Some(s), false) => first_steps.push((i, s)),
                            // Someone staying in would stand before `r`'s moments.
                            (None, false) => valid = false,
                            _ => {}
                        }
                    }
                    if !valid || first_steps.is_empty() {
                        continue;
                    }
                    let mut weight = Prob::one();
                    for (k, &d) in doubtful.iter().enumerate() {
                        weight = weight.mul(&if ins & (1 << k) != 0 { stay[d].clone() } else { stay[d].complement() });
                    }
                    if weight.is_zero() {
                        continue;
                    }
                    // The earliest steps, then the tie rule: the higher key, then a roll-off.
                    let earliest = first_steps.iter().map(|(_, s)| *s).min_by(|a, b| steps_cmp(a, b)).cloned();
                    let at_once: Vec<usize> = first_steps
                        .iter()
                        .filter(|(_, s)| earliest.as_ref().is_some_and(|e| steps_cmp(s, e).is_eq()))
                        .map(|&(i, _)| i)
                        .collect();
                    let top = at_once.iter().map(|&i| tie_break[i]).max();
                    let winners: Vec<usize> = at_once.into_iter().filter(|&i| Some(tie_break[i]) == top).collect();
                    let share = weight.div(&Prob::new(winners.len() as u128, 1));
                    for i in winners {
                        match shares.iter_mut().find(|(w, _)| *w == i) {
                            Some((_, p)) => *p = p.add(&share),
                            None => shares.push((i, share.clone())),
                        }
                    }
                }
                shares
            })
            .collect();
        if shares.iter().all(Vec::is_empty) {
            continue;
        }
        for (t, pt) in &rivals[r].totals {
            if pt.is_zero() {
                continue;
            }
            // [above, below] for each other: a + e·(1 − x) = a·x + (a + e)·(1 − x) above it,
            // and (1 − a)·x + (1 − a − e)·(1 − x) below.
            let sides: Vec<[[Prob; 2]; 2]> = (0..n)
                .map(|j| {
                    let (mut a, mut e) = (Prob::zero(), Prob::zero());
                    for (u, p) in &rivals[j].totals {
                        match (u.cmp(t), tie_break[j].cmp(&tie_break[r])) {
                            (Ordering::Greater, _) | (Ordering::Equal, Ordering::Greater) => a = a.add(p),
                            (Ordering::Equal, Ordering::Equal) => e = e.add(p),
                            _ => {}
                        }
                    }
                    let ae = a.add(&e);
                    [[a.clone(), ae.clone()], [a.complement(), ae.complement()]]
                })
                .collect();
            // Those on no chain: out, or in and below `r`.
            let mut plain = vec![Prob::one()];
            for j in (0..n).filter(|&j| j != r && !followed.contains(&j)) {
                let out = stay[j].complement();
                let [_, [bx, b1]] = &sides[j];
                let factor = [out.add(&stay[j].mul(bx)), out.add(&stay[j].mul(b1))];
                plain = times(&plain, &factor);
            }
            // ∫ of plain times x^k (1 − x)^(m − k) for the followed's m factors.
            let integrals: Vec<Prob> = (0..=m)
                .map(|k| {
                    let terms: Vec<Prob> = plain
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| !c.is_zero())
                        .map(|(c, p)| p.mul(&beta(n - 1, k + c)))
                        .collect();
                    Prob::sum(&terms)
                })
                .collect();
            for (upper, shares) in shares.iter().enumerate().filter(|(_, s)| !s.is_empty()) {
                let mut poly = vec![pt.clone()];
                for (k, &j) in others.iter().enumerate() {
                    poly = times(&poly, &sides[j][usize::from(upper & (1 << k) == 0)]);
                }
                let weight = Prob::sum(&poly.iter().zip(&integrals).map(|(w, i)| w.mul(i)).collect::<Vec<_>>());
                if weight.is_zero() {
                    continue;
                }
                for (i, p) in shares {
                    chance[*i] = chance[*i].add(&weight.mul(p));
                }
            }
        }
    }
    let nobody = stay.iter().fold(Prob::one(), |acc, s| acc.mul(&s.complement()));
    let pairs = chance.into_iter().enumerate().map(|(i, p)| (Some(i), p));
    Some(Dist::from_pairs(pairs.chain(std::iter::once((None, nobody))).filter(|(_, p)| !p.is_zero())))
}

/// Each fighter as the ranking odds see it: d10 + modifier (or the total given), the tie rule's
/// key, and the chance `acts` that it takes part.
fn rivals(input: &InitiativeInput, acts: impl Fn(usize) -> Prob) -> Vec<Rival> {
    let d10 = crate::odds::sum_distribution(1, 10);
    input
        .fighters
        .iter()
        .enumerate()
        .map(|(i, f)| Rival {
            totals: match f.given {
                Some(total) => vec![(i64::from(total), Prob::one())],
                None => d10.iter().map(|(face, p)| (i64::from(*face) + i64::from(f.modifier()), p.clone())).collect(),
            },
            keys: vec![i64::from(f.tie_break())],
            present: acts(i),
        })
        .collect()
}

/// The lines of the cast for place parts: a group's members (`Thug 1` to `Thug 3`, alike in
/// the roll) share one.
fn lines(input: &InitiativeInput, rivals: &[Rival]) -> Vec<Line> {
    let f = &input.fighters;
    let mut lines = Vec::new();
    let mut i = 0;
    while i < f.len() {
        let base = f[i].name.strip_suffix(" 1");
        let mut count = 1;
        if let Some(base) = base {
            while i + count < f.len()
                && rivals[i + count] == rivals[i]
                && f[i + count].name.strip_prefix(base).and_then(|k| k.strip_prefix(' '))
                    == Some(&(count + 1).to_string())
            {
                count += 1;
            }
        }
        lines.push(match base {
            Some(base) if count > 1 => Line::group(base, count, i),
            _ => Line::one(&f[i].name, i),
        });
        i += count;
    }
    lines
}

/// Each fighter's place in `order` (`None`: not in it).
fn places_in(order: &[usize], n: usize) -> Vec<Option<usize>> {
    let mut places = vec![None; n];
    for (k, &i) in order.iter().enumerate() {
        places[i] = Some(k + 1);
    }
    places
}

fn describe_first(input: &InitiativeInput, first: &Option<usize>, nobody: &str) -> (serde_json::Value, String) {
    match first {
        Some(i) => {
            let name = &input.fighters[*i].name;
            (json!(name), format!("{name} first"))
        }
        None => (serde_json::Value::Null, nobody.to_string()),
    }
}

/// Beyond three fighters without delays or readied actions: who acts first, who acts first in
/// round 1 when someone sits it out (`round_one`: the standings with the chance of acting in
/// round 1), and each fighter's place in the standing order.
fn push_standings(
    odds: &mut Odds,
    input: &InitiativeInput,
    standing: Standings,
    round_one: Option<(Dist<RoundOne>, Method)>,
) {
    odds.push(Some("first"), "who acts first", &standing.first, standing.first_method, |f| {
        describe_first(input, f, "nobody")
    });
    if let Some((first, method)) = round_one {
        push_round_one_first(odds, input, &first, method);
    }
    match standing.places {
        Some(places) => push_places(odds, &places, &lines(input, &rivals(input, |_| Prob::one())), "not in the order"),
        None => odds.note(PLACES_NOT_LISTED),
    }
}

/// Who acts first in round 1 beyond three fighters, or that it is undetermined.
fn push_round_one_first(odds: &mut Odds, input: &InitiativeInput, first: &Dist<RoundOne>, method: Method) {
    let beat = input.beat.word();
    let (part, title) = (format!("{beat} 1"), format!("who acts first in {beat} 1 (the surprised and held sit out)"));
    odds.push(Some(&part), &title, first, method, |k| describe_round_one(input, k, false));
}

/// The standing order's first and places over every roll of `run` (an initiative or an encounter).
fn standing_of(
    input: &InitiativeInput,
    fallback: Fallback,
    mut run: impl FnMut(&mut dyn Dice) -> (Vec<usize>, Vec<usize>),
) -> Standings {
    let n = input.fighters.len();
    let rivals = rivals(input, |_| Prob::one());
    let lines = lines(input, &rivals).len();
    standings(&rivals, 10, lines, fallback, |d| places_in(&run(d).0, n))
}

/// The titles of the order parts: (the standing order, round 1).
fn order_titles(input: &InitiativeInput, full: bool) -> (&'static str, String) {
    let beat = input.beat.word();
    if full {
        ("acting order", format!("{beat} 1 (the surprised and held sit out)"))
    } else {
        ("who acts first", format!("who acts first in {beat} 1"))
    }
}

/// Beyond three fighters with delayed or readied actions: who acts first (`first`: the first of
/// the standing order, or none) and in round 1, without each one's place.
fn push_moved(
    odds: &mut Odds,
    input: &InitiativeInput,
    first: &Dist<Option<usize>>,
    method: Method,
    round_one: Option<(&Dist<Option<usize>>, Method)>,
) {
    odds.push(Some("first"), "who acts first", first, method, |f| describe_first(input, f, "nobody"));
    if let Some((first, method)) = round_one {
        let beat = input.beat.word();
        let title = format!("who acts first in {beat} 1 (the surprised and held sit out)");
        let nobody = format!("nobody acts in {beat} 1");
        odds.push(Some(&format!("{beat} 1")), &title, first, method, |f| describe_first(input, f, &nobody));
    }
    odds.note(MOVED_NOTE);
}

/// Said when delayed or readied actions leave each one's place unlisted.
const MOVED_NOTE: &str = "delayed and readied actions tie a place to another's: each one's place is not listed";

/// Who acts in round 1, as the odds list it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum RoundOne {
    /// In acting order (only the first for big casts).
    Acting(Vec<usize>),
    /// A surprise roll it depends on went past the successes followed.
    Undetermined,
}

/// Who acts in round 1, walking `order` from the top: each combatant by its chance in `acts`,
/// until `limit` are found, or an undetermined roll is met.
fn walk(order: &[usize], acts: &[Dist<Option<bool>>], limit: usize) -> Dist<RoundOne> {
    let mut acting = Dist::point(RoundOne::Acting(Vec::new()));
    for &i in order {
        acting = acting.and_then(|so_far| match so_far {
            RoundOne::Acting(list) if list.len() < limit => acts[i].map(|acts| match acts {
                Some(acts) => {
                    let mut next = list.clone();
                    if *acts {
                        next.push(i);
                    }
                    RoundOne::Acting(next)
                }
                None => RoundOne::Undetermined,
            }),
            other => Dist::point(other.clone()),
        });
    }
    acting
}

/// The parts of a fight that follows a surprise roll: the acting order, and round 1, which
/// leaves out the surprised and the holders. `branches` give who acts in round 1 (see
/// [`Acts`]), reached by `method`; without them, or when the initiative rolls are too many to
/// enumerate, whole fights are run with `run`, walked only while its surprise roll's
/// `surprise_paths` and the initiative rolls make few paths. `standing_listed`: the standing
/// order's parts are already pushed (who acts first and each one's place), so only round 1 is.
#[allow(clippy::too_many_arguments)]
fn push_fight_parts<'a>(
    odds: &mut Odds,
    fighters: &'a InitiativeInput,
    branches: Option<Branches>,
    method: Method,
    mut run: impl FnMut(&mut dyn Dice) -> InitiativeOutcome<'a>,
    surprise_paths: u128,
    fallback: Fallback,
    standing_listed: bool,
) {
    let n = fighters.fighters.len();
    let full = n <= FULL_ORDER;
    let paths = d10_paths(fighters.rollers());
    let exact = match branches {
        // The standing order does not depend on surprise; round 1 leaves out the surprised and
        // the holders, walking each order from the top, in each branch.
        Some(branches) if paths <= EXACT_PATHS => match enumerate(|d| {
            Initiative { input: fighters, enters: vec![] }.roll(d).standing
        }) {
            Ok(standing) if standing.len() * branches.len() * n <= WALK_BUDGET => {
                let holds = holders(fighters);
                let limit = if full { n } else { 1 };
                let mut pairs = Vec::new();
                for (weight, mut acts) in branches {
                    for (slot, _) in acts.iter_mut().zip(&holds).filter(|(_, holds)| **holds) {
                        *slot = Dist::point(Some(false));
                    }
                    let walked = standing.and_then(|order| walk(order, &acts, limit));
                    pairs.extend(walked.iter().map(|(acting, p)| (acting.clone(), p.mul(&weight))));
                }
                Some((standing.map(|o| order_key(o, full)), Dist::from_pairs(pairs), Method::exact(fallback), method))
            }
            _ => None,
        },
        _ => None,
    };
    let (order, round_one, method, round_one_method) = exact.unwrap_or_else(|| {
        // Every path rolls each surprise pool and each initiative die: past the budget of the
        // walk, it would give up anyway, having multiplied out every roll of a big cast.
        let walk = paths <= EXACT_PATHS && paths.saturating_mul(surprise_paths) <= PATH_BUDGET as u128;
        let (dist, method) = fight_dist(
            walk,
            n,
            |d| {
                let out = run(d);
                (order_key(&out.standing, full), RoundOne::Acting(order_key(&out.round_one, full)))
            },
            fallback,
        );
        (dist.map(|(o, _)| o.clone()), dist.map(|(_, r)| r.clone()), method, method)
    });
    let (title, first_title) = order_titles(fighters, full);
    let beat = fighters.beat.word();
    // Beyond three: the parts `first` and round 1, as the standings name them.
    let (order_part, first_title) = if full {
        ("order", first_title)
    } else {
        ("first", format!("who acts first in {beat} 1 (the surprised and held sit out)"))
    };
    if !standing_listed {
        odds.push(Some(order_part), title, &order, method, |k| describe_order(fighters, k, full, "nobody"));
    }
    odds.push(Some(&format!("{beat} 1")), &first_title, &round_one, round_one_method, |k| {
        describe_round_one(fighters, k, full)
    });
}

/// Round 1 as the odds list it: the acting order (full, or just who acts first), or undetermined.
fn describe_round_one(fighters: &InitiativeInput, k: &RoundOne, full: bool) -> (serde_json::Value, String) {
    match k {
        RoundOne::Acting(k) => describe_order(fighters, k, full, &format!("nobody acts in {} 1", fighters.beat.word())),
        RoundOne::Undetermined => {
            (json!("undetermined"), "undetermined: a surprise roll past the successes followed".to_string())
        }
    }
}

// ------------------------------------------------------------------------------------------
// Encounter

/// The same combatants, in the same order, as the surprise roll and the initiative roll see them.
#[derive(Clone, Debug)]
pub struct EncounterInput<S = SurpriseInput> {
    pub surprise: S,
    pub initiative: InitiativeInput,
}

#[derive(Clone, Debug, Serialize)]
pub struct EncounterOutcome<'a, S = SurpriseOutcome<'a>> {
    pub surprise: S,
    pub initiative: InitiativeOutcome<'a>,
}

/// Who acts first in round 1 beyond three fighters: in each branch of the surprise rolls every
/// fighter's surprise is its own, independent of the initiative rolls, so the ranking odds apply
/// branch by branch and are weighed by the branch's chance. Walking the standing order from the
/// top, the first who does not sit out decides: it acts first, or, when its surprise roll went
/// past the successes followed, round 1 is undetermined. So each ranks among those who do not
/// sit out (those surprised and holders are absent), and its chance of coming first there splits
/// between acting and undetermined as its own roll does. `None` when the ranking is too large to
/// work out exactly (then whole fights are run).
fn round_one_first(
    fighters: &InitiativeInput,
    branches: &Branches,
    method: Method,
) -> Option<(Dist<RoundOne>, Method)> {
    let holds = holders(fighters);
    let mut pairs: Vec<(RoundOne, Prob)> = Vec::new();
    for (weight, acts) in branches {
        let sits_out = |i: usize| holds[i] || fighters.fighters[i].surprised;
        let stays = |i: usize| if sits_out(i) { Prob::zero() } else { acts[i].prob(|v| *v != Some(false)) };
        // With delays and readied actions each fighter is its own kind.
        let (first, kinds): (Dist<Option<usize>>, Vec<Vec<usize>>) = if moved(fighters) {
            (moved_first(fighters, stays)?, (0..fighters.fighters.len()).map(|i| vec![i]).collect())
        } else {
            let field = Field::new(&rivals(fighters, stays), Settle::RollOff(10));
            (field.first()?, field.kinds().map(<[usize]>::to_vec).collect())
        };
        let weighed = |p: &Prob| if *weight == Prob::one() { p.clone() } else { p.mul(weight) };
        let mut chance = vec![Prob::zero(); fighters.fighters.len()];
        for (who, p) in first.iter() {
            match *who {
                Some(i) => chance[i] = p.clone(),
                None => pairs.push((RoundOne::Acting(Vec::new()), weighed(p))),
            }
        }
        // A kind's members come first alike; those whose own rolls are alike too split alike, so
        // the (long) fractions are worked out once for each.
        for members in &kinds {
            let mut alike: Vec<(&Dist<Option<bool>>, Vec<usize>)> = Vec::new();
            for &i in members {
                match alike.iter_mut().find(|(own, _)| **own == acts[i]) {
                    Some((_, same)) => same.push(i),
                    None => alike.push((&acts[i], vec![i])),
                }
            }
            for (own, members) in alike {
                let p = weighed(&chance[members[0]]);
                if p.is_zero() {
                    continue;
                }
                // First among those who stay, it stayed: its chance of that is above zero.
                let stays = stays(members[0]);
                let acting = own.prob(|v| *v == Some(true)).div(&stays);
                let undetermined = own.prob(Option::is_none).mul(&Prob::new(members.len() as u128, 1)).div(&stays);
                let acting = p.mul(&acting);
                pairs.extend(members.iter().map(|&i| (RoundOne::Acting(vec![i]), acting.clone())));
                pairs.push((RoundOne::Undetermined, p.mul(&undetermined)));
            }
        }
    }
    Some((Dist::from_pairs(pairs), method))
}

/// An encounter of wod, or of a ruleset built on its rules with a surprise roll of its own.
impl<S> Rule for EncounterInput<S>
where
    S: Surprise,
    for<'a> S::Outcome<'a>: SurpriseLines + Serialize,
{
    type Outcome<'a>
        = EncounterOutcome<'a, S::Outcome<'a>>
    where
        S: 'a;

    /// seed 003: surprise first; the surprised roll initiative too but act only from round 2 (or 3).
    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let input = self;
        let surprise = input.surprise.roll(dice);
        let initiative = Initiative { input: &input.initiative, enters: surprise.enters() }.roll(dice);
        EncounterOutcome { surprise, initiative }
    }

    /// Each roller's surprise, the acting order, and who acts in round 1 — which depends on both.
    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self;
        let mut odds = Odds::default();
        input.surprise.push_odds(&mut odds, true, fallback);
        let mut method = Method::exact(fallback);
        let branches = input.surprise.round_one(fallback, &mut method);
        let fighters = &input.initiative;
        let full = fighters.fighters.len() <= FULL_ORDER;
        let mut standing_listed = false;
        if !full && !moved(fighters) {
            // The standing order does not depend on surprise: an estimate need not roll it.
            let standing = standing_of(fighters, fallback, |d| {
                (Initiative { input: fighters, enters: vec![] }.roll(d).standing, Vec::new())
            });
            match branches.as_ref().and_then(|b| round_one_first(fighters, b, method)) {
                Some(round_one) => {
                    push_standings(&mut odds, fighters, standing, Some(round_one));
                    return odds;
                }
                None => {
                    push_standings(&mut odds, fighters, standing, None);
                    standing_listed = true;
                }
            }
        }
        if !full && moved(fighters) {
            // Who acts first, worked out from the moves (see `moved_first`); round 1 too, branch
            // by branch of the surprise rolls, when it can be.
            if let Some(first) = moved_first(fighters, |_| Prob::one()) {
                odds.push(Some("first"), "who acts first", &first, Method::exact(fallback), |f| {
                    describe_first(fighters, f, "nobody")
                });
                standing_listed = true;
                if let Some((round_one, method)) = branches.as_ref().and_then(|b| round_one_first(fighters, b, method))
                {
                    push_round_one_first(&mut odds, fighters, &round_one, method);
                    odds.note(MOVED_NOTE);
                    return odds;
                }
            }
        }
        push_fight_parts(
            &mut odds,
            fighters,
            branches,
            method,
            |d| self.roll(d).initiative,
            input.surprise.paths(),
            fallback,
            standing_listed,
        );
        if !full && moved(fighters) {
            odds.note(MOVED_NOTE);
        }
        odds
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::odds::{enumerate, pool_distribution};
    use crate::prob::Prob;

    fn fallback() -> Fallback {
        Fallback { seed: 1, trials: 20_000 }
    }

    fn roller(name: &str, wits: i32, composure: i32, modifier: i32, stance: Stance) -> Roller {
        Roller {
            name: name.into(),
            side: "party".into(),
            group: name.into(),
            entry: 0,
            wits,
            composure,
            modifier,
            stance,
        }
    }

    /// Each roller its own entry, as the command line makes them.
    fn numbered(mut rollers: Vec<Roller>) -> Vec<Roller> {
        for (i, r) in rollers.iter_mut().enumerate() {
            r.entry = i;
        }
        rollers
    }

    fn fighter(name: &str, modifier: i32, given: Option<i32>) -> Fighter {
        Fighter {
            name: name.into(),
            side: "party".into(),
            modifiers: vec![Modifier::new(modifier, "init")],
            dex_composure: None,
            given,
            surprised: false,
        }
    }

    fn fractions(odds: &Odds, part: Option<&str>) -> Vec<String> {
        odds.entries.iter().filter(|e| e.part.as_deref() == part).map(|e| format!("{} {}", e.label, e.prob)).collect()
    }

    /// (name, total) of the standing order.
    fn standing<'a>(out: &'a InitiativeOutcome) -> Vec<(&'a str, i32)> {
        out.order.iter().map(|p| (p.name, p.total)).collect()
    }

    fn turns<'a>(round: &'a RoundOrder) -> Vec<(&'a str, Option<i32>)> {
        round.order.iter().map(|t| (t.name, t.total)).collect()
    }

    fn mitch_and_larry(kind: MoveKind, anchor: Anchor) -> InitiativeInput {
        InitiativeInput {
            fighters: vec![fighter("Mitch", 4, Some(10)), fighter("Larry", 4, Some(6))],
            moves: vec![Move { who: 0, kind, anchor: Some(anchor) }],
            beat: Beat::Round,
        }
    }

    #[test]
    fn seed_mitch_delays_until_after_larry_and_takes_five() {
        let input = mitch_and_larry(MoveKind::Delay, Anchor::After(1));
        let out = Initiative { input: &input, enters: vec![] }.roll(&mut SeededDice::new(1));
        assert_eq!(standing(&out), [("Larry", 6), ("Mitch", 5)]);
        let delayed = out.order[1].delayed.as_ref().unwrap();
        assert_eq!((delayed.after, delayed.from, delayed.void), (Some("Larry"), 10, false));
        assert!(out.rounds.is_empty());
    }

    #[test]
    fn seed_mitch_readies_against_larry_and_takes_seven() {
        let input = mitch_and_larry(MoveKind::Ready, Anchor::Before(1));
        let out = Initiative { input: &input, enters: vec![] }.roll(&mut SeededDice::new(1));
        assert_eq!(standing(&out), [("Mitch", 7), ("Larry", 6)]);
        assert_eq!(out.order[0].ready.as_ref().unwrap().before, Some("Larry"));
    }

    #[test]
    fn seed_washington_holds_to_strike_before_sanders() {
        let input = InitiativeInput {
            fighters: vec![fighter("Sanders", 5, Some(12)), fighter("Washington", 3, Some(8))],
            moves: vec![Move { who: 1, kind: MoveKind::Hold, anchor: Some(Anchor::Before(0)) }],
            beat: Beat::Round,
        };
        let out = Initiative { input: &input, enters: vec![] }.roll(&mut SeededDice::new(1));
        assert_eq!(standing(&out), [("Sanders", 12), ("Washington", 8)]);
        assert_eq!(out.rounds.len(), 3);
        assert_eq!(turns(&out.rounds[0]), [("Sanders", Some(12))]);
        assert_eq!(out.rounds[0].sits_out[0].reason, SitOutReason::Holds);
        assert_eq!(turns(&out.rounds[1]), [("Washington", Some(13)), ("Sanders", Some(12))]);
        assert!(out.rounds[1].order[0].held);
        assert_eq!((out.rounds[2].round, out.rounds[2].onward), (3, true));
        assert_eq!(turns(&out.rounds[2]), [("Sanders", Some(12)), ("Washington", Some(8))]);
    }

    #[test]
    fn a_hold_without_a_place_may_come_at_any_moment() {
        let input = InitiativeInput {
            fighters: vec![fighter("Sanders", 5, Some(12)), fighter("Washington", 3, Some(8))],
            moves: vec![Move { who: 1, kind: MoveKind::Hold, anchor: None }],
            beat: Beat::Round,
        };
        let out = Initiative { input: &input, enters: vec![] }.roll(&mut SeededDice::new(1));
        assert_eq!(turns(&out.rounds[1]), [("Washington", None), ("Sanders", Some(12))]);
    }

    #[test]
    fn a_delay_that_would_act_earlier_changes_nothing() {
        // Larry already acts after Mitch: delaying until after him is no delay at all.
        let mut input = mitch_and_larry(MoveKind::Delay, Anchor::After(0));
        input.moves[0].who = 1;
        let out = Initiative { input: &input, enters: vec![] }.roll(&mut SeededDice::new(1));
        assert_eq!(standing(&out), [("Mitch", 10), ("Larry", 6)]);
        assert!(out.order[1].delayed.as_ref().unwrap().void);
    }

    #[test]
    fn several_delayers_at_one_moment_go_by_the_tie_rule() {
        let input = InitiativeInput {
            fighters: vec![
                fighter("Mitch", 3, Some(10)),
                fighter("Ann", 6, Some(9)),
                fighter("Larry", 4, Some(6)),
                fighter("Zed", 1, Some(5)),
            ],
            moves: vec![
                Move { who: 0, kind: MoveKind::Delay, anchor: Some(Anchor::After(2)) },
                Move { who: 1, kind: MoveKind::Delay, anchor: Some(Anchor::After(2)) },
            ],
            beat: Beat::Round,
        };
        let out = Initiative { input: &input, enters: vec![] }.roll(&mut SeededDice::new(1));
        // Both take Larry's 6 - 1 = 5; Ann's higher modifier puts her first; Zed's own 5 follows.
        assert_eq!(standing(&out), [("Larry", 6), ("Ann", 5), ("Mitch", 5), ("Zed", 5)]);
        assert_eq!(out.ties.len(), 1);
        assert_eq!(out.ties[0].tie.by, [&MODIFIER]);
        assert_eq!(out.ties[0].kind, TieKind::Moved);
        // Equal modifiers: a roll-off, each order half the time.
        let mut level = input.clone();
        level.fighters[1].modifiers = vec![Modifier::new(3, "init")];
        let odds = Initiative { input: &level, enters: vec![] }.odds(fallback());
        assert_eq!(fractions(&odds, Some("first")), ["Larry first 1"]);
        let dist = enumerate(|d| Initiative { input: &level, enters: vec![] }.roll(d).standing).unwrap();
        let orders: Vec<String> = dist.iter().map(|(o, p)| format!("{o:?} {p}")).collect();
        assert_eq!(orders, ["[2, 0, 1, 3] 1/2", "[2, 1, 0, 3] 1/2"]);
    }

    #[test]
    fn delays_chain_on_moved_anchors() {
        // Ann delays after Larry; Mitch, who rolled lower than Ann, delays after Ann.
        let input = InitiativeInput {
            fighters: vec![fighter("Ann", 2, Some(10)), fighter("Mitch", 2, Some(8)), fighter("Larry", 2, Some(6))],
            moves: vec![
                Move { who: 0, kind: MoveKind::Delay, anchor: Some(Anchor::After(2)) },
                Move { who: 1, kind: MoveKind::Delay, anchor: Some(Anchor::After(0)) },
            ],
            beat: Beat::Round,
        };
        let out = Initiative { input: &input, enters: vec![] }.roll(&mut SeededDice::new(1));
        assert_eq!(standing(&out), [("Larry", 6), ("Ann", 5), ("Mitch", 4)]);
    }

    #[test]
    fn ties_go_to_the_higher_modifier_then_a_roll_off() {
        let input = InitiativeInput {
            fighters: vec![fighter("Low", 2, Some(9)), fighter("High", 5, Some(9)), fighter("Top", 0, Some(11))],
            moves: Vec::new(),
            beat: Beat::Round,
        };
        let out = Initiative { input: &input, enters: vec![] }.roll(&mut SeededDice::new(1));
        assert_eq!(standing(&out), [("Top", 11), ("High", 9), ("Low", 9)]);
        let even = InitiativeInput {
            fighters: vec![fighter("A", 2, Some(9)), fighter("B", 2, Some(9))],
            moves: vec![],
            beat: Beat::Round,
        };
        let odds = Initiative { input: &even, enters: vec![] }.odds(fallback());
        assert_eq!(fractions(&odds, None), ["A, then B 1/2", "B, then A 1/2"]);
    }

    #[test]
    fn rolled_initiative_odds_by_hand() {
        // d10 + 1 against d10 + 0: A wins outright on 55/100 (A's d10 ≥ B's), and when
        // A's d10 + 1 = B's d10 (9/100) A's higher modifier wins too: 64/100 in all.
        let input = InitiativeInput {
            fighters: vec![fighter("A", 1, None), fighter("B", 0, None)],
            moves: vec![],
            beat: Beat::Round,
        };
        let odds = Initiative { input: &input, enters: vec![] }.odds(fallback());
        assert_eq!(fractions(&odds, None), ["A, then B 16/25", "B, then A 9/25"]);
    }

    #[test]
    fn surprised_combatants_enter_in_round_two() {
        let input = InitiativeInput {
            fighters: vec![fighter("Mitch", 5, Some(12)), fighter("Larry", 4, Some(4)), fighter("Thug", 3, Some(9))],
            moves: vec![],
            beat: Beat::Round,
        };
        let out = Initiative { input: &input, enters: vec![1, 2, 1] }.roll(&mut SeededDice::new(1));
        assert_eq!(out.order[2].enters_round, Some(2));
        assert_eq!(out.rounds.len(), 2);
        assert_eq!(turns(&out.rounds[0]), [("Mitch", Some(12)), ("Thug", Some(9))]);
        assert_eq!((out.rounds[1].round, out.rounds[1].onward, out.rounds[1].order.len()), (2, true, 3));
    }

    #[test]
    fn surprise_odds_are_seven_tenths_to_the_pool() {
        // Each alone on its side, so no side-mate's exceptional success can warn them.
        let mut larry = roller("Larry", 1, 1, -3, Stance::Rolls);
        larry.side = "strangers".into();
        let input = SurpriseInput {
            combatants: numbered(vec![
                roller("Mitch", 2, 3, 0, Stance::Rolls),
                larry,
                roller("Thug", 2, 2, 0, Stance::Ambusher),
            ]),
        };
        let odds = Rule::odds(&input, fallback());
        // (7/10)^5 = 16807/100000.
        assert_eq!(fractions(&odds, Some("Mitch")), ["not surprised 83193/100000", "surprised 16807/100000"]);
        // A chance die: surprised on 1-9 (9/10), of which a 1 (1/10) is a dramatic failure.
        assert_eq!(
            fractions(&odds, Some("Larry")),
            ["not surprised 1/10", "surprised 4/5", "surprised, dramatic failure: acts from round 3 1/10"]
        );
        assert_eq!(odds.parts.len(), 2);
    }

    /// Dice that hand out the pools given, in order, and roll nothing else.
    pub(crate) struct Pools(pub(crate) std::vec::IntoIter<Pool>);

    impl Dice for Pools {
        fn roll(&mut self, _: u32, _: u32) -> Roll {
            panic!("no roll expected")
        }
        fn roll_off(&mut self, _: usize, _: u32) -> crate::dice::RollOff {
            panic!("no roll-off expected")
        }
        fn pool(&mut self, size: i32) -> Pool {
            let pool = self.0.next().expect("a pool for every roll");
            assert_eq!(pool.size, size);
            pool
        }
    }

    /// A pool of `size` with `successes` (the faces only for show).
    pub(crate) fn rolled(size: i32, successes: u32, dramatic: bool) -> Pool {
        let face = if dramatic { 1 } else { 5 };
        Pool { size, chance: size < 1, rolls: vec![face; size.max(1) as usize], again: vec![], successes, dramatic }
    }

    /// Mitch, Larry and Ann on the party's side, Bo on the monsters'.
    fn four_rollers() -> SurpriseInput {
        let mut bo = roller("Bo", 1, 1, 0, Stance::Rolls);
        bo.side = "monsters".into();
        SurpriseInput {
            combatants: numbered(vec![
                roller("Mitch", 2, 3, 0, Stance::Rolls),
                roller("Larry", 1, 1, 0, Stance::Rolls),
                roller("Ann", 1, 1, -2, Stance::Rolls),
                bo,
            ]),
        }
    }

    #[test]
    fn an_exceptional_success_warns_the_whole_side() {
        let input = four_rollers();
        let pools = vec![rolled(5, 5, false), rolled(2, 0, false), rolled(0, 0, true), rolled(2, 0, false)];
        let out = Surprise::roll(&input, &mut Pools(pools.into_iter()));
        let c = &out.combatants;
        assert!(c[0].exceptional && !c[0].surprised && c[0].warned_by.is_none());
        // Larry and Ann rolled no success, Ann even a dramatic failure: Mitch's roll warns them.
        assert_eq!((c[1].surprised, c[1].warned_by), (false, Some("Mitch")));
        assert_eq!((c[2].surprised, c[2].dramatic, c[2].warned_by), (false, true, Some("Mitch")));
        // Another side is not warned.
        assert_eq!((c[3].surprised, c[3].warned_by, c[3].enters_round), (true, None, Some(2)));
        assert_eq!(out.surprised, ["Bo"]);
        assert_eq!(out.enters(), [1, 1, 1, 2]);
        // Four successes are not exceptional: Larry and Ann are caught, Ann for two rounds.
        let pools = vec![rolled(5, 4, false), rolled(2, 0, false), rolled(0, 0, true), rolled(2, 1, false)];
        let out = Surprise::roll(&input, &mut Pools(pools.into_iter()));
        assert!(!out.combatants[0].exceptional);
        assert_eq!(out.enters(), [1, 2, 3, 1]);
        assert_eq!(out.surprised, ["Larry", "Ann"]);
    }

    #[test]
    fn a_dramatic_failure_costs_two_rounds() {
        let input = InitiativeInput {
            fighters: vec![fighter("Ann", 3, Some(9)), fighter("Bo", 2, Some(7)), fighter("Cy", 1, Some(5))],
            moves: vec![],
            beat: Beat::Round,
        };
        let out = Initiative { input: &input, enters: vec![3, 1, 2] }.roll(&mut SeededDice::new(1));
        assert_eq!((out.order[0].enters_round, out.order[2].enters_round), (Some(3), Some(2)));
        assert_eq!(out.rounds.len(), 3);
        assert_eq!(turns(&out.rounds[0]), [("Bo", Some(7))]);
        let reasons: Vec<_> = out.rounds[0].sits_out.iter().map(|s| (s.name, s.reason)).collect();
        assert_eq!(reasons, [("Ann", SitOutReason::Surprised), ("Cy", SitOutReason::Surprised)]);
        assert_eq!(turns(&out.rounds[1]), [("Bo", Some(7)), ("Cy", Some(5))]);
        assert_eq!(out.rounds[1].sits_out[0].reason, SitOutReason::DramaticFailure);
        assert_eq!((out.rounds[2].round, out.rounds[2].onward, out.rounds[2].order.len()), (3, true, 3));
        // With a hold as well: round 2 places the held action and still leaves Ann out.
        let mut held = input.clone();
        held.moves = vec![Move { who: 1, kind: MoveKind::Hold, anchor: None }];
        let out = Initiative { input: &held, enters: vec![3, 1, 1] }.roll(&mut SeededDice::new(1));
        assert_eq!(turns(&out.rounds[0]), [("Cy", Some(5))]);
        assert_eq!(turns(&out.rounds[1]), [("Bo", None), ("Cy", Some(5))]);
        assert_eq!(out.rounds.len(), 3);
    }

    /// Each roller's (surprised, dramatic) over every roll of the whole surprise procedure.
    fn enumerated_marginals(input: &SurpriseInput) -> Vec<Vec<String>> {
        let all = enumerate(|d| {
            let out = Surprise::roll(input, d);
            out.combatants.iter().map(|c| (c.surprised, c.dramatic)).collect::<Vec<_>>()
        })
        .unwrap();
        (0..input.combatants.len())
            .map(|i| all.map(|each| each[i]).iter().map(|(c, p)| format!("{} {p}", describe_caught(c).1)).collect())
            .collect()
    }

    #[test]
    fn side_odds_are_the_enumerated_roll() {
        // Every side-mate's roll counts: the odds of each part against the whole procedure
        // walked roll by roll.
        let input = four_rollers();
        let odds = Rule::odds(&input, fallback());
        assert!(odds.exact());
        let expected = enumerated_marginals(&input);
        for (i, name) in ["Mitch", "Larry", "Ann", "Bo"].iter().enumerate() {
            assert_eq!(fractions(&odds, Some(name)), expected[i], "{name}");
        }
        // Bo is alone on his side: two dice, (7/10)^2.
        assert_eq!(fractions(&odds, Some("Bo")), ["not surprised 51/100", "surprised 49/100"]);
        // Ann's dramatic failure is warned away only by an exceptional success beside her.
        assert!(fractions(&odds, Some("Ann"))[1].starts_with("not surprised: warned despite a dramatic failure"));
    }

    #[test]
    fn big_sides_are_estimated() {
        let input = SurpriseInput { combatants: vec![roller("Thug", 1, 1, 0, Stance::Rolls); EXACT_SIDE + 1] };
        let odds = Rule::odds(&input, fallback());
        assert!(!odds.exact());
        assert_eq!(odds.parts.len(), 1);
    }

    #[test]
    fn encounter_round_one_is_the_enumerated_fight() {
        // Two side-mates who may warn each other, and a stranger with a known initiative.
        let mut input = encounter_input(&[Stance::Rolls, Stance::Rolls, Stance::Rolls], &[]);
        input.surprise.combatants[0].wits = 3;
        input.surprise.combatants[1].modifier = -2;
        input.surprise.combatants[2].side = "monsters".into();
        input.initiative.fighters[2].given = Some(5);
        let odds = input.odds(fallback());
        assert!(odds.exact());
        let dist = enumerate(|d| input.roll(d).initiative.round_one).unwrap();
        let mut expected: Vec<String> = dist
            .iter()
            .map(|(k, p)| format!("{} {p}", describe_order(&input.initiative, k, true, "nobody acts in round 1").1))
            .collect();
        let mut got = fractions(&odds, Some("round 1"));
        expected.sort();
        got.sort();
        assert_eq!(got, expected);
    }

    #[test]
    fn ambushers_and_fighters_already_in_combat_do_not_roll() {
        let input = SurpriseInput {
            combatants: vec![roller("Thug", 0, 0, 0, Stance::Ambusher), roller("Guard", 0, 0, 0, Stance::InCombat)],
        };
        let out = Surprise::roll(&input, &mut SeededDice::new(5));
        assert!(out.combatants.iter().all(|c| !c.surprised && c.check.is_none()));
        assert_eq!(fractions(&Rule::odds(&input, fallback()), None), ["nobody can be surprised 1"]);
    }

    #[test]
    fn seeded_pools_fit_the_exact_success_counts() {
        // Five dice, 20 000 pools: each success count against the exact distribution.
        let mut dice = SeededDice::new(11);
        let dist = pool_distribution(5);
        let cap = dist.last().unwrap().0.successes;
        let mut counts = vec![0u32; cap as usize + 1];
        let runs: u32 = 20_000;
        let mut again_dice = 0usize;
        for _ in 0..runs {
            let pool = dice.pool(5);
            assert_eq!(pool.successes as usize, pool.rolls.iter().chain(&pool.again).filter(|&&f| f >= 8).count());
            assert_eq!(pool.again.len(), pool.rolls.iter().chain(&pool.again).filter(|&&f| f == 10).count());
            again_dice += pool.again.len();
            counts[pool.successes.min(cap) as usize] += 1;
        }
        // Bins expected to hold fewer than 5 pools are merged into the last one kept.
        let mut bins: Vec<(f64, f64)> = Vec::new();
        for (pool, p) in &dist {
            let expected = p.to_f64() * f64::from(runs);
            let observed = f64::from(counts[pool.successes as usize]);
            match bins.last_mut() {
                Some(last) if expected < 5.0 => *last = (last.0 + observed, last.1 + expected),
                _ => bins.push((observed, expected)),
            }
        }
        let chi: f64 = bins.iter().map(|(o, e)| (o - e).powi(2) / e).sum();
        // The 0.001 critical values of chi-square for 4 to 8 degrees of freedom.
        let critical = [18.5, 20.5, 22.5, 24.3, 26.1][bins.len() - 5];
        assert!(chi < critical, "chi-square {chi:.1} over {} bins", bins.len());
        // 10-again: each die adds 1/10 + 1/100 + … = 1/9 of a die on average.
        let mean = again_dice as f64 / f64::from(runs);
        assert!((mean - 5.0 / 9.0).abs() < 0.03, "10-again dice per pool {mean}");
    }

    #[test]
    fn seeded_chance_dice_succeed_on_ten_only() {
        let mut dice = SeededDice::new(12);
        let (mut dramatic, mut success, runs) = (0, 0, 30_000);
        for _ in 0..runs {
            let pool = dice.pool(-2);
            assert!(pool.chance && pool.rolls.len() == 1);
            assert_eq!(pool.dramatic, pool.rolls[0] == 1);
            assert_eq!(pool.successes > 0, pool.rolls[0] == 10);
            dramatic += u32::from(pool.dramatic);
            success += u32::from(pool.successes > 0);
        }
        // Each about 1/10: 3 000 ± 3 standard deviations (52).
        assert!((2840..3160).contains(&dramatic), "dramatic {dramatic}");
        assert!((2840..3160).contains(&success), "success {success}");
    }

    fn encounter_input(stances: &[Stance], holds: &[usize]) -> EncounterInput {
        let names = ["Mitch", "Larry", "Thug"];
        EncounterInput {
            surprise: SurpriseInput {
                combatants: numbered(stances.iter().zip(names).map(|(&s, n)| roller(n, 1, 1, 0, s)).collect()),
            },
            initiative: InitiativeInput {
                fighters: stances.iter().zip(names).map(|(_, n)| fighter(n, 0, None)).collect(),
                moves: holds.iter().map(|&who| Move { who, kind: MoveKind::Hold, anchor: None }).collect(),
                beat: Beat::Round,
            },
        }
    }

    #[test]
    fn encounter_round_one_leaves_out_the_surprised() {
        // Two dice each: surprised 49/100. The ambusher never is.
        let input = encounter_input(&[Stance::Rolls, Stance::Ambusher], &[]);
        let odds = input.odds(fallback());
        assert_eq!(fractions(&odds, Some("surprise: Mitch")), ["not surprised 51/100", "surprised 49/100"]);
        // Equal modifiers: an even fight for the standing order.
        assert_eq!(fractions(&odds, Some("order")), ["Mitch, then Larry 1/2", "Larry, then Mitch 1/2"]);
        // Round 1: Larry acts alone when Mitch is surprised (49/100), else the standing order.
        assert_eq!(
            fractions(&odds, Some("round 1")),
            ["Mitch, then Larry 51/200", "Larry 49/100", "Larry, then Mitch 51/200"]
        );
        for part in ["surprise: Mitch", "order", "round 1"] {
            let total = Prob::sum(odds.entries.iter().filter(|e| e.part.as_deref() == Some(part)).map(|e| &e.prob));
            assert_eq!(total, Prob::one(), "{part}");
        }
    }

    #[test]
    fn encounter_holds_of_the_surprised_are_void() {
        let input = encounter_input(&[Stance::Rolls, Stance::Ambusher], &[0]);
        let mut dice = SeededDice::new(3);
        for _ in 0..200 {
            let out = input.roll(&mut dice);
            let mitch = out.initiative.order.iter().find(|p| p.name == "Mitch").unwrap();
            let hold = mitch.holds.as_ref().unwrap();
            assert_eq!(hold.void, out.surprise.combatants[0].surprised);
            assert_eq!(out.initiative.rounds.len(), if hold.void { 2 } else { 3 });
        }
        // Mitch never acts in round 1: surprised or holding.
        let odds = input.odds(fallback());
        assert_eq!(fractions(&odds, Some("round 1")), ["Larry 1"]);
    }

    #[test]
    fn moments_order_before_and_after() {
        let at = |steps: &[i64]| Moment(steps.to_vec());
        assert!(at(&[3, -1]) < at(&[3]));
        assert!(at(&[3]) < at(&[3, 1]));
        assert!(at(&[3, 1]) < at(&[3, 1, 1]));
        assert!(at(&[3, 1, 1]) < at(&[4, -1]));
        assert_eq!(at(&[3]), at(&[3, 0]));
    }
}
