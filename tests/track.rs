//! `fray track`: fights of ten rounds under every ruleset, driven command by command and held to
//! the seeds' round rules; writers racing on one fight; a writer killed between writing and
//! renaming; and state files that are corrupt, foreign or from a newer fray.

use crate::common::{Fray, fray};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// A temporary HOME, XDG_STATE_HOME and XDG_CONFIG_HOME for one test's fights.
pub struct Table {
    pub home: PathBuf,
}

impl Table {
    pub fn new(tag: &str) -> Table {
        let home = std::env::temp_dir().join(format!("fray-track-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&home);
        std::fs::create_dir_all(&home).unwrap();
        Table { home }
    }

    pub fn command(&self) -> Fray {
        fray()
            .env("HOME", &self.home)
            .env("XDG_STATE_HOME", self.home.join("state"))
            .env("XDG_CONFIG_HOME", self.home.join("config"))
    }

    /// The binary, for writers racing as processes, a writer killed, and completion (read by `main`
    /// only).
    pub fn std_command(&self) -> std::process::Command {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_fray"));
        cmd.env("HOME", &self.home)
            .env("XDG_STATE_HOME", self.home.join("state"))
            .env("XDG_CONFIG_HOME", self.home.join("config"))
            .env_remove("FRAY_FIGHT")
            .env_remove("FRAY_RULES")
            .env_remove("FRAY_FORMAT")
            .args(["--color", "never"]);
        cmd
    }

    /// `args` with a fixed seed in front where they give none: every roll of a test is the same
    /// each run (a command without `--seed` would draw one).
    fn seeded<'a>(args: &[&'a str]) -> Vec<&'a str> {
        let mut all = Vec::with_capacity(args.len() + 2);
        if !args.iter().any(|a| *a == "--seed" || a.starts_with("--seed=")) {
            all.extend(["--seed", "1000"]);
        }
        all.extend_from_slice(args);
        all
    }

    pub fn run(&self, args: &[&str]) -> String {
        let out = self.command().args(Table::seeded(args)).run();
        let stderr = &out.stderr;
        assert!(out.success(), "fray {args:?}: {stderr}");
        String::from_utf8(out.stdout).unwrap()
    }

    /// The JSON document of a track command.
    pub fn json(&self, args: &[&str]) -> Value {
        let mut all = vec!["-f", "json"];
        all.extend_from_slice(args);
        serde_json::from_str(&self.run(&all)).expect("one JSON document")
    }

    pub fn fails(&self, args: &[&str], code: i32) -> String {
        let out = self.command().args(Table::seeded(args)).run();
        let stderr = out.stderr;
        assert_eq!(out.code, code, "fray {args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "fray {args:?} wrote to stdout on error");
        assert!(stderr.starts_with("fray: error: ") && stderr.lines().count() == 1, "{stderr}");
        stderr
    }

    pub fn file(&self, fight: &str) -> PathBuf {
        self.home.join("state/fray").join(format!("{fight}.json"))
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.home);
    }
}

pub fn names(doc: &Value) -> Vec<String> {
    doc["order"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()).collect()
}

pub fn seat<'a>(doc: &'a Value, name: &str) -> &'a Value {
    doc["order"].as_array().unwrap().iter().find(|s| s["name"] == name).unwrap_or_else(|| panic!("{name} in {doc}"))
}

/// The names of a seat's members.
pub fn members(seat: &Value) -> Value {
    seat["members"].as_array().map(|all| all.iter().map(|m| m["name"].clone()).collect()).unwrap_or_default()
}

pub fn total(doc: &Value, name: &str) -> f64 {
    seat(doc, name)["total"].as_f64().unwrap()
}

/// The events of one document of a kind, as (round, name).
pub fn events<'a>(doc: &'a Value, kind: &str) -> Vec<&'a Value> {
    doc["events"].as_array().unwrap().iter().filter(|e| e["event"] == kind).collect()
}

/// Every turn taken, as (round, whose), and every document, from `first` and then `next`
/// (each with its own seed) until round `rounds` is over.
fn play(table: &Table, fight: &str, first: Value, rounds: u64) -> (Vec<(u64, String)>, Vec<Value>) {
    let mut docs = vec![first];
    let mut seed = 100;
    while docs.last().unwrap()["round"].as_u64().unwrap() <= rounds {
        seed += 1;
        let doc = table.json(&["--seed", &seed.to_string(), "track", "--fight", fight, "next"]);
        docs.push(doc);
        assert!(seed < 100 + 50 * rounds, "the fight does not reach round {rounds}");
    }
    let turns = docs
        .iter()
        .flat_map(|d| events(d, "turn"))
        .map(|e| (e["round"].as_u64().unwrap(), e["name"].as_str().unwrap().to_string()))
        .filter(|(round, _)| *round <= rounds)
        .collect();
    (turns, docs)
}

/// The seats' totals are in acting order, highest first (ties kept in the rolled order).
fn in_descending_order(doc: &Value) {
    let totals: Vec<f64> = doc["order"].as_array().unwrap().iter().filter_map(|s| s["total"].as_f64()).collect();
    assert!(totals.windows(2).all(|w| w[0] >= w[1]), "{totals:?} in {doc}");
}

/// Starts fight `fight` with `args` at the first seed from 1 whose document `wanted` accepts.
fn start_where(table: &Table, fight: &str, args: &[&str], wanted: impl Fn(&Value) -> bool) -> Value {
    for seed in 1..300 {
        let seed = seed.to_string();
        let mut all = vec!["--seed", seed.as_str()];
        all.extend_from_slice(args[..2].as_ref());
        all.extend_from_slice(&["track", "--fight", fight, "start"]);
        all.extend_from_slice(&args[2..]);
        let doc = table.json(&all);
        if wanted(&doc) {
            return doc;
        }
        table.run(&["track", "--fight", fight, "end"]);
    }
    panic!("no seed below 300 gives the opening wanted for {args:?}");
}

#[test]
fn ose_surprised_side_loses_the_free_round_and_initiative_is_rolled_every_round() {
    let table = Table::new("ose");
    let surprised_party =
        |d: &Value| d["order"].as_array().unwrap().iter().any(|s| s["name"] == "party" && !s["out"].is_null());
    let first = start_where(
        &table,
        "f",
        &["-r", "ose", "--ambush=monsters", "Ansel", "Bob", "Orc:side=monsters"],
        surprised_party,
    );
    // seed 000: the unsurprised side gets one free round; party's members wait in its seat.
    assert_eq!(members(seat(&first, "party")), serde_json::json!(["Ansel", "Bob"]));
    assert_eq!(seat(&first, "party")["out"]["from_round"], 2);
    let (turns, docs) = play(&table, "f", first, 10);
    let round_one: Vec<&str> = turns.iter().filter(|t| t.0 == 1).map(|t| t.1.as_str()).collect();
    assert_eq!(round_one, ["monsters"]);
    for round in 2..=10 {
        let mut sides: Vec<&str> = turns.iter().filter(|t| t.0 == round).map(|t| t.1.as_str()).collect();
        sides.sort();
        assert_eq!(sides, ["monsters", "party"], "round {round}");
    }
    // seed 000: initiative anew every round after the first, 1d6 a side, highest first.
    let rolls: Vec<&Value> = docs.iter().flat_map(|d| events(d, "initiative")).collect();
    assert_eq!(rolls.iter().map(|e| e["round"].as_u64().unwrap()).collect::<Vec<_>>(), (2..=11).collect::<Vec<_>>());
    for roll in &rolls {
        let order = roll["roll"]["order"].as_array().unwrap();
        assert_eq!(order.len(), 2);
        for entry in order {
            let faces = entry["roll"]["rolls"].as_array().unwrap();
            assert_eq!(entry["roll"]["dice"], "1d6");
            assert!((1..=6).contains(&entry["total"].as_i64().unwrap()));
            assert_eq!(entry["total"], faces[0]);
        }
        assert!(order[0]["total"].as_i64() >= order[1]["total"].as_i64());
    }
    // Each round's turns follow that round's roll.
    for roll in rolls.iter().filter(|e| e["round"].as_u64().unwrap() <= 10) {
        let round = roll["round"].as_u64().unwrap();
        let rolled: Vec<&str> =
            roll["roll"]["order"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap()).collect();
        let taken: Vec<&str> = turns.iter().filter(|t| t.0 == round).map(|t| t.1.as_str()).collect();
        assert_eq!(taken, rolled, "round {round}");
    }
    let differ = rolls.windows(2).any(|w| w[0]["roll"]["order"] != w[1]["roll"]["order"]);
    assert!(differ, "ten rolls of 1d6 that all came out alike");
}

#[test]
fn bx_rolls_initiative_every_round_for_individuals_too() {
    let table = Table::new("bx");
    let first =
        table.json(&["-r", "bx", "--seed", "5", "track", "start", "--individual", "Ansel:dex=16", "Orc:side=monsters"]);
    assert_eq!(seat(&first, "Ansel")["side"], "party");
    let (turns, docs) = play(&table, "default", first, 10);
    for round in 1..=10 {
        assert_eq!(turns.iter().filter(|t| t.0 == round).count(), 2, "round {round}: {turns:?}");
    }
    let rolls: Vec<&Value> = docs.iter().flat_map(|d| events(d, "initiative")).collect();
    assert!(rolls.len() >= 9);
    for roll in rolls {
        let ansel = roll["roll"]["order"].as_array().unwrap().iter().find(|e| e["name"] == "Ansel").unwrap();
        // OSE SRD individual initiative: 1d6 + the DEX initiative modifier (16-17: +1).
        assert_eq!(ansel["total"].as_i64().unwrap(), ansel["roll"]["total"].as_i64().unwrap() + 1, "{ansel}");
    }
}

#[test]
fn dnd5e_surprised_creature_loses_only_its_first_turn_and_the_lair_acts_at_20_losing_ties() {
    let table = Table::new("5e");
    let first = table.json(&[
        "-r",
        "5e",
        "--seed",
        "3",
        "track",
        "start",
        "--lair",
        "--stealth",
        "14",
        "Ansel:per=10,dex=2",
        "Bob:per=16",
        "Dragon:side=monsters,initiative=20",
    ]);
    // seed 004: Stealth 14 beats Ansel's passive Perception 10, not Bob's 16.
    assert_eq!(seat(&first, "Ansel")["out"]["reason"], "surprised");
    assert!(seat(&first, "Bob")["out"].is_null());
    // DMG: lair actions on initiative count 20, losing ties: after the Dragon at 20.
    let order = names(&first);
    let (dragon, lair) =
        (order.iter().position(|n| n == "Dragon").unwrap(), order.iter().position(|n| n == "Lair").unwrap());
    assert_eq!(lair, dragon + 1, "{order:?}");
    assert_eq!(total(&first, "Lair"), 20.0);
    in_descending_order(&first);
    let (turns, docs) = play(&table, "default", first.clone(), 10);
    let ansel: Vec<u64> = turns.iter().filter(|t| t.1 == "Ansel").map(|t| t.0).collect();
    assert_eq!(ansel, (2..=10).collect::<Vec<_>>());
    let lost: Vec<&Value> = docs.iter().flat_map(|d| events(d, "loses_turn")).collect();
    assert_eq!(lost.len(), 1, "{lost:?}");
    assert_eq!((lost[0]["round"].as_u64(), lost[0]["name"].as_str()), (Some(1), Some("Ansel")));
    for round in 1..=10 {
        let taken: Vec<&str> = turns.iter().filter(|t| t.0 == round).map(|t| t.1.as_str()).collect();
        let expected: Vec<&str> = order.iter().map(String::as_str).filter(|n| round > 1 || *n != "Ansel").collect();
        assert_eq!(taken, expected, "round {round}: standard initiative holds for the fight");
    }
    assert!(docs.iter().all(|d| events(d, "initiative").is_empty()));
    assert_eq!(table.run(&["-q", "track", "show"]).trim(), docs.last().unwrap()["turn"].as_str().unwrap());
}

#[test]
fn dnd5e_speed_factor_is_rolled_every_round_with_the_declared_action() {
    let table = Table::new("5e-speed");
    let first = table.json(&[
        "-r",
        "5e",
        "--seed",
        "1",
        "track",
        "start",
        "--variant",
        "speed",
        "Ansel:dex=1,action=light",
        "Orc:side=monsters",
    ]);
    table.run(&["track", "set", "Ansel", "action=spell:3"]);
    let (_, docs) = play(&table, "default", first, 10);
    let rolls: Vec<&Value> = docs.iter().flat_map(|d| events(d, "initiative")).collect();
    assert_eq!(rolls.len(), 10, "rounds 2 to 11 each roll anew");
    for roll in rolls {
        let ansel = roll["roll"]["order"].as_array().unwrap().iter().find(|e| e["name"] == "Ansel").unwrap();
        let d20 = ansel["d20"].as_i64().unwrap();
        // seed 002: d20 + Dex + the declared action's modifier: a 3rd-level spell, -3.
        assert_eq!(ansel["total"].as_i64().unwrap(), d20 + 1 - 3, "{ansel}");
    }
}

#[test]
fn dnd5e2024_surprise_is_disadvantage_and_costs_no_turn() {
    let table = Table::new("5e2024");
    let first = table.json(&[
        "-r",
        "5e2024",
        "--seed",
        "2",
        "track",
        "start",
        "--stealth",
        "15",
        "Ansel:per=10",
        "Orc:side=monsters",
    ]);
    let opening = first["opening"]["initiative"]["order"].as_array().unwrap();
    let ansel = opening.iter().find(|e| e["name"] == "Ansel").unwrap();
    assert_eq!(ansel["mode"], "disadvantage");
    assert_eq!(ansel["rolls"].as_array().unwrap().len(), 2);
    assert!(seat(&first, "Ansel")["out"].is_null());
    let (turns, _) = play(&table, "default", first, 10);
    for round in 1..=10 {
        assert_eq!(turns.iter().filter(|t| t.0 == round).count(), 2, "round {round}");
    }
}

#[test]
fn gurps_stunned_combatants_roll_iq_each_turn_with_a_growing_bonus_until_they_recover() {
    let table = Table::new("gurps");
    let args = [
        "-r",
        "gurps",
        "--partial",
        "Ansel:iq=11,speed=6",
        "Bob:iq=9,speed=5",
        "Orc:side=monsters,speed=5.5,iq=10",
        "Gob:side=monsters,speed=5.25,iq=8",
    ];
    // A fight where someone stays stunned past the first turn, to see the bonus grow.
    let first = start_where(&table, "g", &args, |d| {
        d["opening"]["surprise"]["combatants"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["acts_from_turn"].as_u64().unwrap_or(1) > 3 || c["acts_from_turn"].is_null())
    });
    let stunned: Vec<(String, i64)> = first["order"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| !s["out"].is_null())
        .map(|s| (s["name"].as_str().unwrap().to_string(), s["out"]["recovery"]["iq"].as_i64().unwrap()))
        .collect();
    assert!(!stunned.is_empty());
    let (turns, docs) = play(&table, "g", first, 10);
    let recoveries: Vec<&Value> = docs.iter().flat_map(|d| events(d, "recovery")).collect();
    for (name, iq) in &stunned {
        let rolls: Vec<&&Value> = recoveries.iter().filter(|e| e["name"] == name.as_str()).collect();
        assert!(!rolls.is_empty(), "{name} rolls to recover");
        for (k, roll) in rolls.iter().enumerate() {
            let turn = roll["round"].as_u64().unwrap();
            assert_eq!(turn, k as u64 + 1, "one roll a turn from the first");
            // seed 001: IQ, +1 on the 2nd turn, +2 on the 3rd...
            assert_eq!(roll["roll"]["target"].as_i64().unwrap(), iq + turn as i64 - 1, "{roll}");
            let success = roll["roll"]["success"].as_bool().unwrap();
            assert_eq!(success, k + 1 == rolls.len(), "rolls stop at the first success");
        }
        let recovered = rolls.last().unwrap()["round"].as_u64().unwrap();
        let acted: Vec<u64> = turns.iter().filter(|t| &t.1 == name).map(|t| t.0).collect();
        // A success still Does Nothing that turn; it acts from the next.
        assert_eq!(acted, (recovered + 1..=10).collect::<Vec<_>>(), "{name}");
    }
    // Basic Speed order, fixed for the fight.
    let first_round: Vec<&str> = turns.iter().filter(|t| t.0 == 10).map(|t| t.1.as_str()).collect();
    assert_eq!(first_round, ["Ansel", "Orc", "Gob", "Bob"]);
}

#[test]
fn gurps_total_surprise_freezes_then_rolls_at_base_iq() {
    let table = Table::new("gurps-total");
    let first = table.json(&[
        "-r",
        "gurps",
        "--seed",
        "4",
        "track",
        "start",
        "--total",
        "Ansel:iq=12,speed=6",
        "Orc:side=monsters,speed=5",
    ]);
    let frozen = first["opening"]["surprise"]["freeze"]["seconds"].as_u64().unwrap();
    assert_eq!(seat(&first, "Ansel")["out"]["recovery"]["first_turn"].as_u64(), Some(frozen + 1));
    let (_, docs) = play(&table, "default", first, 10);
    let rolls: Vec<&Value> = docs.iter().flat_map(|d| events(d, "recovery")).collect();
    if let Some(first_roll) = rolls.first() {
        assert_eq!(first_roll["round"].as_u64(), Some(frozen + 1));
    }
    for roll in rolls {
        assert_eq!(roll["roll"]["target"], 12, "total surprise rolls at base IQ: {roll}");
    }
}

/// wod and cofd: the surprised enter from round 2, delays, readied and held actions move for
/// one round and return.
fn storytelling(rules: &str, keys: &str) {
    let table = Table::new(rules);
    let mitch = format!("Mitch:dex=3,{keys}");
    let args = [
        "-r",
        rules,
        "--surprise",
        "Ansel:wits=1,composure=1",
        &mitch,
        "Larry:dex=2,wits=3,composure=3",
        "Orc:side=monsters,ambusher",
        "Gob:side=monsters,ambusher",
    ];
    let first = start_where(&table, "w", &args, |d| {
        let out: Vec<&Value> = d["order"].as_array().unwrap().iter().filter(|s| !s["out"].is_null()).collect();
        out.len() == 1 && out[0]["name"] == "Ansel" && d["turn"] != "Ansel"
    });
    // seed 003: no successes on Wits + Composure: no action in round 1.
    assert_eq!(seat(&first, "Ansel")["out"]["from_round"], 2);
    in_descending_order(&first);
    let rolled = names(&first);
    let totals: Vec<f64> = rolled.iter().map(|n| total(&first, n)).collect();

    // Round 1: the last to act readies an action before the second; the first delays.
    let fight = ["track", "--fight", "w"];
    let run = |more: &[&str]| table.json(&[&fight[..], more].concat());
    let last = rolled.last().unwrap().clone();
    let second = rolled[1].clone();
    let doc = run(&["ready", &format!("{last}:before={second}")]);
    assert_eq!(total(&doc, &last), total(&doc, &second) + 1.0, "seed 003: OTHER's + 1");
    let at = names(&doc);
    assert_eq!(at.iter().position(|n| *n == last).unwrap() + 1, at.iter().position(|n| *n == second).unwrap());
    let current = doc["turn"].as_str().unwrap().to_string();
    let doc = run(&["delay", &format!("{current}:after={second}")]);
    assert_eq!(total(&doc, &current), total(&doc, &second) - 1.0, "seed 003: OTHER's - 1");
    let at = names(&doc);
    assert_eq!(at.iter().position(|n| *n == current).unwrap(), at.iter().position(|n| *n == second).unwrap() + 1);
    assert_ne!(doc["turn"], current.as_str(), "the delayer's turn passes");
    // Round 2 has everyone back in the rolled order, with the rolled totals.
    let mut doc = doc;
    while doc["round"] == 1 {
        doc = run(&["next"]);
    }
    assert_eq!(names(&doc), rolled);
    assert_eq!(rolled.iter().map(|n| total(&doc, n)).collect::<Vec<_>>(), totals);
    // A hold: gives up round 2, acts at any moment of round 3 (placed first), back in round 4.
    let holder = rolled.iter().rev().find(|n| doc["turn"] != n.as_str()).unwrap().clone();
    run(&["hold", &holder]);
    let (turns, docs) = play(&table, "w", doc, 10);
    let held: Vec<u64> = turns.iter().filter(|t| t.1 == holder).map(|t| t.0).collect();
    assert!(!held.contains(&2), "{holder} holds round 2: {turns:?}");
    assert!(held.contains(&3));
    let round3: Vec<&str> = turns.iter().filter(|t| t.0 == 3).map(|t| t.1.as_str()).collect();
    assert_eq!(round3[0], holder, "held action first in round 3: {round3:?}");
    for round in 4..=10 {
        let taken: Vec<&str> = turns.iter().filter(|t| t.0 == round).map(|t| t.1.as_str()).collect();
        assert_eq!(taken, rolled.iter().map(String::as_str).collect::<Vec<_>>(), "round {round}");
    }
    assert!(docs.iter().all(|d| events(d, "initiative").is_empty()), "seed 003: rolled once for the fight");
    // A ruleset with delays, so the others refuse them (checked here once for each kind).
    table.run(&["-r", "ose", "track", "--fight", "o", "start", "Ansel", "Orc:side=monsters"]);
    let err = table.fails(&["track", "--fight", "o", "delay", "Ansel"], 2);
    assert!(err.contains("the ose ruleset has no delay action") && err.contains("wod, cofd"), "{err}");
}

#[test]
fn wod_delays_readied_and_held_actions_return_to_their_places() {
    storytelling("wod", "composure=2,wits=2");
}

#[test]
fn cofd_delays_readied_and_held_actions_return_to_their_places() {
    storytelling("cofd", "composure=2,wits=2");
}

#[test]
fn wod_dramatic_failure_costs_two_rounds() {
    let table = Table::new("wod-dramatic");
    let args = [
        "-r",
        "wod",
        "--surprise",
        "Ansel:wits=1,composure=1,mod=-2",
        "Bob:wits=3,composure=3",
        "Orc:side=monsters,ambusher",
    ];
    let first = start_where(&table, "d", &args, |d| seat(d, "Ansel")["out"]["reason"] == "dramatic failure");
    assert_eq!(seat(&first, "Ansel")["out"]["from_round"], 3);
    let (turns, _) = play(&table, "d", first, 10);
    let ansel: Vec<u64> = turns.iter().filter(|t| t.1 == "Ansel").map(|t| t.0).collect();
    assert_eq!(ansel, (3..=10).collect::<Vec<_>>());
}

#[test]
fn add_remove_set_and_undo_change_the_order_as_said() {
    let table = Table::new("edit");
    let first = table.json(&["-r", "5e", "--seed", "9", "track", "start", "Ansel:dex=2", "Bob", "Orc*2:side=monsters"]);
    assert_eq!(members(seat(&first, "Orc")), serde_json::json!(["Orc 1", "Orc 2"]));
    let doc = table.json(&["track", "add", "Wolf:side=monsters,initiative=15"]);
    assert_eq!(total(&doc, "Wolf"), 15.0);
    in_descending_order(&doc);
    assert_eq!(doc["turn"], first["turn"], "a late arrival does not take the turn");
    let turn = names(&doc).iter().position(|n| *n == doc["turn"]).unwrap();
    let doc = table.json(&["track", "set", "Bob", "initiative=30"]);
    // One turn a round: Bob, still to act, acts right after the current turn in this round,
    // and first from the next.
    assert_eq!(names(&doc)[turn + 1], "Bob", "{doc}");
    assert_eq!(seat(&doc, "Bob")["rank"], 0);
    let doc = table.json(&["track", "remove", "Orc 2"]);
    assert_eq!(members(seat(&doc, "Orc")), serde_json::json!(["Orc 1"]));
    let doc = table.json(&["track", "set", "Ansel", "acts-from=3"]);
    assert_eq!(seat(&doc, "Ansel")["out"]["from_round"], 3);
    assert_eq!(doc["undo"], 4);
    let doc = table.json(&["track", "undo", "3"]);
    assert_eq!(total(&doc, "Wolf"), 15.0);
    assert_ne!(seat(&doc, "Bob")["rank"], 0);
    assert_eq!(doc["undo"], 1);
    let doc = table.json(&["track", "undo"]);
    assert_eq!(names(&doc), names(&first));
    let err = table.fails(&["track", "undo"], 2);
    assert!(err.contains("keeps 0 commands to undo"), "{err}");
    let err = table.fails(&["track", "remove", "Zed"], 2);
    assert!(err.contains("nobody named 'Zed'") && err.contains("Ansel"), "{err}");
    let err = table.fails(&["track", "add", "Ansel"], 2);
    assert!(err.contains("in the fight already"), "{err}");
    let err = table.fails(&["track", "set", "Ansel", "initiative=fast"], 2);
    assert!(err.contains("initiative=fast is not a number"), "{err}");
    // The one whose turn it is leaves: the next one's turn begins.
    let now = table.json(&["track", "show"])["turn"].as_str().unwrap().to_string();
    let doc = table.json(&["track", "remove", &now]);
    assert!(!names(&doc).contains(&now));
    assert_ne!(doc["turn"], now.as_str());
}

#[test]
fn fights_have_names_and_are_listed() {
    let table = Table::new("names");
    table.run(&["--seed", "1", "track", "start", "Ansel", "Orc:side=monsters"]);
    let out = table
        .command()
        .env("FRAY_FIGHT", "crypt")
        .args(["-r", "gurps", "track", "start", "Ansel", "Orc:side=monsters"])
        .run();
    assert!(out.success(), "{}", out.stderr);
    assert!(table.file("default").is_file() && table.file("crypt").is_file());
    let list = table.json(&["track", "list"]);
    let kept: Vec<(&str, &str)> = list["fights"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["fight"].as_str().unwrap(), f["rules"].as_str().unwrap()))
        .collect();
    assert_eq!(kept, [("crypt", "gurps"), ("default", "ose")]);
    assert_eq!(table.run(&["-q", "track", "list"]).trim(), "crypt,default");
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(table.file("crypt")).unwrap()).unwrap();
    assert_eq!((saved["format"].as_str(), saved["version"].as_u64()), (Some("fray-track"), Some(2)));
    let err = table.fails(&["track", "start", "Ansel"], 1);
    assert!(err.contains("a fight named 'default' is already kept"), "{err}");
    let err = table.fails(&["-r", "5e", "track", "next"], 2);
    assert!(err.contains("is a ose fight, not 5e"), "{err}");
    // An ended fight is kept: undo brings it back; end --yes forgets it, lock and all.
    let ended = table.json(&["track", "end"]);
    assert_eq!(ended["ended"], ended["round"]);
    let err = table.fails(&["track", "next"], 2);
    assert!(err.contains("has ended") && err.contains("undo"), "{err}");
    assert!(table.run(&["track", "list"]).contains("ended in round 1"));
    let back = table.json(&["track", "undo"]);
    assert!(back.get("ended").is_none() && back["turn"].is_string(), "{back}");
    table.run(&["track", "end"]);
    table.run(&["track", "end", "--yes"]);
    assert!(!table.file("default").exists());
    assert!(!table.home.join("state/fray/.default.lock").exists());
    let err = table.fails(&["track", "show"], 1);
    assert!(err.contains("no fight named 'default'") && err.contains("crypt"), "{err}");
    let err = table.fails(&["track", "--fight", "../x", "show"], 2);
    assert!(err.contains("not a fight name"), "{err}");
    let err = table.fails(&["--odds", "track", "--fight", "crypt", "next"], 2);
    assert!(err.contains("--odds is not an option of track"), "{err}");
    let err = table.fails(&["-r", "wod", "track", "--fight", "z", "start", "--delay", "A:after=B", "A", "B"], 2);
    assert!(err.contains("--delay is not an option of track start") && err.contains("fray track delay"), "{err}");
    let err = table.fails(&["-r", "gurps", "track", "--fight", "z", "start", "--lair", "Ansel"], 2);
    assert!(err.contains("no lair actions") && err.contains("rulesets with them: 5e"), "{err}");
    // Without XDG_STATE_HOME, ~/.local/state/fray.
    let out = table.command().env_remove("XDG_STATE_HOME").args(["track", "start", "Ansel"]).run();
    assert!(out.success(), "{}", out.stderr);
    assert!(table.home.join(".local/state/fray/default.json").is_file());
}

#[test]
fn twenty_writers_at_once_leave_all_twenty() {
    let table = Table::new("race");
    table.run(&["-r", "5e", "--seed", "1", "track", "start", "Ansel", "Orc:side=monsters"]);
    let children: Vec<std::process::Child> = (0..20)
        .map(|i| {
            table
                .std_command()
                .args(["track", "add", &format!("Wolf{i}:side=monsters")])
                .stdout(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let doc = table.json(&["track", "show"]);
    let mut wolves: Vec<String> = names(&doc).into_iter().filter(|n| n.starts_with("Wolf")).collect();
    wolves.sort();
    let mut expected: Vec<String> = (0..20).map(|i| format!("Wolf{i}")).collect();
    expected.sort();
    assert_eq!(wolves, expected);
    assert_eq!(doc["undo"], 20, "each writer saw the one before it");
}

#[test]
fn a_writer_killed_before_its_rename_leaves_the_fight_as_it_was() {
    let table = Table::new("kill");
    table.run(&["-r", "5e", "--seed", "1", "track", "start", "Ansel", "Bob", "Orc:side=monsters"]);
    let path = table.file("default");
    let before = std::fs::read(&path).unwrap();
    let mut child = table
        .std_command()
        .env("FRAY_TEST_PAUSE_BEFORE_RENAME", "20000")
        .args(["track", "next"])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let dir = path.parent().unwrap();
    let temp = |dir: &Path| {
        std::fs::read_dir(dir).unwrap().flatten().any(|e| e.file_name().to_string_lossy().contains(".json.tmp-"))
    };
    let waited = std::time::Instant::now();
    while !temp(dir) {
        assert!(waited.elapsed().as_secs() < 15, "no temporary file appeared");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), before, "the fight is as it was");
    // The next writer gets the lock the killed one held, and sweeps its leftovers.
    let doc = table.json(&["track", "next"]);
    assert_eq!(doc["undo"], 1);
    assert!(!temp(dir));
}

#[test]
fn corrupt_foreign_and_newer_files_are_refused_and_left_untouched() {
    let table = Table::new("bad");
    table.run(&["--seed", "1", "track", "start", "Ansel", "Orc:side=monsters"]);
    let path = table.file("default");
    let good: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut newer = good.clone();
    newer["version"] = 3.into();
    let mut damaged = good.clone();
    damaged["order"] = "nobody".into();
    let cases: [(&str, String); 5] = [
        ("is not valid JSON (line 1, column", "{\"format\": \"fray-track\", ".to_string()),
        ("is not a fray fight", "{\"hello\": \"world\"}".to_string()),
        ("is not a fray fight", "[1, 2, 3]".to_string()),
        ("is from a newer fray (format version 3", newer.to_string()),
        ("is damaged", damaged.to_string()),
    ];
    for (said, bytes) in cases {
        std::fs::write(&path, &bytes).unwrap();
        for args in [&["track", "show"][..], &["track", "next"], &["track", "start", "Bob"], &["track", "add", "Cid"]] {
            let err = table.fails(args, 1);
            assert!(err.contains(said) && err.contains(&path.display().to_string()), "{args:?}: {err}");
            assert!(err.contains("left as it is"), "{err}");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), bytes, "{args:?} left it untouched");
        }
        let list = table.json(&["track", "list"]);
        assert!(list["fights"][0]["error"].as_str().unwrap().contains(said), "{list}");
    }
}

#[test]
fn quiet_text_and_yaml_say_whose_turn_it_is() {
    let table = Table::new("formats");
    let doc =
        table.json(&["-r", "wod", "--seed", "7", "track", "start", "Mitch:dex=3", "Larry:dex=1", "Orc:side=monsters"]);
    let first = doc["turn"].as_str().unwrap().to_string();
    assert_eq!(doc["order"][0]["name"], first.as_str());
    assert_eq!(doc["order"][0]["current"], true);
    assert_eq!(
        (doc["command"].as_str(), doc["action"].as_str(), doc["seed"].as_u64()),
        (Some("track"), Some("start"), Some(7))
    );
    let next = table.run(&["-q", "track", "next"]);
    assert_eq!(next, format!("{}\n", names(&doc)[1]));
    let yaml = table.run(&["-f", "yaml", "track", "show"]);
    assert!(yaml.contains("command: track") && yaml.contains(&format!("turn: {}", names(&doc)[1])), "{yaml}");
    let text = table.run(&["track", "show"]);
    assert!(text.contains(&format!("Round 1: {}'s turn", names(&doc)[1])), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
}

#[test]
fn tab_offers_the_fights_kept_and_the_fight_s_combatants() {
    let table = Table::new("complete");
    table.run(&["--seed", "1", "-r", "5e", "track", "start", "Ansel", "Bob", "Orc*2:side=monsters"]);
    table.run(&["--seed", "1", "track", "--fight", "crypt", "start", "Zed"]);
    let offered = |words: &[&str]| {
        let out = table.std_command().env("COMPLETE", "fish").arg("--").args(words).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        let mut words: Vec<String> =
            text.lines().map(|l| l.split('\t').next().unwrap().to_string()).filter(|w| !w.starts_with('-')).collect();
        words.sort();
        words
    };
    assert_eq!(offered(&["fray", "track", "remove", ""]), ["Ansel", "Bob", "Orc", "Orc 1", "Orc 2"]);
    assert_eq!(offered(&["fray", "track", "remove", "O"]), ["Orc", "Orc 1", "Orc 2"]);
    assert_eq!(offered(&["fray", "track", "ready", "Bob:before=A"]), ["Bob:before=Ansel"]);
    assert_eq!(offered(&["fray", "track", "--fight", "crypt", "set", ""]), ["Zed", "monsters", "party"]);
    assert_eq!(offered(&["fray", "track", "--fight", ""]), ["crypt", "default"]);
}

#[test]
fn a_roster_is_kept_with_the_fight_for_initiative_rolled_anew() {
    let table = Table::new("roster");
    let roster = "sides:\n  - name: party\n  - name: goblins\ncombatants:\n  - name: Ansel\n  - name: Gob\n    count: 3\n    side: goblins\n";
    let out = table
        .command()
        .args(["-f", "json", "--seed", "2", "-r", "ose", "track", "start", "--roster", "-"])
        .write_stdin(roster)
        .run();
    assert!(out.success(), "{}", out.stderr);
    let first: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(members(seat(&first, "goblins")), serde_json::json!(["Gob 1", "Gob 2", "Gob 3"]));
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(table.file("default")).unwrap()).unwrap();
    assert_eq!(saved["setup"]["rosters"][0]["text"], roster);
    table.run(&["track", "remove", "Gob 2"]);
    let (_, docs) = play(&table, "default", first, 3);
    let last = docs.last().unwrap();
    assert_eq!(members(seat(last, "goblins")), serde_json::json!(["Gob 1", "Gob 3"]), "rolled anew without Gob 2");
    assert!(!events(last, "initiative").is_empty() || docs.iter().any(|d| !events(d, "initiative").is_empty()));
}

#[test]
fn wod_delayers_at_one_moment_go_by_the_tie_rule() {
    let table = Table::new("wod-meeting");
    table.run(&[
        "-r",
        "wod",
        "--seed",
        "1",
        "track",
        "start",
        "A:dex=1,initiative=20",
        "B:dex=4,initiative=15",
        "C:dex=2,initiative=12",
        "O:side=monsters,initiative=5",
    ]);
    table.run(&["track", "delay", "A:after=O"]);
    let doc = table.json(&["track", "delay", "B:after=O"]);
    // seed 003: delayers at one moment are ordered by the tie rule, the higher Dexterity +
    // Composure first, whoever delayed first.
    let after: Vec<String> = names(&doc).into_iter().skip_while(|n| n != "O").collect();
    assert_eq!(after, ["O", "B", "A"]);
    assert_eq!((total(&doc, "A"), total(&doc, "B")), (4.0, 4.0));
    let said = events(&doc, "delays");
    assert!(said.iter().any(|e| e["text"].as_str().unwrap().contains("by the tie rule: B, A")), "{said:?}");
}

#[test]
fn dnd5e_side_initiative_seats_the_sides_and_says_who_is_surprised() {
    let table = Table::new("5e-side");
    let doc = table.json(&[
        "-r",
        "5e",
        "--seed",
        "1",
        "track",
        "start",
        "--variant",
        "side",
        "--stealth",
        "14",
        "Ansel:per=10",
        "Bob:per=16",
        "Orc:side=monsters",
    ]);
    let mut seats = names(&doc);
    seats.sort();
    assert_eq!(seats, ["monsters", "party"]);
    assert_eq!(members(seat(&doc, "party")), serde_json::json!(["Ansel", "Bob"]));
    let out = events(&doc, "out");
    assert_eq!(out.len(), 1);
    assert_eq!(out[0]["name"], "Ansel");
}

/// The long flags a help page lists, each once.
fn listed_flags(help: &str) -> Vec<String> {
    let mut flags: Vec<String> = help
        .split(|c: char| c.is_whitespace() || c == ',' || c == '[')
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(str::to_string)
        .collect();
    flags.dedup();
    flags
}

#[test]
fn track_start_help_lists_only_the_flags_its_ruleset_opens_a_fight_with() {
    for rules in fray::rulesets::RULESETS {
        let out = fray().args(["-r", rules.id, "track", "start", "--help"]).run();
        assert!(out.success(), "{}", rules.id);
        let help = out.text();
        let listed = listed_flags(&help);
        let opening = [fray::rulesets::Procedure::Encounter, fray::rulesets::Procedure::Initiative];
        for flag in ["--stealth", "--total", "--aware", "--wait", "--variant", "--swap", "--individual", "--surprised"]
        {
            let takes = opening.iter().any(|&p| rules.takes_flag(p, flag));
            assert_eq!(listed.iter().any(|f| f == flag), takes, "{} track start --help and {flag}", rules.id);
        }
        assert_eq!(listed.iter().any(|f| f == "--lair"), rules.fight.lair(), "{} --lair", rules.id);
        assert!(listed.iter().any(|f| f == "--surprise") && listed.iter().any(|f| f == "--side"), "{}", rules.id);
    }
    // Who has delayed actions and lair actions is said from the registry.
    let help = fray().args(["track", "--help"]).run().text();
    // An action's words may go on under it (help keeps to 80 columns): read each entry whole.
    let entries = help.replace("\n          ", " ");
    assert!(entries.lines().any(|l| l.trim_start().starts_with("delay") && l.ends_with("(wod, cofd)")), "{help}");
    assert!(fray().args(["-r", "5e", "track", "start", "--help"]).run().text().contains("every round (5e)"));
}
