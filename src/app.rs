//! One run of fray: the parsed command line in, bytes out. Everything here is handed its
//! streams and settings by `main`, so it can be driven from tests without a terminal.

use crate::cli::{Cli, ColorWhen, Command, Format, Global, RulesId};
use crate::dice::SeededDice;
use crate::error::{Error, Result, io_reason};
use crate::odds::{Fallback, Odds};
use crate::render::{self, Palette, Report};
use crate::roster::MAX_ROSTER_BYTES;
use crate::rulesets::{self, Procedure, Rule, Ruleset};
use clap::{FromArgMatches, ValueEnum};
use serde::Serialize;
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
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

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
    // One clap command serves parsing, the given-flag check and error messages.
    // The revision is told here, not in the declaration, so the generated man pages name only the version.
    let mut command = crate::cli::command().version(BUILD_VERSION);
    let parsed = command.try_get_matches_from_mut(args).and_then(|m| Cli::from_arg_matches(&m).map(|cli| (m, cli)));
    let (matches, cli) = match parsed {
        Ok(parsed) => parsed,
        Err(err) => {
            use clap::error::ErrorKind;
            if matches!(err.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let help = err.render();
                let help = if env.color(ColorWhen::Auto) { help.ansi().to_string() } else { help.to_string() };
                env.stdout.write_all(help.as_bytes())?;
                return Ok(());
            }
            return Err(Error::usage(crate::cli::describe_error(&err, &command, args)));
        }
    };
    match &cli.command {
        Command::Completions { shell } => Ok(env.stdout.write_all(&crate::packaging::completion(*shell))?),
        Command::Man { dir } => write_man(dir),
        _ => run(&cli, &crate::cli::given_flags(&command, &matches), env),
    }
}

fn write_man(dir: &Path) -> Result<()> {
    if dir.as_os_str().is_empty() {
        return Err(Error::usage("the folder for man pages is empty").hint("give a folder, such as man/"));
    }
    let pages = crate::packaging::man_pages()?;
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::data(format!("cannot create {}: {}", dir.display(), io_reason(&e))))?;
    for (name, bytes) in pages {
        let path = dir.join(name);
        std::fs::write(&path, bytes)
            .map_err(|e| Error::data(format!("cannot write {}: {}", path.display(), io_reason(&e))))?;
    }
    Ok(())
}

/// Simulated runs when an odds question is too large to enumerate.
pub const SIMULATION_TRIALS: u64 = 100_000;

/// The global options of one run, with the environment's defaults and fray's filled in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub rules: RulesId,
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
        let rules = match global.rules {
            Some(rules) => rules,
            None => from_var::<RulesId>("FRAY_RULES", env.rules_var.as_deref(), "a ruleset", "--rules")?
                .unwrap_or(RulesId::Ose),
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
    let rules = Ruleset::get(settings.rules);
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
            let stdin = &mut *env.stdin;
            rules.load_cast(opts, &mut |path| read_roster(path, stdin))?
        }
        None => Default::default(),
    };
    // -q is a text headline whatever the format; YAML and JSON are never coloured.
    let color = (settings.quiet || settings.format == Format::Text) && env.color(settings.color);
    let mut runner = Runner {
        out: &mut *env.stdout,
        err: &mut *env.stderr,
        palette: Palette::new(color).with_width(settings.width),
        format: if settings.quiet { Format::Text } else { settings.format },
        quiet: settings.quiet,
        show_seed: settings.show_seed,
        // On a terminal a drawn seed closes the text, dimly, so a roll at the table can be replayed.
        seed_footer: env.terminal && settings.seed_drawn && !settings.show_seed,
        repeat: settings.repeat,
        odds: settings.odds,
        seed: settings.seed,
        rules,
        procedure,
    };
    rules.run(&cli.command, cast, &mut runner)?;
    runner.out.flush()?;
    Ok(())
}

/// Reads a roster file (or standard input for `-`), returning its text and display name.
fn read_roster(path: &Path, stdin: &mut dyn Read) -> Result<(String, String)> {
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
        let name = path.display().to_string();
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

/// Rolls a rule (or asks its odds) and writes the documents.
pub struct Runner<'a> {
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
    palette: Palette,
    format: Format,
    quiet: bool,
    show_seed: bool,
    seed_footer: bool,
    repeat: Option<u64>,
    odds: bool,
    seed: u64,
    rules: &'static Ruleset,
    procedure: Procedure,
}

/// The header every YAML document carries, followed by the result's own fields.
#[derive(Serialize)]
struct Doc<'a, T: Serialize> {
    command: Procedure,
    rules: &'static Ruleset,
    seed: u64,
    version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    n: Option<u64>,
    #[serde(flatten)]
    result: &'a T,
}

#[derive(Serialize)]
struct OddsDoc<'a> {
    command: Procedure,
    rules: &'static Ruleset,
    exact: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    trials: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    version: &'static str,
    odds: Vec<crate::odds::EntryDoc<'a>>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    notes: &'a [String],
}

/// What every YAML/JSON document of a run says before its result, and how it is written.
struct Header {
    command: Procedure,
    rules: &'static Ruleset,
    seed: u64,
    format: Format,
    /// Part of a `--repeat` stream: numbered, and `---`-separated in YAML.
    streamed: bool,
    /// The start of every JSON document, `{"command":…,"rules":…,"seed":…,"version":…`.
    json_lead: Vec<u8>,
}

impl Header {
    fn new(command: Procedure, rules: &'static Ruleset, seed: u64, format: Format, streamed: bool) -> Result<Header> {
        let json_lead = if format == Format::Json {
            let text = |s: &str| serde_json::to_string(s).map_err(serialize_error);
            format!(
                r#"{{"command":{},"rules":{},"seed":{seed},"version":{}"#,
                text(command.name())?,
                text(rules.id)?,
                text(VERSION)?
            )
            .into_bytes()
        } else {
            Vec::new()
        };
        Ok(Header { command, rules, seed, format, streamed, json_lead })
    }

    /// Appends document `n` (1-based) with `result` to `out`: one line of JSON (JSON Lines,
    /// for a single run too), or a YAML document.
    fn write<T: Serialize>(&self, n: u64, result: &T, out: &mut Vec<u8>) -> Result<()> {
        match self.format {
            Format::Json => {
                // The header, then the result's own fields: serde_json writes the result as an
                // object, whose `{` becomes the comma after the header.
                out.extend_from_slice(&self.json_lead);
                if self.streamed {
                    out.extend_from_slice(b",\"n\":");
                    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
                }
                let start = out.len();
                serde_json::to_writer(&mut *out, result).map_err(serialize_error)?;
                match &out[start..] {
                    b"{}" => {
                        out.truncate(start);
                        out.push(b'}');
                    }
                    [b'{', ..] => out[start] = b',',
                    _ => return Err(serialize_error("a result is not an object")),
                }
                out.push(b'\n');
            }
            Format::Yaml => {
                if self.streamed {
                    out.extend_from_slice(b"---\n");
                }
                let doc = Doc {
                    command: self.command,
                    rules: self.rules,
                    seed: self.seed,
                    version: VERSION,
                    n: self.streamed.then_some(n),
                    result,
                };
                out.extend_from_slice(render::yaml::to_string(&doc).map_err(serialize_error)?.as_bytes());
            }
            Format::Text => return Err(serialize_error("text is not a document format")),
        }
        Ok(())
    }
}

impl Runner<'_> {
    pub fn run<R: Rule>(&mut self, rule: &R) -> Result<()> {
        if self.odds {
            let odds = rule.odds(Fallback { seed: self.seed, trials: SIMULATION_TRIALS });
            return self.write_odds(&odds);
        }
        if self.show_seed && self.quiet {
            writeln!(self.err, "seed {}", self.seed)?;
        }
        let count = self.repeat.unwrap_or(1);
        let header = self.header()?;
        let mut dice = SeededDice::new(self.seed);
        let mut text = String::new();
        let mut bytes = Vec::new();
        for n in 1..=count {
            let outcome = rule.roll(&mut dice);
            if self.format == Format::Text {
                text.clear();
                self.text(&outcome, self.repeat.map(|_| n), &mut text);
                self.out.write_all(text.as_bytes())?;
            } else {
                // Into a buffer first, then one write: documents are serialized in small pieces.
                bytes.clear();
                header.write(n, &outcome, &mut bytes)?;
                self.out.write_all(&bytes)?;
            }
        }
        if self.seed_footer && self.format == Format::Text && !self.quiet {
            text.clear();
            let p = &self.palette;
            p.line(&mut text, "", &p.dim(format_args!("--seed {} replays this", self.seed)).to_string());
            self.out.write_all(text.as_bytes())?;
        }
        Ok(())
    }

    fn header(&self) -> Result<Header> {
        Header::new(self.procedure, self.rules, self.seed, self.format, self.repeat.is_some())
    }

    fn title(&self, out: &mut String, index: Option<u64>, extra: Option<&str>) {
        use std::fmt::Write as _;
        let p = &self.palette;
        let mut title = format!("{} · {}", self.procedure.name(), self.rules.id);
        if let Some(extra) = extra {
            let _ = write!(title, " · {extra}");
        }
        if let Some(n) = index {
            let _ = write!(title, " · run {n}");
        }
        if self.show_seed {
            let _ = write!(title, " · seed {}", self.seed);
        }
        p.line(out, "", &p.paint(p.title, title).to_string());
    }

    fn text<T: Report>(&self, outcome: &T, index: Option<u64>, out: &mut String) {
        if self.quiet {
            outcome.headline(out);
            out.push('\n');
            return;
        }
        if index.is_some_and(|n| n > 1) {
            out.push('\n');
        }
        self.title(out, index, None);
        outcome.text(&self.palette, out);
    }

    fn write_odds(&mut self, odds: &Odds) -> Result<()> {
        match self.format {
            Format::Text => {
                let mut text = String::new();
                if self.quiet {
                    for entry in &odds.entries {
                        use std::fmt::Write as _;
                        let prefix = entry.part.as_deref().map(|p| format!("{p}: ")).unwrap_or_default();
                        let _ = writeln!(text, "{} {prefix}{}", entry.prob, entry.label);
                    }
                } else {
                    self.title(&mut text, None, Some(if odds.exact() { "exact odds" } else { "estimated odds" }));
                    render::odds::text(odds, &self.palette, &mut text);
                }
                self.out.write_all(text.as_bytes())?;
            }
            Format::Json | Format::Yaml => {
                let doc = OddsDoc {
                    command: self.procedure,
                    rules: self.rules,
                    exact: odds.exact(),
                    trials: odds.trials,
                    seed: odds.seed,
                    version: VERSION,
                    odds: odds.entry_docs(),
                    notes: &odds.notes,
                };
                if self.format == Format::Json {
                    let mut bytes = serde_json::to_vec(&doc).map_err(serialize_error)?;
                    bytes.push(b'\n');
                    self.out.write_all(&bytes)?;
                } else {
                    self.out.write_all(render::yaml::to_string(&doc).map_err(serialize_error)?.as_bytes())?;
                }
            }
        }
        Ok(())
    }
}

fn serialize_error(err: impl std::fmt::Display) -> Error {
    Error::data(format!("cannot serialize the result: {err}"))
}
