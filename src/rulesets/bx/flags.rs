//! The flags of bx's commands where they are not the family's (shared with ose): B/X's four places,
//! side initiative by individuals, and the wilderness evasion.

use crate::cli::{Cast, whole};
use crate::rulesets::family::basic::flags::{Chase, Reaction, Steps};
use clap::{Args, ValueEnum};

#[derive(Debug, Args)]
pub struct SurpriseFlags {
    #[command(flatten)]
    pub cast: Cast,

    /// SIDE already knows of the others and does not roll (repeatable)
    #[arg(long, value_name = "SIDE")]
    pub aware: Vec<String>,
}

// Where the encounter happens.
#[derive(Debug, Args)]
pub struct Place {
    /// In a dungeon: 2d6 x 10' (the default)
    #[arg(long, conflicts_with = "outdoors")]
    pub dungeon: bool,

    /// Outdoors: 2d6 x 30'
    #[arg(long)]
    pub outdoors: bool,

    /// In the wilderness: 4d6 x 10 yards (where --outdoors means the same)
    #[arg(long, conflicts_with = "dungeon")]
    pub wilderness: bool,

    /// On the water: 4d6 x 10 yards
    #[arg(long, conflicts_with_all = ["dungeon", "outdoors", "wilderness"])]
    pub waterborne: bool,
}

#[derive(Debug, Args)]
pub struct DistanceFlags {
    #[command(flatten)]
    pub place: Place,

    /// Either side is surprised: 1d4 x 10 yards outdoors; the dungeon distance stays
    #[arg(long)]
    pub surprised: bool,
}

#[derive(Debug, Args)]
pub struct InitiativeFlags {
    #[command(flatten)]
    pub cast: Cast,

    /// How tied sides are settled
    #[arg(long, value_enum, value_name = "HOW")]
    pub ties: Option<crate::rulesets::family::basic::flags::Ties>,

    /// SIDE is surprised and does not roll (repeatable)
    #[arg(long, value_name = "SIDE")]
    pub surprised: Vec<String>,

    /// Each combatant rolls 1d6 + its DEX modifier; slow weapons act last
    #[arg(long)]
    pub individual: bool,
}

/// The surprised side of a pursuit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Surprised {
    /// The fleeing side was surprised: it may not evade
    Quarry,
    /// The pursuing side was surprised: the quarry gets away
    Pursuers,
}

#[derive(Debug, Args)]
pub struct PursueFlags {
    #[command(flatten)]
    pub chase: Chase,

    #[command(flatten)]
    pub place: Place,

    /// How many flee, for the wilderness evasion table
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1_000_000))]
    pub quarry_count: Option<u32>,

    /// How many pursue, for the wilderness evasion table
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1_000_000))]
    pub pursuer_count: Option<u32>,

    /// The referee's modifier to the wilderness evasion chance, in percent
    #[arg(long = "mod", value_name = "PERCENT", allow_negative_numbers = true, value_parser = whole::<i32>(-100..=100))]
    pub modifier: Option<i32>,

    /// Which side was surprised: a surprised quarry cannot evade, surprised pursuers lose it (wilderness)
    #[arg(long, value_enum, value_name = "WHO")]
    pub surprised: Option<Surprised>,

    /// Days the wilderness pursuit is followed before the referee decides (default 7)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=365))]
    pub days: Option<u32>,
}

#[derive(Debug, Args)]
pub struct EncounterFlags {
    #[command(flatten)]
    pub cast: Cast,

    /// SIDE already knows of the others and does not roll (repeatable)
    #[arg(long, value_name = "SIDE")]
    pub aware: Vec<String>,

    #[command(flatten)]
    pub place: Place,

    /// How tied sides are settled
    #[arg(long, value_enum, value_name = "HOW")]
    pub ties: Option<crate::rulesets::family::basic::flags::Ties>,

    #[command(flatten)]
    pub reaction: Reaction,

    #[command(flatten)]
    pub steps: Steps,
}
