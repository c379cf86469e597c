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
        let cannot = |why: String| Error::data(format!("cannot read the {what} {name}: {why}")).hint(kind.open_hint);
        let file = open_without_waiting(path).map_err(|e| cannot(io_reason(&e)))?;
        // A folder, a FIFO or a device is refused before a byte is read: fray never waits on one.
        let kind_of = file.metadata().map_err(|e| cannot(io_reason(&e)))?.file_type();
        if kind_of.is_dir() {
            return Err(cannot("it is a directory".into()));
        }
        if !kind_of.is_file() {
            return Err(cannot("it is not a regular file (a FIFO, a socket or a device)".into()));
        }
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

/// Opens `path` for reading without waiting for a writer, should it be a FIFO: the file type is
/// asked of the file opened, so nothing can be swapped in between.
pub fn open_without_waiting(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    options.open(path)
}
