//! The 5e odds are composed: each creature's surprise from the distribution of the lowest
//! Stealth, who acts first from each contender's totals counted in whole outcomes (with the
//! roll-off's share of a tie), the full order from every combination of totals, and who really
//! acts first in an encounter from every set of surprised creatures. Here each is checked,
//! fraction for fraction, against [`surprise`], [`initiative`] and [`encounter`] themselves
//! walked over every path of their dice. 5e2024's odds checks build on these helpers.

use super::{creature::*, encounter::*, initiative::*, speed_factor::*, surprise::*};
use crate::odds::brute::{assert_part, walk};
use crate::odds::{Dist, Fallback, Odds};
use crate::rulesets::Rule;
use serde_json::json;

pub(crate) fn fallback() -> Fallback {
    Fallback { seed: 1, trials: 1_000 }
}

pub(crate) fn creature(name: &str, side: usize, f: impl FnOnce(&mut Creature)) -> Creature {
    let mut c =
        Creature { name: name.to_string(), count: 1, side, per: DEFAULT_PASSIVE_PERCEPTION, ..Creature::default() };
    f(&mut c);
    c
}

pub(crate) fn sides() -> Vec<String> {
    vec!["party".into(), "monsters".into()]
}

/// Every creature's surprise, as the odds describe it.
type Judged = Vec<(bool, bool)>;

fn judged(out: &SurpriseOutcome) -> Judged {
    out.creatures.iter().map(|c| (c.judged.surprised, c.judged.borderline)).collect()
}

/// Each checked creature's part equals the walked surprise's marginal, each creature's
/// judgement as `describe` puts it; the hiders have no part. 5e2024 too.
pub(crate) fn check_creatures<J: Ord + Clone>(
    odds: &Odds,
    input: &SurpriseInput,
    walked: &Dist<Vec<J>>,
    describe: impl Fn(&J) -> serde_json::Value,
) {
    for (i, c) in input.creatures.iter().enumerate() {
        if input.hiding[i] && !input.both_surprised {
            assert!(odds.parts.iter().all(|p| p.part.as_deref() != Some(c.name.as_str())), "{} hides", c.name);
            continue;
        }
        assert_part(odds, Some(&c.name), walked, |j| describe(&j[i]));
    }
}

fn check_2014_creatures(odds: &Odds, input: &SurpriseInput, walked: &Dist<Judged>) {
    check_creatures(odds, input, walked, |j| json!({ "surprised": j.0, "borderline": j.1 }));
}

/// The monsters (side 1) hide, each Stealth one hider; 5e2024 too.
pub(crate) fn surprise_input(creatures: Vec<Creature>, hiders: Vec<Stealth>, ties: StealthTies) -> SurpriseInput {
    SurpriseInput {
        sides: sides(),
        hiding: creatures.iter().map(|c| c.side == 1).collect(),
        creatures,
        hiders: hiders
            .into_iter()
            .enumerate()
            .map(|(i, stealth)| Hider { name: format!("hider {}", i + 1), stealth })
            .collect(),
        ties,
        both_surprised: false,
    }
}

fn party() -> Vec<Creature> {
    vec![
        creature("Elf", 0, |c| c.per = 14),
        creature("Fighter", 0, |c| c.per = 9),
        creature("Rogue", 0, |c| {
            c.per = 5;
            c.alert = true
        }),
        creature("Goblin", 1, |c| c.count = 3),
    ]
}

#[test]
fn surprise_of_each_creature_against_rolled_and_given_stealth() {
    for ties in [StealthTies::Noticed, StealthTies::Surprised] {
        // Two alike hiders among them: counted once, raised to the power two.
        let hiders = vec![Stealth::Rolls(2), Stealth::Rolls(-1), Stealth::Total(15), Stealth::Rolls(2)];
        let input = surprise_input(party(), hiders, ties);
        let walked = walk(|d| judged(&Rule::roll(&input, d)));
        check_2014_creatures(&Rule::odds(&input, fallback()), &input, &walked);
    }
    let mut both = surprise_input(party(), Vec::new(), StealthTies::Noticed);
    both.both_surprised = true;
    both.hiding = vec![false; both.creatures.len()];
    let walked = walk(|d| judged(&Rule::roll(&both, d)));
    check_2014_creatures(&Rule::odds(&both, fallback()), &both, &walked);
}

fn lineup(variant: Variant, creatures: Vec<Creature>) -> Initiative {
    Initiative::new(&InitiativeInput { variant, sides: sides(), creatures, rounds: 1 })
}

/// Who acts first, and the full order when there are few enough `contenders` to list it,
/// equal those of the walked acting orders (names, first to last); 5e2024 too.
pub(crate) fn check_order(odds: &Odds, walked: &Dist<Vec<String>>, contenders: usize) {
    assert_part(odds, Some("first"), walked, |order| json!(order.first()));
    if contenders <= FULL_ORDER {
        assert_part(odds, Some("order"), walked, |order| json!(order));
    } else {
        assert!(odds.parts.iter().all(|p| p.part.as_deref() != Some("order")));
        // Beyond three, each contender's place.
        let mut names: Vec<&String> = walked.iter().flat_map(|(order, _)| order.iter()).collect();
        names.sort();
        names.dedup();
        for name in names {
            let place = |order: &Vec<String>| json!(order.iter().position(|n| n == name).map(|k| k + 1));
            assert_part(odds, Some(&format!("place: {name}")), walked, place);
        }
    }
}

fn check_initiative(ini: &Initiative) {
    let walked = walk(|d| Rule::roll(ini, d).order.iter().map(|p| p.name.to_string()).collect::<Vec<_>>());
    check_order(&Rule::odds(ini, fallback()), &walked, ini.contenders.len());
}

#[test]
fn standard_initiative_with_advantage_disadvantage_and_dex_ties() {
    check_initiative(&lineup(
        Variant::Standard,
        vec![creature("A", 0, |c| c.mode = RollMode::Advantage), creature("B", 1, |c| c.init = Some(4))],
    ));
    check_initiative(&lineup(
        Variant::Standard,
        vec![creature("A", 0, |c| c.mode = RollMode::Disadvantage), creature("B", 1, |c| c.alert = true)],
    ));
    // Two share a Dex and a modifier, the third ties them on total only now and then.
    check_initiative(&lineup(
        Variant::Standard,
        vec![
            creature("A", 0, |c| c.dex = 2),
            creature("Goblin", 1, |c| {
                c.dex = 2;
                c.count = 4
            }),
            creature("C", 0, |c| {
                c.dex = 1;
                c.init = Some(3)
            }),
        ],
    ));
}

#[test]
fn each_place_of_four_rolling_contenders() {
    // Two alike, one level with them on Dex but not on the modifier, one with Alert.
    check_initiative(&lineup(
        Variant::Standard,
        vec![
            creature("A", 0, |c| c.dex = 1),
            creature("B", 0, |c| c.dex = 1),
            creature("C", 1, |c| {
                c.dex = 1;
                c.init = Some(3)
            }),
            creature("D", 1, |c| c.alert = true),
        ],
    ));
}

#[test]
fn score_side_and_speed_factor_initiative() {
    // Initiative score: only the roll-offs are left to chance, here among three of five.
    let score = vec![
        creature("A", 0, |c| c.dex = 1),
        creature("B", 0, |c| c.dex = 1),
        creature("C", 1, |c| c.dex = 1),
        creature("D", 1, |c| {
            c.dex = 0;
            c.init = Some(1)
        }),
        creature("E", 1, |c| c.mode = RollMode::Advantage),
    ];
    check_initiative(&lineup(Variant::Score, score));
    // Side initiative: one plain d20 per side, ties re-rolled.
    let ini = Initiative::new(&InitiativeInput {
        variant: Variant::Side,
        sides: vec!["party".into(), "monsters".into(), "wolves".into()],
        creatures: vec![creature("Elf", 0, |c| c.dex = 3)],
        rounds: 1,
    });
    check_initiative(&ini);
    // Speed factor: actions and size shift each total.
    let action = |text: &str| Some(parse_action(text).expect("a valid action"));
    check_initiative(&lineup(
        Variant::Speed,
        vec![
            creature("Ogre", 1, |c| {
                c.size = Size::Large;
                c.action = action("heavy+two-handed")
            }),
            creature("Paladin", 0, |c| c.action = action("spell:2+light")),
            creature("Sprite", 0, |c| {
                c.size = Size::Tiny;
                c.action = action("loading")
            }),
        ],
    ));
}

/// The encounter: each creature's surprise, the initiative parts, and who acts first once the
/// surprised lose their turn.
fn check_encounter(input: &EncounterInput) {
    let odds = Rule::odds(input, fallback());
    let walked = walk(|d| {
        let out = Rule::roll(input, d);
        let order: Vec<String> = out.initiative.order.iter().map(|p| p.name.to_string()).collect();
        (judged(&out.surprise), order, out.first_to_act.map(str::to_string))
    });
    check_2014_creatures(&odds, &input.surprise, &walked.map(|(j, _, _)| j.clone()));
    check_order(&odds, &walked.map(|(_, order, _)| order.clone()), input.initiative.contenders.len());
    assert_part(&odds, Some("first to act"), &walked, |(_, _, first)| json!(first));
}

fn encounter_input(variant: Variant, creatures: Vec<Creature>, hiders: Vec<Stealth>) -> EncounterInput {
    let surprise = surprise_input(creatures.clone(), hiders, StealthTies::Surprised);
    EncounterInput { surprise, initiative: lineup(variant, creatures) }
}

#[test]
fn encounter_first_to_act_skips_the_surprised() {
    // A rolled Stealth and initiative scores: the surprised are skipped, ties rolled off.
    let cast = vec![
        creature("Elf", 0, |c| c.per = 12),
        creature("Fighter", 0, |c| {
            c.per = 8;
            c.dex = 2
        }),
        creature("Goblin", 1, |c| {
            c.count = 2;
            c.dex = 2
        }),
        creature("Wolf", 1, |c| c.init = Some(3)),
    ];
    check_encounter(&encounter_input(Variant::Score, cast, vec![Stealth::Rolls(1)]));
    // A given Stealth and rolled initiative, three contenders.
    let cast = vec![
        creature("Elf", 0, |c| c.per = 15),
        creature("Fighter", 0, |c| c.per = 13),
        creature("Goblin", 1, |c| c.count = 4),
    ];
    check_encounter(&encounter_input(Variant::Standard, cast, vec![Stealth::Total(14)]));
    // Side initiative: a side loses its turn only when all its members are surprised.
    let cast = vec![
        creature("Elf", 0, |c| c.per = 13),
        creature("Fighter", 0, |c| c.per = 9),
        creature("Goblin", 1, |c| c.count = 2),
    ];
    check_encounter(&encounter_input(Variant::Side, cast, vec![Stealth::Rolls(0)]));
}

#[test]
fn encounter_where_everyone_is_surprised() {
    let cast = vec![creature("Elf", 0, |c| c.per = 30), creature("Orc", 1, |c| c.dex = 1)];
    let mut input = encounter_input(Variant::Standard, cast, Vec::new());
    input.surprise.both_surprised = true;
    input.surprise.hiding = vec![false; 2];
    check_encounter(&input);
}
