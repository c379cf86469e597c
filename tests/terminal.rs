//! What fray shows only on a terminal (the seed it drew, to replay a roll), and what it says of
//! itself (`--version`).

use crate::common::*;

/// Runs fray in-process as if standard output were a terminal 72 columns wide (or a pipe), with
/// 7 from the OS.
fn run(args: &[&str], terminal: bool) -> (u8, String) {
    let run = Fray::new().args(args).os_seed(|| (1 << 53) + 4821);
    let out = if terminal { run.terminal(Some(72)) } else { run }.run();
    (out.code.try_into().unwrap(), out.text())
}

#[test]
fn on_a_terminal_a_drawn_seed_closes_the_text_and_replays_it() {
    let (code, text) =
        run(&["--color", "never", "-r", "gurps", "encounter", "--reaction", "Ansel", "Orc:side=monsters"], true);
    assert_eq!(code, 0);
    // The OS's number, cut below 2^53 as every drawn seed is.
    assert_eq!(text.lines().last(), Some("--seed 4821 replays this"), "{text}");
    // The replay, at the 72 columns the terminal here is wide: the same text, then the line.
    let replay_at_72 = stdout(&[
        "--seed",
        "4821",
        "--width",
        "72",
        "-r",
        "gurps",
        "encounter",
        "--reaction",
        "Ansel",
        "Orc:side=monsters",
    ]);
    assert_eq!(text, format!("{replay_at_72}--seed 4821 replays this\n"));
    // Dimmed where colour is on.
    let (_, coloured) = run(&["reaction"], true);
    assert!(coloured.ends_with("\u{1b}[2m--seed 4821 replays this\u{1b}[0m\n"), "{coloured:?}");
}

#[test]
fn the_seed_line_stays_off_pipes_documents_headlines_and_given_seeds() {
    let plain = |args: &[&str], terminal: bool| {
        let (code, text) = run(args, terminal);
        assert_eq!(code, 0, "{args:?}");
        assert!(!text.contains("replays this"), "{args:?} on a terminal={terminal}: {text}");
    };
    plain(&["reaction"], false);
    plain(&["--seed", "9", "reaction"], true);
    plain(&["--show-seed", "reaction"], true);
    plain(&["-q", "reaction"], true);
    plain(&["-f", "json", "reaction"], true);
    plain(&["-f", "yaml", "reaction"], true);
    plain(&["--odds", "reaction"], true);
    // A stream gets one line, after its last block.
    let (_, text) = run(&["--color", "never", "-n", "3", "reaction"], true);
    assert_eq!(text.matches("replays this").count(), 1, "{text}");
    assert!(text.ends_with("--seed 4821 replays this\n"), "{text}");
}

#[test]
fn a_terminal_gives_the_width_unless_columns_or_the_flag_does() {
    let args = ["--color", "never", "-r", "5e", "surprise", "--stealth", "14", "Elf:per=16", "Halfling:per=14"];
    let (_, text) = run(&args, true);
    let widest = text.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(widest <= 72 && widest > 60, "{text}");
}

#[test]
fn version_names_the_revision_when_built_from_git() {
    let line = stdout(&["--version"]);
    let version = env!("CARGO_PKG_VERSION");
    let root = env!("CARGO_MANIFEST_DIR");
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(root)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    match git(&["rev-parse", "--short", "HEAD"]) {
        Some(hash) => {
            let date = git(&["log", "-1", "--format=%cd", "--date=short"]).unwrap();
            assert_eq!(line, format!("fray {version} ({hash} {date})\n"));
        }
        None => assert_eq!(line, format!("fray {version}\n")),
    }
    assert_eq!(stdout(&["-V"]), line);
    // Documents keep the crate's version.
    let doc: serde_json::Value = serde_json::from_str(&stdout(&["-f", "json", "--seed", "1", "reaction"])).unwrap();
    assert_eq!(doc["version"], version);
}

/// Under a real pseudo-terminal (util-linux `script`) 50 columns wide, fray reads its width and
/// ends with the seed it drew; `COLUMNS` beats the terminal.
#[test]
#[cfg_attr(missing_script, ignore = "needs script, not installed when the tests were built")]
fn a_real_terminal_gives_its_width_and_sees_the_seed() {
    let bin = assert_cmd::cargo::cargo_bin("fray");
    let args = "--color never -r 5e surprise --stealth 14 Elf:per=16 Halfling:per=14";
    let on_a_terminal = |columns: Option<&str>| {
        // COLUMNS set on fray's own command: a shell resets an exported one when the size changes.
        let columns = columns.map(|c| format!("COLUMNS={c} ")).unwrap_or_default();
        let mut cmd = std::process::Command::new("script");
        cmd.args(["-qec", &format!("stty rows 24 cols 50; {columns}{} {args}", bin.display()), "/dev/null"]);
        cmd.env_remove("COLUMNS").env_remove("FRAY_RULES").env_remove("FRAY_FORMAT");
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "script: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap().replace("\r\n", "\n")
    };
    let text = on_a_terminal(None);
    let widest = |text: &str| text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(widest(&text) <= 50 && widest(&text) > 40, "{text}");
    assert!(text.lines().last().is_some_and(|l| l.starts_with("--seed ") && l.ends_with(" replays this")), "{text}");
    let wider = on_a_terminal(Some("70"));
    assert!(widest(&wider) > 50 && widest(&wider) <= 70, "{wider}");
}
