//! Tests of the cofd ruleset, end to end through the binary.

use crate::common::*;
use crate::wod::{encounter_outputs, fights_fit, order_of, pairs};
use fray::prob::Prob;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// `fray -r cofd ARGS…`
fn cofd<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut all = vec!["-r", "cofd"];
    all.extend_from_slice(args);
    all
}

// ------------------------------------------------------------------------------------------
// Surprise: Wits + Composure contested by Dexterity + Stealth

/// Mitch rolls five dice, Larry a chance die; Thug's Dexterity 1 + Stealth 0 (untrained, -1)
/// is a chance die too; the guard expects the attack.
const CHANCES: [&str; 5] = [
    "surprise",
    "Mitch:wits=2,composure=3",
    "Larry:wits=1,composure=1,mod=-2",
    "Thug:ambusher,dex=1,stealth=0,side=monsters",
    "Guard:in-combat",
];

#[test]
fn more_successes_win_and_a_tie_surprises_nobody() {
    let mut args = cofd(&["--seed=1", "-n", "2000"]);
    args.extend_from_slice(&CHANCES);
    let docs = json_lines(&args);
    let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
    for doc in &docs {
        assert_eq!(doc["ambush"], json!({ "name": "Thug", "side": "monsters", "dice": 0 }));
        let c = doc["combatants"].as_array().unwrap();
        for roller in &c[..2] {
            let own = roller["successes"].as_u64().unwrap();
            let against = roller["against"]["successes"].as_u64().unwrap();
            assert_eq!(roller["pool"]["successes"], roller["successes"], "{roller}");
            assert_eq!(roller["surprised"], json!(against > own), "{roller}");
            assert_eq!(roller.get("tie").is_some(), against == own, "{roller}");
            assert_eq!(roller.get("enters_round").is_some(), against > own, "{roller}");
            assert_eq!(roller["against"]["dice"], json!("chance"), "{roller}");
            let key = match against.cmp(&own) {
                std::cmp::Ordering::Greater => "surprised",
                std::cmp::Ordering::Equal if own == 0 => "tie at none",
                std::cmp::Ordering::Equal => "tie",
                std::cmp::Ordering::Less => "holds",
            };
            *seen.entry(key).or_default() += 1;
        }
        // Larry's chance die, a dramatic failure on 1; the ambusher and the guard do not roll.
        assert_eq!(c[1]["pool"]["dice"], json!("chance"));
        assert_eq!(c[1].get("dramatic").is_some(), c[1]["pool"]["rolls"][0] == json!(1), "{}", c[1]);
        assert_eq!(
            (&c[2]["stance"], &c[2]["dex"], &c[2]["stealth"], &c[2]["untrained"]),
            (&json!("ambusher"), &json!(1), &json!(0), &json!(-1))
        );
        assert!(c[2].get("pool").is_none() && c[3].get("pool").is_none());
        let surprised: Vec<&Value> = c.iter().filter(|r| r["surprised"] == json!(true)).map(|r| &r["name"]).collect();
        assert_eq!(doc["surprised"].as_array().unwrap().iter().collect::<Vec<_>>(), surprised);
    }
    // Every verdict came up, ties with successes too.
    assert_eq!(seen.len(), 4, "{seen:?}");
    assert!(seen.values().all(|&n| n >= 20), "{seen:?}");
}

#[test]
fn a_tie_in_text_and_a_loss() {
    // Seed 3: Mitch ties the ambush at one success each, Ann is surprised.
    let args = cofd(&[
        "--seed=3",
        "surprise",
        "Mitch:wits=2,composure=3",
        "Larry:wits=1,composure=1",
        "Ann",
        "Thug:ambusher,dex=3,stealth=2,side=monsters",
        "Ghoul:ambusher,dex=3,side=monsters",
        "Guard:in-combat",
    ]);
    let doc = json(&args);
    let c = &doc["combatants"];
    assert_eq!((&c[0]["successes"], &c[0]["against"]["successes"], &c[0]["tie"]), (&json!(1), &json!(1), &json!(true)));
    assert_eq!(c[0]["surprised"], json!(false));
    assert_eq!((&c[2]["surprised"], &c[2]["enters_round"]), (&json!(true), &json!(2)));
    // Thug's 3 + 2 beats Ghoul's 3 + 0 - 1: his pool is the ambush.
    assert_eq!(doc["ambush"], json!({ "name": "Thug", "side": "monsters", "dice": 5 }));
    assert_eq!(c[4]["dice"], json!(2));
    let text = stdout(&args);
    assert!(text.contains("tie: not surprised"), "{text}");
    insta::assert_snapshot!("surprise_text", text);
    let mut json_args = vec!["-f", "json"];
    json_args.extend_from_slice(&args);
    insta::assert_snapshot!("surprise_json", stdout(&json_args));
    let mut quiet = args.clone();
    quiet.push("-q");
    assert_eq!(stdout(&quiet), "Ann\n");
}

#[test]
fn surprise_in_colour() {
    let mut args = vec!["-r", "cofd", "--seed=1"];
    args.extend_from_slice(&CHANCES);
    insta::assert_snapshot!("surprise_colour", coloured(&args));
}

// ------------------------------------------------------------------------------------------
// Exact odds of the contest, against a computation of its own

/// One die's success counts up to `top` (exclusive), from its faces: 8, 9 and 10 succeed (a
/// chance die: only 10), and a 10 adds a die that needs as much.
fn die(chance: bool, top: usize) -> Vec<Prob> {
    let tenth = Prob::new(1, 10);
    let (fail, plain) = if chance { (Prob::new(9, 10), Prob::zero()) } else { (Prob::new(7, 10), Prob::new(2, 10)) };
    let mut counts = vec![fail];
    for k in 1..top {
        // k successes: a plain success (k = 1), or a 10 and k - 1 more from the die it adds.
        let from_ten = tenth.mul(&counts[k - 1]);
        counts.push(if k == 1 { plain.add(&from_ten) } else { from_ten });
    }
    counts
}

/// A pool's success counts up to `top` (exclusive): `size` dice, or a chance die below 1.
fn pool(size: i32, top: usize) -> Vec<Prob> {
    if size < 1 {
        return die(true, top);
    }
    let one = die(false, top);
    let mut counts = vec![Prob::one()];
    for _ in 0..size {
        let mut next = vec![Prob::zero(); top];
        for (a, pa) in counts.iter().enumerate() {
            for (b, pb) in one.iter().enumerate().take(top - a) {
                next[a + b] = next[a + b].add(&pa.mul(pb));
            }
        }
        counts = next;
    }
    counts
}

/// (surprised, tie, holds, unknown): the brute-force sum over both pools' counts below `top`,
/// and the chance left over.
fn brute_force(defender: i32, ambusher: i32, top: usize) -> [Prob; 4] {
    let (d, a) = (pool(defender, top), pool(ambusher, top));
    let mut sums = [Prob::zero(), Prob::zero(), Prob::zero()];
    for (x, px) in d.iter().enumerate() {
        for (y, py) in a.iter().enumerate() {
            let k = match y.cmp(&x) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 2,
            };
            sums[k] = sums[k].add(&px.mul(py));
        }
    }
    let unknown = Prob::sum(&sums).complement();
    let [s, t, h] = sums;
    [s, t, h, unknown]
}

#[test]
fn contest_odds_agree_with_a_brute_force_sum() {
    for (defender, ambusher, wits, stealth) in [
        (5, 5, "Mitch:wits=2,composure=3", "Thug:ambusher,dex=3,stealth=2,side=monsters"),
        (2, 5, "Mitch:wits=1,composure=1", "Thug:ambusher,dex=3,stealth=2,side=monsters"),
        (0, 3, "Mitch:wits=1,composure=1,mod=-2", "Thug:ambusher,dex=4,stealth=0,side=monsters"),
        (4, 0, "Mitch", "Thug:ambusher,dex=1,side=monsters"),
        (1, 1, "Mitch:wits=1,composure=1,mod=-1", "Thug:ambusher,dex=1,stealth=1,mod=-1,side=monsters"),
    ] {
        let entries = odds(&cofd(&["surprise", wits, stealth]));
        let of = |outcome: Value| -> Prob {
            let e = entries.iter().find(|e| e.1 == outcome).unwrap_or_else(|| panic!("{outcome} in {entries:?}"));
            let (num, den) = e.3.as_deref().unwrap().split_once('/').unwrap_or((e.3.as_deref().unwrap(), "1"));
            Prob::new(num.parse().unwrap(), den.parse().unwrap())
        };
        let given = [
            of(json!({ "surprised": true, "tie": false })),
            of(json!({ "surprised": false, "tie": true })),
            of(json!({ "surprised": false, "tie": false })),
        ];
        let undetermined = of(json!({ "surprised": null, "tie": null }));
        assert_eq!(Prob::sum(given.iter().chain([&undetermined])), Prob::one());
        // The remainder is tiny, and each verdict lies within it of the brute-force sum, which
        // follows 10-again far deeper (its own remainder below 10^-30).
        assert!(undetermined < Prob::new(1, 1_000_000), "{defender} against {ambusher}: {undetermined}");
        let [surprised, tie, holds, unknown] = brute_force(defender, ambusher, 40);
        assert!(unknown < Prob::new(1, 10u128.pow(30)), "{unknown}");
        for (name, odds, brute) in
            [("surprised", &given[0], surprised), ("tie", &given[1], tie), ("holds", &given[2], holds)]
        {
            assert!(odds <= &brute.add(&unknown), "{defender} against {ambusher}, {name}: {odds} > {brute}");
            assert!(brute <= odds.add(&undetermined), "{defender} against {ambusher}, {name}: {brute} > {odds}");
        }
    }
}

#[test]
fn seeded_contests_fit_their_odds() {
    let cast = [
        "surprise",
        "Ann:wits=2,composure=2",
        "Bo:wits=1,composure=1,mod=-2",
        "Thug:ambusher,dex=2,stealth=2,side=monsters",
    ];
    let mut args = cofd(&["--seed=51", "-n", "3000"]);
    args.extend_from_slice(&cast);
    let docs = json_lines(&args);
    let entries = odds(&cofd(&cast));
    for (k, name) in ["Ann", "Bo"].iter().enumerate() {
        let observed = count(&docs, |doc| {
            let c = &doc["combatants"][k];
            json!({ "surprised": c["surprised"], "tie": c.get("tie").is_some() }).to_string()
        });
        assert_fits(name, &observed, &odds_of(&entries, Some(name)));
    }
}

#[test]
fn surprise_odds_snapshot_and_note() {
    let mut args = cofd(&["--odds"]);
    args.extend_from_slice(&CHANCES);
    let text = stdout(&args);
    assert!(text.contains("note: 10-again is followed to 9 successes on 5 dice and 5 on a chance die"), "{text}");
    insta::assert_snapshot!("surprise_odds_text", text);
}

// ------------------------------------------------------------------------------------------
// Initiative: d10 + Dexterity + Composure, ties by the modifier, delays as in wod

#[test]
fn ties_go_to_the_higher_modifier_not_the_traits() {
    // wod breaks this tie by Dexterity + Composure (Quick first); CofD by the modifier (Bold).
    let cast =
        ["initiative", "Bold:init=7,dex=1,composure=1,initiative=9", "Quick:init=2,dex=3,composure=3,initiative=9"];
    let doc = json(&cofd(&cast));
    assert_eq!(order_of(&doc["order"]), pairs(&[("Bold", 9), ("Quick", 9)]));
    assert_eq!(doc["ties"][0]["by"], json!(["modifier"]));
    let text = stdout(&cofd(&cast));
    assert!(text.contains("tie at 9: Bold, then Quick — higher modifier first"), "{text}");
    // Level modifiers: a roll-off, each order half the time.
    let level = ["initiative", "A:dex=3,composure=1,initiative=9", "B:dex=2,composure=2,initiative=9"];
    let fractions: Vec<String> = odds(&cofd(&level)).iter().map(|e| e.3.clone().unwrap()).collect();
    assert_eq!(fractions, ["1/2", "1/2"]);
}

#[test]
fn initiative_is_a_d10_plus_dexterity_and_composure() {
    for doc in
        json_lines(&cofd(&["--seed=5", "-n", "200", "initiative", "Mitch:dex=3,composure=2", "Larry:init=7", "Ann"]))
    {
        for c in doc["combatants"].as_array().unwrap() {
            let d10 = c["roll"]["total"].as_i64().unwrap();
            let modifier = match c["name"].as_str().unwrap() {
                "Mitch" => 5,
                "Larry" => 7,
                _ => 4,
            };
            assert_eq!((c["modifier"].as_i64(), c["initiative"].as_i64()), (Some(modifier), Some(d10 + modifier)));
        }
    }
}

#[test]
fn delays_readies_and_holds_in_turns() {
    let base = ["--seed=1", "initiative", "Mitch:initiative=10", "Larry:initiative=6"];
    let mut delay = cofd(&base);
    delay.extend(["--delay", "Mitch:after=Larry"]);
    let doc = json(&delay);
    assert_eq!(order_of(&doc["order"]), pairs(&[("Larry", 6), ("Mitch", 5)]));
    let mut ready = cofd(&base);
    ready.extend(["--ready", "Mitch:before=Larry"]);
    assert_eq!(order_of(&json(&ready)["order"]), pairs(&[("Mitch", 7), ("Larry", 6)]));
    // Delaying through a whole turn: act at any time in the next, then back to the old place.
    let hold =
        cofd(&["--seed=1", "initiative", "Sanders:initiative=12", "Washington:initiative=8", "--hold", "Washington"]);
    let doc = json(&hold);
    let rounds = doc["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 3);
    assert_eq!(order_of(&rounds[0]["order"]), pairs(&[("Sanders", 12)]));
    assert_eq!(rounds[1]["order"][0], json!({ "name": "Washington", "total": null, "held": true }));
    assert_eq!(order_of(&rounds[2]["order"]), pairs(&[("Sanders", 12), ("Washington", 8)]));
    // Wide enough that the held line stays whole.
    let text = stdout(&[&hold[..], &["--width", "120"]].concat());
    assert!(text.contains("holds: moves only in turn 1, acts at any moment in turn 2, then back here"), "{text}");
    assert!(text.contains("turn 3 on   Sanders 12, Washington 8"), "{text}");
    insta::assert_snapshot!("hold_text", text);
    // Held to a place beside someone, with the surprised entering in turn 2.
    let placed = cofd(&[
        "--seed=1",
        "initiative",
        "Sanders:initiative=12",
        "Washington:initiative=8",
        "Cy:initiative=10,surprised",
        "--hold",
        "Washington:before=Sanders",
    ]);
    let doc = json(&placed);
    let rounds = doc["rounds"].as_array().unwrap();
    assert_eq!(order_of(&rounds[0]["order"]), pairs(&[("Sanders", 12)]));
    assert_eq!(order_of(&rounds[1]["order"]), pairs(&[("Washington", 13), ("Sanders", 12), ("Cy", 10)]));
    let entries = odds(&placed);
    assert_eq!(entries.iter().filter_map(|e| e.0.as_deref()).collect::<Vec<_>>(), ["order", "turn 1"]);
}

#[test]
fn bad_delays_are_refused_as_in_wod() {
    let err = fails(&cofd(&["initiative", "Mitch", "Larry", "--delay", "Mitch:after=Bob"]), 2);
    assert!(err.contains("--delay names 'Bob', which is not a combatant"), "{err}");
    let err = fails(&cofd(&["initiative", "A", "B:surprised", "--hold", "B"]), 2);
    assert!(err.contains("B is surprised and has no first-turn action to give up"), "{err}");
    assert!(err.contains("a surprised combatant enters in turn 2 anyway"), "{err}");
    let err = fails(&cofd(&["initiative", "A", "B", "--hold", "A:until=B"]), 2);
    assert!(err.contains("--hold NAME:before=OTHER to place it in turn 2"), "{err}");
    let err = fails(&cofd(&["initiative", "A", "B", "--hold", "A:after=B", "--hold", "B"]), 2);
    assert!(err.contains("beside a combatant who acts in turn 2 at its own place"), "{err}");
}

// ------------------------------------------------------------------------------------------
// Encounter

const STREET: [&str; 4] = [
    "encounter",
    "Mitch:wits=1,composure=1,dex=3",
    "Larry:wits=2,composure=1",
    "Thug:ambusher,dex=3,stealth=1,side=monsters",
];

#[test]
fn seeded_encounters_fit_their_odds() {
    let mut args = cofd(&["--seed=41", "-n", "4000"]);
    args.extend_from_slice(&STREET);
    let docs = json_lines(&args);
    let entries = odds(&cofd(&STREET));
    fights_fit(&docs, &entries, "turn 1");
    let mitch = count(&docs, |doc| {
        let c = &doc["surprise"]["combatants"][0];
        json!({ "surprised": c["surprised"], "tie": c.get("tie").is_some() }).to_string()
    });
    assert_fits("Mitch", &mitch, &odds_of(&entries, Some("surprise: Mitch")));
}

#[test]
fn encounter_snapshots() {
    let mut args = cofd(&["--seed=6"]);
    args.extend_from_slice(&STREET);
    let [text, yaml, quiet, odds] = encounter_outputs(&args);
    insta::assert_snapshot!("encounter_text", text);
    insta::assert_snapshot!("encounter_yaml", yaml);
    assert!(quiet.starts_with("surprised=") && quiet.contains(" order="), "{quiet}");
    insta::assert_snapshot!("encounter_quiet", quiet);
    insta::assert_snapshot!("encounter_odds_text", odds);
}

#[test]
fn everyone_ready_rolls_nothing() {
    let doc = json(&cofd(&["--seed=2", "encounter", "Mitch:in-combat", "Thug:ambusher,side=monsters"]));
    assert!(doc["surprise"].get("ambush").is_some());
    assert!(doc["surprise"]["combatants"].as_array().unwrap().iter().all(|c| c.get("pool").is_none()));
    let text = stdout(&cofd(&["surprise", "Mitch:in-combat", "Guard:in-combat"]));
    assert!(text.contains("nobody can be surprised: everyone acts from turn 1"), "{text}");
    let entries = odds(&cofd(&["surprise", "Mitch:in-combat"]));
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].3.as_deref(), Some("1"));
}

#[test]
fn the_roster_template_runs() {
    let example = stdout(&cofd(&["surprise", "--roster-example"]));
    assert!(example.contains("stealth: VALUE") && example.contains("ambusher: true"), "{example}");
    let out = fray().args(["-r", "cofd", "--seed=3", "encounter", "--roster", "-"]).write_stdin(example).run();
    assert!(out.success(), "{}", out.stderr);
}

// ------------------------------------------------------------------------------------------
// Errors

#[test]
fn an_ambush_needs_an_ambusher() {
    for command in ["surprise", "encounter"] {
        let err = fails(&cofd(&[command, "Mitch", "Larry:side=monsters"]), 2);
        assert!(err.contains(&format!("cofd {command} needs an ambusher")), "{err}");
        assert!(err.contains("Thug:ambusher,dex=3,stealth=2"), "{err}");
    }
}

#[test]
fn commands_without_combatants_show_an_example() {
    for command in ["surprise", "initiative", "encounter"] {
        let err = fails(&cofd(&[command]), 2);
        assert!(
            err.contains(&format!("cofd {command} needs combatants")) && err.contains("e.g. fray -r cofd"),
            "{err}"
        );
    }
}

#[test]
fn procedures_cofd_lacks_name_who_has_them() {
    for (command, rule) in [("distance", "encounter-distance"), ("reaction", "reaction"), ("pursue", "pursuit")] {
        let err = fails(&cofd(&[command]), 2);
        assert!(err.contains(&format!("the cofd ruleset has no {rule} rule")), "{err}");
    }
    // A flag of another ruleset names the rulesets it belongs to, cofd not among them.
    let err = fails(&["-r", "ose", "surprise", "--stealth", "3"], 2);
    assert!(err.contains("it belongs to 5e, 5e2024 surprise"), "{err}");
    // And the hint for a missing rule names the rulesets that have it.
    let err = fails(&["-r", "cofd", "distance"], 2);
    assert!(err.contains("rulesets with one: ose, 5e, bx, 5e2024"), "{err}");
}

#[test]
fn bad_keys_are_usage_errors() {
    for (spec, says) in [
        ("Mitch:wits=0", "key 'wits' is 0, out of range; allowed: a whole number from 1 to 10"),
        ("Thug:ambusher,stealth=11", "key 'stealth' is 11, out of range"),
        ("Mitch:per=16", "unknown combatant key 'per' for the cofd ruleset; allowed: wits, composure, dex, stealth"),
        ("Mitch:mod=x", "key 'mod' has 'x'"),
    ] {
        let err = fails(&cofd(&["surprise", spec]), 2);
        assert!(err.contains(says), "{spec}: {err}");
    }
    let err = fails(&cofd(&["surprise", "Mitch:surprised", "Thug:ambusher"]), 2);
    assert!(err.contains("key 'surprised' is for the initiative command; cofd surprise rolls for surprise"), "{err}");
    let err = fails(&cofd(&["surprise", "Mitch", "--stealth", "14"]), 2);
    assert!(err.contains("--stealth is not an option of cofd surprise"), "{err}");
}

/// Several ambushers: the stealthiest one's pool is the ambush, whichever is listed first, and
/// the manual page (the README's section) gives that reading and its reason.
#[test]
fn several_ambushers_are_led_by_the_stealthiest() {
    for cast in [
        ["Ghoul:ambusher,dex=3,side=monsters", "Thug:ambusher,dex=3,stealth=2,side=monsters"],
        ["Thug:ambusher,dex=3,stealth=2,side=monsters", "Ghoul:ambusher,dex=3,side=monsters"],
    ] {
        let doc = json(&cofd(&[&["--seed", "1", "surprise", "Mitch"][..], &cast].concat()));
        assert_eq!(doc["ambush"], json!({ "name": "Thug", "side": "monsters", "dice": 5 }));
    }
    let flat = flat(fray::readme::section("Rulesets", "`cofd`"));
    for words in ["p. 89 names one attacker and is silent on several", "teamwork rule", "the weakest hider decides"] {
        assert!(flat.contains(words), "{flat}");
    }
}
