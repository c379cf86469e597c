//! The flags of ose's commands where they are not the family's: ambush and awareness, the
//! two places, waiting for initiative, and the commands that gather them.

use crate::cli::Cast;
use crate::rulesets::family::basic::flags::{Chase, Reaction, Steps, Ties};
use clap::Args;

// Who attacks from hiding, and who already knows.
#[derive(Debug, Args)]
pub struct Surprise {
    /// SIDE attacks from ambush (default monsters): every other side is easier to surprise
    #[arg(long, value_name = "SIDE", num_args = 0..=1, default_missing_value = "monsters")]
    pub ambush: Option<String>,

    /// SIDE already knows of the others and does not roll (repeatable)
    #[arg(long, value_name = "SIDE")]
    pub aware: Vec<String>,
}

#[derive(Debug, Args)]
pub struct SurpriseFlags {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub surprise: Surprise,
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
}

#[derive(Debug, Args)]
pub struct DistanceFlags {
    #[command(flatten)]
    pub place: Place,

    /// Both sides are surprised: 1d4 x 10' (or x 30' outdoors)
    #[arg(long)]
    pub both_surprised: bool,
}

// How the acting order is settled.
#[derive(Debug, Args)]
pub struct Order {
    /// How tied sides are settled
    #[arg(long, value_enum, value_name = "HOW")]
    pub ties: Option<Ties>,

    /// SIDE gives up initiative and acts after the others, reacting (repeatable)
    #[arg(long, value_name = "SIDE")]
    pub wait: Vec<String>,
}

#[derive(Debug, Args)]
pub struct InitiativeFlags {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub order: Order,

    /// SIDE is surprised and does not roll (repeatable)
    #[arg(long, value_name = "SIDE")]
    pub surprised: Vec<String>,
}

#[derive(Debug, Args)]
pub struct PursueFlags {
    #[command(flatten)]
    pub chase: Chase,

    #[command(flatten)]
    pub place: Place,
}

#[derive(Debug, Args)]
pub struct EncounterFlags {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub surprise: Surprise,

    #[command(flatten)]
    pub place: Place,

    #[command(flatten)]
    pub order: Order,

    #[command(flatten)]
    pub reaction: Reaction,

    #[command(flatten)]
    pub steps: Steps,
}
