//! Inputs and helpers the unit tests of the ose and bx procedures share.

use super::initiative::{InitiativeInput, Ties};
use super::surprise::{DEFAULT_CHANCE, Stance, SurpriseInput, SurpriseSide};
use crate::odds::{Fallback, Odds};

pub(crate) fn two_sides(ambush: bool, aware_monsters: bool) -> SurpriseInput {
    let side = |name: &str, stance, ambushed| SurpriseSide {
        name: name.to_string(),
        members: Vec::new(),
        stance,
        base_chance: DEFAULT_CHANCE,
        ambushed,
        given: None,
    };
    SurpriseInput {
        sides: vec![
            side("party", Stance::Rolls, ambush),
            side(
                "monsters",
                if ambush {
                    Stance::Ambusher
                } else if aware_monsters {
                    Stance::Aware
                } else {
                    Stance::Rolls
                },
                false,
            ),
        ],
        ambusher: ambush.then(|| "monsters".to_string()),
    }
}

pub(crate) fn fallback() -> Fallback {
    Fallback { seed: 1, trials: 10_000 }
}

pub(crate) fn fractions(odds: &Odds) -> Vec<String> {
    odds.entries.iter().map(|e| format!("{} {}", e.label, e.prob)).collect()
}

pub(crate) fn sides(names: &[&str]) -> InitiativeInput {
    InitiativeInput {
        sides: names.iter().map(|s| s.to_string()).collect(),
        waits: vec![false; names.len()],
        ties: Ties::Reroll,
        given: Vec::new(),
    }
}
