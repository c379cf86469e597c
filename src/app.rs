//! One run of fray: the parsed command line in, bytes out. Everything here is handed its
//! streams and settings by `main`, so it can be driven from tests without a terminal.

use crate::cli::{Cli, ColorWhen, Command, Format, Global};
use crate::emit::{Runner, Style};
use crate::error::{Error, Result, io_reason};
use crate::render::Palette;
use crate::roster::MAX_ROSTER_BYTES;
use crate::rulesets::{self, Procedure, Ruleset};
use clap::{FromArgMatches, ValueEnum};
use std::ffi::{OsStr, OsString};
use std::io::{Read, Write};
use std::path::Path;

/// What `main` knows and hands over: streams, facts about the terminal and the environment,
/// and a seed from the OS.
pub struct Env<'a> {
    pub stdin: &'a mut dyn Read,
    pub stdout: &'a mut dyn Write,
    pub stderr: &'a mut dyn Write,
    /// Standard output is a terminal that shows colour (not `TERM=dumb`).
    pub terminal: bool,
    /// NO_COLOR is set and not empty.
    pub no_color: bool,
    /// CLICOLOR_FORCE is set and not `0`.
    pub force_color: bool,
    /// FRAY_RULES, the ruleset when --rules is not given.
    pub rules_var: Option<OsString>,
    /// FRAY_FORMAT, the format when --format is not given.
    pub format_var: Option<OsString>,
    /// A seed from the OS, asked for only when --seed is not given.
    pub os_seed: fn() -> u64,
    /// COLUMNS, the width of text when --width is not given.
    pub columns_var: Option<OsString>,
    /// The columns of the terminal standard output is, if it is one.
    pub terminal_width: Option<usize>,
    /// Reads an environment variable: `fray track` asks for FRAY_FIGHT, XDG_STATE_HOME and HOME.
    pub var: fn(&str) -> Option<OsString>,
}

impl Env<'_> {
    /// `--color auto` colours a terminal unless NO_COLOR says no; CLICOLOR_FORCE colours
    /// anything. The flag's other values beat both variables.
    pub fn color(&self, when: ColorWhen) -> bool {
        match when {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => !self.no_color && (self.force_color || self.terminal),
        }
    }

    /// The columns text may take: `--width`, else COLUMNS (a positive number; anything else is
    /// passed over, as other tools do), else the terminal's width, else 80.
    pub fn width(&self, flag: Option<usize>) -> usize {
        use crate::render::wrap::{DEFAULT_WIDTH, MAX_WIDTH, MIN_WIDTH};
        let columns = self.columns_var.as_deref().and_then(OsStr::to_str).and_then(|v| v.trim().parse::<usize>().ok());
        flag.or(columns.filter(|&c| c > 0))
            .or(self.terminal_width.filter(|&c| c > 0))
            .map_or(DEFAULT_WIDTH, |w| w.clamp(MIN_WIDTH, MAX_WIDTH))
    }
}

/// The program's own version, in every YAML/JSON document.
pub use crate::emit::VERSION;

/// What `--version` says after `fray`: the version and, when built from git, the revision and
/// its date (`0.1.0 (abc1234 2026-12-01)`; see build.rs).
pub const BUILD_VERSION: &str = env!("FRAY_BUILD_VERSION");

/// Seeds fray draws itself stay below 2^53, so every JSON reader holds them exactly.
pub const DRAWN_SEED_LIMIT: u64 = 1 << 53;

/// The whole program on `args` (the first is the program name): parses, runs, reports an
/// error as one `fray: error: …` line, and returns the exit status.
pub fn main(args: &[OsString], env: &mut Env) -> u8 {
    // Output is flushed here, so a full disk or a closed stream is an error too, help included.
    match parse_and_run(args, env).and_then(|()| env.stdout.flush().map_err(Error::from)) {
        Ok(()) => 0,
        // A reader that stopped reading (`| head`) is a normal end.
        Err(Error::Io(err)) if err.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(err) => {
            // Standard error may be broken too; there is nowhere else to report.
            let _ = writeln!(env.stderr, "fray: error: {err}");
            err.exit_code()
        }
    }
}

fn parse_and_run(args: &[OsString], env: &mut Env) -> Result<()> {
    // One clap command serves parsing, the given-flag check and error messages: the command
    // line of the ruleset and command the words name.
    let named = rulesets::command::scan(args, env.rules_var.as_deref());
    // The revision is told here, not in the declaration, so the generated man pages name only the version.
    let mut command = rulesets::command::command_for(named).version(BUILD_VERSION);
    let parsed = command.try_get_matches_from_mut(args).and_then(|m| Cli::from_arg_matches(&m).map(|cli| (m, cli)));
    let (matches, cli) = match parsed {
        Ok(parsed) => parsed,
        Err(err) => {
            use clap::error::ErrorKind;
            if matches!(err.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let help = err.render();
                let help = if env.color(ColorWhen::Auto) { help.ansi().to_string() } else { help.to_string() };
                env.stdout.write_all(help.as_bytes())?;
                if err.kind() == ErrorKind::DisplayHelp {
                    let footer = rulesets::command::help_footer(named);
                    if !footer.is_empty() {
                        write!(env.stdout, "\n{footer}")?;
                    }
                }
                return Ok(());
            }
            if err.kind() == ErrorKind::UnknownArgument {
                if let Some(clap::error::ContextValue::String(flag)) = err.get(clap::error::ContextKind::InvalidArg) {
                    if let Some(misplaced) = named.rules.misplaced_flag(named.procedure, flag) {
                        return Err(misplaced);
                    }
                }
            }
            let sub = args.iter().skip(1).filter_map(|a| a.to_str()).find(|a| command.find_subcommand(a).is_some());
            let help = sub.map_or("fray".to_string(), |sub| format!("fray {sub}"));
            return Err(Error::usage(crate::cast::echo_quoted(&crate::cli::describe_error(&err, &help))));
        }
    };
    match &cli.command {
        Command::Completions { shell } => Ok(env.stdout.write_all(&crate::packaging::completion(*shell))?),
        Command::Man { dir } => write_man(dir),
        Command::Roll(args) => crate::dice::expr::run::run(args, &Settings::new(&cli.global, env)?, env),
        Command::Track(args) => {
            let given = match (command.find_subcommand("track"), matches.subcommand_matches("track")) {
                (Some(track), Some(sub)) => crate::cli::given_flags(track, sub),
                _ => Vec::new(),
            };
            crate::track::run(args, &given, &Settings::new(&cli.global, env)?, cli.global.rules.is_some(), env)
        }
        _ => run(&cli, &crate::cli::given_flags(&command, &matches), env),
    }
}

fn write_man(dir: &Path) -> Result<()> {
    if dir.as_os_str().is_empty() {
        return Err(Error::usage("the folder for man pages is empty").hint("give a folder, such as man/"));
    }
    let pages = crate::packaging::man_pages()?;
    std::fs::create_dir_all(dir).map_err(|e| {
        Error::data(format!("cannot create {}: {}", crate::cast::echo(&dir.display().to_string()), io_reason(&e)))
    })?;
    for (name, bytes) in pages {
        let path = dir.join(name);
        std::fs::write(&path, bytes).map_err(|e| {
            Error::data(format!("cannot write {}: {}", crate::cast::echo(&path.display().to_string()), io_reason(&e)))
        })?;
    }
    Ok(())
}

/// The global options of one run, with the environment's defaults and fray's filled in.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub rules: &'static Ruleset,
    pub seed: u64,
    pub format: Format,
    pub color: ColorWhen,
    pub repeat: Option<u64>,
    pub odds: bool,
    pub quiet: bool,
    pub show_seed: bool,
    /// The seed was drawn, not given with --seed.
    pub seed_drawn: bool,
    pub width: usize,
}

impl Settings {
    /// The options given (anywhere on the command line), then FRAY_RULES and FRAY_FORMAT, then
    /// the defaults. A variable is read only when its flag is absent, and blamed when bad.
    pub fn new(global: &Global, env: &Env) -> Result<Settings> {
        // clap took only a registry name for --rules.
        let rules = match global.rules.as_deref().and_then(Ruleset::named) {
            Some(rules) => rules,
            None => rules_var(env.rules_var.as_deref())?.unwrap_or_else(Ruleset::implied),
        };
        let format = match global.format {
            Some(format) => format,
            None => from_var::<Format>("FRAY_FORMAT", env.format_var.as_deref(), "an output format", "--format")?
                .unwrap_or(Format::Text),
        };
        Ok(Settings {
            rules,
            // Only the low 53 bits of the OS's number: see DRAWN_SEED_LIMIT.
            seed: global.seed.unwrap_or_else(|| (env.os_seed)() % DRAWN_SEED_LIMIT),
            format,
            color: global.color.unwrap_or(ColorWhen::Auto),
            repeat: global.repeat,
            odds: global.odds,
            quiet: global.quiet,
            show_seed: global.show_seed,
            seed_drawn: global.seed.is_none(),
            width: env.width(global.width),
        })
    }
}

/// The ruleset FRAY_RULES names (`None` when unset), read as `--rules` reads its value; an
/// empty or unknown value is an error naming the variable.
fn rules_var(value: Option<&OsStr>) -> Result<Option<&'static Ruleset>> {
    let Some(value) = value else { return Ok(None) };
    let ids: Vec<&str> = rulesets::RULESETS.iter().map(|r| r.id).collect();
    let hint = format!("possible values: {}; unset FRAY_RULES or give --rules", ids.join(", "));
    let text = value.to_str().ok_or_else(|| Error::usage("FRAY_RULES is not UTF-8 text").hint(hint.clone()))?;
    if text.trim().is_empty() {
        return Err(Error::usage("FRAY_RULES is set but empty").hint(hint));
    }
    match Ruleset::named(text.trim()) {
        Some(rules) => Ok(Some(rules)),
        None => Err(Error::usage(format!("FRAY_RULES='{text}' is not a ruleset")).hint(hint)),
    }
}

/// The value of environment variable `name` (`None` when unset), read as `--flag` reads its
/// value (any case, the same aliases); an empty or unknown value is an error naming the variable.
fn from_var<T: ValueEnum>(name: &str, value: Option<&OsStr>, what: &str, flag: &str) -> Result<Option<T>> {
    let Some(value) = value else { return Ok(None) };
    let possible: Vec<String> =
        T::value_variants().iter().filter_map(|v| v.to_possible_value()).map(|v| v.get_name().to_string()).collect();
    let hint = format!("possible values: {}; unset {name} or give {flag}", possible.join(", "));
    let text = value.to_str().ok_or_else(|| Error::usage(format!("{name} is not UTF-8 text")).hint(hint.clone()))?;
    if text.trim().is_empty() {
        return Err(Error::usage(format!("{name} is set but empty")).hint(hint));
    }
    T::from_str(text.trim(), true)
        .map(Some)
        .map_err(|_| Error::usage(format!("{name}='{text}' is not {what}")).hint(hint))
}

/// Runs a game command. `given` lists the command's own flags that were on the command line.
pub fn run(cli: &Cli, given: &[String], env: &mut Env) -> Result<()> {
    let Some(procedure) = Procedure::of(&cli.command) else {
        return Err(Error::usage("not a game command"));
    };
    let settings = Settings::new(&cli.global, env)?;
    let rules = settings.rules;
    rules.check_has(procedure)?;
    rules.check_flags(procedure, given)?;
    let cast_opts = rulesets::cast_of(&cli.command);
    if cast_opts.is_some_and(|c| c.roster_example) {
        env.stdout.write_all(rules.roster_example().as_bytes())?;
        return Ok(());
    }
    if settings.odds && settings.repeat.is_some() {
        return Err(Error::usage("--odds does not roll, so --repeat has nothing to repeat").hint("drop one of them"));
    }
    let cast = match cast_opts {
        Some(opts) => {
            // A group's number may be dice (`Goblin*2d4`): rolled once, shown on standard error.
            let rolled = crate::dice::expr::roll_group_counts(
                &opts.combatants,
                settings.seed,
                crate::cast::MAX_GROUP,
                env.stderr,
            )?;
            let rolled_opts = rolled.map(|combatants| crate::cli::Cast {
                combatants,
                sides: opts.sides.clone(),
                roster: opts.roster.clone(),
                roster_example: opts.roster_example,
            });
            let stdin = &mut *env.stdin;
            rules.load_cast(rolled_opts.as_ref().unwrap_or(opts), &mut |path| read_roster(path, stdin))?
        }
        None => Default::default(),
    };
    // -q is a text headline whatever the format; YAML and JSON are never coloured.
    let color = (settings.quiet || settings.format == Format::Text) && env.color(settings.color);
    let style = Style {
        palette: Palette::new(color).with_width(settings.width),
        format: if settings.quiet { Format::Text } else { settings.format },
        quiet: settings.quiet,
        show_seed: settings.show_seed,
        // On a terminal a drawn seed closes the text, dimly, so a roll at the table can be replayed.
        seed_footer: env.terminal && settings.seed_drawn && !settings.show_seed,
        repeat: settings.repeat,
        odds: settings.odds,
        seed: settings.seed,
    };
    let mut runner = Runner::new(&mut *env.stdout, &mut *env.stderr, style, rules.id, procedure.name());
    rules.run(&cli.command, cast, &mut runner)?;
    env.stdout.flush()?;
    Ok(())
}

/// Reads a roster file (or standard input for `-`), returning its text and display name.
pub(crate) fn read_roster(path: &Path, stdin: &mut dyn Read) -> Result<(String, String)> {
    let (bytes, name) = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        stdin.take(MAX_ROSTER_BYTES as u64 + 1).read_to_end(&mut bytes).map_err(|e| {
            Error::data(format!("cannot read the roster from standard input: {}", io_reason(&e)))
                .hint("redirect a roster file into fray, or give its path to --roster")
        })?;
        (bytes, "<stdin>".to_string())
    } else if path.as_os_str().is_empty() {
        return Err(Error::usage("the roster path is empty").hint("give --roster a file, or '-' for standard input"));
    } else {
        // A long path is quoted shortened, as the combatant errors quote a long argument.
        let name = crate::cast::echo(&path.display().to_string());
        let file = std::fs::File::open(path).map_err(|e| {
            Error::data(format!("cannot read the roster {name}: {}", io_reason(&e)))
                .hint("check the path given to --roster")
        })?;
        let mut bytes = Vec::new();
        file.take(MAX_ROSTER_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Error::data(format!("cannot read the roster {name}: {}", io_reason(&e))))?;
        (bytes, name)
    };
    if bytes.len() > MAX_ROSTER_BYTES {
        return Err(Error::data(format!("the roster {name} is larger than {} KiB", MAX_ROSTER_BYTES / 1024)));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        Error::data(format!(
            "the roster {name} is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    Ok((text, name))
}
