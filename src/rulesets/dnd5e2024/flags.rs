//! The flags of 5e2024's commands, one type per procedure, with the family's values and
//! surprise flags where they are the same (in
//! [`fifth::flags`](crate::rulesets::family::fifth::flags)); pursue's are the chase's, in
//! [`fifth::chase::flags`](crate::rulesets::family::fifth::chase::flags).

use crate::cli::{any_path, whole};
use crate::rulesets::family::fifth::flags::{Attitude, Hiding, Stance, Variant};
use clap::{Args, ValueHint};
use std::path::PathBuf;

// `5e2024 surprise`.
#[derive(Debug, Args)]
pub struct SurpriseFlags {
    #[command(flatten)]
    pub cast: crate::cli::Cast,

    #[command(flatten)]
    pub hiding: Hiding,
}

// `5e2024 distance`.
#[derive(Debug, Args)]
pub struct DistanceFlags {
    /// The travel terrain the others are seen across, e.g. forest or hills
    #[arg(long = "terrain", value_name = "TERRAIN")]
    pub terrain: Option<String>,
}

// How the acting order is settled: the initiative variant, and the Alert feat's swaps.
#[derive(Debug, Args)]
pub struct Order {
    /// Initiative variant
    #[arg(long, value_enum, value_name = "VARIANT")]
    pub variant: Option<Variant>,

    /// ALERT (with the Alert feat) swaps initiative with the willing ALLY right after rolling
    /// (repeatable)
    #[arg(long, value_name = "ALERT:ALLY")]
    pub swap: Vec<String>,
}

// `5e2024 initiative`.
#[derive(Debug, Args)]
pub struct InitiativeFlags {
    #[command(flatten)]
    pub cast: crate::cli::Cast,

    #[command(flatten)]
    pub order: Order,
}

// `5e2024 reaction`: an Influence action.
#[derive(Debug, Args)]
pub struct ReactionFlags {
    /// The bonus to the check the GM picks (Deception, Intimidation, Performance, Persuasion, Animal Handling)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-10..=10))]
    pub cha_mod: Option<i32>,

    /// Any other reaction modifier
    #[arg(long = "mod", value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-100..=100))]
    pub modifier: Option<i32>,

    /// The creature's attitude toward the speaker (default indifferent)
    #[arg(long, value_enum, value_name = "ATTITUDE")]
    pub attitude: Option<Attitude>,

    /// How the creature feels about what it is urged to do (default hesitant)
    #[arg(long, value_enum, value_name = "STANCE")]
    pub stance: Option<Stance>,

    /// The creature's Intelligence score: the DC is 15 or it, whichever is higher
    #[arg(long = "int", value_name = "SCORE", allow_negative_numbers = true, value_parser = whole::<i32>(1..=30))]
    pub intelligence: Option<i32>,
}

// `5e2024 encounter`: surprise, then initiative, with the distance and reaction where asked for.
#[derive(Debug, Args)]
pub struct EncounterFlags {
    #[command(flatten)]
    pub cast: crate::cli::Cast,

    #[command(flatten)]
    pub hiding: Hiding,

    #[command(flatten)]
    pub order: Order,

    // `--terrain` adds the distance step.
    #[command(flatten)]
    pub distance: DistanceFlags,

    // `--attitude`, `--stance`, `--int`, `--cha-mod` or `--mod` adds the reaction step.
    #[command(flatten)]
    pub reaction: ReactionFlags,

    /// Roll on the encounter table in FILE first: what it brings joins the monsters
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, value_parser = any_path())]
    pub table: Option<PathBuf>,

    /// Keep the encounter as a fight for fray track (--track=NAME names it): round 1 as rolled here
    #[arg(long, value_name = "FIGHT", num_args = 0..=1, require_equals = true, default_missing_value = "")]
    pub track: Option<String>,
}
