//! Hostile input: property tests over the spec parser, the roster loader and the whole
//! command line (run in-process, exactly as `main` runs it), limits, streams and memory.

use crate::common::*;
use fray::cast::{KeyDef, KeyKind, Owner, parse_inline};
use fray::rulesets::{Procedure, RULESETS, Ruleset};
use proptest::prelude::*;
use std::ffi::OsString;

/// Runs fray in-process on `args` (without the program name) and `stdin`, with 7 from the OS.
fn run(args: &[OsString], stdin: &[u8]) -> (u8, Vec<u8>, String) {
    let out = Fray::new().args(args).write_stdin(stdin).os_seed(|| 7).run();
    (out.code.try_into().expect("an exit status fits a byte"), out.stdout, out.stderr)
}

fn strings(args: &[String]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

/// What every run must satisfy, whatever its input.
fn check_run(args: &[OsString], code: u8, out: &[u8], err: &str) {
    assert!(code <= 2, "{args:?}: exit {code}");
    if code == 0 {
        assert!(err.is_empty() || err.starts_with("seed "), "{args:?}: {err}");
    } else {
        assert!(err.starts_with("fray: error: "), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} printed output and failed");
    }
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

fn keys_of(i: usize) -> fray::cast::RulesetKeys {
    RULESETS[i].keys
}

/// Candidate values for each flag, so generated command lines mostly reach the rules.
fn values_of(flag: &str) -> &'static [&'static str] {
    match flag {
        "--ambush" => &["", "monsters", "party"],
        "--aware" | "--wait" | "--surprised" => &["party", "monsters"],
        "--stealth" => &["10", "14", "20"],
        "--stealth-mod" => &["-1", "2", "5"],
        "--stealth-ties" => &["noticed", "surprised"],
        "--ties" => &["reroll", "simultaneous"],
        "--variant" => &["standard", "score", "side", "speed"],
        "--delay" => &["A:after=B", "B:after=C", "A:after=A"],
        "--ready" => &["A:before=B", "C:before=A"],
        "--hold" => &["A", "B:before=A", "C:after=B"],
        "--rounds" => &["1", "3", "30"],
        "--cha" => &["3", "13", "18"],
        "--cha-mod" => &["-1", "2"],
        "--mod" => &["-3", "0", "4"],
        "--quarry" | "--pursuer" => &["0", "30", "40"],
        "--gap" => &["0", "60", "300"],
        "--sight" => &["50", "200"],
        "--drop" => &["treasure", "food@2", "treasure@9"],
        "--terrain" => &["forest", "hills", "urban", "beach"],
        "--audible" => &["quiet", "loud"],
        "--swap" => &["A:C", "C:A", "A:G"],
        "--quarry-count" | "--pursuer-count" => &["1", "9", "40"],
        "--days" => &["1", "3"],
        "--fleeing" => &["party", "monsters", "wolves"],
        "--cover" => &["many", "few"],
        "--complications" => &["urban", "wilderness", "none"],
        "--chance" => &["0", "2", "7", "21"],
        "--checks" => &["1", "5", "100"],
        "--ml" => &["2", "7", "12"],
        "--passed" => &["0", "1", "2"],
        "--save" => &["-1", "4"],
        "--attitude" => &["friendly", "indifferent", "hostile"],
        "--stance" => &["willing", "hesitant", "unwilling"],
        "--int" => &["3", "15", "22"],
        "COMBATANT" => &[""],
        _ => &[""],
    }
}

/// Combatants each ruleset understands (A, B and C are the names delays refer to).
fn combatants_of(rules: &Ruleset) -> &'static [&'static str] {
    match rules.id {
        "ose" => &["A", "B:side=monsters", "C", "Goblin*3:side=monsters,ml=7"],
        "gurps" => {
            &["A:iq=12,cr,speed=6", "B:side=monsters,speed=5,dx=11", "C:iq=4", "Orc*2:side=monsters", "L:leader,iq=13"]
        }
        "5e" => &[
            "A:per=14,dex=3",
            "B:side=monsters,dex=2",
            "C:alert,action=spell:2+light,size=small",
            "G*3:side=monsters,init=1,adv",
            "R:speed=40,con=2,stealth=5,ranger",
        ],
        "5e2024" => &[
            "A:per=14,dex=3,alert,pb=2",
            "B:side=monsters,dex=2",
            "C:initiative=12",
            "G*3:side=monsters,adv",
            "R:speed=40,con=-3,stealth=5,str=2,wis=1,cha=-1",
        ],
        "wod" => &["A:wits=2,composure=3,dex=2", "B:side=monsters,ambusher", "C:initiative=7", "D:in-combat,mod=-2"],
        "bx" => &["A:dex=16", "B:side=monsters,slow", "C:initiative=4", "Goblin*3:side=monsters,mod=-1"],
        "cofd" => &["A:wits=2,composure=3,dex=2", "B:side=monsters,ambusher,stealth=2", "C:initiative=7", "D:mod=-4"],
        other => panic!("no combatants listed for {other}"),
    }
}

const PROCEDURES: [Procedure; 8] = Procedure::ALL;

/// Junk and edge words mixed into command lines.
const JUNK: &[&str] = &[
    "--side",
    "orcs:chance=3",
    "wolves:aware",
    "a:leader-iq=12,tactics=20",
    "b:leaderless,iq=4",
    "Z*0",
    "Q:=",
    ":",
    "*",
    "a*b",
    "--",
    "-x",
    "--help",
    "--version",
    "",
    " ",
    "é",
    "ünïcödé:side=party",
    "\u{202e}evil",
    "99999999999999999999999",
    "-1",
    "0.5",
    "NaN",
    "--roster",
    "-",
    "--roster-example",
    "completions",
    "bash",
];

/// A command line: a ruleset, one of the six commands, flags that command takes (with
/// values), combatants, output options, and now and then a junk word.
fn command_line() -> impl Strategy<Value = Vec<String>> {
    (
        0..RULESETS.len(),
        0..PROCEDURES.len(),
        proptest::collection::vec((0usize..64, 0usize..8), 0..5),
        proptest::collection::vec(0usize..8, 0..4),
        (0usize..3, any::<bool>(), 0usize..4, any::<bool>()),
        proptest::collection::vec((proptest::sample::select(JUNK), 0usize..14), 0..2),
        "\\PC{0,10}",
    )
        .prop_map(|(r, p, flags, people, (format, odds, repeat, quiet), junk, noise)| {
            let rules = RULESETS[r];
            // Mostly a procedure the ruleset has; junk words cover the refusals.
            let own: Vec<_> = PROCEDURES.iter().copied().filter(|&x| rules.has(x)).collect();
            let procedure = own[p % own.len()];
            let mut words = vec!["--rules".to_string(), rules.id.to_string(), procedure.name().to_string()];
            let own = rules.flags(procedure).unwrap_or_default();
            for (f, v) in flags {
                if own.is_empty() {
                    break;
                }
                let flag = own[f % own.len()];
                words.push(flag.to_string());
                let values = values_of(flag);
                let value = values[v % values.len()];
                if !value.is_empty() {
                    words.push(value.to_string());
                }
            }
            let pool = combatants_of(rules);
            let has_cast = rules.takes_flag(procedure, "COMBATANT");
            for i in people.into_iter().filter(|_| has_cast) {
                words.push(pool[i % pool.len()].to_string());
            }
            words.extend(["-f".to_string(), ["text", "yaml", "json"][format].to_string()]);
            if odds {
                words.push("--odds".to_string());
            } else if repeat > 0 {
                words.extend(["-n".to_string(), repeat.to_string()]);
            }
            if quiet {
                words.push("-q".to_string());
            }
            for (word, at) in junk {
                let at = at.min(words.len());
                words.insert(at, if word.is_empty() { noise.clone() } else { word.to_string() });
            }
            words
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn inline_specs_never_panic(text in prop_oneof!["\\PC{0,40}", any::<String>()], rules in 0..RULESETS.len(), side in any::<bool>()) {
        let owner = if side { Owner::Side } else { Owner::Combatant };
        if let Err(err) = parse_inline(&text, owner, &keys_of(rules)) {
            let message = err.to_string();
            prop_assert!(!message.is_empty() && !message.contains('\n'), "{message:?}");
        }
    }

    #[test]
    fn structured_specs_never_panic(
        text in "[A-Za-z ]{0,6}(\\*-?[0-9]{0,12})?(:([a-z-]{0,10}(=[-+]?[0-9.]{0,25})?,?){0,5})?",
        rules in 0..RULESETS.len(),
    ) {
        let _ = parse_inline(&text, Owner::Combatant, &keys_of(rules));
        let _ = parse_inline(&text, Owner::Side, &keys_of(rules));
    }
}

/// YAML-shaped text: keys fray knows and others, values of every kind, some broken.
fn roster_text() -> impl Strategy<Value = String> {
    let key = proptest::sample::select(
        &[
            "name",
            "count",
            "side",
            "chance",
            "aware",
            "iq",
            "cr",
            "speed",
            "dx",
            "leader",
            "leader-iq",
            "tactics",
            "leaderless",
            "animals",
            "mod",
            "dex",
            "init",
            "per",
            "alert",
            "adv",
            "dis",
            "size",
            "action",
            "wits",
            "composure",
            "initiative",
            "ambusher",
            "in-combat",
            "surprised",
            "surprise",
            "slow",
            "con",
            "stealth",
            "str",
            "wis",
            "cha",
            "ranger",
            "survival",
            "bogus",
            "",
        ][..],
    );
    let value = prop_oneof![
        "-?[0-9]{1,4}",
        "[0-9]\\.[0-9]{1,3}",
        Just("true".to_string()),
        Just("~".to_string()),
        "[a-z:+]{0,12}",
        Just("[1, 2]".to_string()),
        Just("{a: b}".to_string()),
        Just("&x 3".to_string()),
        Just("*x".to_string()),
        Just("\"quoted: text\"".to_string()),
    ];
    let entry = proptest::collection::vec((key, value), 0..5).prop_map(|pairs| {
        let mut text = String::new();
        for (i, (k, v)) in pairs.into_iter().enumerate() {
            text.push_str(if i == 0 { "  - " } else { "    " });
            text.push_str(&format!("{k}: {v}\n"));
        }
        if text.is_empty() { "  - Plain\n".to_string() } else { text }
    });
    (proptest::collection::vec(entry.clone(), 0..4), proptest::collection::vec(entry, 0..6), "\\PC{0,8}").prop_map(
        |(sides, combatants, junk)| {
            let mut text = String::new();
            if !sides.is_empty() {
                text.push_str("sides:\n");
                text.push_str(&sides.concat());
            }
            text.push_str("combatants:\n");
            text.push_str(&combatants.concat());
            text.push_str(&junk);
            text
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn rosters_never_panic(text in roster_text(), rules in 0..RULESETS.len()) {
        if let Err(err) = fray::roster::parse(&text, "r.yaml", &keys_of(rules), &[]) {
            let message = err.to_string();
            prop_assert!(message.starts_with("r.yaml"), "{message}");
            prop_assert_eq!(err.exit_code(), 1);
        }
    }

    #[test]
    fn arbitrary_text_rosters_never_panic(text in "\\PC{0,200}", rules in 0..RULESETS.len()) {
        let _ = fray::roster::parse(&text, "r.yaml", &keys_of(rules), &[]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2500, ..ProptestConfig::default() })]

    #[test]
    fn command_lines_never_panic(words in command_line(), stdin in roster_text()) {
        let args = strings(&words);
        let (code, out, err) = run(&args, stdin.as_bytes());
        check_run(&args, code, &out, &err);
        if std::env::var_os("FRAY_COUNT_RUNS").is_some() {
            eprintln!("exit {code} {}", err.split(';').next().unwrap_or("").chars().take(70).collect::<String>());
        }
        // JSON output on success is JSON: one document, or one per line with --repeat.
        let special = ["-h", "--help", "--version", "--roster-example", "completions", "--", "-q"];
        if code == 0 && words.iter().any(|w| w == "json") && !words.iter().any(|w| special.contains(&w.as_str())) {
            let text = String::from_utf8(out).unwrap();
            if serde_json::from_str::<serde_json::Value>(&text).is_err() {
                for line in text.lines() {
                    prop_assert!(serde_json::from_str::<serde_json::Value>(line).is_ok(), "{words:?}: {line}");
                }
            }
        }
    }
}

#[test]
fn non_utf8_arguments_are_refused_cleanly() {
    use std::os::unix::ffi::OsStringExt;
    for args in [
        vec![OsString::from("surprise"), OsString::from_vec(vec![b'E', 0xff, b'f'])],
        vec![OsString::from_vec(vec![0xc3, 0x28])],
        vec![OsString::from("surprise"), OsString::from("--side"), OsString::from_vec(vec![0x80])],
    ] {
        let (code, out, err) = run(&args, b"");
        check_run(&args, code, &out, &err);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("invalid UTF-8") || err.contains("unrecognized subcommand"), "{err}");
    }
}

#[test]
fn unicode_names_work_and_long_names_are_refused() {
    let doc = json(&["--seed", "1", "surprise", "--side", "Ørkenfolk", "--side", "龍", "Ëlf:side=龍"]);
    assert_eq!(doc["sides"][1]["name"], "龍");
    assert_eq!(doc["sides"][1]["members"][0], "Ëlf");
    let sixty_four = "é".repeat(64);
    assert!(
        json(&["--seed", "1", "surprise", "--side", &sixty_four, "--side", "b"])["sides"][0]["name"]
            == sixty_four.as_str()
    );
    let err = fails(&["surprise", "--side", &"é".repeat(65)], 2);
    assert!(err.contains("the name is longer than 64 characters"), "{err}");
    let err = fails(&["surprise", "--side", "a\u{7}b"], 2);
    assert!(err.contains("control characters"), "{err}");
}

#[test]
fn limits_are_errors_not_hangs() {
    let cases: &[(&[&str], &str)] = &[
        (&["surprise", "Orc*1001"], "a group has 1 to 1000 members, not 1001"),
        (&["surprise", "Orc*99999999999999999999"], "a group has 1 to 1000 members, not 99999999999999999999"),
        (&["-n", "1000000001", "reaction"], "1000000001, out of range; allowed: a whole number from 1 to 1000000000"),
        (
            &["pursue", "--quarry", "1", "--pursuer", "2", "--rounds", "1001"],
            "1001, out of range; allowed: a whole number from 1 to 1000",
        ),
        (
            &["pursue", "--quarry", "10001", "--pursuer", "2"],
            "10001, out of range; allowed: a whole number from 0 to 10000",
        ),
        (&["reaction", "--mod", "101"], "101, out of range; allowed: a whole number from -100 to 100"),
        (&["--seed", "18446744073709551616", "reaction"], "invalid value '18446744073709551616' for '--seed <U64>'"),
    ];
    for (args, message) in cases {
        let err = fails(args, 2);
        assert!(err.contains(message), "{args:?}: {err}");
    }
    // Ten thousand combatants at most, counted across groups.
    let mut many: Vec<String> = (0..11).map(|i| format!("G{i}*1000")).collect();
    many.insert(0, "surprise".to_string());
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    let err = fails(&many, 2);
    assert!(err.contains("more than 10000 combatants in all"), "{err}");
}

/// `head` followed by `tail`, as owned words.
fn words(head: &[&str], tail: impl IntoIterator<Item = String>) -> Vec<String> {
    head.iter().map(|s| s.to_string()).chain(tail).collect()
}

fn strs(words: &[String]) -> Vec<&str> {
    words.iter().map(String::as_str).collect()
}

/// Whatever one document holds grows with the cast times the rounds: past a bound far beyond
/// any table, the run is refused up front (exit 2, naming the bound) instead of filling memory.
#[test]
fn one_run_is_refused_past_its_bound_and_accepted_up_to_it() {
    let names = |n: usize| (0..n).map(|i| format!("C{i}"));
    // 5e speed factor: combatant lines × rounds ≤ 40 000 (a group rolls once).
    let speed = ["-r", "5e", "initiative", "--variant", "speed", "--rounds", "1000"];
    stdout(&strs(&words(&[&["--seed", "1", "-q"], &speed[..]].concat(), names(40))));
    let err = fails(&strs(&words(&speed, names(41))), 2);
    let says = "--rounds 1000 for 41 combatants is 41000 speed-factor rolls; one run holds at most 40000";
    assert!(err.contains(says) && err.contains("at most --rounds 975"), "{err}");
    let encounter = ["-r", "5e", "encounter", "--variant", "speed", "--rounds", "1000", "--stealth", "12"];
    let err = fails(&strs(&words(&encounter, names(41).chain(["Orc*1000:side=monsters".to_string()]))), 2);
    assert!(err.contains("is 42000 speed-factor rolls"), "{err}");
    // A declared action joins at most 8 parts.
    let eight = "Mage:action=spell:3+spell:1+heavy+light+finesse+two-handed+loading+2";
    stdout(&["--seed", "1", "-r", "5e", "initiative", "--variant", "speed", eight]);
    let err = fails(&["-r", "5e", "initiative", "--variant", "speed", &format!("{eight}+3")], 2);
    assert!(err.contains("'Mage': key 'action' joins 9 parts; an action joins at most 8"), "{err}");
    // gurps: combatants (every member of a group) × turns of recovery followed ≤ 1 000 000.
    let total = ["-r", "gurps", "surprise", "--total", "--rounds", "1000", "Ansel"];
    stdout(&[&["--seed", "1", "-q"], &total[..], &["Orc*999:side=monsters"]].concat());
    let err = fails(&[&total[..], &["Orc*1000:side=monsters"]].concat(), 2);
    let says = "--rounds 1000 for 1001 combatants is up to 1001000 recovery rolls; one run makes at most 1000000";
    assert!(err.contains(says) && err.contains("at most --rounds 999"), "{err}");
    let groups = (0..10).map(|i| format!("G{i}*1000:side={}", if i == 0 { "monsters" } else { "party" }));
    let err = fails(&strs(&words(&["-r", "gurps", "encounter", "--rounds", "101"], groups)), 2);
    assert!(err.contains("is up to 1010000 recovery rolls"), "{err}");
    // wod: at most 100 delayed, readied and held actions.
    let holds = |n: usize| (1..=n).flat_map(|i| ["--hold".to_string(), format!("C {i}")]);
    stdout(&strs(&words(&["--seed", "1", "-q", "-r", "wod", "initiative", "C*101"], holds(100))));
    let err = fails(&strs(&words(&["-r", "wod", "initiative", "C*101"], holds(101))), 2);
    assert!(err.contains("101 delayed, readied and held actions; one run takes at most 100"), "{err}");
}

#[test]
fn roster_limits() {
    let big = format!("combatants:\n{}", "  - x\n".repeat(300_000));
    let out = fray().args(["surprise", "--roster", "-"]).write_stdin(big).run();
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("the roster <stdin> is larger than 1024 KiB"));
    let out = fray().args(["surprise", "--roster", "-"]).write_stdin(vec![b'a', 0xff, b'\n']).run();
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("is not UTF-8 text (bad byte at offset 1)"));
    let dir = std::env::temp_dir();
    let err = fails(&["surprise", "--roster", dir.to_str().unwrap()], 1);
    assert!(err.contains("cannot read the roster"), "{err}");
}

/// The peak resident memory of one fray run, in KiB (GNU time).
fn peak_kib(args: &[&str]) -> Option<u64> {
    let time = std::path::Path::new("/usr/bin/time");
    if !time.exists() {
        assert!(std::env::var_os("FRAY_REQUIRE_SHELLS").is_none(), "/usr/bin/time is required");
        eprintln!("skipping: /usr/bin/time is not installed");
        return None;
    }
    let out = std::process::Command::new(time)
        .args(["-f", "%M"])
        .arg(assert_cmd::cargo::cargo_bin("fray"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stderr).unwrap().trim().lines().last()?.parse().ok()
}

/// Spawned: the peak memory of a whole process.
#[test]
fn memory_stays_flat_as_the_stream_grows() {
    let Some(small) = peak_kib(&["--seed", "1", "-n", "1000", "-q", "reaction"]) else { return };
    let large = peak_kib(&["--seed", "1", "-n", "1000000", "-q", "reaction"]).unwrap();
    assert!(large < small + 1024, "reaction -q: {small} KiB at 10^3, {large} KiB at 10^6");
    let small = peak_kib(&["--seed", "1", "-n", "1000", "-f", "json", "encounter"]).unwrap();
    let large = peak_kib(&["--seed", "1", "-n", "100000", "-f", "json", "encounter"]).unwrap();
    assert!(large < small + 1024, "encounter json: {small} KiB at 10^3, {large} KiB at 10^5");
    // Beyond what fray takes to start at all (the pages of its code it touches, which grow with
    // the program), the stream takes little.
    let start = peak_kib(&["--version"]).unwrap();
    assert!(large < start + 5 * 1024, "encounter json peaks at {large} KiB, {start} KiB at start");
}

/// Spawned: a real pipe, closed by its reader.
#[test]
fn every_stream_stops_quietly_at_a_closed_pipe() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    for format in ["text", "yaml", "json"] {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("fray"))
            .args(["-f", format, "-n", "1000000000", "encounter"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        let start = std::time::Instant::now();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{format}: {:?}", out.status);
        assert!(out.stderr.is_empty(), "{format}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(start.elapsed().as_secs() < 10, "{format}: the stream did not stop at once");
    }
}

/// A command of every ruleset, with the inputs it needs.
const EVERY_COMMAND: &[&[&str]] = &[
    &["-r", "ose", "surprise", "--ambush", "--side", "party", "--side", "orcs:chance=3", "--side", "monsters"],
    &["-r", "ose", "distance", "--outdoors"],
    &["-r", "ose", "initiative", "--side", "a", "--side", "b", "--side", "c", "--wait", "c"],
    &["-r", "ose", "reaction", "--cha", "16"],
    &["-r", "ose", "pursue", "--quarry", "30", "--pursuer", "40", "--drop", "food@2"],
    &["-r", "ose", "encounter", "--aware", "monsters"],
    &["-r", "gurps", "surprise", "--total", "Clerk:iq=9", "Guard:iq=10,cr", "Wolf:side=monsters"],
    &["-r", "gurps", "surprise", "Ansel:iq=12,cr,leader", "Orc*2:side=monsters,iq=9"],
    &["-r", "gurps", "initiative", "Ansel:speed=6.25,dx=12", "Orc*2:side=monsters,speed=5.5"],
    &["-r", "gurps", "reaction", "--mod", "2"],
    &["-r", "gurps", "encounter", "--reaction", "Ansel:iq=12,speed=6", "Orc:side=monsters,speed=5.75"],
    &["-r", "5e", "surprise", "--stealth-mod", "3", "Elf:per=16", "Fighter:per=12"],
    &[
        "-r",
        "5e",
        "initiative",
        "--variant",
        "speed",
        "--rounds",
        "2",
        "Paladin:action=spell:2+light",
        "Ogre:side=monsters,size=large",
    ],
    &["-r", "5e", "encounter", "--stealth", "14", "Elf:per=16,dex=3", "Goblin*4:side=monsters,dex=2"],
    &["-r", "wod", "surprise", "Mitch:wits=2,composure=3", "Larry:wits=1,composure=1,mod=-3"],
    &["-r", "wod", "initiative", "Mitch:initiative=10", "Larry:initiative=6", "--delay", "Mitch:after=Larry"],
    &["-r", "wod", "encounter", "Mitch:wits=2,composure=3,dex=3", "Thug:ambusher,side=monsters"],
    &["-r", "bx", "surprise", "--side", "party", "--side", "orcs:surprise=2", "--side", "wolves:aware"],
    &["-r", "bx", "distance", "--wilderness", "--surprised"],
    &["-r", "bx", "initiative", "--individual", "Ansel:dex=16", "Bree:slow", "Orc*2:side=monsters,initiative=3"],
    &["-r", "bx", "reaction", "--cha", "4"],
    &["-r", "bx", "pursue", "--quarry", "90", "--pursuer", "120", "--drop", "food@2"],
    &["-r", "bx", "pursue", "--quarry", "120", "--pursuer", "90"],
    &[
        "-r",
        "bx",
        "pursue",
        "--wilderness",
        "--quarry",
        "90",
        "--pursuer",
        "120",
        "--quarry-count",
        "5",
        "--pursuer-count",
        "4",
    ],
    &["-r", "bx", "pursue", "--waterborne", "--quarry", "90", "--pursuer", "150"],
    &[
        "-r",
        "5e",
        "pursue",
        "--gap",
        "30",
        "--sight",
        "60",
        "--complications",
        "urban",
        "Rogue:speed=35,con=1,stealth=7",
        "Guard*2:side=monsters,per=12",
    ],
    &[
        "-r",
        "5e",
        "pursue",
        "--terrain",
        "forest",
        "--complications",
        "wilderness",
        "--cover",
        "few",
        "Thief",
        "Wolf*3:side=monsters,speed=40,survival",
    ],
    &[
        "-r",
        "5e2024",
        "pursue",
        "--gap",
        "40",
        "--sight",
        "50",
        "--complications",
        "wilderness",
        "Thief:stealth=6",
        "Wolf*2:side=monsters,speed=40",
    ],
    &["-r", "bx", "encounter", "--outdoors", "--side", "party:initiative=6", "--side", "orcs", "--cha", "13"],
    &["-r", "cofd", "surprise", "Mitch:wits=2,composure=3", "Thug:ambusher,dex=3,stealth=2,side=monsters"],
    &["-r", "cofd", "initiative", "Mitch:initiative=10", "Larry:initiative=6", "--hold", "Larry"],
    &["-r", "cofd", "encounter", "Mitch:wits=2,composure=3,dex=3", "Thug:ambusher,stealth=1,side=monsters"],
];

/// A few whole command lines through the binary, so a panic would show as its message on
/// standard error and exit 101, not as an unwinding test (as the in-process runs do).
#[test]
fn spawned_command_lines_never_panic() {
    let junk: &[&[&str]] = &[&["surprise", "Q:=", "--side"], &["-r", "cofd", "encounter", "\u{202e}evil", "-n", "0"]];
    for args in EVERY_COMMAND.iter().chain(junk) {
        let args = strings(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>());
        let out = Fray::new().args(&args).write_stdin("combatants:\n  - Bo\n").run_binary();
        check_run(&args, out.code.try_into().unwrap(), &out.stdout, &out.stderr);
    }
}

#[test]
fn every_format_carries_the_same_data() {
    for args in EVERY_COMMAND {
        for seed in ["1", "77", "4242"] {
            let with = |extra: &[&'static str]| -> Vec<&str> { [&["--seed", seed][..], extra, args].concat() };
            let single: serde_json::Value = serde_json::from_str(&stdout(&with(&["-f", "json"]))).unwrap();
            let yaml: serde_json::Value = serde_yaml::from_str(&stdout(&with(&["-f", "yaml"]))).unwrap();
            assert_eq!(single, yaml, "{args:?} seed {seed}: YAML and JSON differ");
            // The first document of a stream is the single run, plus its index.
            let line = stdout(&with(&["-f", "json", "-n", "1"]));
            let mut first: serde_json::Value = serde_json::from_str(line.trim_end()).unwrap();
            assert_eq!(first["n"], 1);
            first.as_object_mut().unwrap().remove("n");
            assert_eq!(first, single, "{args:?} seed {seed}: JSON Lines and JSON differ");
            // Our JSON Lines are byte for byte what serde_json writes for the same data.
            let reparsed =
                serde_json::to_string(&serde_json::from_str::<serde_json::Value>(line.trim_end()).unwrap()).unwrap();
            assert_eq!(line.trim_end().len(), reparsed.len(), "{args:?} seed {seed}");
        }
    }
}

#[test]
fn long_streams_begin_with_the_short_ones() {
    // The first documents of a long stream must be the short stream's, byte for byte, and
    // every document must come out in its place.
    for args in EVERY_COMMAND {
        for format in ["json", "yaml"] {
            let short = stdout(&[&["--seed", "5", "-f", format, "-n", "200"][..], args].concat());
            let long = stdout(&[&["--seed", "5", "-f", format, "-n", "1500"][..], args].concat());
            assert!(long.starts_with(&short), "{args:?} {format}");
            let numbers: Vec<u64> = if format == "json" {
                let n = |line: &str| serde_json::from_str::<serde_json::Value>(line).unwrap()["n"].as_u64().unwrap();
                long.lines().map(n).collect()
            } else {
                let n = |doc: &str| doc.lines().find_map(|l| l.strip_prefix("\"n\": ")).unwrap().parse().unwrap();
                long.split("---\n").skip(1).map(n).collect()
            };
            assert!(numbers.iter().copied().eq(1..=1500), "{args:?} {format}");
        }
    }
}

// ------------------------------------------------------------------------------------------
// Extreme numbers in every numeric key

/// A number as the user might write it: around zero, at and past the limits of i32 and i64,
/// far longer than any integer type, with one sign or several, with decimals.
fn extreme_number() -> impl Strategy<Value = String> {
    let edges = proptest::sample::select(vec![
        i128::from(i64::MIN),
        i128::from(i64::MIN) - 1,
        i128::from(i64::MAX),
        i128::from(i64::MAX) + 1,
        i128::from(i32::MIN),
        i128::from(i32::MIN) - 1,
        i128::from(i32::MAX),
        i128::from(i32::MAX) + 1,
        i128::from(u64::MAX),
        i128::from(u64::MAX) + 1,
        92_233_720_368_547_758,
        -92_233_720_368_547_758,
    ]);
    prop_oneof![
        (-60i128..60).prop_map(|n| n.to_string()),
        edges.prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        ("[+-]{0,3}", "[0-9]{1,45}").prop_map(|(sign, digits)| format!("{sign}{digits}")),
        ("[+-]?", "[0-9]{0,20}", "[0-9]{0,3}").prop_map(|(sign, whole, part)| format!("{sign}{whole}.{part}")),
    ]
}

/// What fray should make of `text` for a key of `kind`: the value in its own units (whole
/// numbers, or hundredths), or `None` when it is not a number of that kind at all. Written
/// apart from fray's parser, with i128 and no shortcuts.
fn expected_value(kind: KeyKind, text: &str) -> Option<i128> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let (whole, part) = match kind {
        KeyKind::Int { .. } => (digits, None),
        _ => match digits.split_once('.') {
            Some((w, p)) => (w, Some(p)),
            None => (digits, None),
        },
    };
    let numeric = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !numeric(whole)
        || !part.is_none_or(|p| numeric(p) && p.len() <= 2)
        || (whole.is_empty() && part.unwrap_or("").is_empty())
    {
        return None;
    }
    // Past 30 digits no key is in range; keep the value huge without overflowing i128.
    let big = |s: &str| if s.len() > 30 { Some(i128::MAX / 1000) } else { s.parse::<i128>().ok().or(Some(0)) };
    let mut value = big(whole)?;
    if let KeyKind::Hundredths { .. } = kind {
        let part = part.unwrap_or("");
        let hundredths = match part.len() {
            0 => 0,
            1 => i128::from(part.as_bytes()[0] - b'0') * 10,
            _ => part.parse::<i128>().unwrap_or(0),
        };
        value = value * 100 + hundredths;
    }
    Some(if negative { -value } else { value })
}

/// Every numeric key of every ruleset, with the owner it belongs to.
fn numeric_keys() -> Vec<(usize, Owner, &'static KeyDef)> {
    let mut keys = Vec::new();
    for (r, rules) in RULESETS.iter().enumerate() {
        for (owner, list) in [(Owner::Side, &rules.keys.side), (Owner::Combatant, &rules.keys.combatant)] {
            for key in list.keys {
                if matches!(key.kind, KeyKind::Int { .. } | KeyKind::Hundredths { .. }) {
                    keys.push((r, owner, key));
                }
            }
        }
    }
    keys
}

fn in_range(kind: KeyKind, value: i128) -> bool {
    match kind {
        KeyKind::Int { min, max } | KeyKind::Hundredths { min, max } => {
            (i128::from(min)..=i128::from(max)).contains(&value)
        }
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Inline: a number is accepted exactly when it is well formed and in range, and refused
    /// naming the key otherwise, in a line of bounded length.
    #[test]
    fn extreme_numbers_inline(which in any::<prop::sample::Index>(), text in extreme_number()) {
        let all = numeric_keys();
        let (r, owner, key) = all[which.index(all.len())];
        let spec = format!("X:{}={text}", key.name);
        let result = parse_inline(&spec, owner, &RULESETS[r].keys);
        let accept = expected_value(key.kind, &text).is_some_and(|v| in_range(key.kind, v));
        match result {
            Ok(_) => prop_assert!(accept, "{} {spec} was accepted", RULESETS[r].id),
            Err(err) => {
                let message = err.to_string();
                prop_assert!(!accept, "{} {spec}: {message}", RULESETS[r].id);
                prop_assert!(message.contains(&format!("key '{}'", key.name)), "{message}");
                prop_assert!(message.len() < 400, "{} bytes", message.len());
                prop_assert_eq!(err.exit_code(), 2);
            }
        }
    }

    /// Roster: the same numbers as YAML values (plain, so YAML reads them as numbers, or
    /// quoted), accepted exactly when in range, refused at the value's line and column.
    #[test]
    fn extreme_numbers_in_a_roster(which in any::<prop::sample::Index>(), text in extreme_number(), quoted in any::<bool>()) {
        let all = numeric_keys();
        let (r, owner, key) = all[which.index(all.len())];
        let list = if owner == Owner::Side { "sides" } else { "combatants" };
        let value = if quoted { format!("\"{text}\"") } else { text.clone() };
        let roster = format!("{list}:\n  - name: X\n    {}: {value}\n", key.name);
        let result = fray::roster::parse(&roster, "r.yaml", &RULESETS[r].keys, &[]);
        // YAML reads a plain number its own way (1.50 is 1.5; +5 is 5; 1e3 is a number);
        // what matters is that fray refuses what is out of range and accepts what is in it.
        let expected = expected_value(key.kind, &text);
        match result {
            Ok(_) => prop_assert!(expected.is_none_or(|v| in_range(key.kind, v)), "{} {roster:?} was accepted", RULESETS[r].id),
            Err(err) => {
                let message = err.to_string();
                prop_assert!(!expected.is_some_and(|v| in_range(key.kind, v)), "{} {roster:?}: {message}", RULESETS[r].id);
                prop_assert!(message.starts_with("r.yaml:3:"), "{message}");
                prop_assert!(message.len() < 400, "{} bytes", message.len());
                prop_assert_eq!(err.exit_code(), 1);
            }
        }
    }
}

/// Every numeric combatant key at its least and greatest value, run through every command of
/// its ruleset: the rules' arithmetic must hold at the edges (a debug build panics on
/// overflow).
#[test]
fn every_numeric_key_at_its_edges_runs() {
    for rules in RULESETS {
        let mut specs: Vec<String> = Vec::new();
        for key in rules.keys.combatant.keys {
            let (min, max) = match key.kind {
                KeyKind::Int { min, max } => (min.to_string(), max.to_string()),
                KeyKind::Hundredths { min, max } => (format!("{}", min / 100), format!("{}", max / 100)),
                _ => continue,
            };
            // A cofd Stealth counts only for one who lies in wait.
            let lurks = if rules.id == "cofd" && key.name == "stealth" { ",ambusher,side=monsters" } else { "" };
            for (i, value) in [min, max].iter().enumerate() {
                specs.push(format!("{}{i}:{}={value}{lurks}", key.name.replace('-', ""), key.name));
            }
        }
        specs.extend(["Friend".to_string(), "Foe:side=monsters".to_string()]);
        for procedure in [Procedure::Surprise, Procedure::Initiative, Procedure::Encounter] {
            let mut args: Vec<String> =
                ["--seed", "3", "-r", rules.id, "-f", "json", procedure.name()].map(String::from).to_vec();
            if rules.id.starts_with("5e") && procedure != Procedure::Initiative {
                args.extend(["--stealth".to_string(), "60".to_string()]);
            }
            if rules.id == "gurps" {
                args.push("--total".to_string());
            }
            if procedure == Procedure::Initiative && rules.id == "gurps" {
                args.pop();
            }
            if procedure == Procedure::Initiative && rules.id == "bx" {
                args.push("--individual".to_string());
            }
            // bx's combatant initiative=N is an individual total, and dex= and mod= modify only an
            // individual roll: refused where each side rolls.
            let individual_only = [":initiative=", ":dex=", ":mod="];
            let refused = |spec: &&String| {
                rules.id == "bx"
                    && procedure == Procedure::Encounter
                    && individual_only.iter().any(|k| spec.contains(k))
            };
            args.extend(specs.iter().filter(|s| !refused(s)).cloned());
            let (code, out, err) = run(&strings(&args), b"");
            check_run(&strings(&args), code, &out, &err);
            assert_eq!(code, 0, "{args:?}: {err}");
        }
    }
}

/// The exit status and peak resident memory (KiB, GNU time) of one fray run, and its
/// standard error; `None` where GNU time is missing.
fn peak_and_exit(args: &[&str], stdin: Option<&std::path::Path>) -> Option<(i32, u64, String)> {
    let time = std::path::Path::new("/usr/bin/time");
    if !time.exists() {
        assert!(std::env::var_os("FRAY_REQUIRE_SHELLS").is_none(), "/usr/bin/time is required");
        return None;
    }
    let mut cmd = std::process::Command::new(time);
    cmd.args(["-f", "peak %M"]).arg(assert_cmd::cargo::cargo_bin("fray")).args(args);
    cmd.stdout(std::process::Stdio::null());
    if let Some(path) = stdin {
        cmd.stdin(std::fs::File::open(path).unwrap());
    }
    let out = cmd.output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    let peak = err.lines().rev().find_map(|l| l.strip_prefix("peak ")).unwrap().trim().parse().unwrap();
    let message = err.lines().filter(|l| !l.starts_with("peak ") && !l.starts_with("Command exited")).collect();
    Some((out.status.code().unwrap_or(-1), peak, message))
}

const MIB: u64 = 1024;

/// The peak resident memory (KiB) of `fray --version`: what the binary itself takes (a debug
/// build maps many MiB of its code), the floor under what a refused command may use.
fn floor() -> Option<u64> {
    peak_and_exit(&["--version"], None).map(|(_, peak, _)| peak)
}

/// One budget on the dice a roll draws (rerolls × explosions × dice): what passes it on
/// average is refused before a die is rolled, within 4 MiB of what `fray --version` takes; what
/// stays under it is rolled within 256 MiB in every mode, a million dice shown or only their
/// total kept.
#[test]
fn dice_past_the_budget_are_refused_and_those_within_it_rolled_in_bounded_memory() {
    let Some(floor) = floor() else { return };
    for expr in ["10000d100r<99!>=99", "10000d1000000r<999999", "101x10000d6", "10000x101d6"] {
        let (code, peak, err) = peak_and_exit(&["roll", expr], None).unwrap();
        assert_eq!(code, 2, "{expr}: {err}");
        assert!(err.contains("one roll draws at most 1000000"), "{expr}: {err}");
        assert!(peak < floor + 4 * MIB, "{expr}: {peak} KiB, fray --version {floor} KiB");
    }
    for expr in ["9900d1000000r<999999", "10000x100d6"] {
        for mode in [&["-q"][..], &["-f", "json"], &["-f", "yaml"], &[]] {
            let args: Vec<&str> = mode.iter().copied().chain(["--seed", "1", "roll", expr]).collect();
            let (code, peak, err) = peak_and_exit(&args, None).unwrap();
            assert_eq!(code, 0, "{args:?}: {err}");
            assert!(peak < 256 * MIB, "{args:?}: {peak} KiB");
        }
    }
    // Only the totals are kept where nothing shows the dice: -q holds no die past its term.
    let (_, quiet, _) = peak_and_exit(&["-q", "--seed", "1", "roll", "9900d1000000r<999999"], None).unwrap();
    assert!(quiet < 24 * MIB, "-q keeps the dice: {quiet} KiB");
}

/// `--odds` checks its budgets before the work (refused within 4 MiB of what `fray --version`
/// takes) and answers within 200 MiB, in every format, a million totals streamed rather than
/// held.
#[test]
fn large_odds_answer_within_their_memory_or_are_refused_at_once() {
    let Some(floor) = floor() else { return };
    for (expr, answered) in [("2d1000000", true), ("d1000000", true), ("d999999!p=8", false), ("d1000000/1000", true)] {
        for format in ["json", "text"] {
            let Some((code, peak, err)) = peak_and_exit(&["--odds", "-f", format, "roll", expr], None) else { return };
            assert_eq!(code, if answered { 0 } else { 2 }, "{expr} {format}: {err}");
            assert!(peak < 200 * MIB, "{expr} {format}: {peak} KiB");
            if !answered {
                assert!(
                    err.starts_with("fray: error: --odds of 'd999999!p=8'") && peak < floor + 4 * MIB,
                    "{err}: {peak} KiB, fray --version {floor} KiB"
                );
            }
        }
    }
    let (code, peak, err) = peak_and_exit(&["--odds", "-f", "yaml", "roll", "d1000000"], None).unwrap();
    assert!(code == 0 && peak < 200 * MIB, "yaml: {peak} KiB {err}");
}

/// A table of many dice of a million faces divided down loads at once, and an encounter whose
/// number appearing has a thousand values is refused before its odds are worked out.
#[test]
fn tables_of_large_dice_load_and_their_encounter_odds_keep_a_budget() {
    let dir = std::env::temp_dir().join(format!("fray-hardening-tables-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.yaml");
    let tables: String = (0..90)
        .map(|i| {
            let next = if i < 89 { format!("{{table: t{}}}", i + 1) } else { "{name: Bat}".to_string() };
            format!("t{i}:\n  die: d1000000/1000\n  rows:\n    0-500: {{name: Rat}}\n    501-1000: {next}\n")
        })
        .collect();
    std::fs::write(&big, &tables).unwrap();
    assert!(tables.len() > 4600);
    let Some((code, peak, err)) = peak_and_exit(&["--seed", "1", "table", big.to_str().unwrap()], None) else { return };
    assert_eq!(code, 0, "{err}");
    assert!(peak < 64 * MIB, "{peak} KiB");
    let (code, _, err) = peak_and_exit(&["--odds", "table", big.to_str().unwrap()], None).unwrap();
    assert_eq!(code, 0, "{err}");
    let many = dir.join("many.yaml");
    std::fs::write(&many, "cave:\n  die: d6\n  rows:\n    1-6: {name: Orc, number: 1d1000}\n").unwrap();
    let (code, peak, err) =
        peak_and_exit(&["-r", "gurps", "--odds", "encounter", "--table", many.to_str().unwrap(), "Ansel"], None)
            .unwrap();
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("1000 different encounters of 500500 combatants in all; fray does up to 50000"), "{err}");
    assert!(peak < 32 * MIB, "{peak} KiB");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A bad expression however long is repeated in the message only to its 60th character.
#[test]
fn a_long_bad_expression_is_echoed_cut() {
    let long = format!("{}x", "1+".repeat(400));
    let err = fails(&["roll", &long], 2);
    assert!(err.contains("'1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+…', column 801"), "{err}");
    assert!(err.chars().count() < 300, "{} characters", err.chars().count());
    let huge = "d6+".repeat(40_000);
    let err = fails(&["roll", &huge], 2);
    assert!(
        err.contains("…', column 1001: an expression is at most 1000 characters") && err.chars().count() < 300,
        "{err}"
    );
    let err = fails(&["roll", "1d20", "vs", &"9".repeat(500)], 2);
    assert!(err.contains('…') && err.chars().count() < 400, "{err}");
}

/// `track start --roster` goes by the roster's `rules:` when nothing else names a ruleset, as
/// the game commands do, and refuses it with a hint when `-r`, FRAY_RULES or the config names
/// another.
#[test]
fn a_fight_started_from_a_roster_goes_by_its_rules() {
    let table = crate::track::Table::new("roster-rules");
    let roster = table.home.join("party.yaml");
    std::fs::write(
        &roster,
        "rules: 5e\ncombatants:\n  - {name: Orc, side: monsters, hp: 7}\n  - {name: Ann, side: party}\n",
    )
    .unwrap();
    let roster = roster.to_str().unwrap();
    let out = table.run(&["-f", "json", "track", "--fight", "named", "start", "--roster", roster]);
    let fight: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(fight["rules"], "5e", "{out}");
    let from_stdin = table.command().args(["--seed", "1", "-q", "track", "--fight", "piped", "start", "--roster", "-"]);
    let out = from_stdin.write_stdin(std::fs::read(table.home.join("party.yaml")).unwrap()).run();
    assert!(out.success(), "{}", out.stderr);
    assert!(table.run(&["-f", "json", "track", "--fight", "piped", "show"]).contains("\"rules\":\"5e\""));
    for other in [&["-r", "ose"][..], &[]] {
        let mut run =
            table.command().args(other).args(["--seed", "1", "track", "--fight", "other", "start", "--roster", roster]);
        if other.is_empty() {
            run = run.env("FRAY_RULES", "gurps");
        }
        let err = fails_with(&run, 2);
        assert!(err.contains("is for 5e (rules: on line 1), but the fight is a"), "{err}");
        assert!(err.contains("; start the fight with -r 5e"), "{err}");
    }
    let config = table.home.join("config/fray");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("config"), "--rules wod\n").unwrap();
    let err = fails_with(&table.command().args(["track", "--fight", "configured", "start", "--roster", roster]), 2);
    assert!(err.contains("but the fight is a wod fight"), "{err}");
}

/// A FIFO, a device or a folder given as a table or a roster is refused before a byte is read
/// (a FIFO with no writer would block the open and the read forever), and `track list` passes
/// over a FIFO named like a fight.
#[test]
fn files_that_are_not_regular_are_refused_at_once() {
    let table = crate::track::Table::new("not-regular");
    let fifo = table.home.join("pipe.yaml");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let fifo = fifo.to_str().unwrap();
    let home = table.home.to_str().unwrap();
    for (path, why) in
        [(fifo, "it is not a regular file"), ("/dev/zero", "it is not a regular file"), (home, "it is a directory")]
    {
        for (args, what) in [
            (&["table", path][..], "table"),
            (&["encounter", "--table", path], "table"),
            (&["surprise", "--roster", path], "roster"),
            (&["track", "--fight", "f", "start", "--roster", path], "roster"),
            (&["track", "--fight", "f", "start", "--table", path, "Ann"], "table"),
        ] {
            let err = fails_with(&table.command().args(args), 1);
            assert!(err.contains(&format!("cannot read the {what} ")) && err.contains(why), "{args:?}: {err}");
        }
    }
    table.run(&["track", "--fight", "kept", "start", "Ann", "Orc:side=monsters"]);
    let state = table.home.join("state/fray/piped.json");
    assert!(std::process::Command::new("mkfifo").arg(&state).status().unwrap().success());
    let listed = table.run(&["track", "list"]);
    assert!(
        listed.contains("kept  ") && listed.contains("piped  the fight file") && listed.contains("plain file"),
        "{listed}"
    );
}

/// A fight file holding a text of a megabyte where fray writes a short one: a note is refused
/// as fray never writes it, and a long fight name or roll is shown in linear time (the text
/// wrapping looked at every break for every line it made: 29 s for 1 MB in a release build).
#[test]
fn a_megabyte_of_text_in_a_fight_file_is_refused_or_shown_at_once() {
    let table = crate::track::Table::new("long-texts");
    table.run(&["track", "--fight", "big", "start", "Ann", "Orc:side=monsters"]);
    table.run(&["track", "--fight", "big", "note", "Orc", "hello"]);
    let path = table.home.join("state/fray/big.json");
    let base: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let long = "N".repeat(1 << 20);
    let mut noted = base.clone();
    noted["combatants"][1]["notes"][0] = long.clone().into();
    std::fs::write(&path, noted.to_string()).unwrap();
    let err = fails_with(&table.command().args(["track", "--fight", "big", "show"]), 1);
    assert!(err.contains("is damaged: Orc has a note longer than 500 characters"), "{err}");
    for field in ["rolled", "fight"] {
        let mut long_text = base.clone();
        match field {
            "rolled" => long_text["order"][0]["rolled"] = long.clone().into(),
            _ => long_text["fight"] = long.clone().into(),
        }
        std::fs::write(&path, long_text.to_string()).unwrap();
        let shown = table.run(&["--color", "never", "--width", "80", "track", "--fight", "big", "show"]);
        assert!(shown.lines().all(|l| l.chars().count() <= 80), "{field}: a line wider than 80");
        assert_eq!(shown.matches('N').count(), 1 << 20, "{field}: every character is shown once");
    }
}

/// A roster of under a megabyte whose anchor of 900 KB is aliased 3 000 times (2.6 GB read
/// before) is refused at the alias that passes a megabyte of text, in little memory.
#[test]
fn roster_aliases_are_counted_in_bytes() {
    let dir = std::env::temp_dir().join(format!("fray-hardening-aliases-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let roster = dir.join("aliases.yaml");
    let mut text = format!("sides: &a [{}]\ncombatants:\n", "x".repeat(900_000));
    for i in 0..3000 {
        text.push_str(&format!("  - {{name: O{i}, side: monsters, notes: *a}}\n"));
    }
    assert!(text.len() < 1 << 20);
    std::fs::write(&roster, &text).unwrap();
    let Some((code, peak, err)) = peak_and_exit(&["surprise", "--roster", roster.to_str().unwrap()], None) else {
        return;
    };
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("aliases.yaml:4:") && err.contains("aliases (*name) add more than 1024 KiB of text"), "{err}");
    assert!(peak < 64 * MIB, "{peak} KiB");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Spawned: a standard output another program left non-blocking, whose reader is slow, answers
/// `EAGAIN` when full; fray waits for the reader and the stream arrives whole.
#[test]
fn a_non_blocking_stdout_with_a_slow_reader_gets_the_whole_stream() {
    use rustix::fs::{OFlags, fcntl_getfl, fcntl_setfl};
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let dir = std::env::temp_dir().join(format!("fray-hardening-eagain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("out");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    // The reader opened first without waiting, then the writer, non-blocking, as fray's stdout.
    let nonblock = OFlags::NONBLOCK.bits() as i32;
    let mut reader = std::fs::OpenOptions::new().read(true).custom_flags(nonblock).open(&fifo).unwrap();
    let writer = std::fs::OpenOptions::new().write(true).custom_flags(nonblock).open(&fifo).unwrap();
    fcntl_setfl(&reader, fcntl_getfl(&reader).unwrap() - OFlags::NONBLOCK).unwrap();
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("fray"))
        .args(["--seed", "1", "-q", "-n", "100000", "reaction"])
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Far more than a pipe holds (64 KiB) is waiting when the reader starts.
    std::thread::sleep(std::time::Duration::from_millis(500));
    let mut text = String::new();
    reader.read_to_string(&mut text).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(text.lines().count(), 100_000, "{} bytes", text.len());
    assert!(text.len() > 2 * 64 * 1024, "{} bytes", text.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every input an error repeats is cut with `…`, however long: 100 KB given as FRAY_RULES or
/// FRAY_FORMAT, as an expression, as a combatant's name.
#[test]
fn long_inputs_are_echoed_cut() {
    let long = "x".repeat(100_000);
    for var in ["FRAY_RULES", "FRAY_FORMAT"] {
        let err = fails_with(&fray().env(var, long.as_str()).args(["roll", "1d6"]), 2);
        assert!(err.contains(&format!("{var}='{}…'", "x".repeat(60))) && err.len() < 400, "{var}: {} bytes", err.len());
    }
    let err = fails(&["roll", &long], 2);
    assert!(err.contains('…') && err.len() < 400, "{} bytes", err.len());
    let table = crate::track::Table::new("long-echo");
    table.run(&["track", "start", "Ann", "Orc:side=monsters"]);
    let err = fails_with(&table.command().args(["track", "damage", &long, "3"]), 2);
    assert!(err.contains(&format!("'{}…'", "x".repeat(60))) && err.len() < 400, "{} bytes", err.len());
}

/// `-r gurps initiative` with ten groups of 1 000 (7.9 s once, its ties' text wrapped in
/// quadratic time) answers in every format within bounded memory.
#[test]
fn gurps_initiative_of_ten_thousand_keeps_its_memory() {
    let dir = std::env::temp_dir().join(format!("fray-hardening-gurps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let roster = dir.join("groups.yaml");
    let groups: String = (0..10)
        .map(|g| format!("  - {{name: G{g}, count: 1000, side: {}}}\n", if g < 5 { "party" } else { "monsters" }))
        .collect();
    std::fs::write(&roster, format!("combatants:\n{groups}")).unwrap();
    for format in ["text", "json", "yaml"] {
        let args = ["-r", "gurps", "--seed", "1", "-f", format, "initiative", "--roster", roster.to_str().unwrap()];
        let Some((code, peak, err)) = peak_and_exit(&args, None) else { return };
        assert_eq!(code, 0, "{format}: {err}");
        assert!(peak < 128 * MIB, "{format}: {peak} KiB");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every row of the README's limits table is the number the code holds: a row is read by the
/// start of its `what`, and a row this test does not know fails it, so that a new limit is
/// checked too. The numbers clap holds are read from the ranges its errors state.
#[test]
fn every_row_of_the_readme_limits_is_the_codes() {
    use fray::dice::expr;
    use fray::rulesets::family::{fifth::chase, storyteller};
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let table = readme.split("### Limits").nth(1).unwrap();
    let rows: Vec<(&str, String)> = table
        .lines()
        .skip_while(|l| !l.starts_with("| what"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            (cells[1], cells[2].replace([' ', ' '], ""))
        })
        .collect();
    let range_top = |args: &[&str]| -> String {
        let err = fails(args, 2);
        let top = err.split("from 1 to ").nth(1).unwrap_or_else(|| panic!("{err}"));
        top.chars().take_while(char::is_ascii_digit).collect()
    };
    let thousands = |n: u64| n.to_string();
    let expected: Vec<(&str, String)> = vec![
        ("combatants, counting every member", thousands(fray::cast::MAX_COMBATANTS as u64)),
        ("members of one group", fray::cast::MAX_GROUP.to_string()),
        ("sides", fray::cast::MAX_SIDES.to_string()),
        ("a name", format!("{}characters", fray::cast::MAX_NAME_CHARS)),
        ("a roster file", format!("{}MiB", fray::roster::MAX_ROSTER_BYTES >> 20)),
        (
            "what a roster's aliases",
            format!("{}values,{}MiBoftext", fray::located::MAX_ALIASED, fray::located::MAX_ALIASED_BYTES >> 20),
        ),
        ("`--repeat`", "10⁹(streamed:memorydoesnotgrowwithit)".to_string()),
        ("`--rounds`", range_top(&["-r", "gurps", "surprise", "--rounds", "1001"])),
        ("`gurps surprise`", thousands(fray::rulesets::gurps::MAX_RECOVERY_ROLLS)),
        ("`5e` speed factor", thousands(fray::rulesets::dnd5e::MAX_SPEED_FACTOR_ROLLS)),
        ("`5e` declared action", fray::rulesets::dnd5e::MAX_ACTION_PARTS.to_string()),
        ("`wod`, `cofd`", storyteller::MAX_MOVES.to_string()),
        ("`5e`, `5e2024` `pursue`: participants, counting", chase::MAX_PARTICIPANTS.to_string()),
        ("`5e`, `5e2024` `pursue`: participants ×", thousands(chase::MAX_TURNS)),
        ("`roll`: dice in one term", expr::MAX_DICE.to_string()),
        ("`roll`: faces of a die", thousands(u64::from(expr::MAX_FACES))),
        (
            "`roll`: an expression",
            format!("{}characters,{}levelsofparenthesesandbraces", expr::MAX_LENGTH, expr::MAX_DEPTH),
        ),
        ("`roll`: a label", format!("{}characters", expr::parse::MAX_LABEL)),
        ("`roll`: a total", format!("±2^{}", expr::MAX_TOTAL.trailing_zeros())),
        ("`roll`: explosions", expr::MAX_EXPLOSIONS.to_string()),
        ("`roll`: rerolls", expr::MAX_REROLLS.to_string()),
        ("`roll`: repetitions", expr::MAX_REPEAT.to_string()),
        ("`roll --odds`: faces of an exploding die", thousands(u64::from(expr::odds::MAX_EXPLODING_FACES))),
        ("`encounter --table --odds`", thousands(fray::table::encounter::MAX_CAST_MEMBERS)),
        ("`roll`: dice drawn by one roll", thousands(expr::MAX_ROLLED)),
    ];
    for (what, at_most) in &rows {
        let known = expected.iter().find(|(start, _)| what.starts_with(start));
        let (_, code) = known.unwrap_or_else(|| panic!("the README's limit '{what}' is not checked here"));
        assert_eq!(at_most.replace(',', ""), code.replace(',', ""), "{what}");
    }
    assert_eq!(rows.len(), expected.len(), "each row checked once");
    // The one clap holds for --repeat, read from its error as --rounds' is.
    assert_eq!(range_top(&["-n", "1000000001", "reaction"]), "1000000000");
}

/// A small, seeded generator for the fuzz run: the same inputs every run.
struct Fuzz(u64);

impl Fuzz {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.below(from.len())]
    }

    /// A dice expression of up to a dozen pieces of the language, numbers large and small.
    fn expression(&mut self) -> String {
        const PIECES: &[&str] = &[
            "d", "d6", "d20", "d%", "dF", "d66", "3d6", "4d6kh3", "10000d", "d1000000", "!", "!!", "!p", "r<", "r>",
            "ro", "kh", "kl", "dh", "dl", "cs>", "cf<", "mi", "ma", "+", "-", "*", "/", "(", ")", "{", "}", ",", "x",
            "vs", "[a]", "=", ">=", "<", "1", "2", "9", "99", "100", "1000", "999999", "0", " ", "e", "a", "%",
        ];
        (0..1 + self.below(12)).map(|_| self.pick(PIECES)).collect()
    }

    /// `base` with a few lines or characters changed: dropped, doubled, swapped for a hostile
    /// value, or cut.
    fn mutate(&mut self, base: &str, values: &[&str]) -> String {
        let mut lines: Vec<String> = base.lines().map(str::to_string).collect();
        for _ in 0..1 + self.below(4) {
            let at = self.below(lines.len().max(1));
            match self.below(5) {
                0 if !lines.is_empty() => {
                    lines.remove(at);
                }
                1 if !lines.is_empty() => {
                    let copy = lines[at].clone();
                    lines.insert(at, copy);
                }
                2 if !lines.is_empty() => {
                    let line = &lines[at];
                    let cut = line.char_indices().map(|(i, _)| i).nth(self.below(line.chars().count().max(1)));
                    let keep = cut.map_or(line.clone(), |c| line[..c].to_string());
                    lines[at] = format!("{keep}{}", self.pick(values));
                }
                3 if !lines.is_empty() => {
                    let line = lines[at].clone();
                    let end = line.rfind(':').map_or(line.len(), |i| i + 1);
                    lines[at] = format!("{} {}", &line[..end], self.pick(values));
                }
                _ => {
                    let cut = self.below(lines.len().max(1));
                    lines.truncate(cut.max(1));
                }
            }
        }
        lines.join("\n") + "\n"
    }
}

/// What the fuzz run met: the slowest input and the one with the most output, by class.
#[derive(Default)]
struct Met {
    runs: usize,
    slowest: (std::time::Duration, String),
    biggest: (usize, String),
}

impl Met {
    fn saw(&mut self, input: &str, took: std::time::Duration, out: usize) {
        self.runs += 1;
        let short = |s: &str| s.chars().take(120).collect::<String>().replace('\n', "⏎");
        if took > self.slowest.0 {
            self.slowest = (took, short(input));
        }
        if out > self.biggest.0 {
            self.biggest = (out, short(input));
        }
    }
}

/// A bounded fuzz run of each class of the audit (dice expressions, encounter tables, rosters,
/// fight files), a few thousand seeded inputs in all, run in-process: none may panic, break
/// the exit codes, or fail without its one `fray: error:` line. It reports (on standard error,
/// `--nocapture`) the slowest and the biggest input of each class; time is not asserted.
#[test]
fn a_bounded_fuzz_run_of_each_audit_class() {
    const VALUES: &[&str] = &[
        "1000000",
        "-1",
        "0",
        "d1000000",
        "1d1000",
        "10000d100r<99!>=99",
        "*a",
        "&a x",
        "[]",
        "{}",
        "~",
        "\"\u{202e}\"",
        "99999999999999999999",
        "1e308",
        "NaN",
        "true",
        "'",
        "{name: X, count: 1000}",
        "- x",
        "!!binary AA==",
    ];
    let mut fuzz = Fuzz(0x5eed_f00d);
    let mut report = Vec::new();
    let check = |args: &[OsString], out: &crate::common::Output| {
        assert!(out.code <= 2, "{args:?}: exit {}", out.code);
        if out.code != 0 {
            assert!(out.stderr.starts_with("fray: error: "), "{args:?}: {}", out.stderr);
            assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {}", out.stderr);
        }
        assert!(!out.stderr.contains("panicked"), "{args:?}: {}", out.stderr);
    };
    let timed = |run: Fray| {
        let start = std::time::Instant::now();
        let out = run.run();
        (out, start.elapsed())
    };

    let mut met = Met::default();
    for _ in 0..1500 {
        let expr = fuzz.expression();
        let mode = fuzz.pick(&["-q", "--odds", "-f=json", "-n=3"]);
        let args = strings(&["--seed".into(), "1".into(), mode.into(), "roll".into(), expr.clone()]);
        let (out, took) = timed(Fray::new().args(&args));
        check(&args, &out);
        met.saw(&expr, took, out.stdout.len());
    }
    report.push(("dice expressions", met));

    let base_table = "cave:\n  die: 2d6\n  rows:\n    2-6: {name: Orc, number: 1d6}\n    7-11: {table: deep}\n    12: {name: Dragon}\ndeep:\n  die: d4\n  rows:\n    1-4: {name: Rat, number: 2d4}\n";
    let mut met = Met::default();
    for _ in 0..600 {
        let text = fuzz.mutate(base_table, VALUES);
        let mode = fuzz.pick(&["-q", "--odds", "-f=yaml", "-n=2"]);
        let args = strings(&["--seed".into(), "1".into(), mode.into(), "table".into(), "-".into()]);
        let (out, took) = timed(Fray::new().args(&args).write_stdin(text.clone()));
        check(&args, &out);
        met.saw(&text, took, out.stdout.len());
    }
    report.push(("tables", met));

    let base_roster = "sides:\n  - party\n  - monsters\ncombatants:\n  - name: Ann\n    side: party\n    hp: 12\n  - name: Orc\n    count: 3\n    side: monsters\n    dex: 1\n";
    let mut met = Met::default();
    for _ in 0..600 {
        let text = fuzz.mutate(base_roster, VALUES);
        let rules = fuzz.pick(&["ose", "gurps", "5e", "wod", "bx", "5e2024", "cofd"]);
        let mode = fuzz.pick(&["-q", "--odds", "-f=json", "-n=2"]);
        let args = strings(&[
            "--seed".into(),
            "1".into(),
            "-r".into(),
            rules.into(),
            mode.into(),
            "initiative".into(),
            "--roster".into(),
            "-".into(),
        ]);
        let (out, took) = timed(Fray::new().args(&args).write_stdin(text.clone()));
        check(&args, &out);
        met.saw(&text, took, out.stdout.len());
    }
    report.push(("rosters", met));

    let table = crate::track::Table::new("fuzz");
    table.run(&["track", "--fight", "base", "start", "Ann:hp=10", "Orc*2:side=monsters,hp=5"]);
    table.run(&["track", "--fight", "base", "damage", "Orc 1", "3"]);
    table.run(&["track", "--fight", "base", "note", "Ann", "hurt"]);
    let path = table.home.join("state/fray/base.json");
    let base_fight = std::fs::read_to_string(&path).unwrap();
    let fight_values: &[&str] = &["1000000,", "-1,", "null,", "\"x\",", "[],", "{},", "4294967296,", "\"\u{202e}\","];
    let mut met = Met::default();
    for i in 0..300 {
        let text = fuzz.mutate(&base_fight, fight_values);
        let file = table.home.join(format!("state/fray/f{i}.json"));
        std::fs::write(&file, &text).unwrap();
        for command in [&["show"][..], &["next"], &["undo"], &["-f", "json", "show"]] {
            let fight = format!("f{i}");
            let args: Vec<OsString> = ["--seed", "1", "--color", "never", "track", "--fight", &fight]
                .iter()
                .chain(command)
                .map(OsString::from)
                .collect();
            let (out, took) = timed(table.command().args(&args));
            check(&args, &out);
            met.saw(&text, took, out.stdout.len());
        }
    }
    report.push(("fight files", met));

    for (class, met) in &report {
        eprintln!(
            "fuzz {class}: {} runs; slowest {:.1} ms: {}; most output {} bytes: {}",
            met.runs,
            met.slowest.0.as_secs_f64() * 1000.0,
            met.slowest.1,
            met.biggest.0,
            met.biggest.1
        );
    }
    // Each class reached fray's output, not only its first refusal.
    assert!(report.iter().all(|(_, met)| met.runs >= 600 && met.biggest.0 > 0));
}
