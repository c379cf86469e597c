//! The encounter: the surprise roll, then the initiative of the fight, chained.

use super::{budgets::*, fight::*, initiative::*, initiative_odds::*, surprise::*};
use crate::dice::Dice;
use crate::odds::{Dist, Fallback, Method, Odds, PATH_BUDGET, enumerate};
use crate::order::Settle;
use crate::order::round_one::{first_over_branches, walk};
use crate::prob::Prob;
use crate::rulesets::Rule;
use serde::Serialize;

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

/// Who acts first in round 1 beyond three fighters, branch by branch of the surprise rolls
/// ([`first_over_branches`]): the surprised and the holders sit it out, and delays and readied
/// actions wait on their anchors. `None` when the ranking is too large to work out exactly (then
/// whole fights are run).
fn round_one_first(
    fighters: &InitiativeInput,
    branches: &Branches,
    method: Method,
) -> Option<(Dist<RoundOne>, Method)> {
    let holds = holders(fighters);
    let sits_out: Vec<bool> =
        (0..fighters.fighters.len()).map(|i| holds[i] || fighters.fighters[i].surprised).collect();
    let waits = moved(fighters).then(|| waits(fighters));
    let rivals = rivals(fighters, |_| Prob::one());
    let first = first_over_branches(&rivals, Settle::RollOff(10), waits.as_deref(), &sits_out, branches)?;
    Some((first, method))
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

/// The parts of a fight that follows a surprise roll: the acting order, and round 1, which
/// leaves out the surprised and the holders. `branches` give who acts in round 1 (see
/// [`Acts`]), reached by `method`; without them, or when the initiative rolls are too many to
/// enumerate, whole fights are run with `run`, walked only while its surprise roll's
/// `surprise_paths` and the initiative rolls make few paths. `standing_listed`: the standing
/// order's parts are already pushed (who acts first and each one's place), so only round 1 is.
#[allow(clippy::too_many_arguments)]
pub(super) fn push_fight_parts<'a>(
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
        Some(branches) if paths <= FIGHT_PATHS => match enumerate(|d| {
            Initiative { input: fighters, enters: vec![] }.roll(d).standing
        }) {
            Ok(standing) if standing.len() * branches.len() * n <= ROUND_ONE_WALK => {
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
        let walk = paths <= FIGHT_PATHS && paths.saturating_mul(surprise_paths) <= PATH_BUDGET as u128;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::odds::enumerate;
    use crate::prob::Prob;
    use crate::rulesets::family::storyteller::fixtures::*;

    #[test]
    fn encounter_round_one_is_the_enumerated_fight() {
        // Two side-mates who may warn each other, and a stranger with a known initiative.
        let mut input = encounter_input(&[Stance::Rolls, Stance::Rolls, Stance::Rolls], &[]);
        input.surprise.combatants[0].wits = 3;
        input.surprise.combatants[1].modifier = -2;
        input.surprise.combatants[2].side = "monsters".into();
        input.surprise.combatants[2].party = false;
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
}
