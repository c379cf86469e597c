//! The scripting contract at the program's edge: the shape of every document (JSON Lines,
//! `version`, seeds, YAML any loader reads back), `-q`, the environment, output that cannot be
//! written, error messages that name what is wrong, and text aligned by display width.

use crate::common::*;
use fray::app::{self, Env};
use std::ffi::OsString;
use std::process::{Command, Stdio};

const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Runs fray in-process with `os_seed` as the OS's random number, returning (exit, stdout, stderr).
fn in_process(args: &[&str], os_seed: fn() -> u64) -> (u8, String, String) {
    let mut argv = vec![OsString::from("fray")];
    argv.extend(args.iter().map(OsString::from));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut stdin: &[u8] = b"";
    let code = app::main(
        &argv,
        &mut Env {
            stdin: &mut stdin,
            stdout: &mut out,
            stderr: &mut err,
            terminal: false,
            no_color: false,
            force_color: false,
            os_seed,
            exits_after: false,
        },
    );
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
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
    let many: Vec<String> = (1..=150).map(|i| format!("C{i}:dex={}", i % 3)).collect();
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
    let (code, out, _) = in_process(&["-f", "json", "reaction"], || u64::MAX);
    assert_eq!(code, 0);
    assert_eq!(seed_of(&out), (1 << 53) - 1);
    let (_, out, _) = in_process(&["-f", "json", "reaction"], || 1 << 53);
    assert_eq!(seed_of(&out), 0);
    // Real draws, too.
    for _ in 0..20 {
        assert!(json(&["reaction"]).get("seed").and_then(|s| s.as_u64()).is_some_and(|s| s < 1 << 53));
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
    let have = Command::new("python3").args(["-c", "import yaml"]).output().is_ok_and(|o| o.status.success());
    if !have {
        assert!(std::env::var_os("FRAY_REQUIRE_SHELLS").is_none(), "python3 with PyYAML is required");
        eprintln!("skipping: python3 with PyYAML is not installed");
        return None;
    }
    let mut child = Command::new("python3")
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
