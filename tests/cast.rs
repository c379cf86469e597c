//! Sides and combatants as a new user writes them: the glob-safe `count=N`, the default sides,
//! the nobody-hides surprise of 5e, cast flags before the command, typeset minus signs, key
//! case and suggestions, roll-offs between numbered members, and several rosters.

use crate::common::*;

/// The sides a JSON surprise or initiative document names, in order.
fn side_names(doc: &serde_json::Value, list: &str) -> Vec<String> {
    doc[list].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()).collect()
}

#[test]
fn count_is_the_same_group_as_the_star() {
    for rules in ["ose", "gurps", "5e", "wod"] {
        let base = ["--seed", "9", "-r", rules, "-f", "json", "initiative", "Ansel"];
        let star = json(&with(&base, &["Orc*3:side=monsters"]).iter().map(String::as_str).collect::<Vec<_>>());
        let count = json(&with(&base, &["Orc:count=3,side=monsters"]).iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(star, count, "{rules}");
    }
    let doc = json(&["--seed", "1", "-r", "5e", "-f", "json", "initiative", "Goblin:COUNT=4,side=monsters"]);
    assert_eq!(doc["order"][0]["count"], 4, "{doc}");
    let err = fails(&["surprise", "Goblin*2:count=3"], 2);
    assert!(err.contains("the group size is given twice"), "{err}");
    let err = fails(&["surprise", "Goblin:count=0"], 2);
    assert!(err.contains("a group has 1 to 1000 members, not 0"), "{err}");
    let err = fails(&["surprise", "Goblin:count=many"], 2);
    assert!(err.contains("'many' is not a group size; allowed: a whole number from 1 to 1000"), "{err}");
    let err = fails(&["surprise", "--side", "orcs:count=2"], 2);
    assert!(err.contains("unknown side key 'count'"), "{err}");
}

#[test]
fn a_roster_count_may_be_quoted() {
    let roster = "combatants:\n  - name: Orc\n    count: \"3\"\n    side: monsters\n";
    let doc = json_with_stdin(&["--seed", "1", "-f", "json", "surprise", "--roster", "-"], roster);
    assert_eq!(doc["sides"][1]["members"].as_array().unwrap().len(), 3, "{doc}");
}

#[test]
fn both_default_sides_roll_wherever_sides_roll() {
    for rules in ["ose", "bx"] {
        let doc = json(&["--seed", "1", "-r", rules, "-f", "json", "surprise", "Goblin:count=4,side=monsters"]);
        assert_eq!(side_names(&doc, "sides"), ["party", "monsters"], "{rules}: {doc}");
        assert!(doc["sides"][0]["roll"].is_object(), "the party rolls: {doc}");
        let doc = json(&["--seed", "1", "-r", rules, "-f", "json", "encounter", "Goblin:count=4,side=monsters"]);
        assert_eq!(side_names(&doc["surprise"], "sides"), ["party", "monsters"], "{rules}: {doc}");
        // The goblins, on the first side by default, face a monsters side that still rolls.
        let doc = json(&["--seed", "1", "-r", rules, "-f", "json", "initiative", "Goblin*3"]);
        let order: Vec<&str> = doc["order"].as_array().unwrap().iter().map(|o| o["name"].as_str().unwrap()).collect();
        assert_eq!(order.len(), 2, "{rules}: {doc}");
        assert!(order.contains(&"party") && order.contains(&"monsters"), "{rules}: {doc}");
    }
    let text = stdout(&["--seed", "1", "-r", "gurps", "surprise", "Orc:count=3,side=monsters"]);
    assert!(text.contains("party ") && text.contains("Orc 1 leads"), "{text}");
    let doc = json(&["--seed", "1", "-r", "5e", "-f", "json", "initiative", "--variant", "side", "Orc:side=monsters"]);
    assert_eq!(doc["order"].as_array().unwrap().len(), 2, "{doc}");
    // Where combatants roll, an empty default side takes no part.
    let doc = json(&["--seed", "1", "-r", "5e", "-f", "json", "initiative", "Orc:side=monsters"]);
    assert_eq!(doc["order"].as_array().unwrap().len(), 1, "{doc}");
    // One side named on purpose is one side: the encounter says what it needs.
    let err = fails(&["encounter", "--side", "orcs"], 2);
    assert!(err.contains("an encounter needs at least two sides, got one: orcs"), "{err}");
    let err = fails(&["-r", "gurps", "surprise", "--side", "orcs", "Orc"], 2);
    assert!(err.contains("a partial surprise is between exactly two sides, not 1 (orcs)"), "{err}");
}

#[test]
fn in_5e_nobody_hiding_surprises_nobody() {
    for rules in ["5e", "5e2024"] {
        let text = stdout(&["--seed", "3", "-r", rules, "encounter", "Rogue:dex=3", "Orc:side=monsters"]);
        assert!(text.contains("nobody hides, so nobody is surprised: straight to initiative"), "{rules}: {text}");
        assert!(text.contains("2 initiative") && text.contains("Rogue acts first") || text.contains("Orc acts first"));
        let doc = json(&["--seed", "3", "-r", rules, "-f", "json", "surprise", "Rogue", "Orc:side=monsters"]);
        assert_eq!(doc["verdict"], "nobody_hides", "{doc}");
        assert!(doc["creatures"].as_array().unwrap().iter().all(|c| c["surprised"] == false), "{doc}");
        let quiet = stdout(&["--seed", "3", "-r", rules, "-q", "encounter", "Rogue:dex=3", "Orc:side=monsters"]);
        assert!(quiet.starts_with("surprised=none order="), "{quiet}");
        let odds = odds(&["-r", rules, "--odds", "surprise", "Rogue", "Orc:side=monsters"]);
        assert!(odds.iter().all(|(_, outcome, p, _)| outcome["surprised"] == false && *p == 1.0), "{odds:?}");
    }
    // An ambush still needs the hiders' Stealth.
    let err = fails(&["-r", "5e", "surprise", "--ambush", "monsters", "Rogue"], 2);
    assert!(err.contains("needs the hiders' Stealth"), "{err}");
}

#[test]
fn side_and_roster_may_come_before_the_command() {
    let after = stdout(&["--seed", "2", "surprise", "--side", "party", "--side", "orcs"]);
    assert!(after.contains("orcs "), "{after}");
    for args in [
        &["--seed", "2", "--side", "party", "--side", "orcs", "surprise"][..],
        &["--side=party", "--seed", "2", "--side", "orcs", "surprise"],
        &["--seed", "2", "--side", "party", "-r", "ose", "--side", "orcs", "surprise"],
        &["-qr", "ose", "--side", "party", "--seed=2", "--side", "orcs", "surprise", "--quiet"],
    ] {
        let text = stdout(args);
        if args.contains(&"-qr") {
            assert_eq!(text, stdout(&["--seed", "2", "-q", "surprise", "--side", "party", "--side", "orcs"]));
        } else {
            assert_eq!(text, after, "{args:?}");
        }
    }
    let roster = "combatants:\n  - \"Orc:side=monsters\"\n";
    let doc = json_with_stdin(&["--roster", "-", "--seed", "1", "-f", "json", "surprise"], roster);
    assert_eq!(doc["sides"][1]["members"][0], "Orc", "{doc}");
    // A command without a cast refuses them as before.
    let err = fails(&["--side", "orcs", "reaction"], 2);
    assert!(err.contains("'--side'"), "{err}");
}

#[test]
fn the_typeset_minus_is_a_minus() {
    let typed = json(&["--seed", "4", "-r", "5e", "-f", "json", "initiative", "Orc:dex=-1"]);
    let typeset = json(&["--seed", "4", "-r", "5e", "-f", "json", "initiative", "Orc:dex=\u{2212}1"]);
    assert_eq!(typed, typeset);
    let err = fails(&["-r", "gurps", "initiative", "Orc:speed=\u{2212}0.5"], 2);
    assert!(err.contains("key 'speed' is -0.5, out of range"), "{err}");
    // An en dash is no minus: the message names it, and shows only one dash-like sign.
    let err = fails(&["-r", "5e", "initiative", "Orc:dex=\u{2013}1"], 2);
    assert!(err.contains("has '\u{2013}1', whose U+2013 is a dash, not a minus sign"), "{err}");
    assert!(err.contains("write a minus as '-'"), "{err}");
    let err = fails(&["reaction", "--mod", "\u{2212}101"], 2);
    assert!(err.contains("--mod is -101, out of range; allowed: a whole number from -100 to 100"), "{err}");
}

#[test]
fn ranges_are_worded_as_keys_are() {
    let err = fails(&["-n", "0", "reaction"], 2);
    assert!(err.contains("--repeat is 0, out of range; allowed: a whole number from 1 to 1000000000"), "{err}");
    assert!(!err.contains("..="), "{err}");
    let err = fails(&["reaction", "--cha", "19"], 2);
    assert!(err.contains("--cha is 19, out of range; allowed: a whole number from 3 to 18"), "{err}");
    let err = fails(&["pursue", "--quarry", "fast"], 2);
    assert!(err.contains("--quarry has 'fast'; allowed: a whole number from 0 to 10000"), "{err}");
}

#[test]
fn keys_in_any_case_and_a_slip_gets_a_suggestion() {
    let lower =
        json(&["--seed", "5", "-r", "gurps", "-f", "json", "initiative", "Ansel:speed=6,dx=12", "Orc:side=monsters"]);
    let upper =
        json(&["--seed", "5", "-r", "gurps", "-f", "json", "initiative", "Ansel:SPEED=6,Dx=12", "Orc:Side=monsters"]);
    assert_eq!(lower, upper);
    let err = fails(&["-r", "gurps", "surprise", "Ansel:iqq=12"], 2);
    assert!(err.contains("unknown combatant key 'iqq' for the gurps ruleset; did you mean 'iq'?"), "{err}");
    let err = fails(&["-r", "5e", "initiative", "Orc:cuont=2"], 2);
    assert!(err.contains("did you mean 'count'?"), "{err}");
    let roster = "combatants:\n  - name: Ansel\n    IQ: 12\n    speeed: 6\n";
    let out = fray().args(["-r", "gurps", "surprise", "--roster", "-"]).write_stdin(roster).run();
    let err = out.stderr;
    assert_eq!(out.code, 1, "{err}");
    assert!(
        err.contains("<stdin>:4:5: unknown combatant key 'speeed'") && err.contains("did you mean 'speed'?"),
        "{err}"
    );
}

#[test]
fn roll_offs_keep_names_and_dice_apart() {
    let text = stdout(&["--seed", "1", "-r", "gurps", "initiative", "Orc:count=3", "Bree"]);
    // The roll-off may wrap onto more lines: read it as one.
    let text = flat(&text);
    let start = text.find("roll-off:").expect("a roll-off");
    let line = &text[start..text[start..].find(" the roll-off holds").map_or(text.len(), |end| start + end)];
    assert!(line.contains("Orc 1: "), "{line}");
    let after = line.split("roll-off: ").nth(1).unwrap();
    for part in after.split([',', ';']) {
        let part = part.trim().trim_start_matches("again ");
        let (name, die) = part.rsplit_once(": ").unwrap_or_else(|| panic!("'{part}' in {line}"));
        assert!(!name.is_empty() && die.parse::<u32>().is_ok(), "{part}");
    }
}

#[test]
fn rosters_combine_and_later_entries_update_earlier_ones() {
    let dir = tempdir();
    let party = dir.join("party.yaml");
    let orcs = dir.join("orcs.yaml");
    std::fs::write(&party, "rules: gurps\ncombatants:\n  - name: Ansel\n    iq: 12\n    cr: true\n  - Bree\n").unwrap();
    std::fs::write(&orcs, "combatants:\n  - name: Orc\n    count: 2\n    side: monsters\n").unwrap();
    let (party, orcs) = (party.to_str().unwrap(), orcs.to_str().unwrap());
    // The roster names its ruleset: no --rules needed.
    let doc = json(&["--seed", "1", "-f", "json", "surprise", "--roster", party, "--roster", orcs, "Ansel:iq=9"]);
    assert_eq!(doc["rules"], "gurps", "{doc}");
    let text = stdout(&["--seed", "1", "surprise", "--roster", party, "--roster", orcs, "Ansel:iq=9"]);
    assert!(text.contains("Ansel leads (first listed): IQ 9, Combat Reflexes"), "iq replaced, cr kept: {text}");
    assert!(text.contains("Orc 1"), "{text}");
    let err = fails(&["-r", "5e", "surprise", "--roster", party], 2);
    assert!(err.contains("is for gurps (rules: on line 1), but --rules says 5e"), "{err}");
    let out = fray().env("FRAY_RULES", "ose").args(["surprise", "--roster", party]).run();
    assert!(out.stderr.contains("but FRAY_RULES says ose"), "{out:?}");
    // Within one source, a name is still given once.
    let err = fails(&["-r", "gurps", "surprise", "--roster", orcs, "Elf", "Elf"], 2);
    assert!(err.contains("two combatants are named 'Elf'"), "{err}");
    let bad = dir.join("bad.yaml");
    std::fs::write(&bad, "rules: chess\ncombatants: []\n").unwrap();
    let err = fails(&["surprise", "--roster", bad.to_str().unwrap()], 1);
    assert!(err.contains("bad.yaml:1: rules: 'chess' is not a ruleset"), "{err}");
}

/// A fresh folder for one test's files.
pub fn tempdir() -> std::path::PathBuf {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "cast-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A name starting with `#` is what a pasted `fray encounter   # run it` brings in interactive
/// zsh: refused wherever a name is read, with the reason and what to write instead.
#[test]
fn a_name_that_starts_with_a_hash_is_refused_everywhere_it_is_read() {
    let said = |err: &str| {
        assert!(err.contains("starts with '#'") && err.contains("name it without the '#'"), "{err}");
    };
    said(&fails(&["encounter", "#", "run", "it"], 2));
    said(&fails(&["surprise", "#1:side=monsters"], 2));
    said(&fails(&["--side", "#party", "surprise"], 2));
    let dir = std::env::temp_dir().join(format!("fray-hash-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let roster = dir.join("roster.yaml");
    std::fs::write(&roster, "combatants:\n  - name: \"#3\"\n").unwrap();
    let err = fails(&["surprise", "--roster", roster.to_str().unwrap()], 1);
    assert!(err.contains("roster.yaml:2:"), "{err}");
    said(&err);
    let state = dir.join("state");
    let track = |args: &[&str]| fray().env("XDG_STATE_HOME", &state).args(args);
    assert!(track(&["--seed", "1", "track", "start", "Elf", "Orc:side=monsters"]).run().success());
    said(&fails_with(&track(&["track", "add", "#2:side=monsters"]), 2));
    // Inside a name, `#` is an ordinary character.
    assert!(track(&["track", "add", "Goblin #2:side=monsters"]).run().success());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A fight kept before names starting with `#` were refused still reads: only new names are.
#[test]
fn a_kept_fight_with_a_hash_name_still_reads() {
    let dir = std::env::temp_dir().join(format!("fray-hash-kept-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let track = |args: &[&str]| fray().env("XDG_STATE_HOME", &dir).args(args);
    assert!(track(&["--seed", "1", "track", "start", "Elf", "Orc:side=monsters"]).run().success());
    let mut files = Vec::new();
    let mut folders = vec![dir.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                files.push(path);
            }
        }
    }
    assert_eq!(files.len(), 1, "{files:?}");
    let kept = std::fs::read_to_string(&files[0]).unwrap();
    assert!(kept.contains("\"Orc\""), "{kept}");
    std::fs::write(&files[0], kept.replace("\"Orc\"", "\"#Orc\"")).unwrap();
    let out = track(&["--color", "never", "track", "show"]).run();
    assert!(out.success(), "{}", out.stderr);
    assert!(out.text().contains("#Orc"), "{}", out.text());
    let _ = std::fs::remove_dir_all(&dir);
}
