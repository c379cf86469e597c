//! The flags of `5e pursue` and `5e2024 pursue`, the same in both editions, and the values
//! they take.

use crate::cli::whole;
use clap::{Args, ValueEnum};

// `5e pursue` and `5e2024 pursue`.
#[derive(Debug, Args)]
pub struct PursueFlags {
    #[command(flatten)]
    pub cast: crate::cli::Cast,

    /// The side that flees; every other side gives chase (default the first side)
    #[arg(long, value_name = "SIDE")]
    pub fleeing: Option<String>,

    /// Starting gap in feet (default 30)
    #[arg(long, value_name = "FEET", allow_negative_numbers = true, value_parser = whole::<u32>(0..=1_000_000))]
    pub gap: Option<u32>,

    /// Roll the starting gap as the encounter distance of a travel terrain, e.g. forest
    #[arg(long = "terrain", value_name = "TERRAIN", conflicts_with = "gap")]
    pub travel_terrain: Option<String>,

    /// A quarry this many feet ahead of the nearest pursuer may slip away by Stealth
    #[arg(long, value_name = "FEET", allow_negative_numbers = true, value_parser = whole::<u32>(0..=1_000_000))]
    pub sight: Option<u32>,

    /// What the quarry has to hide behind when it tries to slip away
    #[arg(long, value_enum, value_name = "COVER")]
    pub cover: Option<Cover>,

    /// Complications a participant may run into at the end of its turn (default none)
    #[arg(long, value_enum, value_name = "SETTING")]
    pub complications: Option<Complications>,

    /// Rounds before the chase is left to the referee (default 10)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
    pub rounds: Option<u32>,
}

/// The cover a fleeing quarry has, for its Stealth to slip away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Cover {
    /// Many things to hide behind, or a crowded, noisy place: the Stealth roll has Advantage
    Many,
    /// Few things to hide behind, or an empty, quiet place: the Stealth roll has Disadvantage
    Few,
}

/// Where a chase runs, for the complications its participants meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Complications {
    /// Streets: carts, crowds, barrels, brawls, slippery ground, sharp turns
    Urban,
    /// Open country: brush, streams, blowing sand, sudden drops, razorvine
    Wilderness,
    /// No complications
    None,
}
