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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_stay_on_one_line() {
        let err = Error::usage("'a\nb': bad").hint("tab\there");
        assert_eq!(err.to_string(), "'a\\nb': bad; tab\\there");
    }
}
