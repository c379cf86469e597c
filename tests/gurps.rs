//! Tests of the gurps ruleset, end to end through the binary: the seed's cases by hand,
//! seeded runs against `--odds`, snapshots of every format, and every error path.

use crate::common::*;
use serde_json::Value;
use std::collections::BTreeMap;

/// `fray -r gurps ARGS…`
fn g(args: &[&str]) -> Vec<String> {
    let mut all = vec!["-r".to_string(), "gurps".to_string()];
    all.extend(args.iter().map(|a| a.to_string()));
    all
}

fn run(args: &[&str]) -> String {
    let all = g(args);
    stdout(&all.iter().map(String::as_str).collect::<Vec<_>>())
}

fn doc(args: &[&str]) -> Value {
    let all = g(args);
    json(&all.iter().map(String::as_str).collect::<Vec<_>>())
}

fn docs(args: &[&str]) -> Vec<Value> {
    let all = g(args);
    json_lines(&all.iter().map(String::as_str).collect::<Vec<_>>())
}

fn gurps_odds(args: &[&str]) -> Vec<(Option<String>, Value, f64, Option<String>)> {
    let all = g(args);
    odds(&all.iter().map(String::as_str).collect::<Vec<_>>())
}

fn gurps_fails(args: &[&str], code: i32) -> String {
    let all = g(args);
    fails(&all.iter().map(String::as_str).collect::<Vec<_>>(), code)
}

/// The fractions of one part, outcome → fraction.
fn fractions(entries: &[(Option<String>, Value, f64, Option<String>)], part: &str) -> Vec<(String, String)> {
    entries
        .iter()
        .filter(|e| e.0.as_deref() == Some(part))
        .map(|e| (e.1.to_string(), e.3.clone().expect("exact odds have fractions")))
        .collect()
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

/// The combatant called `name` in a surprise document.
fn combatant<'a>(surprise: &'a Value, name: &str) -> &'a Value {
    surprise["combatants"].as_array().unwrap().iter().find(|c| c["name"] == name).unwrap()
}

// ------------------------------------------------------------------------------------------
// Partial surprise: the leaders' roll, every modifier of seed 001 by hand

/// The winner odds of a partial surprise between two sides given as `--side` specs.
fn winner_odds(party: &str, monsters: &str, combatants: &[&str]) -> Vec<(String, String)> {
    let mut args = vec!["surprise", "--side", party, "--side", monsters];
    args.extend_from_slice(combatants);
    fractions(&gurps_odds(&args), "winner")
}

/// party at +n (n = 0..=3) against monsters at +0: the fractions of 1d+n against 1d.
fn edge(n: i32) -> Vec<(String, String)> {
    let (win, lose, tie) = match n {
        0 => ("5/12", "5/12", "1/6"),
        1 => ("7/12", "5/18", "5/36"),
        2 => ("13/18", "1/6", "1/9"),
        3 => ("5/6", "1/12", "1/12"),
        -2 => ("1/6", "13/18", "1/9"),
        _ => unreachable!(),
    };
    pairs(&[("\"party\"", win), ("\"monsters\"", lose), ("null", tie)])
}

#[test]
fn equal_leaders_win_five_twelfths_each() {
    assert_eq!(winner_odds("party", "monsters", &[]), edge(0));
}

#[test]
fn leader_with_combat_reflexes_gets_two() {
    assert_eq!(winner_odds("party:leader-cr", "monsters", &[]), edge(2));
    // From the combatant marked leader, too.
    assert_eq!(winner_odds("party", "monsters", &["Ansel:leader,cr", "Orc:side=monsters"]), edge(2));
}

#[test]
fn someone_else_with_combat_reflexes_gives_one_not_both() {
    assert_eq!(winner_odds("party:cr", "monsters", &[]), edge(1));
    assert_eq!(winner_odds("party", "monsters", &["Ansel:leader", "Bree:cr", "Orc:side=monsters"]), edge(1));
    // A leader with Combat Reflexes and others with them too: still +2, never +3.
    assert_eq!(winner_odds("party:leader-cr,cr", "monsters", &[]), edge(2));
    assert_eq!(winner_odds("party", "monsters", &["Ansel:leader,cr", "Bree:cr", "Orc:side=monsters"]), edge(2));
}

#[test]
fn the_leader_with_the_higher_iq_gets_one() {
    assert_eq!(winner_odds("party:leader-iq=12", "monsters:leader-iq=11", &[]), edge(1));
    assert_eq!(winner_odds("party:leader-iq=12", "monsters:leader-iq=12", &[]), edge(0));
    assert_eq!(winner_odds("party", "monsters", &["Ansel:leader,iq=13", "Orc:side=monsters"]), edge(1));
    // The marked leader's IQ counts, not a brighter follower's.
    assert_eq!(winner_odds("party", "monsters", &["Ansel:leader", "Bree:iq=13", "Orc:side=monsters"]), edge(0));
}

// ------------------------------------------------------------------------------------------
// Who leads: the marked combatant, else the first listed (SPEC §3.2), never a made-up IQ 10

#[test]
fn unmarked_the_first_listed_leads_with_its_own_iq_and_combat_reflexes() {
    // Ansel leads the party: +2 for his Combat Reflexes and +1 for IQ 12 against Orc 1's 10.
    // 1d+3 against 1d: lose on 3 of 36 (5-1, 6-1, 6-2), tie on 3 (4-1, 5-2, 6-3), win 30/36 = 5/6.
    let entries = gurps_odds(&["surprise", "Ansel:iq=12,cr", "Orc*3:side=monsters"]);
    assert_eq!(fractions(&entries, "winner"), edge(3));
    assert_eq!(fractions(&entries, "winner")[0].1, "5/6");
    // The first listed, not the brightest: Bree's IQ 13 does not count while Ansel leads.
    assert_eq!(winner_odds("party", "monsters", &["Ansel", "Bree:iq=13", "Orc:side=monsters"]), edge(0));
    // A dull first orc leads the monsters: the party's plain IQ 10 leader is the brighter one.
    assert_eq!(winner_odds("party", "monsters", &["Ansel", "Orc*2:side=monsters,iq=8"]), edge(1));
    // Combat Reflexes on a follower only: +1, named.
    assert_eq!(winner_odds("party", "monsters", &["Ansel", "Bree:cr", "Orc:side=monsters"]), edge(1));
}

#[test]
fn the_first_listed_leader_is_named_in_json_and_text() {
    let args = ["--seed", "1", "surprise", "Ansel:iq=12,cr", "Orc*3:side=monsters"];
    let d = doc(&args);
    assert_eq!(
        d["sides"][0]["leader"],
        serde_json::json!({"name": "Ansel", "first_listed": true, "iq": 12, "cr": true})
    );
    assert_eq!(
        d["sides"][1]["leader"],
        serde_json::json!({"name": "Orc 1", "first_listed": true, "iq": 10, "cr": false})
    );
    let sources: Vec<&str> =
        d["sides"][0]["modifiers"].as_array().unwrap().iter().map(|m| m["source"].as_str().unwrap()).collect();
    assert_eq!(sources, ["leader's Combat Reflexes", "higher IQ (12 vs 10)"]);
    assert_eq!(d["sides"][0]["total"].as_i64().unwrap(), d["sides"][0]["roll"]["total"].as_i64().unwrap() + 3);
    let text = run(&args);
    assert!(text.contains("Ansel leads (first listed): IQ 12, Combat Reflexes"), "{text}");
    assert!(text.contains("Orc 1 leads (first listed): IQ 10"), "{text}");
    // A marked leader is not "first listed".
    let d = doc(&["--seed", "1", "surprise", "Bree", "Ansel:leader,iq=12", "Orc:side=monsters"]);
    assert_eq!(d["sides"][0]["leader"], serde_json::json!({"name": "Ansel", "iq": 12, "cr": false}));
    let text = run(&["--seed", "1", "surprise", "Bree", "Ansel:leader,iq=12", "Orc:side=monsters"]);
    assert!(text.contains("Ansel leads: IQ 12"), "{text}");
}

#[test]
fn rolled_winners_fit_the_odds_with_a_first_listed_leader() {
    fits("first listed", &["surprise", "Ansel:iq=12,cr", "Orc*3:side=monsters"], "winner", |d| d["winner"].to_string());
}

#[test]
fn tactics_gives_one_and_two_at_twenty() {
    assert_eq!(winner_odds("party:tactics=1", "monsters", &[]), edge(1));
    assert_eq!(winner_odds("party:tactics=19", "monsters", &[]), edge(1));
    assert_eq!(winner_odds("party:tactics=20", "monsters", &[]), edge(2));
    assert_eq!(winner_odds("party:tactics=0", "monsters", &[]), edge(0));
}

#[test]
fn leaderless_sides_roll_at_minus_two_unless_animals_or_dim() {
    assert_eq!(winner_odds("party:leaderless", "monsters", &[]), edge(-2));
    assert_eq!(winner_odds("party:leaderless,animals", "monsters", &[]), edge(0));
    assert_eq!(winner_odds("party:leaderless,iq=5", "monsters", &[]), edge(0));
    assert_eq!(winner_odds("party:leaderless,iq=6", "monsters", &[]), edge(-2));
    // Without the side's iq, the group's IQ is its brightest member's.
    assert_eq!(winner_odds("party:leaderless", "monsters", &["Rat*3:iq=4", "Orc:side=monsters"]), edge(0));
    assert_eq!(
        winner_odds("party:leaderless", "monsters", &["Rat*3:iq=4", "Rat King:iq=6", "Orc:side=monsters"]),
        edge(-2)
    );
    // A leaderless side gets no leader bonus, even with Combat Reflexes on it.
    assert_eq!(winner_odds("party:leaderless,cr", "monsters", &[]), edge(-2));
    // And its opponent's leader gets no higher-IQ bonus against it.
    assert_eq!(winner_odds("party:leaderless,animals", "monsters:leader-iq=15", &[]), edge(0));
}

#[test]
fn the_gms_modifier_and_everything_combined() {
    assert_eq!(winner_odds("party:mod=3", "monsters", &[]), edge(3));
    assert_eq!(winner_odds("party:mod=1", "monsters:mod=1", &[]), edge(0));
    // +2 CR, +1 higher IQ, +2 Tactics 20 against -2 leaderless: 1d+5 always beats 1d-2.
    let all = winner_odds("party:leader-cr,leader-iq=12,tactics=20", "monsters:leaderless", &[]);
    assert_eq!(all, pairs(&[("\"party\"", "1")]));
}

#[test]
fn the_modifiers_are_shown_with_their_reasons() {
    let d = doc(&[
        "--seed",
        "1",
        "surprise",
        "--side",
        "party:tactics=21,mod=-1",
        "--side",
        "monsters:leaderless",
        "Ansel:leader,iq=12,cr",
        "Bree:cr",
        "Orc*2:side=monsters",
    ]);
    let sources = |i: usize| -> Vec<(i64, String)> {
        d["sides"][i]["modifiers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["value"].as_i64().unwrap(), m["source"].as_str().unwrap().to_string()))
            .collect()
    };
    assert_eq!(
        sources(0),
        [(2, "leader's Combat Reflexes".to_string()), (2, "Tactics 21 (20+)".into()), (-1, "GM's modifier".into())]
    );
    assert_eq!(sources(1), [(-2, "leaderless (the GM rolls)".to_string())]);
    let roll = d["sides"][0]["roll"]["total"].as_i64().unwrap();
    assert_eq!(d["sides"][0]["total"].as_i64().unwrap(), roll + 3);
    assert_eq!(d["sides"][0]["leader"]["name"], "Ansel");
    assert_eq!(d["sides"][1]["leaderless"], true);
}

#[test]
fn a_tie_surprises_nobody() {
    let runs = docs(&["--seed", "21", "-n", "300", "surprise", "Ansel:iq=12", "Orc*2:side=monsters"]);
    let ties: Vec<&Value> = runs.iter().filter(|d| d["winner"].is_null()).collect();
    assert!(ties.len() > 20, "about 1/6 of 300 runs tie");
    for d in ties {
        assert_eq!(d["sides"][0]["total"], d["sides"][1]["total"]);
        for c in d["combatants"].as_array().unwrap() {
            assert_eq!((c["surprised"].as_bool(), c["acts_from_turn"].as_u64()), (Some(false), Some(1)), "{c}");
            assert!(c.get("recovery").is_none());
        }
        assert!(d["sides"].as_array().unwrap().iter().all(|s| s["surprised"] == false));
    }
    for d in runs.iter().filter(|d| !d["winner"].is_null()) {
        let winner = d["winner"].as_str().unwrap();
        let (w, l) = if winner == "party" { (0, 1) } else { (1, 0) };
        assert!(d["sides"][w]["total"].as_i64() > d["sides"][l]["total"].as_i64());
        assert_eq!(d["sides"][l]["surprised"], true);
        for c in d["combatants"].as_array().unwrap() {
            assert_eq!(c["surprised"].as_bool(), Some(c["side"] != winner));
        }
    }
}

// ------------------------------------------------------------------------------------------
// Recovery

#[test]
fn partial_recovery_adds_one_a_turn_and_six_for_combat_reflexes() {
    let runs = docs(&[
        "--seed",
        "8",
        "-n",
        "400",
        "surprise",
        "--side",
        "party:leaderless",
        "--side",
        "monsters",
        "Dim:iq=7",
        "Vet:iq=8,cr",
        "Orc:side=monsters",
    ]);
    let mut seen = 0;
    for d in runs.iter().filter(|d| d["winner"] == "monsters") {
        for (name, iq, cr) in [("Dim", 7, 0), ("Vet", 8, 6)] {
            let c = combatant(d, name);
            assert_eq!(c["shock"], "stunned");
            let rolls = c["recovery"].as_array().unwrap();
            for (k, r) in rolls.iter().enumerate() {
                let turn = r["turn"].as_i64().unwrap();
                assert_eq!(turn, k as i64 + 1, "stunned from turn 1, a roll every turn");
                // seed 001: +1 on the 2nd turn, +2 on the 3rd…, and +6 with Combat Reflexes.
                let target = iq + cr + (turn - 1);
                assert_eq!(r["target"].as_i64().unwrap(), target, "{name} {r}");
                let total = r["roll"]["total"].as_i64().unwrap();
                let success = r["success"].as_bool().unwrap();
                assert_eq!(success, total <= 4 || (total <= 16 && total <= target), "{r}");
                assert_eq!(success, k + 1 == rolls.len() && !c["acts_from_turn"].is_null());
            }
            if let Some(t) = c["acts_from_turn"].as_i64() {
                assert_eq!(t, rolls.len() as i64 + 1, "a success still Does Nothing that turn");
            }
            seen += 1;
        }
    }
    assert!(seen > 100);
}

#[test]
fn three_and_four_always_succeed_and_seventeen_and_eighteen_always_fail() {
    // IQ 1 under total surprise rolls at base IQ 1: only a 3 or 4 succeeds.
    let runs = docs(&["--seed", "3", "-n", "60", "surprise", "--total", "--rounds", "200", "Dull:iq=1"]);
    let mut automatic = 0;
    for d in &runs {
        for r in combatant(d, "Dull")["recovery"].as_array().unwrap() {
            let total = r["roll"]["total"].as_u64().unwrap();
            assert_eq!(r["success"].as_bool(), Some(total <= 4), "{r}");
            if total <= 4 {
                assert_eq!(r["automatic"], true);
                automatic += 1;
            } else {
                assert!(r.get("automatic").is_none());
            }
        }
    }
    assert!(automatic > 30, "{automatic}");
    // IQ 30 with Combat Reflexes targets 36 and more: only a 17 or 18 fails.
    let runs = docs(&[
        "--seed",
        "3",
        "-n",
        "3000",
        "surprise",
        "--side",
        "party:leaderless",
        "--side",
        "monsters",
        "Sage:iq=30,cr",
    ]);
    let mut failures = 0;
    for d in runs.iter().filter(|d| d["winner"] == "monsters") {
        for r in combatant(d, "Sage")["recovery"].as_array().unwrap() {
            let total = r["roll"]["total"].as_u64().unwrap();
            assert_eq!(r["success"].as_bool(), Some(total < 17), "{r}");
            if total >= 17 {
                assert_eq!(r["automatic"], true);
                failures += 1;
            }
        }
    }
    assert!(failures > 5, "{failures}");
}

#[test]
fn total_surprise_freezes_one_d_seconds_then_rolls_base_iq() {
    let runs = docs(&[
        "--seed",
        "12",
        "-n",
        "300",
        "surprise",
        "--total",
        "Clerk:iq=9",
        "Guard:iq=10,cr",
        "Werewolf:side=monsters",
    ]);
    let mut freezes = BTreeMap::new();
    for d in &runs {
        assert_eq!((d["kind"].as_str(), d["attackers"].as_str()), (Some("total"), Some("monsters")));
        let seconds = d["freeze"]["seconds"].as_u64().unwrap();
        assert_eq!(d["freeze"]["roll"]["total"].as_u64(), Some(seconds));
        *freezes.entry(seconds).or_insert(0) += 1;
        let clerk = combatant(d, "Clerk");
        assert_eq!((clerk["shock"].as_str(), clerk["frozen"].as_u64()), (Some("frozen"), Some(seconds)));
        let rolls = clerk["recovery"].as_array().unwrap();
        assert_eq!(rolls[0]["turn"].as_u64(), Some(seconds + 1), "the first roll comes after the freeze");
        for r in rolls {
            assert_eq!(r["target"], 9, "base IQ, no bonus for later turns: {r}");
            assert!(r.get("modifiers").is_none());
        }
        // seed 001: Combat Reflexes never freeze, and total surprise is partial for them.
        let guard = combatant(d, "Guard");
        assert_eq!(guard["shock"], "stunned");
        assert!(guard.get("frozen").is_none());
        let rolls = guard["recovery"].as_array().unwrap();
        assert_eq!(rolls[0]["turn"], 1);
        for r in rolls {
            assert_eq!(r["target"].as_u64().unwrap(), 16 + r["turn"].as_u64().unwrap() - 1);
        }
        let wolf = combatant(d, "Werewolf");
        assert_eq!((wolf["surprised"].as_bool(), wolf["acts_from_turn"].as_u64()), (Some(false), Some(1)));
        assert_eq!(d["sides"][0]["surprised"], true);
        assert_eq!(d["sides"][1]["surprised"], false);
    }
    assert_eq!(freezes.keys().copied().collect::<Vec<u64>>(), [1, 2, 3, 4, 5, 6]);
}

#[test]
fn nobody_freezes_when_every_surprised_combatant_has_combat_reflexes() {
    let d = doc(&["--seed", "1", "surprise", "--total", "Guard:cr", "Scout:cr"]);
    assert!(d["freeze"].is_null());
    // Nobody freezes, but Guard (and monsters, a side without combatants, as one) are surprised.
    assert_eq!(run(&["--seed", "1", "surprise", "-q", "--total", "Guard:cr"]), "Guard\n");
    let entries = gurps_odds(&["surprise", "--total", "Guard:cr"]);
    assert!(fractions(&entries, "freeze").is_empty());
}

#[test]
fn a_side_without_combatants_fights_as_one() {
    let d = doc(&["--seed", "2", "surprise", "--total", "--side", "party:iq=7,cr", "--side", "monsters"]);
    let party = combatant(&d, "party");
    assert_eq!(
        (party["iq"].as_i64(), party["cr"].as_bool(), party["side"].as_str()),
        (Some(7), Some(true), Some("party"))
    );
    let names: Vec<&str> = d["combatants"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["party", "monsters"]);
}

#[test]
fn still_stunned_after_the_turns_followed() {
    let d = doc(&["--seed", "5", "surprise", "--total", "--rounds", "1", "Clerk"]);
    let clerk = combatant(&d, "Clerk");
    assert!(clerk["acts_from_turn"].is_null());
    assert!(clerk.get("recovery").is_none(), "frozen through the one turn followed");
    assert_eq!(d["rounds"], 1);
    let text = run(&["--seed", "5", "surprise", "--total", "--rounds", "1", "Clerk"]);
    assert!(text.contains("still stunned after 1 turn — may miss the fight"), "{text}");
}

// ------------------------------------------------------------------------------------------
// Recovery odds by hand

#[test]
fn recovery_odds_of_a_partial_surprise_by_hand() {
    let entries = gurps_odds(&["surprise", "--rounds", "3", "Ansel", "Orc:side=monsters"]);
    // Ansel's side loses 5/12; then IQ 10 on turn 1 (1/2), 11 on turn 2 (5/8), 12 on turn 3 (20/27).
    assert_eq!(
        fractions(&entries, "Ansel"),
        pairs(&[("1", "7/12"), ("2", "5/24"), ("3", "25/192"), ("4", "25/432"), ("null", "35/1728")])
    );
    // With Combat Reflexes Ansel, who leads, adds +2: his side loses 1/6. Then 16 on turn 1
    // succeeds 53/54, 17+ afterwards too (17–18 fail): 1/6 · 53/54, 1/6 · 1/54 · 53/54, 1/6 · 1/54².
    let entries = gurps_odds(&["surprise", "--rounds", "2", "Ansel:cr", "Orc:side=monsters"]);
    assert_eq!(
        fractions(&entries, "Ansel"),
        pairs(&[("1", "5/6"), ("2", "53/324"), ("3", "53/17496"), ("null", "1/17496")])
    );
}

#[test]
fn recovery_odds_of_a_total_surprise_by_hand() {
    let entries = gurps_odds(&["surprise", "--total", "--rounds", "4", "Clerk", "Werewolf:side=monsters"]);
    assert_eq!(
        fractions(&entries, "freeze"),
        pairs(&[("1", "1/6"), ("2", "1/6"), ("3", "1/6"), ("4", "1/6"), ("5", "1/6"), ("6", "1/6")])
    );
    // Frozen s seconds, then 1/2 a turn: turn 3 = 1/6·1/2; turn 4 = 1/6·1/2 + 1/6·1/4;
    // turn 5 = 1/6·(1/2 + 1/4 + 1/8).
    assert_eq!(fractions(&entries, "Clerk"), pairs(&[("3", "1/12"), ("4", "1/8"), ("5", "7/48"), ("null", "31/48")]));
    assert!(fractions(&entries, "Werewolf").is_empty(), "the attackers are not surprised");
}

#[test]
fn groups_have_one_recovery_part() {
    let entries = gurps_odds(&["surprise", "Ansel", "Orc*3:side=monsters"]);
    assert!(!fractions(&entries, "Orc*3").is_empty());
    assert!(fractions(&entries, "Orc 1").is_empty());
    let text = run(&["--odds", "surprise", "Ansel", "Orc*3:side=monsters"]);
    assert!(text.contains("Orc 1–3 (each): acts from turn"), "{text}");
}

// ------------------------------------------------------------------------------------------
// Seeded runs against the odds

/// Counts `key` over `-n` runs and checks the counts fit the `--odds` part.
fn fits(what: &str, args: &[&str], part: &str, key: impl Fn(&Value) -> String) {
    let entries = gurps_odds(args);
    let expected = odds_of(&entries, Some(part));
    assert!(!expected.is_empty(), "{what}: no part {part}");
    let mut rolled = vec!["--seed", "2024", "-n", "4000"];
    rolled.extend_from_slice(args);
    let runs = docs(&rolled);
    assert_fits(what, &count(&runs, key), &expected);
}

#[test]
fn rolled_winners_fit_the_odds_for_every_modifier() {
    for (what, party, monsters) in [
        ("equal", "party", "monsters"),
        ("leader CR", "party:leader-cr", "monsters"),
        ("someone's CR", "party:cr", "monsters"),
        ("higher IQ", "party:leader-iq=13", "monsters"),
        ("Tactics 1", "party:tactics=1", "monsters"),
        ("Tactics 20", "party:tactics=20", "monsters"),
        ("leaderless", "party", "monsters:leaderless"),
        ("leaderless animals", "party", "monsters:leaderless,animals"),
        ("GM's modifier", "party:mod=-3", "monsters:mod=2"),
    ] {
        fits(what, &["surprise", "--side", party, "--side", monsters], "winner", |d| d["winner"].to_string());
    }
}

#[test]
fn rolled_recovery_turns_fit_the_odds() {
    let acts = |name: &'static str| move |d: &Value| combatant(d, name)["acts_from_turn"].to_string();
    fits("partial", &["surprise", "--rounds", "6", "Dim:iq=6", "Orc:side=monsters"], "Dim", acts("Dim"));
    fits("partial CR", &["surprise", "--rounds", "3", "Vet:iq=5,cr", "Orc:side=monsters"], "Vet", acts("Vet"));
    fits(
        "total",
        &["surprise", "--total", "--rounds", "12", "Clerk:iq=9", "Orc:side=monsters"],
        "Clerk",
        acts("Clerk"),
    );
    fits("total CR", &["surprise", "--total", "--rounds", "4", "Guard:iq=4,cr"], "Guard", acts("Guard"));
    fits("freeze", &["surprise", "--total", "Clerk"], "freeze", |d| d["freeze"]["seconds"].to_string());
    fits("group member", &["surprise", "--rounds", "5", "Ansel", "Orc*2:side=monsters,iq=8"], "Orc*2", acts("Orc 2"));
}

#[test]
fn rolled_orders_and_reactions_fit_the_odds() {
    let entries = gurps_odds(&["initiative", "Ansel:speed=6", "Orc*3:side=monsters"]);
    assert_eq!(odds_of(&entries, Some("first")).len(), 1, "Ansel first");
    let expected = odds_of(&entries, Some("place: Orc*3"));
    assert_eq!(expected.len(), 3, "each orc 2nd, 3rd or 4th");
    let runs = docs(&["--seed", "7", "-n", "3000", "initiative", "Ansel:speed=6", "Orc*3:side=monsters"]);
    let place = |d: &Value| {
        let order = d["order"].as_array().unwrap();
        order.iter().position(|p| p["name"] == "Orc 2").map_or("null".to_string(), |k| (k + 1).to_string())
    };
    assert_fits("initiative", &count(&runs, place), &expected);

    let expected = odds_of(&gurps_odds(&["reaction", "--mod", "-4"]), None);
    let runs = docs(&["--seed", "7", "-n", "4000", "reaction", "--mod", "-4"]);
    assert_fits("reaction", &count(&runs, |d| d["band"].to_string()), &expected);
}

#[test]
fn rolled_encounters_fit_each_steps_odds() {
    let args = ["encounter", "--reaction", "--rounds", "4", "Ansel:iq=11,speed=5.5", "Orc*2:side=monsters,speed=5.5"];
    let entries = gurps_odds(&args);
    let mut rolled = vec!["--seed", "99", "-n", "3000"];
    rolled.extend_from_slice(&args);
    let runs = docs(&rolled);
    assert_fits("winner", &count(&runs, |d| d["surprise"]["winner"].to_string()), &odds_of(&entries, Some("winner")));
    let acts = |d: &Value| combatant(&d["surprise"], "Ansel")["acts_from_turn"].to_string();
    assert_fits("Ansel", &count(&runs, acts), &odds_of(&entries, Some("Ansel")));
    let order = |d: &Value| {
        let names: Vec<&str> = d["order"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
        serde_json::to_string(&names).unwrap()
    };
    assert_fits("order", &count(&runs, order), &odds_of(&entries, Some("order")));
    assert_fits("reaction", &count(&runs, |d| d["reaction"]["band"].to_string()), &odds_of(&entries, Some("reaction")));
}

// ------------------------------------------------------------------------------------------
// Initiative, reaction, encounter

#[test]
fn turn_order_by_basic_speed_then_dx_then_a_roll_off() {
    let d = doc(&[
        "--seed",
        "3",
        "initiative",
        "Slow:speed=4.75,dx=14",
        "Quick:speed=6.25",
        "Deft:speed=5.5,dx=13",
        "Plain:speed=5.5",
        "Twin*2:speed=5,side=monsters",
    ]);
    let order: Vec<(&str, f64, i64, i64)> = d["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap(),
                p["total"].as_f64().unwrap(),
                p["dx"].as_i64().unwrap(),
                p["place"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(order[..3], [("Quick", 6.25, 10, 1), ("Deft", 5.5, 13, 2), ("Plain", 5.5, 10, 3)]);
    assert_eq!(order[5], ("Slow", 4.75, 14, 6));
    let ties = d["ties"].as_array().unwrap();
    assert_eq!(ties.len(), 2);
    // Deft and Plain share Speed 5.5: DX decides, no dice.
    assert_eq!(ties[0]["total"], 5.5);
    assert_eq!(ties[0]["names"], serde_json::json!(["Deft", "Plain"]));
    assert_eq!(ties[0]["by"], serde_json::json!(["dx"]));
    assert!(ties[0].get("roll_offs").is_none());
    // The twins share Speed 5 and DX 10: the roll-off's last round decides their order.
    assert_eq!(ties[1]["total"], 5.0);
    assert_eq!(ties[1]["roll_offs"][0]["names"], serde_json::json!(["Twin 1", "Twin 2"]));
    let last = ties[1]["roll_offs"][0]["rerolls"].as_array().unwrap().last().unwrap();
    let rolls: Vec<u64> = last["rolls"].as_array().unwrap().iter().map(|r| r.as_u64().unwrap()).collect();
    let first = if rolls[0] > rolls[1] { "Twin 1" } else { "Twin 2" };
    assert_eq!(order[3].0, first);
    // No ties: who acts first and every place are certain.
    let entries = gurps_odds(&["initiative", "A:speed=6", "B:speed=5,dx=12", "C:speed=5", "M:side=monsters,speed=4"]);
    assert_eq!(entries.len(), 5);
    assert!(entries.iter().all(|e| e.3.as_deref() == Some("1")));
    assert_eq!(entries[0].1, serde_json::json!("A"));
    assert_eq!(odds_of(&entries, Some("place: C")).keys().collect::<Vec<_>>(), ["3"]);
}

#[test]
fn many_tied_combatants_give_who_acts_first() {
    let entries = gurps_odds(&["initiative", "Orc*12:side=monsters", "Ansel:speed=4"]);
    let first: Vec<&str> =
        entries.iter().filter(|e| e.0.as_deref() == Some("first")).map(|e| e.3.as_deref().unwrap()).collect();
    assert_eq!(first, ["1/12"; 12], "12 orcs tie at Speed 5, DX 10; Ansel is slower");
    assert_eq!(odds_of(&entries, Some("place: Ansel")).keys().collect::<Vec<_>>(), ["13"]);
    assert_eq!(odds_of(&entries, Some("place: Orc*12")).len(), 12);
    let text = run(&["--odds", "initiative", "Orc*12:side=monsters", "Ansel:speed=4"]);
    assert!(text.contains("who acts first") && text.contains("Orc 1–12 (each): place"), "{text}");
}

#[test]
fn reaction_table_by_hand() {
    let entries = gurps_odds(&["reaction"]);
    let got: Vec<(String, String)> = entries.iter().map(|e| (e.1.to_string(), e.3.clone().unwrap())).collect();
    assert_eq!(
        got,
        pairs(&[
            ("\"very_bad\"", "1/216"),
            ("\"bad\"", "19/216"),
            ("\"poor\"", "61/216"),
            ("\"neutral\"", "79/216"),
            ("\"good\"", "23/108"),
            ("\"very_good\"", "5/108")
        ])
    );
    // +3: 16–18 on 3d6 (10/216) makes 19+, Excellent; -3: a 3 makes 0, Disastrous.
    let entries = gurps_odds(&["reaction", "--mod", "3"]);
    assert_eq!(
        entries.last().map(|e| (e.1.to_string(), e.3.clone().unwrap())),
        Some(("\"excellent\"".into(), "5/108".into()))
    );
    let entries = gurps_odds(&["reaction", "--mod", "-3"]);
    assert_eq!(
        entries.first().map(|e| (e.1.to_string(), e.3.clone().unwrap())),
        Some(("\"disastrous\"".into(), "1/216".into()))
    );
    for d in docs(&["--seed", "4", "-n", "200", "reaction", "--mod", "2"]) {
        let total = d["total"].as_i64().unwrap();
        assert_eq!(total, d["roll"]["total"].as_i64().unwrap() + 2);
        let words = match total {
            ..=0 => "Disastrous",
            1..=3 => "Very Bad",
            4..=6 => "Bad",
            7..=9 => "Poor",
            10..=12 => "Neutral",
            13..=15 => "Good",
            16..=18 => "Very Good",
            _ => "Excellent",
        };
        assert_eq!(d["result"], words);
    }
}

#[test]
fn encounter_marks_the_stunned_in_the_turn_order() {
    for d in docs(&[
        "--seed",
        "6",
        "-n",
        "100",
        "encounter",
        "--total",
        "Clerk:iq=8,speed=6",
        "Guard:cr",
        "Wolf*2:side=monsters,speed=6.5",
    ]) {
        let s = &d["surprise"];
        for place in d["order"].as_array().unwrap() {
            let c = combatant(s, place["name"].as_str().unwrap());
            assert_eq!(place["surprised"], c["surprised"]);
            assert_eq!(place["acts_from_turn"], c["acts_from_turn"]);
        }
        assert!(d.get("reaction").is_none(), "no reaction without --reaction");
        let names: Vec<&str> = d["order"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
        assert_eq!(names[2..], ["Clerk", "Guard"]);
    }
    let d = doc(&["--seed", "6", "encounter", "--reaction", "--mod", "-1"]);
    assert_eq!(d["reaction"]["total"].as_i64().unwrap(), d["reaction"]["roll"]["total"].as_i64().unwrap() - 1);
}

#[test]
fn headlines() {
    // The surprised, not the winner: everyone on the side that lost the leaders' roll.
    let d = doc(&["--seed", "9", "surprise", "Ansel", "Orc:side=monsters"]);
    let loser = if d["winner"] == "party" { "Orc" } else { "Ansel" };
    assert_eq!(run(&["--seed", "9", "-q", "surprise", "Ansel", "Orc:side=monsters"]), format!("{loser}\n"));
    assert_eq!(run(&["--seed", "9", "-q", "surprise", "--total", "Ansel"]), "Ansel\n");
    assert_eq!(run(&["--seed", "9", "-q", "initiative", "A:speed=6", "B:speed=7"]), "B,A\n");
    let d = doc(&["--seed", "9", "reaction"]);
    assert_eq!(run(&["--seed", "9", "-q", "reaction"]), format!("{}\n", d["total"]));
    let line = run(&["--seed", "9", "-q", "encounter", "--reaction", "Ansel", "Orc:side=monsters"]);
    assert_eq!(line.lines().count(), 1);
    assert!(line.starts_with("surprised=") && line.contains(" winner=") && line.contains(" reaction="), "{line}");
}

// ------------------------------------------------------------------------------------------
// Roster

#[test]
fn the_roster_example_runs_as_is() {
    let example = run(&["surprise", "--roster-example"]);
    let out = fray().args(g(&["--seed", "4", "-f", "json", "encounter", "--roster", "-"])).write_stdin(example).run();
    assert!(out.success(), "{}", out.stderr);
    let d: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(d["surprise"]["sides"][0]["leader"]["name"], "Ansel");
    assert_eq!(d["surprise"]["sides"][0]["leader"]["tactics"], 12);
    assert_eq!(d["surprise"]["sides"][1]["leaderless"], true);
    assert_eq!(d["order"][0]["name"], "Ansel");
    assert_eq!(d["order"][0]["total"], 6.25);
}

#[test]
fn roster_errors_name_the_line() {
    let out = fray()
        .args(g(&["surprise", "--roster", "-"]))
        .write_stdin("sides:\n  - name: party\n    leader-iq: 40\n")
        .run();
    assert_eq!(out.code, 1);
    let err = out.stderr;
    assert!(err.starts_with("fray: error: <stdin>:3:16: key 'leader-iq' is 40, out of range"), "{err}");
}

// ------------------------------------------------------------------------------------------
// Errors

#[test]
fn a_partial_surprise_needs_exactly_two_sides() {
    let err = gurps_fails(&["surprise", "--side", "a", "--side", "b", "--side", "c"], 2);
    assert!(err.contains("a partial surprise is between exactly two sides, not 3 (a, b, c)"), "{err}");
    let err = gurps_fails(&["encounter", "--partial", "--side", "a"], 2);
    assert!(err.contains("exactly two sides, not 1 (a)"), "{err}");
    // A total surprise takes any number.
    let d = doc(&["--seed", "1", "surprise", "--total", "--ambush", "c", "--side", "a", "--side", "b", "--side", "c"]);
    assert_eq!(d["sides"].as_array().unwrap().iter().filter(|s| s["surprised"] == true).count(), 2);
}

#[test]
fn total_surprise_errors() {
    let err = gurps_fails(&["surprise", "--total", "--side", "a", "--side", "b"], 2);
    assert!(
        err.contains(
            "--total needs the attacking side, and no side is named 'monsters'; name it with --ambush SIDE; sides: a, b"
        ),
        "{err}"
    );
    let err = gurps_fails(&["surprise", "--total", "--ambush", "orcs"], 2);
    assert!(err.contains("--ambush names 'orcs', which is not a side; sides: party, monsters"), "{err}");
    let err = gurps_fails(&["surprise", "--total", "--side", "monsters"], 2);
    assert!(err.contains("monsters is the only side, so nobody is there to surprise"), "{err}");
    let err = gurps_fails(&["surprise", "--ambush"], 2);
    assert!(
        err.contains("--ambush names the attackers of a total surprise, and this one is partial; add --total"),
        "{err}"
    );
    let err = gurps_fails(&["surprise", "--total", "--partial"], 2);
    assert!(err.contains("'--total' cannot be used with '--partial'"), "{err}");
}

#[test]
fn leader_errors() {
    let err = gurps_fails(&["surprise", "Ansel:leader", "Bree:leader"], 2);
    assert!(err.contains("side 'party' has two leaders, Ansel and Bree"), "{err}");
    let err = gurps_fails(&["surprise", "Orc*3:leader,side=monsters"], 2);
    assert!(err.contains("the group 'Orc*3' has the leader key, but a group cannot lead"), "{err}");
    let err = gurps_fails(&["surprise", "--side", "party:leaderless", "--side", "monsters", "Ansel:leader"], 2);
    assert!(err.contains("side 'party' is leaderless, but its combatant Ansel has the leader key"), "{err}");
    for key in ["leader-iq=12", "leader-cr", "tactics=3"] {
        let spec = format!("party:leaderless,{key}");
        let err = gurps_fails(&["surprise", "--side", &spec, "--side", "monsters"], 2);
        let name = key.split('=').next().unwrap();
        assert!(err.contains(&format!("side 'party' is leaderless, but it has the side key {name}")), "{err}");
    }
    // The side's leader keys describe the leader of a side without combatants only.
    for (side, key) in [("party:leader-iq=12", "leader-iq"), ("party:tactics=3,leader-cr", "leader-cr")] {
        let err = gurps_fails(&["surprise", "--side", side, "--side", "monsters", "Bree", "Ansel:leader"], 2);
        assert!(
            err.contains(&format!(
                "side 'party' has combatants, one of whom leads it; the side key {key} is only for a side without combatants; mark the leader and give its own keys, e.g. 'Bree:leader,iq=12,cr'"
            )),
            "{err}"
        );
    }
    let err = gurps_fails(&["surprise", "--side", "party", "--side", "monsters:leader-cr", "Orc*2:side=monsters"], 2);
    assert!(err.contains("side 'monsters' has combatants"), "{err}");
    let err = gurps_fails(&["surprise", "--side", "party", "--side", "monsters", "party:side=monsters"], 2);
    assert!(err.contains("side 'party' has no combatants, so it fights as one named 'party'"), "{err}");
}

#[test]
fn key_errors() {
    let err = gurps_fails(&["surprise", "Ansel:per=3"], 2);
    assert!(
        err.contains(
            "unknown combatant key 'per' for the gurps ruleset; allowed: iq, cr, speed, dx, leader, hp, ht, dr, side"
        ),
        "{err}"
    );
    let err = gurps_fails(&["surprise", "--side", "party:chance=2"], 2);
    assert!(
        err.contains("unknown side key 'chance' for the gurps ruleset; allowed: leader-iq, leader-cr, cr, tactics, leaderless, iq, animals, mod"),
        "{err}"
    );
    let err = gurps_fails(&["initiative", "Ansel:speed=31"], 2);
    assert!(err.contains("key 'speed' is 31, out of range; allowed: a number from 0 to 30"), "{err}");
    let err = gurps_fails(&["surprise", "Ansel:iq=0"], 2);
    assert!(err.contains("key 'iq' is 0, out of range; allowed: a whole number from 1 to 30"), "{err}");
    let err = gurps_fails(&["surprise", "--side", "party:mod=11"], 2);
    assert!(err.contains("key 'mod' is 11, out of range; allowed: a whole number from -10 to 10"), "{err}");
    let err = gurps_fails(&["surprise", "--side", "party:tactics=-1"], 2);
    assert!(err.contains("key 'tactics' is -1, out of range"), "{err}");
    let err = gurps_fails(&["surprise", "Ansel:cr=2"], 2);
    assert!(err.contains("key 'cr' takes no value, got '2'"), "{err}");
}

#[test]
fn flags_of_other_rulesets_and_procedures_are_refused() {
    let err = gurps_fails(&["surprise", "--aware", "party"], 2);
    assert!(err.contains("--aware is not an option of gurps surprise; it belongs to ose, bx surprise; gurps surprise takes --ambush, --total, --partial, --rounds"), "{err}");
    let err = gurps_fails(&["surprise", "--stealth", "12"], 2);
    assert!(err.contains("--stealth is not an option of gurps surprise"), "{err}");
    let err = gurps_fails(&["initiative", "--ties", "reroll"], 2);
    assert!(err.contains("gurps initiative takes no options of its own"), "{err}");
    let err = gurps_fails(&["reaction", "--cha", "12"], 2);
    assert!(
        err.contains(
            "--cha is not an option of gurps reaction; it belongs to ose, bx reaction; gurps reaction takes --mod"
        ),
        "{err}"
    );
    let err = gurps_fails(&["encounter", "--mod", "2"], 2);
    assert!(
        err.contains("--mod adjusts the reaction roll, which encounter makes only with --reaction; add --reaction"),
        "{err}"
    );
    let err = gurps_fails(&["distance"], 2);
    assert!(err.contains("the gurps ruleset has no encounter-distance rule; rulesets with one: ose"), "{err}");
    let err = gurps_fails(&["pursue", "--quarry", "3", "--pursuer", "4"], 2);
    assert!(err.contains("the gurps ruleset has no pursuit rule"), "{err}");
    let err = gurps_fails(&["surprise", "--rounds", "0"], 2);
    assert!(err.contains("0, out of range; allowed: a whole number from 1 to 1000"), "{err}");
}

// ------------------------------------------------------------------------------------------
// Snapshots: the user-visible contract

const PARTIAL: &[&str] = &[
    "--seed",
    "7",
    "surprise",
    "--side",
    "party:tactics=12",
    "--side",
    "monsters:leaderless",
    "Ansel:leader,iq=12,cr,speed=6.25,dx=12",
    "Bree:iq=11,speed=5.5",
    "Orc*3:side=monsters,iq=9,speed=5.5",
];

const TOTAL: &[&str] =
    &["--seed", "5", "surprise", "--total", "Clerk:iq=9", "Guard:iq=10,cr", "Werewolf:side=monsters"];

/// `extra` flags, then `base`.
fn with<'a>(base: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    extra.iter().chain(base).copied().collect()
}

#[test]
fn snapshot_surprise_partial_text() {
    insta::assert_snapshot!("surprise_partial_text", run(PARTIAL));
}

#[test]
fn snapshot_surprise_partial_yaml() {
    insta::assert_snapshot!("surprise_partial_yaml", run(&with(PARTIAL, &["-f", "yaml"])));
}

#[test]
fn snapshot_surprise_total_text() {
    insta::assert_snapshot!("surprise_total_text", run(TOTAL));
}

#[test]
fn snapshot_surprise_total_json() {
    insta::assert_snapshot!("surprise_total_json", run(&with(TOTAL, &["-f", "json"])));
}

#[test]
fn snapshot_surprise_tie_text() {
    insta::assert_snapshot!(
        "surprise_tie_text",
        run(&[
            "--seed",
            "4",
            "surprise",
            "--side",
            "party:leaderless,animals",
            "--side",
            "monsters",
            "Wolf*2:cr",
            "Hunter:side=monsters"
        ])
    );
}

#[test]
fn snapshot_surprise_odds() {
    insta::assert_snapshot!(
        "surprise_partial_odds",
        run(&["--odds", "surprise", "--rounds", "4", "Ansel:iq=12,cr,leader", "Orc*2:side=monsters,iq=9"])
    );
    insta::assert_snapshot!(
        "surprise_total_odds_json",
        run(&["--odds", "-f", "json", "surprise", "--total", "--rounds", "3", "Clerk:iq=9", "Guard:cr"])
    );
}

#[test]
fn snapshot_initiative() {
    let args =
        ["--seed", "2", "initiative", "Ansel:speed=6.25,dx=12", "Bree:speed=5.5", "Orc*3:side=monsters,speed=5.5"];
    insta::assert_snapshot!("initiative_text", run(&args));
    insta::assert_snapshot!("initiative_yaml", run(&with(&args, &["-f", "yaml"])));
    insta::assert_snapshot!(
        "initiative_odds",
        run(&["--odds", "initiative", "Ansel:speed=6", "Orc*3:side=monsters,speed=6"])
    );
}

#[test]
fn snapshot_reaction() {
    insta::assert_snapshot!("reaction_text", run(&["--seed", "1", "reaction", "--mod", "2"]));
    insta::assert_snapshot!("reaction_json", run(&["--seed", "1", "-f", "json", "reaction", "--mod", "2"]));
    insta::assert_snapshot!("reaction_odds", run(&["--odds", "reaction", "--mod", "2"]));
}

const ENCOUNTER: &[&str] = &[
    "--seed",
    "7",
    "encounter",
    "--reaction",
    "--mod",
    "1",
    "Ansel:iq=12,cr,leader,speed=6.25,dx=12",
    "Bree:speed=5.5",
    "Orc*2:side=monsters,iq=9,speed=5.5",
];

#[test]
fn snapshot_encounter() {
    insta::assert_snapshot!("encounter_text", run(ENCOUNTER));
    insta::assert_snapshot!("encounter_yaml", run(&with(ENCOUNTER, &["-f", "yaml"])));
    insta::assert_snapshot!("encounter_json", run(&with(ENCOUNTER, &["-f", "json"])));
    insta::assert_snapshot!(
        "encounter_total_text",
        run(&[
            "--seed",
            "4",
            "encounter",
            "--total",
            "Clerk:iq=9,speed=5.25",
            "Guard:cr,speed=6",
            "Werewolf:side=monsters,speed=7"
        ])
    );
    insta::assert_snapshot!(
        "encounter_odds",
        run(&["--odds", "encounter", "--reaction", "--rounds", "3", "Ansel:iq=12,cr", "Orc*2:side=monsters"])
    );
}

#[test]
fn snapshot_quiet_and_repeat() {
    insta::assert_snapshot!(
        "surprise_quiet_repeat",
        run(&["--seed", "1", "-q", "-n", "6", "surprise", "Ansel", "Orc:side=monsters"])
    );
    insta::assert_snapshot!("encounter_quiet", run(&with(ENCOUNTER, &["-q"])));
}

#[test]
fn snapshot_roster_example() {
    insta::assert_snapshot!("roster_example", run(&["surprise", "--roster-example"]));
}

#[test]
fn snapshot_colour() {
    let out = Fray::new().args(["--color", "always", "-r", "gurps"]).args(TOTAL).run();
    assert!(out.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains('\u{1b}'));
    insta::assert_snapshot!("surprise_total_colour", text.replace('\u{1b}', "\\e"));
}
