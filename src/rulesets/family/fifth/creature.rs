//! A combatant, or a `*COUNT` group of identical ones, with what surprise and every
//! initiative variant read off it: the creature of both 5e editions (5e and 5e2024).

use super::speed_factor::{Action, Size};
use crate::outcome::Modifier;
use serde::Serialize;

/// How the initiative d20 is rolled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RollMode {
    #[default]
    Normal,
    Advantage,
    Disadvantage,
    /// Both advantage and disadvantage: they cancel, one d20 is rolled (PHB).
    Cancelled,
}

impl RollMode {
    pub fn from_keys(adv: bool, dis: bool) -> RollMode {
        match (adv, dis) {
            (true, true) => RollMode::Cancelled,
            (true, false) => RollMode::Advantage,
            (false, true) => RollMode::Disadvantage,
            (false, false) => RollMode::Normal,
        }
    }

    pub fn is_normal(&self) -> bool {
        *self == RollMode::Normal
    }
}

/// One combatant, or a `*COUNT` group of identical ones.
#[derive(Clone, Debug, Default)]
pub struct Creature {
    pub name: String,
    pub count: u32,
    /// Index into the sides.
    pub side: usize,
    /// `dex=N`: the Dex modifier, which breaks initiative ties.
    pub dex: i32,
    /// `init=N`: the initiative modifier; the Dex modifier when not given.
    pub init: Option<i32>,
    /// `per=N`: passive Perception (default 10).
    pub per: i32,
    /// `alert`: +5 initiative, cannot be surprised.
    pub alert: bool,
    pub mode: RollMode,
    pub size: Size,
    pub action: Option<Action>,
    /// `dex-score=N`: the Dexterity score (1 to 30), when given.
    pub dex_score: Option<i32>,
    /// `initiative=N`: a total rolled at the table, which stands instead of a roll.
    pub given: Option<i32>,
    /// `stealth=N`: the Stealth modifier a hider rolls d20 + N with.
    pub stealth: Option<i32>,
}

/// seed 004: passive Perception when `per=` is not given.
pub const DEFAULT_PASSIVE_PERCEPTION: i32 = 10;

impl Creature {
    /// The initiative modifier with its source: `+4 initiative` or `+3 Dex`.
    pub fn init_modifier(&self) -> Modifier {
        match self.init {
            Some(n) => Modifier::new(n, "initiative"),
            None => Modifier::new(self.dex, "Dex"),
        }
    }
}

pub fn is_one(n: &u32) -> bool {
    *n == 1
}
