use super::*;

#[test]
fn verify_cli() {
    crate::rulesets::command::command().debug_assert();
}

#[test]
fn a_command_alone_parses_and_helps_as_in_the_whole_command_line() {
    for name in [
        "surprise",
        "distance",
        "initiative",
        "reaction",
        "pursue",
        "encounter",
        "wandering",
        "morale",
        "roll",
        "table",
        "track",
        "completions",
    ] {
        // A game command alone, with every ruleset's flags, as the whole command line has it.
        let game = crate::rulesets::Procedure::ALL.into_iter().find(|p| p.name() == name);
        let alone = || match game {
            Some(procedure) => crate::rulesets::command::with_rules(command_with(name, |sub| {
                crate::rulesets::command::every_ruleset(procedure, sub)
            })),
            None => command_of(name),
        };
        let whole = || if game.is_some() { crate::rulesets::command::command() } else { command() };
        for flag in ["-h", "--help"] {
            let help = |cmd: clap::Command| cmd.try_get_matches_from(["fray", name, flag]).unwrap_err().to_string();
            assert_eq!(help(alone()), help(whole()), "{name} {flag}");
        }
        alone().debug_assert();
    }
    let version = |cmd: clap::Command| cmd.try_get_matches_from(["fray", "reaction", "-V"]).unwrap_err().to_string();
    assert_eq!(version(command_of("reaction")), version(command()));
}

#[test]
fn the_line_a_run_parses_helps_as_the_whole_command_line() {
    let parsing = || crate::rulesets::command::parsing().version(env!("CARGO_PKG_VERSION"));
    let whole = crate::rulesets::command::command;
    let help = |cmd: clap::Command, words: &[&str]| cmd.try_get_matches_from(words).unwrap_err().to_string();
    for words in [
        &["fray", "-h"][..],
        &["fray", "--help"],
        &["fray", "roll", "--help"],
        &["fray", "table", "-h"],
        &["fray", "track", "--help"],
        &["fray", "track", "next", "-h"],
        &["fray", "completions", "--help"],
    ] {
        assert_eq!(help(parsing(), words), help(whole(), words), "{words:?}");
    }
    parsing().debug_assert();
}

#[test]
fn global_options_read_the_same_before_and_after_the_command() {
    let read = |words: &[&str]| {
        let mut argv = vec!["fray"];
        argv.extend_from_slice(words);
        let mut matches = crate::rulesets::command::parsing().get_matches_from(argv);
        read(&mut matches, 1).expect("fray reads its command line").0.global
    };
    let before = read(&["--seed", "3", "-f", "json", "--odds", "-n", "2", "reaction"]);
    let after = read(&["reaction", "--seed", "3", "-f", "json", "--odds", "-n", "2"]);
    assert_eq!(format!("{before:?}"), format!("{after:?}"));
    assert_eq!((before.seed, before.format, before.odds, before.repeat), (Some(3), Some(Format::Json), true, Some(2)));
    // Given in both places, the later value wins, as for a flag given twice in one place.
    let both = read(&["-f", "yaml", "--seed", "1", "reaction", "-f", "json"]);
    assert_eq!((both.format, both.seed), (Some(Format::Json), Some(1)));
    let track = read(&["track", "next", "--seed", "4"]);
    assert_eq!(track.seed, Some(4));
}

#[test]
fn the_words_in_front_are_the_configs_and_the_command_line_beats_them() {
    // `--rules=gurps` and `--seed=5` are four indices to clap: a flag and its value each.
    let argv = ["fray", "--rules=gurps", "--seed=5", "--side=orcs", "-f", "json", "surprise", "--seed", "3"];
    let mut matches = crate::rulesets::command::parsing().get_matches_from(argv);
    let (before, line) = cast_given_before(&matches, 7);
    let (cli, config) = read(&mut matches, 7).expect("fray reads its command line");
    assert_eq!((config.rules.as_deref(), config.seed, config.format), (Some("gurps"), Some(5), None));
    assert_eq!((cli.global.rules, cli.global.seed, cli.global.format), (None, Some(3), Some(Format::Json)));
    assert_eq!((before.sides, line.sides), (vec!["orcs".to_string()], Vec::<String>::new()));
}
