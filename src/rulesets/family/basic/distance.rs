//! Encounter distance, ose's rule and the start of the dungeon chase ose and bx share (seed 000,
//! step 3): 2d6 × 10′ in a dungeon, × 30′ outdoors, 1d4 when both sides are surprised.

use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, dist_of};
use crate::rulesets::Rule;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistanceInput {
    pub outdoors: bool,
    pub both_surprised: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct DistanceOutcome {
    pub terrain: &'static str,
    pub both_surprised: bool,
    pub roll: Roll,
    /// Feet per point rolled: 10 in a dungeon, 30 outdoors.
    pub scale: u32,
    pub feet: u32,
}

/// seed 000: dungeon 2d6 × 10′, outdoors 2d6 × 30′; 1d4 instead of 2d6 when both are surprised.
impl Rule for DistanceInput {
    type Outcome<'a> = DistanceOutcome;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let roll = if self.both_surprised { dice.roll(1, 4) } else { dice.roll(2, 6) };
        let scale = if self.outdoors { 30 } else { 10 };
        DistanceOutcome {
            terrain: if self.outdoors { "outdoors" } else { "dungeon" },
            both_surprised: self.both_surprised,
            roll,
            scale,
            feet: roll.total * scale,
        }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        let mut method = Method::exact(fallback);
        let dist = distance_dist(self, fallback, &mut method);
        odds.push(None, "encounter distance", &dist, method, |&feet| (feet, format!("{feet}′")));
        odds
    }
}

pub(crate) fn distance_dist(input: &DistanceInput, fallback: Fallback, method: &mut Method) -> Dist<u32> {
    dist_of(|d| Rule::roll(input, d).feet, fallback, method)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::rulesets::family::basic::fixtures::{fallback, fractions};

    #[test]
    fn distance_scales() {
        let mut dice = SeededDice::new(7);
        for _ in 0..200 {
            let d = Rule::roll(&DistanceInput { outdoors: true, both_surprised: false }, &mut dice);
            assert!(d.feet.is_multiple_of(30) && (60..=360).contains(&d.feet));
            let d = Rule::roll(&DistanceInput { outdoors: false, both_surprised: true }, &mut dice);
            assert!(d.feet.is_multiple_of(10) && (10..=40).contains(&d.feet));
        }
        let odds = Rule::odds(&DistanceInput { outdoors: false, both_surprised: true }, fallback());
        assert_eq!(fractions(&odds), ["10′ 1/4", "20′ 1/4", "30′ 1/4", "40′ 1/4"]);
    }
}
