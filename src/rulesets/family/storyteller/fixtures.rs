//! Inputs and helpers the procedures' unit tests share (cofd's too).

use super::pool::{Pool, chance_pool, normal_pool};
use super::{fight::*, surprise::*};
use crate::dice::{Dice, Draw, Roll};
use crate::odds::{Fallback, Odds};
use crate::outcome::Modifier;

pub(super) fn fallback() -> Fallback {
    Fallback { seed: 1, trials: 20_000 }
}

pub(super) fn roller(name: &str, wits: i32, composure: i32, modifier: i32, stance: Stance) -> Roller {
    Roller {
        name: name.into(),
        side: "party".into(),
        party: true,
        group: name.into(),
        entry: 0,
        wits,
        composure,
        modifier,
        stance,
    }
}

/// Each roller its own entry, as the command line makes them.
pub(super) fn numbered(mut rollers: Vec<Roller>) -> Vec<Roller> {
    for (i, r) in rollers.iter_mut().enumerate() {
        r.entry = i;
    }
    rollers
}

pub(super) fn fighter(name: &str, modifier: i32, given: Option<i32>) -> Fighter {
    Fighter {
        name: name.into(),
        side: "party".into(),
        modifiers: vec![Modifier::new(modifier, "init")],
        dex_composure: None,
        given,
        surprised: false,
    }
}

pub(super) fn fractions(odds: &Odds, part: Option<&str>) -> Vec<String> {
    odds.entries.iter().filter(|e| e.part.as_deref() == part).map(|e| format!("{} {}", e.label, e.prob)).collect()
}

/// (name, total) of the standing order.
pub(super) fn standing<'a>(out: &'a InitiativeOutcome) -> Vec<(&'a str, i32)> {
    out.order.iter().map(|p| (p.name, p.total)).collect()
}

pub(super) fn turns<'a>(round: &'a RoundOrder) -> Vec<(&'a str, Option<i32>)> {
    round.order.iter().map(|t| (t.name, t.total)).collect()
}

/// Dice that roll the pools given, in order, face by face, and roll nothing else.
pub(crate) struct Pools(pub(crate) std::vec::IntoIter<Pool>);

impl Dice for Pools {
    fn roll(&mut self, _: u32, _: u32) -> Roll {
        panic!("no roll expected")
    }
    fn roll_off(&mut self, _: usize, _: u32) -> crate::dice::RollOff {
        panic!("no roll-off expected")
    }
    fn draw(&mut self, draw: &mut dyn Draw) {
        let pool = self.0.next().expect("a pool for every roll");
        let mut faces = pool.rolls.iter().chain(&pool.again).copied();
        draw.roll(&mut |_| faces.next().expect("a face for every die"));
    }
}

/// A pool of `size` with `successes`, on faces that give them (a dramatic one: a chance die's 1).
pub(crate) fn rolled(size: i32, successes: u32, dramatic: bool) -> Pool {
    if size < 1 { chance_pool(size, successes, dramatic) } else { normal_pool(size, successes) }
}
