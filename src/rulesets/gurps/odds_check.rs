//! The surprise odds are composed (the opening roll, then each combatant's recovery turn by
//! turn from the success chances), and who acts first and each place among many tied combatants
//! come from the ranking odds; here both are checked, fraction for fraction, against [`surprise`],
//! [`initiative`] and [`encounter`] themselves walked over every path of their dice.

use super::{encounter::*, fight::*, initiative::*, reaction::*, surprise::*};
use crate::cast::Hundredths;
use crate::odds::brute::{assert_part, walk};
use crate::odds::{Dist, Fallback, Odds};
use crate::outcome::Modifier;
use crate::rulesets::Rule;
use serde_json::{Value, json};

fn fallback() -> Fallback {
    Fallback { seed: 1, trials: 1_000 }
}

fn team(name: &str, leader: Option<Leader>) -> Team {
    Team { name: name.to_string(), leader, cr: false, cr_names: Vec::new(), group_iq: 10, animals: false, modifier: 0 }
}

fn leader(iq: i32, cr: bool, tactics: i32) -> Option<Leader> {
    Some(Leader { name: None, first_listed: false, iq, cr, tactics })
}

/// A cast line: `count` alike combatants (a group when more than one).
struct Line {
    name: String,
    count: u32,
    side: usize,
    iq: i32,
    cr: bool,
    speed: i64,
}

fn line(name: &str, count: u32, side: usize, iq: i32, cr: bool) -> Line {
    Line { name: name.to_string(), count, side, iq, cr, speed: 500 }
}

fn fight(mut teams: Vec<Team>, lines: Vec<Line>) -> Fight {
    let mut fight = Fight::default();
    for l in &lines {
        let entry = fight.entries.len();
        fight.entries.push(Entry { name: l.name.to_string(), count: l.count, first: fight.fighters.len() });
        for k in 1..=l.count {
            let name = if l.count == 1 { l.name.to_string() } else { format!("{} {k}", l.name) };
            fight.fighters.push(Fighter {
                name,
                side: l.side,
                entry,
                iq: l.iq,
                cr: l.cr,
                speed: Hundredths(l.speed),
                dx: DEFAULT_DX,
            });
        }
        if l.cr {
            teams[l.side].cr = true;
        }
    }
    fight.teams = teams;
    fight
}

/// The part each cast line's recovery is listed under.
fn part_name(entry: &Entry) -> String {
    if entry.count == 1 { entry.name.clone() } else { format!("{}*{}", entry.name, entry.count) }
}

/// What the surprise parts are about, read off one rolled surprise.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Caught {
    winner: Option<String>,
    freeze: Option<u32>,
    acts_from: Vec<Option<u32>>,
}

fn caught(out: &SurpriseOutcome) -> Caught {
    Caught {
        winner: out.winner.flatten().map(str::to_string),
        freeze: out.freeze.flatten().map(|f| f.seconds),
        acts_from: out.acts_from(),
    }
}

/// The opening part and every listed member's recovery equal the walked surprise's marginals.
fn check_surprise(odds: &Odds, input: &SurpriseInput, walked: &Dist<Caught>) {
    match input.kind {
        Kind::Partial => assert_part(odds, Some("winner"), walked, |c| json!(c.winner)),
        Kind::Total { .. } => {
            if walked.iter().any(|(c, _)| c.freeze.is_some()) {
                assert_part(odds, Some("freeze"), walked, |c| json!(c.freeze));
            } else {
                assert!(odds.parts.iter().all(|p| p.part.as_deref() != Some("freeze")), "nobody freezes");
            }
        }
    }
    let fight = &input.fight;
    for entry in &fight.entries {
        let part = part_name(entry);
        let attacks = matches!(input.kind, Kind::Total { attackers } if fight.fighters[entry.first].side == attackers);
        if attacks {
            assert!(odds.parts.iter().all(|p| p.part.as_deref() != Some(part.as_str())), "{part} attacks");
            continue;
        }
        // A group's one part stands for each of its members.
        for member in entry.first..entry.first + entry.count as usize {
            assert_part(odds, Some(&part), walked, |c| json!(c.acts_from[member]));
        }
    }
}

fn check(input: &SurpriseInput) {
    let walked = walk(|d| caught(&Rule::roll(input, d)));
    check_surprise(&Rule::odds(input, fallback()), input, &walked);
}

#[test]
fn partial_surprise_with_a_group_and_every_leader_modifier() {
    // Combat Reflexes, higher IQ and Tactics on one side; the other has a GM's modifier.
    let mut monsters = team("monsters", leader(9, false, 0));
    monsters.modifier = 1;
    let input = SurpriseInput {
        fight: fight(
            vec![team("party", leader(12, true, 12)), monsters],
            vec![line("Ansel", 1, 0, 12, true), line("Orc", 2, 1, 11, false)],
        ),
        kind: Kind::Partial,
        rounds: 2,
    };
    check(&input);
}

#[test]
fn partial_surprise_between_a_leaderless_side_and_animals() {
    let mut wolves = team("wolves", None);
    wolves.animals = true;
    let input = SurpriseInput {
        fight: fight(
            vec![team("bandits", None), wolves],
            vec![line("Bandit", 1, 0, 10, false), line("Wolf", 1, 1, 4, false)],
        ),
        kind: Kind::Partial,
        rounds: 3,
    };
    check(&input);
}

#[test]
fn total_surprise_freezes_some_and_stuns_those_with_combat_reflexes() {
    // A freeze of 2 s or more leaves the clerks no roll within the turns followed.
    let input = SurpriseInput {
        fight: fight(
            vec![team("party", leader(10, false, 0)), team("monsters", leader(10, false, 0))],
            vec![line("Clerk", 2, 0, 10, false), line("Guard", 1, 0, 9, true), line("Werewolf", 1, 1, 10, false)],
        ),
        kind: Kind::Total { attackers: 1 },
        rounds: 2,
    };
    check(&input);
}

#[test]
fn total_surprise_where_nobody_freezes() {
    let input = SurpriseInput {
        fight: fight(
            vec![team("party", leader(10, false, 0)), team("monsters", leader(10, false, 0))],
            vec![line("Guard", 1, 0, 3, true), line("Ghoul", 1, 1, 10, false)],
        ),
        kind: Kind::Total { attackers: 1 },
        rounds: 3,
    };
    check(&input);
}

/// The encounter: the surprise parts, the turn order (the orcs roll off) and the reaction.
#[test]
fn encounter_parts_match_the_walked_encounter() {
    let input = EncounterInput {
        surprise: SurpriseInput {
            fight: fight(
                vec![team("party", leader(11, false, 0)), team("monsters", leader(10, false, 20))],
                vec![Line { speed: 600, ..line("Ansel", 1, 0, 11, false) }, line("Orc", 2, 1, 9, false)],
            ),
            kind: Kind::Partial,
            rounds: 1,
        },
        reaction: Some(ReactionInput { modifiers: vec![Modifier::new(-4, "bad manners")] }),
    };
    let odds = Rule::odds(&input, fallback());
    let walked = walk(|d| {
        let out = Rule::roll(&input, d);
        let order: Vec<String> = out.order.iter().map(|p| p.place.name.to_string()).collect();
        (caught(&out.surprise), order, out.reaction.map(|r| r.band))
    });
    check_surprise(&odds, &input.surprise, &walked.map(|(c, _, _)| c.clone()));
    assert_part(&odds, Some("order"), &walked, |(_, order, _)| json!(order));
    assert_part(&odds, Some("reaction"), &walked, |(_, _, band)| json!(band));
}

/// Who acts first and each line's place, beyond three combatants: the walked initiative's.
fn check_first(lines: Vec<Line>) {
    let fight = fight(vec![team("party", leader(10, false, 0)), team("monsters", leader(10, false, 0))], lines);
    let input = Initiative { fight: &fight };
    let odds = input.odds(fallback());
    assert_eq!(odds.parts[0].title, "who acts first");
    let walked = walk(|d| input.roll(d).order.iter().map(|p| p.name.to_string()).collect::<Vec<_>>());
    assert_part(&odds, Some("first"), &walked, |order| Value::String(order[0].clone()));
    for entry in &input.fight.entries {
        let member = &input.fight.fighters[entry.first].name;
        let place = |order: &Vec<String>| json!(order.iter().position(|n| n == member).map(|k| k + 1));
        assert_part(&odds, Some(&format!("place: {}", part_name(entry))), &walked, place);
    }
}

#[test]
fn who_acts_first_among_many_tied() {
    // 4! × 3! = 144 orders: the four fastest roll off for the first place, the rest for 5th to 7th.
    let mut lines: Vec<Line> = ["A", "B", "C", "D"].into_iter().map(|n| line(n, 1, 0, 10, false)).collect();
    for n in ["E", "F", "G"] {
        lines.push(Line { speed: 450, ..line(n, 1, 1, 10, false) });
    }
    check_first(lines);
    // Eight tied, a group: every place alike.
    check_first(vec![line("Orc", 8, 1, 10, false)]);
}

/// A cast of thousands lists fewer turns of recovery one by one (so the answer stays small), and
/// each part is then exactly the answer for following that many turns.
#[test]
fn a_big_cast_lists_fewer_turns_and_says_so() {
    let teams = || vec![team("party", leader(10, false, 0)), team("monsters", leader(10, false, 0))];
    let lines: Vec<Line> = (0..5_000).map(|i| line(&format!("C{i}"), 1, i % 2, 8 + (i % 3) as i32, false)).collect();
    let big = SurpriseInput { fight: fight(teams(), lines), kind: Kind::Partial, rounds: 60 };
    let odds = Rule::odds(&big, fallback());
    // 200 000 outcomes over 5 000 parts: 40 each, so turns up to 38 are listed one by one.
    assert!(odds.entries.len() <= 200_000 + 3, "{} outcomes", odds.entries.len());
    assert_eq!(
        odds.notes,
        ["recovery is listed turn by turn up to turn 38; \"still stunned after 38 turns\" includes recovering \
          later within the 60 turns followed"]
    );
    // C1 (IQ 9, on the monsters' side) as if the fight were followed for 38 turns.
    let small = SurpriseInput {
        fight: fight(teams(), vec![line("C0", 1, 0, 8, false), line("C1", 1, 1, 9, false)]),
        kind: Kind::Partial,
        rounds: 38,
    };
    let of = |odds: &Odds| -> Vec<String> {
        let part = odds.parts.iter().find(|p| p.part.as_deref() == Some("C1")).expect("a part for C1");
        odds.entries_of(part).iter().map(|e| format!("{} {}", e.label, e.prob)).collect()
    };
    assert_eq!(of(&odds), of(&Rule::odds(&small, fallback())));
    assert_eq!(of(&odds).last().map(|l| l.starts_with("still stunned after 38 turns")), Some(true));
}
