use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches};
use fray::app::{self, Env};
use fray::cli::{Cli, ColorWhen, Command};
use fray::error::Error;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let matches = match Cli::command().try_get_matches() {
        Ok(matches) => matches,
        Err(err) => return clap_error(err),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(err) => return clap_error(err),
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let result = match &cli.command {
        Command::Completions { shell } => out.write_all(&fray::packaging::completion(*shell)).map_err(Error::from),
        Command::Man { dir } => write_man(dir),
        _ => {
            let given = fray::cli::given_flags(&matches);
            let mut env = Env {
                stdin: &mut io::stdin().lock(),
                stdout: &mut out,
                stderr: &mut io::stderr(),
                color: color(cli.global.color),
                os_seed: os_seed(),
            };
            app::run(&cli, &given, &mut env)
        }
    };
    let result = result.and_then(|()| out.flush().map_err(Error::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Error::Io(err)) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            // The stream may be broken too; there is nowhere else to report.
            let _ = writeln!(io::stderr(), "fray: error: {err}");
            ExitCode::from(err.exit_code())
        }
    }
}

fn write_man(dir: &std::path::Path) -> Result<(), Error> {
    let pages = fray::packaging::man_pages()?;
    std::fs::create_dir_all(dir).map_err(|e| Error::data(format!("cannot create {}: {e}", dir.display())))?;
    for (name, bytes) in pages {
        let path = dir.join(name);
        std::fs::write(&path, bytes).map_err(|e| Error::data(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(())
}

/// `--color auto` colours a terminal, unless NO_COLOR is non-empty; CLICOLOR_FORCE (not 0)
/// colours anything. The flag's other values beat both variables.
fn color(when: ColorWhen) -> bool {
    match when {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => {
            if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
                return false;
            }
            if std::env::var_os("CLICOLOR_FORCE").is_some_and(|v| !v.is_empty() && v != "0") {
                return true;
            }
            io::stdout().is_terminal()
        }
    }
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

/// Prints a clap error as one `fray: error: …` line (help and version go to stdout).
fn clap_error(err: clap::Error) -> ExitCode {
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
        _ => {}
    }
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let _ = writeln!(io::stderr(), "fray: error: {}", fray::cli::describe_error(&err, &args));
    ExitCode::from(2)
}
