//! The flag types and values both 5e editions' commands take: who hides ([`Hiding`]), the
//! initiative [`Variant`], and a social check's [`Attitude`] and [`Stance`].

use clap::{Args, ValueEnum};

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

/// The attitude as the output names it.
pub fn attitude_word(attitude: Attitude) -> &'static str {
    match attitude {
        Attitude::Friendly => "friendly",
        Attitude::Indifferent => "indifferent",
        Attitude::Hostile => "hostile",
    }
}
