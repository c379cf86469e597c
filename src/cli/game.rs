//! The game commands' arguments: the cast, and each procedure's flags.

use super::*;

/// A game command's flags as clap matched them: each ruleset declares its own (an `Args` type
/// in its folder), and its handler reads them back out of these matches.
#[derive(Debug, Clone, Default)]
pub struct Flags(pub clap::ArgMatches);

impl clap::FromArgMatches for Flags {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        Ok(Flags(matches.clone()))
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0 = matches.clone();
        Ok(())
    }
}

// The ruleset's declaration adds the arguments, once the ruleset is known.
impl Args for Flags {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd
    }
}

// Sides and combatants, inline or from a roster file.
#[derive(Debug, Clone, Default, Args)]
pub struct Cast {
    /// Combatants: NAME[:KEY[=VALUE],...], e.g. Ansel or Orc:count=3,side=monsters (without
    /// side=, on the first side)
    #[arg(value_name = "COMBATANT")]
    pub combatants: Vec<String>,

    /// A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)
    #[arg(long = "side", value_name = "SPEC")]
    pub sides: Vec<String>,

    /// Sides and combatants from a YAML file ('-' reads standard input; repeatable, combined)
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, value_parser = any_path())]
    pub roster: Vec<PathBuf>,

    /// Print a commented roster template for this ruleset and command
    #[arg(long)]
    pub roster_example: bool,
}

// Who attacks from hiding, who already knows, and how the hidden are seen.
#[derive(Debug, Clone, Args)]
pub struct SurpriseOpts {
    /// SIDE attacks from ambush (default monsters): every other side is easier to surprise
    #[arg(long, value_name = "SIDE", num_args = 0..=1, default_missing_value = "monsters")]
    pub ambush: Option<String>,

    /// SIDE already knows of the others and does not roll (repeatable)
    #[arg(long, value_name = "SIDE")]
    pub aware: Vec<String>,

    /// Total surprise: the attacked freeze for 1d seconds
    #[arg(long, conflicts_with = "partial")]
    pub total: bool,

    /// Partial surprise: the two leaders roll for initiative (the default)
    #[arg(long)]
    pub partial: bool,

    /// A hider's Stealth total, passive or already rolled (repeatable, one per hider)
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub stealth: Vec<i32>,

    /// A hider who rolls d20 + N now (repeatable)
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub stealth_mod: Vec<i32>,

    /// How Stealth equal to passive Perception goes
    #[arg(long, value_enum, value_name = "RULING")]
    pub stealth_ties: Option<StealthTies>,
}

#[derive(Debug, Args)]
pub struct SurpriseArgs {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub surprise: SurpriseOpts,

    /// Everyone on every side is surprised
    #[arg(long)]
    pub both_surprised: bool,

    /// Turns of recovery rolls to follow before calling a combatant out of the fight
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
    pub rounds: Option<u32>,
}

// Where the encounter happens.
#[derive(Debug, Args)]
pub struct TerrainOpts {
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
pub struct DistanceArgs {
    #[command(flatten)]
    pub terrain: TerrainOpts,

    /// Both sides are surprised: 1d4 x 10' (or x 30' outdoors)
    #[arg(long)]
    pub both_surprised: bool,

    /// Either side is surprised: 1d4 x 10 yards outdoors; the dungeon distance stays
    #[arg(long)]
    pub surprised: bool,

    /// The travel terrain the others are seen across, e.g. forest or hills
    #[arg(long = "terrain", value_name = "TERRAIN")]
    pub travel_terrain: Option<String>,

    /// How much noise the others make, for the distance they are heard at
    #[arg(long, value_enum, value_name = "NOISE")]
    pub audible: Option<Audible>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Ties {
    /// Tied sides re-roll among themselves until the tie breaks
    Reroll,
    /// Tied sides act at the same time
    Simultaneous,
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

// How the acting order is settled.
#[derive(Debug, Clone, Args)]
pub struct OrderOpts {
    /// How tied sides are settled
    #[arg(long, value_enum, value_name = "HOW")]
    pub ties: Option<Ties>,

    /// SIDE gives up initiative and acts after the others, reacting (repeatable)
    #[arg(long, value_name = "SIDE")]
    pub wait: Vec<String>,

    /// Initiative variant
    #[arg(long, value_enum, value_name = "VARIANT")]
    pub variant: Option<Variant>,

    /// NAME acts right after OTHER, at OTHER's initiative - 1 (NAME:after=OTHER)
    #[arg(long, value_name = "NAME:after=OTHER")]
    pub delay: Vec<String>,

    /// NAME's prepared action fires right before OTHER, at OTHER's + 1 (NAME:before=OTHER)
    #[arg(long, value_name = "NAME:before=OTHER")]
    pub ready: Vec<String>,

    /// NAME gives up its first-round action to act at any moment of round 2
    /// (NAME[:before=OTHER|after=OTHER] places it)
    #[arg(long, value_name = "NAME")]
    pub hold: Vec<String>,

    /// ALERT (with the Alert feat) swaps initiative with the willing ALLY right after rolling
    /// (repeatable)
    #[arg(long, value_name = "ALERT:ALLY")]
    pub swap: Vec<String>,
}

#[derive(Debug, Args)]
pub struct InitiativeArgs {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub order: OrderOpts,

    /// SIDE is surprised and does not roll (repeatable)
    #[arg(long, value_name = "SIDE")]
    pub surprised: Vec<String>,

    /// Rounds to roll (speed factor; default 1)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
    pub rounds: Option<u32>,

    /// Each combatant rolls 1d6 + its DEX modifier; slow weapons act last
    #[arg(long)]
    pub individual: bool,
}

// Reaction modifiers.
#[derive(Debug, Args)]
pub struct ReactionOpts {
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
pub struct ReactionArgs {
    #[command(flatten)]
    pub reaction: ReactionOpts,

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

// Where a wandering monster is checked for, and the chance.
#[derive(Debug, Default, Args)]
pub struct WanderingOpts {
    /// Check in the wilderness, in TERRAIN (its chance from the book's table)
    #[arg(long = "terrain", value_name = "TERRAIN")]
    pub terrain: Option<String>,

    /// An encounter on N faces of the check's die, instead of the book's chance
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(0..=20))]
    pub chance: Option<u32>,
}

#[derive(Debug, Args)]
pub struct WanderingArgs {
    #[command(flatten)]
    pub wandering: WanderingOpts,

    /// Check in a dungeon (the default)
    #[arg(long, conflicts_with = "terrain")]
    pub dungeon: bool,

    /// Make N checks one after another (-q then counts the encounters)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=100))]
    pub checks: Option<u32>,
}

// The morale score and the situation.
#[derive(Debug, Default, Args)]
pub struct MoraleOpts {
    /// The morale score ML (2-12) of whoever has no ml key
    #[arg(long, value_name = "ML", allow_negative_numbers = true, value_parser = whole::<i32>(2..=12))]
    pub ml: Option<i32>,

    /// The side checking is losing the battle: -1 to its morale
    #[arg(long, conflicts_with = "winning")]
    pub losing: bool,

    /// The side checking is winning the battle: +1 to its morale
    #[arg(long)]
    pub winning: bool,

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

#[derive(Debug, Args)]
pub struct MoraleArgs {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub morale: MoraleOpts,

    /// Another situational adjustment to the morale score
    #[arg(long = "mod", value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-2..=2))]
    pub modifier: Option<i32>,

    /// Successful morale checks already made in this encounter
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(0..=2))]
    pub passed: Option<u32>,
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

#[derive(Debug, Args)]
pub struct PursueArgs {
    #[command(flatten)]
    pub cast: Cast,

    /// The side that flees; every other side gives chase (default the first side)
    #[arg(long, value_name = "SIDE")]
    pub fleeing: Option<String>,

    /// The fleeing side's Speed
    #[arg(long, value_name = "SPEED", allow_negative_numbers = true, value_parser = whole::<u32>(0..=10_000))]
    pub quarry: Option<u32>,

    /// The pursuing side's Speed
    #[arg(long, value_name = "SPEED", allow_negative_numbers = true, value_parser = whole::<u32>(0..=10_000))]
    pub pursuer: Option<u32>,

    /// Starting gap in feet
    #[arg(long, value_name = "FEET", allow_negative_numbers = true, value_parser = whole::<u32>(0..=1_000_000))]
    pub gap: Option<u32>,

    /// Roll the starting gap as the encounter distance of a travel terrain, e.g. forest
    #[arg(long = "terrain", value_name = "TERRAIN", conflicts_with = "gap")]
    pub travel_terrain: Option<String>,

    /// Lost from view past FEET
    #[arg(long, value_name = "FEET", allow_negative_numbers = true, value_parser = whole::<u32>(0..=1_000_000))]
    pub sight: Option<u32>,

    /// What the quarry has to hide behind when it tries to slip away
    #[arg(long, value_enum, value_name = "COVER")]
    pub cover: Option<Cover>,

    /// Complications a participant may run into at the end of its turn (default none)
    #[arg(long, value_enum, value_name = "SETTING")]
    pub complications: Option<Complications>,

    /// The quarry drops treasure or food at a round (default 1): treasure[@ROUND] (repeatable)
    #[arg(long, value_name = "WHAT[@ROUND]")]
    pub drop: Vec<Drop>,

    /// Rounds before the chase is left to the referee (default 10)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
    pub rounds: Option<u32>,

    #[command(flatten)]
    pub terrain: TerrainOpts,

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

/// The surprised side of a pursuit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Surprised {
    /// The fleeing side was surprised: it may not evade
    Quarry,
    /// The pursuing side was surprised: the quarry gets away
    Pursuers,
}

#[derive(Debug, Args)]
pub struct EncounterArgs {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub surprise: SurpriseOpts,

    #[command(flatten)]
    pub terrain: TerrainOpts,

    #[command(flatten)]
    pub order: OrderOpts,

    #[command(flatten)]
    pub reaction: ReactionOpts,

    /// Everyone on every side is surprised
    #[arg(long)]
    pub both_surprised: bool,

    /// Roll on the encounter table in FILE first: what it brings joins the monsters
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, value_parser = any_path())]
    pub table: Option<PathBuf>,

    /// Roll a reaction too
    #[arg(long = "reaction")]
    pub roll_reaction: bool,

    /// Rounds to roll, or turns to follow
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
    pub rounds: Option<u32>,

    /// Check for a wandering monster first: no monster, no encounter
    #[arg(long = "wandering")]
    pub roll_wandering: bool,

    #[command(flatten)]
    pub wandering: WanderingOpts,

    /// Check the other sides' morale after the reaction, as if it comes to a fight
    #[arg(long = "morale")]
    pub roll_morale: bool,

    #[command(flatten)]
    pub morale: MoraleOpts,
}
