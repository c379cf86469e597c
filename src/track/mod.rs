//! `fray track`: a fight kept between commands. Each command takes the fight's lock, reads
//! its file, applies one change (the ruleset's rules of the fight included, through the
//! registry's [`Fighting`](crate::fight::Fighting)), keeps what it changed for `undo`, renames
//! the new state into place and writes the fight after it: text, YAML or JSON, or with `-q`
//! whose turn it is. `show` and `list` only read, and take no lock.

pub mod complete;
mod files;
mod harm;
mod lock;
mod moves;
mod open;
mod patch;
pub mod play;
pub mod state;
mod text;
mod turns;
mod version1;

use crate::cli::{Format, TrackAction, TrackArgs, TrackStart};
use crate::env::{Env, Settings};
use crate::error::{Error, Result};
use crate::render::Palette;
use crate::rulesets::command::OPENING;
use crate::rulesets::{Game, Procedure, Ruleset};
use serde::Serialize;
use serde_json::Value;
use state::{Fight, Out, Seat, Setup};
use std::path::{Path, PathBuf};
use text::View;
use turns::{Event, Turns};

/// The fight a command names when neither --fight nor FRAY_FIGHT does.
pub const DEFAULT_FIGHT: &str = "default";

/// Test-only: milliseconds to wait between writing a fight's temporary file and renaming it
/// (read only by builds with debug assertions, as the tests are).
const PAUSE_VAR: &str = "FRAY_TEST_PAUSE_BEFORE_RENAME";

/// What the config file gives every command that takes a cast: its rosters and its sides.
#[derive(Clone, Copy, Default)]
pub struct Standing<'a> {
    pub rosters: &'a [PathBuf],
    pub sides: &'a [String],
    /// `--rules`, FRAY_RULES or the config named the ruleset: a roster's `rules:` is then only
    /// checked against it, not followed.
    pub rules_named: bool,
}

/// A whole run of fray on a command line, as `main` runs one (`app::main`, handed down by it):
/// the screen of `play` runs each move through it, so a key does what its words typed would.
pub type Fray = fn(&[std::ffi::OsString], &mut Env) -> u8;

/// Runs one `track` command. `given` lists the flags given to `start`; `rules_given` says
/// whether `--rules` was on the command line; `standing` is the config's cast; `fray` runs the
/// moves of `play`.
pub fn run(
    args: &TrackArgs,
    given: &[String],
    settings: &Settings,
    rules_given: bool,
    standing: Standing,
    fray: Fray,
    env: &mut Env,
) -> Result<()> {
    refuse_rolling_flags(settings, &args.action)?;
    let name = match args.fight.clone() {
        Some(name) => name,
        None => variable(env, "FRAY_FIGHT")?.filter(|v| !v.is_empty()).unwrap_or_else(|| DEFAULT_FIGHT.to_string()),
    };
    state::check_name(&name)?;
    let dir = state::directory(variable(env, "XDG_STATE_HOME")?.as_deref(), variable(env, "HOME")?.as_deref())?;
    let color = (settings.quiet || settings.format == Format::Text) && env.color(settings.color);
    let palette = Palette::new(color).with_width(settings.width);
    let text_palette = (settings.format == Format::Text && !settings.quiet).then_some(palette);
    match &args.action {
        TrackAction::List => return list(&dir, settings, palette, env),
        TrackAction::Start(start) if start.cast.roster_example => {
            env.stdout.write_all(settings.rules.roster_example().as_bytes())?;
            return Ok(());
        }
        TrackAction::Play { players } | TrackAction::Show { players, watch: true } => {
            let view = if *players { View::Players } else { View::Table };
            let moves = matches!(args.action, TrackAction::Play { players: false });
            let screen = play::Screen { dir: &dir, name: &name, settings, rules_given, view, moves, fray };
            return play::run(screen, env);
        }
        TrackAction::Show { players, .. } => {
            let path = state::file(&dir, &name);
            let Some(fight) = state::load(&path)? else { return Err(not_kept(&dir, &name)) };
            let rules = ruleset_of(&fight, settings, rules_given)?;
            let view = if *players { View::Players } else { View::Table };
            let view = if settings.odds && view == View::Table { View::Odds } else { view };
            return write(env, settings, palette, "show", &fight, rules, &[], None, view);
        }
        _ => {}
    }
    files::prepare(&dir)?;
    let _lock = lock::exclusive(&state::lock_file(&dir, &name))?;
    state::sweep(&dir, &name);
    let path = state::file(&dir, &name);
    let before = state::load(&path)?;
    let pause = pause(env);

    if let TrackAction::Start(start) = &args.action {
        if let Some(running) = before.as_ref().filter(|f| f.ended.is_none()) {
            return Err(Error::data(format!(
                "a fight named '{name}' is already kept ({} rules, round {})",
                running.rules, running.round
            ))
            .hint(format!("end it with 'fray track --fight {name} end', or name another with --fight")));
        }
        // As the game commands do, a fight nothing names a ruleset for goes by its roster's `rules:`.
        let rosters = open::read_rosters(&roster_paths(&start.cast, standing), &mut *env.stdin)?;
        let rules = match standing.rules_named {
            true => settings.rules,
            false => open::rules_of_rosters(&rosters).unwrap_or(settings.rules),
        };
        let settings = &Settings { rules, ..*settings };
        let mut turns = Turns::new(settings.rules, settings.seed, text_palette);
        turns.given = given_rolls(&args.rolls, settings.rules)?;
        let (no_rules, rules) = (
            chosen_rules(&start.no_rules, settings.rules, false)?,
            chosen_rules(&start.optional_rules, settings.rules, true)?,
        );
        let (mut fight, opening) = open_fight(start, given, &name, (standing, rosters), &mut turns, env)?;
        fight.setup.no_rules = no_rules;
        fight.setup.rules = rules;
        turns::fire(&mut fight, &mut turns, |rules, table| {
            rules.on_start(table);
            rules.after_change(table);
        });
        unused_rolls(&fight, &mut turns);
        state::save(&path, &fight, pause)?;
        let rules = turns.rules;
        return written(env, |env| {
            write(env, settings, palette, "start", &fight, rules, &turns.events, Some(opening), View::Table)
        });
    }
    let Some(mut fight) = before else { return Err(not_kept(&dir, &name)) };
    let rules = ruleset_of(&fight, settings, rules_given)?;
    let mut turns = Turns::new(rules, settings.seed, text_palette);
    turns.given = given_rolls(&args.rolls, rules)?;
    let action = match &args.action {
        TrackAction::End { yes: true } => {
            state::remove(&path)?;
            let _ = std::fs::remove_file(state::lock_file(&dir, &name));
            let text = format!("fight '{name}' is forgotten (it was in round {})", fight.round);
            let event = Event::new(fight.round, None, "end", text);
            fight.order.clear();
            fight.turn = 0;
            fight.ended = Some(fight.round);
            return written(env, |env| {
                write(env, settings, palette, "end", &fight, rules, &[event], None, View::Table)
            });
        }
        TrackAction::Undo { steps } => {
            let steps = steps.unwrap_or(1) as usize;
            if steps > fight.undo.len() {
                return Err(Error::usage(format!(
                    "the fight '{name}' keeps {} command{} to undo, not {steps}",
                    fight.undo.len(),
                    if fight.undo.len() == 1 { "" } else { "s" }
                ))
                .hint(format!("fray keeps the last {} (fewer in a big fight)", state::UNDO_DEPTH)));
            }
            let taken: Vec<String> = fight.undo.iter().rev().take(steps).map(|s| s.command.clone()).collect();
            fight = fight.undone(steps)?;
            let plural = if steps == 1 { "" } else { "s" };
            let text = format!("back {steps} command{plural} ({}): round {}", taken.join(", "), fight.round);
            turns.events.push(Event::new(fight.round, None, "undo", text));
            state::save(&path, &fight, pause)?;
            return written(env, |env| {
                write(env, settings, palette, "undo", &fight, rules, &turns.events, None, View::Table)
            });
        }
        action => action,
    };
    if let Some(round) = fight.ended {
        if matches!(action, TrackAction::End { .. }) {
            return Err(Error::usage(format!("the fight '{name}' has ended already (in round {round})"))
                .hint(format!("'fray track --fight {name} end --yes' forgets it; 'fray track undo' brings it back")));
        }
        return Err(Error::usage(format!("the fight '{name}' has ended (in round {round})"))
            .hint(format!("'fray track --fight {name} undo' brings it back; 'start' begins a new one")));
    }
    let before = fight.before()?;
    let up_before = turns::standing(&fight, &turns);
    let name_of = change(action, &mut fight, &mut turns, env)?;
    turns::fire(&mut fight, &mut turns, |rules, table| rules.after_change(table));
    turns::say_if_over(&up_before, &fight, &mut turns);
    unused_rolls(&fight, &mut turns);
    fight.remember(before, name_of, turns.said())?;
    state::save(&path, &fight, pause)?;
    written(env, |env| write(env, settings, palette, name_of, &fight, rules, &turns.events, None, View::Table))
}

/// `--roll RULE=N`: the rolls the referee gave, each for a rule the ruleset fires.
fn given_rolls(rolls: &[String], rules: &'static Ruleset) -> Result<Vec<(String, u32)>> {
    let ids: Vec<&str> = rules.fight.fired_rules().iter().map(|r| r.id).collect();
    rolls
        .iter()
        .map(|given| {
            let bad = || {
                Error::usage(format!("--roll '{}' is not RULE=N", crate::cast::echo(given))).hint(format!(
                    "the dice as they fell, for one of {}'s rules: {}",
                    rules.id,
                    ids.join(", ")
                ))
            };
            let (rule, n) = given.split_once('=').ok_or_else(bad)?;
            if !ids.contains(&rule) {
                return Err(Error::usage(format!(
                    "the {} ruleset fires no rule '{}'",
                    rules.id,
                    crate::cast::echo(rule)
                ))
                .hint(format!("its rules: {}", if ids.is_empty() { "none".to_string() } else { ids.join(", ") })));
            }
            let n: u32 = n.parse().ok().filter(|n| (1..=1000).contains(n)).ok_or_else(bad)?;
            Ok((rule.to_string(), n))
        })
        .collect()
}

/// The rules `start` names with `--no-rule` (or, `optional`, `--rule`), checked against the
/// ruleset's.
fn chosen_rules(named: &[String], rules: &'static Ruleset, optional: bool) -> Result<Vec<String>> {
    let have: Vec<&crate::fight::rules::RuleInfo> =
        rules.fight.fired_rules().iter().filter(|r| r.optional == optional).collect();
    let flag = if optional { "--rule" } else { "--no-rule" };
    for name in named {
        if !have.iter().any(|r| r.id == name) {
            let ids: Vec<&str> = have.iter().map(|r| r.id).collect();
            let which = if optional { "optional rules" } else { "rules that fire" };
            return Err(Error::usage(format!(
                "{flag} {}: the {} ruleset has no such rule",
                crate::cast::echo(name),
                rules.id
            ))
            .hint(format!("its {which}: {}", if ids.is_empty() { "none".to_string() } else { ids.join(", ") })));
        }
    }
    let mut kept: Vec<String> = named.to_vec();
    kept.dedup();
    Ok(kept)
}

/// A roll the referee gave that no rule used, said so.
fn unused_rolls(fight: &Fight, turns: &mut Turns) {
    for (rule, n) in std::mem::take(&mut turns.given) {
        let text = format!("--roll {rule}={n} was not used: no {rule} came up");
        turns.events.push(Event::new(fight.round, None, "due", text));
    }
}

/// An environment variable, or an error naming it when it is not UTF-8.
fn variable(env: &Env, name: &str) -> Result<Option<String>> {
    match (env.var)(name) {
        None => Ok(None),
        Some(value) => value.into_string().map(Some).map_err(|_| {
            Error::usage(format!("{name} is not valid UTF-8"))
                .hint(format!("set {name} to a name or a path in UTF-8, or unset it"))
        }),
    }
}

/// The pause before a rename that the kill test asks for, in builds with debug assertions.
fn pause(env: &Env) -> Option<std::time::Duration> {
    if !cfg!(debug_assertions) {
        return None;
    }
    let ms = (env.var)(PAUSE_VAR)?.into_string().ok()?.parse().ok()?;
    Some(std::time::Duration::from_millis(ms))
}

/// The ruleset a kept fight goes on under; `--rules` naming another is refused.
fn ruleset_of(fight: &Fight, settings: &Settings, rules_given: bool) -> Result<&'static Ruleset> {
    let rules = Ruleset::named(&fight.rules).unwrap_or_else(Ruleset::implied);
    if rules_given && settings.rules.id != rules.id {
        return Err(Error::usage(format!(
            "the fight '{}' is a {} fight, not {}",
            fight.fight, rules.id, settings.rules.id
        ))
        .hint("drop --rules: a kept fight goes on under the ruleset it started with"));
    }
    Ok(rules)
}

/// Writes the output of a command whose change is saved, and flushes it: an error writing it
/// says the change is kept.
fn written(env: &mut Env, write: impl FnOnce(&mut Env) -> Result<()>) -> Result<()> {
    let result = write(env).and_then(|()| env.stdout.flush().map_err(Error::from));
    match result {
        Err(Error::Io(err)) if err.kind() != std::io::ErrorKind::BrokenPipe => Err(Error::data(format!(
            "cannot write output: {}; the fight was changed all the same",
            crate::error::io_reason(&err)
        ))
        .hint("'fray track show' shows it; 'fray track undo' takes the change back")),
        other => other,
    }
}

/// `--odds` (but for `show`) and `--repeat` have no meaning for a kept fight.
fn refuse_rolling_flags(settings: &Settings, action: &TrackAction) -> Result<()> {
    if settings.odds && !matches!(action, TrackAction::Show { .. }) {
        return Err(Error::usage("--odds is not an option of track: a kept fight rolls as it goes")
            .hint("ask the opening's odds with 'fray encounter --odds' or 'fray initiative --odds'"));
    }
    if settings.repeat.is_some() {
        return Err(Error::usage("--repeat is not an option of track: each command changes the fight once")
            .hint("run 'fray track next' again for the next turn"));
    }
    Ok(())
}

/// The error for a fight that is not kept, naming those that are.
fn not_kept(dir: &Path, name: &str) -> Error {
    let kept = state::names(dir);
    let hint = if kept.is_empty() {
        "start one with 'fray track start COMBATANT...'".to_string()
    } else {
        format!("fights kept: {}; or start one with 'fray track start COMBATANT...'", kept.join(", "))
    };
    Error::data(format!("no fight named '{name}' is kept")).hint(hint)
}

/// The commands that change the fight and are kept for undo: the change made, and its name.
fn change(action: &TrackAction, fight: &mut Fight, turns: &mut Turns, env: &mut Env) -> Result<&'static str> {
    let name = match action {
        TrackAction::Next => {
            turns::next(fight, turns)?;
            "next"
        }
        TrackAction::Add { combatants, table } => {
            let table = match table {
                Some(path) => Some(table_roll(path, turns, env)?),
                None => None,
            };
            moves::add(fight, combatants, table, turns, env)?;
            "add"
        }
        TrackAction::Remove { names } => {
            moves::remove(fight, names, turns)?;
            "remove"
        }
        TrackAction::Split { names } => {
            moves::split(fight, names, turns)?;
            "split"
        }
        TrackAction::Damage { words, half, each, bashing, lethal, aggravated, crit } => {
            let kind = [(*bashing, "bashing"), (*lethal, "lethal"), (*aggravated, "aggravated")]
                .into_iter()
                .find_map(|(given, kind)| given.then_some(kind));
            harm::damage(fight, words, harm::Dealt { half: *half, each: *each, kind, critical: *crit }, turns)?;
            "damage"
        }
        TrackAction::Heal { words, each } => {
            harm::heal(fight, words, *each, turns)?;
            "heal"
        }
        TrackAction::Temp { words, each } => {
            harm::temp(fight, words, *each, turns)?;
            "temp"
        }
        TrackAction::Effect { words, rounds, until, of, concentration, end } => {
            let until = if until == "end" { crate::fight::Until::End } else { crate::fight::Until::Start };
            let args = harm::EffectArgs {
                words,
                rounds: *rounds,
                until,
                of: of.as_deref(),
                concentration: concentration.then_some(None),
                end: *end,
            };
            harm::effect(fight, args, turns)?;
            "effect"
        }
        TrackAction::Note { target, text, clear } => {
            harm::note(fight, target, text, *clear, turns)?;
            "note"
        }
        TrackAction::Hide { names } => {
            harm::hide(fight, names, true, turns)?;
            "hide"
        }
        TrackAction::Reveal { names } => {
            harm::hide(fight, names, false, turns)?;
            "reveal"
        }
        TrackAction::Delay { spec } => {
            moves::delay(fight, spec, turns)?;
            "delay"
        }
        TrackAction::Ready { spec } => {
            moves::ready(fight, spec, turns)?;
            "ready"
        }
        TrackAction::Hold { spec } => {
            moves::hold(fight, spec, turns)?;
            "hold"
        }
        TrackAction::Set { name, assignments } => {
            moves::set(fight, name, assignments, turns)?;
            "set"
        }
        TrackAction::Morale { names, modifier } => {
            harm::morale(fight, names, modifier.unwrap_or(0), turns)?;
            "morale"
        }
        TrackAction::Attack { targets } => {
            harm::attack(fight, targets, turns)?;
            "attack"
        }
        TrackAction::End { .. } => {
            fight.ended = Some(fight.round);
            let text = format!(
                "fight '{}' ended in round {}: 'fray track undo' brings it back, 'fray track end --yes' forgets it",
                fight.fight, fight.round
            );
            turns.events.push(Event::new(fight.round, None, "end", text));
            return Ok("end");
        }
        TrackAction::Start(_)
        | TrackAction::Show { .. }
        | TrackAction::Play { .. }
        | TrackAction::Undo { .. }
        | TrackAction::List => {
            return Err(Error::usage("not a command that changes the fight"));
        }
    };
    Ok(name)
}

/// An encounter table read and rolled as `fray encounter --table` rolls it (the same dice for
/// the same seed): the combatant it brings, and its roll as an event.
fn table_roll(path: &Path, turns: &Turns, env: &mut Env) -> Result<(String, Event)> {
    let (text, name) = crate::table::read_file_text(path, &mut *env.stdin)?;
    let file = crate::table::load(&text, &name, &turns.rules.keys)?;
    let palette = turns.palette.unwrap_or(Palette::new(false));
    let (combatant, step) = crate::table::encounter::step(&file, turns.seed, &palette)?;
    let mut shown = String::new();
    crate::render::before_step(&mut shown, &palette, step.key, &step.lines);
    let text = format!("the table {name} brings {}", step.quiet);
    let event =
        Event { roll: Some(step.data), shown: turns.palette.map(|_| shown), ..Event::new(1, None, "table", text) };
    Ok((combatant, event))
}

/// `start`: the opening procedure run on the cast with the command's own seed (so `fray
/// encounter` with the same seed and flags shows the same dice), its order as seats, those it
/// leaves out of action marked, the lair placed, each combatant's hit points rolled, and the
/// first turn begun.
fn open_fight(
    start: &TrackStart,
    given: &[String],
    name: &str,
    (standing, rosters): (Standing, Vec<state::SavedRoster>),
    turns: &mut Turns,
    env: &mut Env,
) -> Result<(Fight, Value)> {
    let procedure = opening_procedure(start, given, turns.rules)?;
    let mut opts = start.cast.clone();
    let table = start.opening.0.try_get_one::<PathBuf>("table").ok().flatten().cloned();
    let table = match table {
        Some(path) => {
            if path.as_os_str() == "-" && opts.roster.iter().any(|r| r.as_os_str() == "-") {
                return Err(
                    Error::usage("--table and --roster both read standard input").hint("give one of them a file")
                );
            }
            let (brought, event) = table_roll(&path, turns, env)?;
            opts.combatants.push(brought);
            Some(event)
        }
        None => None,
    };
    let opening = Opening { game: Game { procedure, flags: start.opening.clone() }, opts, lair: start.lair, table };
    open(opening, name, (standing, rosters), turns, &mut *env.stderr)
}

/// The rosters a start reads: the config's, then the command line's.
fn roster_paths(opts: &crate::cli::Cast, standing: Standing) -> Vec<PathBuf> {
    standing.rosters.iter().chain(&opts.roster).cloned().collect()
}

/// How a fight opens: the procedure and its command (its flags are the fight's order flags),
/// the cast (with what an encounter table brought), lair actions, and the table's roll.
struct Opening {
    game: Game,
    opts: crate::cli::Cast,
    lair: bool,
    table: Option<Event>,
}

/// Opens fight `name` as `opening` says, with `rosters` read from the files [`roster_paths`]
/// names; groups' dice counts shown on `shown`.
fn open(
    opening: Opening,
    name: &str,
    (standing, rosters): (Standing, Vec<state::SavedRoster>),
    turns: &mut Turns,
    shown: &mut dyn std::io::Write,
) -> Result<(Fight, Value)> {
    let rules = turns.rules;
    let seed = turns.seed;
    let Opening { game, mut opts, lair, table } = opening;
    let procedure = game.procedure;
    if opts.sides.is_empty() {
        opts.sides = standing.sides.to_vec();
    }
    opts.roster = roster_paths(&opts, standing);
    let (cast, combatants, rosters, appearing) =
        open::load_cast(rules, &opts, open::RosterSource::Read(rosters), seed, shown)?;
    let ran = open::run(rules, &game, &cast, seed, turns.palette)?;
    let mut order = open::seats(&ran.opening, &cast);
    turns.events.extend(table);
    turns.events.extend(open::appearing(1, &appearing, turns.palette));
    match &ran.opening.words {
        None if !ran.text.is_empty() => {
            let text = format!("{} opens the fight", procedure.name());
            turns.events.push(Event { shown: Some(ran.text.clone()), ..Event::new(1, None, "opening", text) });
        }
        None => {}
        Some(words) => {
            for text in words {
                turns.events.push(Event::new(1, None, "opening", text.clone()));
            }
        }
    }
    mark_absences(&ran.opening.absences, &cast, &mut order, turns);
    let flags = match procedure {
        Procedure::Encounter | Procedure::Initiative => game.flags.0.clone(),
        _ => Default::default(),
    };
    let setup = setup_of(&flags, lair, &opts, combatants, rosters);
    if setup.lair {
        turns::add_lair(&mut order);
    }
    let mut fight = Fight {
        format: state::FORMAT.into(),
        version: state::VERSION,
        fight: name.into(),
        rules: rules.id.into(),
        round: 1,
        turn: 0,
        ended: None,
        sides: Vec::new(),
        setup,
        order,
        combatants: Vec::new(),
        record: serde_json::Map::new(),
        undo: Vec::new(),
    };
    for (who, text) in open::enter(&mut fight, &cast, rules, &mut turns.dice) {
        turns.note(1, &who, "hp", text);
    }
    if fight.setup.lair {
        // The lair is the first monster's: the first combatant not on the players' side.
        let first = fight.sides.first().cloned();
        fight.setup.lair_owner =
            fight.combatants.iter().find(|c| Some(&c.side) != first.as_ref()).map(|c| c.name.clone());
    }
    turns::begin_from(&mut fight, 0, turns)?;
    Ok((fight, ran.doc))
}

/// What `fray encounter --track` hands the tracker: the encounter as it was rolled (its
/// command, its seed, its cast with what a table brought) and the fight to keep it as.
pub struct Encounter<'a> {
    pub rules: &'static Ruleset,
    pub flags: &'a crate::cli::Flags,
    pub cast: &'a crate::cli::Cast,
    pub fight: Option<&'a str>,
}

/// `fray encounter --track`: the encounter kept as a fight at round 1, with the same dice as
/// the encounter shows (its seed, its flags, its cast); the fight's name, and round 1 in words.
pub fn keep_encounter(
    encounter: Encounter,
    settings: &Settings,
    standing: Standing,
    env: &mut Env,
) -> Result<(String, String)> {
    let name = match encounter.fight.filter(|n| !n.is_empty()) {
        Some(name) => name.to_string(),
        None => variable(env, "FRAY_FIGHT")?.filter(|v| !v.is_empty()).unwrap_or_else(|| DEFAULT_FIGHT.to_string()),
    };
    state::check_name(&name)?;
    if encounter.cast.roster.iter().any(|r| r.as_os_str() == "-") {
        return Err(Error::usage("--track keeps the roster with the fight, and standard input cannot be read twice")
            .hint("give the roster as a file"));
    }
    let dir = state::directory(variable(env, "XDG_STATE_HOME")?.as_deref(), variable(env, "HOME")?.as_deref())?;
    files::prepare(&dir)?;
    let _lock = lock::exclusive(&state::lock_file(&dir, &name))?;
    state::sweep(&dir, &name);
    let path = state::file(&dir, &name);
    if let Some(running) = state::load(&path)?.filter(|f| f.ended.is_none()) {
        return Err(Error::data(format!(
            "a fight named '{name}' is already kept ({} rules, round {})",
            running.rules, running.round
        ))
        .hint(format!("end it with 'fray track --fight {name} end', or give --track=NAME another name")));
    }
    let mut turns = Turns::new(encounter.rules, settings.seed, None);
    let opening = Opening {
        game: Game { procedure: Procedure::Encounter, flags: encounter.flags.clone() },
        opts: encounter.cast.clone(),
        lair: false,
        table: None,
    };
    // The encounter showed its groups' dice already.
    let rosters = open::read_rosters(&roster_paths(encounter.cast, standing), &mut std::io::empty())?;
    let (fight, _) = open(opening, &name, (standing, rosters), &mut turns, &mut std::io::sink())?;
    state::save(&path, &fight, pause(env))?;
    let whose = fight.current().map_or("nobody's".to_string(), |s| crate::render::possessive(&s.name));
    Ok((name, format!("round 1, {whose} turn")))
}

/// The procedure that opens the fight: the encounter when a surprise flag (or `--surprise`)
/// calls for surprise, else initiative; the flags checked against it.
fn opening_procedure(start: &TrackStart, given: &[String], rules: &'static Ruleset) -> Result<Procedure> {
    if start.lair && !rules.fight.lair() {
        let with: Vec<&str> = crate::rulesets::RULESETS.iter().filter(|r| r.fight.lair()).map(|r| r.id).collect();
        return Err(Error::usage(format!("the {} ruleset has no lair actions", rules.id))
            .hint(format!("rulesets with them: {}", with.join(", "))));
    }
    // A delayed action lasts one round; the tracker's own commands keep that, and its return.
    if let Some(flag) = given.iter().find(|f| matches!(f.as_str(), "--delay" | "--ready" | "--hold")) {
        let action = flag.trim_start_matches("--");
        return Err(Error::usage(format!("{flag} is not an option of track start"))
            .hint(format!("start the fight, then 'fray track {action} NAME...': it lasts the round and returns")));
    }
    let own = ["--lair", "--surprise", "--fight", "--table", "--no-rule", "--rule", "--roll"];
    let procedure_given: Vec<String> = given.iter().filter(|f| !own.contains(&f.as_str())).cloned().collect();
    let cast = ["COMBATANT", "--side", "--roster", "--roster-example"];
    if let Some(flag) = procedure_given.iter().find(|f| !cast.contains(&f.as_str()) && !OPENING.contains(&f.as_str())) {
        return Err(Error::usage(format!("{flag} is not an option of track start"))
            .hint(format!("fray -r {} track start --help lists the flags a fight opens with", rules.id)));
    }
    let surprise_flags = rules.flags(Procedure::Surprise).unwrap_or_default();
    let calls_for_surprise = start.roll_surprise
        || procedure_given
            .iter()
            .any(|f| f == "--both-surprised" || (f.starts_with("--") && surprise_flags.contains(&f.as_str())));
    let procedure = if calls_for_surprise { Procedure::Encounter } else { Procedure::Initiative };
    rules.check_has(procedure)?;
    rules.check_flags(procedure, &procedure_given)?;
    Ok(procedure)
}

/// Each combatant the opening leaves out of action marked on its seat, and said; a side left
/// out of the opening's order (surprised in the free round) gets a seat of its own.
fn mark_absences(
    absences: &[crate::fight::Absence],
    cast: &crate::cast::Cast,
    order: &mut Vec<Seat>,
    turns: &mut Turns,
) {
    let rules = turns.rules;
    for absence in absences {
        let until = match (&absence.from_round, &absence.recovery) {
            (Some(round), _) => format!("acts from round {round}"),
            (None, Some(stun)) => {
                format!(
                    "rolls {} to recover at the start of each turn from turn {}",
                    rules.fight.recovery_words(stun),
                    stun.first_turn
                )
            }
            (None, None) => "out of action".to_string(),
        };
        let text = format!("{} {} {}: {until}", absence.name, crate::render::is(&absence.name), absence.reason);
        turns.events.push(Event::new(1, Some(&absence.name), "out", text));
        let out =
            Out { reason: absence.reason.clone(), from_round: absence.from_round, recovery: absence.recovery.clone() };
        match order.iter_mut().find(|s| s.name == absence.name) {
            Some(seat) => seat.out = Some(out),
            // A combatant whose side takes the turns (5e side initiative): the side still acts.
            None if cast.side_index(&absence.name).is_none() => {}
            None => {
                // Left out of the opening's order (a side surprised in the free round).
                let members =
                    cast.side_index(&absence.name).map(|i| cast.on_side(i).flat_map(|c| c.member_names()).collect());
                let mut seat = Seat::new(&absence.name, None);
                seat.members = members.unwrap_or_default();
                seat.rank = order.len() as u32;
                seat.out = Some(out);
                order.push(seat);
            }
        }
    }
}

/// What the fight keeps of how it was set up, for the rounds after: the cast as given (its
/// rosters' text too), and the order flags each round's initiative is rolled with again.
fn setup_of(
    flags: &clap::ArgMatches,
    lair: bool,
    opts: &crate::cli::Cast,
    combatants: Vec<String>,
    rosters: Vec<state::SavedRoster>,
) -> Setup {
    let words = |id: &str| -> Vec<String> {
        let raw = flags.try_get_raw(id).ok().flatten().into_iter().flatten();
        raw.map(|word| word.to_string_lossy().into_owned()).collect()
    };
    Setup {
        sides: opts.sides.clone(),
        combatants,
        rosters,
        ties: words("ties").pop(),
        variant: words("variant").pop(),
        wait: words("wait"),
        individual: flags.try_get_one::<bool>("individual").ok().flatten().copied().unwrap_or(false),
        lair,
        lair_owner: None,
        removed: Vec::new(),
        no_rules: Vec::new(),
        rules: Vec::new(),
    }
}

/// `list`: the fights kept, each with its ruleset, round and whose turn it is (or why its
/// file is refused).
fn list(dir: &Path, settings: &Settings, palette: Palette, env: &mut Env) -> Result<()> {
    #[derive(Serialize)]
    struct Kept {
        fight: String,
        file: PathBuf,
        #[serde(skip_serializing_if = "Option::is_none")]
        rules: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        round: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        turn: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        ended: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        error: Option<String>,
    }
    let fights: Vec<Kept> = state::names(dir)
        .into_iter()
        .map(|name| {
            let file = state::file(dir, &name);
            let kept = |rules, round, turn, ended, error| Kept {
                fight: name.clone(),
                file: file.clone(),
                rules,
                round,
                turn,
                ended,
                error,
            };
            match state::load(&file) {
                Ok(Some(f)) => kept(
                    Some(f.rules.clone()),
                    Some(f.round),
                    f.current().filter(|_| f.ended.is_none()).map(|s| s.name.clone()),
                    f.ended,
                    None,
                ),
                Ok(None) => kept(None, None, None, None, Some("gone".into())),
                Err(e) => kept(None, None, None, None, Some(e.to_string())),
            }
        })
        .collect();
    if settings.quiet {
        let names: Vec<&str> = fights.iter().map(|f| f.fight.as_str()).collect();
        let line = if names.is_empty() { "none".to_string() } else { crate::render::quiet_list(names) };
        writeln!(env.stdout, "{line}")?;
        return Ok(());
    }
    if settings.format != Format::Text {
        #[derive(Serialize)]
        struct Doc<'a> {
            command: &'static str,
            action: &'static str,
            seed: u64,
            version: &'static str,
            folder: &'a Path,
            fights: &'a [Kept],
        }
        let doc = Doc {
            command: "track",
            action: "list",
            seed: settings.seed,
            version: crate::emit::VERSION,
            folder: dir,
            fights: &fights,
        };
        return text::document(env.stdout, settings.format, &doc);
    }
    let mut out = String::new();
    if fights.is_empty() {
        palette.line(&mut out, "", &format!("no fights kept in {}", dir.display()));
    }
    for f in &fights {
        let line = match (&f.error, f.ended) {
            (Some(why), _) => format!("{}  {}", palette.name(&f.fight), palette.bad(why)),
            (None, Some(round)) => {
                format!("{}  {} · ended in round {round}", palette.name(&f.fight), f.rules.as_deref().unwrap_or(""))
            }
            (None, None) => format!(
                "{}  {} · round {} · {} turn",
                palette.name(&f.fight),
                f.rules.as_deref().unwrap_or(""),
                f.round.unwrap_or(0),
                crate::render::possessive(f.turn.as_deref().unwrap_or("nobody"))
            ),
        };
        palette.line(&mut out, "", &line);
    }
    env.stdout.write_all(out.as_bytes())?;
    Ok(())
}

/// Writes the fight after a command: whose turn (`-q`), the document, or the text.
#[allow(clippy::too_many_arguments)]
fn write(
    env: &mut Env,
    settings: &Settings,
    palette: Palette,
    action: &'static str,
    fight: &Fight,
    rules: &'static Ruleset,
    events: &[Event],
    opening: Option<Value>,
    view: View,
) -> Result<()> {
    if settings.quiet && matches!(action, "damage" | "heal" | "temp") {
        // Each one it touched: its hit points (with temporary ones), or its state when down.
        let mut line: Vec<String> = Vec::new();
        for event in events.iter().filter(|e| e.event == action) {
            let Some(c) = event.name.as_deref().and_then(|n| fight.combatant(n)) else { continue };
            let shown = match (&c.down, c.hp, c.hp_max) {
                (Some(down), _, _) => format!("{}={down}", c.name),
                (None, Some(hp), Some(max)) if c.temp_hp > 0 => format!("{}={hp}/{max}+{}", c.name, c.temp_hp),
                (None, Some(hp), Some(max)) => format!("{}={hp}/{max}", c.name),
                _ => continue,
            };
            if !line.contains(&shown) {
                line.push(shown);
            }
        }
        writeln!(env.stdout, "{}", crate::render::quiet_list(line.iter().map(String::as_str)))?;
        return Ok(());
    }
    if settings.quiet {
        let name = match fight.current() {
            _ if fight.ended.is_some() => "none",
            Some(seat) if view == View::Players && text::hidden_seat(fight, seat) => "none",
            Some(seat) => seat.name.as_str(),
            None => "none",
        };
        writeln!(env.stdout, "{name}")?;
        return Ok(());
    }
    if settings.format != Format::Text {
        let doc = text::Doc::new(action, fight, rules.fight, settings.seed, events, opening, view);
        return text::document(env.stdout, settings.format, &doc);
    }
    let mut out = String::new();
    let seed = settings.show_seed.then_some(settings.seed);
    let page = text::Page { action, fight, rules: rules.fight, events, seed, view };
    text::render(&mut out, &palette, &page);
    env.stdout.write_all(out.as_bytes())?;
    Ok(())
}
