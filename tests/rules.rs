//! The rules a change in a kept fight sets off (`fray track`), each fired at the moment its
//! book says, rolled (or taken from the referee's `--roll`), applied, and its chance of success
//! held against an independent count of the dice; every one taken back by `undo`.

use crate::track::{Table, events};
use serde_json::Value;

fn rules_fired<'a>(doc: &'a Value, rule: &str) -> Vec<&'a Value> {
    events(doc, "rule").into_iter().filter(|e| e["rule"] == rule).collect()
}

fn combatant<'a>(doc: &'a Value, name: &str) -> &'a Value {
    for seat in doc["order"].as_array().unwrap() {
        if seat["name"] == name && seat.get("down").is_some() {
            return seat;
        }
        if let Some(found) = seat["members"].as_array().and_then(|m| m.iter().find(|c| c["name"] == name)) {
            return found;
        }
    }
    panic!("{name} in {doc}")
}

/// `n/d` in lowest terms, as fray writes an exact chance.
fn fraction(n: u64, d: u64) -> String {
    let g = gcd(n, d);
    if d / g == 1 { format!("{}", n / g) } else { format!("{}/{}", n / g, d / g) }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Every way `count` dice of `sides` fall, as their totals.
fn totals(count: u32, sides: u32) -> Vec<u32> {
    let mut all = vec![0];
    for _ in 0..count {
        all = all.iter().flat_map(|t| (1..=sides).map(move |f| t + f)).collect();
    }
    all
}

/// The chance the GURPS success roll makes `target`, counted over the 216 ways 3d6 fall.
fn gurps_chance(target: i32) -> String {
    let made = totals(3, 6).into_iter().filter(|&t| t <= 4 || (t <= 16 && t as i32 <= target)).count();
    fraction(made as u64, 216)
}

#[test]
fn ose_monsters_check_morale_when_their_first_falls_and_when_half_are_out() {
    let table = Table::new("morale");
    table.run(&["--seed", "1", "track", "start", "Ansel:hp=20", "Goblin:count=4,side=monsters,hp=3,ml=7"]);
    let doc = table.json(&["--seed", "2", "track", "damage", "Goblin 1", "9"]);
    let fired = rules_fired(&doc, "morale");
    assert_eq!(fired.len(), 1, "the first death: {doc}");
    let ways = totals(2, 6).into_iter().filter(|&t| t <= 7).count();
    assert_eq!(fired[0]["chance"], fraction(ways as u64, 36));
    assert_eq!(fired[0]["target"], 7);
    assert_eq!(fired[0]["name"], "monsters");
    assert_eq!(fired[0]["roll"]["dice"], "2d6");
    // The second death is no trigger; the third fall makes half of four out.
    let doc = table.json(&["--seed", "3", "track", "damage", "Goblin 2", "9"]);
    assert!(rules_fired(&doc, "morale").len() <= 1);
    // The referee's roll: 12 against ML 7 breaks them; those standing flee.
    table.run(&["track", "undo", "2"]);
    let doc = table.json(&["track", "--roll", "morale=12", "damage", "Goblin 1", "9"]);
    let fired = rules_fired(&doc, "morale");
    assert_eq!(fired[0]["result"], "flees or surrenders");
    assert_eq!(fired[0]["roll"]["given"], true);
    for name in ["Goblin 2", "Goblin 3", "Goblin 4"] {
        assert_eq!(combatant(&doc, name)["down"], "fled", "{doc}");
    }
    assert!(events(&doc, "over").iter().any(|e| e["text"].as_str().unwrap().contains("looks over")));
    // Undo takes the check back with the death that set it off.
    let back = table.json(&["track", "undo"]);
    assert!(combatants_down(&back).is_empty(), "{back}");
    // Played without the rule, nothing fires.
    table.run(&["track", "end", "--yes"]);
    table.run(&[
        "--seed",
        "1",
        "track",
        "start",
        "--no-rule",
        "morale",
        "Ansel",
        "Goblin:count=2,side=monsters,hp=1,ml=7",
    ]);
    let doc = table.json(&["track", "damage", "Goblin 1", "5"]);
    assert!(rules_fired(&doc, "morale").is_empty());
}

fn combatants_down(doc: &Value) -> Vec<String> {
    let mut all = Vec::new();
    for seat in doc["order"].as_array().unwrap() {
        let members = seat["members"].as_array().cloned().unwrap_or_else(|| vec![seat.clone()]);
        for c in members {
            if c["down"] != false && c.get("down").is_some() {
                all.push(c["name"].as_str().unwrap().to_string());
            }
        }
    }
    all
}

#[test]
fn ose_morale_says_what_it_needs_and_a_lone_monster_has_no_trigger() {
    let table = Table::new("morale-missing");
    let doc = table.json(&[
        "--seed",
        "1",
        "track",
        "start",
        "Ansel",
        "Goblin:count=2,side=monsters,hp=1",
        "Ogre:side=ogres,hp=9",
        "--side",
        "party",
        "--side",
        "monsters",
        "--side",
        "ogres",
    ]);
    let said: Vec<&Value> = events(&doc, "due");
    assert!(said.iter().any(|e| e["text"].as_str().unwrap().contains("Ogre fights alone")), "{doc}");
    let doc = table.json(&["track", "damage", "Goblin 1", "3"]);
    assert!(rules_fired(&doc, "morale").is_empty());
    let due = events(&doc, "due");
    assert!(due.iter().any(|e| e["text"].as_str().unwrap().contains("set \"Goblin 2\" ml=N")), "{doc}");
    // Given by hand, with an adjustment.
    table.run(&["track", "set", "Goblin 2", "ml=8"]);
    let doc = table.json(&["track", "--roll", "morale=8", "morale", "Goblin 2", "--mod", "-1"]);
    let fired = rules_fired(&doc, "morale");
    assert_eq!(fired[0]["target"], 7, "ML 8 - 1");
    assert_eq!(fired[0]["result"], "flees or surrenders");
    let err = table.fails(&["-r", "5e", "track", "--fight", "x", "start", "--no-rule", "morale", "A"], 2);
    assert!(err.contains("the 5e ruleset has no such rule") && err.contains("concentration"), "{err}");
    let err = table.fails(&["track", "--roll", "morale", "next"], 2);
    assert!(err.contains("is not RULE=N"), "{err}");
    let err = table.fails(&["track", "--roll", "luck=3", "next"], 2);
    assert!(err.contains("fires no rule 'luck'"), "{err}");
}

#[test]
fn dnd5e_damage_calls_for_a_concentration_save_at_half_the_damage() {
    let table = Table::new("concentration");
    table.run(&[
        "-r",
        "5e",
        "track",
        "start",
        "Cleric:hp=40,con=2,initiative=15",
        "Ansel:hp=20,initiative=10",
        "Ghoul:side=monsters,hp=20,initiative=5",
    ]);
    table.run(&["track", "effect", "Ansel", "Bless", "--rounds", "10", "--of", "Cleric", "--concentration"]);
    for (damage, dc) in [(7, 10), (30, 15)] {
        let doc = table.json(&["--seed", "9", "track", "damage", "Cleric", &damage.to_string()]);
        let fired = rules_fired(&doc, "concentration");
        assert_eq!(fired.len(), 1, "{doc}");
        assert_eq!(fired[0]["target"], dc);
        let made = (1..=20).filter(|d| d + 2 >= dc).count() as u64;
        assert_eq!(fired[0]["chance"], fraction(made, 20), "DC {dc} with +2");
        table.run(&["track", "undo"]);
    }
    // A failed save ends what hangs on it; undo brings it back.
    let doc = table.json(&["track", "--roll", "concentration=2", "damage", "Cleric", "6"]);
    assert_eq!(rules_fired(&doc, "concentration")[0]["result"], "loses concentration");
    assert!(combatant(&doc, "Ansel")["effects"].as_array().unwrap().is_empty());
    let doc = table.json(&["track", "undo"]);
    assert_eq!(combatant(&doc, "Ansel")["effects"][0]["name"], "Bless");
    // Temporary hit points that take it all still call for the save.
    table.run(&["track", "temp", "Cleric", "10"]);
    let doc = table.json(&["--seed", "4", "track", "damage", "Cleric", "8"]);
    assert_eq!(rules_fired(&doc, "concentration").len(), 1, "{doc}");
    // 5e2024 caps the DC at 30; 5e does not.
    for (rules, dc) in [("5e", 40), ("5e2024", 30)] {
        let t = Table::new(&format!("cap-{rules}"));
        t.run(&["-r", rules, "track", "start", "Cleric:hp=200,con=0", "Ghoul:side=monsters,hp=9"]);
        t.run(&["track", "effect", "Cleric", "Shield", "--concentration", "--of", "Cleric"]);
        let doc = t.json(&["--seed", "1", "track", "damage", "Cleric", "80"]);
        assert_eq!(rules_fired(&doc, "concentration")[0]["target"], dc, "{rules}");
    }
    // No Constitution kept: the damage lands, and fray says what it needs.
    let doc = table.json(&["track", "effect", "Ansel", "Hex", "--concentration", "--of", "Ansel"]);
    assert!(combatant(&doc, "Ansel")["effects"].as_array().unwrap().iter().any(|e| e["name"] == "Hex"));
    let doc = table.json(&["track", "damage", "Ansel", "4"]);
    assert_eq!(combatant(&doc, "Ansel")["hp"], 16);
    assert!(events(&doc, "due").iter().any(|e| e["text"].as_str().unwrap().contains("set \"Ansel\" con=N")), "{doc}");
}

#[test]
fn dnd5e_a_dying_character_rolls_death_saves_and_a_monster_dies() {
    let table = Table::new("death-saves");
    table.run(&[
        "-r",
        "5e",
        "track",
        "start",
        "Ansel:hp=10,initiative=15",
        "Ghoul:count=2,side=monsters,hp=10,initiative=5",
    ]);
    let doc = table.json(&["track", "damage", "Ghoul 1", "10"]);
    assert_eq!(rules_fired(&doc, "monster-death")[0]["result"], "dies");
    assert_eq!(combatant(&doc, "Ghoul 1")["down"], "dead");
    table.run(&["track", "damage", "Ansel", "10"]);
    table.run(&["track", "next"]);
    // Each start of its turn: a d20, 10 or more succeeds (11/20).
    let saves = [("death-save=12", "success"), ("death-save=1", "two failures")];
    for (roll, result) in saves {
        let doc = table.json(&["track", "--roll", roll, "next"]);
        let fired = rules_fired(&doc, "death-save");
        assert_eq!(fired.len(), 1, "{doc}");
        assert_eq!(fired[0]["result"], result);
        assert_eq!(fired[0]["chance"], fraction((10..=20).count() as u64, 20));
        table.run(&["track", "next"]);
    }
    // Damage at 0 is one more failure: three, and it is dead.
    let doc = table.json(&["track", "damage", "Ansel", "1"]);
    assert_eq!(rules_fired(&doc, "death-save")[0]["result"], "failure");
    assert_eq!(combatant(&doc, "Ansel")["down"], "dead");
    // A natural 20 brings it back with 1 hit point.
    table.run(&["track", "undo"]);
    let doc = table.json(&["track", "--roll", "death-save=20", "next"]);
    assert_eq!(combatant(&doc, "Ansel")["hp"], 1);
    assert_eq!(combatant(&doc, "Ansel")["down"], false);
    // Without the monster-death rule a monster is dying too, and saves.
    let t = Table::new("monster-saves");
    t.run(&[
        "-r",
        "5e",
        "track",
        "start",
        "--no-rule",
        "monster-death",
        "Ansel:initiative=15",
        "Ghoul:side=monsters,hp=5,initiative=5",
    ]);
    let doc = t.json(&["track", "damage", "Ghoul", "5"]);
    assert_eq!(combatant(&doc, "Ghoul")["down"], "dying");
    let doc = t.json(&["track", "--roll", "death-save=15", "next"]);
    assert_eq!(rules_fired(&doc, "death-save")[0]["name"], "Ghoul");
    // A critical hit at 0 is two failures.
    let doc = t.json(&["track", "damage", "Ghoul", "1", "--crit"]);
    assert_eq!(rules_fired(&doc, "death-save")[0]["result"], "two failures");
}

#[test]
fn dnd5e_the_lair_waits_for_its_creature() {
    let table = Table::new("lair");
    let doc = table.json(&[
        "-r",
        "5e",
        "track",
        "start",
        "--lair",
        "Dragon:side=monsters,hp=100,initiative=10",
        "Ansel:initiative=22",
    ]);
    assert_eq!(doc["turn"], "Ansel");
    table.run(&["track", "damage", "Dragon", "100"]);
    let doc = table.json(&["track", "next"]);
    assert_eq!(rules_fired(&doc, "lair")[0]["result"], "no lair action", "{doc}");
    let err = table.fails(&["-r", "5e2024", "track", "--fight", "b", "start", "--lair", "Dragon"], 2);
    assert!(err.contains("no lair actions"), "{err}");
}

#[test]
fn gurps_injury_brings_shock_knockdown_consciousness_and_death_checks() {
    let table = Table::new("gurps-rules");
    table.run(&["-r", "gurps", "track", "start", "Ansel:hp=12,ht=11,speed=6", "Orc:side=monsters,hp=10,ht=10,speed=5"]);
    // 3 injury: shock -3 on the Orc's next turn, gone at its end.
    let doc = table.json(&["track", "damage", "Orc", "3"]);
    assert_eq!(rules_fired(&doc, "shock")[0]["result"], "-3 DX and IQ");
    assert!(rules_fired(&doc, "knockdown").is_empty(), "3 is not more than HP/2");
    let doc = table.json(&["track", "next"]);
    assert_eq!(doc["turn"], "Orc");
    let doc = table.json(&["track", "next"]);
    assert!(
        events(&doc, "ends").iter().any(|e| e["text"].as_str().unwrap().starts_with("Shock -3 on Orc runs out")),
        "{doc}"
    );
    // A major wound: HT 10, counted over 3d6 as B348 counts a success.
    let doc = table.json(&["track", "--roll", "knockdown=16", "damage", "Orc", "6"]);
    let knock = &rules_fired(&doc, "knockdown")[0];
    assert_eq!(knock["chance"], gurps_chance(10));
    assert_eq!(knock["result"], "unconscious", "missed by 6");
    table.run(&["track", "undo"]);
    let doc = table.json(&["track", "--roll", "knockdown=12", "damage", "Orc", "6"]);
    assert_eq!(rules_fired(&doc, "knockdown")[0]["result"], "knocked down and stunned");
    let effects: Vec<&str> =
        combatant(&doc, "Orc")["effects"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap()).collect();
    assert!(effects.contains(&"Stunned") && effects.contains(&"Prone"), "{effects:?}");
    // At the end of its turn the stunned rolls HT to recover.
    let doc = table.json(&["track", "next"]);
    assert_eq!(doc["turn"], "Orc");
    let doc = table.json(&["track", "--roll", "stun-recovery=9", "next"]);
    assert_eq!(rules_fired(&doc, "stun-recovery")[0]["result"], "recovers");
    // At 0 HP or less, HT at the start of each turn, -1 per full -HP.
    table.run(&["track", "--roll", "knockdown=3", "--roll", "death-check=3", "damage", "Orc", "12"]);
    let doc = table.json(&["track", "--roll", "consciousness=10", "next"]);
    let fired = rules_fired(&doc, "consciousness");
    assert_eq!(fired[0]["target"], 9, "HT 10 -1 at -10 HP or below: {doc}");
    assert_eq!(fired[0]["chance"], gurps_chance(9));
    assert_eq!(fired[0]["result"], "falls unconscious");
    // Past -1 x HP: HT or die; failing by 1 or 2 is a mortal wound.
    let t = Table::new("gurps-death");
    t.run(&["-r", "gurps", "track", "start", "Ansel:hp=12,speed=6", "Orc:side=monsters,hp=10,speed=5"]);
    let doc = t.json(&["track", "--roll", "death-check=11", "--roll", "knockdown=3", "damage", "Orc", "21"]);
    let check = &rules_fired(&doc, "death-check")[0];
    assert_eq!(check["result"], "mortally wounded", "{doc}");
    assert_eq!(combatant(&doc, "Orc")["down"], "mortally wounded");
}

#[test]
fn storytelling_stamina_keeps_one_conscious_and_defense_wears_down() {
    let table = Table::new("wod-rules");
    table.run(&[
        "-r",
        "wod",
        "track",
        "start",
        "Mitch:initiative=9,stamina=3,size=2,wits=3,dex=2",
        "Thug:side=monsters,initiative=7",
    ]);
    let doc = table.json(&["track", "damage", "Mitch", "5", "--bashing"]);
    assert_eq!(combatant(&doc, "Mitch")["hp"], 0);
    let doc = table.json(&["track", "next"]);
    let doc2 = table.json(&["--seed", "3", "track", "next"]);
    let fired: Vec<&Value> =
        rules_fired(&doc, "consciousness").into_iter().chain(rules_fired(&doc2, "consciousness")).collect();
    assert_eq!(fired.len(), 1, "{doc} {doc2}");
    // At least one success in 3 dice: 1 - (7/10)^3.
    assert_eq!(fired[0]["chance"], fraction(1000 - 343, 1000));
    // Defense: the lower of Wits and Dexterity, 1 less each attack after the first.
    let defenses: Vec<i64> = (0..3)
        .map(|_| {
            let doc = table.json(&["track", "attack", "Thug"]);
            rules_fired(&doc, "defense")[0]["target"].as_i64().unwrap()
        })
        .collect();
    assert_eq!(defenses, [2, 1, 0]);
    let t = Table::new("no-defense");
    t.run(&["-r", "5e", "track", "start", "A", "B:side=monsters"]);
    let err = t.fails(&["track", "attack", "B"], 2);
    assert!(err.contains("keeps no Defense") && err.contains("wod, cofd"), "{err}");
}

#[test]
fn cofd_one_surprised_and_hurt_rolls_its_late_initiative_at_the_penalty() {
    let table = Table::new("cofd-late");
    for seed in 1..200 {
        let seed = seed.to_string();
        let doc = table.json(&[
            "-r",
            "cofd",
            "--seed",
            &seed,
            "track",
            "start",
            "--surprise",
            "Mitch:wits=1,composure=1,stamina=1,size=3",
            "Thug:ambusher,dex=3,stealth=3,side=monsters",
        ]);
        let surprised =
            doc["order"].as_array().unwrap().iter().any(|s| s["name"] == "Mitch" && s["out"]["reason"] == "surprised");
        if !surprised {
            table.run(&["track", "end", "--yes"]);
            continue;
        }
        table.run(&["track", "damage", "Mitch", "3"]);
        let mut round_two = Value::Null;
        for _ in 0..4 {
            let doc = table.json(&["track", "next"]);
            if doc["round"] == 2 {
                round_two = doc;
                break;
            }
        }
        let fired = rules_fired(&round_two, "wound-penalty");
        assert_eq!(fired.len(), 1, "{round_two}");
        assert!(fired[0]["text"].as_str().unwrap().contains("-2 wound penalty"), "{}", fired[0]);
        return;
    }
    panic!("no seed below 200 surprises Mitch");
}

/// Every way death saves from (successes, failures) end, counted face by face: weights of
/// (stable, dead, awake) over 20^depth.
fn saves_by_hand(successes: u32, failures: u32) -> [f64; 3] {
    if failures >= 3 {
        return [0.0, 1.0, 0.0];
    }
    if successes >= 3 {
        return [1.0, 0.0, 0.0];
    }
    let mut total = [0.0; 3];
    for face in 1..=20 {
        let next = match face {
            20 => [0.0, 0.0, 1.0],
            1 => saves_by_hand(successes, failures + 2),
            10..=19 => saves_by_hand(successes + 1, failures),
            _ => saves_by_hand(successes, failures + 1),
        };
        for k in 0..3 {
            total[k] += next[k] / 20.0;
        }
    }
    total
}

#[test]
fn show_odds_gives_where_a_dying_characters_saves_lead() {
    let table = Table::new("save-odds");
    table.run(&["-r", "5e", "track", "start", "Ansel:hp=5,initiative=15", "Ghoul:side=monsters,hp=5,initiative=20"]);
    table.run(&["track", "damage", "Ansel", "5"]);
    for (roll, count) in [(None, (0, 0)), (Some("death-save=12"), (1, 0)), (Some("death-save=5"), (1, 1))] {
        if let Some(roll) = roll {
            // From the Ghoul's turn to Ansel's, whose start rolls the save.
            table.run(&["track", "--roll", roll, "next"]);
            table.run(&["track", "next"]);
        }
        let doc = table.json(&["--odds", "track", "show"]);
        let odds = combatant(&doc, "Ansel")["odds"].as_array().unwrap().clone();
        let by_hand = saves_by_hand(count.0, count.1);
        let shown: Vec<f64> = odds.iter().map(|o| o["probability"].as_f64().unwrap()).collect();
        for k in 0..3 {
            assert!((shown[k] - by_hand[k]).abs() < 1e-12, "{count:?}: {odds:?} vs {by_hand:?}");
        }
        let sum: f64 = shown.iter().sum();
        assert!((sum - 1.0).abs() < 1e-12);
    }
    let err = table.fails(&["--odds", "track", "next"], 2);
    assert!(err.contains("--odds is not an option of track"), "{err}");
}
