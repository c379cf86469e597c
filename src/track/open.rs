//! The tracker's way into the procedures: the opening (the encounter or the initiative), a
//! round's initiative rolled anew and a late arrival's, each run by the ruleset's own handler
//! as `fray encounter` and `fray initiative` run it, and read back from its JSON document.

use super::rounds::order_of;
use super::state::{Seat, Setup};
use crate::cast::{Cast, member_names};
use crate::cli::{self, Command, Format};
use crate::emit::{Runner, Style};
use crate::error::{Error, Result};
use crate::render::Palette;
use crate::roster::Document;
use crate::rulesets::Ruleset;
use serde_json::Value;
use std::path::PathBuf;

/// One run of a procedure: its document (without the header) and, when asked for, its text.
pub struct Ran {
    pub doc: Value,
    pub text: String,
}

/// Where a cast's roster comes from: a file read now (and kept), or the text kept in the fight.
pub enum RosterSource<'a> {
    Read(&'a mut dyn std::io::Read),
    Kept(Option<&'a super::state::SavedRoster>),
}

/// The sides and combatants of `opts`: the one call into the cast loading, as `fray`'s game
/// commands make it (groups' dice counts rolled, shown on `shown`). Returns the combatants as
/// rolled (a dice count written as the number it rolled), to keep, and the roster's text when
/// a file was read.
pub fn load_cast(
    rules: &Ruleset,
    opts: &cli::Cast,
    roster: RosterSource,
    seed: u64,
    shown: &mut dyn std::io::Write,
) -> Result<(Cast, Vec<String>, Option<super::state::SavedRoster>)> {
    let (rosters, kept) = match roster {
        RosterSource::Read(stdin) => match opts.roster.as_slice() {
            [] => (Vec::new(), None),
            [path] => {
                let (text, name) = crate::roster::read_file(path, stdin)?;
                (vec![Document::read(&text, name.clone())], Some(super::state::SavedRoster { name, text }))
            }
            _ => {
                return Err(Error::usage("a fight keeps one roster, and this names several")
                    .hint("combine them into one file, or add the others' combatants with fray track add"));
            }
        },
        RosterSource::Kept(saved) => {
            (saved.map(|s| vec![Document::read(&s.text, s.name.clone())]).unwrap_or_default(), None)
        }
    };
    let mut groups = crate::dice::expr::GroupRoller::new(seed, shown);
    let cast = rules.load_cast(&rosters, &opts.sides, &opts.combatants, &mut groups)?;
    let combatants = opts.combatants.iter().map(|text| as_rolled(text, &cast)).collect();
    Ok((cast, combatants, kept))
}

/// An inline combatant as the fight keeps it: a group whose size was dice (`Orc:count=2d4`,
/// `Orc*2d4`) written with the number it rolled, so the fight's later casts have the same.
fn as_rolled(text: &str, cast: &Cast) -> String {
    let Ok(spec) = crate::cast::split_spec(text, "combatant", true) else { return text.to_string() };
    if !matches!(spec.count, Some(crate::dice::expr::Count::Dice { .. })) {
        return text.to_string();
    }
    let Some(group) = cast.combatants.iter().find(|c| c.name == spec.name) else { return text.to_string() };
    let mut out = format!("{}:count={}", spec.name, group.count);
    for (key, value) in spec.keys {
        out.push(',');
        out.push_str(key);
        if let Some(value) = value {
            out.push('=');
            out.push_str(value);
        }
    }
    out
}

/// Runs `command` under `rules` on `cast` with `seed`: its JSON document, and its text when
/// `palette` is given.
pub fn run(
    rules: &'static Ruleset,
    command: &Command,
    cast: &Cast,
    seed: u64,
    palette: Option<Palette>,
) -> Result<Ran> {
    let name = match command {
        Command::Encounter(_) => "encounter",
        _ => "initiative",
    };
    let style = |format, palette| Style {
        palette,
        format,
        quiet: false,
        show_seed: false,
        seed_footer: false,
        repeat: None,
        odds: false,
        seed,
    };
    let mut bytes = Vec::new();
    let mut err = Vec::new();
    let mut runner = Runner::new(&mut bytes, &mut err, style(Format::Json, Palette::new(false)), rules.id, name);
    rules.run(command, cast.clone(), &mut runner)?;
    let mut doc: Value =
        serde_json::from_slice(&bytes).map_err(|e| Error::data(format!("the {name} document: {e}")))?;
    if let Some(fields) = doc.as_object_mut() {
        for header in ["command", "rules", "seed", "version"] {
            fields.remove(header);
        }
    }
    let mut text = Vec::new();
    if let Some(palette) = palette {
        let mut runner = Runner::new(&mut text, &mut err, style(Format::Text, palette), rules.id, name);
        rules.run(command, cast.clone(), &mut runner)?;
    }
    Ok(Ran { doc, text: String::from_utf8_lossy(&text).into_owned() })
}

/// The command that rolls a round's initiative for the fight set up as `setup` under `rules`:
/// the order flags `start` was given that its initiative takes, read as `fray initiative`
/// reads them (the cast is handed over loaded).
pub fn initiative(rules: &Ruleset, setup: &Setup) -> Result<Command> {
    let mut words: Vec<String> = Vec::new();
    let mut give = |flag: &str, value: Option<&String>| {
        if rules.takes_flag(crate::rulesets::Procedure::Initiative, flag) {
            words.push(flag.to_string());
            words.extend(value.cloned());
        }
    };
    if let Some(ties) = &setup.ties {
        give("--ties", Some(ties));
    }
    if let Some(variant) = &setup.variant {
        give("--variant", Some(variant));
    }
    for side in &setup.wait {
        give("--wait", Some(side));
    }
    if setup.individual {
        give("--individual", None);
    }
    rules.read_command(crate::rulesets::Procedure::Initiative, &words)
}

/// The cast options of the fight as set up (its roster, if any, read back from the fight).
pub fn cast_options(setup: &Setup, combatants: Vec<String>) -> cli::Cast {
    cli::Cast {
        combatants,
        sides: setup.sides.clone(),
        roster: setup.roster.iter().map(|r| PathBuf::from(&r.name)).collect(),
        roster_example: false,
    }
}

/// The acting order of a procedure's document as seats, ranked from 0; a seat named as a side
/// (where sides take the turns) holds that side's combatants.
pub fn seats(doc: &Value, cast: &Cast) -> Vec<Seat> {
    let combatant = |name: &str| cast.combatants.iter().find(|c| c.name == name);
    // Where the order gives only totals (wod), each roller's dice stand beside it.
    let rollers = doc.get("initiative").unwrap_or(doc).get("combatants").and_then(Value::as_array);
    let roller = |name: &str| rollers?.iter().find(|r| r.get("name").and_then(Value::as_str) == Some(name));
    order_of(doc)
        .iter()
        .enumerate()
        .filter_map(|(rank, entry)| {
            let name = entry.get("name")?.as_str()?.to_string();
            let total = entry.get("total").and_then(|t| t.as_number().cloned());
            let (side, members) = match (combatant(&name), cast.side_index(&name)) {
                (Some(c), _) => {
                    let members = if c.count > 1 { member_names(&c.name, c.count) } else { Vec::new() };
                    (Some(cast.sides[c.side].name.clone()), members)
                }
                (None, Some(side)) => (None, cast.on_side(side).flat_map(|c| c.member_names()).collect()),
                (None, None) => (entry.get("side").and_then(Value::as_str).map(str::to_string), Vec::new()),
            };
            Some(Seat {
                name,
                total,
                side,
                members,
                rank: rank as u32,
                tie: entry.get("modifier").and_then(Value::as_i64),
                rolled: rolled(entry).or_else(|| roller(entry.get("name")?.as_str()?).and_then(rolled)),
                out: None,
                moved: None,
                holds: None,
                lair: false,
            })
        })
        .collect()
}

/// The dice and modifiers behind an order entry, in words: `1d20 (14) +3 Dex`.
fn rolled(entry: &Value) -> Option<String> {
    let dice_text = |roll: &Value| -> Option<String> {
        let dice = roll.get("dice")?.as_str()?;
        let faces: Vec<String> = roll.get("rolls")?.as_array()?.iter().map(|f| f.to_string()).collect();
        Some(format!("{dice} ({})", faces.join("+")))
    };
    let mut parts: Vec<String> = Vec::new();
    if let Some(roll) = entry.get("roll") {
        parts.extend(dice_text(roll));
    } else if let Some(rolls) = entry.get("rolls").and_then(Value::as_array) {
        let all: Vec<String> = rolls.iter().filter_map(dice_text).collect();
        if !all.is_empty() {
            parts.push(all.join(" / "));
        }
    }
    if entry.get("given").and_then(Value::as_bool) == Some(true) {
        parts.push("given".into());
    }
    for m in entry.get("modifiers").and_then(Value::as_array).into_iter().flatten() {
        let (Some(value), Some(source)) =
            (m.get("value").and_then(Value::as_i64), m.get("source").and_then(Value::as_str))
        else {
            continue;
        };
        if value != 0 {
            parts.push(format!("{value:+} {source}"));
        }
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}
