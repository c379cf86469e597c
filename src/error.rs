//! The two kinds of failure a user can meet, and the exit status each one maps to.

use std::fmt;

/// Everything that stops a command. `main` prints it as one `fray: error: …` line.
#[derive(Debug)]
pub enum Error {
    /// The command line asks for something fray does not do (exit 2).
    Usage { what: String, hint: Option<String> },
    /// Input data is unreadable or malformed (exit 1).
    Data { what: String, hint: Option<String> },
    /// Writing the output failed (exit 1; a closed pipe is handled before this).
    Io(std::io::Error),
}

impl Error {
    pub fn usage(what: impl Into<String>) -> Self {
        Error::Usage { what: what.into(), hint: None }
    }

    pub fn data(what: impl Into<String>) -> Self {
        Error::Data { what: what.into(), hint: None }
    }

    /// Adds a hint, shown after the message on the same line.
    pub fn hint(mut self, text: impl Into<String>) -> Self {
        match &mut self {
            Error::Usage { hint, .. } | Error::Data { hint, .. } => *hint = Some(text.into()),
            Error::Io(_) => {}
        }
        self
    }

    /// The process exit status for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Usage { .. } => 2,
            Error::Data { .. } | Error::Io(_) => 1,
        }
    }
}

/// An error is always one line: control characters from quoted input are shown escaped.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage { what, hint } | Error::Data { what, hint } => {
                one_line(f, what)?;
                if let Some(hint) = hint {
                    f.write_str("; ")?;
                    one_line(f, hint)?;
                }
                Ok(())
            }
            Error::Io(err) => {
                f.write_str("cannot write output: ")?;
                one_line(f, &io_reason(err))
            }
        }
    }
}

fn one_line(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    for c in text.chars() {
        if c.is_control() {
            write!(f, "{}", c.escape_default())?;
        } else {
            write!(f, "{c}")?;
        }
    }
    Ok(())
}

/// The reason of an I/O error in lower case, without the OS error number.
pub fn io_reason(err: &std::io::Error) -> String {
    match err.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::IsADirectory => "it is a directory".to_string(),
        _ => {
            let text = err.to_string();
            let text = text.split(" (os error").next().unwrap_or(&text);
            text.to_lowercase()
        }
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(err: std::io::Error) -> Self {
        Error::Io(err)
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The most characters of the user's input an error message repeats.
pub const MAX_ECHO_CHARS: usize = 60;

/// `text` as an error message repeats it: cut after [`MAX_ECHO_CHARS`] characters, with `…`,
/// and with format and separator characters written out (`\u{202e}`), so that they cannot
/// reorder or hide the message.
pub fn echo(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX_ECHO_CHARS {
            out.push('…');
            break;
        }
        if is_format_or_separator(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// A message with every `'quoted'` part passed through [`echo`]: clap quotes the values it
/// refuses whole, however long.
pub fn echo_quoted(message: &str) -> String {
    let mut parts = message.split('\'');
    let mut out = parts.next().unwrap_or_default().to_string();
    for (i, part) in parts.enumerate() {
        out.push('\'');
        out.push_str(&if i % 2 == 0 { echo(part) } else { part.to_string() });
    }
    out
}

/// A path as errors quote it: a long one keeps its end, where the file's name is
/// (`…/campaign/party.yaml`), and loses its start.
pub fn echo_path(path: &str) -> String {
    let chars = path.chars().count();
    if chars <= MAX_ECHO_CHARS {
        return echo(path);
    }
    let tail: String = path.chars().skip(chars - MAX_ECHO_CHARS).collect();
    format!("…{}", echo(&tail))
}

/// Unicode format characters (Cf) and the line and paragraph separators (Zl, Zp), as of
/// Unicode 16: invisible or reordering text, they make one name look like another.
fn is_format_or_separator(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{0600}'..='\u{0605}' | '\u{061C}' | '\u{06DD}' | '\u{070F}' | '\u{0890}'..='\u{0891}'
        | '\u{08E2}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{206F}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}' | '\u{110BD}' | '\u{110CD}'
        | '\u{13430}'..='\u{1343F}' | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}' | '\u{E0001}'
        | '\u{E0020}'..='\u{E007F}')
}

/// The first format or separator character in `text`, as `U+202E`.
pub fn invisible(text: &str) -> Option<String> {
    text.chars().find(|&c| is_format_or_separator(c)).map(|c| format!("U+{:04X}", c as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_stay_on_one_line() {
        let err = Error::usage("'a\nb': bad").hint("tab\there");
        assert_eq!(err.to_string(), "'a\\nb': bad; tab\\there");
    }
}
