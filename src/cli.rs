//! The command line, and nothing else: every flag, value and help text of fray. Completions
//! and man pages are generated from these types alone.

use clap::builder::TypedValueParser;
use clap::{Args, Parser, Subcommand, ValueEnum, ValueHint};
use std::ffi::OsStr;
use std::path::PathBuf;

mod errors;
mod game;
mod roll;
mod track;
mod values;

pub use errors::describe_error;
pub use game::*;
pub use roll::*;
pub use track::*;
pub use values::*;

const ABOUT: &str = "Dice and encounter procedures for tabletop role-playing games";

const LONG_ABOUT: &str = "\
fray runs one rules procedure per command (surprise, distance, initiative, reaction, pursue, \
or the whole encounter; wandering and morale before and after them) under the ruleset you \
play, shows every die and every modifier, and prints the verdict as text, YAML or JSON. \
roll rolls dice expressions, table an encounter table, track keeps a fight between commands \
(track play at the table), completions prints a shell's completion script. --odds gives the \
exact probability of every outcome instead of rolling.";

pub const ENV_HELP: &str = "\
Environment:
  FRAY_RULES       default for --rules
  FRAY_FORMAT      default for --format
  FRAY_CONFIG_PATH the config file: default flags, one a line (--format json);
                   else $XDG_CONFIG_HOME/fray/config or ~/.config/fray/config
  NO_COLOR         non-empty: no colour with --color auto
  CLICOLOR_FORCE   not 0: colour with --color auto even when not a terminal
  COLUMNS          the width of text output when --width is not given

Exit status:
  0 success, 1 unreadable or malformed data (roster, config), 2 usage error";

#[derive(Debug, Parser)]
#[command(
    name = "fray",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    propagate_version = true,
    args_override_self = true,
    max_term_width = 80
)]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,

    #[command(subcommand)]
    pub command: Command,
}

// Options every command takes, before or after the command name: declared once, here, and
// offered to every subcommand by clap (`global`). A plain comment: a doc comment would become
// a command's description.
#[derive(Debug, Clone, Default, Args)]
pub struct Global {
    // The registry of rulesets gives the values and their help where it completes the command
    // line (src/rulesets/command.rs).
    #[arg(global = true, help_heading = GLOBAL, hide_short_help = true, short, long, ignore_case = true, value_name = "ID")]
    pub rules: Option<String>,

    /// Make the run reproducible: the same seed and arguments give the same output (any
    /// number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)
    #[arg(global = true, help_heading = GLOBAL, hide_short_help = true, long, value_name = "U64", allow_negative_numbers = true, value_parser = seed)]
    pub seed: Option<u64>,

    /// Output format: text (default), yaml, json; default from FRAY_FORMAT
    #[arg(global = true, help_heading = GLOBAL, hide_short_help = true, short, long, value_enum, ignore_case = true, value_name = "FORMAT")]
    pub format: Option<Format>,

    /// When to colour text output: auto (default), always, never
    #[arg(global = true, help_heading = GLOBAL, hide_short_help = true, long, value_enum, value_name = "WHEN")]
    pub color: Option<ColorWhen>,

    /// Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)
    #[arg(global = true, help_heading = GLOBAL, hide_short_help = true, short = 'n', long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u64>(1..=1_000_000_000))]
    pub repeat: Option<u64>,

    /// Do not roll: print the exact probability of every outcome
    #[arg(global = true, help_heading = GLOBAL, hide_short_help = true, long)]
    pub odds: bool,

    /// Only the headline result, one line per run, whatever the format
    #[arg(global = true, help_heading = GLOBAL, hide_short_help = true, short, long)]
    pub quiet: bool,

    /// Print the seed in text output
    #[arg(global = true, help_heading = GLOBAL, hide_short_help = true, short = 'v', long)]
    pub show_seed: bool,

    /// Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)
    #[arg(global = true, help_heading = GLOBAL, hide_short_help = true, long)]
    pub no_config: bool,
    /// Wrap text output to N columns (default: COLUMNS, else the terminal's width, else 80)
    #[arg(global = true, help_heading = GLOBAL, hide_short_help = true, long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<usize>(20..=1000))]
    pub width: Option<usize>,
}

/// The heading the global options share in every long help page; a short one (`-h`) names
/// them in [`GLOBAL_POINTER`] instead.
pub const GLOBAL: &str = "Global options";

/// The line a short help (`-h`) gives the global options, whose whole list is in `--help`.
pub const GLOBAL_POINTER: &str = "Global options (-r, -f, --seed, --color, -n, --odds, -q...): fray --help";

/// The whole command line.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    Cli::command()
}

/// The command line a run parses: every command, each one's arguments built only when clap
/// reaches it (see [`leaf`]), so that a run builds its own command alone (start-up cost). The
/// global options are the top's own, and each command's (not clap's global arguments, whose
/// values clap would copy between the levels); [`read`] reads them from both. The cast's flags
/// are the top's too, hidden: a config file's `--roster` and `--side` stand before the command,
/// as may the command line's. `help` is a command of fray's own, so that a game command's help
/// is its ruleset's. The rest as [`Cli`] declares it; a test holds the two to the same help.
pub fn parsing() -> clap::Command {
    // The subcommands first: clap takes their enum's doc comment for the top's description.
    let top = top(Command::augment_subcommands(clap::Command::new("fray")))
        .version(BUILD_VERSION)
        .disable_help_subcommand(true);
    let top = Global::augment_args(top).mut_args(|arg| arg.global(false));
    cast_before(top).subcommand(help_command())
}

/// `help [COMMAND]...`, as clap words its own: fray reads it as `COMMAND... --help`.
pub fn help_command() -> clap::Command {
    clap::Command::new("help")
        .about("Print this message or the help of the given subcommand(s)")
        .disable_help_flag(true)
        .disable_version_flag(true)
        .arg(
            clap::Arg::new("subcommand")
                .action(clap::ArgAction::Append)
                .num_args(..)
                .value_name("COMMAND")
                .help("Print help for the subcommand(s)"),
        )
}

/// What `--version` says after `fray`: the version and, when built from git, the revision and
/// its date (`0.1.0 (abc1234 2026-12-01)`; see build.rs). The generated man pages name only the
/// version.
pub const BUILD_VERSION: &str = env!("FRAY_BUILD_VERSION");

/// `top` with the cast's flags, hidden, given before the command (`fray --side party --side
/// orcs surprise`, or a config file's `--roster`).
fn cast_before(top: clap::Command) -> clap::Command {
    let cast = Cast::augment_args(clap::Command::new("cast"));
    let flags = cast.get_arguments().filter(|arg| arg.get_long().is_some());
    flags.fold(top, |top, flag| top.arg(flag.clone().hide(true)))
}

/// `sub`, one command of [`parsing`] as its arguments are built: with the global options as its
/// own, or, for a command with commands of its own, offered to them.
pub fn leaf(sub: clap::Command) -> clap::Command {
    if sub.has_subcommands() {
        return Global::augment_args(sub);
    }
    let local = |arg: clap::Arg| arg.global(false);
    Global::augment_args(sub).mut_args(local)
}

/// `sub`, a game command (or `track start`), with `-h` and `--help` read as switches: its help
/// is its ruleset's, which is known once the whole line is read.
pub fn help_later(sub: clap::Command) -> clap::Command {
    let switch = |id: &'static str| clap::Arg::new(id).action(clap::ArgAction::SetTrue).hide(true);
    sub.disable_help_flag(true).arg(switch(SHORT_HELP).short('h')).arg(switch(LONG_HELP).long("help"))
}

/// The ids of [`help_later`]'s switches.
pub const SHORT_HELP: &str = "short_help";
pub const LONG_HELP: &str = "long_help";

/// The help a game command (or `track start`) was asked for among `matches` (its own):
/// `Some(true)` for `--help`, `Some(false)` for `-h`.
pub fn help_asked(matches: &clap::ArgMatches) -> Option<bool> {
    let on = |id: &str| matches.try_get_one::<bool>(id).ok().flatten().copied().unwrap_or(false);
    match (on(LONG_HELP), on(SHORT_HELP)) {
        (true, _) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

/// `cmd` as the top of fray's command line, set as [`Cli`] declares it.
fn top(cmd: clap::Command) -> clap::Command {
    cmd.about(ABOUT)
        .long_about(LONG_ABOUT)
        .propagate_version(true)
        .args_override_self(true)
        .max_term_width(80)
        .subcommand_required(true)
        .arg_required_else_help(true)
}

/// The command line with the command `name` alone beside the global options, its arguments
/// built, as a run of [`parsing`] builds it: what the tests compare with the whole command line.
pub fn command_of(name: &str) -> clap::Command {
    match args_of(name) {
        Some(args) => command_with(name, args),
        None => command(),
    }
}

/// [`command_of`] for a command whose arguments `args` adds: a game command's, which its
/// ruleset declares.
pub fn command_with(name: &str, args: impl FnOnce(clap::Command) -> clap::Command) -> clap::Command {
    let sub = Command::augment_subcommands(clap::Command::new("fray")).find_subcommand(name).cloned();
    let Some(sub) = sub else { return command() };
    let sub = args(sub.defer(|sub| sub));
    let top = top(clap::Command::new("fray")).version(env!("CARGO_PKG_VERSION"));
    if sub.has_subcommands() {
        return Global::augment_args(top).subcommand(sub);
    }
    let local = |arg: clap::Arg| arg.global(false);
    Global::augment_args(top).mut_args(local).subcommand(Global::augment_args(sub).mut_args(local))
}

/// The arguments of fray's own command `name`, as its type declares them (a game command's are
/// its ruleset's).
pub fn args_of(name: &str) -> Option<fn(clap::Command) -> clap::Command> {
    Some(match name {
        "roll" => RollArgs::augment_args,
        "table" => TableArgs::augment_args,
        "track" => TrackArgs::augment_args,
        "completions" => CompletionsArgs::augment_args,
        "man" => ManArgs::augment_args,
        _ => return None,
    })
}

/// fray's reading of the command line clap parsed from [`parsing`]: the command, and the global
/// options given on the command line, before the command and after it; and apart, those given
/// by the words before `from` (a config file's, put in front of the command line's). The values
/// are taken out of `matches` (reading a copy would cost a tenth of a short run).
pub fn read(matches: &mut clap::ArgMatches, from: usize) -> Result<(Cli, Global), clap::Error> {
    use clap::FromArgMatches;
    let (config, global) = globals(matches, from);
    let command = Command::from_arg_matches_mut(matches)?;
    Ok((Cli { global, command }, config))
}

/// The global options among `matches` of [`parsing`]: those the words before `from` gave (a
/// config file's), and those the command line gave, before the command and after it.
pub fn globals(matches: &clap::ArgMatches, from: usize) -> (Global, Global) {
    let (config, before) = Global::split(matches, from);
    // A switch is always among the matches of a command that has it.
    let after =
        matches.subcommand().filter(|(_, sub)| sub.ids().any(|id| id == "odds")).map(|(_, sub)| Global::of(sub));
    match after {
        Some(after) => (config, before.merged(after)),
        None => (config, before),
    }
}

/// The cast's flags among the top's `matches` of [`parsing`]: those of the words before `from`
/// (a config file's) and those of the command line, given before the command.
pub fn cast_given_before(matches: &clap::ArgMatches, from: usize) -> (Cast, Cast) {
    // Matches read only as far as the line goes (for completions) may lack any of them.
    let present = |id: &str| matches.ids().any(|known| known == id);
    // Each value of `id`, parted into the config's words and the command line's.
    fn split<T: Clone + Send + Sync + 'static>(matches: &clap::ArgMatches, id: &str, from: usize) -> (Vec<T>, Vec<T>) {
        if !matches.ids().any(|known| known == id) {
            return Default::default();
        }
        let values = matches.try_get_many::<T>(id).ok().flatten().into_iter().flatten();
        let indices = matches.indices_of(id).into_iter().flatten();
        let (config, line): (Vec<_>, Vec<_>) = values.zip(indices).partition(|(_, i)| *i < from);
        (config.into_iter().map(|(v, _)| v.clone()).collect(), line.into_iter().map(|(v, _)| v.clone()).collect())
    }
    let (config_sides, sides) = split::<String>(matches, "sides", from);
    let (config_rosters, roster) = split::<PathBuf>(matches, "roster", from);
    let example = present("roster_example")
        && matches.get_flag("roster_example")
        && matches.index_of("roster_example").is_some_and(|i| i >= from);
    let config = Cast { sides: config_sides, roster: config_rosters, ..Cast::default() };
    (config, Cast { sides, roster, roster_example: example, combatants: Vec::new() })
}

impl Global {
    /// The global options among the top's matches: those of the words before `from` (a config
    /// file's), and those the command line gave before the command.
    fn split(matches: &clap::ArgMatches, from: usize) -> (Global, Global) {
        use clap::parser::ValueSource;
        // Matches read only as far as the line goes (for completions) may hold nothing at all.
        if matches.ids().next().is_none() {
            return (Global::default(), Global::default());
        }
        let all = Global::of(matches);
        let pick = |mine: bool| {
            // Given on the line read, before `from` (the config's words) or after.
            let keep = |id: &str| {
                matches.value_source(id) == Some(ValueSource::CommandLine)
                    && matches.index_of(id).is_some_and(|i| i < from) == mine
            };
            Global {
                rules: all.rules.clone().filter(|_| keep("rules")),
                seed: all.seed.filter(|_| keep("seed")),
                format: all.format.filter(|_| keep("format")),
                color: all.color.filter(|_| keep("color")),
                repeat: all.repeat.filter(|_| keep("repeat")),
                odds: all.odds && keep("odds"),
                quiet: all.quiet && keep("quiet"),
                show_seed: all.show_seed && keep("show_seed"),
                no_config: all.no_config && keep("no_config"),
                width: all.width.filter(|_| keep("width")),
            }
        };
        (pick(true), pick(false))
    }

    /// The global options among the matches of a command that takes them as its own.
    fn of(matches: &clap::ArgMatches) -> Global {
        // Read leniently: a line read only as far as it goes (for completions) has no defaults.
        fn one<T: Clone + Send + Sync + 'static>(matches: &clap::ArgMatches, id: &str) -> Option<T> {
            matches.try_get_one::<T>(id).ok().flatten().cloned()
        }
        let flag = |id: &str| one::<bool>(matches, id).unwrap_or(false);
        Global {
            rules: one(matches, "rules"),
            seed: one(matches, "seed"),
            format: one(matches, "format"),
            color: one(matches, "color"),
            repeat: one(matches, "repeat"),
            odds: flag("odds"),
            quiet: flag("quiet"),
            show_seed: flag("show_seed"),
            no_config: flag("no_config"),
            width: one(matches, "width"),
        }
    }

    /// These options as given before the command, and `after` it: a value given after wins
    /// (as a flag given twice does), a switch given either place holds.
    fn merged(self, after: Global) -> Global {
        let Global { rules, seed, format, color, repeat, odds, quiet, show_seed, no_config, width } = after;
        Global {
            rules: rules.or(self.rules),
            seed: seed.or(self.seed),
            format: format.or(self.format),
            color: color.or(self.color),
            repeat: repeat.or(self.repeat),
            odds: odds || self.odds,
            quiet: quiet || self.quiet,
            show_seed: show_seed || self.show_seed,
            no_config: no_config || self.no_config,
            width: width.or(self.width),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For reading: every die and modifier, coloured on a terminal
    Text,
    /// One YAML document per run (a stream with --repeat)
    Yaml,
    /// JSON Lines: one JSON document per line, per run
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE
    Auto,
    Always,
    Never,
}

/// Each subcommand's arguments are built only when that subcommand runs (start-up cost).
/// (So the flattened option groups below carry `//` comments: a doc comment on one would
/// become the subcommand's description.)
// Parsed once a run, so the size of `track start`'s options costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Who is caught unawares
    #[command(args_override_self = true)]
    Surprise(Flags),

    /// How far apart the sides are when they meet
    #[command(args_override_self = true)]
    Distance(Flags),

    /// Who acts first, and the acting order
    #[command(args_override_self = true)]
    Initiative(Flags),

    /// How the other side reacts
    #[command(args_override_self = true)]
    Reaction(Flags),

    /// A chase, round by round
    #[command(args_override_self = true)]
    Pursue(Flags),

    /// The whole encounter sequence in one document
    #[command(args_override_self = true)]
    Encounter(Flags),

    /// Is a wandering monster met? The check for a random encounter
    #[command(args_override_self = true)]
    Wandering(Flags),

    /// Do the monsters keep fighting? The morale check
    #[command(args_override_self = true)]
    Morale(Flags),

    /// Roll dice expressions: 4d6kh3, 2d20kh1+5, 10d10>=8, 3d6!
    #[command(alias = "r", long_about = format!("{ROLL_ABOUT}\n\n{ROLL_LANGUAGE}"), after_help = ROLL_EXAMPLES, after_long_help = format!("{ROLL_EXAMPLES}\n\n{ENV_HELP}"), args_override_self = true)]
    Roll(RollArgs),

    /// Roll on an encounter table kept in YAML: what appears, and how many
    #[command(long_about = format!("{TABLE_ABOUT}\n\n{TABLE_FORMAT}"), after_help = TABLE_EXAMPLES, after_long_help = format!("{TABLE_EXAMPLES}\n\n{ENV_HELP}"), args_override_self = true)]
    Table(TableArgs),

    /// A fight kept between commands: its rounds, turns and acting order
    #[command(alias = "t", long_about = TRACK_ABOUT, after_help = TRACK_EXAMPLES, after_long_help = format!("{TRACK_EXAMPLES}\n\n{TRACK_ENV_HELP}"), args_override_self = true)]
    Track(TrackArgs),

    /// Print the completion script for a shell
    #[command(long_about = COMPLETIONS_ABOUT, after_help = COMPLETIONS_EXAMPLES)]
    Completions(CompletionsArgs),

    /// Write man pages into DIR
    #[command(hide = true)]
    Man(ManArgs),
}

// The shell of `fray completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

// The folder of `fray man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The folder to write fray.1 and one page per command into
    #[arg(value_hint = ValueHint::DirPath, value_parser = any_path())]
    pub dir: PathBuf,
}

/// The command's own flags that were given on the command line (`--stealth`…; `COMBATANT`
/// for positional combatants), so a ruleset can refuse the ones it has no rule for.
/// `cli` is the command the matches came from.
pub fn given_flags(cli: &clap::Command, matches: &clap::ArgMatches) -> Vec<String> {
    use clap::parser::ValueSource;
    let Some((name, sub)) = matches.subcommand() else {
        return Vec::new();
    };
    let Some(command) = cli.find_subcommand(name) else {
        return Vec::new();
    };
    command
        .get_arguments()
        .filter(|arg| {
            arg.get_help_heading() != Some(GLOBAL) && ![SHORT_HELP, LONG_HELP].contains(&arg.get_id().as_str())
        })
        .filter(|arg| sub.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine))
        .map(|arg| match arg.get_long() {
            Some(long) => format!("--{long}"),
            None => "COMBATANT".to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests;
