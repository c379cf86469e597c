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
use std::ffi::{OsStr, OsString};
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
    let declared = RULESETS.iter().map(|rules| rules.args(procedure, clap::Command::new(procedure.name())));
    declared.fold(cmd, |cmd, from| merge(cmd, from, |_| true, true))
}

/// `cmd` with the arguments of `from` it does not have yet (by id): those `shown` says as
/// declared, the others hidden, or left out where `others` is false.
fn merge(cmd: clap::Command, from: clap::Command, shown: impl Fn(&clap::Arg) -> bool, others: bool) -> clap::Command {
    let mut cmd = cmd;
    for arg in from.get_arguments() {
        let shown = shown(arg);
        if (!shown && !others) || cmd.get_arguments().any(|a| a.get_id() == arg.get_id()) {
            continue;
        }
        // Listed where it is added: its place among its own command's flags is not its place here.
        let place = cmd.get_arguments().count();
        cmd = cmd.arg(arg.clone().hide(arg.is_hide_set() || !shown).display_order(place));
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

/// What a command line names before it is parsed.
#[derive(Clone, Copy, Debug)]
pub struct Named {
    /// `-r`/`--rules`, else FRAY_RULES, else the default; a name that is no ruleset counts as
    /// none (parsing reports it).
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

/// The global options that take a value, which may be the next word.
const GLOBAL_VALUES: [&str; 9] = ["-r", "--rules", "--seed", "-f", "--format", "--color", "-n", "--repeat", "--width"];

/// Reads the ruleset and the command from `words` (the program's name first), as the shell
/// split them: bash splits `--rules=5e` at the `=`, so a lone `=` may stand before a value.
pub fn scan(words: &[OsString], rules_var: Option<&OsStr>) -> Named {
    let words: Vec<&str> = words.iter().skip(1).map(|w| w.to_str().unwrap_or("")).collect();
    let mut rules = rules_var.and_then(OsStr::to_str).and_then(|v| Ruleset::named(v.trim()));
    let mut procedure = None;
    let mut command_seen = false;
    let mut long_help = false;
    let mut own = None;
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        i += 1;
        if word == "--" {
            break;
        }
        long_help |= word == "--help" || (!command_seen && word == "help");
        let (flag, attached) = match word.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value)),
            _ => match word.strip_prefix("-r") {
                Some(value) if !value.is_empty() && !word.starts_with("--") => ("-r", Some(value)),
                _ => (word, None),
            },
        };
        if flag.starts_with('-') {
            let value = match attached {
                Some(value) => Some(value),
                None if !command_seen && GLOBAL_VALUES.contains(&flag) || matches!(flag, "-r" | "--rules") => {
                    if words.get(i) == Some(&"=") {
                        i += 1;
                    }
                    i += 1;
                    words.get(i - 1).copied()
                }
                None => None,
            };
            if matches!(flag, "-r" | "--rules") {
                rules = value.and_then(Ruleset::named).or(rules);
            }
        } else if !command_seen {
            command_seen = word != "help";
            procedure = Procedure::ALL.into_iter().find(|p| p.name() == word);
            own = ["roll", "table", "track"].into_iter().find(|name| *name == word);
        }
    }
    Named { rules: rules.unwrap_or_else(Ruleset::implied), procedure, command: command_seen, long_help, own }
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

/// The command line of the command `named` names with every ruleset's flags, where the
/// ruleset's own refuses a flag that another's may take: a game command's, or `track start`'s
/// opening flags. `None` for fray's other commands.
pub fn command_for_every_ruleset(named: Named) -> Option<clap::Command> {
    if named.own == Some("track") {
        let track = |track: clap::Command| mut_in_place(track, "start", |start| with_opening(start, RULESETS, true));
        return Some(with_rules(crate::cli::command_of("track").mut_subcommand("track", track)));
    }
    let procedure = named.procedure.filter(|_| named.own.is_none())?;
    Some(with_rules(crate::cli::command_with(procedure.name(), |sub| every_ruleset(procedure, sub))))
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
            let own: Vec<&Example> = rules.examples.iter().filter(|e| e.procedure == procedure).collect();
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
    let fits = |e: &&&Example| e.what.is_empty() || 2 + e.line.len() + 3 + e.what.len() <= WIDTH;
    // Only the lines a description stands beside set its column.
    let column = examples.iter().filter(|e| !e.what.is_empty()).filter(fits).map(|e| e.line.len()).max().unwrap_or(0);
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
