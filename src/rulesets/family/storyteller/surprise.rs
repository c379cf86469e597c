//! Surprise (seed 003): a Wits + Composure pool for each combatant, its grade, and the round it
//! enters the fight; with the odds of who is caught, side by side.

use super::budgets::*;
use super::pool::{Pool, PoolDice, pool_outcomes};
use crate::dice::Dice;
use crate::odds::{Dist, Fallback, Method, Odds, dist_of, simulate};
use crate::outcome::is_zero;
use crate::prob::Prob;
use crate::render::{Palette, Report};
use crate::rulesets::Rule;
use serde::Serialize;
use std::ops::Not;

/// Dots in a trait the combatant does not give: two, an ordinary person's.
pub const DEFAULT_DOTS: i32 = 2;

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
    /// On the first side, the party's: the text colours its surprise as the party takes it.
    pub party: bool,
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
    /// Whether `name`'s roll was a dramatic failure.
    fn dramatic(&self, name: &str) -> bool {
        let _ = name;
        false
    }
}

/// A surprise roll that an encounter chains into initiative: wod's own, or the roll of a
/// ruleset built on these rules (cofd's contest).
/// The lines of a surprise roll: its own report, and the encounter's first step.
pub trait SurpriseLines {
    fn lines(&self, p: &Palette) -> Vec<String>;
}

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
    /// The paths [`enumerate`](crate::odds::enumerate) would walk through the roll's dice (saturating).
    fn paths(&self) -> u128;
}

/// The paths of a roll that rolls each of `pools` once, walked by [`enumerate`](crate::odds::enumerate) (saturating).
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
    /// On the first side, the party's: the text colours its surprise as the party takes it.
    #[serde(skip)]
    pub party: bool,
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

/// A roller's surprise as the odds give it (keys in alphabetical order, as the odds have always
/// written them).
#[derive(Clone, Copy, Debug, Serialize)]
struct CaughtOutcome {
    dramatic: bool,
    surprised: bool,
}

fn describe_caught(&(surprised, dramatic): &Caught) -> (CaughtOutcome, String) {
    let label = match (surprised, dramatic) {
        (false, false) => "not surprised",
        (false, true) => "not surprised: warned despite a dramatic failure",
        (true, false) => "surprised",
        (true, true) => "surprised, dramatic failure: acts from round 3",
    };
    (CaughtOutcome { dramatic, surprised }, label.into())
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

/// Whether each combatant acts in round 1 within one branch of the surprise rolls (`None` where
/// the roll is undetermined, past the successes followed), and the branches with their chances.
pub use crate::order::round_one::{Acts, Branches};

impl Surprised for SurpriseOutcome<'_> {
    fn enters(&self) -> Vec<u32> {
        self.combatants.iter().map(|c| c.enters_round.unwrap_or(1)).collect()
    }

    fn surprised(&self) -> &[&str] {
        &self.surprised
    }

    fn dramatic(&self, name: &str) -> bool {
        self.combatants.iter().any(|c| c.name == name && c.dramatic)
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
                    party: roller.party,
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
                (CaughtOutcome { dramatic: false, surprised: false }, "nobody can be surprised".into())
            });
            return;
        }
        let mut method = Method::exact(fallback);
        let (caught, method) = match caught_dists(rollers, &groups, fallback, &mut method) {
            Some(caught) => (caught, method),
            None => {
                let fallback = WOD_FIGHT_ESTIMATE.fallback(fallback, rollers.len());
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

#[cfg(test)]
mod tests {
    use super::super::pool::pool_distribution;
    use super::*;
    use crate::dice::SeededDice;
    use crate::odds::enumerate;
    use crate::rulesets::family::storyteller::fixtures::*;
    use crate::rulesets::family::storyteller::{fight::*, initiative::*};

    #[test]
    fn surprise_odds_are_seven_tenths_to_the_pool() {
        // Each alone on its side, so no side-mate's exceptional success can warn them.
        let mut larry = roller("Larry", 1, 1, -3, Stance::Rolls);
        larry.side = "strangers".into();
        larry.party = false;
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

    /// Mitch, Larry and Ann on the party's side, Bo on the monsters'.
    fn four_rollers() -> SurpriseInput {
        let mut bo = roller("Bo", 1, 1, 0, Stance::Rolls);
        bo.side = "monsters".into();
        bo.party = false;
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
}
