//! A group's number appearing rolled as dice (`Goblin*2d4`, `count=2d4`, a roster's
//! `count: 2d4`) is part of the document of every command that reads a cast.

use crate::common::*;
use serde_json::json;

const ROSTER: &str = "combatants:\n  - name: Goblin\n    count: 2d4\n    side: monsters\n";

/// The seed 3 rolls 2d4 = 4 + 1 for the goblins, in each of the three forms.
#[test]
fn every_command_with_a_cast_carries_the_number_rolled() {
    let appearing = json!([{"name": "Goblin", "dice": "2d4", "rolls": [4, 1], "total": 5}]);
    for form in ["Goblin*2d4:side=monsters", "Goblin:count=2d4,side=monsters", "--roster=-"] {
        for command in [
            &["encounter"][..],
            &["initiative"],
            &["surprise"],
            &["-r", "5e", "encounter"],
            &["-r", "gurps", "initiative"],
        ] {
            let mut args = vec!["--seed", "3"];
            args.extend_from_slice(command);
            args.extend(["Elf", form]);
            let json_out = fray().args(["-f", "json"]).args(&args).write_stdin(ROSTER).run();
            assert!(json_out.success(), "{args:?}: {}", json_out.stderr);
            let doc: serde_json::Value = serde_json::from_slice(&json_out.stdout).unwrap();
            assert_eq!(doc["appearing"], appearing, "{args:?}");
            assert_eq!(json_out.stderr, "", "{args:?}");
            let yaml = fray().args(["-f", "yaml"]).args(&args).write_stdin(ROSTER).run().text();
            assert!(
                yaml.contains("appearing:\n- dice: 2d4\n  name: Goblin\n  rolls:\n  - 4\n  - 1\n  total: 5\n"),
                "{yaml}"
            );
            let text = fray().args(&args).write_stdin(ROSTER).run().text();
            assert!(text.contains("    appearing   Goblin: 2d4 (4+1) = 5\n"), "{args:?}: {text}");
        }
    }
    // An encounter's -q line says it first; another command's -q stays its headline alone.
    let quiet = stdout(&["--seed", "3", "-q", "encounter", "Elf", "Goblin*2d4:side=monsters"]);
    assert!(quiet.starts_with("appearing=Goblin*5 surprised="), "{quiet}");
    assert_eq!(stdout(&["--seed", "3", "-q", "initiative", "Elf", "Goblin*2d4:side=monsters"]), "monsters,party\n");
    // The odds are for the number rolled, and say so.
    let doc = json(&["--seed", "3", "--odds", "initiative", "Elf", "Goblin*2d4:side=monsters"]);
    assert!(doc["notes"][0].as_str().unwrap().contains("Goblin 2d4 = 5"), "{doc}");
}

#[test]
fn a_fight_keeps_the_number_rolled_as_an_event() {
    let dir = std::env::temp_dir().join(format!("fray-appearing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str]| {
        let out = fray()
            .env("XDG_STATE_HOME", &dir)
            .env("XDG_CONFIG_HOME", &dir)
            .env("HOME", &dir)
            .args(["-f", "json"])
            .args(args)
            .run();
        assert!(out.success(), "{args:?}: {}", out.stderr);
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let doc = run(&["--seed", "3", "track", "--fight", "groups", "start", "Elf", "Goblin*2d4:side=monsters"]);
    let events = doc["events"].as_array().unwrap();
    let appearing = events.iter().find(|e| e["event"] == "appearing").expect("an appearing event");
    assert_eq!(appearing["roll"][0]["total"], 5, "{appearing}");
    let doc = run(&["--seed", "4", "track", "--fight", "groups", "add", "Orc*1d3:side=monsters"]);
    let events = doc["events"].as_array().unwrap();
    let appearing = events.iter().find(|e| e["event"] == "appearing").expect("an appearing event");
    assert_eq!(appearing["roll"][0]["name"], "Orc", "{appearing}");
    let _ = std::fs::remove_dir_all(&dir);
}
