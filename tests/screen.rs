//! What a newcomer sees on the screen: colour that says whose side a result helps, short help
//! without the global options, and no line wider than 80 columns in help, man pages and text.

use crate::common::*;
use std::process::Command;

const RED: &str = "\u{1b}[31;1m";
const GREEN: &str = "\u{1b}[32m";
const YELLOW: &str = "\u{1b}[33m";

/// The colour codes that open `words` in `text` (empty where `words` opens uncoloured).
fn colour_before<'a>(text: &'a str, words: &str) -> Vec<&'a str> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices(words) {
        let before = &text[..at];
        let code = match before.rfind('\u{1b}') {
            Some(esc) if before[esc..].ends_with('m') && !before[esc..].contains(' ') => &before[esc..],
            _ => "",
        };
        found.push(code);
    }
    found
}

/// The first seed from 1 whose text of `args` passes `pick`.
fn seeded(args: &[&str], pick: impl Fn(&str) -> bool) -> String {
    for seed in 1..200 {
        let seed = seed.to_string();
        let text = coloured(&[&["--seed", &seed][..], args].concat());
        if pick(&text) {
            return text;
        }
    }
    panic!("no seed below 200 gives the case for {args:?}");
}

#[test]
fn surprise_is_red_for_the_party_and_green_for_the_monsters() {
    for rules in ["ose", "bx"] {
        let party = seeded(&["-r", rules, "surprise"], |t| {
            t.lines().any(|l| l.contains("party") && l.contains("surprised") && !l.contains("not surprised"))
                && t.lines().any(|l| l.contains("monsters") && l.contains("not surprised"))
        });
        let line =
            |text: &str, side: &str| text.lines().find(|l| l.contains(side) && l.contains("1d6")).unwrap().to_string();
        assert_eq!(colour_before(&line(&party, "party"), "surprised"), [RED], "{party}");
        // The monsters not surprised is no news for the party: plain.
        assert_eq!(colour_before(&line(&party, "monsters"), "not surprised"), [""], "{party}");
        assert!(party.contains(&format!("{RED}monsters get")), "the verdict that hurts the party is red: {party}");
        let monsters = seeded(&["-r", rules, "surprise"], |t| {
            t.lines().any(|l| l.contains("monsters") && l.contains("surprised") && !l.contains("not surprised"))
                && t.lines().any(|l| l.contains("party") && l.contains("not surprised"))
        });
        assert_eq!(colour_before(&line(&monsters, "monsters"), "surprised"), [GREEN], "{monsters}");
        assert_eq!(colour_before(&line(&monsters, "party"), "not surprised"), [GREEN], "{monsters}");
        assert!(monsters.contains(&format!("{GREEN}party get")), "{monsters}");
    }
    // 5e and 5e2024: by the side of each creature, the first side being the party's.
    for rules in ["5e", "5e2024"] {
        let hurt = coloured(&["-r", rules, "surprise", "--stealth", "16", "Elf:per=10", "Orc:side=monsters"]);
        assert_eq!(colour_before(&hurt, "surprised")[0], RED, "{hurt}");
        let helps = coloured(&[
            "-r",
            rules,
            "surprise",
            "--ambush",
            "party",
            "--stealth",
            "16",
            "Elf",
            "Orc:side=monsters,per=10",
        ]);
        assert_eq!(colour_before(&helps, "surprised")[0], GREEN, "{helps}");
        assert!(helps.contains(&format!("{GREEN}Orc")), "the surprised foe is named in green: {helps}");
    }
}

#[test]
fn a_reaction_is_coloured_by_its_attitude() {
    // (ruleset, the table's words, the colour) for a word of each leaning.
    let cases = [
        ("ose", "Attacks", RED),
        ("ose", "Hostile", RED),
        ("ose", "Uncertain", YELLOW),
        ("ose", "Indifferent", YELLOW),
        ("ose", "Eager", GREEN),
        ("bx", "Unfriendly", RED),
        ("bx", "Neutral", YELLOW),
        ("bx", "Friendly", GREEN),
        ("gurps", "Bad", RED),
        ("gurps", "Neutral", YELLOW),
        ("gurps", "Good", GREEN),
    ];
    for (rules, words, colour) in cases {
        let arrow = format!("→ {colour}{words}");
        let mods = ["-6", "-3", "0", "3", "6"];
        let found = mods.iter().find_map(|m| {
            (1..60).find_map(|seed| {
                let text = coloured(&["-r", rules, "--seed", &seed.to_string(), "reaction", "--mod", m]);
                text.contains(&arrow).then_some(text)
            })
        });
        assert!(found.is_some(), "{rules}: no reaction read {words:?} in its colour");
    }
    // 5e: the DMG's hostile creature opposing is red, a friendly one helping green.
    let hostile = coloured(&["-r", "5e", "--seed", "1", "reaction", "--attitude", "hostile", "--cha-mod", "-5"]);
    assert!(hostile.contains(&format!("{RED}Opposes")), "{hostile}");
    let friendly = coloured(&["-r", "5e", "--seed", "1", "reaction", "--attitude", "friendly", "--cha-mod", "5"]);
    assert!(friendly.contains(&format!("{GREEN}Does as asked")), "{friendly}");
}

#[test]
fn the_acting_combatant_stands_out_in_track_show_and_table_dice_are_dimmed() {
    let table = crate::track::Table::new("screen-acting");
    let run = |args: &[&str]| {
        let out = table.command().args(["--seed", "3", "--color", "always", "-r", "5e"]).args(args).run();
        assert!(out.success(), "{args:?}: {}", out.stderr);
        out.text()
    };
    run(&["track", "start", "Ansel:dex=3", "Bree:dex=1", "Orc:side=monsters"]);
    let show = run(&["track", "show"]);
    let acting = show.lines().find(|l| l.starts_with("> ")).expect("a turn is marked");
    assert!(acting.contains("\u{1b}[1;7m"), "whose turn it is stands out: {show}");
    let others: Vec<&str> = show.lines().filter(|l| l.starts_with("  \u{1b}")).collect();
    assert!(!others.is_empty() && others.iter().all(|l| !l.contains("\u{1b}[1;7m")), "{show}");
    // A table's die is dimmed as every other roll's notation is.
    let example = Fray::new().args(["--color", "never", "table", "--example"]).run().text();
    let out = Fray::new().args(["--seed", "2", "--color", "always", "table", "-"]).write_stdin(example).run();
    let text = out.text();
    assert!(text.contains("\u{1b}[2m1d8\u{1b}[0m ("), "{text}");
}

/// Every page of help: the top, each command, each ruleset's game commands and track, and each
/// track action, short and long.
fn help_pages() -> Vec<Vec<String>> {
    let games = ["surprise", "distance", "initiative", "reaction", "pursue", "encounter", "wandering", "morale"];
    let own = ["roll", "table", "track", "completions"];
    let track = fray::cli::command().find_subcommand("track").unwrap().clone();
    let actions: Vec<String> = track.get_subcommands().map(|s| s.get_name().to_string()).collect();
    let mut pages: Vec<Vec<String>> = Vec::new();
    for flag in ["-h", "--help"] {
        pages.push(vec![flag.into()]);
        for command in games.iter().chain(&own) {
            pages.push(vec![command.to_string(), flag.into()]);
        }
        for rules in fray::rulesets::RULESETS {
            for command in games.iter().chain(&["track"]) {
                pages.push(vec!["-r".into(), rules.id.into(), command.to_string(), flag.into()]);
            }
            pages.push(vec!["-r".into(), rules.id.into(), "track".into(), "start".into(), flag.into()]);
        }
        for action in &actions {
            pages.push(vec!["track".into(), action.clone(), flag.into()]);
        }
    }
    pages
}

fn too_wide(text: &str) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    text.lines().filter(|l| l.width() > 80).map(|l| format!("{} columns: {l}", l.width())).collect()
}

#[test]
fn no_help_page_is_wider_than_80_columns() {
    let pages = help_pages();
    assert!(pages.len() > 150, "{}", pages.len());
    let mut wide = Vec::new();
    for page in &pages {
        // A wide terminal: help still keeps to 80 columns.
        let out = fray().env("COLUMNS", "200").args(page).run();
        assert!(out.success(), "{page:?}: {}", out.stderr);
        let text = out.text();
        assert!(text.lines().count() > 5, "{page:?}: {text}");
        wide.extend(too_wide(&text).into_iter().map(|l| format!("fray {}: {l}", page.join(" "))));
    }
    assert!(wide.is_empty(), "{}", wide.join("\n"));
}

#[test]
fn no_man_page_is_wider_than_80_columns() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    let mut pages: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    pages.sort();
    assert!(pages.len() >= 20, "{pages:?}");
    let mut wide = Vec::new();
    for page in &pages {
        let out = Command::new("man")
            .arg("-l")
            .arg(page)
            .env("MANWIDTH", "80")
            .env("MANPAGER", "cat")
            .env("PAGER", "cat")
            .env("MAN_KEEP_FORMATTING", "")
            .output()
            .expect("man runs (man-db)");
        assert!(out.status.success(), "{page:?}: {}", String::from_utf8_lossy(&out.stderr));
        // Without a terminal man writes plain text; overstrikes (X\bX) are taken out to be safe.
        let text = String::from_utf8_lossy(&out.stdout);
        let mut plain = String::new();
        for c in text.chars() {
            if c == '\u{8}' {
                plain.pop();
            } else {
                plain.push(c);
            }
        }
        assert!(plain.lines().count() > 10, "{page:?}: {plain}");
        wide.extend(too_wide(&plain).into_iter().map(|l| format!("{}: {l}", page.display())));
    }
    assert!(wide.is_empty(), "{}", wide.join("\n"));
}

#[test]
fn exploding_odds_fit_80_columns() {
    let text = stdout(&["--odds", "roll", "10d10>=8!"]);
    assert!(too_wide(&text).is_empty(), "{text}");
    assert!(text.contains("not listed: the dice can explode without end"), "{text}");
}

#[test]
fn short_help_names_the_global_options_in_one_line_and_long_help_lists_them() {
    const POINTER: &str = "Global options (-r, -f, --seed, --color, -n, --odds, -q...): fray --help";
    let globals = ["--seed <U64>", "--format <FORMAT>", "--color <WHEN>", "--repeat <N>", "--no-config", "--width <N>"];
    for page in
        [&["roll"][..], &["table"], &["track"], &["track", "next"], &["-r", "5e", "surprise"], &["encounter"], &[]]
    {
        let short = stdout(&[page, &["-h"]].concat());
        for global in globals {
            assert!(!short.contains(global), "fray {page:?} -h lists {global}:\n{short}");
        }
        assert_eq!(short.matches(POINTER).count(), 1, "fray {page:?} -h:\n{short}");
        let long = stdout(&[page, &["--help"]].concat());
        for global in globals {
            assert!(long.contains(global), "fray {page:?} --help lacks {global}:\n{long}");
        }
        assert!(!long.contains(POINTER), "{long}");
    }
    // Half of `fray roll -h` was global options.
    assert!(stdout(&["roll", "-h"]).lines().count() <= 32, "{}", stdout(&["roll", "-h"]));
    // Man pages and completions still carry them.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let man = std::fs::read_to_string(root.join("man/fray-roll.1")).unwrap();
    let bash = std::fs::read_to_string(root.join("completions/fray.bash")).unwrap();
    assert!(man.contains("Make the run reproducible"), "man fray-roll lacks what --seed does");
    for global in ["seed", "format", "color", "repeat", "no\\-config", "width"] {
        assert!(man.contains(&format!("\\-\\-{global}")), "man fray-roll lacks --{global}");
    }
    for global in ["--seed", "--format", "--color", "--repeat", "--no-config", "--width"] {
        assert!(bash.contains(global), "bash completion lacks {global}");
    }
}

/// The lines of `name`'s surprise roll in `text`: its own line and any that carry on its roll,
/// up to the next combatant or verdict.
fn roll_lines(text: &str, name: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(start) = lines.iter().position(|l| l.starts_with(&format!("  \u{1b}[36;1m{name}\u{1b}[0m "))) else {
        return Vec::new();
    };
    let rest = lines[start + 1..].iter().take_while(|l| l.starts_with("     ") && !l.trim_start().starts_with('→'));
    std::iter::once(lines[start]).chain(rest.copied()).map(str::to_string).collect()
}

/// `text` without its colour codes.
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for ch in text.chars() {
        match (in_code, ch) {
            (false, '\u{1b}') => in_code = true,
            (false, _) => out.push(ch),
            (true, 'm') => in_code = false,
            (true, _) => {}
        }
    }
    out
}

/// Whether `name`'s roll fills exactly `rows` lines and its last ends in the verdict `words`.
fn verdict_is(text: &str, name: &str, rows: usize, words: &str) -> bool {
    let lines = roll_lines(text, name);
    lines.len() == rows && lines.last().is_some_and(|l| plain(l).rsplit("  ").next() == Some(words))
}

/// The colour that opens `words` at the end of `name`'s roll.
fn verdict_colour(text: &str, name: &str, words: &str) -> String {
    let lines = roll_lines(text, name);
    let last = lines.last().expect("a roll line");
    let found = colour_before(last, words);
    found.last().copied().unwrap_or("-").to_string()
}

#[test]
fn storyteller_surprise_is_red_for_the_party_and_green_for_its_foes() {
    // (ruleset, the cast, the lines a roller's roll fills)
    let cases = [
        ("wod", &["surprise", "Al:wits=1,composure=1", "Ox:side=monsters,wits=1,composure=1"][..], 1),
        (
            "cofd",
            &[
                "surprise",
                "Al:wits=1,composure=1",
                "Ox:side=monsters,wits=1,composure=1",
                "Og:side=monsters,ambusher,dex=5,stealth=3",
            ][..],
            2,
        ),
    ];
    for (rules, cast, rows) in cases {
        let args = [&["-r", rules][..], cast].concat();
        // The party surprised, its foe not: red, and the foe's luck plain.
        let party =
            seeded(&args, |t| verdict_is(t, "Al", rows, "surprised") && verdict_is(t, "Ox", rows, "not surprised"));
        assert_eq!(verdict_colour(&party, "Al", "surprised"), RED, "{rules}: {party}");
        assert_eq!(verdict_colour(&party, "Ox", "not surprised"), "", "{rules}: {party}");
        assert!(
            party.contains(&format!("→ {RED}Al surprised")),
            "{rules}: the verdict that hurts the party is red: {party}"
        );
        // The foe surprised, the party not: both green.
        let foe =
            seeded(&args, |t| verdict_is(t, "Ox", rows, "surprised") && verdict_is(t, "Al", rows, "not surprised"));
        assert_eq!(verdict_colour(&foe, "Ox", "surprised"), GREEN, "{rules}: {foe}");
        assert_eq!(verdict_colour(&foe, "Al", "not surprised"), GREEN, "{rules}: {foe}");
        assert!(foe.contains(&format!("→ {GREEN}Ox surprised")), "{rules}: {foe}");
        // Both surprised: the verdict names the party, so it is red; the foe's own word green.
        let both = seeded(&args, |t| verdict_is(t, "Ox", rows, "surprised") && verdict_is(t, "Al", rows, "surprised"));
        assert_eq!(verdict_colour(&both, "Ox", "surprised"), GREEN, "{rules}: {both}");
        assert!(both.contains(&format!("→ {RED}Al and Ox surprised")), "{rules}: {both}");
    }
}

#[test]
fn gurps_surprise_is_red_for_the_party_and_green_for_its_foes() {
    let cast = ["-r", "gurps", "surprise", "--rounds", "3", "Al:iq=8", "Ox:side=monsters,iq=8"];
    let party = seeded(&cast, |t| t.contains("initiative to monsters") && t.contains("fails, mentally stunned"));
    assert!(party.contains(&format!("→ {RED}initiative to monsters")), "{party}");
    assert_eq!(colour_before(&party, "fails, mentally stunned")[0], RED, "{party}");
    let foe = seeded(&cast, |t| {
        t.contains("initiative to party") && t.contains("fails, mentally stunned") && t.contains("succeeds")
    });
    assert!(foe.contains(&format!("→ {GREEN}initiative to party")), "{foe}");
    // The foe stunned is good news, its recovery no news.
    assert_eq!(colour_before(&foe, "fails, mentally stunned")[0], GREEN, "{foe}");
    assert_eq!(colour_before(&foe, "succeeds")[0], "", "{foe}");
    // Total surprise: the attackers acting normally is red when they are the party's foes.
    let total = ["-r", "gurps", "--seed", "1", "surprise", "--total", "--rounds", "1"];
    let caught = coloured(&[&total[..], &["--ambush", "monsters", "Al:iq=8", "Ox:side=monsters,iq=8"]].concat());
    assert!(caught.contains(&format!("→ {RED}monsters act normally")), "{caught}");
    let attacks = coloured(&[&total[..], &["--ambush", "party", "Al:iq=8", "Ox:side=monsters,iq=8"]].concat());
    assert!(attacks.contains(&format!("→ {GREEN}party act normally")), "{attacks}");
}
