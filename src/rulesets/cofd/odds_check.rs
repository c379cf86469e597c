//! cofd's odds are composed: each defender's contest is a sum over both pools' success counts
//! (a count at the top the odds follow stands for that many or more, and a contest that turns on
//! more is undetermined), and turn 1 walks the standing order, leaving out the holders and each
//! defender who loses its contest; beyond three combatants without a delay, who acts first in
//! turn 1 comes from the ranking odds instead, each defender taking part unless it loses, and
//! coming first split between acting and undetermined as its own contest goes. Here all of it is
//! checked fraction for fraction against [`surprise`] and [`encounter`] themselves walked over
//! every die, reading a pool at its followed top as "that many or more" and asking which verdicts
//! the counts it stands for allow.

use super::{encounter::*, surprise::*};
use crate::odds::Fallback;
use crate::odds::brute::{assert_part, walk};
use crate::outcome::Modifier;
use crate::rulesets::Rule;
use crate::rulesets::family::storyteller::odds_check::surprise_parts;
use crate::rulesets::family::storyteller::pool::{Pool, pool_distribution};
use crate::rulesets::family::storyteller::{
    Anchor, Beat, Fighter, InitiativeInput, InitiativeOutcome, Move, MoveKind, Roller, Stance, Surprise,
};
use serde_json::{Value, json};
use std::collections::BTreeSet;

fn fallback() -> Fallback {
    Fallback { seed: 1, trials: 1_000 }
}

/// One cast line: its stance and pool (Wits + Composure for a defender; Dexterity + Stealth for
/// an ambusher), its initiative.
struct Line {
    name: &'static str,
    count: usize,
    stance: Stance,
    /// Wits and Composure, or Dexterity and Stealth.
    traits: (i32, i32),
    init: i32,
    given: Option<i32>,
}

fn line(name: &'static str, stance: Stance, traits: (i32, i32), init: i32, given: Option<i32>) -> Line {
    Line { name, count: 1, stance, traits, init, given }
}

fn encounter_input(lines: &[Line], moves: Vec<Move>) -> EncounterInput {
    let mut combatants = Vec::new();
    let mut stealth = Vec::new();
    let mut fighters = Vec::new();
    for (entry, l) in lines.iter().enumerate() {
        let side = if l.stance == Stance::Ambusher { "monsters" } else { "party" };
        for k in 1..=l.count {
            let name = if l.count == 1 { l.name.to_string() } else { format!("{} {k}", l.name) };
            let (wits, composure) = if l.stance == Stance::Ambusher { (2, 2) } else { l.traits };
            combatants.push(Roller {
                name: name.clone(),
                side: side.into(),
                party: side == "party",
                group: l.name.to_string(),
                entry,
                wits,
                composure,
                modifier: 0,
                stance: l.stance,
            });
            stealth.push((l.stance == Stance::Ambusher).then(|| Stealth::new(l.traits.0, l.traits.1, 0)));
            fighters.push(Fighter {
                name,
                side: side.into(),
                modifiers: vec![Modifier::new(l.init, "initiative")],
                dex_composure: None,
                given: l.given,
                surprised: false,
            });
        }
    }
    EncounterInput {
        surprise: SurpriseInput { combatants, stealth },
        initiative: InitiativeInput { fighters, moves, beat: Beat::Turn },
    }
}

fn parts_of(lines: &[Line]) -> Vec<(String, std::ops::Range<usize>)> {
    surprise_parts(lines.iter().map(|l| (l.name, l.count, l.stance)))
}

/// The counts a walked pool may stand for: its own, or, at the top the odds follow, that many
/// and more (up to one past `other`, which is all a comparison with `other` can tell apart).
fn counts(pool: &Pool, other: u32) -> std::ops::RangeInclusive<u32> {
    let top = pool_distribution(pool.size).iter().map(|(p, _)| p.successes).max().unwrap_or(0);
    if pool.successes >= top { pool.successes..=pool.successes.max(other) + 1 } else { pool.successes..=pool.successes }
}

/// A defender's walked contest: `Some((surprised, tie))` when every count its pools may stand
/// for gives the same verdict, else `None` (undetermined); the outer `None` for one who does not
/// roll.
fn contest(c: &CombatantSurprise) -> Option<Option<(bool, bool)>> {
    let (own, against) = (&c.check.as_ref()?.pool, c.against.as_ref()?);
    let mut verdicts = BTreeSet::new();
    for d in counts(own, against.successes) {
        for a in counts(against, own.successes) {
            verdicts.insert((a > d, a == d));
        }
    }
    Some(if verdicts.len() == 1 { verdicts.pop_first() } else { None })
}

/// A contest as the odds list it.
fn contest_data(contest: &Option<Option<(bool, bool)>>) -> Value {
    match contest.expect("a defender") {
        Some((surprised, tie)) => json!({ "surprised": surprised, "tie": tie }),
        None => json!({ "surprised": null, "tie": null }),
    }
}

/// The order as the odds list it: in full for up to three, else who comes first.
fn key(names: &[String], full: bool) -> Value {
    if full { json!(names) } else { json!(names.first()) }
}

/// Turn 1 as the odds see it: walking the standing order from the top, the first `limit` who
/// act, or `None` when a defender whose contest is undetermined comes first (a holder never acts).
fn turn_one(out: &InitiativeOutcome, undetermined: &[&str], holders: &[&str], full: bool) -> Option<Vec<String>> {
    let acting: Vec<String> = match out.rounds.first() {
        Some(r) if r.round == 1 && !r.onward => r.order.iter().map(|t| t.name.to_string()).collect(),
        _ => out.order.iter().map(|p| p.name.to_string()).collect(),
    };
    let limit = if full { out.order.len() } else { 1 };
    let mut found = 0;
    for place in &out.order {
        if found == limit {
            break;
        }
        if holders.contains(&place.name) {
            continue;
        }
        if undetermined.contains(&place.name) {
            return None;
        }
        found += usize::from(acting.iter().any(|a| a == place.name));
    }
    Some(acting)
}

fn check_surprise(lines: &[Line]) {
    let input = encounter_input(lines, Vec::new()).surprise;
    let odds = Rule::odds(&input, fallback());
    let walked = walk(|d| Surprise::roll(&input, d).combatants.iter().map(contest).collect::<Vec<_>>());
    for (part, members) in parts_of(lines) {
        for i in members {
            assert_part(&odds, Some(&part), &walked, |c| contest_data(&c[i]));
        }
    }
}

fn check_encounter(lines: &[Line], moves: Vec<Move>) {
    let input = encounter_input(lines, moves);
    let holders: Vec<&str> = input
        .initiative
        .moves
        .iter()
        .filter(|m| m.kind == MoveKind::Hold)
        .map(|m| input.initiative.fighters[m.who].name.as_str())
        .collect();
    let full = input.initiative.fighters.len() <= 3;
    let odds = input.odds(fallback());
    let walked = walk(|d| {
        let out = input.roll(d);
        let contests: Vec<Option<Option<(bool, bool)>>> = out.surprise.combatants.iter().map(contest).collect();
        let undetermined: Vec<&str> = out
            .surprise
            .combatants
            .iter()
            .zip(&contests)
            .filter(|(_, contest)| **contest == Some(None))
            .map(|(c, _)| c.name)
            .collect();
        let standing: Vec<String> = out.initiative.order.iter().map(|p| p.name.to_string()).collect();
        (contests, standing, turn_one(&out.initiative, &undetermined, &holders, full))
    });
    for (part, members) in parts_of(lines) {
        for i in members {
            let part = format!("surprise: {part}");
            assert_part(&odds, Some(&part), &walked, |(c, _, _)| contest_data(&c[i]));
        }
    }
    // Beyond three, the standing order's part is who acts first (`first`).
    let order_part = if full { "order" } else { "first" };
    assert_part(&odds, Some(order_part), &walked, |(_, standing, _)| key(standing, full));
    assert_part(&odds, Some("turn 1"), &walked, |(_, _, turn_one)| match turn_one {
        Some(acting) => key(acting, full),
        None => json!("undetermined"),
    });
}

#[test]
fn each_defender_against_the_best_ambush_pool() {
    // Two dice and a chance die against Thug's Dexterity 2 + Stealth 1, the better of two
    // ambushers (Ghoul's Stealth 0 costs a die: 3 - 1 = 2).
    check_surprise(&[
        line("Mitch", Stance::Rolls, (1, 1), 0, None),
        line("Larry", Stance::Rolls, (0, 0), 0, None),
        line("Thug", Stance::Ambusher, (2, 1), 0, None),
        line("Ghoul", Stance::Ambusher, (3, 0), 0, None),
    ]);
}

#[test]
fn a_group_against_a_chance_die_and_one_who_expects_it() {
    // Each guard's one die against an ambusher's chance die (Dexterity 1, untrained Stealth).
    check_surprise(&[
        Line { count: 2, ..line("Guard", Stance::Rolls, (1, 0), 0, None) },
        line("Cop", Stance::InCombat, (2, 2), 0, None),
        line("Thug", Stance::Ambusher, (1, 0), 0, None),
    ]);
}

#[test]
fn turn_one_leaves_out_the_losers() {
    // Mitch rolls initiative; Larry's and Thug's are given. Both defenders may lose, tie, hold
    // or turn on more successes than are followed.
    check_encounter(
        &[
            line("Mitch", Stance::Rolls, (1, 1), 2, None),
            line("Larry", Stance::Rolls, (1, 0), 0, Some(6)),
            line("Thug", Stance::Ambusher, (1, 1), 1, Some(6)),
        ],
        Vec::new(),
    );
}

#[test]
fn who_acts_first_for_four_with_a_holder_and_a_delay() {
    // Four combatants: the odds give who acts first, in the standing order and in turn 1. Ann
    // holds (never in turn 1); Cy waits for the ambusher.
    check_encounter(
        &[
            line("Ann", Stance::Rolls, (1, 0), 3, None),
            line("Bo", Stance::Rolls, (0, 1), 1, Some(8)),
            line("Cy", Stance::InCombat, (2, 2), 0, Some(9)),
            line("Thug", Stance::Ambusher, (1, 0), 1, Some(8)),
        ],
        vec![
            Move { who: 0, kind: MoveKind::Hold, anchor: None },
            Move { who: 2, kind: MoveKind::Delay, anchor: Some(Anchor::After(3)) },
        ],
    );
}

#[test]
fn who_acts_first_in_turn_one_for_four_by_the_ranking_odds() {
    // Four combatants and no delay: turn 1 comes from the ranking odds, each defender absent when
    // surprised and its chance of coming first split between acting and undetermined. Bo, Cy and
    // Thug are level on 8 and on their modifiers (a roll-off), and Ann reaches 8 on a 5.
    check_encounter(
        &[
            line("Ann", Stance::Rolls, (1, 0), 3, None),
            line("Bo", Stance::Rolls, (0, 1), 1, Some(8)),
            line("Cy", Stance::InCombat, (2, 2), 1, Some(8)),
            line("Thug", Stance::Ambusher, (1, 0), 1, Some(8)),
        ],
        Vec::new(),
    );
}

#[test]
fn a_holder_sits_out_turn_one_in_the_ranking_odds() {
    // As above with Cy holding its action: never first in turn 1, whatever its total.
    check_encounter(
        &[
            line("Ann", Stance::Rolls, (1, 0), 3, None),
            line("Bo", Stance::Rolls, (0, 1), 1, Some(8)),
            line("Cy", Stance::InCombat, (2, 2), 1, Some(9)),
            line("Thug", Stance::Ambusher, (1, 0), 1, Some(8)),
        ],
        vec![Move { who: 2, kind: MoveKind::Hold, anchor: None }],
    );
}
