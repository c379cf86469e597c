//! The 5e2024 odds are composed from the family's pieces: each creature's surprise from the
//! distribution of the lowest Stealth judged by the 2024 rule (the Hide DC), who acts first and
//! the order from the 2014 odds of a lineup in which the surprised roll with Disadvantage and
//! each swapped pair trades how it rolls, and the encounter's first to act from every set of
//! surprised creatures in turn. Here each is checked, fraction for fraction, against
//! [`surprise`], [`initiative`] and [`encounter`] themselves walked over every path of their dice.

use super::rules::*;
use crate::odds::brute::{assert_part, walk};
use crate::rulesets::Rule;
use crate::rulesets::family::fifth::odds_check::{
    check_creatures, check_order, creature, fallback, sides, surprise_input,
};
use crate::rulesets::family::fifth::{
    self, Creature, FULL_ORDER, RollMode, Stealth, StealthTies, SurpriseInput, Variant,
};
use serde_json::json;

/// A creature with what 2024 adds to it; `f` sets what the case needs.
pub(super) fn fighter(name: &str, side: usize, f: impl FnOnce(&mut Creature, &mut Additions)) -> (Creature, Additions) {
    let mut additions = Additions::default();
    let creature = creature(name, side, |c| f(c, &mut additions));
    (creature, additions)
}

pub(super) fn lineup(variant: Variant, fighters: &[(Creature, Additions)], swaps: Vec<(usize, usize)>) -> Lineup {
    let (creatures, additions) = fighters.iter().cloned().unzip();
    let lineup = fifth::InitiativeInput { variant, sides: sides(), creatures, rounds: 1 };
    Lineup::new(&InitiativeInput { lineup, additions, swaps })
}

/// The monsters hide; everyone else may be surprised.
pub(super) fn ambush(fighters: &[(Creature, Additions)], hiders: Vec<Stealth>) -> SurpriseInput {
    surprise_input(fighters.iter().map(|(c, _)| c.clone()).collect(), hiders, StealthTies::Noticed)
}

/// Each creature's surprise, as the odds describe it.
fn judged(out: &SurpriseOutcome) -> Vec<Judged> {
    out.creatures.iter().map(|c| c.judged).collect()
}

fn describe(j: &Judged) -> serde_json::Value {
    json!({ "surprised": j.surprised, "reason": j.reason })
}

fn party() -> Vec<(Creature, Additions)> {
    vec![
        fighter("Elf", 0, |c, _| c.per = 17),
        fighter("Fighter", 0, |c, _| c.per = 12),
        // The 2024 Alert feat gives no protection from surprise.
        fighter("Rogue", 0, |c, _| {
            c.per = 15;
            c.alert = true
        }),
        fighter("Goblin", 1, |c, _| c.count = 3),
    ]
}

#[test]
fn surprise_of_each_creature_against_rolled_and_given_stealth() {
    // Rolled Stealth that is now and then below the Hide DC, with a given total beside it.
    for hiders in [
        vec![Stealth::Rolls(3)],
        vec![Stealth::Rolls(6), Stealth::Rolls(-2)],
        vec![Stealth::Rolls(4), Stealth::Total(15)],
        vec![Stealth::Total(14)],
    ] {
        let input = ambush(&party(), hiders);
        let walked = walk(|d| judged(&Surprise(&input).roll(d)));
        check_creatures(&Surprise(&input).odds(fallback()), &input, &walked, describe);
    }
}

/// Who acts first, and the full order when it is listed, equal the walked initiative's, with
/// the `surprised` key's Disadvantage and every swap.
fn check_initiative(ini: &Lineup) {
    let walked = walk(|d| {
        Initiative { lineup: ini, surprised: ini.surprised.clone() }
            .roll(d)
            .order
            .iter()
            .map(|p| p.place.name.to_string())
            .collect::<Vec<_>>()
    });
    check_order(
        &Initiative { lineup: ini, surprised: ini.surprised.clone() }.odds(fallback()),
        &walked,
        ini.fighters(),
    );
}

#[test]
fn first_to_act_with_disadvantage_for_the_surprised() {
    // Surprised plain, surprised with Advantage (cancelled), and an Alert holder's bonus.
    check_initiative(&lineup(
        Variant::Standard,
        &[
            fighter("A", 0, |_, a| a.surprised = true),
            fighter("B", 1, |c, a| {
                c.mode = RollMode::Advantage;
                a.surprised = true
            }),
            fighter("C", 1, |c, a| {
                c.alert = true;
                a.pb = Some(2)
            }),
        ],
        vec![],
    ));
    // Surprised with Disadvantage already, against a given total and a shared Dex.
    check_initiative(&lineup(
        Variant::Standard,
        &[
            fighter("A", 0, |c, a| {
                c.mode = RollMode::Disadvantage;
                c.dex = 2;
                a.surprised = true
            }),
            fighter("B", 1, |c, _| {
                c.dex = 2;
                c.given = Some(11)
            }),
        ],
        vec![],
    ));
    // Initiative scores: Disadvantage is -5, so only roll-offs are left to chance; four
    // contenders, so only who acts first is listed.
    check_initiative(&lineup(
        Variant::Score,
        &[
            fighter("A", 0, |c, a| {
                c.dex = 1;
                a.surprised = true
            }),
            fighter("B", 0, |c, _| c.init = Some(-4)),
            fighter("C", 1, |c, _| c.dex = 1),
            fighter("D", 1, |c, a| {
                c.mode = RollMode::Advantage;
                a.surprised = true
            }),
        ],
        vec![],
    ));
}

#[test]
fn the_alert_swap_trades_totals_right_after_rolling() {
    // The Rogue (d20 + 2) trades with the surprised Fighter (Disadvantage, higher Dex).
    let rogue = || {
        fighter("Rogue", 0, |c, a| {
            c.alert = true;
            a.pb = Some(2)
        })
    };
    let fighter_ = |surprised: bool| {
        fighter("Fighter", 0, move |c, a| {
            c.dex = 1;
            a.surprised = surprised
        })
    };
    for surprised in [false, true] {
        check_initiative(&lineup(Variant::Standard, &[rogue(), fighter_(surprised)], vec![(0, 1)]));
        check_initiative(&lineup(
            Variant::Standard,
            &[rogue(), fighter_(surprised), fighter("Orc", 1, |c, _| c.dex = 1)],
            vec![(0, 1)],
        ));
    }
    // Two swaps among scores and a given total, four contenders.
    check_initiative(&lineup(
        Variant::Score,
        &[
            fighter("A", 0, |c, a| {
                c.alert = true;
                a.pb = Some(4)
            }),
            fighter("B", 0, |_, a| a.surprised = true),
            fighter("C", 1, |c, _| {
                c.alert = true;
                c.given = Some(9)
            }),
            fighter("D", 1, |c, _| c.dex = 3),
        ],
        vec![(0, 1), (2, 3)],
    ));
}

/// The encounter: each creature's surprise, who acts first (the first in the order: the
/// surprised lose no turn) and the order, with the surprised rolling at Disadvantage.
fn check_encounter(input: &EncounterInput) {
    let odds = input.odds(fallback());
    let walked = walk(|d| {
        let out = input.roll(d);
        let order: Vec<String> = out.initiative.order.iter().map(|p| p.place.name.to_string()).collect();
        (judged(&out.surprise), order, out.first_to_act.map(str::to_string))
    });
    check_creatures(&odds, &input.surprise, &walked.map(|(j, _, _)| j.clone()), describe);
    assert_part(&odds, Some("first to act"), &walked, |(_, _, first)| json!(first));
    if input.initiative.fighters() <= FULL_ORDER {
        assert_part(&odds, Some("order"), &walked, |(_, order, _)| json!(order));
    }
}

fn encounter_input(variant: Variant, fighters: &[(Creature, Additions)], hiders: Vec<Stealth>) -> EncounterInput {
    EncounterInput { surprise: ambush(fighters, hiders), initiative: lineup(variant, fighters, vec![]) }
}

#[test]
fn encounter_weighs_every_set_of_surprised_creatures() {
    // A rolled Stealth, now and then below the DC; the Elf rolls, at Disadvantage when
    // surprised, against two totals given, one of them tied on Dex.
    let cast = [
        fighter("Elf", 0, |c, _| {
            c.per = 16;
            c.dex = 2
        }),
        fighter("Fighter", 0, |c, _| {
            c.per = 12;
            c.given = Some(9)
        }),
        fighter("Goblin", 1, |c, _| {
            c.count = 2;
            c.dex = 2;
            c.given = Some(13)
        }),
    ];
    check_encounter(&encounter_input(Variant::Standard, &cast, vec![Stealth::Rolls(2)]));
    // Initiative scores with a given total, Advantage cancelled by surprise, and a swap between
    // two who may be surprised one without the other; four contenders.
    let cast = [
        fighter("Rogue", 0, |c, a| {
            c.per = 18;
            c.alert = true;
            a.pb = Some(3)
        }),
        fighter("Fighter", 0, |c, _| {
            c.per = 13;
            c.mode = RollMode::Advantage
        }),
        fighter("Wolf", 1, |c, _| c.init = Some(4)),
        fighter("Bandit", 1, |c, _| c.given = Some(14)),
    ];
    let mut input = encounter_input(Variant::Score, &cast, vec![Stealth::Rolls(5), Stealth::Rolls(1)]);
    check_encounter(&input);
    input.initiative = lineup(Variant::Score, &cast, vec![(0, 1)]);
    check_encounter(&input);
    // A given Stealth below the DC: nobody is surprised, certainly.
    check_encounter(&encounter_input(Variant::Standard, &cast[1..3], vec![Stealth::Total(14)]));
}
