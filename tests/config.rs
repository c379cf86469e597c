//! The config file: default flags, one a line, found through FRAY_CONFIG_PATH, XDG_CONFIG_HOME
//! or HOME, beaten by the command line and ignored with --no-config. Every test uses its own
//! temporary folders for HOME and XDG_CONFIG_HOME.

use crate::cast::tempdir;
use crate::common::*;
use std::path::{Path, PathBuf};

/// fray with `home` as HOME and `xdg` (if any) as XDG_CONFIG_HOME, FRAY_CONFIG_PATH unset.
fn fray_at(home: &Path, xdg: Option<&Path>) -> Fray {
    let cmd = fray().env("HOME", home);
    match xdg {
        Some(xdg) => cmd.env("XDG_CONFIG_HOME", xdg),
        None => cmd.env_remove("XDG_CONFIG_HOME"),
    }
}

/// Writes `text` as `folder/fray/config` and returns its path.
fn write_config(folder: &Path, text: &str) -> PathBuf {
    std::fs::create_dir_all(folder.join("fray")).unwrap();
    let path = folder.join("fray").join("config");
    std::fs::write(&path, text).unwrap();
    path
}

fn run(cmd: Fray, args: &[&str]) -> (Option<i32>, String, String) {
    let out = cmd.args(args).run();
    (Some(out.code), out.text(), out.stderr)
}

#[test]
fn the_config_gives_default_flags_and_a_standing_party() {
    let dir = tempdir();
    let (home, xdg) = (dir.join("home"), dir.join("xdg"));
    std::fs::write(
        dir.join("party.yaml"),
        "rules: gurps\ncombatants:\n  - name: Ansel\n    iq: 12\n    cr: true\n  - Bree\n",
    )
    .unwrap();
    write_config(&xdg, "# the Thursday game\n--rules gurps\n\n--roster ../../party.yaml   # relative to this folder\n");
    let (code, out, err) = run(fray_at(&home, Some(&xdg)), &["--seed", "1", "-f", "json", "initiative"]);
    assert_eq!(code, Some(0), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["rules"], "gurps");
    let names: Vec<&str> = doc["order"].as_array().unwrap().iter().map(|o| o["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 2, "{doc}");
    assert!(names.contains(&"Ansel") && names.contains(&"Bree"), "{doc}");
    // The command line's roster and combatants add to the standing party and update it.
    std::fs::write(dir.join("orcs.yaml"), "combatants:\n  - name: Orc\n    count: 2\n    side: monsters\n").unwrap();
    let orcs = dir.join("orcs.yaml");
    let (code, out, err) =
        run(fray_at(&home, Some(&xdg)), &["--seed", "1", "surprise", "--roster", orcs.to_str().unwrap(), "Ansel:iq=9"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Ansel leads (first listed): IQ 9, Combat Reflexes") && out.contains("Orc 2"), "{out}");
    // A flag on the command line beats the config; FRAY_RULES does too.
    let (code, out, _) = run(fray_at(&home, Some(&xdg)), &["-r", "ose", "--seed", "1", "reaction"]);
    assert_eq!((code, out.lines().next()), (Some(0), Some("reaction · ose")));
    let (code, out, _) = run(fray_at(&home, Some(&xdg)).env("FRAY_RULES", "ose"), &["--seed", "1", "reaction"]);
    assert_eq!((code, out.lines().next()), (Some(0), Some("reaction · ose")));
    // ... but the standing party is for gurps: with another ruleset's cast, fray says so.
    let (code, _, err) = run(fray_at(&home, Some(&xdg)), &["-r", "ose", "surprise"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("party.yaml (from the config ")
            && err.contains("is for gurps")
            && err.contains("--rules says ose"),
        "{err}"
    );
    // A command that takes no cast there leaves the standing party out.
    let (code, _, err) =
        run(fray_at(&home, Some(&xdg)), &["-r", "ose", "pursue", "--quarry", "40", "--pursuer", "30", "--gap", "10"]);
    assert_eq!(code, Some(0), "{err}");
    // --no-config ignores it.
    let (code, out, _) = run(fray_at(&home, Some(&xdg)), &["--no-config", "--seed", "1", "reaction"]);
    assert_eq!((code, out.lines().next()), (Some(0), Some("reaction · ose")));
}

#[test]
fn the_config_is_found_in_xdg_then_home_or_where_fray_config_path_says() {
    let dir = tempdir();
    let home = dir.join("home");
    write_config(&home.join(".config"), "--rules bx\n");
    let first_line = |cmd: Fray| run(cmd, &["--seed", "1", "reaction"]).1.lines().next().map(String::from);
    assert_eq!(first_line(fray_at(&home, None)).as_deref(), Some("reaction · bx"));
    let xdg = dir.join("xdg");
    write_config(&xdg, "--rules gurps\n");
    assert_eq!(first_line(fray_at(&home, Some(&xdg))).as_deref(), Some("reaction · gurps"));
    // A relative XDG_CONFIG_HOME is not used (the XDG spec): HOME's config is.
    assert_eq!(first_line(fray_at(&home, None).env("XDG_CONFIG_HOME", "rel")).as_deref(), Some("reaction · bx"));
    let named = dir.join("named.conf");
    std::fs::write(&named, "-r=5e2024\n").unwrap();
    let cmd = fray_at(&home, Some(&xdg)).env("FRAY_CONFIG_PATH", &named);
    let (code, out, err) = run(cmd, &["--seed", "1", "initiative", "Rogue"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().next(), Some("initiative · 5e2024"));
    // A missing default file is no config; a missing named one is an error.
    let (code, _, _) = run(fray_at(&dir.join("nobody"), None), &["reaction"]);
    assert_eq!(code, Some(0));
    let cmd = fray_at(&home, None).env("FRAY_CONFIG_PATH", dir.join("missing"));
    let (code, _, err) = run(cmd, &["reaction"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.starts_with("fray: error: cannot read the config ") && err.contains("check FRAY_CONFIG_PATH"), "{err}");
    let cmd = fray_at(&home, None).env("FRAY_CONFIG_PATH", dir.join("missing"));
    assert_eq!(run(cmd, &["--no-config", "reaction"]).0, Some(0));
}

#[test]
fn errors_in_the_config_name_the_file_and_line() {
    let dir = tempdir();
    let home = dir.join("home");
    for (text, line, what) in [
        ("--rules gurps\n--rules chess\n", 2, "invalid value 'chess' for '--rules <ID>'"),
        ("# a comment\n\n--stealth 14\n", 3, "'--stealth' is not an option the config can hold"),
        ("gurps\n", 1, "'gurps' is not an option"),
        ("--roster\n", 1, "--roster needs a value"),
        ("-n 0\n", 1, "--repeat is 0, out of range"),
    ] {
        let path = write_config(&home.join(".config"), text);
        let (code, out, err) = run(fray_at(&home, None), &["reaction"]);
        assert_eq!(code, Some(1), "{text:?}: {err}");
        assert!(out.is_empty());
        // A long path is quoted by its end, where the file's name is.
        let shown = path.display().to_string();
        let tail: String = shown.chars().rev().take(40).collect::<Vec<_>>().into_iter().rev().collect();
        let want = format!("{tail}:{line}: {what}");
        assert!(err.starts_with("fray: error: ") && err.contains(&want), "{text:?}: {err}\nwanted: {want}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // A roster the config names but that is not there says where it came from.
    write_config(&home.join(".config"), "--roster gone.yaml\n");
    let (code, _, err) = run(fray_at(&home, None), &["surprise"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("gone.yaml") && err.contains("the config") && err.contains("--no-config"), "{err}");
    // ... and is not read by a command without a cast.
    assert_eq!(run(fray_at(&home, None), &["reaction"]).0, Some(0));
}

#[test]
fn config_sides_give_way_to_the_command_line() {
    let dir = tempdir();
    let home = dir.join("home");
    write_config(&home.join(".config"), "--side party\n--side orcs:chance=3\n");
    let (code, out, err) = run(fray_at(&home, None), &["--seed", "1", "surprise"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("orcs ") && out.contains("3-in-6"), "{out}");
    let (code, out, err) = run(fray_at(&home, None), &["--seed", "1", "surprise", "--side", "us", "--side", "them"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("them ") && !out.contains("orcs"), "{out}");
}

#[test]
fn the_config_holds_for_roll_table_and_track_too() {
    let dir = tempdir();
    let home = dir.join("home");
    write_config(&home.join(".config"), "--rules gurps\n--format json\n");
    let with_state = |cmd: Fray| cmd.env("XDG_STATE_HOME", dir.join("state"));
    // roll takes the config's format; the ruleset it names is the document's.
    let (code, out, err) = run(fray_at(&home, None), &["--seed", "1", "roll", "2d6"]);
    assert_eq!(code, Some(0), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["command"], "roll");
    // A fight started with the config's ruleset is a gurps fight, and goes on as one.
    let cmd = with_state(fray_at(&home, None));
    let (code, out, err) = run(cmd, &["--seed", "1", "track", "start", "Ansel:iq=12,speed=6", "Orc:side=monsters"]);
    assert_eq!(code, Some(0), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["rules"], "gurps", "{doc}");
    // --no-config leaves the config out; the kept fight stays gurps.
    let cmd = with_state(fray_at(&home, None));
    let (code, out, err) = run(cmd, &["--no-config", "track", "show"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("track · gurps"), "{out}");
    // A table's keys are read under the config's ruleset: iq is a gurps key, not an ose one.
    let table = dir.join("t.yaml");
    std::fs::write(&table, "crypt:\n  die: 1d2\n  rows:\n    1-2: {name: Ghoul, iq: 9}\n").unwrap();
    let (code, out, err) = run(fray_at(&home, None), &["--seed", "1", "table", table.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("\"rules\":\"gurps\""), "{out}");
    let (code, _, err) = run(fray_at(&home, None), &["--no-config", "table", table.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("'iq'") && err.contains("ose"), "{err}");
}

/// A flag only another ruleset declares is read once the config or a roster names that
/// ruleset: the line is read with every ruleset's flags first, then again with its own. Each
/// case is one ruleset's own flag, under the default ruleset (ose) and under the named one.
#[test]
fn a_ruleset_named_by_the_config_or_a_roster_reads_its_own_flags() {
    let dir = tempdir();
    let cases: [(&str, &[&str]); 6] = [
        ("gurps", &["surprise", "--total", "A", "B:side=monsters"]),
        ("5e", &["initiative", "--variant", "side", "A", "B:side=monsters"]),
        ("5e", &["reaction", "--attitude", "hostile"]),
        ("5e2024", &["reaction", "--stance", "willing"]),
        ("wod", &["initiative", "--delay", "A:after=B", "A:dex=3", "B:dex=2"]),
        ("bx", &["initiative", "--individual", "A", "B:side=monsters"]),
    ];
    for (rules, args) in cases {
        let named = stdout(&refs(&with(&["--seed", "5", "-r", rules, "-f", "json"], args)));
        // Named by the config file.
        let (home, xdg) = (dir.join(format!("{rules}-home")), dir.join(format!("{rules}-xdg")));
        write_config(&xdg, &format!("--rules {rules}\n"));
        let (code, out, err) = run(
            fray_at(&home, Some(&xdg)),
            &with(&["--seed", "5", "-f", "json"], args).iter().map(String::as_str).collect::<Vec<_>>(),
        );
        assert_eq!((code, out.as_str()), (Some(0), named.as_str()), "config --rules {rules} {args:?}: {err}");
        // Named by a roster, where the command takes one.
        if args[0] != "reaction" {
            let roster = dir.join(format!("{rules}.yaml"));
            std::fs::write(&roster, format!("rules: {rules}\n")).unwrap();
            let mut line = with(&["--seed", "5", "-f", "json", "--roster"], &[roster.to_str().unwrap()]);
            line.extend(args.iter().map(|a| a.to_string()));
            let out = fray().args(refs(&line)).run();
            assert_eq!((out.code, out.text()), (0, named.clone()), "roster rules: {rules} {args:?}: {}", out.stderr);
        }
        // Named by nothing, the flag is another ruleset's.
        let err = fails(&refs(&with(&["--no-config"], args)), 2);
        assert!(err.contains(&format!("is not an option of ose {}", args[0])), "{rules} {args:?}: {err}");
    }
}

/// Help and completions follow the ruleset the config names, or a roster it or the command
/// line names, as they follow FRAY_RULES: the config's words are read in front of the line's.
#[test]
fn help_and_completions_follow_the_configs_ruleset() {
    let dir = tempdir();
    let home = dir.join("home");
    write_config(&home.join(".config"), "--rules gurps\n");
    let help = |cmd: Fray, args: &[&str]| run(cmd, args).1;
    let gurps = stdout(&["-r", "gurps", "surprise", "--help"]);
    assert_eq!(help(fray_at(&home, None), &["surprise", "--help"]), gurps);
    assert_eq!(help(fray_at(&home, None), &["help", "surprise"]), gurps);
    assert_eq!(help(fray_at(&home, None), &["track", "start", "-h"]), stdout(&["-r", "gurps", "track", "start", "-h"]));
    // The command line and FRAY_RULES beat the config, as when the command runs.
    assert_eq!(
        help(fray_at(&home, None), &["surprise", "--help", "-r", "5e"]),
        stdout(&["-r", "5e", "surprise", "--help"])
    );
    let by_var = help(fray_at(&home, None).env("FRAY_RULES", "wod"), &["surprise", "-h"]);
    assert_eq!(by_var, stdout(&["-r", "wod", "surprise", "-h"]));
    // --no-config leaves it out.
    assert_eq!(help(fray_at(&home, None), &["--no-config", "surprise", "-h"]), stdout(&["surprise", "-h"]));
    // A roster that names its ruleset names the help's too.
    let roster = dir.join("cofd.yaml");
    std::fs::write(&roster, "rules: cofd\n").unwrap();
    let roster = roster.to_str().unwrap();
    let cofd = stdout(&["-r", "cofd", "initiative", "-h"]);
    assert_eq!(stdout(&["initiative", "--roster", roster, "-h"]), cofd);
    // Completion: the keys a combatant takes are the config's ruleset's.
    let out = fray_at(&home, None)
        .env("COMPLETE", "fish")
        .args(["--", "fray", "surprise", "Ansel:"])
        .command()
        .output()
        .unwrap();
    let keys = String::from_utf8(out.stdout).unwrap();
    assert!(keys.contains("Ansel:iq=") && keys.contains("Ansel:cr"), "{keys}");
}

/// The config file is read at once or refused at once: a byte-order mark is no part of it, and
/// a FIFO, a folder or an XDG_CONFIG_HOME that is not UTF-8 is refused without waiting.
#[test]
fn a_byte_order_mark_is_read_and_what_is_no_file_is_refused() {
    let dir = tempdir();
    let home = dir.join("home");
    write_config(&home.join(".config"), "\u{feff}--rules bx\n");
    let (code, out, err) = run(fray_at(&home, None), &["--seed", "1", "reaction"]);
    assert_eq!((code, out.lines().next()), (Some(0), Some("reaction · bx")), "{err}");
    #[cfg(unix)]
    {
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        let (code, _, err) = run(fray_at(&home, None).env("FRAY_CONFIG_PATH", &fifo), &["reaction"]);
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("is not a regular file") && err.contains("--no-config"), "{err}");
        let (code, _, err) = run(fray_at(&home, None).env("FRAY_CONFIG_PATH", &fifo), &["--no-config", "reaction"]);
        assert_eq!(code, Some(0), "{err}");
        use std::os::unix::ffi::OsStringExt;
        let not_text = std::ffi::OsString::from_vec(b"/tmp/\xff".to_vec());
        let (code, _, err) = run(fray_at(&home, None).env("XDG_CONFIG_HOME", not_text.clone()), &["reaction"]);
        assert_eq!(code, Some(2), "{err}");
        assert_eq!(
            err,
            "fray: error: XDG_CONFIG_HOME is not UTF-8 text; set it to a folder named in UTF-8, or give --no-config\n"
        );
        let (code, _, err) = run(fray_at(&home, None).env("XDG_CONFIG_HOME", not_text), &["--no-config", "reaction"]);
        assert_eq!(code, Some(0), "{err}");
    }
    let (code, _, err) = run(fray_at(&home, None).env("FRAY_CONFIG_PATH", &dir), &["reaction"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("it is a directory"), "{err}");
}
