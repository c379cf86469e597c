//! One run of fray: the parsed command line in, bytes out. Everything here is handed its
//! streams and settings by `main`, so it can be driven from tests without a terminal.

use crate::cli::{ColorWhen, Command, Format};
use crate::config::Config;
use crate::emit::{Runner, Style};
use crate::error::{Error, Result, io_reason};
use crate::line::{Failure, Line, Refused};
use crate::render::Palette;
use crate::roster::Document;
use crate::rulesets::{self, Procedure, Ruleset};
use std::ffi::OsString;
use std::io::Read;
use std::path::Path;

pub use crate::env::{DRAWN_SEED_LIMIT, Env, Settings};

/// The program's own version, in every YAML/JSON document.
pub use crate::emit::VERSION;

pub use crate::cli::BUILD_VERSION;

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

/// What a run parsed: the command line clap read and its matches, and fray's reading of them.
type Parsed = Box<Line>;

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
    let line = match crate::line::read(args, &env.config) {
        Ok(line) => Box::new(line),
        Err(Failure::Error(err)) => return Err(err),
        Err(Failure::Refused(refused)) => return refusal(&refused, env),
    };
    let result = match line.help {
        Some(long) => help(&line, long, env),
        None => dispatch(&line, env),
    };
    *kept = Some(line);
    result
}

/// A command line clap refused: its help or version where that is what it asked for, else
/// fray's error.
fn refusal(refused: &Refused, env: &mut Env) -> Result<()> {
    use clap::error::ErrorKind;
    let err = &refused.err;
    if !matches!(err.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        return Err(refusal_error(refused, env));
    }
    let text = err.render();
    let text = if env.color(ColorWhen::Auto) { text.ansi().to_string() } else { text.to_string() };
    env.stdout.write_all(text.as_bytes())?;
    if err.kind() == ErrorKind::DisplayHelp {
        // Only fray's own commands and the top give clap's help; a game command's is [`help`].
        let command = refused
            .args
            .iter()
            .skip(1)
            .filter_map(|a| a.to_str())
            .find(|a| refused.commands.iter().any(|c| c == a && c != "help"));
        let named = rulesets::command::Named {
            rules: Ruleset::implied(),
            procedure: None,
            command: command.is_some(),
            long_help: refused.args.iter().any(|a| a == "--help" || a == "help"),
            own: None,
        };
        let footer = rulesets::command::help_footer(named);
        if !footer.is_empty() {
            write!(env.stdout, "\n{footer}")?;
        }
    }
    Ok(())
}

/// fray's message for a command line clap refused: the line as far as it goes names the
/// ruleset and the command, whose own command line (only that ruleset's flags) says what is
/// wrong in their words, naming who takes a flag it lacks.
fn refusal_error(refused: &Refused, env: &Env) -> Error {
    // An unknown flag ends clap's reading; the rest of the line, without it, may name the
    // ruleset and the command it is for (`fray --individual -r bx initiative`).
    let unknown = match refused.err.get(clap::error::ContextKind::InvalidArg) {
        Some(clap::error::ContextValue::String(flag))
            if refused.err.kind() == clap::error::ErrorKind::UnknownArgument =>
        {
            refused
                .args
                .iter()
                .position(|a| a.to_str().is_some_and(|a| a == flag || a.starts_with(&format!("{flag}="))))
        }
        _ => None,
    };
    let rest: Vec<OsString> =
        refused.args.iter().enumerate().filter(|(i, _)| Some(*i) != unknown).map(|(_, a)| a.clone()).collect();
    let named = crate::line::so_far(&rest, refused.config.as_ref(), env.rules_var.as_deref()).named;
    let mut own = rulesets::command::command_for(named).version(BUILD_VERSION);
    let own_err = own.try_get_matches_from_mut(&refused.args).err();
    let err = own_err.as_ref().unwrap_or(&refused.err);
    let sub = refused.args.iter().skip(1).filter_map(|a| a.to_str()).find(|a| refused.commands.iter().any(|c| c == a));
    if err.kind() == clap::error::ErrorKind::UnknownArgument
        && let Some(clap::error::ContextValue::String(flag)) = err.get(clap::error::ContextKind::InvalidArg)
        && let Some(misplaced) = named.rules.misplaced_flag(named.procedure, flag)
    {
        return misplaced;
    }
    let help = sub.map_or("fray".to_string(), |sub| format!("fray {sub}"));
    Error::usage(crate::error::echo_quoted(&crate::cli::describe_error(err, &help)))
}

/// The help of a game command or of `track start`: its ruleset's, with the ruleset's examples,
/// keys and manual page after it.
fn help(line: &Line, long: bool, env: &mut Env) -> Result<()> {
    let named = line.named(env.rules_var.as_deref());
    let mut command = rulesets::command::command_for(named).version(BUILD_VERSION);
    let mut words: Vec<&str> = vec!["fray"];
    words.extend(line.path.iter().map(String::as_str));
    words.push(if long { "--help" } else { "-h" });
    let Err(err) = command.try_get_matches_from_mut(words) else {
        return Err(Error::usage("no help for this command"));
    };
    let text = err.render();
    let text = if env.color(ColorWhen::Auto) { text.ansi().to_string() } else { text.to_string() };
    env.stdout.write_all(text.as_bytes())?;
    let footer = rulesets::command::help_footer(rulesets::command::Named { long_help: long, ..named });
    if !footer.is_empty() {
        write!(env.stdout, "\n{footer}")?;
    }
    Ok(())
}

/// Runs the command the line names, under its config's defaults.
fn dispatch(line: &Line, env: &mut Env) -> Result<()> {
    let (cli, config) = (&line.cli, &line.config);
    let settings = |env: &Env| Settings::with_config(&cli.global, &config.global, env).map(|(settings, _)| settings);
    match &cli.command {
        Command::Completions(args) => Ok(env.stdout.write_all(&crate::packaging::completion(args.shell))?),
        Command::Man(args) => write_man(&args.dir),
        Command::Roll(args) => crate::roll::run(args, &settings(env)?, env),
        Command::Table(args) => crate::table::run::run(args, &settings(env)?, env),
        Command::Track(args) => {
            let (settings, named) = Settings::with_config(&cli.global, &config.global, env)?;
            let rules_named = named.is_some();
            let standing = crate::track::Standing { rosters: &config.rosters, sides: &config.sides, rules_named };
            crate::track::run(args, &line.given, &settings, cli.global.rules.is_some(), standing, main, env)
        }
        _ => run(line, env),
    }
}

fn write_man(dir: &Path) -> Result<()> {
    if dir.as_os_str().is_empty() {
        return Err(Error::usage("the folder for man pages is empty").hint("give a folder, such as man/"));
    }
    let pages = crate::packaging::man_pages()?;
    std::fs::create_dir_all(dir).map_err(|e| {
        Error::data(format!("cannot create {}: {}", crate::error::echo(&dir.display().to_string()), io_reason(&e)))
    })?;
    for (name, bytes) in pages {
        let path = dir.join(name);
        std::fs::write(&path, bytes).map_err(|e| {
            Error::data(format!("cannot write {}: {}", crate::error::echo(&path.display().to_string()), io_reason(&e)))
        })?;
    }
    Ok(())
}

/// Runs a game command: `line.given` lists the command's own flags that were on the command
/// line, `line.config` holds the config file's defaults.
fn run(line: &Line, env: &mut Env) -> Result<()> {
    let (cli, given, config) = (&line.cli, line.given.as_slice(), &line.config);
    let Some(game) = &line.game else {
        return Err(Error::usage("not a game command"));
    };
    let procedure = game.procedure;
    let (mut settings, named) = Settings::with_config(&cli.global, &config.global, env)?;
    let cast_opts = line.cast.as_ref();
    let example = cast_opts.is_some_and(|c| c.roster_example);
    // The rosters are read first: one may name the ruleset (`rules:`). The config's come first.
    let (rosters, rules) = match cast_opts.filter(|_| !example) {
        Some(opts) => rosters_and_their_rules(procedure, opts, settings.rules, named.as_deref(), config, env)?,
        None => (Vec::new(), settings.rules),
    };
    settings.rules = rules;
    rules.check_has(procedure)?;
    rules.check_flags(procedure, given)?;
    if example {
        env.stdout.write_all(rules.roster_example().as_bytes())?;
        return Ok(());
    }
    if settings.odds && settings.repeat.is_some() {
        return Err(Error::usage("--odds does not roll, so --repeat has nothing to repeat").hint("drop one of them"));
    }
    // `encounter --table FILE`: the table is rolled first, and what it brings joins the cast.
    let (table_step, with_table) = match (table_of(game), cast_opts) {
        (Some(table), Some(opts)) => {
            let (step, file, with_table) = roll_table(table, opts, rules, &settings, env)?;
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
    let mut appearing = Vec::new();
    let cast = match cast_opts.filter(|_| !(settings.odds && table_step.is_some())) {
        Some(opts) => {
            // A group's number may be dice (`count=2d4`): rolled once, shown in the documents.
            let mut unseen = std::io::sink();
            let mut groups = crate::dice::expr::GroupRoller::new(settings.seed, &mut unseen);
            let cast = rules.load_cast(&rosters, &sides_of(opts), &opts.combatants, &mut groups)?;
            appearing = groups.rolled;
            cast
        }
        None => Default::default(),
    };
    // `encounter --track`: the encounter kept as a fight first, with the same dice it shows.
    let kept = match (track_of(game), cast_opts) {
        (Some(fight), Some(opts)) => {
            if settings.odds || settings.repeat.is_some() {
                return Err(Error::usage("--track keeps one rolled encounter as a fight")
                    .hint("drop --odds and --repeat, or --track"));
            }
            let cast = crate::cli::Cast { sides: sides_of(opts), ..opts.clone() };
            let rosters = if takes("--roster") { config.rosters.as_slice() } else { &[] };
            let standing = crate::track::Standing { rosters, sides: &[], rules_named: true };
            let encounter = crate::track::Encounter { rules, flags: &game.flags, cast: &cast, fight: Some(fight) };
            Some(crate::track::keep_encounter(encounter, &settings, standing, env)?)
        }
        _ => None,
    };
    let style = style_of(&settings, env);
    let appearing_palette = style.palette;
    let mut runner = Runner::new(&mut *env.stdout, &mut *env.stderr, style, rules.id, procedure.name());
    if let Some((name, _)) = &kept {
        let data = serde_json::Value::String(name.clone());
        runner.before(crate::emit::Before {
            key: "fight",
            data,
            lines: Vec::new(),
            quiet: name.clone(),
            odds_note: None,
        });
    }
    if let Some((step, file)) = table_step {
        if settings.odds {
            // The odds leave the roll out: they mix the encounter's over all the table brings.
            let with_table = cast_opts.ok_or_else(|| Error::usage("the encounter has no cast"))?;
            let cast =
                CastSources { rosters: &rosters, sides: &sides_of(with_table), combatants: &with_table.combatants };
            return table_odds(game, rules, &file, &cast, settings.seed, &mut runner);
        }
        runner.before(step);
    }
    if !appearing.is_empty() {
        runner.before(crate::emit::Before::appearing(
            &appearing,
            &appearing_palette,
            procedure == Procedure::Encounter,
        ));
    }
    rules.run(game, cast, &mut runner)?;
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

/// The value of the encounter's flag `id` where its ruleset declares it; `None` for other commands.
fn encounter_flag<'g, T: Clone + Send + Sync + 'static>(game: &'g rulesets::Game, id: &str) -> Option<&'g T> {
    if game.procedure != Procedure::Encounter {
        return None;
    }
    game.flags.0.try_get_one::<T>(id).ok().flatten()
}

/// The fight an encounter's `--track` keeps it as (`Some("")`: the default name).
fn track_of(game: &rulesets::Game) -> Option<&str> {
    encounter_flag::<String>(game, "track").map(String::as_str)
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
                config.file()
            )),
            false => err,
        })?;
        rosters.push((Document::read(&text, file), from_config));
    }
    Ok(rosters)
}

/// The encounter table an encounter's `--table` names, where its ruleset declares one.
fn table_of(game: &rulesets::Game) -> Option<&Path> {
    encounter_flag::<std::path::PathBuf>(game, "table").map(|p| p.as_path())
}

/// `encounter --table FILE`: the table read and rolled, its step to show, and the cast options
/// with the creature it brings added.
fn roll_table(
    path: &Path,
    opts: &crate::cli::Cast,
    rules: &'static Ruleset,
    settings: &Settings,
    env: &mut Env,
) -> Result<(crate::emit::Before, crate::table::TableFile, crate::cli::Cast)> {
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
            Error::data(format!("{file}:{line}: rules: '{}' is not a ruleset", crate::error::echo(&word)))
                .hint(format!("rulesets: {}", rulesets::RULESETS.iter().map(|r| r.id).collect::<Vec<_>>().join(", ")))
        })?;
        match &chosen {
            Some((other, by)) if other.id != rules.id => {
                let by_config =
                    if *from_config { format!(" (from the config {})", config.file()) } else { String::new() };
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
    game: &rulesets::Game,
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
        rules.run(game, loaded, runner)?;
        runner.take_odds().ok_or_else(|| Error::usage("this encounter gives no odds"))
    })
}
