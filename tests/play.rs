//! `fray track play` in a real terminal: tmux runs the binary in a pane of 80×24 on a server of
//! the test's own, the test types keys into it (send-keys), reads the screen back (capture-pane)
//! and the fight's file, and compares `stty -g` before the screen opened and after it closed.
//! Without a terminal, for a fight not kept, or for a state file from a newer fray, the screen
//! never opens.

use crate::track::Table;
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// Whether tmux is here. Missing when the tests were built, the tests that need it are marked
/// ignored (build.rs); with FRAY_REQUIRE_SHELLS set (CI installs it) a missing tmux fails.
fn have_tmux() -> bool {
    let found = Command::new("tmux").arg("-V").output().is_ok_and(|o| o.status.success());
    if !found {
        assert!(std::env::var_os("FRAY_REQUIRE_SHELLS").is_none(), "tmux is required (FRAY_REQUIRE_SHELLS is set)");
        eprintln!("skipping: tmux is not installed");
    }
    found
}

/// One pane of a tmux server of its own, running fray once between two `stty -g`.
struct Pane {
    /// The server's socket, and the files the pane's shell writes: `before`, `after`, `code`,
    /// `stderr`.
    dir: PathBuf,
}

impl Pane {
    /// `fray ARGS` in a pane of `width` × `height`, with the fights of `table` and `vars` set;
    /// returns once the screen shows `ready`.
    fn open(table: &Table, tag: &str, args: &str, vars: &str, size: (u16, u16), ready: &str) -> Pane {
        let dir = table.home.join(format!("pane-{tag}"));
        std::fs::create_dir_all(&dir).unwrap();
        let pane = Pane { dir };
        let home = table.home.display();
        let files = pane.dir.display();
        let fray = env!("CARGO_BIN_EXE_fray");
        let script = format!(
            "stty -g > '{files}/before'; \
             env -u FRAY_RULES -u FRAY_FORMAT -u FRAY_FIGHT -u NO_COLOR -u CLICOLOR_FORCE -u FRAY_CONFIG_PATH \
             HOME='{home}' XDG_STATE_HOME='{home}/state' XDG_CONFIG_HOME='{home}/config' {vars} \
             '{fray}' {args} 2> '{files}/stderr'; \
             echo $? > '{files}/code.tmp'; stty -g > '{files}/after'; mv '{files}/code.tmp' '{files}/code'; \
             sleep 600"
        );
        let (width, height) = (size.0.to_string(), size.1.to_string());
        let out = pane
            .tmux()
            .env("SHELL", "/bin/sh")
            .args(["new-session", "-d", "-s", "play", "-x", &width, "-y", &height, &script])
            .output()
            .unwrap();
        assert!(out.status.success(), "tmux: {}", String::from_utf8_lossy(&out.stderr));
        pane.wait_for(ready);
        pane
    }

    /// tmux on this pane's own server, with no configuration read.
    fn tmux(&self) -> Command {
        let mut cmd = Command::new("tmux");
        cmd.arg("-S").arg(self.dir.join("tmux")).args(["-f", "/dev/null"]);
        cmd
    }

    fn run(&self, args: &[&str]) -> String {
        let out = self.tmux().args(args).output().unwrap();
        assert!(out.status.success(), "tmux {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    }

    /// Presses keys by tmux's names (`Enter`, `Tab`, `C-c`, `j`).
    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "play"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Types `text` as it is.
    fn type_text(&self, text: &str) {
        self.run(&["send-keys", "-t", "play", "-l", text]);
    }

    /// The screen as text, or with its colours and attributes as escape sequences.
    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "play"])
    }

    fn screen_with_styles(&self) -> String {
        self.run(&["capture-pane", "-p", "-e", "-t", "play"])
    }

    /// Waits until the screen shows `text`, and returns how long that took.
    fn wait_for(&self, text: &str) -> Duration {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return start.elapsed();
            }
            assert!(start.elapsed() < Duration::from_secs(10), "no '{text}' on the screen:\n{screen}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The process id of fray, the child of the pane's shell.
    #[cfg(target_os = "linux")]
    fn fray(&self) -> String {
        let shell = self.run(&["display-message", "-p", "-t", "play", "#{pane_pid}"]);
        let shell = shell.trim();
        std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children")).unwrap().trim().to_string()
    }

    /// Waits for fray to end: its exit status, its standard error, and whether the terminal's
    /// settings are what they were before it opened the screen.
    fn ended(&self) -> (i32, String, bool) {
        let start = Instant::now();
        let code = self.dir.join("code");
        while !code.exists() {
            assert!(start.elapsed() < Duration::from_secs(10), "fray did not end:\n{}", self.screen());
            std::thread::sleep(Duration::from_millis(20));
        }
        let read = |name: &str| std::fs::read_to_string(self.dir.join(name)).unwrap();
        let same = read("before") == read("after") && !read("before").trim().is_empty();
        (read("code").trim().parse().unwrap(), read("stderr"), same)
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        // A fray still running (a test that failed half-way) is ended with its terminal, and
        // killed should it outlive it.
        #[cfg(target_os = "linux")]
        let left =
            self.tmux().args(["display-message", "-p", "-t", "play", "#{pane_pid}"]).output().ok().and_then(|o| {
                let shell = String::from_utf8(o.stdout).ok()?;
                let shell = shell.trim();
                std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children")).ok()
            });
        let _ = self.tmux().arg("kill-server").output();
        #[cfg(target_os = "linux")]
        for pid in left.iter().flat_map(|l| l.split_whitespace()) {
            std::thread::sleep(Duration::from_millis(300));
            let _ = Command::new("kill").args(["-KILL", pid]).output();
        }
    }
}

/// The fight's file, read back.
fn kept(table: &Table, fight: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(table.file(fight)).unwrap()).unwrap()
}

/// Waits until the fight's file says what `holds` looks for.
fn wait_file(table: &Table, fight: &str, what: &str, holds: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let doc = kept(table, fight);
        if holds(&doc) {
            return doc;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "the file never showed {what}: {doc}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn combatant<'a>(doc: &'a Value, name: &str) -> &'a Value {
    doc["combatants"].as_array().unwrap().iter().find(|c| c["name"] == name).unwrap()
}

/// The names of the effects on a combatant in a fight's file (the file leaves out none).
fn effects(doc: &Value, name: &str) -> Vec<String> {
    let all = combatant(doc, name)["effects"].as_array().cloned().unwrap_or_default();
    all.iter().map(|e| e["name"].as_str().unwrap().to_string()).collect()
}

/// Whose turn it is in a fight's file.
fn turn(doc: &Value) -> (u64, String) {
    let at = doc["turn"].as_u64().unwrap() as usize;
    (doc["round"].as_u64().unwrap(), doc["order"][at]["name"].as_str().unwrap().to_string())
}

/// The colours the escape sequences of `styled` set (30–37, 38, 40–47, 48, 90–97, 100–107),
/// leaving out those that set the terminal's own (39, 49) and the attributes.
fn colours(styled: &str) -> Vec<u16> {
    let mut found = Vec::new();
    for sequence in styled.split('\u{1b}').skip(1) {
        let Some(params) = sequence.strip_prefix('[').and_then(|s| s.split_once('m')).map(|(p, _)| p) else {
            continue;
        };
        let codes: Vec<u16> = params.split(';').filter_map(|c| c.parse().ok()).collect();
        // 38;5;N and 48;5;N: the N is no code of its own.
        let mut codes = codes.into_iter();
        while let Some(code) = codes.next() {
            if matches!(code, 30..=38 | 40..=48 | 90..=97 | 100..=107) {
                found.push(code);
            }
            if matches!(code, 38 | 48) {
                let _ = (codes.next(), codes.next());
            }
        }
    }
    found
}

/// Three in a 5e fight, in a known order: Ansel (15), the Orc (10), the Wolf (5).
fn start(table: &Table, fight: &str) {
    table.run(&[
        "-r",
        "5e",
        "--seed",
        "3",
        "track",
        "--fight",
        fight,
        "start",
        "Ansel:hp=30,initiative=15",
        "Orc:side=monsters,hp=40,initiative=10",
        "Wolf:side=monsters,hp=11,initiative=5",
    ]);
}

#[test]
#[cfg_attr(missing_tmux, ignore = "needs tmux, not installed when the tests were built")]
fn a_whole_fight_at_the_keys() {
    if !have_tmux() {
        return;
    }
    let table = Table::new("play-fight");
    start(&table, "cave");
    let pane = Pane::open(&table, "fight", "--seed 7 track --fight cave play", "", (80, 24), "Ansel's turn");
    assert!(pane.screen().starts_with("track · 5e · fight cave · round 1 · Ansel's turn"), "{}", pane.screen());

    // Down to the Orc, and a blow of 12.
    pane.keys(&["j", "d"]);
    pane.type_text("12");
    pane.keys(&["Enter"]);
    let doc = wait_file(&table, "cave", "the Orc hurt", |d| combatant(d, "Orc")["hp"] == 28);
    assert_eq!(turn(&doc), (1, "Ansel".into()));
    pane.wait_for("Orc takes 12: 40/40 → 28/40");

    // Stunned to the end of the Orc's turn two rounds on: it runs out in round 3.
    pane.keys(&["e"]);
    pane.type_text("Stunned");
    pane.keys(&["Enter"]);
    pane.type_text("2");
    pane.keys(&["Enter", "e", "Enter"]);
    let doc = wait_file(&table, "cave", "the effect", |d| effects(d, "Orc") == ["Stunned"]);
    let stunned = &combatant(&doc, "Orc")["effects"][0];
    assert_eq!((&stunned["ends_round"], &stunned["until"]), (&3.into(), &"end".into()), "{doc}");
    pane.wait_for("Stunned (2 rounds, to end of its turn)");

    // Five rounds of three turns each.
    for _ in 0..15 {
        pane.keys(&["n"]);
    }
    let doc = wait_file(&table, "cave", "round 6", |d| turn(d) == (6, "Ansel".into()));
    assert!(effects(&doc, "Orc").is_empty(), "{doc}");
    pane.wait_for("round 6 · Ansel's turn");
    let said: Vec<String> = doc["undo"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["said"].as_array().cloned().unwrap_or_default())
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    assert!(said.iter().any(|s| s.starts_with("Stunned on Orc runs out")), "{said:?}");

    // Undo takes the last turn back.
    pane.keys(&["u"]);
    wait_file(&table, "cave", "the undo", |d| turn(d) == (5, "Wolf".into()));
    pane.wait_for("round 5 · Wolf's turn");

    // Another writer's change shows within half a second (and a little for tmux to tell).
    table.run(&["track", "--fight", "cave", "damage", "Wolf", "3"]);
    let shown = pane.wait_for("Wolf takes 3: 11/11 → 8/11");
    assert!(shown < Duration::from_millis(700), "shown after {shown:?}");

    // The : line runs any action as typed, TAB completing names.
    pane.keys(&[":"]);
    pane.type_text("heal Wo");
    pane.keys(&["Tab"]);
    // (The space TAB put after the name is at the end of the line, which tmux leaves out.)
    pane.wait_for(":heal Wolf\n");
    pane.type_text("2");
    pane.keys(&["Enter"]);
    wait_file(&table, "cave", "the heal", |d| combatant(d, "Wolf")["hp"] == 10);

    // A mistake is said on the screen, and changes nothing.
    pane.keys(&[":"]);
    pane.type_text("damage Nobody 3");
    pane.keys(&["Enter"]);
    pane.wait_for("error: ");

    pane.keys(&["q"]);
    let (code, stderr, same) = pane.ended();
    assert_eq!((code, stderr.as_str(), same), (0, "", true));
    assert_eq!(turn(&kept(&table, "cave")), (5, "Wolf".into()));
}

#[test]
#[cfg(target_os = "linux")]
#[cfg_attr(missing_tmux, ignore = "needs tmux, not installed when the tests were built")]
fn ctrl_c_a_panic_and_a_signal_give_the_terminal_back() {
    if !have_tmux() {
        return;
    }
    let table = Table::new("play-quit");
    start(&table, "cave");
    let pane = Pane::open(&table, "ctrl-c", "track --fight cave play", "", (80, 24), "Ansel's turn");
    pane.keys(&["d", "C-c"]);
    assert_eq!(pane.ended(), (0, String::new(), true));

    // A panic (a key only a test build panics on): the hook gives the terminal back first.
    let pane = Pane::open(&table, "panic", "track --fight cave play", "FRAY_TEST_PANIC_ON_KEY=Z", (80, 24), "Ansel's");
    pane.keys(&["Z"]);
    let (code, stderr, same) = pane.ended();
    assert_eq!((code, same), (101, true), "{stderr}");
    assert!(stderr.contains("panicked"), "{stderr}");

    // A `kill`: the terminal back, then the end the signal asked for (128 + 15).
    let pane = Pane::open(&table, "kill", "track --fight cave play", "", (80, 24), "Ansel's turn");
    let pid = pane.fray();
    let status = Command::new("kill").args(["-TERM", pid.trim()]).status().unwrap();
    assert!(status.success(), "kill {pid}");
    // (The pane's shell says the process was terminated.)
    let (code, _, same) = pane.ended();
    assert_eq!((code, same), (143, true));

    // The terminal closed under it (its tmux server gone): the screen ends, and spins on nothing.
    let pane = Pane::open(&table, "closed", "track --fight cave play", "", (80, 24), "Ansel's turn");
    let pid = pane.fray();
    pane.run(&["kill-server"]);
    let start = Instant::now();
    let running = || {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
        // The state after the name: gone, or a zombie (ended, its parent gone too) are both ended.
        !stat.is_empty() && !stat.rsplit(')').next().unwrap_or("").trim_start().starts_with('Z')
    };
    while running() {
        assert!(start.elapsed() < Duration::from_secs(2), "fray {pid} still runs with its terminal gone");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
#[cfg_attr(missing_tmux, ignore = "needs tmux, not installed when the tests were built")]
fn narrow_resized_and_colourless_terminals_stay_readable() {
    if !have_tmux() {
        return;
    }
    let table = Table::new("play-size");
    start(&table, "cave");
    table.run(&["track", "--fight", "cave", "effect", "Orc", "Stunned", "--rounds", "3", "--of", "Ansel"]);
    let pane = Pane::open(&table, "narrow", "track --fight cave play", "", (60, 24), "Ansel's turn");
    let screen = pane.screen();
    assert!(screen.lines().all(|l| l.chars().count() <= 60), "{screen}");
    assert!(screen.contains("Stunned (3 rounds,"), "{screen}");
    // Coloured by default on a terminal that shows colour.
    assert!(!colours(&pane.screen_with_styles()).is_empty());
    // Resized, it is drawn anew at the new size.
    pane.run(&["resize-window", "-t", "play", "-x", "100", "-y", "30"]);
    pane.wait_for(
        "── what happened ──────────────────────────────────────────────────────────────────────────────────",
    );
    pane.run(&["resize-window", "-t", "play", "-x", "40", "-y", "10"]);
    pane.wait_for("? help  q quit");
    assert!(pane.screen().lines().all(|l| l.chars().count() <= 40), "{}", pane.screen());
    pane.keys(&["q"]);
    assert_eq!(pane.ended(), (0, String::new(), true));

    // NO_COLOR: the same words, no colour, the selection shown reversed.
    let pane = Pane::open(&table, "no-color", "track --fight cave play", "NO_COLOR=1", (80, 24), "Ansel's turn");
    let styled = pane.screen_with_styles();
    assert_eq!(colours(&styled), Vec::<u16>::new(), "{styled:?}");
    assert!(styled.contains("\u{1b}[7m"), "the selection reversed: {styled:?}");
    pane.keys(&["q"]);
    assert_eq!(pane.ended(), (0, String::new(), true));
}

#[test]
#[cfg_attr(missing_tmux, ignore = "needs tmux, not installed when the tests were built")]
fn the_players_screen_follows_the_fight_and_changes_nothing() {
    if !have_tmux() {
        return;
    }
    let table = Table::new("play-players");
    start(&table, "cave");
    table.run(&["track", "--fight", "cave", "hide", "Wolf"]);
    for (tag, args) in
        [("players", "track --fight cave play --players"), ("watch", "track --fight cave show --players --watch")]
    {
        let pane = Pane::open(&table, tag, args, "", (80, 24), "fight cave · round 1 · Ansel's turn");
        let screen = pane.screen();
        assert!(!screen.contains("Wolf") && screen.contains("Orc") && !screen.contains("40/40"), "{screen}");
        // Keys that would change the fight do nothing here.
        let before = kept(&table, "cave");
        pane.keys(&["n", "d", "5", "Enter", "u"]);
        table.run(&["track", "--fight", "cave", "next"]);
        pane.wait_for("Orc's turn");
        let after = kept(&table, "cave");
        assert_eq!(after["undo"].as_array().unwrap().len(), before["undo"].as_array().unwrap().len() + 1);
        table.run(&["track", "--fight", "cave", "undo"]);
        pane.wait_for("Ansel's turn");
        pane.keys(&["q"]);
        assert_eq!(pane.ended(), (0, String::new(), true));
    }
}

/// Each example of `fray track play --help` opens its screen and quits on q.
#[test]
#[cfg_attr(missing_tmux, ignore = "needs tmux, not installed when the tests were built")]
fn every_example_of_play_opens_and_quits() {
    if !have_tmux() {
        return;
    }
    let table = Table::new("play-examples");
    start(&table, "default");
    start(&table, "cave");
    let help = table.run(&["track", "play", "--help"]);
    let examples: Vec<&str> = help
        .lines()
        .skip_while(|l| *l != "Examples:")
        .skip(1)
        .map(|l| l.trim().split("   ").next().unwrap().trim())
        .collect();
    assert_eq!(examples.len(), 4, "{help}");
    for (i, example) in examples.iter().enumerate() {
        let args = example.strip_prefix("fray ").unwrap();
        let pane = Pane::open(&table, &format!("example-{i}"), args, "", (80, 24), "round 1");
        pane.keys(&["q"]);
        assert_eq!(pane.ended(), (0, String::new(), true), "{example}");
    }
}

/// Where no screen can be drawn, or there is no fight to draw, fray says so before it touches
/// the terminal.
#[test]
fn no_screen_without_a_terminal_a_fight_or_a_file_fray_can_read() {
    let table = Table::new("play-errors");
    // Not a terminal: the tests' standard output is a buffer.
    start(&table, "cave");
    let err = table.fails(&["track", "--fight", "cave", "play"], 2);
    assert!(err.contains("track play draws on a terminal, and standard output is not one"), "{err}");
    let err = table.fails(&["track", "--fight", "cave", "show", "--watch"], 2);
    assert!(err.contains("track show --watch draws on a terminal"), "{err}");
    // A pipe, as the binary sees it.
    let out = table.std_command().args(["track", "--fight", "cave", "play"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    // No such fight, before the terminal is asked about.
    let err = table.fails(&["track", "--fight", "nowhere", "play"], 1);
    assert!(err.contains("no fight named 'nowhere' is kept; fights kept: cave"), "{err}");
    // A file from a newer fray.
    let mut newer = kept(&table, "cave");
    newer["version"] = 3.into();
    std::fs::write(table.file("newer"), newer.to_string()).unwrap();
    let err = table.fails(&["track", "--fight", "newer", "play"], 1);
    assert!(err.contains("is from a newer fray (format version 3"), "{err}");
    // Another fight's ruleset named.
    let err = table.fails(&["-r", "gurps", "track", "--fight", "cave", "play"], 2);
    assert!(err.contains("is a 5e fight, not gurps"), "{err}");
}
