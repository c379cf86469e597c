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
    for r in rolls("4d6r<3", 300, 16) {
        let ds = dice(&r);
        for d in &ds {
            if flag(d, "rerolled") {
                assert!(value(d) < 3 && !flag(d, "kept"), "{r}");
            } else {
                assert!(value(d) >= 3, "{r}");
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
    assert!(lines[3].ends_with("= 3 successes") && lines[3].matches('*').count() == 3, "{out}");
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
        ("2d", "'2d', column 3: the end after 'd' is not a die"),
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
            let err = out.stderr;
            let (dice, n) = err.trim_end().strip_prefix("Goblin count=2d4: ").unwrap().split_once(" = ").unwrap();
            let n: u32 = n.parse().unwrap();
            let faces: Vec<u32> = dice.split(' ').map(|f| f.parse().unwrap()).collect();
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
            assert_eq!(String::from_utf8(out.stdout).unwrap(), written, "{form}");
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
    assert!(stdout(&["track", "--help"]).contains("fray t --fight tour n"));
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
