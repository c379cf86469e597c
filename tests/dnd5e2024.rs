//! Tests of encounter distance by terrain, end to end through the binary.

use crate::common::*;

fn with(base: &[&str], more: &[&str]) -> Vec<String> {
    base.iter().chain(more).map(|s| s.to_string()).collect()
}

// ------------------------------------------------------------------------------------------
// Encounter distance

/// (words accepted, name shown, dice, sides, feet per point), as the tables give them.
type Row = (&'static [&'static str], &'static str, u64, u64, u64);

/// DM screen (2014), Encounter Distance.
const TERRAINS_2014: &[Row] = &[
    (&["arctic"], "arctic", 6, 6, 10),
    (&["desert", "deserts"], "desert", 6, 6, 10),
    (&["farmland", "farmlands"], "farmland", 6, 6, 10),
    (&["grassland", "grasslands"], "grassland", 6, 6, 10),
    (&["forest", "forests"], "forest", 2, 8, 10),
    (&["swamp", "swamps"], "swamp", 2, 8, 10),
    (&["woodland", "woodlands"], "woodland", 2, 8, 10),
    (&["hills", "hill"], "hills", 2, 10, 10),
    (&["wastelands", "wasteland"], "wastelands", 2, 10, 10),
    (&["jungle", "jungles"], "jungle", 2, 6, 10),
    (&["mountains", "mountain"], "mountains", 4, 10, 10),
];

/// DM screen (2014), Audible Distance.
const NOISES: &[Row] =
    &[(&["quiet"], "quiet", 2, 6, 5), (&["normal"], "normal", 2, 6, 10), (&["loud"], "loud", 2, 6, 50)];

/// Every word of every row: a seeded roll is the row's dice times its scale, and the exact
/// odds run from the fewest to the most feet, each extreme 1 in sides^dice.
fn check_table(rules: &str, flag: &str, key: &str, rows: &[Row]) {
    for &(words, name, dice, sides, scale) in rows {
        // Terrains are read in any case; --audible's values are clap's, lower case.
        let upper = (flag == "--terrain").then(|| words[0].to_uppercase());
        for word in words.iter().map(|w| w.to_string()).chain(upper) {
            let what = format!("{rules} {flag} {word}");
            for seed in ["1", "2"] {
                let doc = json(&["-r", rules, "--seed", seed, "distance", flag, &word]);
                assert_eq!(doc[key], name, "{what}");
                assert_eq!(doc["roll"]["dice"], format!("{dice}d{sides}"), "{what}");
                assert_eq!(doc["scale"], scale, "{what}");
                let total = doc["roll"]["total"].as_u64().unwrap();
                assert_eq!(doc["feet"].as_u64().unwrap(), total * scale, "{what}");
                assert!((dice..=dice * sides).contains(&total), "{what}: {total}");
            }
            let entries = odds(&["-r", rules, "distance", flag, &word]);
            assert_eq!(entries.len() as u64, dice * (sides - 1) + 1, "{what}: one entry per total");
            let extreme = format!("1/{}", sides.pow(dice as u32));
            let (first, last) = (&entries[0], &entries[entries.len() - 1]);
            assert_eq!((first.1.as_u64(), first.3.as_deref()), (Some(dice * scale), Some(extreme.as_str())), "{what}");
            assert_eq!(
                (last.1.as_u64(), last.3.as_deref()),
                (Some(dice * sides * scale), Some(extreme.as_str())),
                "{what}"
            );
            let sum: f64 = entries.iter().map(|e| e.2).sum();
            assert!((sum - 1.0).abs() < 1e-9, "{what}: {sum}");
        }
    }
}

#[test]
fn every_2014_terrain_and_noise() {
    check_table("5e", "--terrain", "terrain", TERRAINS_2014);
    check_table("5e", "--audible", "audible", NOISES);
}

#[test]
fn distance_text_quiet_and_odds() {
    let args = ["-r", "5e", "--seed", "5", "distance", "--audible", "quiet"];
    insta::assert_snapshot!("distance_audible_text", stdout(&args));
    let quiet = stdout(&with(&["-q"], &args).iter().map(String::as_str).collect::<Vec<_>>());
    let doc = json(&args);
    assert_eq!(quiet, format!("{}\n", doc["feet"]));
    insta::assert_snapshot!("distance_odds_text", stdout(&["-r", "5e", "--odds", "distance", "--terrain", "forest"]));
}

#[test]
fn distance_errors_list_the_terrains() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["-r", "5e", "distance", "--terrain", "beach"],
            "unknown terrain 'beach'; 5e terrains: arctic, desert, farmland, grassland, forest, swamp, woodland, \
             hills, wastelands, jungle, mountains",
        ),
        (
            &["-r", "5e", "distance"],
            "5e distance needs --terrain TERRAIN (or --audible quiet|normal|loud); 5e terrains: arctic",
        ),
        (
            &["-r", "5e", "distance", "--terrain", "forest", "--audible", "loud"],
            "--terrain and --audible each set the distance: give one",
        ),
        (&["-r", "5e", "distance", "--audible", "shout"], "invalid value 'shout' for '--audible <NOISE>'"),
        (
            &["-r", "ose", "distance", "--terrain", "forest"],
            "--terrain is not an option of ose distance; it belongs to 5e distance",
        ),
        (&["-r", "gurps", "distance"], "the gurps ruleset has no encounter-distance rule; rulesets with one: ose, 5e"),
    ];
    for (args, says) in cases {
        let err = fails(args, 2);
        assert!(err.contains(says), "fray {args:?}:\n  {err}  should say: {says}");
    }
}
