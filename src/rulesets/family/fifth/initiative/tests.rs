//! The 5e initiative case by case: advantage, sides, ties, groups and speed factor, and the odds
//! of who acts first against the rule walked over every die.

use super::*;
use crate::dice::SeededDice;
use crate::odds::enumerate;
use crate::rulesets::family::fifth::fixtures::{creature, fallback, lineup, part, with};
use crate::rulesets::family::fifth::speed_factor::{Size, parse_action};

#[test]
fn advantage_keeps_the_higher_of_two_separate_d20s() {
    let ini = lineup(Variant::Standard, vec![with("A", |c| c.mode = RollMode::Advantage)]);
    let kept = enumerate(|d| roll_contender(&ini.contenders[0], d).total).unwrap();
    for (k, p) in kept.iter() {
        assert_eq!(*p, Prob::new(2 * *k as u128 - 1, 400), "advantage keeps {k}");
    }
    let ini = lineup(Variant::Standard, vec![with("A", |c| c.mode = RollMode::Disadvantage)]);
    let kept = enumerate(|d| roll_contender(&ini.contenders[0], d).total).unwrap();
    for (k, p) in kept.iter() {
        assert_eq!(*p, Prob::new(41 - 2 * *k as u128, 400), "disadvantage keeps {k}");
    }
    let ini = lineup(Variant::Standard, vec![with("A", |c| c.mode = RollMode::from_keys(true, true))]);
    assert_eq!(enumerate(|d| roll_contender(&ini.contenders[0], d).total).unwrap().len(), 20);
}

fn first_odds(ini: &Initiative) -> Vec<String> {
    part(&Rule::odds(ini, fallback()), "first")
}

#[test]
fn first_place_fractions_by_hand() {
    // +1 against +0, equal Dex: A wins outright on dB <= dA (210/400); on dA + 1 = dB
    // (19/400) the tie goes to a roll-off: 210/400 + 19/800 = 439/800.
    let ini = lineup(Variant::Standard, vec![with("A", |c| c.init = Some(1)), creature("B", 0)]);
    assert_eq!(first_odds(&ini), ["A first 439/800", "B first 361/800"]);
    // Dex +1 against +0: the same ties now go to the higher Dex: 229/400.
    let ini = lineup(Variant::Standard, vec![with("A", |c| c.dex = 1), creature("B", 0)]);
    assert_eq!(first_odds(&ini), ["A first 229/400", "B first 171/400"]);
    // Advantage against a plain d20: sum (2k-1)(k-1)/8000 + half of the ties = 533/800.
    let ini = lineup(Variant::Standard, vec![with("A", |c| c.mode = RollMode::Advantage), creature("B", 0)]);
    assert_eq!(first_odds(&ini), ["A first 533/800", "B first 267/800"]);
    // Alert: +5.
    let ini = lineup(Variant::Score, vec![with("A", |c| c.alert = true), with("B", |c| c.dex = 4)]);
    assert_eq!(first_odds(&ini), ["A first 1"]);
}

/// Who acts first by brute force: every path of the rule itself, roll-offs included.
fn brute_first(ini: &Initiative) -> Dist<Option<usize>> {
    enumerate(|d| Rule::roll(ini, d).order.first().map(|p| p.contender)).unwrap()
}

#[test]
fn exact_first_place_agrees_with_enumerating_the_rule() {
    let cases = vec![
        vec![with("A", |c| c.dex = 2), with("B", |c| c.dex = 2), with("C", |c| c.init = Some(2))],
        vec![with("A", |c| c.mode = RollMode::Advantage), with("B", |c| c.dex = 3)],
        vec![with("A", |c| c.mode = RollMode::Disadvantage), with("B", |c| c.alert = true)],
        vec![creature("A", 0), creature("B", 0), creature("C", 0)],
    ];
    for creatures in cases {
        let ini = lineup(Variant::Standard, creatures);
        let totals = total_dists(&ini, fallback(), &mut Method::exact(fallback()));
        let all = vec![true; ini.contenders.len()];
        assert_eq!(first_dist(&ini, &totals, &all), Some(brute_first(&ini)));
        let full = enumerate(|d| Rule::roll(&ini, d).order.iter().map(|p| p.contender).collect::<Vec<_>>()).unwrap();
        assert_eq!(order_dist(&ini, &totals, fallback(), &mut Method::exact(fallback())), full);
    }
    let sides = lineup(Variant::Side, vec![creature("Elf", 0)]);
    let totals = total_dists(&sides, fallback(), &mut Method::exact(fallback()));
    assert_eq!(first_dist(&sides, &totals, &[true; 3]), Some(brute_first(&sides)));
}

#[test]
fn sides_roll_plain_d20s_and_reroll_ties() {
    let ini = lineup(Variant::Side, vec![with("Rogue", |c| c.dex = 4)]);
    assert!(ini.contenders.iter().all(|c| c.modifiers.is_empty() && c.dex.is_none()));
    assert_eq!(ini.contenders[0].members.len(), 1);
    let odds = Rule::odds(&ini, fallback());
    assert_eq!(part(&odds, "first"), ["party first 1/3", "monsters first 1/3", "wolves first 1/3"]);
    assert_eq!(part(&odds, "order").len(), 6);
    assert!(odds.entries.iter().filter(|e| e.part.as_deref() == Some("order")).all(|e| e.prob == Prob::new(1, 6)));
}

#[test]
fn score_is_ten_plus_the_modifier_and_ties_go_by_dex_then_a_roll_off() {
    let ini = lineup(
        Variant::Score,
        vec![
            with("A", |c| c.dex = 2),
            with("B", |c| {
                c.dex = 3;
                c.init = Some(2)
            }),
            with("C", |c| c.dex = 2),
            with("D", |c| c.mode = RollMode::Disadvantage),
        ],
    );
    let out = Rule::roll(&ini, &mut SeededDice::new(3));
    let totals: Vec<(&str, i32)> = out.order.iter().map(|p| (p.name, p.total)).collect();
    assert_eq!(totals[0], ("B", 12));
    assert_eq!(totals[3], ("D", 5));
    assert_eq!(out.ties.len(), 1);
    assert_eq!(out.ties[0].by, [&DEX]);
    assert_eq!(out.ties[0].roll_offs[0].names.len(), 2);
    let odds = Rule::odds(&ini, fallback());
    assert_eq!(part(&odds, "first"), ["B first 1"]);
}

#[test]
fn groups_roll_once_and_are_one_entry() {
    let ini = lineup(Variant::Standard, vec![Creature { count: 4, ..creature("Goblin", 1) }, creature("Elf", 0)]);
    let out = Rule::roll(&ini, &mut SeededDice::new(5));
    assert_eq!(out.order.len(), 2);
    let goblin = out.order.iter().find(|p| p.name == "Goblin").unwrap();
    assert_eq!((goblin.count, goblin.rolls.len()), (4, 1));
}

#[test]
fn speed_factor_rolls_every_round_with_action_and_size() {
    let mut ini = lineup(
        Variant::Speed,
        vec![with("Ogre", |c| {
            c.dex = -1;
            c.size = Size::Large;
            c.action = Some(parse_action("heavy+two-handed").unwrap());
        })],
    );
    ini.rounds = 3;
    let out = Rule::roll(&ini, &mut SeededDice::new(8));
    assert_eq!(out.rounds.len(), 3);
    for round in &out.rounds {
        let ogre = &round.order[0];
        // d20 -1 Dex -2 heavy -2 two-handed -2 large.
        assert_eq!(ogre.total, ogre.d20.unwrap() as i32 - 7, "round {}", round.round);
    }
    assert_eq!(out.order[0].total, out.rounds[0].order[0].total);
}
