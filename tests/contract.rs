//! The scripting contract at the program's edge: the shape of every document (JSON Lines,
//! `version`, seeds, YAML any loader reads back), `-q`, the environment, output that cannot be
//! written, error messages that name what is wrong, and text aligned by display width.

use crate::common::*;
use std::process::{Command, Stdio};

const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The fray binary as a plain process, for streams `fray()` cannot set (a full disk, a
/// directory as standard input), in the same clean environment.
fn process() -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("fray"));
    for name in ["FRAY_RULES", "FRAY_FORMAT", "NO_COLOR", "CLICOLOR_FORCE"] {
        cmd.env_remove(name);
    }
    cmd.args(["--color", "never"]);
    cmd
}

// JSON Lines, version and seeds

#[test]
fn json_is_one_line_per_document_even_for_a_single_run_and_odds() {
    for args in [
        &["--seed", "3", "-f", "json", "encounter"][..],
        &["--seed", "3", "-f", "json", "-n", "3", "reaction"],
        &["-f", "json", "--odds", "surprise", "--ambush"],
        &["-f", "json", "--odds", "-r", "gurps", "surprise", "Ansel:iq=12", "Orc:side=monsters"],
    ] {
        let out = stdout(args);
        assert!(out.ends_with('\n'), "{args:?}");
        let lines: Vec<&str> = out.lines().collect();
        let runs = if args.contains(&"-n") { 3 } else { 1 };
        assert_eq!(lines.len(), runs, "{args:?}: {out}");
        for line in lines {
            let doc: serde_json::Value = serde_json::from_str(line).expect("each line is a document");
            assert_eq!(doc["version"], VERSION, "{args:?}");
            assert!(compact(line), "{args:?}: {line}");
        }
    }
    // Two runs appended to one file make a valid JSON Lines file.
    let mut file = stdout(&["--seed", "1", "-f", "json", "distance"]);
    file.push_str(&stdout(&["--seed", "2", "-f", "json", "distance"]));
    let feet: Vec<u64> =
        file.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["feet"].as_u64().unwrap()).collect();
    assert_eq!(feet.len(), 2);
}

/// Whether `json` has no whitespace outside its strings.
fn compact(json: &str) -> bool {
    let (mut in_string, mut escaped) = (false, false);
    for c in json.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            c if c.is_whitespace() && !in_string => return false,
            _ => {}
        }
    }
    true
}

#[test]
fn every_document_carries_the_version_beside_the_seed() {
    let line = stdout(&["--seed", "8", "-f", "json", "-n", "1", "reaction"]);
    assert!(
        line.starts_with(&format!(r#"{{"command":"reaction","rules":"ose","seed":8,"version":"{VERSION}","n":1,"#))
    );
    let yaml: serde_json::Value = serde_yaml::from_str(&stdout(&["--seed", "8", "-f", "yaml", "reaction"])).unwrap();
    assert_eq!(yaml["version"], VERSION);
    assert_eq!(yaml["seed"], 8);
    let odds: serde_json::Value = serde_yaml::from_str(&stdout(&["-f", "yaml", "--odds", "reaction"])).unwrap();
    assert_eq!(odds["version"], VERSION);
    // An estimate has a seed; the version stands beside it.
    let many: Vec<String> = (1..=3000).map(|i| format!("C{i}:dex={}", i % 3)).collect();
    let mut args = vec!["--odds", "--seed", "5", "-r", "5e", "initiative"];
    args.extend(many.iter().map(String::as_str));
    args.extend(["-f", "json"]);
    let estimate = stdout(&args);
    assert!(estimate.contains(r#""exact":false,"#), "{estimate}");
    assert!(estimate.contains(&format!(r#","seed":5,"version":"{VERSION}","#)), "{estimate}");
}

#[test]
fn drawn_seeds_are_below_2_to_the_53_and_any_u64_is_accepted() {
    let seed_of = |out: &str| serde_json::from_str::<serde_json::Value>(out).unwrap()["seed"].as_u64().unwrap();
    let out = fray().args(["-f", "json", "reaction"]).os_seed(|| u64::MAX).run();
    assert_eq!(out.code, 0);
    assert_eq!(seed_of(&out.text()), (1 << 53) - 1);
    let out = fray().args(["-f", "json", "reaction"]).os_seed(|| 1 << 53).run();
    assert_eq!(seed_of(&out.text()), 0);
    // Real draws, too: spawned, for the seed `main` asks of the OS.
    for _ in 0..20 {
        let doc: serde_json::Value =
            serde_json::from_slice(&fray().args(["-f", "json", "reaction"]).run_binary().stdout).unwrap();
        assert!(doc.get("seed").and_then(|s| s.as_u64()).is_some_and(|s| s < 1 << 53));
    }
    let max = u64::MAX.to_string();
    let out = stdout(&["--seed", &max, "-f", "json", "reaction"]);
    assert!(out.contains(&format!(r#""seed":{max},"#)), "{out}");
    assert_eq!(stdout(&["--seed", &max, "-q", "reaction"]), stdout(&["--seed", &max, "-q", "reaction"]));
}

// YAML read back by YAML 1.1 loaders

/// Names a YAML 1.1 loader reads as something other than text when they are not quoted.
const TRICKY_NAMES: [&str; 15] =
    ["On", "No", "yes", "y", "n", "off", "null", "~", "012", "1e3", "0x1F", "1_000", ".inf", "2024-01-02", "Y"];

#[test]
fn yaml_quotes_what_yaml_1_1_would_misread() {
    let mut args = vec!["--seed", "1", "-f", "yaml", "surprise"];
    for name in TRICKY_NAMES {
        args.extend(["--side", name]);
    }
    let yaml = stdout(&args);
    for name in TRICKY_NAMES {
        assert!(
            yaml.contains(&format!("- name: '{name}'\n")) || yaml.contains(&format!("- name: \"{name}\"\n")),
            "{name} is not quoted:\n{yaml}"
        );
    }
    // Numbers and booleans stay what they are.
    assert!(yaml.contains("\nseed: 1\n") && yaml.contains("surprised: false"), "{yaml}");
    // PyYAML, a YAML 1.1 loader, reads every name back as it was given.
    let Some(loaded) = pyyaml_names(&yaml) else { return };
    assert_eq!(loaded, TRICKY_NAMES.join("\n"));
}

/// The side names PyYAML reads from `yaml`, one a line; `None` when python3 or PyYAML is missing.
fn pyyaml_names(yaml: &str) -> Option<String> {
    use std::io::Write;
    let script = "import sys, yaml\n\
                  doc = yaml.safe_load(sys.stdin)\n\
                  assert all(isinstance(s['name'], str) for s in doc['sides']), doc['sides']\n\
                  print('\\n'.join(s['name'] for s in doc['sides']), end='')";
    // The first python3 that has PyYAML (the one on PATH, or the system's with python3-yaml).
    let python = ["python3", "/usr/bin/python3"]
        .into_iter()
        .find(|p| Command::new(p).args(["-c", "import yaml"]).output().is_ok_and(|o| o.status.success()));
    let Some(python) = python else {
        assert!(std::env::var_os("FRAY_REQUIRE_SHELLS").is_none(), "python3 with PyYAML is required");
        eprintln!("skipping: python3 with PyYAML is not installed");
        return None;
    };
    let mut child = Command::new(python)
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(yaml.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "PyYAML: {}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8(out.stdout).unwrap())
}

// -q

#[test]
fn quiet_prints_the_headline_whatever_the_format() {
    let headline = stdout(&["--seed", "4", "-q", "-n", "3", "reaction"]);
    assert_eq!(headline.lines().count(), 3);
    assert!(headline.lines().all(|l| l.parse::<i32>().is_ok()), "{headline}");
    for format in ["json", "yaml"] {
        assert_eq!(stdout(&["--seed", "4", "-f", format, "-q", "-n", "3", "reaction"]), headline, "-f {format}");
        let out = fray().env("FRAY_FORMAT", format).args(["--seed", "4", "reaction", "-n", "3", "-q"]).run();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), headline, "FRAY_FORMAT={format}");
    }
    let odds = stdout(&["-q", "--odds", "distance"]);
    assert_eq!(stdout(&["-q", "--odds", "-f", "json", "distance"]), odds);
    assert!(odds.lines().next().is_some_and(|l| l.contains('/')), "{odds}");
}

// The environment

#[test]
fn an_explicit_flag_beats_the_environment_wherever_it_stands() {
    let run = |vars: &[(&str, &str)], args: &[&str]| {
        let mut cmd = fray();
        for (k, v) in vars {
            cmd = cmd.env(k, v);
        }
        cmd.args(args).run()
    };
    let ose = stdout(&["--seed", "2", "reaction", "-r", "ose"]);
    for args in [&["--seed", "2", "reaction", "-r", "ose"][..], &["-r", "ose", "--seed", "2", "reaction"]] {
        for bad in ["bogus", ""] {
            let out = run(&[("FRAY_RULES", bad)], args);
            assert!(out.success(), "FRAY_RULES={bad:?} {args:?}: {}", out.stderr);
            assert_eq!(String::from_utf8(out.stdout).unwrap(), ose);
        }
    }
    let out = run(&[("FRAY_FORMAT", "xml")], &["--seed", "2", "reaction", "-f", "text"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), ose);
    // The later of two flags wins, before or after the command.
    assert_eq!(
        stdout(&["-r", "ose", "--seed", "2", "reaction", "-r", "gurps"]),
        stdout(&["-r", "gurps", "--seed", "2", "reaction"])
    );
    assert_eq!(stdout(&["-r", "gurps", "--seed", "2", "reaction", "-r", "ose"]), ose);
}

#[test]
fn a_bad_or_empty_variable_is_blamed_on_the_variable() {
    // Every ruleset the registry holds, each once and in its order.
    let ids = every_ruleset_id();
    let cases: &[(&str, &str, &str)] = &[
        ("FRAY_RULES", "bogus", &format!("FRAY_RULES='bogus' is not a ruleset; possible values: {ids};")),
        ("FRAY_RULES", "", &format!("FRAY_RULES is set but empty; possible values: {ids};")),
        ("FRAY_FORMAT", "xml", "FRAY_FORMAT='xml' is not an output format; possible values: text, yaml, json"),
        ("FRAY_FORMAT", " ", "FRAY_FORMAT is set but empty"),
    ];
    for (name, value, message) in cases {
        let out = fray().env(name, value).args(["reaction"]).run();
        let err = out.stderr;
        assert_eq!(out.code, 2, "{name}={value:?}: {err}");
        assert!(err.starts_with("fray: error: ") && err.contains(message), "{name}={value:?}: {err}");
        assert!(!err.contains("'--rules") && !err.contains("'--format"), "{err}");
    }
    // A good variable still counts, in any case.
    let out = fray().env("FRAY_RULES", "GURPS").env("FRAY_FORMAT", "Json").args(["--seed", "1", "reaction"]).run();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["rules"], "gurps");
}

#[test]
fn rulesets_answer_to_their_obvious_spellings() {
    let cases: &[(&str, &str, &[&str])] = &[
        ("5E", "5e", &["initiative", "Elf:dex=2"]),
        ("dnd5e", "5e", &["initiative", "Elf:dex=2"]),
        ("DnD5e", "5e", &["initiative", "Elf:dex=2"]),
        ("d&d5e", "5e", &["initiative", "Elf:dex=2"]),
        ("5E2024", "5e2024", &["initiative", "Elf:dex=2"]),
        ("5.5e", "5e2024", &["initiative", "Elf:dex=2"]),
        ("DnD2024", "5e2024", &["initiative", "Elf:dex=2"]),
        ("OSE", "ose", &["reaction"]),
        ("Gurps", "gurps", &["reaction"]),
        ("NWoD", "wod", &["initiative", "Mitch:initiative=10"]),
    ];
    for (spelling, id, command) in cases {
        let args = [&["-r", spelling, "--seed", "1"][..], command].concat();
        assert_eq!(json(&args)["rules"], *id, "-r {spelling}");
    }
    let err = fails(&["-r", "pathfinder", "reaction"], 2);
    let ids = every_ruleset_id();
    assert!(err.contains(&format!("invalid value 'pathfinder' for '--rules <ID>'; possible values: {ids};")), "{err}");
}

/// The ids of every ruleset in the registry, in its order, as errors list them.
fn every_ruleset_id() -> String {
    let ids: Vec<&str> = fray::rulesets::RULESETS.iter().map(|r| r.id).collect();
    assert!(ids.len() >= 7 && ids.contains(&"cofd"), "{ids:?}");
    ids.join(", ")
}

// Output that cannot be written

/// Runs fray with standard output on /dev/full.
fn to_a_full_disk(args: &[&str]) -> (Option<i32>, String) {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let out = process().args(args).stdout(Stdio::from(full)).output().unwrap();
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn output_that_cannot_be_written_is_an_error() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["--version"],
        &["surprise", "-h"],
        &["help", "encounter"],
        &["completions", "bash"],
        &["--seed", "1", "encounter"],
        &["--seed", "1", "-f", "json", "reaction"],
        &["--odds", "reaction"],
    ] {
        let (code, err) = to_a_full_disk(args);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert_eq!(err, "fray: error: cannot write output: no space left on device\n", "{args:?}");
    }
}

/// Spawned: a standard output closed before fray started is, by the time `main` runs, the
/// /dev/null Rust's runtime opens in its place, which nothing tells from a /dev/null given on
/// purpose (Python's DEVNULL and service managers open it read-write, as the runtime does). fray
/// runs no code of its own before `main`, so it takes both as output thrown away, as ripgrep and
/// bat do: no error, nothing on standard error.
#[test]
fn a_closed_standard_output_is_output_thrown_away() {
    let bin = assert_cmd::cargo::cargo_bin("fray");
    for redirect in [">&-", ">/dev/null", "1<>/dev/null"] {
        for args in ["encounter", "--help", "--version", "-f json -n 3 reaction"] {
            let line = format!("exec '{}' {args} {redirect}", bin.display());
            let out = Command::new("sh").args(["-c", &line]).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success() && err.is_empty(), "{args} {redirect}: {err}");
        }
    }
}

// Errors that name what is wrong

/// A long path or value is quoted shortened, with `…`, as the combatant errors quote one.
#[test]
fn long_arguments_are_quoted_shortened() {
    let long = "9".repeat(100_000);
    let roster = format!("Goblin*{long}");
    let seed = long.clone();
    for args in [
        vec!["surprise", "--roster", roster.as_str()],
        vec!["--seed", seed.as_str(), "reaction"],
        vec!["-r", seed.as_str(), "reaction"],
        vec!["-r", "5e", "surprise", "--stealth", seed.as_str(), "Elf"],
    ] {
        let out = fray().args(&args).run();
        let err = out.stderr;
        assert!(
            err.starts_with("fray: error: ") && err.len() < 300 && err.contains('…'),
            "{} bytes: {}",
            err.len(),
            &err[..err.len().min(300)]
        );
        assert!(out.code == 1 || out.code == 2, "{err}");
    }
}

#[test]
fn errors_name_the_flag_and_its_range() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--seed", "-1", "reaction"],
            "invalid value '-1' for '--seed <U64>': not a whole number from 0 to 18446744073709551615",
        ),
        (&["reaction", "--seed", "1.5"], "for '--seed <U64>': not a whole number from 0 to 18446744073709551615"),
        (
            &["pursue", "--quarry", "30", "--pursuer", "40", "--rounds", "-5"],
            "--rounds is -5, out of range; allowed: a whole number from 1 to 1000",
        ),
        (
            &["-r", "gurps", "surprise", "--rounds", "-5"],
            "--rounds is -5, out of range; allowed: a whole number from 1 to 1000",
        ),
        (&["-n", "-2", "reaction"], "--repeat is -2, out of range; allowed: a whole number from 1 to 1000000000"),
        (
            &["pursue", "--quarry", "30", "--pursuer", "40", "--gap", "-1"],
            "-1, out of range; allowed: a whole number from 0 to 1000000",
        ),
        (&["reaction", "--cha", "-3"], "--cha is -3, out of range; allowed: a whole number from 3 to 18"),
        (&["surprise", "--roster", ""], "the roster path is empty; give --roster a file, or '-' for standard input"),
        (&["man", ""], "the folder for man pages is empty"),
        (
            &["completions"],
            "the following required arguments were not provided: <SHELL>; see 'fray completions --help'",
        ),
    ];
    for (args, message) in cases {
        let err = fails(args, 2);
        assert!(err.contains(message), "fray {args:?}:\n  got: {err}  want: {message}");
        assert!(!err.contains("-- -"), "fray {args:?} suggests a separator: {err}");
        assert!(!err.ends_with(":;"), "{err}");
    }
}

#[test]
fn a_directory_on_standard_input_reads_like_a_directory_path() {
    let dir = std::fs::File::open(std::env::temp_dir()).unwrap();
    let out = process().args(["surprise", "--roster", "-"]).stdin(Stdio::from(dir)).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.starts_with("fray: error: cannot read the roster from standard input: it is a directory; "), "{err}");
    assert!(!err.contains("os error"), "{err}");
    let path = fails(&["surprise", "--roster", std::env::temp_dir().to_str().unwrap()], 1);
    assert!(path.contains(": it is a directory"), "{path}");
}

// Text aligned by display width

#[test]
fn wide_names_line_up() {
    let text = stdout(&["--seed", "3", "surprise", "--side", "龍の群れ", "--side", "🐺wolves", "--side", "orcs"]);
    let columns: Vec<usize> = text
        .lines()
        .filter(|l| l.contains("1d6"))
        .map(|l| fray::render::width_of(&l[..l.find("1d6").unwrap()]))
        .collect();
    assert_eq!(columns.len(), 3, "{text}");
    assert!(columns.iter().all(|&c| c == columns[0]), "the rolls do not line up: {columns:?}\n{text}");
    assert_eq!(columns[0], 2 + 8 + 2, "{text}");
    let text =
        stdout(&["--seed", "3", "-r", "5e", "initiative", "龍:dex=2", "Elf:dex=3", "🐉Drake:dex=1,side=monsters"]);
    let columns: Vec<usize> = text
        .lines()
        .filter(|l| l.contains("1d20"))
        .map(|l| fray::render::width_of(&l[..l.find("1d20").unwrap()]))
        .collect();
    assert_eq!(columns.len(), 3, "{text}");
    assert!(columns.iter().all(|&c| c == columns[0]), "{columns:?}\n{text}");
}

#[test]
fn display_width_counts_wide_characters_twice_and_colour_not_at_all() {
    use fray::render::width_of;
    assert_eq!(width_of("Elf"), 3);
    assert_eq!(width_of("龍の群れ"), 8);
    assert_eq!(width_of("🐺"), 2);
    assert_eq!(width_of("\u{1b}[1;36m龍\u{1b}[0m x"), 4);
    let mut padded = String::new();
    fray::render::pad(&mut padded, "\u{1b}[1m龍\u{1b}[0m", 5);
    assert_eq!(width_of(&padded), 5);
    assert!(padded.ends_with("   "));
}

#[test]
fn odds_text_fits_a_hundred_columns_and_data_keeps_the_exact_fraction() {
    let args = ["-r", "gurps", "surprise", "--total", "Ansel:iq=8", "Bob:iq=3", "Orc*2:side=monsters,iq=9"];
    let text = stdout(&[&["--odds"], &args[..]].concat());
    for line in text.lines() {
        assert!(line.chars().count() <= 100, "{} columns: {line}", line.chars().count());
    }
    let shortened: Vec<&str> = text.lines().filter(|l| l.contains("≈1/")).collect();
    assert!(!shortened.is_empty(), "a long fraction is shortened: {text}");
    // JSON and YAML give every fraction exactly, the long ones too.
    let doc = json(&[&["--odds"], &args[..]].concat());
    let longest = doc["odds"].as_array().unwrap().iter().filter_map(|e| e["fraction"].as_str()).map(str::len).max();
    assert!(longest.unwrap() > 40, "{doc}");
    let yaml = stdout(&[&["--odds", "-f", "yaml"], &args[..]].concat());
    assert!(!yaml.contains('≈'), "{yaml}");
}

/// Every `--roster-example` is a roster its own command runs with as it is, in every ruleset:
/// the template's keys are the ones that command takes.
#[test]
fn every_roster_example_runs_as_a_roster_for_its_command() {
    let mut ran = 0;
    for rules in fray::rulesets::RULESETS {
        for procedure in fray::rulesets::Procedure::ALL.into_iter().filter(|p| rules.has(*p)) {
            let base = ["-r", rules.id, procedure.name()];
            let example = fray().args(base).arg("--roster-example").run();
            if !example.success() {
                // A command without a cast takes no roster at all.
                let err = example.stderr;
                let refused = ["unexpected argument '--roster-example'", "--roster-example is not an option of"];
                assert!(refused.iter().any(|r| err.contains(r)), "{base:?}: {err}");
                continue;
            }
            let out = fray()
                .args(base)
                .args(["--seed", "1", "-f", "json", "--roster", "-"])
                .write_stdin(example.stdout)
                .run();
            let err = &out.stderr;
            assert!(out.success(), "fray {base:?} --roster-example | fray {base:?} --roster -\n  {err}");
            let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(doc["command"], procedure.name(), "{doc}");
            ran += 1;
        }
    }
    // surprise, initiative and encounter of all seven rulesets, and the 5e and 5e2024 chases.
    assert!(ran >= 23, "only {ran} roster examples ran");
}

/// A roster whose entry a ruleset refuses once it is read (a 5e2024 `alert` without `pb`, a bx
/// individual total under side initiative) is a data error at the entry's line and column.
#[test]
fn a_roster_entry_a_ruleset_refuses_is_located() {
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &["-r", "5e2024", "initiative"],
            "sides:\n  - party\n  - orcs\ncombatants:\n  - Elf\n  - name: Rogue\n    alert: true\n",
            "fray: error: <stdin>:6:5: 'Rogue': key 'alert' adds the proficiency bonus",
        ),
        (
            &["-r", "bx", "initiative"],
            "combatants:\n  - \"A:initiative=5\"\n",
            "fray: error: <stdin>:2:5: combatant 'A' gives",
        ),
    ];
    for (args, roster, start) in cases {
        let out = fray().args(*args).args(["--roster", "-"]).write_stdin(*roster).run();
        let err = out.stderr;
        assert_eq!(out.code, 1, "{err}");
        assert!(err.starts_with(start), "{err}");
    }
    // The same refusal inline stays a usage error.
    let out = fray().args(["-r", "5e2024", "initiative", "Rogue:alert"]).run();
    assert_eq!(out.code, 2);
}

/// The commands `fray --help` lists (not the hidden ones, nor `help`).
fn shown_commands() -> Vec<String> {
    let top = fray::cli::command();
    let shown = top.get_subcommands().filter(|sub| !sub.is_hide_set() && sub.get_name() != "help");
    shown.map(|sub| sub.get_name().to_string()).collect()
}

/// Whether `text` has `word` as a word of its own (not inside `rolls` or `--table`).
fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-')).any(|w| w == word)
}

#[test]
fn a_newcomer_is_told_every_command_with_none_in_help_and_in_man() {
    let commands = shown_commands();
    for needed in ["surprise", "encounter", "roll", "table", "track", "wandering", "morale"] {
        assert!(commands.iter().any(|c| c == needed), "{needed} in {commands:?}");
    }
    let err = fails(&[], 2);
    let help = stdout(&["--help"]);
    let first = help.split("\n\n").next().unwrap();
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/man/fray.1")).unwrap();
    let description = page.split(".SH DESCRIPTION\n").nth(1).unwrap().lines().next().unwrap().replace("\\-", "-");
    for command in &commands {
        assert!(err.contains(command.as_str()), "'{command}' not in: {err}");
        assert!(has_word(first, command), "'{command}' not in the first paragraph of fray --help: {first}");
        assert!(has_word(&description, command), "'{command}' not in man fray's description: {description}");
    }
    assert!(first.contains("track play") && description.contains("track play"), "{first}");
    // Each track action is named when none is given.
    let err = fails(&["track"], 2);
    let track = fray::cli::command().find_subcommand("track").unwrap().clone();
    for action in track.get_subcommands().filter(|a| !a.is_hide_set() && a.get_name() != "help") {
        assert!(has_word(&err, action.get_name()), "'{}' not in: {err}", action.get_name());
    }
}

/// A side named by a plural takes a plural verb in every ruleset's sentences, and a singular
/// one a singular verb: `monsters get one free round`, `party gets`.
#[test]
fn verbs_agree_with_the_sides_they_follow() {
    let mut plural_seen = 0;
    for rules in fray::rulesets::RULESETS {
        for command in ["surprise", "initiative", "encounter"] {
            for seed in 1..=8 {
                let seed = seed.to_string();
                let args = ["--seed", &seed, "-r", rules.id, command, "Elf", "Orc:side=monsters"];
                let out = fray().args(args).run();
                if !out.success() {
                    continue;
                }
                let text = flat(&out.text());
                for singular in ["gets", "acts", "waits", "rolls"] {
                    let wrong = format!("monsters {singular} ");
                    assert!(!text.contains(&wrong), "{wrong:?} in fray {}:\n{text}", args.join(" "));
                }
                for plural in ["get", "act", "wait", "roll"] {
                    assert!(!text.contains(&format!("party {plural} ")), "party {plural} in:\n{text}");
                }
                plural_seen += usize::from(text.contains("monsters get ") || text.contains("monsters act "));
            }
        }
    }
    assert!(plural_seen > 0, "no sentence about the monsters was met");
}
