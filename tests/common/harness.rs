//! One run of fray, described once and run either in-process (`run`: `fray::app::main` with
//! the streams and environment `main` would hand it, built by the same `Env::new`) or as the
//! binary (`run_binary`, `command`) where the process itself is under test.

use fray::app::{self, Env};
use std::collections::BTreeMap;
use std::ffi::OsString;

/// A command line, its standard input and its environment.
#[derive(Clone)]
pub struct Fray {
    args: Vec<OsString>,
    stdin: Vec<u8>,
    vars: BTreeMap<String, OsString>,
    /// Standard output is a terminal (of this many columns, if known).
    terminal: Option<Option<usize>>,
    os_seed: fn() -> u64,
}

/// What a run left: its exit status and both streams.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    pub code: i32,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

impl Output {
    pub fn success(&self) -> bool {
        self.code == 0
    }

    /// Standard output as text.
    pub fn text(&self) -> String {
        String::from_utf8(self.stdout.clone()).expect("output is UTF-8")
    }
}

/// A folder that does not exist, as HOME and XDG_CONFIG_HOME: no config file, no state.
const MISSING: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/no-config-here");

impl Fray {
    /// No arguments, empty standard input, not a terminal, and an environment holding only a
    /// HOME and XDG_CONFIG_HOME that do not exist (so no config file is read).
    pub fn new() -> Fray {
        let vars = [("HOME", MISSING), ("XDG_CONFIG_HOME", MISSING)];
        Fray {
            args: Vec::new(),
            stdin: Vec::new(),
            vars: vars.into_iter().map(|(k, v)| (k.to_string(), OsString::from(v))).collect(),
            terminal: None,
            os_seed,
        }
    }

    pub fn arg(mut self, arg: impl Into<OsString>) -> Fray {
        self.args.push(arg.into());
        self
    }

    pub fn args<I: IntoIterator<Item = S>, S: Into<OsString>>(mut self, args: I) -> Fray {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    pub fn env(mut self, name: &str, value: impl Into<OsString>) -> Fray {
        self.vars.insert(name.to_string(), value.into());
        self
    }

    pub fn env_remove(mut self, name: &str) -> Fray {
        self.vars.remove(name);
        self
    }

    pub fn write_stdin(mut self, input: impl Into<Vec<u8>>) -> Fray {
        self.stdin = input.into();
        self
    }

    /// Standard output is a terminal, `width` columns wide if given (in-process only).
    pub fn terminal(mut self, width: Option<usize>) -> Fray {
        self.terminal = Some(width);
        self
    }

    /// What the OS gives as a seed when --seed is not given (in-process only).
    pub fn os_seed(mut self, seed: fn() -> u64) -> Fray {
        self.os_seed = seed;
        self
    }

    /// Runs `fray::app::main` in this thread. A panic fails the test that called it.
    pub fn run(&self) -> Output {
        let mut argv = vec![OsString::from("fray")];
        argv.extend(self.args.iter().cloned());
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut stdin: &[u8] = &self.stdin;
        let var = |name: &str| self.vars.get(name).cloned();
        let (is_terminal, width) = (self.terminal.is_some(), self.terminal.flatten());
        let mut env = Env::new(&mut stdin, &mut out, &mut err, &var, is_terminal, width, self.os_seed);
        let code = app::main(&argv, &mut env);
        Output { code: code.into(), stdout: out, stderr: String::from_utf8(err).expect("errors are UTF-8") }
    }

    /// The fray binary with exactly this command line, standard input and environment.
    pub fn command(&self) -> assert_cmd::Command {
        assert!(self.terminal.is_none(), "a spawned fray's standard output is a pipe");
        let mut cmd = assert_cmd::Command::cargo_bin("fray").expect("the fray binary is built");
        cmd.env_clear().envs(&self.vars).args(&self.args).write_stdin(self.stdin.clone());
        cmd
    }

    /// Runs the fray binary and waits for it.
    pub fn run_binary(&self) -> Output {
        let out = self.command().output().expect("fray runs");
        Output {
            code: out.status.code().expect("fray exited, not killed by a signal"),
            stdout: out.stdout,
            stderr: String::from_utf8(out.stderr).expect("errors are UTF-8"),
        }
    }
}

impl Default for Fray {
    fn default() -> Fray {
        Fray::new()
    }
}

/// `fray [args…]`, as failure messages name a run.
impl std::fmt::Debug for Fray {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "fray {:?}", self.args)
    }
}

/// A seed as `main` draws one: std's hasher keys come from the OS's random source.
fn os_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    if let Ok(elapsed) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        hasher.write_u128(elapsed.as_nanos());
    }
    hasher.finish()
}
