//! Encounter distance: feet underground, yards outdoors and on the water.

use super::terrain::Terrain;
use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, dist_of};
use crate::rulesets::Rule;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distance {
    pub terrain: Terrain,
    /// Either side is surprised.
    pub surprised: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct DistanceOutcome {
    pub terrain: Terrain,
    pub surprised: bool,
    pub roll: Roll,
    /// `feet` underground, `yards` outdoors.
    pub unit: &'static str,
    /// Units per point rolled.
    pub scale: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub yards: Option<u32>,
    pub feet: u32,
}

impl Rule for Distance {
    type Outcome<'a> = DistanceOutcome;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let Distance { terrain, surprised } = *self;
        if terrain == Terrain::Dungeon {
            // OSE SRD, Encounters: in a dungeon 2d6 × 10′, whether or not anyone is surprised.
            let roll = dice.roll(2, 6);
            return DistanceOutcome {
                terrain,
                surprised,
                roll,
                unit: "feet",
                scale: 10,
                yards: None,
                feet: roll.total * 10,
            };
        }
        // OSE SRD, Encounters: outdoors and on water 4d6 × 10 yards, 1d4 × 10 yards if either side is surprised.
        let roll = if surprised { dice.roll(1, 4) } else { dice.roll(4, 6) };
        let yards = roll.total * 10;
        DistanceOutcome { terrain, surprised, roll, unit: "yards", scale: 10, yards: Some(yards), feet: yards * 3 }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        let mut method = Method::exact(fallback);
        let dist = distance_dist(self, fallback, &mut method);
        odds.push(None, "encounter distance", &dist, method, |&feet| (feet, distance_words(feet, self.terrain)));
        odds
    }
}

/// `70′`, or `140 yards (420′)` outdoors.
pub fn distance_words(feet: u32, terrain: Terrain) -> String {
    match terrain {
        Terrain::Dungeon => format!("{feet}′"),
        _ => format!("{} yards ({feet}′)", feet / 3),
    }
}

pub(super) fn distance_dist(input: &Distance, fallback: Fallback, method: &mut Method) -> Dist<u32> {
    dist_of(|d| Rule::roll(input, d).feet, fallback, method)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::family::basic::fixtures::{fallback, fractions};

    #[test]
    fn distances_in_yards_outdoors() {
        let odds = Rule::odds(&Distance { terrain: Terrain::Wilderness, surprised: true }, fallback());
        assert_eq!(
            fractions(&odds),
            ["10 yards (30′) 1/4", "20 yards (60′) 1/4", "30 yards (90′) 1/4", "40 yards (120′) 1/4"]
        );
        // Underground surprise changes nothing: still 2d6 × 10′.
        let odds = Rule::odds(&Distance { terrain: Terrain::Dungeon, surprised: true }, fallback());
        assert_eq!(odds.entries.len(), 11);
        assert_eq!(odds.entries[0].label, "20′");
        let odds = Rule::odds(&Distance { terrain: Terrain::Waterborne, surprised: false }, fallback());
        assert_eq!((odds.entries.len(), odds.entries[0].label.as_str()), (21, "40 yards (120′)"));
    }
}
