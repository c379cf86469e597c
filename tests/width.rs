//! Text fits the width: every command of every ruleset, with large casts and long names, at
//! 60, 80 and 100 columns, has no wider line, loses nothing and keeps every verdict.

use crate::common::*;

/// Party and monsters for the rulesets whose combatants take these keys, long names included.
const OSE_SIDES: &[&str] =
    &["--side", "the Company of the Silver Lantern", "--side", "Goblins of the Crooked Tooth", "--side", "wolves"];

fn cast(rules: &str) -> Vec<&'static str> {
    match rules {
        "gurps" => vec![
            "Bartholomew the Unready:iq=12,cr,speed=6.25,dx=12,leader",
            "Bree:iq=10,speed=5.5",
            "Clerk of the Ninth Archive:iq=9,speed=5",
            "Dunstan:iq=11,speed=5,dx=11",
            "Orc Raider of the Black Hand:side=monsters,iq=9,speed=5.5",
            "Orc*4:side=monsters,iq=9,speed=5",
        ],
        "5e" | "5e2024" => vec![
            "Bartholomew the Unready:dex=4,per=14",
            "Fighter:dex=1,per=12",
            "Wizard of the Ninth Archive:dex=2,per=10",
            "Cleric:per=13",
            "Halfling Burglar:dex=3,per=14",
            "Goblin Skirmisher of the Crooked Tooth*4:dex=2,side=monsters",
            "Hobgoblin Captain:dex=1,side=monsters",
        ],
        "wod" | "cofd" => vec![
            "Mitch Bartholomew:wits=4,composure=4,dex=3",
            "Larry:wits=1,composure=1,dex=2",
            "Sally of the Ninth Archive:wits=2,composure=3,dex=2",
            if rules == "wod" { "Bo:wits=0,composure=0,dex=1" } else { "Bo:wits=1,composure=1,dex=1" },
            "Ghoul of the Crooked Stair*3:side=monsters,wits=2,composure=1,dex=3",
            if rules == "wod" {
                "Thug of the Lantern Street:ambusher,dex=3,side=monsters"
            } else {
                "Thug of the Lantern Street:ambusher,dex=3,stealth=2,side=monsters"
            },
        ],
        _ => vec![],
    }
}

/// The runs to check for `rules`: each of its commands, with the flags that show the most.
fn runs(rules: &str) -> Vec<Vec<String>> {
    let mut runs: Vec<Vec<&str>> = Vec::new();
    match rules {
        "ose" | "bx" => {
            runs.push([&["surprise", "--aware", "wolves"], OSE_SIDES].concat());
            runs.push(vec!["distance", "--outdoors"]);
            runs.push(if rules == "ose" {
                vec!["distance", "--both-surprised"]
            } else {
                vec!["distance", "--wilderness"]
            });
            let initiative: &[&str] =
                if rules == "ose" { &["initiative", "--wait", "wolves"] } else { &["initiative"] };
            runs.push([initiative, OSE_SIDES].concat());
            runs.push(vec!["reaction", "--cha", "16", "--mod", "-1"]);
            runs.push(vec!["pursue", "--quarry", "30", "--pursuer", "40", "--sight", "120", "--drop", "treasure@2"]);
            runs.push(vec!["pursue", "--quarry", "40", "--pursuer", "40", "--rounds", "12"]);
            runs.push([&["encounter", "--cha", "16"], OSE_SIDES].concat());
            if rules == "bx" {
                runs.push(vec![
                    "initiative",
                    "--individual",
                    "Bartholomew the Unready:dex=16",
                    "Bree:dex=9,slow",
                    "Cleric of the Ninth Archive:initiative=5",
                    "Orc Raider of the Black Hand*4:side=monsters",
                ]);
                runs.push(vec![
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
                ]);
            }
        }
        "gurps" => {
            runs.push([&["surprise", "--partial"], &cast(rules)[..]].concat());
            runs.push([&["surprise", "--total"], &cast(rules)[..]].concat());
            runs.push([&["initiative"], &cast(rules)[..]].concat());
            runs.push(vec!["reaction", "--mod", "2"]);
            runs.push([&["encounter", "--partial", "--reaction"], &cast(rules)[..]].concat());
        }
        "5e" | "5e2024" => {
            runs.push([&["surprise", "--stealth", "14", "--stealth", "12"], &cast(rules)[..]].concat());
            runs.push([&["initiative"], &cast(rules)[..]].concat());
            let variant = if rules == "5e" { "side" } else { "score" };
            runs.push([&["initiative", "--variant", variant], &cast(rules)[..]].concat());
            runs.push(vec!["distance", "--terrain", "forest"]);
            runs.push(vec![
                "pursue",
                "--gap",
                "30",
                "--sight",
                "60",
                "--complications",
                "urban",
                "Bartholomew the Unready:speed=35,stealth=7,dex=4",
                "Fighter of the Ninth Archive:speed=30",
                "Guard of the Crooked Tooth*3:side=monsters,per=12",
            ]);
            runs.push([&["encounter", "--stealth", "12"], &cast(rules)[..]].concat());
            if rules == "5e" {
                runs.push(vec![
                    "initiative",
                    "--variant",
                    "speed",
                    "--rounds",
                    "2",
                    "Paladin of the Silver Lantern:action=spell:2+light",
                    "Rogue:dex=4,action=light+light",
                    "Ogre of the Crooked Tooth:dex=-1,size=large,action=heavy+two-handed,side=monsters",
                ]);
            }
        }
        "wod" | "cofd" => {
            runs.push([&["surprise"], &cast(rules)[..]].concat());
            runs.push(
                [&["initiative", "--delay", "Larry:after=Bo", "--hold", "Mitch Bartholomew"], &cast(rules)[..]]
                    .concat(),
            );
            runs.push([&["encounter"], &cast(rules)[..]].concat());
        }
        other => panic!("no runs for the ruleset {other}"),
    }
    runs.into_iter().map(|run| run.into_iter().map(String::from).collect()).collect()
}

/// Text of `args` under `rules` at `width` columns.
fn text_at(rules: &str, args: &[String], width: usize, extra: &[&str]) -> String {
    let width = width.to_string();
    let mut all = vec!["-r", rules, "--width", &width, "--seed", "5"];
    all.extend_from_slice(extra);
    all.extend(args.iter().map(String::as_str));
    stdout(&all)
}

/// What a reader reads, whatever the breaks: every character but white space, in order.
fn content(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The verdicts: the first words after each `→` that opens a line or a column (not one inside
/// a roll, `= 8 → Uncertain`), in order.
fn verdicts(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let Some(at) = line.find("→ ") else { continue };
        if line[..at].trim().is_empty() || line[..at].ends_with("  ") {
            found.push(line[at..].split_whitespace().take(4).collect::<Vec<_>>().join(" "));
        }
    }
    found
}

fn check(rules: &str, args: &[String], extra: &[&str]) {
    let wide = text_at(rules, args, 1000, extra);
    for width in [60, 80, 100] {
        let text = text_at(rules, args, width, extra);
        let what = format!("fray -r {rules} --width {width} {} {}", extra.join(" "), args.join(" "));
        for line in text.lines() {
            assert!(display_width(line) <= width, "{what}: a line of {} columns:\n{line}\n{text}", display_width(line));
        }
        // Each verdict still opens a line of its own, its first words together.
        let (mut narrow, wide_verdicts) = (verdicts(&text).into_iter(), verdicts(&wide));
        for verdict in &wide_verdicts {
            assert!(narrow.any(|v| &v == verdict), "{what}: the verdict {verdict:?} is split or buried\n{text}");
        }
        if extra.contains(&"--odds") {
            // Long fractions are shortened to fit (≈1/N); every outcome keeps its line.
            assert_eq!(text.matches('%').count(), wide.matches('%').count(), "{what}\n{text}");
        } else {
            assert_eq!(content(&text), content(&wide), "{what}: text lost\n{text}");
        }
    }
}

fn display_width(line: &str) -> usize {
    use unicode_width::UnicodeWidthStr;
    line.width()
}

#[test]
fn every_command_of_every_ruleset_fits_60_80_and_100_columns() {
    let mut checked = 0;
    for rules in fray::rulesets::RULESETS {
        let runs = runs(rules.id);
        for args in &runs {
            check(rules.id, args, &[]);
            checked += 1;
        }
        // Repeated runs and the seed in the title, once per ruleset.
        check(rules.id, &runs[0], &["-n", "2", "--show-seed"]);
    }
    assert!(checked >= 40, "{checked}");
}

#[test]
fn odds_fit_60_80_and_100_columns() {
    for rules in fray::rulesets::RULESETS {
        for args in runs(rules.id) {
            // The largest casts' odds are estimated, which takes a while unoptimised: a few.
            if args.len() <= 8 {
                check(rules.id, &args, &["--odds"]);
            }
        }
    }
}

#[test]
fn the_width_comes_from_the_flag_then_columns_else_80() {
    let args = ["--seed", "1", "-r", "5e", "surprise", "--stealth", "14", "Elf:per=16", "Halfling:per=14"];
    let widest = |text: &str| text.lines().map(display_width).max().unwrap_or(0);
    let plain = stdout(&args);
    assert!(widest(&plain) <= 80 && widest(&plain) > 60, "{plain}");
    let from_columns = fray().env("COLUMNS", "60").args(args).run();
    let from_columns = String::from_utf8(from_columns.stdout).unwrap();
    assert!(widest(&from_columns) <= 60, "{from_columns}");
    let flag_wins = fray().env("COLUMNS", "60").args(["--width", "200"]).args(args).run();
    assert!(widest(&String::from_utf8(flag_wins.stdout).unwrap()) > 80);
    // A COLUMNS that is not a width is passed over.
    let junk = fray().env("COLUMNS", "wide").args(args).run();
    assert_eq!(String::from_utf8(junk.stdout).unwrap(), plain);
    // YAML, JSON and -q are never wrapped.
    for format in [&["-f", "json"][..], &["-f", "yaml"], &["-q"]] {
        let narrow = stdout(&[&["--width", "20"], format, &args].concat());
        assert_eq!(narrow, stdout(&[format, &args[..]].concat()), "{format:?}");
    }
    for bad in ["19", "1001", "-3", "wide"] {
        let err = fails(&["--width", bad, "reaction"], 2);
        assert!(err.contains("--width"), "{err}");
    }
}
