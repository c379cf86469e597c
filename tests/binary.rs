//! The in-process harness against the binary: the same command line, standard input and
//! environment give the same exit status and the same bytes on both streams, so what the
//! other modules check in-process holds for the program people run. Spawned: this module
//! checks what `main` adds (the real environment, streams and exit status).

use crate::cast::tempdir;
use crate::common::*;

/// Runs `run` both ways and asserts the two agree; returns the output.
fn same(run: &Fray) -> Output {
    let inside = run.run();
    let outside = run.run_binary();
    assert_eq!(inside, outside, "{run:?}: in-process and the binary differ");
    inside
}

#[test]
fn every_ruleset_and_format_gives_the_binary_s_bytes() {
    let lines: &[&[&str]] = &[
        &["-r", "ose", "encounter", "--aware", "monsters", "--cha", "16"],
        &["-r", "ose", "-n", "3", "surprise", "--ambush"],
        &["-r", "gurps", "surprise", "--total", "Clerk:iq=9", "Guard:iq=10,cr", "Wolf:side=monsters"],
        &["-r", "5e", "initiative", "--variant", "speed", "--rounds", "2", "Paladin:action=spell:2+light", "Ogre"],
        &["-r", "5e2024", "encounter", "--stealth", "14", "Elf:per=16,dex=3", "Goblin*4:side=monsters"],
        &["-r", "wod", "initiative", "Mitch:initiative=10", "Larry:initiative=6", "--delay", "Mitch:after=Larry"],
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
        &["-r", "cofd", "encounter", "Mitch:wits=2,composure=3,dex=3", "Thug:ambusher,stealth=1,side=monsters"],
        &["-r", "5e", "pursue", "--gap", "30", "--sight", "60", "Rogue:speed=35", "Guard*2:side=monsters"],
        &["roll", "4d6kh3", "2d20"],
    ];
    for line in lines {
        for format in [&[][..], &["-f", "yaml"], &["-f", "json"], &["-q"]] {
            let out = same(&fray().args(["--seed", "7"]).args(format.iter()).args(line.iter()));
            assert!(out.success(), "{line:?} {format:?}: {}", out.stderr);
        }
    }
    // The odds (slow in a debug build: a few).
    for line in [lines[0], lines[3], lines[7]] {
        assert!(same(&fray().arg("--odds").args(line.iter())).success(), "--odds {line:?}");
    }
}

#[test]
fn help_version_and_errors_are_the_binary_s() {
    for args in [
        &["--help"][..],
        &["-r", "gurps", "surprise", "-h"],
        &["--version"],
        &["completions", "fish"],
        &["-r", "bx", "initiative", "--roster-example"],
    ] {
        assert!(same(&fray().args(args)).success(), "{args:?}");
    }
    for (args, code) in [
        (&["surprise", "--bogus"][..], 2),
        (&["-r", "chess", "reaction"], 2),
        (&["reaction", "--mod", "101"], 2),
        (&["surprise", "--roster", "/nonexistent/party.yaml"], 1),
    ] {
        assert_eq!(same(&fray().args(args)).code, code, "{args:?}");
    }
    // A roster on standard input, good and bad.
    let roster = "sides:\n  - name: party\n  - name: orcs\n    chance: 3\n";
    assert!(same(&fray().args(["--seed", "2", "surprise", "--roster", "-"]).write_stdin(roster)).success());
    assert_eq!(same(&fray().args(["surprise", "--roster", "-"]).write_stdin("sides: [")).code, 1);
}

#[test]
fn the_environment_is_read_as_main_reads_it() {
    let reaction = ["--seed", "3", "reaction"];
    // Colour: --color auto on a pipe is off, unless CLICOLOR_FORCE; NO_COLOR beats that.
    for vars in
        [&[][..], &[("CLICOLOR_FORCE", "1")], &[("CLICOLOR_FORCE", "0")], &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]]
    {
        let mut run = Fray::new().args(reaction);
        for (k, v) in vars {
            run = run.env(k, v);
        }
        let out = same(&run);
        let coloured = out.stdout.contains(&0x1b);
        assert_eq!(coloured, vars == [("CLICOLOR_FORCE", "1")], "{vars:?}");
    }
    for (name, value) in [
        ("FRAY_RULES", "gurps"),
        ("FRAY_RULES", "bogus"),
        ("FRAY_FORMAT", "json"),
        ("FRAY_FORMAT", ""),
        ("COLUMNS", "60"),
        ("COLUMNS", "wide"),
        ("TERM", "dumb"),
    ] {
        same(&fray().env(name, value).args(["--seed", "3", "-r", "5e", "surprise", "--stealth", "14", "Elf", "Dwarf"]));
        same(&fray().env(name, value).args(reaction));
    }
    // The config file, found through HOME, XDG_CONFIG_HOME or FRAY_CONFIG_PATH.
    let dir = tempdir();
    std::fs::create_dir_all(dir.join("home/.config/fray")).unwrap();
    std::fs::write(dir.join("home/.config/fray/config"), "--rules gurps\n--side us\n--side them\n").unwrap();
    std::fs::create_dir_all(dir.join("xdg/fray")).unwrap();
    std::fs::write(dir.join("xdg/fray/config"), "--format yaml\n").unwrap();
    let home = fray().env("HOME", dir.join("home")).env_remove("XDG_CONFIG_HOME");
    let gurps = same(&home.clone().args(["--seed", "1", "surprise"]));
    assert!(gurps.text().contains("gurps"), "{}", gurps.text());
    same(&home.clone().env("XDG_CONFIG_HOME", dir.join("xdg")).args(reaction));
    same(&home.clone().env("XDG_CONFIG_HOME", "relative").args(reaction));
    same(&home.clone().env("FRAY_CONFIG_PATH", dir.join("xdg/fray/config")).args(reaction));
    assert_eq!(same(&home.env("FRAY_CONFIG_PATH", dir.join("missing")).args(reaction)).code, 1);
    // A fight kept in XDG_STATE_HOME, and FRAY_FIGHT naming it: the same commands, in turn.
    let track = |args: &[&str], inside: bool| {
        let run = fray().env("XDG_STATE_HOME", dir.join("state")).env("FRAY_FIGHT", "crypt").args(args);
        if inside { run.run() } else { run.run_binary() }
    };
    let mut both = Vec::new();
    for inside in [false, true] {
        let _ = std::fs::remove_dir_all(dir.join("state"));
        let start = ["--seed", "4", "-r", "ose", "track", "start", "--side", "party", "--side", "orcs"];
        both.push([track(&start, inside), track(&["track", "next"], inside), track(&["track", "list"], inside)]);
    }
    assert!(both[0].iter().all(Output::success), "{:?}", both[0]);
    assert_eq!(both[0], both[1]);
}

/// The start-up layout (build.rs hands the linker link/start-up.ld): the code every run goes
/// through, fray's, clap's and std's alike, lies together at the front of the program's code,
/// where without it each crate's code lies where its library falls (clap's parser and std's
/// stdout near the end), and a run faults in pages of code from all over.
#[test]
#[cfg_attr(not(start_up_layout), ignore = "built without link/start-up.ld: not Linux, or another linker")]
fn the_code_every_run_goes_through_lies_together() {
    let nm = std::process::Command::new("nm")
        .args(["--defined-only", "-n", env!("CARGO_BIN_EXE_fray")])
        .output()
        .expect("nm (binutils) reads the binary's symbols");
    let listing = String::from_utf8_lossy(&nm.stdout);
    let functions: Vec<(u64, &str)> = listing
        .lines()
        .filter_map(|line| match line.split_whitespace().collect::<Vec<_>>()[..] {
            [address, "t" | "T", name] => Some((u64::from_str_radix(address, 16).ok()?, name)),
            _ => None,
        })
        .collect();
    let (first, last) = (functions[0].0, functions[functions.len() - 1].0);
    assert!(last - first > 1 << 20, "{first:x}..{last:x}: the program's code is larger than that");
    // fray's entry and its reading of the line, clap's parser, std's stdout.
    for mangled in ["4fray3app14main_then_exit", "4fray4line4read", "7Command9_do_parse", "Stdout4lock"] {
        let (address, name) = functions
            .iter()
            .find(|(_, name)| name.contains(mangled))
            .unwrap_or_else(|| panic!("no function {mangled} in the binary"));
        let place = (address - first) as f64 / (last - first) as f64;
        assert!(place < 0.05, "{name} lies {:.0}% into the code, not among the start-up code", place * 100.0);
    }
}
