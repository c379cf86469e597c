//! The encounter's odds are chained step by step (surprise, then the distance and acting order
//! that depend on it, then the reactions); here they are checked, fraction for fraction, against
//! [`encounter`] itself walked over every path of its dice.

use super::encounter::*;
use crate::odds::Fallback;
use crate::odds::brute::{assert_part, walk};
use crate::rulesets::Rule;
use crate::rulesets::family::basic::{initiative::*, reaction::*, surprise::*};
use serde_json::{Value, json};

fn fallback() -> Fallback {
    Fallback { seed: 1, trials: 1_000 }
}

fn side(name: &str, stance: Stance, chance: u32, ambushed: bool) -> SurpriseSide {
    SurpriseSide { name: name.to_string(), members: Vec::new(), stance, base_chance: chance, ambushed, given: None }
}

/// What the parts of [`encounter_odds`] are about, read off one rolled encounter.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Steps {
    surprised: Vec<String>,
    feet: u32,
    /// The acting order as groups of names (sides acting together share a group).
    order: Vec<Vec<String>>,
    /// Each reacting side's band.
    bands: Vec<String>,
}

fn steps(out: &EncounterOutcome) -> Steps {
    let mut order: Vec<(usize, Vec<String>)> = Vec::new();
    for place in &out.initiative.order {
        match order.last_mut() {
            Some((at, group)) if *at == place.place => group.push(place.name.to_string()),
            _ => order.push((place.place, vec![place.name.to_string()])),
        }
    }
    Steps {
        surprised: out.surprise.sides.iter().filter(|s| s.surprised).map(|s| s.name.to_string()).collect(),
        feet: out.distance.feet,
        order: order.into_iter().map(|(_, group)| group).collect(),
        bands: out.reaction.iter().map(|r| r.reaction.band.to_string()).collect(),
    }
}

/// Every part of the encounter's odds equals the walked encounter's marginal.
fn check(input: &EncounterInput) {
    let odds = Rule::odds(input, fallback());
    let walked = walk(|d| steps(&Rule::roll(input, d)));
    assert_part(&odds, Some("surprise"), &walked, |s| json!(s.surprised));
    assert_part(&odds, Some("distance"), &walked, |s| json!(s.feet));
    assert_part(&odds, Some("initiative"), &walked, |s| json!(s.order));
    // One reaction part stands for every side met: each side's own roll has exactly its odds.
    for k in 0..input.surprise.sides.len() - 1 {
        assert_part(&odds, Some("reaction"), &walked, |s| Value::String(s.bands[k].clone()));
    }
}

fn encounter_input(sides: Vec<SurpriseSide>, waits: &[bool], ties: Ties, cha: i32) -> EncounterInput {
    let names: Vec<String> = sides.iter().map(|s| s.name.clone()).collect();
    let ambusher = sides.iter().find(|s| s.stance == Stance::Ambusher).map(|s| s.name.clone());
    EncounterInput {
        surprise: SurpriseInput { sides, ambusher },
        outdoors: false,
        initiative: InitiativeInput { sides: names, waits: waits.to_vec(), ties, given: Vec::new() },
        reaction: ReactionInput { modifiers: vec![crate::outcome::Modifier::new(cha, "CHA")] },
    }
}

#[test]
fn two_sides_that_both_roll_and_may_both_be_surprised() {
    // Both surprised shortens the distance to 1d4 × 10′; ties are re-rolled.
    let sides = vec![side("party", Stance::Rolls, 2, false), side("monsters", Stance::Rolls, 3, false)];
    check(&encounter_input(sides, &[false, false], Ties::Reroll, 1));
}

#[test]
fn an_ambush_and_simultaneous_ties() {
    let sides = vec![side("party", Stance::Rolls, 2, true), side("monsters", Stance::Ambusher, 2, false)];
    check(&encounter_input(sides, &[false, false], Ties::Simultaneous, -2));
}

#[test]
fn an_aware_side_and_a_side_that_waits() {
    // The waiting side acts after the others; when the other is surprised, it acts alone.
    let sides = vec![
        side("party", Stance::Rolls, 3, false),
        side("spider", Stance::Aware, 2, false),
        side("bats", Stance::Aware, 2, false),
    ];
    check(&encounter_input(sides, &[false, false, true], Ties::Reroll, 0));
}

/// Beyond three sides: the surprise, who acts first and each side's place, against the surprise
/// and the initiative walked over every die (the distance and reactions between them roll dice
/// of their own that nothing here depends on).
fn check_standings(sides: Vec<SurpriseSide>, waits: &[bool], ties: Ties) {
    let input = encounter_input(sides, waits, ties, 0);
    let names = input.initiative.sides.clone();
    let odds = Rule::odds(&input, fallback());
    let walked = walk(|d| {
        let s = Rule::roll(&input.surprise, d);
        let out = Initiative { input: &input.initiative, surprised: s.surprised() }.roll(d);
        let place = |name: &str| out.order.iter().find(|p| p.name == name).map(|p| p.place);
        let places: Vec<Option<usize>> = names.iter().map(|n| place(n)).collect();
        let top: Vec<&str> = out.order.iter().filter(|p| p.place == 1).map(|p| p.name).collect();
        let first = match top[..] {
            [one] => json!(one),
            _ => json!({ "together": top.len() }),
        };
        let surprised: Vec<String> = s.sides.iter().filter(|x| x.surprised).map(|x| x.name.to_string()).collect();
        (surprised, first.to_string(), places)
    });
    assert_part(&odds, Some("surprise"), &walked, |(s, _, _)| json!(s));
    assert_part(&odds, Some("first"), &walked, |(_, f, _)| serde_json::from_str(f).unwrap());
    for (i, name) in names.iter().enumerate() {
        assert_part(&odds, Some(&format!("place: {name}")), &walked, |(_, _, p)| json!(p[i]));
    }
}

#[test]
fn four_sides_first_and_places_with_surprise_and_rerolled_ties() {
    // Two may be surprised (one ambushed, 3-in-6), two are aware; ties re-rolled.
    let sides = vec![
        side("party", Stance::Rolls, 2, true),
        side("wolves", Stance::Rolls, 2, false),
        side("spider", Stance::Aware, 2, false),
        side("bats", Stance::Aware, 2, false),
    ];
    check_standings(sides, &[false; 4], Ties::Reroll);
}

#[test]
fn four_sides_acting_together_and_one_waiting() {
    // Ties act together (first alone, or several at once); one aware side waits.
    let sides = vec![
        side("party", Stance::Rolls, 1, false),
        side("wolves", Stance::Aware, 2, false),
        side("spider", Stance::Rolls, 5, false),
        side("bats", Stance::Aware, 2, false),
    ];
    check_standings(sides, &[false, false, false, true], Ties::Simultaneous);
}

#[test]
fn everyone_surprised_and_everyone_waiting() {
    // All may be surprised (then all act); the two that wait are the only ones left when the
    // others are surprised (then they roll after all).
    let sides = vec![
        side("a", Stance::Rolls, 3, false),
        side("b", Stance::Rolls, 4, false),
        side("c", Stance::Rolls, 6, false),
        side("d", Stance::Rolls, 6, false),
    ];
    check_standings(sides.clone(), &[false, false, true, true], Ties::Reroll);
    check_standings(sides, &[true, false, true, false], Ties::Simultaneous);
}
