//! Tests of the bx ruleset (classic Basic/Expert, as in the OSE SRD), end to end through the
//! binary: every table row, the given dice, the exact odds, the errors, and snapshots.

use crate::common::*;
use serde_json::{Value, json};

/// `fray -r bx ARGS`.
fn bx<'a>(args: &[&'a str]) -> Vec<&'a str> {
    [&["-r", "bx"][..], args].concat()
}

/// The exact fraction of the one entry whose outcome has `outcome` (e.g. "escaped") on day or
/// round `at`, or "0" when there is none.
fn fraction_of(entries: &[(Option<String>, Value, f64, Option<String>)], outcome: &str, at: u64) -> String {
    entries
        .iter()
        .find(|e| e.1["outcome"] == outcome && e.1["round"] == at)
        .map_or("0".to_string(), |e| e.3.clone().expect("exact"))
}

/// `percent / 100` in lowest terms, as fray writes it.
fn hundredths(percent: u64) -> String {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    match percent {
        0 => "0".to_string(),
        100 => "1".to_string(),
        p => format!("{}/{}", p / gcd(p, 100), 100 / gcd(p, 100)),
    }
}

// --- what a user sees ---------------------------------------------------------------------

#[test]
fn each_procedure_in_text() {
    let runs: &[(&str, &[&str])] = &[
        ("bx_surprise_text", &["--seed", "4", "surprise", "Ansel", "Bree", "Goblin*3:side=monsters"]),
        ("bx_surprise_given_text", &["--seed", "4", "surprise", "--side", "party:surprise=1", "--side", "orcs"]),
        ("bx_distance_text", &["--seed", "7", "distance"]),
        ("bx_distance_wilderness_text", &["--seed", "7", "distance", "--wilderness", "--surprised"]),
        ("bx_initiative_text", &["--seed", "42", "initiative", "--side", "party:initiative=4", "--side", "orcs"]),
        (
            "bx_initiative_individual_text",
            &[
                "--seed",
                "3",
                "initiative",
                "--individual",
                "Ansel:dex=16",
                "Bree:dex=9,slow",
                "Cleric:initiative=5",
                "Goblin*2:side=monsters",
                "Ogre:side=monsters,mod=-1,slow",
            ],
        ),
        ("bx_reaction_text", &["--seed", "3", "reaction", "--cha", "16", "--mod", "-1"]),
        (
            "bx_pursue_dungeon_text",
            &["--seed", "5", "pursue", "--quarry", "90", "--pursuer", "120", "--drop", "food@2"],
        ),
        ("bx_pursue_outrun_text", &["--seed", "5", "pursue", "--quarry", "120", "--pursuer", "90"]),
        (
            "bx_pursue_wilderness_text",
            &[
                "--seed",
                "12",
                "pursue",
                "--wilderness",
                "--quarry",
                "90",
                "--pursuer",
                "120",
                "--quarry-count",
                "5",
                "--pursuer-count",
                "12",
            ],
        ),
        ("bx_pursue_waterborne_text", &["--seed", "3", "pursue", "--waterborne", "--quarry", "90", "--pursuer", "150"]),
        ("bx_encounter_text", &["--seed", "8", "encounter", "--outdoors", "--aware", "monsters", "--cha", "13"]),
        (
            "bx_initiative_individual_odds_text",
            &["initiative", "--individual", "--odds", "Ansel:dex=16", "Bree", "Ogre:slow"],
        ),
        (
            "bx_pursue_wilderness_odds_text",
            &[
                "pursue",
                "--odds",
                "--wilderness",
                "--quarry",
                "90",
                "--pursuer",
                "120",
                "--quarry-count",
                "5",
                "--pursuer-count",
                "12",
                "--days",
                "3",
            ],
        ),
        ("bx_encounter_odds_text", &["encounter", "--odds", "--wilderness"]),
    ];
    for (name, args) in runs {
        insta::assert_snapshot!(*name, stdout(&bx(args)));
    }
}

#[test]
fn each_procedure_in_yaml_or_json() {
    let runs: &[(&str, &str, &[&str])] = &[
        (
            "bx_surprise_json",
            "json",
            &["--seed", "4", "surprise", "--side", "party:surprise=2", "--side", "orcs:chance=3"],
        ),
        ("bx_distance_yaml", "yaml", &["--seed", "7", "distance", "--waterborne"]),
        (
            "bx_initiative_json",
            "json",
            &["--seed", "42", "initiative", "--side", "party:initiative=4", "--side", "orcs"],
        ),
        (
            "bx_initiative_individual_yaml",
            "yaml",
            &[
                "--seed",
                "3",
                "initiative",
                "--individual",
                "Ansel:dex=16",
                "Cleric:initiative=5",
                "Ogre:side=monsters,slow",
            ],
        ),
        ("bx_reaction_json", "json", &["--seed", "3", "reaction", "--cha", "16"]),
        (
            "bx_pursue_dungeon_yaml",
            "yaml",
            &["--seed", "5", "pursue", "--quarry", "90", "--pursuer", "120", "--gap", "60"],
        ),
        (
            "bx_pursue_wilderness_json",
            "json",
            &[
                "--seed",
                "2",
                "pursue",
                "--wilderness",
                "--quarry",
                "60",
                "--pursuer",
                "120",
                "--quarry-count",
                "3",
                "--pursuer-count",
                "2",
                "--surprised",
                "quarry",
            ],
        ),
        (
            "bx_pursue_waterborne_yaml",
            "yaml",
            &["--seed", "3", "pursue", "--waterborne", "--quarry", "90", "--pursuer", "150"],
        ),
        ("bx_encounter_json", "json", &["--seed", "8", "encounter", "--aware", "monsters", "--cha", "13"]),
        (
            "bx_encounter_yaml",
            "yaml",
            &["--seed", "8", "encounter", "--wilderness", "--side", "party", "--side", "orcs"],
        ),
        (
            "bx_pursue_waterborne_odds_json",
            "json",
            &["pursue", "--odds", "--waterborne", "--quarry", "120", "--pursuer", "150", "--gap", "90"],
        ),
    ];
    for (name, format, args) in runs {
        insta::assert_snapshot!(*name, stdout(&bx(&[&["-f", format][..], args].concat())));
    }
}

#[test]
fn quiet_prints_one_line_per_run() {
    let line = |args: &[&str]| stdout(&bx(&[&["-q"][..], args].concat()));
    let surprised = line(&["surprise", "--side", "a:surprise=1", "--side", "b:surprise=2", "--side", "c:surprise=3"]);
    assert_eq!(surprised, "a,b\n");
    assert_eq!(line(&["surprise", "--side", "a:surprise=6", "--side", "b:aware"]), "none\n");
    assert_eq!(
        line(&["initiative", "--side", "a:initiative=2", "--side", "b:initiative=5", "--side", "c:initiative=4"]),
        "b,c,a\n"
    );
    let together =
        line(&["initiative", "--ties", "simultaneous", "--side", "a:initiative=3", "--side", "b:initiative=3"]);
    assert_eq!(together, "a+b\n");
    let individual =
        line(&["initiative", "--individual", "--side", "p", "A:initiative=2", "B:initiative=6", "C:initiative=9,slow"]);
    assert_eq!(individual, "B,A,C\n");
    assert_eq!(line(&["pursue", "--quarry", "90", "--pursuer", "120", "--gap", "60"]), "caught 2\n");
    assert_eq!(line(&["pursue", "--quarry", "120", "--pursuer", "90"]), "escaped 0\n");
    let feet: u32 = line(&["--seed", "9", "distance", "--wilderness"]).trim().parse().unwrap();
    assert!(feet.is_multiple_of(30) && (120..=720).contains(&feet), "{feet}");
    let runs = line(&["--seed", "1", "-n", "5", "reaction"]);
    assert_eq!(runs.lines().count(), 5);
    assert!(runs.lines().all(|l| (2..=12).contains(&l.parse::<i32>().unwrap())), "{runs}");
    let encounter = line(&[
        "--seed",
        "8",
        "encounter",
        "--side",
        "party:surprise=6",
        "--side",
        "orcs:surprise=1",
        "--side",
        "wolves:aware",
    ]);
    let fields: Vec<&str> = encounter.trim().split(' ').map(|f| f.split('=').next().unwrap()).collect();
    assert_eq!(fields, ["surprised", "feet", "order", "reaction"], "each key once: {encounter}");
    assert!(encounter.starts_with("surprised=orcs feet="), "{encounter}");
    assert!(encounter.contains(" order=party,wolves ") || encounter.contains(" order=wolves,party "), "{encounter}");
}

// --- the tables, row by row ---------------------------------------------------------------

#[test]
fn every_evasion_cell_of_the_wilderness_table() {
    // (fleeing, pursuing, chance): both ends of every cell. Equal speeds: no modifier, and
    // pursuers that are not faster never catch on day 1, so escaping on day 1 is the chance.
    let cells = [
        (1, 1, 50),
        (4, 1, 50),
        (1, 2, 70),
        (4, 3, 70),
        (1, 4, 90),
        (4, 400, 90),
        (5, 1, 35),
        (12, 3, 35),
        (5, 4, 50),
        (12, 8, 50),
        (5, 9, 70),
        (12, 90, 70),
        (13, 1, 25),
        (24, 6, 25),
        (13, 7, 35),
        (24, 16, 35),
        (13, 17, 50),
        (24, 99, 50),
        (25, 1, 10),
        (900, 10, 10),
        (25, 11, 25),
        (900, 30, 25),
        (25, 31, 35),
        (900, 5000, 35),
    ];
    for (fleeing, pursuing, chance) in cells {
        let (q, p) = (fleeing.to_string(), pursuing.to_string());
        let args = [
            "pursue",
            "--wilderness",
            "--quarry",
            "120",
            "--pursuer",
            "120",
            "--quarry-count",
            &q,
            "--pursuer-count",
            &p,
            "--days",
            "1",
        ];
        let entries = odds(&bx(&args));
        assert_eq!(fraction_of(&entries, "escaped", 1), hundredths(chance), "{fleeing} fleeing {pursuing}");
        let doc = json(&bx(&[&["--seed", "1"][..], &args].concat()));
        assert_eq!(doc["chance"]["base"], chance, "{fleeing} fleeing {pursuing}");
        assert_eq!(doc["chance"]["chance"], chance);
    }
}

#[test]
fn evasion_modifiers_surprise_and_the_floor() {
    let escaped = |extra: &[&str]| -> String {
        let args =
            [&["pursue", "--wilderness", "--quarry-count", "1", "--pursuer-count", "1", "--days", "1"][..], extra]
                .concat();
        fraction_of(&odds(&bx(&args)), "escaped", 1)
    };
    // Twice as fast: ±25%.
    assert_eq!(escaped(&["--quarry", "240", "--pursuer", "120"]), "3/4");
    assert_eq!(escaped(&["--quarry", "60", "--pursuer", "120"]), "1/4");
    assert_eq!(escaped(&["--quarry", "90", "--pursuer", "120"]), "1/2");
    // The referee's terrain modifier, and never below 5%.
    assert_eq!(escaped(&["--quarry", "120", "--pursuer", "120", "--mod", "20"]), "7/10");
    assert_eq!(escaped(&["--quarry", "120", "--pursuer", "120", "--mod", "-60"]), "1/20");
    let doc = json(&bx(&[
        "--seed",
        "1",
        "pursue",
        "--wilderness",
        "--quarry",
        "120",
        "--pursuer",
        "120",
        "--quarry-count",
        "1",
        "--pursuer-count",
        "1",
        "--mod",
        "-60",
    ]));
    assert_eq!((doc["chance"]["chance"].as_u64(), doc["chance"]["floor"].as_bool()), (Some(5), Some(true)));
    // A surprised quarry may not evade, unless the referee allows a chance; surprised pursuers lose it.
    assert_eq!(escaped(&["--quarry", "120", "--pursuer", "120", "--surprised", "quarry"]), "0");
    assert_eq!(escaped(&["--quarry", "120", "--pursuer", "120", "--surprised", "quarry", "--mod", "10"]), "1/10");
    assert_eq!(escaped(&["--quarry", "60", "--pursuer", "240", "--surprised", "pursuers"]), "1");
}

#[test]
fn the_wilderness_pursuit_day_by_day() {
    // One flees one faster pursuer: evades 1/2 a day; else caught on 1/2; else the next day.
    let entries = odds(&bx(&[
        "pursue",
        "--wilderness",
        "--quarry",
        "90",
        "--pursuer",
        "120",
        "--quarry-count",
        "1",
        "--pursuer-count",
        "1",
        "--days",
        "2",
    ]));
    let got: Vec<(Value, String)> = entries.into_iter().map(|e| (e.1, e.3.unwrap())).collect();
    let want = [
        (json!({"outcome": "caught", "round": 1, "day": 1}), "1/4"),
        (json!({"outcome": "caught", "round": 2, "day": 2}), "1/16"),
        (json!({"outcome": "escaped", "round": 1, "day": 1}), "1/2"),
        (json!({"outcome": "escaped", "round": 2, "day": 2}), "1/8"),
        (json!({"outcome": "running", "round": 2, "day": 2}), "1/16"),
    ];
    assert_eq!(got, want.map(|(v, f)| (v, f.to_string())));
    // Surprise counts only when the sides meet: from day 2 the table's chance applies.
    let doc = json(&bx(&[
        "--seed",
        "3",
        "pursue",
        "--wilderness",
        "--quarry",
        "120",
        "--pursuer",
        "90",
        "--quarry-count",
        "2",
        "--pursuer-count",
        "1",
        "--surprised",
        "quarry",
        "--days",
        "4",
    ]));
    assert_eq!(doc["chance"], json!({"chance": 0, "surprised": "quarry"}));
    assert_eq!(doc["later_chance"]["chance"], 50);
    assert_eq!(doc["days"][0], json!({"day": 1, "evaded": false, "caught": false}));
    assert_eq!(doc["faster_pursuers"], false);
    assert_eq!(doc["round"], doc["day"]);
    // Slower pursuers never catch: no catch roll on any day.
    assert!(doc["days"].as_array().unwrap().iter().all(|d| d.get("catch").is_none()));
}

#[test]
fn every_waterborne_band() {
    // (fleeing, pursuing, chance): faster, then slower by 0–30′, 31–60′, 61–90′, 91–120′, more.
    let bands = [
        (150, 120, 80, "faster"),
        (120, 120, 50, "0-30"),
        (90, 120, 50, "0-30"),
        (89, 120, 40, "31-60"),
        (60, 120, 40, "31-60"),
        (59, 120, 35, "61-90"),
        (30, 120, 35, "61-90"),
        (29, 120, 25, "91-120"),
        (0, 120, 25, "91-120"),
        (0, 121, 10, "over_120"),
        (30, 480, 10, "over_120"),
    ];
    for (q, p, chance, band) in bands {
        let (q, p) = (q.to_string(), p.to_string());
        let args = ["pursue", "--waterborne", "--quarry", &q, "--pursuer", &p, "--gap", "90"];
        assert_eq!(fraction_of(&odds(&bx(&args)), "escaped", 0), hundredths(chance), "{q} fleeing {p}");
        let doc = json(&bx(&[&["--seed", "1"][..], &args].concat()));
        assert_eq!((doc["chance"].as_u64(), doc["band"].as_str()), (Some(chance), Some(band)));
    }
}

#[test]
fn the_waterborne_chase_closes_at_least_thirty_feet_a_round() {
    for seed in 1..40 {
        let s = seed.to_string();
        let doc =
            json(&bx(&["--seed", &s, "pursue", "--waterborne", "--quarry", "150", "--pursuer", "120", "--gap", "100"]));
        if doc["evaded"] == true {
            assert!(doc["evasion"]["total"].as_u64().unwrap() <= 80);
            assert_eq!((doc["outcome"].as_str(), doc["round"].as_u64()), (Some("escaped"), Some(0)));
            continue;
        }
        assert!(doc["evasion"]["total"].as_u64().unwrap() > 80);
        let gaps: Vec<u64> = doc["rounds"].as_array().unwrap().iter().map(|r| r["gap"].as_u64().unwrap()).collect();
        assert_eq!(gaps, [70, 40, 10, 0]);
        assert_eq!(
            (doc["outcome"].as_str(), doc["round"].as_u64(), doc["closing"].as_u64()),
            (Some("caught"), Some(4), Some(30))
        );
    }
    // Without --gap it starts from the waterborne distance, 4d6 × 10 yards; --rounds caps it.
    let doc =
        json(&bx(&["--seed", "3", "pursue", "--waterborne", "--quarry", "90", "--pursuer", "150", "--rounds", "2"]));
    assert_eq!(doc["start"]["roll"]["dice"], "4d6");
    assert_eq!(doc["start_gap"], doc["start"]["feet"]);
    assert_eq!(doc["start"]["feet"].as_u64().unwrap(), doc["start"]["yards"].as_u64().unwrap() * 3);
    assert_eq!((doc["outcome"].as_str(), doc["round"].as_u64()), (Some("running"), Some(2)));
    assert_eq!(doc["gap"].as_u64().unwrap(), doc["start_gap"].as_u64().unwrap() - 120);
}

#[test]
fn every_reaction_band() {
    let words = |total: i64| match total {
        ..=2 => "Hostile, attacks",
        3..=5 => "Unfriendly, may attack",
        6..=8 => "Neutral, uncertain",
        9..=11 => "Indifferent, uninterested",
        _ => "Friendly, helpful",
    };
    let mut seen = std::collections::BTreeSet::new();
    for m in ["-6", "-2", "0", "3", "6"] {
        for doc in json_lines(&bx(&["--seed", "5", "-n", "60", "reaction", "--mod", m])) {
            let total = doc["total"].as_i64().unwrap();
            assert_eq!(doc["result"], words(total), "total {total}");
            seen.insert(doc["band"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(seen.len(), 5, "{seen:?}");
    // The exact bands: 2d6, and 2d6 + 3 (5..15).
    let fractions = |args: &[&str]| -> Vec<(String, String)> {
        odds(&bx(args)).into_iter().map(|e| (e.1.as_str().unwrap().to_string(), e.3.unwrap())).collect()
    };
    let plain = fractions(&["reaction"]);
    let want =
        [("hostile", "1/36"), ("unfriendly", "1/4"), ("neutral", "4/9"), ("indifferent", "1/4"), ("friendly", "1/36")];
    assert_eq!(plain, want.map(|(a, b)| (a.to_string(), b.to_string())));
    let plus_three = fractions(&["reaction", "--mod", "3"]);
    let want = [("unfriendly", "1/36"), ("neutral", "1/4"), ("indifferent", "4/9"), ("friendly", "5/18")];
    assert_eq!(plus_three, want.map(|(a, b)| (a.to_string(), b.to_string())));
}

#[test]
fn every_charisma_and_dexterity_row() {
    let table = [
        (3, -2),
        (4, -1),
        (5, -1),
        (6, -1),
        (7, -1),
        (8, -1),
        (9, 0),
        (10, 0),
        (11, 0),
        (12, 0),
        (13, 1),
        (14, 1),
        (15, 1),
        (16, 1),
        (17, 1),
        (18, 2),
    ];
    for (score, m) in table {
        let doc = json(&bx(&["--seed", "1", "reaction", "--cha", &score.to_string()]));
        assert_eq!(doc["modifiers"][0], json!({"value": m, "source": format!("CHA {score}")}), "CHA {score}");
        assert_eq!(doc["total"].as_i64().unwrap(), doc["roll"]["total"].as_i64().unwrap() + m);
    }
    let cast: Vec<String> = table.iter().map(|(score, _)| format!("D{score}:dex={score}")).collect();
    let mut args = vec!["--seed", "1", "initiative", "--individual", "--side", "party"];
    args.extend(cast.iter().map(String::as_str));
    let doc = json(&bx(&args));
    let order = doc["order"].as_array().unwrap();
    assert_eq!(order.len(), table.len());
    for acting in order {
        let score: i64 = acting["name"].as_str().unwrap()[1..].parse().unwrap();
        let m = table.iter().find(|(s, _)| *s == score).unwrap().1;
        assert_eq!(acting["modifiers"][0], json!({"value": m, "source": format!("DEX {score}")}), "DEX {score}");
        assert_eq!(acting["total"].as_i64().unwrap(), acting["roll"]["total"].as_i64().unwrap() + m);
    }
    // Highest first.
    let totals: Vec<i64> = order.iter().map(|a| a["total"].as_i64().unwrap()).collect();
    assert!(totals.windows(2).all(|w| w[0] >= w[1]), "{totals:?}");
}

#[test]
fn distances_in_feet_and_yards() {
    for doc in json_lines(&bx(&["--seed", "8", "-n", "100", "distance", "--surprised"])) {
        // Underground, surprise changes nothing.
        assert_eq!((doc["roll"]["dice"].as_str(), doc["unit"].as_str()), (Some("2d6"), Some("feet")));
        assert_eq!(doc["feet"].as_u64().unwrap(), doc["roll"]["total"].as_u64().unwrap() * 10);
        assert!(doc.get("yards").is_none());
    }
    for (terrain, surprised, dice) in [
        ("--wilderness", false, "4d6"),
        ("--outdoors", true, "1d4"),
        ("--waterborne", false, "4d6"),
        ("--waterborne", true, "1d4"),
    ] {
        let mut args = vec!["--seed", "8", "-n", "50", "distance", terrain];
        if surprised {
            args.push("--surprised");
        }
        for doc in json_lines(&bx(&args)) {
            assert_eq!((doc["roll"]["dice"].as_str(), doc["unit"].as_str()), (Some(dice), Some("yards")));
            let yards = doc["yards"].as_u64().unwrap();
            assert_eq!(yards, doc["roll"]["total"].as_u64().unwrap() * 10);
            assert_eq!(doc["feet"].as_u64().unwrap(), yards * 3);
        }
    }
    let entries = odds(&bx(&["distance", "--wilderness", "--surprised"]));
    let got: Vec<(u64, String)> = entries.into_iter().map(|e| (e.1.as_u64().unwrap(), e.3.unwrap())).collect();
    assert_eq!(got, [30, 60, 90, 120].map(|f| (f, "1/4".to_string())));
    // In an encounter outdoors, either side surprised shortens it.
    for doc in json_lines(&bx(&["--seed", "8", "-n", "200", "encounter", "--wilderness"])) {
        let any = doc["surprise"]["verdict"] != "none_surprised";
        assert_eq!(doc["distance"]["surprised"], any);
        assert_eq!(doc["distance"]["roll"]["dice"], if any { "1d4" } else { "4d6" });
    }
    // Both sides surprised: the text does not say "a side".
    let both = ["encounter", "--wilderness", "--side", "party:surprise=1", "--side", "orcs:surprise=2"];
    let text = flat(&stdout(&bx(&both)));
    assert!(text.contains("shortened by surprise") && !text.contains("a side surprised"), "{text}");
    // Lines wrap at the width: the words are compared, not the breaks.
    let text = stdout(&bx(&["encounter", "--side", "party:surprise=1", "--side", "orcs:surprise=2"]));
    let text = flat(&text);
    assert!(text.contains(", surprise (no nearer underground)") && !text.contains("a side surprised"), "{text}");
}

// --- given dice -----------------------------------------------------------------------------

#[test]
fn a_given_surprise_die_is_shown_as_given_and_never_rolled() {
    let args = bx(&["surprise", "--side", "party:surprise=2", "--side", "orcs:surprise=3", "--side", "wolves"]);
    let first = json(&[&["--seed", "1"][..], &args].concat());
    for seed in ["2", "3", "4"] {
        let doc = json(&[&["--seed", seed][..], &args].concat());
        assert_eq!(doc["sides"][0], first["sides"][0]);
        assert_eq!(doc["sides"][1], first["sides"][1]);
    }
    let party = &first["sides"][0];
    assert_eq!(
        (party["roll"]["total"].as_u64(), party["given"].as_bool(), party["surprised"].as_bool()),
        (Some(2), Some(true), Some(true))
    );
    let orcs = &first["sides"][1];
    assert_eq!(
        (orcs["roll"]["total"].as_u64(), orcs["given"].as_bool(), orcs["surprised"].as_bool()),
        (Some(3), Some(true), Some(false))
    );
    assert!(first["sides"][2].get("given").is_none());
    let text = stdout(&[&["--seed", "1"][..], &args].concat());
    assert!(text.contains("party   1d6 (2) given  2-in-6  surprised"), "{text}");
    // The given dice leave only the wolves' die to chance.
    let entries = odds(&args);
    let fractions: Vec<String> = entries.iter().map(|e| e.3.clone().unwrap()).collect();
    assert_eq!(fractions, ["2/3", "1/3"]);
    assert_eq!(entries[0].1, json!(["party"]));
}

#[test]
fn a_given_initiative_die_is_shown_as_given() {
    let args = bx(&["initiative", "--side", "party:initiative=2", "--side", "orcs:initiative=5"]);
    for seed in ["1", "2"] {
        let doc = json(&[&["--seed", seed][..], &args].concat());
        let order: Vec<(&str, u64, bool)> = doc["order"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["name"].as_str().unwrap(), p["total"].as_u64().unwrap(), p["given"].as_bool().unwrap()))
            .collect();
        assert_eq!(order, [("orcs", 5, true), ("party", 2, true)]);
    }
    assert_eq!(odds(&args).into_iter().map(|e| e.3.unwrap()).collect::<Vec<_>>(), ["1"]);
    // A combatant's total in individual initiative, shown as given, modifiers not added again.
    let doc = json(&bx(&[
        "--seed",
        "1",
        "initiative",
        "--individual",
        "Ansel:dex=18,initiative=3",
        "Orc:side=monsters,initiative=4",
    ]));
    assert_eq!(doc["order"][0], json!({"name": "Orc", "side": "monsters", "total": 4, "place": 1, "given": true}));
    assert_eq!(doc["order"][1], json!({"name": "Ansel", "side": "party", "total": 3, "place": 2, "given": true}));
    let text = stdout(&bx(&["--seed", "1", "initiative", "--individual", "Ansel:dex=18,initiative=3"]));
    assert!(text.contains("1. Ansel  party  3 given"), "{text}");
}

// --- individual initiative ------------------------------------------------------------------

#[test]
fn slow_weapons_act_last_and_surprised_sides_sit_out() {
    for doc in json_lines(&bx(&[
        "--seed",
        "4",
        "-n",
        "200",
        "initiative",
        "--individual",
        "Ansel:dex=18,slow",
        "Bree:dex=3",
        "Orc*3:side=monsters",
        "Troll:side=monsters,mod=-2,slow",
    ])) {
        let order = doc["order"].as_array().unwrap();
        let slow: Vec<bool> = order.iter().map(|a| a["slow"] == true).collect();
        assert_eq!(slow, [false, false, false, false, true, true], "{doc}");
        let quick: Vec<i64> = order[..4].iter().map(|a| a["total"].as_i64().unwrap()).collect();
        assert!(quick.windows(2).all(|w| w[0] >= w[1]), "{quick:?}");
    }
    let doc = json(&bx(&[
        "--seed",
        "4",
        "initiative",
        "--individual",
        "--surprised",
        "monsters",
        "Ansel",
        "Orc*2:side=monsters",
    ]));
    assert_eq!(doc["order"].as_array().unwrap().len(), 1);
    assert_eq!(doc["surprised"], json!(["monsters"]));
    // A side named without combatants rolls as one; a default side nobody is on takes no part.
    let names = |args: &[&str]| -> std::collections::BTreeSet<String> {
        let doc = json(&bx(args));
        doc["order"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap().to_string()).collect()
    };
    let named = ["--seed", "4", "initiative", "--individual", "--side", "party", "--side", "monsters", "Ansel"];
    assert_eq!(names(&named), ["Ansel".to_string(), "monsters".to_string()].into());
    assert_eq!(names(&["--seed", "4", "initiative", "--individual", "Ansel"]), ["Ansel".to_string()].into());
    // Everyone surprised: everyone rolls.
    let doc = json(&bx(&[
        "--seed",
        "4",
        "initiative",
        "--individual",
        "--surprised",
        "party",
        "--surprised",
        "monsters",
        "A",
        "B:side=monsters",
    ]));
    assert_eq!((doc["order"].as_array().unwrap().len(), &doc["notes"]), (2, &json!(["all_surprised"])));
}

#[test]
fn individual_ties_reroll_or_act_together() {
    let mut ties = 0;
    for doc in
        json_lines(&bx(&["--seed", "6", "-n", "150", "initiative", "--individual", "--side", "p", "A", "B", "C"]))
    {
        let order = doc["order"].as_array().unwrap();
        let places: Vec<u64> = order.iter().map(|a| a["place"].as_u64().unwrap()).collect();
        assert_eq!(places, [1, 2, 3]);
        for tie in doc["ties"].as_array().into_iter().flatten() {
            ties += 1;
            // The tied are exactly those with that total, in the order settled, and all of
            // them roll first.
            let tied: Vec<&str> = tie["names"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
            let level: Vec<&str> =
                order.iter().filter(|a| a["total"] == tie["total"]).map(|a| a["name"].as_str().unwrap()).collect();
            assert_eq!(tie["roll_offs"][0]["rerolls"][0]["names"].as_array().unwrap().len(), tied.len());
            assert_eq!(tied, level, "{doc}");
        }
    }
    assert!(ties > 0, "no tie in 150 runs");
    for doc in json_lines(&bx(&[
        "--seed",
        "6",
        "-n",
        "150",
        "initiative",
        "--individual",
        "--ties",
        "simultaneous",
        "--side",
        "p",
        "A",
        "B",
    ])) {
        let order = doc["order"].as_array().unwrap();
        assert_eq!(order[0]["place"] == order[1]["place"], order[0]["total"] == order[1]["total"]);
        assert!(doc.get("ties").is_none());
    }
}

// --- odds against long runs ---------------------------------------------------------------

#[test]
fn individual_initiative_agrees_with_its_odds() {
    let cast =
        ["initiative", "--individual", "Ansel:dex=18", "Bree", "Orc:side=monsters,mod=-1", "Ogre:side=monsters,slow"];
    let entries = odds(&bx(&cast));
    // Exact fractions that sum to one in each part.
    for part in ["first", "order"] {
        let total: f64 = entries.iter().filter(|e| e.0.as_deref() == Some(part)).map(|e| e.2).sum();
        assert!((total - 1.0).abs() < 1e-12, "{part} sums to {total}");
    }
    assert!(entries.iter().all(|e| e.3.is_some()), "exact");
    let docs = json_lines(&bx(&[&["--seed", "21", "-n", "4000"][..], &cast].concat()));
    let first = count(&docs, |d| json!([d["order"][0]["name"]]).to_string());
    assert_fits("who acts first", &first, &odds_of(&entries, Some("first")));
    let orders = count(&docs, |d| {
        let names: Vec<Value> = d["order"].as_array().unwrap().iter().map(|a| json!([a["name"]])).collect();
        Value::Array(names).to_string()
    });
    assert_fits("acting order", &orders, &odds_of(&entries, Some("order")));
}

#[test]
fn pursuits_agree_with_their_odds() {
    for (args, n) in [
        (
            &[
                "pursue",
                "--wilderness",
                "--quarry",
                "90",
                "--pursuer",
                "120",
                "--quarry-count",
                "5",
                "--pursuer-count",
                "4",
                "--days",
                "3",
            ][..],
            4000,
        ),
        (&["pursue", "--waterborne", "--quarry", "90", "--pursuer", "150"], 4000),
        (&["pursue", "--quarry", "90", "--pursuer", "120", "--sight", "100", "--drop", "treasure"], 3000),
    ] {
        let entries = odds(&bx(args));
        let docs = json_lines(&bx(&[&["--seed", "17", "-n", &n.to_string()][..], args].concat()));
        let counts = count(&docs, |d| {
            let mut end = json!({"outcome": d["outcome"], "round": d["round"]});
            if d["terrain"] == "wilderness" {
                end["day"] = d["day"].clone();
            }
            end.to_string()
        });
        assert_fits(&format!("{args:?}"), &counts, &odds_of(&entries, None));
    }
}

#[test]
fn encounter_steps_agree_with_their_odds() {
    let args = ["encounter", "--wilderness", "--aware", "monsters", "--cha", "16"];
    let entries = odds(&bx(&args));
    let docs = json_lines(&bx(&[&["--seed", "99", "-n", "4000"][..], &args].concat()));
    let surprised = |d: &Value| -> String {
        let names: Vec<Value> = d["surprise"]["sides"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["surprised"] == true)
            .map(|s| s["name"].clone())
            .collect();
        Value::Array(names).to_string()
    };
    assert_fits("surprise", &count(&docs, surprised), &odds_of(&entries, Some("surprise")));
    assert_fits("distance", &count(&docs, |d| d["distance"]["feet"].to_string()), &odds_of(&entries, Some("distance")));
    assert_fits(
        "reaction",
        &count(&docs, |d| d["reaction"][0]["band"].to_string()),
        &odds_of(&entries, Some("reaction")),
    );
}

// --- the dungeon pursuit --------------------------------------------------------------------

#[test]
fn the_dungeon_pursuit_runs_at_the_base_rate() {
    // A faster quarry escapes at once, whatever the gap.
    let doc = json(&bx(&["--seed", "1", "pursue", "--quarry", "120", "--pursuer", "90", "--gap", "10"]));
    assert_eq!(
        doc,
        json!({"command": "pursue", "rules": "bx", "seed": 1, "version": env!("CARGO_PKG_VERSION"), "terrain": "dungeon", "quarry": 120, "pursuer": 90, "automatic": true, "outcome": "escaped", "round": 0})
    );
    // Otherwise the gap closes by the difference in base movement each round.
    let doc = json(&bx(&["--seed", "1", "pursue", "--quarry", "90", "--pursuer", "120", "--gap", "100"]));
    let gaps: Vec<u64> = doc["rounds"].as_array().unwrap().iter().map(|r| r["gap"].as_u64().unwrap()).collect();
    assert_eq!(gaps, [70, 40, 10, 0]);
    assert_eq!((doc["quarry_run"].as_u64(), doc["pursuer_run"].as_u64()), (Some(90), Some(120)));
    assert!(doc.get("exhausted").is_none());
    // Thirty rounds of running exhaust both sides.
    let args = ["--seed", "1", "pursue", "--quarry", "120", "--pursuer", "120", "--gap", "50", "--rounds", "30"];
    let doc = json(&bx(&args));
    assert_eq!(
        (doc["outcome"].as_str(), doc["round"].as_u64(), doc["exhausted"].as_bool()),
        (Some("running"), Some(30), Some(true))
    );
    assert!(stdout(&bx(&args)).contains("after 30 rounds of running both sides are exhausted"));
    let doc =
        json(&bx(&["--seed", "1", "pursue", "--quarry", "120", "--pursuer", "120", "--gap", "50", "--rounds", "29"]));
    assert!(doc.get("exhausted").is_none());
    // Without --gap, the dungeon encounter distance: 2d6 × 10′.
    let doc = json(&bx(&["--seed", "1", "pursue", "--quarry", "90", "--pursuer", "120"]));
    assert_eq!((doc["start"]["roll"]["dice"].as_str(), doc["start"]["scale"].as_u64()), (Some("2d6"), Some(10)));
}

// --- rosters --------------------------------------------------------------------------------

#[test]
fn the_roster_template_works() {
    let example = stdout(&bx(&["initiative", "--roster-example"]));
    assert!(example.contains("surprise: VALUE  the side's surprise d6, already rolled"), "{example}");
    for command in [&["surprise"][..], &["initiative", "--individual"], &["encounter"]] {
        let args = [&["-r", "bx", "-f", "json", "--seed", "1"][..], command, &["--roster", "-"]].concat();
        let out = fray().args(&args).write_stdin(example.clone()).run();
        assert!(out.success(), "{command:?}: {}", out.stderr);
    }
    let out = fray().args(["-r", "bx", "-f", "json", "surprise", "--roster", "-"]).write_stdin(example).run();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((doc["sides"][1]["roll"]["total"].as_u64(), doc["sides"][1]["given"].as_bool()), (Some(5), Some(true)));
}

// --- errors -------------------------------------------------------------------------------

#[test]
fn usage_errors_exit_2_with_a_hint() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["surprise", "--side", "a:aware,surprise=3"],
            "side 'a' is aware and does not roll for surprise; drop its surprise=N, or its awareness",
        ),
        (&["surprise", "--aware", "party", "--side", "party:surprise=3"], "side 'party' is aware and does not roll"),
        (
            &["surprise", "--side", "a:surprise=7"],
            "key 'surprise' is 7, out of range; allowed: a whole number from 1 to 6",
        ),
        (
            &["surprise", "--side", "a:initiative=0"],
            "key 'initiative' is 0, out of range; allowed: a whole number from 1 to 6",
        ),
        (
            &["surprise", "--ambush"],
            "--ambush is not an option of bx surprise; it belongs to ose, gurps, 5e, 5e2024 surprise",
        ),
        (
            &["initiative", "A:initiative=5"],
            "combatant 'A' gives initiative=N, an individual total, but here each side rolls; add --individual",
        ),
        (
            &["initiative", "--individual", "--side", "a:initiative=3", "X:side=a"],
            "side 'a' gives initiative=N, a side's d6, but --individual rolls for each combatant",
        ),
        (
            &["initiative", "--individual", "Elf:dex=2"],
            "key 'dex' is 2, out of range; allowed: a whole number from 3 to 18",
        ),
        (&["initiative", "--individual", "Elf:slow=3"], "key 'slow' takes no value, got '3'"),
        (&["initiative", "--wait", "party"], "--wait is not an option of bx initiative; it belongs to ose initiative"),
        (
            &["initiative", "--surprised", "wolves"],
            "--surprised names 'wolves', which is not a side; sides: party, monsters",
        ),
        (
            &["distance", "--both-surprised"],
            "--both-surprised is not an option of bx distance; it belongs to ose distance",
        ),
        (&["distance", "--outdoors", "--waterborne"], "the argument '--outdoors' cannot be used with '--waterborne'"),
        (&["distance", "--dungeon", "--wilderness"], "cannot be used with"),
        (&["pursue", "--quarry", "90"], "bx pursue needs --pursuer SPEED; give both base movement rates"),
        (
            &["pursue", "--wilderness", "--quarry", "1", "--pursuer", "2"],
            "bx pursue --wilderness needs --quarry-count N and --pursuer-count N",
        ),
        (
            &[
                "pursue",
                "--wilderness",
                "--quarry",
                "1",
                "--pursuer",
                "2",
                "--quarry-count",
                "1",
                "--pursuer-count",
                "1",
                "--gap",
                "50",
            ],
            "--gap has no meaning in a wilderness pursuit; bx pursue --wilderness takes --quarry, --pursuer, --quarry-count",
        ),
        (&["pursue", "--quarry", "1", "--pursuer", "2", "--days", "3"], "--days has no meaning in a dungeon pursuit"),
        (
            &["pursue", "--waterborne", "--quarry", "1", "--pursuer", "2", "--sight", "40"],
            "--sight has no meaning in a waterborne pursuit",
        ),
        (
            &["pursue", "--quarry", "1", "--pursuer", "1", "--surprised", "nobody"],
            "invalid value 'nobody' for '--surprised <WHO>'",
        ),
        (
            &["pursue", "--quarry", "1", "--pursuer", "1", "--quarry-count", "0"],
            "0, out of range; allowed: a whole number from 1 to 1000000",
        ),
        (
            &["pursue", "--quarry", "1", "--pursuer", "1", "--mod", "101"],
            "101, out of range; allowed: a whole number from -100 to 100",
        ),
        (&["encounter", "--side", "solo"], "an encounter needs at least two sides, got one: solo"),
        (&["encounter", "--ambush"], "--ambush is not an option of bx encounter"),
    ];
    for (args, message) in cases {
        let err = fails(&bx(args), 2);
        assert!(err.contains(message), "{args:?}: {err}");
    }
    // The bx flags belong to bx only.
    let err = fails(&["distance", "--waterborne"], 2);
    assert!(err.contains("--waterborne is not an option of ose distance; it belongs to bx distance"), "{err}");
    let err = fails(&["-r", "gurps", "initiative", "--individual"], 2);
    assert!(err.contains("--individual is not an option of gurps initiative; it belongs to bx initiative"), "{err}");
    let err = fails(&["-r", "wod", "distance"], 2);
    assert!(
        err.contains("the wod ruleset has no encounter-distance rule; rulesets with one: ose, 5e, bx, 5e2024"),
        "{err}"
    );
}

#[test]
fn roster_errors_are_data_errors() {
    let out = fray()
        .args(["-r", "bx", "surprise", "--roster", "-"])
        .write_stdin("sides:\n  - name: party\n    surprise: 9\n")
        .run();
    assert_eq!(out.code, 1);
    let err = out.stderr;
    assert!(err.starts_with("fray: error: <stdin>:3:15: key 'surprise' is 9, out of range"), "{err}");
}

/// OSE SRD, Combat: slow weapons always act last, under side initiative too: after every side
/// that acts, in the sides' order; the odds of the sides' order are the same, and a side's
/// unmodified d6 refuses `dex=` and `mod=` (they count with `--individual` only).
#[test]
fn slow_weapons_act_after_every_side_under_side_initiative() {
    let cast = ["Bo:slow", "Al", "Orc:side=monsters", "Ogre*2:side=monsters,slow"];
    for seed in ["1", "2", "3", "4"] {
        let doc = json(&bx(&[&["--seed", seed, "initiative"][..], &cast].concat()));
        let first = doc["order"][0]["name"].as_str().unwrap();
        let slow: Vec<&str> =
            doc["slow_last"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
        let want = if first == "party" { ["Bo", "Ogre 1", "Ogre 2"] } else { ["Ogre 1", "Ogre 2", "Bo"] };
        assert_eq!(slow, want, "{doc}");
        let text = stdout(&bx(&[&["--seed", seed, "initiative"][..], &cast].concat()));
        assert!(text.contains("→ slow weapons act last, after every side: "), "{text}");
    }
    let plain = odds(&bx(&["initiative", "Al", "Orc:side=monsters"]));
    let slow = odds(&bx(&["initiative", "Al:slow", "Orc:side=monsters"]));
    assert_eq!(plain, slow);
    // In an encounter the slow of a surprised side do not act in the first round at all.
    for doc in json_lines(&bx(&["--seed", "5", "-n", "40", "encounter", "Bo:slow", "Orc:side=monsters"])) {
        let party_acts = doc["initiative"]["order"].as_array().unwrap().iter().any(|p| p["name"] == "party");
        assert_eq!(doc["initiative"].get("slow_last").is_some(), party_acts, "{doc}");
    }
    for (args, key) in
        [(&["initiative", "Bo:dex=16"][..], "dex"), (&["encounter", "Al", "Orc:side=monsters,mod=-1"][..], "mod")]
    {
        let err = fails(&bx(args), 2);
        assert!(err.contains(&format!("gives {key}=, which only individual initiative adds")), "{err}");
    }
    assert!(json(&bx(&["initiative", "--individual", "Bo:dex=16"]))["order"][0]["modifiers"].is_array());
}

/// The individual initiative's ties: the SRD gives none of its own, so the side rule's re-roll,
/// a bare d6 roll-off, settles them, DEX left out: 18 against 3 is 17/18 (34/36), not 33/34.
#[test]
fn individual_ties_roll_off_without_dex_as_the_manual_says() {
    let entries = odds(&bx(&["initiative", "--individual", "A:dex=18", "B:dex=3,side=monsters"]));
    let a_first = entries.iter().find(|e| e.1 == "A" || e.1.to_string().contains("\"A\"")).unwrap();
    assert_eq!(a_first.3.as_deref(), Some("17/18"), "{entries:?}");
    let text = flat(fray::readme::section("Rulesets", "`bx`"));
    assert!(text.contains("the SRD's individual initiative gives no tie rule of its own"), "{text}");
}
