//! The encounter (seed 000): the six steps in order, awareness, surprise, distance, initiative,
//! reaction and conclusion, each step's odds chained on the steps before.

use crate::dice::Dice;
use crate::odds::{Dist, Fallback, Method, Odds};
use crate::rulesets::Rule;
use crate::rulesets::family::basic::distance::{DistanceInput, DistanceOutcome, distance_dist};
use crate::rulesets::family::basic::encounter::{CONCLUSION, SideReaction, push_initiative_after_surprise};
use crate::rulesets::family::basic::initiative::{Initiative, InitiativeInput, InitiativeOutcome};
use crate::rulesets::family::basic::reaction::{ReactionInput, describe_band, reaction_dist};
use crate::rulesets::family::basic::surprise::{Stance, SurpriseInput, SurpriseOutcome, surprise_dist};
use serde::Serialize;

#[derive(Clone, Debug)]
pub struct EncounterInput {
    pub surprise: SurpriseInput,
    pub outdoors: bool,
    pub initiative: InitiativeInput,
    pub reaction: ReactionInput,
}

#[derive(Clone, Debug, Serialize)]
pub struct Awareness<'a> {
    pub name: &'a str,
    pub aware: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct EncounterOutcome<'a> {
    pub awareness: Vec<Awareness<'a>>,
    pub surprise: SurpriseOutcome<'a>,
    pub distance: DistanceOutcome,
    pub initiative: InitiativeOutcome<'a>,
    /// The reactions of every side met by the first (the party).
    pub reaction: Vec<SideReaction<'a>>,
    pub conclusion: &'static str,
}

/// The six steps of seed 000 in order.
impl Rule for EncounterInput {
    type Outcome<'a> = EncounterOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let input = self;
        let awareness = input
            .surprise
            .sides
            .iter()
            .map(|s| Awareness { name: &s.name, aware: s.stance != Stance::Rolls })
            .collect();
        let surprise = Rule::roll(&input.surprise, dice);
        let surprised = surprise.surprised();
        let all = surprised.iter().all(|&s| s);
        let distance = Rule::roll(&DistanceInput { outdoors: input.outdoors, both_surprised: all }, dice);
        let initiative = Initiative { input: &input.initiative, surprised }.roll(dice);
        let reaction = input.surprise.sides[1..]
            .iter()
            .map(|side| SideReaction { name: &side.name, reaction: Rule::roll(&input.reaction, dice) })
            .collect();
        EncounterOutcome { awareness, surprise, distance, initiative, reaction, conclusion: CONCLUSION }
    }

    /// Each step's outcomes: surprise, distance (shortened when all are surprised), acting
    /// order (given who is surprised) and the reaction band, each chained on the steps before.
    /// Beyond three sides, who acts first and each side's place, over each side's own chance of
    /// surprise.
    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self;
        let names: Vec<&str> = input.surprise.sides.iter().map(|s| s.name.as_str()).collect();
        let method = Method::exact(fallback);
        let surprise = surprise_dist(&input.surprise);
        let mut odds = Odds::default();
        surprise.push(&mut odds, Some("surprise"), "surprise", &names, method);

        let mut distance_method = method;
        let all = surprise.all(names.len());
        let distance = Dist::from_pairs([(true, all.clone()), (false, all.complement())]).and_then(|&both_surprised| {
            distance_dist(&DistanceInput { outdoors: input.outdoors, both_surprised }, fallback, &mut distance_method)
        });
        odds.push(Some("distance"), "encounter distance", &distance, distance_method, |&feet| {
            (feet, format!("{feet}′"))
        });

        push_initiative_after_surprise(&mut odds, &input.initiative, &input.surprise, &surprise, method, fallback);

        let mut reaction_method = Method::exact(fallback);
        let reaction = reaction_dist(&input.reaction, fallback, &mut reaction_method);
        odds.push(Some("reaction"), "reaction", &reaction, reaction_method, |&i| describe_band(i));
        if names.len() > 2 {
            odds.note("each side met by the first rolls its own reaction; every roll has these odds");
        }
        odds
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prob::Prob;
    use crate::rulesets::family::basic::fixtures::{fallback, sides, two_sides};

    #[test]
    fn encounter_odds_chain_the_steps() {
        let input = EncounterInput {
            surprise: two_sides(false, true),
            outdoors: false,
            initiative: sides(&["party", "monsters"]),
            reaction: ReactionInput::default(),
        };
        let odds = Rule::odds(&input, fallback());
        let part = |name: &str| -> Vec<String> {
            odds.entries
                .iter()
                .filter(|e| e.part.as_deref() == Some(name))
                .map(|e| format!("{} {}", e.label, e.prob))
                .collect()
        };
        // The spider is aware; the party is surprised on 1-2.
        assert_eq!(part("surprise"), ["nobody surprised 2/3", "party surprised 1/3"]);
        // Never both surprised, so always 2d6 × 10′.
        assert_eq!(part("distance").len(), 11);
        // Party surprised (1/3): monsters act alone; otherwise an even re-rolled race.
        assert_eq!(
            part("initiative"),
            ["party, then monsters 1/3", "monsters alone; party surprised 1/3", "monsters, then party 1/3"]
        );
        for name in ["surprise", "distance", "initiative", "reaction"] {
            let total = Prob::sum(odds.entries.iter().filter(|e| e.part.as_deref() == Some(name)).map(|e| &e.prob));
            assert_eq!(total, Prob::one(), "{name}");
        }
    }
}
