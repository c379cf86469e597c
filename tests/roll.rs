//! `fray roll`: exact distributions against independent ones (icepool, fixtures made by
//! tests/fixtures/roll/make_fixtures.py), seeded rolls against the rule of each modifier, the
//! documents, `-q`, `--seed`, and every error pointing at its column.

use crate::common::*;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use serde_json::Value;
use std::collections::BTreeMap;
use std::str::FromStr;

fn fraction(text: &str) -> BigRational {
    let (n, d) = text.split_once('/').unwrap_or((text, "1"));
    BigRational::new(BigInt::from_str(n).unwrap(), BigInt::from_str(d).unwrap())
}

fn odds_doc(expr: &str) -> Value {
    let out = stdout(&["--odds", "-f", "json", "roll", "--", expr]);
    assert_eq!(out.lines().count(), 1, "{expr}: one JSON line");
    serde_json::from_str(&out).unwrap()
}

fn listed(doc: &Value) -> BTreeMap<i64, BigRational> {
    doc["odds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["outcome"].as_i64().unwrap(), fraction(e["fraction"].as_str().unwrap())))
        .collect()
}

#[test]
fn exact_odds_equal_icepool_fraction_for_fraction() {
    let text = std::fs::read_to_string("tests/fixtures/roll/distributions.json").unwrap();
    let fixtures: Value = serde_json::from_str(&text).unwrap();
    let cases = fixtures["distributions"].as_object().unwrap();
    assert!(cases.len() >= 40);
    for (expr, case) in cases {
        let doc = odds_doc(expr);
        assert_eq!(doc["command"], "roll");
        assert_eq!(doc["expression"], expr.as_str());
        let theirs: BTreeMap<i64, BigRational> = case["odds"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.parse().unwrap(), fraction(v.as_str().unwrap())))
            .collect();
        let mine = listed(&doc);
        // Ascending, as every --odds document lists them.
        let outcomes: Vec<i64> =
            doc["odds"].as_array().unwrap().iter().map(|e| e["outcome"].as_i64().unwrap()).collect();
        assert!(outcomes.windows(2).all(|w| w[0] < w[1]), "{expr}: ascending");
        match case.get("cut").and_then(Value::as_i64) {
            None => {
                assert_eq!(doc["exact"], true, "{expr}");
                assert!(doc.get("beyond").is_none(), "{expr}");
                assert_eq!(mine, theirs, "{expr}");
            }
            Some(cut) if doc["exact"] == true => {
                // Exploding but counted: what lies past every target is one score, so exact.
                let sum = mine.values().fold(BigRational::zero(), |a, b| a + b);
                assert_eq!(sum, BigRational::one(), "{expr}");
                let theirs: BTreeMap<_, _> = theirs.into_iter().filter(|(v, _)| *v <= cut).collect();
                let mine: BTreeMap<_, _> = mine.into_iter().filter(|(v, _)| *v <= cut).collect();
                assert_eq!(mine, theirs, "{expr}");
            }
            Some(cut) => {
                // Exploding: every listed outcome exact, the rest said as `beyond`, at most 1e-12.
                assert_eq!(doc["exact"], false, "{expr}");
                let beyond = fraction(doc["beyond"]["fraction"].as_str().unwrap());
                assert!(doc["beyond"]["probability"].as_f64().unwrap() <= 1e-12, "{expr}: {beyond}");
                let sum = mine.values().fold(BigRational::zero(), |a, b| a + b);
                assert_eq!(sum + beyond, BigRational::one(), "{expr}: listed + beyond = 1");
                let top = *mine.keys().last().unwrap();
                assert!(top >= cut, "{expr}: fray lists to {top}, past icepool's bulk at {cut}");
                let theirs: BTreeMap<_, _> = theirs.into_iter().filter(|(v, _)| *v <= cut).collect();
                let mine: BTreeMap<_, _> = mine.into_iter().filter(|(v, _)| *v <= cut).collect();
                assert_eq!(mine, theirs, "{expr}");
            }
        }
    }
}

#[test]
fn odds_text_shows_fraction_chance_at_least_mean_and_deviation() {
    let out = stdout(&["--odds", "roll", "2d6"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "roll · 2d6 · exact odds");
    assert!(lines[1].contains("fraction") && lines[1].contains("at least"));
    assert_eq!(lines[2], "      2      1/36    2.78%   100.00%  ▋");
    assert_eq!(lines[7], "      7       1/6   16.67%    58.33%  ████");
    assert_eq!(lines.last().unwrap(), &"  mean 7, standard deviation 2.4152");
    assert!(out.lines().all(|l| l.chars().count() <= 80));
    let out = stdout(&["--odds", "roll", "d6!"]);
    assert!(out.starts_with("roll · d6! · exact odds, a tail left out\n"), "{out}");
    assert!(out.contains("not listed: the dice can explode without end"), "{out}");
    assert!(out.contains("mean ≈4.2"), "{out}");
}

#[test]
fn odds_of_several_expressions_are_one_document_each() {
    let out = stdout(&["--odds", "-f", "json", "roll", "d4", "d6"]);
    let docs: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(docs.len(), 2);
    assert_eq!(docs[1]["odds"].as_array().unwrap().len(), 6);
    assert_eq!(docs[0]["mean"], 2.5);
    let yaml = stdout(&["--odds", "-f", "yaml", "roll", "d4"]);
    assert!(yaml.contains("command: roll") && yaml.contains("fraction: 1/4"), "{yaml}");
}

/// Outcomes fray cannot work out exactly are estimated from seeded rolls, said so, with a
/// margin on each.
#[test]
fn kept_exploding_dice_are_estimated_with_a_margin() {
    let doc = odds_doc("4d6!kh3");
    assert_eq!(doc["exact"], false);
    assert_eq!(doc["trials"], 100000);
    assert!(doc.get("beyond").is_none());
    for e in doc["odds"].as_array().unwrap() {
        assert!(e.get("fraction").is_none() && e["margin"].as_f64().unwrap() > 0.0);
    }
    let text = stdout(&["--odds", "--seed", "3", "roll", "4d6!kh3"]);
    assert!(text.contains("estimated from 100000 seeded rolls (seed 3)"), "{text}");
}

fn rolls(expr: &str, n: u32, seed: u32) -> Vec<Value> {
    let out = stdout(&["-f", "json", "-n", &n.to_string(), "--seed", &seed.to_string(), "roll", "--", expr]);
    out.lines()
        .map(|l| {
            let doc: Value = serde_json::from_str(l).unwrap();
            doc["results"][0].clone()
        })
        .collect()
}

fn dice(result: &Value) -> Vec<&Value> {
    result["dice"].as_array().unwrap().iter().collect()
}

fn value(d: &Value) -> i64 {
    d["value"].as_i64().unwrap()
}

fn flag(d: &Value, key: &str) -> bool {
    d.get(key).and_then(Value::as_bool).unwrap_or(false)
}

#[test]
fn keep_and_drop_keep_the_dice_they_name() {
    for (expr, count, keep, highest) in [
        ("4d6kh3", 4, 3, true),
        ("4d6k3", 4, 3, true),
        ("4d6dl1", 4, 3, true),
        ("5d8kl2", 5, 2, false),
        ("5d8dh2", 5, 3, false),
        ("2d20d", 2, 1, true),
    ] {
        for r in rolls(expr, 300, 11) {
            let ds = dice(&r);
            assert_eq!(ds.len(), count, "{expr}");
            let kept: Vec<i64> = ds.iter().filter(|d| flag(d, "kept")).map(|d| value(d)).collect();
            let dropped: Vec<i64> = ds.iter().filter(|d| !flag(d, "kept")).map(|d| value(d)).collect();
            assert_eq!(kept.len(), keep, "{expr}: {r}");
            for k in &kept {
                for d in &dropped {
                    assert!(if highest { k >= d } else { k <= d }, "{expr}: kept {k}, dropped {d}");
                }
            }
            assert_eq!(r["total"].as_i64().unwrap(), kept.iter().sum::<i64>(), "{expr}");
        }
    }
}

#[test]
fn exploding_dice_add_a_die_for_each_face_that_explodes() {
    for r in rolls("3d6!", 500, 12) {
        let ds = dice(&r);
        // Every 6 explodes and is followed by another die; the chains start three times.
        assert_eq!(ds.iter().filter(|d| !flag(d, "exploded")).count(), 3, "{r}");
        for d in &ds {
            assert_eq!(flag(d, "exploded"), value(d) == 6, "{r}");
        }
        assert_eq!(r["total"].as_i64().unwrap(), ds.iter().map(|d| value(d)).sum::<i64>());
    }
    let mut seen_chain = false;
    for r in rolls("2d6!>=5", 500, 13) {
        for d in dice(&r) {
            assert_eq!(flag(d, "exploded"), value(d) >= 5, "{r}");
        }
        seen_chain |= dice(&r).len() > 3;
    }
    assert!(seen_chain);
    // Compounding: one die per chain, its faces listed, its value their sum.
    for r in rolls("3d6!!", 500, 14) {
        let ds = dice(&r);
        assert_eq!(ds.len(), 3);
        for d in ds {
            if let Some(faces) = d.get("rolls") {
                let faces: Vec<i64> = faces.as_array().unwrap().iter().map(|f| f.as_i64().unwrap()).collect();
                assert!(
                    faces.len() > 1 && faces[..faces.len() - 1].iter().all(|&f| f == 6) && faces[faces.len() - 1] != 6
                );
                assert_eq!(value(d), faces.iter().sum::<i64>());
                assert!(flag(d, "exploded"));
            } else {
                assert!(value(d) < 6);
            }
        }
    }
    // Penetrating: each explosion's die counts one less than its face.
    let mut penetrated = false;
    for r in rolls("3d6!p", 500, 15) {
        let ds = dice(&r);
        for (i, d) in ds.iter().enumerate() {
            let after_explosion = i > 0 && flag(ds[i - 1], "exploded");
            if after_explosion {
                let face = d.get("face").map_or(value(d), |f| f.as_i64().unwrap());
                assert_eq!(value(d), face - 1, "{r}");
                penetrated = true;
            } else {
                assert!(d.get("face").is_none(), "{r}");
            }
        }
    }
    assert!(penetrated);
}

#[test]
fn rerolls_replace_the_faces_they_name() {
    // Roll20's reading: r<3 rerolls 3 or less.
    for r in rolls("4d6r<3", 300, 16) {
        let ds = dice(&r);
        for d in &ds {
            if flag(d, "rerolled") {
                assert!(value(d) <= 3 && !flag(d, "kept"), "{r}");
            } else {
                assert!(value(d) >= 4, "{r}");
            }
        }
        assert_eq!(ds.iter().filter(|d| !flag(d, "rerolled")).count(), 4);
    }
    // Once: a die rerolled once stands, whatever it shows.
    let mut kept_a_one = false;
    for r in rolls("4d6ro1", 500, 17) {
        let ds = dice(&r);
        for (i, d) in ds.iter().enumerate() {
            if flag(d, "rerolled") {
                assert_eq!(value(d), 1);
                assert!(!flag(ds[i + 1], "rerolled"), "{r}: rerolled twice");
                kept_a_one |= value(ds[i + 1]) == 1;
            } else if i == 0 || !flag(ds[i - 1], "rerolled") {
                assert_ne!(value(d), 1, "{r}");
            }
        }
    }
    assert!(kept_a_one);
}

#[test]
fn successes_failures_floors_and_ceilings() {
    for r in rolls("10d10>=8f1", 300, 18) {
        let ds = dice(&r);
        let s = ds.iter().filter(|d| d["success"] == true).count() as i64;
        let f = ds.iter().filter(|d| d["failure"] == true).count() as i64;
        for d in &ds {
            assert_eq!(d["success"] == true, value(d) >= 8);
            assert_eq!(d["failure"] == true, value(d) == 1);
        }
        assert_eq!(r["total"].as_i64().unwrap(), s - f);
    }
    for r in rolls("4d6mi2ma5", 300, 19) {
        for d in dice(&r) {
            assert!((2..=5).contains(&value(d)));
            if let Some(face) = d.get("face") {
                let face = face.as_i64().unwrap();
                assert!(face == 1 && value(d) == 2 || face == 6 && value(d) == 5);
            }
        }
    }
    for r in rolls("4dF", 300, 20) {
        assert!(dice(&r).iter().all(|d| (-1..=1).contains(&value(d))));
    }
}

/// Seeded rolls follow the exact odds (chi-square at 0.001, the seed fixed).
#[test]
fn seeded_rolls_follow_the_exact_odds() {
    for (expr, seed) in [("4d6kh3", 21), ("3d6!", 22), ("10d10>=8!", 23), ("2d6ro1+d4", 24), ("4d6!!kl2", 25)] {
        let n = 20_000;
        let out = stdout(&["-q", "-n", &n.to_string(), "--seed", &seed.to_string(), "roll", expr]);
        let mut counts: BTreeMap<i64, f64> = BTreeMap::new();
        for line in out.lines() {
            *counts.entry(line.parse().unwrap()).or_default() += 1.0;
        }
        let doc = odds_doc(expr);
        let mut chi = 0.0;
        let mut df = 0;
        let (mut rest_e, mut rest_o) = (0.0, 0.0);
        for e in doc["odds"].as_array().unwrap() {
            let expected = e["probability"].as_f64().unwrap() * f64::from(n);
            let observed = counts.remove(&e["outcome"].as_i64().unwrap()).unwrap_or(0.0);
            if expected < 5.0 {
                rest_e += expected;
                rest_o += observed;
            } else {
                chi += (observed - expected).powi(2) / expected;
                df += 1;
            }
        }
        rest_o += counts.values().sum::<f64>();
        if rest_e > 0.0 {
            chi += (rest_o - rest_e).powi(2) / rest_e.max(1.0);
        }
        let k = df as f64;
        let t = 1.0 - 2.0 / (9.0 * k) + 3.090 * (2.0 / (9.0 * k)).sqrt();
        assert!(chi < k * t * t * t + 10.0, "{expr}: chi-square {chi:.1} over {df}");
    }
}

#[test]
fn text_shows_every_die_and_what_became_of_it() {
    let out = stdout(&["--seed", "1", "roll", "4d6kh3", "2d6+3", "10d10>=8", "4d6!!", "3d6ro<3"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "roll");
    assert_eq!(lines[1], "  4d6kh3    6 3 6 (1) = 15");
    assert!(lines[2].starts_with("  2d6+3     [") && lines[2].ends_with("[4 2] = 9"), "{out}");
    assert!(lines[3].ends_with("= 3 successes (8 or more)") && lines[3].matches('*').count() == 3, "{out}");
    assert!(lines[5].contains('~'), "{out}");
    // Long lists wrap under the dice, within 80 columns.
    let long = stdout(&["--seed", "1", "roll", "60d6"]);
    assert!(long.lines().count() > 2 && long.lines().all(|l| l.chars().count() <= 80), "{long}");
    coloured(&["--seed", "1", "roll", "4d6kh3"]);
}

#[test]
fn quiet_totals_join_with_commas_and_seeds_replay() {
    let q = stdout(&["--seed", "5", "-q", "roll", "4d6kh3", "10d10>=8", "d20+5"]);
    let json = stdout(&["--seed", "5", "-f", "json", "roll", "4d6kh3", "10d10>=8", "d20+5"]);
    let doc: Value = serde_json::from_str(&json).unwrap();
    let totals: Vec<String> = doc["results"].as_array().unwrap().iter().map(|r| r["total"].to_string()).collect();
    assert_eq!(q, format!("{}\n", totals.join(",")));
    assert_eq!(doc["command"], "roll");
    assert_eq!(doc["seed"], 5);
    assert_eq!(doc["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(doc["results"][2]["expression"], "d20+5");
    assert_eq!(stdout(&["--seed", "5", "-q", "-f", "yaml", "roll", "4d6kh3", "10d10>=8", "d20+5"]), q);
    let stream = stdout(&["--seed", "5", "-q", "-n", "1000", "roll", "3d6"]);
    assert_eq!(stream.lines().count(), 1000);
    assert!(stream.lines().all(|l| (3..=18).contains(&l.parse::<i64>().unwrap())));
    assert_eq!(stdout(&["--seed", "5", "-q", "-n", "1000", "roll", "3d6"]), stream);
    let yaml = stdout(&["--seed", "5", "-n", "2", "-f", "yaml", "roll", "d6"]);
    assert!(yaml.starts_with("---\ncommand: roll\nseed: 5\n") && yaml.contains("\"n\": 2"), "{yaml}");
}

#[test]
fn bad_expressions_point_at_the_column() {
    let cases: &[(&str, &str)] = &[
        (
            "4d6kx3",
            "'4d6kx3', column 5: 'x' is not a modifier; expected kh, kl, dh, dl, !, r, ro, mi, ma or a compare point",
        ),
        ("", "'', column 1: the expression is empty"),
        ("d", "'d', column 2: the end after 'd' is not a die"),
        ("2d6r-1", "'2d6r-1', column 4: no face of a d6 is exactly -1 (its faces are 1 to 6), so none is rerolled"),
        ("5d6!!>8", "'5d6!!>8', column 4: no face of a d6 is 8 or more (its faces are 1 to 6), so none explodes"),
        ("2d6>=7", "'2d6>=7', column 4: no die of d6 can count 7 or more (its faces are 1 to 6)"),
        ("4d6<0", "'4d6<0', column 4: no die of d6 can count 0 or less"),
        ("3d6>=8f<0!!", "'3d6>=8f<0!!', column 7: no die of d6 can count 0 or less (it counts 1 to 606)"),
        ("{}", "'{}', column 1: '{}' holds no expression"),
        ("{2d6}kh1", "'{2d6}kh1', column 6: a group of one expression has nothing to keep among"),
        ("{2d6, d4", "'{2d6, d4', column 9: the end where '}' should close the '{' at column 1"),
        ("2d6, d4}", "'2d6, d4}', column 4: ',' separates the expressions of a group"),
        ("{2d6, d4}}", "'{2d6, d4}}', column 10: '}' closes no '{'"),
        ("{d6, d8}kh3", "'{d6, d8}kh3', column 11: keeps 1 to 2 of 2 expressions, not 3"),
        ("2d6[fire", "'2d6[fire', column 4: '[' opens a label that no ']' closes"),
        ("2d6[]", "'2d6[]', column 4: the label is empty"),
        ("d6к1", "'d6к1', column 3: 'к' is not a modifier"),
        ("(2d6", "'(2d6', column 5: the end where ')' should close the '(' at column 1"),
        ("2d6)", "'2d6)', column 4: ')' closes no '('"),
        ("3d6+", "'3d6+', column 5: the expression ends where a number"),
        ("10001d6", "'10001d6', column 1: a term rolls 1 to 10000 dice, not 10001"),
        ("d1000001", "'d1000001', column 2: a die has 1 to 1000000 faces, not 1000001"),
        ("d6!>=1", "'d6!>=1', column 3: every face explodes on >=1, so the die would never stop"),
        ("d6r<7", "'d6r<7', column 3: every face is rerolled"),
        ("2d6kh3", "'2d6kh3', column 6: keeps 1 to 2 of 2 dice, not 3"),
        ("2d6dl2", "'2d6dl2', column 6: drops 2 of 2 dice, leaving none"),
        ("d6/(d2-1)", "'d6/(d2-1)', column 3: the divisor can be 0"),
        ("4d6f1", "'4d6f1', column 4: f counts failures against successes"),
        ("d6mi4ma3", "'d6mi4ma3', column 6: the floor mi4 is above the ceiling ma3"),
        ("d6 d6", "'d6 d6', column 4: 'd' was not expected here"),
        ("d6 kh1", "'d6 kh1', column 4: 'k' was not expected here"),
        ("4d6kh1kl1", "'4d6kh1kl1', column 7: a term keeps or drops once"),
        ("x", "'x', column 1: 'x' is not a number or a die"),
        ("10000d1000000*10000d1000000", "past what fray counts exactly"),
    ];
    for (expr, message) in cases {
        let err = fails(&["roll", "--", expr], 2);
        assert!(err.starts_with("fray: error: ") && err.contains(message), "{expr}: {err}");
    }
    let long = "1+".repeat(500) + "1";
    assert!(fails(&["roll", &long], 2).contains("an expression is at most 1000 characters"));
    let deep = "(".repeat(65) + "1" + &")".repeat(65);
    assert!(fails(&["roll", &deep], 2).contains("column 65: more than 64 levels of parentheses"));
    let braces = "{1,".repeat(65) + "1" + &"}".repeat(65);
    assert!(fails(&["roll", &braces], 2).contains("more than 64 levels of parentheses and braces"));
    let ok = "(".repeat(64) + "1" + &")".repeat(64);
    assert_eq!(stdout(&["-q", "roll", &ok]), "1\n");
    assert!(fails(&["--odds", "-n", "2", "roll", "d6"], 2).contains("--odds does not roll"));
    fails(&["roll"], 2);
}

#[test]
fn case_spaces_and_division_rounding() {
    assert_eq!(
        stdout(&["--seed", "9", "-q", "roll", "4D6KH3"]),
        stdout(&["--seed", "9", "-q", "roll", " 4d6kh3 + 0 "])
    );
    // Division rounds down, towards minus infinity.
    assert_eq!(stdout(&["-q", "roll", "7/2", "0-7/2", "7/-2", "(0-7)/2"]), "3,-3,-4,-4\n");
    assert_eq!(stdout(&["-q", "roll", "2*3+4", "2*(3+4)", "10-2-3"]), "10,14,5\n");
}

/// What a user may type is answered fast, or refused: never a long computation.
#[test]
fn large_odds_are_answered_or_refused_quickly() {
    for expr in ["1000d1000", "10000d1000000", "100d100kh50", "50d6!p", "10000d6"] {
        let start = std::time::Instant::now();
        let out = fray().args(["--odds", "-f", "json", "roll", expr]).run();
        let took = start.elapsed().as_secs_f64();
        assert!(took < 30.0, "{expr}: {took:.1} s (debug build)");
        let code = out.code;
        assert!(code == 0 || code == 2, "{expr}: {}", out.stderr);
        if code == 2 {
            assert!(out.stderr.starts_with("fray: error: --odds of"), "{expr}");
        }
    }
}

/// A group's number may be dice: rolled once through the same engine, shown, and the group is
/// that many; the rules' own dice are as they would be for that number written out.
#[test]
fn a_group_of_dice_size_is_rolled_once_and_shown() {
    let roster = "combatants:\n  - name: Goblin\n    count: 2d4\n    dex: 2\n    side: monsters\n";
    for seed in ["1", "2", "3"] {
        // The same group in its three forms rolls the same number from the same stream.
        let mut rolled = Vec::new();
        for form in ["Goblin*2d4:dex=2,side=monsters", "Goblin:count=2d4,dex=2,side=monsters", "--roster=-"] {
            let out = fray()
                .args(["--seed", seed, "-r", "5e", "-f", "json", "initiative", form, "Rogue:dex=3"])
                .write_stdin(roster)
                .run();
            assert!(out.success(), "{form}");
            assert_eq!(out.stderr, "", "{form}: the roll is in the document");
            let mut doc: Value = serde_json::from_slice(&out.stdout).unwrap();
            let appearing = doc.as_object_mut().unwrap().remove("appearing").expect("the roll in the document");
            assert_eq!(
                (&appearing[0]["name"], &appearing[0]["dice"]),
                (&serde_json::json!("Goblin"), &serde_json::json!("2d4"))
            );
            let n = appearing[0]["total"].as_u64().unwrap() as u32;
            let faces: Vec<u32> =
                appearing[0]["rolls"].as_array().unwrap().iter().map(|f| f.as_u64().unwrap() as u32).collect();
            assert_eq!(faces.len(), 2);
            assert_eq!(faces.iter().sum::<u32>(), n);
            assert!((2..=8).contains(&n));
            let written = stdout(&[
                "--seed",
                seed,
                "-r",
                "5e",
                "-f",
                "json",
                "initiative",
                &format!("Goblin:count={n},dex=2,side=monsters"),
                "Rogue:dex=3",
            ]);
            // Without its roll, the document is the one with the number written out.
            assert_eq!(doc, serde_json::from_str::<Value>(&written).unwrap(), "{form}");
            rolled.push(n);
        }
        assert!(rolled.windows(2).all(|w| w[0] == w[1]), "{rolled:?}");
    }
    for form in ["Goblin*1d4-1", "Goblin:count=1d4-1"] {
        let err = fails(&["-r", "5e", "initiative", form], 2);
        assert!(err.contains("could have 0 to 3 members"), "{err}");
    }
}

/// Penetrating dice under a floor far from their faces list totals a billion apart: the exact
/// odds are refused as too costly (or estimated), never an allocation that aborts the process.
#[test]
fn far_apart_totals_of_exploding_dice_are_too_costly_not_a_crash() {
    // Spawned: an allocation failure aborts the whole process, which only a child survives.
    for expr in ["d6!pmi1000000000", "2d6!pmi1000000000", "d10!pma-1000000000"] {
        let out = fray().args(["--odds", "roll", expr]).run_binary();
        assert!(matches!(out.code, 0 | 2), "{expr}: exit {} {}", out.code, out.stderr);
        assert!(
            !out.stderr.contains("memory allocation") && !out.stderr.contains("panicked"),
            "{expr}: {}",
            out.stderr
        );
        if out.code == 2 {
            assert!(out.stderr.starts_with("fray: error: --odds of "), "{expr}: {}", out.stderr);
        } else {
            assert!(out.text().contains("estimated"), "{expr}: {}", out.text());
        }
    }
}

/// The README's limits table says what the code holds: each `roll` row's number is the
/// constant's.
#[test]
fn the_readme_limits_are_the_codes() {
    use fray::dice::expr::{self, parse::MAX_LABEL};
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let row = |start: &str| -> String {
        let line = readme
            .lines()
            .find(|l| l.starts_with(&format!("| `roll`: {start}")))
            .unwrap_or_else(|| panic!("no row {start}"));
        line.rsplit('|').nth(1).unwrap().trim().replace(' ', "")
    };
    let number =
        |text: String| -> u64 { text.chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap() };
    assert_eq!(number(row("dice in one term")), u64::from(expr::MAX_DICE));
    assert_eq!(number(row("faces of a die")), u64::from(expr::MAX_FACES));
    assert_eq!(
        row("an expression"),
        format!("{}characters,{}levelsofparenthesesandbraces", expr::MAX_LENGTH, expr::MAX_DEPTH)
    );
    assert_eq!(number(row("a label")), MAX_LABEL as u64);
    assert_eq!(row("a total"), format!("±2^{}", expr::MAX_TOTAL.trailing_zeros()));
    assert_eq!(number(row("explosions of one die")), u64::from(expr::MAX_EXPLOSIONS));
    assert_eq!(number(row("rerolls of one die")), u64::from(expr::MAX_REROLLS));
    assert_eq!(number(row("repetitions")), u64::from(expr::MAX_REPEAT));
    assert_eq!(number(row("dice drawn by one roll")), expr::MAX_ROLLED);
    let line = readme.lines().find(|l| l.starts_with("| `roll --odds`: faces of an exploding die")).unwrap();
    assert_eq!(number(line.rsplit('|').nth(1).unwrap().replace(' ', "")), u64::from(expr::odds::MAX_EXPLODING_FACES));
    let line = readme.lines().find(|l| l.starts_with("| `encounter --table --odds`")).unwrap();
    assert_eq!(number(line.rsplit('|').nth(1).unwrap().replace(' ', "")), fray::table::encounter::MAX_CAST_MEMBERS);
    // And the numbers are the ones fray enforces.
    assert!(
        fails(&["roll", &format!("{}x1d6", expr::MAX_REPEAT + 1)], 2)
            .contains(&format!("1 to {} times", expr::MAX_REPEAT))
    );
    assert!(
        fails(&["roll", &format!("2d6[{}]", "a".repeat(MAX_LABEL + 1))], 2)
            .contains("a label is at most 64 characters")
    );
}

fn quiet(args: &[&str]) -> String {
    stdout(&refs(&with(&["-q"], args))).trim_end().to_string()
}

#[test]
fn words_of_one_expression_join_and_separate_ones_stay_apart() {
    assert_eq!(quiet(&["--seed", "3", "roll", "1d20", "+", "7"]), quiet(&["--seed", "3", "roll", "1d20+7"]));
    assert_eq!(quiet(&["--seed", "3", "roll", "1d20", "+7", "2d6"]), quiet(&["--seed", "3", "roll", "1d20+7", "2d6"]));
    assert_eq!(
        quiet(&["--seed", "3", "roll", "(1d20", "+", "5)", "*", "2"]),
        quiet(&["--seed", "3", "roll", "(1d20+5)*2"])
    );
    assert_eq!(quiet(&["--seed", "3", "roll", "1d20", "2d6"]).matches(',').count(), 1);
    // A trailing word that is no expression labels the roll.
    let doc = json(&["--seed", "3", "roll", "1d20+5", "long", "sword"]);
    assert_eq!(doc["results"][0]["label"], "long sword");
    assert_eq!(doc["results"][0]["expression"], "1d20+5");
    let text = stdout(&["--seed", "3", "roll", "1d20+5", "longsword"]);
    assert!(
        text.lines().nth(1).unwrap().starts_with("  1d20+5 longsword  [") && !text.contains("longsword\n"),
        "{text}"
    );
    // Only at the end: an expression after a label is an error, and joined words that make no
    // expression say how they were read.
    let err = fails(&["roll", "1d20", "sword", "2d6"], 2);
    assert!(err.contains("'2d6' comes after the label 'sword'"), "{err}");
    let err = fails(&["roll", "1d20", "+", "x"], 2);
    assert!(err.contains("'1d20 + x', column 8") && err.contains("quote each expression"), "{err}");
}

#[test]
fn advantage_is_two_d20_the_higher_kept() {
    for (adv, kept) in
        [("adv", "2d20kh1+7"), ("advantage", "2d20kh1+7"), ("dis", "2d20kl1+7"), ("DISADVANTAGE", "2d20kl1+7")]
    {
        let a = json(&["--seed", "9", "roll", "1d20+7", adv]);
        let b = json(&["--seed", "9", "roll", kept]);
        assert_eq!(a["results"][0]["dice"], b["results"][0]["dice"], "{adv}");
        assert_eq!(a["results"][0]["total"], b["results"][0]["total"]);
        assert_eq!(a["results"][0]["expression"], format!("1d20+7 {adv}"));
        assert_eq!(a["results"][0]["dice"].as_array().unwrap().len(), 2);
        assert_eq!(odds_doc(&format!("1d20+7 {adv}"))["odds"], odds_doc(kept)["odds"]);
    }
    for (args, says) in [
        (
            &["roll", "2d6", "adv"][..],
            "'2d6 adv', column 5: advantage is for a roll of one d20, and this one rolls none",
        ),
        (&["roll", "d20+d20", "adv"], "this one has 2 d20 terms"),
        (&["roll", "2d20", "dis"], "'2d20' rolls 2 or keeps some"),
        (&["roll", "adv"], "'adv' comes before any expression"),
        (&["roll", "d20", "adv", "dis"], "one roll has advantage or disadvantage once"),
    ] {
        let err = fails(args, 2);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Exact chances worked out here, apart from fray's engine: every d20 face against every total
/// of the rest, counted in whole numbers.
fn d20_hit_chance(rest: &[(i64, u64)], target: i64, adv: Option<bool>) -> (BigRational, BigRational) {
    let mut faces: BTreeMap<i64, u64> = BTreeMap::new();
    match adv {
        None => (1..=20).for_each(|f| *faces.entry(f).or_default() += 20),
        Some(high) => {
            for a in 1..=20 {
                for b in 1..=20 {
                    *faces.entry(if high { a.max(b) } else { a.min(b) }).or_default() += 1;
                }
            }
        }
    }
    let rest_den: u64 = rest.iter().map(|r| r.1).sum();
    let (mut hit, mut crit) = (0u64, 0u64);
    for (&f, &w) in &faces {
        for &(r, rw) in rest {
            if f == 20 || f != 1 && f + r >= target {
                hit += w * rw;
            }
            if f == 20 {
                crit += w * rw;
            }
        }
    }
    let den = BigInt::from(400 * rest_den);
    (BigRational::new(BigInt::from(hit), den.clone()), BigRational::new(BigInt::from(crit), den))
}

fn parts(doc: &Value) -> BTreeMap<(String, String), BigRational> {
    doc["odds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                (e["part"].as_str().unwrap().to_string(), e["outcome"].to_string()),
                fraction(e["fraction"].as_str().unwrap()),
            )
        })
        .collect()
}

#[test]
fn attacks_against_a_number_hit_on_the_total_a_natural_20_always_a_natural_1_never() {
    // Seeded: every verdict follows the rule from the dice shown.
    for r in rolls("1d20+5 vs 15", 400, 31) {
        let natural = r["natural"].as_i64().unwrap();
        assert_eq!(natural, value(dice(&r)[0]));
        let total = r["total"].as_i64().unwrap();
        assert_eq!(r["hit"] == true, natural == 20 || natural != 1 && total >= 15, "{r}");
        assert_eq!(r["critical"] == true, natural == 20);
        assert_eq!(r["vs"], 15);
    }
    let mut seen = (false, false);
    for r in rolls("1d20+30 vs 15", 200, 32).into_iter().chain(rolls("1d20 vs 25", 200, 33)) {
        let natural = r["natural"].as_i64().unwrap();
        seen.0 |= natural == 1;
        seen.1 |= natural == 20;
        let target = r["vs"].as_i64().unwrap();
        assert_eq!(r["hit"] == true, natural != 1 && (natural == 20 || r["total"].as_i64().unwrap() >= target), "{r}");
    }
    assert!(seen.0 && seen.1);
    // Exact odds against the count above, with a d4 of Bless and with advantage.
    let d4: Vec<(i64, u64)> = (1..=4).map(|v| (v, 1)).collect();
    for (expr, rest, target, adv) in [
        ("1d20+5 vs 15", vec![(5, 1)], 15, None),
        ("1d20+5+1d4 vs 18", d4.iter().map(|(v, w)| (v + 5, *w)).collect(), 18, None),
        ("1d20+7 adv vs 25", vec![(7, 1)], 25, Some(true)),
        ("2d20kl1+3 vs 12", vec![(3, 1)], 12, Some(false)),
    ] {
        let doc = odds_doc(expr);
        assert_eq!(doc["exact"], true);
        let got = parts(&doc);
        let (hit, crit) = d20_hit_chance(&rest, target, adv);
        let key = |o: &str| ("each roll".to_string(), format!("\"{o}\""));
        let got_hit = got[&key("hit")].clone() + got[&key("critical")].clone();
        assert_eq!(got_hit, hit, "{expr}");
        assert_eq!(got[&key("critical")], crit, "{expr}");
        let sum = got.values().fold(BigRational::zero(), |a, b| a + b);
        assert_eq!(sum, BigRational::one(), "{expr}");
    }
    // Three attacks: the number that hit is binomial in the chance of one.
    let doc = odds_doc("3x1d20+5 vs 15");
    let got = parts(&doc);
    let p = BigRational::new(BigInt::from(11), BigInt::from(20));
    let q = BigRational::one() - p.clone();
    let binom = [
        q.clone() * q.clone() * q.clone(),
        BigRational::from_integer(3.into()) * p.clone() * q.clone() * q.clone(),
        BigRational::from_integer(3.into()) * p.clone() * p.clone() * q.clone(),
        p.clone() * p.clone() * p.clone(),
    ];
    for (k, want) in binom.iter().enumerate() {
        assert_eq!(got[&("hits".to_string(), k.to_string())], *want, "{k} hits");
    }
    assert_eq!(got[&("criticals".to_string(), "3".to_string())], BigRational::new(1.into(), 8000.into()));
    let q = quiet(&["--seed", "4", "roll", "3x1d20+5", "vs", "15"]);
    let doc = json(&["--seed", "4", "roll", "3x1d20+5", "vs", "15"]);
    assert_eq!(q, doc["results"][0]["hits"].to_string());
    assert_eq!(doc["results"][0]["rolls"].as_array().unwrap().len(), 3);
}

#[test]
fn success_rolls_are_3d6_under_the_skill_with_the_basic_sets_criticals() {
    for r in rolls("3d6 vs 12", 400, 41) {
        let roll = r["total"].as_i64().unwrap();
        assert_eq!(r["margin"].as_i64().unwrap(), 12 - roll);
        assert_eq!(r["success"] == true, roll <= 12, "{r}");
        let critical = if roll <= 12 { roll <= 4 } else { roll == 18 || roll == 17 };
        assert_eq!(r["critical"] == true, critical, "{r}");
    }
    // Independent count over the 216 rolls, for several skills.
    for skill in [3i64, 6, 10, 14, 15, 16, 18] {
        let mut counts: BTreeMap<&str, u64> = BTreeMap::new();
        for a in 1..=6i64 {
            for b in 1..=6 {
                for c in 1..=6 {
                    let roll = a + b + c;
                    let success = roll <= 4 || roll <= 16 && roll <= skill;
                    let critical = if success {
                        roll <= 4 || roll == 5 && skill >= 15 || roll == 6 && skill >= 16
                    } else {
                        roll == 18 || roll == 17 && skill <= 15 || roll >= skill + 10
                    };
                    let key = match (success, critical) {
                        (true, true) => "critical success",
                        (true, false) => "success",
                        (false, true) => "critical failure",
                        (false, false) => "failure",
                    };
                    *counts.entry(key).or_default() += 1;
                }
            }
        }
        let doc = json(&["--odds", "-r", "gurps", "roll", "3d", "vs", &skill.to_string()]);
        let got = parts(&doc);
        for (key, n) in counts {
            assert_eq!(
                got[&("each roll".to_string(), format!("\"{key}\""))],
                BigRational::new(BigInt::from(n), BigInt::from(216)),
                "skill {skill}: {key}"
            );
        }
        let margins: BigRational =
            got.iter().filter(|(k, _)| k.0 == "margin").map(|(_, v)| v.clone()).fold(BigRational::zero(), |a, b| a + b);
        assert_eq!(margins, BigRational::one());
    }
    // Under wod there is no number to meet; under gurps a d20 is no success roll.
    let err = fails(&["-r", "wod", "roll", "3d6", "vs", "12"], 2);
    assert!(err.contains("under wod, vs has no meaning: a pool counts its successes"), "{err}");
    let err = fails(&["-r", "cofd", "roll", "1d20", "vs", "12"], 2);
    assert!(err.contains("under cofd"), "{err}");
    let err = fails(&["-r", "gurps", "roll", "1d20+5", "vs", "12"], 2);
    assert!(err.contains("under gurps, vs is a success roll: 3d6 alone"), "{err}");
    let err = fails(&["roll", "2d6+1", "vs", "12"], 2);
    assert!(err.contains("vs needs one d20 added to the rest"), "{err}");
    let err = fails(&["roll", "d20", "vs"], 2);
    assert!(err.contains("'d20 vs' has no number to roll against"), "{err}");
    let err = fails(&["roll", "d20", "vs", "x"], 2);
    assert!(err.contains("'x' after vs is not a whole number"), "{err}");
    assert_eq!(quiet(&["--seed", "2", "-r", "gurps", "roll", "3d", "vs", "30"]), "success");
}

#[test]
fn repeats_roll_n_times_with_the_sum_and_the_sorted_totals() {
    let doc = json(&["--seed", "6", "roll", "6x4d6kh3"]);
    let r = &doc["results"][0];
    assert_eq!(r["repeat"], 6);
    let totals: Vec<i64> = r["totals"].as_array().unwrap().iter().map(|t| t.as_i64().unwrap()).collect();
    let mut sorted = totals.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(r["sorted"], serde_json::json!(sorted));
    assert_eq!(r["total"].as_i64().unwrap(), totals.iter().sum::<i64>());
    for (roll, total) in r["rolls"].as_array().unwrap().iter().zip(&totals) {
        assert_eq!(roll["total"].as_i64().unwrap(), *total);
        assert_eq!(dice(roll).len(), 4);
        assert!(roll.get("expression").is_none());
    }
    let q = quiet(&["--seed", "6", "roll", "6x4d6kh3"]);
    assert_eq!(q, totals.iter().map(i64::to_string).collect::<Vec<_>>().join(" "));
    // The exact odds of the sum: 2x3d6 is 6d6.
    assert_eq!(listed(&odds_doc("2x3d6")), listed(&odds_doc("6d6")));
    for bad in ["0x2d6", "10001x1d6", "1000001x1d6"] {
        let err = fails(&["roll", bad], 2);
        assert!(
            err.contains(&format!("column 1: a roll repeats 1 to 10000 times, not {}", bad.split('x').next().unwrap())),
            "{err}"
        );
    }
}

#[test]
fn groups_keep_totals_and_labels_keep_their_parts() {
    for r in rolls("{1d20+5, 1d20+3}kh1", 200, 51) {
        let items = r["groups"][0]["items"].as_array().unwrap();
        let (a, b) = (items[0]["total"].as_i64().unwrap(), items[1]["total"].as_i64().unwrap());
        assert_eq!(r["total"].as_i64().unwrap(), a.max(b));
        assert_eq!(items.iter().filter(|i| i["kept"] == true).count(), 1);
    }
    for r in rolls("2d6[fire]+1d4[cold]+2", 100, 52) {
        let ds: Vec<i64> = dice(&r).iter().map(|d| value(d)).collect();
        assert_eq!(
            r["parts"],
            serde_json::json!([{"label": "fire", "total": ds[0] + ds[1]}, {"label": "cold", "total": ds[2]}])
        );
        assert_eq!(r["total"].as_i64().unwrap(), ds.iter().sum::<i64>() + 2);
    }
    let text = stdout(&["--seed", "8", "roll", "2d6[fire]+1d4[cold]", "{d20,d20}kl1"]);
    assert!(text.contains("(fire ") && text.contains(", cold "), "{text}");
    assert!(text.lines().nth(2).unwrap().contains('{') && text.lines().nth(2).unwrap().contains('('), "{text}");
}

/// The roll ends with the seed that replays it, dimly, on a terminal when the seed was drawn.
#[test]
fn a_terminal_gets_the_replay_line() {
    let have_script = std::process::Command::new("script").arg("--version").output().is_ok_and(|o| o.status.success());
    if !have_script {
        assert!(std::env::var_os("FRAY_REQUIRE_SHELLS").is_none(), "script is required");
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin("fray");
    let run = |args: &str| {
        let out = std::process::Command::new("script")
            .args(["-qec", &format!("{} {args}", bin.display()), "/dev/null"])
            .env_remove("NO_COLOR")
            .env_remove("FRAY_RULES")
            .env_remove("FRAY_FORMAT")
            .env("TERM", "xterm")
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let drawn = run("roll 2d6");
    let last = drawn.trim_end().lines().last().unwrap();
    assert!(last.contains("replays this") && last.contains("\u{1b}["), "{drawn:?}");
    let seed: String = last.split("--seed ").nth(1).unwrap().chars().take_while(char::is_ascii_digit).collect();
    let again = run(&format!("--seed {seed} roll 2d6"));
    assert!(!again.contains("replays this"), "{again:?}");
    assert!(drawn.starts_with(again.trim_end()), "{drawn:?} / {again:?}");
}

/// Every example of `fray roll --help` and of the README's dice section runs alike in bash,
/// zsh and fish.
#[test]
fn roll_examples_run_in_every_shell() {
    let bin = assert_cmd::cargo::cargo_bin("fray");
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = &readme[readme.find("## Rolling dice").unwrap()..readme.find("## Encounter tables").unwrap()];
    let mut lines: Vec<String> =
        fray::cli::ROLL_EXAMPLES.lines().skip(1).map(|l| l.trim().split("  ").next().unwrap().to_string()).collect();
    lines.extend(section.lines().filter_map(|l| l.strip_prefix("$ ")).map(str::to_string));
    assert!(lines.len() >= 15, "{lines:?}");
    for shell in ["bash", "zsh", "fish"] {
        if std::process::Command::new(shell).arg("-c").arg("true").output().is_err() {
            assert!(std::env::var_os("FRAY_REQUIRE_SHELLS").is_none(), "{shell} is required");
            continue;
        }
        for line in &lines {
            let line = line.split(" | ").next().unwrap();
            let command = line.strip_prefix("fray ").unwrap();
            let out = std::process::Command::new(shell)
                .arg("-c")
                .arg(format!("'{}' --color never --seed 1 {command}", bin.display()))
                .env_remove("FRAY_RULES")
                .output()
                .unwrap();
            assert!(out.status.success(), "{shell}: {line}: {}", String::from_utf8_lossy(&out.stderr));
            let direct = std::process::Command::new("bash")
                .args(["-c", &format!("'{}' --color never --seed 1 {command}", bin.display())])
                .env_remove("FRAY_RULES")
                .output()
                .unwrap();
            assert_eq!(out.stdout, direct.stdout, "{shell}: {line}");
        }
    }
}

#[test]
fn gurps_d66_and_cyrillic_dice() {
    assert_eq!(listed(&odds_doc("3d")), listed(&odds_doc("3d6")));
    assert_eq!(listed(&odds_doc("2d+1")), listed(&odds_doc("2d6+1")));
    assert_eq!(listed(&odds_doc("2к6+1")), listed(&odds_doc("2d6+1")));
    assert_eq!(listed(&odds_doc("2Д6")), listed(&odds_doc("2d6")));
    for r in rolls("d66", 300, 61) {
        let v = r["total"].as_i64().unwrap();
        assert!((1..=6).contains(&(v / 10)) && (1..=6).contains(&(v % 10)), "{v}");
    }
    let d66 = listed(&odds_doc("d66"));
    assert_eq!(d66.len(), 36);
    assert!(d66.values().all(|p| *p == BigRational::new(1.into(), 36.into())));
    // d6!-1 explodes on 6 and takes 1 off.
    for r in rolls("d6!-1", 300, 62) {
        let ds = dice(&r);
        assert_eq!(r["total"].as_i64().unwrap(), ds.iter().map(|d| value(d)).sum::<i64>() - 1, "{r}");
    }
}

/// Each roll against a number, part for part, equal to icepool's (tests/fixtures/roll).
#[test]
fn tests_against_a_number_equal_icepool_part_for_part() {
    let text = std::fs::read_to_string("tests/fixtures/roll/distributions.json").unwrap();
    let fixtures: Value = serde_json::from_str(&text).unwrap();
    let cases = fixtures["tests"].as_object().unwrap();
    assert!(cases.len() >= 7);
    for (expr, case) in cases {
        let mut args = vec!["--odds", "-f", "json", "-r", "gurps", "roll"];
        if !expr.starts_with('3') || expr.contains("d20") {
            args[4] = "5e";
        }
        args.extend(expr.split(' '));
        let doc: Value = serde_json::from_str(&stdout(&args)).unwrap();
        assert_eq!(doc["exact"], true, "{expr}");
        let mine: BTreeMap<(String, String), BigRational> = doc["odds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                let outcome = match &e["outcome"] {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                ((e["part"].as_str().unwrap().to_string(), outcome), fraction(e["fraction"].as_str().unwrap()))
            })
            .collect();
        let mut theirs = BTreeMap::new();
        for (part, outcomes) in case.as_object().unwrap() {
            for (outcome, p) in outcomes.as_object().unwrap() {
                theirs.insert((part.clone(), outcome.clone()), fraction(p.as_str().unwrap()));
            }
        }
        assert_eq!(mine, theirs, "{expr}");
    }
}

/// Short forms for what is typed most at the table: a dice expression alone is a roll (the dice
/// language's parser decides; a command's name stays that command), `r` is `roll`, `t` is
/// `track` and `t n` is `track next`.
#[test]
fn a_dice_expression_alone_is_a_roll_and_short_names_stand_for_commands() {
    for expression in ["2d6", "1d20+5", "4d6kh3", "d%"] {
        for format in ["text", "json"] {
            let short = stdout(&["--seed", "3", "-f", format, expression]);
            assert_eq!(short, stdout(&["--seed", "3", "-f", format, "roll", expression]), "{expression}");
        }
    }
    assert_eq!(stdout(&["--seed", "3", "-q", "2d6", "3d6!"]), stdout(&["--seed", "3", "-q", "roll", "2d6", "3d6!"]));
    assert_eq!(stdout(&["--seed", "3", "r", "4dF"]), stdout(&["--seed", "3", "roll", "4dF"]));
    // A number has no die: it is no roll, and no command either.
    let err = fails(&["20"], 2);
    assert!(err.starts_with("fray: error: unrecognized subcommand '20'"), "{err}");
    // A misspelt command is advised its command, not a one-letter alias that shares a letter.
    let err = fails(&["surprize"], 2);
    assert!(err.contains("a similar subcommand exists: 'pursue, surprise'"), "{err}");
    // The short names are in help; a TAB offers the whole names (clap_complete would offer a
    // visible alias in place of its command: `t` for track), and goes on after a short one.
    let help = stdout(&["--help"]);
    assert!(help.contains("r is short for roll, t for track, and t n for track next"), "{help}");
    assert!(stdout(&["roll", "--help"]).contains("fray r 4d6kh3"));
    assert!(stdout(&["track", "--help"]).contains("fray t n"));
    let complete = |words: &[&str]| {
        let out = fray().env("COMPLETE", "fish").arg("--").args(words).command().output().unwrap();
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| l.split('\t').next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let commands = complete(&["fray", ""]);
    assert!(commands.contains(&"roll".to_string()) && commands.contains(&"track".to_string()), "{commands:?}");
    assert!(!commands.contains(&"r".to_string()) && !commands.contains(&"t".to_string()), "{commands:?}");
    let actions = complete(&["fray", "t", ""]);
    assert!(actions.contains(&"next".to_string()) && !actions.contains(&"n".to_string()), "{actions:?}");
}

/// `fray t n` is `fray track next`: the same fight, the same turn.
#[test]
fn t_n_is_track_next() {
    let dir = crate::cast::tempdir();
    let state = |args: &[&str]| fray().env("XDG_STATE_HOME", dir.join("state")).args(args).run();
    let started = state(&["--seed", "2", "track", "start", "Ansel", "Orc:side=monsters"]);
    assert!(started.success(), "{}", started.stderr);
    let short = state(&["t", "n"]);
    assert!(short.success(), "{}", short.stderr);
    state(&["track", "undo"]);
    let long = state(&["track", "next"]);
    assert_eq!(short.text(), long.text());
    assert!(long.text().contains("turn"), "{}", long.text());
}
