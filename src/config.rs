//! The configuration file: default flags, one a line, as bat's and ripgrep's are. It may hold
//! the global options (`--rules ID`, `--format yaml`, …) and the standing cast (`--roster
//! FILE`, `--side SPEC`). `main` finds the file (`FRAY_CONFIG_PATH`, else
//! `$XDG_CONFIG_HOME/fray/config`, else `~/.config/fray/config`); this module reads it into
//! words that go in front of the command line's, so that one parser reads both.
//!
//! ```text
//! # the party we play every week
//! --format yaml
//! --roster party.yaml        # relative to this file's folder
//! ```

use crate::error::{Error, Result, echo, echo_path, io_reason};
use std::ffi::{OsStr, OsString};
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

/// Where the environment says the configuration file is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Located {
    /// No FRAY_CONFIG_PATH, XDG_CONFIG_HOME or HOME to look in.
    Nowhere,
    At(ConfigFile),
    /// XDG_CONFIG_HOME is not UTF-8 text: refused, as FRAY_RULES is, unless --no-config.
    NotText,
}

impl ConfigFile {
    /// Where the config file is, read through `var` (the process environment in `main`): the
    /// file FRAY_CONFIG_PATH names, else `$XDG_CONFIG_HOME/fray/config` (an absolute
    /// XDG_CONFIG_HOME only, as the XDG spec says), else `~/.config/fray/config`.
    pub fn locate(var: &dyn Fn(&str) -> Option<OsString>) -> Located {
        let set = |name: &str| var(name).filter(|v| !v.is_empty());
        if let Some(path) = set("FRAY_CONFIG_PATH") {
            return Located::At(ConfigFile { path: PathBuf::from(path), named: true });
        }
        let xdg = set("XDG_CONFIG_HOME");
        if xdg.as_deref().is_some_and(|v| v.to_str().is_none()) {
            return Located::NotText;
        }
        let folder = xdg.map(PathBuf::from).filter(|p| p.is_absolute());
        match folder.or_else(|| set("HOME").map(|h| PathBuf::from(h).join(".config"))) {
            Some(folder) => Located::At(ConfigFile { path: folder.join("fray").join("config"), named: false }),
            None => Located::Nowhere,
        }
    }
}

/// A configuration file read as command-line words: each line one word, `--flag` or
/// `--flag=VALUE` (a relative roster path taken from the file's folder).
#[derive(Clone, Debug, Default)]
pub struct Words {
    /// The words, in the file's order.
    pub words: Vec<OsString>,
    /// The line of each word.
    pub lines: Vec<usize>,
    /// The file's path.
    pub path: PathBuf,
}

/// The defaults a configuration file gave, as the command line's parser read its words.
#[derive(Debug, Default)]
pub struct Config {
    /// Its global options; those given on the command line (and FRAY_RULES, FRAY_FORMAT) beat them.
    pub global: crate::cli::Global,
    /// `--side` lines: used only when the command line names no side.
    pub sides: Vec<String>,
    /// `--roster` lines, relative paths taken from the file's folder: read before the command
    /// line's rosters, which add to them.
    pub rosters: Vec<PathBuf>,
    /// The file's path, when there is one.
    pub path: Option<PathBuf>,
}

impl Config {
    /// The file's path as errors name it.
    pub fn file(&self) -> String {
        self.path.as_deref().map_or("file".to_string(), |path| echo_path(&path.display().to_string()))
    }
}

/// What a config line may hold, for hints.
pub const HOLDS: &str = "a config line holds one global option (such as --format json), --roster FILE or --side SPEC";

/// Reads the configuration file into words; a file that is not there is no configuration,
/// unless `FRAY_CONFIG_PATH` named it. `global` says whether a flag (`--rules`, `-f`) is a
/// global option, which a line may give besides `--roster` and `--side`.
pub fn read(located: &Located, global: &dyn Fn(&str) -> bool) -> Result<Option<Words>> {
    let file = match located {
        Located::Nowhere => return Ok(None),
        Located::NotText => {
            return Err(Error::usage("XDG_CONFIG_HOME is not UTF-8 text")
                .hint("set it to a folder named in UTF-8, or give --no-config"));
        }
        Located::At(file) => file,
    };
    let Some(text) = read_text(file)? else { return Ok(None) };
    let folder = file.path.parent().unwrap_or(Path::new(""));
    parse(&text, &file.path, folder, global).map(Some)
}

/// The file's text: `None` when it is not there and nobody named it. A folder, a FIFO or a
/// device is refused before it is read, so that fray never waits on one.
fn read_text(file: &ConfigFile) -> Result<Option<String>> {
    use std::io::Read;
    let name = || echo_path(&file.path.display().to_string());
    let hint = if file.named { "check FRAY_CONFIG_PATH, or give --no-config" } else { "give --no-config" };
    let cannot = |why: String| Error::data(format!("cannot read the config {}: {why}", name())).hint(hint);
    let opened = match crate::text_file::open_without_waiting(&file.path) {
        Ok(opened) => opened,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !file.named => return Ok(None),
        Err(e) => return Err(cannot(io_reason(&e))),
    };
    let metadata = opened.metadata().map_err(|e| cannot(io_reason(&e)))?;
    let kind = metadata.file_type();
    if kind.is_dir() {
        return Err(cannot("it is a directory".into()));
    }
    if !kind.is_file() {
        return Err(cannot("it is not a regular file (a FIFO, a socket or a device)".into()));
    }
    let size = metadata.len().min(MAX_CONFIG_BYTES) as usize;
    let mut bytes = Vec::with_capacity(size + 1);
    opened.take(MAX_CONFIG_BYTES + 1).read_to_end(&mut bytes).map_err(|e| cannot(io_reason(&e)))?;
    if bytes.len() as u64 > MAX_CONFIG_BYTES {
        return Err(Error::data(format!("the config {} is larger than {} KiB", name(), MAX_CONFIG_BYTES / 1024)));
    }
    // A byte-order mark, as some editors write, is no part of the text (rosters skip it too).
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).map(<[u8]>::to_vec).unwrap_or(bytes);
    let text = String::from_utf8(bytes).map_err(|e| {
        Error::data(format!(
            "the config {} is not UTF-8 text (bad byte at offset {})",
            name(),
            e.utf8_error().valid_up_to()
        ))
    })?;
    Ok(Some(text))
}

/// Reads configuration `text` from the file at `path` into words; relative roster paths are
/// taken from `folder`. Each line is checked to hold one flag a config may give; its value is
/// checked by the command line's parser, which reads these words in front of the program's.
pub fn parse(text: &str, path: &Path, folder: &Path, global: &dyn Fn(&str) -> bool) -> Result<Words> {
    let mut words = Words { path: path.to_path_buf(), ..Words::default() };
    for (number, line) in text.lines().enumerate() {
        let at = |what: String| {
            let name = echo_path(&path.display().to_string());
            Error::data(format!("{name}:{}: {what}", number + 1)).hint(HOLDS)
        };
        let line = strip_comment(line).trim();
        if line.is_empty() {
            continue;
        }
        // `--flag`, `--flag VALUE` or `--flag=VALUE`: the value is the rest of the line.
        let (flag, value) = match line.find(|c: char| c.is_whitespace() || c == '=') {
            Some(i) => (&line[..i], Some(line[i + 1..].trim()).filter(|v| !v.is_empty())),
            None => (line, None),
        };
        // `--flag=VALUE`, one word, so that a value is never read as the next flag or as a command.
        let with = |value: &OsStr| {
            let mut word = OsString::with_capacity(flag.len() + 1 + value.len());
            word.push(flag);
            word.push("=");
            word.push(value);
            word
        };
        let word: OsString = match flag {
            "--roster" | "--side" => {
                let value = value.ok_or_else(|| at(format!("{flag} needs a value")))?;
                match flag == "--roster" && value != "-" {
                    true => with(folder.join(value).as_os_str()),
                    false => with(OsStr::new(value)),
                }
            }
            "--no-config" => return Err(at("--no-config belongs on the command line".into())),
            _ => {
                if !global(flag) {
                    return Err(at(if flag.starts_with('-') {
                        format!("'{}' is not an option the config can hold", echo(flag))
                    } else {
                        format!("'{}' is not an option", echo(line))
                    }));
                }
                match value {
                    Some(value) => with(OsStr::new(value)),
                    None => flag.into(),
                }
            }
        };
        words.words.push(word);
        words.lines.push(number + 1);
    }
    Ok(words)
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

    const GLOBALS: &dyn Fn(&str) -> bool = &|flag| ["--rules", "-r", "--format", "-f", "--show-seed"].contains(&flag);

    fn config(text: &str) -> Result<Words> {
        parse(text, Path::new("cfg"), Path::new("/home/gm/.config/fray"), GLOBALS)
    }

    fn words(text: &str) -> Vec<String> {
        config(text).unwrap().words.iter().map(|w| w.to_string_lossy().into_owned()).collect()
    }

    #[test]
    fn reads_flags_values_and_comments_into_words() {
        let text = "# weekly game\n\n--rules gurps\n-f=yaml   # for scripts\n--roster party.yaml\n--roster /srv/npc#1.yaml\n\
                    --side party:aware\n--show-seed\n";
        assert_eq!(
            words(text),
            [
                "--rules=gurps",
                "-f=yaml",
                "--roster=/home/gm/.config/fray/party.yaml",
                "--roster=/srv/npc#1.yaml",
                "--side=party:aware",
                "--show-seed"
            ]
        );
        assert_eq!(config(text).unwrap().lines, [3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn errors_name_the_file_and_line() {
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

    #[test]
    fn a_byte_order_mark_and_a_fifo() {
        let dir = std::env::temp_dir().join(format!("fray-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config");
        std::fs::write(&path, "\u{feff}--rules gurps\n").unwrap();
        let located = Located::At(ConfigFile { path: path.clone(), named: true });
        let read = read(&located, GLOBALS).unwrap().unwrap();
        assert_eq!(read.words, [OsString::from("--rules=gurps")]);
        let located = Located::At(ConfigFile { path: dir.clone(), named: true });
        let err = super::read(&located, GLOBALS).unwrap_err().to_string();
        assert!(err.contains(": it is a directory"), "{err}");
        #[cfg(unix)]
        {
            let fifo = dir.join("fifo");
            rustix::fs::mknodat(
                rustix::fs::CWD,
                &fifo,
                rustix::fs::FileType::Fifo,
                rustix::fs::Mode::from_raw_mode(0o600),
                0,
            )
            .unwrap();
            let located = Located::At(ConfigFile { path: fifo, named: true });
            let err = super::read(&located, GLOBALS).unwrap_err().to_string();
            assert!(err.contains("not a regular file"), "{err}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(super::read(&Located::NotText, GLOBALS).unwrap_err().exit_code(), 2);
    }
}
