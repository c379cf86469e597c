//! The encounter's odds are composed: the standing order walked once without surprise, then
//! round 1 by leaving out, from the top of that order, each combatant that holds or whose own
//! surprise roll fails, in branches over whether each side of several rollers hears one of them
//! roll an exceptional success (WoD p. 151–152: it warns the whole side; a dramatic failure sits
//! out two rounds). Here that composition, and each roller's surprise, are checked fraction for
//! fraction against [`encounter`] and [`surprise`] themselves walked over every die.

use super::{encounter::*, fight::*, initiative::*, surprise::*};
use crate::odds::Fallback;
use crate::odds::brute::{assert_part, walk};
use crate::outcome::Modifier;
use crate::rulesets::Rule;
use serde_json::{Value, json};

fn fallback() -> Fallback {
    Fallback { seed: 1, trials: 1_000 }
}

/// One cast line for both rolls: its surprise pool and stance, its initiative.
struct Line {
    name: &'static str,
    count: usize,
    side: &'static str,
    wits: i32,
    composure: i32,
    stance: Stance,
    init: i32,
    given: Option<i32>,
}

fn line(name: &'static str, wits: i32, composure: i32, stance: Stance, init: i32, given: Option<i32>) -> Line {
    Line { name, count: 1, side: "party", wits, composure, stance, init, given }
}

fn encounter_input(lines: &[Line], moves: Vec<Move>) -> EncounterInput {
    let mut combatants = Vec::new();
    let mut fighters = Vec::new();
    for (entry, l) in lines.iter().enumerate() {
        for k in 1..=l.count {
            let name = if l.count == 1 { l.name.to_string() } else { format!("{} {k}", l.name) };
            combatants.push(Roller {
                name: name.clone(),
                side: l.side.into(),
                party: l.side == "party",
                group: l.name.to_string(),
                entry,
                wits: l.wits,
                composure: l.composure,
                modifier: 0,
                stance: l.stance,
            });
            fighters.push(Fighter {
                name,
                side: l.side.into(),
                modifiers: vec![Modifier::new(l.init, "initiative")],
                dex_composure: None,
                given: l.given,
                surprised: false,
            });
        }
    }
    EncounterInput {
        surprise: SurpriseInput { combatants },
        initiative: InitiativeInput { fighters, moves, beat: Beat::Round },
    }
}

/// The names of the surprise parts, one per roller or group of alike rollers, from each cast
/// line's (name, count, stance); with the indices of the members.
pub(crate) fn surprise_parts<'a>(
    lines: impl IntoIterator<Item = (&'a str, usize, Stance)>,
) -> Vec<(String, std::ops::Range<usize>)> {
    let mut parts = Vec::new();
    let mut first = 0;
    for (name, count, stance) in lines {
        if stance == Stance::Rolls {
            let part = if count == 1 { name.to_string() } else { format!("{name} 1-{count}") };
            parts.push((part, first..first + count));
        }
        first += count;
    }
    parts
}

fn parts_of(lines: &[Line]) -> Vec<(String, std::ops::Range<usize>)> {
    surprise_parts(lines.iter().map(|l| (l.name, l.count, l.stance)))
}

/// Each roller's surprise odds against the surprise walked die by die.
fn check_surprise(lines: &[Line]) {
    let input = encounter_input(lines, Vec::new()).surprise;
    let odds = Rule::odds(&input, fallback());
    let walked = walk(|d| Surprise::roll(&input, d).combatants.iter().map(caught).collect::<Vec<_>>());
    for (part, members) in parts_of(lines) {
        for i in members {
            assert_part(&odds, Some(&part), &walked, |c| caught_data(&c[i]));
        }
    }
}

/// A roller's surprise: (surprised, dramatic failure).
fn caught(c: &CombatantSurprise) -> (bool, bool) {
    (c.surprised, c.dramatic)
}

fn caught_data(&(surprised, dramatic): &(bool, bool)) -> Value {
    json!({ "surprised": surprised, "dramatic": dramatic })
}

/// Names in acting order: the standing order, and round 1's (which leaves out whoever sits it out).
fn orders(out: &InitiativeOutcome) -> (Vec<String>, Vec<String>) {
    let standing: Vec<String> = out.order.iter().map(|p| p.name.to_string()).collect();
    let round_one = match out.rounds.first() {
        Some(r) if r.round == 1 && !r.onward => r.order.iter().map(|t| t.name.to_string()).collect(),
        _ => standing.clone(),
    };
    (standing, round_one)
}

/// The order as the odds list it: in full for up to three, else who comes first.
fn key(names: &[String], full: bool) -> Value {
    if full { json!(names) } else { json!(names.first()) }
}

fn check(lines: &[Line], moves: Vec<Move>) {
    let input = encounter_input(lines, moves);
    let odds = input.odds(fallback());
    let walked = walk(|d| {
        let out = input.roll(d);
        let (standing, round_one) = orders(&out.initiative);
        (out.surprise.combatants.iter().map(caught).collect::<Vec<_>>(), standing, round_one)
    });
    for (part, members) in parts_of(lines) {
        for i in members {
            assert_part(&odds, Some(&format!("surprise: {part}")), &walked, |(c, _, _)| caught_data(&c[i]));
        }
    }
    let full = input.initiative.fighters.len() <= 3;
    let moved = input.initiative.moves.iter().any(|m| m.kind != MoveKind::Hold);
    if full {
        assert_part(&odds, Some("order"), &walked, |(_, standing, _)| key(standing, full));
        assert_part(&odds, Some("round 1"), &walked, |(_, _, round_one)| key(round_one, full));
        return;
    }
    // Beyond three: who acts first, in the standing order and in round 1, and each one's place
    // (not listed with delays or readied actions).
    assert_part(&odds, Some("first"), &walked, |(_, standing, _)| json!(standing.first()));
    assert_part(&odds, Some("round 1"), &walked, |(_, _, round_one)| json!(round_one.first()));
    if moved {
        assert!(odds.parts.iter().all(|p| !p.part.as_deref().unwrap_or("").starts_with("place: ")));
        return;
    }
    for l in lines {
        let (part, name) = match l.count {
            1 => (format!("place: {}", l.name), l.name.to_string()),
            n => (format!("place: {}*{n}", l.name), format!("{} 1", l.name)),
        };
        let place = |(_, standing, _): &(Vec<(bool, bool)>, Vec<String>, Vec<String>)| {
            json!(standing.iter().position(|n| *n == name).map(|k| k + 1))
        };
        assert_part(&odds, Some(&part), &walked, place);
    }
}

#[test]
fn round_one_leaves_out_the_surprised_and_the_holders() {
    // A one-die pool and a chance die (dramatic on a 1); an ambusher who holds; a given total.
    let lines = [
        line("Mitch", 1, 0, Stance::Rolls, 2, None),
        line("Larry", 0, 0, Stance::Rolls, 0, Some(6)),
        line("Thug", 2, 2, Stance::Ambusher, 2, None),
    ];
    check(&lines, vec![Move { who: 2, kind: MoveKind::Hold, anchor: None }]);
}

#[test]
fn a_group_that_rolls_alike_and_a_delay() {
    // The thugs roll two dice each; Larry, already fighting, delays until after the first thug.
    let lines = [
        Line { count: 2, ..line("Thug", 1, 1, Stance::Rolls, 1, None) },
        line("Larry", 3, 2, Stance::InCombat, 1, None),
    ];
    check(&lines, vec![Move { who: 2, kind: MoveKind::Delay, anchor: Some(Anchor::After(0)) }]);
}

#[test]
fn who_acts_first_for_four_and_a_surprised_holder() {
    // Four combatants: the odds give who acts first, in the standing order and in round 1.
    let lines = [
        line("Ann", 1, 0, Stance::Rolls, 3, None),
        line("Bo", 0, 1, Stance::Rolls, 1, Some(9)),
        line("Cy", 0, 0, Stance::Ambusher, 1, Some(9)),
        line("Di", 2, 2, Stance::InCombat, 0, None),
    ];
    check(&lines, vec![Move { who: 0, kind: MoveKind::Hold, anchor: Some(Anchor::After(3)) }]);
}

#[test]
fn who_acts_first_for_four_with_a_delay_and_a_readied_action() {
    // Cy waits until after Bo, Ann readies an action before Di; Ann may be surprised.
    let lines = [
        line("Ann", 1, 0, Stance::Rolls, 3, None),
        line("Bo", 0, 1, Stance::Ambusher, 1, Some(7)),
        line("Cy", 2, 2, Stance::InCombat, 2, None),
        line("Di", 1, 1, Stance::Ambusher, 4, None),
    ];
    let moves = vec![
        Move { who: 2, kind: MoveKind::Delay, anchor: Some(Anchor::After(1)) },
        Move { who: 0, kind: MoveKind::Ready, anchor: Some(Anchor::Before(3)) },
    ];
    check(&lines, moves);
}

#[test]
fn each_place_of_a_group_and_the_rest() {
    // Two thugs roll surprise on one die and initiative alike; Mitch rolls initiative, Larry's is given.
    let lines = [
        Line { count: 2, ..line("Thug", 1, 0, Stance::Rolls, 1, None) },
        line("Mitch", 2, 2, Stance::InCombat, 2, None),
        line("Larry", 2, 2, Stance::Ambusher, 0, Some(4)),
    ];
    check(&lines, Vec::new());
}

#[test]
fn each_rollers_surprise_matches_the_walked_surprise() {
    let lines = [
        Line { count: 3, ..line("Thug", 1, 0, Stance::Rolls, 0, None) },
        line("Mitch", 2, 3, Stance::Rolls, 0, None),
        line("Larry", 0, -1, Stance::Rolls, 0, None),
    ];
    check_surprise(&lines);
}

#[test]
fn an_exceptional_success_warns_its_own_side_only() {
    // Ann's five dice may come up five successes and warn Bo, whose chance die may come up 1
    // (round 3); Cy, alone on the other side, is never warned.
    let lines = [
        line("Ann", 3, 2, Stance::Rolls, 1, Some(7)),
        line("Bo", 0, 0, Stance::Rolls, 0, None),
        Line { side: "monsters", ..line("Cy", 1, 1, Stance::Rolls, 2, Some(7)) },
    ];
    check(&lines, Vec::new());
}

#[test]
fn two_sides_of_several_rollers_branch_on_each_sides_warning() {
    // Both sides may be warned, each by its own: four branches of round 1.
    let lines = [
        line("Ann", 1, 1, Stance::Rolls, 1, Some(7)),
        line("Bo", 0, 0, Stance::Rolls, 0, Some(6)),
        Line { side: "monsters", ..line("Cy", 1, 0, Stance::Rolls, 2, None) },
        Line { side: "monsters", ..line("Di", 1, 1, Stance::Rolls, 0, Some(6)) },
    ];
    check(&lines, vec![Move { who: 0, kind: MoveKind::Delay, anchor: Some(Anchor::After(2)) }]);
}

#[test]
fn group_members_warn_each_other_and_their_side() {
    let lines = [
        Line { count: 3, side: "monsters", ..line("Thug", 1, 1, Stance::Rolls, 0, None) },
        line("Mitch", 3, 2, Stance::Rolls, 0, None),
        line("Larry", 0, -1, Stance::Rolls, 0, None),
        Line { side: "monsters", ..line("Ghoul", 0, 0, Stance::Rolls, 0, None) },
    ];
    check_surprise(&lines);
}

/// A combatant for the initiative alone: its modifier, its Dexterity + Composure (the tie
/// key; the modifier where `None`), its total where given.
fn fighter(name: &str, init: i32, dex_composure: Option<i32>, given: Option<i32>) -> Fighter {
    Fighter {
        name: name.into(),
        side: "party".into(),
        modifiers: vec![Modifier::new(init, "initiative")],
        dex_composure,
        given,
        surprised: false,
    }
}

fn delay(who: usize, after: usize) -> Move {
    Move { who, kind: MoveKind::Delay, anchor: Some(Anchor::After(after)) }
}

fn ready(who: usize, before: usize) -> Move {
    Move { who, kind: MoveKind::Ready, anchor: Some(Anchor::Before(before)) }
}

fn hold(who: usize, anchor: Option<Anchor>) -> Move {
    Move { who, kind: MoveKind::Hold, anchor }
}

/// Beyond three with delays or readied actions, the initiative's odds work out who acts first
/// (and in round 1, when someone sits it out) from the moves: here against the rolling code
/// walked over every die and roll-off.
fn check_initiative(fighters: Vec<Fighter>, moves: Vec<Move>) {
    assert!(fighters.len() > 3);
    let input = InitiativeInput { fighters, moves, beat: Beat::Round };
    let rule = Initiative { input: &input, enters: Vec::new() };
    let odds = rule.odds(fallback());
    let walked = walk(|d| orders(&rule.roll(d)));
    assert_part(&odds, Some("first"), &walked, |(standing, _)| json!(standing.first()));
    let sits_out = input.moves.iter().any(|m| m.kind == MoveKind::Hold) || input.fighters.iter().any(|f| f.surprised);
    if sits_out {
        assert_part(&odds, Some("round 1"), &walked, |(_, round_one)| json!(round_one.first()));
    }
}

#[test]
fn a_chain_of_delays_on_tied_totals() {
    // Ann waits for Bo, who waits for Cy; Di and Ed tie Cy's modifier and Dexterity + Composure,
    // so roll-offs settle their places.
    let fighters = vec![
        fighter("Ann", 2, Some(4), None),
        fighter("Bo", 1, Some(3), None),
        fighter("Cy", 1, Some(3), None),
        fighter("Di", 1, Some(3), Some(6)),
        fighter("Ed", 0, Some(5), None),
    ];
    check_initiative(fighters, vec![delay(0, 1), delay(1, 2)]);
}

#[test]
fn two_readied_actions_at_one_moment_and_a_holder() {
    // Ann and Bo both ready against Cy: the tie rule puts Bo, with the higher Dexterity +
    // Composure, first. Di holds for round 2.
    let fighters = vec![
        fighter("Ann", 1, Some(2), None),
        fighter("Bo", 1, Some(3), None),
        fighter("Cy", 2, None, None),
        fighter("Di", 0, Some(4), Some(7)),
        fighter("Ed", 1, Some(1), Some(7)),
    ];
    check_initiative(fighters, vec![ready(0, 2), ready(1, 2), hold(3, None)]);
}

#[test]
fn readied_chains_and_a_delay_on_a_readier() {
    // Ann readies before Bo, who readies before Cy; Di waits until after Ann.
    let fighters = vec![
        fighter("Ann", 0, None, None),
        fighter("Bo", 1, None, None),
        fighter("Cy", 0, None, Some(5)),
        fighter("Di", 2, None, None),
    ];
    check_initiative(fighters, vec![ready(0, 1), ready(1, 2), delay(3, 0)]);
}

#[test]
fn a_readied_action_against_a_holder_and_delays_on_one_anchor() {
    // Ann readies before Di, who holds to act after Bo in round 2; Bo and Cy both wait for Ed.
    let fighters = vec![
        fighter("Ann", 1, Some(3), None),
        fighter("Bo", 0, Some(1), None),
        fighter("Cy", 0, Some(1), Some(6)),
        fighter("Di", 2, Some(2), None),
        fighter("Ed", 1, None, Some(6)),
    ];
    check_initiative(fighters, vec![ready(0, 3), hold(3, Some(Anchor::After(1))), delay(1, 4), delay(2, 4)]);
}

#[test]
fn a_delay_after_a_later_delayer_and_a_ready_before_it() {
    // Mixed steps from one root: Bo waits for Cy, Ann readies before Bo, Di waits for Bo.
    let fighters = vec![
        fighter("Ann", 1, None, None),
        fighter("Bo", 1, None, None),
        fighter("Cy", 0, None, None),
        fighter("Di", 1, None, Some(7)),
    ];
    check_initiative(fighters, vec![delay(1, 2), ready(0, 1), delay(3, 1)]);
}

#[test]
fn round_one_of_an_encounter_with_a_chain_of_delays_and_a_readied_action() {
    // Ann waits for Bo, who waits for Di; Cy readies before Di. Ann and Cy roll surprise on
    // small pools, so round 1 weighs who of the chain stays in.
    let lines = [
        line("Ann", 1, 0, Stance::Rolls, 1, None),
        line("Bo", 0, 1, Stance::InCombat, 1, Some(6)),
        line("Cy", 0, 0, Stance::Rolls, 2, None),
        line("Di", 1, 1, Stance::Ambusher, 0, None),
    ];
    let moves = vec![delay(0, 1), delay(1, 3), ready(2, 3)];
    check(&lines, moves);
}
