//! The command line, and nothing else: every flag, value and help text of fray. Completions
//! and man pages are generated from these types alone.

use clap::builder::{PossibleValue, TypedValueParser, ValueParserFactory};
use clap::{Args, Parser, Subcommand, ValueEnum, ValueHint};
use std::ffi::OsStr;
use std::path::PathBuf;

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
  FRAY_CONFIG_PATH the config file (default $XDG_CONFIG_HOME/fray/config, else
                   ~/.config/fray/config): default flags, one a line, e.g. --rules gurps
  NO_COLOR         non-empty: no colour with --color auto
  CLICOLOR_FORCE   not 0: colour with --color auto even when not a terminal
  COLUMNS          the width of text output when --width is not given

Exit status:
  0 success, 1 unreadable or malformed data (a roster or config file), 2 usage error";

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
    /// Ruleset; default from FRAY_RULES (the registry of rulesets gives the values)
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

/// Parses `--seed`: any whole number a u64 holds, named with its range when it is not one.
fn seed(text: &str) -> Result<u64, String> {
    text.parse().map_err(|_| format!("not a whole number from 0 to {}", u64::MAX))
}

/// A whole number in `range`: read as a signed number, so `-5` is told the range it misses
/// instead of being taken for a flag or failing on its sign. The minus may be U+2212, and a
/// value out of range is worded as a key's is: `--repeat is 0, out of range; allowed: …`.
fn whole<T: TryFrom<i64> + Clone + Send + Sync + 'static>(range: std::ops::RangeInclusive<i64>) -> Whole<T> {
    Whole { min: *range.start(), max: *range.end(), into: std::marker::PhantomData }
}

/// The parser [`whole`] makes.
#[derive(Clone)]
pub struct Whole<T> {
    min: i64,
    max: i64,
    into: std::marker::PhantomData<fn() -> T>,
}

impl<T: TryFrom<i64> + Clone + Send + Sync + 'static> TypedValueParser for Whole<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<T, clap::Error> {
        let flag = arg.and_then(|a| a.get_long()).map_or("the value".to_string(), |l| format!("--{l}"));
        let allowed = format!("allowed: a whole number from {} to {}", self.min, self.max);
        let fail = |what: String| clap::Error::raw(clap::error::ErrorKind::ValueValidation, what).with_cmd(cmd);
        let text = value.to_string_lossy().replace('\u{2212}', "-");
        let digits = text.strip_prefix(['+', '-']).unwrap_or(&text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            let shown: String = text.chars().take(60).collect();
            return Err(fail(format!("{flag} has '{shown}'; {allowed}")));
        }
        match text.parse::<i64>() {
            Ok(n) if (self.min..=self.max).contains(&n) => {
                T::try_from(n).map_err(|_| fail(format!("{flag} is {n}, out of range; {allowed}")))
            }
            Ok(n) => Err(fail(format!("{flag} is {n}, out of range; {allowed}"))),
            Err(_) => {
                Err(fail(format!("{flag} is {}, out of range; {allowed}", text.chars().take(60).collect::<String>())))
            }
        }
    }
}

/// The whole command line.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    Cli::command()
}

/// The command line with the command `name` alone beside the global options: what a run
/// builds once it knows its command, so clap copies the global options into that command only
/// (start-up cost). The rest as [`Cli`] declares it; a test holds the two to the same help.
pub fn command_of(name: &str) -> clap::Command {
    let full = command();
    let Some(sub) = full.find_subcommand(name).cloned() else { return full };
    let top = clap::Command::new("fray")
        .version(env!("CARGO_PKG_VERSION"))
        .about(ABOUT)
        .long_about(LONG_ABOUT)
        .propagate_version(true)
        .args_override_self(true)
        .max_term_width(100)
        .subcommand_required(full.is_subcommand_required_set())
        .arg_required_else_help(full.is_arg_required_else_help_set());
    Global::augment_args(top).subcommand(sub)
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
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Who is caught unawares
    #[command(args_override_self = true)]
    Surprise(SurpriseArgs),

    /// How far apart the sides are when they meet
    #[command(args_override_self = true)]
    Distance(DistanceArgs),

    /// Who acts first, and the acting order
    #[command(args_override_self = true)]
    Initiative(InitiativeArgs),

    /// How the other side reacts
    #[command(args_override_self = true)]
    Reaction(ReactionArgs),

    /// A chase, round by round
    #[command(args_override_self = true)]
    Pursue(PursueArgs),

    /// The whole encounter sequence in one document
    #[command(args_override_self = true)]
    Encounter(EncounterArgs),

    /// Is a wandering monster met? The check for a random encounter
    #[command(args_override_self = true)]
    Wandering(WanderingArgs),

    /// Do the monsters keep fighting? The morale check
    #[command(args_override_self = true)]
    Morale(MoraleArgs),

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

// The expressions of `fray roll`.
#[derive(Debug, Args)]
pub struct RollArgs {
    /// Dice expressions, each rolled in turn (quote one that holds spaces, <, > or !; one
    /// that starts with - goes after --)
    #[arg(required = true, value_name = "EXPR", allow_negative_numbers = true)]
    pub expressions: Vec<String>,
}

pub const ROLL_EXAMPLES: &str = "\
Examples:
  fray roll 4d6kh3                      ability score: four d6, the lowest dropped
  fray roll 2d20kh1+5 d20+5             advantage, then a plain d20
  fray roll '10d10>=8'                  a pool: count the dice showing 8 or more
  fray roll '10d10>=8!'                 the same, each 10 adding a die
  fray roll 3d6! 2d6r1 4dF              exploding, reroll 1s, Fate dice
  fray roll --odds 20d20kh10            the exact chance of every total
  fray -q -n 5 roll 3d6                 five totals, one a line";

pub const ROLL_ABOUT: &str = "\
Rolls each expression in turn and shows every die and what became of it, then the total. \
--odds gives the exact chance of every total instead (exploding dice to a depth, with what lies \
beyond said exactly).";

pub const ROLL_LANGUAGE: &str = "\
The dice language (in any case):

NdX, d%, dF: N dice of X faces (N defaults to 1), d100, Fate dice (-1, 0, +1).

+ - * / ( ): arithmetic on whole numbers; / rounds down.

khN, klN, dlN, dhN: keep the N highest or lowest, drop the N lowest or highest (kN keeps, dN \
drops the lowest; N defaults to 1).

!, !!, !p: explode on the highest face: add a die, add into the die (compound), or add a die \
counting one less (penetrate); !>=T, !>T, !=T, !<=T, !<T or !T name the faces.

rT, roT: reroll the faces T (or r<T, r<=T, r>T...) until another shows, or once.

>=T, >T, <=T, <T, =T: count the dice meeting it (successes) instead of summing them; fT (or \
f<T...) after it counts those dice -1 (failures).

miN, maN: each die counts at least N, at most N.

In the text, (5) was dropped, ~1~ rerolled, 6! exploded, 9* is a success, 1_ a failure.";

// The encounter table of `fray table`.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// The table file, YAML ('-' reads standard input)
    #[arg(value_name = "FILE", required_unless_present = "example", value_hint = ValueHint::FilePath, value_parser = any_path())]
    pub file: Option<PathBuf>,

    /// Print a commented example table
    #[arg(long, conflicts_with = "file")]
    pub example: bool,
}

pub const TABLE_ABOUT: &str = "\
Rolls the first table of FILE: its die, the row the result falls in, on through any table that \
row points at, to a creature and its number appearing, every die shown. The creature comes out as \
a combatant the other commands take (-q prints it alone); fray encounter --table FILE plays the \
encounter with it. --odds gives each row's and each creature's exact chance, and the chance of \
each number appearing. The combatant keys a row takes are those of the ruleset (-r).";

pub const TABLE_FORMAT: &str = "\
The file (fray table --example prints one):

A mapping of tables by name; the first is rolled. Each table has die: DICE (any expression of \
fray roll whose results can be listed) and rows: a mapping from a result (4) or a range of results \
(1-3) to a row, the rows covering every result of the die once.

A row is {name: NAME, number: DICE, KEY: VALUE...}: a creature, its number appearing (default 1) \
and the ruleset's combatant keys (side: NAME places it; default monsters); or {table: NAME}, \
rolling on another table of the file (a table may not lead back to itself).

Errors give the file, line and column, and exit with status 1.";

pub const TABLE_EXAMPLES: &str = "\
Examples:
  fray table --example > dungeon.yaml           a commented table to start from
  fray table --example | fray table -           roll it: every die, then who appears
  fray table --example | fray table --odds -    each row's and creature's exact chance
  fray table --example | fray -q -n 3 table -   three rolls, one combatant a line
  fray table --example | fray encounter --table - Elf   play what it rolls";

pub const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  fray completions bash > ~/.local/share/bash-completion/completions/fray
  fray completions zsh > ~/.zfunc/_fray        with fpath+=(~/.zfunc) in .zshrc
  fray completions fish > ~/.config/fish/completions/fray.fish
  source <(COMPLETE=bash fray)                 in .bashrc: fray answers each TAB, keys and sides too
  source <(COMPLETE=zsh fray)                  in .zshrc, after compinit: the same for zsh
  COMPLETE=fish fray | source                  in config.fish: the same for fish";

// Sides and combatants, inline or from a roster file.
#[derive(Debug, Clone, Args)]
pub struct Cast {
    /// Combatants: NAME[:KEY[=VALUE],...], e.g. Ansel or Orc:count=3,side=monsters (without
    /// side=, on the first side)
    #[arg(value_name = "COMBATANT")]
    pub combatants: Vec<String>,

    /// A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)
    #[arg(long = "side", value_name = "SPEC")]
    pub sides: Vec<String>,

    /// Sides and combatants from a YAML file ('-' reads standard input; repeatable, combined)
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, value_parser = any_path())]
    pub roster: Vec<PathBuf>,

    /// Print a commented roster template for this ruleset and command
    #[arg(long)]
    pub roster_example: bool,
}

// Who attacks from hiding, who already knows, and how the hidden are seen.
#[derive(Debug, Clone, Args)]
pub struct SurpriseOpts {
    /// SIDE attacks from ambush (default monsters): every other side is easier to surprise
    #[arg(long, value_name = "SIDE", num_args = 0..=1, default_missing_value = "monsters")]
    pub ambush: Option<String>,

    /// SIDE already knows of the others and does not roll (repeatable)
    #[arg(long, value_name = "SIDE")]
    pub aware: Vec<String>,

    /// Total surprise: the attacked freeze for 1d seconds
    #[arg(long, conflicts_with = "partial")]
    pub total: bool,

    /// Partial surprise: the two leaders roll for initiative (the default)
    #[arg(long)]
    pub partial: bool,

    /// A hider's Stealth total, passive or already rolled (repeatable, one per hider)
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub stealth: Vec<i32>,

    /// A hider who rolls d20 + N now (repeatable)
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub stealth_mod: Vec<i32>,

    /// How Stealth equal to passive Perception goes
    #[arg(long, value_enum, value_name = "RULING")]
    pub stealth_ties: Option<StealthTies>,
}

#[derive(Debug, Args)]
pub struct SurpriseArgs {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub surprise: SurpriseOpts,

    /// Everyone on every side is surprised
    #[arg(long)]
    pub both_surprised: bool,

    /// Turns of recovery rolls to follow before calling a combatant out of the fight
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
    pub rounds: Option<u32>,
}

// Where the encounter happens.
#[derive(Debug, Args)]
pub struct TerrainOpts {
    /// In a dungeon: 2d6 x 10' (the default)
    #[arg(long, conflicts_with = "outdoors")]
    pub dungeon: bool,

    /// Outdoors: 2d6 x 30'
    #[arg(long)]
    pub outdoors: bool,

    /// In the wilderness: 4d6 x 10 yards (where --outdoors means the same)
    #[arg(long, conflicts_with = "dungeon")]
    pub wilderness: bool,

    /// On the water: 4d6 x 10 yards
    #[arg(long, conflicts_with_all = ["dungeon", "outdoors", "wilderness"])]
    pub waterborne: bool,
}

#[derive(Debug, Args)]
pub struct DistanceArgs {
    #[command(flatten)]
    pub terrain: TerrainOpts,

    /// Both sides are surprised: 1d4 x 10' (or x 30' outdoors)
    #[arg(long)]
    pub both_surprised: bool,

    /// Either side is surprised: 1d4 x 10 yards outdoors; the dungeon distance stays
    #[arg(long)]
    pub surprised: bool,

    /// The travel terrain the others are seen across, e.g. forest or hills
    #[arg(long = "terrain", value_name = "TERRAIN")]
    pub travel_terrain: Option<String>,

    /// How much noise the others make, for the distance they are heard at
    #[arg(long, value_enum, value_name = "NOISE")]
    pub audible: Option<Audible>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Ties {
    /// Tied sides re-roll among themselves until the tie breaks
    Reroll,
    /// Tied sides act at the same time
    Simultaneous,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Variant {
    /// d20 + initiative modifier per combatant
    Standard,
    /// No roll: 10 + initiative modifier
    Score,
    /// One d20 per side, no modifiers
    Side,
    /// Speed factor: d20 + Dex + action and size modifiers, every round
    Speed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Audible {
    /// Trying to be quiet: 2d6 x 5 ft
    Quiet,
    /// Normal noise: 2d6 x 10 ft
    Normal,
    /// Very loud: 2d6 x 50 ft
    Loud,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StealthTies {
    /// Stealth equal to passive Perception is noticed
    Noticed,
    /// Stealth equal to passive Perception surprises
    Surprised,
}

// How the acting order is settled.
#[derive(Debug, Clone, Args)]
pub struct OrderOpts {
    /// How tied sides are settled
    #[arg(long, value_enum, value_name = "HOW")]
    pub ties: Option<Ties>,

    /// SIDE gives up initiative and acts after the others, reacting (repeatable)
    #[arg(long, value_name = "SIDE")]
    pub wait: Vec<String>,

    /// Initiative variant
    #[arg(long, value_enum, value_name = "VARIANT")]
    pub variant: Option<Variant>,

    /// NAME acts right after OTHER, at OTHER's initiative - 1 (NAME:after=OTHER)
    #[arg(long, value_name = "NAME:after=OTHER")]
    pub delay: Vec<String>,

    /// NAME's prepared action fires right before OTHER, at OTHER's + 1 (NAME:before=OTHER)
    #[arg(long, value_name = "NAME:before=OTHER")]
    pub ready: Vec<String>,

    /// NAME gives up its first-round action to act at any moment of round 2
    /// (NAME[:before=OTHER|after=OTHER] places it)
    #[arg(long, value_name = "NAME")]
    pub hold: Vec<String>,

    /// ALERT (with the Alert feat) swaps initiative with the willing ALLY right after rolling
    /// (repeatable)
    #[arg(long, value_name = "ALERT:ALLY")]
    pub swap: Vec<String>,
}

#[derive(Debug, Args)]
pub struct InitiativeArgs {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub order: OrderOpts,

    /// SIDE is surprised and does not roll (repeatable)
    #[arg(long, value_name = "SIDE")]
    pub surprised: Vec<String>,

    /// Rounds to roll (speed factor; default 1)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
    pub rounds: Option<u32>,

    /// Each combatant rolls 1d6 + its DEX modifier; slow weapons act last
    #[arg(long)]
    pub individual: bool,
}

// Reaction modifiers.
#[derive(Debug, Args)]
pub struct ReactionOpts {
    /// The speaker's Charisma score when the party parleys (3-18)
    #[arg(long, value_name = "SCORE", conflicts_with = "cha_mod", allow_negative_numbers = true, value_parser = whole::<i32>(3..=18))]
    pub cha: Option<i32>,

    /// The speaker's Charisma modifier, given directly
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-10..=10))]
    pub cha_mod: Option<i32>,

    /// Any other reaction modifier
    #[arg(long = "mod", value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-100..=100))]
    pub modifier: Option<i32>,
}

#[derive(Debug, Args)]
pub struct ReactionArgs {
    #[command(flatten)]
    pub reaction: ReactionOpts,

    /// The creature's attitude toward the speaker (default indifferent)
    #[arg(long, value_enum, value_name = "ATTITUDE")]
    pub attitude: Option<Attitude>,

    /// How the creature feels about what it is urged to do (default hesitant)
    #[arg(long, value_enum, value_name = "STANCE")]
    pub stance: Option<Stance>,

    /// The creature's Intelligence score: the DC is 15 or it, whichever is higher
    #[arg(long = "int", value_name = "SCORE", allow_negative_numbers = true, value_parser = whole::<i32>(1..=30))]
    pub intelligence: Option<i32>,
}

/// A creature's starting attitude in a social interaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Attitude {
    /// Wishes the speaker well
    Friendly,
    /// Neither helps nor hinders
    Indifferent,
    /// Opposes the speaker
    Hostile,
}

/// Whether the creature wants to do what it is urged to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Stance {
    /// The urging fits its wishes: it complies, no check
    Willing,
    /// It could be talked into it: an ability check
    Hesitant,
    /// The urging is repugnant to it: it refuses, no check
    Unwilling,
}

// Where a wandering monster is checked for, and the chance.
#[derive(Debug, Default, Args)]
pub struct WanderingOpts {
    /// Check in the wilderness, in TERRAIN (its chance from the book's table)
    #[arg(long = "terrain", value_name = "TERRAIN")]
    pub terrain: Option<String>,

    /// An encounter on N faces of the check's die, instead of the book's chance
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(0..=20))]
    pub chance: Option<u32>,
}

#[derive(Debug, Args)]
pub struct WanderingArgs {
    #[command(flatten)]
    pub wandering: WanderingOpts,

    /// Check in a dungeon (the default)
    #[arg(long, conflicts_with = "terrain")]
    pub dungeon: bool,

    /// Make N checks one after another (-q then counts the encounters)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=100))]
    pub checks: Option<u32>,
}

// The morale score and the situation.
#[derive(Debug, Default, Args)]
pub struct MoraleOpts {
    /// The morale score ML (2-12) of whoever has no ml key
    #[arg(long, value_name = "ML", allow_negative_numbers = true, value_parser = whole::<i32>(2..=12))]
    pub ml: Option<i32>,

    /// The side checking is losing the battle: -1 to its morale
    #[arg(long, conflicts_with = "winning")]
    pub losing: bool,

    /// The side checking is winning the battle: +1 to its morale
    #[arg(long)]
    pub winning: bool,

    /// The Wisdom saving throw bonus of the creature, or of the group's leader
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-10..=30))]
    pub save: Option<i32>,

    /// The opposition is overwhelmingly superior: the save has disadvantage
    #[arg(long)]
    pub overwhelming: bool,

    /// There is no way out: those who would flee surrender
    #[arg(long)]
    pub cornered: bool,
}

#[derive(Debug, Args)]
pub struct MoraleArgs {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub morale: MoraleOpts,

    /// Another situational adjustment to the morale score
    #[arg(long = "mod", value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-2..=2))]
    pub modifier: Option<i32>,

    /// Successful morale checks already made in this encounter
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(0..=2))]
    pub passed: Option<u32>,
}

/// A thing the quarry drops to distract its pursuers: `treasure` or `food`, at a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drop {
    pub bait: Bait,
    pub round: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bait {
    Treasure,
    Food,
}

#[derive(Debug, Args)]
pub struct PursueArgs {
    #[command(flatten)]
    pub cast: Cast,

    /// The side that flees; every other side gives chase (default the first side)
    #[arg(long, value_name = "SIDE")]
    pub fleeing: Option<String>,

    /// The fleeing side's Speed
    #[arg(long, value_name = "SPEED", allow_negative_numbers = true, value_parser = whole::<u32>(0..=10_000))]
    pub quarry: Option<u32>,

    /// The pursuing side's Speed
    #[arg(long, value_name = "SPEED", allow_negative_numbers = true, value_parser = whole::<u32>(0..=10_000))]
    pub pursuer: Option<u32>,

    /// Starting gap in feet
    #[arg(long, value_name = "FEET", allow_negative_numbers = true, value_parser = whole::<u32>(0..=1_000_000))]
    pub gap: Option<u32>,

    /// Roll the starting gap as the encounter distance of a travel terrain, e.g. forest
    #[arg(long = "terrain", value_name = "TERRAIN", conflicts_with = "gap")]
    pub travel_terrain: Option<String>,

    /// Lost from view past FEET
    #[arg(long, value_name = "FEET", allow_negative_numbers = true, value_parser = whole::<u32>(0..=1_000_000))]
    pub sight: Option<u32>,

    /// What the quarry has to hide behind when it tries to slip away
    #[arg(long, value_enum, value_name = "COVER")]
    pub cover: Option<Cover>,

    /// Complications a participant may run into at the end of its turn (default none)
    #[arg(long, value_enum, value_name = "SETTING")]
    pub complications: Option<Complications>,

    /// The quarry drops treasure or food at a round (default 1): treasure[@ROUND] (repeatable)
    #[arg(long, value_name = "WHAT[@ROUND]")]
    pub drop: Vec<Drop>,

    /// Rounds before the chase is left to the referee (default 10)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
    pub rounds: Option<u32>,

    #[command(flatten)]
    pub terrain: TerrainOpts,

    /// How many flee, for the wilderness evasion table
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1_000_000))]
    pub quarry_count: Option<u32>,

    /// How many pursue, for the wilderness evasion table
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1_000_000))]
    pub pursuer_count: Option<u32>,

    /// The referee's modifier to the wilderness evasion chance, in percent
    #[arg(long = "mod", value_name = "PERCENT", allow_negative_numbers = true, value_parser = whole::<i32>(-100..=100))]
    pub modifier: Option<i32>,

    /// Which side was surprised: a surprised quarry cannot evade, surprised pursuers lose it (wilderness)
    #[arg(long, value_enum, value_name = "WHO")]
    pub surprised: Option<Surprised>,

    /// Days the wilderness pursuit is followed before the referee decides (default 7)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=365))]
    pub days: Option<u32>,
}

/// The cover a fleeing quarry has, for its Stealth to slip away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Cover {
    /// Many things to hide behind, or a crowded, noisy place: the Stealth roll has Advantage
    Many,
    /// Few things to hide behind, or an empty, quiet place: the Stealth roll has Disadvantage
    Few,
}

/// Where a chase runs, for the complications its participants meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Complications {
    /// Streets: carts, crowds, barrels, brawls, slippery ground, sharp turns
    Urban,
    /// Open country: brush, streams, blowing sand, sudden drops, razorvine
    Wilderness,
    /// No complications
    None,
}

/// The surprised side of a pursuit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Surprised {
    /// The fleeing side was surprised: it may not evade
    Quarry,
    /// The pursuing side was surprised: the quarry gets away
    Pursuers,
}

#[derive(Debug, Args)]
pub struct EncounterArgs {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub surprise: SurpriseOpts,

    #[command(flatten)]
    pub terrain: TerrainOpts,

    #[command(flatten)]
    pub order: OrderOpts,

    #[command(flatten)]
    pub reaction: ReactionOpts,

    /// Everyone on every side is surprised
    #[arg(long)]
    pub both_surprised: bool,

    /// Roll on the encounter table in FILE first: what it brings joins the monsters
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, value_parser = any_path())]
    pub table: Option<PathBuf>,

    /// Roll a reaction too
    #[arg(long = "reaction")]
    pub roll_reaction: bool,

    /// Rounds to roll, or turns to follow
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
    pub rounds: Option<u32>,

    /// Check for a wandering monster first: no monster, no encounter
    #[arg(long = "wandering")]
    pub roll_wandering: bool,

    #[command(flatten)]
    pub wandering: WanderingOpts,

    /// Check the other sides' morale after the reaction, as if it comes to a fight
    #[arg(long = "morale")]
    pub roll_morale: bool,

    #[command(flatten)]
    pub morale: MoraleOpts,
}

pub const TRACK_ABOUT: &str = "\
Keeps a fight between commands: start opens it as fray encounter does (surprise where the flags \
call for it, then initiative) and saves it; next ends the current turn and starts the next, a new \
round after the last, with the ruleset's round rules applied and their dice shown. Each fight is one \
JSON file in $XDG_STATE_HOME/fray (else ~/.local/state/fray), written whole and renamed into place \
under a lock.";

pub const TRACK_EXAMPLES: &str = "\
Examples:
  fray -r 5e track --fight tour start 'Ansel:dex=3' Orc:count=2,side=monsters,dex=1
  fray track --fight tour next                      end this turn, begin next
  fray track --fight tour show                      the round, order, who's out
  fray track --fight tour add 'Wolf:side=monsters,initiative=14'
  fray track --fight tour set Ansel initiative=17   a total rolled at the table
  fray track --fight tour -q next                   only whose turn it is now
  fray track --fight tour undo 2                    back two commands
  fray -r wod track --fight cellar start 'Mitch:dex=3' 'Larry:dex=2'
  fray track --fight cellar delay 'Larry:after=Mitch'
  fray track --fight cellar end                     forget the fight
  fray -r 5e track --fight lair start --lair 'Dragon:side=monsters' 'Ansel'
  fray track list                                   the fights kept";

pub const TRACK_ENV_HELP: &str = "\
Environment:
  FRAY_FIGHT       default for --fight (else default)
  XDG_STATE_HOME   where fights are kept: $XDG_STATE_HOME/fray (else ~/.local/state/fray)
  FRAY_RULES       default for --rules when a fight starts

Exit status:
  0 success, 1 a fight that is missing or a state file that cannot be read, 2 usage error";

// The fight a `track` command works on, and what it does.
#[derive(Debug, Args)]
pub struct TrackArgs {
    /// The fight to work on: letters, digits, '.', '_' and '-' (default from FRAY_FIGHT, else default)
    #[arg(long, global = true, value_name = "NAME")]
    pub fight: Option<String>,

    #[command(subcommand)]
    pub action: TrackAction,
}

// Parsed once a run, so the size of `start`'s options costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum TrackAction {
    /// Open the fight: surprise where the flags call for it, then initiative
    #[command(args_override_self = true)]
    Start(TrackStart),

    /// End the current turn and start the next; after the last, a new round
    Next,

    /// The round, the acting order, whose turn it is, who is out of action and until when
    Show,

    /// Combatants join the fight: initiative rolled (or given: initiative=N) and placed
    Add {
        /// Combatants: NAME[*COUNT][:KEY[=VALUE],...], as for start
        #[arg(required = true, value_name = "COMBATANT")]
        combatants: Vec<String>,
    },

    /// Combatants leave the fight
    Remove {
        /// The names to take out (a group's member by its name, e.g. 'Orc 2')
        #[arg(required = true, value_name = "NAME")]
        names: Vec<String>,
    },

    /// NAME waits and acts right after OTHER, at OTHER's initiative - 1, this round (wod, cofd)
    Delay {
        /// NAME[:after=OTHER]; without OTHER, after the last of the round
        #[arg(value_name = "NAME[:after=OTHER]")]
        spec: String,
    },

    /// NAME's prepared action fires right before OTHER, at OTHER's initiative + 1 (wod, cofd)
    Ready {
        /// NAME:before=OTHER
        #[arg(value_name = "NAME:before=OTHER")]
        spec: String,
    },

    /// NAME gives up this round's action to act at any moment of the next (wod, cofd)
    Hold {
        /// NAME[:before=OTHER|after=OTHER], its place next round (default: first)
        #[arg(value_name = "NAME")]
        spec: String,
    },

    /// Change a combatant: initiative=N (a total rolled at the table), acts-from=ROUND
    Set {
        /// The combatant (or side, where sides take the turns)
        #[arg(value_name = "NAME")]
        name: String,

        /// initiative=N places it anew; acts-from=ROUND keeps it out of action until then (0: now)
        #[arg(required = true, value_name = "KEY=VALUE")]
        assignments: Vec<String>,
    },

    /// Go back N commands (default 1)
    Undo {
        #[arg(value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
        steps: Option<u32>,
    },

    /// Forget the fight
    End,

    /// The saved fights, with their ruleset, round and whose turn it is
    List,
}

#[derive(Debug, Args)]
pub struct TrackStart {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub surprise: SurpriseOpts,

    /// How tied sides are settled
    #[arg(long, value_enum, value_name = "HOW")]
    pub ties: Option<Ties>,

    /// SIDE gives up initiative and acts after the others, reacting (repeatable)
    #[arg(long, value_name = "SIDE")]
    pub wait: Vec<String>,

    /// Initiative variant
    #[arg(long, value_enum, value_name = "VARIANT")]
    pub variant: Option<Variant>,

    /// ALERT (with the Alert feat) swaps initiative with the willing ALLY right after rolling
    /// (repeatable)
    #[arg(long, value_name = "ALERT:ALLY")]
    pub swap: Vec<String>,

    // Delayed, readied and held actions are track's own commands: read here only to say so.
    #[arg(long, hide = true, value_name = "SPEC")]
    pub delay: Vec<String>,

    #[arg(long, hide = true, value_name = "SPEC")]
    pub ready: Vec<String>,

    #[arg(long, hide = true, value_name = "SPEC")]
    pub hold: Vec<String>,

    /// Roll surprise first, as fray encounter does, even without a surprise flag
    #[arg(long = "surprise")]
    pub roll_surprise: bool,

    /// Everyone on every side is surprised
    #[arg(long)]
    pub both_surprised: bool,

    /// SIDE is surprised and does not roll (repeatable)
    #[arg(long, value_name = "SIDE")]
    pub surprised: Vec<String>,

    /// Each combatant rolls 1d6 + its DEX modifier; slow weapons act last
    #[arg(long)]
    pub individual: bool,

    /// Lair actions at initiative count 20, losing ties, every round (5e, 5e2024)
    #[arg(long)]
    pub lair: bool,
}

/// A path as given, even an empty one: the command that reads it says what is wrong with it
/// (clap's own path parser would report an empty path as a missing value).
fn any_path() -> impl TypedValueParser<Value = PathBuf> {
    clap::builder::OsStringValueParser::new().map(PathBuf::from)
}

/// Parses `treasure`, `food`, `treasure@3`, and offers the two words to completion.
#[derive(Clone, Debug)]
pub struct DropParser;

impl TypedValueParser for DropParser {
    type Value = Drop;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<Drop, clap::Error> {
        let invalid = || {
            let mut err = clap::Error::new(clap::error::ErrorKind::InvalidValue).with_cmd(cmd);
            if let Some(arg) = arg {
                err.insert(clap::error::ContextKind::InvalidArg, clap::error::ContextValue::String(arg.to_string()));
            }
            err.insert(
                clap::error::ContextKind::InvalidValue,
                clap::error::ContextValue::String(value.to_string_lossy().into_owned()),
            );
            err.insert(
                clap::error::ContextKind::ValidValue,
                clap::error::ContextValue::Strings(vec!["treasure[@ROUND]".into(), "food[@ROUND]".into()]),
            );
            err
        };
        let text = value.to_str().ok_or_else(invalid)?;
        let (what, round) = match text.split_once('@') {
            Some((what, round)) => {
                (what, round.parse::<u32>().ok().filter(|r| (1..=1000).contains(r)).ok_or_else(invalid)?)
            }
            None => (text, 1),
        };
        let bait = match what {
            "treasure" => Bait::Treasure,
            "food" => Bait::Food,
            _ => return Err(invalid()),
        };
        Ok(Drop { bait, round })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            [
                PossibleValue::new("treasure").help("pursuers who value wealth may stop (3-in-6)"),
                PossibleValue::new("food").help("hungry pursuers may stop (3-in-6)"),
            ]
            .into_iter(),
        ))
    }
}

impl ValueParserFactory for Drop {
    type Parser = DropParser;

    fn value_parser() -> DropParser {
        DropParser
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

/// A clap error as one line, from its kind and context: the message, the similar name or the
/// possible values clap knows, and where to look. `help` is the command whose help to name
/// (`fray surprise --help`).
pub fn describe_error(err: &clap::Error, help: &str) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let text = |kind| match err.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.join(", "),
        Some(ContextValue::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    let (arg, value) = (text(ContextKind::InvalidArg), text(ContextKind::InvalidValue));
    let message = match err.kind() {
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand if help == "fray track" => {
            return "no track action given; actions: start, next, show, add, remove, delay, ready, hold, set, \
                    undo, end, list; see 'fray track --help'"
                .to_string();
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            return "no command given; commands: surprise, distance, initiative, reaction, pursue, encounter, \
                    wandering, morale; \
                    see 'fray --help'"
                .to_string();
        }
        ErrorKind::InvalidValue if value.is_empty() => format!("a value is required for '{arg}' but none was supplied"),
        ErrorKind::InvalidValue => format!("invalid value '{value}' for '{arg}'"),
        // A parser of fray's own ([`whole`]) words the whole message itself.
        ErrorKind::ValueValidation if arg.is_empty() => {
            let rendered = err.to_string();
            let first = rendered.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).trim_end().to_string()
        }
        ErrorKind::ValueValidation => match std::error::Error::source(err) {
            Some(why) => format!("invalid value '{value}' for '{arg}': {why}"),
            None => format!("invalid value '{value}' for '{arg}'"),
        },
        ErrorKind::UnknownArgument => format!("unexpected argument '{arg}' found"),
        ErrorKind::InvalidSubcommand => format!("unrecognized subcommand '{}'", text(ContextKind::InvalidSubcommand)),
        ErrorKind::MissingRequiredArgument => format!("the following required arguments were not provided: {arg}"),
        ErrorKind::ArgumentConflict => match text(ContextKind::PriorArg) {
            prior if prior.is_empty() => format!("the argument '{arg}' cannot be used with another argument given"),
            prior => format!("the argument '{arg}' cannot be used with '{prior}'"),
        },
        ErrorKind::NoEquals => format!("an equals sign is needed for the value of '{arg}'"),
        ErrorKind::TooManyValues => format!("unexpected value '{value}' for '{arg}'; no more were expected"),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            format!("'{arg}' needs more values than {} given", text(ContextKind::ActualNumValues))
        }
        ErrorKind::InvalidUtf8 => "an argument holds invalid UTF-8 (fray reads UTF-8 text only)".to_string(),
        kind => kind.as_str().unwrap_or("the command line cannot be read").to_string(),
    };
    let mut extras: Vec<String> = Vec::new();
    if matches!(err.kind(), ErrorKind::InvalidValue) {
        let valid = text(ContextKind::ValidValue);
        if !valid.is_empty() {
            extras.push(format!("possible values: {valid}"));
        }
    }
    for (kind, what) in [
        (ContextKind::SuggestedArg, "a similar argument exists"),
        (ContextKind::SuggestedSubcommand, "a similar subcommand exists"),
        (ContextKind::SuggestedValue, "a similar value exists"),
    ] {
        let similar = text(kind);
        if !similar.is_empty() {
            extras.push(format!("{what}: '{similar}'"));
        }
    }
    extras.push(format!("see '{help} --help'"));
    format!("{message}; {}", extras.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verify_cli() {
        command().debug_assert();
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
            "completions",
        ] {
            for flag in ["-h", "--help"] {
                let help = |cmd: clap::Command| cmd.try_get_matches_from(["fray", name, flag]).unwrap_err().to_string();
                assert_eq!(help(command_of(name)), help(command()), "{name} {flag}");
            }
            command_of(name).debug_assert();
        }
        let version =
            |cmd: clap::Command| cmd.try_get_matches_from(["fray", "reaction", "-V"]).unwrap_err().to_string();
        assert_eq!(version(command_of("reaction")), version(command()));
    }
}
