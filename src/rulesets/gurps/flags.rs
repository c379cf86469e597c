//! gurps's flags: one clap `Args` type per procedure, each holding the flags its command takes.

use crate::cli::{Cast, any_path, whole};
use clap::ValueHint;
use std::path::PathBuf;

/// The help of `--rounds`, for surprise and the encounter alike.
const ROUNDS_HELP: &str = "Turns of recovery rolls to follow before calling a combatant out of the fight";

// Who attacks from hiding, and how deep the surprise goes.
#[derive(Debug, clap::Args)]
pub struct Surprise {
    /// SIDE attacks from ambush (default monsters): every other side is easier to surprise
    #[arg(long, value_name = "SIDE", num_args = 0..=1, default_missing_value = "monsters")]
    pub ambush: Option<String>,

    /// Total surprise: the attacked freeze for 1d seconds
    #[arg(long, conflicts_with = "partial")]
    pub total: bool,

    /// Partial surprise: the two leaders roll for initiative (the default)
    #[arg(long)]
    pub partial: bool,
}

// The reaction roll's modifier.
#[derive(Debug, clap::Args)]
pub struct Reaction {
    /// Any other reaction modifier
    #[arg(long = "mod", value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-100..=100))]
    pub modifier: Option<i32>,
}

#[derive(Debug, clap::Args)]
pub struct SurpriseFlags {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub surprise: Surprise,

    #[arg(help = ROUNDS_HELP, long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
    pub rounds: Option<u32>,
}

#[derive(Debug, clap::Args)]
pub struct InitiativeFlags {
    #[command(flatten)]
    pub cast: Cast,
}

#[derive(Debug, clap::Args)]
pub struct ReactionFlags {
    #[command(flatten)]
    pub reaction: Reaction,
}

#[derive(Debug, clap::Args)]
pub struct EncounterFlags {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub surprise: Surprise,

    #[command(flatten)]
    pub reaction: Reaction,

    /// Roll on the encounter table in FILE first: what it brings joins the monsters
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, value_parser = any_path())]
    pub table: Option<PathBuf>,

    /// Keep the encounter as a fight for fray track (--track=NAME names it): round 1 as rolled here
    #[arg(long, value_name = "FIGHT", num_args = 0..=1, require_equals = true, default_missing_value = "")]
    pub track: Option<String>,

    /// Roll a reaction too
    #[arg(long = "reaction")]
    pub roll_reaction: bool,

    #[arg(help = ROUNDS_HELP, long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
    pub rounds: Option<u32>,
}
