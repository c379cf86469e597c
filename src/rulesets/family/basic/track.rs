//! The rules of an ose or bx fight kept by `fray track` (seed 000, OSE SRD): sides roll
//! initiative every round, and a combatant at 0 hit points is dead.

use crate::cast::KeyValues;
use crate::fight::keys::{Points, numbers};
use crate::fight::{Carried, Fighting};
use serde::Deserialize;

pub struct Rules;

pub static RULES: Rules = Rules;

/// The keys a fight keeps, read from any edition's combatant keys.
#[derive(Default, Deserialize)]
#[serde(default)]
struct Kept {
    hp: Option<String>,
    ac: Option<i32>,
}

impl Fighting for Rules {
    fn carries(&self, keys: &KeyValues) -> Carried {
        let kept: Kept = keys.read().unwrap_or_default();
        Carried { hp: kept.hp.and_then(|t| Points::read(&t).ok()), own: numbers(&[("ac", kept.ac)]) }
    }

    // The default damage: OSE SRD, Combat ("Death"): a character or monster reduced to 0 hit
    // points or less is dead.

    /// seed 000: every side rolls initiative anew at the start of each round after the first.
    fn rerolls(&self, round: u32, _variant: Option<&str>) -> bool {
        round > 1
    }
}
