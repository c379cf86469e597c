//! The flags of 5e's commands, one type per procedure, and the values the D&D 5e family's flags
//! take (5e2024 reads them from here). The chase's flags, the same in both editions, are in
//! [`chase::flags`](super::chase::flags).

use crate::cli::{any_path, whole};
use clap::{Args, ValueEnum, ValueHint};
use std::path::PathBuf;

// Who hides and how well: the surprise flags of both editions.
#[derive(Debug, Args)]
pub struct Hiding {
    /// SIDE attacks from ambush (default monsters): every other side is easier to surprise
    #[arg(long, value_name = "SIDE", num_args = 0..=1, default_missing_value = "monsters")]
    pub ambush: Option<String>,

    /// A hider's Stealth total, passive or already rolled (repeatable, one per hider)
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub stealth: Vec<i32>,

    /// A hider who rolls d20 + N now (repeatable)
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub stealth_mod: Vec<i32>,
}

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
    pub travel_terrain: Option<String>,

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

// `5e encounter`: surprise, then initiative, with a wandering check before and a morale save
// after.
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

    /// Roll on the encounter table in FILE first: what it brings joins the monsters
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, value_parser = any_path())]
    pub table: Option<PathBuf>,

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
pub enum Variant {
    /// d20 + initiative modifier per combatant
    Standard,
    /// No roll: 10 + initiative modifier
    Score,
    /// One d20 per side, no modifiers
    Side,
    /// Speed factor: d20 + Dex + action and size modifiers, every round
    Speed,
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

/// A creature's starting attitude in a social interaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Attitude {
    /// Wishes the speaker well
    Friendly,
    /// Neither helps nor hinders
    Indifferent,
    /// Opposes the speaker
    Hostile,
}

/// Whether the creature wants to do what it is urged to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Stance {
    /// The urging fits its wishes: it complies, no check
    Willing,
    /// It could be talked into it: an ability check
    Hesitant,
    /// The urging is repugnant to it: it refuses, no check
    Unwilling,
}
