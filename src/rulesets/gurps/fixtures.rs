//! Inputs and helpers the procedures' unit tests share.

use super::fight::{DEFAULT_DX, DEFAULT_SPEED, Entry, Fight, Fighter, Leader, Team};
use crate::odds::{Fallback, Odds};
use crate::outcome::Modifier;

pub(super) fn fallback() -> Fallback {
    Fallback { seed: 1, trials: 10_000 }
}

pub(super) fn team(name: &str) -> Team {
    Team {
        name: name.to_string(),
        leader: Some(Leader { name: None, first_listed: false, iq: 10, cr: false, tactics: 0 }),
        cr: false,
        cr_names: Vec::new(),
        group_iq: 10,
        animals: false,
        modifier: 0,
    }
}

pub(super) fn fighter(name: &str, side: usize, iq: i32, cr: bool) -> Fighter {
    Fighter { name: name.to_string(), side, entry: 0, iq, cr, speed: DEFAULT_SPEED, dx: DEFAULT_DX }
}

/// A fight of single combatants, each its own entry.
pub(super) fn fight(teams: Vec<Team>, fighters: Vec<Fighter>) -> Fight {
    let fighters: Vec<Fighter> = fighters.into_iter().enumerate().map(|(i, f)| Fighter { entry: i, ..f }).collect();
    let entries =
        fighters.iter().enumerate().map(|(i, f)| Entry { name: f.name.clone(), count: 1, first: i }).collect();
    Fight { teams, fighters, entries }
}

pub(super) fn words(mods: &[Modifier]) -> Vec<String> {
    mods.iter().map(|m| format!("{:+} {}", m.value, m.source)).collect()
}

pub(super) fn part(odds: &Odds, name: &str) -> Vec<String> {
    odds.entries.iter().filter(|e| e.part.as_deref() == Some(name)).map(|e| format!("{} {}", e.label, e.prob)).collect()
}
