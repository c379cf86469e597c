//! `fray track`, round two: what a fight keeps of each combatant (hit points rolled as it
//! enters, damage and healing as each ruleset counts them, temporary hit points, effects that
//! run out at a turn's start or end however the order moves, notes, who the players see), the
//! encounter and the encounter table flowing into a fight, `end` that can be undone, fights of
//! format version 1 read and converted, and the state folder no one else can redirect.

use crate::track::{Table, events, names};
use serde_json::Value;
use std::path::Path;

/// Every combatant of a `track` document, members of groups and sides included.
fn combatants(doc: &Value) -> Vec<&Value> {
    let mut all = Vec::new();
    for seat in doc["order"].as_array().unwrap() {
        match seat["members"].as_array() {
            Some(members) => all.extend(members),
            None if seat.get("down").is_some() => all.push(seat),
            None => {}
        }
    }
    all
}

fn combatant<'a>(doc: &'a Value, name: &str) -> &'a Value {
    combatants(doc).into_iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("{name} in {doc}"))
}

fn hp(doc: &Value, name: &str) -> (i64, i64) {
    let c = combatant(doc, name);
    (c["hp"].as_i64().unwrap(), c["hp_max"].as_i64().unwrap())
}

fn effect_names(doc: &Value, name: &str) -> Vec<String> {
    combatant(doc, name)["effects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn each_member_rolls_its_own_hit_points_as_it_enters() {
    let table = Table::new("hp");
    let doc = table.json(&[
        "-r",
        "5e",
        "--seed",
        "5",
        "track",
        "start",
        "Ansel:hp=12,ac=16",
        "Orc:count=4,side=monsters,hp=2d6+2,ac=13",
    ]);
    let mut rolled = Vec::new();
    for i in 1..=4 {
        let name = format!("Orc {i}");
        let (now, max) = hp(&doc, &name);
        assert_eq!(now, max);
        assert!((4..=14).contains(&max), "{name}: {max}");
        assert_eq!(combatant(&doc, &name)["ac"], 13);
        assert_eq!(combatant(&doc, &name)["temp_hp"], 0);
        rolled.push(max);
    }
    // The dice behind each, said once as it enters.
    let said: Vec<&Value> = events(&doc, "hp");
    assert_eq!(said.len(), 4, "{doc}");
    assert!(said[0]["text"].as_str().unwrap().starts_with("Orc 1: hp 2d6+2: "), "{}", said[0]);
    assert_eq!(hp(&doc, "Ansel"), (12, 12));
    assert_eq!(combatant(&doc, "Ansel")["ac"], 16);
    for field in ["effects", "notes", "hidden", "down", "side"] {
        assert!(combatant(&doc, "Ansel").get(field).is_some(), "{field} always there");
    }
    // The same seed rolls the same.
    table.run(&["track", "end", "--yes"]);
    let again = table.json(&[
        "-r",
        "5e",
        "--seed",
        "5",
        "track",
        "start",
        "Ansel:hp=12,ac=16",
        "Orc:count=4,side=monsters,hp=2d6+2,ac=13",
    ]);
    let again: Vec<i64> = (1..=4).map(|i| hp(&again, &format!("Orc {i}")).1).collect();
    assert_eq!(again, rolled);
}

#[test]
fn damage_is_rolled_once_for_every_target_and_temporary_hit_points_go_first() {
    let table = Table::new("damage");
    table.run(&[
        "-r",
        "5e",
        "--seed",
        "1",
        "track",
        "start",
        "Ansel:hp=30",
        "Bree:hp=30",
        "Orc:count=2,side=monsters,hp=20",
    ]);
    let doc = table.json(&["--seed", "7", "track", "damage", "Ansel", "Bree", "3d6"]);
    let taken: Vec<i64> = ["Ansel", "Bree"].iter().map(|n| 30 - hp(&doc, n).0).collect();
    assert_eq!(taken[0], taken[1], "rolled once, applied to each");
    let said = &events(&doc, "damage")[0]["text"];
    assert!(said.as_str().unwrap().contains("(3d6: "), "the dice are shown: {said}");
    // --each rolls for each target; a seed where the two differ shows it.
    let differ = (1..60).any(|seed| {
        let doc = table.json(&["--seed", &seed.to_string(), "track", "damage", "Orc", "1d20", "--each"]);
        let d = (hp(&doc, "Orc 1").0, hp(&doc, "Orc 2").0);
        table.run(&["track", "undo"]);
        d.0 != d.1
    });
    assert!(differ, "--each rolls each target's own");
    // --half rounds down.
    let doc = table.json(&["track", "damage", "Orc 1", "7", "--half"]);
    assert_eq!(hp(&doc, "Orc 1"), (17, 20));
    // Temporary hit points take damage first, and do not add up: the higher are kept.
    table.run(&["track", "temp", "Ansel", "5"]);
    let doc = table.json(&["track", "temp", "Ansel", "3"]);
    assert_eq!(combatant(&doc, "Ansel")["temp_hp"], 5);
    let before = hp(&doc, "Ansel").0;
    let doc = table.json(&["track", "damage", "Ansel", "7"]);
    assert_eq!(combatant(&doc, "Ansel")["temp_hp"], 0);
    assert_eq!(hp(&doc, "Ansel").0, before - 2);
    // -q: each one touched, with its hit points.
    let line = table.run(&["-q", "track", "heal", "Ansel", "Orc 1", "1"]);
    assert_eq!(line.trim(), format!("Ansel={}/30,Orc 1=18/20", before - 1));
}

#[test]
fn dnd5e_a_monster_dies_at_0_a_character_is_dying_and_keeps_its_turn() {
    let table = Table::new("zero");
    table.run(&[
        "-r",
        "5e",
        "--seed",
        "2",
        "track",
        "start",
        "Ansel:hp=10,initiative=15",
        "Orc:count=2,side=monsters,hp=8,initiative=10",
    ]);
    let doc = table.json(&["track", "damage", "Orc 1", "12"]);
    assert_eq!(combatant(&doc, "Orc 1")["down"], "dead");
    assert_eq!(hp(&doc, "Orc 1"), (0, 8), "hit points stop at 0");
    let doc = table.json(&["track", "damage", "Ansel", "12"]);
    assert_eq!(combatant(&doc, "Ansel")["down"], "dying");
    // A dying character still takes its turn (for its death saves); the dead do not. The
    // seed keeps its death save off a natural 20, which would give it 1 hit point back.
    let doc = table.json(&["--seed", "2", "track", "next"]);
    assert_eq!(doc["turn"], "Orc", "{doc}");
    let doc = table.json(&["--seed", "2", "track", "next"]);
    assert_eq!(doc["turn"], "Ansel", "{doc}");
    let saves: Vec<&Value> = events(&doc, "rule").into_iter().filter(|e| e["rule"] == "death-save").collect();
    assert!(saves.len() == 1 && saves[0]["roll"]["total"] != 20, "{doc}");
    // Healed, a dying character is up again; the dead stay dead.
    let doc = table.json(&["track", "heal", "Ansel", "Orc 1", "3"]);
    assert_eq!(combatant(&doc, "Ansel")["down"], false);
    assert_eq!(hp(&doc, "Ansel"), (3, 10));
    assert_eq!(combatant(&doc, "Orc 1")["down"], "dead");
    assert!(events(&doc, "heal").iter().any(|e| e["text"].as_str().unwrap().contains("dead: healing does not")));
    // SRD 5.1 Instant Death: damage left over at 0 that is at least the hit point maximum.
    let doc = table.json(&["track", "damage", "Ansel", "13"]);
    assert_eq!(combatant(&doc, "Ansel")["down"], "dead", "{doc}");
    // A group's name leaves out its dead; named alone, one still takes it.
    let doc = table.json(&["track", "damage", "Orc", "1"]);
    assert_eq!(events(&doc, "damage").len(), 1);
    assert_eq!(events(&doc, "damage")[0]["name"], "Orc 2");
    assert!(
        events(&doc, "over").iter().any(|e| e["text"].as_str().unwrap().contains("looks over"))
            || hp(&doc, "Orc 2").0 > 0
    );
}

#[test]
fn dnd5e2024_names_the_bloodied_and_the_players_see_words_not_numbers() {
    let table = Table::new("players");
    table.run(&[
        "-r",
        "5e2024",
        "--seed",
        "3",
        "track",
        "start",
        "Ansel:hp=20",
        "Orc:count=2,side=monsters,hp=10",
        "Boss:side=monsters,hp=50",
    ]);
    table.run(&["track", "damage", "Orc 1", "5"]);
    table.run(&["track", "hide", "Boss"]);
    table.run(&["track", "note", "Orc 2", "carries the key"]);
    let doc = table.json(&["track", "show"]);
    assert_eq!(combatant(&doc, "Orc 1")["condition"], serde_json::json!(["Bloodied"]));
    assert_eq!(combatant(&doc, "Boss")["hidden"], true);
    let players = table.json(&["track", "show", "--players"]);
    assert_eq!(players["players"], true);
    assert!(!names(&players).contains(&"Boss".to_string()), "no hidden combatants");
    let orc = combatant(&players, "Orc 1");
    assert_eq!(orc["state"], "Bloodied");
    for private in ["hp", "hp_max", "notes", "hidden"] {
        assert!(orc.get(private).is_none(), "{private} in {orc}");
    }
    assert!(combatant(&players, "Orc 2").get("notes").is_none());
    assert_eq!(hp(&players, "Ansel"), (20, 20), "the players' own numbers stay");
    assert!(players["events"].as_array().unwrap().is_empty());
    let text = table.run(&["track", "show", "--players"]);
    assert!(!text.contains("Boss") && !text.contains("carries the key") && !text.contains("/10"), "{text}");
    assert!(text.contains("Bloodied"), "{text}");
    // Revealed, Boss is back in their view.
    table.run(&["track", "reveal", "Boss"]);
    assert!(names(&table.json(&["track", "show", "--players"])).contains(&"Boss".to_string()));
}

/// The round and whose turn it was when `effect` on `on` was said to run out, over the
/// documents of `next` from `from` on.
fn ran_out(table: &Table, effect: &str, on: &str, nexts: usize) -> Option<(u64, String)> {
    for _ in 0..nexts {
        let doc = table.json(&["track", "next"]);
        let ended = events(&doc, "ends").into_iter().find(|e| {
            let text = e["text"].as_str().unwrap();
            text.starts_with(&format!("{effect} on {on} runs out"))
        });
        if ended.is_some() {
            return Some((doc["round"].as_u64().unwrap(), doc["turn"].as_str().unwrap().to_string()));
        }
    }
    None
}

#[test]
fn an_effect_runs_out_at_the_start_or_end_of_the_turn_it_counts_by() {
    let table = Table::new("effects");
    let start = [
        "-r",
        "5e",
        "track",
        "start",
        "A:hp=9,initiative=20",
        "B:hp=9,initiative=15",
        "C:side=monsters,hp=9,initiative=10",
    ];
    table.run(&start);
    // In round 1, during A's turn: on C for 2 rounds, to the start of C's turn (its own).
    table.run(&["track", "effect", "C", "Held", "--rounds", "2"]);
    assert_eq!(ran_out(&table, "Held", "C", 12), Some((3, "C".into())), "at the start of C's turn in round 3");
    // To the end of B's turn: it ends as B's turn is passed, in round 1 + 1.
    table.run(&["track", "end", "--yes"]);
    table.run(&start);
    table.run(&["track", "effect", "C", "Shaken", "--rounds", "1", "--until", "end", "--of", "B"]);
    assert_eq!(ran_out(&table, "Shaken", "C", 12), Some((2, "C".into())), "B's turn ended in round 2, C's began");
    // Without --rounds it lasts until ended.
    table.run(&["track", "effect", "A", "Prone"]);
    assert_eq!(ran_out(&table, "Prone", "A", 9), None);
    let doc = table.json(&["track", "effect", "A", "Prone", "--end"]);
    assert!(effect_names(&doc, "A").is_empty());
    let show = table.json(&["track", "show"]);
    assert!(show["order"].as_array().unwrap().iter().all(|s| s["effects"].as_array().is_none_or(|e| e.is_empty())));
}

#[test]
fn moving_turns_never_makes_an_effect_end_a_turn_early_or_late() {
    // wod: Larry delays past Mitch, then holds; the effect on Larry counts by Larry's own turn.
    let table = Table::new("moves");
    table.run(&[
        "-r",
        "wod",
        "track",
        "start",
        "Mitch:initiative=12",
        "Larry:initiative=9",
        "Sue:initiative=5,side=monsters",
    ]);
    table.run(&["track", "effect", "Larry", "Dazed", "--rounds", "1"]);
    // Larry delays until after Sue this round: round 2's start of his turn still ends it.
    table.run(&["track", "delay", "Larry:after=Sue"]);
    let until = ran_out(&table, "Dazed", "Larry", 10);
    assert_eq!(until, Some((2, "Larry".into())));
    // Set initiative moves a combatant whose turn is still to come: it acts once, and the
    // effect that counts by it runs out at its turn, not before.
    table.run(&["track", "end", "--yes"]);
    table.run(&["-r", "5e", "track", "start", "A:initiative=20", "B:initiative=15", "C:side=monsters,initiative=10"]);
    table.run(&["track", "effect", "A", "Marked", "--rounds", "1", "--of", "C"]);
    let doc = table.json(&["track", "set", "C", "initiative=25"]);
    // C's turn this round is still to come: right after A's.
    assert_eq!(names(&doc), ["A", "C", "B"]);
    let doc = table.json(&["track", "next"]);
    assert_eq!(doc["turn"], "C");
    assert!(events(&doc, "ends").is_empty(), "round 1's turn of C is not the one it counts to");
    let doc = table.json(&["track", "next"]);
    assert_eq!(doc["turn"], "B", "one turn a round: C does not act again");
    assert_eq!(ran_out(&table, "Marked", "A", 3), Some((2, "C".into())), "C acts first in round 2, and it runs out");
    // Two at the same total: the one that counts is the one named, not its tie.
    table.run(&["track", "end", "--yes"]);
    table.run(&["-r", "5e", "track", "start", "A:initiative=12", "B:initiative=12", "C:side=monsters,initiative=3"]);
    table.run(&["track", "effect", "C", "Bane", "--rounds", "1", "--of", "B"]);
    assert_eq!(ran_out(&table, "Bane", "C", 6), Some((2, "B".into())));
}

#[test]
fn groups_are_addressed_whole_and_members_one_by_one() {
    let table = Table::new("groups");
    table.run(&["-r", "5e", "--seed", "4", "track", "start", "Ansel:hp=10", "Goblin:count=3,side=monsters,hp=7"]);
    let doc = table.json(&["track", "damage", "Goblin 2", "3"]);
    assert_eq!(hp(&doc, "Goblin 2"), (4, 7));
    assert_eq!(hp(&doc, "Goblin 1"), (7, 7));
    let text = table.run(&["track", "show"]);
    assert!(text.contains("Goblin 2") && text.contains("4/7"), "members shown where they differ: {text}");
    let doc = table.json(&["track", "split", "Goblin 3"]);
    assert!(names(&doc).contains(&"Goblin 3".to_string()), "a place of its own: {doc}");
    let doc = table.json(&["track", "remove", "Goblin"]);
    assert!(!names(&doc).iter().any(|n| n == "Goblin"), "the group's name removes the group");
    assert!(combatants(&doc).iter().all(|c| c["name"] != "Goblin 1" && c["name"] != "Goblin 2"));
    assert!(names(&doc).contains(&"Goblin 3".to_string()), "split off, it stays");
}

#[test]
fn wod_marks_wounds_in_the_books_order_and_upgrades_them_on_a_full_track() {
    let table = Table::new("health");
    let doc = table.json(&[
        "-r",
        "wod",
        "track",
        "start",
        "Mitch:initiative=9",
        "Thug:initiative=5,side=monsters,stamina=1,size=3",
    ]);
    assert_eq!(hp(&doc, "Mitch"), (7, 7), "Stamina 2 + Size 5");
    assert_eq!(hp(&doc, "Thug"), (4, 4));
    table.run(&["track", "damage", "Mitch", "2", "--bashing"]);
    let doc = table.json(&["track", "damage", "Mitch", "1"]);
    // The lethal point goes left of the bashing ones (WoD p. 173).
    assert_eq!(combatant(&doc, "Mitch")["wounds"], serde_json::json!(["lethal", "bashing", "bashing"]));
    let doc = table.json(&["track", "damage", "Mitch", "1", "--aggravated"]);
    assert_eq!(combatant(&doc, "Mitch")["wounds"], serde_json::json!(["aggravated", "lethal", "bashing", "bashing"]));
    assert_eq!(hp(&doc, "Mitch"), (3, 7));
    // Wound penalties from the third-to-last box (WoD p. 172).
    let doc = table.json(&["track", "damage", "Mitch", "1", "--bashing"]);
    assert!(combatant(&doc, "Mitch")["condition"].as_array().unwrap().iter().any(|w| w == "-1 wound penalty"), "{doc}");
    // Full of bashing in its last box: Stamina rolls, not down; more bashing upgrades.
    let doc = table.json(&["track", "damage", "Thug", "4", "--bashing"]);
    assert_eq!(combatant(&doc, "Thug")["down"], false);
    assert!(combatant(&doc, "Thug")["condition"].to_string().contains("Stamina each turn"));
    let doc = table.json(&["track", "damage", "Thug", "4", "--bashing"]);
    assert_eq!(combatant(&doc, "Thug")["wounds"], serde_json::json!(["lethal", "lethal", "lethal", "lethal"]));
    assert_eq!(combatant(&doc, "Thug")["down"], "dying");
    let doc = table.json(&["track", "damage", "Thug", "4"]);
    assert_eq!(combatant(&doc, "Thug")["down"], "dead", "lethal upgrades to aggravated: {doc}");
    // Healing takes the least severe first (WoD p. 176).
    let doc = table.json(&["track", "heal", "Mitch", "2"]);
    assert_eq!(combatant(&doc, "Mitch")["wounds"], serde_json::json!(["aggravated", "lethal", "bashing"]));
    let err = table.fails(&["track", "damage", "Mitch", "1", "--bashing", "--lethal"], 2);
    assert!(err.contains("cannot be used with"), "{err}");
    let err = table.fails(&["track", "temp", "Mitch", "3"], 2);
    assert!(err.contains("no temporary hit points") && err.contains("5e"), "{err}");
}

#[test]
fn gurps_damage_resistance_comes_off_and_hit_points_go_below_zero() {
    let table = Table::new("gurps");
    table.run(&["-r", "gurps", "track", "start", "Ansel:hp=12,dr=2,speed=6", "Orc:side=monsters,hp=10,speed=5"]);
    let doc = table.json(&["track", "damage", "Ansel", "7"]);
    assert_eq!(hp(&doc, "Ansel"), (7, 12), "7 - DR 2 = 5 injury");
    assert_eq!(combatant(&doc, "Ansel")["ht"], 10);
    let doc = table.json(&["track", "damage", "Ansel", "6"]);
    assert_eq!(hp(&doc, "Ansel"), (3, 12));
    assert!(combatant(&doc, "Ansel")["condition"].to_string().contains("reeling"), "below 1/3: {doc}");
    let doc = table.json(&["track", "--roll", "knockdown=3", "damage", "Orc", "14"]);
    assert_eq!(hp(&doc, "Orc"), (-4, 10));
    assert_eq!(combatant(&doc, "Orc")["down"], false, "HT rolls decide at 0 or less");
    assert!(combatant(&doc, "Orc")["condition"].to_string().contains("HT each turn"));
    let doc = table.json(&["track", "damage", "Orc", "46"]);
    assert_eq!(combatant(&doc, "Orc")["down"], "dead", "-5 x HP (B423)");
    // The opening's document holds what happened: no recovery rolled ahead of the fight.
    let start = table.json(&[
        "-r",
        "gurps",
        "--seed",
        "3",
        "track",
        "--fight",
        "s",
        "start",
        "--surprise",
        "Ansel:iq=12",
        "Orc:side=monsters,iq=9",
    ]);
    let opening = start["opening"].to_string();
    assert!(start["opening"]["surprise"]["combatants"].is_array(), "{start}");
    assert!(!opening.contains("recovery") && !opening.contains("acts_from_turn"), "{opening}");
}

#[test]
fn bad_fight_input_is_refused_and_the_fight_left_untouched() {
    let table = Table::new("bad-input");
    table.run(&["-r", "5e", "--seed", "1", "track", "start", "Ansel:hp=10", "Orc:side=monsters"]);
    let path = table.file("default");
    let before = std::fs::read(&path).unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["track", "damage", "7"], "damage needs who and how much"),
        (&["track", "damage", "Ansel", "-3"], "below 0"),
        (&["track", "damage", "Nobody", "3"], "nobody named 'Nobody'"),
        (&["track", "damage", "Orc", "3"], "Orc has no hit points kept"),
        (&["track", "damage", "Ansel", "2d6+"], "column"),
        (&["track", "effect", "Ansel", "Bless", "--rounds", "0"], "0 rounds ends as it begins"),
        (&["track", "effect", "Ansel", "Bless", "--of", "Ghost"], "--of names 'Ghost'"),
        (&["track", "effect", "Ansel", "Bless", "--end"], "no effect named 'Bless'"),
        (&["track", "damage", "Ansel", "3", "--lethal"], "counts no lethal damage"),
        (&["track", "note", "Ansel"], "the note is empty"),
        (&["track", "set", "Ansel", "hp=many"], "not a number of hit points"),
        (&["track", "set", "Ansel", "health=7"], "which keeps this as 'hp'"),
        (&["track", "split", "Ansel"], "a place of its own already"),
    ];
    for (args, said) in cases {
        let err = table.fails(args, 2);
        assert!(err.contains(said), "{args:?}: {err}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "{args:?} left the fight untouched");
    }
    let err = table.fails(&["-r", "wod", "track", "--fight", "w", "start", "Mitch:hp=7"], 2);
    assert!(err.contains("unknown combatant key 'hp' for the wod ruleset, which keeps this as 'health'"), "{err}");
    let err = table.fails(&["-r", "gurps", "track", "--fight", "g", "start", "Ansel:ac=5"], 2);
    assert!(err.contains("which keeps this as 'dr'"), "{err}");
    let err = table.fails(&["-r", "ose", "track", "--fight", "o", "start", "Ansel:hp=0"], 2);
    assert!(err.contains("hit points run from 1"), "{err}");
}

#[test]
fn an_ended_fight_comes_back_with_undo_and_end_yes_forgets_it() {
    let table = Table::new("end");
    table.run(&["--seed", "1", "track", "start", "Ansel:hp=5", "Orc:side=monsters,hp=5"]);
    table.run(&["track", "damage", "Orc", "2"]);
    let ended = table.json(&["track", "end"]);
    assert_eq!(ended["ended"], 1);
    assert!(ended["turn"].is_null());
    let shown = table.run(&["track", "show"]);
    assert!(shown.contains("ended in round 1"), "{shown}");
    let back = table.json(&["track", "undo"]);
    assert!(back.get("ended").is_none());
    assert_eq!(hp(&back, "Orc"), (3, 5), "everything kept");
    // A fight that has ended may be started anew under its name.
    table.run(&["track", "end"]);
    table.run(&["--seed", "2", "track", "start", "Bree"]);
    let anew = table.json(&["track", "show"]);
    assert_eq!(combatants(&anew).iter().map(|c| c["name"].as_str().unwrap()).collect::<Vec<_>>(), ["Bree"]);
    assert_eq!(anew["undo"], 0);
}

#[test]
fn the_encounter_flows_into_the_fight_with_the_same_dice() {
    let table = Table::new("flow");
    let args = [
        "-r",
        "5e",
        "--seed",
        "21",
        "encounter",
        "--stealth",
        "12",
        "Ansel:dex=3,per=11,hp=10",
        "Orc:count=2,side=monsters,hp=2d6",
    ];
    let encounter: Value =
        serde_json::from_str(&table.run(&[&["-f", "json"][..], &args[..], &["--track=crypt"]].concat())).unwrap();
    assert_eq!(encounter["fight"], "crypt");
    let fight = table.json(&["track", "--fight", "crypt", "show"]);
    let rolled: Vec<(String, i64)> = encounter["initiative"]["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["name"].as_str().unwrap().to_string(), p["total"].as_i64().unwrap()))
        .collect();
    let kept: Vec<(String, i64)> = fight["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["name"].as_str().unwrap().to_string(), s["total"].as_i64().unwrap()))
        .collect();
    assert_eq!(rolled, kept, "the fight's round 1 is the encounter's");
    // track start with the same seed and flags rolls the same opening too.
    let start = table.json(&[
        "-r",
        "5e",
        "--seed",
        "21",
        "track",
        "start",
        "--stealth",
        "12",
        "Ansel:dex=3,per=11,hp=10",
        "Orc:count=2,side=monsters,hp=2d6",
    ]);
    assert_eq!(start["opening"]["initiative"], encounter["initiative"]);
    let text = table.run(&["-r", "5e", "--seed", "21", "encounter", "--track=again", "Ansel", "Orc:side=monsters"]);
    assert!(text.contains("kept as fight 'again': round 1"), "{text}");
    let err = table.fails(&["-r", "5e", "--seed", "21", "encounter", "--track=again", "Ansel", "Orc:side=monsters"], 1);
    assert!(err.contains("already kept"), "{err}");
    let err = table.fails(&["-r", "5e", "--odds", "encounter", "--track", "Ansel", "Orc:side=monsters"], 2);
    assert!(err.contains("--track keeps one rolled encounter"), "{err}");
}

#[test]
fn an_encounter_table_brings_its_creatures_into_the_fight() {
    let table = Table::new("table");
    let file = table.home.join("den.yaml");
    std::fs::write(&file, "den:\n  die: 1d6\n  rows:\n    1-6: {name: Wolf, number: 2, hp: 9}\n").unwrap();
    let file = file.to_str().unwrap();
    let doc = table.json(&["--seed", "3", "track", "start", "--table", file, "Ansel:hp=8"]);
    assert_eq!(events(&doc, "table").len(), 1, "{doc}");
    assert_eq!(hp(&doc, "Wolf 1"), (9, 9));
    assert_eq!(hp(&doc, "Wolf 2"), (9, 9));
    std::fs::write(
        table.home.join("den.yaml"),
        "den:\n  die: 1d6\n  rows:\n    1-6: {name: Bear, number: 1, hp: 20}\n",
    )
    .unwrap();
    let doc = table.json(&["track", "add", "--table", file]);
    assert_eq!(hp(&doc, "Bear"), (20, 20));
    let err = table.fails(&["track", "add"], 2);
    assert!(err.contains("COMBATANT") || err.contains("required"), "{err}");
}

#[test]
fn a_version_1_fight_is_read_as_it_was_and_written_back_as_version_2() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/track");
    for (file, rules) in [("version-1-5e.json", "5e"), ("version-1-gurps.json", "gurps")] {
        let table = Table::new(&format!("v1-{rules}"));
        let path = table.file("old");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let bytes = std::fs::read(fixtures.join(file)).unwrap();
        std::fs::write(&path, &bytes).unwrap();
        let v1: Value = serde_json::from_slice(&bytes).unwrap();
        let shown = table.json(&["track", "--fight", "old", "show"]);
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "show only reads");
        assert_eq!(shown["round"], v1["round"]);
        let v1_names: Vec<&str> = v1["order"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
        assert_eq!(names(&shown), v1_names);
        assert_eq!(shown["undo"].as_u64().unwrap() as usize, v1["history"].as_array().map_or(0, Vec::len));
        let next = table.json(&["--seed", "9", "track", "--fight", "old", "next"]);
        let saved: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(saved["version"], 2);
        assert!(saved.get("history").is_none());
        // Every command version 1 kept can still be undone, back to the fight it started as.
        let steps = next["undo"].as_u64().unwrap();
        let back = table.json(&["track", "--fight", "old", "undo", &steps.to_string()]);
        let first = v1["history"].as_array().and_then(|h| h.first()).unwrap_or(&v1);
        assert_eq!(back["round"], first["round"]);
        let first_names: Vec<&str> =
            first["order"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
        assert_eq!(names(&back), first_names);
    }
}

#[test]
fn a_long_fight_stays_small() {
    let table = Table::new("long");
    let mut start: Vec<String> =
        vec!["-r".into(), "5e".into(), "--seed".into(), "1".into(), "track".into(), "start".into()];
    start.extend((0..30).map(|i| format!("Fighter{i}:hp=20,side={}", if i % 2 == 0 { "party" } else { "monsters" })));
    table.run(&start.iter().map(String::as_str).collect::<Vec<_>>());
    for i in 0..30 {
        table.run(&["track", "effect", &format!("Fighter{i}"), "Blessed"]);
        table.run(&["track", "effect", &format!("Fighter{i}"), "Marked", "--rounds", "1000"]);
    }
    for _ in 0..200 {
        table.run(&["track", "next"]);
    }
    let size = std::fs::metadata(table.file("default")).unwrap().len();
    assert!(size < 64 * 1024, "the state of 30 combatants with two effects each is {size} bytes");
}

#[cfg(unix)]
#[test]
fn no_one_else_can_redirect_or_read_a_fight() {
    use std::os::unix::fs::{PermissionsExt, symlink};
    let table = Table::new("modes");
    table.run(&["--seed", "1", "track", "start", "Ansel"]);
    let dir = table.home.join("state/fray");
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&dir), 0o700);
    assert_eq!(mode(&table.file("default")), 0o600);
    // A mode the user chose is kept.
    std::fs::set_permissions(table.file("default"), std::fs::Permissions::from_mode(0o640)).unwrap();
    table.run(&["track", "next"]);
    assert_eq!(mode(&table.file("default")), 0o640);
    // A fight or lock file that is a link is not followed; the file it points at is untouched.
    let outside = table.home.join("outside.txt");
    std::fs::write(&outside, "mine").unwrap();
    std::fs::remove_file(table.file("default")).unwrap();
    symlink(&outside, table.file("default")).unwrap();
    let err = table.fails(&["track", "next"], 1);
    assert!(err.contains("cannot be read"), "{err}");
    std::fs::remove_file(table.file("default")).unwrap();
    std::fs::remove_file(dir.join(".default.lock")).unwrap();
    symlink(&outside, dir.join(".default.lock")).unwrap();
    let err = table.fails(&["track", "start", "Ansel"], 1);
    assert!(err.contains("lock file"), "{err}");
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "mine");
    std::fs::remove_file(dir.join(".default.lock")).unwrap();
    // A state folder others may write, or that is a link, is refused.
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    let err = table.fails(&["track", "start", "Ansel"], 1);
    assert!(err.contains("writable by others") && err.contains("chmod go-w"), "{err}");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    let moved = table.home.join("elsewhere");
    std::fs::rename(&dir, &moved).unwrap();
    symlink(&moved, &dir).unwrap();
    let err = table.fails(&["track", "start", "Ansel"], 1);
    assert!(err.contains("is a symbolic link"), "{err}");
    // A FIFO where a fight is kept is refused at once, not waited on.
    std::fs::remove_file(&dir).unwrap();
    std::fs::rename(&moved, &dir).unwrap();
    let fifo = table.file("pipe");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let err = table.fails(&["track", "--fight", "pipe", "show"], 1);
    assert!(err.contains("not a plain file"), "{err}");
}

#[test]
fn names_from_the_state_folder_and_the_fight_must_be_utf_8() {
    use std::os::unix::ffi::OsStrExt;
    let table = Table::new("utf8");
    let bad = std::ffi::OsStr::from_bytes(b"f\xffight");
    let out = table.command().env("FRAY_FIGHT", bad).args(["track", "show"]).run();
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("FRAY_FIGHT is not valid UTF-8"), "{}", out.stderr);
    let out = table.command().env("XDG_STATE_HOME", bad).args(["track", "list"]).run();
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("XDG_STATE_HOME is not valid UTF-8"), "{}", out.stderr);
}

#[test]
fn writers_racing_with_damage_lose_nothing() {
    let table = Table::new("race-damage");
    table.run(&["-r", "5e", "--seed", "1", "track", "start", "Ansel:hp=100", "Orc:side=monsters,hp=100"]);
    let children: Vec<std::process::Child> = (0..20)
        .map(|_| {
            table
                .std_command()
                .args(["track", "damage", "Ansel", "1"])
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let doc = table.json(&["track", "show"]);
    assert_eq!(hp(&doc, "Ansel"), (80, 100), "each writer saw the one before it");
    assert_eq!(doc["undo"], 20);
}

#[test]
fn a_fight_at_the_limits_can_always_be_read_back_undone_and_ended() {
    // 10 000 combatants from a roster of a mebibyte (the documented limits), several commands.
    let table = Table::new("limits");
    let roster = table.home.join("roster.yaml");
    let mut text = String::from("sides:\n  - name: party\n  - name: monsters\ncombatants:\n");
    let padding = "x".repeat(48);
    for i in 0..10_000 {
        let side = if i % 2 == 0 { "party" } else { "monsters" };
        text.push_str(&format!("  - name: C{i}\n    side: {side}\n    hp: 10 # {padding}\n"));
    }
    assert!(text.len() > 900 << 10 && text.len() <= 1 << 20, "{} bytes", text.len());
    std::fs::write(&roster, &text).unwrap();
    table.run(&["-r", "5e", "--seed", "1", "-q", "track", "start", "--roster", roster.to_str().unwrap()]);
    for args in
        [&["next"][..], &["damage", "C1", "3"], &["effect", "C2", "Blessed", "--rounds", "3"], &["next"], &["undo"]]
    {
        let mut all = vec!["-q", "track"];
        all.extend_from_slice(args);
        table.run(&all);
    }
    let size = std::fs::metadata(table.file("default")).unwrap().len();
    assert!(size < 64 << 20, "{size} bytes");
    let doc = table.json(&["track", "show"]);
    assert_eq!(doc["undo"], 3);
    table.run(&["-q", "track", "end"]);
    table.run(&["-q", "track", "undo"]);
    table.run(&["-q", "track", "end", "--yes"]);
    assert!(!table.file("default").exists());
}

#[test]
fn output_that_cannot_be_written_says_the_fight_was_changed() {
    let table = Table::new("full");
    table.run(&["--seed", "1", "track", "start", "Ansel", "Orc:side=monsters"]);
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = table.std_command().args(["track", "next"]).stdout(full).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot write output") && err.contains("the fight was changed"), "{err}");
    assert_eq!(table.json(&["track", "show"])["undo"], 1, "the change is kept, and can be undone");
}

#[cfg(unix)]
#[test]
fn show_and_list_read_a_folder_fray_may_not_write() {
    use std::os::unix::fs::PermissionsExt;
    let table = Table::new("read-only");
    table.run(&["--seed", "1", "track", "start", "Ansel", "Orc:side=monsters"]);
    let dir = table.home.join("state/fray");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o500)).unwrap();
    let shown = table.command().args(["track", "show"]).run();
    let listed = table.command().args(["track", "list"]).run();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    assert!(shown.success(), "{}", shown.stderr);
    assert!(listed.success(), "{}", listed.stderr);
}
