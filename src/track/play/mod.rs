//! `fray track play` and `show --watch`: the fight full-screen, as a model (what the screen
//! knows), an update (keys, moves and the file's changes applied to it) and a view (the model
//! drawn). A move is the `fray track` command its key stands for, run whole (see [`runner`]),
//! then the file read again, so the screen holds no rule and no state of its own. Between keys
//! it looks at the fight file's size and time every 200 ms, and draws again when another writer
//! has changed it.

pub mod model;
pub mod runner;
mod terminal;
pub mod update;
pub mod view;

use super::Fray;
use super::state;
use super::text::View;
use crate::env::{Env, Settings};
use crate::error::{Error, Result};
use crossterm::event::{self, Event};
use model::Model;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use runner::Runner;
use std::path::Path;
use std::time::Duration;
use update::{Effect, Msg, update};

/// How often the fight file is looked at while no key comes.
const LOOK_EVERY: Duration = Duration::from_millis(200);

/// Test-only: a key that makes the screen panic, to show the panic hook gives the terminal
/// back (read only by builds with debug assertions, as the tests are).
const PANIC_VAR: &str = "FRAY_TEST_PANIC_ON_KEY";

/// What a screen is opened on, and how.
pub struct Screen<'a> {
    pub dir: &'a Path,
    pub name: &'a str,
    pub settings: &'a Settings,
    pub rules_given: bool,
    pub view: View,
    /// Keys change the fight (`play`), or the screen only follows it (`show --watch`).
    pub moves: bool,
    pub fray: Fray,
}

/// Opens the screen and keeps it until `q`, Ctrl-C or a signal. A fight that is not kept or
/// cannot be read, or standard output that is no terminal, is an error before the terminal is
/// touched.
pub fn run(screen: Screen, env: &mut Env) -> Result<()> {
    let path = state::file(screen.dir, screen.name);
    let Some(fight) = state::load(&path)? else { return Err(super::not_kept(screen.dir, screen.name)) };
    let rules = super::ruleset_of(&fight, screen.settings, screen.rules_given)?;
    if !env.terminal {
        let what = if screen.moves { "track play" } else { "track show --watch" };
        return Err(Error::usage(format!("{what} draws on a terminal, and standard output is not one"))
            .hint("run it in a terminal (not with TERM=dumb); 'fray track show' prints the fight once"));
    }
    let color = env.color(screen.settings.color);
    let mut model = Model::new(screen.name, rules, fight, screen.view, screen.moves, color);
    let seed = (!screen.settings.seed_drawn).then_some(screen.settings.seed);
    let mut runner = Runner::new(screen.fray, screen.name, env.var, env.os_seed, seed);
    let panic_key = (env.var)(PANIC_VAR).filter(|_| cfg!(debug_assertions)).and_then(|k| k.to_str()?.chars().next());
    let guard = terminal::Guard::open()?;
    let mut term = Terminal::new(CrosstermBackend::new(std::io::stdout()))?;
    let kept = keep(&mut term, &mut model, &mut runner, &path, &guard, panic_key);
    drop(term);
    let signalled = guard.signalled();
    drop(guard);
    if let Some(signal) = signalled {
        terminal::end_by(signal);
    }
    kept
}

/// The screen's loop: draw when something changed, wait up to [`LOOK_EVERY`] for a key, look
/// at the file.
fn keep(
    term: &mut Terminal<CrosstermBackend<std::io::Stdout>>,
    model: &mut Model,
    runner: &mut Runner,
    path: &Path,
    guard: &terminal::Guard,
    panic_key: Option<char>,
) -> Result<()> {
    let input = terminal::Input::open()?;
    let mut stamp = Stamp::of(path);
    let mut dirty = true;
    loop {
        if dirty {
            term.draw(|frame| view::view(model, frame))?;
            dirty = false;
        }
        if guard.signalled().is_some() {
            return Ok(());
        }
        // What came while the screen waited, then all that came meanwhile, before it is drawn.
        let mut next = input.next(LOOK_EVERY)?;
        while let Some(event) = next {
            let effect = match event {
                Event::Key(key) if panic_key.is_some_and(|c| key.code == event::KeyCode::Char(c)) => {
                    panic!("the test's key {key:?} was pressed")
                }
                Event::Key(key) => update(model, Msg::Key(key)),
                // A new size: drawn anew at it.
                _ => Effect::Nothing,
            };
            dirty = true;
            match effect {
                Effect::Quit => return Ok(()),
                Effect::Nothing => {}
                Effect::Offer(line) => {
                    let offered = runner.offer(&line);
                    update(model, Msg::Offered(offered));
                }
                Effect::Run(words) => {
                    let ran = runner.run(&words);
                    update(model, Msg::Ran(ran));
                    stamp = Stamp::of(path);
                    update(model, Msg::Read(Box::new(state::load(path))));
                }
            }
            next = input.pending()?;
        }
        let now = Stamp::of(path);
        if now != stamp {
            stamp = now;
            update(model, Msg::Read(Box::new(state::load(path))));
            dirty = true;
        }
    }
}

/// What tells a fight file changed: a write renames a new file into place.
#[derive(Debug, PartialEq)]
struct Stamp(Option<(u64, std::time::SystemTime, u64)>);

impl Stamp {
    fn of(path: &Path) -> Stamp {
        let meta = std::fs::metadata(path).ok();
        Stamp(meta.map(|m| (m.len(), m.modified().unwrap_or(std::time::UNIX_EPOCH), inode(&m))))
    }
}

#[cfg(unix)]
fn inode(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::ino(meta)
}

#[cfg(not(unix))]
fn inode(_: &std::fs::Metadata) -> u64 {
    0
}

#[cfg(test)]
mod tests;
