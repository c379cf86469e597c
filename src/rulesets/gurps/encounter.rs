//! The encounter: surprise and recovery, turn order by Basic Speed with the surprised marked, and
//! a reaction, each step its own part of the odds.

use super::initiative::{Initiative, Place, push_initiative_odds};
use super::reaction::{ReactionInput, ReactionOutcome, push_reaction_odds};
use super::surprise::{SurpriseInput, SurpriseOutcome, push_surprise_odds};
use crate::cast::Hundredths;
use crate::dice::Dice;
use crate::odds::{Fallback, Odds};
use crate::order::Tie;
use crate::rulesets::Rule;
use serde::Serialize;

#[derive(Clone, Debug)]
pub struct EncounterInput {
    pub surprise: SurpriseInput,
    /// `--reaction`: roll one, with these modifiers.
    pub reaction: Option<ReactionInput>,
}

/// A place in the turn order with how the surprise left the combatant.
#[derive(Clone, Debug, Serialize)]
pub struct EncounterPlace<'a> {
    #[serde(flatten)]
    pub place: Place<'a>,
    pub surprised: bool,
    /// 1 when not surprised; null when still stunned after the turns followed.
    pub acts_from_turn: Option<u32>,
}

#[derive(Clone, Debug, Serialize)]
pub struct EncounterOutcome<'a> {
    pub surprise: SurpriseOutcome<'a>,
    /// The turn order, with the surprised marked.
    pub order: Vec<EncounterPlace<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<Tie<'a, Hundredths>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reaction: Option<ReactionOutcome<'a>>,
}

/// Surprise and recovery, turn order by Basic Speed with the surprised marked, and a reaction.
impl Rule for EncounterInput {
    type Outcome<'a> = EncounterOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let input = self;
        let surprise = Rule::roll(&input.surprise, dice);
        let initiative = Initiative { fight: &input.surprise.fight }.roll(dice);
        let order = initiative
            .order
            .into_iter()
            .map(|place| {
                let c = &surprise.combatants[place.fighter];
                EncounterPlace { place, surprised: c.surprised, acts_from_turn: c.acts_from_turn }
            })
            .collect();
        let reaction = input.reaction.as_ref().map(|r| Rule::roll(r, dice));
        EncounterOutcome { surprise, order, ties: initiative.ties, reaction }
    }

    /// Each step as parts: the surprise and each combatant's recovery, the turn order, the reaction.
    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        push_surprise_odds(&self.surprise, fallback, &mut odds);
        push_initiative_odds(&self.surprise.fight, fallback, Some("order"), &mut odds);
        if let Some(reaction) = &self.reaction {
            push_reaction_odds(reaction, fallback, Some("reaction"), &mut odds);
        }
        odds
    }
}
