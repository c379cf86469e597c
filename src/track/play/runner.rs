//! A move run as the command line runs it: the words a key or the `:` line stands for, after
//! `fray track --fight NAME`, through the whole of fray (its parser, its config, the fight's
//! lock and atomic write) with buffers for its streams; and what TAB offers on the `:` line,
//! from the same completers the shell asks.

use super::super::Fray;
use crate::env::Env;
use std::ffi::OsString;

/// What one command said: its exit status and both streams.
#[derive(Clone, Debug, Default)]
pub struct Ran {
    pub code: u8,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

/// Runs the screen's moves on one fight.
pub struct Runner<'a> {
    fray: Fray,
    fight: String,
    var: &'a dyn Fn(&str) -> Option<OsString>,
    os_seed: fn() -> u64,
    /// The seed `--seed` gave the screen: each move rolls with its own, drawn from it in turn.
    seed: Option<u64>,
    moves: u64,
}

impl<'a> Runner<'a> {
    /// Moves on fight `fight`, run by `fray`, reading the environment through `var`; with
    /// `seed`, each move's dice follow from it, else each draws its own seed from `os_seed`.
    pub fn new(
        fray: Fray,
        fight: &str,
        var: &'a dyn Fn(&str) -> Option<OsString>,
        os_seed: fn() -> u64,
        seed: Option<u64>,
    ) -> Runner<'a> {
        Runner { fray, fight: fight.to_string(), var, os_seed, seed, moves: 0 }
    }

    /// `fray track --fight NAME WORDS...`, its document as JSON (what it says is read from it).
    pub fn run(&mut self, words: &[String]) -> Ran {
        let mut args: Vec<OsString> = ["fray", "--color", "never", "--format", "json"].map(OsString::from).to_vec();
        if let Some(seed) = self.seed {
            self.moves += 1;
            args.extend([OsString::from("--seed"), OsString::from(mix(seed, self.moves).to_string())]);
        }
        args.extend(["track", "--fight", &self.fight].map(OsString::from));
        args.extend(words.iter().map(OsString::from));
        let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
        let mut stdin = std::io::empty();
        // Not a terminal: a `play` typed on the : line cannot open a screen inside this one.
        let mut env = Env::new(&mut stdin, &mut stdout, &mut stderr, self.var, false, None, self.os_seed);
        let code = (self.fray)(&args, &mut env);
        Ran { code, stdout, stderr: String::from_utf8_lossy(&stderr).into_owned() }
    }

    /// What TAB offers for the last word of `line` (a `:` line: a track action and its words).
    pub fn offer(&self, line: &str) -> Vec<String> {
        let typed = super::super::complete::shell_words(line);
        let mut words: Vec<OsString> = ["fray", "track", "--fight", &self.fight].map(OsString::from).to_vec();
        // The line as typed at the shell, `fray track` and all.
        let skip = match typed.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            ["fray", "track", _, ..] => 2,
            ["track", _, ..] => 1,
            _ => 0,
        };
        words.extend(typed.iter().skip(skip).map(OsString::from));
        let var = |name: &str| (self.var)(name).and_then(|v| v.into_string().ok());
        let mut command = crate::cli::command_of("track")
            .mut_subcommand("track", |track| super::super::complete::completers(track, &words, var));
        let at = words.len() - 1;
        match clap_complete::engine::complete(&mut command, words, at, None) {
            Ok(offered) => offered
                .into_iter()
                .filter(|c| !c.is_hide_set())
                .map(|c| c.get_value().to_string_lossy().into_owned())
                .collect(),
            Err(_) => Vec::new(),
        }
    }
}

/// The seed of move `n` of a screen seeded with `seed` (splitmix64), so no two moves roll alike.
fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed.wrapping_add(n.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
