//! Inputs and helpers the procedures' unit tests share (cofd's too).

use super::{initiative::*, surprise::*};
use crate::dice::{Dice, Pool, Roll};
use crate::odds::{Fallback, Odds};
use crate::outcome::Modifier;

pub(super) fn fallback() -> Fallback {
    Fallback { seed: 1, trials: 20_000 }
}

pub(super) fn roller(name: &str, wits: i32, composure: i32, modifier: i32, stance: Stance) -> Roller {
    Roller { name: name.into(), side: "party".into(), group: name.into(), entry: 0, wits, composure, modifier, stance }
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

/// Dice that hand out the pools given, in order, and roll nothing else.
pub(crate) struct Pools(pub(crate) std::vec::IntoIter<Pool>);

impl Dice for Pools {
    fn roll(&mut self, _: u32, _: u32) -> Roll {
        panic!("no roll expected")
    }
    fn roll_off(&mut self, _: usize, _: u32) -> crate::dice::RollOff {
        panic!("no roll-off expected")
    }
    fn pool(&mut self, size: i32) -> Pool {
        let pool = self.0.next().expect("a pool for every roll");
        assert_eq!(pool.size, size);
        pool
    }
}

/// A pool of `size` with `successes` (the faces only for show).
pub(crate) fn rolled(size: i32, successes: u32, dramatic: bool) -> Pool {
    let face = if dramatic { 1 } else { 5 };
    Pool { size, chance: size < 1, rolls: vec![face; size.max(1) as usize], again: vec![], successes, dramatic }
}
