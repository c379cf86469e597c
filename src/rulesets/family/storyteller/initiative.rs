//! Initiative (seed 003): d10 + modifier once for the fight, with delayed, readied and held
//! actions, and the surprised entering late.

use super::{budgets::*, fight::*, initiative_odds::*, moves::*};
use crate::dice::Dice;
use crate::odds::{Fallback, Method, Odds};
use crate::order::odds::standings;
use crate::prob::Prob;
use crate::rulesets::Rule;
use std::cmp::Reverse;

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
        let input = self.input;
        let combatants = roll_totals(input, dice);
        let rolled: Vec<i32> = combatants.iter().map(|c| c.initiative).collect();
        let moves = input.move_by_fighter();
        let entries = Entries::new(input, &self.enters, &moves);
        let mut ties = Vec::new();
        let standing = Standing::place(input, &moves, &rolled, dice, &mut ties);
        let second = entries
            .holds
            .contains(&true)
            .then(|| RoundTwo::place(input, &moves, &entries.holds, &standing, dice, &mut ties));
        let rounds = differing_rounds(input, &entries, &standing, second.as_ref());
        let order = places(input, &moves, &entries, &rolled, &standing);
        let round_one = standing.order.iter().copied().filter(|&i| !entries.sits_out(i, 1)).collect();
        InitiativeOutcome { combatants, ties, order, rounds, standing: standing.order, round_one, beat: input.beat }
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
            d10_paths(input.rollers()) <= FIGHT_PATHS,
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

/// Each combatant's d10 + modifier, or the total it was given.
fn roll_totals<'i>(input: &'i InitiativeInput, dice: &mut dyn Dice) -> Vec<FighterRoll<'i>> {
    input
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
        .collect()
}

/// A combatant's held action, if it holds one.
fn holding<'m>(moves: &[Option<&'m Move>], i: usize) -> Option<&'m Move> {
    moves[i].filter(|m| m.kind == MoveKind::Hold)
}

/// When each combatant first acts: the round it enters, and whether it holds round 1's action.
struct Entries {
    first_round: Vec<u32>,
    /// A held action, unless its holder is surprised (and so has no round 1 to give up).
    holds: Vec<bool>,
}

impl Entries {
    fn new(input: &InitiativeInput, enters: &[u32], moves: &[Option<&Move>]) -> Entries {
        let first_round: Vec<u32> = (0..input.fighters.len())
            .map(|i| enters.get(i).copied().unwrap_or(1).max(1 + u32::from(input.fighters[i].surprised)))
            .collect();
        let holds = (0..first_round.len()).map(|i| holding(moves, i).is_some() && first_round[i] <= 1).collect();
        Entries { first_round, holds }
    }

    fn is_surprised(&self, i: usize) -> bool {
        self.first_round[i] > 1
    }

    fn sits_out(&self, i: usize, round: u32) -> bool {
        self.first_round[i] > round || (round == 1 && self.holds[i])
    }

    /// The rounds that differ from the standing order: those someone sits out, and round 2 of a hold.
    fn differing(&self) -> u32 {
        let last_late = self.first_round.iter().copied().max().unwrap_or(1) - 1;
        last_late.max(if self.holds.contains(&true) { 2 } else { 0 })
    }
}

/// The standing acting order: the rolled order with delays and readied actions placed beside
/// their anchors, and each combatant's moment and total in it.
struct Standing {
    order: Vec<usize>,
    /// Empty when nobody moved.
    moment: Vec<Moment>,
    total: Vec<i32>,
    /// A wait that would have acted earlier than its own turn, and so changed nothing.
    void: Vec<bool>,
}

impl Standing {
    fn place<'i>(
        input: &'i InitiativeInput,
        moves: &[Option<&Move>],
        rolled: &[i32],
        dice: &mut dyn Dice,
        ties: &mut Vec<MomentTie<'i>>,
    ) -> Standing {
        let n = input.fighters.len();
        // The rolled order: highest total first, ties by the tie rule.
        let everyone: Vec<usize> = (0..n).collect();
        let base = order_by(&everyone, |i| rolled[i], rolled, TieKind::Initiative, input, dice, ties);
        if input.moves.is_empty() {
            return Standing { order: base, moment: Vec::new(), total: rolled.to_vec(), void: vec![false; n] };
        }
        let mut position = vec![0usize; n];
        for (k, &i) in base.iter().enumerate() {
            position[i] = k;
        }
        let mut memo = vec![None; n];
        let (mut moment, mut total, mut void) = (Vec::with_capacity(n), rolled.to_vec(), vec![false; n]);
        for i in 0..n {
            let r = resolve(i, input, moves, &position, rolled, &mut memo, 0);
            moment.push(r.moment);
            total[i] = r.total;
            void[i] = r.void;
        }
        // Earlier moments first.
        let order = order_by(&everyone, |i| Reverse(&moment[i]), &total, TieKind::Moved, input, dice, ties);
        Standing { order, moment, total, void }
    }
}

/// Round 2 with the held actions placed: its order, and each combatant's total in it (none for
/// a hold that may come at any moment).
struct RoundTwo {
    order: Vec<usize>,
    total: Vec<Option<i32>>,
}

impl RoundTwo {
    fn place<'i>(
        input: &'i InitiativeInput,
        moves: &[Option<&Move>],
        holds: &[bool],
        standing: &Standing,
        dice: &mut dyn Dice,
        ties: &mut Vec<MomentTie<'i>>,
    ) -> RoundTwo {
        let mut moment = standing.moment.clone();
        let mut total: Vec<Option<i32>> = standing.total.iter().map(|&t| Some(t)).collect();
        for i in (0..holds.len()).filter(|&i| holds[i]) {
            match holding(moves, i).and_then(|m| m.anchor) {
                Some(anchor) => {
                    let other = anchor.other();
                    moment[i] = standing.moment[other].beside(anchor);
                    total[i] = Some(match anchor {
                        Anchor::After(_) => standing.total[other] - 1,
                        Anchor::Before(_) => standing.total[other] + 1,
                    });
                }
                None => {
                    moment[i] = Moment(vec![-1]);
                    total[i] = None;
                }
            }
        }
        let order = round_two(&standing.order, &moment, &total, holds, input, dice, ties);
        RoundTwo { order, total }
    }
}

/// The rounds that differ from the standing order, each with who sits it out and why, then the
/// standing order from the first round that keeps it.
fn differing_rounds<'i>(
    input: &'i InitiativeInput,
    entries: &Entries,
    standing: &Standing,
    second: Option<&RoundTwo>,
) -> Vec<RoundOrder<'i>> {
    let turn = |i: usize, total: Option<i32>, held: bool| Turn { name: &input.fighters[i].name, total, held };
    let differing = entries.differing();
    let mut rounds = Vec::new();
    for round in 1..=differing {
        let (order, totals, held) = match (second, round) {
            (Some(two), 2) => (&two.order, two.total.clone(), true),
            _ => (&standing.order, standing.total.iter().map(|&t| Some(t)).collect(), false),
        };
        rounds.push(RoundOrder {
            round,
            onward: false,
            order: order
                .iter()
                .filter(|&&i| !entries.sits_out(i, round))
                .map(|&i| turn(i, totals[i], held && entries.holds[i]))
                .collect(),
            sits_out: standing
                .order
                .iter()
                .filter(|&&i| entries.sits_out(i, round))
                .map(|&i| SitOut {
                    name: &input.fighters[i].name,
                    reason: match (round, entries.holds[i]) {
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
            order: standing.order.iter().map(|&i| turn(i, Some(standing.total[i]), false)).collect(),
            sits_out: Vec::new(),
        });
    }
    rounds
}

/// The standing order as the outcome shows it: each place with its total and what moved it.
fn places<'i>(
    input: &'i InitiativeInput,
    moves: &[Option<&Move>],
    entries: &Entries,
    rolled: &[i32],
    standing: &Standing,
) -> Vec<Place<'i>> {
    let name_of = |o: usize| input.fighters[o].name.as_str();
    standing
        .order
        .iter()
        .map(|&i| {
            let mv = moves[i];
            let waiting = |kind: MoveKind| {
                mv.filter(|m| m.kind == kind).and_then(|m| m.anchor).map(|anchor| Waiting {
                    after: matches!(anchor, Anchor::After(_)).then(|| name_of(anchor.other())),
                    before: matches!(anchor, Anchor::Before(_)).then(|| name_of(anchor.other())),
                    from: rolled[i],
                    void: standing.void[i],
                })
            };
            Place {
                name: &input.fighters[i].name,
                total: standing.total[i],
                modifier: input.fighters[i].modifier(),
                enters_round: entries.is_surprised(i).then(|| entries.first_round[i]),
                delayed: waiting(MoveKind::Delay),
                ready: waiting(MoveKind::Ready),
                holds: holding(moves, i).map(|m| Holding {
                    after: match m.anchor {
                        Some(Anchor::After(o)) => Some(name_of(o)),
                        _ => None,
                    },
                    before: match m.anchor {
                        Some(Anchor::Before(o)) => Some(name_of(o)),
                        _ => None,
                    },
                    any_moment: m.anchor.is_none(),
                    void: !entries.holds[i],
                }),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::odds::enumerate;
    use crate::outcome::Modifier;
    use crate::rulesets::family::storyteller::fixtures::*;

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
}
