//! Tests of the 5e2024 ruleset (SRD 5.2) and of encounter distance by terrain for 5e and
//! 5e2024, end to end through the binary.

use crate::common::*;
use serde_json::{Value, json};

/// `fray -r 5e2024 ARGS…`
fn e2024(args: &[&str]) -> Vec<String> {
    with(&["-r", "5e2024"], args)
}

// ------------------------------------------------------------------------------------------
// Encounter distance

/// (words accepted, name shown, dice, sides, feet per point), as the tables give them.
type Row = (&'static [&'static str], &'static str, u64, u64, u64);

/// DM screen (2014), Encounter Distance.
const TERRAINS_2014: &[Row] = &[
    (&["arctic"], "arctic", 6, 6, 10),
    (&["desert", "deserts"], "desert", 6, 6, 10),
    (&["farmland", "farmlands"], "farmland", 6, 6, 10),
    (&["grassland", "grasslands"], "grassland", 6, 6, 10),
    (&["forest", "forests"], "forest", 2, 8, 10),
    (&["swamp", "swamps"], "swamp", 2, 8, 10),
    (&["woodland", "woodlands"], "woodland", 2, 8, 10),
    (&["hills", "hill"], "hills", 2, 10, 10),
    (&["wastelands", "wasteland"], "wastelands", 2, 10, 10),
    (&["jungle", "jungles"], "jungle", 2, 6, 10),
    (&["mountains", "mountain"], "mountains", 4, 10, 10),
];

/// 2024 DMG, Travel Terrain.
const TERRAINS_2024: &[Row] = &[
    (&["arctic"], "arctic", 6, 6, 10),
    (&["coastal"], "coastal", 2, 10, 10),
    (&["desert", "deserts"], "desert", 6, 6, 10),
    (&["forest", "forests"], "forest", 2, 8, 10),
    (&["grassland", "grasslands"], "grassland", 6, 6, 10),
    (&["hill", "hills"], "hill", 2, 10, 10),
    (&["mountain", "mountains"], "mountain", 4, 10, 10),
    (&["swamp", "swamps"], "swamp", 2, 8, 10),
    (&["underdark"], "underdark", 2, 6, 10),
    (&["urban"], "urban", 2, 6, 10),
    (&["waterborne"], "waterborne", 6, 6, 10),
];

/// DM screen (2014), Audible Distance.
const NOISES: &[Row] =
    &[(&["quiet"], "quiet", 2, 6, 5), (&["normal"], "normal", 2, 6, 10), (&["loud"], "loud", 2, 6, 50)];

/// Every word of every row: a seeded roll is the row's dice times its scale, and the exact
/// odds run from the fewest to the most feet, each extreme 1 in sides^dice.
fn check_table(rules: &str, flag: &str, key: &str, rows: &[Row]) {
    for &(words, name, dice, sides, scale) in rows {
        // Terrains are read in any case; --audible's values are clap's, lower case.
        let upper = (flag == "--terrain").then(|| words[0].to_uppercase());
        for word in words.iter().map(|w| w.to_string()).chain(upper) {
            let what = format!("{rules} {flag} {word}");
            for seed in ["1", "2"] {
                let doc = json(&["-r", rules, "--seed", seed, "distance", flag, &word]);
                assert_eq!(doc[key], name, "{what}");
                assert_eq!(doc["roll"]["dice"], format!("{dice}d{sides}"), "{what}");
                assert_eq!(doc["scale"], scale, "{what}");
                let total = doc["roll"]["total"].as_u64().unwrap();
                assert_eq!(doc["feet"].as_u64().unwrap(), total * scale, "{what}");
                assert!((dice..=dice * sides).contains(&total), "{what}: {total}");
            }
            let entries = odds(&["-r", rules, "distance", flag, &word]);
            assert_eq!(entries.len() as u64, dice * (sides - 1) + 1, "{what}: one entry per total");
            let extreme = format!("1/{}", sides.pow(dice as u32));
            let (first, last) = (&entries[0], &entries[entries.len() - 1]);
            assert_eq!((first.1.as_u64(), first.3.as_deref()), (Some(dice * scale), Some(extreme.as_str())), "{what}");
            assert_eq!(
                (last.1.as_u64(), last.3.as_deref()),
                (Some(dice * sides * scale), Some(extreme.as_str())),
                "{what}"
            );
            let sum: f64 = entries.iter().map(|e| e.2).sum();
            assert!((sum - 1.0).abs() < 1e-9, "{what}: {sum}");
        }
    }
}

#[test]
fn every_2014_terrain_and_noise() {
    check_table("5e", "--terrain", "terrain", TERRAINS_2014);
    check_table("5e", "--audible", "audible", NOISES);
}

#[test]
fn every_2024_terrain() {
    check_table("5e2024", "--terrain", "terrain", TERRAINS_2024);
    for alias in ["5.5e", "2024"] {
        let doc = json(&["-r", alias, "distance", "--terrain", "urban"]);
        assert_eq!((doc["rules"].as_str(), doc["terrain"].as_str()), (Some("5e2024"), Some("urban")), "{alias}");
    }
}

#[test]
fn distance_text_quiet_and_odds() {
    let args = ["-r", "5e2024", "--seed", "5", "distance", "--terrain", "mountains"];
    insta::assert_snapshot!("distance_mountain_text", stdout(&args));
    let quiet = stdout(&with(&["-q"], &args).iter().map(String::as_str).collect::<Vec<_>>());
    let doc = json(&args);
    assert_eq!(quiet, format!("{}\n", doc["feet"]));
    insta::assert_snapshot!(
        "distance_audible_text",
        stdout(&["-r", "5e", "--seed", "5", "distance", "--audible", "quiet"])
    );
    insta::assert_snapshot!("distance_odds_text", stdout(&["-r", "5e", "--odds", "distance", "--terrain", "forest"]));
}

#[test]
fn distance_errors_list_the_terrains() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["-r", "5e", "distance", "--terrain", "beach"],
            "unknown terrain 'beach'; 5e terrains: arctic, desert, farmland, grassland, forest, swamp, woodland, \
             hills, wastelands, jungle, mountains",
        ),
        (
            &["-r", "5e2024", "distance", "--terrain", "jungle"],
            "unknown terrain 'jungle'; 5e2024 terrains: arctic, coastal, desert, forest, grassland, hill, mountain, \
             swamp, underdark, urban, waterborne",
        ),
        (
            &["-r", "5e", "distance"],
            "5e distance needs --terrain TERRAIN (or --audible quiet|normal|loud); 5e terrains: arctic",
        ),
        (&["-r", "5e2024", "distance"], "5e2024 distance needs --terrain TERRAIN; 5e2024 terrains: arctic, coastal"),
        (
            &["-r", "5e", "distance", "--terrain", "forest", "--audible", "loud"],
            "--terrain and --audible each set the distance: give one",
        ),
        (
            &["-r", "5e2024", "distance", "--audible", "loud"],
            "--audible is not an option of 5e2024 distance; it belongs to 5e distance",
        ),
        (&["-r", "5e", "distance", "--audible", "shout"], "invalid value 'shout' for '--audible <NOISE>'"),
        (
            &["-r", "ose", "distance", "--terrain", "forest"],
            "--terrain is not an option of ose distance; it belongs to 5e, 5e2024 distance",
        ),
        (
            &["-r", "gurps", "distance"],
            "the gurps ruleset has no encounter-distance rule; rulesets with one: ose, 5e, bx, 5e2024",
        ),
    ];
    for (args, says) in cases {
        let err = fails(args, 2);
        assert!(err.contains(says), "fray {args:?}:\n  {err}  should say: {says}");
    }
}

// ------------------------------------------------------------------------------------------
// Surprise

const PARTY: &[&str] = &["Elf:per=16", "Fighter:per=12", "Wizard:per=15", "Rogue:per=10,alert,pb=2"];

fn surprise(stealth: &str) -> Vec<String> {
    let mut args = e2024(&["surprise", "--stealth", stealth]);
    args.extend(PARTY.iter().map(|s| s.to_string()));
    args
}

fn verdicts(doc: &Value) -> Vec<(String, bool, String)> {
    doc["creatures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap().into(), c["surprised"] == true, c["reason"].as_str().unwrap().into()))
        .collect()
}

#[test]
fn stealth_14_hides_nobody_and_15_is_compared() {
    let doc = json(&refs(&surprise("14")));
    assert_eq!(doc["verdict"], "not_hidden");
    assert_eq!(doc["hiders"][0], json!({ "name": "monsters", "stealth": 14, "hidden": false }));
    assert!(verdicts(&doc).iter().all(|(_, surprised, reason)| !surprised && reason == "not_hidden"), "{doc}");
    assert_eq!(stdout(&refs(&with(&["-q"], &refs(&surprise("14"))))), "none\n");
    let doc = json(&refs(&surprise("15")));
    assert_eq!((doc["verdict"].as_str(), doc["hide_dc"].as_i64()), (Some("surprised"), Some(15)));
    assert_eq!(doc["hiders"][0]["hidden"], true);
    // Passive Perception 15 meets the Stealth total, which is the DC to find the hider.
    let expected = [
        ("Elf", false, "noticed"),
        ("Fighter", true, "not_noticed"),
        ("Wizard", false, "noticed"),
        ("Rogue", true, "not_noticed"),
    ];
    assert_eq!(verdicts(&doc), expected.map(|(n, s, r)| (n.to_string(), s, r.to_string())));
    assert_eq!(doc["effect"], "a surprised creature has Disadvantage on its Initiative roll");
    assert_eq!(stdout(&refs(&with(&["-q"], &refs(&surprise("15"))))), "Fighter,Rogue\n");
}

#[test]
fn surprise_text_both_ways_and_yaml() {
    insta::assert_snapshot!("surprise_not_hidden_text", stdout(&refs(&surprise("14"))));
    insta::assert_snapshot!("surprise_hidden_text", stdout(&refs(&surprise("15"))));
    let rolled = e2024(&[
        "--seed",
        "6",
        "surprise",
        "--stealth-mod",
        "6",
        "--stealth-mod",
        "9",
        "Goblin*2:side=monsters",
        "Elf:per=16",
        "Guard*3:per=12",
    ]);
    assert_formats!("surprise_rolled", &refs(&rolled), ["text", "yaml"]);
}

#[test]
fn rolled_stealth_odds_by_hand() {
    // d20 + 3 hides on 12-20 (9/20); against passive Perception 16 it is found on 12-13 (2/20)
    // and surprises on 14-20 (7/20); against 12 every hidden roll surprises.
    let entries = odds(
        &e2024(&["surprise", "--stealth-mod", "3", "Elf:per=16", "Fighter:per=12"])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    let of = |part: &str| -> Vec<(String, String)> {
        entries
            .iter()
            .filter(|e| e.0.as_deref() == Some(part))
            .map(|e| (e.1["reason"].as_str().unwrap().to_string(), e.3.clone().unwrap()))
            .collect()
    };
    let pairs = |list: &[(&str, &str)]| list.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>();
    assert_eq!(of("Elf"), pairs(&[("not_hidden", "11/20"), ("noticed", "1/10"), ("not_noticed", "7/20")]));
    assert_eq!(of("Fighter"), pairs(&[("not_hidden", "11/20"), ("not_noticed", "9/20")]));
    insta::assert_snapshot!(
        "surprise_odds_text",
        stdout(&["-r", "5e2024", "--odds", "surprise", "--stealth-mod", "3", "Elf:per=16", "Fighter:per=12"])
    );
}

#[test]
fn rolled_stealth_fits_the_odds() {
    let base = e2024(&["surprise", "--stealth-mod", "4", "--stealth-mod", "6", "Elf:per=16", "Fighter:per=12"]);
    let entries = odds(&refs(&base));
    let docs = json_lines(&refs(&with(&["--seed", "2024", "-n", "4000"], &refs(&base))));
    for (i, name) in ["Elf", "Fighter"].iter().enumerate() {
        let observed = count(&docs, |d| {
            let c = &d["creatures"][i];
            json!({ "surprised": c["surprised"], "reason": c["reason"] }).to_string()
        });
        assert_fits(name, &observed, &odds_of(&entries, Some(name)));
    }
}

// ------------------------------------------------------------------------------------------
// Initiative

/// The places of an initiative result as (name, total).
fn totals(order: &Value) -> Vec<(String, i64)> {
    order
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["name"].as_str().unwrap().into(), p["total"].as_i64().unwrap()))
        .collect()
}

fn place<'a>(order: &'a Value, name: &str) -> &'a Value {
    order.as_array().unwrap().iter().find(|p| p["name"] == name).unwrap()
}

#[test]
fn a_dexterity_check_with_alert_adding_the_proficiency_bonus() {
    for seed in ["1", "2", "3", "4"] {
        let doc = json(
            &e2024(&["--seed", seed, "initiative", "Rogue:dex=4,alert,pb=3", "Orc:init=1,side=monsters"])
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
        );
        let rogue = place(&doc["order"], "Rogue");
        assert_eq!(
            rogue["modifiers"],
            json!([{ "value": 4, "source": "Dex" }, { "value": 3, "source": "Alert (proficiency bonus)" }])
        );
        assert_eq!(rogue["total"].as_i64().unwrap(), rogue["d20"].as_i64().unwrap() + 7);
        let orc = place(&doc["order"], "Orc");
        assert_eq!(orc["total"].as_i64().unwrap(), orc["d20"].as_i64().unwrap() + 1);
        let order = totals(&doc["order"]);
        assert!(order[0].1 >= order[1].1, "{order:?}");
    }
}

#[test]
fn the_surprised_roll_with_disadvantage() {
    for seed in ["1", "2", "3"] {
        let doc = json(
            &e2024(&["--seed", seed, "initiative", "A:surprised", "B:surprised,adv", "C"])
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
        );
        let a = place(&doc["order"], "A");
        let rolls: Vec<i64> = a["rolls"].as_array().unwrap().iter().map(|r| r["total"].as_i64().unwrap()).collect();
        assert_eq!((a["mode"].as_str(), rolls.len()), (Some("disadvantage"), 2), "{a}");
        assert_eq!(a["d20"].as_i64(), rolls.iter().min().copied());
        assert_eq!(a["surprised"], true);
        let b = place(&doc["order"], "B");
        assert_eq!((b["mode"].as_str(), b["rolls"].as_array().unwrap().len()), (Some("cancelled"), 1), "{b}");
        assert_eq!(place(&doc["order"], "C")["surprised"], false);
    }
    // Disadvantage against a plain d20: the mirror of 5e's Advantage case, 267/800.
    let entries = odds(&["-r", "5e2024", "initiative", "A:surprised", "B"]);
    let first = odds_of(&entries, Some("first"));
    assert_eq!(entries[0].3.as_deref(), Some("267/800"), "{first:?}");
    assert_eq!(entries[1].3.as_deref(), Some("533/800"));
    // The score: 10 + Dex, -5 when surprised, the +5 of Advantage cancelling it.
    let doc = json(&[
        "-r",
        "5e2024",
        "initiative",
        "--variant",
        "score",
        "A:dex=2,surprised",
        "B:dex=1,adv,surprised",
        "C:dex=3,adv",
    ]);
    let expected = [("C", 18), ("B", 11), ("A", 7)];
    assert_eq!(totals(&doc["order"]), expected.map(|(n, t)| (n.to_string(), t)));
}

#[test]
fn a_given_total_is_used_as_given_and_ties_go_to_dex() {
    let doc = json(&[
        "-r",
        "5e2024",
        "--seed",
        "3",
        "initiative",
        "Bard:initiative=14,dex=1",
        "Cleric:initiative=14,dex=3",
        "Rogue:initiative=-2",
    ]);
    assert_eq!(
        totals(&doc["order"]),
        [("Cleric".to_string(), 14), ("Bard".to_string(), 14), ("Rogue".to_string(), -2)]
    );
    let bard = place(&doc["order"], "Bard");
    assert_eq!((bard["given"].as_bool(), bard.get("rolls"), bard.get("modifiers")), (Some(true), None, None));
    assert_eq!(doc["ties"][0]["by"], json!(["dex"]));
    let entries = odds(&["-r", "5e2024", "initiative", "Bard:initiative=14,dex=1", "Cleric:initiative=14,dex=3"]);
    assert_eq!((entries[0].1.as_str(), entries[0].3.as_deref()), (Some("Cleric"), Some("1")));
}

#[test]
fn initiative_text_yaml_json() {
    let args = e2024(&[
        "--seed",
        "11",
        "initiative",
        "--swap",
        "Rogue:Cleric",
        "Rogue:dex=4,alert,pb=3",
        "Fighter:dex=1,adv",
        "Cleric:surprised",
        "Bard:initiative=12,dex=2",
        "Goblin*4:dex=2,side=monsters",
    ]);
    assert_formats!("initiative", &refs(&args), ["text", "yaml", "json", "quiet"]);
    let score = e2024(&[
        "--seed",
        "11",
        "initiative",
        "--variant",
        "score",
        "Rogue:dex=4,alert,pb=3",
        "Fighter:dex=1,adv",
        "Cleric:surprised",
    ]);
    insta::assert_snapshot!("initiative_score_text", stdout(&refs(&score)));
    let odds = e2024(&[
        "--odds",
        "initiative",
        "--swap",
        "Rogue:Fighter",
        "Rogue:dex=4,alert,pb=2",
        "Fighter:dex=1",
        "Orc:side=monsters,surprised",
    ]);
    insta::assert_snapshot!("initiative_odds_text", stdout(&refs(&odds)));
}

// ------------------------------------------------------------------------------------------
// The Alert swap

#[test]
fn the_alert_holder_swaps_right_after_rolling() {
    for seed in ["1", "2", "3", "4", "5"] {
        let plain = json(
            &e2024(&["--seed", seed, "initiative", "Rogue:dex=4,alert,pb=2", "Fighter:dex=1", "Orc:side=monsters"])
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
        );
        let swapped = json(
            &e2024(&[
                "--seed",
                seed,
                "initiative",
                "--swap",
                "Rogue:Fighter",
                "Rogue:dex=4,alert,pb=2",
                "Fighter:dex=1",
                "Orc:side=monsters",
            ])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        );
        let total = |doc: &Value, name: &str| place(&doc["order"], name)["total"].as_i64().unwrap();
        // The same dice, the totals traded.
        assert_eq!(total(&swapped, "Rogue"), total(&plain, "Fighter"), "seed {seed}");
        assert_eq!(total(&swapped, "Fighter"), total(&plain, "Rogue"), "seed {seed}");
        assert_eq!(total(&swapped, "Orc"), total(&plain, "Orc"), "seed {seed}");
        let rogue = place(&swapped["order"], "Rogue");
        assert_eq!(rogue["swapped"], json!({ "with": "Fighter", "rolled": total(&plain, "Rogue") }));
        let order = totals(&swapped["order"]);
        assert!(order.windows(2).all(|w| w[0].1 >= w[1].1), "{order:?}");
        assert!(place(&plain["order"], "Rogue").get("swapped").is_none());
        let text = stdout(&refs(&e2024(&[
            "--seed",
            seed,
            "initiative",
            "--swap",
            "Rogue:Fighter",
            "Rogue:dex=4,alert,pb=2",
            "Fighter:dex=1",
        ])));
        assert!(text.contains("swapped with Fighter (rolled "), "{text}");
    }
    // A score is not rolled: the swap names the score the Rogue had.
    let score =
        ["initiative", "--variant", "score", "--swap", "Rogue:Fighter", "Rogue:dex=4,alert,pb=2", "Fighter:dex=1"];
    let text = stdout(&refs(&e2024(&score)));
    assert!(text.contains("swapped with Fighter (score 16)"), "{text}");
    assert!(!text.contains("rolled"), "{text}");
    // d20 + 2 traded for a plain d20: the Rogue now acts first as the Fighter would have,
    // 81/200 (the Fighter beats d20 + 2 by 3 or more, 153/400, or by 2 and wins the roll-off, 9/400).
    let base = e2024(&["initiative", "Rogue:alert,pb=2", "Fighter"]);
    assert_eq!(odds(&refs(&base))[0].3.as_deref(), Some("119/200"));
    let entries = odds(&refs(&with(&refs(&base), &["--swap", "Rogue:Fighter"])));
    assert_eq!((entries[0].1.as_str(), entries[0].3.as_deref()), (Some("Rogue"), Some("81/200")));
}

#[test]
fn swapped_orders_fit_the_odds() {
    let base = e2024(&[
        "initiative",
        "--swap",
        "Rogue:Cleric",
        "Rogue:dex=3,alert,pb=4",
        "Cleric:dis",
        "Orc:dex=1,side=monsters",
    ]);
    let entries = odds(&refs(&base));
    let docs = json_lines(&refs(&with(&["--seed", "31", "-n", "5000"], &refs(&base))));
    let observed = count(&docs, |d| {
        let names: Vec<&str> = d["order"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
        json!(names).to_string()
    });
    assert_fits("order", &observed, &odds_of(&entries, Some("order")));
}

#[test]
fn swaps_are_refused_unless_an_alert_holder_and_an_ally() {
    let cast = ["Rogue:alert,pb=2", "Fighter", "Cleric", "Orc:side=monsters", "Wolf*2:side=monsters"];
    let cases: &[(&str, &str, &str)] = &[
        (
            "Fighter:Rogue",
            "--swap 'Fighter:Rogue': Fighter has no Alert feat; only an Alert holder swaps",
            "mark it Fighter:alert,pb=N",
        ),
        (
            "Rogue:Bard",
            "--swap 'Rogue:Bard': no combatant is named 'Bard'",
            "combatants: Rogue, Fighter, Cleric, Orc, Wolf",
        ),
        ("Bard:Rogue", "--swap 'Bard:Rogue': no combatant is named 'Bard'", "combatants:"),
        ("Rogue:Rogue", "a combatant cannot swap with itself", "name the ally"),
        ("Rogue:Orc", "--swap 'Rogue:Orc': Orc is not on Rogue's side, so not an ally", "same side"),
        ("Rogue:Wolf", "Wolf is a group of 2 that rolls once", "members one by one"),
        ("Rogue", "--swap 'Rogue': write ALERT:ALLY", "e.g. --swap Rogue:Fighter"),
    ];
    for (swap, says, hint) in cases {
        let mut args = e2024(&["initiative", "--swap", swap]);
        args.extend(cast.iter().map(|s| s.to_string()));
        let err = fails(&refs(&args), 2);
        assert!(err.contains(says) && err.contains(hint), "--swap {swap}:\n  {err}  should say: {says} … {hint}");
    }
    let twice = e2024(&[
        "initiative",
        "--swap",
        "Rogue:Fighter",
        "--swap",
        "Bard:Fighter",
        "Rogue:alert,pb=2",
        "Bard:alert,pb=2",
        "Fighter",
    ]);
    assert!(fails(&refs(&twice), 2).contains("--swap: 'Fighter' is in two swaps"));
    let err = fails(&["-r", "5e", "initiative", "--swap", "Rogue:Fighter", "Rogue:alert", "Fighter"], 2);
    assert!(err.contains("--swap is not an option of 5e initiative; it belongs to 5e2024 initiative"), "{err}");
}

// ------------------------------------------------------------------------------------------
// Encounter

const ENCOUNTER: &[&str] = &[
    "-r",
    "5e2024",
    "--seed",
    "4",
    "encounter",
    "--stealth",
    "16",
    "Elf:per=16,dex=3",
    "Fighter:per=12,dex=1",
    "Rogue:per=14,dex=4,alert,pb=2",
    "Goblin*4:side=monsters,dex=2",
];

#[test]
fn encounter_text_yaml_json_quiet() {
    assert_formats!("encounter", ENCOUNTER, ["text", "yaml", "json", "quiet"]);
}

#[test]
fn encounter_surprised_roll_with_disadvantage_and_lose_no_turn() {
    for doc in json_lines(&refs(&with(&["-n", "4"], ENCOUNTER))) {
        let order = doc["initiative"]["order"].as_array().unwrap();
        assert_eq!(order.len(), 4, "the hiders roll initiative too");
        for p in order {
            let surprised = matches!(p["name"].as_str().unwrap(), "Fighter" | "Rogue");
            assert_eq!(p["surprised"], surprised, "{p}");
            assert_eq!(p["mode"].as_str() == Some("disadvantage"), surprised, "{p}");
            assert!(p.get("loses_first_turn").is_none(), "{p}");
        }
        assert_eq!(doc["first_to_act"], order[0]["name"]);
    }
    // Stealth 14 hides nobody: nobody rolls with Disadvantage.
    let mut args = ENCOUNTER.to_vec();
    args[6] = "14";
    let doc = json(&args);
    assert_eq!(doc["surprise"]["verdict"], "not_hidden");
    assert!(
        doc["initiative"]["order"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p.get("mode").is_none() && p["surprised"] == false)
    );
}

#[test]
fn encounter_odds_match_initiative_with_the_same_surprised() {
    // A Stealth total decides surprise for certain: the encounter's odds of who acts first are
    // the initiative command's with the same creatures marked surprised.
    let encounter = odds(&[
        "-r",
        "5e2024",
        "encounter",
        "--stealth",
        "15",
        "Elf:per=16,dex=3",
        "Fighter:per=12",
        "Goblin:side=monsters,dex=2",
    ]);
    let initiative =
        odds(&["-r", "5e2024", "initiative", "Elf:dex=3", "Fighter:surprised", "Goblin:side=monsters,dex=2"]);
    assert_eq!(odds_of(&encounter, Some("first to act")), odds_of(&initiative, Some("first")));
    assert_eq!(odds_of(&encounter, Some("order")), odds_of(&initiative, Some("order")));
    assert_eq!(
        odds_of(&encounter, Some("Fighter")).keys().collect::<Vec<_>>(),
        [&json!({"reason": "not_noticed", "surprised": true}).to_string()]
    );
    let text = stdout(&[
        "-r",
        "5e2024",
        "--odds",
        "encounter",
        "--stealth-mod",
        "5",
        "Elf:per=16,dex=3",
        "Fighter:per=12",
        "Goblin*2:side=monsters,dex=2",
    ]);
    insta::assert_snapshot!("encounter_odds_text", text);
}

#[test]
fn first_to_act_fits_the_odds() {
    let base = e2024(&[
        "encounter",
        "--stealth-mod",
        "5",
        "Elf:per=14,dex=3",
        "Fighter:per=12,dex=1",
        "Goblin*3:side=monsters,dex=2",
    ]);
    let entries = odds(&refs(&base));
    let docs = json_lines(&refs(&with(&["--seed", "99", "-n", "4000"], &refs(&base))));
    let observed = count(&docs, |d| d["first_to_act"].to_string());
    assert_fits("first to act", &observed, &odds_of(&entries, Some("first to act")));
}

// ------------------------------------------------------------------------------------------
// Rosters and errors

#[test]
fn the_roster_example_runs() {
    let template = stdout(&["-r", "5e2024", "encounter", "--roster-example"]);
    insta::assert_snapshot!("roster_example", template);
    let args =
        ["-r", "5e2024", "--seed", "1", "encounter", "--stealth", "16", "--swap", "Rogue:Fighter", "--roster", "-"];
    let doc = json_with_stdin(&args, template);
    assert_eq!(doc["initiative"]["order"].as_array().unwrap().len(), 4);
    assert_eq!(place(&doc["initiative"]["order"], "Cleric")["total"], 17);
}

#[test]
fn an_empty_default_side_takes_part_only_as_the_hiders() {
    // Nobody is on monsters, but the Stealth given makes it the side that hides.
    let doc = json(&refs(&e2024(&["--seed", "1", "surprise", "--stealth", "16", "Elf:per=14"])));
    assert_eq!(doc["hiders"][0]["name"], "monsters", "{doc}");
    let err = fails(&refs(&e2024(&["surprise", "--stealth", "16", "--ambush", "wolves", "Elf"])), 2);
    assert!(err.contains("--ambush names 'wolves', which is not a side; sides: party"), "{err}");
    // A dex-score is a 5e key, not a 2024 one.
    let err = fails(&refs(&e2024(&["initiative", "Elf:dex-score=14"])), 2);
    assert!(err.contains("unknown combatant key 'dex-score' for the 5e2024 ruleset"), "{err}");
}

#[test]
fn errors_name_the_flag_or_key_and_what_is_allowed() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["initiative", "--variant", "side", "A"],
            "--variant side is a 2014 DMG variant of the 5e ruleset; 5e2024 initiative takes standard or score; for it, use -r 5e --variant side",
        ),
        (&["initiative", "--variant", "speed", "A"], "--variant speed is a 2014 DMG variant of the 5e ruleset"),
        (
            &["initiative", "--rounds", "2", "A"],
            "--rounds is not an option of 5e2024 initiative; it belongs to 5e initiative",
        ),
        (
            &["initiative", "Rogue:alert"],
            "'Rogue': key 'alert' adds the proficiency bonus to initiative, which needs pb=N (2 to 9); e.g. Rogue:alert,pb=2",
        ),
        (&["initiative", "Rogue:pb=10"], "key 'pb' is 10, out of range; allowed: a whole number from 2 to 9"),
        (&["initiative", "Rogue:initiative=51"], "key 'initiative' is 51, out of range"),
        (&["initiative"], "5e2024 initiative needs combatants"),
        (
            &["initiative", "Ogre:action=heavy"],
            "unknown combatant key 'action' for the 5e2024 ruleset; allowed: dex, init, per, speed, con, stealth, str, wis, cha, alert, pb, adv, dis, surprised, initiative, hp, ac, save-con, side",
        ),
        (&["encounter", "--stealth", "15", "Elf:surprised"], "'Elf': key 'surprised' is for the initiative command"),
        (
            &["surprise", "--ambush", "monsters", "Elf:per=16"],
            "5e2024 surprise needs the hiders' Stealth: --stealth N (a total), --stealth-mod N (a hider who rolls d20 + N) or each hider's stealth=N key; e.g. fray -r 5e2024 surprise",
        ),
        (
            &["surprise", "--stealth", "15", "--stealth-ties", "surprised", "Elf"],
            "--stealth-ties is not an option of 5e2024 surprise; it belongs to 5e surprise",
        ),
        (
            &["surprise", "--both-surprised", "Elf"],
            "--both-surprised is not an option of 5e2024 surprise; it belongs to 5e surprise",
        ),
        (&["surprise", "--stealth", "61", "Elf"], "--stealth 61 is out of range; allowed: -20 to 60"),
        (&["surprise", "--stealth", "15", "Orc:side=monsters"], "every combatant is on the hiding side (monsters)"),
        (&["reaction", "--stance", "eager"], "invalid value 'eager' for '--stance <STANCE>'"),
        (&["reaction", "--int", "31"], "--int is 31, out of range; allowed: a whole number from 1 to 30"),
        (&["wandering"], "the 5e2024 ruleset has no wandering-monster rule; rulesets with one: ose, 5e, bx"),
        (&["morale"], "the 5e2024 ruleset has no morale rule; rulesets with one: ose, 5e, bx"),
    ];
    for (args, says) in cases {
        let all = e2024(args);
        let err = fails(&refs(&all), 2);
        assert!(err.contains(says), "fray {all:?}:\n  {err}  should say: {says}");
    }
}
