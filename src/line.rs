//! The command line, read once: a config file's words go in front of the program's (as ripgrep
//! and bat put theirs), one clap command reads them all ([`crate::rulesets::command::parsing`]:
//! a game command with every ruleset's flags), and fray's reading of the matches says which
//! options the command line gave and which the config did. The ruleset is then known wherever
//! it was named, before a ruleset reads its own flags out of the matches; the help a game
//! command was asked for is its ruleset's, and so are its completions.

use crate::cli::{self, Cast, Cli, Command};
use crate::config::{self, Config, Located, Words};
use crate::error::{Error, Result};
use crate::roster::Document;
use crate::rulesets::command::Named;
use crate::rulesets::{Game, Procedure, Ruleset};
use std::ffi::{OsStr, OsString};

/// A command line as clap read it, and fray's reading of it.
pub struct Line {
    /// The command line clap read it with (kept, like the matches, for the process to free).
    pub command: clap::Command,
    pub matches: clap::ArgMatches,
    /// The command, and the global options the command line gave.
    pub cli: Cli,
    /// What the config file gave: its global options, its sides and rosters.
    pub config: Config,
    /// The command's own flags given on the command line (`--stealth`…; `COMBATANT` for
    /// combatants), for its ruleset to refuse those it has no rule for.
    pub given: Vec<String>,
    /// The cast's flags the command line gave before the command (`fray --side us surprise`).
    pub before: Cast,
    /// The help asked of a game command or of `track start`, which is its ruleset's:
    /// `Some(true)` for `--help` (or `fray help COMMAND`), `Some(false)` for `-h`.
    pub help: Option<bool>,
    /// The command's name, and its action's (`track start`).
    pub path: Vec<String>,
    /// The game command the line names, if it names one.
    pub game: Option<Game>,
    /// The game command's cast options, the ones given before it first, if it takes a cast.
    pub cast: Option<Cast>,
}

/// A [`Line`] before the command it was read with is handed over.
struct Parsed {
    matches: clap::ArgMatches,
    cli: Cli,
    config: Config,
    given: Vec<String>,
    before: Cast,
    help: Option<bool>,
    path: Vec<String>,
}

impl Parsed {
    fn ignores_config(&self) -> bool {
        self.cli.global.no_config
            || matches!(self.cli.command, Command::Completions(_) | Command::Man(_))
            || self.help.is_some()
    }

    /// The line, read with `command`, its cast's flags given before the command checked.
    fn line(self, command: clap::Command) -> Result<Line, Failure> {
        let Parsed { matches, mut cli, config, given, before, help, path } = self;
        let game = game_of(&mut cli.command);
        let cast = game.as_ref().and_then(crate::rulesets::cast_of).map(|after| before.clone().then(after));
        Line { command, matches, cli, config, given, before, help, path, game, cast }.checked()
    }
}

/// The game command `command` is, with its flags, which move to it (the command keeps its
/// name, and the flags are read from the game alone); `None` for fray's own commands.
fn game_of(command: &mut Command) -> Option<Game> {
    let (procedure, flags) = match command {
        Command::Surprise(flags) => (Procedure::Surprise, flags),
        Command::Distance(flags) => (Procedure::Distance, flags),
        Command::Initiative(flags) => (Procedure::Initiative, flags),
        Command::Reaction(flags) => (Procedure::Reaction, flags),
        Command::Pursue(flags) => (Procedure::Pursue, flags),
        Command::Encounter(flags) => (Procedure::Encounter, flags),
        Command::Wandering(flags) => (Procedure::Wandering, flags),
        Command::Morale(flags) => (Procedure::Morale, flags),
        Command::Roll(_) | Command::Table(_) | Command::Track(_) | Command::Completions(_) | Command::Man(_) => {
            return None;
        }
    };
    Some(Game { procedure, flags: std::mem::take(flags) })
}

/// Why a command line was not read: clap refused it, or fray did (a bad config file).
pub enum Failure {
    Refused(Box<Refused>),
    Error(Error),
}

/// A command line clap refused, with what is needed to say why.
pub struct Refused {
    pub err: clap::Error,
    /// The names of the commands, to name the one whose help to read.
    pub commands: Vec<String>,
    pub args: Vec<OsString>,
    /// The config's words, when it was read.
    pub config: Option<Words>,
}

/// Whether `flag` (`--rules`, `-f`) names one of the global options among the arguments of
/// `top`, the command line's top, as a config line may give it.
fn is_global(top: &clap::Command, flag: &str) -> bool {
    top.get_arguments().filter(|arg| arg.get_help_heading() == Some(cli::GLOBAL)).any(|arg| {
        flag.strip_prefix("--").is_some_and(|long| arg.get_long() == Some(long))
            || flag.strip_prefix('-').is_some_and(|short| arg.get_short().is_some_and(|s| short.chars().eq([s])))
    })
}

/// Reads the config file `config` names into words, the global options being `top`'s.
pub fn config_words(config: &Located, top: &clap::Command) -> Result<Option<Words>> {
    config::read(config, &|flag| is_global(top, flag))
}

/// Reads `args` (the program's name first) with the words of the config file (`config` says
/// where it is) in front, unless the command line says `--no-config`. A line clap refuses with
/// the config's words is read again without them, to tell whose fault it is.
pub fn read(args: &[OsString], config: &Located) -> Result<Line, Failure> {
    match read_as_given(args, config) {
        // `fray 2d6` is `fray roll 2d6`: a word that is no command but a dice expression.
        Err(Failure::Refused(refused)) => match dice_for_a_command(&refused) {
            Some(at) => {
                let mut args = args.to_vec();
                args.insert(at, "roll".into());
                read_as_given(&args, config)
            }
            None => Err(Failure::Refused(refused)),
        },
        read => read,
    }
}

/// Where the line clap refused holds a dice expression where a command was looked for (its
/// place among the words): the dice language's parser decides, and a word without a die (`20`)
/// is none.
fn dice_for_a_command(refused: &Refused) -> Option<usize> {
    use clap::error::{ContextKind, ContextValue};
    if refused.err.kind() != clap::error::ErrorKind::InvalidSubcommand {
        return None;
    }
    let Some(ContextValue::String(word)) = refused.err.get(ContextKind::InvalidSubcommand) else { return None };
    let dice = word.chars().any(char::is_alphabetic) && crate::dice::expr::parse(word).is_ok();
    let at = refused.args.iter().position(|arg| arg.to_str() == Some(word.as_str()))?;
    dice.then_some(at)
}

/// [`read`], the words as given.
fn read_as_given(args: &[OsString], config: &Located) -> Result<Line, Failure> {
    let mut command = crate::rulesets::command::parsing();
    let config = config_words(config, &command);
    let (words, unreadable) = match config {
        Ok(words) => (words, None),
        Err(err) => (None, Some(err)),
    };
    if let Some(words) = &words {
        match Line::parse(&mut command, args, Some(words)) {
            Ok(parsed) if !parsed.cli.global.no_config => return parsed.line(command),
            Ok(_) => {}
            Err(with) => {
                return match Line::parse(&mut command, args, None) {
                    Err(alone) => Err(Failure::Refused(Box::new(Refused { config: words.clone().into(), ..*alone }))),
                    Ok(parsed) if parsed.ignores_config() => parsed.line(command),
                    Ok(_) => Err(Failure::Error(blame(&mut command, words, &with.err))),
                };
            }
        }
    }
    match Line::parse(&mut command, args, None) {
        Err(alone) => Err(Failure::Refused(Box::new(Refused { config: words, ..*alone }))),
        Ok(parsed) => match unreadable {
            Some(err) if !parsed.ignores_config() => Err(Failure::Error(err)),
            _ => parsed.line(command),
        },
    }
}

/// The config's error for words the command line's parser refused (`err`): the first line
/// refused alone, named by file and line.
fn blame(command: &mut clap::Command, words: &Words, err: &clap::Error) -> Error {
    let file = || crate::error::echo_path(&words.path.display().to_string());
    let why = |err: &clap::Error| {
        let why = cli::describe_error(err, "fray");
        why.split("; see 'fray").next().unwrap_or(&why).to_string()
    };
    for (word, line) in words.words.iter().zip(&words.lines) {
        let refused = match command.try_get_matches_from_mut([OsStr::new("fray"), word, OsStr::new("help")]) {
            Ok(_) => continue,
            Err(err) => err,
        };
        return Error::data(format!("{}:{line}: {}", file(), why(&refused))).hint(config::HOLDS);
    }
    Error::data(format!("{}: {}", file(), why(err))).hint(config::HOLDS)
}

impl Line {
    /// `args` read by `command` with `config`'s words in front (a help that is the command's
    /// ruleset's, or `--no-config`, is acted on by the caller).
    fn parse(command: &mut clap::Command, args: &[OsString], config: Option<&Words>) -> Result<Parsed, Box<Refused>> {
        let words = config.map_or(&[][..], |c| c.words.as_slice());
        let mut argv: Vec<OsString> = Vec::with_capacity(args.len() + words.len());
        argv.extend(args.first().cloned());
        argv.extend(words.iter().cloned());
        argv.extend(args.iter().skip(1).cloned());
        // The index clap gives the command line's first word: clap counts a flag and its value
        // apart, and each config word is `--flag` or `--flag=VALUE`.
        let from = 1 + words.iter().map(|w| if w.as_encoded_bytes().contains(&b'=') { 2 } else { 1 }).sum::<usize>();
        let refused = |err: clap::Error, command: &clap::Command| {
            let commands = command.get_subcommands().map(|c| c.get_name().to_string()).collect();
            Box::new(Refused { err, commands, args: args.to_vec(), config: None })
        };
        let mut matches = match command.try_get_matches_from_mut(&argv) {
            Ok(matches) => matches,
            Err(err) => return Err(refused(err, command)),
        };
        // `fray help WORDS` is `fray WORDS --help`: the same words, `help` left out.
        let count = |help: &clap::ArgMatches| help.get_many::<String>("subcommand").map_or(0, |words| words.count());
        let help_words = match matches.subcommand() {
            Some(("help", help)) => Some(count(help)),
            Some(("track", track)) => {
                track.subcommand().filter(|(name, _)| *name == "help").map(|(_, help)| count(help))
            }
            _ => None,
        };
        if let Some(words) = help_words {
            argv.remove(argv.len() - words - 1);
            argv.push("--help".into());
            matches = match command.try_get_matches_from_mut(&argv) {
                Ok(matches) => matches,
                Err(err) => return Err(refused(err, command)),
            };
        }
        let mut path: Vec<String> = Vec::new();
        if let Some((name, sub)) = matches.subcommand() {
            path.push(name.to_string());
            path.extend(sub.subcommand_name().filter(|_| name == "track").map(str::to_string));
        }
        let (help, given) = match matches.subcommand() {
            Some(("track", track)) => {
                let given = command.find_subcommand("track").map(|t| cli::given_flags(t, track)).unwrap_or_default();
                let start = track.subcommand().filter(|(name, _)| *name == "start");
                (start.and_then(|(_, start)| cli::help_asked(start)), given)
            }
            Some((_, sub)) => (cli::help_asked(sub), cli::given_flags(command, &matches)),
            None => (None, Vec::new()),
        };
        let (config_cast, before) = cli::cast_given_before(&matches, from);
        let (cli, global) = cli::read(&mut matches, from).map_err(|err| refused(err, command))?;
        let config = Config {
            global,
            sides: config_cast.sides,
            rosters: config_cast.roster,
            path: config.map(|c| c.path.clone()),
        };
        Ok(Parsed { matches, cli, config, given, before, help, path })
    }

    /// The line, with the cast's flags it gave before the command taken as the command's own,
    /// or refused where the command has none.
    fn checked(mut self) -> Result<Line, Failure> {
        let before = [
            ("--side", !self.before.sides.is_empty()),
            ("--roster", !self.before.roster.is_empty()),
            ("--roster-example", self.before.roster_example),
        ];
        let Some(name) = self.path.first().cloned() else { return Ok(self) };
        for (flag, _) in before.into_iter().filter(|(_, given)| *given) {
            let takes = self
                .subcommand()
                .is_some_and(|sub| sub.get_arguments().any(|arg| arg.get_long() == flag.strip_prefix("--")));
            if !takes {
                return Err(Failure::Error(Error::usage(format!(
                    "unexpected argument '{flag}' found; see 'fray {name} --help'"
                ))));
            }
            if !self.given.iter().any(|g| g == flag) {
                self.given.push(flag.to_string());
            }
        }
        Ok(self)
    }

    /// The command the line names, as clap built it.
    fn subcommand(&self) -> Option<&clap::Command> {
        self.command.find_subcommand(self.path.first()?)
    }
}

/// The ruleset a command line names for its help and completions, leniently: `--rules`, else
/// FRAY_RULES, else the config's `--rules`, else the first roster file (the config's, then the
/// command line's) that names one (`rules:`), else the default. What cannot be read is passed
/// over: help and completions never fail on it.
pub fn rules_named(
    flag: Option<&str>,
    rules_var: Option<&OsStr>,
    config: Option<&str>,
    rosters: &[&std::path::Path],
) -> &'static Ruleset {
    let var = rules_var.and_then(OsStr::to_str).map(str::trim);
    let named = [flag, var, config].into_iter().flatten().find_map(Ruleset::named);
    named.or_else(|| rosters.iter().find_map(|path| roster_rules(path))).unwrap_or_else(Ruleset::implied)
}

/// The ruleset a roster file names (`rules:`), if it can be read and names one. Standard input
/// is never read for it.
fn roster_rules(path: &std::path::Path) -> Option<&'static Ruleset> {
    if path.as_os_str() == "-" {
        return None;
    }
    let (text, file) = crate::roster::read_file(path, &mut std::io::empty()).ok()?;
    let (word, _) = Document::read(&text, file).declared_rules()?;
    Ruleset::named(word.trim())
}

impl Line {
    /// What the line names, for its help: the ruleset (leniently, see [`rules_named`]) and the
    /// command.
    pub fn named(&self, rules_var: Option<&OsStr>) -> Named {
        let first = self.path.first().map(String::as_str);
        // The cast's own options hold those given before the command too.
        let cast = self.cast.as_ref().map_or(&self.before, |cast| cast);
        let rosters: Vec<&std::path::Path> =
            self.config.rosters.iter().chain(&cast.roster).map(|p| p.as_path()).collect();
        let rules =
            rules_named(self.cli.global.rules.as_deref(), rules_var, self.config.global.rules.as_deref(), &rosters);
        Named {
            rules,
            procedure: first.and_then(|name| Procedure::ALL.into_iter().find(|p| p.name() == name)),
            command: first.is_some(),
            long_help: self.help == Some(true),
            own: first.and_then(|name| ["roll", "table", "track"].into_iter().find(|own| *own == name)),
        }
    }
}

/// The words typed so far on a line being completed, read as far as they go.
pub struct SoFar {
    /// What they name: the ruleset (as for help) and the command.
    pub named: Named,
    /// The sides named with `--side` (on the line, else the config's), by name.
    pub sides: Vec<String>,
    /// The names of the combatants typed.
    pub names: Vec<String>,
}

/// Reads `words` (the program's name first, the word at the cursor left out) as the command
/// line's parser does, with the config's words in front, passing over what it refuses.
pub fn so_far(words: &[OsString], config: Option<&Words>, rules_var: Option<&OsStr>) -> SoFar {
    let config_words = config.map_or(&[][..], |c| c.words.as_slice());
    let mut argv: Vec<OsString> = vec!["fray".into()];
    argv.extend(config_words.iter().cloned());
    argv.extend(words.iter().skip(1).cloned());
    let from = 1 + config_words.iter().map(|w| if w.as_encoded_bytes().contains(&b'=') { 2 } else { 1 }).sum::<usize>();
    let mut command = crate::rulesets::command::parsing().ignore_errors(true);
    let matches = command.try_get_matches_from_mut(&argv).unwrap_or_default();
    let (config_global, global) = cli::globals(&matches, from);
    let (config_cast, before) = cli::cast_given_before(&matches, from);
    let sub = matches.subcommand();
    let strings = |id: &str| -> Vec<String> {
        let values = sub.and_then(|(_, m)| m.try_get_many::<String>(id).ok().flatten());
        values.into_iter().flatten().cloned().collect()
    };
    let paths = |id: &str| -> Vec<std::path::PathBuf> {
        let values = sub.and_then(|(_, m)| m.try_get_many::<std::path::PathBuf>(id).ok().flatten());
        values.into_iter().flatten().cloned().collect()
    };
    let name = |spec: &String| spec.split([':', '*']).next().unwrap_or(spec).to_string();
    let mut sides: Vec<String> = before.sides.iter().chain(&strings("sides")).map(name).collect();
    if sides.is_empty() {
        sides = config_cast.sides.iter().map(name).collect();
    }
    let rosters_after = paths("roster");
    let rosters: Vec<&std::path::Path> =
        config_cast.roster.iter().chain(&before.roster).chain(&rosters_after).map(|p| p.as_path()).collect();
    let rules = rules_named(global.rules.as_deref(), rules_var, config_global.rules.as_deref(), &rosters);
    let first = sub.map(|(name, _)| name);
    let named = Named {
        rules,
        procedure: first.and_then(|name| Procedure::ALL.into_iter().find(|p| p.name() == name)),
        command: first.is_some(),
        long_help: false,
        own: first.and_then(|name| ["roll", "table", "track"].into_iter().find(|own| *own == name)),
    };
    SoFar { named, sides, names: strings("combatants").iter().map(name).collect() }
}
