use super::*;

#[derive(Debug, Default, PartialEq, serde::Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
struct TestSide {
    aware: bool,
    chance: Option<u8>,
}

#[derive(Debug, Default, PartialEq, serde::Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
struct TestCombatant {
    dex: Option<i32>,
    cr: bool,
    speed: Option<Hundredths>,
    size: Option<String>,
}

const KEYS: RulesetKeys = RulesetKeys {
    rules: "test",
    side: KeyList::of::<TestSide>(&[KeyDef::flag("aware", "knows"), KeyDef::int("chance", 0, 6, "surprise chance")]),
    combatant: KeyList::of::<TestCombatant>(&[
        KeyDef::int("dex", -5, 10, "Dex modifier"),
        KeyDef::flag("cr", "Combat Reflexes"),
        KeyDef::hundredths("speed", 0, 10000, "Basic Speed"),
        KeyDef::word("size", &["small", "large"], "size"),
    ]),
};

fn combatant(text: &str) -> Result<RawSpec> {
    parse_inline(text, Owner::Combatant, &KEYS)
}

#[test]
fn the_lists_fill_their_structs() {
    assert_list_fills::<TestSide>(&KEYS.side, &[]);
    assert_list_fills::<TestCombatant>(&KEYS.combatant, &[]);
}

#[test]
fn parses_names_groups_and_keys() {
    let spec = combatant("Goblin*4:dex=+2,side=monsters,cr,speed=5.75,size=Large").unwrap();
    assert_eq!((spec.name.as_str(), spec.count), ("Goblin", 4));
    assert_eq!(spec.side.as_deref(), Some("monsters"));
    let keys: TestCombatant = spec.keys.read().unwrap();
    assert_eq!(
        keys,
        TestCombatant { dex: Some(2), cr: true, speed: Some(Hundredths(575)), size: Some("large".into()) }
    );
    let elf = combatant("Elf").unwrap();
    assert_eq!((elf.name.as_str(), elf.count), ("Elf", 1));
    assert_eq!(elf.keys.read::<TestCombatant>().unwrap(), TestCombatant::default());
    let side = parse_inline("orcs:chance=3,aware", Owner::Side, &KEYS).unwrap();
    assert_eq!(side.keys.read::<TestSide>().unwrap(), TestSide { aware: true, chance: Some(3) });
}

#[test]
fn rejects_bad_keys_with_what_is_allowed() {
    let err = combatant("Elf:per=16").unwrap_err().to_string();
    assert!(
        err.contains("unknown combatant key 'per'") && err.contains("allowed: dex, cr, speed, size, side, count"),
        "{err}"
    );
    let err = combatant("Elf:dex=11").unwrap_err().to_string();
    assert!(err.contains("key 'dex' is 11, out of range; allowed: a whole number from -5 to 10"), "{err}");
    let err = combatant("Elf:dex").unwrap_err().to_string();
    assert!(err.contains("key 'dex' needs a value"), "{err}");
    let err = combatant("Elf:dex=+++++5").unwrap_err().to_string();
    assert!(err.contains("key 'dex' has '+++++5'"), "{err}");
    let err = combatant("Elf:cr=3").unwrap_err().to_string();
    assert!(err.contains("takes no value"), "{err}");
    let err = combatant("Orc*0").unwrap_err().to_string();
    assert!(err.contains("1 to 1000 members"), "{err}");
    let err = combatant(":dex=1").unwrap_err().to_string();
    assert!(err.contains("cannot be empty"), "{err}");
    let err = combatant("Elf:speed=5.755").unwrap_err().to_string();
    assert!(err.contains("key 'speed' has '5.755'"), "{err}");
    assert!(parse_inline("party*2", Owner::Side, &KEYS).is_err());
}

#[test]
fn count_is_the_glob_safe_group_size() {
    let spec = combatant("Goblin:count=4,dex=2,side=monsters").unwrap();
    assert_eq!((spec.name.as_str(), spec.count, spec.side.as_deref()), ("Goblin", 4, Some("monsters")));
    assert_eq!(combatant("Goblin:COUNT=+3").unwrap().count, 3, "keys in any case, a plus sign allowed");
    assert_eq!(combatant("Goblin*4").unwrap().count, 4, "NAME*N stays");
    let err = combatant("Goblin*2:count=3").unwrap_err().to_string();
    assert!(err.contains("the group size is given twice"), "{err}");
    let err = combatant("Goblin:count=1001").unwrap_err().to_string();
    assert!(err.contains("a group has 1 to 1000 members, not 1001"), "{err}");
    let err = combatant("Goblin:count").unwrap_err().to_string();
    assert!(err.contains("key 'count' needs a group size"), "{err}");
    assert_eq!(
        parse_count("x").unwrap_err(),
        "'x' is not a group size; allowed: a whole number from 1 to 1000, or dice such as 2d4"
    );
    assert!(matches!(parse_count("2d4"), Ok(Count::Dice { .. })), "dice, rolled when the cast is loaded");
    let err = combatant("Goblin:count=1d4-1").unwrap_err().to_string();
    assert!(err.contains("could have 0 to 3 members"), "{err}");
    assert_eq!(
        parse_count(&"9".repeat(30)).unwrap_err(),
        format!("a group has 1 to 1000 members, not {}", "9".repeat(30))
    );
    assert!(
        parse_inline("orcs:count=2", Owner::Side, &KEYS).unwrap_err().to_string().contains("unknown side key 'count'")
    );
}

#[test]
fn keys_fold_case_and_a_slip_gets_a_suggestion() {
    let keys: TestCombatant = combatant("Elf:DEX=3,Cr,Side=monsters").unwrap().keys.read().unwrap();
    assert_eq!((keys.dex, keys.cr), (Some(3), true));
    let err = combatant("Elf:dxe=3").unwrap_err().to_string();
    assert!(err.contains("unknown combatant key 'dxe' for the test ruleset; did you mean 'dex'? allowed:"), "{err}");
    let err = combatant("Elf:cuont=3").unwrap_err().to_string();
    assert!(err.contains("did you mean 'count'?"), "{err}");
    let err = combatant("Elf:wisdom=3").unwrap_err().to_string();
    assert!(!err.contains("did you mean"), "nothing near: {err}");
    assert_eq!(edit_distance("count", "count"), 0);
    assert_eq!(edit_distance("cuont", "count"), 1);
    assert_eq!(edit_distance("", "abc"), 3);
    assert_eq!(edit_distance("kitten", "sitting"), 3);
}

#[test]
fn names_with_invisible_characters_or_commas_are_refused() {
    for name in ["a\u{202E}b", "\u{200B}", "a\u{2028}b", "a\u{2029}", "\u{FEFF}x", "x\u{E0041}", "\u{00AD}"] {
        let err = check_name(name).unwrap_err();
        assert!(err.contains("invisible format or separator characters"), "{name:?}: {err}");
    }
    let err = check_name("Elf,Orc").unwrap_err();
    assert!(err.contains("contains ','") && err.contains("-q joins names with commas"), "{err}");
    assert!(check_name("a:b").unwrap_err().contains("which separate keys"));
    for name in ["#1", "#", " #run", "##"] {
        let err = check_name(name).unwrap_err();
        assert!(err.contains("starts with '#'") && err.contains("without the '#'"), "{name:?}: {err}");
    }
    for fine in ["Ørkenfolk", "龍", "O'Brien", "Goblin 1", "a-b_c.d", "Goblin #1", "C#"] {
        assert_eq!(check_name(fine), Ok(()), "{fine}");
    }
}

#[test]
fn errors_echo_at_most_sixty_characters() {
    assert_eq!(echo("short"), "short");
    assert_eq!(echo(&"é".repeat(61)), format!("{}…", "é".repeat(60)));
    assert_eq!(echo(&"é".repeat(60)), "é".repeat(60));
    assert_eq!(echo("Evil\u{202E}lf"), "Evil\\u{202e}lf");
    let long = format!("Orc*{}", "1".repeat(100_000));
    let err = combatant(&long).unwrap_err().to_string();
    assert!(err.len() < 300 && err.contains('…'), "{} bytes: {}", err.len(), &err[..200.min(err.len())]);
    let err = combatant(&format!("Elf:size={}", "x".repeat(10_000))).unwrap_err().to_string();
    assert!(err.len() < 300, "{} bytes", err.len());
    let long = "9".repeat(1000);
    let quoted = echo_quoted(&format!("invalid value '{long}' for '--seed <U64>'; see 'fray --help'"));
    assert_eq!(quoted, format!("invalid value '{}…' for '--seed <U64>'; see 'fray --help'", &long[..60]));
}

#[test]
fn splits_specs_for_any_use() {
    let spec = split_spec("Mitch:after=Larry", "name", false).unwrap();
    assert_eq!(spec, Spec { name: "Mitch", count: None, keys: vec![("after", Some("Larry"))] });
    assert_eq!(split_spec("Thug*2", "name", false).unwrap_err(), "a name has no *COUNT");
    assert_eq!(split_spec("Elf:", "combatant", true).unwrap_err(), "an empty key");
    // A separator is white space to trim(), so the spec is looked at before trimming.
    assert!(split_spec("Elf\u{2029}", "combatant", true).unwrap_err().contains("(U+2029)"));
    assert!(split_spec("Elf:side=orcs\u{2028}", "combatant", true).unwrap_err().contains("key 'side' cannot"));
}

#[test]
fn resolves_sides_and_names() {
    let cast =
        Cast::resolve(vec![], vec![combatant("Elf").unwrap(), combatant("Orc*2:side=monsters").unwrap()]).unwrap();
    assert_eq!(cast.side_names(), "party, monsters");
    assert_eq!(cast.combatants[1].side, 1);
    assert_eq!(cast.combatants[1].member_names(), vec!["Orc 1", "Orc 2"]);
    let err = Cast::resolve(vec![], vec![combatant("Elf:side=wolves").unwrap()]).unwrap_err().to_string();
    assert!(err.contains("no side is named 'wolves'; sides: party, monsters"), "{err}");
    let err =
        Cast::resolve(vec![], vec![combatant("Orc*2").unwrap(), combatant("Orc 1").unwrap()]).unwrap_err().to_string();
    assert!(err.contains("two combatants are named 'Orc 1'"), "{err}");
}

#[test]
fn an_empty_default_side_takes_no_part_once_combatants_are_named() {
    let resolve = |specs: &[&str]| Cast::resolve(vec![], specs.iter().map(|s| combatant(s).unwrap()).collect());
    let cast = resolve(&["Elf", "Bree"]).unwrap();
    assert_eq!(cast.side_names(), "party, monsters");
    assert_eq!(cast.clone().take_part(&[]).side_names(), "party");
    assert_eq!(cast.take_part(&["monsters"]).side_names(), "party, monsters");
    let cast = resolve(&["Orc:side=monsters"]).unwrap().take_part(&[]);
    assert_eq!(cast.side_names(), "monsters");
    assert_eq!(cast.combatants[0].side, 0);
    assert_eq!(resolve(&[]).unwrap().take_part(&[]).side_names(), "party, monsters");
    // A side named on purpose stays, with or without combatants.
    let sides =
        vec![parse_inline("party", Owner::Side, &KEYS).unwrap(), parse_inline("monsters", Owner::Side, &KEYS).unwrap()];
    let cast = Cast::resolve(sides, vec![combatant("Elf").unwrap()]).unwrap();
    assert_eq!(cast.take_part(&[]).side_names(), "party, monsters");
}

#[test]
fn typed_reads_every_side_and_combatant() {
    let sides =
        vec![parse_inline("a:chance=4", Owner::Side, &KEYS).unwrap(), parse_inline("b", Owner::Side, &KEYS).unwrap()];
    let cast = Cast::resolve(sides, vec![combatant("Elf:dex=3,side=b").unwrap()]).unwrap();
    let cast: Cast<TestSide, TestCombatant> = cast.typed().unwrap();
    assert_eq!(cast.sides[0].keys.chance, Some(4));
    assert_eq!(cast.combatants[0].keys.dex, Some(3));
    assert_eq!(cast.combatants[0].side, 1);
}
