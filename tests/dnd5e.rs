//! Tests of the dnd5e ruleset, end to end through the binary.

use crate::common::*;
use serde_json::{Value, json};

const GOBLIN_AMBUSH: &[&str] =
    &["-r", "5e", "surprise", "--stealth", "14", "Elf:per=16", "Fighter:per=12", "Wizard:per=10", "Halfling:per=14"];

// ------------------------------------------------------------------------------------------
// seed 004: surprise

#[test]
fn goblin_ambush_comes_out_as_seed_004_tells_it() {
    let doc = json(GOBLIN_AMBUSH);
    let verdicts: Vec<(String, bool, bool)> = doc["creatures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap().to_string(), c["surprised"] == true, c["borderline"] == true))
        .collect();
    let expected =
        [("Elf", false, false), ("Fighter", true, false), ("Wizard", true, false), ("Halfling", false, true)];
    assert_eq!(verdicts, expected.map(|(n, s, b)| (n.to_string(), s, b)));
    assert_eq!(doc["verdict"], "surprised");
    assert_eq!(doc["hiders"][0], json!({ "name": "monsters", "stealth": 14 }));
    // The halfling is the referee's call.
    assert_eq!(
        stdout(&with(&["-q"], GOBLIN_AMBUSH).iter().map(String::as_str).collect::<Vec<_>>()),
        "Fighter,Wizard\n"
    );
    let ruled = with(GOBLIN_AMBUSH, &["--stealth-ties", "surprised", "-q"]);
    assert_eq!(stdout(&refs(&ruled)), "Fighter,Wizard,Halfling\n");
}

#[test]
fn hiders_roll_their_stealth_keys_without_the_flags() {
    let cast = ["Elf:per=16", "Fighter:per=12", "Goblin*2:side=monsters,stealth=6"];
    let doc = json(&refs(&with(&["-r", "5e", "--seed", "2", "surprise"], &cast)));
    let hiders: Vec<(&str, i64)> = doc["hiders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["name"].as_str().unwrap(), h["modifier"].as_i64().unwrap()))
        .collect();
    assert_eq!(hiders, [("Goblin 1", 6), ("Goblin 2", 6)]);
    for h in doc["hiders"].as_array().unwrap() {
        assert_eq!(h["stealth"].as_i64().unwrap(), h["roll"]["total"].as_i64().unwrap() + 6, "{h}");
    }
    // The lowest of two d20 + 6 must beat 16: each does on 11–20, both 1/4.
    let entries = odds(&refs(&with(&["-r", "5e", "surprise"], &cast)));
    let elf: Vec<_> = entries.iter().filter(|e| e.0.as_deref() == Some("Elf")).collect();
    assert_eq!(
        (elf.last().unwrap().1.clone(), elf.last().unwrap().3.as_deref()),
        (json!({ "surprised": true, "borderline": false }), Some("1/4"))
    );
    // The flags replace the keys.
    let flagged = json(&refs(&with(&["-r", "5e", "surprise", "--stealth", "3"], &cast)));
    assert_eq!(flagged["hiders"], json!([{ "name": "monsters", "stealth": 3 }]));
    let err = fails(&["-r", "5e", "surprise", "Elf", "Goblin:side=monsters,stealth=6", "Boss:side=monsters"], 2);
    assert!(
        err.contains("'Boss' hides (side monsters) but has no stealth=N key") && err.contains("Boss:stealth=0"),
        "{err}"
    );
    // Nobody hides (PHB p.189): nobody is surprised.
    let doc = json(&["-r", "5e2024", "surprise", "Elf", "Goblin:side=monsters"]);
    assert_eq!(doc["verdict"], "nobody_hides", "{doc}");
    let err = fails(&["-r", "5e2024", "surprise", "--ambush", "monsters", "Elf", "Goblin:side=monsters"], 2);
    assert!(err.contains("or each hider's stealth=N key"), "{err}");
}

#[test]
fn goblin_ambush_text() {
    insta::assert_snapshot!("surprise_goblin_ambush", stdout(GOBLIN_AMBUSH));
}

#[test]
fn rolled_stealth_yaml_and_text() {
    let args = [
        "-r",
        "5e",
        "--seed",
        "7",
        "surprise",
        "--stealth-mod",
        "4",
        "--stealth-mod",
        "2",
        "Goblin*2:side=monsters",
        "Elf:per=16",
        "Rogue:alert,per=9",
        "Guard*3:per=12",
    ];
    insta::assert_snapshot!("surprise_rolled_text", stdout(&args));
    let yaml = with(&["-f", "yaml"], &args);
    insta::assert_snapshot!("surprise_rolled_yaml", stdout(&refs(&yaml)));
}

#[test]
fn both_sides_surprised() {
    let args = ["-r", "5e", "surprise", "--both-surprised", "Elf:alert", "Fighter", "Orc*2:side=monsters"];
    let doc = json(&args);
    assert_eq!(doc["verdict"], "both_sides_surprised");
    assert_eq!(doc["effect"], "everyone surprised loses the first round; who cannot be surprised acts in it");
    // Elf is Alert and acts in round 1, so the text does not say combat starts in round 2.
    // Lines wrap at the width: the words are compared, not the breaks.
    let text = flat(&stdout(&args));
    assert!(text.contains("loses the first round; only Elf acts in it (cannot be surprised)"), "{text}");
    assert!(!text.contains("round 2"), "{text}");
    let nobody_alert = flat(&stdout(&["-r", "5e", "surprise", "--both-surprised", "Fighter", "Orc:side=monsters"]));
    assert!(nobody_alert.contains("loses the first round; combat starts in round 2"), "{nobody_alert}");
    let surprised: Vec<bool> = doc["creatures"].as_array().unwrap().iter().map(|c| c["surprised"] == true).collect();
    assert_eq!(surprised, [false, true, true]);
    insta::assert_snapshot!("surprise_both_sides", stdout(&args));
}

#[test]
fn surprise_odds_are_certain_with_totals_and_fractions_with_rolls() {
    let entries = odds(GOBLIN_AMBUSH);
    let certain: Vec<(&str, &str)> =
        entries.iter().map(|(p, _, _, f)| (p.as_deref().unwrap(), f.as_deref().unwrap())).collect();
    assert_eq!(certain, [("Elf", "1"), ("Fighter", "1"), ("Wizard", "1"), ("Halfling", "1")]);
    assert_eq!(entries[1].1, json!({ "surprised": true, "borderline": false }));
    assert_eq!(entries[3].1, json!({ "surprised": false, "borderline": true }));
    // d20 + 4 against passive Perception 12: surprised on 9-20 (12/20), borderline on 8 (1/20).
    let entries = odds(&["-r", "5e", "surprise", "--stealth-mod", "4", "Elf:per=12"]);
    let fractions: Vec<&str> = entries.iter().map(|e| e.3.as_deref().unwrap()).collect();
    assert_eq!(fractions, ["7/20", "1/20", "3/5"]);
}

#[test]
fn surprise_odds_text() {
    let args = [
        "-r",
        "5e",
        "--odds",
        "surprise",
        "--stealth-mod",
        "3",
        "--stealth",
        "15",
        "Elf:per=16",
        "Fighter:per=12",
        "Rogue:alert",
    ];
    insta::assert_snapshot!("surprise_odds_text", stdout(&args));
}

/// Each creature's seeded results against its exact odds.
#[test]
fn rolled_stealth_fits_the_odds() {
    let base = [
        "-r",
        "5e",
        "surprise",
        "--stealth-mod",
        "2",
        "--stealth-mod",
        "5",
        "Elf:per=16",
        "Fighter:per=12",
        "Wizard:per=9",
    ];
    let entries = odds(&base);
    let runs = with(&["--seed", "2024", "-n", "4000"], &base);
    let docs = json_lines(&refs(&runs));
    assert_eq!(docs.len(), 4000);
    for (i, name) in ["Elf", "Fighter", "Wizard"].iter().enumerate() {
        let observed = count(&docs, |d| {
            let c = &d["creatures"][i];
            json!({ "surprised": c["surprised"], "borderline": c["borderline"] }).to_string()
        });
        assert_fits(name, &observed, &odds_of(&entries, Some(name)));
    }
}

// ------------------------------------------------------------------------------------------
// seed 002: initiative variants

const PARTY: &[&str] = &[
    "Rogue:dex=4,alert",
    "Fighter:dex=1,adv",
    "Cleric:dis",
    "Goblin*4:dex=2,side=monsters",
    "Bandit:dex=2,side=monsters",
];

fn initiative(variant: &str, seed: &str, more: &[&str]) -> Vec<String> {
    let mut args = with(&["-r", "5e", "--seed", seed, "initiative", "--variant", variant], more);
    args.extend(PARTY.iter().map(|s| s.to_string()));
    args
}

#[test]
fn standard_initiative_text_yaml_json() {
    let args = initiative("standard", "11", &[]);
    assert_formats!("initiative_standard", &refs(&args), ["text", "yaml", "json"]);
}

#[test]
fn standard_initiative_adds_the_modifiers_and_orders_by_total() {
    for seed in ["1", "2", "3", "4", "5"] {
        let doc = json(&refs(&initiative("standard", seed, &[])));
        let order = doc["order"].as_array().unwrap();
        assert_eq!(order.len(), 5, "a *COUNT group is one entry");
        for place in order {
            let modifiers: i64 =
                place["modifiers"].as_array().unwrap().iter().map(|m| m["value"].as_i64().unwrap()).sum();
            assert_eq!(place["total"].as_i64().unwrap(), place["d20"].as_i64().unwrap() + modifiers, "{place}");
            let rolls: Vec<i64> =
                place["rolls"].as_array().unwrap().iter().map(|r| r["total"].as_i64().unwrap()).collect();
            let kept = place["d20"].as_i64().unwrap();
            match place["name"].as_str().unwrap() {
                "Fighter" => assert_eq!(kept, *rolls.iter().max().unwrap()),
                "Cleric" => assert_eq!(kept, *rolls.iter().min().unwrap()),
                "Rogue" => assert!(place["modifiers"].to_string().contains("Alert")),
                _ => assert_eq!(rolls.len(), 1),
            }
        }
        let totals: Vec<i64> = order.iter().map(|p| p["total"].as_i64().unwrap()).collect();
        assert!(totals.windows(2).all(|w| w[0] >= w[1]), "{totals:?}");
        for w in order.windows(2) {
            if w[0]["total"] == w[1]["total"] {
                assert!(w[0]["dex"].as_i64() >= w[1]["dex"].as_i64(), "higher Dex first on a tie");
            }
        }
    }
}

#[test]
fn score_side_and_speed_text() {
    insta::assert_snapshot!("initiative_score_text", stdout(&refs(&initiative("score", "3", &[]))));
    let side = [
        "-r",
        "5e",
        "--seed",
        "9",
        "initiative",
        "--variant",
        "side",
        "--side",
        "party",
        "--side",
        "orcs",
        "--side",
        "wolves",
        "Elf",
        "Fighter",
        "Orc*3:side=orcs",
    ];
    insta::assert_snapshot!("initiative_side_text", stdout(&side));
    let speed = [
        "-r",
        "5e",
        "--seed",
        "2",
        "initiative",
        "--variant",
        "speed",
        "--rounds",
        "2",
        "Paladin:action=spell:2+light",
        "Rogue:dex=4,action=light+light",
        "Ogre:dex=-1,size=large,action=heavy+two-handed,side=monsters",
        "Sprite:size=tiny,action=spell:1+spell:3,side=monsters",
    ];
    insta::assert_snapshot!("initiative_speed_text", stdout(&speed));
    insta::assert_snapshot!("initiative_speed_json", stdout(&refs(&with(&["-f", "json"], &speed))));
}

#[test]
fn score_is_ten_plus_modifier_and_passive_advantage_is_five() {
    let doc = json(&[
        "-r",
        "5e",
        "initiative",
        "--variant",
        "score",
        "A:dex=3",
        "B:init=1,adv",
        "C:dex=2,dis",
        "D:dex=1,alert",
    ]);
    let totals: Vec<(String, i64)> = doc["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["name"].as_str().unwrap().into(), p["total"].as_i64().unwrap()))
        .collect();
    let expected = [("D", 16), ("B", 16), ("A", 13), ("C", 7)];
    assert_eq!(totals, expected.map(|(n, t)| (n.to_string(), t)), "D before B: Dex +1 beats +0 on the tie");
    assert!(doc["order"][0].get("rolls").is_none(), "an initiative score rolls nothing");
    assert_eq!(doc["ties"][0]["by"], serde_json::json!(["dex"]));
}

#[test]
fn seed_002_paladin_rogue_and_two_handed_heavy() {
    let doc = json(&[
        "-r",
        "5e",
        "initiative",
        "--variant",
        "speed",
        "Paladin:action=spell:2+light",
        "Rogue:action=light+light",
        "Barbarian:action=heavy+two-handed",
    ]);
    for place in doc["order"].as_array().unwrap() {
        let action = &place["action"];
        let net: i64 = action["modifiers"].as_array().unwrap().iter().map(|m| m["value"].as_i64().unwrap()).sum();
        let (expected, ignored) = match place["name"].as_str().unwrap() {
            "Paladin" => (0, 0),
            "Rogue" => (2, 1),
            _ => (-4, 0),
        };
        assert_eq!(net, expected, "{place}");
        assert_eq!(action["ignored"].as_array().map_or(0, |a| a.len()), ignored, "{place}");
        assert_eq!(place["total"].as_i64().unwrap(), place["d20"].as_i64().unwrap() + net);
    }
}

#[test]
fn every_size_row_through_the_command_line() {
    for (size, modifier) in [("tiny", 5), ("small", 2), ("medium", 0), ("large", -2), ("huge", -5), ("gargantuan", -8)]
    {
        let spec = format!("It:size={size}");
        let doc = json(&["-r", "5e", "--seed", "1", "initiative", "--variant", "speed", &spec]);
        let place = &doc["order"][0];
        assert_eq!(place["total"].as_i64().unwrap() - place["d20"].as_i64().unwrap(), modifier, "{size}");
    }
}

#[test]
fn speed_factor_rolls_every_round() {
    let doc = json(&[
        "-r",
        "5e",
        "--seed",
        "5",
        "initiative",
        "--variant",
        "speed",
        "--rounds",
        "4",
        "A:action=loading",
        "B",
    ]);
    let rounds = doc["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 4);
    assert_eq!(doc["order"], rounds[0]["order"]);
    let d20s: Vec<i64> = rounds.iter().map(|r| r["order"][0]["d20"].as_i64().unwrap()).collect();
    assert!(d20s.windows(2).any(|w| w[0] != w[1]), "re-rolled: {d20s:?}");
    let q = stdout(&[
        "-r",
        "5e",
        "--seed",
        "5",
        "-q",
        "initiative",
        "--variant",
        "speed",
        "--rounds",
        "4",
        "A:action=loading",
        "B",
    ]);
    // -q gives the first round's order.
    let first: Vec<&str> = rounds[0]["order"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(q, format!("{}\n", first.join(",")));
}

#[test]
fn a_total_rolled_at_the_table_stands_as_given() {
    let cast = ["Rogue:dex=4,initiative=17", "Elf:dex=3"];
    let args = with(&["-r", "5e", "--seed", "3", "initiative"], &cast);
    let doc = json(&refs(&args));
    let rogue = doc["order"].as_array().unwrap().iter().find(|p| p["name"] == "Rogue").unwrap().clone();
    assert_eq!(rogue, json!({ "place": 1, "name": "Rogue", "total": 17, "side": "party", "dex": 4, "given": true }));
    assert!(doc["order"][1].get("given").is_none(), "a rolled total is not marked given");
    assert!(
        stdout(&with(&["--color", "never"], &refs(&args)).iter().map(String::as_str).collect::<Vec<_>>())
            .contains("1. Rogue  17  given\n")
    );
    // Against d20 + 3, Elf beats 17 on 15–20 and ties it on 14, where Rogue's Dex +4 wins.
    let entries = odds(&with(&["-r", "5e", "initiative"], &cast).iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(entries[0].1, json!("Rogue"));
    assert_eq!(entries[0].3.as_deref(), Some("7/10"));
    // An initiative score rolls nothing either; the given total stands in place of 10 + Dex.
    let score =
        json(&refs(&with(&["-r", "5e", "initiative", "--variant", "score"], &["Rogue:dex=4,initiative=3", "Elf"])));
    assert_eq!((score["order"][1]["name"].as_str(), score["order"][1]["total"].as_i64()), (Some("Rogue"), Some(3)));
    assert!(score["order"][1].get("base").is_none(), "{score}");
    // The encounter keeps it too.
    let encounter =
        json(&["-r", "5e", "--seed", "5", "encounter", "--stealth", "3", "Rogue:initiative=9", "Orc:side=monsters"]);
    let place =
        encounter["initiative"]["order"].as_array().unwrap().iter().find(|p| p["name"] == "Rogue").unwrap().clone();
    assert_eq!((place["total"].as_i64(), place["given"].as_bool()), (Some(9), Some(true)));
    for (variant, why) in [("side", "each side rolls one d20"), ("speed", "rolled anew every round")] {
        let err = fails(&["-r", "5e", "initiative", "--variant", variant, "Rogue:initiative=9"], 2);
        assert!(err.contains("key 'initiative' (a total already rolled)") && err.contains(why), "{err}");
    }
}

#[test]
fn initiative_odds_by_hand() {
    // Advantage against a plain d20: 533/800 (see the unit tests for the sum).
    let entries = odds(&["-r", "5e", "initiative", "A:adv", "B"]);
    let first = odds_of(&entries, Some("first"));
    assert_eq!(entries[0].3.as_deref(), Some("533/800"));
    assert_eq!(first.len(), 2);
    assert_eq!(odds_of(&entries, Some("order")).len(), 2);
    // Three sides, plain d20s, ties re-rolled: every order 1/6.
    let entries = odds(&["-r", "5e", "initiative", "--variant", "side", "--side", "a", "--side", "b", "--side", "c"]);
    let orders: Vec<&str> =
        entries.iter().filter(|e| e.0.as_deref() == Some("order")).map(|e| e.3.as_deref().unwrap()).collect();
    assert_eq!(orders, ["1/6"; 6]);
    // More than three entries: who acts first, then each one's place instead of every order.
    let entries = odds(&["-r", "5e", "initiative", "A", "B", "C", "D:alert"]);
    let parts: std::collections::BTreeSet<&str> = entries.iter().filter_map(|e| e.0.as_deref()).collect();
    assert_eq!(parts, ["first", "place: A", "place: B", "place: C", "place: D"].into());
    // A, B and C are alike: each first with the same chance, and D (+5) first more often.
    let first = odds_of(&entries, Some("first"));
    assert_eq!(first["\"A\""], first["\"C\""]);
    assert!(first["\"D\""] > 2.0 * first["\"A\""]);
    let d = odds_of(&entries, Some("place: D"));
    assert_eq!(d["1"], first["\"D\""]);
    assert_eq!(d.len(), 4);
}

#[test]
fn initiative_odds_text() {
    let args = ["-r", "5e", "--odds", "initiative", "Rogue:dex=4", "Fighter:adv,dex=1", "Goblin*4:dex=2,side=monsters"];
    insta::assert_snapshot!("initiative_odds_text", stdout(&args));
}

/// Seeded orders against the exact odds: advantage, disadvantage, Alert and a Dex tie-break.
#[test]
fn advantage_orders_fit_the_odds() {
    let base = ["-r", "5e", "initiative", "A:adv", "B:dis,dex=1", "C:init=2"];
    let entries = odds(&base);
    let docs = json_lines(&refs(&with(&["--seed", "77", "-n", "6000"], &base)));
    let observed = count(&docs, |d| {
        let names: Vec<&str> = d["order"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
        json!(names).to_string()
    });
    assert_fits("order", &observed, &odds_of(&entries, Some("order")));
}

#[test]
fn speed_factor_first_place_fits_the_odds() {
    let base = [
        "-r",
        "5e",
        "initiative",
        "--variant",
        "speed",
        "A:action=heavy",
        "B:size=small",
        "C:dex=2,action=loading",
        "D:action=light",
    ];
    let entries = odds(&base);
    let docs = json_lines(&refs(&with(&["--seed", "3", "-n", "4000"], &base)));
    let observed = count(&docs, |d| d["order"][0]["name"].to_string());
    assert_fits("first", &observed, &odds_of(&entries, Some("first")));
}

// ------------------------------------------------------------------------------------------
// Encounter

const ENCOUNTER: &[&str] = &[
    "-r",
    "5e",
    "--seed",
    "4",
    "encounter",
    "--stealth",
    "14",
    "Elf:per=16,dex=3",
    "Fighter:per=12,dex=1",
    "Wizard:per=10",
    "Halfling:per=14,dex=3",
    "Goblin*4:side=monsters,dex=2",
];

#[test]
fn encounter_text_yaml_json() {
    assert_formats!("encounter", ENCOUNTER, ["text", "yaml", "json", "quiet"]);
}

#[test]
fn encounter_marks_the_surprised_in_the_order() {
    for seed in ["1", "2", "3"] {
        let mut args = ENCOUNTER.to_vec();
        args[3] = seed;
        let doc = json(&args);
        let order = doc["initiative"]["order"].as_array().unwrap();
        assert_eq!(order.len(), 5, "the hiders roll initiative too");
        for place in order {
            let surprised = matches!(place["name"].as_str().unwrap(), "Fighter" | "Wizard");
            assert_eq!(place["surprised"], surprised, "{place}");
            assert_eq!(place["loses_first_turn"], surprised, "{place}");
        }
        let first = order.iter().find(|p| p["surprised"] == false).unwrap();
        assert_eq!(doc["first_to_act"], first["name"]);
    }
}

#[test]
fn encounter_with_side_initiative_marks_members() {
    let mut args = ENCOUNTER.to_vec();
    args.extend(["--variant", "side"]);
    let doc = json(&args);
    let party = doc["initiative"]["order"].as_array().unwrap().iter().find(|p| p["name"] == "party").unwrap().clone();
    let members: Vec<(String, bool)> = party["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["name"].as_str().unwrap().to_string(), m["loses_first_turn"] == true))
        .collect();
    assert_eq!(members[1], ("Fighter".to_string(), true));
    assert_eq!(members[0], ("Elf".to_string(), false));
    insta::assert_snapshot!("encounter_side_text", stdout(&args));
}

#[test]
fn encounter_odds_have_every_step_as_parts() {
    let mut args: Vec<&str> = ENCOUNTER.to_vec();
    args[5] = "--stealth-mod";
    args[6] = "3";
    args.insert(4, "--odds");
    let text = stdout(&args);
    insta::assert_snapshot!("encounter_odds_text", text);
    args.remove(4);
    let entries = odds(&args);
    for part in ["Elf", "Fighter", "Wizard", "Halfling", "first", "first to act"] {
        let total: f64 = odds_of(&entries, Some(part)).values().sum();
        assert!((total - 1.0).abs() < 1e-9, "{part}: {total}");
    }
    assert!(odds_of(&entries, Some("Goblin")).is_empty(), "hiders are not checked");
}

/// Who acts first once the surprised lose their turn, seeded against the exact odds.
#[test]
fn first_to_act_fits_the_odds() {
    let base = [
        "-r",
        "5e",
        "encounter",
        "--stealth-mod",
        "2",
        "Elf:per=14,dex=3",
        "Fighter:per=12,dex=1",
        "Goblin*3:side=monsters,dex=2",
    ];
    let entries = odds(&base);
    let docs = json_lines(&refs(&with(&["--seed", "99", "-n", "4000"], &base)));
    let observed = count(&docs, |d| d["first_to_act"].to_string());
    assert_fits("first to act", &observed, &odds_of(&entries, Some("first to act")));
}

// ------------------------------------------------------------------------------------------
// Rosters and errors

#[test]
fn the_roster_example_runs() {
    let template = stdout(&["-r", "5e", "encounter", "--roster-example"]);
    assert!(template.contains("action: spell:2+light"), "{template}");
    let args = ["-r", "5e", "--seed", "1", "encounter", "--stealth", "12", "--variant", "speed", "--roster", "-"];
    let doc = json_with_stdin(&args, template);
    assert_eq!(doc["initiative"]["order"].as_array().unwrap().len(), 4);
}

#[test]
fn errors_name_the_flag_or_key_and_what_is_allowed() {
    let cases: &[(&[&str], i32, &str)] = &[
        (
            &["surprise", "--ambush", "monsters", "Elf:per=16"],
            2,
            "5e surprise needs the hiders' Stealth: --stealth N (a total), --stealth-mod N",
        ),
        (
            &["surprise", "--stealth", "14"],
            2,
            "no creature to check for surprise; name the creatures that may be surprised, e.g.",
        ),
        (&["surprise", "--stealth", "14", "Orc:side=monsters"], 2, "every combatant is on the hiding side (monsters)"),
        (&["surprise", "--both-surprised"], 2, "no creature to check for surprise"),
        (&["surprise", "--both-surprised", "--stealth", "3", "Elf"], 2, "--both-surprised takes no --stealth"),
        (&["surprise", "--both-surprised", "--ambush", "Elf"], 2, "--both-surprised takes no --ambush"),
        (&["surprise", "--stealth", "61", "Elf"], 2, "--stealth 61 is out of range; allowed: -20 to 60"),
        (&["surprise", "--stealth-mod", "31", "Elf"], 2, "--stealth-mod 31 is out of range; allowed: -10 to 30"),
        (
            &["surprise", "--stealth", "3", "--ambush", "orcs", "Elf"],
            2,
            "--ambush names 'orcs', which is not a side; sides: party",
        ),
        (
            &["surprise", "--stealth", "3", "--aware", "party", "Elf"],
            2,
            "--aware is not an option of 5e surprise; it belongs to ose, bx surprise",
        ),
        (
            &["surprise", "--stealth", "3", "Elf:per=41"],
            2,
            "key 'per' is 41, out of range; allowed: a whole number from 1 to 40",
        ),
        (
            &["surprise", "--stealth", "3", "Elf:wits=2"],
            2,
            "unknown combatant key 'wits' for the 5e ruleset; did you mean 'wis'? allowed: dex, init, per, speed, con, stealth, str, wis, cha, ranger, survival, alert, adv, dis, size, action, dex-score, initiative, hp, ac, save-con, side, count",
        ),
        (
            &["initiative", "Ogre:size=colossal"],
            2,
            "key 'size' has 'colossal'; allowed: one of tiny, small, medium, large, huge, gargantuan",
        ),
        (
            &["initiative", "--variant", "speed", "Ogre:action=slash"],
            2,
            "key 'action': unknown action 'slash'; write spell:LEVEL (0-9), heavy, light",
        ),
        (&["initiative", "--variant", "speed", "Ogre:action=light+"], 2, "key 'action': 'light+' has an empty part"),
        (&["initiative", "--variant", "speed", "Mage:action=spell:12"], 2, "'spell:12' is not a spell level"),
        (&["initiative", "Ogre:action=heavy"], 2, "'Ogre': key 'action' is for --variant speed"),
        (
            &["initiative", "--variant", "side", "Rogue:adv"],
            2,
            "'Rogue': key 'adv' has no effect with --variant side: no side's roll takes a modifier",
        ),
        (&["initiative", "--rounds", "3", "Rogue"], 2, "--rounds is for --variant speed"),
        (&["initiative"], 2, "standard initiative needs combatants; e.g. fray -r 5e initiative Rogue:dex=4"),
        (&["initiative", "--variant", "bogus", "A"], 2, "invalid value 'bogus' for '--variant <VARIANT>'"),
        (
            &["initiative", "--ties", "reroll", "A"],
            2,
            "--ties is not an option of 5e initiative; it belongs to ose, bx initiative",
        ),
        (&["encounter", "--ambush", "monsters", "Elf"], 2, "5e surprise needs the hiders' Stealth"),
        (&["reaction", "--attitude", "wary"], 2, "invalid value 'wary' for '--attitude <ATTITUDE>'"),
        (
            &["reaction", "--cha", "13"],
            2,
            "--cha is not an option of 5e reaction; it belongs to ose, bx reaction; 5e reaction takes --cha-mod, --mod, --attitude",
        ),
        (&["morale", "--ml", "7"], 2, "--ml is not an option of 5e morale; it belongs to ose, bx morale"),
        (&["wandering", "--chance", "21"], 2, "--chance is 21, out of range; allowed: a whole number from 0 to 20"),
        (&["distance"], 2, "5e distance needs --terrain TERRAIN (or --audible quiet|normal|loud)"),
        (&["pursue"], 2, "5e pursue needs combatants: the quarry and its pursuers"),
    ];
    for (args, code, says) in cases {
        let all = with(&["-r", "5e"], args);
        let err = fails(&refs(&all), *code);
        assert!(err.contains(says), "fray {all:?}:\n  {err}  should say: {says}");
    }
}

#[test]
fn large_casts_stay_exact_then_fall_back_to_a_labelled_estimate() {
    let cast = |n: usize| -> Vec<String> { (1..=n).map(|i| format!("C{i}:dex={}", i % 3)).collect() };
    let thirty = cast(30);
    let args = with(&["-r", "5e", "--odds", "-f", "json", "initiative"], &refs(&thirty));
    let doc: Value = serde_json::from_str(&stdout(&refs(&args))).unwrap();
    assert_eq!(doc["exact"], true);
    let odds = doc["odds"].as_array().unwrap();
    let first: Vec<&Value> = odds.iter().filter(|e| e["part"] == "first").collect();
    let total: f64 = first.iter().map(|e| e["probability"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    // C1 has Dex +1, C2 +2, C3 +0 (and so on): the same Dex, the same exact chance.
    assert_eq!(first[2]["fraction"], first[5]["fraction"]);
    let p = |k: usize| first[k]["probability"].as_f64().unwrap();
    assert!(p(1) > p(0) && p(0) > p(2), "a higher Dex adds to the roll and wins ties");
    // Each of the thirty has a place part of thirty places.
    let places = odds.iter().filter(|e| e["part"] == "place: C7").count();
    assert_eq!(places, 30);
    // A hundred and fifty: still exact, who acts first only, and a note says why.
    let args = with(&["-r", "5e", "--odds", "initiative"], &refs(&cast(150)));
    let text = stdout(&refs(&args));
    assert!(text.contains("exact odds") && text.contains("C150 first"), "{text}");
    assert!(text.contains("too many contenders to list each one's place"), "{text}");
    // Three thousand: fractions of thousands of digits; estimated, and said so.
    let args = with(&["-r", "5e", "--seed", "1", "--odds", "-f", "json", "initiative"], &refs(&cast(3000)));
    let doc: Value = serde_json::from_str(&stdout(&refs(&args))).unwrap();
    assert_eq!(doc["exact"], false);
    assert!(doc["trials"].as_u64().unwrap() >= 20);
    assert!(doc["odds"][0]["margin"].as_f64().is_some());
}

#[test]
fn colour_text() {
    let out = Fray::new().args(["--color", "always"]).args(GOBLIN_AMBUSH).run();
    assert!(out.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\u{1b}["), "coloured");
    insta::assert_snapshot!("surprise_goblin_ambush_colour", text);
}

// ------------------------------------------------------------------------------------------
// Ties by the Dexterity score (DMG: the higher Dexterity score acts first)

#[test]
fn ties_go_to_the_higher_dex_score_when_given() {
    for seed in ["1", "2", "3", "4", "5"] {
        let d = json(&[
            "--seed",
            seed,
            "-r",
            "5e",
            "initiative",
            "--variant",
            "score",
            "A:dex=1,dex-score=12",
            "B:dex=1,dex-score=13",
        ]);
        assert_eq!(d["order"][0]["name"], "B", "seed {seed}: score 13 beats 12 at the same modifier");
        assert_eq!(d["ties"][0]["by"], serde_json::json!(["dex"]), "{d}");
    }
    // Without scores the same tie is a roll-off, so either may act first.
    let firsts: std::collections::BTreeSet<String> = (1..=12)
        .map(|seed| {
            let seed = seed.to_string();
            let d = json(&["--seed", &seed, "-r", "5e", "initiative", "--variant", "score", "A:dex=1", "B:dex=1"]);
            d["order"][0]["name"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(firsts.len(), 2, "{firsts:?}");
    // The modifier still comes first, and a creature without a score counts as the middle of its
    // modifier's scores: 12.5 for +1, so 13 beats it and 12 does not.
    let d = json(&[
        "--seed",
        "1",
        "-r",
        "5e",
        "initiative",
        "--variant",
        "score",
        "A:dex=1,dex-score=13",
        "B:init=3,dex=2",
    ]);
    assert_eq!(d["order"][0]["name"], "B", "{d}");
    let d = json(&["--seed", "1", "-r", "5e", "initiative", "--variant", "score", "A:dex=1", "B:dex=1,dex-score=13"]);
    assert_eq!(d["order"][0]["name"], "B", "{d}");
    let d = json(&["--seed", "1", "-r", "5e", "initiative", "--variant", "score", "A:dex=1", "B:dex=1,dex-score=12"]);
    assert_eq!(d["order"][0]["name"], "A", "{d}");
    // The odds agree: the higher score acts first for certain.
    let entries =
        odds(&["-r", "5e", "initiative", "A:dex=1,dex-score=12", "B:dex=1,dex-score=13", "--variant", "score"]);
    let first: Vec<_> = entries.iter().filter(|e| e.0.as_deref() == Some("first")).collect();
    assert_eq!(first.len(), 1, "{entries:?}");
    assert_eq!((first[0].1.as_str(), first[0].3.as_deref()), (Some("B"), Some("1")), "{entries:?}");
}
