//! What a chase's rolls show: the tests, complications, turns, rounds and fates it records.

use super::*;

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

/// A d20 test: the family's d20s (Advantage, Disadvantage) plus the modifier and penalty.
pub(super) fn roll_d20(dice: &mut dyn Dice, mode: RollMode, modifier: i32, penalty: i32) -> D20 {
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

pub(super) fn roll_damage(dice: &mut dyn Dice, spec: &DamageDice) -> Damage {
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
pub(super) fn roll_attack(dice: &mut dyn Dice, spec: &tables::AttackSpec) -> Attack {
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
