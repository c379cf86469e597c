#![forbid(unsafe_code)]
use fray::app::{self, Env};
use std::ffi::OsString;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    // `COMPLETE=bash fray` prints the shell's hook; at TAB the hook runs `COMPLETE=bash fray -- WORDS`.
    if std::env::var_os("COMPLETE").is_some() {
        let current_dir = std::env::current_dir().ok();
        let config = fray::config::ConfigFile::locate(&|name: &str| std::env::var_os(name));
        match fray::packaging::complete(&args, std::env::var_os("FRAY_RULES"), &config, current_dir.as_deref()) {
            Ok(true) => return ExitCode::SUCCESS,
            Ok(false) => {}
            Err(err) => {
                let why = err.to_string();
                let why = why.trim_end().trim_start_matches("error: ");
                let hint = "COMPLETE is set, so fray completes a command line; unset it to run fray";
                let _ = writeln!(io::stderr(), "fray: error: {why}; {hint}");
                return ExitCode::from(2);
            }
        }
    }
    let stdout = io::stdout();
    let is_terminal = stdout.is_terminal();
    let mut out = BufWriter::with_capacity(64 * 1024, Patient(stdout.lock()));
    let (mut stdin, mut stderr) = (io::stdin().lock(), io::stderr());
    let var = |name: &str| std::env::var_os(name);
    let mut env = Env::new(
        &mut stdin,
        &mut out,
        &mut stderr,
        &var,
        is_terminal,
        if is_terminal { terminal_width() } else { None },
        os_seed,
    );
    ExitCode::from(app::main_then_exit(&args, &mut env))
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

/// The columns of the terminal on standard output.
fn terminal_width() -> Option<usize> {
    terminal_size::terminal_size_of(io::stdout()).map(|(terminal_size::Width(w), _)| usize::from(w))
}

/// Standard output that waits for its reader: a stdout another program left non-blocking
/// (`O_NONBLOCK` is shared by everyone holding the pipe) answers a full pipe with `EAGAIN`, which
/// would end the stream half written; fray waits until the reader takes more, as for a blocking one.
struct Patient<'a>(io::StdoutLock<'a>);

impl Write for Patient<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        loop {
            match self.0.write(buf) {
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => self.wait()?,
                done => return done,
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        loop {
            match self.0.flush() {
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => self.wait()?,
                done => return done,
            }
        }
    }
}

impl Patient<'_> {
    /// Until the stream takes bytes again (or its reader is gone, which the next write says).
    #[cfg(unix)]
    fn wait(&self) -> io::Result<()> {
        use rustix::event::{PollFd, PollFlags, poll};
        let mut fds = [PollFd::new(&self.0, PollFlags::OUT)];
        match poll(&mut fds, None) {
            Ok(_) | Err(rustix::io::Errno::INTR) => Ok(()),
            Err(err) => Err(err.into()),
        }
    }
    #[cfg(not(unix))]
    fn wait(&self) -> io::Result<()> {
        std::thread::sleep(std::time::Duration::from_millis(1));
        Ok(())
    }
}
