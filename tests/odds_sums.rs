//! Every part of every encounter's exact odds sums to one, to the fraction: under each ruleset,
//! with the creatures given by hand and with those a table brings (where a creature comes only
//! on some rows, its part is given when it comes, and says so).

use crate::common::odds;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// A fraction as fray prints it (`2/9`, `1`, `0`).
fn parse(fraction: &str) -> BigRational {
    match fraction.split_once('/') {
        Some((n, d)) => BigRational::new(n.parse::<BigInt>().unwrap(), d.parse::<BigInt>().unwrap()),
        None => BigRational::from_integer(fraction.parse::<BigInt>().unwrap()),
    }
}

/// Each part's sum of the exact odds of `fray --odds ARGS`.
fn sums(args: &[&str]) -> BTreeMap<String, BigRational> {
    let mut sums: BTreeMap<String, BigRational> = BTreeMap::new();
    for (part, _, _, fraction) in odds(args) {
        let fraction = fraction.unwrap_or_else(|| panic!("fray --odds {args:?} is not exact"));
        let sum = sums.entry(part.unwrap_or_default()).or_insert_with(BigRational::zero);
        *sum += parse(&fraction);
    }
    sums
}

/// A ruleset, the party its encounter needs, and the sets of step flags it is run with.
type Encounter = (&'static str, &'static [&'static str], &'static [&'static [&'static str]]);

const ROAD: &str = "tests/fixtures/tables/road.yaml";

/// Each ruleset's encounter, with the party it needs and the steps it can add.
fn encounters() -> Vec<Vec<&'static str>> {
    let by_ruleset: [Encounter; 7] = [
        ("ose", &["Elf"], &[&[], &["--outdoors", "--cha", "16"]]),
        ("bx", &["Elf"], &[&[], &["--outdoors", "--cha", "9"]]),
        ("gurps", &["Ansel:iq=11,speed=5.5"], &[&[], &["--reaction"]]),
        (
            "5e",
            &["Elf:per=14", "Fighter:per=9"],
            &[&[], &["--variant", "side"], &["--stealth-mod", "3", "--terrain", "forest", "--attitude", "hostile"]],
        ),
        ("5e2024", &["Elf:per=14"], &[&[], &["--stealth-mod", "2", "--terrain", "hills", "--stance", "unwilling"]]),
        ("wod", &["Mitch:wits=1,composure=1,dex=3"], &[&[]]),
        ("cofd", &["Mitch:wits=2,composure=1,dex=3", "Thug:ambusher,dex=1,stealth=0,side=monsters"], &[&[]]),
    ];
    let mut all = Vec::new();
    for (rules, party, variants) in by_ruleset {
        for variant in variants {
            let mut args = vec!["-r", rules, "encounter"];
            args.extend_from_slice(variant);
            args.extend_from_slice(party);
            let mut by_hand = args.clone();
            by_hand.push("Goblin*2:side=monsters");
            all.push(by_hand);
            args.extend(["--table", ROAD]);
            all.push(args);
        }
    }
    all
}

#[test]
fn every_part_of_every_encounters_odds_sums_to_one() {
    for args in encounters() {
        let sums = sums(&args);
        assert!(sums.len() > 1, "fray --odds {args:?}: {sums:?}");
        for (part, sum) in &sums {
            assert!(sum.is_one(), "fray --odds {args:?}: part {part:?} sums to {sum}");
        }
    }
}

/// A creature the road brings on some rows only: its part is the encounters it is in, and the
/// title and a note say which share of them that is.
#[test]
fn a_creature_the_table_brings_sometimes_is_given_when_it_comes() {
    let args = ["-r", "5e", "encounter", "--table", ROAD, "Elf:per=14"];
    let sums = sums(&args);
    assert!(sums["Wolf"].is_one(), "{}", sums["Wolf"]);
    let text = crate::common::stdout(&[&["--odds"][..], &args].concat());
    assert!(text.contains("Wolf (passive Perception 10), when the table brings it (31/144 of the time)"), "{text}");
    let doc = crate::common::json(&[&["--odds"][..], &args].concat());
    let notes = doc["notes"].to_string();
    assert!(
        notes.contains("'Wolf' is given for the encounters in which the table brings it (31/144 of them)"),
        "{notes}"
    );
}
