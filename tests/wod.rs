//! Tests of the wod ruleset, end to end through the binary.

use crate::common::*;
use fray::prob::Prob;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// `fray -r wod ARGS…`
fn wod<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut all = vec!["-r", "wod"];
    all.extend_from_slice(args);
    all
}

/// (name, total) of each entry of a JSON order list.
pub(crate) fn order_of(list: &Value) -> Vec<(String, i64)> {
    list.as_array()
        .expect("an order list")
        .iter()
        .map(|p| (p["name"].as_str().unwrap().to_string(), p["total"].as_i64().unwrap_or(-99)))
        .collect()
}

pub(crate) fn pairs(expected: &[(&str, i64)]) -> Vec<(String, i64)> {
    expected.iter().map(|(n, t)| (n.to_string(), *t)).collect()
}

// ------------------------------------------------------------------------------------------
// The seed's examples (seed 003)

const MITCH_AND_LARRY: [&str; 4] = ["initiative", "Mitch:initiative=10", "Larry:initiative=6", "--seed=1"];

#[test]
fn seed_mitch_delays_after_larry_and_acts_on_five() {
    let mut args = wod(&MITCH_AND_LARRY);
    args.extend(["--delay", "Mitch:after=Larry"]);
    let doc = json(&args);
    assert_eq!(order_of(&doc["order"]), pairs(&[("Larry", 6), ("Mitch", 5)]));
    assert_eq!(doc["order"][1]["delayed"], json!({ "after": "Larry", "from": 10 }));
    assert!(doc.get("rounds").is_none(), "a delay changes no single round: {doc}");
    args.push("-q");
    assert_eq!(stdout(&args), "Larry,Mitch\n");
    insta::assert_snapshot!("seed_mitch_delays", stdout(&args[..args.len() - 1]));
}

#[test]
fn seed_mitch_readies_against_larry_and_acts_on_seven() {
    let mut args = wod(&MITCH_AND_LARRY);
    args.extend(["--ready", "Mitch:before=Larry"]);
    let doc = json(&args);
    assert_eq!(order_of(&doc["order"]), pairs(&[("Mitch", 7), ("Larry", 6)]));
    assert_eq!(doc["order"][0]["ready"], json!({ "before": "Larry", "from": 10 }));
    insta::assert_snapshot!("seed_mitch_readies", stdout(&args));
}

#[test]
fn seed_washington_holds_to_strike_before_sanders() {
    let args = wod(&[
        "--seed=1",
        "initiative",
        "Sanders:initiative=12",
        "Washington:initiative=8",
        "--hold",
        "Washington:before=Sanders",
    ]);
    let doc = json(&args);
    // Throughout the fight Sanders acts before Washington…
    assert_eq!(order_of(&doc["order"]), pairs(&[("Sanders", 12), ("Washington", 8)]));
    let rounds = doc["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 3);
    // …but Washington gives up round 1 (he may only move his Speed)…
    assert_eq!(order_of(&rounds[0]["order"]), pairs(&[("Sanders", 12)]));
    assert_eq!(rounds[0]["sits_out"], json!([{ "name": "Washington", "reason": "holds" }]));
    // …to act on 13, right before Sanders, in round 2…
    assert_eq!(order_of(&rounds[1]["order"]), pairs(&[("Washington", 13), ("Sanders", 12)]));
    assert_eq!(rounds[1]["order"][0]["held"], json!(true));
    // …and is back on 8 from round 3.
    assert_eq!((rounds[2]["round"].as_i64(), rounds[2]["onward"].as_bool()), (Some(3), Some(true)));
    assert_eq!(order_of(&rounds[2]["order"]), pairs(&[("Sanders", 12), ("Washington", 8)]));
    insta::assert_snapshot!("seed_washington_holds_text", stdout(&args));
    let mut yaml = vec!["-f", "yaml"];
    yaml.extend_from_slice(&args);
    insta::assert_snapshot!("seed_washington_holds_yaml", stdout(&yaml));
}

#[test]
fn nwod_is_an_alias_and_given_orders_have_certain_odds() {
    let mut args = vec!["-r", "nwod"];
    args.extend_from_slice(&MITCH_AND_LARRY[..3]);
    args.extend(["--delay", "Mitch:after=Larry"]);
    let entries = odds(&args);
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].1, json!(["Larry", "Mitch"]));
    assert_eq!(entries[0].3.as_deref(), Some("1"));
}

// ------------------------------------------------------------------------------------------
// Dice pools

/// `count` pools of `wits` + `composure` dice, rolled through the surprise command.
fn pools(wits: u32, composure: u32, seed: u32, runs: u32) -> Vec<Value> {
    let spec = format!("P*10:wits={wits},composure={composure}");
    let (n, seed) = (runs.to_string(), format!("--seed={seed}"));
    json_lines(&wod(&[&seed, "-n", &n, "surprise", &spec]))
        .iter()
        .flat_map(|doc| doc["combatants"].as_array().unwrap().clone())
        .collect()
}

fn faces(pool: &Value, key: &str) -> Vec<u64> {
    pool[key].as_array().unwrap().iter().map(|f| f.as_u64().unwrap()).collect()
}

#[test]
fn every_die_of_a_pool_is_shown_and_counted() {
    for roller in pools(3, 2, 5, 300) {
        let pool = &roller["pool"];
        let (rolls, again) = (faces(pool, "rolls"), faces(pool, "again"));
        assert_eq!(rolls.len(), 5);
        assert!(rolls.iter().chain(&again).all(|f| (1..=10).contains(f)), "{pool}");
        // 10-again: every 10, in the pool or among the extra dice, adds one die.
        assert_eq!(again.len(), rolls.iter().chain(&again).filter(|&&f| f == 10).count(), "{pool}");
        let successes = rolls.iter().chain(&again).filter(|&&f| f >= 8).count() as u64;
        assert_eq!(pool["successes"].as_u64(), Some(successes), "{pool}");
        assert_eq!(roller["successes"], pool["successes"]);
        // The ten share a side: one's exceptional success keeps the others from being surprised.
        let warned = roller.get("warned_by").is_some();
        assert_eq!(roller["surprised"], json!(successes == 0 && !warned), "{roller}");
        assert_eq!(roller.get("exceptional").is_some(), successes >= 5, "{roller}");
        assert!(!warned || successes == 0, "{roller}");
        assert_eq!(pool["dice"], json!("5d10"));
    }
}

#[test]
fn seeded_success_counts_fit_the_exact_pool_distribution() {
    let rolled = pools(3, 2, 7, 1_000);
    let exact = fray::rulesets::family::storyteller::pool::pool_distribution(5);
    let cap = exact.last().unwrap().0.successes;
    let expected: BTreeMap<String, f64> =
        exact.iter().map(|(pool, p)| (pool.successes.to_string(), p.to_f64())).collect();
    let observed = count(&rolled, |r| r["successes"].as_u64().unwrap().min(u64::from(cap)).to_string());
    assert_fits("successes of 5d10", &observed, &expected);
}

#[test]
fn seeded_ten_again_fits_the_negative_binomial() {
    // Each die brings a run of 10s: extra dice k with probability (1/10)^k (9/10); five dice
    // bring C(k+4, 4) (1/10)^k (9/10)^5.
    let rolled = pools(3, 2, 8, 1_000);
    const TOP: u64 = 12;
    let mut expected = BTreeMap::new();
    let mut binomial = 1.0; // C(k+4, 4)
    let mut rest = 1.0;
    for k in 0..TOP {
        if k > 0 {
            binomial = binomial * (k + 4) as f64 / k as f64;
        }
        let p = binomial * 0.1f64.powi(k as i32) * 0.9f64.powi(5);
        expected.insert(format!("{k:02}"), p);
        rest -= p;
    }
    expected.insert(format!("{TOP:02}"), rest);
    let observed = count(&rolled, |r| format!("{:02}", (r["pool"]["again"].as_array().unwrap().len() as u64).min(TOP)));
    assert_fits("10-again dice of 5d10", &observed, &expected);
}

#[test]
fn seeded_chance_dice_fit_their_odds() {
    // Wits 0 + Composure 0: a chance die. Successes only on 10 (and a 10 re-rolled needs a
    // 10 again); a 1 is a dramatic failure.
    let rolled = pools(0, 0, 9, 1_000);
    for roller in &rolled {
        let pool = &roller["pool"];
        assert_eq!((pool["dice"].as_str(), pool["chance"].as_bool()), (Some("chance"), Some(true)));
        let first = faces(pool, "rolls")[0];
        assert_eq!(roller["dramatic"].as_bool().unwrap_or(false), first == 1, "{roller}");
        assert_eq!(roller["surprised"], json!(first != 10), "{roller}");
    }
    let exact = fray::rulesets::family::storyteller::pool::pool_distribution(0);
    let cap = exact.last().unwrap().0.successes;
    let key = |successes: u64, dramatic: bool| format!("{successes}{}", if dramatic { " dramatic" } else { "" });
    let expected: BTreeMap<String, f64> =
        exact.iter().map(|(pool, p)| (key(u64::from(pool.successes), pool.dramatic), p.to_f64())).collect();
    let observed = count(&rolled, |r| {
        key(r["successes"].as_u64().unwrap().min(u64::from(cap)), r["dramatic"].as_bool().unwrap_or(false))
    });
    assert_fits("chance die", &observed, &expected);
}

// ------------------------------------------------------------------------------------------
// Surprise

const AMBUSH: [&str; 5] =
    ["surprise", "Mitch:wits=2,composure=3", "Larry:wits=1,composure=1,mod=-3", "Thug:ambusher", "Guard:in-combat"];

/// The chance that a pool of `size` rolls an exceptional success (five or more), from the
/// pool's success counts.
fn exceptional(size: i32) -> Prob {
    let dist = fray::rulesets::family::storyteller::pool::pool_distribution(size);
    Prob::sum(dist.iter().filter(|(pool, _)| pool.successes >= 5).map(|(_, p)| p))
}

#[test]
fn surprise_odds_are_seven_tenths_per_die() {
    let entries = odds(&wod(&AMBUSH));
    let part = |name: &str| -> Vec<(String, String)> {
        entries
            .iter()
            .filter(|e| e.0.as_deref() == Some(name))
            .map(|e| (e.1.to_string(), e.3.clone().unwrap()))
            .collect()
    };
    let outcome = |surprised: bool, dramatic: bool| json!({ "surprised": surprised, "dramatic": dramatic }).to_string();
    // Five dice: no success on (7/10)^5, unless Larry, beside him, rolls an exceptional success
    // (five 10s in a row on his chance die).
    let larry_calm = exceptional(-2).complement();
    assert_eq!(larry_calm, Prob::new(99_999, 100_000));
    let mitch = Prob::new(16_807, 100_000).mul(&larry_calm);
    assert_eq!(
        part("Mitch"),
        [(outcome(false, false), mitch.complement().to_string()), (outcome(true, false), mitch.to_string())]
    );
    // A chance die: surprised on 2-9 (8/10), dramatically on 1 (1/10); not on 10; and never
    // when Mitch's five dice make an exceptional success.
    let mitch_calm = exceptional(5).complement();
    let (plain, dramatic) = (Prob::new(8, 10).mul(&mitch_calm), Prob::new(1, 10).mul(&mitch_calm));
    let warned_dramatic = Prob::new(1, 10).mul(&exceptional(5));
    let not = Prob::sum([&plain, &dramatic, &warned_dramatic]).complement();
    assert_eq!(
        part("Larry"),
        [
            (outcome(false, false), not.to_string()),
            (outcome(false, true), warned_dramatic.to_string()),
            (outcome(true, false), plain.to_string()),
            (outcome(true, true), dramatic.to_string())
        ]
    );
    // Ambushers and those already fighting do not roll, so have no part.
    assert_eq!(entries.len(), 6);
}

#[test]
fn seeded_surprise_fits_its_odds() {
    let cast = ["surprise", "Ann:wits=1,composure=1", "Bo:wits=0,composure=1,mod=-1,side=monsters"];
    let mut args = wod(&["--seed=21", "-n", "3000"]);
    args.extend_from_slice(&cast);
    let docs = json_lines(&args);
    let entries = odds(&wod(&cast));
    for (k, name) in ["Ann", "Bo"].iter().enumerate() {
        let observed = count(&docs, |doc| {
            let c = &doc["combatants"][k];
            json!({ "surprised": c["surprised"], "dramatic": c["dramatic"].as_bool().unwrap_or(false) }).to_string()
        });
        assert_fits(name, &observed, &odds_of(&entries, Some(name)));
    }
    // Every roller is marked with its successes and whether it is surprised.
    for doc in &docs {
        for c in doc["combatants"].as_array().unwrap() {
            assert!(c["successes"].is_u64() && c["surprised"].is_boolean(), "{c}");
        }
    }
}

#[test]
fn surprise_snapshots() {
    let mut args = wod(&["--seed=4"]);
    args.extend_from_slice(&AMBUSH);
    insta::assert_snapshot!("surprise_text", stdout(&args));
    let mut json_args = vec!["-f", "json"];
    json_args.extend_from_slice(&args);
    insta::assert_snapshot!("surprise_json", stdout(&json_args));
    let mut quiet = args.clone();
    quiet.push("-q");
    assert_eq!(stdout(&quiet), "Mitch,Larry\n");
    let mut odds_args = args.clone();
    odds_args.push("--odds");
    insta::assert_snapshot!("surprise_odds_text", stdout(&odds_args));
}

#[test]
fn surprise_in_colour() {
    let mut args = vec!["-r", "wod", "--seed=4"];
    args.extend_from_slice(&AMBUSH);
    insta::assert_snapshot!("surprise_colour", coloured(&args));
}

#[test]
fn groups_roll_one_pool_each_and_share_one_odds_part() {
    let doc = json(&wod(&["--seed=2", "surprise", "Thug*3:wits=1,composure=1", "Mitch"]));
    let names: Vec<&str> = doc["combatants"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Thug 1", "Thug 2", "Thug 3", "Mitch"]);
    let entries = odds(&wod(&["surprise", "Thug*3:wits=1,composure=1", "Mitch"]));
    let parts: Vec<&str> = entries.iter().map(|e| e.0.as_deref().unwrap()).collect();
    assert_eq!(parts, ["Thug 1-3", "Thug 1-3", "Mitch", "Mitch"]);
    // Two dice: 49/100; Mitch's default four: 2401/10000; each unless someone else on the side
    // rolls an exceptional success.
    let (two, four) = (exceptional(2).complement(), exceptional(4).complement());
    let thug = Prob::new(49, 100).mul(&two).mul(&two).mul(&four);
    let mitch = Prob::new(2401, 10_000).mul(&two).mul(&two).mul(&two);
    assert_eq!(entries[1].3, Some(thug.to_string()));
    assert_eq!(entries[3].3, Some(mitch.to_string()));
}

#[test]
fn a_roster_from_standard_input() {
    let roster = "combatants:\n  - name: Mitch\n    wits: 2\n    composure: 3\n  - name: Thug\n    count: 2\n    side: monsters\n    ambusher: true\n";
    let out =
        fray().args(["-r", "wod", "--seed=3", "-f", "json", "surprise", "--roster", "-"]).write_stdin(roster).run();
    assert!(out.success(), "{}", out.stderr);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let stances: Vec<(&str, &str, &str)> = doc["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), c["side"].as_str().unwrap(), c["stance"].as_str().unwrap()))
        .collect();
    assert_eq!(
        stances,
        [("Mitch", "party", "rolls"), ("Thug 1", "monsters", "ambusher"), ("Thug 2", "monsters", "ambusher")]
    );
    let example = stdout(&wod(&["surprise", "--roster-example"]));
    let out = fray().args(["-r", "wod", "--seed=3", "encounter", "--roster", "-"]).write_stdin(example).run();
    assert!(out.success(), "the roster template runs: {}", out.stderr);
}

// ------------------------------------------------------------------------------------------
// The extremes of the surprise roll (WoD p. 151–152)

/// Mitch's eight dice may make an exceptional success; Bo's chance die may fail dramatically.
const EXTREMES: [&str; 5] = [
    "encounter",
    "Mitch:wits=4,composure=4",
    "Larry:wits=1,composure=1",
    "Bo:wits=0,composure=0,dex=3",
    "Ghoul:ambusher,side=monsters",
];

#[test]
fn an_exceptional_success_leaves_nobody_on_the_side_caught_off_guard() {
    let mut args = wod(&["--seed=7"]);
    args.extend_from_slice(&EXTREMES);
    let doc = json(&args);
    let c = &doc["surprise"]["combatants"];
    assert!(c[0]["successes"].as_u64().unwrap() >= 5 && c[0]["exceptional"] == json!(true), "{c}");
    for k in [1, 2] {
        // Their own rolls have no success, yet they are not surprised.
        assert_eq!(
            (&c[k]["successes"], &c[k]["surprised"], &c[k]["warned_by"]),
            (&json!(0), &json!(false), &json!("Mitch"))
        );
        assert!(c[k].get("enters_round").is_none(), "{c}");
    }
    assert_eq!(doc["surprise"]["surprised"], json!([]));
    assert!(doc["initiative"].get("rounds").is_none(), "everyone acts from round 1: {doc}");
    let text = stdout(&args);
    let wide = stdout(&[&args[..], &["--width", "120"]].concat());
    assert!(wide.contains("→ Mitch's exceptional success: nobody on party is caught off guard"), "{wide}");
    insta::assert_snapshot!("exceptional_text", text);
}

#[test]
fn a_dramatic_failure_enters_in_round_three() {
    let mut args = wod(&["--seed=1"]);
    args.extend_from_slice(&EXTREMES);
    let doc = json(&args);
    let bo = &doc["surprise"]["combatants"][2];
    assert_eq!((&bo["pool"]["rolls"], &bo["dramatic"], &bo["surprised"]), (&json!([1]), &json!(true), &json!(true)));
    assert_eq!(bo["enters_round"], json!(3));
    assert_eq!(doc["surprise"]["combatants"][1]["enters_round"], json!(2));
    let rounds = doc["initiative"]["rounds"].as_array().unwrap();
    let acting = |r: usize| -> Vec<String> { order_of(&rounds[r]["order"]).into_iter().map(|(n, _)| n).collect() };
    assert_eq!(rounds.len(), 3);
    assert_eq!(acting(0), ["Mitch", "Ghoul"]);
    assert_eq!(rounds[1]["sits_out"], json!([{ "name": "Bo", "reason": "dramatic_failure" }]));
    assert_eq!(acting(1), ["Mitch", "Ghoul", "Larry"]);
    assert_eq!((&rounds[2]["round"], &rounds[2]["onward"]), (&json!(3), &json!(true)));
    let place = doc["initiative"]["order"].as_array().unwrap().iter().find(|p| p["name"] == "Bo").unwrap().clone();
    assert_eq!(place["enters_round"], json!(3));
    insta::assert_snapshot!("dramatic_text", stdout(&args));
    // WoD p. 151: the dramatic failure loses its Defense for both turns it cannot act.
    assert_eq!(bo["defense_from_round"], json!(3));
    assert_eq!(doc["surprise"]["combatants"][1]["defense_from_round"], json!(2));
    assert_eq!(doc["surprise"]["combatants"][0].get("defense_from_round"), None);
    // Lines wrap at the width: the words are compared, not the breaks.
    let text = flat(&stdout(&args));
    assert!(text.contains("Bo surprised, dramatic failure: no action and no Defense in rounds 1 and 2;"), "{text}");
    let mut quiet = args.clone();
    quiet.push("-q");
    assert_eq!(stdout(&quiet), "surprised=Larry,Bo order=Mitch,Ghoul\n");
}

#[test]
fn seeded_warnings_fit_their_odds() {
    // Ten dice roll an exceptional success often enough to warn Bo's chance die a few dozen times.
    let cast = ["surprise", "Ann:wits=5,composure=5", "Bo:wits=0,composure=0"];
    let mut args = wod(&["--seed=23", "-n", "3000"]);
    args.extend_from_slice(&cast);
    let docs = json_lines(&args);
    let entries = odds(&wod(&cast));
    let observed = count(&docs, |doc| {
        let c = &doc["combatants"][1];
        json!({ "surprised": c["surprised"], "dramatic": c["dramatic"].as_bool().unwrap_or(false) }).to_string()
    });
    let expected = odds_of(&entries, Some("Bo"));
    assert_eq!(expected.len(), 4, "{expected:?}");
    let warned = json!({ "surprised": false, "dramatic": true }).to_string();
    assert!(observed[&warned] >= 20, "{observed:?}");
    assert_fits("Bo", &observed, &expected);
    // Ann: no success on ten dice, (7/10)^10, unless Bo's chance die comes up 10 five times.
    let ann = odds_of(&entries, Some("Ann"));
    let caught = ann[&json!({ "surprised": true, "dramatic": false }).to_string()];
    assert!((caught - 0.7f64.powi(10) * (1.0 - 1e-5)).abs() < 1e-12, "{caught}");
}

// ------------------------------------------------------------------------------------------
// Initiative

#[test]
fn initiative_is_d10_plus_dexterity_and_composure() {
    for doc in
        json_lines(&wod(&["--seed=5", "-n", "200", "initiative", "Mitch:dex=3,composure=2", "Larry:init=7", "Ann"]))
    {
        for c in doc["combatants"].as_array().unwrap() {
            let d10 = c["roll"]["total"].as_i64().unwrap();
            assert!((1..=10).contains(&d10) && c["roll"]["dice"] == json!("1d10"), "{c}");
            let modifier = match c["name"].as_str().unwrap() {
                "Mitch" => 5,
                "Larry" => 7,
                _ => 4, // Dexterity 2 + Composure 2 when not given
            };
            assert_eq!((c["modifier"].as_i64(), c["initiative"].as_i64()), (Some(modifier), Some(d10 + modifier)));
        }
        // Highest first; equal totals by the higher modifier.
        let order = doc["order"].as_array().unwrap();
        for pair in order.windows(2) {
            let key = |p: &Value| (p["total"].as_i64().unwrap(), p["modifier"].as_i64().unwrap());
            assert!(key(&pair[0]) >= key(&pair[1]), "{doc}");
        }
    }
}

#[test]
fn seeded_initiative_fits_its_odds() {
    let cast = ["initiative", "A:init=1", "B:init=0", "C:init=3"];
    let mut args = wod(&["--seed=31", "-n", "4000"]);
    args.extend_from_slice(&cast);
    let docs = json_lines(&args);
    let mut odds_args = wod(&[]);
    odds_args.extend_from_slice(&cast);
    let entries = odds(&odds_args);
    assert_eq!(entries.len(), 6, "three combatants: every full order");
    let observed = count(&docs, |doc| {
        json!(order_of(&doc["order"]).iter().map(|(n, _)| n.clone()).collect::<Vec<_>>()).to_string()
    });
    assert_fits("acting order", &observed, &odds_of(&entries, None));
}

#[test]
fn equal_totals_without_the_traits_go_to_the_higher_modifier_then_a_roll_off() {
    let doc = json(&wod(&["--seed=1", "initiative", "Low:init=2,initiative=9", "High:init=5,initiative=9"]));
    assert_eq!(order_of(&doc["order"]), pairs(&[("High", 9), ("Low", 9)]));
    assert_eq!(doc["ties"][0]["by"], json!(["modifier"]));
    let entries = odds(&wod(&["initiative", "A:initiative=9", "B:initiative=9"]));
    let fractions: Vec<&str> = entries.iter().map(|e| e.3.as_deref().unwrap()).collect();
    assert_eq!(fractions, ["1/2", "1/2"]);
}

#[test]
fn equal_totals_go_to_the_higher_dexterity_and_composure_also_under_init() {
    // WoD p. 152: Bold's init=7 is the higher modifier, but Quick's Dexterity 3 + Composure 3
    // beats Bold's 1 + 1, so Quick acts first on the tie.
    let cast =
        ["initiative", "Bold:init=7,dex=1,composure=1,initiative=9", "Quick:init=2,dex=3,composure=3,initiative=9"];
    let doc = json(&wod(&cast));
    assert_eq!(order_of(&doc["order"]), pairs(&[("Quick", 9), ("Bold", 9)]));
    assert_eq!(doc["ties"][0]["by"], json!(["dex_composure"]));
    assert!(doc["ties"][0].get("roll_offs").is_none(), "nothing left to roll off: {doc}");
    let text = stdout(&wod(&cast));
    assert!(text.contains("tie at 9: Quick, then Bold — higher Dexterity + Composure first\n"), "{text}");
    let entries = odds(&wod(&cast));
    assert_eq!((entries.len(), &entries[0].1, entries[0].3.as_deref()), (1, &json!(["Quick", "Bold"]), Some("1")));

    // Level on Dexterity + Composure as well: a d10 roll-off, each order half the time.
    let level = ["initiative", "A:init=7,dex=2,composure=2,initiative=9", "B:init=2,dex=3,composure=1,initiative=9"];
    let doc = json(&wod(&["--seed=1", level[0], level[1], level[2]]));
    assert!(doc["ties"][0].get("by").is_none(), "{doc}");
    assert_eq!(doc["ties"][0]["roll_offs"][0]["names"], json!(["A", "B"]));
    let fractions: Vec<String> = odds(&wod(&level)).iter().map(|e| e.3.clone().unwrap()).collect();
    assert_eq!(fractions, ["1/2", "1/2"]);

    // One without the traits: its init=5 stands in, and beats Fast's 1 + 1 despite Fast's init=9.
    let mixed = ["initiative", "Fast:init=9,dex=1,composure=1,initiative=9", "Plain:init=5,initiative=9"];
    let doc = json(&wod(&mixed));
    assert_eq!(order_of(&doc["order"]), pairs(&[("Plain", 9), ("Fast", 9)]));
    assert_eq!(doc["ties"][0]["by"], json!(["dex_composure_or_modifier"]));

    // Several delaying to the same moment follow the same rule (seed 003).
    let delays = [
        "initiative",
        "Bold:init=7,dex=1,composure=1,initiative=10",
        "Quick:init=2,dex=3,composure=3,initiative=8",
        "Larry:initiative=6",
        "--delay",
        "Bold:after=Larry",
        "--delay",
        "Quick:after=Larry",
    ];
    let doc = json(&wod(&delays));
    assert_eq!(order_of(&doc["order"]), pairs(&[("Larry", 6), ("Quick", 5), ("Bold", 5)]));
    assert_eq!((&doc["ties"][0]["kind"], &doc["ties"][0]["by"]), (&json!("moved"), &json!(["dex_composure"])));
}

#[test]
fn the_surprised_enter_in_round_two() {
    let doc = json(&wod(&[
        "--seed=1",
        "initiative",
        "Mitch:initiative=12",
        "Larry:initiative=4,surprised",
        "Thug:initiative=9",
    ]));
    assert_eq!(doc["order"][2]["enters_round"], json!(2));
    let rounds = doc["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 2);
    assert_eq!(order_of(&rounds[0]["order"]), pairs(&[("Mitch", 12), ("Thug", 9)]));
    assert_eq!((rounds[1]["round"].as_i64(), rounds[1]["onward"].as_bool()), (Some(2), Some(true)));
    assert_eq!(rounds[1]["order"].as_array().unwrap().len(), 3);
}

#[test]
fn initiative_snapshots() {
    let args = wod(&[
        "--seed=12",
        "initiative",
        "Mitch:dex=3,composure=2",
        "Larry:init=5",
        "Ann",
        "Bob",
        "Cy:surprised",
        "--delay",
        "Mitch:after=Bob",
        "--hold",
        "Ann",
    ]);
    insta::assert_snapshot!("initiative_text", stdout(&args));
    let mut json_args = vec!["-f", "json"];
    json_args.extend_from_slice(&args);
    insta::assert_snapshot!("initiative_json", stdout(&json_args));
    let odds_args = wod(&["--odds", "initiative", "Mitch:dex=3,composure=2", "Larry:init=5", "Ann:surprised"]);
    insta::assert_snapshot!("initiative_odds_text", stdout(&odds_args));
}

// ------------------------------------------------------------------------------------------
// Encounter

const STREET: [&str; 4] =
    ["encounter", "Mitch:wits=1,composure=1,dex=3", "Larry:wits=2,composure=1", "Thug:ambusher,side=monsters"];

#[test]
fn seeded_encounters_fit_their_odds() {
    let mut args = wod(&["--seed=41", "-n", "4000"]);
    args.extend_from_slice(&STREET);
    let docs = json_lines(&args);
    let entries = odds(&wod(&STREET));
    fights_fit(&docs, &entries, "round 1");
    let mitch = count(&docs, |doc| {
        let c = &doc["surprise"]["combatants"][0];
        json!({ "surprised": c["surprised"], "dramatic": c["dramatic"].as_bool().unwrap_or(false) }).to_string()
    });
    assert_fits("Mitch surprised", &mitch, &odds_of(&entries, Some("surprise: Mitch")));
}

/// The names of a JSON order list, as one JSON string.
fn names(list: &Value) -> String {
    json!(order_of(list).iter().map(|(n, _)| n.clone()).collect::<Vec<_>>()).to_string()
}

/// Seeded encounters against their odds: the acting order, and who acts in `first` (`round 1`,
/// or `turn 1` in cofd). The surprised roll initiative too, but enter late; an ambusher never does.
pub(crate) fn fights_fit(docs: &[Value], entries: &[(Option<String>, Value, f64, Option<String>)], first: &str) {
    let first_order = count(docs, |doc| match doc["initiative"]["rounds"].get(0) {
        Some(first) => names(&first["order"]),
        None => names(&doc["initiative"]["order"]),
    });
    assert_fits(first, &first_order, &odds_of(entries, Some(first)));
    assert_fits("order", &count(docs, |doc| names(&doc["initiative"]["order"])), &odds_of(entries, Some("order")));
    for doc in docs {
        let surprised = doc["surprise"]["surprised"].as_array().unwrap();
        for place in doc["initiative"]["order"].as_array().unwrap() {
            assert_eq!(place.get("enters_round").is_some(), surprised.contains(&place["name"]), "{doc}");
        }
    }
}

#[test]
fn encounter_odds_by_hand() {
    // Mitch rolls two dice (surprised 49/100); his initiative is d10 + 6 (Dexterity 5 +
    // Composure 1) against the ambusher's d10 + 4.
    let entries = odds(&wod(&["encounter", "Mitch:wits=1,composure=1,dex=5", "Thug:ambusher,side=monsters"]));
    let part = |name: &str| -> Vec<(Value, String)> {
        entries.iter().filter(|e| e.0.as_deref() == Some(name)).map(|e| (e.1.clone(), e.3.clone().unwrap())).collect()
    };
    assert_eq!(part("surprise: Mitch")[1].1, "49/100");
    // Thug first only when his d10 beats Mitch's by 3 or more (a tie goes to Mitch's higher
    // modifier): 7 + 6 + … + 1 = 28 of 100 pairs.
    assert_eq!(part("order"), [(json!(["Mitch", "Thug"]), "18/25".into()), (json!(["Thug", "Mitch"]), "7/25".into())]);
    // Round 1: Thug alone when Mitch is surprised (49/100); else the standing order (51/100 of it).
    assert_eq!(
        part("round 1"),
        [
            (json!(["Mitch", "Thug"]), "459/1250".into()),
            (json!(["Thug"]), "49/100".into()),
            (json!(["Thug", "Mitch"]), "357/2500".into())
        ]
    );
}

#[test]
fn encounter_snapshots() {
    let mut args = wod(&["--seed=6"]);
    args.extend_from_slice(&STREET);
    let [text, yaml, quiet, odds] = encounter_outputs(&args);
    insta::assert_snapshot!("encounter_text", text);
    insta::assert_snapshot!("encounter_yaml", yaml);
    insta::assert_snapshot!("encounter_quiet", quiet);
    insta::assert_snapshot!("encounter_odds_text", odds);
}

/// An encounter run with Larry's action readied before Thug's, as text, YAML and its `-q`
/// line; and its odds without the readied action.
pub(crate) fn encounter_outputs(args: &[&str]) -> [String; 4] {
    let mut readied = args.to_vec();
    readied.extend(["--ready", "Larry:before=Thug"]);
    let mut yaml = vec!["-f", "yaml"];
    yaml.extend_from_slice(&readied);
    let mut quiet = readied.clone();
    quiet.push("-q");
    let mut odds_args = vec!["--odds"];
    odds_args.extend(args.iter().filter(|a| !a.starts_with("--seed")));
    [stdout(&readied), stdout(&yaml), stdout(&quiet), stdout(&odds_args)]
}

// ------------------------------------------------------------------------------------------
// Errors

#[test]
fn procedures_wod_lacks_name_who_has_them() {
    for (command, rule) in [("distance", "encounter-distance"), ("reaction", "reaction"), ("pursue", "pursuit")] {
        let err = fails(&wod(&[command]), 2);
        assert!(err.contains(&format!("the wod ruleset has no {rule} rule; rulesets with one: ose")), "{err}");
    }
}

#[test]
fn commands_without_combatants_show_an_example() {
    for command in ["surprise", "initiative", "encounter"] {
        let err = fails(&wod(&[command]), 2);
        assert!(err.contains(&format!("wod {command} needs combatants")) && err.contains("e.g. fray -r wod"), "{err}");
    }
}

#[test]
fn bad_keys_are_usage_errors() {
    for (spec, says) in [
        ("Mitch:wits=-1", "key 'wits' is -1, out of range; allowed: a whole number from 0 to 10"),
        ("Mitch:composure=-2", "key 'composure' is -2, out of range"),
        ("Mitch:dex=11", "key 'dex' is 11, out of range"),
        ("Mitch:init=30", "key 'init' is 30, out of range; allowed: a whole number from -5 to 25"),
        ("Mitch:mod=x", "key 'mod' has 'x'"),
        ("Mitch:per=16", "unknown combatant key 'per' for the wod ruleset; allowed: wits, composure, dex"),
        ("Mitch:ambusher=3", "key 'ambusher' takes no value"),
    ] {
        let err = fails(&wod(&["surprise", spec]), 2);
        assert!(err.contains(says), "{spec}: {err}");
    }
    let err = fails(&wod(&["surprise", "--side", "party:aware", "Mitch"]), 2);
    assert!(err.contains("unknown side key 'aware' for the wod ruleset; allowed: none"), "{err}");
    let err = fails(&wod(&["surprise", "Mitch:surprised"]), 2);
    assert!(err.contains("key 'surprised' is for the initiative command"), "{err}");
    let err = fails(&wod(&["encounter", "Mitch:surprised"]), 2);
    assert!(err.contains("wod encounter rolls for surprise"), "{err}");
}

#[test]
fn flags_of_other_rulesets_are_refused() {
    for (args, flag) in [
        (vec!["surprise", "Mitch", "--stealth", "14"], "--stealth is not an option of wod surprise"),
        (vec!["surprise", "Mitch", "--ambush"], "--ambush is not an option of wod surprise"),
        (vec!["surprise", "Mitch", "--total"], "--total is not an option of wod surprise"),
        (vec!["initiative", "Mitch", "--variant", "score"], "--variant is not an option of wod initiative"),
        (vec!["initiative", "Mitch", "--ties", "reroll"], "--ties is not an option of wod initiative"),
        (vec!["encounter", "Mitch", "--cha", "12"], "--cha is not an option of wod encounter"),
    ] {
        let err = fails(&wod(&args), 2);
        assert!(err.contains(flag) && err.contains("takes"), "{args:?}: {err}");
    }
    let err = fails(&wod(&["initiative", "Mitch", "--surprised", "party"]), 2);
    assert!(err.contains("it belongs to ose, bx initiative; wod initiative takes --delay, --ready, --hold"), "{err}");
}

#[test]
fn bad_delays_are_usage_errors_naming_the_flag() {
    let cases: [(&[&str], &str); 12] = [
        (&["--delay", "Bob:after=Larry"], "--delay names 'Bob', which is not a combatant; combatants: Mitch, Larry"),
        (&["--delay", "Mitch:after=Bob"], "--delay names 'Bob', which is not a combatant"),
        (&["--ready", "Mitch:before=Bob"], "--ready names 'Bob', which is not a combatant"),
        (&["--hold", "Bob"], "--hold names 'Bob', which is not a combatant"),
        (&["--delay", "Mitch"], "--delay 'Mitch' needs after=OTHER; write --delay NAME:after=OTHER"),
        (&["--ready", "Mitch"], "--ready 'Mitch' needs before=OTHER"),
        (
            &["--delay", "Mitch:before=Larry"],
            "a delay acts after OTHER; an action prepared to fire before OTHER is --ready",
        ),
        (&["--ready", "Mitch:after=Larry"], "a readied action fires before OTHER"),
        (&["--delay", "Mitch:at=Larry"], "--delay 'Mitch:at=Larry': unknown key 'at'; allowed: after"),
        (&["--delay", "Mitch:after=Mitch"], "a combatant cannot wait for itself"),
        (&["--delay", "Mitch:after=Larry", "--delay", "Mitch:after=Larry"], "--delay names 'Mitch' twice"),
        (&["--delay", "Mitch:after=Larry", "--hold", "Mitch"], "'Mitch' is in both --delay and --hold"),
    ];
    for (flags, says) in cases {
        let mut args = wod(&["initiative", "Mitch", "Larry"]);
        args.extend_from_slice(flags);
        let err = fails(&args, 2);
        assert!(err.contains(says), "{flags:?}: {err}");
    }
    let err = fails(
        &wod(&["initiative", "A", "B", "C", "--delay", "A:after=B", "--ready", "B:before=C", "--delay", "C:after=A"]),
        2,
    );
    assert!(err.contains("go round in a circle: A waits for B waits for C waits for A"), "{err}");
    let err = fails(&wod(&["initiative", "A", "B", "--hold", "A:before=B", "--hold", "B"]), 2);
    assert!(err.contains("--hold 'A' is placed beside B, who holds too"), "{err}");
    let err = fails(&wod(&["initiative", "A", "B:surprised", "--hold", "B"]), 2);
    assert!(err.contains("B is surprised and has no first-round action to give up"), "{err}");
    let err = fails(&wod(&["encounter", "A", "--delay", "A:after=Z"]), 2);
    assert!(err.contains("--delay names 'Z', which is not a combatant"), "{err}");
}

#[test]
fn a_delay_that_would_act_earlier_is_marked_void() {
    let doc = json(&wod(&[
        "--seed=1",
        "initiative",
        "Mitch:initiative=10",
        "Larry:initiative=6",
        "--delay",
        "Larry:after=Mitch",
    ]));
    assert_eq!(order_of(&doc["order"]), pairs(&[("Mitch", 10), ("Larry", 6)]));
    assert_eq!(doc["order"][1]["delayed"], json!({ "after": "Mitch", "from": 6, "void": true }));
    let text = stdout(&wod(&[
        "--seed=1",
        "initiative",
        "Mitch:initiative=10",
        "Larry:initiative=6",
        "--ready",
        "Larry:before=Mitch",
    ]));
    assert!(text.contains("acts after Mitch: no turn to ready an action before Mitch"), "{text}");
}
