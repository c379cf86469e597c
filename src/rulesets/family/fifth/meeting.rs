//! The encounter with the steps the 5e commands `distance` and `reaction` add where asked: how
//! far off the others are (`--terrain`, or `--audible` in 5e) and how they take the party's
//! words (`--attitude`, `--cha-mod`, `--mod`). Each is the command's own rule, shown as the
//! encounter's third and fourth step and a part of its own in the odds. They are rolled after
//! initiative, so a seed's surprise and initiative stay the same with or without them.

use crate::dice::Dice;
use crate::odds::{Fallback, Odds};
use crate::render::{Palette, Report, quiet_field, step};
use crate::rulesets::Rule;
use crate::rulesets::steps::{append, lines_of};
use serde::Serialize;

/// The encounter `E`, with the distance `D` and the reaction `R` where asked for.
pub struct Meeting<'r, E, D, R> {
    pub encounter: &'r E,
    pub distance: Option<D>,
    pub reaction: Option<R>,
}

#[derive(Serialize)]
pub struct MeetingOutcome<E, D, R> {
    #[serde(flatten)]
    pub encounter: E,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance: Option<D>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reaction: Option<R>,
}

impl<E: Rule, D: Rule, R: Rule> Rule for Meeting<'_, E, D, R> {
    type Outcome<'a>
        = MeetingOutcome<E::Outcome<'a>, D::Outcome<'a>, R::Outcome<'a>>
    where
        Self: 'a;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let encounter = self.encounter.roll(dice);
        let distance = self.distance.as_ref().map(|d| d.roll(dice));
        let reaction = self.reaction.as_ref().map(|r| r.roll(dice));
        MeetingOutcome { encounter, distance, reaction }
    }

    /// Neither step depends on surprise or initiative (5e shortens no distance for surprise),
    /// so each is a part of its own beside the encounter's.
    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = self.encounter.odds(fallback);
        if let Some(distance) = &self.distance {
            append(&mut odds, distance.odds(fallback), "distance");
        }
        if let Some(reaction) = &self.reaction {
            append(&mut odds, reaction.odds(fallback), "reaction");
        }
        odds
    }
}

impl<E: Report, D: Report, R: Report> Report for MeetingOutcome<E, D, R> {
    fn text(&self, p: &Palette, out: &mut String) {
        self.text_after(p, out, &mut |_| {});
    }

    fn text_after(&self, p: &Palette, out: &mut String, before: &mut dyn FnMut(&mut String)) {
        self.encounter.text_after(p, out, before);
        // The encounter's own steps are surprise (1) and initiative (2).
        let mut number = 3;
        if let Some(d) = &self.distance {
            step(out, p, number, "distance", &lines_of(d, p));
            number += 1;
        }
        if let Some(r) = &self.reaction {
            step(out, p, number, "reaction", &lines_of(r, p));
        }
    }

    /// The encounter's fields, then `feet=` and `reaction=` (the check's total), as ose's.
    fn headline(&self, out: &mut String) {
        self.encounter.headline(out);
        if let Some(d) = &self.distance {
            let mut feet = String::new();
            d.headline(&mut feet);
            quiet_field(out, "feet", feet);
        }
        if let Some(r) = &self.reaction {
            let mut total = String::new();
            r.headline(&mut total);
            quiet_field(out, "reaction", total);
        }
    }

    fn opening(&self) -> Option<crate::fight::Opening> {
        self.encounter.opening()
    }
}
