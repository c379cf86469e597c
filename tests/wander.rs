//! The checks before and after the six steps: `wandering`, `morale`, the 5e family's
//! `reaction`, and `encounter --wandering --morale`: every row of their tables through the
//! command line, their exact odds against seeded runs, their documents and their errors.

use crate::common::*;
use serde_json::{Value, json};

/// The fractions of an odds answer's part, by outcome.
fn fractions(args: &[&str], part: Option<&str>) -> Vec<(Value, String)> {
    odds(args).into_iter().filter(|(p, ..)| p.as_deref() == part).map(|(_, o, _, f)| (o, f.unwrap())).collect()
}

// --- wandering -------------------------------------------------------------------------------

#[test]
fn every_terrain_of_the_wilderness_table() {
    // OSE SRD, Wilderness Adventuring: the chance in 6 by terrain.
    let rows = [
        ("city", 1),
        ("clear", 1),
        ("grassland", 1),
        ("settled", 1),
        ("aerial", 2),
        ("barren", 2),
        ("desert", 2),
        ("forest", 2),
        ("hills", 2),
        ("ocean", 2),
        ("river", 2),
        ("jungle", 3),
        ("mountains", 3),
        ("swamp", 3),
    ];
    for rules in ["ose", "bx"] {
        for (terrain, chance) in rows {
            let doc = json(&["-r", rules, "--seed", "1", "wandering", "--terrain", terrain]);
            assert_eq!(
                (doc["place"].as_str(), doc["chance"].as_u64(), doc["in"].as_u64()),
                (Some("wilderness"), Some(chance), Some(6)),
                "{rules} {terrain}"
            );
            assert_eq!(doc["terrain"], terrain);
            assert_eq!(doc["frequency"], "once a day");
            let encounter = fractions(&["-r", rules, "wandering", "--terrain", terrain], None);
            assert_eq!(encounter[1], (json!("yes"), reduce(chance, 6)), "{rules} {terrain}");
        }
        let dungeon = json(&["-r", rules, "--seed", "1", "wandering"]);
        assert_eq!(
            (dungeon["place"].as_str(), dungeon["chance"].as_u64(), dungeon["on"].as_str()),
            (Some("dungeon"), Some(1), Some("1"))
        );
        assert_eq!(dungeon["frequency"], "every 2 turns");
    }
}

/// `a/b` in lowest terms.
fn reduce(a: u64, b: u64) -> String {
    let g = (1..=a.min(b)).rev().find(|g| a.is_multiple_of(*g) && b.is_multiple_of(*g)).unwrap_or(1);
    format!("{}/{}", a / g, b / g)
}

#[test]
fn a_check_meets_a_monster_on_its_faces_only() {
    for (rules, chance, sides) in [("ose", "2", 6), ("5e", "3", 20)] {
        for doc in json_lines(&["-r", rules, "--seed", "5", "-n", "200", "wandering", "--chance", chance]) {
            let face = doc["checks"][0]["roll"]["total"].as_u64().unwrap();
            let n: u64 = chance.parse().unwrap();
            let meets = if sides == 6 { face <= n } else { face > sides - n };
            assert_eq!(doc["checks"][0]["encounter"].as_bool(), Some(meets), "{rules} {doc}");
            assert_eq!(doc["encounter"].as_bool(), Some(meets));
            assert_eq!(doc["given"], true);
        }
    }
    // DMG 2014 p. 86: 18 or higher on a d20.
    let doc = json(&["-r", "5e", "--seed", "1", "wandering"]);
    assert_eq!((doc["on"].as_str(), doc["in"].as_u64(), doc.get("place")), (Some("18-20"), Some(20), None));
}

#[test]
fn the_odds_over_several_checks_are_exact_and_meet_the_rolls() {
    // At least one in 4 checks at 1-in-6: 1 - (5/6)^4.
    assert_eq!(fractions(&["wandering", "--checks", "4"], Some("any"))[1], (json!("yes"), "671/1296".to_string()));
    let counts = fractions(&["wandering", "--checks", "4"], Some("encounters"));
    assert_eq!(
        counts.iter().map(|(_, f)| f.as_str()).collect::<Vec<_>>(),
        ["625/1296", "125/324", "25/216", "5/324", "1/1296"]
    );
    let doc = json(&["--odds", "wandering", "--checks", "100", "--chance", "6"]);
    assert_eq!(doc["exact"], true);
    let odds = odds(&["-r", "5e", "wandering", "--checks", "3"]);
    let expected = odds_of(&odds, Some("encounters"));
    let runs = json_lines(&["-r", "5e", "--seed", "9", "-n", "4000", "wandering", "--checks", "3"]);
    assert_fits("5e wandering --checks 3", &count(&runs, |d| d["encounters"].to_string()), &expected);
    // -q counts them with --checks, else says yes or no.
    let lines = stdout(&["--seed", "9", "-n", "50", "-q", "wandering", "--checks", "3"]);
    assert!(lines.lines().all(|l| ["0", "1", "2", "3"].contains(&l)), "{lines}");
    let lines = stdout(&["--seed", "9", "-n", "50", "-q", "wandering"]);
    assert!(lines.lines().all(|l| l == "yes" || l == "no") && lines.contains("yes"), "{lines}");
}

// --- morale ----------------------------------------------------------------------------------

#[test]
fn each_morale_score_against_2d6() {
    // OSE SRD, Morale: 2d6 above the score flees. Ways of 2d6 to beat ML 3..11.
    let above = [(3, 33), (4, 30), (5, 26), (6, 21), (7, 15), (8, 10), (9, 6), (10, 3), (11, 1)];
    for rules in ["ose", "bx"] {
        for (ml, ways) in above {
            let ml = ml.to_string();
            let got = fractions(&["-r", rules, "morale", "--ml", &ml], None);
            assert_eq!(got[0], (json!("flees"), reduce(ways, 36)), "{rules} ML {ml}");
        }
        assert_eq!(
            fractions(&["-r", rules, "morale", "--ml", "2"], None),
            [(json!("will_not_fight"), "1".to_string())]
        );
        assert_eq!(
            fractions(&["-r", rules, "morale", "--ml", "12", "--losing"], None),
            [(json!("fights_to_the_end"), "1".to_string())]
        );
        // Two successes already: no more checks.
        assert_eq!(
            fractions(&["-r", rules, "morale", "--ml", "5", "--passed", "2"], None),
            [(json!("fights_to_the_end"), "1".to_string())]
        );
        // Adjustments move the score: ML 8 - 1 - 1 is ML 6.
        assert_eq!(fractions(&["-r", rules, "morale", "--ml", "8", "--losing", "--mod", "-1"], None)[0].1, "7/12");
    }
}

#[test]
fn a_side_a_group_or_a_combatant_checks() {
    let doc = json(&["--seed", "2", "morale", "--ml", "6"]);
    let names: Vec<&str> = doc["subjects"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["monsters"], "the party does not check");
    let doc = json(&["--seed", "2", "morale", "--side", "orcs:ml=8", "--side", "wolves:ml=6"]);
    let scores: Vec<(&str, i64)> = doc["subjects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["name"].as_str().unwrap(), s["ml"].as_i64().unwrap()))
        .collect();
    assert_eq!(scores, [("orcs", 8), ("wolves", 6)]);
    let doc =
        json(&["--seed", "2", "morale", "--ml", "7", "Goblin*4:side=monsters", "Ogre:side=monsters,ml=10", "Ansel"]);
    let subjects = doc["subjects"].as_array().unwrap();
    assert_eq!(subjects.len(), 3, "no side named: every combatant checks");
    assert_eq!(
        (subjects[0]["name"].as_str(), subjects[0]["count"].as_u64(), subjects[0]["ml"].as_i64()),
        (Some("Goblin"), Some(4), Some(7))
    );
    assert_eq!(subjects[1]["ml"], 10);
    // With sides named, the party's combatants check only with a score of their own.
    let doc = json(&[
        "--seed",
        "2",
        "morale",
        "--side",
        "party",
        "--side",
        "orcs:ml=9",
        "Ansel",
        "Hireling:ml=8",
        "Orc*2:side=orcs",
    ]);
    let names: Vec<&str> = doc["subjects"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Hireling", "Orc"]);
    assert_eq!(doc["subjects"][1]["ml"], 9, "a combatant takes its side's score");
    // -q lists who breaks; the text says it.
    for doc in json_lines(&["--seed", "4", "-n", "30", "morale", "--ml", "7", "A:side=monsters", "B:side=monsters"]) {
        let broken: Vec<&str> = doc["subjects"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["result"] == "flees")
            .map(|s| s["name"].as_str().unwrap())
            .collect();
        assert_eq!(doc["broken"], json!(broken));
        for s in doc["subjects"].as_array().unwrap() {
            let roll = s["roll"]["total"].as_i64().unwrap();
            assert_eq!(s["result"] == "flees", roll > 7, "{s}");
        }
    }
    let text = stdout(&["--seed", "3", "morale", "Goblin*6:ml=7,side=monsters", "--losing"]);
    assert!(text.contains("Goblin ×6: ML 7 -1 losing = 6, 2d6"), "{text}");
}

#[test]
fn the_5e_morale_save() {
    // DMG 2014 p. 273: DC 10 Wisdom save; +2 succeeds on 8 or more (13/20).
    assert_eq!(
        fractions(&["-r", "5e", "morale", "--save", "2"], None),
        [(json!("flees"), "7/20".to_string()), (json!("fights"), "13/20".to_string())]
    );
    // With disadvantage both d20s must make it: (13/20)^2; cornered, a failure surrenders.
    assert_eq!(
        fractions(&["-r", "5e", "morale", "--save", "2", "--overwhelming", "--cornered"], None),
        [(json!("surrenders"), "231/400".to_string()), (json!("fights"), "169/400".to_string())]
    );
    for doc in json_lines(&["-r", "5e", "--seed", "3", "-n", "40", "morale", "--save", "1", "--overwhelming"]) {
        let total = doc["total"].as_i64().unwrap();
        assert_eq!(doc["dc"], 10);
        assert_eq!(doc["success"].as_bool(), Some(total >= 10), "{doc}");
        assert_eq!(doc["mode"], "disadvantage");
        assert!(doc["roll"]["total"].as_i64() <= doc["dropped"]["total"].as_i64(), "the lower d20 is kept: {doc}");
    }
}

// --- reaction ----------------------------------------------------------------------------------

#[test]
fn every_cell_of_the_conversation_reaction_table() {
    // DMG 2014 p. 245, each attitude's row at DC 0, 10, 20; d20 + 0 reaches them 9/20, 1/2, 1/20.
    let rows = [
        ("friendly", ["helps_without_risk", "minor_risk", "significant_risk"]),
        ("indifferent", ["no_help_no_harm", "helps_without_risk", "minor_risk"]),
        ("hostile", ["opposes", "no_help_no_harm", "helps_without_risk"]),
    ];
    for (attitude, row) in rows {
        let got = fractions(&["-r", "5e", "reaction", "--attitude", attitude], None);
        let want: Vec<(Value, String)> =
            row.iter().zip(["9/20", "1/2", "1/20"]).map(|(b, f)| (json!(b), f.to_string())).collect();
        assert_eq!(got, want, "{attitude}");
        for doc in
            json_lines(&["-r", "5e", "--seed", "7", "-n", "60", "reaction", "--attitude", attitude, "--cha-mod", "3"])
        {
            let total = doc["total"].as_i64().unwrap();
            let column = if total >= 20 {
                2
            } else if total >= 10 {
                1
            } else {
                0
            };
            assert_eq!(doc["dc"], [0, 10, 20][column], "{doc}");
            assert_eq!(doc["band"], row[column], "{doc}");
        }
    }
}

#[test]
fn the_influence_action() {
    // SRD 5.2, Influence: DC 15 or the Intelligence score; Advantage if friendly, Disadvantage if hostile.
    let complies = |args: &[&str]| fractions(&[&["-r", "5e2024", "reaction"][..], args].concat(), None)[0].clone();
    assert_eq!(complies(&["--cha-mod", "5"]), (json!("complies"), "11/20".to_string()));
    assert_eq!(complies(&["--cha-mod", "5", "--attitude", "friendly"]), (json!("complies"), "319/400".to_string()));
    assert_eq!(complies(&["--cha-mod", "5", "--attitude", "hostile"]), (json!("complies"), "121/400".to_string()));
    assert_eq!(complies(&["--cha-mod", "5", "--int", "18"]), (json!("complies"), "2/5".to_string()));
    assert_eq!(complies(&["--stance", "willing"]), (json!("complies"), "1".to_string()));
    assert_eq!(complies(&["--stance", "unwilling"]), (json!("refuses"), "1".to_string()));
    let doc = json(&["-r", "5e2024", "--seed", "1", "reaction", "--stance", "willing"]);
    assert!(doc.get("total").is_none() && doc.get("dc").is_none(), "no check: {doc}");
    for doc in json_lines(&["-r", "5e2024", "--seed", "2", "-n", "40", "reaction", "--int", "17", "--cha-mod", "4"]) {
        assert_eq!(doc["dc"], 17);
        let band = if doc["total"].as_i64().unwrap() >= 17 { "complies" } else { "not_now" };
        assert_eq!(doc["band"], band, "{doc}");
    }
}

// --- encounter steps -------------------------------------------------------------------------

#[test]
fn the_wandering_check_comes_first_and_stops_the_encounter() {
    let (mut met, mut missed) = (0, 0);
    for doc in json_lines(&[
        "--seed",
        "1",
        "-n",
        "60",
        "encounter",
        "--wandering",
        "--chance",
        "3",
        "--morale",
        "--ml",
        "7",
        "Ansel",
        "Orc*2:side=monsters",
    ]) {
        if doc["wandering"]["encounter"] == true {
            met += 1;
            for step in ["surprise", "distance", "initiative", "reaction", "morale"] {
                assert!(doc.get(step).is_some(), "{step}: {doc}");
            }
            assert_eq!(doc["morale"]["subjects"][0]["name"], "Orc");
        } else {
            missed += 1;
            assert!(doc.get("surprise").is_none() && doc.get("morale").is_none(), "{doc}");
        }
    }
    assert!(met > 10 && missed > 10, "{met} met, {missed} missed");
    let text = stdout(&["--seed", "1", "encounter", "--wandering"]);
    assert!(text.contains("→ no encounter: the steps stop here"), "{text}");
    assert!(!text.contains("awareness"), "{text}");
    // The odds: the check, the steps given a monster, then morale.
    let entries = odds(&["encounter", "--wandering", "--terrain", "swamp", "--morale", "--ml", "8"]);
    assert_eq!(odds_of(&entries, Some("wandering")).values().copied().sum::<f64>(), 1.0);
    assert!((odds_of(&entries, Some("wandering"))["\"yes\""] - 0.5).abs() < 1e-12, "swamp: 3-in-6");
    assert!((odds_of(&entries, Some("morale"))["\"flees\""] - 10.0 / 36.0).abs() < 1e-12);
    assert!(odds_of(&entries, Some("distance")).keys().any(|feet| feet == "30"), "--terrain puts it outdoors: x 30'");
    // 5e: the DMG's d20 check before its encounter.
    let doc = json(&[
        "-r",
        "5e",
        "--seed",
        "4",
        "encounter",
        "--wandering",
        "--chance",
        "20",
        "--stealth",
        "12",
        "Elf:per=14",
        "Orc:side=monsters",
    ]);
    assert_eq!((doc["wandering"]["encounter"].as_bool(), doc["surprise"].is_object()), (Some(true), true));
    // 5e: the morale save of the side met, after the initiative.
    let args = [
        "-r",
        "5e",
        "encounter",
        "--morale",
        "--save",
        "2",
        "--stealth",
        "12",
        "--side",
        "party",
        "--side",
        "wolves",
        "--ambush",
        "wolves",
        "Elf:per=14",
        "Orc:side=wolves",
    ];
    for doc in json_lines(&[&["--seed", "5", "-n", "20"][..], &args[..]].concat()) {
        assert_eq!((doc["morale"]["name"].as_str(), doc["morale"]["dc"].as_i64()), (Some("wolves"), Some(10)), "{doc}");
        assert!(doc["initiative"].is_object(), "{doc}");
    }
    let line = stdout(&[&["--seed", "5", "-q"][..], &args[..]].concat());
    assert!(line.trim_end().ends_with("morale=none") || line.trim_end().ends_with("morale=wolves"), "{line}");
    assert_eq!(odds_of(&odds(&args), Some("morale"))["\"flees\""], 7.0 / 20.0);
}

#[test]
fn errors_name_the_flag_and_what_is_allowed() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["wandering", "--terrain", "moon"],
            "--terrain 'moon' is not a terrain of the wilderness table; terrains: city, clear",
        ),
        (&["wandering", "--chance", "7"], "--chance 7 is more than the 6 faces of the check's d6"),
        (&["wandering", "--checks", "101"], "--checks is 101, out of range; allowed: a whole number from 1 to 100"),
        (&["wandering", "--dungeon", "--terrain", "forest"], "cannot be used with"),
        (&["morale"], "no morale score for 'monsters'; give --ml N"),
        (&["morale", "--ml", "13"], "--ml is 13, out of range; allowed: a whole number from 2 to 12"),
        (
            &["morale", "--ml", "7", "--losing", "--mod", "-2"],
            "the morale adjustments add up to -3; the book allows -2 to +2",
        ),
        (&["morale", "--losing", "--winning", "--ml", "7"], "cannot be used with"),
        (&["morale", "Orc:ml=1"], "key 'ml' is 1, out of range"),
        (&["encounter", "--terrain", "forest"], "--terrain is for the wandering-monster check; add --wandering"),
        (&["encounter", "--ml", "7"], "--ml is for the morale check; add --morale"),
        (&["encounter", "--wandering", "--outdoors"], "the wilderness check for a wandering monster goes by terrain"),
        (&["encounter", "--morale"], "no morale score for 'monsters'"),
        (
            &["-r", "gurps", "wandering"],
            "the gurps ruleset has no wandering-monster rule; rulesets with one: ose, 5e, bx",
        ),
        (&["-r", "wod", "morale"], "the wod ruleset has no morale rule; rulesets with one: ose, 5e, bx"),
        (&["-r", "5e", "morale", "Orc"], "combatants is not an option of 5e morale"),
        (
            &["-r", "5e", "reaction", "--stance", "willing"],
            "--stance is not an option of 5e reaction; it belongs to 5e2024 reaction",
        ),
    ];
    for (args, says) in cases {
        let err = fails(args, 2);
        assert!(err.contains(says), "fray {args:?}:\n  {err}  should say: {says}");
    }
}
