//! The lock that serializes fray processes working on one fight: an exclusive flock(2) on
//! the fight's `.lock` file beside it, held from reading the fight until its new state is
//! renamed into place, and let go when the process ends, however it ends.

use crate::error::{Error, Result, io_reason};
use std::fs::File;
use std::path::Path;

/// A held lock; dropping it (or the process ending) lets it go.
pub struct Lock {
    _file: File,
}

/// Waits for the exclusive lock on `path`, creating the file if need be.
pub fn exclusive(path: &Path) -> Result<Lock> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(|e| Error::data(format!("cannot open the lock file {}: {}", path.display(), io_reason(&e))))?;
    hold(&file).map_err(|e| Error::data(format!("cannot lock {}: {}", path.display(), io_reason(&e))))?;
    Ok(Lock { _file: file })
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
