//! Reaction: 2d6 plus the speaker's CHA modifier on B/X's reaction table.

use crate::dice::Dice;
use crate::odds::{Fallback, Method, Odds, dist_of};
use crate::outcome::{Leaning, Modifier, ReactionOutcome, sum};
use crate::rulesets::Rule;

#[derive(Clone, Debug, Default)]
pub struct Reaction {
    pub modifiers: Vec<Modifier>,
}

/// OSE SRD, Encounters: the monster reaction table, 2d6 + the speaker's CHA modifier:
/// (highest total of the band, id, the table's words).
pub const REACTIONS: [(i32, &str, &str); 5] = [
    (2, "hostile", "Hostile, attacks"),
    (5, "unfriendly", "Unfriendly, may attack"),
    (8, "neutral", "Neutral, uncertain"),
    (11, "indifferent", "Indifferent, uninterested"),
    (i32::MAX, "friendly", "Friendly, helpful"),
];

/// The band of the reaction table a total falls in, by index into [`REACTIONS`].
pub fn reaction_band(total: i32) -> usize {
    REACTIONS.iter().position(|&(top, ..)| total <= top).unwrap_or(REACTIONS.len() - 1)
}

impl Rule for Reaction {
    type Outcome<'a> = ReactionOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let roll = dice.roll(2, 6);
        let total = roll.total as i32 + sum(&self.modifiers);
        let row = reaction_band(total);
        let (_, band, result) = REACTIONS[row];
        // Hostile and unfriendly lean against the party, neutral and indifferent are undecided.
        let leaning = [Leaning::Against, Leaning::Against, Leaning::Undecided, Leaning::Undecided, Leaning::For][row];
        ReactionOutcome { roll, modifiers: &self.modifiers, total, result, band, leaning }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self;
        let mut odds = Odds::default();
        push_reaction(&mut odds, None, input, fallback);
        odds
    }
}

pub(super) fn push_reaction(odds: &mut Odds, part: Option<&str>, input: &Reaction, fallback: Fallback) {
    let mut method = Method::exact(fallback);
    let dist = dist_of(|d| reaction_band(Rule::roll(input, d).total), fallback, &mut method);
    odds.push(part, "reaction", &dist, method, |&band| {
        let (_, id, words) = REACTIONS[band];
        (id, words.to_string())
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reaction_table_bands() {
        for (total, band) in [
            (-1, "hostile"),
            (2, "hostile"),
            (3, "unfriendly"),
            (5, "unfriendly"),
            (6, "neutral"),
            (8, "neutral"),
            (9, "indifferent"),
            (11, "indifferent"),
            (12, "friendly"),
            (16, "friendly"),
        ] {
            assert_eq!(REACTIONS[reaction_band(total)].1, band, "total {total}");
        }
    }
}
