//! Facts of the build, told to the compiler (nothing is written into the source tree): the git
//! revision `fray --version` names, and which programs the shell tests need are missing here,
//! so that those tests are marked ignored and the test summary counts them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Programs the shell and screen tests drive, each with the cfg that marks its tests ignored when
/// missing.
const PROGRAMS: [(&str, &str); 6] = [
    ("bash", "missing_bash"),
    ("zsh", "missing_zsh"),
    ("fish", "missing_fish"),
    ("man", "missing_man"),
    ("script", "missing_script"),
    ("tmux", "missing_tmux"),
];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let version = std::env::var("CARGO_PKG_VERSION").expect("cargo sets CARGO_PKG_VERSION");
    let line = match revision(&root) {
        Some(revision) => format!("{version} ({revision})"),
        None => version,
    };
    println!("cargo::rustc-env=FRAY_BUILD_VERSION={line}");
    missing_programs();
    start_up_layout(&root);
}

/// Hands the linker link/start-up.ld (written by bench/start-up-order; README, Speed), which lays
/// the code a run goes through side by side, so that a run faults in a few pages of code rather
/// than a scattered half of it. On Linux, to the toolchain's own linker (rust-lld, or GNU ld),
/// both of which read its `INSERT`; not where the build names another (mold reads no SECTIONS),
/// nor where the file is missing, nor with FRAY_NO_START_UP_LAYOUT set (bench/run's build to
/// compare). Sets `start_up_layout` when it does, for the test that checks it.
fn start_up_layout(root: &Path) {
    println!("cargo::rustc-check-cfg=cfg(start_up_layout)");
    let script = root.join("link").join("start-up.ld");
    println!("cargo::rerun-if-changed={}", script.display());
    println!("cargo::rerun-if-env-changed=FRAY_NO_START_UP_LAYOUT");
    if std::env::var_os("FRAY_NO_START_UP_LAYOUT").is_some() {
        return;
    }
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let other_linker = std::env::var_os("RUSTC_LINKER").is_some()
        || flags.split('\x1f').any(|flag| flag.contains("linker") || flag.contains("fuse-ld"));
    let path = script.display().to_string();
    if linux && !other_linker && script.is_file() && !path.contains(',') {
        println!("cargo::rustc-link-arg-bins=-Wl,-T,{path}");
        println!("cargo::rustc-cfg=start_up_layout");
    }
}

/// `git` run in the source folder, its output trimmed; `None` without git or outside a repository.
fn git(root: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).current_dir(root).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

/// `abc1234 2026-12-01`: the commit checked out and its date, when fray is built from its own
/// git repository (not from a source tree that merely lies inside another one).
fn revision(root: &Path) -> Option<String> {
    let top = git(root, &["rev-parse", "--show-toplevel"])?;
    if std::fs::canonicalize(&top).ok()? != std::fs::canonicalize(root).ok()? {
        return None;
    }
    let hash = git(root, &["rev-parse", "--short", "HEAD"])?;
    let date = git(root, &["log", "-1", "--format=%cd", "--date=short"])?;
    // Build again when HEAD moves: a checkout, or a commit on the branch checked out.
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    watched.extend(git(root, &["symbolic-ref", "-q", "HEAD"]));
    for name in watched {
        if let Some(path) = git(root, &["rev-parse", "--git-path", &name]) {
            let path = root.join(path);
            if path.exists() {
                println!("cargo::rerun-if-changed={}", path.display());
            }
        }
    }
    Some(format!("{hash} {date}"))
}

/// Sets `missing_<program>` for each program the shell tests need that is not on PATH, unless
/// FRAY_REQUIRE_SHELLS is set (then those tests run, and fail where a program is missing).
fn missing_programs() {
    println!("cargo::rerun-if-env-changed=PATH");
    println!("cargo::rerun-if-env-changed=FRAY_REQUIRE_SHELLS");
    for (_, cfg) in PROGRAMS {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
    }
    if std::env::var_os("FRAY_REQUIRE_SHELLS").is_some() {
        return;
    }
    let dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).filter(|d| d.is_absolute() && d.is_dir()).collect())
        .unwrap_or_default();
    let mut any_missing = false;
    for (program, cfg) in PROGRAMS {
        if !dirs.iter().any(|dir| dir.join(program).is_file()) {
            println!("cargo::rustc-cfg={cfg}");
            any_missing = true;
        }
    }
    // A program installed later appears in one of these folders: look again then.
    if any_missing {
        for dir in &dirs {
            println!("cargo::rerun-if-changed={}", dir.display());
        }
    }
}
