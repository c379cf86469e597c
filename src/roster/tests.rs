use super::*;
use crate::cast::{KeyDef, KeyList, NoKeys, Origin};

#[derive(Debug, Default, serde::Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
struct TestSide {
    aware: bool,
    chance: Option<u8>,
}

#[derive(Debug, Default, serde::Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
struct TestCombatant {
    dex: Option<i32>,
    cr: bool,
}

const KEYS: RulesetKeys = RulesetKeys {
    rules: "test",
    side: KeyList::of::<TestSide>(&[KeyDef::flag("aware", "knows"), KeyDef::int("chance", 0, 6, "surprise chance")]),
    combatant: KeyList::of::<TestCombatant>(&[
        KeyDef::int("dex", -5, 10, "Dex modifier"),
        KeyDef::flag("cr", "Combat Reflexes"),
    ]),
};

fn load(text: &str) -> Result<Roster> {
    parse(text, "r.yaml", &KEYS, &[])
}

#[test]
fn reads_both_forms() {
    let roster = load(
        "combatants:\n  - name: Goblin\n    count: 4\n    side: orcs\n    dex: 2\n    cr: true\n  - \"Elf:dex=3\"\n\
         sides:\n  - name: party\n  - orcs:chance=3\n",
    )
    .unwrap();
    assert_eq!(roster.sides.len(), 2);
    assert_eq!(roster.sides[1].keys.read::<TestSide>().unwrap().chance, Some(3));
    let goblin = &roster.combatants[0];
    assert_eq!((goblin.count, goblin.side.as_deref()), (4, Some("orcs")));
    let keys: TestCombatant = goblin.keys.read().unwrap();
    assert_eq!((keys.dex, keys.cr), (Some(2), true));
    assert_eq!(roster.combatants[1].keys.read::<TestCombatant>().unwrap().dex, Some(3));
}

#[test]
fn errors_point_at_the_line_and_column() {
    let err = load("combatants:\n  - name: Elf\n    per: 16\n").unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:3:5: unknown combatant key 'per'"), "{err}");
    let err = load("combatants:\n  - name: Elf\n    dex: 40\n").unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:3:10: key 'dex' is 40, out of range"), "{err}");
    let err = load("combatants:\n  - name: Elf\n    dex: +++5\n").unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:3:10: key 'dex' has '+++5'"), "{err}");
    let err = load("combatants:\n  - name: Elf\n    side: wolves\n").unwrap_err().to_string();
    assert!(err.contains("r.yaml:2:5: no side is named 'wolves'; sides: party, monsters"), "{err}");
    let err = load("combatants: [\n").unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:2:1:"), "{err}");
    let err = load("fighters: []\n").unwrap_err().to_string();
    assert!(err.contains("unknown roster key 'fighters'"), "{err}");
    let err = load("combatants:\n  - name: \"O\u{202E}Brien\"\n").unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:2:11:") && err.contains("invisible"), "{err}");
}

#[test]
fn empty_rosters_are_refused_however_they_are_written() {
    for text in [
        "",
        "  \n\n",
        "# only a comment\n# and another\n",
        "---\n",
        "--- # nothing\n...\n",
        "{}\n",
        "~\n",
        "null\n",
        "---\n---\n",
    ] {
        let err = load(text).unwrap_err().to_string();
        assert!(err.contains("the roster r.yaml is empty"), "{text:?}: {err}");
    }
    for text in ["sides: []\n", "[]\n", "x\n", "\"\"\n"] {
        let err = load(text).map(|_| String::new()).unwrap_or_else(|e| e.to_string());
        assert!(!err.contains("is empty"), "{text:?}: {err}");
    }
}

#[test]
fn keys_given_twice_are_refused_with_both_lines() {
    let err = load("combatants: [Elf]\ncombatants: [Orc]\n").unwrap_err().to_string();
    assert_eq!(err, "r.yaml:2:1: key 'combatants' is given twice, on lines 1 and 2; give each key once");
    let err = load("combatants:\n  - name: Elf\n    dex: 1\n\n    \"dex\": 2\n").unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:5:5: key 'dex' is given twice, on lines 3 and 5"), "{err}");
    let err = load("combatants:\n  - {name: Elf, name: Orc}\n").unwrap_err().to_string();
    assert!(err.contains("key 'name' is given twice, on lines 2 and 2"), "{err}");
    // The same key in different mappings is fine.
    assert!(load("combatants:\n  - name: Elf\n    dex: 1\n  - name: Orc\n    dex: 1\n").is_ok());
}

#[test]
fn alias_bombs_and_deep_nesting_are_refused_quickly() {
    let mut bomb = String::from("combatants:\n  - &a [x, x, x, x, x, x, x, x, x]\n");
    for i in 0..12 {
        let prev = if i == 0 { "a".to_string() } else { format!("b{}", i - 1) };
        bomb.push_str(&format!("  - &b{i} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"));
    }
    bomb.push_str("sides: *b11\n");
    let start = std::time::Instant::now();
    let err = load(&bomb).unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:"), "{err}");
    let deep = format!("combatants: {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    let err = load(&deep).unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:1:44: lists and mappings nest deeper than 32 levels"), "{err}");
    // A quote or an apostrophe earlier in the file changes nothing: the parser counts.
    for quote in ["'", "\""] {
        let deep = format!("combatants:\n  - O{quote}Brien\n  - {}1{}\n", "{a: ".repeat(50_000), "}".repeat(50_000));
        let err = load(&deep).unwrap_err().to_string();
        assert!(err.starts_with("r.yaml:3:"), "{quote}: {err}");
        assert!(err.contains("nest deeper than 32 levels"), "{quote}: {err}");
    }
    let block: String = (0..40).map(|i| format!("{}- \n", "  ".repeat(i))).collect();
    let err = load(&format!("combatants:\n{block}")).unwrap_err().to_string();
    assert!(err.contains("nest deeper than 32 levels"), "{err}");
    // Brackets in quotes and comments do not count.
    let quoted = format!("combatants:\n  - \"x{}\"  # {}\n", "[".repeat(40), "{".repeat(40));
    assert!(load(&quoted).is_ok());
    assert!(start.elapsed().as_secs() < 2, "{:?}", start.elapsed());
}

#[test]
fn nothing_after_a_list_key_is_an_empty_list_but_a_null_is_not_a_list() {
    assert_eq!(load("sides:\ncombatants: [Elf]\n").unwrap().sides.len(), 0);
    let err = load("sides: ~\ncombatants: [Elf]\n").unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:1:8: invalid type: unit value, expected a list of sides"), "{err}");
    let err = load("combatants:\n  - name:\n").unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:2:9: a name cannot be empty"), "{err}");
    let err = load("combatants:\n  - name: Elf\n    count: 1e3\n").unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:3:12: invalid type: floating point `1000.0`, expected a group size"), "{err}");
    let err = load("combatants:\n  - name: Elf\n    count: !!int x\n").unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:3:12: invalid value: string \"x\", expected an integer"), "{err}");
}

#[test]
fn anchors_and_aliases_are_read_and_errors_point_at_the_alias() {
    let roster = load("combatants:\n  - name: Elf\n    dex: &d 2\n  - name: Orc\n    dex: *d\n").unwrap();
    assert_eq!(roster.combatants[1].keys.read::<TestCombatant>().unwrap().dex, Some(2));
    assert_eq!(roster.combatants[1].origin, Origin::Roster("r.yaml:4:5".into()));
    let err = load("combatants:\n  - &e {name: Elf}\n  - *e\n").unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:3:5: two combatants are named 'Elf'"), "{err}");
    let err = load("combatants: [&a Elf, *b]\n").unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:1:22: not valid YAML: while parsing node, found unknown anchor"), "{err}");
}

#[test]
fn the_top_level_key_refused_is_the_one_pointed_at() {
    let err = load("combatants: [Elf]\nfighters: [Orc]\n").unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:2:1: unknown roster key 'fighters'"), "{err}");
    let doc = Document::read("# gurps\n\"rules\": gurps\n", "r.yaml");
    assert_eq!(doc.declared_rules(), Some(("gurps".to_string(), 2)));
    assert_eq!(Document::read("rules: [gurps]\n", "r.yaml").declared_rules(), None);
    let err = Document::read("rules: [gurps]\n", "r.yaml").parse(&KEYS, &[]).unwrap_err().to_string();
    assert!(err.starts_with("r.yaml:1:8: rules: invalid type: sequence, expected a string"), "{err}");
}

#[test]
fn long_values_are_cut_in_errors() {
    for text in [
        format!("combatants:\n  - name: Elf\n    count: {}\n", "1".repeat(100_000)),
        format!("combatants:\n  - name: Elf\n    dex: {}\n", "7".repeat(100_000)),
        format!("combatants:\n  - name: Elf\n    dex: \"{}\"\n", "x y ".repeat(25_000)),
        format!("sides: \"{}\"\n", "long ".repeat(20_000)),
        // An implicit key is at most 1024 characters (YAML 1.2, 7.4.2): a longer one is explicit.
        format!("? {}\n: 1\n", "k".repeat(100_000)),
    ] {
        let err = load(&text).unwrap_err().to_string();
        assert!(err.len() < 300 && err.contains('…'), "{} bytes: {}", err.len(), &err[..err.len().min(300)]);
    }
}

#[test]
fn example_is_a_valid_roster() {
    let text = example(&KEYS, "sides:\n  - name: party\n  - name: monsters\ncombatants:\n  - name: Elf\n    dex: 3\n");
    let roster = load(&text).unwrap();
    assert_eq!(roster.combatants.len(), 1);
    assert!(text.contains("#   dex: VALUE  Dex modifier (a whole number from -5 to 10)"), "{text}");
    let none = RulesetKeys { rules: "none", side: KeyList::of::<NoKeys>(&[]), combatant: KeyList::of::<NoKeys>(&[]) };
    assert!(example(&none, "combatants: [Elf]\n").contains("# side keys:\n#   (none)"));
}
