//! How the tracker touches the state folder, so that no one else can make it write where they
//! choose: the folder is made 0700 and refused when it is a link, another user's, or writable by
//! others (as ssh refuses its keys' folder); fight and lock files are never opened through a
//! link; a temporary file is always a new one (`O_EXCL`), with the mode of the file it replaces
//! or 0600; and anything that is not a plain file (a FIFO, a device) is refused at once.

use crate::error::{Error, Result, io_reason};
use std::fs::File;
use std::path::{Path, PathBuf};

/// Makes the state folder `dir` if need be (0700, and its parents), and checks that it is one
/// fray may keep fights in.
pub fn prepare(dir: &Path) -> Result<()> {
    let made = make_folder(dir).map_err(|e| {
        Error::data(format!("cannot create the state folder {}: {}", shown(dir), io_reason(&e)))
            .hint("set XDG_STATE_HOME to a writable folder")
    });
    made?;
    check_folder(dir)
}

fn shown(path: &Path) -> String {
    crate::cast::echo_path(&path.display().to_string())
}

#[cfg(unix)]
fn make_folder(dir: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)
}

#[cfg(not(unix))]
fn make_folder(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)
}

/// The state folder must be a folder (not a link to one), the user's own, and writable by no
/// one else.
#[cfg(unix)]
fn check_folder(dir: &Path) -> Result<()> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::symlink_metadata(dir)
        .map_err(|e| Error::data(format!("cannot read the state folder {}: {}", shown(dir), io_reason(&e))))?;
    let refuse = |why: &str, hint: String| {
        Error::data(format!("the state folder {} {why}, so fray keeps no fight in it", shown(dir))).hint(hint)
    };
    if meta.file_type().is_symlink() {
        return Err(refuse("is a symbolic link", "point XDG_STATE_HOME at the folder itself".into()));
    }
    if !meta.is_dir() {
        return Err(refuse("is not a folder", "move it away, or set XDG_STATE_HOME to another folder".into()));
    }
    let me = rustix::process::geteuid().as_raw();
    if meta.uid() != me {
        return Err(refuse("belongs to another user", "set XDG_STATE_HOME to a folder of your own".into()));
    }
    if meta.mode() & 0o022 != 0 {
        return Err(refuse("is writable by others", format!("chmod go-w {}", shown(dir))));
    }
    Ok(())
}

#[cfg(not(unix))]
fn check_folder(_: &Path) -> Result<()> {
    Ok(())
}

/// Opens `path` to read, never through a link and never blocking on a FIFO; refuses anything
/// that is not a plain file.
pub fn open_to_read(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    no_follow(&mut options, true);
    let file = options.open(path)?;
    plain(&file)?;
    Ok(file)
}

/// Opens (creating, 0600) the lock file `path`, never through a link.
pub fn open_lock(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.create(true).truncate(false).write(true);
    no_follow(&mut options, false);
    mode(&mut options, 0o600);
    let file = options.open(path)?;
    plain(&file)?;
    Ok(file)
}

/// A new temporary file in `dir` whose name starts with `prefix` and ends in hex digits,
/// created afresh (never an existing file or a link), with the mode of `replacing` where it
/// exists, else 0600.
pub fn create_temp(dir: &Path, prefix: &str, replacing: &Path) -> std::io::Result<(PathBuf, File)> {
    let wanted = kept_mode(replacing);
    let mut last = None;
    for attempt in 0..16u64 {
        let path = dir.join(format!("{prefix}{:016x}", unique(attempt)));
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        no_follow(&mut options, false);
        mode(&mut options, wanted);
        match options.open(&path) {
            Ok(file) => {
                // The umask may have taken bits the replaced file had.
                set_mode(&file, wanted);
                return Ok((path, file));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}

/// A number no other writer is likely to pick: the process, the time and the attempt.
fn unique(attempt: u64) -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    let mut z = nanos ^ (u64::from(std::process::id()) << 32) ^ attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z ^ (z >> 31)
}

/// Flushes `dir`'s entries to disk, so that a rename or a removal in it lasts.
pub fn sync_folder(dir: &Path) {
    if let Ok(folder) = File::open(dir) {
        let _ = folder.sync_all();
    }
}

#[cfg(unix)]
fn no_follow(options: &mut std::fs::OpenOptions, nonblocking: bool) {
    use std::os::unix::fs::OpenOptionsExt;
    let mut flags = rustix::fs::OFlags::NOFOLLOW;
    if nonblocking {
        flags |= rustix::fs::OFlags::NONBLOCK;
    }
    options.custom_flags(flags.bits() as i32);
}

#[cfg(not(unix))]
fn no_follow(_: &mut std::fs::OpenOptions, _: bool) {}

#[cfg(unix)]
fn mode(options: &mut std::fs::OpenOptions, mode: u32) {
    use std::os::unix::fs::OpenOptionsExt;
    options.mode(mode);
}

#[cfg(not(unix))]
fn mode(_: &mut std::fs::OpenOptions, _: u32) {}

#[cfg(unix)]
fn kept_mode(path: &Path) -> u32 {
    use std::os::unix::fs::MetadataExt;
    std::fs::symlink_metadata(path).ok().filter(|m| m.is_file()).map_or(0o600, |m| m.mode() & 0o777)
}

#[cfg(not(unix))]
fn kept_mode(_: &Path) -> u32 {
    0o600
}

#[cfg(unix)]
fn set_mode(file: &File, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    let _ = file.set_permissions(std::fs::Permissions::from_mode(mode));
}

#[cfg(not(unix))]
fn set_mode(_: &File, _: u32) {}

/// Refuses an open file that is not a plain file.
fn plain(file: &File) -> std::io::Result<()> {
    let meta = file.metadata()?;
    if meta.is_file() {
        return Ok(());
    }
    Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a plain file (a folder, a FIFO or a device)"))
}
