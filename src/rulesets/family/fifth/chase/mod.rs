//! Chases for `5e` and `5e2024` (DMG 2014 p.252–255; DMG 2024, Chases): one engine for both
//! editions, which differ where [`Edition`] says.
//!
//! Everyone runs along one line: pursuers start at 0, the quarry at the gap. In initiative
//! order every participant Dashes on each turn it can (its free Dashes first, then at the risk
//! of exhaustion); a pursuer that reaches a quarry catches it; at the end of each round a quarry
//! out of the lead pursuer's sight tries to slip away by Stealth; a complication rolled at the
//! end of a turn befalls the next participant in the order. [`tables`] holds the complication
//! tables, [`text`] the report; [`edition`] says where the editions differ, [`flags`] are the
//! pursue command's, [`setup`](mod@setup) makes a chase of a ruleset's cast and flags, [`runner`] rolls
//! it, [`complications`] befall the runners, [`records`] are what the rolls show and [`odds`]
//! how the chase ends.
//!
//! The rolling code is a handful of steps on a `State` (the start, one turn, the end of a
//! round); the odds walk the same steps one at a time, merging equal states between them, and
//! fall back to seeded runs of the whole chase when the walk grows too large.

pub mod complications;
pub mod edition;
pub mod flags;
pub mod odds;
pub mod records;
pub mod runner;
pub mod setup;
pub mod state;
pub mod tables;
pub mod text;

use super::{D20s, DistanceInput, DistanceOutcome, Noticed, RollMode, Sighting, roll_d20s};
use crate::cast::KeyDef;
use crate::dice::{Dice, Roll};
use crate::error::{Error, Result};
use crate::odds::{Dist, Fallback, Method, Odds, enumerate_within, simulate};
use crate::outcome::is_zero;
use crate::prob::Prob;
use crate::rulesets::Rule;
use serde::Serialize;
use std::ops::Not;
use std::rc::Rc;
use tables::{DamageDice, Entry, Fall, GUARD_SPEAR, Setting, Table};
pub use {edition::*, odds::*, records::*, setup::*, state::*};

// ------------------------------------------------------------------------------------------
// Keys: what a combatant brings to a chase (both editions; `dex` and `per` are the rulesets'
// own keys).

pub const SPEED: KeyDef = KeyDef::int("speed", 5, 1000, "Speed in feet, for pursue (default 30)");
pub const CON_2014: KeyDef = KeyDef::int(
    "con",
    -5,
    10,
    "Con modifier: a fight's Constitution saves; pursue's free Dashes, the check to Dash on",
);
pub const CON_2024: KeyDef =
    KeyDef::int("con", -5, 10, "Con modifier: a fight's Constitution saves; pursue's free Dashes, the save to Dash on");
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
