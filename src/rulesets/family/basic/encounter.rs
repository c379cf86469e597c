//! The encounter steps ose and bx share: each side's reaction, the conclusion (seed 000,
//! step 6), and the acting order chained on the surprise step.

use super::initiative::{
    FULL_ORDER_SIDES, GIVEN_FIRST_ONLY, Initiative, InitiativeInput, describe_order, has_given, initiative_dist,
    push_standings,
};
use super::reaction::ReactionOutcome;
use super::surprise::{SurpriseInput, Surprised, surprise_chances, surprise_sets};
use crate::odds::{Fallback, Method, Odds};
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct SideReaction<'a> {
    pub name: &'a str,
    #[serde(flatten)]
    pub reaction: ReactionOutcome<'a>,
}

/// seed 000, step 6: the encounter takes at least one full turn.
pub const CONCLUSION: &str = "at least one turn (10 minutes) passes";

/// The acting order given each outcome of the surprise step, as the encounter's `initiative`
/// part: the full order for up to three sides; beyond, who acts first and each side's place,
/// over each side's own chance of surprise. A die given at the table breaks the likeness of the
/// sides those places rest on: then who acts first, chained on each set of surprised sides.
pub(crate) fn push_initiative_after_surprise(
    odds: &mut Odds,
    input: &InitiativeInput,
    surprise_input: &SurpriseInput,
    surprise: &Surprised,
    method: Method,
    fallback: Fallback,
) {
    let full = input.sides.len() <= FULL_ORDER_SIDES;
    let given = has_given(input);
    if !full && !given {
        push_standings(odds, input, &surprise_chances(surprise_input), method);
        return;
    }
    let forced;
    let sets = match surprise {
        Surprised::Sets(sets) => sets,
        Surprised::Counts(_) => {
            forced = surprise_sets(&surprise_chances(surprise_input));
            &forced
        }
    };
    let mut order_method = method;
    let order = sets.and_then(|(_, set)| {
        let surprised = (0..input.sides.len()).map(|i| set.contains(&i)).collect();
        let (dist, m) = initiative_dist(&Initiative { input, surprised }, fallback);
        order_method.absorb(m);
        dist
    });
    let title = if full { "acting order" } else { "who acts first" };
    odds.push(Some("initiative"), title, &order, order_method, |g| describe_order(&input.sides, g, full));
    if !full {
        odds.note(GIVEN_FIRST_ONLY);
    }
}
