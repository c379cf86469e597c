//! Tests of the ose ruleset, end to end through the binary.

use crate::common::*;
use serde_json::Value;
use std::collections::BTreeMap;

// --- what a user sees ---------------------------------------------------------------------

#[test]
fn encounter_text_yaml_json() {
    let args = ["--seed", "42", "encounter", "--aware", "monsters", "--cha", "16"];
    insta::assert_snapshot!("ose_encounter_text", stdout(&args));
    insta::assert_snapshot!("ose_encounter_yaml", stdout(&[&["-f", "yaml"], &args[..]].concat()));
    insta::assert_snapshot!("ose_encounter_json", stdout(&[&["-f", "json"], &args[..]].concat()));
}

#[test]
fn each_procedure_in_text() {
    let runs: &[(&str, &[&str])] = &[
        ("ose_surprise_text", &["--seed", "4", "surprise", "Ansel", "Bree", "Goblin*3:side=monsters", "--ambush"]),
        (
            "ose_surprise_sides_text",
            &["--seed", "5", "surprise", "--side", "party", "--side", "orcs:chance=3", "--side", "wolves:aware"],
        ),
        ("ose_distance_text", &["--seed", "7", "distance", "--outdoors"]),
        ("ose_distance_both_text", &["--seed", "7", "distance", "--both-surprised"]),
        (
            "ose_initiative_text",
            &["--seed", "1", "initiative", "--side", "party", "--side", "orcs", "--side", "wolves", "--wait", "wolves"],
        ),
        ("ose_initiative_tie_text", &["--seed", "42", "initiative"]),
        ("ose_reaction_text", &["--seed", "3", "reaction", "--cha", "16", "--mod", "-1"]),
        (
            "ose_pursue_text",
            &["--seed", "5", "pursue", "--quarry", "30", "--pursuer", "40", "--gap", "90", "--drop", "food@2"],
        ),
        ("ose_pursue_running_text", &["--seed", "5", "pursue", "--quarry", "40", "--pursuer", "40", "--rounds", "3"]),
        ("ose_surprise_odds_text", &["surprise", "--odds"]),
        ("ose_encounter_odds_text", &["encounter", "--aware", "monsters", "--outdoors", "--odds"]),
    ];
    for (name, args) in runs {
        insta::assert_snapshot!(*name, stdout(args));
    }
}

#[test]
fn quiet_prints_only_the_headline() {
    assert_eq!(stdout(&["--seed", "9", "distance", "-q"]), "100\n");
    assert_eq!(stdout(&["--seed", "3", "-q", "reaction", "--cha", "18"]), "9\n");
    let lines = stdout(&["--seed", "1", "-q", "-n", "5", "surprise"]);
    assert_eq!(lines.lines().count(), 5);
    assert!(lines.lines().all(|l| ["none", "party", "monsters", "party,monsters"].contains(&l)), "{lines}");
    let line = stdout(&["--seed", "42", "-q", "encounter"]);
    assert_eq!(line, "surprised=none feet=60 order=party,monsters reaction=4\n");
}

#[test]
fn same_seed_same_bytes_other_seed_other_bytes() {
    let a = stdout(&["--seed", "77", "-f", "json", "-n", "50", "encounter"]);
    let b = stdout(&["--seed", "77", "-f", "json", "-n", "50", "encounter"]);
    let c = stdout(&["--seed", "78", "-f", "json", "-n", "50", "encounter"]);
    assert_eq!(a, b);
    assert_ne!(a, c);
    // The global options work after the command too.
    assert_eq!(stdout(&["encounter", "--seed", "77", "-f", "json", "-n", "50"]), a);
}

#[test]
fn yaml_and_json_carry_the_same_data() {
    let json: Value =
        serde_json::from_str(&stdout(&["--seed", "11", "-f", "json", "encounter", "--cha", "9"])).unwrap();
    let yaml: Value =
        serde_yaml::from_str(&stdout(&["--seed", "11", "-f", "yaml", "encounter", "--cha", "9"])).unwrap();
    assert_eq!(json, yaml);
}

#[test]
fn repeat_streams_numbered_documents() {
    let docs = json_lines(&["--seed", "2", "-n", "3", "reaction"]);
    let n: Vec<u64> = docs.iter().map(|d| d["n"].as_u64().unwrap()).collect();
    assert_eq!(n, [1, 2, 3]);
    assert!(docs.iter().all(|d| d["command"] == "reaction" && d["rules"] == "ose" && d["seed"] == 2));
    let yaml = stdout(&["--seed", "2", "-n", "3", "-f", "yaml", "reaction"]);
    assert_eq!(yaml.matches("---\n").count(), 3);
    let text = stdout(&["--seed", "2", "-n", "3", "reaction"]);
    assert_eq!(text.matches("reaction · ose · run ").count(), 3);
    // The first of a repeated run is the single run of the same seed.
    let single = json(&["--seed", "2", "reaction"]);
    assert_eq!(single["total"], docs[0]["total"]);
    assert!(single.get("n").is_none());
}

#[test]
fn show_seed_prints_it() {
    let text = stdout(&["--seed", "12345", "-v", "distance"]);
    assert!(text.starts_with("distance · ose · seed 12345\n"), "{text}");
    // Without --seed a fresh seed is used and still reported.
    let a = json(&["distance"]);
    let b = json(&["distance"]);
    assert!(a["seed"].is_u64() && b["seed"].is_u64());
    assert_ne!(a["seed"], b["seed"]);
}

#[test]
fn env_defaults_and_the_flag_beats_them() {
    let out = fray().env("FRAY_FORMAT", "json").env("FRAY_RULES", "ose").args(["--seed", "1", "distance"]).run();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["rules"], "ose");
    let out = fray().env("FRAY_FORMAT", "json").args(["--seed", "1", "-f", "text", "-q", "distance"]).run();
    assert!(String::from_utf8(out.stdout).unwrap().trim().parse::<u32>().is_ok());
}

// --- the rules, case by case --------------------------------------------------------------

#[test]
fn the_spider_is_aware_and_only_the_party_rolls() {
    // seed 000: the spider saw the torchlight and lies in wait; it does not roll for surprise.
    let docs = json_lines(&["--seed", "31", "-n", "400", "encounter", "--aware", "monsters"]);
    for doc in &docs {
        assert_eq!(
            doc["awareness"],
            serde_json::json!([{"name": "party", "aware": false}, {"name": "monsters", "aware": true}])
        );
        let monsters = &doc["surprise"]["sides"][1];
        assert_eq!(monsters["stance"], "aware");
        assert!(monsters.get("roll").is_none());
        assert_eq!(monsters["surprised"], false);
        assert_eq!(doc["conclusion"], "at least one turn (10 minutes) passes");
    }
    // The party is surprised on 1-2: it loses the round and the spider acts alone.
    let surprised: Vec<&Value> = docs.iter().filter(|d| d["surprise"]["sides"][0]["surprised"] == true).collect();
    assert!(!surprised.is_empty());
    for doc in surprised {
        assert_eq!(doc["surprise"]["verdict"], "some_surprised");
        assert_eq!(doc["surprise"]["free_round"], serde_json::json!(["monsters"]));
        assert_eq!(
            doc["initiative"]["order"],
            serde_json::json!([{"name": "monsters", "total": null, "place": 1, "alone": true}])
        );
        assert_eq!(doc["initiative"]["surprised"], serde_json::json!(["party"]));
    }
    let counts = count(&docs, |d| d["surprise"]["sides"][0]["surprised"].to_string());
    let expected = BTreeMap::from([("true".to_string(), 1.0 / 3.0), ("false".to_string(), 2.0 / 3.0)]);
    assert_fits("spider: party surprised", &counts, &expected);
}

#[test]
fn ambush_raises_the_others_chance_and_the_ambusher_does_not_roll() {
    let doc = json(&[
        "--seed",
        "1",
        "surprise",
        "--ambush",
        "--side",
        "party",
        "--side",
        "orcs:chance=3",
        "--side",
        "monsters",
    ]);
    let sides = doc["sides"].as_array().unwrap();
    assert_eq!(sides[0]["chance"], 3);
    assert_eq!(sides[0]["modifiers"][0]["source"], "ambush by monsters");
    assert_eq!(sides[1]["chance"], 4); // chance=3, +1 ambush
    assert_eq!(sides[2]["stance"], "ambusher");
    assert!(sides[2].get("roll").is_none());
    let entries = odds(&["surprise", "--ambush", "orcs", "--side", "party", "--side", "orcs"]);
    assert_eq!(entries.iter().map(|e| e.3.clone().unwrap()).collect::<Vec<_>>(), ["1/2", "1/2"]);
}

#[test]
fn surprise_verdicts_in_words() {
    let find = |verdict: &str| -> String {
        for seed in 0..200 {
            let doc = json(&["--seed", &seed.to_string(), "surprise"]);
            if doc["verdict"] == verdict {
                return stdout(&["--seed", &seed.to_string(), "surprise"]);
            }
        }
        panic!("no seed gives {verdict}");
    };
    assert!(find("none_surprised").contains("nobody is surprised: no side has the advantage"));
    assert!(find("all_surprised").contains("everyone is surprised: a moment of confusion, no side has the advantage"));
    let some = find("some_surprised");
    assert!(
        some.contains("monsters gets one free round in which party cannot act")
            || some.contains("party gets one free round in which monsters cannot act"),
        "{some}"
    );
}

#[test]
fn every_charisma_row_and_modifier_is_named() {
    for (score, shown) in [
        (3, "-2 CHA 3"),
        (5, "-1 CHA 5"),
        (8, "-1 CHA 8"),
        (12, "+0 CHA 12"),
        (15, "+1 CHA 15"),
        (17, "+1 CHA 17"),
        (18, "+2 CHA 18"),
    ] {
        let text = stdout(&["--seed", "1", "reaction", "--cha", &score.to_string()]);
        assert!(text.contains(shown), "CHA {score}: {text}");
        let doc = json(&["--seed", "1", "reaction", "--cha", &score.to_string()]);
        let roll = doc["roll"]["total"].as_i64().unwrap();
        let m = doc["modifiers"][0]["value"].as_i64().unwrap();
        assert_eq!(doc["total"].as_i64().unwrap(), roll + m);
    }
    let doc = json(&["--seed", "1", "reaction", "--cha-mod", "2", "--mod", "-3"]);
    let sources: Vec<&str> =
        doc["modifiers"].as_array().unwrap().iter().map(|m| m["source"].as_str().unwrap()).collect();
    assert_eq!(sources, ["CHA modifier", "situational"]);
    assert_eq!(doc["total"].as_i64().unwrap(), doc["roll"]["total"].as_i64().unwrap() - 1);
}

#[test]
fn every_reaction_band_from_the_table() {
    // The 2d6 total is 2..12; a modifier moves it into each band of the table.
    let cases =
        [("-20", "Attacks"), ("-7", "Hostile, may attack"), ("0", "Uncertain, wary"), ("20", "Eager, friendly")];
    for (m, words) in cases {
        let docs = json_lines(&["--seed", "5", "-n", "40", "reaction", "--mod", m]);
        let results: Vec<&str> = docs.iter().map(|d| d["result"].as_str().unwrap()).collect();
        for (doc, result) in docs.iter().zip(&results) {
            let total = doc["total"].as_i64().unwrap();
            let expect = match total {
                ..=2 => "Attacks",
                3..=5 => "Hostile, may attack",
                6..=8 => "Uncertain, wary",
                9..=11 => "Indifferent, may negotiate",
                _ => "Eager, friendly",
            };
            assert_eq!(*result, expect, "total {total}");
        }
        assert!(results.contains(&words), "--mod {m}: {results:?}");
    }
}

#[test]
fn distance_both_surprised_is_shortened() {
    for doc in json_lines(&["--seed", "8", "-n", "200", "distance", "--outdoors", "--both-surprised"]) {
        assert_eq!(doc["roll"]["dice"], "1d4");
        assert_eq!(doc["scale"], 30);
        assert_eq!(doc["feet"].as_u64().unwrap(), doc["roll"]["total"].as_u64().unwrap() * 30);
    }
    // In an encounter, all sides surprised shortens it automatically.
    for doc in json_lines(&["--seed", "8", "-n", "300", "encounter"]) {
        let all = doc["surprise"]["verdict"] == "all_surprised";
        assert_eq!(doc["distance"]["both_surprised"], all);
        assert_eq!(doc["distance"]["roll"]["dice"], if all { "1d4" } else { "2d6" });
    }
}

#[test]
fn initiative_ties_reroll_or_act_together() {
    for doc in json_lines(&["--seed", "3", "-n", "200", "initiative"]) {
        let order = doc["order"].as_array().unwrap();
        assert_eq!(order.len(), 2);
        assert_eq!((order[0]["place"].as_u64(), order[1]["place"].as_u64()), (Some(1), Some(2)));
        if order[0]["total"] == order[1]["total"] {
            let tie = &doc["ties"][0];
            let last = tie["roll_offs"][0]["rerolls"].as_array().unwrap().last().unwrap();
            let rolls = last["rolls"].as_array().unwrap();
            assert_ne!(rolls[0], rolls[1], "the last re-roll breaks the tie");
            let winner = if rolls[0].as_u64() > rolls[1].as_u64() { &last["names"][0] } else { &last["names"][1] };
            assert_eq!(&order[0]["name"], winner);
            assert_eq!(tie["names"], serde_json::json!([order[0]["name"], order[1]["name"]]));
        }
    }
    for doc in json_lines(&["--seed", "3", "-n", "200", "initiative", "--ties", "simultaneous"]) {
        let order = doc["order"].as_array().unwrap();
        let same = order[0]["total"] == order[1]["total"];
        assert_eq!(order[0]["place"] == order[1]["place"], same);
        assert!(doc.get("ties").is_none());
    }
}

#[test]
fn initiative_wait_and_surprised_sides() {
    let doc = json(&[
        "--seed",
        "6",
        "initiative",
        "--side",
        "a",
        "--side",
        "b",
        "--side",
        "c",
        "--wait",
        "a",
        "--surprised",
        "c",
    ]);
    let order: Vec<(&str, Value)> =
        doc["order"].as_array().unwrap().iter().map(|p| (p["name"].as_str().unwrap(), p["total"].clone())).collect();
    assert_eq!(order, [("b", Value::Null), ("a", Value::Null)]);
    assert_eq!(doc["order"][0]["alone"], true);
    assert_eq!(doc["surprised"], serde_json::json!(["c"]));
    assert_eq!(doc["order"][1]["waits"], true);
    assert!(doc["order"].as_array().unwrap().iter().all(|p| p.get("roll").is_none()));
}

#[test]
fn a_side_that_acts_because_the_others_wait_is_not_called_the_only_one_unsurprised() {
    let args = ["initiative", "--side", "a", "--side", "b", "--side", "c", "--wait", "a", "--wait", "b"];
    let text = stdout(&args);
    assert!(text.contains("1. c  acts first: a and b wait\n"), "{text}");
    assert!(!text.contains("surprised"), "nobody is surprised: {text}");
    // The monsters are surprised, not waiting: the party alone acts, and has nobody to wait for.
    let args = ["initiative", "--wait", "party", "--surprised", "monsters"];
    let text = stdout(&args);
    assert!(text.contains("party waits for nobody: no other side acts"), "{text}");
    assert!(text.contains("1. party  acts first: the only side not surprised"), "{text}");
    assert!(!text.contains("every side waits") && !text.contains("all roll"), "{text}");
    let doc = json(&args);
    assert_eq!(doc["notes"], serde_json::json!(["nobody_to_wait_for"]));
    assert_eq!(doc["surprised"], serde_json::json!(["monsters"]));
    assert!(doc["order"][0].get("waits").is_none());
}

/// seed 000: the surprised do not act (unless every side is, when surprise changes nothing);
/// a side that waits acts after the others, unless every side able to act waits, when all of
/// them roll. Every combination of waiting and surprised among three sides, its data and the
/// verdicts of its text.
#[test]
fn waiting_and_surprise_verdicts_are_true_in_every_combination() {
    let names = ["a", "b", "c"];
    let join = |who: &[&str]| match who {
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
        [] => String::new(),
    };
    for mask in 0..64u32 {
        let waits: Vec<bool> = (0..3).map(|i| mask >> i & 1 == 1).collect();
        let surprised: Vec<bool> = (0..3).map(|i| mask >> (i + 3) & 1 == 1).collect();
        let mut args = vec!["--seed", "5", "initiative", "--side", "a", "--side", "b", "--side", "c"];
        for i in 0..3 {
            if waits[i] {
                args.extend(["--wait", names[i]]);
            }
            if surprised[i] {
                args.extend(["--surprised", names[i]]);
            }
        }
        let all_surprised = surprised.iter().all(|&s| s);
        let acting: Vec<usize> = (0..3).filter(|&i| all_surprised || !surprised[i]).collect();
        let all_wait = acting.iter().all(|&i| waits[i]);
        let waiting: Vec<&str> = acting.iter().filter(|&&i| waits[i] && !all_wait).map(|&i| names[i]).collect();
        let rolling: Vec<&str> = acting.iter().filter(|&&i| !waits[i] || all_wait).map(|&i| names[i]).collect();
        let left_out: Vec<&str> = (0..3).filter(|i| !acting.contains(i)).map(|i| names[i]).collect();
        let case = format!("fray {}", args.join(" "));

        let doc = json(&args);
        let order = doc["order"].as_array().unwrap();
        let who = |pick: &dyn Fn(&Value) -> bool| -> Vec<&str> {
            let mut who: Vec<&str> = order.iter().filter(|p| pick(p)).map(|p| p["name"].as_str().unwrap()).collect();
            who.sort_unstable();
            who
        };
        let alone = rolling.len() == 1;
        assert_eq!(who(&|p| p.get("roll").is_some() || p["alone"] == true), rolling, "{case}");
        assert_eq!(who(&|p| p["waits"] == true), waiting, "{case}");
        assert_eq!(doc["surprised"].as_array().map_or(0, Vec::len), left_out.len(), "{case}");
        assert!(order[..rolling.len()].iter().all(|p| p["waits"] != true), "the waiting act last: {case}");
        let mut notes = Vec::new();
        if all_surprised {
            notes.push("all_surprised");
        }
        if all_wait {
            notes.push(if acting.len() > 1 { "all_wait" } else { "nobody_to_wait_for" });
        }
        assert_eq!(doc.get("notes").map_or(vec![], |n| n.as_array().unwrap().clone()), notes, "{case}");

        let text = stdout(&args);
        let says = |words: &str| text.contains(words);
        if all_surprised {
            let so = if waiting.is_empty() && !alone { "so all roll" } else { "so surprise changes nothing" };
            assert!(says(&format!("every side is surprised: nobody has the advantage, {so}")), "{case}:\n{text}");
        }
        assert_eq!(says("every side waits"), all_wait && acting.len() > 1 && left_out.is_empty(), "{case}:\n{text}");
        assert_eq!(
            says("every side not surprised waits"),
            all_wait && acting.len() > 1 && !left_out.is_empty(),
            "{case}:\n{text}"
        );
        assert_eq!(says("waits for nobody"), all_wait && acting.len() == 1, "{case}:\n{text}");
        if alone {
            let reason = match (waiting.is_empty(), left_out.is_empty()) {
                (false, false) => format!(
                    "{} {} and {} {} surprised",
                    join(&waiting),
                    if waiting.len() == 1 { "waits" } else { "wait" },
                    join(&left_out),
                    if left_out.len() == 1 { "is" } else { "are" }
                ),
                (false, true) => format!("{} {}", join(&waiting), if waiting.len() == 1 { "waits" } else { "wait" }),
                (true, false) => "the only side not surprised".to_string(),
                (true, true) => unreachable!("three sides: a lone roller has others waiting or surprised"),
            };
            assert!(says(&format!("1. {}  acts first: {reason}\n", rolling[0])), "{case}:\n{text}");
        }
        assert_eq!(
            says("only side not surprised"),
            alone && waiting.is_empty() && !left_out.is_empty(),
            "{case}:\n{text}"
        );
        assert_eq!(says("surprised: no roll"), !left_out.is_empty(), "{case}:\n{text}");
        if !left_out.is_empty() {
            assert!(says(&format!("{} surprised: no roll", join(&left_out))), "{case}:\n{text}");
        }
        assert_eq!(text.matches("waits, then reacts to the others").count(), waiting.len(), "{case}:\n{text}");
    }
}

#[test]
fn pursuit_round_by_round() {
    // The gap changes by 3 × (quarry − pursuer) a round: 120 − 3 × 10 each round.
    let doc = json(&["--seed", "1", "pursue", "--quarry", "30", "--pursuer", "40", "--gap", "120"]);
    let gaps: Vec<u64> = doc["rounds"].as_array().unwrap().iter().map(|r| r["gap"].as_u64().unwrap()).collect();
    assert_eq!(gaps, [90, 60, 30, 0]);
    assert_eq!((doc["outcome"].as_str(), doc["round"].as_u64()), (Some("caught"), Some(4)));
    assert_eq!((doc["quarry_run"].as_u64(), doc["pursuer_run"].as_u64()), (Some(90), Some(120)));
    // Lost from view once the gap exceeds the sight limit.
    let doc = json(&["--seed", "1", "pursue", "--quarry", "40", "--pursuer", "30", "--gap", "60", "--sight", "100"]);
    assert_eq!(
        (doc["outcome"].as_str(), doc["round"].as_u64(), doc["gap"].as_u64()),
        (Some("escaped"), Some(2), Some(120))
    );
    // Equal speeds: still running when the rounds run out, and we say the gap never closes.
    let text = stdout(&["--seed", "1", "pursue", "--quarry", "30", "--pursuer", "30", "--gap", "50", "--rounds", "4"]);
    assert!(text.contains("still running after round 4, gap 50′ — referee decides"), "{text}");
    assert!(text.contains("the gap never closes"), "{text}");
    // Without --gap the encounter distance is rolled (outdoors: × 30′).
    let doc = json(&["--seed", "1", "pursue", "--quarry", "40", "--pursuer", "30", "--outdoors"]);
    assert_eq!(doc["start"]["scale"], 30);
    assert_eq!(doc["start_gap"], doc["start"]["feet"]);
}

#[test]
fn dropped_bait_stops_pursuers_on_three_in_six() {
    let docs = json_lines(&[
        "--seed",
        "4",
        "-n",
        "600",
        "pursue",
        "--quarry",
        "30",
        "--pursuer",
        "40",
        "--gap",
        "200",
        "--drop",
        "treasure@2",
    ]);
    for doc in &docs {
        let check = &doc["rounds"][1]["drops"][0];
        assert_eq!(check["bait"], "treasure");
        let stopped = check["roll"]["total"].as_u64().unwrap() <= 3;
        assert_eq!(check["stopped"], stopped);
        assert_eq!(doc["outcome"], if stopped { "distracted" } else { "caught" });
    }
    let counts = count(&docs, |d| d["outcome"].as_str().unwrap().to_string());
    let expected = BTreeMap::from([("caught".to_string(), 0.5), ("distracted".to_string(), 0.5)]);
    assert_fits("treasure at round 2", &counts, &expected);
}

/// `(outcome, round)` of a pursuit document.
fn chase_end(doc: &Value) -> (String, u64) {
    (doc["outcome"].as_str().unwrap().to_string(), doc["round"].as_u64().unwrap())
}

/// The `--odds` of a pursuit as `(outcome, round, fraction)`.
fn chase_odds(args: &[&str]) -> Vec<(String, u64, String)> {
    let mut all = vec!["pursue"];
    all.extend_from_slice(args);
    odds(&all)
        .into_iter()
        .map(|e| (e.1["outcome"].as_str().unwrap().to_string(), e.1["round"].as_u64().unwrap(), e.3.unwrap()))
        .collect()
}

fn chase_odds_of(items: &[(&str, u64, &str)]) -> Vec<(String, u64, String)> {
    items.iter().map(|(o, r, f)| (o.to_string(), *r, f.to_string())).collect()
}

#[test]
fn a_quarry_out_of_sight_at_the_start_escapes_at_once() {
    // seed 000: pursuers give up once the quarry is out of view; 60′ is already past 50′.
    let args = ["--seed", "1", "pursue", "--quarry", "30", "--pursuer", "40", "--gap", "60", "--sight", "50"];
    let doc = json(&args);
    assert_eq!(chase_end(&doc), ("escaped".to_string(), 0));
    assert_eq!((doc["gap"].as_u64(), doc["rounds"].as_array().map(Vec::len)), (Some(60), Some(0)));
    let text = stdout(&[&args[..], &["--width", "120"]].concat());
    assert!(
        text.contains(
            "→ escaped at the start (round 0): the quarry is already out of sight at 60′, so there is no chase"
        ),
        "{text}"
    );
    assert!(!text.contains("round 1"), "{text}");
    assert_eq!(stdout(&[&["-q"], &args[..]].concat()), "escaped 0\n");
    let odds = chase_odds(&["--quarry", "30", "--pursuer", "40", "--gap", "60", "--sight", "50"]);
    assert_eq!(odds, chase_odds_of(&[("escaped", 0, "1")]));
    // Bait is never dropped in a chase that does not happen, whatever the Speeds.
    let doc = json(&[
        "--seed",
        "1",
        "pursue",
        "--quarry",
        "30",
        "--pursuer",
        "30",
        "--gap",
        "60",
        "--sight",
        "50",
        "--drop",
        "food",
    ]);
    assert_eq!(chase_end(&doc), ("escaped".to_string(), 0));
    assert_eq!(
        chase_odds(&["--quarry", "30", "--pursuer", "30", "--gap", "60", "--sight", "50", "--drop", "food"]),
        chase_odds_of(&[("escaped", 0, "1")])
    );
}

#[test]
fn a_rolled_gap_past_sight_escapes_at_once() {
    // 2d6 × 10′ against sight 50′, pursuers 30′ a round faster: 20–30′ (3/36) caught in round 1,
    // 40–50′ (7/36) in round 2, 60′ and more (26/36 = 13/18) out of sight at the start.
    let args = ["--quarry", "30", "--pursuer", "40", "--sight", "50"];
    assert_eq!(
        chase_odds(&args),
        chase_odds_of(&[("caught", 1, "1/12"), ("caught", 2, "7/36"), ("escaped", 0, "13/18")])
    );
    let mut rolled = vec!["--seed", "12", "-n", "600", "pursue"];
    rolled.extend_from_slice(&args);
    for doc in json_lines(&rolled) {
        let start = doc["start_gap"].as_u64().unwrap();
        let expect = match start {
            20 | 30 => ("caught".to_string(), 1),
            40 | 50 => ("caught".to_string(), 2),
            _ => ("escaped".to_string(), 0),
        };
        assert_eq!(chase_end(&doc), expect, "start gap {start}");
    }
}

#[test]
fn a_quarry_at_gap_zero_is_caught_at_once() {
    // The gap is already 0: caught before anyone runs, even by slower pursuers, and no bait is rolled.
    for (quarry, pursuer) in [("40", "30"), ("30", "30"), ("30", "40")] {
        let args = ["--seed", "2", "pursue", "--quarry", quarry, "--pursuer", pursuer, "--gap", "0", "--drop", "food"];
        let doc = json(&args);
        assert_eq!(chase_end(&doc), ("caught".to_string(), 0), "{quarry} vs {pursuer}");
        assert_eq!(doc["rounds"].as_array().map(Vec::len), Some(0));
        let text = stdout(&args);
        assert!(text.contains("→ caught at the start (round 0)"), "{text}");
        let odds = chase_odds(&["--quarry", quarry, "--pursuer", pursuer, "--gap", "0", "--drop", "food"]);
        assert_eq!(odds, chase_odds_of(&[("caught", 0, "1")]));
    }
}

#[test]
fn sight_equal_to_the_gap_keeps_the_quarry_in_view() {
    // Not past sight: the chase runs. Equal Speeds: it never closes and never opens.
    let args =
        ["--seed", "1", "pursue", "--quarry", "30", "--pursuer", "30", "--gap", "50", "--sight", "50", "--rounds", "3"];
    let doc = json(&args);
    assert_eq!(chase_end(&doc), ("running".to_string(), 3));
    assert_eq!(doc["note"], "never_closes");
    let gaps: Vec<u64> = doc["rounds"].as_array().unwrap().iter().map(|r| r["gap"].as_u64().unwrap()).collect();
    assert_eq!(gaps, [50, 50, 50]);
    let text = stdout(&args);
    assert!(text.contains("still running after round 3, gap 50′ — referee decides"), "{text}");
    assert!(text.contains("equal Speeds: the gap never closes, and stays within sight (50′)"), "{text}");
    let odds = chase_odds(&["--quarry", "30", "--pursuer", "30", "--gap", "50", "--sight", "50", "--rounds", "3"]);
    assert_eq!(odds, chase_odds_of(&[("running", 3, "1")]));
    // A faster quarry at the limit is out of view after the first round.
    let odds = chase_odds(&["--quarry", "40", "--pursuer", "30", "--gap", "50", "--sight", "50"]);
    assert_eq!(odds, chase_odds_of(&[("escaped", 1, "1")]));
    // Faster pursuers at the limit close in: 50 → 20 → 0.
    let odds = chase_odds(&["--quarry", "30", "--pursuer", "40", "--gap", "50", "--sight", "50"]);
    assert_eq!(odds, chase_odds_of(&[("caught", 2, "1")]));
}

#[test]
fn bait_in_the_first_and_the_last_round() {
    // Food in round 1 at the sight limit: stopped 1/2, else 50 → 80′, out of view in round 1.
    let odds = chase_odds(&["--quarry", "40", "--pursuer", "30", "--gap", "50", "--sight", "50", "--drop", "food"]);
    assert_eq!(odds, chase_odds_of(&[("escaped", 1, "1/2"), ("distracted", 1, "1/2")]));
    // Treasure in the last of 3 rounds with equal Speeds: stopped 1/2, else still running.
    let args = ["--quarry", "30", "--pursuer", "30", "--gap", "60", "--rounds", "3", "--drop", "treasure@3"];
    assert_eq!(chase_odds(&args), chase_odds_of(&[("distracted", 3, "1/2"), ("running", 3, "1/2")]));
    let mut rolled = vec!["--seed", "6", "-n", "200", "pursue"];
    rolled.extend_from_slice(&args);
    let docs = json_lines(&rolled);
    for doc in &docs {
        let check = &doc["rounds"][2]["drops"][0];
        let stopped = check["stopped"].as_bool().unwrap();
        assert_eq!(stopped, check["roll"]["total"].as_u64().unwrap() <= 3);
        let (outcome, note) = if stopped { ("distracted", Value::Null) } else { ("running", "never_closes".into()) };
        assert_eq!(chase_end(doc), (outcome.to_string(), 3));
        assert_eq!(doc.get("note").cloned().unwrap_or(Value::Null), note);
        assert_eq!(doc["gap"], 60);
    }
    assert!(docs.iter().any(|d| d["outcome"] == "distracted") && docs.iter().any(|d| d["outcome"] == "running"));
}

// --- odds against long seeded runs --------------------------------------------------------

/// The `outcome` values of `--odds` keyed as strings, and the same key computed from rolls.
fn check_against_odds(what: &str, args: &[&str], n: u32, key: impl Fn(&Value) -> Value) {
    let expected = odds_of(&odds(args), None);
    let runs = n.to_string();
    let mut rolled = vec!["--seed", "2024", "-n", &runs];
    rolled.extend_from_slice(args);
    let docs = json_lines(&rolled);
    assert_fits(what, &count(&docs, |d| key(d).to_string()), &expected);
}

fn surprised_names(doc: &Value) -> Value {
    Value::Array(
        doc["sides"].as_array().unwrap().iter().filter(|s| s["surprised"] == true).map(|s| s["name"].clone()).collect(),
    )
}

fn order_groups(doc: &Value) -> Value {
    let mut groups: Vec<Vec<Value>> = Vec::new();
    let mut last = 0;
    for place in doc["order"].as_array().unwrap() {
        let p = place["place"].as_u64().unwrap();
        if p == last {
            groups.last_mut().unwrap().push(place["name"].clone());
        } else {
            groups.push(vec![place["name"].clone()]);
            last = p;
        }
    }
    serde_json::json!(groups)
}

#[test]
fn seeded_runs_agree_with_the_odds() {
    check_against_odds("surprise", &["surprise"], 4000, surprised_names);
    check_against_odds(
        "surprise, three sides",
        &["surprise", "--ambush", "c", "--side", "a", "--side", "b:chance=4", "--side", "c"],
        4000,
        surprised_names,
    );
    check_against_odds("distance", &["distance", "--outdoors"], 6000, |d| d["feet"].clone());
    check_against_odds("initiative", &["initiative", "--side", "a", "--side", "b", "--side", "c"], 6000, order_groups);
    check_against_odds(
        "simultaneous",
        &["initiative", "--ties", "simultaneous", "--side", "a", "--side", "b", "--side", "c"],
        6000,
        order_groups,
    );
    check_against_odds("reaction", &["reaction", "--cha", "13"], 5000, |d| d["band"].clone());
    check_against_odds(
        "pursuit",
        &["pursue", "--quarry", "30", "--pursuer", "40", "--sight", "90", "--drop", "food@2", "--drop", "treasure@3"],
        6000,
        |d| serde_json::json!({"outcome": d["outcome"], "round": d["round"]}),
    );
    check_against_odds(
        "pursuit out of sight at the start",
        &["pursue", "--quarry", "40", "--pursuer", "30", "--sight", "60", "--drop", "treasure"],
        4000,
        |d| serde_json::json!({"outcome": d["outcome"], "round": d["round"]}),
    );
}

#[test]
fn encounter_steps_agree_with_their_odds() {
    let entries = odds(&["encounter", "--aware", "monsters", "--ambush", "monsters"]);
    let docs = json_lines(&["--seed", "99", "-n", "6000", "encounter", "--aware", "monsters", "--ambush", "monsters"]);
    assert_fits(
        "encounter surprise",
        &count(&docs, |d| surprised_names(&d["surprise"]).to_string()),
        &odds_of(&entries, Some("surprise")),
    );
    assert_fits(
        "encounter distance",
        &count(&docs, |d| d["distance"]["feet"].to_string()),
        &odds_of(&entries, Some("distance")),
    );
    assert_fits(
        "encounter initiative",
        &count(&docs, |d| order_groups(&d["initiative"]).to_string()),
        &odds_of(&entries, Some("initiative")),
    );
    assert_fits(
        "encounter reaction",
        &count(&docs, |d| d["reaction"][0]["band"].to_string()),
        &odds_of(&entries, Some("reaction")),
    );
}

#[test]
fn odds_fractions_by_hand() {
    let fractions = |args: &[&str]| -> Vec<String> { odds(args).into_iter().map(|e| e.3.unwrap()).collect() };
    // 2d6: 2 attacks 1/36; 3-5 9/36; 6-8 16/36; 9-11 9/36; 12 1/36.
    assert_eq!(fractions(&["reaction"]), ["1/36", "1/4", "4/9", "1/4", "1/36"]);
    // 1d4 × 10′.
    assert_eq!(fractions(&["distance", "--both-surprised"]), ["1/4", "1/4", "1/4", "1/4"]);
    // Three sides re-rolling ties: each of the 6 orders 1/6.
    let order = fractions(&["initiative", "--side", "a", "--side", "b", "--side", "c"]);
    assert_eq!(order, vec!["1/6"; 6]);
    // Food at round 1, gap 60, pursuers 10 faster: distracted 1/2, else caught in round 2.
    let chase = odds(&["pursue", "--quarry", "30", "--pursuer", "40", "--gap", "60", "--drop", "food"]);
    let chase: Vec<(Value, String)> = chase.into_iter().map(|e| (e.1, e.3.unwrap())).collect();
    assert_eq!(
        chase,
        [
            (serde_json::json!({"outcome": "caught", "round": 2}), "1/2".to_string()),
            (serde_json::json!({"outcome": "distracted", "round": 1}), "1/2".to_string()),
        ]
    );
    for args in [
        &["surprise"][..],
        &["encounter"],
        &["initiative", "--ties", "simultaneous"],
        &["pursue", "--quarry", "30", "--pursuer", "35"],
    ] {
        let entries = odds(args);
        let parts: std::collections::BTreeSet<Option<String>> = entries.iter().map(|e| e.0.clone()).collect();
        for part in parts {
            let total: f64 = entries.iter().filter(|e| e.0 == part).map(|e| e.2).sum();
            assert!((total - 1.0).abs() < 1e-12, "{args:?} {part:?} sums to {total}");
        }
    }
}

// --- rosters --------------------------------------------------------------------------------

#[test]
fn roster_from_a_file_and_from_stdin() {
    let dir = std::env::temp_dir().join(format!("fray-ose-roster-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("fight.yaml");
    std::fs::write(&file, "sides:\n  - name: party\n  - name: orcs\n    chance: 3\ncombatants:\n  - Ansel\n  - name: Orc\n    count: 2\n    side: orcs\n").unwrap();
    let doc = json(&["--seed", "1", "surprise", "--roster", file.to_str().unwrap(), "Bree"]);
    assert_eq!(doc["sides"][0]["members"], serde_json::json!(["Ansel", "Bree"]));
    assert_eq!(doc["sides"][1]["members"], serde_json::json!(["Orc 1", "Orc 2"]));
    assert_eq!(doc["sides"][1]["chance"], 3);
    // The printed template is a roster that works.
    let example = stdout(&["surprise", "--roster-example"]);
    let out = fray().args(["-f", "json", "--seed", "1", "surprise", "--roster", "-"]).write_stdin(example).run();
    assert!(out.success(), "{}", out.stderr);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["sides"][1]["members"].as_array().unwrap().len(), 4);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn roster_errors_name_file_line_and_column() {
    let run = |text: &str| {
        let out = fray().args(["surprise", "--roster", "-"]).write_stdin(text.to_string()).run();
        (Some(out.code), out.stderr)
    };
    let (code, err) = run("sides:\n  - name: party\n    chance: 9\n");
    assert_eq!(code, Some(1));
    assert!(
        err.starts_with(
            "fray: error: <stdin>:3:13: key 'chance' is 9, out of range; allowed: a whole number from 0 to 6"
        ),
        "{err}"
    );
    let (code, err) = run("sides:\n  - name: party\n    speed: 9\n");
    assert_eq!(code, Some(1));
    assert!(
        err.contains("<stdin>:3:5: unknown side key 'speed' for the ose ruleset; allowed: name, aware, chance"),
        "{err}"
    );
    let (code, err) = run("");
    assert_eq!(code, Some(1));
    assert!(err.contains("the roster <stdin> is empty"), "{err}");
    let (code, err) = run("sides: [\n");
    assert_eq!(code, Some(1));
    assert!(err.starts_with("fray: error: <stdin>:2:1:"), "{err}");
    let err = fails(&["surprise", "--roster", "/no/such/roster.yaml"], 1);
    assert!(err.contains("cannot read the roster /no/such/roster.yaml: no such file"), "{err}");
}

// --- errors -------------------------------------------------------------------------------

#[test]
fn usage_errors_exit_2_with_a_hint() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "no command given; commands: surprise, distance, initiative, reaction, pursue, encounter"),
        (&["-r", "gurps", "distance"], "the gurps ruleset has no encounter-distance rule; rulesets with one: ose"),
        (&["-r", "wod", "pursue"], "the wod ruleset has no pursuit rule; rulesets with one: ose, 5e, bx, 5e2024"),
        (&["-r", "nope", "surprise"], "invalid value 'nope' for '--rules <ID>'; possible values: ose, gurps, 5e, wod,"),
        (
            &["surprise", "--total"],
            "--total is not an option of ose surprise; it belongs to gurps surprise; ose surprise takes --ambush, --aware",
        ),
        (&["surprise", "--stealth", "12"], "--stealth is not an option of ose surprise"),
        (&["initiative", "--variant", "side"], "--variant is not an option of ose initiative"),
        (&["surprise", "--frobnicate"], "unexpected argument '--frobnicate' found"),
        (&["surprise", "--aware", "wolves"], "--aware names 'wolves', which is not a side; sides: party, monsters"),
        (&["surprise", "--ambush", "wolves"], "--ambush names 'wolves', which is not a side"),
        (
            &["surprise", "--ambush", "Elf"],
            "--ambush takes the next word as its SIDE, so write --ambush=SIDE or put it after the combatants",
        ),
        (&["initiative", "--wait", "x"], "--wait names 'x', which is not a side"),
        (&["surprise", "--side", "a", "--side", "a"], "two sides are named 'a'; side names must be unique"),
        (
            &["surprise", "--side", "a:chance=7"],
            "'a:chance=7': key 'chance' is 7, out of range; allowed: a whole number from 0 to 6",
        ),
        (&["surprise", "--side", "a:alert"], "unknown side key 'alert' for the ose ruleset; allowed: aware, chance"),
        (&["surprise", "Elf:per=16"], "unknown combatant key 'per' for the ose ruleset; allowed: ml, hp, ac, side"),
        (&["surprise", "Orc*0"], "a group has 1 to 1000 members, not 0"),
        (&["surprise", "Orc*x"], "'x' is not a group size"),
        (&["surprise", "Elf:side=wolves"], "no side is named 'wolves'; sides: party, monsters"),
        (&["surprise", "Elf", "Elf"], "two combatants are named 'Elf'"),
        (&["encounter", "--side", "alone"], "an encounter needs at least two sides"),
        (&["reaction", "--cha", "19"], "--cha is 19, out of range; allowed: a whole number from 3 to 18"),
        (
            &["reaction", "--cha", "12", "--cha-mod", "1"],
            "the argument '--cha <SCORE>' cannot be used with '--cha-mod <N>'",
        ),
        (&["reaction", "--mod", "x"], "--mod has 'x'; allowed: a whole number from -100 to 100"),
        (&["distance", "--dungeon", "--outdoors"], "cannot be used with"),
        (&["pursue", "--quarry", "30"], "pursue needs --pursuer SPEED"),
        (&["pursue", "--pursuer", "30"], "pursue needs --quarry SPEED"),
        (
            &["pursue", "--quarry", "30", "--pursuer", "40", "--drop", "gold"],
            "possible values: treasure[@ROUND], food[@ROUND]",
        ),
        (&["pursue", "--quarry", "30", "--pursuer", "40", "--drop", "food@0"], "invalid value 'food@0'"),
        (
            &["pursue", "--quarry", "30", "--pursuer", "40", "--drop", "food@12"],
            "--drop at round 12 comes after the last round (10)",
        ),
        (
            &["pursue", "--quarry", "-3", "--pursuer", "40"],
            "--quarry is -3, out of range; allowed: a whole number from 0 to 10000",
        ),
        (
            &["--seed", "-1", "distance"],
            "invalid value '-1' for '--seed <U64>': not a whole number from 0 to 18446744073709551615",
        ),
        (&["--seed", "x", "distance"], "invalid value 'x' for '--seed <U64>'"),
        (&["--seed", "18446744073709551616", "distance"], "--seed"),
        (&["-n", "0", "reaction"], "0, out of range; allowed: a whole number from 1 to 1000000000"),
        (&["--odds", "-n", "3", "reaction"], "--odds does not roll, so --repeat has nothing to repeat"),
        (&["--color", "sometimes", "reaction"], "possible values: auto, always, never"),
        (&["-f", "xml", "reaction"], "possible values: text, yaml, json"),
    ];
    for (args, message) in cases {
        let err = fails(args, 2);
        assert!(err.contains(message), "fray {args:?}:\n  got: {err}  want: {message}");
    }
}

/// Spawned: a real pipe, closed by its reader.
#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("fray"))
        .args(["-n", "100000000", "-q", "reaction"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    // The reader is dropped: the pipe is closed while fray still has millions of lines to go.
    let out = child.wait_with_output().unwrap();
    assert!(first.trim().parse::<i32>().is_ok(), "{first}");
    assert!(out.status.success(), "{:?}", out.status);
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn help_has_examples_and_the_environment() {
    let help = stdout(&["--help"]);
    for needle in ["Examples:", "FRAY_RULES", "FRAY_FORMAT", "NO_COLOR", "CLICOLOR_FORCE", "Exit status"] {
        assert!(help.contains(needle), "--help lacks {needle}");
    }
    for command in ["surprise", "distance", "initiative", "reaction", "pursue", "encounter"] {
        let help = stdout(&[command, "--help"]);
        assert!(help.contains("Examples:\n  fray "), "{command} --help has no examples");
        for needle in ["Global options:", "FRAY_RULES", "FRAY_FORMAT", "NO_COLOR", "CLICOLOR_FORCE"] {
            assert!(help.contains(needle), "{command} --help lacks {needle}");
        }
    }
}

// ------------------------------------------------------------------------------------------
// Dice a player rolled at the table

#[test]
fn a_sides_given_dice_are_used_as_given() {
    let d = json(&["--seed", "3", "surprise", "--side", "party:surprise=1", "--side", "monsters:surprise=6"]);
    let sides = d["sides"].as_array().unwrap();
    assert_eq!((sides[0]["roll"]["rolls"][0].as_u64(), sides[0]["surprised"].as_bool()), (Some(1), Some(true)));
    assert_eq!((sides[1]["roll"]["rolls"][0].as_u64(), sides[1]["surprised"].as_bool()), (Some(6), Some(false)));
    assert_eq!(sides[0]["given"], true);
    let text = stdout(&["--seed", "3", "surprise", "--side", "party:surprise=1", "--side", "monsters"]);
    assert!(text.contains("given"), "{text}");
    for seed in ["1", "2", "3", "4"] {
        let d =
            json(&["--seed", seed, "initiative", "--side", "party:initiative=2", "--side", "monsters:initiative=5"]);
        assert_eq!(d["order"][0]["name"], "monsters", "seed {seed}: the given 5 beats the given 2");
        assert_eq!(d["order"][1]["total"], 2);
    }
    // A given die ties like any other: the tie rule settles it.
    let d = json(&[
        "--seed",
        "1",
        "initiative",
        "--ties",
        "simultaneous",
        "--side",
        "a:initiative=4",
        "--side",
        "b:initiative=4",
    ]);
    assert_eq!(d["order"][0]["place"], d["order"][1]["place"]);
    // The odds treat a given die as fixed.
    let entries = odds(&["surprise", "--side", "party:surprise=1", "--side", "monsters:surprise=3"]);
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(entries[0].3.as_deref(), Some("1"), "{entries:?}");
    let err = fails(&["surprise", "--aware", "party", "--side", "party:surprise=2", "--side", "monsters"], 2);
    assert!(err.contains("surprise=N"), "{err}");
    let err = fails(&["surprise", "--side", "party:surprise=7", "--side", "monsters"], 2);
    assert!(err.contains("surprise"), "{err}");
}
