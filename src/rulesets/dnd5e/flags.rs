//! The flags of 5e's commands, one type per procedure, and the values only 5e's flags take. The
//! surprise flags and values both editions take are in [`fifth::flags`](crate::rulesets::family::fifth::flags),
//! the chase's in [`fifth::chase::flags`](crate::rulesets::family::fifth::chase::flags).

use crate::cli::{any_path, whole};
use crate::rulesets::family::fifth::flags::{Attitude, Hiding, Variant};
use clap::{Args, ValueEnum, ValueHint};
use std::path::PathBuf;

// `5e surprise`.
#[derive(Debug, Args)]
pub struct SurpriseFlags {
    #[command(flatten)]
    pub cast: crate::cli::Cast,

    #[command(flatten)]
    pub hiding: Hiding,

    /// How Stealth equal to passive Perception goes
    #[arg(long, value_enum, value_name = "RULING")]
    pub stealth_ties: Option<StealthTies>,

    /// Everyone on every side is surprised
    #[arg(long)]
    pub both_surprised: bool,
}

// `5e distance`.
#[derive(Debug, Args)]
pub struct DistanceFlags {
    /// The travel terrain the others are seen across, e.g. forest or hills
    #[arg(long = "terrain", value_name = "TERRAIN")]
    pub terrain: Option<String>,

    /// How much noise the others make, for the distance they are heard at
    #[arg(long, value_enum, value_name = "NOISE")]
    pub audible: Option<Audible>,
}

// `5e initiative`.
#[derive(Debug, Args)]
pub struct InitiativeFlags {
    #[command(flatten)]
    pub cast: crate::cli::Cast,

    /// Initiative variant
    #[arg(long, value_enum, value_name = "VARIANT")]
    pub variant: Option<Variant>,

    /// Rounds to roll (speed factor; default 1)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
    pub rounds: Option<u32>,
}

// `5e reaction`.
#[derive(Debug, Args)]
pub struct ReactionFlags {
    /// The speaker's bonus to the Charisma check (Persuasion, Deception...)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-10..=10))]
    pub cha_mod: Option<i32>,

    /// Any other reaction modifier
    #[arg(long = "mod", value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-100..=100))]
    pub modifier: Option<i32>,

    /// The creature's attitude toward the speaker (default indifferent)
    #[arg(long, value_enum, value_name = "ATTITUDE")]
    pub attitude: Option<Attitude>,
}

// `5e encounter`: surprise, then initiative, with the distance and reaction where asked for, a
// wandering check before and a morale save after.
#[derive(Debug, Args)]
pub struct EncounterFlags {
    #[command(flatten)]
    pub cast: crate::cli::Cast,

    #[command(flatten)]
    pub hiding: Hiding,

    /// How Stealth equal to passive Perception goes
    #[arg(long, value_enum, value_name = "RULING")]
    pub stealth_ties: Option<StealthTies>,

    /// Initiative variant
    #[arg(long, value_enum, value_name = "VARIANT")]
    pub variant: Option<Variant>,

    /// Everyone on every side is surprised
    #[arg(long)]
    pub both_surprised: bool,

    // `--terrain` or `--audible` adds the distance step.
    #[command(flatten)]
    pub distance: DistanceFlags,

    // `--attitude`, `--cha-mod` or `--mod` adds the reaction step.
    #[command(flatten)]
    pub reaction: ReactionFlags,

    /// Roll on the encounter table in FILE first: what it brings joins the monsters
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, value_parser = any_path())]
    pub table: Option<PathBuf>,

    /// Keep the encounter as a fight for fray track (--track=NAME names it): round 1 as rolled here
    #[arg(long, value_name = "FIGHT", num_args = 0..=1, require_equals = true, default_missing_value = "")]
    pub track: Option<String>,

    /// Rounds of speed-factor initiative to roll (default 1)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
    pub rounds: Option<u32>,

    /// Check for a wandering monster first: no monster, no encounter
    #[arg(long = "wandering")]
    pub roll_wandering: bool,

    /// An encounter on N faces of the check's die, instead of the book's chance
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(0..=20))]
    pub chance: Option<u32>,

    /// Check the other sides' morale after the reaction, as if it comes to a fight
    #[arg(long = "morale")]
    pub roll_morale: bool,

    /// The Wisdom saving throw bonus of the creature, or of the group's leader
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-10..=30))]
    pub save: Option<i32>,

    /// The opposition is overwhelmingly superior: the save has disadvantage
    #[arg(long)]
    pub overwhelming: bool,

    /// There is no way out: those who would flee surrender
    #[arg(long)]
    pub cornered: bool,
}

// `5e wandering`.
#[derive(Debug, Args)]
pub struct WanderingFlags {
    /// An encounter on the N highest faces of the d20 (default 3: 18-20)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(0..=20))]
    pub chance: Option<u32>,

    /// Make N checks one after another (-q then counts the encounters)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=100))]
    pub checks: Option<u32>,
}

// `5e morale`.
#[derive(Debug, Args)]
pub struct MoraleFlags {
    // DMG 2014 p. 273, when morale is checked.
    /// The Wisdom save bonus of the creature or the group's leader; check when it is surprised,
    /// first at half its hit points or fewer, or cannot harm the other side; a group: all
    /// surprised, the leader down or gone, half of it lost with no loss on the other side
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-10..=30))]
    pub save: Option<i32>,

    /// The opposition is overwhelmingly superior: the save has disadvantage
    #[arg(long)]
    pub overwhelming: bool,

    /// There is no way out: those who would flee surrender
    #[arg(long)]
    pub cornered: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Audible {
    /// Trying to be quiet: 2d6 x 5 ft
    Quiet,
    /// Normal noise: 2d6 x 10 ft
    Normal,
    /// Very loud: 2d6 x 50 ft
    Loud,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StealthTies {
    /// Stealth equal to passive Perception is noticed
    Noticed,
    /// Stealth equal to passive Perception surprises
    Surprised,
}
