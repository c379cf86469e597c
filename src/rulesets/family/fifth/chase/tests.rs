//! The chase rules case by case, with dice given face by face, and its odds against the rolling
//! code walked over every die.

use super::tables::{URBAN_2014, URBAN_2024, WILDERNESS_2014, WILDERNESS_2024};
use super::*;
use crate::dice::{Draw, RollOff};
use crate::odds::{brute, enumerate};
use serde_json::json;
use std::collections::VecDeque;

/// Dice that show the faces given, in order (a roll of several dice takes several).
struct Script(VecDeque<u32>);

impl Script {
    fn new(faces: &[u32]) -> Script {
        Script(faces.iter().copied().collect())
    }
}

impl Dice for Script {
    fn roll(&mut self, count: u32, sides: u32) -> Roll {
        let faces: Vec<u32> = (0..count)
            .map(|_| {
                let face = self.0.pop_front().expect("a face for every die rolled");
                assert!((1..=sides).contains(&face), "face {face} on a d{sides}");
                face
            })
            .collect();
        Roll::new(sides, &faces)
    }

    fn roll_off(&mut self, contenders: usize, sides: u32) -> RollOff {
        RollOff { sides, rounds: Vec::new(), order: (0..contenders).collect() }
    }

    fn draw(&mut self, _: &mut dyn Draw) {
        unreachable!("a chase rolls no pools")
    }
}

/// Dice that always show `face` (or the die's highest face, if lower).
struct Always(u32);

impl Dice for Always {
    fn roll(&mut self, count: u32, sides: u32) -> Roll {
        Roll::new(sides, &vec![self.0.min(sides); count as usize])
    }

    fn roll_off(&mut self, contenders: usize, sides: u32) -> RollOff {
        RollOff { sides, rounds: Vec::new(), order: (0..contenders).collect() }
    }

    fn draw(&mut self, _: &mut dyn Draw) {
        unreachable!("a chase rolls no pools")
    }
}

/// An acting order fixed in advance: no initiative dice.
struct Fixed(Vec<usize>);

#[derive(Serialize)]
struct FixedOrder;

impl OrderLines for FixedOrder {
    fn lines(&self, _: &crate::render::Palette) -> Vec<String> {
        Vec::new()
    }
}

impl TurnOrder for Fixed {
    type Rolled<'a> = FixedOrder;

    fn roll_order(&self, _: &mut dyn Dice) -> (FixedOrder, Vec<usize>) {
        (FixedOrder, self.0.clone())
    }
}

fn runner(name: &str, quarry: bool, speed: u32) -> Participant {
    Participant {
        name: name.to_string(),
        side: usize::from(!quarry),
        quarry,
        speed,
        con: 0,
        dex: 0,
        str: 0,
        wis: 0,
        cha: 0,
        stealth: 0,
        per: 10,
        tracker: false,
    }
}

/// A chase in which the participants act in the order given, each its own combatant line.
fn chase(edition: Edition, participants: Vec<Participant>, gap: u32, sight: Option<u32>) -> Chase<Fixed> {
    let n = participants.len();
    Chase {
        edition,
        sides: vec!["party".into(), "monsters".into()],
        participants,
        lines: (0..n).map(|i| vec![i]).collect(),
        lineup: Fixed((0..n).collect()),
        start: Start::Gap(gap),
        sight,
        cover: None,
        table: None,
        rounds: 10,
    }
}

fn start(c: &Chase<Fixed>) -> State {
    c.begin(&mut Always(1)).3
}

#[test]
fn free_dashes_are_three_plus_con_and_in_2024_at_least_one() {
    for (con, old, new) in [(-5, 0, 1), (-3, 0, 1), (-2, 1, 1), (0, 3, 3), (1, 4, 4), (4, 7, 7)] {
        assert_eq!(Edition::E2014.free_dashes(con), old, "2014, Con {con:+}");
        assert_eq!(Edition::E2024.free_dashes(con), new, "2024, Con {con:+}");
    }
}

/// A quarry with Con +1 Dashes four times for free; the fifth Dash takes a roll at the end of
/// its turn. With Con −3, no Dash is free in 2014 and one is in 2024.
#[test]
fn the_free_dashes_run_out_then_each_dash_takes_a_roll() {
    let dashes = |edition: Edition, con: i32| {
        let mut quarry = runner("Rogue", true, 30);
        quarry.con = con;
        let c = chase(edition, vec![quarry, runner("Guard", false, 30)], 1000, None);
        let mut s = start(&c);
        (1..=6)
            .map(|round| {
                let turn = c.turn(&mut s, 0, round, &mut Always(20));
                (turn.free_dash, turn.dash_check.is_some())
            })
            .collect::<Vec<_>>()
    };
    let free = |n: u32| (Some(n), false);
    let rolls = (None, true);
    assert_eq!(dashes(Edition::E2014, 1), [free(1), free(2), free(3), free(4), rolls, rolls]);
    assert_eq!(dashes(Edition::E2014, -3), [rolls; 6]);
    assert_eq!(dashes(Edition::E2024, -3), [free(1), rolls, rolls, rolls, rolls, rolls]);
    assert_eq!(dashes(Edition::E2024, 0), [free(1), free(2), free(3), rolls, rolls, rolls]);
}

/// The roll to Dash past the free ones, walked over its d20: a DC 10 Constitution check fails
/// on 1 to 9 at Con +0, 9 in 20.
#[test]
fn the_roll_to_dash_fails_nine_in_twenty_at_con_zero() {
    let fails = |edition: Edition, con: i32, exhaustion: u8| {
        let mut quarry = runner("Rogue", true, 30);
        quarry.con = con;
        let c = chase(edition, vec![quarry, runner("Guard", false, 30)], 1000, None);
        let mut s = start(&c);
        s.runs[0].free = 0;
        s.runs[0].exhaustion = exhaustion;
        let dist = enumerate(|d| {
            let mut s = s.clone();
            c.turn(&mut s, 0, 1, d).dash_check.expect("a Dash past the free ones").success
        })
        .unwrap();
        dist.prob(|ok| !ok)
    };
    assert_eq!(fails(Edition::E2014, 0, 0), Prob::new(9, 20));
    assert_eq!(fails(Edition::E2024, 0, 0), Prob::new(9, 20));
    assert_eq!(fails(Edition::E2014, 2, 0), Prob::new(7, 20));
    // 2014, exhaustion 1: disadvantage on ability checks, so a success needs two d20s of 10+.
    assert_eq!(fails(Edition::E2014, 0, 1), Prob::new(400 - 121, 400));
    // 2024, Exhaustion 2: −4 on the save, so it needs 14 or more.
    assert_eq!(fails(Edition::E2024, 0, 2), Prob::new(13, 20));
}

#[test]
fn a_failed_roll_to_dash_costs_a_level_of_exhaustion() {
    let c = chase(Edition::E2014, vec![runner("Rogue", true, 30), runner("Guard", false, 30)], 1000, None);
    let mut s = start(&c);
    s.runs[0].free = 0;
    let turn = c.turn(&mut s, 0, 1, &mut Script::new(&[9]));
    let check = turn.dash_check.unwrap();
    assert_eq!((check.d20.total, check.dc, check.success, check.kind), (9, 10, false, Kind::Check));
    assert_eq!((turn.exhaustion, s.runs[0].exhaustion), (1, 1));
    let turn = c.turn(&mut s, 0, 2, &mut Script::new(&[10, 3]));
    // Exhaustion 1 (2014): disadvantage on the check, the lower d20 kept.
    let check = turn.dash_check.unwrap();
    assert_eq!((check.d20.mode, check.d20.roll.total, check.success), (RollMode::Disadvantage, 3, false));
    assert_eq!(turn.exhaustion, 2);
    let c = chase(Edition::E2024, vec![runner("Rogue", true, 30), runner("Guard", false, 30)], 1000, None);
    let mut s = start(&c);
    s.runs[0].free = 0;
    s.runs[0].exhaustion = 2;
    let check = c.turn(&mut s, 0, 1, &mut Script::new(&[12])).dash_check.unwrap();
    assert_eq!((check.kind, check.d20.penalty, check.d20.total, check.success), (Kind::Save, -4, 8, false));
}

#[test]
fn exhaustion_slows_and_then_stops_a_runner_as_each_edition_says() {
    let e14 = Edition::E2014;
    assert_eq!((0..=5).map(|l| e14.speed(30, l)).collect::<Vec<_>>(), [30, 30, 15, 15, 15, 0]);
    assert_eq!((0..=5).map(|l| e14.drops_out(30, l)).collect::<Vec<_>>(), [false, false, false, false, false, true]);
    let e24 = Edition::E2024;
    assert_eq!((0..=5).map(|l| e24.speed(30, l)).collect::<Vec<_>>(), [30, 25, 20, 15, 10, 5]);
    assert_eq!((0..=5).map(|l| e24.drops_out(30, l)).collect::<Vec<_>>(), [false, false, false, false, false, true]);
    // A Speed of 20 reaches 0 at Exhaustion 4, and drops out there.
    assert!(!e24.drops_out(20, 3) && e24.drops_out(20, 4));
    // 2014: disadvantage on checks from level 1, on saves from level 3; 2024: −2 a level on both.
    assert_eq!(e14.exhaustion(Kind::Check, 1), (true, 0));
    assert_eq!((e14.exhaustion(Kind::Save, 2), e14.exhaustion(Kind::Save, 3)), ((false, 0), (true, 0)));
    assert_eq!((e24.exhaustion(Kind::Check, 3), e24.exhaustion(Kind::Save, 1)), ((false, -6), (false, -2)));

    // A 2014 runner at exhaustion 2 Dashes 2 × 15 ft.
    let c = chase(e14, vec![runner("Rogue", true, 30), runner("Guard", false, 30)], 1000, None);
    let mut s = start(&c);
    s.runs[0].exhaustion = 2;
    let turn = c.turn(&mut s, 0, 1, &mut Always(20));
    assert_eq!((turn.speed, turn.moved), (15, 30));
    // A 2024 runner at Exhaustion 3 Dashes 2 × 15 ft; failing its roll at Exhaustion 4 it
    // reaches 5 and drops out.
    let c = chase(Edition::E2024, vec![runner("Rogue", true, 30), runner("Guard", false, 30)], 1000, None);
    let mut s = start(&c);
    s.runs[0].exhaustion = 3;
    let turn = c.turn(&mut s, 0, 1, &mut Always(20));
    assert_eq!((turn.speed, turn.moved), (15, 30));
    s.runs[0].free = 0;
    s.runs[0].exhaustion = 4;
    let turn = c.turn(&mut s, 0, 2, &mut Always(1));
    assert_eq!((turn.exhaustion, turn.dropped_out), (5, true));
    assert_eq!(s.runs[0].status, Status::DroppedOut(2));
}

/// The quarry rolls to slip away only when out of the lead pursuer's sight, and gets away only
/// on a total higher than the pursuers' best passive Perception.
#[test]
fn escape_only_out_of_sight_and_only_above_passive_perception() {
    let mut rogue = runner("Rogue", true, 30);
    rogue.stealth = 5;
    let mut guard = runner("Guard", false, 30);
    guard.per = 14;
    let mut lookout = runner("Lookout", false, 30);
    lookout.per = 16;
    let escape = |distance: i64, sight: Option<u32>, face: u32| {
        let c = chase(Edition::E2014, vec![rogue.clone(), guard.clone(), lookout.clone()], 1000, sight);
        let mut s = start(&c);
        s.runs[0].position = 100 + distance;
        s.runs[1].position = 100;
        s.runs[2].position = 40;
        let escapes = c.round_end(&mut s, 1, &mut Script::new(&[face]));
        escapes.first().map(|e| (e.distance, e.d20.total, e.against, e.escaped, s.runs[0].status))
    };
    // Within sight (60 ft of the lead, Guard, not 61): no roll at all.
    assert_eq!(escape(60, Some(60), 20), None);
    assert_eq!(escape(500, None, 20), None);
    // Out of sight: against the best passive Perception among the pursuers, 16.
    assert_eq!(escape(61, Some(60), 11), Some((61, 16, 16, false, Status::Running)));
    assert_eq!(escape(61, Some(60), 12), Some((61, 17, 16, true, Status::Escaped(1))));
}

#[test]
fn escape_factors_give_advantage_or_disadvantage_and_cancel() {
    let modes = |edition: Edition, cover: Option<Cover>, ranger_leads: bool, tired: u8| {
        let mut guard = runner("Guard", false, 30);
        guard.tracker = true;
        let c = Chase {
            cover,
            ..chase(edition, vec![runner("Rogue", true, 30), guard, runner("Scout", false, 30)], 1000, Some(0))
        };
        let mut s = start(&c);
        s.runs[0].position = 500;
        s.runs[0].exhaustion = tired;
        (s.runs[1].position, s.runs[2].position) = if ranger_leads { (100, 50) } else { (50, 100) };
        c.round_end(&mut s, 1, &mut Always(10))[0].d20.mode
    };
    use RollMode::*;
    assert_eq!(modes(Edition::E2014, None, false, 0), Normal);
    assert_eq!(modes(Edition::E2014, Some(Cover::Many), false, 0), Advantage);
    assert_eq!(modes(Edition::E2014, Some(Cover::Few), false, 0), Disadvantage);
    // DMG 2014: the lead pursuer a ranger (or with Survival); a ranger behind does not count.
    assert_eq!(modes(Edition::E2014, None, true, 0), Disadvantage);
    assert_eq!(modes(Edition::E2014, Some(Cover::Many), true, 0), Cancelled);
    // 2014 exhaustion 1: disadvantage on the Stealth check.
    assert_eq!(modes(Edition::E2014, None, false, 1), Disadvantage);
    // 2024: no ranger factor, and exhaustion is a penalty instead.
    assert_eq!(modes(Edition::E2024, None, true, 1), Normal);
}

#[test]
fn a_pursuer_catches_the_quarry_it_reaches_and_stops_there() {
    let c = chase(Edition::E2014, vec![runner("Guard", false, 40), runner("Rogue", true, 30)], 70, None);
    let mut s = start(&c);
    let turn = c.turn(&mut s, 0, 1, &mut Always(10));
    assert_eq!((turn.moved, turn.position, turn.caught.clone()), (70, 70, vec!["Rogue"]));
    assert_eq!(s.end, Some((ChaseEnd::Caught, 1)));
    // No roll after the chase ends: no complication, no check.
    assert!(turn.complication.is_none() && turn.dash_check.is_none());
    // Short of it, the pursuer runs its full Dash.
    let c = chase(Edition::E2014, vec![runner("Guard", false, 40), runner("Rogue", true, 30)], 81, None);
    let mut s = start(&c);
    assert_eq!(c.turn(&mut s, 0, 1, &mut Always(10)).position, 80);
    assert_eq!(s.end, None);
}

#[test]
fn a_gap_of_zero_is_caught_before_the_first_round() {
    let c = chase(Edition::E2024, vec![runner("Rogue", true, 30), runner("Guard", false, 30)], 0, Some(10));
    let out = Rule::roll(&c, &mut Always(5));
    assert_eq!((out.outcome, out.round, out.rounds.len()), (ChaseEnd::Caught, 0, 0));
}

/// Every pursuer dropped out: the pursuers gave up. Here the guard has no free Dash (Con −5)
/// and fails every roll: exhaustion 5 at the end of its fifth turn.
#[test]
fn the_pursuers_give_up_when_every_one_drops_out() {
    let mut guard = runner("Guard", false, 30);
    guard.con = -5;
    let mut rogue = runner("Rogue", true, 30);
    rogue.con = 10;
    let c = chase(Edition::E2014, vec![rogue, guard], 30, None);
    let out = Rule::roll(&c, &mut Always(1));
    assert_eq!((out.outcome, out.round), (ChaseEnd::GaveUp, 5));
    let last = &out.rounds[4].turns[1];
    assert_eq!((last.name, last.exhaustion, last.dropped_out), ("Guard", 5, true));
    // Exhaustion 2 halved the guard's Speed from round 3 on: 60, 60, 30, 30, 30.
    assert_eq!(out.rounds.iter().map(|r| r.turns[1].moved).collect::<Vec<_>>(), [60, 60, 30, 30, 30]);
    assert_eq!(out.quarry[0].fate, FateWord::Running);
}

/// Equal runners, no sight limit, every roll made: the chase runs to the last round.
#[test]
fn a_chase_nobody_wins_is_still_running_after_the_last_round() {
    let c = Chase {
        rounds: 4,
        ..chase(Edition::E2014, vec![runner("Rogue", true, 30), runner("Guard", false, 30)], 30, None)
    };
    let out = Rule::roll(&c, &mut Always(20));
    assert_eq!((out.outcome, out.round, out.rounds.len()), (ChaseEnd::Running, 4, 4));
    assert_eq!(out.rounds[3].gaps[0].gap, 30);
}

/// A quarry that drops out stops where it is, and is caught when a pursuer reaches it.
#[test]
fn a_quarry_that_drops_out_is_caught_where_it_stopped() {
    let mut rogue = runner("Rogue", true, 30);
    rogue.con = -5;
    let mut guard = runner("Guard", false, 30);
    guard.con = 10;
    let c = chase(Edition::E2014, vec![rogue, guard], 200, None);
    let out = Rule::roll(&c, &mut Always(1));
    assert_eq!(out.outcome, ChaseEnd::Caught);
    assert_eq!(out.quarry[0].fate, FateWord::Caught);
    let dropped = out.rounds.iter().flat_map(|r| &r.turns).find(|t| t.dropped_out).unwrap();
    assert_eq!(dropped.name, "Rogue");
}

// ------------------------------------------------------------------------------------------
// Complications

/// Each table as the books number it: (face, entry, check or save, abilities, DC), `None` for
/// a complication that takes no roll.
type Row = (u32, &'static str, Option<(Kind, &'static [Ability], i32)>);

const URBAN_2014_ROWS: &[Row] = &[
    (1, "obstacle", Some((Kind::Check, &[Ability::Dex], 15))),
    (2, "crowd", Some((Kind::Check, &[Ability::Str, Ability::Dex], 10))),
    (3, "barrier", Some((Kind::Save, &[Ability::Str], 10))),
    (4, "maze", Some((Kind::Check, &[Ability::Dex], 10))),
    (5, "slippery_ground", Some((Kind::Save, &[Ability::Dex], 10))),
    (6, "dogs", Some((Kind::Check, &[Ability::Dex], 10))),
    (7, "brawl", Some((Kind::Check, &[Ability::Str, Ability::Dex, Ability::Cha], 15))),
    (8, "beggar", Some((Kind::Check, &[Ability::Str, Ability::Dex, Ability::Cha], 10))),
    (9, "guard", None),
    (10, "sharp_turn", Some((Kind::Save, &[Ability::Dex], 10))),
];

const WILDERNESS_2014_ROWS: &[Row] = &[
    (1, "brush", Some((Kind::Check, &[Ability::Str, Ability::Dex], 10))),
    (2, "uneven_ground", Some((Kind::Check, &[Ability::Dex], 10))),
    (3, "insects", None),
    (4, "stream", Some((Kind::Check, &[Ability::Str, Ability::Dex], 10))),
    (5, "blowing_sand", Some((Kind::Save, &[Ability::Con], 10))),
    (6, "sudden_drop", Some((Kind::Save, &[Ability::Dex], 10))),
    (7, "snare", Some((Kind::Save, &[Ability::Dex], 15))),
    (8, "stampede", Some((Kind::Save, &[Ability::Dex], 10))),
    (9, "razorvine", Some((Kind::Save, &[Ability::Dex], 15))),
    (10, "local_creature", None),
];

const URBAN_2024_ROWS: &[Row] = &[
    (1, "obstacle", Some((Kind::Save, &[Ability::Dex], 10))),
    (2, "crowd", Some((Kind::Save, &[Ability::Str, Ability::Dex, Ability::Cha], 10))),
    (3, "maze", Some((Kind::Save, &[Ability::Dex], 10))),
    (4, "slippery_ground", Some((Kind::Save, &[Ability::Dex], 10))),
    (5, "brawl", Some((Kind::Save, &[Ability::Str, Ability::Dex, Ability::Cha], 15))),
    (6, "sharp_turn", Some((Kind::Save, &[Ability::Dex], 10))),
];

const WILDERNESS_2024_ROWS: &[Row] = &[
    (1, "insects", None),
    (2, "stream", Some((Kind::Save, &[Ability::Str, Ability::Dex], 10))),
    (3, "blowing_sand", Some((Kind::Save, &[Ability::Con], 10))),
    (4, "sudden_drop", Some((Kind::Save, &[Ability::Dex], 10))),
    (5, "razorvine", Some((Kind::Save, &[Ability::Dex], 15))),
    (6, "local_creature", Some((Kind::Save, &[Ability::Wis, Ability::Cha], 10))),
];

/// Three runners in a row; the middle one rolls, so a complication befalls the third.
fn three(table: &'static Table) -> Chase<Fixed> {
    let runners = vec![runner("Rogue", true, 30), runner("Guard", false, 30), runner("Hound", false, 40)];
    Chase { table: Some(table), ..chase(table.edition, runners, 1000, None) }
}

/// Every face of every table brings the entry the book numbers it with, rolled as the book
/// says, and befalls the next participant in the order; the other faces bring nothing.
#[test]
fn every_face_of_every_table_brings_its_entry() {
    for (table, rows) in [
        (&URBAN_2014, URBAN_2014_ROWS),
        (&WILDERNESS_2014, WILDERNESS_2014_ROWS),
        (&URBAN_2024, URBAN_2024_ROWS),
        (&WILDERNESS_2024, WILDERNESS_2024_ROWS),
    ] {
        assert_eq!(table.entries.len(), rows.len());
        for face in 1..=table.die {
            let c = three(table);
            let mut s = start(&c);
            // Every other die shows 1: each roll to avoid the complication fails.
            let mut dice = Script::new(&[face]);
            dice.0.extend([1; 16]);
            let got = c.complication(&mut s, 1, table, &mut dice);
            assert_eq!(got.roll.total, face);
            let row = rows.iter().find(|r| r.0 == face);
            let Some(&(_, id, test)) = row else {
                assert!(got.entry.is_none() && got.target.is_none(), "{:?} face {face}", table.setting);
                continue;
            };
            assert_eq!((got.entry, got.target), (Some(id), Some("Hound")), "{:?} face {face}", table.setting);
            match (test, &got.check) {
                (None, None) => {}
                (Some((kind, abilities, dc)), Some(check)) => {
                    assert_eq!((check.kind, check.dc), (kind, dc), "{id}");
                    assert!(abilities.contains(&check.ability), "{id}: {:?}", check.ability);
                    assert!(!check.success, "{id}");
                }
                other => panic!("{id}: {other:?}"),
            }
            assert!(got.effect.is_some(), "{id}: a failed roll, or none to make, brings the effect");
        }
    }
}

/// A complication waits for its target's turn: terrain costs movement, prone costs half the
/// Speed to stand, a net costs the whole move (and the Dash).
#[test]
fn complications_cost_the_target_movement_on_its_next_turn() {
    let hurt = |face: u32, table: &'static Table| {
        let c = three(table);
        let mut s = start(&c);
        let mut dice = Script::new(&[face]);
        dice.0.extend([1; 16]);
        let effect = c.complication(&mut s, 1, table, &mut dice).effect.unwrap();
        let turn = c.turn(&mut s, 2, 1, &mut Always(20));
        (effect, turn.moved, turn.dashed)
    };
    // Urban 2014: the large obstacle, 10 ft of difficult terrain: 80 − 10.
    let (effect, moved, _) = hurt(1, &URBAN_2014);
    assert_eq!((effect.hindrance.terrain, moved), (10, 70));
    // The window: prone, standing costs 20 ft of the Hound's 40.
    let (effect, moved, _) = hurt(3, &URBAN_2014);
    assert!(effect.hindrance.prone);
    assert_eq!(moved, 60);
    // The dogs: 1d4 piercing and 5 ft of difficult terrain.
    let (effect, moved, _) = hurt(6, &URBAN_2014);
    assert_eq!((effect.damage.len(), effect.damage[0].kind, moved), (1, "piercing", 75));
    // The snare: restrained, no move and no Dash.
    let (effect, moved, dashed) = hurt(7, &WILDERNESS_2014);
    assert!(effect.hindrance.restrained);
    assert_eq!((moved, dashed), (0, false));
    // Blowing sand: blinded, Speed halved: 2 × 20.
    let (_, moved, _) = hurt(5, &WILDERNESS_2014);
    assert_eq!(moved, 40);
    // The 2014 sudden drop: 1d4 × 5 ft (a 1: 5 ft, no damage), prone.
    let (effect, moved, _) = hurt(6, &WILDERNESS_2014);
    assert_eq!((effect.fall.unwrap().feet, effect.damage.len(), moved), (5, 0, 60));
    // The 2024 sudden drop: 10 ft, 1d6 bludgeoning, prone.
    let (effect, _, _) = hurt(4, &WILDERNESS_2024);
    assert_eq!((effect.fall.unwrap().feet, effect.damage[0].roll.notation().to_string()), (10, "1d6".to_string()));
    // The 2014 insects: an attack at +3 with 4d4 piercing.
    let (effect, _, _) = hurt(3, &WILDERNESS_2014);
    let attack = effect.attack.unwrap();
    // Its d20 shows 1: a natural 1 misses, and no damage is rolled.
    assert_eq!((attack.bonus, attack.total, attack.misses, attack.damage.is_none()), (3, 4, true, true));
}

/// The guard strikes only if its target moves 20 feet or more on its turn.
#[test]
fn the_guard_strikes_a_runner_that_moves_twenty_feet() {
    let struck = |restrained: bool| {
        let c = three(&URBAN_2014);
        let mut s = start(&c);
        c.complication(&mut s, 1, &URBAN_2014, &mut Script::new(&[9]));
        s.runs[2].hindrance.restrained = restrained;
        c.turn(&mut s, 2, 1, &mut Script::new(&[15, 4, 20])).attacked.map(|a| (a.total, a.damage.map(|d| d.total)))
    };
    assert_eq!(struck(false), Some((18, Some(5))));
    assert_eq!(struck(true), None);
}

/// SRD "Rolling 1 or 20": the guard's natural 1 misses whatever the Armor Class (no damage), its
/// natural 20 hits and is a critical hit that rolls the spear's 1d6 twice (the +1 once); the
/// insects' 4d4 become 8d4.
#[test]
fn a_complications_natural_one_misses_and_natural_twenty_is_critical() {
    let guard = |faces: &[u32]| {
        let c = three(&URBAN_2014);
        let mut s = start(&c);
        c.complication(&mut s, 1, &URBAN_2014, &mut Script::new(&[9]));
        c.turn(&mut s, 2, 1, &mut Script::new(faces)).attacked.unwrap()
    };
    let miss = guard(&[1, 20]);
    assert_eq!((miss.total, miss.misses, miss.critical, miss.damage.is_none()), (4, true, false, true));
    let crit = guard(&[20, 4, 5, 20]);
    let damage = crit.damage.unwrap();
    assert_eq!((crit.total, crit.misses, crit.critical), (23, false, true));
    assert_eq!((damage.roll.notation().to_string(), damage.total), ("2d6".to_string(), 10));
    let plain = guard(&[19, 4, 20]);
    assert_eq!((plain.critical, plain.damage.map(|d| d.roll.count())), (false, Some(1)));
    let c = three(&WILDERNESS_2014);
    let mut s = start(&c);
    let mut dice = Script::new(&[3, 20]);
    dice.0.extend([4; 8]);
    let insects = c.complication(&mut s, 1, &WILDERNESS_2014, &mut dice).effect.unwrap().attack.unwrap();
    assert_eq!((insects.critical, insects.damage.unwrap().roll.count(), insects.damage.unwrap().total), (true, 8, 32));
}

/// The best modifier among the abilities the participant may choose.
#[test]
fn the_target_rolls_with_its_best_ability() {
    let c = three(&URBAN_2014);
    let mut c = c;
    c.participants[2].str = 1;
    c.participants[2].cha = 3;
    let mut s = start(&c);
    let brawl = c.complication(&mut s, 1, &URBAN_2014, &mut Script::new(&[7, 12]));
    let check = brawl.check.unwrap();
    assert_eq!((check.ability, check.d20.total), (Ability::Cha, 15));
}

/// From the odds of the complication die walked with everything it brings: 10 in 20 for the
/// 2014 tables, 6 in 12 for the 2024 ones.
#[test]
fn each_table_brings_a_complication_half_the_time() {
    for table in [&URBAN_2014, &WILDERNESS_2014, &URBAN_2024, &WILDERNESS_2024] {
        let c = three(table);
        let s = start(&c);
        let dist = enumerate(|d| c.complication(&mut s.clone(), 1, table, d).entry.is_some()).unwrap();
        let (faces, die) = if table.edition == Edition::E2014 { (10, 20) } else { (6, 12) };
        assert_eq!(dist.prob(|&c| c), Prob::new(faces, die), "{:?} {:?}", table.edition, table.setting);
        assert_eq!(dist.prob(|&c| c), Prob::new(1, 2));
    }
}

// ------------------------------------------------------------------------------------------
// Odds

/// The walk with equal states merged gives what walking every die of the whole chase gives,
/// for a chase small enough to walk both ways: real 2014 initiative, the guard out of free
/// Dashes in round 3, when the quarry gets out of sight and rolls to slip away.
#[test]
fn the_exact_odds_are_the_rolling_code_walked() {
    use crate::rulesets::family::fifth::{Creature, Initiative, InitiativeInput, Variant};
    let creature = |name: &str, side: usize, dex: i32| Creature {
        name: name.into(),
        count: 1,
        side,
        dex,
        per: 10,
        ..Creature::default()
    };
    let input = InitiativeInput {
        variant: Variant::Standard,
        sides: vec!["party".into(), "monsters".into()],
        creatures: vec![creature("Rogue", 0, 2), creature("Guard", 1, 0)],
        rounds: 1,
    };
    let mut rogue = runner("Rogue", true, 35);
    rogue.stealth = 3;
    let mut guard = runner("Guard", false, 30);
    guard.con = -1;
    let c = Chase {
        edition: Edition::E2014,
        sides: vec!["party".into(), "monsters".into()],
        participants: vec![rogue, guard],
        lines: vec![vec![0], vec![1]],
        lineup: Initiative::new(&input),
        start: Start::Gap(40),
        sight: Some(60),
        cover: None,
        table: None,
        rounds: 3,
    };
    let exact = c.exact_ends().expect("small enough to walk");
    let walked = brute::walk(|d| c.end_of(d));
    assert_eq!(exact, walked);
    assert_eq!(exact.total(), Prob::one());
    // Out of sight (70 ft) only after round 3: Stealth d20 + 3 beats passive Perception 10 on
    // 8 or more, 13 in 20, when the guard did not catch the quarry in round 1 (it acts first
    // and reaches it on a higher initiative, Dex breaking a tie for the quarry).
    let first = enumerate(|d| c.lineup.roll_order(d).1[0]).unwrap();
    let rogue_first = first.prob(|&i| i == 0);
    let escaped = exact.prob(|&(end, round)| (end, round) == (ChaseEnd::Escaped, 3));
    assert_eq!(escaped, rogue_first.mul(&Prob::new(13, 20)));
    assert_eq!(exact.prob(|&(end, _)| end == ChaseEnd::Caught), rogue_first.complement());
    let odds = Rule::odds(&c, Fallback { seed: 1, trials: 1000 });
    brute::assert_part(&odds, None, &walked, |&(end, round)| json!({ "outcome": end.word(), "round": round }));
}

/// Too large to walk (a cast with complications over ten rounds): estimated, and labelled so.
#[test]
fn a_large_chase_is_estimated_from_seeded_runs() {
    let c = three(&URBAN_2014);
    let odds = Rule::odds(&c, Fallback { seed: 3, trials: 500 });
    assert!(!odds.exact());
    assert_eq!(odds.trials, Some(500));
    let total: f64 = odds.entries.iter().map(|e| e.prob.to_f64()).sum();
    assert!((total - 1.0).abs() < 1e-9);
}
