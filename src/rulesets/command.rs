//! The command line as the registry completes it. Each ruleset declares its commands' flags
//! (its `flags.rs`); the registry gives `--rules` its values, and builds the command line of
//! the ruleset in use: its command has only the flags the ruleset declares, in its words, and
//! its help ends with the ruleset's examples, keys and manual page. The whole command line, for
//! completions and manual pages, merges every ruleset's. No list of rulesets or of a flag's
//! owners is written anywhere else.

use super::{Example, Procedure, RULESETS, Ruleset};
use crate::cast::{KeyDef, KeyKind, MAX_GROUP};
use clap::Args as _;
use clap::builder::{PossibleValue, PossibleValuesParser};
use std::ffi::OsStr;
use std::fmt::Write as _;

/// The whole command line, every ruleset's flags: what the static completion scripts and the
/// commands' manual pages describe.
pub fn command() -> clap::Command {
    with_rules(whole())
}

fn whole() -> clap::Command {
    // Each built when clap reaches it, as the other commands are.
    fn track(track: clap::Command) -> clap::Command {
        let track = track_owners(crate::cli::TrackArgs::augment_args(track));
        mut_in_place(track, "start", |start| with_opening(start, RULESETS, false))
    }
    macro_rules! every {
        ($($procedure:ident),*) => {
            [$((Procedure::$procedure, (|sub| every_ruleset(Procedure::$procedure, sub)) as fn(clap::Command) -> clap::Command)),*]
        };
    }
    let games = every!(Surprise, Distance, Initiative, Reaction, Pursue, Encounter, Wandering, Morale);
    let args_of = |name: &str| match games.iter().find(|(procedure, _)| procedure.name() == name) {
        Some((_, args)) => Some(*args),
        None => (name == "track").then_some(track as fn(clap::Command) -> clap::Command),
    };
    crate::cli::command().mut_subcommands(|sub| match args_of(sub.get_name()) {
        Some(args) => sub.defer(args),
        None => sub,
    })
}

/// `cmd` with the flags of `procedure` under every ruleset that has it, each flag once (as the
/// first ruleset to declare it does), in the order they are first declared.
pub fn every_ruleset(procedure: Procedure, cmd: clap::Command) -> clap::Command {
    let declared = RULESETS.iter().filter_map(|rules| rules.handler(procedure));
    declared.fold(cmd, |cmd, handler| {
        let own = (handler.args)(clap::Command::new(procedure.name()));
        // What each declares is read off the command just built, rather than built again.
        handler.declared.get_or_init(|| super::flag_names(&own));
        // Its arguments move into `cmd`, and the rest of it is freed now, so that the next
        // ruleset's reuses its memory (fresh heap pages cost a start more than freeing).
        merge(cmd, own, |_| true, true)
    })
}

/// The command line a run parses ([`crate::cli::parsing`]), each command's arguments as the
/// registry completes them when clap reaches it: a game command takes every ruleset's flags
/// (each once: a test holds every ruleset that declares a flag to one shape of it), so that the
/// one reading of the line finds the ruleset wherever it is named (`--rules`, the config, a
/// roster); the ruleset's handler then reads its own flags and refuses the others'.
pub fn parsing() -> clap::Command {
    macro_rules! every {
        ($($procedure:ident),*) => {
            [$((Procedure::$procedure, (|sub| game(Procedure::$procedure, sub)) as fn(clap::Command) -> clap::Command)),*]
        };
    }
    let games = every!(Surprise, Distance, Initiative, Reaction, Pursue, Encounter, Wandering, Morale);
    let args_of = |name: &str| -> Option<fn(clap::Command) -> clap::Command> {
        if let Some((_, args)) = games.iter().find(|(procedure, _)| procedure.name() == name) {
            return Some(*args);
        }
        Some(match name {
            "roll" => |sub| own_rules(crate::cli::leaf(crate::cli::RollArgs::augment_args(sub))),
            "table" => |sub| own_rules(crate::cli::leaf(crate::cli::TableArgs::augment_args(sub))),
            "completions" => |sub| own_rules(crate::cli::leaf(crate::cli::CompletionsArgs::augment_args(sub))),
            "man" => |sub| own_rules(crate::cli::leaf(crate::cli::ManArgs::augment_args(sub))),
            "track" => track_parsing,
            _ => return None,
        })
    };
    own_rules(crate::cli::parsing()).mut_subcommands(|sub| match args_of(sub.get_name()) {
        Some(args) => sub.defer(args),
        None => sub,
    })
}

/// A game command of [`parsing`]: every ruleset's flags, the global options, help read later.
fn game(procedure: Procedure, sub: clap::Command) -> clap::Command {
    own_rules(crate::cli::help_later(crate::cli::leaf(every_ruleset(procedure, sub))))
}

/// `track` in [`parsing`]: `start` takes every ruleset's opening flags, those of surprise and the
/// acting order shown, the others hidden for start to refuse.
fn track_parsing(track: clap::Command) -> clap::Command {
    let track = track_owners(crate::cli::TrackArgs::augment_args(track));
    let track = mut_in_place(track, "start", |start| crate::cli::help_later(with_opening(start, RULESETS, true)));
    own_rules(crate::cli::leaf(track.subcommand(crate::cli::help_command())))
}

/// `cmd` with its own `--rules` taking the registry's ids.
fn own_rules(cmd: clap::Command) -> clap::Command {
    cmd.mut_arg("rules", |arg| arg.value_parser(rules_values()).help(rules_help()))
}

/// `cmd` with the arguments of `from` it does not have yet (by id): those `shown` says as
/// declared, the others hidden, or left out where `others` is false.
fn merge(cmd: clap::Command, from: clap::Command, shown: impl Fn(&clap::Arg) -> bool, others: bool) -> clap::Command {
    // clap hands a command's arguments out by value only through `mut_args`: each is taken, a
    // bare one left in its place, rather than copied (`from` is dropped with the bare ones).
    let mut taken = Vec::with_capacity(from.get_arguments().count());
    drop(from.mut_args(|arg| {
        taken.push(arg);
        clap::Arg::new("taken")
    }));
    let mut cmd = cmd;
    for arg in taken {
        let shown = shown(&arg);
        if (!shown && !others) || cmd.get_arguments().any(|a| a.get_id() == arg.get_id()) {
            continue;
        }
        // Listed where it is added: its place among its own command's flags is not its place here.
        let place = cmd.get_arguments().count();
        let hidden = arg.is_hide_set() || !shown;
        cmd = cmd.arg(arg.hide(hidden).display_order(place));
    }
    cmd
}

/// The flags `start` hands the procedure that opens the fight: those of surprise and of the
/// acting order. The opening's other flags (its reaction, its distance) are not a fight's.
pub const OPENING: &[&str] = &[
    "--ambush",
    "--aware",
    "--total",
    "--partial",
    "--stealth",
    "--stealth-mod",
    "--stealth-ties",
    "--ties",
    "--wait",
    "--variant",
    "--swap",
    "--both-surprised",
    "--surprised",
    "--individual",
    "--table",
];

/// `track start` with the flags of the procedures that open a fight under `rulesets`, their
/// encounter and initiative: those of surprise and the acting order shown, the others hidden
/// (start refuses them) where `others` says, so that each opening reads its own flags from
/// start's; the command line that parses has them, the one completions describe not.
fn with_opening(start: clap::Command, rulesets: &[&Ruleset], others: bool) -> clap::Command {
    let opening = |arg: &clap::Arg| arg.get_long().is_some_and(|l| OPENING.iter().any(|f| f[2..] == *l));
    let procedures = [Procedure::Encounter, Procedure::Initiative];
    let declared = rulesets.iter().flat_map(|rules| procedures.map(|p| rules.args(p, clap::Command::new(p.name()))));
    declared.fold(start, |start, from| merge(start, from, opening, others))
}

/// `cmd` with its subcommand `name` changed by `change`, left in its place (`mut_subcommand`
/// puts the one it changes last).
fn mut_in_place(
    mut cmd: clap::Command,
    name: &str,
    change: impl FnOnce(clap::Command) -> clap::Command,
) -> clap::Command {
    if let Some(sub) = cmd.find_subcommand_mut(name) {
        let taken = std::mem::take(sub);
        *sub = change(taken);
    }
    cmd
}

/// `cmd` with `--rules` taking the registry's ids, wherever `cmd` declares it: at the top, and
/// in a command that takes the global options as its own.
pub fn with_rules(cmd: clap::Command) -> clap::Command {
    let set = |arg: clap::Arg| arg.value_parser(rules_values()).help(rules_help());
    // At the top in place: the completions list it where it is.
    let cmd = cmd.mut_args(|arg| if arg.get_id() == "rules" { set(arg) } else { arg });
    let takes_rules = |sub: &clap::Command| sub.get_arguments().any(|arg| arg.get_id() == "rules");
    let leaf = cmd.get_subcommands().find(|sub| takes_rules(sub)).map(|sub| sub.get_name().to_string());
    match leaf {
        // The one command of a run, which takes the global options as its own.
        Some(name) => cmd.mut_subcommand(name, |sub| sub.mut_arg("rules", set)),
        None => cmd,
    }
}

/// `--rules` takes the registry's ids and aliases, in any case, each with its title.
pub fn rules_values() -> PossibleValuesParser {
    PossibleValuesParser::new(
        RULESETS.iter().map(|r| PossibleValue::new(r.id).aliases(r.aliases.iter().copied()).help(r.title)),
    )
}

/// The help of `--rules`: the registry's ids, the default first.
pub fn rules_help() -> String {
    let others: Vec<&str> = RULESETS.iter().skip(1).map(|r| r.id).collect();
    format!("Ruleset: {} (default), {}; default from FRAY_RULES", Ruleset::implied().id, others.join(", "))
}

/// What a command line names, for its help and its completions.
#[derive(Clone, Copy, Debug)]
pub struct Named {
    /// The ruleset, as `--rules`, FRAY_RULES, the config or a roster names it, else the default.
    pub rules: &'static Ruleset,
    /// The game command, also after `help` (`fray help surprise`).
    pub procedure: Option<Procedure>,
    /// A command is named, a game's or another (`completions`).
    pub command: bool,
    /// Long help is asked for: `--help`, or the `help` command.
    pub long_help: bool,
    /// The command, where it is one of fray's own (`roll`, `table`, `track`).
    pub own: Option<&'static str>,
}

/// The command line for the ruleset and command `named`: that command shows only the flags
/// the ruleset declares for it, each in the ruleset's words. Only that command is built, and
/// only it receives the global options.
pub fn command_for(named: Named) -> clap::Command {
    with_rules(command_for_named(named))
}

fn command_for_named(named: Named) -> clap::Command {
    match named.own {
        Some("track") => {
            return crate::cli::command_of("track").mut_subcommand("track", |track| track_for(named.rules, track));
        }
        Some(own) => return crate::cli::command_of(own),
        None => {}
    }
    let Some(procedure) = named.procedure else { return whole() };
    let rules = named.rules;
    let Some(handler) = rules.handler(procedure) else {
        // A ruleset without the rule: its command still parses every ruleset's flags, to say so.
        let cmd = crate::cli::command_with(procedure.name(), |sub| every_ruleset(procedure, sub));
        let hidden = |arg: clap::Arg| match arg.get_help_heading() == Some(crate::cli::GLOBAL) {
            true => arg,
            false => arg.hide(true),
        };
        return cmd.mut_subcommand(procedure.name(), |sub| sub.mut_args(hidden));
    };
    let own = |sub: clap::Command| {
        let sub = (handler.args)(sub);
        // What it declares is read off the command just built, rather than built again.
        handler.declared.get_or_init(|| super::flag_names(&sub));
        in_its_words(rules, sub)
    };
    crate::cli::command_with(procedure.name(), own)
}

/// `sub`, the command of `rules`'s `procedure`, with the words the ruleset gives a flag's value
/// offered to help and completion.
fn in_its_words(rules: &Ruleset, sub: clap::Command) -> clap::Command {
    let flags: Vec<(clap::Id, String)> = sub
        .get_arguments()
        .filter_map(|arg| arg.get_long().map(|long| (arg.get_id().clone(), format!("--{long}"))))
        .collect();
    flags.into_iter().fold(sub, |sub, (id, flag)| match (rules.values)(&flag) {
        words if words.is_empty() => sub,
        words => sub.mut_arg(id, |arg| offer(words, arg)),
    })
}

/// The tracker's commands and flags that only some rulesets' round rules have, each saying
/// which: delayed, readied and held actions, and lair actions.
fn track_owners(track: clap::Command) -> clap::Command {
    let owners = |has: fn(&dyn crate::fight::Fighting) -> bool| {
        RULESETS.iter().filter(|r| has(r.fight)).map(|r| r.id).collect::<Vec<_>>().join(", ")
    };
    let moves = owners(|fight| fight.moves().is_some());
    let track = ["delay", "ready", "hold"].into_iter().fold(track, |track, name| {
        mut_in_place(track, name, |sub| {
            let about = sub.get_about().map(ToString::to_string).unwrap_or_default();
            sub.about(format!("{about} ({moves})"))
        })
    });
    let lair = owners(|fight| fight.lair());
    // The rulesets' own fights open the examples; those that name no ruleset follow.
    let examples = RULESETS.iter().flat_map(|r| r.examples).filter(|e| e.procedure.is_none());
    let mut lines = String::from("Examples:\n");
    for example in examples {
        let _ = match example.what {
            "" => writeln!(lines, "  {}", example.line),
            what => writeln!(lines, "  {:48}  {what}", example.line),
        };
    }
    let rest = crate::cli::TRACK_EXAMPLES.strip_prefix("Examples:\n").unwrap_or(crate::cli::TRACK_EXAMPLES);
    lines.push_str(rest);
    let track = track.after_long_help(format!("{lines}\n\n{}", crate::cli::TRACK_ENV_HELP)).after_help(lines);
    mut_in_place(track, "start", |start| {
        start.mut_arg("lair", |arg| {
            let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
            arg.help(format!("{help} ({lair})"))
        })
    })
}

/// `track` as `rules` has it: `start` shows only the flags that the ruleset's opening
/// procedures (its encounter and its initiative) take, in the ruleset's words, and lair actions
/// where its round rules have them.
fn track_for(rules: &'static Ruleset, track: clap::Command) -> clap::Command {
    mut_in_place(track_owners(track), "start", |start| {
        let ids = |optional: bool| -> Vec<&'static str> {
            rules.fight.fired_rules().iter().filter(|r| r.optional == optional).map(|r| r.id).collect()
        };
        with_opening(start, &[rules], true).mut_args(|arg| match arg.get_long() {
            Some("lair") if !rules.fight.lair() => arg.hide(true),
            // The rules the ruleset fires, offered to help and completion.
            Some("no-rule") if ids(false).is_empty() => arg.hide(true),
            Some("no-rule") => offer(ids(false), arg),
            Some("rule") if ids(true).is_empty() => arg.hide(true),
            Some("rule") => offer(ids(true), arg),
            Some(long) => offer((rules.values)(&format!("--{long}")), arg),
            None => arg,
        })
    })
}

/// `arg` with the words a ruleset gives its value offered to help and completion; the value is
/// still read as any text, for the ruleset to judge in its own words.
pub fn offer(words: Vec<&'static str>, arg: clap::Arg) -> clap::Arg {
    if words.is_empty() { arg } else { arg.value_parser(Offering(words)) }
}

/// Every ruleset's words for the value of `flag`, each once.
pub fn every_value(flag: &str) -> Vec<&'static str> {
    let mut words: Vec<&'static str> = Vec::new();
    for word in RULESETS.iter().flat_map(|r| (r.values)(flag)) {
        if !words.contains(&word) {
            words.push(word);
        }
    }
    words
}

/// A value read as text that offers `words`.
#[derive(Clone)]
struct Offering(Vec<&'static str>);

impl clap::builder::TypedValueParser for Offering {
    type Value = String;

    fn parse_ref(&self, cmd: &clap::Command, _: Option<&clap::Arg>, value: &OsStr) -> Result<String, clap::Error> {
        value
            .to_str()
            .map(str::to_string)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidUtf8).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().map(|w| PossibleValue::new(*w))))
    }
}

/// The width help text fray writes itself is kept within (examples aside, which are never
/// broken).
const WIDTH: usize = 80;

/// What help prints after clap's text, unwrapped: the examples that run under the ruleset,
/// the keys its command's sides and combatants take with their ranges, and where to read more;
/// with `long` (`--help`), the environment and exit status too.
pub fn help_footer(named: Named) -> String {
    let rules = named.rules;
    let mut out = String::new();
    match named.procedure {
        None if named.command => {}
        None => {
            let tour: Vec<&Example> = RULESETS.iter().flat_map(|r| r.examples).filter(|e| e.tour).collect();
            examples(&mut out, &tour);
            let _ = writeln!(out, "\nEach ruleset's rules and keys: man fray-ID (ID one of the --rules values).");
            prose(
                &mut out,
                "A dice expression alone is rolled (fray 2d6 is fray roll 2d6); r is short for roll, t for track, and t n for track next.",
            );
        }
        Some(procedure) if !rules.has(procedure) => {
            let none = format!(
                "The {} ruleset has no {} rule; rulesets with one: {}.",
                rules.id,
                procedure.rule_name(),
                Ruleset::having(procedure).join(", ")
            );
            prose(&mut out, &none);
            let _ = writeln!(out, "Their flags: fray -r ID {} --help", procedure.name());
        }
        Some(procedure) => {
            let own: Vec<&Example> = rules.examples.iter().filter(|e| e.procedure == Some(procedure)).collect();
            examples(&mut out, &own);
            if rules.takes_flag(procedure, "COMBATANT") {
                keys(&mut out, rules);
            }
            let _ = writeln!(out, "\nThe {} rules in full: man fray-{}", rules.id, rules.id);
            if rules.takes_flag(procedure, "--roster-example") {
                let roster = format!(
                    "A roster file with every key explained: fray -r {} {} --roster-example",
                    rules.id,
                    procedure.name()
                );
                prose(&mut out, &roster);
            }
            let others: Vec<&str> =
                RULESETS.iter().filter(|r| r.id != rules.id && r.has(procedure)).map(|r| r.id).collect();
            let others =
                format!("Under another ruleset ({}): fray -r ID {} --help", others.join(", "), procedure.name());
            prose(&mut out, &others);
        }
    }
    if named.long_help && (named.procedure.is_some() || !named.command) {
        let _ = writeln!(out, "\n{}", crate::cli::ENV_HELP);
    }
    if !named.long_help {
        let gap = if out.is_empty() { "" } else { "\n" };
        let _ = writeln!(out, "{gap}{}", crate::cli::GLOBAL_POINTER);
    }
    out
}

/// A sentence of the help's footer, broken between words to [`WIDTH`], its continuation
/// indented (a command it names ends it, so it is not broken).
fn prose(out: &mut String, text: &str) {
    crate::render::wrap::push_wrapped(out, 0, text, WIDTH);
}

/// `Examples:`, one command line each, never broken; what it shows beside it where that fits
/// in [`WIDTH`], else on the next line.
fn examples(out: &mut String, examples: &[&Example]) {
    if examples.is_empty() {
        return;
    }
    let fits_at = |e: &Example, column: usize| 2 + column + 3 + e.what.chars().count() <= WIDTH;
    // Only the lines a description stands beside set its column; a description that would not
    // fit beside that column goes under its line.
    let column = examples
        .iter()
        .filter(|e| !e.what.is_empty() && fits_at(e, e.line.len()))
        .map(|e| e.line.len())
        .max()
        .unwrap_or(0);
    let fits = |e: &&&Example| e.what.is_empty() || fits_at(e, column.max(e.line.len()));
    let _ = writeln!(out, "Examples:");
    for example in examples {
        if example.what.is_empty() {
            let _ = writeln!(out, "  {}", example.line);
        } else if fits(&example) {
            let _ = writeln!(out, "  {:column$}   {}", example.line, example.what);
        } else {
            let _ = writeln!(out, "  {}\n      {}", example.line, example.what);
        }
    }
}

/// The keys of the ruleset's combatants and sides, each with what it takes.
fn keys(out: &mut String, rules: &Ruleset) {
    let _ = writeln!(out, "\nCombatant keys (NAME:KEY=VALUE,... or NAME:FLAG; NAME:count=N for a group of N):");
    let count = KeyDef::int("count", 1, MAX_GROUP as i64, "a group of N identical combatants");
    let side = KeyDef::word("side", &["NAME"], "the side it fights on (default: the first side)");
    key_lines(out, [&count, &side].into_iter().chain(rules.keys.combatant.keys));
    let _ = write!(out, "\nSide keys (--side NAME:KEY=VALUE,...):");
    if rules.keys.side.keys.is_empty() {
        let _ = writeln!(out, " none");
    } else {
        let _ = writeln!(out);
        key_lines(out, rules.keys.side.keys.iter());
    }
}

/// One key a line, `name=N  what it is (what it takes)`, wrapped within [`WIDTH`] under the
/// description.
fn key_lines<'a>(out: &mut String, keys: impl Iterator<Item = &'a KeyDef>) {
    let keys: Vec<(String, String)> = keys
        .map(|key| {
            let shape = match key.kind {
                KeyKind::Word(["NAME"]) => "=NAME".into(),
                KeyKind::Flag => String::new(),
                KeyKind::Int { .. } => "=N".into(),
                KeyKind::Hundredths { .. } => "=N.NN".into(),
                KeyKind::Word(_) => "=WORD".into(),
                KeyKind::Text(_) => "=TEXT".into(),
            };
            let meaning = match key.kind {
                KeyKind::Flag | KeyKind::Text(_) | KeyKind::Word(["NAME"]) => key.help.to_string(),
                _ => format!("{}; {}", key.help, key.allowed()),
            };
            (format!("{}{shape}", key.name), meaning)
        })
        .collect();
    let column = keys.iter().map(|(tag, _)| tag.len()).max().unwrap_or(0).min(16);
    for (tag, meaning) in keys {
        let indent = 2 + column + 2;
        let mut line = format!("  {tag:column$}");
        if tag.len() > column {
            let _ = writeln!(out, "{line}");
            line = " ".repeat(indent - 2);
        }
        for word in meaning.split(' ') {
            if line.len() + 1 + word.len() > WIDTH && line.len() > indent {
                let _ = writeln!(out, "{line}");
                line = " ".repeat(indent - 1);
            } else if line.len() < indent - 1 {
                line.push_str(&" ".repeat(indent - 1 - line.len()));
            }
            line.push(' ');
            line.push_str(word);
        }
        let _ = writeln!(out, "{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game command is read once with every ruleset's flags, each as the first ruleset to
    /// declare it does: every ruleset that declares a flag must read it the same way (what it
    /// takes, how many values, which values), or that reading would not be its own.
    #[test]
    fn every_ruleset_that_declares_a_flag_reads_it_alike() {
        for procedure in Procedure::ALL {
            let mut shapes: std::collections::BTreeMap<String, (String, &str)> = Default::default();
            for rules in RULESETS.iter().filter(|r| r.has(procedure)) {
                let mut cmd = rules.args(procedure, clap::Command::new(procedure.name()));
                cmd.build();
                for arg in cmd.get_arguments() {
                    let possible = arg.get_possible_values();
                    let values: Vec<&str> = possible.iter().map(|v| v.get_name()).collect();
                    let defaults: Vec<_> = arg.get_default_values().iter().map(|v| v.to_os_string()).collect();
                    let shape = format!(
                        "{:?} {:?} {:?} {:?} {values:?} {defaults:?} {} {}",
                        arg.get_action(),
                        arg.get_num_args(),
                        arg.get_short(),
                        arg.get_value_parser().type_id(),
                        arg.is_allow_hyphen_values_set(),
                        arg.is_allow_negative_numbers_set()
                    );
                    let id = arg.get_id().to_string();
                    match shapes.get(&id) {
                        Some((first, by)) => {
                            assert_eq!(&shape, first, "{} {id}: {} reads it unlike {by}", procedure.name(), rules.id)
                        }
                        None => {
                            shapes.insert(id, (shape, rules.id));
                        }
                    }
                }
            }
        }
    }

    /// The one reading finds the ruleset wherever the line names it, and the flags of the
    /// ruleset it names are the command's own.
    #[test]
    fn the_line_is_read_once_with_every_rulesets_flags() {
        let mut matches = parsing()
            .try_get_matches_from(["fray", "surprise", "--total", "-r", "gurps", "Ansel", "--side", "a", "--side", "b"])
            .expect("every ruleset's surprise flags are read");
        let (cli, _) = crate::cli::read(&mut matches, 1).unwrap();
        assert_eq!(cli.global.rules.as_deref(), Some("gurps"));
        let crate::cli::Command::Surprise(flags) = &cli.command else { panic!("a surprise command") };
        assert!(flags.0.get_flag("total"));
        let refused = parsing().try_get_matches_from(["fray", "surprise", "--no-such-flag"]).unwrap_err();
        assert_eq!(refused.kind(), clap::error::ErrorKind::UnknownArgument);
    }
}
