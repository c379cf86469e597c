//! The 5e and 5e2024 encounter's distance and reaction steps: run when their flags are given,
//! each the distance or reaction command's own rule, rolled after initiative.

use crate::common::*;

const FIVE: &[&str] =
    &["--seed", "7", "-r", "5e", "encounter", "--stealth", "14", "Elf:per=16,dex=3", "Goblin*4:side=monsters,dex=2"];
const TWENTY_FOUR: &[&str] = &[
    "--seed",
    "7",
    "-r",
    "5e2024",
    "encounter",
    "--stealth-mod",
    "4",
    "Elf:per=16,dex=3",
    "Goblin*4:side=monsters,dex=2",
];

/// The fractions of one part of `--odds ARGS`, keyed by outcome.
fn part(args: &[String], name: Option<&str>) -> Vec<(String, String)> {
    let mut all = vec!["--odds"];
    all.extend(refs(args));
    odds(&all).into_iter().filter(|e| e.0.as_deref() == name).map(|e| (e.1.to_string(), e.3.expect("exact"))).collect()
}

#[test]
fn the_5e_encounter_adds_distance_and_reaction_when_asked() {
    let steps = with(FIVE, &["--terrain", "forest", "--attitude", "hostile", "--cha-mod", "3"]);
    let doc = json(&refs(&steps));
    let plain = json(FIVE);
    // Rolled after initiative: the surprise and the order are those of the same seed without them.
    assert_eq!((&doc["surprise"], &doc["initiative"]), (&plain["surprise"], &plain["initiative"]));
    assert!(plain.get("distance").is_none() && plain.get("reaction").is_none(), "{plain}");
    let feet = doc["distance"]["feet"].as_i64().unwrap();
    assert_eq!(doc["distance"]["terrain"], "forest");
    assert!((20..=160).contains(&feet) && feet % 10 == 0, "forest is 2d8 x 10 ft: {feet}");
    let reaction = &doc["reaction"];
    assert_eq!(reaction["attitude"], "hostile");
    let d20 = reaction["roll"]["rolls"][0].as_i64().unwrap();
    assert_eq!(reaction["total"].as_i64().unwrap(), d20 + 3);
    // The same dice as the commands of their own: the distance with the seed's third roll on.
    let text = stdout(&refs(&steps));
    assert!(text.contains("  3 distance    2d8 ("), "{text}");
    assert!(text.contains("  4 reaction    hostile: Charisma check 1d20 ("), "{text}");
    let quiet = stdout(&refs(&with(&["-q"], &refs(&steps))));
    assert!(quiet.trim_end().ends_with(&format!("feet={feet} reaction={}", reaction["total"])), "{quiet}");
    // YAML carries them too.
    let yaml = stdout(&refs(&with(&["-f", "yaml"], &refs(&steps))));
    assert!(yaml.contains(&format!("feet: {feet}")) && yaml.contains("attitude: hostile"), "{yaml}");
}

#[test]
fn the_5e_encounters_odds_hold_the_distance_and_reaction_commands_odds() {
    let steps = with(FIVE, &["--audible", "quiet", "--attitude", "friendly", "--mod", "2"]);
    let distance = part(&with(&["-r", "5e", "distance"], &["--audible", "quiet"]), None);
    let reaction = part(&with(&["-r", "5e", "reaction"], &["--attitude", "friendly", "--mod", "2"]), None);
    assert_eq!(distance.len(), 11);
    assert_eq!(part(&steps, Some("distance")), distance);
    assert_eq!(part(&steps, Some("reaction")), reaction);
    // The encounter's own parts stay as they were.
    assert_eq!(part(&steps, Some("first to act")), part(&with(FIVE, &[]), Some("first to act")));
}

#[test]
fn the_5e2024_encounter_adds_distance_and_an_influence_check() {
    let steps = with(TWENTY_FOUR, &["--terrain", "hills", "--attitude", "friendly", "--int", "16"]);
    let doc = json(&refs(&steps));
    let plain = json(TWENTY_FOUR);
    assert_eq!((&doc["surprise"], &doc["initiative"]), (&plain["surprise"], &plain["initiative"]));
    assert_eq!(doc["distance"]["terrain"], "hill");
    assert_eq!(doc["reaction"]["dc"], 16, "{}", doc["reaction"]);
    let text = stdout(&refs(&steps));
    assert!(text.contains("  3 distance    ") && text.contains("  4 reaction    "), "{text}");
    let reaction = part(&with(&["-r", "5e2024", "reaction"], &["--attitude", "friendly", "--int", "16"]), None);
    assert_eq!(part(&steps, Some("reaction")), reaction);
    // Only the reaction asked: it is the third step.
    let text = stdout(&refs(&with(TWENTY_FOUR, &["--stance", "willing"])));
    assert!(text.contains("  3 reaction    ") && !text.contains("distance"), "{text}");
}

#[test]
fn the_steps_flags_are_checked_as_their_commands_check_them() {
    let err = fails(&refs(&with(FIVE, &["--terrain", "moon"])), 2);
    assert!(err.contains("terrain") && err.contains("forest"), "{err}");
    let err = fails(&refs(&with(TWENTY_FOUR, &["--audible", "loud"])), 2);
    assert!(err.contains("--audible"), "{err}");
}
