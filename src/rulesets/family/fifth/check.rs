//! A d20 test as the 5e family rolls a social check or a save: one d20 (two with advantage or
//! disadvantage, one kept) plus named modifiers. 5e's reaction and morale and 5e2024's
//! Influence roll through it.

use super::creature::RollMode;
use super::initiative::roll_d20s;
use crate::dice::{Dice, Roll};
use crate::outcome::{Modifier, sum};
use crate::render::Palette;
use serde::Serialize;
use std::fmt::Write as _;

/// The dice and modifiers of one d20 test.
#[derive(Clone, Debug, Serialize)]
pub struct D20Test<'a> {
    pub roll: Roll,
    /// The other d20, with advantage or disadvantage.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dropped: Option<Roll>,
    #[serde(skip_serializing_if = "RollMode::is_normal")]
    pub mode: RollMode,
    pub modifiers: &'a [Modifier],
    pub total: i32,
}

/// Rolls d20 (or two, one kept) and adds `modifiers`.
pub fn roll_test<'a>(mode: RollMode, modifiers: &'a [Modifier], dice: &mut dyn Dice) -> D20Test<'a> {
    let d = roll_d20s(mode, dice);
    D20Test { roll: d.kept, dropped: d.dropped, mode, modifiers, total: d.kept.total as i32 + sum(modifiers) }
}

impl D20Test<'_> {
    /// `1d20 (12) +3 CHA = 15`, `2×1d20 (12, 5) disadvantage → 5 +3 CHA = 8`.
    pub fn text(&self, p: &Palette) -> String {
        let mut line = match self.dropped {
            Some(other) => {
                let word = if self.mode == RollMode::Advantage { "advantage" } else { "disadvantage" };
                format!(
                    "{} ({}, {}) {word} → {}",
                    p.dim("2×1d20"),
                    p.paint(p.die, other.total.max(self.roll.total)),
                    p.paint(p.die, other.total.min(self.roll.total)),
                    p.paint(p.die, self.roll.total)
                )
            }
            None => p.roll(&self.roll).to_string(),
        };
        for m in self.modifiers {
            let _ = write!(line, " {}", p.modifier(m));
        }
        if !self.modifiers.is_empty() {
            let _ = write!(line, " = {}", p.total(self.total));
        }
        line
    }
}

/// The Charisma check's modifiers: `--cha-mod` (the speaker's bonus to the check) and `--mod`.
pub fn check_modifiers(cha_mod: Option<i32>, modifier: Option<i32>) -> Vec<crate::outcome::Modifier> {
    let mut modifiers = Vec::new();
    if let Some(m) = cha_mod {
        modifiers.push(Modifier::new(m, "CHA"));
    }
    if let Some(m) = modifier {
        modifiers.push(Modifier::new(m, "situational"));
    }
    modifiers
}
