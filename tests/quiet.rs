//! The `-q` format, one line per run in every ruleset: each line is checked against the JSON
//! document of the same seeded run, over many runs, so every branch of a headline is met.

use crate::common::*;
use serde_json::Value;

/// Runs of each command line, long enough to meet ties, surprises and waits.
const RUNS: &str = "60";

/// `-q` lines and JSON documents of the same runs.
fn quiet_and_json(args: &[&str]) -> Vec<(String, Value)> {
    let mut quiet = vec!["--seed", "11", "-n", RUNS, "-q"];
    quiet.extend_from_slice(args);
    let mut data = vec!["--seed", "11", "-n", RUNS];
    data.extend_from_slice(args);
    let lines: Vec<String> = stdout(&quiet).lines().map(str::to_string).collect();
    let docs = json_lines(&data);
    assert_eq!(lines.len(), docs.len(), "{args:?}");
    lines.into_iter().zip(docs).collect()
}

/// Checks every run's line against `expect(document)`; returns the lines.
fn check(args: &[&str], expect: impl Fn(&Value) -> String) -> Vec<String> {
    let runs = quiet_and_json(args);
    for (line, doc) in &runs {
        assert_eq!(*line, expect(doc), "fray -q {}: {doc}", args.join(" "));
    }
    runs.into_iter().map(|(line, _)| line).collect()
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Names joined by `,`, or `none`.
fn list(names: impl IntoIterator<Item = String>) -> String {
    let names: Vec<String> = names.into_iter().collect();
    if names.is_empty() { "none".to_string() } else { names.join(",") }
}

/// The names of the items of `doc[key]` for which `keep` holds.
fn names_where(doc: &Value, key: &str, keep: impl Fn(&Value) -> bool) -> String {
    list(doc[key].as_array().unwrap().iter().filter(|x| keep(x)).map(|x| text(&x["name"])))
}

/// Splits an encounter line into its fields as a logfmt reader does: `key=value` separated
/// by spaces, a value in double quotes when it holds a space, with `\"` and `\\` escaped.
fn fields(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    while chars.peek().is_some() {
        let key: String = chars.by_ref().take_while(|&c| c != '=').collect();
        let mut value = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => value.extend(chars.next()),
                    '"' => break,
                    c => value.push(c),
                }
            }
            assert!(matches!(chars.next(), None | Some(' ')), "a quoted value ends a field: {line}");
        } else {
            value = chars.by_ref().take_while(|&c| c != ' ').collect();
        }
        assert!(!key.is_empty() && !key.contains(' '), "a field is key=value: {line}");
        out.push((key, value));
    }
    out
}

/// Checks an encounter's fields: the keys in this order, each once, and their values.
fn check_fields(args: &[&str], expect: impl Fn(&Value) -> Vec<(&'static str, String)>) {
    for (line, doc) in quiet_and_json(args) {
        let got = fields(&line);
        let want: Vec<(String, String)> = expect(&doc).into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        assert_eq!(got, want, "fray -q {}: {line}", args.join(" "));
    }
}

/// Every command each ruleset has, with the arguments its test runs: a ruleset added to the
/// registry fails here until its `-q` lines are tested below.
const COVERED: &[(&str, &[&str])] = &[
    ("ose", &["surprise", "distance", "initiative", "reaction", "pursue", "encounter", "wandering", "morale"]),
    ("gurps", &["surprise", "initiative", "reaction", "encounter"]),
    ("5e", &["surprise", "distance", "initiative", "reaction", "pursue", "encounter", "wandering", "morale"]),
    ("wod", &["surprise", "initiative", "encounter"]),
    ("bx", &["surprise", "distance", "initiative", "reaction", "pursue", "encounter", "wandering", "morale"]),
    ("5e2024", &["surprise", "distance", "initiative", "reaction", "pursue", "encounter"]),
    ("cofd", &["surprise", "initiative", "encounter"]),
];

#[test]
fn every_command_of_every_ruleset_is_covered() {
    for rules in fray::rulesets::RULESETS {
        let covered = COVERED.iter().find(|(id, _)| *id == rules.id).map_or(&[][..], |(_, c)| *c);
        for procedure in fray::rulesets::Procedure::ALL {
            assert_eq!(
                covered.contains(&procedure.name()),
                rules.has(procedure),
                "{} {}: -q is tested for exactly the commands the ruleset has",
                rules.id,
                procedure.name()
            );
        }
    }
}

// ------------------------------------------------------------------------------------------
// ose

/// ose's acting order: places joined by `,`, sides sharing a place (simultaneous) by `+`.
fn ose_order(order: &Value) -> String {
    let order = order.as_array().unwrap();
    let mut out = String::new();
    for (k, place) in order.iter().enumerate() {
        if k > 0 {
            out.push(if order[k - 1]["place"] == place["place"] { '+' } else { ',' });
        }
        out.push_str(&text(&place["name"]));
    }
    if out.is_empty() { "none".to_string() } else { out }
}

#[test]
fn ose() {
    let sides = ["--side", "party", "--side", "orcs", "--side", "wolves"];
    let surprised = |d: &Value| names_where(d, "sides", |s| s["surprised"] == true);
    let lines = check(&[&["surprise", "--ambush", "orcs"], &sides[..]].concat(), surprised);
    assert!(lines.contains(&"party,wolves".to_string()), "two sides surprised: {lines:?}");
    assert!(lines.contains(&"none".to_string()));
    check(&["distance", "--outdoors"], |d| text(&d["feet"]));
    let lines = check(&[&["initiative", "--ties", "simultaneous", "--wait", "wolves"], &sides[..]].concat(), |d| {
        ose_order(&d["order"])
    });
    assert!(lines.iter().any(|l| l.contains('+')), "simultaneous sides: {lines:?}");
    assert!(lines.iter().all(|l| l.ends_with(",wolves")), "the waiting side acts last: {lines:?}");
    check(&["initiative", "--surprised", "monsters"], |d| ose_order(&d["order"]));
    check(&["reaction", "--cha", "16"], |d| text(&d["total"]));
    let lines = check(&["pursue", "--quarry", "40", "--pursuer", "40", "--sight", "150", "--drop", "food@2"], |d| {
        format!("{} {}", text(&d["outcome"]), d["round"])
    });
    assert!(lines.iter().any(|l| l.starts_with("distracted ")), "{lines:?}");
    check(&["pursue", "--quarry", "30", "--pursuer", "40"], |d| format!("{} {}", text(&d["outcome"]), d["round"]));
    // Three sides: one reaction per side met, each key once.
    check_fields(&[&["encounter"], &sides[..]].concat(), |d| {
        vec![
            ("surprised", names_where(&d["surprise"], "sides", |s| s["surprised"] == true)),
            ("feet", text(&d["distance"]["feet"])),
            ("order", ose_order(&d["initiative"]["order"])),
            ("reaction", list(d["reaction"].as_array().unwrap().iter().map(|r| text(&r["total"])))),
        ]
    });
    let line = stdout(&["--seed", "42", "-q", "encounter"]);
    assert_eq!(line.lines().count(), 1);
    assert_eq!(fields(line.trim_end()).len(), 4, "{line}");
}

// ------------------------------------------------------------------------------------------
// bx

#[test]
fn bx() {
    let sides = ["--side", "party", "--side", "orcs", "--side", "wolves"];
    let surprised = |d: &Value| names_where(d, "sides", |s| s["surprised"] == true);
    let lines = check(&[&["-r", "bx", "surprise", "--aware", "wolves"], &sides[..]].concat(), surprised);
    assert!(lines.contains(&"party,orcs".to_string()), "two sides surprised: {lines:?}");
    assert!(lines.contains(&"none".to_string()));
    check(&["-r", "bx", "distance", "--wilderness", "--surprised"], |d| text(&d["feet"]));
    let lines = check(&[&["-r", "bx", "initiative", "--ties", "simultaneous"], &sides[..]].concat(), |d| {
        ose_order(&d["order"])
    });
    assert!(lines.iter().any(|l| l.contains('+')), "simultaneous sides: {lines:?}");
    let cast = ["-r", "bx", "initiative", "--individual", "Ansel:dex=16", "Bree:slow", "Orc*2:side=monsters"];
    let lines = check(&cast, |d| ose_order(&d["order"]));
    assert!(lines.iter().all(|l| l.ends_with(",Bree")), "the slow weapon acts last: {lines:?}");
    check(&["-r", "bx", "reaction", "--cha", "16"], |d| text(&d["total"]));
    let outcome = |d: &Value| format!("{} {}", text(&d["outcome"]), d["round"]);
    check(&["-r", "bx", "pursue", "--quarry", "90", "--pursuer", "120", "--sight", "150"], outcome);
    let wild = ["--wilderness", "--quarry", "90", "--pursuer", "120", "--quarry-count", "5", "--pursuer-count", "12"];
    let lines = check(&[&["-r", "bx", "pursue"], &wild[..]].concat(), outcome);
    assert!(
        lines.iter().any(|l| l.starts_with("caught ")) && lines.iter().any(|l| l.starts_with("escaped ")),
        "{lines:?}"
    );
    check(&["-r", "bx", "pursue", "--waterborne", "--quarry", "90", "--pursuer", "120"], outcome);
    check_fields(&[&["-r", "bx", "encounter", "--outdoors"], &sides[..]].concat(), |d| {
        vec![
            ("surprised", names_where(&d["surprise"], "sides", |s| s["surprised"] == true)),
            ("feet", text(&d["distance"]["feet"])),
            ("order", ose_order(&d["initiative"]["order"])),
            ("reaction", list(d["reaction"].as_array().unwrap().iter().map(|r| text(&r["total"])))),
        ]
    });
}

// ------------------------------------------------------------------------------------------
// gurps

#[test]
fn gurps() {
    let cast = ["-r", "gurps", "Ansel:iq=12,speed=6", "Bree:cr", "Orc*3:side=monsters,iq=9"];
    let surprised = |d: &Value| names_where(d, "combatants", |c| c["surprised"] == true);
    let lines = check(&[&["surprise"], &cast[..]].concat(), surprised);
    // The surprised, not the winner of the leaders' roll.
    assert!(lines.contains(&"Orc 1,Orc 2,Orc 3".to_string()), "{lines:?}");
    assert!(lines.contains(&"Ansel,Bree".to_string()), "{lines:?}");
    check(&[&["surprise", "--total"], &cast[..]].concat(), surprised);
    check(&[&["initiative"], &cast[..]].concat(), |d| names_where(d, "order", |_| true));
    check(&["-r", "gurps", "reaction", "--mod", "2"], |d| text(&d["total"]));
    let acts_from = |d: &Value| {
        list(d["surprise"]["combatants"].as_array().unwrap().iter().filter(|c| c["surprised"] == true).map(|c| {
            let turn = if c["acts_from_turn"].is_null() { "-".to_string() } else { text(&c["acts_from_turn"]) };
            format!("{}:{turn}", text(&c["name"]))
        }))
    };
    check_fields(&[&["encounter", "--reaction", "--rounds", "3"], &cast[..]].concat(), |d| {
        vec![
            ("surprised", names_where(&d["surprise"], "combatants", |c| c["surprised"] == true)),
            (
                "winner",
                if d["surprise"]["winner"].is_null() { "none".to_string() } else { text(&d["surprise"]["winner"]) },
            ),
            ("acts_from", acts_from(d)),
            ("order", names_where(d, "order", |o| o["surprised"] == false)),
            ("reaction", text(&d["reaction"]["total"])),
        ]
    });
    check_fields(&[&["encounter", "--total"], &cast[..]].concat(), |d| {
        let freeze = &d["surprise"]["freeze"];
        vec![
            ("surprised", names_where(&d["surprise"], "combatants", |c| c["surprised"] == true)),
            ("freeze", if freeze.is_null() { "0".to_string() } else { text(&freeze["seconds"]) }),
            ("acts_from", acts_from(d)),
            ("order", names_where(d, "order", |o| o["surprised"] == false)),
        ]
    });
}

// ------------------------------------------------------------------------------------------
// 5e

/// Whether a 5e place acts in round 1: not a creature that loses its first turn, nor a side
/// all of whose members do.
fn acts_in_round_one(place: &Value) -> bool {
    let members = place["members"].as_array().map_or(&[][..], Vec::as_slice);
    place["loses_first_turn"] != true && (members.is_empty() || !members.iter().all(|m| m["loses_first_turn"] == true))
}

#[test]
fn dnd5e() {
    let cast = ["Elf:per=16,dex=3", "Fighter:per=12", "Wizard:per=10", "Goblin*2:side=monsters,dex=2"];
    let surprised = |d: &Value| names_where(d, "creatures", |c| c["surprised"] == true);
    let lines = check(&[&["-r", "5e", "surprise", "--stealth-mod", "4"], &cast[..]].concat(), surprised);
    assert!(lines.contains(&"Fighter,Wizard".to_string()), "{lines:?}");
    for variant in ["standard", "score", "side"] {
        check(&[&["-r", "5e", "initiative", "--variant", variant], &cast[..]].concat(), |d| {
            names_where(d, "order", |_| true)
        });
    }
    check(&["-r", "5e", "distance", "--terrain", "hills"], |d| text(&d["feet"]));
    check(&["-r", "5e", "distance", "--audible", "quiet"], |d| text(&d["feet"]));
    // The speed factor: the first round only.
    let speed = ["-r", "5e", "initiative", "--variant", "speed", "--rounds", "3", "A", "B:dex=2"];
    check(&speed, |d| names_where(&d["rounds"][0], "order", |_| true));
    for variant in ["standard", "side"] {
        let args = [&["-r", "5e", "encounter", "--stealth-mod", "4", "--variant", variant], &cast[..]].concat();
        check_fields(&args, |d| {
            vec![
                ("surprised", names_where(&d["surprise"], "creatures", |c| c["surprised"] == true)),
                ("order", names_where(&d["initiative"], "order", acts_in_round_one)),
            ]
        });
    }
    // The chase: the outcome and its round, every outcome met.
    let chase =
        ["pursue", "--gap", "30", "--sight", "60", "--complications", "urban", "Rogue:speed=35,stealth=5,dex=2"];
    let lines = check(&[&["-r", "5e"], &chase[..], &["Guard*2:side=monsters,con=-1"]].concat(), |d| {
        format!("{} {}", text(&d["outcome"]), d["round"])
    });
    assert!(lines.iter().any(|l| l.starts_with("caught ")) && lines.iter().any(|l| l.starts_with("escaped ")));
    let tired =
        ["pursue", "--gap", "100", "--rounds", "8", "Hare:speed=40,con=4", "Hound:side=monsters,speed=40,con=-3"];
    let lines = check(&[&["-r", "5e"], &tired[..]].concat(), |d| format!("{} {}", text(&d["outcome"]), d["round"]));
    assert!(lines.iter().any(|l| l.starts_with("gave_up ")) && lines.iter().any(|l| l == "running 8"), "{lines:?}");
}

// ------------------------------------------------------------------------------------------
// 5e2024

#[test]
fn dnd5e2024() {
    let cast = ["Elf:per=16,dex=3", "Fighter:per=12", "Rogue:dex=4,alert,pb=2", "Goblin*2:side=monsters,dex=2"];
    let surprised = |d: &Value| names_where(d, "creatures", |c| c["surprised"] == true);
    let lines = check(&[&["-r", "5e2024", "surprise", "--stealth-mod", "6"], &cast[..]].concat(), surprised);
    assert!(lines.contains(&"Fighter,Rogue".to_string()), "{lines:?}");
    assert!(lines.contains(&"none".to_string()), "a Stealth below the DC hides nobody: {lines:?}");
    check(&["-r", "5e2024", "distance", "--terrain", "mountain"], |d| text(&d["feet"]));
    for variant in ["standard", "score"] {
        let args =
            [&["-r", "5e2024", "initiative", "--variant", variant, "--swap", "Rogue:Fighter"], &cast[..]].concat();
        check(&args, |d| names_where(d, "order", |_| true));
    }
    // The surprised lose no turn: the order is the whole order.
    check_fields(&[&["-r", "5e2024", "encounter", "--stealth-mod", "6"], &cast[..]].concat(), |d| {
        vec![
            ("surprised", names_where(&d["surprise"], "creatures", |c| c["surprised"] == true)),
            ("order", names_where(&d["initiative"], "order", |_| true)),
        ]
    });
    let chase = ["pursue", "--terrain", "forest", "--sight", "40", "--complications", "wilderness"];
    let lines =
        check(&[&["-r", "5e2024"], &chase[..], &["Thief:stealth=6", "Wolf*2:side=monsters,speed=40"]].concat(), |d| {
            format!("{} {}", text(&d["outcome"]), d["round"])
        });
    assert!(lines.iter().any(|l| l.starts_with("caught ")) && lines.iter().any(|l| l.starts_with("escaped ")));
}

// ------------------------------------------------------------------------------------------
// wandering, morale, and the 5e family's reaction

/// `wandering -q`: `yes` or `no` for one check, the number of encounters over `--checks N`;
/// `morale -q`: who flees, surrenders or will not fight, or `none`; the encounter's steps as
/// `wandering=` and `morale=` fields.
#[test]
fn wandering_morale_and_reaction() {
    for rules in ["ose", "bx", "5e"] {
        let lines = check(&["-r", rules, "wandering", "--chance", "3"], |d| {
            if d["encounter"] == true { "yes".into() } else { "no".into() }
        });
        assert!(lines.contains(&"yes".to_string()) && lines.contains(&"no".to_string()), "{rules}: {lines:?}");
        check(&["-r", rules, "wandering", "--checks", "5"], |d| text(&d["encounters"]));
    }
    for rules in ["ose", "bx"] {
        let cast = ["--side", "party", "--side", "orcs:ml=7", "Orc*3:side=orcs", "Ogre:side=orcs,ml=12", "Rat:ml=2"];
        let broken =
            |d: &Value| names_where(d, "subjects", |s| s["result"] == "flees" || s["result"] == "will_not_fight");
        let lines = check(&[&["-r", rules, "morale", "--losing"], &cast[..]].concat(), broken);
        assert!(lines.iter().any(|l| l.contains("Orc")) && lines.iter().any(|l| l == "Rat"), "{lines:?}");
    }
    check(
        &["-r", "5e", "morale", "--save", "1"],
        |d| {
            if d["success"] == true { "none".into() } else { text(&d["name"]) }
        },
    );
    check(&["-r", "5e", "reaction", "--attitude", "hostile", "--cha-mod", "4"], |d| text(&d["total"]));
    check(&["-r", "5e2024", "reaction", "--cha-mod", "4"], |d| text(&d["total"]));
    check(&["-r", "5e2024", "reaction", "--stance", "willing"], |d| text(&d["stance"]));
}

/// `encounter --wandering --morale -q`: `wandering=no` alone when no monster comes; else the
/// encounter's own fields between `wandering=yes` and `morale=`.
#[test]
fn encounter_steps() {
    for rules in ["ose", "bx"] {
        let args = [
            "-r",
            rules,
            "encounter",
            "--wandering",
            "--chance",
            "3",
            "--morale",
            "--ml",
            "7",
            "Orc*2:side=monsters",
            "Ansel",
        ];
        let runs = quiet_and_json(&args);
        let (mut met, mut missed) = (0, 0);
        for (line, doc) in runs {
            let got = fields(&line);
            if doc["wandering"]["encounter"] == true {
                met += 1;
                assert_eq!(got.first(), Some(&("wandering".to_string(), "yes".to_string())), "{line}");
                let morale = names_where(&doc["morale"], "subjects", |s| s["result"] == "flees");
                assert_eq!(got.last(), Some(&("morale".to_string(), morale)), "{line}");
                assert!(got.iter().any(|(k, _)| k == "order"), "{line}");
            } else {
                missed += 1;
                assert_eq!(got, [("wandering".to_string(), "no".to_string())], "{line}");
                assert!(doc.get("surprise").is_none() && doc.get("morale").is_none(), "{doc}");
            }
        }
        assert!(met > 0 && missed > 0, "{rules}: {met} met, {missed} missed");
    }
}

// ------------------------------------------------------------------------------------------
// wod

/// Who acts in round 1: round 1's order when the rounds differ, else the standing order.
fn wod_round_one(initiative: &Value) -> String {
    let rounds = initiative["rounds"].as_array().map_or(&[][..], Vec::as_slice);
    match rounds.iter().find(|r| r["round"] == 1) {
        Some(round) => names_where(round, "order", |_| true),
        None => names_where(initiative, "order", |_| true),
    }
}

#[test]
fn wod() {
    let cast = ["-r", "wod", "Mitch:wits=1,composure=1", "Larry:wits=2", "Thug*2:side=monsters"];
    let lines =
        check(&[&["surprise"], &cast[..]].concat(), |d| list(d["surprised"].as_array().unwrap().iter().map(text)));
    assert!(lines.iter().any(|l| l.contains(',')), "several surprised: {lines:?}");
    let lines = check(&["-r", "wod", "initiative", "Mitch", "Larry:surprised", "Thug*2:side=monsters"], wod_round_one);
    assert!(lines.iter().all(|l| !l.contains("Larry")), "the surprised sit round 1 out: {lines:?}");
    check(
        &["-r", "wod", "initiative", "Mitch", "Larry", "--hold", "Mitch", "--delay", "Larry:after=Mitch"],
        wod_round_one,
    );
    check_fields(&[&["encounter"], &cast[..]].concat(), |d| {
        vec![
            ("surprised", list(d["surprise"]["surprised"].as_array().unwrap().iter().map(text))),
            ("order", wod_round_one(&d["initiative"])),
        ]
    });
}

#[test]
fn cofd() {
    // A tie surprises nobody; the ambusher's chance die loses to most rolls, so both verdicts come.
    let cast = ["-r", "cofd", "Mitch:wits=1,composure=1", "Larry", "Thug*2:ambusher,dex=2,stealth=1,side=monsters"];
    let lines =
        check(&[&["surprise"], &cast[..]].concat(), |d| list(d["surprised"].as_array().unwrap().iter().map(text)));
    assert!(lines.iter().any(|l| l.contains(',')) && lines.iter().any(|l| l == "none"), "{lines:?}");
    let lines = check(&["-r", "cofd", "initiative", "Mitch", "Larry:surprised", "Thug"], wod_round_one);
    assert!(lines.iter().all(|l| !l.contains("Larry")), "the surprised sit turn 1 out: {lines:?}");
    check(
        &["-r", "cofd", "initiative", "Mitch", "Larry", "--hold", "Mitch", "--ready", "Larry:before=Mitch"],
        wod_round_one,
    );
    check_fields(&[&["encounter"], &cast[..]].concat(), |d| {
        vec![
            ("surprised", list(d["surprise"]["surprised"].as_array().unwrap().iter().map(text))),
            ("order", wod_round_one(&d["initiative"])),
        ]
    });
}

// ------------------------------------------------------------------------------------------
// Names a script has to take apart

#[test]
fn names_with_spaces_and_quotes_stay_one_field() {
    let name = r#"Big "Bob" \o/"#;
    let spec = format!("{name}:side=monsters");
    let line = stdout(&["-r", "wod", "--seed", "3", "-q", "encounter", "Ann", &spec]);
    let got = fields(line.trim_end());
    assert_eq!(got.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["surprised", "order"], "{line}");
    // In the order, or surprised and out of round 1.
    assert!(got.iter().any(|(_, v)| v.split(',').any(|n| n == name)), "{line}");
    assert!(line.contains(r#"\"Bob\" \\o/"#), "quotes and backslashes escaped: {line}");
    // Outside encounter a line is one value: the list as it is.
    let line = stdout(&["-r", "wod", "--seed", "3", "-q", "initiative", "Ann", &spec]);
    assert!(line.trim_end().split(',').any(|n| n == name), "{line}");
}
