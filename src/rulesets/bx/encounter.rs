//! The encounter: surprise, distance, initiative of the unsurprised, reaction, and a turn passes.

use super::distance::{Distance, DistanceOutcome, distance_dist, distance_words};
use super::initiative::{SideInitiativeOutcome, Slow, slow_last};
use super::reaction::{Reaction, push_reaction};
use super::terrain::Terrain;
use crate::dice::Dice;
use crate::odds::{Dist, Fallback, Method, Odds};
use crate::outcome::join;
use crate::rulesets::Rule;
use crate::rulesets::family::basic;
use basic::SideReaction;
use serde::Serialize;

#[derive(Clone, Debug)]
pub struct Encounter {
    pub surprise: basic::SurpriseInput,
    pub terrain: Terrain,
    pub initiative: basic::InitiativeInput,
    /// Everyone with a slow weapon: they act after every side.
    pub slow: Vec<Slow>,
    pub reaction: Reaction,
}

#[derive(Clone, Debug, Serialize)]
pub struct EncounterOutcome<'a> {
    pub surprise: basic::SurpriseOutcome<'a>,
    pub distance: DistanceOutcome,
    pub initiative: SideInitiativeOutcome<'a>,
    /// The reactions of every side met by the first (the party).
    pub reaction: Vec<SideReaction<'a>>,
    pub conclusion: &'static str,
}

/// Surprise, distance, initiative of the unsurprised, reaction, and a turn passes.
impl Rule for Encounter {
    type Outcome<'a> = EncounterOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let input = self;
        let surprise = Rule::roll(&input.surprise, dice);
        let surprised = surprise.surprised();
        let shortened = Distance { terrain: input.terrain, surprised: surprised.iter().any(|&s| s) };
        let distance = Rule::roll(&shortened, dice);
        let sides = basic::Initiative { input: &input.initiative, surprised }.roll(dice);
        let initiative = SideInitiativeOutcome { slow_last: slow_last(&input.slow, &sides), sides };
        let reaction = input.surprise.sides[1..]
            .iter()
            .map(|side| SideReaction { name: &side.name, reaction: Rule::roll(&input.reaction, dice) })
            .collect();
        EncounterOutcome { surprise, distance, initiative, reaction, conclusion: basic::CONCLUSION }
    }

    /// Each step's outcomes, the distance and the acting order chained on who is surprised.
    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self;
        let names: Vec<&str> = input.surprise.sides.iter().map(|s| s.name.as_str()).collect();
        let method = Method::exact(fallback);
        let surprise = basic::surprise_dist(&input.surprise);
        let mut odds = Odds::default();
        surprise.push(&mut odds, Some("surprise"), "surprise", &names, method);
        let mut distance_method = method;
        let none = surprise.none();
        let distance = Dist::from_pairs([(false, none.clone()), (true, none.complement())]).and_then(|&surprised| {
            let shortened = Distance { terrain: input.terrain, surprised };
            distance_dist(&shortened, fallback, &mut distance_method)
        });
        odds.push(Some("distance"), "encounter distance", &distance, distance_method, |&feet| {
            (feet, distance_words(feet, input.terrain))
        });
        basic::push_initiative_after_surprise(
            &mut odds,
            &input.initiative,
            &input.surprise,
            &surprise,
            method,
            fallback,
        );
        push_reaction(&mut odds, Some("reaction"), &input.reaction, fallback);
        if !input.slow.is_empty() {
            let slow: Vec<&str> = input.slow.iter().map(|s| s.name.as_str()).collect();
            odds.note(format!("slow weapons act after every side that acts, whatever its roll: {}", join(&slow)));
        }
        if names.len() > 2 {
            odds.note("each side met by the first rolls its own reaction; every roll has these odds");
        }
        odds
    }
}
