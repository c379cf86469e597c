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
fray runs one rules procedure per command (surprise, encounter distance, initiative, \
reaction, pursuit, or the whole encounter sequence) under the ruleset you play, shows \
every die and every modifier, and prints the verdict as text, YAML or JSON. --odds gives \
the exact probability of every outcome instead of rolling.";

pub const ENV_HELP: &str = "\
Environment:
  FRAY_RULES       default for --rules
  FRAY_FORMAT      default for --format
  FRAY_CONFIG_PATH the config file: default flags, one a line (--rules gurps);
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
    max_term_width = 100
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
    #[arg(global = true, help_heading = GLOBAL, short, long, ignore_case = true, value_name = "ID")]
    pub rules: Option<String>,

    /// Make the run reproducible: the same seed and arguments give the same output (any
    /// number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)
    #[arg(global = true, help_heading = GLOBAL, long, value_name = "U64", allow_negative_numbers = true, value_parser = seed)]
    pub seed: Option<u64>,

    /// Output format: text (default), yaml, json; default from FRAY_FORMAT
    #[arg(global = true, help_heading = GLOBAL, short, long, value_enum, ignore_case = true, value_name = "FORMAT")]
    pub format: Option<Format>,

    /// When to colour text output: auto (default), always, never
    #[arg(global = true, help_heading = GLOBAL, long, value_enum, value_name = "WHEN")]
    pub color: Option<ColorWhen>,

    /// Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)
    #[arg(global = true, help_heading = GLOBAL, short = 'n', long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u64>(1..=1_000_000_000))]
    pub repeat: Option<u64>,

    /// Do not roll: print the exact probability of every outcome
    #[arg(global = true, help_heading = GLOBAL, long)]
    pub odds: bool,

    /// Only the headline result, one line per run, whatever the format
    #[arg(global = true, help_heading = GLOBAL, short, long)]
    pub quiet: bool,

    /// Print the seed in text output
    #[arg(global = true, help_heading = GLOBAL, short = 'v', long)]
    pub show_seed: bool,

    /// Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)
    #[arg(global = true, help_heading = GLOBAL, long)]
    pub no_config: bool,
    /// Wrap text output to N columns (default: COLUMNS, else the terminal's width, else 80)
    #[arg(global = true, help_heading = GLOBAL, long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<usize>(20..=1000))]
    pub width: Option<usize>,
}

/// The heading the global options share in every help page.
pub const GLOBAL: &str = "Global options";

/// The whole command line.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    Cli::command()
}

/// The command line with the command `name` alone beside the global options, its arguments
/// built: what a run builds once it knows its command, so the other commands are never built
/// (start-up cost). A command without commands of its own takes the global options as its own
/// too, instead of clap copying them and their values between the two levels; [`read`] reads
/// them from both. The rest as [`Cli`] declares it; a test holds the two to the same help.
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
    let top = clap::Command::new("fray")
        .version(env!("CARGO_PKG_VERSION"))
        .about(ABOUT)
        .long_about(LONG_ABOUT)
        .propagate_version(true)
        .args_override_self(true)
        .max_term_width(100)
        .subcommand_required(true)
        .arg_required_else_help(true);
    if sub.has_subcommands() {
        return Global::augment_args(top).subcommand(sub);
    }
    let local = |arg: clap::Arg| arg.global(false);
    Global::augment_args(top).mut_args(local).subcommand(Global::augment_args(sub).mut_args(local))
}

/// The arguments of fray's own command `name`, as its type declares them (a game command's are
/// its ruleset's).
fn args_of(name: &str) -> Option<fn(clap::Command) -> clap::Command> {
    Some(match name {
        "roll" => RollArgs::augment_args,
        "table" => TableArgs::augment_args,
        "track" => TrackArgs::augment_args,
        _ => return None,
    })
}

/// fray's reading of the command line clap parsed from [`command_of`] or [`command`]: the
/// global options given before the command and after it. The values are taken out of
/// `matches` (reading a copy would cost a tenth of a short run).
pub fn read(matches: &mut clap::ArgMatches) -> Result<Cli, clap::Error> {
    use clap::FromArgMatches;
    // A switch is always among the matches of a command that has it.
    let after =
        matches.subcommand().filter(|(_, sub)| sub.ids().any(|id| id == "odds")).map(|(_, sub)| Global::of(sub));
    let mut cli = Cli::from_arg_matches_mut(matches)?;
    if let Some(after) = after {
        cli.global = std::mem::take(&mut cli.global).merged(after);
    }
    Ok(cli)
}

impl Global {
    /// The global options among the matches of a command that takes them as its own.
    fn of(matches: &clap::ArgMatches) -> Global {
        let flag = |id: &str| matches.get_flag(id);
        Global {
            rules: matches.get_one::<String>("rules").cloned(),
            seed: matches.get_one::<u64>("seed").copied(),
            format: matches.get_one::<Format>("format").copied(),
            color: matches.get_one::<ColorWhen>("color").copied(),
            repeat: matches.get_one::<u64>("repeat").copied(),
            odds: flag("odds"),
            quiet: flag("quiet"),
            show_seed: flag("show_seed"),
            no_config: flag("no_config"),
            width: matches.get_one::<usize>("width").copied(),
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
    #[command(long_about = format!("{ROLL_ABOUT}\n\n{ROLL_LANGUAGE}"), after_help = ROLL_EXAMPLES, after_long_help = format!("{ROLL_EXAMPLES}\n\n{ENV_HELP}"), args_override_self = true)]
    Roll(RollArgs),

    /// Roll on an encounter table kept in YAML: what appears, and how many
    #[command(long_about = format!("{TABLE_ABOUT}\n\n{TABLE_FORMAT}"), after_help = TABLE_EXAMPLES, after_long_help = format!("{TABLE_EXAMPLES}\n\n{ENV_HELP}"), args_override_self = true)]
    Table(TableArgs),

    /// A fight kept between commands: its rounds, turns and acting order
    #[command(long_about = TRACK_ABOUT, after_help = TRACK_EXAMPLES, after_long_help = format!("{TRACK_EXAMPLES}\n\n{TRACK_ENV_HELP}"), args_override_self = true)]
    Track(TrackArgs),

    /// Print the completion script for a shell
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions {
        /// The shell to complete for
        #[arg(value_enum, value_name = "SHELL")]
        shell: clap_complete::Shell,
    },

    /// Write man pages into DIR
    #[command(hide = true)]
    Man {
        /// The folder to write fray.1 and one page per command into
        #[arg(value_hint = ValueHint::DirPath, value_parser = any_path())]
        dir: PathBuf,
    },
}

/// The flags of a game command; `None` for fray's own commands.
pub fn flags_of(command: &Command) -> Option<&Flags> {
    match command {
        Command::Surprise(flags)
        | Command::Distance(flags)
        | Command::Initiative(flags)
        | Command::Reaction(flags)
        | Command::Pursue(flags)
        | Command::Encounter(flags)
        | Command::Wandering(flags)
        | Command::Morale(flags) => Some(flags),
        Command::Roll(_)
        | Command::Table(_)
        | Command::Track(_)
        | Command::Completions { .. }
        | Command::Man { .. } => None,
    }
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
        .filter(|arg| arg.get_help_heading() != Some(GLOBAL))
        .filter(|arg| sub.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine))
        .map(|arg| match arg.get_long() {
            Some(long) => format!("--{long}"),
            None => "COMBATANT".to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests;
