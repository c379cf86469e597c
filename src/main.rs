use fray::app::{self, Env};
use std::io::{self, BufWriter, IsTerminal};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let stdout = io::stdout();
    let terminal = stdout.is_terminal();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut env = Env {
        stdin: &mut io::stdin().lock(),
        stdout: &mut out,
        stderr: &mut io::stderr(),
        terminal,
        no_color: std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
        force_color: std::env::var_os("CLICOLOR_FORCE").is_some_and(|v| !v.is_empty() && v != "0"),
        os_seed,
        exits_after: true,
    };
    ExitCode::from(app::main(&args, &mut env))
}

/// A seed for runs without --seed: std's hasher keys come from the OS's random source.
fn os_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    if let Ok(elapsed) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        hasher.write_u128(elapsed.as_nanos());
    }
    hasher.write_u32(std::process::id());
    hasher.finish()
}
