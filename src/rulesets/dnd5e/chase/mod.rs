//! Chases for `5e` and `5e2024` (DMG 2014 p.252–255; DMG 2024, Chases): one engine for both
//! editions, which differ where [`Edition`] says.
//!
//! Everyone runs along one line: pursuers start at 0, the quarry at the gap. In initiative
//! order every participant Dashes on each turn it can (its free Dashes first, then at the risk
//! of exhaustion); a pursuer that reaches a quarry catches it; at the end of each round a quarry
//! out of the lead pursuer's sight tries to slip away by Stealth; a complication rolled at the
//! end of a turn befalls the next participant in the order. [`tables`] holds the complication
//! tables, [`text`] the report.
//!
//! The rolling code is a handful of steps on a [`State`] (the start, one turn, the end of a
//! round); the odds walk the same steps one at a time, merging equal states between them, and
//! fall back to seeded runs of the whole chase when the walk grows too large.

pub mod tables;
pub mod text;

use super::{D20s, DistanceInput, DistanceOutcome, Noticed, RollMode, Sighting, roll_d20s};
use crate::cast::KeyDef;
use crate::cli;
use crate::dice::{Dice, Roll};
use crate::error::{Error, Result};
use crate::odds::{Dist, Fallback, Method, Odds, enumerate_within, simulate};
use crate::outcome::is_zero;
use crate::prob::Prob;
use crate::rulesets::Rule;
use serde::Serialize;
use serde_json::json;
use std::ops::Not;
use std::rc::Rc;
use tables::{DamageDice, Entry, Fall, GUARD_SPEAR, Setting, Table};

// ------------------------------------------------------------------------------------------
// Keys: what a combatant brings to a chase (both editions; `dex` and `per` are the rulesets'
// own keys).

pub const SPEED: KeyDef = KeyDef::int("speed", 5, 1000, "Speed in feet, for pursue (default 30)");
pub const CON_2014: KeyDef =
    KeyDef::int("con", -5, 10, "Con modifier: pursue's free Dashes and the check to Dash on (default 0)");
pub const CON_2024: KeyDef =
    KeyDef::int("con", -5, 10, "Con modifier: pursue's free Dashes and the save to Dash on (default 0)");
pub const STEALTH: KeyDef = KeyDef::int(
    "stealth",
    -10,
    30,
    "Stealth modifier: a hider's d20 + N in surprise, pursue's roll to slip away (default 0)",
);
pub const STR: KeyDef = KeyDef::int("str", -5, 10, "Str modifier, for pursue's complications (default 0)");
pub const WIS: KeyDef = KeyDef::int("wis", -5, 10, "Wis modifier, for pursue's complications (default 0)");
pub const CHA: KeyDef = KeyDef::int("cha", -5, 10, "Cha modifier, for pursue's complications (default 0)");
pub const RANGER: KeyDef =
    KeyDef::flag("ranger", "a ranger: as lead pursuer, the quarry's Stealth to slip away has disadvantage");
pub const SURVIVAL: KeyDef =
    KeyDef::flag("survival", "proficient in Survival: as lead pursuer, the same disadvantage as ranger");

/// The flags of `5e pursue` and `5e2024 pursue` (`COMBATANT`: it reads the cast).
pub const FLAGS: &[&str] =
    &["COMBATANT", "--fleeing", "--gap", "--terrain", "--sight", "--cover", "--complications", "--rounds"];

/// What `--gap` and `--sight` mean in a chase of either edition.
pub const GAP_HELP: &str = "Starting gap in feet (default 30)";
pub const SIGHT_HELP: &str = "A quarry this many feet ahead of the nearest pursuer may slip away by Stealth";

/// Speed when `speed=` is not given.
pub const DEFAULT_SPEED: u32 = 30;
/// The starting gap when neither `--gap` nor `--terrain` is given.
pub const DEFAULT_GAP: u32 = 30;
/// DMG 2014 p.252 / DMG 2024: the roll to Dash beyond the free Dashes is against DC 10.
pub const DASH_DC: i32 = 10;
/// The most participants one chase takes (group members counted).
pub const MAX_PARTICIPANTS: usize = 200;
/// The most turns one chase may hold: participants × `--rounds`.
pub const MAX_TURNS: u64 = 20_000;

// ------------------------------------------------------------------------------------------
// Editions

/// Which Dungeon Master's Guide runs the chase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edition {
    E2014,
    E2024,
}

impl Edition {
    /// DMG 2014 p.252: 3 + Con free Dashes; DMG 2024: the same, but at least one.
    pub fn free_dashes(self, con: i32) -> u32 {
        let free = 3 + con;
        match self {
            Edition::E2014 => free.max(0) as u32,
            Edition::E2024 => free.max(1) as u32,
        }
    }

    /// Speed at an exhaustion `level`: PHB 2014 appendix A, halved from level 2 and 0 at 5;
    /// SRD 5.2, 5 feet less a level.
    pub fn speed(self, base: u32, level: u8) -> u32 {
        match self {
            Edition::E2014 if level >= 5 => 0,
            Edition::E2014 if level >= 2 => base / 2,
            Edition::E2014 => base,
            Edition::E2024 => base.saturating_sub(5 * u32::from(level)),
        }
    }

    /// DMG 2014 p.252: out of the chase at exhaustion 5 (Speed 0); DMG 2024: at Speed 0, or at
    /// 5 Exhaustion levels (the 2024 DMG errata).
    pub fn drops_out(self, base: u32, level: u8) -> bool {
        level >= 5 || self.speed(base, level) == 0
    }

    /// The roll for a Dash beyond the free ones: a Constitution check (2014), a Constitution
    /// saving throw (2024).
    pub fn dash_roll(self) -> Kind {
        match self {
            Edition::E2014 => Kind::Check,
            Edition::E2024 => Kind::Save,
        }
    }

    /// What exhaustion does to a d20 roll of `kind`: PHB 2014 appendix A, disadvantage on
    /// ability checks from level 1 and on saving throws from level 3; SRD 5.2, −2 a level on
    /// every d20 test. `(disadvantage, penalty)`.
    pub fn exhaustion(self, kind: Kind, level: u8) -> (bool, i32) {
        match (self, kind) {
            (Edition::E2014, Kind::Check) => (level >= 1, 0),
            (Edition::E2014, Kind::Save) => (level >= 3, 0),
            (Edition::E2024, _) => (false, -2 * i32::from(level)),
        }
    }

    /// DMG 2014 p.253: the lead pursuer being a ranger or proficient in Survival hampers the
    /// quarry's escape; the 2024 DMG's escape factors leave it out.
    pub fn trackers_count(self) -> bool {
        self == Edition::E2014
    }
}

/// An ability check or a saving throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Check,
    Save,
}

impl Kind {
    pub fn word(self) -> &'static str {
        match self {
            Kind::Check => "check",
            Kind::Save => "save",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    Str,
    Dex,
    Con,
    Wis,
    Cha,
}

impl Ability {
    pub fn word(self) -> &'static str {
        match self {
            Ability::Str => "Str",
            Ability::Dex => "Dex",
            Ability::Con => "Con",
            Ability::Wis => "Wis",
            Ability::Cha => "Cha",
        }
    }
}

/// What the quarry has to hide behind (DMG escape factors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cover {
    /// Many things to hide behind, a crowded or noisy place: Advantage.
    Many,
    /// Few things to hide behind, an empty or quiet place: Disadvantage.
    Few,
}

// ------------------------------------------------------------------------------------------
// Input

/// A chase participant: one combatant, or one member of a `*COUNT` group.
#[derive(Clone, Debug)]
pub struct Participant {
    pub name: String,
    /// Index into the sides.
    pub side: usize,
    /// On the fleeing side.
    pub quarry: bool,
    pub speed: u32,
    pub con: i32,
    pub dex: i32,
    pub str: i32,
    pub wis: i32,
    pub cha: i32,
    pub stealth: i32,
    /// Passive Perception.
    pub per: i32,
    /// A ranger or proficient in Survival (2014: as lead pursuer it hampers escape).
    pub tracker: bool,
}

impl Participant {
    fn modifier(&self, ability: Ability) -> i32 {
        match ability {
            Ability::Str => self.str,
            Ability::Dex => self.dex,
            Ability::Con => self.con,
            Ability::Wis => self.wis,
            Ability::Cha => self.cha,
        }
    }
}

/// How the starting gap is found.
#[derive(Clone, Debug)]
pub enum Start {
    Gap(u32),
    /// Rolled as the encounter distance of a terrain.
    Rolled(DistanceInput),
}

/// How a chase's acting order is rolled: each edition's initiative, standard variant.
pub trait TurnOrder {
    /// The initiative as rolled, shown with the chase.
    type Rolled<'a>: Serialize + OrderLines
    where
        Self: 'a;

    /// Rolls initiative: the record, and the combatant lines (indices into the cast's
    /// combatants) in acting order.
    fn roll_order<'a>(&'a self, dice: &mut dyn Dice) -> (Self::Rolled<'a>, Vec<usize>);
}

/// The text lines of a rolled initiative.
pub trait OrderLines {
    fn lines(&self, p: &crate::render::Palette) -> Vec<String>;
}

/// A chase ready to roll.
pub struct Chase<L> {
    pub edition: Edition,
    pub sides: Vec<String>,
    pub participants: Vec<Participant>,
    /// The participants of each combatant line (a group's members), by line.
    pub lines: Vec<Vec<usize>>,
    pub lineup: L,
    pub start: Start,
    pub sight: Option<u32>,
    pub cover: Option<Cover>,
    pub table: Option<&'static Table>,
    pub rounds: u32,
}

// ------------------------------------------------------------------------------------------
// Setup: a ruleset's cast and flags into a chase

/// A combatant line with the keys a chase reads.
#[derive(Clone, Debug)]
pub struct Line {
    pub name: String,
    pub count: u32,
    pub side: usize,
    pub speed: Option<i32>,
    pub con: Option<i32>,
    pub dex: Option<i32>,
    pub str: Option<i32>,
    pub wis: Option<i32>,
    pub cha: Option<i32>,
    pub stealth: Option<i32>,
    pub per: Option<i32>,
    pub tracker: bool,
}

/// The flags and cast of `rules pursue`, checked: the sides, the lines, the fleeing side, the
/// start, the limits. `lineup` builds the initiative once the cast is known to be a chase.
#[allow(clippy::too_many_arguments)]
pub fn setup<L>(
    edition: Edition,
    rules: &str,
    sides: Vec<String>,
    lines: Vec<Line>,
    fleeing: usize,
    args: &cli::PursueArgs,
    terrains: &'static [Sighting],
    lineup: impl FnOnce() -> Result<L>,
) -> Result<Chase<L>> {
    let example = format!("e.g. fray -r {rules} pursue --gap 30 Rogue:speed=35 Guard*2:side=monsters");
    if lines.is_empty() {
        return Err(Error::usage(format!("{rules} pursue needs combatants: the quarry and its pursuers")).hint(example));
    }
    let side_name = &sides[fleeing];
    if !lines.iter().any(|l| l.side == fleeing) {
        return Err(Error::usage(format!("nobody flees: side '{side_name}' has no combatants"))
            .hint("put the quarry on it, or name the fleeing side with --fleeing SIDE"));
    }
    if lines.iter().all(|l| l.side == fleeing) {
        return Err(Error::usage(format!("nobody gives chase: every combatant is on the fleeing side ({side_name})"))
            .hint(format!("put the pursuers on another side, {example}")));
    }
    let members: usize = lines.iter().map(|l| l.count as usize).sum();
    if members > MAX_PARTICIPANTS {
        return Err(Error::usage(format!(
            "{members} participants in one chase; a chase takes at most {MAX_PARTICIPANTS}"
        ))
        .hint("chase with fewer: a chase follows every runner turn by turn"));
    }
    let rounds = args.rounds.unwrap_or(10);
    let turns = members as u64 * u64::from(rounds);
    if turns > MAX_TURNS {
        return Err(Error::usage(format!(
            "--rounds {rounds} for {members} participants is {turns} turns; one chase holds at most {MAX_TURNS}"
        ))
        .hint(format!("at most --rounds {}", (MAX_TURNS / members as u64).max(1))));
    }
    let start = match &args.travel_terrain {
        Some(word) => {
            let row = Sighting::find(terrains, word).ok_or_else(|| {
                Error::usage(format!("unknown terrain '{}'", crate::cast::echo(word)))
                    .hint(format!("{rules} terrains: {}", Sighting::names(terrains)))
            })?;
            Start::Rolled(DistanceInput { noticed: Noticed::Seen(row) })
        }
        None => Start::Gap(args.gap.unwrap_or(DEFAULT_GAP)),
    };
    let table = match args.complications {
        Some(cli::Complications::Urban) => Some(Table::of(edition, Setting::Urban)),
        Some(cli::Complications::Wilderness) => Some(Table::of(edition, Setting::Wilderness)),
        Some(cli::Complications::None) | None => None,
    };
    let cover = args.cover.map(|c| match c {
        cli::Cover::Many => Cover::Many,
        cli::Cover::Few => Cover::Few,
    });
    let lineup = lineup()?;
    let mut participants = Vec::with_capacity(members);
    let mut by_line = Vec::with_capacity(lines.len());
    for line in &lines {
        let mut these = Vec::new();
        for name in crate::cast::member_names(&line.name, line.count) {
            these.push(participants.len());
            participants.push(Participant {
                name,
                side: line.side,
                quarry: line.side == fleeing,
                speed: line.speed.map_or(DEFAULT_SPEED, |s| s.max(0) as u32),
                con: line.con.unwrap_or(0),
                dex: line.dex.unwrap_or(0),
                str: line.str.unwrap_or(0),
                wis: line.wis.unwrap_or(0),
                cha: line.cha.unwrap_or(0),
                stealth: line.stealth.unwrap_or(0),
                per: line.per.unwrap_or(super::DEFAULT_PASSIVE_PERCEPTION),
                tracker: line.tracker,
            });
        }
        by_line.push(these);
    }
    Ok(Chase { edition, sides, participants, lines: by_line, lineup, start, sight: args.sight, cover, table, rounds })
}

// ------------------------------------------------------------------------------------------
// State

/// Where a participant stands in the chase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Still running (a quarry fleeing, a pursuer giving chase).
    Running,
    /// Out of the chase from exhaustion, since a round; a quarry stays where it stopped and
    /// can still be caught there.
    DroppedOut(u32),
    Caught(u32),
    Escaped(u32),
}

/// What slows a participant on its next turn, left by complications.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Hindrance {
    /// Feet of difficult terrain.
    #[serde(skip_serializing_if = "is_zero")]
    pub terrain: u32,
    #[serde(skip_serializing_if = "Not::not")]
    pub prone: bool,
    #[serde(skip_serializing_if = "Not::not")]
    pub restrained: bool,
    #[serde(skip_serializing_if = "Not::not")]
    pub blinded: bool,
    /// A guard strikes if it moves 20 feet or more.
    #[serde(skip_serializing_if = "Not::not")]
    pub guard: bool,
}

impl Hindrance {
    fn any(&self) -> bool {
        *self != Hindrance::default()
    }
}

/// One participant's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Run {
    /// Feet from where the pursuers started.
    position: i64,
    /// Free Dashes left.
    free: u32,
    exhaustion: u8,
    status: Status,
    hindrance: Hindrance,
}

/// The whole chase between two steps: what the next step needs, and nothing more.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct State {
    /// Participants in acting order.
    order: Rc<[usize]>,
    runs: Vec<Run>,
    /// How and in which round the chase ended.
    end: Option<(ChaseEnd, u32)>,
}

/// How a chase ends: every quarry caught or escaped (`caught` when any was caught), every
/// pursuer dropped out (`gave_up`, or `caught` when a quarry was caught before), or neither
/// by the last round (`running`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChaseEnd {
    Caught,
    Escaped,
    GaveUp,
    Running,
}

impl ChaseEnd {
    pub fn word(self) -> &'static str {
        match self {
            ChaseEnd::Caught => "caught",
            ChaseEnd::Escaped => "escaped",
            ChaseEnd::GaveUp => "gave_up",
            ChaseEnd::Running => "running",
        }
    }
}

impl State {
    /// The state as the odds need it: a finished chase is only its end, and what no later step
    /// reads is forgotten (who was caught when, where the spent pursuers stopped, positions but
    /// for the distances between them), so that equal chases merge.
    fn canonical(mut self) -> State {
        if let Some(end) = self.end {
            return State { order: Rc::from(Vec::new()), runs: Vec::new(), end: Some(end) };
        }
        for run in &mut self.runs {
            let keep_position = match run.status {
                Status::Running => true,
                Status::DroppedOut(_) => true,
                Status::Caught(_) | Status::Escaped(_) => false,
            };
            run.status = match run.status {
                Status::Running => Status::Running,
                Status::DroppedOut(_) => Status::DroppedOut(0),
                Status::Caught(_) => Status::Caught(0),
                Status::Escaped(_) => Status::Escaped(0),
            };
            if run.status != Status::Running {
                run.free = 0;
                run.exhaustion = 0;
                run.hindrance = Hindrance::default();
            }
            if !keep_position {
                run.position = i64::MIN;
            }
        }
        let base = self.runs.iter().map(|r| r.position).filter(|&p| p != i64::MIN).min().unwrap_or(0);
        for run in &mut self.runs {
            if run.position != i64::MIN {
                run.position -= base;
            }
        }
        self
    }
}

// ------------------------------------------------------------------------------------------
// Records: what a roll shows

/// A d20 with what was added to it.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct D20 {
    /// The d20 kept.
    pub roll: Roll,
    /// The other d20, with Advantage or Disadvantage.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dropped: Option<Roll>,
    #[serde(skip_serializing_if = "RollMode::is_normal")]
    pub mode: RollMode,
    pub modifier: i32,
    /// 2024 exhaustion: −2 a level.
    #[serde(skip_serializing_if = "is_zero")]
    pub penalty: i32,
    pub total: i32,
}

/// A d20 test: the 2014 code's d20s (Advantage, Disadvantage) plus the modifier and penalty.
fn roll_d20(dice: &mut dyn Dice, mode: RollMode, modifier: i32, penalty: i32) -> D20 {
    let D20s { kept: roll, dropped, .. } = roll_d20s(mode, dice);
    D20 { roll, dropped, mode, modifier, penalty, total: roll.total as i32 + modifier + penalty }
}

/// An ability check or saving throw against a DC.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Test {
    pub kind: Kind,
    pub ability: Ability,
    #[serde(flatten)]
    pub d20: D20,
    pub dc: i32,
    /// The total meets the DC.
    pub success: bool,
}

/// Damage rolled, shown: fray keeps no hit points.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Damage {
    pub roll: Roll,
    #[serde(skip_serializing_if = "is_zero")]
    pub bonus: i32,
    pub total: i32,
    #[serde(rename = "type")]
    pub kind: &'static str,
}

fn roll_damage(dice: &mut dyn Dice, spec: &DamageDice) -> Damage {
    let roll = dice.roll(spec.count, spec.sides);
    Damage { roll, bonus: spec.bonus, total: roll.total as i32 + spec.bonus, kind: spec.kind }
}

/// An attack made on a participant: the d20, its bonus and total (it hits an Armor Class up to
/// the total), and the damage on a hit.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Attack {
    pub roll: Roll,
    pub bonus: i32,
    pub total: i32,
    /// A natural 1: it misses whatever the Armor Class, and no damage is rolled.
    #[serde(skip_serializing_if = "Not::not")]
    pub misses: bool,
    /// A natural 20: it hits whatever the Armor Class, and its damage dice are rolled twice.
    #[serde(skip_serializing_if = "Not::not")]
    pub critical: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage: Option<Damage>,
}

/// SRD 5.1 and 5.2, "Rolling 1 or 20": a natural 1 always misses, a natural 20 always hits and is
/// a critical hit, which rolls the attack's damage dice twice (the bonus once).
fn roll_attack(dice: &mut dyn Dice, spec: &tables::AttackSpec) -> Attack {
    let roll = dice.roll(1, 20);
    let (misses, critical) = (roll.total == 1, roll.total == 20);
    let damage = (!misses).then(|| {
        let count = if critical { spec.damage.count * 2 } else { spec.damage.count };
        roll_damage(dice, &DamageDice { count, ..spec.damage })
    });
    Attack { roll, bonus: spec.bonus, total: roll.total as i32 + spec.bonus, misses, critical, damage }
}

/// A fall: the feet (and the d4 that set them, in 2014).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Falling {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    pub feet: u32,
}

/// What a complication did to its target.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Effect {
    #[serde(flatten)]
    pub hindrance: Hindrance,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fall: Option<Falling>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub damage: Vec<Damage>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attack: Option<Attack>,
    /// Left to the game master: `gives_chase`, `joins_chase`, `swarm_acts`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'static str>,
}

/// The complication die rolled at the end of a turn, and what it brought.
#[derive(Clone, Debug, Serialize)]
pub struct Complication<'a> {
    pub roll: Roll,
    /// The table's entry, on a face that brings one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<&'static str>,
    /// The next participant in initiative order, whom it befalls.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<Test>,
    /// What it did, when the roll failed or there was none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effect: Option<Effect>,
    #[serde(skip)]
    pub words: Option<&'static str>,
}

/// One participant's turn.
#[derive(Clone, Debug, Serialize)]
pub struct Turn<'a> {
    pub name: &'a str,
    /// Its Speed this turn (exhaustion and blindness taken off).
    pub speed: u32,
    /// What slowed it this turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hindered: Option<Hindrance>,
    pub moved: u32,
    pub dashed: bool,
    /// Which of its free Dashes this was (1-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub free_dash: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dash_check: Option<Test>,
    pub exhaustion: u8,
    pub position: i64,
    /// The quarry it caught.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub caught: Vec<&'a str>,
    /// The guard's spear, after it moved 20 feet or more.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacked: Option<Attack>,
    #[serde(skip_serializing_if = "Not::not")]
    pub dropped_out: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complication: Option<Complication<'a>>,
}

/// A quarry's roll to slip away at the end of a round.
#[derive(Clone, Debug, Serialize)]
pub struct Escape<'a> {
    pub name: &'a str,
    /// Feet ahead of the lead pursuer.
    pub distance: i64,
    #[serde(flatten)]
    pub d20: D20,
    /// The pursuers' highest passive Perception.
    pub against: i32,
    pub escaped: bool,
}

/// A fleeing quarry's distance from the lead pursuer at the end of a round.
#[derive(Clone, Debug, Serialize)]
pub struct Gap<'a> {
    pub name: &'a str,
    pub gap: i64,
}

#[derive(Clone, Debug, Serialize)]
pub struct RoundRecord<'a> {
    pub round: u32,
    pub turns: Vec<Turn<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub escape: Vec<Escape<'a>>,
    /// Each quarry still fleeing, and how far ahead of the lead pursuer.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub gaps: Vec<Gap<'a>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Entrant<'a> {
    pub name: &'a str,
    pub side: &'a str,
    pub role: Role,
    pub speed: u32,
    pub free_dashes: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Quarry,
    Pursuer,
}

/// What became of one quarry.
#[derive(Clone, Debug, Serialize)]
pub struct Fate<'a> {
    pub name: &'a str,
    pub fate: FateWord,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FateWord {
    Caught,
    Escaped,
    DroppedOut,
    Running,
}

/// A chase rolled: who ran, the initiative, the start, every round, and how it ended.
#[derive(Clone, Debug, Serialize)]
pub struct ChaseOutcome<'a, I> {
    pub participants: Vec<Entrant<'a>>,
    pub initiative: I,
    pub start_gap: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<DistanceOutcome>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sight: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cover: Option<Cover>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complications: Option<Setting>,
    pub rounds: Vec<RoundRecord<'a>>,
    pub outcome: ChaseEnd,
    /// The round it ended (0 before the first), or the last round run.
    pub round: u32,
    pub quarry: Vec<Fate<'a>>,
    #[serde(skip)]
    pub edition: Option<Edition>,
    #[serde(skip)]
    pub table: Option<&'static Table>,
}

// ------------------------------------------------------------------------------------------
// The rules

/// How a participant can move on its turn.
struct Plan {
    speed: u32,
    dash: bool,
    moves: u32,
    hindrance: Hindrance,
}

impl<L: TurnOrder> Chase<L> {
    /// The gap rolled or given, the initiative, and everyone in place: pursuers at 0, quarries
    /// at the gap. A gap of 0 is a quarry already caught (round 0).
    fn begin<'a>(&'a self, dice: &mut dyn Dice) -> (Option<DistanceOutcome>, u32, L::Rolled<'a>, State) {
        let start = match &self.start {
            Start::Rolled(distance) => Some(Rule::roll(distance, dice)),
            Start::Gap(_) => None,
        };
        let gap = match (&self.start, &start) {
            (_, Some(d)) => d.feet,
            (Start::Gap(g), None) => *g,
            (Start::Rolled(_), None) => 0,
        };
        let (initiative, lines) = self.lineup.roll_order(dice);
        let order: Rc<[usize]> = lines.iter().flat_map(|&l| self.lines[l].iter().copied()).collect();
        let runs = self
            .participants
            .iter()
            .map(|p| Run {
                position: if p.quarry { i64::from(gap) } else { 0 },
                free: self.edition.free_dashes(p.con),
                exhaustion: 0,
                status: Status::Running,
                hindrance: Hindrance::default(),
            })
            .collect();
        let mut state = State { order, runs, end: None };
        if gap == 0 {
            for (run, p) in state.runs.iter_mut().zip(&self.participants) {
                if p.quarry {
                    run.status = Status::Caught(0);
                }
            }
            self.settle(&mut state, 0);
        }
        (start, gap, initiative, state)
    }

    /// Whether the participant in `slot` still acts.
    fn acts(&self, s: &State, slot: usize) -> bool {
        s.end.is_none() && s.runs[s.order[slot]].status == Status::Running
    }

    /// The quarry not yet caught nor escaped that is furthest back: every pursuer's target,
    /// since no pursuer gets past a quarry without catching it.
    fn rearmost(&self, s: &State) -> Option<i64> {
        self.participants
            .iter()
            .zip(&s.runs)
            .filter(|(p, r)| p.quarry && matches!(r.status, Status::Running | Status::DroppedOut(_)))
            .map(|(_, r)| r.position)
            .min()
    }

    /// How far `who` can go on its turn: it Dashes (twice its Speed) unless restrained; the
    /// hindrances left by complications come off.
    fn plan(&self, s: &State, who: usize) -> Plan {
        let run = &s.runs[who];
        let h = run.hindrance;
        let mut speed = self.edition.speed(self.participants[who].speed, run.exhaustion);
        // DMG 2014 p.254 / DMG 2024: blinded by blowing sand, its Speed is halved.
        if h.blinded {
            speed /= 2;
        }
        // PHB: a net's restraint costs the turn (escaping it takes the action): no move, no Dash.
        if h.restrained {
            return Plan { speed, dash: false, moves: 0, hindrance: h };
        }
        // PHB: the Dash action gives extra movement equal to the Speed.
        let mut moves = 2 * speed;
        // PHB: standing up from prone costs half the Speed.
        if h.prone {
            moves = moves.saturating_sub(speed / 2);
        }
        // PHB: every foot of difficult terrain costs one extra foot.
        if h.terrain > 0 {
            moves = if moves >= 2 * h.terrain { moves - h.terrain } else { moves / 2 };
        }
        Plan { speed, dash: true, moves, hindrance: h }
    }

    /// A d20 test of `who` against `dc`, with its exhaustion's effect.
    fn test(&self, s: &State, who: usize, kind: Kind, ability: Ability, dc: i32, dice: &mut dyn Dice) -> Test {
        let (disadvantage, penalty) = self.edition.exhaustion(kind, s.runs[who].exhaustion);
        let mode = if disadvantage { RollMode::Disadvantage } else { RollMode::Normal };
        let d20 = roll_d20(dice, mode, self.participants[who].modifier(ability), penalty);
        // PHB: a check or save succeeds when its total meets the DC.
        Test { kind, ability, d20, dc, success: d20.total >= dc }
    }

    /// Ends the chase when no quarry is left to catch, or no pursuer to catch it.
    fn settle(&self, s: &mut State, round: u32) {
        if s.end.is_some() {
            return;
        }
        let quarries = || self.participants.iter().zip(&s.runs).filter(|(p, _)| p.quarry);
        let caught = quarries().any(|(_, r)| matches!(r.status, Status::Caught(_)));
        let left = quarries().any(|(_, r)| matches!(r.status, Status::Running | Status::DroppedOut(_)));
        let chasing = self.participants.iter().zip(&s.runs).any(|(p, r)| !p.quarry && r.status == Status::Running);
        if !left {
            s.end = Some((if caught { ChaseEnd::Caught } else { ChaseEnd::Escaped }, round));
        } else if !chasing {
            s.end = Some((if caught { ChaseEnd::Caught } else { ChaseEnd::GaveUp }, round));
        }
    }

    /// The turn of the participant in `slot`: it moves (a pursuer stops at the first quarry it
    /// reaches and catches it), rolls to Dash beyond its free Dashes, and rolls for a
    /// complication, which befalls the next participant in the order.
    fn turn<'a>(&'a self, s: &mut State, slot: usize, round: u32, dice: &mut dyn Dice) -> Turn<'a> {
        let who = s.order[slot];
        let p = &self.participants[who];
        let plan = self.plan(s, who);
        s.runs[who].hindrance = Hindrance::default();
        let mut moved = plan.moves;
        let mut caught = Vec::new();
        let from = s.runs[who].position;
        match self.rearmost(s).filter(|_| !p.quarry) {
            Some(rear) if from + i64::from(moved) >= rear => {
                moved = (rear - from).max(0) as u32;
                s.runs[who].position = rear;
                for (q, (other, run)) in self.participants.iter().zip(s.runs.iter_mut()).enumerate() {
                    let here = other.quarry && run.position == rear;
                    if here && matches!(run.status, Status::Running | Status::DroppedOut(_)) {
                        run.status = Status::Caught(round);
                        caught.push(self.participants[q].name.as_str());
                    }
                }
            }
            _ => s.runs[who].position += i64::from(moved),
        }
        // DMG 2014 p.254: the guard's spear, if it moved 20 feet or more.
        let attacked = (plan.hindrance.guard && moved >= 20).then(|| roll_attack(dice, &GUARD_SPEAR));
        let mut turn = Turn {
            name: &p.name,
            speed: plan.speed,
            hindered: plan.hindrance.any().then_some(plan.hindrance),
            moved,
            dashed: plan.dash,
            free_dash: None,
            dash_check: None,
            exhaustion: s.runs[who].exhaustion,
            position: s.runs[who].position,
            caught,
            attacked,
            dropped_out: false,
            complication: None,
        };
        self.settle(s, round);
        if s.end.is_some() {
            return turn;
        }
        if plan.dash {
            let total = self.edition.free_dashes(p.con);
            let run = &mut s.runs[who];
            if run.free > 0 {
                // DMG 2014 p.252: 3 + Con free Dashes (2024: at least one).
                run.free -= 1;
                turn.free_dash = Some(total - run.free);
            } else {
                // DMG 2014 p.252: each further Dash, a DC 10 Constitution check at the end of the
                // turn (2024: a saving throw), or one level of exhaustion.
                let test = self.test(s, who, self.edition.dash_roll(), Ability::Con, DASH_DC, dice);
                if !test.success {
                    s.runs[who].exhaustion += 1;
                }
                turn.dash_check = Some(test);
            }
        }
        let run = &mut s.runs[who];
        turn.exhaustion = run.exhaustion;
        if self.edition.drops_out(p.speed, run.exhaustion) {
            run.status = Status::DroppedOut(round);
            turn.dropped_out = true;
        }
        self.settle(s, round);
        if s.end.is_none() {
            turn.complication = self.table.map(|table| self.complication(s, slot, table, dice));
        }
        turn
    }

    /// DMG 2014 p.254 / DMG 2024: the complication die at the end of a turn; a complication
    /// befalls the next participant in initiative order still in the chase, who rolls to avoid
    /// it; what a failure does waits for that participant's turn.
    fn complication<'a>(
        &'a self,
        s: &mut State,
        slot: usize,
        table: &'static Table,
        dice: &mut dyn Dice,
    ) -> Complication<'a> {
        let roll = dice.roll(1, table.die);
        let mut record = Complication { roll, entry: None, target: None, check: None, effect: None, words: None };
        let Some(entry) = table.entry(roll.total) else { return record };
        record.entry = Some(entry.id);
        record.words = Some(entry.words);
        let n = s.order.len();
        let Some(target) = (1..n).map(|k| s.order[(slot + k) % n]).find(|&i| s.runs[i].status == Status::Running)
        else {
            return record;
        };
        record.target = Some(&self.participants[target].name);
        if let Some(spec) = entry.test {
            // The participant's choice: its best modifier among the abilities allowed.
            let p = &self.participants[target];
            let ability = spec.abilities.iter().copied().max_by_key(|&a| (p.modifier(a), std::cmp::Reverse(a)));
            let ability = ability.unwrap_or(Ability::Dex);
            let test = self.test(s, target, spec.kind, ability, spec.dc, dice);
            let failed = !test.success;
            record.check = Some(test);
            if !failed {
                return record;
            }
        }
        record.effect = Some(self.harm(s, target, entry, dice));
        record
    }

    /// What an entry does to `target`: hindrances for its next turn, and damage rolled.
    fn harm(&self, s: &mut State, target: usize, entry: &Entry, dice: &mut dyn Dice) -> Effect {
        let harm = &entry.harm;
        let mut effect = Effect { note: harm.note, ..Effect::default() };
        let h = &mut effect.hindrance;
        h.terrain = harm.terrain;
        h.prone = harm.prone;
        h.restrained = harm.restrained;
        h.blinded = harm.blinded;
        h.guard = harm.guard;
        match harm.fall {
            Fall::None => {}
            Fall::Rolled => {
                // DMG 2014 p.254: 1d4 × 5 feet; PHB: 1d6 bludgeoning per 10 feet fallen.
                let d4 = dice.roll(1, 4);
                let feet = 5 * d4.total;
                effect.fall = Some(Falling { roll: Some(d4), feet });
                if feet >= 10 {
                    effect.damage.push(roll_damage(
                        dice,
                        &tables::DamageDice { count: feet / 10, sides: 6, bonus: 0, kind: "bludgeoning" },
                    ));
                }
            }
            Fall::Feet(feet) => {
                // SRD 5.2, falling: 1d6 bludgeoning per 10 feet.
                effect.fall = Some(Falling { roll: None, feet });
                let spec = tables::DamageDice { count: feet / 10, sides: 6, bonus: 0, kind: "bludgeoning" };
                effect.damage.push(roll_damage(dice, &spec));
            }
        }
        for spec in harm.damage {
            effect.damage.push(roll_damage(dice, spec));
        }
        if let Some(spec) = &harm.attack {
            effect.attack = Some(roll_attack(dice, spec));
        }
        let pending = &mut s.runs[target].hindrance;
        pending.terrain += effect.hindrance.terrain;
        pending.prone |= effect.hindrance.prone;
        pending.restrained |= effect.hindrance.restrained;
        pending.blinded |= effect.hindrance.blinded;
        pending.guard |= effect.hindrance.guard;
        effect
    }

    /// DMG 2014 p.253 / DMG 2024: at the end of the round each quarry out of the lead pursuer's
    /// sight rolls Stealth against the pursuers' highest passive Perception, and slips away only
    /// on a higher total. Within sight (or with no `--sight`) it cannot.
    fn round_end<'a>(&'a self, s: &mut State, round: u32, dice: &mut dyn Dice) -> Vec<Escape<'a>> {
        let chasing =
            || self.participants.iter().zip(&s.runs).filter(|(p, r)| !p.quarry && r.status == Status::Running);
        let Some(lead) = chasing().map(|(_, r)| r.position).max() else { return Vec::new() };
        let against = chasing().map(|(p, _)| p.per).max().unwrap_or(0);
        // DMG 2014 p.253: the lead pursuer a ranger or proficient in Survival (of several level
        // at the front, any one).
        let tracked = self.edition.trackers_count() && chasing().any(|(p, r)| r.position == lead && p.tracker);
        let mut escapes = Vec::new();
        let Some(sight) = self.sight else { return escapes };
        for k in 0..s.order.len() {
            let who = s.order[k];
            let (p, run) = (&self.participants[who], s.runs[who]);
            if !p.quarry || run.status != Status::Running {
                continue;
            }
            let distance = run.position - lead;
            if distance <= i64::from(sight) {
                continue;
            }
            let (tired, penalty) = self.edition.exhaustion(Kind::Check, run.exhaustion);
            let advantage = self.cover == Some(Cover::Many);
            let disadvantage = self.cover == Some(Cover::Few) || tracked || tired;
            let d20 = roll_d20(dice, RollMode::from_keys(advantage, disadvantage), p.stealth, penalty);
            let escaped = d20.total > against;
            if escaped {
                s.runs[who].status = Status::Escaped(round);
            }
            escapes.push(Escape { name: &p.name, distance, d20, against, escaped });
        }
        self.settle(s, round);
        escapes
    }

    /// One round: every turn in order, then the quarry's rolls to slip away.
    fn play_round<'a>(&'a self, s: &mut State, round: u32, dice: &mut dyn Dice) -> RoundRecord<'a> {
        let mut turns = Vec::new();
        for slot in 0..s.order.len() {
            if self.acts(s, slot) {
                turns.push(self.turn(s, slot, round, dice));
            }
        }
        let escape = if s.end.is_none() { self.round_end(s, round, dice) } else { Vec::new() };
        let mut gaps = Vec::new();
        let lead = self
            .participants
            .iter()
            .zip(&s.runs)
            .filter(|(p, r)| !p.quarry && r.status == Status::Running)
            .map(|(_, r)| r.position)
            .max();
        if let (Some(lead), None) = (lead, s.end) {
            for &who in s.order.iter() {
                let (p, run) = (&self.participants[who], &s.runs[who]);
                if p.quarry && run.status == Status::Running {
                    gaps.push(Gap { name: &p.name, gap: run.position - lead });
                }
            }
        }
        RoundRecord { round, turns, escape, gaps }
    }

    /// The chase to its end, the end only (for seeded runs).
    fn end_of(&self, dice: &mut dyn Dice) -> (ChaseEnd, u32) {
        let (_, _, _, mut s) = self.begin(dice);
        for round in 1..=self.rounds {
            if s.end.is_some() {
                break;
            }
            self.play_round(&mut s, round, dice);
        }
        s.end.unwrap_or((ChaseEnd::Running, self.rounds))
    }

    /// Every end with its exact probability, the steps walked one by one with equal states
    /// merged; `None` when the walk would take more than [`crate::odds::PATH_BUDGET`] paths.
    fn exact_ends(&self) -> Option<Dist<(ChaseEnd, u32)>> {
        let mut budget = crate::odds::PATH_BUDGET;
        let mut dist = walk(&Dist::point(()), &mut budget, |_| None, |_, d| self.begin(d).3.canonical())?;
        for round in 1..=self.rounds {
            if dist.iter().all(|(s, _)| s.end.is_some()) {
                break;
            }
            for slot in 0..self.participants.len() {
                dist = walk(
                    &dist,
                    &mut budget,
                    |s| (!self.acts(s, slot)).then(|| s.clone()),
                    |s, d| {
                        let mut s = s.clone();
                        self.turn(&mut s, slot, round, d);
                        s.canonical()
                    },
                )?;
            }
            dist = walk(
                &dist,
                &mut budget,
                |s| s.end.is_some().then(|| s.clone()),
                |s, d| {
                    let mut s = s.clone();
                    self.round_end(&mut s, round, d);
                    s.canonical()
                },
            )?;
            if dist.len() > MAX_STATES {
                return None;
            }
        }
        Some(dist.map(|s| s.end.unwrap_or((ChaseEnd::Running, self.rounds))))
    }

    /// Seeded runs for a chase too large to walk: fewer for a larger cast, so that the answer
    /// still comes back in about a second.
    fn trials(&self, fallback: Fallback) -> u64 {
        let n = self.participants.len().max(1) as u64;
        let work = n * n * u64::from(self.rounds.max(1));
        (SIMULATION_WORK / work).clamp(MIN_TRIALS, fallback.trials.max(MIN_TRIALS))
    }

    fn fates<'a>(&'a self, s: &State) -> Vec<Fate<'a>> {
        let mut fates = Vec::new();
        for &who in s.order.iter() {
            let p = &self.participants[who];
            if !p.quarry {
                continue;
            }
            let (fate, round) = match s.runs[who].status {
                Status::Running => (FateWord::Running, None),
                Status::DroppedOut(r) => (FateWord::DroppedOut, Some(r)),
                Status::Caught(r) => (FateWord::Caught, Some(r)),
                Status::Escaped(r) => (FateWord::Escaped, Some(r)),
            };
            fates.push(Fate { name: &p.name, fate, round });
        }
        fates
    }
}

/// The most distinct states the exact walk keeps between two steps.
const MAX_STATES: usize = 20_000;
/// What the seeded estimate spends at most, in participant-turns times the cast (each turn
/// looks over the cast): about 3 ns each in a release build, so a second or so.
const SIMULATION_WORK: u64 = 300_000_000;
const MIN_TRIALS: u64 = 100;

/// The next step from every state of `dist`: those `stays` keeps are carried as they are, the
/// others walked over every die of `next`; `None` once `budget` paths are spent.
fn walk<S: Ord + Clone, T: Ord + Clone>(
    dist: &Dist<S>,
    budget: &mut usize,
    stays: impl Fn(&S) -> Option<T>,
    next: impl Fn(&S, &mut dyn Dice) -> T,
) -> Option<Dist<T>> {
    let mut pairs: Vec<(T, Prob)> = Vec::new();
    for (s, p) in dist.iter() {
        if let Some(kept) = stays(s) {
            pairs.push((kept, p.clone()));
            continue;
        }
        let mut paths = 0usize;
        let walked = enumerate_within(
            |d| {
                paths += 1;
                next(s, d)
            },
            *budget,
        )
        .ok()?;
        *budget = budget.checked_sub(paths)?;
        pairs.extend(walked.iter().map(|(t, q)| (t.clone(), p.mul(q))));
    }
    Some(Dist::from_pairs(pairs))
}

/// `caught in round 3`, `caught at the start (round 0)`, `still running after round 10`.
pub fn end_label(end: ChaseEnd, round: u32) -> String {
    match (end, round) {
        (ChaseEnd::Running, _) => format!("still running after round {round}"),
        (ChaseEnd::GaveUp, _) => format!("the pursuers gave up in round {round}"),
        (_, 0) => format!("{} at the start (round 0)", end.word()),
        _ => format!("{} in round {round}", end.word()),
    }
}

impl<L: TurnOrder> Rule for Chase<L> {
    type Outcome<'a>
        = ChaseOutcome<'a, L::Rolled<'a>>
    where
        Self: 'a;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> ChaseOutcome<'a, L::Rolled<'a>> {
        let (start, start_gap, initiative, mut s) = self.begin(dice);
        let mut rounds = Vec::new();
        for round in 1..=self.rounds {
            if s.end.is_some() {
                break;
            }
            rounds.push(self.play_round(&mut s, round, dice));
        }
        let (outcome, round) = s.end.unwrap_or((ChaseEnd::Running, self.rounds));
        let participants = self
            .participants
            .iter()
            .map(|p| Entrant {
                name: &p.name,
                side: &self.sides[p.side],
                role: if p.quarry { Role::Quarry } else { Role::Pursuer },
                speed: p.speed,
                free_dashes: self.edition.free_dashes(p.con),
            })
            .collect();
        ChaseOutcome {
            participants,
            initiative,
            start_gap,
            start,
            sight: self.sight,
            cover: self.cover,
            complications: self.table.map(|t| t.setting),
            quarry: self.fates(&s),
            rounds,
            outcome,
            round,
            edition: Some(self.edition),
            table: self.table,
        }
    }

    /// How the chase ends, by round: exact when the walk is small (a few runners, no or few
    /// complications), else estimated from seeded runs of the same chase.
    fn odds(&self, fallback: Fallback) -> Odds {
        let (dist, method) = match self.exact_ends() {
            Some(dist) => (dist, Method::exact(fallback)),
            None => {
                let trials = self.trials(fallback);
                (
                    simulate(|d| self.end_of(d), trials, fallback.seed),
                    Method { trials: Some(trials), seed: fallback.seed },
                )
            }
        };
        let mut odds = Odds::default();
        odds.push(None, "how the chase ends", &dist, method, |&(end, round)| {
            (json!({ "outcome": end.word(), "round": round }), end_label(end, round))
        });
        odds
    }
}

// ------------------------------------------------------------------------------------------
// 2014 initiative as a chase's lineup

impl TurnOrder for super::Initiative {
    type Rolled<'a> = super::InitiativeOutcome<'a>;

    fn roll_order<'a>(&'a self, dice: &mut dyn Dice) -> (Self::Rolled<'a>, Vec<usize>) {
        let rolled = Rule::roll(self, dice);
        let order = rolled.order.iter().filter_map(|p| self.contenders[p.contender].creature).collect();
        (rolled, order)
    }
}

impl OrderLines for super::InitiativeOutcome<'_> {
    fn lines(&self, p: &crate::render::Palette) -> Vec<String> {
        super::text::initiative_lines(self, p)
    }
}

#[cfg(test)]
mod tests;
