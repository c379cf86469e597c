//! Exact odds of large casts through the binary, each checked against an answer worked out
//! here on its own: from the distribution of the others' best roll, from symmetry, or from a
//! binomial count.

use crate::common::odds;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::BTreeMap;

type Q = BigRational;

fn q(num: i64, den: i64) -> Q {
    Q::new(BigInt::from(num), BigInt::from(den))
}

/// A fraction as fray prints it (`2/9`, `1`, `0`).
fn parse(fraction: &str) -> Q {
    match fraction.split_once('/') {
        Some((n, d)) => Q::new(n.parse().unwrap(), d.parse().unwrap()),
        None => Q::from_integer(fraction.parse().unwrap()),
    }
}

/// One part of `fray --odds …` as exact fractions keyed by outcome (JSON text).
fn part(args: &[&str], name: &str) -> BTreeMap<String, Q> {
    let entries = odds(args);
    let got: BTreeMap<String, Q> = entries
        .iter()
        .filter(|e| e.0.as_deref() == Some(name))
        .map(|e| (e.1.to_string(), parse(e.3.as_deref().expect("exact odds carry a fraction"))))
        .collect();
    assert!(!got.is_empty(), "no part {name:?} in fray {args:?}");
    got
}

fn owned(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// Twelve 5e combatants, d20 + their initiative modifier, each with its own Dex: a tie on the
/// total goes to the higher Dex, so contender i acts first when every other rolls lower, or the
/// same with less Dex. Worked out from each total and the others' chances to stay below it.
#[test]
fn who_acts_first_among_twelve_d20s_against_the_others_below() {
    let cast: Vec<(i64, i64)> = (0..12).map(|i| ((i * 7) % 9 - 2, i - 4)).collect(); // (init, dex)
    let mut args = vec!["-r".to_string(), "5e".into(), "initiative".into()];
    args.extend(cast.iter().enumerate().map(|(i, (init, dex))| format!("C{i}:init={init},dex={dex}")));
    let first = part(&owned(&args), "first");
    let below = |j: usize, v: i64, or_level: bool| {
        let (init, _) = cast[j];
        let faces = (1..=20).filter(|f| f + init < v || (or_level && f + init == v)).count() as i64;
        q(faces, 20)
    };
    let mut total = Q::zero();
    for (i, (init, dex)) in cast.iter().enumerate() {
        let mut p = Q::zero();
        for face in 1..=20 {
            let v = face + init;
            let mut others = q(1, 20);
            for (j, (_, other_dex)) in cast.iter().enumerate().filter(|&(j, _)| j != i) {
                others *= below(j, v, other_dex < dex);
            }
            p += others;
        }
        assert_eq!(first[&format!("\"C{i}\"")], p, "C{i} first");
        total += p;
    }
    assert_eq!(total, Q::one());
}

/// The same twelve: each one's place, from the count of others ahead of it (each ahead on its
/// own chance), a generating function built here term by term.
#[test]
fn each_place_among_twelve_d20s_from_the_count_of_others_ahead() {
    let cast: Vec<(i64, i64)> = (0..12).map(|i| ((i * 5) % 7 - 1, 10 - i)).collect();
    let mut args = vec!["-r".to_string(), "5e".into(), "initiative".into()];
    args.extend(cast.iter().enumerate().map(|(i, (init, dex))| format!("C{i}:init={init},dex={dex}")));
    for i in [0, 5, 11] {
        let place = part(&owned(&args), &format!("place: C{i}"));
        let (init, dex) = cast[i];
        let mut expected = vec![Q::zero(); 12];
        for face in 1..=20 {
            let v = face + init;
            // ways[k]: the chance that exactly k others are ahead.
            let mut ways = vec![q(1, 20)];
            for &(other_init, other_dex) in cast.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, c)| c) {
                let ahead = (1..=20).filter(|f| f + other_init > v || (f + other_init == v && other_dex > dex)).count();
                let (a, b) = (q(ahead as i64, 20), q(20 - ahead as i64, 20));
                let mut next = vec![Q::zero(); ways.len() + 1];
                for (k, w) in ways.iter().enumerate() {
                    next[k] += w * &b;
                    next[k + 1] += w * &a;
                }
                ways = next;
            }
            for (k, w) in ways.into_iter().enumerate() {
                expected[k] += w;
            }
        }
        for (k, p) in expected.iter().enumerate() {
            let got = place.get(&(k + 1).to_string()).cloned().unwrap_or_else(Q::zero);
            assert_eq!(&got, p, "C{i} in place {}", k + 1);
        }
    }
}

/// Alike combatants are even: each of forty alike wod fighters acts first, and takes each
/// place, with chance exactly 1/40; beside them, one rolling fighter against forty whose total
/// is given.
#[test]
fn forty_alike_are_even_and_one_against_forty_known_totals() {
    let first = part(&["-r", "wod", "initiative", "W*40"], "first");
    assert_eq!(first.len(), 40);
    assert!(first.values().all(|p| *p == q(1, 40)));
    let place = part(&["-r", "wod", "initiative", "W*40"], "place: W*40");
    assert_eq!(place.len(), 40);
    assert!(place.values().all(|p| *p == q(1, 40)));

    // Mitch rolls d10 + 5 and wins ties at 15 on his modifier (5 against Dexterity + Composure 4):
    // first on a 10, else after all forty.
    let args = ["-r", "wod", "initiative", "Mitch:init=5", "W*40:initiative=15"];
    let first = part(&args, "first");
    assert_eq!(first["\"Mitch\""], q(1, 10));
    assert_eq!(first["\"W 17\""], q(9, 10) / q(40, 1));
    let mitch = part(&args, "place: Mitch");
    assert_eq!((mitch["1"].clone(), mitch["41"].clone(), mitch.len()), (q(1, 10), q(9, 10), 2));
    let w = part(&args, "place: W*40");
    for k in 1..=41 {
        let mut p = Q::zero();
        if k <= 40 {
            p += q(9, 10) / q(40, 1);
        }
        if k >= 2 {
            p += q(1, 10) / q(40, 1);
        }
        assert_eq!(w[&k.to_string()], p, "a W in place {k}");
    }
}

/// A wod encounter: forty fighters with known totals and Mitch. Round 1 leaves out whoever is
/// surprised: each rolls Wits + Composure (here 2 + 2 dice) and is surprised on no success,
/// (7/10)^4; the W are level on 15 and each as likely to head the standing order.
#[test]
fn round_one_of_a_forty_strong_ambush() {
    // WoD p.151: one side-mate's exceptional success warns the whole side, so the forty do not
    // escape surprise independently: the answer is estimated, and says so with its runs.
    let args = ["-r", "wod", "encounter", "Mitch:init=5", "W*40:initiative=15,side=monsters"];
    let doc = crate::common::json(&[&["--odds"], &args[..]].concat());
    assert_eq!(doc["exact"], false, "{doc}");
    assert!(doc["trials"].as_u64().is_some_and(|n| n > 0), "{doc}");
    let entries = odds(&args);
    for name in ["round 1", "first", "place: W*40"] {
        let total: f64 = entries.iter().filter(|e| e.0.as_deref() == Some(name)).map(|e| e.2).sum();
        assert!((total - 1.0).abs() < 1e-9, "{name} sums to {total}");
    }
    // Mitch heads the standing order only on a 10 (5 + 10 ties the fifteens; his modifier wins).
    let mitch = entries.iter().find(|e| e.0.as_deref() == Some("first") && e.1 == "Mitch").unwrap();
    assert!((mitch.2 - 0.1).abs() < 0.02, "{mitch:?}");
}

/// A hundred ose sides, each surprised on 2 in 6: alike, so each acts first with chance 1/100;
/// a side's place is even over the sides rolling, whose number is binomial (and when all are
/// surprised, nobody is and all hundred roll).
#[test]
fn a_hundred_ose_sides_with_surprise() {
    let n = 100i64;
    let mut args = vec!["encounter".to_string()];
    for i in 1..=n {
        args.extend(["--side".to_string(), format!("s{i}")]);
    }
    let args = owned(&args);
    let first = part(&args, "first");
    assert_eq!(first.len(), n as usize);
    assert!(first.values().all(|p| *p == q(1, n)));
    let surprised = q(1, 3);
    let free = q(2, 3);
    let place = part(&args, "place: s40");
    // Free with r − 1 of the 99 others free: place k in 1..=r with chance 1/r each.
    let mut expected: BTreeMap<String, Q> = BTreeMap::new();
    let mut choose = BigInt::one();
    for others in 0..n {
        let ways = Q::from_integer(choose.clone()) * free.pow(others as i32) * surprised.pow((n - 1 - others) as i32);
        let r = others + 1;
        for k in 1..=r {
            *expected.entry(k.to_string()).or_insert_with(Q::zero) += &free * &ways / q(r, 1);
        }
        choose = choose * BigInt::from(n - 1 - others) / BigInt::from(others + 1);
    }
    let all = surprised.pow(n as i32);
    for k in 1..=n {
        *expected.entry(k.to_string()).or_insert_with(Q::zero) += &all / q(n, 1);
    }
    expected.insert("null".to_string(), &surprised - &all);
    assert_eq!(place, expected);
}

/// A thousand gurps orcs level on Basic Speed and DX behind one faster fighter: the roll-off
/// puts each orc in any of places 2 to 1001 alike.
#[test]
fn a_thousand_tied_orcs() {
    let args = ["-r", "gurps", "initiative", "Ansel:speed=6", "Orc*1000:side=monsters"];
    assert_eq!(part(&args, "first").into_iter().collect::<Vec<_>>(), [("\"Ansel\"".to_string(), Q::one())]);
    let orc = part(&args, "place: Orc*1000");
    assert_eq!(orc.len(), 1000);
    assert!(orc.iter().all(|(k, p)| *p == q(1, 1000) && k != "1"));
}
