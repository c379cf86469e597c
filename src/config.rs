//! The configuration file: default flags, one a line, as bat's and ripgrep's are. It may hold
//! the global options (`--rules gurps`, `--format yaml`, …) and the standing cast (`--roster
//! FILE`, `--side SPEC`). `main` finds the file (`FRAY_CONFIG_PATH`, else
//! `$XDG_CONFIG_HOME/fray/config`, else `~/.config/fray/config`); this module reads it.
//!
//! ```text
//! # the party we play every week
//! --rules gurps
//! --roster party.yaml        # relative to this file's folder
//! ```

use crate::cli::{Cli, Global};
use crate::error::{Error, Result, io_reason};
use clap::FromArgMatches;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The largest configuration file read, in bytes.
pub const MAX_CONFIG_BYTES: u64 = 64 * 1024;

/// Where the configuration file is, as `main` found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigFile {
    pub path: PathBuf,
    /// Named by `FRAY_CONFIG_PATH`: a file that is missing is then an error, not just absent.
    pub named: bool,
}

impl ConfigFile {
    /// Where the config file is, read through `var` (the process environment in `main`): the
    /// file FRAY_CONFIG_PATH names, else `$XDG_CONFIG_HOME/fray/config` (an absolute
    /// XDG_CONFIG_HOME only, as the XDG spec says), else `~/.config/fray/config`.
    pub fn locate(var: &dyn Fn(&str) -> Option<OsString>) -> Option<ConfigFile> {
        let set = |name: &str| var(name).filter(|v| !v.is_empty()).map(PathBuf::from);
        if let Some(path) = set("FRAY_CONFIG_PATH") {
            return Some(ConfigFile { path, named: true });
        }
        let folder =
            set("XDG_CONFIG_HOME").filter(|p| p.is_absolute()).or_else(|| set("HOME").map(|h| h.join(".config")))?;
        Some(ConfigFile { path: folder.join("fray").join("config"), named: false })
    }
}

/// The defaults a configuration file gives.
#[derive(Debug, Default)]
pub struct Config {
    /// Its global options; those given on the command line (and FRAY_RULES, FRAY_FORMAT) beat them.
    pub global: Global,
    /// `--side` lines: used only when the command line names no side.
    pub sides: Vec<String>,
    /// `--roster` lines, relative paths taken from the file's folder: read before the command
    /// line's rosters, which add to them.
    pub rosters: Vec<PathBuf>,
    /// The file's path as errors name it.
    pub file: Option<String>,
}

/// Reads the configuration file; a file that is not there is no configuration, unless
/// `FRAY_CONFIG_PATH` named it.
pub fn load(file: &ConfigFile) -> Result<Config> {
    use std::io::Read;
    let name = crate::cast::echo_path(&file.path.display().to_string());
    let opened = match std::fs::File::open(&file.path) {
        Ok(opened) => opened,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !file.named => return Ok(Config::default()),
        Err(e) => {
            let hint = if file.named { "check FRAY_CONFIG_PATH, or give --no-config" } else { "give --no-config" };
            return Err(Error::data(format!("cannot read the config {name}: {}", io_reason(&e))).hint(hint));
        }
    };
    let mut bytes = Vec::new();
    opened
        .take(MAX_CONFIG_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::data(format!("cannot read the config {name}: {}", io_reason(&e))))?;
    if bytes.len() as u64 > MAX_CONFIG_BYTES {
        return Err(Error::data(format!("the config {name} is larger than {} KiB", MAX_CONFIG_BYTES / 1024)));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        Error::data(format!(
            "the config {name} is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let folder = file.path.parent().unwrap_or(Path::new(""));
    parse(&text, &name, folder)
}

/// What a config line may hold, for hints.
const HOLDS: &str = "a config line holds one global option (such as --rules gurps), --roster FILE or --side SPEC";

/// Parses configuration `text` from file `name`; relative roster paths are taken from `folder`.
pub fn parse(text: &str, name: &str, folder: &Path) -> Result<Config> {
    let command = crate::rulesets::command::command();
    let mut config = Config { file: Some(name.to_string()), ..Config::default() };
    let mut globals: Vec<OsString> = vec!["fray".into()];
    for (number, line) in text.lines().enumerate() {
        let at = |what: String| Error::data(format!("{name}:{}: {what}", number + 1));
        let line = strip_comment(line).trim();
        if line.is_empty() {
            continue;
        }
        // `--flag`, `--flag VALUE` or `--flag=VALUE`: the value is the rest of the line.
        let (flag, value) = match line.find(|c: char| c.is_whitespace() || c == '=') {
            Some(i) => (&line[..i], Some(line[i + 1..].trim()).filter(|v| !v.is_empty())),
            None => (line, None),
        };
        match flag {
            "--roster" | "--side" => {
                let value = value.ok_or_else(|| at(format!("{flag} needs a value")).hint(HOLDS))?;
                if flag == "--side" {
                    config.sides.push(value.to_string());
                } else {
                    config.rosters.push(if value == "-" { PathBuf::from("-") } else { folder.join(value) });
                }
            }
            "--no-config" => return Err(at("--no-config belongs on the command line".into()).hint(HOLDS)),
            _ => {
                let is_global = command.get_arguments().any(|arg| {
                    arg.is_global_set()
                        && (arg.get_long().is_some_and(|l| flag.strip_prefix("--") == Some(l))
                            || arg
                                .get_short()
                                .is_some_and(|s| flag.strip_prefix('-') == Some(s.encode_utf8(&mut [0; 4]))))
                });
                if !is_global {
                    let what = if flag.starts_with('-') {
                        format!("'{}' is not an option the config can hold", crate::cast::echo(flag))
                    } else {
                        format!("'{}' is not an option", crate::cast::echo(line))
                    };
                    return Err(at(what).hint(HOLDS));
                }
                let mut one: Vec<OsString> = vec!["fray".into(), flag.into()];
                one.extend(value.map(OsString::from));
                one.push("reaction".into());
                if let Err(err) = command.clone().try_get_matches_from(&one) {
                    let why = crate::cli::describe_error(&err, "fray");
                    let why = why.split("; see 'fray").next().unwrap_or(&why).to_string();
                    return Err(at(why).hint(HOLDS));
                }
                globals.extend(one[1..one.len() - 1].iter().cloned());
            }
        }
    }
    globals.push("reaction".into());
    let matches = command
        .clone()
        .try_get_matches_from(&globals)
        .map_err(|err| Error::data(format!("{name}: {}", crate::cli::describe_error(&err, "fray"))))?;
    let cli = Cli::from_arg_matches(&matches).map_err(|err| Error::data(format!("{name}: {err}")))?;
    config.global = cli.global;
    Ok(config)
}

/// A line without its comment: `#` at the start or after white space (a path may hold `#`).
fn strip_comment(line: &str) -> &str {
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        if c == '#' && previous.is_whitespace() {
            return &line[..i];
        }
        previous = c;
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Format;

    fn config(text: &str) -> Result<Config> {
        parse(text, "cfg", Path::new("/home/gm/.config/fray"))
    }

    #[test]
    fn reads_flags_values_and_comments() {
        let c = config(
            "# weekly game\n\n--rules gurps\n-f=yaml   # for scripts\n--roster party.yaml\n--roster /srv/npc#1.yaml\n\
             --side party:aware\n--show-seed\n",
        )
        .unwrap();
        assert_eq!(c.global.rules.as_deref(), Some("gurps"));
        assert_eq!(c.global.format, Some(Format::Yaml));
        assert!(c.global.show_seed);
        assert_eq!(c.rosters, [PathBuf::from("/home/gm/.config/fray/party.yaml"), PathBuf::from("/srv/npc#1.yaml")]);
        assert_eq!(c.sides, ["party:aware"]);
    }

    #[test]
    fn errors_name_the_file_and_line() {
        let err = config("--rules gurps\n--rules chess\n").unwrap_err().to_string();
        assert!(err.starts_with("cfg:2: invalid value 'chess' for '--rules <ID>'"), "{err}");
        let err = config("\n\n--stealth 14\n").unwrap_err().to_string();
        assert!(
            err.starts_with("cfg:3: '--stealth' is not an option the config can hold; a config line holds"),
            "{err}"
        );
        let err = config("gurps\n").unwrap_err().to_string();
        assert!(err.starts_with("cfg:1: 'gurps' is not an option"), "{err}");
        let err = config("--roster\n").unwrap_err().to_string();
        assert!(err.starts_with("cfg:1: --roster needs a value"), "{err}");
        let err = config("--no-config\n").unwrap_err().to_string();
        assert!(err.starts_with("cfg:1: --no-config belongs on the command line"), "{err}");
        // A malformed file is bad data, as a malformed roster is.
        assert_eq!(config("--bogus\n").unwrap_err().exit_code(), 1);
    }
}
