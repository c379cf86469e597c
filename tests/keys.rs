//! Keys, names and rosters: what the spec parser and the roster refuse, and that default sides
//! nobody is on stay out of the fight.

use crate::common::*;
use serde_json::Value;
use std::time::{Duration, Instant};

/// Runs fray with a roster on standard input; returns the exit code and standard error.
fn with_roster(args: &[&str], roster: impl Into<Vec<u8>>) -> (Option<i32>, String) {
    let mut all = args.to_vec();
    all.extend(["--roster", "-"]);
    let out = fray().args(&all).write_stdin(roster).run();
    let err = out.stderr;
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.lines().count() <= 1, "errors are one line: {err}");
    (Some(out.code), err)
}

fn names(list: &Value) -> Vec<&str> {
    list.as_array().expect("a list").iter().map(|e| e["name"].as_str().expect("a name")).collect()
}

// ------------------------------------------------------------------------------------------
// Default sides nobody is on

#[test]
fn gurps_initiative_lists_only_the_combatants_named() {
    let doc =
        json(&["--seed", "1", "-r", "gurps", "initiative", "A:speed=6", "B:speed=6,dx=14", "C:speed=7", "D:speed=5.5"]);
    assert_eq!(names(&doc["order"]), ["C", "B", "A", "D"]);
    // A side named on purpose still fights, as one combatant named after it.
    let doc = json(&["--seed", "1", "-r", "gurps", "initiative", "--side", "party", "--side", "monsters", "A:speed=6"]);
    assert_eq!(names(&doc["order"]), ["A", "monsters"]);
}

#[test]
fn both_default_sides_roll_where_sides_roll() {
    // ose: both default sides roll for surprise and initiative, someone on them or not.
    let doc = json(&["--seed", "1", "surprise", "Elf", "Bree"]);
    assert_eq!(names(&doc["sides"]), ["party", "monsters"]);
    let doc = json(&["--seed", "1", "initiative", "Orc:side=monsters"]);
    assert_eq!(names(&doc["order"]).len(), 2);
    // 5e: the side variant rolls for both sides.
    let doc = json(&["--seed", "1", "-r", "5e", "initiative", "--variant", "side", "Elf"]);
    assert_eq!(names(&doc["order"]).len(), 2);
    // gurps: a partial surprise is between the two default sides, the empty one fighting as one.
    let doc = json(&["--seed", "1", "-r", "gurps", "surprise", "Ansel"]);
    assert_eq!(names(&doc["sides"]), ["party", "monsters"], "{doc}");
    // Where combatants roll, an empty default side takes no part.
    let doc = json(&["--seed", "1", "-r", "5e", "initiative", "Elf"]);
    assert_eq!(names(&doc["order"]), ["Elf"]);
    // Without combatants, the default sides are the whole cast.
    let doc = json(&["--seed", "1", "surprise"]);
    assert_eq!(names(&doc["sides"]), ["party", "monsters"]);
}

#[test]
fn a_default_side_a_flag_names_keeps_its_part() {
    let doc = json(&["--seed", "1", "surprise", "--aware", "monsters", "Elf"]);
    assert_eq!(names(&doc["sides"]), ["party", "monsters"]);
    let doc = json(&["--seed", "1", "surprise", "Elf", "--ambush"]);
    assert_eq!(names(&doc["sides"]), ["party", "monsters"]);
    // The attackers of a gurps total surprise, and the hiders of a 5e ambush.
    let doc = json(&["--seed", "1", "-r", "gurps", "surprise", "--total", "Ansel"]);
    assert_eq!(doc["attackers"], "monsters", "{doc}");
    let doc = json(&["--seed", "1", "-r", "5e", "surprise", "--stealth", "14", "Elf:per=16"]);
    assert_eq!(doc["hiders"][0]["name"], "monsters", "{doc}");
}

// ------------------------------------------------------------------------------------------
// Numbers

#[test]
fn a_number_takes_one_sign_at_most() {
    let err = fails(&["-r", "gurps", "initiative", "Elf:iq=+++++5"], 2);
    assert!(err.contains("key 'iq' has '+++++5'; allowed: a whole number from 1 to 30"), "{err}");
    let err = fails(&["-r", "gurps", "initiative", "Elf:iq=+-5"], 2);
    assert!(err.contains("key 'iq' has '+-5'"), "{err}");
    let err = fails(&["-r", "gurps", "initiative", "Elf:speed=++5"], 2);
    assert!(err.contains("key 'speed' has '++5'"), "{err}");
    assert_eq!(stdout(&["-q", "--seed", "1", "-r", "gurps", "initiative", "Elf:iq=+12,speed=+5.5"]), "Elf\n");
}

#[test]
fn numbers_too_large_for_any_type_are_out_of_range() {
    let err = fails(&["-r", "wod", "initiative", "Mitch:dex=99999999999999999999999"], 2);
    assert!(
        err.contains("key 'dex' is 99999999999999999999999, out of range; allowed: a whole number from 0 to 10"),
        "{err}"
    );
    let err = fails(&["-r", "gurps", "initiative", "Elf:speed=92233720368547758.08"], 2);
    assert!(err.contains("key 'speed' is 92233720368547758.08, out of range"), "{err}");
}

#[test]
fn an_action_modifier_at_the_edge_of_i32_is_out_of_range() {
    for action in ["-2147483648+-20+-5", "-2147483648", "2147483647", "+2147483647", "light+-2147483648"] {
        let spec = format!("A:action={action}");
        let err = fails(&["-r", "5e", "initiative", "--variant", "speed", &spec, "B"], 2);
        assert!(err.contains("is out of range; another action's modifier is -20 to 20"), "{action}: {err}");
    }
    let err = fails(&["-r", "5e", "initiative", "--variant", "speed", "A:action=99999999999"], 2);
    assert!(err.contains("key 'action'"), "{err}");
    let doc = json(&["--seed", "1", "-r", "5e", "initiative", "--variant", "speed", "A:action=-20+20", "B"]);
    assert_eq!(names(&doc["order"]).len(), 2, "{doc}");
}

#[test]
fn dex_score_is_a_5e_key_from_1_to_30() {
    let doc = json(&["--seed", "1", "-r", "5e", "initiative", "Elf:dex-score=14,dex=2", "Orc:dex-score=1"]);
    assert_eq!(names(&doc["order"]).len(), 2);
    let err = fails(&["-r", "5e", "initiative", "Elf:dex-score=31"], 2);
    assert!(err.contains("key 'dex-score' is 31, out of range; allowed: a whole number from 1 to 30"), "{err}");
    let (code, err) = with_roster(&["-r", "5e", "initiative"], "combatants:\n  - name: Elf\n    dex-score: 0\n");
    assert_eq!(code, Some(1));
    assert!(err.contains("<stdin>:3:16: key 'dex-score' is 0, out of range"), "{err}");
    let (code, err) = with_roster(&["-r", "5e", "initiative"], "combatants:\n  - name: Elf\n    dex-score: 18\n");
    assert_eq!(code, Some(0), "{err}");
    let template = stdout(&["-r", "5e", "initiative", "--roster-example"]);
    assert!(template.contains("#   dex-score: VALUE"), "{template}");
}

// ------------------------------------------------------------------------------------------
// Names

#[test]
fn names_with_invisible_or_reordering_characters_are_refused() {
    for bad in
        ["Evil\u{202E}lf", "Elf\u{200B}", "El\u{2028}f", "Elf\u{2029}", "\u{FEFF}Elf", "Elf\u{E0041}", "E\u{00AD}lf"]
    {
        let err = fails(&["surprise", bad], 2);
        assert!(err.contains("a name cannot contain invisible format or separator characters (U+"), "{bad:?}: {err}");
        assert!(
            !err.chars().any(|c| bad.contains(c) && !c.is_ascii()),
            "the message repeats {bad:?} as written: {err}"
        );
        let err = fails(&["surprise", "--side", bad], 2);
        assert!(err.contains("invisible format or separator"), "{bad:?}: {err}");
        let spec = format!("Elf:side={bad}");
        let err = fails(&["surprise", &spec], 2);
        assert!(err.contains("key 'side' cannot contain invisible format or separator"), "{bad:?}: {err}");
        let (code, err) = with_roster(&["surprise"], format!("combatants:\n  - name: \"{bad}\"\n"));
        assert_eq!(code, Some(1), "{bad:?}");
        assert!(err.contains("<stdin>:2:11: a name cannot contain invisible"), "{bad:?}: {err}");
    }
    let err = fails(&["-r", "wod", "initiative", "Mitch", "Larry", "--delay", "Mitch:after=Lar\u{200B}ry"], 2);
    assert!(err.contains("key 'after' cannot contain invisible format or separator"), "{err}");
}

#[test]
fn names_may_not_contain_a_comma_because_quiet_output_joins_with_commas() {
    let err = fails(&["surprise", "--side", "Elf,Orc"], 2);
    assert!(err.contains("the name 'Elf,Orc' contains ',', and -q joins names with commas"), "{err}");
    let (code, err) = with_roster(&["surprise"], "combatants:\n  - name: \"Elf, the elder\"\n");
    assert_eq!(code, Some(1));
    assert!(err.contains("contains ','"), "{err}");
}

// ------------------------------------------------------------------------------------------
// The spec parser for --delay, --ready and --hold

#[test]
fn delays_use_the_combatant_spec_parser() {
    let wod = |flags: &[&str]| -> String {
        let mut args = vec!["-r", "wod", "initiative", "Mitch", "Larry", "Thug*2:side=monsters"];
        args.extend_from_slice(flags);
        fails(&args, 2)
    };
    let err = wod(&["--hold", "Mitch:after=Larry,before=Larry"]);
    assert!(err.contains("give after=OTHER or before=OTHER, not both"), "{err}");
    let err = wod(&["--delay", "Thug*2:after=Mitch"]);
    assert!(err.contains("a name has no *COUNT"), "{err}");
    let err = wod(&["--delay", "Mitch:after"]);
    assert!(err.contains("key 'after' needs a value"), "{err}");
    let err = wod(&["--delay", "Mitch:"]);
    assert!(err.contains("an empty key"), "{err}");
    // Members of a group are named as the group's members are.
    let doc = json(&["--seed", "1", "-r", "wod", "initiative", "Mitch", "Thug*2", "--delay", "Thug 2:after=Mitch"]);
    assert_eq!(names(&doc["order"]).len(), 3);
}

// ------------------------------------------------------------------------------------------
// Long input in errors

#[test]
fn errors_repeat_at_most_sixty_characters_of_the_input() {
    let digits = "1".repeat(100_000);
    let (code, err) = with_roster(&["surprise"], format!("combatants:\n  - name: Elf\n    count: {digits}\n"));
    assert_eq!(code, Some(1));
    assert!(err.starts_with("fray: error: <stdin>:3:12: ") && err.len() < 300, "{} bytes: {}", err.len(), &err[..300]);
    let group = format!("Orc*{digits}");
    let err = fails(&["surprise", &group], 2);
    assert!(err.len() < 300 && err.contains("1…"), "{} bytes", err.len());
    let value = format!("Mitch:dex={}", "x".repeat(100_000));
    let err = fails(&["-r", "wod", "surprise", &value], 2);
    assert!(err.len() < 300, "{} bytes", err.len());
    let side = "s".repeat(100_000);
    let err = fails(&["surprise", "--aware", &side, "Elf"], 2);
    assert!(err.len() < 300, "{} bytes", err.len());
    let delay = format!("Mitch:after={}", "L".repeat(100_000));
    let err = fails(&["-r", "wod", "initiative", "Mitch", "--delay", &delay], 2);
    assert!(err.len() < 400, "{} bytes", err.len());
}

// ------------------------------------------------------------------------------------------
// Rosters

#[test]
fn a_deeply_nested_roster_is_refused_at_once_whatever_comes_before() {
    let depth = 209_700;
    for before in ["O'Brien", "\"O\\\"Brien\"", "Elf # it's {[ a comment"] {
        let roster = format!("combatants:\n  - {before}\n  - {}1{}\n", "{a: ".repeat(depth), "}".repeat(depth));
        assert!(roster.len() <= 1 << 20, "{} bytes", roster.len());
        let start = Instant::now();
        let (code, err) = with_roster(&["surprise"], roster);
        let took = start.elapsed();
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("<stdin>:3:") && err.contains("nest deeper than 32 levels"), "{err}");
        assert!(took < Duration::from_secs(1), "{before}: refused in {took:?}");
    }
}

#[test]
fn a_key_given_twice_in_a_roster_is_refused_with_both_lines() {
    let (code, err) = with_roster(&["surprise"], "combatants: [Elf]\ncombatants: [Orc]\n");
    assert_eq!(code, Some(1));
    assert!(
        err.contains("<stdin>:2:1: key 'combatants' is given twice, on lines 1 and 2; give each key once"),
        "{err}"
    );
    let (code, err) = with_roster(&["-r", "gurps", "surprise"], "combatants:\n  - name: Elf\n    iq: 12\n    iq: 9\n");
    assert_eq!(code, Some(1));
    assert!(err.contains("<stdin>:4:5: key 'iq' is given twice, on lines 3 and 4"), "{err}");
}

#[test]
fn a_roster_with_nothing_in_it_is_refused_like_an_empty_file() {
    for text in ["", "# a comment\n# and another\n", "---\n", "---\n...\n", "{}\n", "~\n"] {
        let (code, err) = with_roster(&["surprise"], text);
        assert_eq!(code, Some(1), "{text:?}");
        assert!(err.contains("the roster <stdin> is empty; see --roster-example for a template"), "{text:?}: {err}");
    }
}
