//! `fray track`: a fight kept between commands. Each command takes the fight's lock, reads
//! its file, applies one change (the ruleset's round rules included, through the registry's
//! [`Rounds`]), keeps the fight before it for `undo`, renames the new state into place and
//! writes the fight after it: text, YAML or JSON, or with `-q` whose turn it is.

pub mod complete;
mod lock;
mod moves;
mod open;
pub mod rounds;
pub mod state;
mod text;
mod turns;

pub use rounds::{Absence, Meeting, Moves, Recovery, RecoveryCheck, Rounds, never, no_words, nobody, order_of};

use crate::cli::{Format, TrackAction, TrackArgs, TrackStart};
use crate::env::{Env, Settings};
use crate::error::{Error, Result};
use crate::render::Palette;
use crate::rulesets::command::OPENING;
use crate::rulesets::{Procedure, Ruleset};
use serde::Serialize;
use serde_json::Value;
use state::{Fight, Out, Seat, Setup};
use std::path::{Path, PathBuf};
use turns::{Event, Turns};

/// The fight a command names when neither --fight nor FRAY_FIGHT does.
pub const DEFAULT_FIGHT: &str = "default";

/// Test-only: milliseconds to wait between writing a fight's temporary file and renaming it.
const PAUSE_VAR: &str = "FRAY_TEST_PAUSE_BEFORE_RENAME";

/// Runs one `track` command. `given` lists the flags given to `start`; `rules_given` says
/// whether `--rules` was on the command line.
pub fn run(args: &TrackArgs, given: &[String], settings: &Settings, rules_given: bool, env: &mut Env) -> Result<()> {
    refuse_rolling_flags(settings)?;
    let var = |name: &str| (env.var)(name).and_then(|v| v.into_string().ok());
    let name = args.fight.clone().or_else(|| var("FRAY_FIGHT").filter(|v| !v.is_empty()));
    let name = name.unwrap_or_else(|| DEFAULT_FIGHT.to_string());
    state::check_name(&name)?;
    let dir = state::directory(var("XDG_STATE_HOME").as_deref(), var("HOME").as_deref())?;
    let color = (settings.quiet || settings.format == Format::Text) && env.color(settings.color);
    let palette = Palette::new(color).with_width(settings.width);
    let text_palette = (settings.format == Format::Text && !settings.quiet).then_some(palette);
    if let TrackAction::List = args.action {
        return list(&dir, settings, palette, env);
    }
    if let TrackAction::Start(start) = &args.action {
        if start.cast.roster_example {
            env.stdout.write_all(settings.rules.roster_example().as_bytes())?;
            return Ok(());
        }
    }
    std::fs::create_dir_all(&dir).map_err(|e| {
        Error::data(format!("cannot create the state folder {}: {}", dir.display(), crate::error::io_reason(&e)))
            .hint("set XDG_STATE_HOME to a writable folder")
    })?;
    let _lock = lock::exclusive(&state::lock_file(&dir, &name))?;
    state::sweep(&dir, &name);
    let path = state::file(&dir, &name);
    let before = state::load(&path)?;
    let pause = var(PAUSE_VAR).and_then(|ms| ms.parse().ok()).map(std::time::Duration::from_millis);

    if let TrackAction::Start(start) = &args.action {
        if let Some(running) = &before {
            return Err(Error::data(format!(
                "a fight named '{name}' is already kept ({} rules, round {})",
                running.rules, running.round
            ))
            .hint(format!("end it with 'fray track --fight {name} end', or name another with --fight")));
        }
        let mut turns = Turns::new(settings.rules, settings.seed, text_palette);
        let (fight, opening) = open_fight(start, given, &name, &mut turns, env)?;
        state::save(&path, &fight, pause)?;
        return write(env, settings, palette, "start", &fight, &turns.events, Some(opening));
    }
    let Some(mut fight) = before else { return Err(not_kept(&dir, &name)) };
    let rules = Ruleset::named(&fight.rules).unwrap_or_else(Ruleset::implied);
    if rules_given && settings.rules.id != rules.id {
        return Err(Error::usage(format!("the fight '{name}' is a {} fight, not {}", rules.id, settings.rules.id))
            .hint("drop --rules: a kept fight goes on under the ruleset it started with"));
    }
    let mut turns = Turns::new(rules, settings.seed, text_palette);
    let action = match &args.action {
        TrackAction::Show => {
            return write(env, settings, palette, "show", &fight, &[], None);
        }
        TrackAction::End => {
            let event = end_fight(&path, &name, &mut fight)?;
            return write(env, settings, palette, "end", &fight, &[event], None);
        }
        TrackAction::Undo { steps } => {
            fight = undo(fight, &name, steps.unwrap_or(1) as usize, &mut turns)?;
            state::save(&path, &fight, pause)?;
            return write(env, settings, palette, "undo", &fight, &turns.events, None);
        }
        action => action,
    };
    let previous = fight.clone();
    let name_of = change(action, &mut fight, &mut turns, env)?;
    fight.remember(&previous);
    state::save(&path, &fight, pause)?;
    write(env, settings, palette, name_of, &fight, &turns.events, None)
}

/// `--odds` and `--repeat` have no meaning for a kept fight.
fn refuse_rolling_flags(settings: &Settings) -> Result<()> {
    if settings.odds {
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

/// `end`: the fight's file removed; the fight left with nobody in it, and what was said.
fn end_fight(path: &Path, name: &str, fight: &mut Fight) -> Result<Event> {
    std::fs::remove_file(path)
        .map_err(|e| Error::data(format!("cannot remove {}: {}", path.display(), crate::error::io_reason(&e))))?;
    let text = format!("fight '{name}' ended in round {}", fight.round);
    let event = Event::new(fight.round, None, "end", text);
    fight.order.clear();
    fight.turn = 0;
    Ok(event)
}

/// `undo N`: the fight as it was N commands ago, with the history before that.
fn undo(mut fight: Fight, name: &str, steps: usize, turns: &mut Turns) -> Result<Fight> {
    if steps > fight.history.len() {
        return Err(Error::usage(format!(
            "the fight '{name}' keeps {} command{} to undo, not {steps}",
            fight.history.len(),
            if fight.history.len() == 1 { "" } else { "s" }
        ))
        .hint(format!("fray keeps the last {}", state::UNDO_DEPTH)));
    }
    let mut history = std::mem::take(&mut fight.history);
    let mut back = history.remove(history.len() - steps);
    history.truncate(history.len() + 1 - steps);
    back.history = history;
    let plural = if steps == 1 { "" } else { "s" };
    let text = format!("back {steps} command{plural}: round {}", back.round);
    turns.events.push(Event::new(back.round, None, "undo", text));
    Ok(back)
}

/// The commands that change the fight and are kept for undo: the change made, and its name.
fn change(action: &TrackAction, fight: &mut Fight, turns: &mut Turns, env: &mut Env) -> Result<&'static str> {
    Ok(match action {
        TrackAction::Next => {
            let from = fight.turn + 1;
            turns::begin_from(fight, from, turns)?;
            "next"
        }
        TrackAction::Add { combatants } => {
            moves::add(fight, combatants, turns, env)?;
            "add"
        }
        TrackAction::Remove { names } => {
            moves::remove(fight, names, turns)?;
            "remove"
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
        _ => unreachable_action()?,
    })
}

fn unreachable_action() -> Result<&'static str> {
    Err(Error::usage("not a track command"))
}

/// `start`: the opening procedure run on the cast, its order as seats, those it leaves out of
/// action marked, the lair placed, and the first turn begun.
fn open_fight(
    start: &TrackStart,
    given: &[String],
    name: &str,
    turns: &mut Turns,
    env: &mut Env,
) -> Result<(Fight, Value)> {
    let rules = turns.rules;
    let procedure = opening_procedure(start, given, rules)?;
    let seed = turns.next_seed();
    let (cast, combatants, roster) =
        open::load_cast(rules, &start.cast, open::RosterSource::Read(&mut *env.stdin), seed, &mut *env.stderr)?;
    // The opening reads its flags from start's; the cast it is handed is the one loaded here.
    let command = procedure.command(start.opening.clone());
    let palette = turns.palette.filter(|_| rules.rounds.opening_text);
    let ran = open::run(rules, &command, &cast, seed, palette)?;
    let mut order = open::seats(&ran.doc, &cast);
    if !ran.text.is_empty() {
        let text = format!("{} opens the fight", procedure.name());
        turns.events.push(Event { shown: Some(ran.text.clone()), ..Event::new(1, None, "opening", text) });
    }
    if !rules.rounds.opening_text {
        for text in (rules.rounds.opening_words)(&ran.doc) {
            turns.events.push(Event::new(1, None, "opening", text));
        }
    }
    mark_absences(&ran.doc, &cast, &mut order, turns);
    let setup = setup_of(start, combatants, roster);
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
        setup,
        order,
        history: Vec::new(),
    };
    turns::begin_from(&mut fight, 0, turns)?;
    Ok((fight, ran.doc))
}

/// The procedure that opens the fight: the encounter when a surprise flag (or `--surprise`)
/// calls for surprise, else initiative; the flags checked against it.
fn opening_procedure(start: &TrackStart, given: &[String], rules: &'static Ruleset) -> Result<Procedure> {
    if start.lair && !rules.rounds.lair {
        let with: Vec<&str> = crate::rulesets::RULESETS.iter().filter(|r| r.rounds.lair).map(|r| r.id).collect();
        return Err(Error::usage(format!("the {} ruleset has no lair actions", rules.id))
            .hint(format!("rulesets with them: {}", with.join(", "))));
    }
    // A delayed action lasts one round; the tracker's own commands keep that, and its return.
    if let Some(flag) = given.iter().find(|f| matches!(f.as_str(), "--delay" | "--ready" | "--hold")) {
        let action = flag.trim_start_matches("--");
        return Err(Error::usage(format!("{flag} is not an option of track start"))
            .hint(format!("start the fight, then 'fray track {action} NAME...': it lasts the round and returns")));
    }
    let own = ["--lair", "--surprise", "--fight"];
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
fn mark_absences(doc: &Value, cast: &crate::cast::Cast, order: &mut Vec<Seat>, turns: &mut Turns) {
    let rules = turns.rules;
    for absence in (rules.rounds.absences)(doc) {
        let until = match (&absence.from_round, &absence.recovery) {
            (Some(round), _) => format!("acts from round {round}"),
            (None, Some(stun)) => {
                format!("rolls IQ {} to recover at the start of each turn from turn {}", stun.iq, stun.first_turn)
            }
            (None, None) => "out of action".to_string(),
        };
        let text = format!("{} is {}: {until}", absence.name, absence.reason);
        turns.events.push(Event::new(1, Some(&absence.name), "out", text));
        let out = Out { reason: absence.reason, from_round: absence.from_round, recovery: absence.recovery };
        match order.iter_mut().find(|s| s.name == absence.name) {
            Some(seat) => seat.out = Some(out),
            // A combatant whose side takes the turns (5e side initiative): the side still acts.
            None if cast.side_index(&absence.name).is_none() => {}
            None => {
                // Left out of the opening's order (a side surprised in the free round).
                let members =
                    cast.side_index(&absence.name).map(|i| cast.on_side(i).flat_map(|c| c.member_names()).collect());
                order.push(Seat {
                    name: absence.name,
                    total: None,
                    side: None,
                    members: members.unwrap_or_default(),
                    rank: order.len() as u32,
                    tie: None,
                    rolled: None,
                    out: Some(out),
                    moved: None,
                    holds: None,
                    lair: false,
                });
            }
        }
    }
}

/// What the fight keeps of how it was set up, for the rounds after: the order flags each
/// round's initiative is rolled with again, as given.
fn setup_of(start: &TrackStart, combatants: Vec<String>, roster: Option<state::SavedRoster>) -> Setup {
    let flags = &start.opening.0;
    let words = |id: &str| -> Vec<String> {
        let raw = flags.try_get_raw(id).ok().flatten().into_iter().flatten();
        raw.map(|word| word.to_string_lossy().into_owned()).collect()
    };
    Setup {
        sides: start.cast.sides.clone(),
        combatants,
        roster,
        ties: words("ties").pop(),
        variant: words("variant").pop(),
        wait: words("wait"),
        individual: flags.try_get_one::<bool>("individual").ok().flatten().copied().unwrap_or(false),
        lair: start.lair,
        removed: Vec::new(),
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
        error: Option<String>,
    }
    let fights: Vec<Kept> = state::names(dir)
        .into_iter()
        .map(|name| {
            let file = state::file(dir, &name);
            match state::load(&file) {
                Ok(Some(f)) => Kept {
                    turn: f.current().map(|s| s.name.clone()),
                    rules: Some(f.rules),
                    round: Some(f.round),
                    fight: name,
                    file,
                    error: None,
                },
                Ok(None) => {
                    Kept { fight: name, file, rules: None, round: None, turn: None, error: Some("gone".into()) }
                }
                Err(e) => Kept { fight: name, file, rules: None, round: None, turn: None, error: Some(e.to_string()) },
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
        let line = match &f.error {
            Some(why) => format!("{}  {}", palette.name(&f.fight), palette.bad(why)),
            None => format!(
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
fn write(
    env: &mut Env,
    settings: &Settings,
    palette: Palette,
    action: &'static str,
    fight: &Fight,
    events: &[Event],
    opening: Option<Value>,
) -> Result<()> {
    if settings.quiet {
        let name = fight.current().map_or("none", |s| s.name.as_str());
        writeln!(env.stdout, "{name}")?;
        return Ok(());
    }
    if settings.format != Format::Text {
        return text::document(
            env.stdout,
            settings.format,
            &text::Doc::new(action, fight, settings.seed, events, opening),
        );
    }
    let mut out = String::new();
    text::render(&mut out, &palette, action, fight, events, settings.show_seed.then_some(settings.seed));
    env.stdout.write_all(out.as_bytes())?;
    Ok(())
}
