//! Same seed, same rolls: the data of ~20 command lines across the rulesets, pinned as insta
//! snapshots (`tests/snapshots/tests__golden__*.snap`). Presentation may change (JSON layout,
//! the order of fields, a `version` field); the results may not.

use crate::common::fray;
use serde_json::Value;

const LINES: &[(&str, &str)] = &[
    ("ose_encounter", r#"--seed 7 encounter --aware monsters --cha 16"#),
    ("ose_surprise_ambush", r#"--seed 11 -n 3 surprise --ambush"#),
    ("ose_distance_outdoors", r#"--seed 5 -n 3 distance --outdoors --both-surprised"#),
    ("ose_initiative_three", r#"--seed 9 initiative --side a --side b --side c --wait c --ties simultaneous"#),
    ("ose_reaction", r#"--seed 4 -n 5 reaction --cha 18 --mod -1"#),
    ("ose_pursue", r#"--seed 3 pursue --quarry 30 --pursuer 40 --sight 120 --drop treasure@2"#),
    ("ose_encounter_sides", r#"--seed 21 -n 3 encounter --side party --side orcs --side wolves --ambush orcs"#),
    ("gurps_total", r#"-r gurps --seed 5 surprise --total Clerk:iq=9 Guard:iq=10,cr Werewolf:side=monsters"#),
    (
        "gurps_partial",
        r#"-r gurps --seed 8 -n 3 surprise --side party:tactics=20 --side monsters:leaderless Ansel:leader,iq=12,cr Orc*2:side=monsters,iq=9"#,
    ),
    (
        "gurps_initiative",
        r#"-r gurps --seed 2 initiative Ansel:speed=6.25,dx=12 Bree:speed=5.5 Orc*2:side=monsters,speed=5.5"#,
    ),
    ("gurps_reaction", r#"-r gurps --seed 6 -n 4 reaction --mod 2"#),
    (
        "gurps_encounter",
        r#"-r gurps --seed 12 encounter --reaction --mod 1 Ansel:leader,iq=12,cr Bree:iq=11 Orc*3:side=monsters,iq=9,speed=5"#,
    ),
    (
        "5e_surprise",
        r#"-r 5e --seed 3 -n 3 surprise --stealth 14 --stealth-mod 3 Elf:per=16 Fighter:per=12 Wizard:per=10 Halfling:per=14"#,
    ),
    (
        "5e_standard",
        r#"-r 5e --seed 4 -n 2 initiative Elf:dex=3,alert Fighter:dex=1,adv Goblin*3:side=monsters,dex=2 Ogre:side=monsters,dex=-1,dis"#,
    ),
    ("5e_score", r#"-r 5e --seed 4 initiative --variant score Elf:dex=3 Fighter:dex=1 Goblin*3:side=monsters,dex=2"#),
    ("5e_side", r#"-r 5e --seed 4 -n 3 initiative --variant side --side a --side b --side c"#),
    (
        "5e_speed",
        r#"-r 5e --seed 2 initiative --variant speed --rounds 2 Paladin:action=spell:2+light Rogue:dex=4,action=light+light Ogre:dex=-1,size=large,action=heavy+two-handed"#,
    ),
    (
        "5e_encounter",
        r#"-r 5e --seed 13 encounter --stealth-mod 2 Elf:per=16,dex=3 Fighter:per=12 Goblin*2:side=monsters,dex=2"#,
    ),
    (
        "wod_surprise",
        r#"-r wod --seed 10 -n 3 surprise Mitch:wits=2,composure=3 Larry:wits=1,composure=1 Ghoul:side=monsters,ambusher"#,
    ),
    (
        "wod_initiative",
        r#"-r wod --seed 1 initiative Mitch:initiative=10 Larry:initiative=6 --delay Mitch:after=Larry"#,
    ),
    (
        "wod_initiative_rolled",
        r#"-r wod --seed 14 -n 2 initiative Mitch:dex=3,composure=2 Larry:dex=2,composure=2 Ghoul*2:side=monsters,dex=2,composure=1 --ready Larry:before=Mitch"#,
    ),
    (
        "wod_encounter",
        r#"-r wod --seed 15 encounter Mitch:wits=2,composure=3,dex=3 Larry:wits=1,composure=1,dex=2 Ghoul*2:side=monsters,ambusher,dex=2,composure=1"#,
    ),
];

/// Every JSON document in `text`, pretty or one per line, without the fields that describe
/// fray rather than the roll.
fn documents(text: &str) -> Vec<Value> {
    serde_json::Deserializer::from_str(text)
        .into_iter::<Value>()
        .map(|doc| {
            let mut doc = doc.expect("valid JSON");
            if let Some(map) = doc.as_object_mut() {
                map.remove("version");
            }
            doc
        })
        .collect()
}

/// Splits a command line written as the shell would read it (single quotes only).
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

#[test]
fn same_seed_same_results() {
    for (name, line) in LINES {
        let out = fray().arg("-f").arg("json").args(words(line)).run();
        assert!(out.success(), "{name}: {}", out.stderr);
        let docs = documents(&out.text());
        assert!(!docs.is_empty(), "{name}: fray {line} printed no document");
        // serde_json's own maps are sorted, so the snapshot holds the data, not fray's layout.
        let data = serde_json::to_string_pretty(&docs).expect("JSON");
        insta::with_settings!({ description => format!("fray -f json {line}"), omit_expression => true }, {
            insta::assert_snapshot!(*name, data);
        });
    }
}
