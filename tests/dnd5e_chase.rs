//! Chases in 5e and 5e2024 (`pursue`), end to end through the binary: the JSON shape, the text,
//! replay by seed, the rules as the documents show them, the odds against seeded runs, and
//! every error.

use crate::common::*;
use serde_json::Value;

/// A rogue with a head start and two guards, the example of the issue.
const CHASE: &[&str] = &[
    "pursue",
    "--gap",
    "30",
    "--sight",
    "60",
    "Rogue:speed=35,con=1,stealth=7,dex=4",
    "Guard*2:side=monsters,per=12",
    "--fleeing",
    "party",
    "--complications",
    "urban",
];

/// `-r ID PRE… ARGS…`, as owned words.
fn line(id: &str, pre: &[&str], args: &[&str]) -> Vec<String> {
    ["-r", id].iter().chain(pre).chain(args).map(|s| s.to_string()).collect()
}

/// The JSON document of `fray -r ID PRE… ARGS…`.
fn doc(id: &str, pre: &[&str], args: &[&str]) -> Value {
    json(&refs(&line(id, pre, args)))
}

/// The text of `fray -r ID PRE… ARGS…`.
fn text_of(id: &str, pre: &[&str], args: &[&str]) -> String {
    stdout(&refs(&line(id, pre, args)))
}

fn array(v: &Value) -> &Vec<Value> {
    v.as_array().unwrap_or_else(|| panic!("an array: {v}"))
}

/// The keys of a JSON object, in order.
fn keys(v: &Value) -> Vec<&str> {
    v.as_object().unwrap_or_else(|| panic!("an object: {v}")).keys().map(String::as_str).collect()
}

fn has_all(v: &Value, wanted: &[&str]) {
    let got = keys(v);
    for key in wanted {
        assert!(got.contains(key), "{key} missing from {v}");
    }
}

/// Every turn of every round of a document.
fn turns(doc: &Value) -> Vec<&Value> {
    array(&doc["rounds"]).iter().flat_map(|r| array(&r["turns"])).collect()
}

// ------------------------------------------------------------------------------------------
// The document

/// The pinned fields: `rounds: [{round, turns: [{name, moved, dashed, dash_check?: {roll, total,
/// dc, success}, exhaustion, position, complication?: {roll, entry?, target?, check?,
/// effect?}}], escape?: [{name, roll, total, against, escaped}]}]`, `outcome`, `round`.
#[test]
fn the_json_document_has_the_pinned_fields() {
    let mut seen = (0, 0, 0, 0, 0);
    for id in ["5e", "5e2024"] {
        for seed in 1..=12 {
            let doc = doc(id, &["--seed", &seed.to_string()], CHASE);
            assert_eq!((doc["command"].as_str(), doc["rules"].as_str()), (Some("pursue"), Some(id)));
            has_all(
                &doc,
                &["participants", "initiative", "start_gap", "sight", "rounds", "outcome", "round", "quarry"],
            );
            let outcome = doc["outcome"].as_str().unwrap();
            assert!(["caught", "escaped", "gave_up", "running"].contains(&outcome), "{outcome}");
            let rounds = array(&doc["rounds"]);
            assert_eq!(doc["round"].as_u64(), rounds.last().map(|r| r["round"].as_u64().unwrap()).or(Some(0)));
            for (k, round) in rounds.iter().enumerate() {
                assert_eq!(round["round"].as_u64(), Some(k as u64 + 1));
                for turn in array(&round["turns"]) {
                    has_all(turn, &["name", "moved", "dashed", "exhaustion", "position"]);
                    assert!(turn["moved"].is_u64() && turn["dashed"].is_boolean() && turn["position"].is_i64());
                    if let Some(check) = turn.get("dash_check") {
                        has_all(check, &["roll", "total", "dc", "success"]);
                        assert_eq!(check["dc"], 10);
                        assert_eq!(check["kind"], if id == "5e" { "check" } else { "save" });
                        seen.0 += 1;
                    }
                    if let Some(c) = turn.get("complication") {
                        has_all(c, &["roll"]);
                        assert_eq!(c["roll"]["dice"], if id == "5e" { "1d20" } else { "1d12" });
                        if c.get("entry").is_some() {
                            seen.1 += 1;
                            if let Some(check) = c.get("check") {
                                has_all(check, &["kind", "ability", "roll", "total", "dc", "success"]);
                            }
                            if c.get("effect").is_some() {
                                seen.2 += 1;
                            }
                        }
                    }
                }
                for e in round.get("escape").map(array).into_iter().flatten() {
                    has_all(e, &["name", "roll", "total", "against", "escaped"]);
                    assert_eq!(e["against"], 12);
                    seen.3 += 1;
                }
            }
            let quarry = array(&doc["quarry"]);
            assert_eq!(quarry.len(), 1);
            has_all(&quarry[0], &["name", "fate"]);
            seen.4 += usize::from(outcome == "caught");
        }
    }
    // The seeds meet every part: rolls to Dash, complications and their effects, escapes, catches.
    assert!(seen.0 > 0 && seen.1 > 0 && seen.2 > 0 && seen.3 > 0 && seen.4 > 0, "{seen:?}");
}

#[test]
fn participants_show_their_free_dashes_and_role() {
    let args = ["pursue", "Thief:con=-3,speed=40", "Guard*2:side=monsters,con=2"];
    for (id, thief, guard) in [("5e", 0, 5), ("5e2024", 1, 5)] {
        let doc = doc(id, &["--seed", "1"], &args);
        let who: Vec<(String, String, u64, u64)> = array(&doc["participants"])
            .iter()
            .map(|p| {
                (
                    p["name"].as_str().unwrap().to_string(),
                    p["role"].as_str().unwrap().to_string(),
                    p["speed"].as_u64().unwrap(),
                    p["free_dashes"].as_u64().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            who,
            [
                ("Thief".into(), "quarry".into(), 40, thief),
                ("Guard 1".into(), "pursuer".into(), 30, guard),
                ("Guard 2".into(), "pursuer".into(), 30, guard),
            ],
            "{id}"
        );
        // Without --gap or --terrain the chase starts 30 ft apart.
        assert_eq!(doc["start_gap"], 30);
    }
}

#[test]
fn the_same_seed_replays_the_same_chase() {
    for id in ["5e", "5e2024"] {
        for format in ["text", "json", "yaml"] {
            let args = line(id, &["--seed", "42", "-f", format], CHASE);
            assert_eq!(stdout(&refs(&args)), stdout(&refs(&args)), "{id} {format}");
        }
        let runs = json_lines(&refs(&line(id, &["--seed", "5", "-n", "20"], CHASE)));
        let distinct: std::collections::BTreeSet<String> = runs.iter().map(|d| d["rounds"].to_string()).collect();
        assert!(distinct.len() > 10, "{id}: twenty runs of a stream differ");
        // Run n of a stream is the n-th document of the same seed's stream.
        let again = json_lines(&refs(&line(id, &["--seed", "5", "-n", "3"], CHASE)));
        assert_eq!(again[2]["rounds"], runs[2]["rounds"]);
    }
}

#[test]
fn a_terrain_rolls_the_starting_gap() {
    for (id, terrain) in [("5e", "forest"), ("5e2024", "mountain")] {
        for seed in ["1", "2", "3"] {
            let doc = doc(id, &["--seed", seed], &["pursue", "--terrain", terrain, "Rogue", "Orc:side=monsters"]);
            assert_eq!(doc["start"]["terrain"], terrain);
            assert_eq!(doc["start_gap"], doc["start"]["feet"]);
            let quarry_start = doc["start_gap"].as_i64().unwrap();
            let rogue = turns(&doc).into_iter().find(|t| t["name"] == "Rogue");
            if let Some(rogue) = rogue {
                assert_eq!(rogue["position"].as_i64().unwrap(), quarry_start + rogue["moved"].as_i64().unwrap());
            }
        }
    }
}

/// Positions along the line: a quarry moves on from the gap, a pursuer from 0, each by what it
/// moved; with no complications every move is a full Dash, twice the Speed, until a pursuer
/// stops at the quarry it catches.
#[test]
fn positions_follow_the_dashes() {
    for seed in 1..=20 {
        let args = ["pursue", "--gap", "45", "--sight", "80", "Rogue:speed=35,stealth=5", "Orc:side=monsters,speed=40"];
        let doc = doc("5e", &["--seed", &seed.to_string()], &args);
        let mut at = std::collections::BTreeMap::from([("Rogue".to_string(), 45i64), ("Orc".to_string(), 0)]);
        for turn in turns(&doc) {
            let name = turn["name"].as_str().unwrap().to_string();
            let moved = turn["moved"].as_i64().unwrap();
            let speed = turn["speed"].as_i64().unwrap();
            let full = moved == 2 * speed;
            assert!(full || turn.get("caught").is_some(), "seed {seed}: {turn}");
            *at.get_mut(&name).unwrap() += moved;
            assert_eq!(turn["position"].as_i64().unwrap(), at[&name], "seed {seed}: {turn}");
        }
    }
}

/// Exhaustion as each edition has it, as the documents show it: 2014 halves the Speed from
/// level 2; 2024 takes 5 ft a level.
#[test]
fn exhaustion_slows_the_runners_in_the_documents() {
    let mut met = (false, false);
    for seed in 1..=15 {
        for id in ["5e", "5e2024"] {
            let args = ["pursue", "--rounds", "12", "Hare:speed=40,con=-2", "Hound:side=monsters,speed=40,con=-2"];
            let doc = doc(id, &["--seed", &seed.to_string()], &args);
            let mut level = std::collections::BTreeMap::<String, u64>::new();
            for turn in turns(&doc) {
                let name = turn["name"].as_str().unwrap().to_string();
                let before = *level.get(&name).unwrap_or(&0);
                let speed = turn["speed"].as_u64().unwrap();
                let expected = match id {
                    "5e" if before >= 2 => 20,
                    "5e" => 40,
                    _ => 40 - 5 * before,
                };
                assert_eq!(speed, expected, "{id} seed {seed}: {turn}");
                if before >= 2 {
                    if id == "5e" { met.0 = true } else { met.1 = true }
                }
                level.insert(name, turn["exhaustion"].as_u64().unwrap());
            }
        }
    }
    assert!(met.0 && met.1, "the seeds reach exhaustion 2 in both editions");
}

#[test]
fn escape_rolls_are_made_only_out_of_sight_and_succeed_only_above() {
    let mut rolled = 0;
    for seed in 1..=30 {
        let args = ["pursue", "--gap", "50", "--sight", "60", "Rogue:speed=40,stealth=3", "Guard:side=monsters,per=13"];
        let doc = doc("5e2024", &["--seed", &seed.to_string()], &args);
        for round in array(&doc["rounds"]) {
            for e in round.get("escape").map(array).into_iter().flatten() {
                assert!(e["distance"].as_i64().unwrap() > 60, "{e}");
                assert_eq!(e["escaped"].as_bool().unwrap(), e["total"].as_i64().unwrap() > 13, "{e}");
                rolled += 1;
            }
            for g in round.get("gaps").map(array).into_iter().flatten() {
                let rolled_here = round.get("escape").is_some_and(|e| array(e).iter().any(|e| e["name"] == g["name"]));
                assert!(rolled_here || g["gap"].as_i64().unwrap() <= 60, "in sight: {round}");
            }
        }
        if doc["outcome"] == "escaped" {
            let last = array(&doc["rounds"]).last().unwrap();
            assert!(array(&last["escape"]).iter().any(|e| e["escaped"] == true));
        }
    }
    assert!(rolled > 10, "{rolled} rolls to slip away");
    // Without --sight nobody is ever out of sight.
    let doc = doc("5e", &["--seed", "1"], &["pursue", "--rounds", "20", "Hare:speed=60,con=10", "Hound:side=monsters"]);
    assert!(array(&doc["rounds"]).iter().all(|r| r.get("escape").is_none()), "{doc}");
}

#[test]
fn every_quarry_has_its_fate() {
    let args = [
        "pursue",
        "--gap",
        "20",
        "--sight",
        "30",
        "A:speed=30",
        "B:speed=40,stealth=6",
        "Wolf*2:side=monsters,speed=40",
    ];
    let mut fates = std::collections::BTreeSet::new();
    for seed in 1..=30 {
        let doc = doc("5e", &["--seed", &seed.to_string()], &args);
        let quarry = array(&doc["quarry"]);
        assert_eq!(quarry.len(), 2);
        let words: Vec<&str> = quarry.iter().map(|q| q["fate"].as_str().unwrap()).collect();
        fates.extend(words.iter().map(|w| w.to_string()));
        // The outcome summarises them once the chase is over: caught if any was caught, escaped
        // if all got away; while one still runs, the chase is running.
        let any_caught = words.contains(&"caught");
        match doc["outcome"].as_str().unwrap() {
            "caught" => assert!(any_caught, "{words:?}"),
            "escaped" => assert!(words.iter().all(|w| *w == "escaped"), "{words:?}"),
            "running" => assert!(words.contains(&"running"), "{words:?}"),
            other => panic!("{other}: {words:?}"),
        }
    }
    assert!(fates.contains("caught") && fates.contains("escaped"), "{fates:?}");
}

#[test]
fn the_pursuers_can_give_up_and_a_chase_can_run_out_of_rounds() {
    // Hounds with no free Dash and a poor Constitution, after a hare that never tires.
    let args =
        ["pursue", "--gap", "200", "--rounds", "20", "Hare:speed=30,con=10", "Hound*2:side=monsters,speed=30,con=-5"];
    let docs = json_lines(&refs(&line("5e", &["--seed", "3", "-n", "10"], &args)));
    assert!(docs.iter().all(|d| d["outcome"] == "gave_up"), "every run");
    for doc in &docs {
        let dropped: Vec<&Value> = turns(doc).into_iter().filter(|t| t.get("dropped_out").is_some()).collect();
        assert_eq!(dropped.len(), 2);
        assert!(dropped.iter().all(|t| t["exhaustion"] == 5));
    }
    let short = ["pursue", "--rounds", "3", "Hare:speed=30", "Hound:side=monsters"];
    let q = text_of("5e2024", &["--seed", "1", "-q"], &short);
    let doc = doc("5e2024", &["--seed", "1"], &short);
    assert_eq!((doc["outcome"].as_str(), doc["round"].as_u64()), (Some("running"), Some(3)));
    assert_eq!(q, "running 3\n");
}

#[test]
fn a_gap_of_zero_is_caught_at_the_start() {
    let doc = doc("5e", &["--seed", "1"], &["pursue", "--gap", "0", "Hare", "Hound:side=monsters"]);
    assert_eq!((doc["outcome"].as_str(), doc["round"].as_u64()), (Some("caught"), Some(0)));
    assert!(array(&doc["rounds"]).is_empty());
    let text = text_of("5e", &["--seed", "1"], &["pursue", "--gap", "0", "Hare", "Hound:side=monsters"]);
    assert!(text.contains("→ caught at the start (round 0)"), "{text}");
}

/// Cover and a ranger at the head of the pursuit, as the escape rolls show them.
#[test]
fn escape_factors_show_in_the_rolls() {
    let mode = |id: &str, extra: &[&str], ranger: &str| {
        let guard = format!("Guard:side=monsters,speed=20{ranger}");
        let mut args = vec!["--seed", "4", "pursue", "--gap", "50", "--sight", "10", "--rounds", "2", "Rogue:speed=40"];
        args.push(&guard);
        args.extend_from_slice(extra);
        let doc = doc(id, &[], &args);
        let first = array(&doc["rounds"][0]["escape"])[0].clone();
        first.get("mode").and_then(Value::as_str).unwrap_or("normal").to_string()
    };
    assert_eq!(mode("5e", &[], ""), "normal");
    assert_eq!(mode("5e", &["--cover", "many"], ""), "advantage");
    assert_eq!(mode("5e", &["--cover", "few"], ""), "disadvantage");
    assert_eq!(mode("5e", &[], ",ranger"), "disadvantage");
    assert_eq!(mode("5e", &["--cover", "many"], ",survival"), "cancelled");
    assert_eq!(mode("5e2024", &["--cover", "many"], ""), "advantage");
}

// ------------------------------------------------------------------------------------------
// Text

#[test]
fn text_snapshots() {
    for (name, id) in [("chase_2014", "5e"), ("chase_2024", "5e2024")] {
        insta::assert_snapshot!(format!("{name}_text"), text_of(id, &["--seed", "7"], CHASE));
        insta::assert_snapshot!(format!("{name}_json"), text_of(id, &["--seed", "7", "-f", "json"], CHASE));
    }
    let wild = ["--seed", "11", "pursue", "--terrain", "forest", "--complications", "wilderness", "--sight", "40"];
    let cast = ["Thief:speed=35,stealth=6,dex=3", "Wolf*3:side=monsters,speed=40,per=13,survival"];
    insta::assert_snapshot!("chase_wilderness_text", text_of("5e", &wild, &cast));
    let coloured = coloured(&refs(&line("5e2024", &["--seed", "7"], CHASE)));
    assert!(coloured.contains("\u{1b}["));
}

#[test]
fn the_text_fits_a_hundred_columns() {
    for id in ["5e", "5e2024"] {
        for seed in 1..=20 {
            let text = text_of(id, &["--seed", &seed.to_string()], CHASE);
            for line in text.lines() {
                assert!(line.chars().count() <= 100, "{id} seed {seed}: {} columns: {line}", line.chars().count());
            }
        }
    }
}

#[test]
fn quiet_is_the_outcome_and_its_round() {
    for id in ["5e", "5e2024"] {
        let doc = doc(id, &["--seed", "9"], CHASE);
        let quiet = text_of(id, &["--seed", "9", "-q"], CHASE);
        assert_eq!(quiet, format!("{} {}\n", doc["outcome"].as_str().unwrap(), doc["round"]));
    }
}

// ------------------------------------------------------------------------------------------
// Odds

/// A small chase is exact; its fractions are the seeded runs' frequencies, within chance.
#[test]
fn exact_odds_of_a_small_chase_agree_with_seeded_runs() {
    for id in ["5e", "5e2024"] {
        let cast = ["Rogue:speed=35,stealth=7,dex=4", "Guard:side=monsters,per=12"];
        let args = [&["pursue", "--gap", "30", "--sight", "60", "--rounds", "6"][..], &cast[..]].concat();
        let doc = doc(id, &["--odds"], &args);
        assert_eq!(doc["exact"], true, "{id}: {doc}");
        let entries = odds(&refs(&line(id, &[], &args)));
        // The guard acts first on a higher initiative (Dex breaks a tie for the rogue) and reaches
        // the rogue 30 ft away: 3 in 10.
        let caught_first = entries.iter().find(|e| e.1["outcome"] == "caught" && e.1["round"] == 1).unwrap();
        assert_eq!(caught_first.3.as_deref(), Some("3/10"), "{id}");
        let expected = odds_of(&entries, None);
        let docs = json_lines(&refs(&line(id, &["--seed", "21", "-n", "3000"], &args)));
        let observed = count(&docs, |d| serde_json::json!({"outcome": d["outcome"], "round": d["round"]}).to_string());
        assert_fits(&format!("{id} pursue"), &observed, &expected);
    }
}

#[test]
fn a_large_chase_is_estimated_and_says_so() {
    let args =
        ["--odds", "pursue", "--complications", "urban", "--sight", "60", "Rogue:speed=35", "Guard*2:side=monsters"];
    let start = std::time::Instant::now();
    let doc = doc("5e", &[], &args);
    assert!(start.elapsed().as_secs() < 60, "{:?}", start.elapsed());
    assert_eq!(doc["exact"], false);
    assert!(doc["trials"].as_u64().is_some_and(|n| n >= 100), "{doc}");
    assert!(array(&doc["odds"]).iter().all(|e| e["margin"].is_f64()));
    let text = text_of("5e", &[], &args);
    assert!(text.contains("estimated odds") && text.contains("estimated from"), "{text}");
}

// ------------------------------------------------------------------------------------------
// Rosters and errors

#[test]
fn the_roster_example_runs_as_a_chase() {
    for id in ["5e", "5e2024"] {
        let template = text_of(id, &[], &["pursue", "--roster-example"]);
        assert!(template.contains("stealth: 7") && template.contains("speed: VALUE"), "{template}");
        let doc = json_with_stdin(&refs(&line(id, &["--seed", "1"], &["pursue", "--roster", "-"])), template);
        assert_eq!(array(&doc["participants"]).len(), 7, "{id}: Elf, Paladin, Rogue and four goblins");
    }
}

#[test]
fn errors_name_what_is_wrong_and_how_to_fix_it() {
    let cases: &[(&str, &[&str], i32, &str)] = &[
        (
            "5e",
            &["pursue", "Rogue", "Orc:side=monsters", "--fleeing", "wolves"],
            2,
            "--fleeing names 'wolves', which is not a side; sides: party, monsters",
        ),
        ("5e", &["pursue", "--gap", "30", "--terrain", "forest", "A", "B:side=monsters"], 2, "cannot be used with"),
        (
            "5e",
            &["pursue", "Rogue", "Fighter"],
            2,
            "nobody gives chase: every combatant is on the fleeing side (party); put the pursuers on another side",
        ),
        ("5e2024", &["pursue", "Orc:side=monsters", "--fleeing", "monsters"], 2, "nobody gives chase"),
        (
            "5e",
            &["pursue", "--side", "party", "--side", "orcs", "Orc:side=orcs"],
            2,
            "nobody flees: side 'party' has no combatants",
        ),
        ("5e", &["pursue"], 2, "5e pursue needs combatants: the quarry and its pursuers; e.g. fray -r 5e pursue"),
        ("5e2024", &["pursue"], 2, "5e2024 pursue needs combatants"),
        (
            "5e",
            &["pursue", "--terrain", "beach", "A", "B:side=monsters"],
            2,
            "unknown terrain 'beach'; 5e terrains: arctic",
        ),
        ("5e2024", &["pursue", "--terrain", "farmland", "A", "B:side=monsters"], 2, "5e2024 terrains: arctic, coastal"),
        ("5e", &["pursue", "A", "B*200:side=monsters"], 2, "201 participants in one chase; a chase takes at most 200"),
        (
            "5e",
            &["pursue", "--rounds", "1000", "A", "B*20:side=monsters"],
            2,
            "--rounds 1000 for 21 participants is 21000 turns; one chase holds at most 20000; at most --rounds 952",
        ),
        (
            "5e",
            &["pursue", "--quarry", "30", "A", "B:side=monsters"],
            2,
            "--quarry is not an option of 5e pursue; it belongs to ose, bx pursue; 5e pursue takes combatants, --fleeing",
        ),
        (
            "5e",
            &["pursue", "--complications", "city", "A"],
            2,
            "invalid value 'city' for '--complications <SETTING>'; possible values: urban, wilderness, none",
        ),
        (
            "5e",
            &["pursue", "A:speed=4", "B:side=monsters"],
            2,
            "key 'speed' is 4, out of range; allowed: a whole number from 5 to 1000",
        ),
        (
            "5e2024",
            &["pursue", "A", "B:side=monsters,ranger"],
            2,
            "unknown combatant key 'ranger' for the 5e2024 ruleset",
        ),
        (
            "ose",
            &["pursue", "--quarry", "30", "--pursuer", "40", "Rogue"],
            2,
            "combatants is not an option of ose pursue; it belongs to 5e, 5e2024 pursue",
        ),
        (
            "bx",
            &["pursue", "--quarry", "30", "--pursuer", "40", "--fleeing", "party"],
            2,
            "--fleeing is not an option of bx pursue; it belongs to 5e, 5e2024 pursue",
        ),
        (
            "ose",
            &["pursue", "--roster-example"],
            2,
            "--roster-example is not an option of ose pursue; it belongs to 5e, 5e2024 pursue",
        ),
        ("gurps", &["pursue", "A"], 2, "the gurps ruleset has no pursuit rule; rulesets with one: ose, 5e, bx, 5e2024"),
    ];
    for (id, args, code, says) in cases {
        let all = line(id, &[], args);
        let err = fails(&refs(&all), *code);
        assert!(err.contains(says), "fray {all:?}:\n  {err}  should say: {says}");
    }
}

/// SRD 5.1 "Rolling 1 or 20": over many seeded chases, the insects' natural 1 misses with no
/// damage and their natural 20 is a critical hit with the 4d4 rolled twice; other faces hit an
/// Armor Class up to the total with 4d4.
#[test]
fn complication_attacks_follow_natural_ones_and_twenties() {
    let cast = ["pursue", "--gap", "40", "--rounds", "6", "--complications", "wilderness"];
    let args = line(
        "5e",
        &["--seed", "7", "-n", "600", "-f", "json"],
        &[&cast[..], &["Rogue:speed=30", "Orc:side=monsters,speed=30"]].concat(),
    );
    let (mut ones, mut twenties) = (0, 0);
    for doc in json_lines(&refs(&args)) {
        for turn in turns(&doc) {
            let Some(attack) = turn.pointer("/complication/effect/attack") else { continue };
            let face = attack["roll"]["rolls"][0].as_u64().unwrap();
            let dice = attack["damage"]["roll"]["dice"].as_str();
            match face {
                1 => {
                    ones += 1;
                    assert_eq!((&attack["misses"], attack.get("damage")), (&Value::Bool(true), None), "{attack}");
                }
                20 => {
                    twenties += 1;
                    assert_eq!((&attack["critical"], dice), (&Value::Bool(true), Some("8d4")), "{attack}");
                }
                _ => assert_eq!(
                    (attack.get("misses"), attack.get("critical"), dice),
                    (None, None, Some("4d4")),
                    "{attack}"
                ),
            }
        }
    }
    assert!(ones > 0 && twenties > 0, "{ones} natural 1s, {twenties} natural 20s");
}
