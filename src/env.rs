//! What a run is handed: its streams and what the environment says (`Env`, which `main` fills
//! and tests fill from a map), and the global options with the environment's defaults and
//! fray's filled in (`Settings`). Every command reads these; none reads the process itself.

use crate::cli::{ColorWhen, Format, Global};
use crate::config::{ConfigFile, Located};
use crate::error::{Error, Result, echo};
use crate::rulesets::{self, Ruleset};
use clap::ValueEnum;
use std::ffi::{OsStr, OsString};
use std::io::{Read, Write};

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
    /// Where the config file is.
    pub config: Located,
    /// COLUMNS, the width of text when --width is not given.
    pub columns_var: Option<OsString>,
    /// The columns of the terminal standard output is, if it is one.
    pub terminal_width: Option<usize>,
    /// Reads an environment variable: `fray track` asks for FRAY_FIGHT, XDG_STATE_HOME and HOME.
    pub var: &'a dyn Fn(&str) -> Option<OsString>,
}

impl<'a> Env<'a> {
    /// The streams, with every setting the environment gives read through `var` (`main` passes
    /// the process environment; tests a map). `is_terminal`: standard output is a terminal,
    /// `terminal_width` its columns.
    pub fn new(
        stdin: &'a mut dyn Read,
        stdout: &'a mut dyn Write,
        stderr: &'a mut dyn Write,
        var: &'a dyn Fn(&str) -> Option<OsString>,
        is_terminal: bool,
        terminal_width: Option<usize>,
        os_seed: fn() -> u64,
    ) -> Env<'a> {
        let set = |name: &str| var(name).filter(|v| !v.is_empty());
        Env {
            stdin,
            stdout,
            stderr,
            // A dumb terminal shows no colour: it counts as no terminal for --color auto.
            terminal: is_terminal && var("TERM").is_none_or(|t| t != "dumb"),
            no_color: set("NO_COLOR").is_some(),
            force_color: set("CLICOLOR_FORCE").is_some_and(|v| v != "0"),
            rules_var: var("FRAY_RULES"),
            format_var: var("FRAY_FORMAT"),
            os_seed,
            config: ConfigFile::locate(var),
            columns_var: var("COLUMNS"),
            terminal_width,
            var,
        }
    }

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

/// Seeds fray draws itself stay below 2^53, so every JSON reader holds them exactly.
pub const DRAWN_SEED_LIMIT: u64 = 1 << 53;

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
    /// the config file's (as bat: command line, then environment, then config), then the
    /// defaults. A variable is read only when its flag is absent, and blamed when bad.
    pub fn new(global: &Global, env: &Env) -> Result<Settings> {
        Settings::with_config(global, &Global::default(), env).map(|(settings, _)| settings)
    }

    /// As [`Settings::new`], with the config file's options under those of the command line
    /// and the environment; also says what named the ruleset, if anything did (`--rules`,
    /// `FRAY_RULES`, or the config file), for a roster that names its own.
    pub fn with_config(global: &Global, config: &Global, env: &Env) -> Result<(Settings, Option<String>)> {
        // clap took only a registry name for --rules.
        let flag = global.rules.as_deref().and_then(Ruleset::named);
        let var = match flag {
            Some(_) => None,
            None => rules_var(env.rules_var.as_deref())?,
        };
        let (rules, named) = match (flag, var, config.rules.as_deref().and_then(Ruleset::named)) {
            (Some(rules), _, _) => (rules, Some("--rules".to_string())),
            (None, Some(rules), _) => (rules, Some("FRAY_RULES".to_string())),
            (None, None, Some(rules)) => (rules, Some("the config's --rules".to_string())),
            (None, None, None) => (Ruleset::implied(), None),
        };
        let format = match global.format {
            Some(format) => format,
            None => from_var::<Format>("FRAY_FORMAT", env.format_var.as_deref(), "an output format", "--format")?
                .or(config.format)
                .unwrap_or(Format::Text),
        };
        let settings = Settings {
            rules,
            // Only the low 53 bits of the OS's number: see DRAWN_SEED_LIMIT.
            seed: global.seed.or(config.seed).unwrap_or_else(|| (env.os_seed)() % DRAWN_SEED_LIMIT),
            format,
            color: global.color.or(config.color).unwrap_or(ColorWhen::Auto),
            repeat: global.repeat.or(config.repeat),
            odds: global.odds || config.odds,
            quiet: global.quiet || config.quiet,
            show_seed: global.show_seed || config.show_seed,
            seed_drawn: global.seed.or(config.seed).is_none(),
            width: env.width(global.width.or(config.width)),
        };
        Ok((settings, named))
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
        None => Err(Error::usage(format!("FRAY_RULES='{}' is not a ruleset", echo(text))).hint(hint)),
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
        .map_err(|_| Error::usage(format!("{name}='{}' is not {what}", echo(text))).hint(hint))
}
