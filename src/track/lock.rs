//! The lock that serializes fray processes working on one fight: an exclusive flock(2) on
//! the fight's `.lock` file beside it, held from reading the fight until its new state is
//! renamed into place, and let go when the process ends, however it ends. A lock file removed
//! while another waited on it (`end --yes`) is noticed, and the new one locked instead.

use crate::error::{Error, Result, io_reason};
use std::fs::File;
use std::path::Path;

/// A held lock; dropping it (or the process ending) lets it go.
pub struct Lock {
    _file: File,
}

/// Waits for the exclusive lock on `path`, creating the file if need be.
pub fn exclusive(path: &Path) -> Result<Lock> {
    let shown = || crate::cast::echo_path(&path.display().to_string());
    for _ in 0..100 {
        let file = super::files::open_lock(path)
            .map_err(|e| Error::data(format!("cannot open the lock file {}: {}", shown(), io_reason(&e))))?;
        hold(&file).map_err(|e| Error::data(format!("cannot lock {}: {}", shown(), io_reason(&e))))?;
        if still_there(&file, path) {
            return Ok(Lock { _file: file });
        }
    }
    Err(Error::data(format!("the lock file {} keeps being replaced", shown())).hint("try again"))
}

#[cfg(unix)]
fn hold(file: &File) -> std::io::Result<()> {
    rustix::fs::flock(file, rustix::fs::FlockOperation::LockExclusive).map_err(std::io::Error::from)
}

#[cfg(not(unix))]
fn hold(_: &File) -> std::io::Result<()> {
    // No flock(2): writes are still renamed into place whole, but not serialized.
    Ok(())
}

/// Whether the file locked is still the one at `path`.
#[cfg(unix)]
fn still_there(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::symlink_metadata(path)) {
        (Ok(held), Ok(now)) => held.ino() == now.ino() && held.dev() == now.dev(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn still_there(_: &File, _: &Path) -> bool {
    true
}
