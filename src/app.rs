//! One run of fray: the parsed command line in, bytes out. Everything here is handed its
//! streams and settings by `main`, so it can be driven from tests without a terminal.

use crate::cli::{Cli, ColorWhen, Command, Format};
use crate::config::Config;
use crate::emit::{Runner, Style};
use crate::error::{Error, Result, io_reason};
use crate::render::Palette;
use crate::roster::Document;
use crate::rulesets::{self, Procedure, Ruleset};
use std::ffi::OsString;
use std::io::Read;
use std::path::Path;

pub use crate::env::{DRAWN_SEED_LIMIT, Env, Settings};

/// The program's own version, in every YAML/JSON document.
pub use crate::emit::VERSION;

/// What `--version` says after `fray`: the version and, when built from git, the revision and
/// its date (`0.1.0 (abc1234 2026-12-01)`; see build.rs).
pub const BUILD_VERSION: &str = env!("FRAY_BUILD_VERSION");

/// The whole program on `args` (the first is the program name): parses, runs, reports an
/// error as one `fray: error: …` line, and returns the exit status.
pub fn main(args: &[OsString], env: &mut Env) -> u8 {
    main_leaving(args, env, &mut None)
}

/// [`main`] for a process that exits as soon as it returns: the command line clap built and
/// read is left for the exit to free, since freeing it piece by piece costs about a tenth of a
/// short run (`fray reaction`).
pub fn main_then_exit(args: &[OsString], env: &mut Env) -> u8 {
    let mut parsed = None;
    let code = main_leaving(args, env, &mut parsed);
    std::mem::forget(parsed);
    code
}

/// What a run parsed: clap's command line, its matches, and fray's reading of them.
type Parsed = Box<(clap::Command, clap::ArgMatches, Cli)>;

/// [`main`], leaving what it parsed in `parsed` for the caller to drop or not.
fn main_leaving(args: &[OsString], env: &mut Env, parsed: &mut Option<Parsed>) -> u8 {
    // Output is flushed here, so a full disk or a closed stream is an error too, help included.
    match parse_and_run(args, env, parsed).and_then(|()| env.stdout.flush().map_err(Error::from)) {
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

fn parse_and_run(args: &[OsString], env: &mut Env, kept: &mut Option<Parsed>) -> Result<()> {
    let named = rulesets::command::scan(args, env.rules_var.as_deref());
    let line = match Line::read(args, named, named.rules) {
        Ok(line) => line,
        Err(refused) => {
            use clap::error::ErrorKind;
            let err = &refused.err;
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
            // A flag of another ruleset may be for the ruleset a config file or a roster names:
            // the line is read with every ruleset's flags, and again once the ruleset is known.
            match Line::read_with_every_ruleset(args, named, err) {
                Some(line) => line,
                None => return Err(refused.error(named)),
            }
        }
    };
    // The config file's default flags hold for every command that rolls or reads a ruleset.
    let config = match (&line.cli.command, &env.config) {
        (Command::Completions { .. } | Command::Man { .. }, _) => Config::default(),
        (_, Some(file)) if !line.cli.global.no_config => crate::config::load(file)?,
        _ => Config::default(),
    };
    let again = Again { args, named, read_with: line.rules };
    let result = dispatch(&line.cli, &line.given, &config, &again, env);
    *kept = Some(Box::new((line.command, line.matches, line.cli)));
    result
}

/// A command line as clap read it, with the command it was read with, the flags of the
/// command that were given (read before fray's reading takes the values out), and the ruleset
/// whose flags it was read with (`None`: every ruleset's).
struct Line {
    command: clap::Command,
    matches: clap::ArgMatches,
    cli: Cli,
    given: Vec<String>,
    rules: Option<&'static str>,
}

/// A command line clap refused, with what is needed to say why.
struct Refused {
    err: clap::Error,
    command: clap::Command,
    args: Vec<OsString>,
}

impl Line {
    /// `args` read by the command line of the command they name under `rules`: only that
    /// command is built, with the flags the ruleset declares for it.
    fn read(args: &[OsString], named: rulesets::command::Named, rules: &'static Ruleset) -> Result<Line, Box<Refused>> {
        let named = rulesets::command::Named { rules, ..named };
        // The revision is told here, not in the declaration, so the generated man pages name only the version.
        let command = rulesets::command::command_for(named).version(BUILD_VERSION);
        Line::parse(command, args, Some(rules.id))
    }

    /// `args`, refused by the command line of the ruleset named (`err`), read with every
    /// ruleset's flags; `None` unless the refusal was a flag of a game command and that reading
    /// takes it.
    fn read_with_every_ruleset(args: &[OsString], named: rulesets::command::Named, err: &clap::Error) -> Option<Line> {
        if err.kind() != clap::error::ErrorKind::UnknownArgument {
            return None;
        }
        let command = rulesets::command::command_for_every_ruleset(named)?;
        Line::parse(command.version(BUILD_VERSION), args, None).ok()
    }

    fn parse(mut command: clap::Command, args: &[OsString], rules: Option<&'static str>) -> Result<Line, Box<Refused>> {
        let args = hoist_cast_flags(args, &command);
        let parsed = command.try_get_matches_from_mut(&args).and_then(|mut matches| {
            let given = match matches.subcommand() {
                Some(("track", sub)) => {
                    command.find_subcommand("track").map(|track| crate::cli::given_flags(track, sub))
                }
                _ => Some(crate::cli::given_flags(&command, &matches)),
            };
            crate::cli::read(&mut matches).map(|cli| (matches, cli, given.unwrap_or_default()))
        });
        match parsed {
            Ok((matches, cli, given)) => Ok(Line { command, matches, cli, given, rules }),
            Err(err) => Err(Box::new(Refused { err, command, args })),
        }
    }
}

impl Refused {
    /// fray's message for the refusal.
    fn error(&self, named: rulesets::command::Named) -> Error {
        let err = &self.err;
        if err.kind() == clap::error::ErrorKind::UnknownArgument {
            if let Some(clap::error::ContextValue::String(flag)) = err.get(clap::error::ContextKind::InvalidArg) {
                if let Some(misplaced) = named.rules.misplaced_flag(named.procedure, flag) {
                    return misplaced;
                }
            }
        }
        let command = &self.command;
        let sub = self.args.iter().skip(1).filter_map(|a| a.to_str()).find(|a| command.find_subcommand(a).is_some());
        let help = sub.map_or("fray".to_string(), |sub| format!("fray {sub}"));
        Error::usage(crate::cast::echo_quoted(&crate::cli::describe_error(err, &help)))
    }
}

/// What a game command needs to read its command line again, once the config file or a roster
/// has named its ruleset: the words, what they name, and the ruleset they were read with.
pub(crate) struct Again<'a> {
    args: &'a [OsString],
    named: rulesets::command::Named,
    read_with: Option<&'static str>,
}

impl Again<'_> {
    /// The command line read with the flags of `rules`, unless it was read so already.
    fn under(&self, rules: &'static Ruleset) -> Result<Option<(Cli, Vec<String>)>> {
        if self.read_with == Some(rules.id) {
            return Ok(None);
        }
        match Line::read(self.args, self.named, rules) {
            Ok(line) => Ok(Some((line.cli, line.given))),
            Err(refused) => Err(refused.error(rulesets::command::Named { rules, ..self.named })),
        }
    }
}

/// Runs the command `cli` names, under `config`'s defaults.
fn dispatch(cli: &Cli, given: &[String], config: &Config, again: &Again, env: &mut Env) -> Result<()> {
    let settings = |env: &Env| Settings::with_config(&cli.global, &config.global, env).map(|(settings, _)| settings);
    match &cli.command {
        Command::Completions { shell } => Ok(env.stdout.write_all(&crate::packaging::completion(*shell))?),
        Command::Man { dir } => write_man(dir),
        Command::Roll(args) => crate::dice::expr::run::run(args, &settings(env)?, env),
        Command::Table(args) => crate::table::run::run(args, &settings(env)?, env),
        Command::Track(args) => {
            let settings = settings(env)?;
            // A fight starts under the ruleset the config may name: start's flags are its.
            let again = match args.action {
                crate::cli::TrackAction::Start(_) => again.under(settings.rules)?,
                _ => None,
            };
            let (args, given) = match &again {
                Some((Cli { command: Command::Track(args), .. }, given)) => (args, given.as_slice()),
                _ => (args, given),
            };
            let standing = crate::track::Standing { rosters: &config.rosters, sides: &config.sides };
            crate::track::run(args, given, &settings, cli.global.rules.is_some(), standing, main, env)
        }
        _ => run(cli, given, config, again, env),
    }
}

/// The flags that name the cast, `--side`, `--roster` and `--roster-example`, are the game
/// command's; written before the command's name (`fray --side party --side orcs surprise`) they
/// are moved to just after it, so they are accepted anywhere on the line.
fn hoist_cast_flags(args: &[OsString], command: &clap::Command) -> Vec<OsString> {
    const CAST: [&str; 3] = ["--side", "--roster", "--roster-example"];
    let takes_value = |arg: &clap::Arg| arg.get_action().takes_values();
    let mut before = Vec::new();
    let mut hoisted = Vec::new();
    let mut i = 1;
    while i < args.len() {
        let Some(word) = args[i].to_str() else { break };
        if word == "--" || !word.starts_with('-') || word == "-" {
            // The command's name (or something clap will refuse as it is).
            if hoisted.is_empty() || command.find_subcommand(word).is_none() {
                return args.to_vec();
            }
            let mut out = vec![args[0].clone()];
            out.extend(before);
            out.push(args[i].clone());
            out.extend(hoisted);
            out.extend_from_slice(&args[i + 1..]);
            return out;
        }
        let (long, inline_value) = match word.split_once('=') {
            Some((long, _)) => (long, true),
            None => (word, false),
        };
        let mut words = 1;
        if let Some(name) = long.strip_prefix("--") {
            let value_next = match CAST.iter().find(|c| **c == long) {
                Some(&flag) => flag != "--roster-example",
                None => command.get_arguments().any(|a| a.get_long() == Some(name) && takes_value(a)),
            };
            if value_next && !inline_value {
                words = 2;
            }
            if CAST.contains(&long) {
                hoisted.extend_from_slice(&args[i..(i + words).min(args.len())]);
                i += words;
                continue;
            }
        } else {
            // A cluster of short flags: the first that takes a value takes the rest, or the next word.
            for (k, c) in word.char_indices().skip(1) {
                if command.get_arguments().any(|a| a.get_short() == Some(c) && takes_value(a)) {
                    if k + c.len_utf8() == word.len() {
                        words = 2;
                    }
                    break;
                }
            }
        }
        before.extend_from_slice(&args[i..(i + words).min(args.len())]);
        i += words;
    }
    args.to_vec()
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

/// Runs a game command. `given` lists the command's own flags that were on the command line;
/// `config` holds the config file's defaults.
pub(crate) fn run(cli: &Cli, given: &[String], config: &Config, again: &Again, env: &mut Env) -> Result<()> {
    let Some(procedure) = Procedure::of(&cli.command) else {
        return Err(Error::usage("not a game command"));
    };
    let (mut settings, named) = Settings::with_config(&cli.global, &config.global, env)?;
    let cast_opts = rulesets::cast_of(&cli.command);
    let cast_opts = cast_opts.as_ref();
    let example = cast_opts.is_some_and(|c| c.roster_example);
    // The rosters are read first: one may name the ruleset (`rules:`). The config's come first.
    let (rosters, rules) = match cast_opts.filter(|_| !example) {
        Some(opts) => rosters_and_their_rules(procedure, opts, settings.rules, named.as_deref(), config, env)?,
        None => (Vec::new(), settings.rules),
    };
    settings.rules = rules;
    rules.check_has(procedure)?;
    // Read again with the flags of the ruleset the config or a roster named.
    let read_again = again.under(rules)?;
    let (cli, given) = match &read_again {
        Some((cli, given)) => (cli, given.as_slice()),
        None => (cli, given),
    };
    rules.check_flags(procedure, given)?;
    if example {
        env.stdout.write_all(rules.roster_example().as_bytes())?;
        return Ok(());
    }
    if settings.odds && settings.repeat.is_some() {
        return Err(Error::usage("--odds does not roll, so --repeat has nothing to repeat").hint("drop one of them"));
    }
    // `encounter --table FILE`: the table is rolled first, and what it brings joins the cast.
    let (table_step, with_table) = match (&cli.command, cast_opts) {
        (Command::Encounter(flags), Some(opts)) if table_of(flags).is_some() => {
            let (step, file, with_table) = roll_table(table_of(flags), opts, rules, &settings, env)?;
            (Some((step, file)), Some(with_table))
        }
        _ => (None, None),
    };
    let cast_opts = with_table.as_ref().or(cast_opts);
    // The config's cast only where the command takes one (not an ose pursuit), and its sides
    // only when the command line names none.
    let takes = |flag: &str| rules.takes_flag(procedure, flag);
    let sides_of = |opts: &crate::cli::Cast| match opts.sides.is_empty() && takes("--side") {
        true => config.sides.clone(),
        false => opts.sides.clone(),
    };
    // The odds of an encounter with a table load a cast for each creature it can bring, later.
    let cast = match cast_opts.filter(|_| !(settings.odds && table_step.is_some())) {
        Some(opts) => {
            // A group's number may be dice (`count=2d4`): rolled once, shown on standard error.
            let mut groups = crate::dice::expr::GroupRoller::new(settings.seed, &mut *env.stderr);
            rules.load_cast(&rosters, &sides_of(opts), &opts.combatants, &mut groups)?
        }
        None => Default::default(),
    };
    // `encounter --track`: the encounter kept as a fight first, with the same dice it shows.
    let kept = match (&cli.command, cast_opts) {
        (Command::Encounter(flags), Some(opts)) if track_of(flags).is_some() => {
            if settings.odds || settings.repeat.is_some() {
                return Err(Error::usage("--track keeps one rolled encounter as a fight")
                    .hint("drop --odds and --repeat, or --track"));
            }
            let cast = crate::cli::Cast { sides: sides_of(opts), ..opts.clone() };
            let rosters = if takes("--roster") { config.rosters.as_slice() } else { &[] };
            let standing = crate::track::Standing { rosters, sides: &[] };
            let encounter = crate::track::Encounter { rules, flags, cast: &cast, fight: track_of(flags) };
            Some(crate::track::keep_encounter(encounter, &settings, standing, env)?)
        }
        _ => None,
    };
    let style = style_of(&settings, env);
    let mut runner = Runner::new(&mut *env.stdout, &mut *env.stderr, style, rules.id, procedure.name());
    if let Some((name, _)) = &kept {
        let data = serde_json::Value::String(name.clone());
        runner.before(crate::emit::Before { key: "fight", data, lines: Vec::new(), quiet: name.clone() });
    }
    if let Some((step, file)) = table_step {
        if settings.odds {
            // The odds leave the roll out: they mix the encounter's over all the table brings.
            let with_table = cast_opts.ok_or_else(|| Error::usage("the encounter has no cast"))?;
            let cast =
                CastSources { rosters: &rosters, sides: &sides_of(with_table), combatants: &with_table.combatants };
            return table_odds(cli, rules, &file, &cast, settings.seed, &mut runner);
        }
        runner.before(step);
    }
    rules.run(&cli.command, cast, &mut runner)?;
    if let (Some((name, round)), Format::Text, false) = (&kept, settings.format, settings.quiet) {
        let p = style_of(&settings, env).palette;
        let mut line = String::new();
        let said = format!("→ kept as fight '{name}': {round}");
        p.line(&mut line, "", &p.dim(said).to_string());
        env.stdout.write_all(line.as_bytes())?;
    }
    env.stdout.flush()?;
    Ok(())
}

/// The fight an encounter's `--track` keeps it as (`Some("")`: the default name).
fn track_of(flags: &crate::cli::Flags) -> Option<&str> {
    flags.0.try_get_one::<String>("track").ok().flatten().map(String::as_str)
}

/// The rosters a command reads and the ruleset it runs under: the one named on the command
/// line, by FRAY_RULES or the config, else the one a roster names (`rules:`). The config's
/// rosters count only where that ruleset's command takes a cast (not an ose pursuit).
fn rosters_and_their_rules(
    procedure: Procedure,
    opts: &crate::cli::Cast,
    current: &'static Ruleset,
    named: Option<&str>,
    config: &Config,
    env: &mut Env,
) -> Result<(Vec<Document>, &'static Ruleset)> {
    let takes_rosters = |rules: &'static Ruleset| rules.takes_flag(procedure, "--roster");
    // The config's are read only where the command may take a cast: under the ruleset named,
    // or, when none is, under any (a roster may name its own).
    let config_rosters = match named {
        Some(_) => takes_rosters(current),
        None => rulesets::RULESETS.iter().any(|rules| takes_rosters(rules)),
    };
    let rosters = read_rosters(config, config_rosters, opts, &mut *env.stdin)?;
    let rules = rules_of_rosters(&rosters, current, named, config, &takes_rosters)?;
    let rosters = rosters
        .into_iter()
        .filter(|(_, from_config)| !from_config || takes_rosters(rules))
        .map(|(document, _)| document)
        .collect();
    Ok((rosters, rules))
}

/// The rosters a command reads, each with whether the config named it: the config's first
/// (where `config_rosters` says the command may take them), then the command line's.
fn read_rosters(
    config: &Config,
    config_rosters: bool,
    opts: &crate::cli::Cast,
    stdin: &mut dyn Read,
) -> Result<Vec<(Document, bool)>> {
    let from_config = config.rosters.iter().filter(|_| config_rosters);
    let paths = from_config.map(|p| (p, true)).chain(opts.roster.iter().map(|p| (p, false)));
    let mut rosters = Vec::new();
    for (path, from_config) in paths {
        let (text, file) = crate::roster::read_file(path, &mut *stdin).map_err(|err| match from_config {
            true => err.hint(format!(
                "the config {} names it (its relative paths start from its folder); --no-config leaves it out",
                config.file.as_deref().unwrap_or("file")
            )),
            false => err,
        })?;
        rosters.push((Document::read(&text, file), from_config));
    }
    Ok(rosters)
}

/// The encounter table an encounter's `--table` names, where its ruleset declares one.
fn table_of(flags: &crate::cli::Flags) -> Option<&Path> {
    flags.0.try_get_one::<std::path::PathBuf>("table").ok().flatten().map(|p| p.as_path())
}

/// `encounter --table FILE`: the table read and rolled, its step to show, and the cast options
/// with the creature it brings added.
fn roll_table(
    table: Option<&Path>,
    opts: &crate::cli::Cast,
    rules: &'static Ruleset,
    settings: &Settings,
    env: &mut Env,
) -> Result<(crate::emit::Before, crate::table::TableFile, crate::cli::Cast)> {
    let path = table.unwrap_or(Path::new("-"));
    if path.as_os_str() == "-" && opts.roster.iter().any(|r| r.as_os_str() == "-") {
        return Err(Error::usage("--table and --roster both read standard input").hint("give one of them a file"));
    }
    let (text, name) = crate::table::read_file_text(path, &mut *env.stdin)?;
    let file = crate::table::load(&text, &name, &rules.keys)?;
    let color = (settings.quiet || settings.format == Format::Text) && env.color(settings.color);
    let (combatant, step) = crate::table::encounter::step(&file, settings.seed, &Palette::new(color))?;
    let mut with_table = opts.clone();
    with_table.combatants.push(combatant);
    Ok((step, file, with_table))
}

/// How a run's documents and text are written, from its settings and the terminal.
fn style_of(settings: &Settings, env: &Env) -> Style {
    // -q is a text headline whatever the format; YAML and JSON are never coloured.
    let color = (settings.quiet || settings.format == Format::Text) && env.color(settings.color);
    Style {
        palette: Palette::new(color).with_width(settings.width),
        format: if settings.quiet { Format::Text } else { settings.format },
        quiet: settings.quiet,
        show_seed: settings.show_seed,
        // On a terminal a drawn seed closes the text, dimly, so a roll at the table can be replayed.
        seed_footer: env.terminal && settings.seed_drawn && !settings.show_seed,
        repeat: settings.repeat,
        odds: settings.odds,
        seed: settings.seed,
    }
}

/// The ruleset, checked against the rosters that name one (`rules:`): `current` as the
/// settings have it, `named` what named it (none: the default, which a roster's own replaces).
fn rules_of_rosters(
    rosters: &[(Document, bool)],
    current: &'static Ruleset,
    named: Option<&str>,
    config: &Config,
    takes_rosters: &dyn Fn(&'static Ruleset) -> bool,
) -> Result<&'static Ruleset> {
    let mut chosen: Option<(&'static Ruleset, String)> = named.map(|n| (current, n.to_string()));
    for (document, from_config) in rosters {
        let file = document.file();
        if *from_config && chosen.as_ref().is_some_and(|(rules, _)| !takes_rosters(rules)) {
            continue;
        }
        let Some((word, line)) = document.declared_rules() else { continue };
        let rules = Ruleset::named(word.trim()).ok_or_else(|| {
            Error::data(format!("{file}:{line}: rules: '{}' is not a ruleset", crate::cast::echo(&word)))
                .hint(format!("rulesets: {}", rulesets::RULESETS.iter().map(|r| r.id).collect::<Vec<_>>().join(", ")))
        })?;
        match &chosen {
            Some((other, by)) if other.id != rules.id => {
                let by_config = if *from_config {
                    format!(" (from the config {})", config.file.as_deref().unwrap_or("file"))
                } else {
                    String::new()
                };
                return Err(Error::usage(format!(
                    "the roster {file}{by_config} is for {} (rules: on line {line}), but {by} says {}",
                    rules.id, other.id
                ))
                .hint("give the roster's ruleset, or leave the roster out (--no-config leaves out the config's)"));
            }
            Some(_) => {}
            None => chosen = Some((rules, format!("the roster {file}"))),
        }
    }
    Ok(chosen.map_or(current, |(rules, _)| rules))
}

/// What a cast is loaded from: the rosters read, the sides and the inline combatants.
struct CastSources<'a> {
    rosters: &'a [Document],
    sides: &'a [String],
    combatants: &'a [String],
}

/// The odds of `encounter --table`: the encounter's odds with each combatant the table can
/// bring (the last of `cast.combatants`), mixed by the chance the table brings it.
fn table_odds(
    cli: &Cli,
    rules: &'static Ruleset,
    file: &crate::table::TableFile,
    cast: &CastSources,
    seed: u64,
    runner: &mut Runner,
) -> Result<()> {
    crate::table::encounter::odds(file, runner, |combatant, runner| {
        let mut combatants = cast.combatants.to_vec();
        if let Some(last) = combatants.last_mut() {
            *last = combatant.to_string();
        }
        // A group of dice size is rolled as the run would, and not shown: the odds show no roll.
        let mut unseen = std::io::sink();
        let mut groups = crate::dice::expr::GroupRoller::new(seed, &mut unseen);
        let loaded = rules.load_cast(cast.rosters, cast.sides, &combatants, &mut groups)?;
        rules.run(&cli.command, loaded, runner)?;
        runner.take_odds().ok_or_else(|| Error::usage("this encounter gives no odds"))
    })
}
