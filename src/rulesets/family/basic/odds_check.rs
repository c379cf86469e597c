//! The odds of the side initiative and of the chase ose and bx share, chained step by step,
//! checked fraction for fraction against each rule walked over every path of its dice.

use super::{initiative::*, pursue::*};
use crate::odds::Fallback;
use crate::odds::brute::{assert_part, walk};
use crate::rulesets::Rule;
use serde_json::json;

fn fallback() -> Fallback {
    Fallback { seed: 1, trials: 1_000 }
}

#[test]
fn the_initiative_command_with_a_side_surprised() {
    let input = InitiativeInput {
        sides: ["a", "b", "c", "d", "e"].map(String::from).to_vec(),
        waits: vec![false, true, false, false, false],
        ties: Ties::Reroll,
        given: Vec::new(),
    };
    let surprised = [false, false, true, false, false];
    let odds = Initiative { input: &input, surprised: surprised.to_vec() }.odds(fallback());
    let walked = walk(|d| {
        let out = Initiative { input: &input, surprised: surprised.to_vec() }.roll(d);
        input.sides.iter().map(|n| out.order.iter().find(|p| p.name == n).map(|p| p.place)).collect::<Vec<_>>()
    });
    let first = |p: &Vec<Option<usize>>| json!(input.sides[p.iter().position(|&x| x == Some(1)).unwrap()]);
    assert_part(&odds, Some("first"), &walked, first);
    for (i, name) in input.sides.iter().enumerate() {
        assert_part(&odds, Some(&format!("place: {name}")), &walked, |p| json!(p[i]));
    }
}

/// The chase is chained round by round (one state: still running); here against [`pursue`]
/// walked over the rolled distance and every drop's die.
fn check_pursuit(input: &PursueInput) {
    let odds = Rule::odds(input, fallback());
    let walked = walk(|d| {
        let chase = Rule::roll(input, d);
        (chase.outcome, chase.round)
    });
    let word = |c: Chase| serde_json::to_value(c).unwrap();
    assert_part(&odds, None, &walked, |&(outcome, round)| json!({ "outcome": word(outcome), "round": round }));
}

#[test]
fn pursuits_with_bait_sight_and_a_rolled_start() {
    let drop = |bait, round| Drop { bait, round };
    let chase = |quarry, pursuer, gap, sight, drops: Vec<Drop>, rounds| PursueInput {
        quarry,
        pursuer,
        gap,
        outdoors: false,
        sight,
        drops,
        rounds,
        pace: 3,
    };
    // Rolled start, caught in time unless two drops in round 2 or one in round 3 stop them.
    let bait = vec![drop(Bait::Food, 2), drop(Bait::Treasure, 2), drop(Bait::Food, 3)];
    check_pursuit(&chase(30, 40, None, None, bait.clone(), 10));
    // A faster quarry lost from view; a chase still running when the rounds run out.
    check_pursuit(&chase(40, 30, None, Some(120), bait.clone(), 10));
    check_pursuit(&chase(30, 40, Some(300), None, bait, 4));
    // Over at the start: out of sight already, or no rounds at all.
    check_pursuit(&chase(30, 40, Some(200), Some(100), Vec::new(), 10));
    check_pursuit(&chase(30, 40, None, None, vec![drop(Bait::Food, 1)], 0));
    // Another pace (bx runs its base movement rate in full each round).
    check_pursuit(&PursueInput { pace: 1, ..chase(30, 40, None, Some(100), bait_one(), 12) });
}

fn bait_one() -> Vec<Drop> {
    vec![Drop { bait: Bait::Food, round: 2 }]
}
