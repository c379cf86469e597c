//! `fray table`: encounter tables in YAML, rolled, their exact odds against a brute-force count
//! made here, every refusal at its line and column, nested tables, and `encounter --table`.

use crate::common::{assert_fits, count, fails, fray, json, json_lines, odds, odds_of, stdout};
use serde_json::Value;
use std::collections::BTreeMap;

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/tables/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A table file written to a fresh temporary path.
fn written(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("fray-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

// ---- a brute-force count, independent of fray's dice engine ----

/// A fraction kept reduced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Q(u128, u128);

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Q {
    fn new(n: u128, d: u128) -> Q {
        let g = gcd(n, d).max(1);
        Q(n / g, d / g)
    }
    fn add(self, o: Q) -> Q {
        Q::new(self.0 * o.1 + o.0 * self.1, self.1 * o.1)
    }
    fn mul(self, o: Q) -> Q {
        Q::new(self.0 * o.0, self.1 * o.1)
    }
    fn div(self, o: Q) -> Q {
        Q::new(self.0 * o.1, self.1 * o.0)
    }
    fn text(self) -> String {
        if self.1 == 1 { self.0.to_string() } else { format!("{}/{}", self.0, self.1) }
    }
}

/// Every total of a sum of dice (each die's faces listed) plus a constant, counted face by face.
fn totals(dice: &[u32], plus: i64) -> BTreeMap<i64, Q> {
    let mut ways: BTreeMap<i64, u128> = BTreeMap::new();
    let all: u128 = dice.iter().map(|&f| u128::from(f)).product();
    let mut faces = vec![1u32; dice.len()];
    loop {
        *ways.entry(faces.iter().map(|&f| i64::from(f)).sum::<i64>() + plus).or_default() += 1;
        let mut i = 0;
        while i < dice.len() && faces[i] == dice[i] {
            faces[i] = 1;
            i += 1;
        }
        if i == dice.len() {
            break;
        }
        faces[i] += 1;
    }
    ways.into_iter().map(|(t, w)| (t, Q::new(w, all))).collect()
}

fn within(dist: &BTreeMap<i64, Q>, low: i64, high: i64) -> Q {
    dist.iter().filter(|(t, _)| (low..=high).contains(t)).fold(Q(0, 1), |s, (_, q)| s.add(*q))
}

/// The road fixture worked out by hand from brute-force totals: (creature chance, number
/// distribution given the creature), and each table's reach.
type ByHand = (BTreeMap<&'static str, (Q, BTreeMap<i64, Q>)>, BTreeMap<&'static str, Q>);

fn road_by_hand() -> ByHand {
    let road = totals(&[6, 6], 0);
    let beasts = totals(&[4, 6], 0);
    let travellers = totals(&[6], 0);
    let beasts_reach = within(&road, 9, 10);
    let travellers_reach = within(&road, 11, 12).add(beasts_reach.mul(within(&beasts, 9, 10)));
    // (creature, chance of this path, its number's totals)
    let paths: Vec<(&str, Q, BTreeMap<i64, Q>)> = vec![
        ("Wolf", within(&road, 2, 4), totals(&[4], 1)),
        ("Bandit", within(&road, 5, 8), totals(&[4, 4], 0)),
        ("Wolf", beasts_reach.mul(within(&beasts, 2, 4)), totals(&[6, 6], 0)),
        ("Bear", beasts_reach.mul(within(&beasts, 5, 8)), totals(&[], 1)),
        ("Merchant", travellers_reach.mul(within(&travellers, 1, 3)), totals(&[3], 0)),
        ("Bandit", travellers_reach.mul(within(&travellers, 4, 6)), totals(&[6], 0)),
    ];
    let mut creatures: BTreeMap<&str, (Q, BTreeMap<i64, Q>)> = BTreeMap::new();
    for (name, p, numbers) in &paths {
        let entry = creatures.entry(name).or_insert((Q(0, 1), BTreeMap::new()));
        entry.0 = entry.0.add(*p);
        for (n, q) in numbers {
            let slot = entry.1.entry(*n).or_insert(Q(0, 1));
            *slot = slot.add(p.mul(*q));
        }
    }
    for (p, numbers) in creatures.values_mut() {
        for q in numbers.values_mut() {
            *q = q.div(*p);
        }
    }
    let reach = BTreeMap::from([("road", Q(1, 1)), ("beasts", beasts_reach), ("travellers", travellers_reach)]);
    (creatures, reach)
}

#[test]
fn odds_match_a_brute_force_count_nested_tables_multiplying() {
    let (creatures, reach) = road_by_hand();
    let entries = odds(&["table", &fixture("road.yaml")]);
    let fraction = |part: &str, outcome: &Value| {
        entries
            .iter()
            .find(|(p, o, ..)| p.as_deref() == Some(part) && o == outcome)
            .and_then(|e| e.3.clone())
            .unwrap_or_else(|| panic!("no {part} {outcome} in {entries:?}"))
    };
    for (name, (p, numbers)) in &creatures {
        assert_eq!(fraction("creature", &Value::from(*name)), p.text(), "{name}");
        let listed = odds_of(&entries, Some(&format!("number {name}")));
        assert_eq!(listed.len(), numbers.len(), "{name}: {listed:?}");
        for (n, q) in numbers {
            assert_eq!(fraction(&format!("number {name}"), &Value::from(*n)), q.text(), "{name} ×{n}");
        }
    }
    // Each table's rows within it: the brute-force chance of the row's range.
    let row = |part: &str, range: &str| {
        entries
            .iter()
            .find(|(p, o, ..)| p.as_deref() == Some(part) && o["row"] == range)
            .and_then(|e| e.3.clone())
            .unwrap()
    };
    assert_eq!(row("table road", "9-10"), within(&totals(&[6, 6], 0), 9, 10).text());
    assert_eq!(row("table beasts", "5-8"), within(&totals(&[4, 6], 0), 5, 8).text());
    assert_eq!(row("table travellers", "1-3"), "1/2");
    // Every part sums to 1; each nested table's title says how often it is rolled.
    let mut sums: BTreeMap<String, f64> = BTreeMap::new();
    for (part, _, p, _) in &entries {
        *sums.entry(part.clone().unwrap()).or_default() += p;
    }
    assert!(sums.values().all(|s| (s - 1.0).abs() < 1e-9), "{sums:?}");
    let text = stdout(&["table", "--odds", &fixture("road.yaml")]);
    assert!(
        text.contains(&format!("travellers (d6): each row, when rolled ({} of the time)", reach["travellers"].text())),
        "{text}"
    );
    assert!(
        text.contains(&format!("beasts (1d4+1d6): each row, when rolled ({} of the time)", reach["beasts"].text()))
    );
}

#[test]
fn every_row_is_reached_and_seeded_rolls_follow_the_odds() {
    let docs = json_lines(&["--seed", "11", "-n", "4000", "table", &fixture("road.yaml")]);
    // Every row of every table comes up.
    let rows = count(&docs, |d| {
        d["rolls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| format!("{}:{}", s["table"], s["row"]))
            .collect::<Vec<_>>()
            .join(" ")
    });
    let seen: std::collections::BTreeSet<String> =
        rows.keys().flat_map(|k| k.split(' ').map(str::to_string).collect::<Vec<_>>()).collect();
    for expected in [
        "\"road\":\"2-4\"",
        "\"road\":\"5-8\"",
        "\"road\":\"9-10\"",
        "\"road\":\"11-12\"",
        "\"beasts\":\"2-4\"",
        "\"beasts\":\"5-8\"",
        "\"beasts\":\"9-10\"",
        "\"travellers\":\"1-3\"",
        "\"travellers\":\"4-6\"",
    ] {
        assert!(seen.contains(expected), "{expected} never rolled: {seen:?}");
    }
    // Each roll's rows hold its die's total, and the count is the number rolled.
    for d in &docs {
        for step in d["rolls"].as_array().unwrap() {
            let total = step["roll"]["total"].as_i64().unwrap();
            let sum: i64 = step["roll"]["rolls"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).sum();
            assert_eq!(total, sum);
            let row = step["row"].as_str().unwrap();
            let (a, b) = row.split_once('-').unwrap_or((row, row));
            assert!((a.parse::<i64>().unwrap()..=b.parse().unwrap()).contains(&total), "{step}");
        }
        assert_eq!(d["appearing"]["count"], d["appearing"]["number"]["total"]);
    }
    let entries = odds(&["table", &fixture("road.yaml")]);
    let creatures = count(&docs, |d| d["appearing"]["name"].to_string());
    assert_fits("creatures", &creatures, &odds_of(&entries, Some("creature")));
    let wolves: Vec<&Value> = docs.iter().filter(|d| d["appearing"]["name"] == "Wolf").collect();
    assert_fits(
        "wolves",
        &count(wolves, |d| d["appearing"]["count"].to_string()),
        &odds_of(&entries, Some("number Wolf")),
    );
}

#[test]
fn text_shows_every_die_and_quiet_the_combatant() {
    let text = stdout(&["--seed", "4", "table", &fixture("road.yaml")]);
    let doc = json(&["--seed", "4", "table", &fixture("road.yaml")]);
    let a = &doc["appearing"];
    for step in doc["rolls"].as_array().unwrap() {
        let faces: Vec<String> = step["roll"]["rolls"].as_array().unwrap().iter().map(|v| v.to_string()).collect();
        let line =
            format!("{} ({}) = {}", step["roll"]["dice"].as_str().unwrap(), faces.join("+"), step["roll"]["total"]);
        assert!(text.contains(&line), "{line} not in {text}");
    }
    let name = a["name"].as_str().unwrap();
    let counted = if a["count"] == 1 { format!("→ {name} (") } else { format!("→ {name} ×{} (", a["count"]) };
    assert!(text.contains(&counted), "{counted} not in {text}");
    let quiet = stdout(&["--seed", "4", "-q", "table", &fixture("road.yaml")]);
    assert_eq!(quiet.trim_end(), a["combatant"].as_str().unwrap());
    // One shell word: a space in the name is written `_`.
    let word = name.replace(' ', "_");
    let spec = if a["count"] == 1 {
        format!("{word}:side=monsters")
    } else {
        format!("{word}:count={},side=monsters", a["count"])
    };
    assert_eq!(quiet.trim_end(), spec);
    assert!(!quiet.contains('*'), "the combatant is glob-safe: {quiet}");
    let many = stdout(&["--seed", "4", "-q", "-n", "5", "table", &fixture("road.yaml")]);
    assert_eq!(many.lines().count(), 5);
    assert_eq!(many.lines().next(), quiet.lines().next());
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
}

#[test]
fn the_example_is_accepted_under_every_ruleset_and_read_from_stdin() {
    let example = stdout(&["table", "--example"]);
    assert!(example.lines().filter(|l| l.starts_with('#')).count() >= 5, "a commented example");
    for rules in fray::rulesets::RULESETS {
        let out =
            fray().args(["-r", rules.id, "--seed", "2", "-f", "json", "table", "-"]).write_stdin(example.clone()).run();
        assert!(out.success(), "{}: {}", rules.id, out.stderr);
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(doc["file"], "<stdin>");
        assert_eq!(doc["rules"], rules.id);
    }
    let path = written("example.yaml", &example);
    let creatures = odds_of(&odds(&["table", &path]), Some("creature"));
    assert_eq!(creatures.len(), 8, "{creatures:?}");
}

#[test]
fn ruleset_keys_are_checked_and_carried_into_the_combatant() {
    let docs = json_lines(&["-r", "5e", "--seed", "1", "-n", "40", "table", &fixture("keys.yaml")]);
    let specs: std::collections::BTreeSet<String> =
        docs.iter().map(|d| d["appearing"]["combatant"].as_str().unwrap().to_string()).collect();
    assert!(
        specs.iter().any(|s| s.starts_with("Goblin:count=") && s.ends_with(",side=monsters,dex=2,alert")),
        "{specs:?}"
    );
    assert!(specs.contains("Bugbear:side=ambushers,per=12"), "{specs:?}");
    // Under ose the same file names keys that ruleset does not have.
    let err = fails(&["table", &fixture("keys.yaml")], 1);
    assert!(err.contains("keys.yaml:4:36: unknown combatant key 'dex' for the ose ruleset"), "{err}");
    let bad = written("bad-dex.yaml", "t:\n  die: d2\n  rows:\n    1-2: {name: Elf, dex: 99}\n");
    let err = fails(&["-r", "5e", "table", &bad], 1);
    assert!(
        err.contains("bad-dex.yaml:4:27: key 'dex' is 99, out of range; allowed: a whole number from -5 to 10"),
        "{err}"
    );
}

#[test]
fn every_refusal_names_the_line_and_column() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "t:\n  die: 1d6\n  rows:\n    1-3: {name: Orc}\n    5-6: {name: Elf}\n",
            "3:3: table 't': result 4 of 1d6 falls in no row",
            "give every result",
        ),
        (
            "t:\n  die: 1d6\n  rows:\n    1-4: {name: Orc}\n    4-6: {name: Elf}\n",
            "5:5: row 4-6 overlaps row 1-4 on line 4",
            "give each result one row",
        ),
        (
            "t:\n  die: 1d6\n  rows:\n    1-6: {name: Orc}\n    7: {name: Elf}\n",
            "5:5: row 7 is outside what 1d6 gives (1 to 6)",
            "rows run from 1 to 6",
        ),
        (
            "t:\n  die: 1d3*2\n  rows:\n    2: {name: Orc}\n    3: {name: Elf}\n    4-6: {name: Elf}\n",
            "5:5: row 3 can never come up: 1d3*2 never gives it",
            "results the die can give",
        ),
        ("t:\n  die: 1d6+\n  rows:\n    1-6: {name: Orc}\n", "2:12: the die '1d6+'", "2d4"),
        ("t:\n  die: \"2d6kx\"\n  rows:\n    1-6: {name: Orc}\n", "2:13: the die '2d6kx': 'x' is not a modifier", ""),
        ("t:\n  die: 1d6!\n  rows:\n    1-6: {name: Orc}\n", "2:8: the die '1d6!' explodes", "without !"),
        (
            "t:\n  die: 1d6\n  rows:\n    1-6: {name: Orc, number: 2d4-2}\n",
            "4:30: the number appearing '2d4-2' could be 0 to 6",
            "2d4",
        ),
        ("t:\n  die: 1d6\n  rows:\n    1-6: {name: Orc, number: 2x4}\n", "4:31: the number appearing '2x4'", ""),
        (
            "t:\n  die: 1d6\n  rows:\n    1-6: {name: Orc, hd: 7}\n",
            "4:22: unknown combatant key 'hd' for the ose ruleset",
            "fray encounter --help",
        ),
        (
            "t:\n  die: 1d6\n  rows:\n    1-6: {table: u}\nu:\n  die: 1d2\n  rows:\n    1-2: {table: t}\n",
            "8:10: the tables point at each other in a circle: t → u → t",
            "lead back",
        ),
        (
            "t:\n  die: 1d6\n  rows:\n    1-6: {table: t}\n",
            "4:10: the tables point at each other in a circle: t → t",
            "",
        ),
        (
            "t:\n  die: 1d6\n  rows:\n    1-6: {table: nowhere}\n",
            "4:18: no table is named 'nowhere'",
            "tables in this file: t",
        ),
        (
            "t:\n  die: 1d6\n  rows:\n    1-6: {name: Orc}\n  rows: {}\n",
            "5:3: key 'rows' is given twice, on lines 3 and 5",
            "once",
        ),
        ("t:\n  die: 1d6\n  rows:\n    6-1: {name: Orc}\n", "4:5: row 6-1 runs backwards", "1-6"),
        ("t:\n  die: 1d6\n  rows:\n    one: {name: Orc}\n", "4:5: 'one' is not a row's range", "1-3"),
        ("t:\n  die: 1d6\n  rows:\n    1-6: Orc\n", "4:10: a row must be a mapping", "{name: Goblin"),
        ("t:\n  dice: 1d6\n", "2:3: unknown table key 'dice'; allowed: die, rows", "--example"),
        ("t:\n  rows: {}\n", "2:3: table 't' has no 'die'", "die: 1d8"),
        ("t:\n  die: 1d6\n  rows:\n    1-6: {name: 'Orc,Elf'}\n", "4:17: the name 'Orc,Elf' contains ','", ""),
        (
            "t:\n  die: 1d6\n  rows:\n    1-6: {name: Orc, count: 3}\n",
            "4:22: a row says how many with 'number'",
            "number: 2d4",
        ),
        ("- a\n- b\n", "1:1: expected a mapping of tables, found a list", "--example"),
        ("t: [\n", "2:1: not valid YAML", "indentation"),
    ];
    let mut wrong = Vec::new();
    for (i, (text, what, hint)) in cases.iter().enumerate() {
        let path = written(&format!("bad{i}.yaml"), text);
        let err = fails(&["table", &path], 1);
        let expected = format!("fray: error: {path}:{what}");
        if !err.starts_with(&expected) || !err.contains("; ") || !err.contains(hint) {
            wrong.push(format!("case {i}: {err}    expected: {what} … {hint}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let empty = written("empty.yaml", "# nothing yet\n");
    assert!(fails(&["table", &empty], 1).contains("is empty; see fray table --example"));
    assert!(fails(&["table", "/nonexistent/t.yaml"], 1).contains("cannot read the table /nonexistent/t.yaml"));
    let err = fails(&["table"], 2);
    assert!(err.contains("FILE"), "{err}");
    let err = fails(&["--odds", "-n", "3", "table", &fixture("road.yaml")], 2);
    assert!(err.contains("--odds does not roll"), "{err}");
}

#[test]
fn nested_tables_show_each_table_rolled_on() {
    // A seed whose first roll leads through beasts to travellers, found among the first few.
    let docs = json_lines(&["--seed", "3", "-n", "400", "table", &fixture("road.yaml")]);
    let deep =
        docs.iter().position(|d| d["rolls"].as_array().unwrap().len() == 3).expect("a roll through three tables");
    let d = &docs[deep];
    let tables: Vec<&str> = d["rolls"].as_array().unwrap().iter().map(|s| s["table"].as_str().unwrap()).collect();
    assert_eq!(tables, ["road", "beasts", "travellers"]);
    assert_eq!(d["rolls"][0]["then"], "beasts");
    assert_eq!(d["rolls"][1]["then"], "travellers");
    assert!(d["rolls"][2].get("then").is_none());
    assert!(["Merchant", "Bandit"].contains(&d["appearing"]["name"].as_str().unwrap()));
}

#[test]
fn encounter_table_plays_what_it_rolls_as_its_own_step() {
    let road = fixture("road.yaml");
    for seed in ["1", "2", "3", "4", "5", "6"] {
        let doc = json(&["--seed", seed, "encounter", "--table", &road, "Elf"]);
        let a = &doc["table"]["appearing"];
        let (name, count) = (a["name"].as_str().unwrap(), a["count"].as_u64().unwrap());
        let members: Vec<String> =
            if count == 1 { vec![name.to_string()] } else { (1..=count).map(|i| format!("{name} {i}")).collect() };
        let monsters = doc["surprise"]["sides"].as_array().unwrap().iter().find(|s| s["name"] == "monsters").unwrap();
        assert_eq!(monsters["members"], serde_json::json!(members), "seed {seed}");
        // The table rolls from its own stream: the encounter is the one the same creatures give by hand.
        let given = if count == 1 { format!("{name}:side=monsters") } else { format!("{name}*{count}:side=monsters") };
        let mut by_hand = json(&["--seed", seed, "encounter", "Elf", &given]);
        let mut with_table = doc.clone();
        with_table.as_object_mut().unwrap().remove("table");
        by_hand.as_object_mut().unwrap().remove("table");
        assert_eq!(with_table, by_hand, "seed {seed}");
        let text = stdout(&["--seed", seed, "encounter", "--table", &road, "Elf"]);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[1].starts_with("    table       road: 2d6 ("), "{text}");
        let joined = if count == 1 {
            format!("→ {name} joins monsters")
        } else {
            format!("→ {name} ×{count} join monsters")
        };
        assert!(text.contains(&joined), "{text}");
        assert!(
            lines.iter().position(|l| l.contains("table")).unwrap()
                < lines.iter().position(|l| l.contains("1 awareness")).unwrap()
        );
        let quiet = stdout(&["--seed", seed, "-q", "encounter", "--table", &road, "Elf"]);
        let expected = if count == 1 { format!("table={name} ") } else { format!("table={name}*{count} ") };
        assert!(quiet.starts_with(&expected), "{quiet}");
    }
    // Under 5e the row's keys reach the creature.
    let doc = json(&[
        "-r",
        "5e",
        "--seed",
        "1",
        "encounter",
        "--table",
        &fixture("keys.yaml"),
        "--side",
        "party",
        "--side",
        "ambushers",
        "--side",
        "monsters",
        "--stealth",
        "12",
        "Elf",
    ]);
    assert!(doc["table"]["appearing"]["combatant"].is_string());
    let err = fails(&["encounter", "--table", &fixture("keys.yaml"), "Elf"], 1);
    assert!(err.contains("keys.yaml:4:36: unknown combatant key 'dex'"), "{err}");
}

#[test]
fn a_quiet_combatant_of_one_is_taken_by_the_other_commands() {
    // Ogre rows bring one, written without count=: it reads as a combatant today.
    let path = written("ogre.yaml", "t:\n  die: 1d4\n  rows:\n    1-4: {name: Ogre}\n");
    let spec = stdout(&["-q", "table", &path]);
    assert_eq!(spec.trim_end(), "Ogre:side=monsters");
    let doc = json(&["--seed", "1", "surprise", "Elf", spec.trim_end()]);
    let monsters = doc["sides"].as_array().unwrap().iter().find(|s| s["name"] == "monsters").unwrap().clone();
    assert_eq!(monsters["members"], serde_json::json!(["Ogre"]));
}

#[test]
fn the_readme_s_table_examples_print_what_it_shows() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = readme.split("\n## Encounter tables\n").nth(1).unwrap().split("\n## ").next().unwrap();
    let example = stdout(&["table", "--example"]);
    let mut checked = 0;
    for block in section.split("```console\n").skip(1) {
        let block = block.split("```").next().unwrap();
        let (command, shown) = block.split_once('\n').unwrap();
        let args = command.strip_prefix("$ fray table --example | fray ").expect("a table example reads the example");
        let args: Vec<&str> = args.split(' ').collect();
        let out = fray().args(&args).write_stdin(example.clone()).run();
        assert!(out.success());
        let out = String::from_utf8(out.stdout).unwrap();
        // A shortened example ends with `…`: the lines above it are compared.
        match shown.strip_suffix("  …\n") {
            Some(head) => assert!(out.starts_with(head), "{command}:\n{out}"),
            None => assert_eq!(out, shown, "{command}"),
        }
        checked += 1;
    }
    assert_eq!(checked, 3);
}

#[test]
fn odd_files_are_refused_without_a_panic() {
    let odd = [
        "t: 3\n",
        "t: ~\n",
        "t:\n  die: ~\n  rows: {}\n",
        "t:\n  die: [1d6]\n  rows: {}\n",
        "t:\n  die: 1d6\n  rows: []\n",
        "t:\n  die: 1d6\n  rows: ~\n",
        "t:\n  die: 1d6\n  rows:\n    [1, 2]: {name: Orc}\n",
        "t:\n  die: 1d6\n  rows:\n    1-6: {name: ~}\n",
        "t:\n  die: 1d6\n  rows:\n    1-6: {name: [a]}\n",
        "t:\n  die: 1d6\n  rows:\n    1-6: {table: [a]}\n",
        "t:\n  die: 1d6\n  rows:\n    1-6: {}\n",
        "t:\n  die: 1d6\n  rows:\n    1-6: {name: Orc, side: [a]}\n",
        "t:\n  die: 1d6\n  rows:\n    1-6: {name: Orc, table: t}\n",
        "t:\n  die: 0d6\n  rows:\n    0: {name: Orc}\n",
        "t:\n  die: 1d6/0\n  rows:\n    0: {name: Orc}\n",
        "t:\n  die: 1d6\n  rows:\n    1-6: {name: Orc, number: 0}\n",
        "t:\n  die: 1d6\n  rows:\n    1-6: {name: Orc, number: 1d6!}\n",
        "t:\n  die: 1d6\n  rows:\n    1-99999999999999999999: {name: Orc}\n",
        "? [a]\n: 1\n",
        "\u{feff}t:\n  die: 1d6\n",
        "---\nt: 1\n---\nu: 2\n",
    ];
    for (i, text) in odd.iter().enumerate() {
        let path = written(&format!("odd{i}.yaml"), text);
        let err = fails(&["table", &path], 1);
        assert!(err.contains(&format!("{path}:")) || err.contains("is empty"), "case {i}: {err}");
    }
    let out = fray().args(["table", "-"]).write_stdin(vec![0xff, 0xfe, b'\n']).run();
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("not UTF-8"));
}

#[test]
fn snapshots_of_a_nested_roll() {
    use crate::common::assert_formats;
    // Seed 79 goes road → beasts → travellers.
    let args = ["--seed", "79", "table", "tests/fixtures/tables/road.yaml"];
    assert_formats!("nested", &args, ["text", "yaml", "json", "quiet"]);
    let args = ["--seed", "3", "encounter", "--table", "tests/fixtures/tables/road.yaml", "Elf"];
    assert_formats!("encounter", &args, ["text", "json", "quiet"]);
}

#[test]
fn encounter_table_odds_mix_the_encounter_over_what_the_table_brings() {
    let road = fixture("road.yaml");
    let mixed = odds(&["encounter", "--table", &road, "Elf"]);
    // The table's own parts come first, as fray table gives them.
    let table = odds(&["table", &road]);
    assert_eq!(&mixed[..table.len()], &table[..]);
    // Under ose the sides roll, whoever is on them: every encounter part is the one a single
    // monster gives.
    let alone = odds(&["encounter", "Elf", "Orc:side=monsters"]);
    assert_eq!(&mixed[table.len()..], &alone[..]);
    // Under 5e who acts first depends on who came: each creature acts first with the chance it
    // appears times its chance against the Elf (both d20 + 0, ties by a roll-off: one half).
    let mixed = odds(&["-r", "5e", "encounter", "--table", &road, "--stealth", "30", "Elf"]);
    let creatures = odds_of(&table, Some("creature"));
    let mut sums: BTreeMap<String, f64> = BTreeMap::new();
    for (part, _, p, _) in &mixed {
        *sums.entry(part.clone().unwrap()).or_default() += p;
    }
    assert!(sums.values().all(|s| (s - 1.0).abs() < 1e-9), "{sums:?}");
    let first: BTreeMap<String, f64> = mixed
        .iter()
        .filter(|(part, o, ..)| part.as_deref() == Some("first") && o.is_string())
        .map(|(_, o, p, _)| (o.as_str().unwrap().to_string(), *p))
        .collect();
    assert!(!first.is_empty(), "{mixed:?}");
    for (name, p) in &creatures {
        let name: String = serde_json::from_str(name).unwrap();
        let got = first.get(&name).copied().unwrap_or_else(|| panic!("{name} not in {first:?}"));
        assert!((got - p / 2.0).abs() < 1e-12, "{name}: {got} against {}", p / 2.0);
    }
}

#[test]
fn colour_changes_only_the_styles() {
    let args = ["--seed", "79", "table", "tests/fixtures/tables/road.yaml"];
    let coloured = crate::common::coloured(&args);
    let mut plain = String::new();
    let mut chars = coloured.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    assert_eq!(plain, stdout(&args));
    // YAML and JSON are never coloured.
    let out = fray().args(["--color", "always", "-f", "json"]).args(args).run();
    assert!(!out.stdout.contains(&0x1b));
}

#[test]
fn a_file_of_many_large_dice_is_refused_at_the_die_past_the_limit() {
    let text: String =
        (1..=11).map(|i| format!("t{i}:\n  die: 1d10000\n  rows:\n    1-10000: {{name: Orc}}\n")).collect();
    let path = written("large.yaml", &text);
    let err = fails(&["table", &path], 1);
    assert!(
        err.contains(&format!("{path}:42:8: the dice of the tables so far have more than 100000 results")),
        "{err}"
    );
}

/// `fray surprise Elf $(fray -q table FILE)` run in `shell`, FILE bringing three Giant rats: the
/// monsters' members and the party's, as the JSON names them.
fn spliced_in(shell: &str) -> (serde_json::Value, serde_json::Value) {
    let path =
        written(&format!("rats-{shell}.yaml"), "t:\n  die: 1d4\n  rows:\n    1-4: {name: Giant rat, number: 3}\n");
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_fray")).parent().unwrap().to_path_buf();
    let path_var =
        std::env::join_paths(std::iter::once(bin).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())))
            .unwrap();
    let line = format!("fray --no-config -f json --seed 1 surprise Elf $(fray -q table '{path}')");
    let flag = match shell {
        "bash" => "--norc",
        "zsh" => "-f",
        _ => "--no-config",
    };
    let out = std::process::Command::new(shell)
        .args([flag, "-c", &line])
        .env("PATH", path_var)
        .env_remove("FRAY_RULES")
        .env_remove("FRAY_FORMAT")
        .env_remove("FRAY_CONFIG_PATH")
        .output()
        .unwrap();
    assert!(out.status.success(), "{shell}: {line}: {}", String::from_utf8_lossy(&out.stderr));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let side =
        |name: &str| doc["sides"].as_array().unwrap().iter().find(|s| s["name"] == name).unwrap()["members"].clone();
    (side("monsters"), side("party"))
}

/// The README's idiom: a name with a space stays one creature when a shell splits `$(...)`.
fn a_spliced_name_with_a_space_is_one_creature(shell: &str) {
    let (monsters, party) = spliced_in(shell);
    assert_eq!(monsters, serde_json::json!(["Giant_rat 1", "Giant_rat 2", "Giant_rat 3"]), "{shell}");
    assert_eq!(party, serde_json::json!(["Elf"]), "{shell}");
}

#[test]
#[cfg_attr(missing_bash, ignore = "needs bash, not installed when the tests were built")]
fn a_quiet_table_line_with_a_spaced_name_is_one_word_to_bash() {
    a_spliced_name_with_a_space_is_one_creature("bash");
}

#[test]
#[cfg_attr(missing_zsh, ignore = "needs zsh, not installed when the tests were built")]
fn a_quiet_table_line_with_a_spaced_name_is_one_word_to_zsh() {
    a_spliced_name_with_a_space_is_one_creature("zsh");
}

#[test]
#[cfg_attr(missing_fish, ignore = "needs fish, not installed when the tests were built")]
fn a_quiet_table_line_with_a_spaced_name_is_one_word_to_fish() {
    a_spliced_name_with_a_space_is_one_creature("fish");
}
