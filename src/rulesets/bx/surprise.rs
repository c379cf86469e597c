//! Surprise: the family's rule (ose's too), its outcome listing the surprised for `-q`.

use crate::dice::Dice;
use crate::odds::{Fallback, Odds};
use crate::rulesets::Rule;
use crate::rulesets::family::basic;
use serde::Serialize;

/// Surprise: the family's rule (OSE SRD, Encounters: surprised on 1–2 on 1d6, `chance=N` for others).
#[derive(Clone, Debug)]
pub struct Surprise(pub basic::SurpriseInput);

impl Rule for Surprise {
    type Outcome<'a> = SurpriseOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        SurpriseOutcome(Rule::roll(&self.0, dice))
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        Rule::odds(&self.0, fallback)
    }
}

/// The family's surprise outcome under bx, which lists the surprised for `-q` as SPEC §1 asks.
#[derive(Clone, Debug, Serialize)]
#[serde(transparent)]
pub struct SurpriseOutcome<'a>(pub basic::SurpriseOutcome<'a>);
