//! Inputs and helpers the procedures' unit tests share, in 5e and 5e2024 alike.

use super::creature::{Creature, DEFAULT_PASSIVE_PERCEPTION};
use super::initiative::{Initiative, InitiativeInput, Variant};
use super::surprise::{Hider, Stealth, StealthTies, SurpriseInput};
use crate::odds::{Fallback, Odds};

pub(super) fn fallback() -> Fallback {
    Fallback { seed: 1, trials: 10_000 }
}

pub(super) fn creature(name: &str, side: usize) -> Creature {
    Creature { name: name.to_string(), count: 1, side, per: DEFAULT_PASSIVE_PERCEPTION, ..Creature::default() }
}

pub(super) fn ambush(pers: &[(&str, i32)], hiders: Vec<Stealth>, ties: StealthTies) -> SurpriseInput {
    let creatures: Vec<Creature> = pers.iter().map(|&(name, per)| Creature { per, ..creature(name, 0) }).collect();
    SurpriseInput {
        sides: vec!["party".into(), "monsters".into()],
        hiding: vec![false; creatures.len()],
        creatures,
        hiders: hiders
            .into_iter()
            .enumerate()
            .map(|(i, stealth)| Hider { name: format!("hider {}", i + 1), stealth })
            .collect(),
        ties,
        both_surprised: false,
    }
}

pub(super) fn part(odds: &Odds, name: &str) -> Vec<String> {
    odds.entries.iter().filter(|e| e.part.as_deref() == Some(name)).map(|e| format!("{} {}", e.label, e.prob)).collect()
}

pub(super) fn lineup(variant: Variant, creatures: Vec<Creature>) -> Initiative {
    Initiative::new(&InitiativeInput {
        variant,
        sides: vec!["party".into(), "monsters".into(), "wolves".into()],
        creatures,
        rounds: 1,
    })
}

pub(super) fn with(name: &str, f: impl FnOnce(&mut Creature)) -> Creature {
    let mut c = creature(name, 0);
    f(&mut c);
    c
}
