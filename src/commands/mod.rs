//! From the command line to the rules: each ruleset module turns a command's options and
//! the cast into a rule input, checks what the rules cannot express in types, and hands a
//! [`Rule`] to the [`Runner`](crate::app::Runner).

pub mod dnd5e;
pub mod gurps;
pub mod ose;
pub mod wod;

use crate::app::Runner;
use crate::cast::{Cast, Owner, RawSpec, Schema, parse_inline};
use crate::cli::{self, Command};
use crate::dice::Dice;
use crate::error::{Error, Result};
use crate::odds::{Fallback, Odds};
use crate::render::Report;
use crate::roster;
use crate::rules::{Procedure, Ruleset};

/// One procedure of one ruleset, ready to roll or to give its odds.
pub trait Rule: Sync {
    /// Sent to another thread to be serialized in long YAML/JSON streams.
    type Outcome<'a>: Report + Send
    where
        Self: 'a;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a>;
    fn odds(&self, fallback: Fallback) -> Odds;
}

/// Flags every command with a cast accepts, whatever the ruleset.
const CAST_FLAGS: &[&str] = &["--side", "--roster", "--roster-example", "COMBATANT"];

/// The command-specific flags `rules` accepts for `procedure`.
pub fn flags(rules: Ruleset, procedure: Procedure) -> &'static [&'static str] {
    match rules {
        Ruleset::Ose => ose::flags(procedure),
        Ruleset::Gurps => gurps::flags(procedure),
        Ruleset::Dnd5e => dnd5e::flags(procedure),
        Ruleset::Wod => wod::flags(procedure),
    }
}

/// The keys `rules` understands on sides and combatants.
pub fn schema(rules: Ruleset) -> Schema {
    match rules {
        Ruleset::Ose => ose::SCHEMA,
        Ruleset::Gurps => gurps::SCHEMA,
        Ruleset::Dnd5e => dnd5e::SCHEMA,
        Ruleset::Wod => wod::SCHEMA,
    }
}

/// Example roster entries for `rules` (valid YAML, keys explained by the template).
fn roster_body(rules: Ruleset) -> &'static str {
    match rules {
        Ruleset::Ose => ose::ROSTER,
        Ruleset::Gurps => gurps::ROSTER,
        Ruleset::Dnd5e => dnd5e::ROSTER,
        Ruleset::Wod => wod::ROSTER,
    }
}

/// Refuses flags that belong to another ruleset or procedure, naming who uses them.
pub fn check_flags(rules: Ruleset, procedure: Procedure, given: &[String]) -> Result<()> {
    let own = flags(rules, procedure);
    for flag in given {
        if own.contains(&flag.as_str()) || CAST_FLAGS.contains(&flag.as_str()) {
            continue;
        }
        let users: Vec<&str> = Ruleset::ALL
            .iter()
            .filter(|r| r.has(procedure) && flags(**r, procedure).contains(&flag.as_str()))
            .map(|r| r.id())
            .collect();
        let what = if flag == "COMBATANT" { "combatants".to_string() } else { flag.clone() };
        let mut err = Error::usage(format!("{what} is not an option of {} {}", rules.id(), procedure.name()));
        let takes = if own.is_empty() { "no options of its own".to_string() } else { own.join(", ") };
        err = match users.as_slice() {
            [] => err.hint(format!("{} {} takes {takes}", rules.id(), procedure.name())),
            users => err.hint(format!(
                "it belongs to {} {}; {} {} takes {takes}",
                users.join(", "),
                procedure.name(),
                rules.id(),
                procedure.name()
            )),
        };
        return Err(err);
    }
    Ok(())
}

/// Sides and combatants from `--side`, the positional combatants and `--roster`.
pub fn load_cast(
    rules: Ruleset,
    cast: &cli::Cast,
    read_roster: &mut dyn FnMut(&std::path::Path) -> Result<(String, String)>,
) -> Result<Cast> {
    let schema = schema(rules);
    let mut sides: Vec<RawSpec> = Vec::new();
    let mut combatants: Vec<RawSpec> = Vec::new();
    let inline_sides: Vec<RawSpec> =
        cast.sides.iter().map(|s| parse_inline(s, Owner::Side, &schema)).collect::<Result<_>>()?;
    if let Some(path) = &cast.roster {
        let (text, file) = read_roster(path)?;
        let names: Vec<String> = inline_sides.iter().map(|s| s.name.clone()).collect();
        let roster = roster::parse(&text, &file, &schema, &names)?;
        sides.extend(roster.sides);
        combatants.extend(roster.combatants);
    }
    sides.extend(inline_sides);
    for text in &cast.combatants {
        combatants.push(parse_inline(text, Owner::Combatant, &schema)?);
    }
    Cast::resolve(sides, combatants)
}

/// The commented roster template for `rules`.
pub fn roster_example(rules: Ruleset) -> String {
    roster::example(&schema(rules), roster_body(rules))
}

/// The cast options of a command, if it has any.
pub fn cast_of(command: &Command) -> Option<&cli::Cast> {
    match command {
        Command::Surprise(a) => Some(&a.cast),
        Command::Initiative(a) => Some(&a.cast),
        Command::Encounter(a) => Some(&a.cast),
        _ => None,
    }
}

/// Builds the rule for `command` under `rules` and runs it.
pub fn dispatch(
    rules: Ruleset,
    procedure: Procedure,
    command: &Command,
    cast: Cast,
    runner: &mut Runner,
) -> Result<()> {
    match rules {
        Ruleset::Ose => ose::dispatch(procedure, command, cast, runner),
        Ruleset::Gurps => gurps::dispatch(procedure, command, cast, runner),
        Ruleset::Dnd5e => dnd5e::dispatch(procedure, command, cast, runner),
        Ruleset::Wod => wod::dispatch(procedure, command, cast, runner),
    }
}

/// The side named by a flag such as `--aware SIDE`, as an index.
pub fn side_flag(cast: &Cast, flag: &str, names: &[String]) -> Result<Vec<usize>> {
    names.iter().map(|n| cast.side_for(flag, n)).collect()
}

/// The `--ambush` side. The flag's value is optional, so it swallows a combatant written
/// right after it; the hint says how to avoid that.
pub fn ambush_side(cast: &Cast, name: &str) -> Result<usize> {
    cast.side_index(name).ok_or_else(|| {
        Error::usage(format!("--ambush names '{name}', which is not a side")).hint(format!(
            "sides: {}; --ambush takes the next word as its SIDE, so write --ambush=SIDE or put it after the combatants",
            cast.side_names()
        ))
    })
}
