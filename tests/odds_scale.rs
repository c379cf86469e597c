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

/// A cofd pool's success counts as the odds follow them: each die no success 7/10, s successes
/// 27/100 (1/10)^(s-1) (10-again); counts below `cap` exact, the last entry the cap or more.
fn cofd_pool(dice: usize, cap: usize) -> Vec<Q> {
    let die: Vec<Q> =
        (0..cap).map(|s| if s == 0 { q(7, 10) } else { q(27, 100) / q(10, 1).pow(s as i32 - 1) }).collect();
    let mut counts = vec![Q::one()];
    for _ in 0..dice {
        let mut next = vec![Q::zero(); cap];
        for (a, pa) in counts.iter().enumerate() {
            for (b, pb) in die.iter().enumerate().filter(|(b, _)| a + b < cap) {
                next[a + b] += pa * pb;
            }
        }
        counts = next;
    }
    let rest = Q::one() - counts.iter().sum::<Q>();
    counts.push(rest);
    counts
}

/// A defender's contest against the ambush pool: (surprised, undetermined). More successes win,
/// a tie surprises nobody (cofd's ruling); a count at the cap stands for that many or more, so a
/// pair decides only when every count it may stand for gives the same verdict.
fn cofd_contest(defender: usize, ambusher: usize) -> (Q, Q) {
    let (d_cap, a_cap) = (defender + 4, ambusher + 4);
    let (defence, ambush) = (cofd_pool(defender, d_cap), cofd_pool(ambusher, a_cap));
    let (mut surprised, mut undetermined) = (Q::zero(), Q::zero());
    for (d, pd) in defence.iter().enumerate() {
        for (a, pa) in ambush.iter().enumerate() {
            let p = pd * pa;
            match (d == d_cap, a == a_cap) {
                (false, false) if a > d => surprised += p,
                (false, false) => {}
                // d or more against an exact a: ahead whatever the count once a < d.
                (true, false) if a < d => {}
                // a or more against an exact d: the ambusher wins whatever the count once d < a.
                (false, true) if d < a => surprised += p,
                _ => undetermined += p,
            }
        }
    }
    (surprised, undetermined)
}

/// A cofd ambush of eleven (CofD 2e p. 89): nine defenders each roll Wits + Composure against
/// the ambusher's Dexterity + Stealth, rolled afresh for each, and sit out turn 1 when they lose.
/// Who acts first in turn 1 is worked out here from each one's contest (its pools convolved die
/// by die) and d10 + Dexterity + Composure, ties to the higher modifier, then an even roll-off:
/// for each of its totals, the others ahead of it or level with it (those who sit out neither).
#[test]
fn turn_one_of_an_eleven_strong_cofd_ambush() {
    let args = [
        "-r",
        "cofd",
        "encounter",
        "Mitch:wits=2,composure=3,dex=3",
        "Ann:wits=3,composure=2",
        "Bob",
        "Cid",
        "Dan",
        "Eve",
        "Fay",
        "Gus",
        "Hal",
        "Thug*2:ambusher,dex=3,stealth=2,side=monsters",
    ];
    let doc = crate::common::json(&[&["--odds"], &args[..]].concat());
    assert_eq!(doc["exact"], true, "{doc}");
    assert_eq!(
        doc["notes"][0],
        "10-again is followed to 9 successes on 5 dice and 8 on 4 dice; a contest that turns on more is undetermined"
    );
    let entries = odds(&args);
    let of = |name: &str| -> BTreeMap<String, Q> {
        entries
            .iter()
            .filter(|e| e.0.as_deref() == Some(name))
            .map(|e| (e.1.to_string(), parse(e.3.as_deref().expect("exact odds carry a fraction"))))
            .collect()
    };
    // (name, Wits + Composure dice (none for an ambusher), initiative modifier: Dexterity +
    // Composure, 2 where not given). The ambush pool: Dexterity 3 + Stealth 2.
    let cast: Vec<(String, Option<usize>, i64)> = [("Mitch", Some(5), 6), ("Ann", Some(5), 4)]
        .into_iter()
        .chain(["Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"].map(|n| (n, Some(4), 4)))
        .chain([("Thug 1", None, 5), ("Thug 2", None, 5)])
        .map(|(n, dice, init)| (n.to_string(), dice, init))
        .collect();
    // Each one's chance of sitting out (surprised) and of an undetermined contest.
    let contest: Vec<(Q, Q)> =
        cast.iter().map(|(_, dice, _)| dice.map_or((Q::zero(), Q::zero()), |d| cofd_contest(d, 5))).collect();
    for ((name, dice, _), (surprised, undetermined)) in cast.iter().zip(&contest).filter(|((_, d, _), _)| d.is_some()) {
        let part = of(&format!("surprise: {name}"));
        assert_eq!(part[r#"{"surprised":true,"tie":false}"#], *surprised, "{name} ({dice:?} dice) surprised");
        assert_eq!(part[r#"{"surprised":null,"tie":null}"#], *undetermined, "{name} undetermined");
    }
    let stays: Vec<Q> = contest.iter().map(|(s, _)| Q::one() - s).collect();
    let turn_one = of("turn 1");
    let mut undetermined = Q::zero();
    let mut total = Q::zero();
    for (i, (name, _, init)) in cast.iter().enumerate() {
        // The chance that i, staying, comes first among those who stay.
        let mut first = Q::zero();
        for face in 1..=10 {
            let v = face + init;
            // level[k]: the chance that none of the others who stay is ahead and k are level.
            let mut level = vec![q(1, 10)];
            for (j, (_, _, other)) in cast.iter().enumerate().filter(|&(j, _)| j != i) {
                let faces = |pred: &dyn Fn(i64) -> bool| q((1..=10).filter(|f| pred(f + other)).count() as i64, 10);
                let ahead = &stays[j] * faces(&|t| t > v || (t == v && other > init));
                let tied = &stays[j] * faces(&|t| t == v && other == init);
                let behind = Q::one() - &ahead - &tied;
                let mut next = vec![Q::zero(); level.len() + 1];
                for (k, p) in level.iter().enumerate() {
                    next[k] += p * &behind;
                    next[k + 1] += p * &tied;
                }
                level = next;
            }
            first += level.iter().enumerate().map(|(k, p)| p / q(k as i64 + 1, 1)).sum::<Q>();
        }
        let (surprised, unknown) = &contest[i];
        let acts = &first * (Q::one() - surprised - unknown);
        undetermined += &first * unknown;
        assert_eq!(turn_one[&format!("\"{name}\"")], acts, "{name} first in turn 1");
        total += acts;
    }
    assert_eq!(turn_one["\"undetermined\""], undetermined);
    assert!(undetermined > Q::zero() && undetermined < q(1, 100_000_000));
    assert_eq!(total + undetermined, Q::one(), "somebody always stays: the ambushers");
    assert_eq!(turn_one.len(), 12);
}

/// Twelve alike wod combatants, A waiting until after B: a delayed action never comes first
/// (it stands right after B, or stays where it rolled, below B), so the first is the highest of
/// the other eleven, alike: 1/11 each, and the answer is exact.
#[test]
fn who_acts_first_among_twelve_wod_with_a_delay() {
    let names: Vec<String> = ('A'..='L').map(String::from).collect();
    let mut args = vec!["-r", "wod", "initiative", "--delay", "A:after=B"];
    args.extend(names.iter().map(String::as_str));
    let mut json_args = vec!["-f", "json", "--odds"];
    json_args.extend(&args);
    assert_eq!(crate::common::json(&json_args)["exact"], true);
    let first = part(&args, "first");
    assert!(!first.contains_key("\"A\""), "A never acts first");
    for name in &names[1..] {
        assert_eq!(first[&format!("\"{name}\"")], q(1, 11), "{name} first");
    }
}

/// Five wod combatants of unlike modifiers and tie keys, Ann readying before Cy and Di waiting
/// until after Bo: every roll of the five d10s walked here, the order and moves applied by hand
/// (no ties survive the tie key), against the binary's fractions.
#[test]
fn who_acts_first_with_a_ready_and_a_delay_against_every_roll() {
    // (name, init, dexterity): Dexterity + Composure (composure 1) breaks ties.
    let cast = [("Ann", 2, 1), ("Bo", 1, 4), ("Cy", 3, 2), ("Di", 0, 3), ("Ed", 2, 5)];
    let mut args = vec!["-r".to_string(), "wod".into(), "initiative".into()];
    args.extend(["--ready", "Ann:before=Cy", "--delay", "Di:after=Bo"].map(String::from));
    args.extend(cast.iter().map(|(name, init, dex)| format!("{name}:init={init},dex={dex},composure=1")));
    let first = part(&owned(&args), "first");
    let mut walked: BTreeMap<String, Q> = BTreeMap::new();
    for roll in 0..100_000u32 {
        let faces: Vec<i64> = (0..5).map(|k| i64::from(roll / 10u32.pow(k) % 10) + 1).collect();
        let key = |i: usize| (cast[i].1 + faces[i], cast[i].2);
        let mut base: Vec<usize> = (0..5).collect();
        base.sort_by_key(|&i| std::cmp::Reverse(key(i)));
        let place = |i: usize| base.iter().position(|&b| b == i).unwrap();
        // Bo, Cy and Ed keep their places. Ann, above Cy, moves to right before it; Di, above
        // Bo, right after it; either one below its anchor stays where it rolled, so below the
        // highest of the three too. So the highest of the three comes first, unless it is Cy
        // and Ann rolled above it.
        let top = *base.iter().find(|&&i| i == 1 || i == 2 || i == 4).unwrap();
        let first = if top == 2 && place(0) < place(2) { 0 } else { top };
        *walked.entry(format!("\"{}\"", cast[first].0)).or_insert_with(Q::zero) += q(1, 100_000);
    }
    assert_eq!(first, walked);
}
