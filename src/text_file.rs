//! A text file a command reads whole (a roster, an encounter table), or standard input for
//! `-`: bounded in size, UTF-8, and every failure worded with what the file is.

use crate::error::{Error, Result, io_reason};
use std::io::Read;
use std::path::Path;

/// What a file is, for its errors: its name in them, how to give another, its largest size.
pub struct Kind {
    /// `roster`, `table`.
    pub what: &'static str,
    pub stdin_hint: &'static str,
    pub empty_hint: &'static str,
    pub open_hint: &'static str,
    pub most_bytes: usize,
    /// How a path is quoted in an error (a long one shortened).
    pub quote: fn(&str) -> String,
}

/// Reads the file at `path` (standard input for `-`) as `kind`: its text and the name errors
/// give it.
pub fn read(path: &Path, stdin: &mut dyn Read, kind: &Kind) -> Result<(String, String)> {
    let what = kind.what;
    let limit = kind.most_bytes as u64 + 1;
    let (bytes, name) = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        stdin.take(limit).read_to_end(&mut bytes).map_err(|e| {
            Error::data(format!("cannot read the {what} from standard input: {}", io_reason(&e))).hint(kind.stdin_hint)
        })?;
        (bytes, "<stdin>".to_string())
    } else if path.as_os_str().is_empty() {
        return Err(Error::usage(format!("the {what} path is empty")).hint(kind.empty_hint));
    } else {
        let name = (kind.quote)(&path.display().to_string());
        let file = std::fs::File::open(path).map_err(|e| {
            Error::data(format!("cannot read the {what} {name}: {}", io_reason(&e))).hint(kind.open_hint)
        })?;
        let mut bytes = Vec::new();
        file.take(limit)
            .read_to_end(&mut bytes)
            .map_err(|e| Error::data(format!("cannot read the {what} {name}: {}", io_reason(&e))))?;
        (bytes, name)
    };
    if bytes.len() > kind.most_bytes {
        return Err(Error::data(format!("the {what} {name} is larger than {} KiB", kind.most_bytes / 1024)));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        Error::data(format!(
            "the {what} {name} is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    Ok((text, name))
}
