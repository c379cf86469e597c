//! Shell integration: committed completions and man pages, real shells completing fray,
//! man pages rendering, colour decisions under a real terminal.

use crate::common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether `program` is installed. A program missing when the tests were built marks its tests
/// ignored (build.rs sets `missing_<program>`), so the summary counts them; one removed since
/// skips with a note. With FRAY_REQUIRE_SHELLS set (CI installs them and sets it) a missing
/// program fails the test.
fn have(program: &str) -> bool {
    let found =
        Command::new("sh").args(["-c", &format!("command -v {program}")]).output().is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("FRAY_REQUIRE_SHELLS").is_none(),
            "{program} is required (FRAY_REQUIRE_SHELLS is set)"
        );
        eprintln!("skipping: {program} is not installed");
    }
    found
}

/// Compares a committed generated file with what the code generates now; with
/// UPDATE_GENERATED=1 rewrites it instead.
fn check_generated(path: &Path, fresh: &[u8]) {
    if std::env::var_os("UPDATE_GENERATED").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, fresh).unwrap();
        return;
    }
    let committed = std::fs::read(path).unwrap_or_default();
    assert!(
        committed == fresh,
        "{} is stale: run `UPDATE_GENERATED=1 cargo test --test tests shell` and commit the result",
        path.display()
    );
}

#[test]
fn completions_and_man_pages_are_up_to_date() {
    for (shell, file) in fray::packaging::SHELLS {
        check_generated(&root().join("completions").join(file), &fray::packaging::completion(shell));
    }
    let pages = fray::packaging::man_pages().unwrap();
    let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
    let mut expected: Vec<String> = [
        "fray.1",
        "fray-surprise.1",
        "fray-distance.1",
        "fray-initiative.1",
        "fray-reaction.1",
        "fray-pursue.1",
        "fray-encounter.1",
        "fray-wandering.1",
        "fray-morale.1",
        "fray-roll.1",
        "fray-table.1",
        "fray-track.1",
        "fray-completions.1",
    ]
    .map(String::from)
    .to_vec();
    // A page in section 7 for every ruleset: fray-ose.7…
    expected.extend(fray::rulesets::RULESETS.iter().map(|r| format!("fray-{}.7", r.id)));
    assert_eq!(names, expected);
    for (name, bytes) in &pages {
        check_generated(&root().join("man").join(name), bytes);
    }
    // Nothing stale lies next to them.
    let on_disk = std::fs::read_dir(root().join("man")).unwrap().count();
    assert_eq!(on_disk, pages.len());
}

#[test]
fn the_packaging_commands_write_the_same_files() {
    for (shell, file) in fray::packaging::SHELLS {
        let name = format!("{shell}");
        let out = fray().args(["completions", &name]).run();
        assert!(out.success());
        let committed = std::fs::read(root().join("completions").join(file)).unwrap();
        assert!(out.stdout == committed, "fray completions {name} differs from completions/{file}");
    }
    let dir = std::env::temp_dir().join(format!("fray-man-{}", std::process::id()));
    let out = fray().args(["man", dir.to_str().unwrap()]).run();
    assert!(out.success(), "{}", out.stderr);
    for (name, bytes) in fray::packaging::man_pages().unwrap() {
        assert!(std::fs::read(dir.join(&name)).unwrap() == bytes, "fray man wrote a different {name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let err = fails(&["completions", "tcsh"], 2);
    assert!(err.contains("possible values: bash, elvish, fish, powershell, zsh"), "{err}");
}

/// Every help text a user can ask for: `fray -h`/`--help`, each command's, `fray help CMD`.
fn every_help_text() -> Vec<(String, String)> {
    let mut commands: Vec<String> = fray::cli::command().get_subcommands().map(|c| c.get_name().to_string()).collect();
    commands.retain(|c| c != "help");
    let mut texts = Vec::new();
    for flag in ["-h", "--help"] {
        texts.push((format!("fray {flag}"), stdout(&[flag])));
        for command in &commands {
            texts.push((format!("fray {command} {flag}"), stdout(&[command.as_str(), flag])));
        }
    }
    for command in &commands {
        texts.push((format!("fray help {command}"), stdout(&["help", command.as_str()])));
    }
    texts
}

#[test]
fn help_man_pages_and_completions_hold_no_code_markup_or_internal_names() {
    let mut texts = every_help_text();
    for (name, bytes) in fray::packaging::man_pages().unwrap() {
        texts.push((format!("man/{name}"), String::from_utf8(bytes).unwrap()));
    }
    for (shell, file) in fray::packaging::SHELLS {
        let script = String::from_utf8(fray::packaging::completion(shell)).unwrap();
        // `::` is syntax in zsh and PowerShell scripts; their menus are checked for the rest.
        let script = if matches!(file, "_fray" | "_fray.ps1") { script.replace("::", "") } else { script };
        texts.push((format!("completions/{file}"), script));
    }
    // Names of the code behind the command line, never words of its help.
    const INTERNAL: [&str; 16] = [
        "Global",
        "Cli",
        "Args",
        "Opts",
        "RulesId",
        "ColorWhen",
        "StealthTies",
        "DropParser",
        "Settings",
        "settled()",
        "clap",
        "serde",
        "flatten",
        "derive",
        "propagat",
        "mem::",
    ];
    for (what, text) in &texts {
        let text = text.replace(fray::cli::GLOBAL, "");
        for markup in ["`", "[`", "`]", "::"] {
            assert!(!text.contains(markup), "{what} contains {markup:?}");
        }
        for name in INTERNAL {
            assert!(!text.contains(name), "{what} mentions {name:?}");
        }
    }
    assert!(texts.len() > 20);
}

#[test]
fn every_command_opens_with_what_it_does() {
    let opening = [
        ("surprise", "Who is caught unawares"),
        ("distance", "How far apart the sides are when they meet"),
        ("initiative", "Who acts first, and the acting order"),
        ("reaction", "How the other side reacts"),
        ("pursue", "A chase, round by round"),
        ("encounter", "The whole encounter sequence in one document"),
        ("wandering", "Is a wandering monster met? The check for a random encounter"),
        ("morale", "Do the monsters keep fighting? The morale check"),
        ("completions", "Print the completion script for a shell"),
    ];
    for (command, words) in opening {
        for flag in ["-h", "--help"] {
            let help = stdout(&[command, flag]);
            assert_eq!(help.lines().next(), Some(words), "fray {command} {flag}");
        }
        let page = std::fs::read_to_string(root().join("man").join(format!("fray-{command}.1"))).unwrap();
        assert!(page.contains(&format!("fray\\-{command} \\- {words}\n")), "fray-{command}.1");
    }
    // The packaging command a user needs is listed; the one for packagers is not.
    let help = stdout(&["--help"]);
    assert!(help.contains("\n  completions  Print the completion script for a shell\n"), "{help}");
    assert!(!help.contains("\n  man "), "{help}");
}

/// What bash offers for the words of `line` (the last word is being completed).
fn bash_complete(line: &str) -> Vec<String> {
    bash_complete_with("_fray", line)
}

/// What the bash function `function` of the static script offers for `line`.
fn bash_complete_with(function: &str, line: &str) -> Vec<String> {
    let script = root().join("completions/fray.bash");
    let words: Vec<&str> = line.split(' ').collect();
    let array = words.iter().map(|w| format!("'{w}'")).collect::<Vec<_>>().join(" ");
    let program = format!(
        "source '{}'; COMP_WORDS=({array}); COMP_CWORD={}; COMP_LINE='{line}'; COMP_POINT={}; \
         {function} fray '{}' '{}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
        words.len() - 1,
        line.len(),
        words[words.len() - 1],
        words[words.len().saturating_sub(2)],
    );
    let out = Command::new("bash").args(["--norc", "-c", &program]).current_dir(root()).output().unwrap();
    assert!(out.status.success(), "bash: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().filter(|l| !l.is_empty()).map(str::to_string).collect()
}

#[test]
#[cfg_attr(missing_bash, ignore = "needs bash, not installed when the tests were built")]
fn bash_completes_commands_flags_and_values() {
    if !have("bash") {
        return;
    }
    assert_eq!(bash_complete("fray sur"), ["surprise"]);
    let flags = bash_complete("fray pursue --");
    for flag in ["--quarry", "--pursuer", "--drop", "--rules", "--odds"] {
        assert!(flags.contains(&flag.to_string()), "{flag} not in {flags:?}");
    }
    let ids: Vec<&str> = fray::rulesets::RULESETS.iter().map(|r| r.id).collect();
    assert_eq!(bash_complete("fray --rules "), ids);
    assert_eq!(bash_complete("fray pursue --drop "), ["treasure", "food"]);
    assert_eq!(bash_complete("fray initiative --ties s"), ["simultaneous"]);
    assert_eq!(bash_complete("fray encounter --roster Cargo.t"), ["Cargo.toml"]);
    // Every ruleset's terrains, not file names.
    let terrains = bash_complete("fray distance --terrain ");
    for terrain in ["arctic", "coastal", "hills", "mountains"] {
        assert!(terrains.contains(&terrain.to_string()), "{terrain} not in {terrains:?}");
    }
    // After the `:` of a combatant, where bash breaks the word, nothing rather than `-`.
    assert_eq!(bash_complete_with("_fray_keys", "fray surprise Ansel:"), Vec::<String>::new());
    assert_eq!(bash_complete_with("_fray_keys", "fray surprise --side orcs:chance="), Vec::<String>::new());
    assert_eq!(bash_complete_with("_fray_keys", "fray sur"), ["surprise"]);
}

/// What the registry builds for `fray -r RULES COMMAND -h`: its flags, examples, keys, pages.
#[test]
fn help_knows_the_ruleset() {
    let bx = stdout(&["-r", "bx", "pursue", "-h"]);
    for flag in ["--fleeing", "--cover", "--complications", "--terrain", "COMBATANT"] {
        assert!(!bx.contains(flag), "bx pursue help lists {flag}:\n{bx}");
    }
    for flag in ["--quarry-count", "--days", "--wilderness", "fray -r bx pursue --quarry", "man fray-bx"] {
        assert!(bx.contains(flag), "bx pursue help lacks {flag}:\n{bx}");
    }
    let five = stdout(&["-r", "5e", "pursue", "-h"]);
    assert!(five.contains("--fleeing") && !five.contains("--quarry-count"), "{five}");
    assert!(five.contains("--terrain <TERRAIN>") && five.contains("hills"), "the terrains are offered: {five}");
    let gurps = stdout(&["-r", "gurps", "surprise", "--help"]);
    for needle in
        ["--total", "iq=N", "a whole number from 1 to 30", "leader-iq=N", "man fray-gurps", "--roster-example"]
    {
        assert!(gurps.contains(needle), "gurps surprise help lacks {needle}:\n{gurps}");
    }
    for foreign in ["--stealth", "--aware", "Elf:per=16", "\n  fray surprise"] {
        assert!(!gurps.contains(foreign), "gurps surprise help shows {foreign}:\n{gurps}");
    }
    // The ruleset from FRAY_RULES, and a command the ruleset lacks.
    let out = fray().env("FRAY_RULES", "wod").args(["initiative", "-h"]).run();
    let wod = String::from_utf8(out.stdout).unwrap();
    assert!(wod.contains("--delay") && !wod.contains("--variant"), "{wod}");
    let none = stdout(&["-r", "wod", "reaction", "-h"]);
    // The sentence may wrap to the help's 80 columns: read it by its words.
    assert!(
        flat(&none).contains(&format!(
            "The wod ruleset has no reaction rule; rulesets with one: {}.",
            fray::rulesets::Ruleset::having(fray::rulesets::Procedure::Reaction).join(", ")
        )),
        "{none}"
    );
    assert!(none.lines().filter(|l| l.starts_with("The ")).all(|l| l.chars().count() <= 80), "{none}");
    // Help, man pages: examples whole on one line, man pages' never filled.
    for rules in fray::rulesets::RULESETS {
        for example in rules.examples {
            // A `fray track` line is in the help of track.
            let command = example.procedure.map_or("track", |p| p.name());
            let help = stdout(&["-r", rules.id, command, "--help"]);
            let whole = |l: &str| l.trim() == example.line || l.trim().starts_with(&format!("{}   ", example.line));
            assert!(help.lines().any(whole), "{}: {}", rules.id, example.line);
        }
    }
    for (name, page) in fray::packaging::man_pages().unwrap() {
        let page = String::from_utf8(page).unwrap();
        let examples = page.split(".SH EXAMPLES\n").nth(1).map(|s| s.split("\n.SH ").next().unwrap()).unwrap_or("");
        for line in examples.lines().filter(|l| l.starts_with("\\fBfray")) {
            let before = &examples[..examples.find(line).unwrap()];
            assert!(before.ends_with(".nf\n"), "{name}: an example outside a no-fill block: {line}");
        }
    }
}

/// Every example that help and manual pages show runs under its ruleset, in bash, with the
/// glob characters quoted (a pipe's reader left out).
#[test]
fn every_example_runs() {
    if !have("bash") {
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin("fray");
    let state = std::env::temp_dir().join(format!("fray-example-state-{}", std::process::id()));
    for rules in fray::rulesets::RULESETS {
        for example in rules.examples {
            let line = example.line.split(" | ").next().unwrap();
            let command = line.strip_prefix("fray ").expect("an example starts with fray");
            // A fight each: `track` lines keep one in a folder of their own.
            let _ = std::fs::remove_dir_all(&state);
            let out = Command::new("bash")
                .args(["-O", "failglob", "-c", &format!("'{}' --seed 1 {command}", bin.display())])
                .env_remove("FRAY_RULES")
                .env("XDG_STATE_HOME", &state)
                .output()
                .unwrap();
            assert!(out.status.success(), "{line}: {}", String::from_utf8_lossy(&out.stderr));
        }
    }
    let _ = std::fs::remove_dir_all(&state);
}

/// A flag given where its command does not take it, or before any command, gets fray's own
/// message naming who takes it, never clap's advice to write `--`.
#[test]
fn a_misplaced_flag_names_where_it_belongs() {
    let err = fails(&["-r", "bx", "encounter", "--individual"], 2);
    assert!(
        err.starts_with("fray: error: --individual is not an option of bx encounter; it belongs to bx initiative; bx encounter takes --aware"),
        "{err}"
    );
    let err = fails(&["--stealth", "3", "surprise"], 2);
    assert!(err.contains("it belongs to 5e, 5e2024 surprise; 5e, 5e2024 encounter"), "{err}");
    let err = fails(&["--individual", "-r", "bx", "initiative"], 2);
    assert!(
        err.contains(
            "--individual is an option of bx initiative, given before the command; write it after 'initiative'"
        ),
        "{err}"
    );
    let err = fails(&["-r", "5e", "distance", "--fleeing", "us"], 2);
    assert!(err.contains("--fleeing is not an option of 5e distance; it belongs to 5e, 5e2024 pursue"), "{err}");
    for err in [err, fails(&["reaction", "--sed", "1"], 2)] {
        assert!(!err.contains("-- -"), "{err}");
    }
}

#[test]
#[cfg_attr(missing_fish, ignore = "needs fish, not installed when the tests were built")]
fn fish_completes_commands_flags_and_values() {
    if !have("fish") {
        return;
    }
    let complete = |line: &str| -> Vec<String> {
        let script = root().join("completions/fray.fish");
        let out = Command::new("fish")
            .args(["--no-config", "-c", &format!("source '{}'; complete -C '{line}'", script.display())])
            .output()
            .unwrap();
        assert!(out.status.success(), "fish: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap().lines().map(|l| l.split('\t').next().unwrap().to_string()).collect()
    };
    let commands = complete("fray ");
    for command in ["surprise", "distance", "initiative", "reaction", "pursue", "encounter", "wandering", "morale"] {
        assert!(commands.contains(&command.to_string()), "{command} not in {commands:?}");
    }
    assert!(complete("fray surprise --am").contains(&"--ambush".to_string()));
    let mut ids: Vec<&str> = fray::rulesets::RULESETS.iter().map(|r| r.id).collect();
    ids.sort_unstable();
    assert_eq!(complete("fray --rules "), ids);
    assert_eq!(complete("fray surprise --rules g"), ["gurps"]);
    assert_eq!(complete("fray -f j"), ["json"]);
    assert_eq!(complete("fray pursue --drop "), ["food", "treasure"]);
}

#[test]
#[cfg_attr(missing_zsh, ignore = "needs zsh, not installed when the tests were built")]
fn zsh_loads_the_completion() {
    if !have("zsh") {
        return;
    }
    let dir = root().join("completions");
    let program = format!(
        "fpath=('{}' $fpath); autoload -Uz compinit; compinit -u -D; print -r -- ${{_comps[fray]}}",
        dir.display()
    );
    let out = Command::new("zsh").args(["-f", "-c", &program]).output().unwrap();
    assert!(out.status.success(), "zsh: {}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), "_fray");
    // The file itself parses.
    let out = Command::new("zsh").args(["-n", dir.join("_fray").to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "zsh -n: {}", String::from_utf8_lossy(&out.stderr));
}

#[test]
#[cfg_attr(missing_man, ignore = "needs man, not installed when the tests were built")]
fn man_pages_render_without_warnings() {
    if !have("man") {
        return;
    }
    let pages = fray::packaging::man_pages().unwrap();
    let pages_on_disk: Vec<String> = std::fs::read_dir(root().join("man"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    for (name, _) in pages.clone() {
        let path = root().join("man").join(&name);
        let out = Command::new("man")
            .args(["--warnings", "-l", path.to_str().unwrap()])
            .env("MANWIDTH", "80")
            .env("LC_ALL", "C.UTF-8")
            .env("MANPAGER", "cat")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let warnings = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && warnings.trim().is_empty(), "{name}: {warnings}");
        // Commands (section 1) and rulesets (section 7).
        let (sections, needles) = if name.ends_with(".1") {
            (
                &["NAME", "SYNOPSIS", "OPTIONS", "EXAMPLES", "ENVIRONMENT", "EXIT STATUS", "SEE ALSO"][..],
                &["FRAY_RULES", "--rules", "--seed", "--odds"][..],
            )
        } else {
            (
                &["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "SIDE KEYS", "COMBATANT KEYS", "ROSTER", "OUTPUT"][..],
                &["FRAY_RULES", "--rules", "encounter -q", "side=NAME"][..],
            )
        };
        for section in sections {
            assert!(text.contains(&format!("\n{section}\n")), "{name} lacks {section}");
        }
        for needle in needles {
            assert!(text.contains(needle), "{name} lacks {needle}");
        }
        // Every page is named where pages are listed, and none that does not exist.
        let see_also = text.split("\nSEE ALSO\n").nth(1).unwrap_or_default();
        let see_also = see_also.split("\n\n").next().unwrap_or_default().replace(['\n', ' '], "");
        for page in see_also.split(',') {
            let (page, section) = page.trim_end_matches(')').split_once('(').unwrap();
            assert!(pages_on_disk.contains(&format!("{page}.{section}")), "{name} refers to {page}({section})");
        }
        // A command's page names every other page; a ruleset's page, fray(1), the commands it
        // has and every other ruleset's page.
        for (other, _) in &pages {
            let (page, section) = other.rsplit_once('.').unwrap();
            let named = see_also.split(',').any(|p| p == format!("{page}({section})"));
            let wanted = name.ends_with(".1") || other == "fray.1" || other.ends_with(".7");
            assert!(other == &name || named || !wanted, "{name} lacks {other}");
        }
        assert!(!text.contains("fray-help"), "{name}: there is no fray-help page");
    }
}

/// Runs fray under a real pseudo-terminal (util-linux `script`), returning what it printed.
fn on_a_terminal(args: &str, env: &[(&str, &str)]) -> String {
    let bin = assert_cmd::cargo::cargo_bin("fray");
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &format!("{} {args}", bin.display()), "/dev/null"])
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("FRAY_FORMAT")
        .env_remove("FRAY_RULES");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "script: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

const ESC: &str = "\u{1b}[";

#[test]
#[cfg_attr(missing_script, ignore = "needs script, not installed when the tests were built")]
fn colour_follows_the_terminal_the_variables_and_the_flag() {
    if !have("script") {
        return;
    }
    let args = "--seed 1 reaction --cha 16";
    assert!(on_a_terminal(args, &[]).contains(ESC), "auto colours a terminal");
    assert!(!on_a_terminal(args, &[("NO_COLOR", "1")]).contains(ESC), "NO_COLOR turns it off");
    assert!(on_a_terminal(args, &[("NO_COLOR", "")]).contains(ESC), "an empty NO_COLOR does not count");
    assert!(!on_a_terminal(&format!("--color never {args}"), &[]).contains(ESC), "the flag beats the terminal");
    assert!(
        on_a_terminal(&format!("--color always {args}"), &[("NO_COLOR", "1")]).contains(ESC),
        "the flag beats NO_COLOR"
    );
    assert!(!on_a_terminal(args, &[("TERM", "dumb")]).contains(ESC), "a dumb terminal gets no colour");
    assert!(on_a_terminal(args, &[("TERM", "dumb"), ("CLICOLOR_FORCE", "1")]).contains(ESC), "unless forced");
    assert!(on_a_terminal(&format!("--color always {args}"), &[("TERM", "dumb")]).contains(ESC), "or asked for");
    assert!(!on_a_terminal(&format!("-f yaml --color always {args}"), &[]).contains(ESC), "YAML is never coloured");
    assert!(!on_a_terminal(&format!("-f json {args}"), &[]).contains(ESC), "JSON is never coloured");
    // Through a pipe: no colour unless forced (spawned: the variables as the process has them).
    let piped = |extra: &[&str], env: &[(&str, &str)]| {
        let mut cmd = assert_cmd::Command::cargo_bin("fray").unwrap();
        cmd.env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let out = cmd.args(extra).args(["--seed", "1", "reaction", "--cha", "16"]).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(!piped(&[], &[]).contains(ESC));
    assert!(piped(&[], &[("CLICOLOR_FORCE", "1")]).contains(ESC));
    assert!(!piped(&[], &[("CLICOLOR_FORCE", "0")]).contains(ESC));
    assert!(!piped(&[], &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]).contains(ESC));
    assert!(!piped(&["--color", "never"], &[("CLICOLOR_FORCE", "1")]).contains(ESC));
    assert!(piped(&["--color", "always"], &[]).contains(ESC));
}

#[test]
fn coloured_text_is_the_plain_text_with_styles() {
    let plain = stdout(&["--seed", "5", "encounter", "--cha", "13"]);
    let out = fray().args(["--color", "always", "--seed", "5", "encounter", "--cha", "13"]).run();
    let coloured = String::from_utf8(out.stdout).unwrap();
    assert!(coloured.contains(ESC));
    assert_eq!(strip_ansi(&coloured), plain);
    insta::assert_snapshot!("ose_encounter_colour", coloured);
}

fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

// ------------------------------------------------------------------------------------------
// Completions that ask fray (`COMPLETE=<shell> fray`), in real interactive shells

/// The hook `COMPLETE=<shell> fray` prints, written into `dir`.
fn dynamic_hook(shell: &str, dir: &Path) -> PathBuf {
    let bin = assert_cmd::cargo::cargo_bin("fray");
    let out = Command::new(&bin).env("COMPLETE", shell).env_remove("FRAY_RULES").output().unwrap();
    assert!(out.status.success(), "COMPLETE={shell} fray: {}", String::from_utf8_lossy(&out.stderr));
    let hook = String::from_utf8(out.stdout).unwrap();
    assert!(hook.contains(&*bin.to_string_lossy()), "the hook runs this fray: {hook}");
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(format!("hook.{shell}"));
    std::fs::write(&path, hook).unwrap();
    path
}

/// Runs `shell` (a command line) under a pseudo-terminal (util-linux `script`), types `keys`
/// once the prompt `READY>` shows, and returns all it printed once `DONE-2` shows (typed as
/// `echo DONE-$((1+1))`, so the echo of the typed keys does not count).
fn type_into(shell: &str, env: &[(&str, &str)], keys: &str) -> String {
    use std::io::{Read, Write};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};
    let mut cmd = Command::new("script");
    cmd.args(["-qfc", shell, "/dev/null"])
        .env_remove("FRAY_RULES")
        .env("TERM", "xterm")
        .env("COLUMNS", "200")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&seen);
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n @ 1..) = stdout.read(&mut buf) {
            sink.lock().unwrap().extend_from_slice(&buf[..n]);
        }
    });
    let text = || String::from_utf8_lossy(&seen.lock().unwrap()).into_owned();
    let wait = |what: &str| {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(30) {
            if text().contains(what) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    };
    let ready = wait("READY>");
    if ready {
        stdin.write_all(keys.as_bytes()).unwrap();
        stdin.write_all(b"echo DONE-$((1+1))\n").unwrap();
        stdin.flush().unwrap();
    }
    let done = ready && wait("DONE-2");
    let _ = stdin.write_all(b"exit\n");
    drop(stdin);
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    let _ = reader.join();
    let out = text();
    assert!(ready && done, "{shell}: {}", strip_ansi(&out));
    out
}

/// Each line typed, a TAB where it says `<TAB>`, then Enter; `fray` there is a shell function
/// that prints its words as `[word]`, so what the completion put on the line shows.
fn lines(typed: &[&str]) -> String {
    typed.iter().map(|l| format!("{}\n", l.replace("<TAB>", "\t"))).collect()
}

const TYPED: [&str; 8] = [
    "fray -r gurps surprise Ansel:iq=12,l<TAB>",
    "fray surprise --side party --side orcs --aware o<TAB>",
    "fray surprise Ansel:side=m<TAB>",
    "fray -r gurps surprise --side orcs:ta<TAB>12",
    "fray -r 5e initiative Elf:size=g<TAB>",
    "fray completions z<TAB>",
    "export FRAY_RULES=wod",
    "fray encounter Bob:w<TAB>2",
];

/// What the lines of [`TYPED`] become.
const COMPLETED: [&str; 7] = [
    "[-r][gurps][surprise][Ansel:iq=12,leader]",
    "[surprise][--side][party][--side][orcs][--aware][orcs]",
    "[surprise][Ansel:side=monsters]",
    "[-r][gurps][surprise][--side][orcs:tactics=12]",
    "[-r][5e][initiative][Elf:size=gargantuan]",
    "[completions][zsh]",
    "[encounter][Bob:wits=2]",
];

#[test]
#[cfg_attr(
    any(missing_bash, missing_script),
    ignore = "needs bash and script, not both installed when the tests were built"
)]
fn bash_completes_keys_sides_and_shells_by_asking_fray() {
    if !have("bash") || !have("script") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("fray-bash-{}", std::process::id()));
    let hook = dynamic_hook("bash", &dir);
    let rc = dir.join("rc");
    std::fs::write(
        &rc,
        format!(
            "PS1='READY> '\nbind 'set show-all-if-ambiguous on'\nbind 'set bell-style none'\nsource '{}'\n\
             fray() {{ printf '[%s]' \"$@\"; echo; }}\n",
            hook.display()
        ),
    )
    .unwrap();
    let mut typed = lines(&TYPED);
    // Quoted: bash closes the quote after the answer.
    typed.push_str(&lines(&["fray -r wod encounter 'Mitch:co<TAB>3"]));
    // A list: the keys after NAME: (bash shows what follows the last ':').
    typed.push_str("fray -r gurps surprise Ansel:\t\x15");
    let out = type_into(&format!("bash --noprofile --rcfile '{}' -i", rc.display()), &[], &typed);
    let out = strip_ansi(&out);
    for line in COMPLETED.iter().chain(&["[-r][wod][encounter][Mitch:composure=3]"]) {
        assert!(out.contains(line), "bash: {line} not in {out}");
    }
    let keys = ["iq=", "cr", "speed=", "dx=", "leader", "side="];
    let listed = |chunk: &str| keys.iter().all(|k| chunk.split_whitespace().any(|w| w == *k));
    assert!(out.split("Ansel:").any(listed), "bash lists the keys: {out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[cfg_attr(
    any(missing_zsh, missing_script),
    ignore = "needs zsh and script, not both installed when the tests were built"
)]
fn zsh_completes_keys_sides_and_shells_by_asking_fray() {
    if !have("zsh") || !have("script") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("fray-zsh-{}", std::process::id()));
    let hook = dynamic_hook("zsh", &dir);
    std::fs::write(
        dir.join(".zshrc"),
        format!(
            "PS1='READY> '\nautoload -Uz compinit\ncompinit -u -D\nsource '{}'\n\
             fray() {{ printf '[%s]' \"$@\"; echo; }}\n",
            hook.display()
        ),
    )
    .unwrap();
    let mut typed = lines(&TYPED);
    // No space after a key that takes a value; the space after a flag gives way to a ','.
    typed.push_str(&lines(&[
        "fray -r gurps surprise Ansel:i<TAB>12",
        "fray -r gurps surprise Ansel:iq=12,l<TAB>,cr",
        "fray -r wod encounter 'Mitch:co<TAB>3'",
    ]));
    typed.push_str("fray -r gurps surprise Ansel:\t\x15");
    let dotdir = dir.to_string_lossy().into_owned();
    let out = strip_ansi(&type_into("zsh -d -i", &[("ZDOTDIR", &dotdir)], &typed));
    for line in COMPLETED.iter().chain(&["[Ansel:iq=12]", "[Ansel:iq=12,leader,cr]", "[Mitch:composure=3]"]) {
        assert!(out.contains(line), "zsh: {line} not in {out}");
    }
    // The list shows each key with what it means.
    assert!(out.contains("Ansel:iq=") && out.contains("-- IQ (default 10)"), "{out}");
    assert!(out.contains("Ansel:leader") && out.contains("-- leads its side"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[cfg_attr(missing_fish, ignore = "needs fish, not installed when the tests were built")]
fn fish_completes_keys_sides_and_shells_by_asking_fray() {
    if !have("fish") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("fray-fish-{}", std::process::id()));
    let hook = dynamic_hook("fish", &dir);
    let complete = |line: &str, env: &[(&str, &str)]| -> Vec<String> {
        let mut cmd = Command::new("fish");
        cmd.args(["--no-config", "-c", &format!("source '{}'; complete -C '{line}'", hook.display())]);
        cmd.env_remove("FRAY_RULES");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "fish: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect()
    };
    let values = |lines: Vec<String>| -> Vec<String> {
        lines.iter().map(|l| l.split('\t').next().unwrap().to_string()).collect()
    };
    let keys = complete("fray -r gurps surprise Ansel:", &[]);
    assert_eq!(
        values(keys.clone()),
        [
            "Ansel:iq=",
            "Ansel:cr",
            "Ansel:speed=",
            "Ansel:dx=",
            "Ansel:leader",
            "Ansel:hp=",
            "Ansel:ht=",
            "Ansel:dr=",
            "Ansel:side="
        ]
    );
    assert!(keys.contains(&"Ansel:iq=\tIQ (default 10)".to_string()), "{keys:?}");
    assert_eq!(values(complete("fray -r gurps surprise Ansel:iq=12,", &[])).len(), 8, "iq is given");
    assert_eq!(
        values(complete("fray surprise Elf:a", &[("FRAY_RULES", "5e")])),
        ["Elf:alert", "Elf:adv", "Elf:action=", "Elf:ac="]
    );
    assert_eq!(values(complete("fray surprise Elf:a", &[])), ["Elf:ac="], "ose combatants take ml, hp and ac");
    assert_eq!(values(complete("fray --side party --side orcs surprise --aware ", &[])), ["party", "orcs"]);
    assert_eq!(values(complete("fray initiative --wait ", &[])), ["party", "monsters"]);
    assert_eq!(values(complete("fray initiative --surprised m", &[])), ["monsters"]);
    assert_eq!(
        values(complete("fray -r ose surprise --side orcs:", &[])),
        ["orcs:aware", "orcs:chance=", "orcs:surprise=", "orcs:initiative=", "orcs:ml="]
    );
    assert_eq!(values(complete("fray completions ", &[]))[..5], ["bash", "elvish", "fish", "powershell", "zsh"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Spawned: `main` alone reads COMPLETE.
#[test]
fn every_shell_gets_a_hook_and_a_bad_shell_an_error() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = fray().env("COMPLETE", shell).run_binary();
        assert!(out.success(), "COMPLETE={shell}");
        let hook = String::from_utf8(out.stdout).unwrap();
        assert!(hook.contains("COMPLETE") && hook.contains("fray"), "COMPLETE={shell}: {hook}");
    }
    let out = fray().env("COMPLETE", "tcsh").run_binary();
    assert_eq!(out.code, 2);
    let err = out.stderr;
    assert!(err.starts_with("fray: error: unknown shell `tcsh`") && err.contains("unset it"), "{err}");
    // Empty or 0: fray runs as usual.
    for off in ["", "0"] {
        let out = fray().env("COMPLETE", off).args(["--seed", "1", "-q", "reaction"]).run_binary();
        assert!(out.success() && !out.stdout.is_empty(), "COMPLETE='{off}'");
    }
}
