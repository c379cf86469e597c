//! cofd's surprise (CofD 2e p. 89): each unready character's Wits + Composure contested by the
//! ambusher's Dexterity + Stealth, rolled through wod's pools, and its odds.

use crate::dice::Dice;
use crate::odds::{Dist, Fallback, Method, Odds};
use crate::outcome::{is_zero, join};
use crate::prob::Prob;
use crate::rulesets::family::storyteller::pool::{Pool, PoolCounts, PoolDice, pool_cap};
use crate::rulesets::family::storyteller::{
    Acts, Branches, Check, Roller, Stance, Surprise, Surprised, check, dice_words, group_part, pool_paths,
    roller_groups,
};
use num_bigint::BigUint;
use serde::Serialize;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::ops::Not;

/// An ambusher's Dexterity + Stealth.
#[derive(Clone, Debug, Serialize)]
pub struct Stealth {
    pub dex: i32,
    pub stealth: i32,
    /// CofD 2e, Skills: a roll on a Physical Skill without dots takes −1.
    #[serde(skip_serializing_if = "is_zero")]
    pub untrained: i32,
    #[serde(rename = "mod", skip_serializing_if = "is_zero")]
    pub modifier: i32,
    /// The pool: Dexterity + Stealth, the penalty and the modifier (below 1, a chance die).
    pub dice: i32,
}

impl Stealth {
    pub fn new(dex: i32, stealth: i32, modifier: i32) -> Stealth {
        let untrained = if stealth == 0 { -1 } else { 0 };
        Stealth { dex, stealth, untrained, modifier, dice: dex + stealth + untrained + modifier }
    }
}

#[derive(Clone, Debug)]
pub struct SurpriseInput {
    /// Everyone in the order given: the rollers, the ambushers and those who expect the attack.
    pub combatants: Vec<Roller>,
    /// Each ambusher's Dexterity + Stealth, by combatant index; `None` for the others.
    pub stealth: Vec<Option<Stealth>>,
}

impl SurpriseInput {
    /// The ambusher whose pool every roller faces: the biggest, the first listed among equals.
    pub fn ambusher(&self) -> Option<usize> {
        let mut best: Option<(usize, i32)> = None;
        for (i, stealth) in self.stealth.iter().enumerate() {
            if let Some(s) = stealth
                && best.is_none_or(|(_, dice)| s.dice > dice)
            {
                best = Some((i, s.dice));
            }
        }
        best.map(|(i, _)| i)
    }

    /// The dice of the ambush pool, if anyone lies in wait.
    fn ambush_dice(&self) -> Option<i32> {
        self.ambusher().and_then(|i| self.stealth[i].as_ref()).map(|s| s.dice)
    }
}

/// How a contested surprise roll ends for the one caught in the open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Contest {
    /// More successes than the ambusher.
    Holds,
    /// As many successes as the ambusher.
    Tie,
    /// Fewer successes: surprised.
    Surprised,
}

/// CofD 2e p. 89 (Surprise): Wits + Composure contested by the ambusher's Dexterity + Stealth,
/// and in a contested action the side with more successes wins. Our ruling on equal successes
/// (the book gives none for surprise): a tie is no win for the ambusher, so nobody is surprised.
pub fn contest(defender: u32, ambusher: u32) -> Contest {
    match ambusher.cmp(&defender) {
        Ordering::Greater => Contest::Surprised,
        Ordering::Equal => Contest::Tie,
        Ordering::Less => Contest::Holds,
    }
}

/// The ambusher whose pool the rollers face.
#[derive(Clone, Debug, Serialize)]
pub struct Ambush<'a> {
    pub name: &'a str,
    pub side: &'a str,
    /// Its Dexterity + Stealth pool, rolled afresh against each roller.
    pub dice: i32,
}

#[derive(Clone, Debug, Serialize)]
pub struct CombatantSurprise<'a> {
    pub name: &'a str,
    pub side: &'a str,
    /// On the first side, the party's: the text colours its surprise as the party takes it.
    #[serde(skip)]
    pub party: bool,
    pub stance: Stance,
    /// An ambusher's Dexterity + Stealth.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub stealth: Option<&'a Stealth>,
    /// A roller's Wits + Composure: its `pool` and `successes`.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub check: Option<Check>,
    /// The ambusher's Dexterity + Stealth, rolled against this roller.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub against: Option<Pool>,
    /// As many successes as the ambusher: not surprised (our ruling).
    #[serde(skip_serializing_if = "Not::not")]
    pub tie: bool,
    /// Fewer successes than the ambusher: no action and no Defense in turn 1.
    pub surprised: bool,
    /// Its chance die came up 1.
    #[serde(skip_serializing_if = "Not::not")]
    pub dramatic: bool,
    /// Surprised: the turn it first acts in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enters_round: Option<u32>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SurpriseOutcome<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ambush: Option<Ambush<'a>>,
    pub combatants: Vec<CombatantSurprise<'a>>,
    /// The names of the surprised, in the order given.
    pub surprised: Vec<&'a str>,
}

impl Surprised for SurpriseOutcome<'_> {
    /// CofD 2e p. 89: the surprised act from turn 2.
    fn enters(&self) -> Vec<u32> {
        self.combatants.iter().map(|c| if c.surprised { 2 } else { 1 }).collect()
    }

    fn surprised(&self) -> &[&str] {
        &self.surprised
    }
}

/// A contest as the odds see it: decided, or turning on more successes than were followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    Decided(Contest),
    Undetermined,
}

/// Every count of a pool: (successes, whether it stands for that many or more, its outcomes).
fn counts(pool: &PoolCounts) -> Vec<(u32, bool, &BigUint)> {
    let cap = pool.exact.len() as u32;
    pool.exact.iter().enumerate().map(|(s, c)| (s as u32, false, c)).chain([(cap, true, &pool.rest)]).collect()
}

/// The contest of a `defender`-dice Wits + Composure against an `ambusher`-dice Dexterity +
/// Stealth, exactly: the sum over both pools' success counts. 10-again is followed to a few
/// successes past each pool's size; a pair whose verdict turns on more is undetermined.
pub fn contest_odds(defender: i32, ambusher: i32) -> Dist<Verdict> {
    contest_of(&PoolCounts::of(defender), &PoolCounts::of(ambusher))
}

/// [`contest_odds`] from both pools' counts, summed in whole outcomes.
fn contest_of(defence: &PoolCounts, ambush: &PoolCounts) -> Dist<Verdict> {
    let mut sums: BTreeMap<Verdict, BigUint> = BTreeMap::new();
    for (d, d_more, pd) in counts(defence) {
        for (a, a_more, pa) in counts(ambush) {
            // A count that stands for "or more" decides only when the verdict is the same at
            // both ends of its range: the count itself, and past the other roll.
            let verdict = match (d_more, a_more) {
                (false, false) => Some(contest(d, a)),
                (true, false) => Some(contest(d, a)).filter(|&v| v == contest(d.max(a) + 1, a)),
                (false, true) => Some(contest(d, a)).filter(|&v| v == contest(d, a.max(d) + 1)),
                (true, true) => None,
            };
            *sums.entry(verdict.map_or(Verdict::Undetermined, Verdict::Decided)).or_default() += pd * pa;
        }
    }
    let outcomes = &defence.outcomes * &ambush.outcomes;
    Dist::from_pairs(sums.iter().map(|(v, n)| (*v, Prob::ratio(n, &outcomes))))
}

/// A group's contest as the odds give it: both unknown when it is undetermined.
#[derive(Clone, Copy, Debug, Serialize)]
struct Contested {
    surprised: Option<bool>,
    tie: Option<bool>,
}

impl Contested {
    const NOT_SURPRISED: Contested = Contested { surprised: Some(false), tie: Some(false) };
}

fn describe_verdict(v: &Verdict) -> (Contested, String) {
    let decided = |surprised, tie| Contested { surprised: Some(surprised), tie: Some(tie) };
    match v {
        Verdict::Decided(Contest::Holds) => (Contested::NOT_SURPRISED, "not surprised".into()),
        Verdict::Decided(Contest::Tie) => (decided(false, true), "tie: not surprised".into()),
        Verdict::Decided(Contest::Surprised) => (decided(true, false), "surprised".into()),
        Verdict::Undetermined => {
            (Contested { surprised: None, tie: None }, "undetermined: past the successes followed".into())
        }
    }
}

/// Each roller group's contest against the `ambush` pool, worked out once per pool size (a
/// cast of thousands has a few sizes).
fn group_contests(rollers: &[Roller], groups: &[(usize, usize)], ambush: i32) -> Vec<Dist<Verdict>> {
    let ambush = PoolCounts::of(ambush);
    let mut by_size: BTreeMap<i32, Dist<Verdict>> = BTreeMap::new();
    groups
        .iter()
        .map(|&(first, _)| {
            let size = rollers[first].pool_size();
            by_size.entry(size).or_insert_with(|| contest_of(&PoolCounts::of(size), &ambush)).clone()
        })
        .collect()
}

/// The contested roll as the encounter chains it: surprise first, then initiative as usual.
impl Surprise for SurpriseInput {
    type Outcome<'a> = SurpriseOutcome<'a>;

    /// CofD 2e p. 89: each character who does not expect the attack rolls Wits + Composure against
    /// the ambusher's Dexterity + Stealth (the best pool, rolled once for each); the loser cannot act
    /// in the first turn and has no Defense in it.
    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> SurpriseOutcome<'a> {
        let input = self;
        let ambush_dice = input.ambush_dice();
        let ambush = input.ambusher().map(|i| {
            let roller = &input.combatants[i];
            Ambush { name: &roller.name, side: &roller.side, dice: ambush_dice.unwrap_or(0) }
        });
        let combatants: Vec<CombatantSurprise<'a>> = input
            .combatants
            .iter()
            .zip(&input.stealth)
            .map(|(roller, stealth)| {
                let rolled = match (roller.stance, ambush_dice) {
                    (Stance::Rolls, Some(size)) => {
                        let check = check(roller, dice);
                        let against = dice.pool(size);
                        Some((check, against))
                    }
                    _ => None,
                };
                let verdict = rolled.as_ref().map(|(check, against)| contest(check.successes, against.successes));
                let surprised = verdict == Some(Contest::Surprised);
                let dramatic = rolled.as_ref().is_some_and(|(check, _)| check.pool.dramatic);
                let (check, against) = rolled.unzip();
                CombatantSurprise {
                    name: &roller.name,
                    side: &roller.side,
                    party: roller.party,
                    stance: roller.stance,
                    stealth: stealth.as_ref(),
                    check,
                    against,
                    tie: verdict == Some(Contest::Tie),
                    surprised,
                    dramatic,
                    enters_round: surprised.then_some(2),
                }
            })
            .collect();
        let surprised = combatants.iter().filter(|c| c.surprised).map(|c| c.name).collect();
        SurpriseOutcome { ambush, combatants, surprised }
    }

    /// One part per roller group (`Thug 1-3` for a group's members, who roll alike), each the
    /// contest against the ambush pool.
    fn push_odds(&self, odds: &mut Odds, in_encounter: bool, fallback: Fallback) {
        let exact = Method::exact(fallback);
        let groups = roller_groups(&self.combatants);
        let Some(ambush) = self.ambush_dice().filter(|_| !groups.is_empty()) else {
            let part = in_encounter.then_some("surprise");
            odds.push(part, "surprise: nobody rolls", &Dist::point(()), exact, |_| {
                (Contested::NOT_SURPRISED, "nobody can be surprised".into())
            });
            return;
        };
        let mut sizes: Vec<i32> = vec![ambush];
        let contests = group_contests(&self.combatants, &groups, ambush);
        for (&group, contest) in groups.iter().zip(&contests) {
            let size = self.combatants[group.0].pool_size();
            let dice = format!("{} against {}", dice_words(size), dice_words(ambush));
            let (part, title) = group_part(&self.combatants, group, &dice, in_encounter);
            odds.push(Some(&part), title, contest, exact, describe_verdict);
            sizes.push(size.max(0));
        }
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        sizes.dedup();
        let followed: Vec<String> = sizes
            .iter()
            .enumerate()
            .map(|(k, &size)| {
                let what = if k == 0 { " successes" } else { "" };
                let dice = if size < 1 { "a chance die".to_string() } else { dice_words(size) };
                format!("{}{what} on {dice}", pool_cap(size))
            })
            .collect();
        odds.note(format!(
            "10-again is followed to {}; a contest that turns on more is undetermined",
            join(&followed.iter().map(String::as_str).collect::<Vec<_>>())
        ));
    }

    /// The rollers' contests are independent (the ambush pool is rolled afresh for each), so
    /// turn 1 is one branch.
    fn round_one(&self, _: Fallback, _: &mut Method) -> Option<Branches> {
        let rollers = &self.combatants;
        let mut acts: Acts = vec![Dist::point(Some(true)); rollers.len()];
        if let Some(ambush) = self.ambush_dice() {
            let groups = roller_groups(rollers);
            for ((first, count), contest) in groups.iter().copied().zip(group_contests(rollers, &groups, ambush)) {
                let contest = contest.map(|v| match v {
                    Verdict::Decided(c) => Some(*c != Contest::Surprised),
                    Verdict::Undetermined => None,
                });
                for slot in &mut acts[first..first + count] {
                    *slot = contest.clone();
                }
            }
        }
        Some(vec![(Prob::one(), acts)])
    }

    /// Each roller's Wits + Composure and the ambush pool rolled against it.
    fn paths(&self) -> u128 {
        let Some(ambush) = self.ambush_dice() else { return 1 };
        let rollers = self.combatants.iter().filter(|r| r.stance == Stance::Rolls);
        pool_paths(rollers.flat_map(|r| [r.pool_size(), ambush]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::family::storyteller::fixtures::{Pools, rolled};

    fn roller(name: &str, wits: i32, composure: i32, stance: Stance) -> Roller {
        Roller {
            name: name.into(),
            side: if stance == Stance::Ambusher { "monsters" } else { "party" }.into(),
            party: stance != Stance::Ambusher,
            group: name.into(),
            entry: 0,
            wits,
            composure,
            modifier: 0,
            stance,
        }
    }

    fn ambush(rollers: Vec<(Roller, Option<Stealth>)>) -> SurpriseInput {
        let (mut combatants, stealth): (Vec<Roller>, Vec<Option<Stealth>>) = rollers.into_iter().unzip();
        for (i, r) in combatants.iter_mut().enumerate() {
            r.entry = i;
        }
        SurpriseInput { combatants, stealth }
    }

    fn fractions(dist: &Dist<Verdict>) -> Vec<String> {
        dist.iter().map(|(v, p)| format!("{} {p}", describe_verdict(v).1)).collect()
    }

    #[test]
    fn more_successes_win_and_a_tie_is_no_win_for_the_ambusher() {
        assert_eq!(contest(2, 3), Contest::Surprised);
        assert_eq!(contest(2, 2), Contest::Tie);
        assert_eq!(contest(0, 0), Contest::Tie);
        assert_eq!(contest(1, 0), Contest::Holds);
        let input = ambush(vec![
            (roller("Mitch", 2, 3, Stance::Rolls), None),
            (roller("Larry", 1, 1, Stance::Rolls), None),
            (roller("Ann", 1, 1, Stance::Rolls), None),
            (roller("Thug", 2, 2, Stance::Ambusher), Some(Stealth::new(3, 2, 0))),
            (roller("Guard", 2, 2, Stance::InCombat), None),
        ]);
        // Each roller's pool, then the ambusher's five dice against it.
        let pools = vec![
            rolled(5, 1, false),
            rolled(5, 2, false),
            rolled(2, 1, false),
            rolled(5, 1, false),
            rolled(2, 0, false),
            rolled(5, 0, false),
        ];
        let out = Surprise::roll(&input, &mut Pools(pools.into_iter()));
        let verdicts: Vec<(bool, bool)> = out.combatants.iter().map(|c| (c.surprised, c.tie)).collect();
        assert_eq!(verdicts, [(true, false), (false, true), (false, true), (false, false), (false, false)]);
        assert_eq!(out.surprised, ["Mitch"]);
        assert_eq!(out.enters(), [2, 1, 1, 1, 1]);
        assert_eq!(out.ambush.as_ref().map(|a| (a.name, a.dice)), Some(("Thug", 5)));
        assert!(out.combatants[3].against.is_none() && out.combatants[4].check.is_none());
    }

    #[test]
    fn the_best_pool_ambushes_and_stealth_without_dots_costs_a_die() {
        assert_eq!(Stealth::new(3, 0, 0).dice, 2);
        assert_eq!(Stealth::new(2, 1, -1).dice, 2);
        let input = ambush(vec![
            (roller("Ghoul", 2, 2, Stance::Ambusher), Some(Stealth::new(4, 0, 0))),
            (roller("Thug", 2, 2, Stance::Ambusher), Some(Stealth::new(2, 1, 0))),
            (roller("Boss", 2, 2, Stance::Ambusher), Some(Stealth::new(1, 1, 0))),
        ]);
        // Ghoul's 4 - 1 = 3 and Thug's 3 are level: the first listed lies in wait.
        assert_eq!(input.ambusher(), Some(0));
        assert_eq!(input.ambush_dice(), Some(3));
    }

    #[test]
    fn chance_dice_contest_too() {
        // A chance die against a chance die: 10 succeeds (1/10 each); both fail or both hit
        // ties, so the ambusher wins only with a 10 against no 10 (9/100), plus longer chains.
        let dist = contest_odds(0, -1);
        let surprised = dist.prob(|v| *v == Verdict::Decided(Contest::Surprised));
        assert!(surprised > Prob::new(9, 100) && surprised < Prob::new(91, 1000), "{surprised}");
        // A dramatic failure is still only no success: a tie against an ambusher's none.
        let input = ambush(vec![
            (roller("Larry", 0, 0, Stance::Rolls), None),
            (roller("Thug", 2, 2, Stance::Ambusher), Some(Stealth::new(1, 0, 0))),
        ]);
        let out = Surprise::roll(&input, &mut Pools(vec![rolled(0, 0, true), rolled(0, 0, false)].into_iter()));
        assert!(out.combatants[0].dramatic && out.combatants[0].tie && !out.combatants[0].surprised);
    }

    #[test]
    fn one_die_against_one_is_twelve_in_fifty_five() {
        // Each die: no success 7/10, s successes 27/100 (1/10)^(s-1). Equal counts: 49/100 +
        // (27/100)^2 / (1 - 1/100) = 31/55; the rest splits evenly, 12/55 each way.
        let dist = contest_odds(1, 1);
        let p = |c: Contest| dist.prob(|v| *v == Verdict::Decided(c));
        let undetermined = dist.prob(|v| *v == Verdict::Undetermined);
        assert!(undetermined > Prob::zero() && undetermined < Prob::new(1, 1_000_000_000));
        for (contest, exact) in [(Contest::Surprised, Prob::new(12, 55)), (Contest::Tie, Prob::new(31, 55))] {
            assert!(p(contest) <= exact && exact <= p(contest).add(&undetermined), "{contest:?}");
        }
        assert_eq!(dist.total(), Prob::one());
        assert_eq!(fractions(&dist).len(), 4);
    }

    #[test]
    fn contest_odds_are_the_enumerated_roll_where_both_stay_under_the_cap() {
        // The enumerating twin walks the roll itself; its lumped top counts are compared as if
        // exact, so the two agree wherever neither pool reaches its cap.
        let input = ambush(vec![
            (roller("Mitch", 1, 1, Stance::Rolls), None),
            (roller("Thug", 2, 2, Stance::Ambusher), Some(Stealth::new(1, 2, 0))),
        ]);
        let walked = crate::odds::enumerate(|d| {
            let out = Surprise::roll(&input, d);
            let c = &out.combatants[0];
            let capped = c.check.as_ref().is_some_and(|k| k.successes >= 6)
                || c.against.as_ref().is_some_and(|a| a.successes >= 7);
            (capped, c.surprised, c.tie)
        })
        .unwrap();
        let odds = contest_odds(2, 3);
        let walked_of =
            |surprised: bool, tie: bool| walked.prob(|&(capped, s, t)| !capped && s == surprised && t == tie);
        let lumped = walked.prob(|&(capped, ..)| capped);
        for (contest, surprised, tie) in
            [(Contest::Surprised, true, false), (Contest::Tie, false, true), (Contest::Holds, false, false)]
        {
            let exact = odds.prob(|v| *v == Verdict::Decided(contest));
            let under = walked_of(surprised, tie);
            assert!(under <= exact && exact <= under.add(&lumped), "{contest:?}");
        }
    }
}
