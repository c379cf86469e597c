//! The flags ose and bx share, whose meaning is the same in both: ties, reaction modifiers,
//! the dungeon chase, wandering monsters, morale and the checks around an encounter.

use crate::cli::{Cast, whole};
use clap::builder::{PossibleValue, TypedValueParser, ValueParserFactory};
use clap::{Args, ValueEnum};
use std::ffi::OsStr;
use std::path::PathBuf;

/// OSE SRD, Morale, When to check: the moments, in the help of `--ml`.
pub(crate) const MORALE_HELP: &str = "The morale score ML (2-12) of whoever has no ml key; check at the first death on the side and when half \
     of them are out of the fight";

/// How tied sides are settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Ties {
    /// Tied sides re-roll among themselves until the tie breaks
    Reroll,
    /// Tied sides act at the same time
    Simultaneous,
}

// Reaction modifiers (bx's too).
#[derive(Debug, Args)]
pub struct Reaction {
    /// The speaker's Charisma score when the party parleys (3-18)
    #[arg(long, value_name = "SCORE", conflicts_with = "cha_mod", allow_negative_numbers = true, value_parser = whole::<i32>(3..=18))]
    pub cha: Option<i32>,

    /// The speaker's Charisma modifier, given directly
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-10..=10))]
    pub cha_mod: Option<i32>,

    /// Any other reaction modifier
    #[arg(long = "mod", value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-100..=100))]
    pub modifier: Option<i32>,
}

#[derive(Debug, Args)]
pub struct ReactionFlags {
    #[command(flatten)]
    pub reaction: Reaction,
}

// A dungeon chase (bx's on foot too).
#[derive(Debug, Args)]
pub struct Chase {
    /// The fleeing side's Speed
    #[arg(long, value_name = "SPEED", allow_negative_numbers = true, value_parser = whole::<u32>(0..=10_000))]
    pub quarry: Option<u32>,

    /// The pursuing side's Speed
    #[arg(long, value_name = "SPEED", allow_negative_numbers = true, value_parser = whole::<u32>(0..=10_000))]
    pub pursuer: Option<u32>,

    /// Starting gap in feet (default: the encounter distance, rolled)
    #[arg(long, value_name = "FEET", allow_negative_numbers = true, value_parser = whole::<u32>(0..=1_000_000))]
    pub gap: Option<u32>,

    /// Lost from view past FEET: the pursuers give up
    #[arg(long, value_name = "FEET", allow_negative_numbers = true, value_parser = whole::<u32>(0..=1_000_000))]
    pub sight: Option<u32>,

    // The brackets are the help's notation for what may be left out, not links.
    #[allow(rustdoc::broken_intra_doc_links)]
    /// The quarry drops treasure or food at a round (default 1): treasure[@ROUND] (repeatable)
    #[arg(long, value_name = "WHAT[@ROUND]")]
    pub drop: Vec<Drop>,

    /// Rounds before the chase is left to the referee (default 10)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
    pub rounds: Option<u32>,
}

// Where a wandering monster is checked for, and the chance (bx's too).
#[derive(Debug, Args)]
pub struct Wandering {
    /// Check in the wilderness, in TERRAIN (its chance from the book's table)
    #[arg(long = "terrain", value_name = "TERRAIN")]
    pub terrain: Option<String>,

    /// An encounter on N faces of the check's die, instead of the book's chance
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(0..=20))]
    pub chance: Option<u32>,
}

// `fray wandering` (bx's too).
#[derive(Debug, Args)]
pub struct WanderingFlags {
    #[command(flatten)]
    pub wandering: Wandering,

    /// Check in a dungeon (the default)
    #[arg(long, conflicts_with = "terrain")]
    pub dungeon: bool,

    /// Make N checks one after another (-q then counts the encounters)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=100))]
    pub checks: Option<u32>,
}

// The situation of a morale check.
#[derive(Debug, Args)]
pub struct Situation {
    /// The side checking is losing the battle: -1 to its morale
    #[arg(long, conflicts_with = "winning")]
    pub losing: bool,

    /// The side checking is winning the battle: +1 to its morale
    #[arg(long)]
    pub winning: bool,
}

// `fray morale` (bx's too).
#[derive(Debug, Args)]
pub struct MoraleFlags {
    #[command(flatten)]
    pub cast: Cast,

    #[arg(long, value_name = "ML", allow_negative_numbers = true, value_parser = whole::<i32>(2..=12), help = MORALE_HELP)]
    pub ml: Option<i32>,

    #[command(flatten)]
    pub situation: Situation,

    /// Another situational adjustment to the morale score
    #[arg(long = "mod", value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-2..=2))]
    pub modifier: Option<i32>,

    /// Successful morale checks already made in this encounter
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(0..=2))]
    pub passed: Option<u32>,
}

// The checks before and after an encounter: wandering monsters first, morale last (bx's too).
#[derive(Debug, Args)]
pub struct Steps {
    /// Roll on the encounter table in FILE first: what it brings joins the monsters
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath, value_parser = crate::cli::any_path())]
    pub table: Option<PathBuf>,

    /// Keep the encounter as a fight for fray track (--track=NAME names it): round 1 as rolled here
    #[arg(long, value_name = "FIGHT", num_args = 0..=1, require_equals = true, default_missing_value = "")]
    pub track: Option<String>,

    /// Check for a wandering monster first: no monster, no encounter
    #[arg(long = "wandering")]
    pub roll_wandering: bool,

    #[command(flatten)]
    pub wandering: Wandering,

    /// Check the other sides' morale after the reaction, as if it comes to a fight
    #[arg(long = "morale")]
    pub roll_morale: bool,

    /// The morale score ML (2-12) of whoever has no ml key
    #[arg(long, value_name = "ML", allow_negative_numbers = true, value_parser = whole::<i32>(2..=12))]
    pub ml: Option<i32>,

    #[command(flatten)]
    pub situation: Situation,
}

/// A thing the quarry drops to distract its pursuers: `treasure` or `food`, at a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drop {
    pub bait: Bait,
    pub round: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bait {
    Treasure,
    Food,
}

/// Parses `treasure`, `food`, `treasure@3`, and offers the two words to completion.
#[derive(Clone, Debug)]
pub struct DropParser;

impl TypedValueParser for DropParser {
    type Value = Drop;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<Drop, clap::Error> {
        let invalid = || {
            let mut err = clap::Error::new(clap::error::ErrorKind::InvalidValue).with_cmd(cmd);
            if let Some(arg) = arg {
                err.insert(clap::error::ContextKind::InvalidArg, clap::error::ContextValue::String(arg.to_string()));
            }
            err.insert(
                clap::error::ContextKind::InvalidValue,
                clap::error::ContextValue::String(value.to_string_lossy().into_owned()),
            );
            err.insert(
                clap::error::ContextKind::ValidValue,
                clap::error::ContextValue::Strings(vec!["treasure[@ROUND]".into(), "food[@ROUND]".into()]),
            );
            err
        };
        let text = value.to_str().ok_or_else(invalid)?;
        let (what, round) = match text.split_once('@') {
            Some((what, round)) => {
                (what, round.parse::<u32>().ok().filter(|r| (1..=1000).contains(r)).ok_or_else(invalid)?)
            }
            None => (text, 1),
        };
        let bait = match what {
            "treasure" => Bait::Treasure,
            "food" => Bait::Food,
            _ => return Err(invalid()),
        };
        Ok(Drop { bait, round })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            [
                PossibleValue::new("treasure").help("pursuers who value wealth may stop (3-in-6)"),
                PossibleValue::new("food").help("hungry pursuers may stop (3-in-6)"),
            ]
            .into_iter(),
        ))
    }
}

impl ValueParserFactory for Drop {
    type Parser = DropParser;

    fn value_parser() -> DropParser {
        DropParser
    }
}
